/* SPDX-License-Identifier: GPL-3.0-or-later */
/* oraia-reference.h: an independent reference implementation of Oraïa.
 *
 * Used only by the test suite to cross-check the real engine. It is written
 * from the specification alone (shared/rules/oraia.md, shared/rules/README.md,
 * shared/NOTATION.md and the French seed text), with every default rule
 * choice plus four option flags, and it deliberately shares no code with
 * src/.
 *
 * Seats: 1 = Blue (Water, starts on P0 P2 P4 P6), 2 = Red (Fire, starts on
 * P1 P3 P5 P7). Either seat may start. The rotation r is 0 at the start;
 * O_k faces P_{(k+r) mod 8}.
 * Cells (NOTATION.md §2.3): crown P0..P7, disc C, I0..I7, O0..O7 (disc cells
 * are named in the disc's own frame). Moves (NOTATION.md §3):
 * "CELL-CELL[-CELL...][=R|=L]" (a step lists two cells, a jump chain lists
 * every landing cell; "=R" / "=L": the move ends on C and the disc turns 1/8
 * clockwise (r+1) / anticlockwise (r-1); no suffix: no turn) and "pass".
 *
 * Geometries.
 *  - Default, "spider web" (oraia.md §1.3): 4 diameters
 *    O_k - I_k - C - I_{k+4} - O_{k+4}, the inner circle I0..I7 and the outer
 *    circle O0..O7. Jump triples: O_k,I_k,C; I_k,C,I_{k+4}; I_{k-1},I_k,I_{k+1};
 *    O_{k-1},O_k,O_{k+1} (each in both directions).
 *  - pinwheel (G2 of oraia.md §7; this project's reading): the same 8
 *    straight spokes O_k - I_k - C and diameters I_k - C - I_{k+4}; no
 *    circles; instead 8 curved spiral arms, arm k being the line
 *    O_k - I_{k+1} - C. So O_k is adjacent to I_k (spoke) and I_{k+1} (arm),
 *    I_k to C, O_k (spoke) and O_{k-1} (arm), C to I0..I7. Jump triples:
 *    O_k,I_k,C; I_k,C,I_{k+4}; O_k,I_{k+1},C (each in both directions).
 *  In both, O_k also touches the crown position it faces, used only to leave
 *  (P over O_k to I_k for the compulsory hop) and to arrive (O_k to P, or the
 *  arrival hop I_k over O_k to P).
 *
 * Lines (for strict_single_line): diameter k = 0..3 (P facing O_k, O_k, I_k,
 * C, I_{k+4}, O_{k+4}, P facing O_{k+4}; the crown hops of leaving and
 * arriving belong to the diameter of their spoke), the inner circle, the
 * outer circle, and in pinwheel each arm O_k - I_{k+1} - C.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _OrGame OrGame;

/* The option flags.
 *  pinwheel: FALSE = the spider-web geometry of oraia.md §1.3 (default);
 *    TRUE = the pinwheel geometry described above.
 *  strict_single_line (oraia.md §3.3 STRICT_SINGLE_LINE_CHAIN, default
 *    FALSE): every hop of a jump chain must be along the same line as its
 *    first hop.
 *  arrival_hop (oraia.md §3.3 ALLOW_ARRIVAL_HOP, default TRUE): a charged
 *    pawn on I_k may hop over an opposing pawn on O_k onto the facing crown
 *    position (an empty opponent start), possibly as the last hop of a chain;
 *    the move then ends.
 *  centre_free_when_stuck (default FALSE): FALSE = a pawn of the side to move
 *    standing on C is the only pawn that may move (if it cannot, the side has
 *    no move); TRUE = if that pawn has no legal move, any other pawn may move
 *    instead. */
typedef struct
{
  gboolean pinwheel;
  gboolean strict_single_line;
  gboolean arrival_hop;
  gboolean centre_free_when_stuck;
} OrFlags;

/* { FALSE, FALSE, TRUE, FALSE }. */
OrFlags or_flags_default (void);

/* The start position (blue on P0 P2 P4 P6, red on P1 P3 P5 P7, r = 0) with
 * `starter` (1 or 2) to move; NULL for any other starter. */
OrGame *or_game_new (int starter, OrFlags flags);

/* A set-up position: `to_move` (1 or 2), the rotation (0..7) and the pawns,
 * a white-space separated list of "<seat>@<cell>" or "<seat>*@<cell>"
 * (* = charged), e.g. "1@P0 2@O3 1*@C"; the cell name may be in lower case.
 * Any number of pawns per seat (at most one per cell). `starter` (1 or 2)
 * is the seat that started the game, for the equal-tempo rule. A pawn of a
 * seat on one of its own start positions has not left yet and may not be
 * charged; a pawn on an opponent start position has arrived. Returns NULL
 * if anything is malformed.
 * The position counts as the first occurrence for the repetition rule. If
 * it is already final it is over at once: a seat with 4 pawns home wins
 * ("all-arrived"; both: draw), unless that seat is the starter, the other
 * seat is to move, has 3 pawns home and a legal move that brings its 4th
 * home: then the position is the equal-tempo extra turn. A position where
 * neither side can move is over at once ("blocked"). */
OrGame *or_game_new_from_text (int starter, int to_move, int rotation, const char *pawns,
                               OrFlags flags);
void or_game_free (OrGame *game);
OrGame *or_game_copy (const OrGame *game);

/* Plays one move (canonical token, or the same in lower case and with
 * surrounding white space). Returns FALSE, and changes nothing, if the token
 * is malformed or illegal or if the game is over. */
gboolean or_game_play (OrGame *game, const char *token);

/* Canonical tokens of every legal move, sorted by strcmp, no duplicates,
 * NULL-terminated (free with g_strfreev). Just { "pass", NULL } when the
 * side to move has no move (the opponent then has one); empty (just the
 * NULL) when the game is over. */
char **or_game_legal (OrGame *game);

gboolean or_game_is_over (OrGame *game);
/* "*", "1-0", "0-1" or "1/2-1/2". */
const char *or_game_result (OrGame *game);
/* "" while not over; else "all-arrived", "blocked" or "repetition". */
const char *or_game_termination (OrGame *game);
/* 1 or 2; when the game is over, the seat whose turn it would be. */
int or_game_to_move (OrGame *game);
/* The rotation r, 0..7. */
int or_game_rotation (OrGame *game);
/* Number of move sequences of exactly depth plies (a forced "pass" counts
 * as a ply). A finished game has none for depth >= 1; depth 0 always
 * gives 1. */
guint64 or_game_perft (OrGame *game, int depth);

/* Newly allocated (g_free): "" for an empty cell, "<seat>" for an uncharged
 * pawn, "<seat>*" for a charged one (e.g. "1", "2*"). NULL if cell is not a
 * cell name (P0..P7, C, I0..I7, O0..O7; lower case accepted). */
char *or_game_cell_contents (OrGame *game, const char *cell);

/* Pawns of `seat` on the opponent's start positions (0..4); -1 if seat is
 * not 1 or 2. */
int or_game_home (OrGame *game, int seat);

G_END_DECLS
