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

/* Steps from each disc cell to home for a charged pawn, when the outer
 * cells of exits (bit k for O_k) face a free start place of the
 * opponent: a breadth-first search over the disc from them. */
static void
exit_steps_from (const OrData *data, guint exits, guint8 steps[OR_CELLS])
{
  int queue[OR_CELLS];
  int head = 0, tail = 0;

  memset (steps, NO_EXIT_STEPS, OR_CELLS);
  for (int k = 0; k < 8; k++)
    if (exits & (1u << k))
      {
        steps[OR_O (k)] = 1;
        queue[tail++] = OR_O (k);
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

/* Done once per variant: the searches evaluate hundreds of thousands of
 * positions a second, and this search was a third of their time. */
void
or_build_exit_steps (OrData *data)
{
  for (guint exits = 0; exits < 256; exits++)
    exit_steps_from (data, exits, data->exit_steps[exits]);
}

/* Steps from each disc cell to home for a charged pawn of seat: from the
 * outer cells that face a free start place of the opponent, under the
 * disc's present turn. */
static const guint8 *
exit_steps (const OrData *data, const OrPosition *pos, guint seat)
{
  guint32 occupied = (pos->pawns[0] | pos->pawns[1]) & 0xff;
  /* The opponent's start places: the odd ones for seat 1, the even for 2. */
  guint32 free_places = ~occupied & (seat == 1 ? 0xaa : 0x55);
  /* O_k faces P_(k + r): turn the places back by r. */
  guint r = pos->rotation & 7;
  guint exits = ((free_places >> r) | (free_places << (8 - r))) & 0xff;

  return data->exit_steps[exits];
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
  int total[2] = { 0, 0 };

  for (guint seat = 1; seat <= 2; seat++)
    {
      const guint8 *exit = exit_steps (data, pos, seat);

      for (guint32 todo = pos->pawns[seat - 1]; todo; todo &= todo - 1)
        {
          int cell = __builtin_ctz (todo);

          if (or_is_crown (cell) && or_start_seat (cell) != seat)
            continue;   /* home: counted below */
          total[seat - 1] -= 100 * steps_left (cell, (pos->cell[cell] & OR_CHARGED) != 0, exit);
        }
      total[seat - 1] += 150 * pos->home[seat - 1];
    }
  /* A tempo: the side to move is half a step ahead. */
  return total[me - 1] - total[2 - me] + 50;
}
