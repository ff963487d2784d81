/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-model.h: the stored games as a list model, read off the
 * main loop
 *
 * A GListModel of TbHistoryItem over the game database: its length is
 * the count of the games the filter matches.  Rows are read by store
 * jobs a page at a time, when a view asks for them: an item of a page not
 * read yet is a placeholder that fills in (its "row" notified, once) when
 * the page arrives, so a view binds to the item's "row" rather than
 * reading it once.  A bounded number of pages is kept, so that a hundred
 * thousand games never sit in memory.  A new filter or sort reads the
 * count and the first page together, and the list changes once both are
 * there: the old rows stay on screen meanwhile.
 */
#pragma once

#include <gio/gio.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_HISTORY_ITEM (tb_history_item_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryItem, tb_history_item, TB, HISTORY_ITEM, GObject)

/* Whether the row has been read ("loaded", notified with "row"); until
 * then, or until it is read again after the list changed, the id is 0
 * and the row NULL. */
gboolean tb_history_item_get_loaded (TbHistoryItem *self);
gint64 tb_history_item_get_id (TbHistoryItem *self);
/* The row as read: date, ruleset id, players, result, termination, plies
 * (NULL until loaded). */
const TbStoreRow *tb_history_item_get_row (TbHistoryItem *self);

#define TB_TYPE_HISTORY_MODEL (tb_history_model_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryModel, tb_history_model, TB, HISTORY_MODEL, GObject)

TbHistoryModel *tb_history_model_new (TbStore *store);

/* The filter's strings are copied; NULL parts match everything. */
void tb_history_model_set_filter (TbHistoryModel *self, const TbStoreFilter *filter);
void tb_history_model_set_sort (TbHistoryModel *self, TbStoreSort sort, gboolean descending);
/* Reads the count and the first page again (after an import, a save, a
 * deletion). */
void tb_history_model_reload (TbHistoryModel *self);
/* Whether a reload or a page is being read ("busy", notified). */
gboolean tb_history_model_get_busy (TbHistoryModel *self);
/* Rows read and kept now (for tests: those on screen, not all). */
guint tb_history_model_get_rows_held (TbHistoryModel *self);

/* The ids of every game of the list, in its order (to export them). */
void tb_history_model_list_ids_async (TbHistoryModel *self, GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data);
GArray *tb_history_model_list_ids_finish (TbHistoryModel *self, GAsyncResult *result,
                                          GError **error);

G_END_DECLS
