/* tb-oraia-eval.c: how good an Oraïa position is, for the computer
 * players
 *
 * A race: every pawn must go to the centre, be charged, and come out to
 * one of the opponent's start places.  The estimate counts the steps each
 * pawn still needs (jumps only shorten them); pawns home count most.  All
 * in hundredths of a point, a step worth one point.
 */
#include "config.h"

#include "tb-oraia-private.h"

/* Steps left for a pawn on cell, charged or not (crown places: its own,
 * not yet left; disc: outer ring, inner ring, centre). */
static int
steps_left (int cell, gboolean charged)
{
  if (cell == OR_C)
    return 3;                       /* charged on stopping: out, out, home */
  if (or_is_inner (cell))
    return charged ? 2 : 1 + 3;
  if (or_is_outer (cell))
    return charged ? 1 : 2 + 3;
  return 3 + 3;                     /* still on its start place */
}

int
or_evaluate (const TbVariant *v, const TbPosition *p)
{
  const OrPosition *pos = OR_POS (p);
  guint me = pos->head.to_move;
  int total[2] = { 0, 0 };

  for (int cell = 0; cell < OR_CELLS; cell++)
    {
      guint8 state = pos->cell[cell];
      guint seat = state & OR_SEAT_MASK;

      if (seat == 0 || (or_is_crown (cell) && or_start_seat (cell) != seat))
        continue;   /* empty, or home: counted below */
      total[seat - 1] -= 100 * steps_left (cell, (state & OR_CHARGED) != 0);
    }
  for (guint seat = 1; seat <= 2; seat++)
    total[seat - 1] += 150 * pos->home[seat - 1];
  /* A tempo: the side to move is half a step ahead. */
  return total[me - 1] - total[2 - me] + 50;
}
