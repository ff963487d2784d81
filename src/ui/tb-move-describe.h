/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-describe.h: a move told in words, for the status line and for
 * screen readers ("Dark moves the VERSUS from c1 to e3. The pawn on e9 is
 * pulled to e8 and is now Dark's, worth 3.") */
#pragma once

#include "tb-game.h"
#include "tb-match.h"

G_BEGIN_DECLS

/* Who plays seat 1 or 2, for the list of players and for words
 * addressed to a person: the player's name, the computer's translated
 * ("Computer (level 5)"), or the seat's colour ("Dark"). */
const char *tb_seat_label (TbGame *game, guint seat);
/* The translated colour of seat 1 or 2 ("Dark"): how sentences that
 * tell the game (moves, states, the match) name a seat. */
const char *tb_seat_colour (TbGame *game, guint seat);

/* The move that led to ply with its number, as a person reads it: full
 * moves, "3. h8-g7" for the starter's, "3… g9-g7" for the other's. */
char *tb_describe_numbered_move (TbGame *game, guint ply);

/* What a move glyph ($1 to $6) means, for screen readers ("mistake"), or
 * NULL for another NAG. */
const char *tb_describe_nag (guint nag);

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
