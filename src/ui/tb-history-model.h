/* tb-history-model.h: the stored games as a list model that loads its
 * rows lazily
 *
 * A GListModel of TbHistoryItem over the game store: its length is the
 * count of the games the filter matches; rows are read from SQLite a page
 * at a time, when a view asks for them, and a bounded number of pages is
 * kept, so that a hundred thousand games never sit in memory.  Sorting is
 * the database's (by one column, either way).
 */
#pragma once

#include <gio/gio.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_HISTORY_ITEM (tb_history_item_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryItem, tb_history_item, TB, HISTORY_ITEM, GObject)

gint64 tb_history_item_get_id (TbHistoryItem *self);
/* The row as read: date, ruleset id, players, result, termination, plies. */
const TbStoreRow *tb_history_item_get_row (TbHistoryItem *self);

#define TB_TYPE_HISTORY_MODEL (tb_history_model_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryModel, tb_history_model, TB, HISTORY_MODEL, GObject)

TbHistoryModel *tb_history_model_new (TbStore *store);

/* The filter's strings are copied; NULL parts match everything. */
void tb_history_model_set_filter (TbHistoryModel *self, const TbStoreFilter *filter);
void tb_history_model_set_sort (TbHistoryModel *self, TbStoreSort sort, gboolean descending);
/* Reads the count again and forgets the pages (after an import, a
 * deletion). */
void tb_history_model_reload (TbHistoryModel *self);
/* Rows read and kept now (for tests: those on screen, not all). */
guint tb_history_model_get_rows_held (TbHistoryModel *self);

G_END_DECLS
