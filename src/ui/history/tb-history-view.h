/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-view.h: the list of stored games: filters, a count of the
 * games shown, and a column view over the lazy TbHistoryModel;
 * activating a row opens its game ("open-game" with its id, or
 * "open-game-at" with its id and a ply in the games of a position) */
#pragma once

#include <adwaita.h>

#include "tb-history-model.h"

G_BEGIN_DECLS

#define TB_TYPE_HISTORY_VIEW (tb_history_view_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryView, tb_history_view, TB, HISTORY_VIEW, GtkWidget)

/* The store whose games are listed (NULL: none). */
void tb_history_view_set_store (TbHistoryView *self, TbStore *store);
/* Reads the games again (after a game was saved, imported, deleted). */
void tb_history_view_reload (TbHistoryView *self);
TbHistoryModel *tb_history_view_get_model (TbHistoryView *self);
/* The positions the user selected (possibly none). */
GtkBitset *tb_history_view_get_selection (TbHistoryView *self);
/* Every filter back to "any". */
void tb_history_view_clear_filters (TbHistoryView *self);

/* For tests, and the Players window's jump: the filter widgets, as a
 * person would set them. */
void tb_history_view_set_ruleset_filter (TbHistoryView *self, const char *ruleset_id);
void tb_history_view_set_player_filter (TbHistoryView *self, const char *player);
void tb_history_view_set_result_filter (TbHistoryView *self, const char *result);
/* Only the games that reached a position of key (the explorer's,
 * tb_position_key); activating one then emits "open-game-at" (id, ply)
 * with the ply it reached it at.  A bar says so, with a button that
 * undoes it, as tb_history_view_clear_filters does. */
void tb_history_view_set_position_filter (TbHistoryView *self, gint64 key);
/* The column view's sort: a column ("date", "game", "players", "result",
 * "end", "length") and its order. */
void tb_history_view_sort_by (TbHistoryView *self, const char *column, gboolean descending);
/* "N games", as shown. */
const char *tb_history_view_get_count_text (TbHistoryView *self);
/* Opens the game at position, as activating its row does. */
void tb_history_view_activate (TbHistoryView *self, guint position);

/* Whether the list is too narrow for every column (the game and the end
 * are then left out). */
gboolean tb_history_view_get_narrow (TbHistoryView *self);

G_END_DECLS
