/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-animation.h: a move shown happening, phase by phase
 *
 * The move first, then each pull, flip, capture or turn of the disc, as
 * the ruleset's move effects say (effects of one phase happen together).
 * The board widget keeps one of these and, while it runs, draws the
 * pieces as they were before the move, moved along by the effects.
 * AdwAnimation honours the system's "reduce animation" setting
 * (gtk-enable-animations) by going straight to the end; the speed
 * preference sets the length of a phase.
 */
#pragma once

#include <adwaita.h>

#include "tb-game.h"

G_BEGIN_DECLS

typedef struct
{
  GtkWidget *widget;          /* redrawn at each step */
  AdwAnimation *animation;
  TbPieceDesc pieces[TB_MAX_PIECES];  /* before the move */
  guint n_pieces;
  int turn;                   /* the disc's turn before the move */
  TbEffect effects[TB_MAX_EFFECTS];
  guint n_effects;
  guint n_phases;
  double value;               /* 0 .. n_phases */
} TbBoardAnimation;

/* Milliseconds a phase lasts at an animation-speed setting ("off",
 * "slow", "normal" or "fast"); 0 for off. */
double tb_board_animation_phase_ms (const char *speed);

/* Animates move from before on widget (mapped), phase_ms a phase; nothing
 * when phase_ms is 0 or the move has no effect to show. */
void tb_board_animation_start (TbBoardAnimation *self, GtkWidget *widget, const TbVariant *variant,
                               const TbPosition *before, TbMove move, double phase_ms);
void tb_board_animation_stop (TbBoardAnimation *self);
gboolean tb_board_animation_is_running (const TbBoardAnimation *self);
/* Where it stands: the phase and the progress in it (0..1); FALSE when
 * nothing runs. */
gboolean tb_board_animation_progress (const TbBoardAnimation *self, guint *phase, double *t);
/* How far the disc has turned at phase and t, in eighths. */
double tb_board_animation_disc_turn (const TbBoardAnimation *self, guint phase, double t);

G_END_DECLS
