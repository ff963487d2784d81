/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-retournement-pieces.c: the 13 pieces and a position's hash, which
 * the set-up and the text of Retournement both use
 * (rules/retournement.md §1)
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tb-retournement-private.h"

/* The 13 mirror-symmetric polyominoes of 1 to 5 squares, in the order of
 * retournement.md §1.2 (NOTATION.md §3 names them by these codes). */
const RtShape rt_shapes[RT_N_SHAPES] = {
  { "I1", N_("monomino"), 1, { { 0, 0 } } },
  { "I2", N_("domino"), 2, { { 0, 0 }, { 0, 1 } } },
  { "I3", N_("straight tromino"), 3, { { 0, 0 }, { 0, 1 }, { 0, 2 } } },
  { "V3", N_("corner tromino"), 3, { { 0, 0 }, { 1, 0 }, { 1, 1 } } },
  { "I4", N_("straight tetromino"), 4, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 } } },
  { "O4", N_("square tetromino"), 4, { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 } } },
  { "T4", N_("T-tetromino"), 4, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 } } },
  { "I5", N_("straight pentomino"), 5, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 } } },
  { "T5", N_("T-pentomino"), 5, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 }, { 2, 1 } } },
  { "U5", N_("U-pentomino"), 5, { { 0, 0 }, { 0, 2 }, { 1, 0 }, { 1, 1 }, { 1, 2 } } },
  { "V5", N_("V-pentomino"), 5, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 1 }, { 2, 2 } } },
  { "W5", N_("W-pentomino"), 5, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } } },
  { "X5", N_("X-pentomino"), 5, { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 2, 1 } } },
};

/* The hash of what stands where and whose turn it is, from scratch. */
void
rt_rehash (RtPosition *pos)
{
  pos->head.hash = pos->head.to_move == 2 ? TB_ZOBRIST_SEAT2_TO_MOVE : 0;
  for (guint i = 0; i < pos->n_placed; i++)
    pos->head.hash ^= rt_placed_key (&pos->placed[i]);
}
