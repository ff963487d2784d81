/* SPDX-License-Identifier: GPL-3.0-or-later */
/* versus-reference.h: an independent reference implementation of Versus.
 *
 * Used only by the test suite to cross-check the real engine. It is written
 * from the specification alone (shared/rules/versus.md, shared/rules/README.md,
 * shared/NOTATION.md and the seed texts), with every default rule choice, and
 * it deliberately shares no code with src/.
 *
 * Rulesets: "versus-61" (radius 4) and "versus-91" (radius 5).
 * Seats: 1 = the starting player (south), 2 = the other (north).
 * Cells use the names of NOTATION.md §2.1 (file 'a' + q + R, rank R - r + 1);
 * moves are tokens "FROM-TO".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _VrGame VrGame;

/* "versus-61" or "versus-91" at the start position; NULL for any other id. */
VrGame *vr_game_new (const char *ruleset_id);
void vr_game_free (VrGame *game);
VrGame *vr_game_copy (const VrGame *game);

/* Plays one move. The canonical token is "FROM-TO" (e.g. "c1-e3"); upper
 * case letters and surrounding white space are also accepted
 * (NOTATION.md §3). Returns FALSE, and changes nothing, if the token is
 * malformed or illegal or if the game is over. */
gboolean vr_game_play (VrGame *game, const char *token);

/* Canonical tokens of every legal move, sorted by strcmp, NULL-terminated
 * (free with g_strfreev). Empty (just the NULL) when the game is over. */
char **vr_game_legal (VrGame *game);

gboolean vr_game_is_over (VrGame *game);
/* "*", "1-0", "0-1" or "1/2-1/2". */
const char *vr_game_result (VrGame *game);
/* "" while not over; else "targets-filled", "unreachable-lead", "no-moves"
 * or "repetition". */
const char *vr_game_termination (VrGame *game);
/* Points of the pawns on targets, each for its controller. */
void vr_game_score (VrGame *game, int *seat1, int *seat2);
/* 1 or 2; when the game is over, the seat whose turn it would be. */
int vr_game_to_move (VrGame *game);
/* Number of move sequences of exactly depth plies. A finished game has
 * none for depth >= 1; depth 0 always gives 1 (the empty sequence). */
guint64 vr_game_perft (VrGame *game, int depth);

/* Newly allocated (g_free): "" for an empty cell, "V1"/"V2" for the VERSUS
 * of seat 1/2, "P<d>:<c>" for a pawn with d portions of seat 1's colour
 * controlled by seat c (e.g. "P3:2"). NULL if cell is not a cell name of
 * this board. */
char *vr_game_cell_contents (VrGame *game, const char *cell);

/* Extra helper (for tests of versus.md §7): the streak counter (0..2) of
 * seat `seat` (1 or 2) on the pawn standing on `cell`; -1 if the cell name
 * is invalid, the cell holds no pawn, or seat is not 1 or 2. */
int vr_game_streak (VrGame *game, const char *cell, int seat);

G_END_DECLS
