/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-bars.h: the controls under the board, each shown only while
 * it is needed: the piece taken from the hand (turn it, put it back), the
 * turn of the disc, a move waiting to be confirmed, a forced pass, how
 * many pawns of a stack move
 *
 * It watches the board (its move picker and its proposed move) and the
 * session's game, and plays what it is told through the session.  Its
 * actions are bars.turn (u: 0 none, 1 clockwise, 2 anticlockwise),
 * bars.turn-piece (b: clockwise), bars.put-back-piece, bars.pass,
 * bars.confirm-move and bars.cancel-move.  "announce" gives a sentence for
 * the status line. */
#pragma once

#include <gtk/gtk.h>

#include "tb-board-view.h"
#include "tb-session.h"

G_BEGIN_DECLS

#define TB_TYPE_BOARD_BARS (tb_board_bars_get_type ())
G_DECLARE_FINAL_TYPE (TbBoardBars, tb_board_bars, TB, BOARD_BARS, GtkWidget)

void tb_board_bars_attach (TbBoardBars *self, TbBoardView *board, TbSession *session);

G_END_DECLS
