/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-oraia-eval.c: how good an Oraïa position is, for the computer
 * players
 *
 * A race: every pawn must go to the centre, be charged, and come out to
 * one of the opponent's start places.  The estimate counts the steps each
 * pawn still needs (jumps only shorten them); pawns home count most.  All
 * in hundredths of a point, a step worth one point.
 *
 * A charged pawn can only come out where the disc, as it is turned now,
 * faces a free start place of the opponent: its steps are counted to the
 * nearest such outer cell.  Counting every charged pawn one step from
 * home, as a first version did, left the searches blind to blocking and
 * to turning the disc, and two levels drew 37 games in 40.
 */
#include "config.h"

#include <string.h>

#include "tb-oraia-private.h"

/* Steps to come out when no exit is open (the opponent's pawns still on
 * their start places, or ours home on them): a guess, worse than any
 * open way. */
#define NO_EXIT_STEPS 6

/* Steps from each disc cell to home for a charged pawn of seat: a
 * breadth-first search over the disc from the outer cells that face a free
 * start place of the opponent. */
static void
exit_steps (const OrData *data, const OrPosition *pos, guint seat, guint8 steps[OR_CELLS])
{
  int queue[OR_CELLS];
  int head = 0, tail = 0;

  memset (steps, NO_EXIT_STEPS, OR_CELLS);
  for (int k = 0; k < 8; k++)
    {
      int crown = or_facing_crown (pos, OR_O (k));

      if (or_start_seat (crown) != seat && pos->cell[crown] == 0)
        {
          steps[OR_O (k)] = 1;
          queue[tail++] = OR_O (k);
        }
    }
  while (head < tail)
    {
      int cell = queue[head++];

      for (guint i = 0; i < data->n_adjacent[cell]; i++)
        {
          int next = data->adjacent[cell][i];

          if (steps[next] > steps[cell] + 1)
            {
              steps[next] = steps[cell] + 1;
              queue[tail++] = next;
            }
        }
    }
}

/* Steps left for a pawn of a seat on cell, charged or not (crown places:
 * its own, not yet left; disc: outer ring, inner ring, centre). */
static int
steps_left (int cell, gboolean charged, const guint8 exit[OR_CELLS])
{
  if (charged)
    return exit[cell];
  if (cell == OR_C)
    return exit[OR_C];              /* charged on stopping there */
  if (or_is_inner (cell))
    return 1 + exit[OR_C];
  if (or_is_outer (cell))
    return 2 + exit[OR_C];
  return 3 + exit[OR_C];            /* still on its start place */
}

int
or_evaluate (const TbVariant *v, const TbPosition *p)
{
  const OrData *data = OR_DATA (v);
  const OrPosition *pos = OR_POS (p);
  guint me = pos->head.to_move;
  guint8 exit[2][OR_CELLS];
  int total[2] = { 0, 0 };

  exit_steps (data, pos, 1, exit[0]);
  exit_steps (data, pos, 2, exit[1]);
  for (int cell = 0; cell < OR_CELLS; cell++)
    {
      guint8 state = pos->cell[cell];
      guint seat = state & OR_SEAT_MASK;

      if (seat == 0 || (or_is_crown (cell) && or_start_seat (cell) != seat))
        continue;   /* empty, or home: counted below */
      total[seat - 1] -= 100 * steps_left (cell, (state & OR_CHARGED) != 0, exit[seat - 1]);
    }
  for (guint seat = 1; seat <= 2; seat++)
    total[seat - 1] += 150 * pos->home[seat - 1];
  /* A tempo: the side to move is half a step ahead. */
  return total[me - 1] - total[2 - me] + 50;
}
