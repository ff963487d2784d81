/* tb-history-view.h: the History page: every stored game, filtered and
 * sorted, a count of those shown; activating one opens it ("open-game"
 * with its id) */
#pragma once

#include <adwaita.h>

#include "tb-history-model.h"

G_BEGIN_DECLS

#define TB_TYPE_HISTORY_VIEW (tb_history_view_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryView, tb_history_view, TB, HISTORY_VIEW, GtkWidget)

GtkWidget *tb_history_view_new (void);

/* The store whose games are listed (NULL: none). */
void tb_history_view_set_store (TbHistoryView *self, TbStore *store);
/* Reads the games again (after a game was saved, imported, deleted). */
void tb_history_view_reload (TbHistoryView *self);
TbHistoryModel *tb_history_view_get_model (TbHistoryView *self);
/* The filters as the user set them (strings owned by the view). */
void tb_history_view_get_filter (TbHistoryView *self, TbStoreFilter *filter);

/* For tests: the filter widgets, as a person would set them. */
void tb_history_view_set_ruleset_filter (TbHistoryView *self, const char *ruleset_id);
void tb_history_view_set_player_filter (TbHistoryView *self, const char *player);
void tb_history_view_set_result_filter (TbHistoryView *self, const char *result);
/* The column view's sort: a column ("date", "game", "players", "result",
 * "end", "length") and its order. */
void tb_history_view_sort_by (TbHistoryView *self, const char *column, gboolean descending);
/* The ids of the games the user selected (an empty array for none). */
GArray *tb_history_view_get_selected_ids (TbHistoryView *self);
/* "N games", as shown. */
const char *tb_history_view_get_count_text (TbHistoryView *self);
/* Opens the game at position, as activating its row does. */
void tb_history_view_activate (TbHistoryView *self, guint position);

G_END_DECLS
