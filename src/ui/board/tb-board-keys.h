/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-keys.h: what the keys do to the move being chosen, where the
 * board widget's own focus does not matter
 *
 * The arrows that move the keyboard focus over the cells are the
 * widget's (tb-board-view.c); these act on the move picker alone. */
#pragma once

#include <gdk/gdk.h>

#include "tb-move-picker.h"

G_BEGIN_DECLS

/* With a piece from the hand: R turns it (shift R the other way), the
 * arrows move it, Return lays it (or brings it onto the board), Escape
 * puts it back; 1 to 5 take a piece of that many squares.  TRUE when the
 * key was used. */
gboolean tb_board_keys_placement (TbMovePicker *picker, guint keyval);
/* While the turn of the disc is asked for: Left and Right turn it that
 * way, Return, Space or Down leave it; Escape (any pending choice) goes
 * back. */
gboolean tb_board_keys_pending (TbMovePicker *picker, guint keyval);
/* 1 to 9: how many pieces of the selected stack move. */
gboolean tb_board_keys_amount (TbMovePicker *picker, guint keyval);

G_END_DECLS
