/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-replay-view.h: a stored game, replayed: the board, the moves, the
 * comment of each move (edited in place and saved), first / back /
 * forward / last (Home, Left, Right, End), and the opening explorer
 * (Ctrl+E; property show-explorer).  An analysis board: moves played on
 * the board are variations, edited in the move tree (tb-move-tree.h),
 * '!' and '?' mark the move shown; all saved as comments are.
 *
 * Signals: "show-games" (gint64 key): the games that reached the
 * explorer's position (of this key, tb_position_key), to be listed. */
#pragma once

#include <adwaita.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_REPLAY_VIEW (tb_replay_view_get_type ())
G_DECLARE_FINAL_TYPE (TbReplayView, tb_replay_view, TB, REPLAY_VIEW, GtkWidget)

/* Shows game, stored in store as id, at its last move; its comments are
 * saved there as they are typed (the stored game keeps its ply). */
void tb_replay_view_show (TbReplayView *self, TbStore *store, gint64 id, TbGame *game);
/* The board follows the user's display settings (coordinates). */
void tb_replay_view_bind_settings (TbReplayView *self, GSettings *settings);
gint64 tb_replay_view_get_id (TbReplayView *self);
/* The game replayed (its current ply is the one shown). */
TbGame *tb_replay_view_get_game (TbReplayView *self);
/* Moves the replay to ply (0: the start). */
void tb_replay_view_go_to (TbReplayView *self, guint ply);
/* Sets the comment of the move shown, and saves it. */
void tb_replay_view_set_comment (TbReplayView *self, const char *comment);
/* Whether comments are being written (for tests). */
gboolean tb_replay_view_get_saving (TbReplayView *self);

G_END_DECLS
