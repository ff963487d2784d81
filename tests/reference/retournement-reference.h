/* SPDX-License-Identifier: GPL-3.0-or-later */
/* retournement-reference.h: an independent reference implementation of
 * Retournement.
 *
 * Used only by the test suite to cross-check the real engine.  It is written
 * from the specification alone (shared/rules/retournement.md,
 * shared/rules/README.md, shared/NOTATION.md and the French seed text),
 * deliberately simple (a grid of piece numbers, plain loops, no bitsets) and
 * shares no code with src/.
 *
 * Board: size x size holes (default 11), columns a.. left to right, rows
 * 1..size top to bottom ("a1" top-left).  Seats: 1 = White (moves first),
 * 2 = Red.  Each seat holds the 13 shapes I1 I2 I3 V3 I4 O4 T4 I5 T5 U5 V5
 * W5 X5 (retournement.md §1.2), values by default 1 2 3 3 4 3 4 4 4 4 4 4 4.
 *
 * Move tokens (NOTATION.md §3): "PIECE:CELLS", cells sorted by row then
 * column, joined by '-', e.g. "V3:e5-f5-e6"; and "pass".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RtRefGame RtRefGame;

/* An empty board of size x size (8..13), White to move.  values: the 13
 * piece values in the order above, or NULL for the defaults.  NULL for a
 * size out of range. */
RtRefGame *rt_ref_new (int size, const int *values);

/* A set-up position: to_move (1 or 2) and the pieces on the board, a
 * white-space separated list of "<placer><colour>:<token>" where placer and
 * colour are W or R (who laid the piece, which face shows), e.g.
 * "WW:V3:e5-f5-e6 RR:I1:f6".  A seat's hand holds every shape it has not
 * laid.  NULL when anything is malformed (unknown piece, wrong shape, cell
 * off the board, overlap, a seat laying the same shape twice).  A position
 * that is already final is over at once.
 * Leniency: placer and colour letters and the token are read in either case
 * and the cells in any order (as rt_ref_play), but there is no white space
 * inside an item; NULL or "" gives an empty board.  Nothing checks that the
 * position could arise in a game (connection, numbers of pieces laid, who
 * is to move).  An empty board with Red to move: Red's first placement is
 * free, as White's is at the start (the contact rule applies "unless the
 * board is empty"). */
RtRefGame *rt_ref_new_from_text (int size, const int *values, int to_move, const char *pieces);

void rt_ref_free (RtRefGame *game);
RtRefGame *rt_ref_copy (const RtRefGame *game);

/* Plays one move (canonical token, or the same with upper/lower case cell
 * letters and piece codes, cells in any order, surrounding white space;
 * "pass" in any case).  No white space inside a token; a cell's row number
 * has no leading zero ("a01" is malformed).
 * Returns FALSE, and changes nothing, if the token is malformed or illegal
 * or if the game is over. */
gboolean rt_ref_play (RtRefGame *game, const char *token);

/* Canonical tokens of every legal move, sorted by strcmp, no duplicates,
 * NULL-terminated (free with g_strfreev).  { "pass", NULL } when the side
 * to move cannot lay a piece but the opponent can; empty (just the NULL)
 * when the game is over. */
char **rt_ref_legal (RtRefGame *game);

gboolean rt_ref_is_over (RtRefGame *game);
/* "*", "1-0", "0-1" or "1/2-1/2". */
const char *rt_ref_result (RtRefGame *game);
/* "" while not over; else "all-placed" or "blocked". */
const char *rt_ref_termination (RtRefGame *game);
/* 1 or 2; when the game is over, the seat whose turn it would be. */
int rt_ref_to_move (RtRefGame *game);
/* scores[0] White's, scores[1] Red's: own colour on the board plus the
 * opponent's pieces not laid (44-44 at the start with the defaults). */
void rt_ref_score (RtRefGame *game, int scores[2]);
/* Number of move sequences of exactly depth plies (a forced "pass" counts
 * as a ply).  A finished game has none for depth >= 1; depth 0 gives 1. */
guint64 rt_ref_perft (RtRefGame *game, int depth);

/* "" for an empty hole, "W" or "R" for the colour showing on it; NULL if
 * cell is not a cell of this board (lower or upper case accepted, and
 * surrounding white space). */
const char *rt_ref_cell (RtRefGame *game, const char *cell);
/* Whether the piece covering cell is completely surrounded: every hole
 * next to it by a side is covered or off the board.  FALSE for an empty
 * hole or a bad name. */
gboolean rt_ref_locked (RtRefGame *game, const char *cell);
/* The codes of the shapes seat still holds, in the order above, separated
 * by single spaces ("" when none, and for a seat other than 1 or 2); newly
 * allocated. */
char *rt_ref_hand (RtRefGame *game, int seat);

G_END_DECLS
