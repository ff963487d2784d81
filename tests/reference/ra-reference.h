/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ra-reference.h: an independent reference implementation of RA (one game
 * of a match).
 *
 * Used only by the test suite to cross-check the real engine. It is written
 * from the specification alone (shared/rules/ra.md, shared/rules/README.md,
 * shared/NOTATION.md and the seed text), with every default rule choice plus
 * the three movement variant flags of ra.md §9, and it deliberately shares
 * no code with src/.
 *
 * Seats: 1 = White (west, RA d7, stacks on c5 e9 f7), 2 = Red (east, RA j7,
 * stacks on h7 i5 k9). Either seat may start.
 * Cells use the names of NOTATION.md §2.1 (R = 6: file 'a' + q + 6, rank
 * 6 - r + 1); moves are tokens "kFROM-TO" (k = 1..3 pawns moved, e.g.
 * "3f7-g7", "1e9-e6") and "pass".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RrGame RrGame;

/* The start position of ra.md §2.5 with `starter` (1 or 2) to move; NULL
 * for any other starter. The flags are those of ra.md §9: join_short (#5,
 * default TRUE), stop_before_blocker (#6, default FALSE), edge_any (#7,
 * default FALSE). */
RrGame *rr_game_new (int starter, gboolean join_short, gboolean stop_before_blocker,
                     gboolean edge_any);
/* rr_game_new (starter, TRUE, FALSE, FALSE). */
RrGame *rr_game_new_default (int starter);
/* A set-up position: `stacks` is a white-space separated list of
 * "seat:height@cell" (e.g. "1:3@c5 2:1@h7"), seat 1 or 2, height 1..3,
 * each cell at most once, never an RA cell (d7, j7). `to_move` is 1 or 2.
 * The position is the first occurrence for the repetition rule. Returns
 * NULL if anything is malformed, or if exactly one seat has no pawn (the
 * game would already be over). An empty board (both seats without pawns)
 * is accepted: neither side can move, so the game is void at once. The
 * number of pawns per seat is not limited. */
RrGame *rr_game_new_from_stacks (int to_move, const char *stacks, gboolean join_short,
                                 gboolean stop_before_blocker, gboolean edge_any);
void rr_game_free (RrGame *game);
RrGame *rr_game_copy (const RrGame *game);

/* Plays one move: "kFROM-TO" or "pass"; upper case letters and surrounding
 * white space are also accepted (NOTATION.md §3). Returns FALSE, and
 * changes nothing, if the token is malformed or illegal or if the game is
 * over. */
gboolean rr_game_play (RrGame *game, const char *token);

/* Canonical tokens of every legal move, sorted by strcmp, no duplicates,
 * NULL-terminated (free with g_strfreev). Just { "pass", NULL } when the
 * side to move has no move (the opponent then has one); empty (just the
 * NULL) when the game is over. */
char **rr_game_legal (RrGame *game);

gboolean rr_game_is_over (RrGame *game);
/* "*", "1-0", "0-1" or "1/2-1/2". */
const char *rr_game_result (RrGame *game);
/* "" while not over; else "ra-entry", "annihilation", "void" or
 * "repetition". */
const char *rr_game_termination (RrGame *game);
/* The points of this game: 0-0 until an RA entry (1/3/6 for k = 1/2/3) or
 * an annihilation (3) ends it; void and repetition stay 0-0. */
void rr_game_score (RrGame *game, int *seat1, int *seat2);
/* 1 or 2; when the game is over, the seat whose turn it would be. */
int rr_game_to_move (RrGame *game);
/* Number of move sequences of exactly depth plies (a forced "pass" counts
 * as a ply). A finished game has none for depth >= 1; depth 0 always
 * gives 1. */
guint64 rr_game_perft (RrGame *game, int depth);

/* Newly allocated (g_free): "" for an empty cell (the RA cells are always
 * empty: a group entering the enemy RA leaves the board), else
 * "<seat>:<height>" (e.g. "1:3"). NULL if cell is not a cell name of the
 * 127-hex board. */
char *rr_game_cell_contents (RrGame *game, const char *cell);

G_END_DECLS
