/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-play-page.h: the page where a game is played: the board with its
 * controls, and a panel with the players, the game's buttons, what just
 * happened and the moves
 *
 * It shows the game of a TbSession and turns what the player does into
 * the session's calls: it keeps nothing of the game itself.  While it is
 * on screen the session is active (the computer plays its seats).  Its
 * actions are play.undo, play.redo, play.hint, play.offer-draw,
 * play.resign, play.next-game, play.toggle-panel, play.enter-move,
 * play.back-to-game and play.send-record.
 */
#pragma once

#include <adwaita.h>

#include "tb-board-bars.h"
#include "tb-board-view.h"
#include "tb-session.h"

G_BEGIN_DECLS

#define TB_TYPE_PLAY_PAGE (tb_play_page_get_type ())
G_DECLARE_FINAL_TYPE (TbPlayPage, tb_play_page, TB, PLAY_PAGE, GtkWidget)

/* The session whose game the page shows (set once). */
void tb_play_page_set_session (TbPlayPage *self, TbSession *session);
TbSession *tb_play_page_get_session (TbPlayPage *self);

TbBoardView *tb_play_page_get_board_view (TbPlayPage *self);
TbBoardBars *tb_play_page_get_board_bars (TbPlayPage *self);
/* What the status line under the players says now. */
const char *tb_play_page_get_status_text (TbPlayPage *self);

G_END_DECLS
