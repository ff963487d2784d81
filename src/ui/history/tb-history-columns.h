/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-columns.h: the columns of the history's list: the sort
 * each asks of the store, and its cells
 */
#pragma once

#include <gtk/gtk.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_HISTORY_N_COLUMNS 6

/* The column's name for tb_history_view_sort_by ("date", "game",
 * "players", "result", "end", "length"), and the store's sort. */
const char *tb_history_column_name (guint column);
TbStoreSort tb_history_column_sort (guint column);

/* The cells of a column: a TbHistoryCell each, given its row's text when
 * bound and again when the row arrives. */
GtkListItemFactory *tb_history_column_factory (guint column);

G_END_DECLS
