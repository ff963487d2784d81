/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-describe.h: a move told in words, for the status line and for
 * screen readers ("Dark moves the VERSUS from c1 to e3. The pawn on e9 is
 * pulled to e8 and is now Dark's, worth 3.") */
#pragma once

#include "tb-game.h"
#include "tb-match.h"

G_BEGIN_DECLS

/* The translated name of seat 1 or 2 in this game ("Dark", or the player's
 * name when the game has one). */
const char *tb_seat_label (TbGame *game, guint seat);

/* The move that led to ply, described; ply >= 1 and <= the current ply. */
char *tb_describe_move (TbGame *game, guint ply);

/* "Dark to move", "Dark wins 7–5: every target holds a pawn.", … */
char *tb_describe_state (TbGame *game);

/* "Match: White 4, Red 1 — first to 7 with a lead of 2", or who won it. */
char *tb_describe_match (TbMatch *match);

/* Why the game ended, in a sentence. */
const char *tb_describe_termination (TbTermination termination);

/* Why the game ended, in a word or two (the history's column). */
const char *tb_termination_short_name (TbTermination termination);

G_END_DECLS
