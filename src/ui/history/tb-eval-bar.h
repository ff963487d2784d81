/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-eval-bar.h: the computer's evaluation of the move shown, as a bar
 *
 * Vertical, beside the board: seat 1's expected score fills it from the
 * bottom in seat 1's colour, the rest in seat 2's.  Hidden where the move
 * shown has no evaluation.  For screen readers, a meter with the value.
 */
#pragma once

#include <gtk/gtk.h>

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_EVAL_BAR (tb_eval_bar_get_type ())
G_DECLARE_FINAL_TYPE (TbEvalBar, tb_eval_bar, TB, EVAL_BAR, GtkWidget)

/* Follows game's position (NULL: none, hidden). */
void tb_eval_bar_set_game (TbEvalBar *self, TbGame *game);
/* Shows the evaluation again (after an analysis changed it). */
void tb_eval_bar_refresh (TbEvalBar *self);

G_END_DECLS
