/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ra-eval.c: how good an RA position is, for the computer players
 *
 * Pawns are the army (a player left with none loses); a stack near the
 * enemy RA is a threat, the more pawns it can bring in the more it is
 * worth (1, 3 or 6 points); one's own RA must be guarded.  All in
 * hundredths of a point.
 */
#include "config.h"

#include "tb-ra-private.h"

/* The threat of a stack of height h at distance d from the enemy RA: it
 * enters with k pawns when d = 4 - k, so closer means fewer pawns. */
static int
threat (guint height, int distance)
{
  int best = 0;

  for (guint k = 1; k <= height; k++)
    {
      int steps = 4 - (int) k;
      int moves_away = distance <= steps ? 1 : 1 + (distance - steps + 2) / 3;

      best = MAX (best, ra_entry_points (k) * 100 / (moves_away * moves_away));
    }
  return best;
}

int
ra_evaluate (const TbVariant *v, const TbPosition *p)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint me = pos->head.to_move;
  int total[2] = { 0, 0 };

  for (guint seat = 1; seat <= 2; seat++)
    {
      int enemy_ra = data->ra[2 - seat];

      total[seat - 1] += 150 * pos->pawns[seat - 1];
      for (guint i = 0; i < pos->n_stacks[seat - 1]; i++)
        {
          int cell = pos->stacks[seat - 1][i];
          guint height = ra_height (pos->cell[cell]);
          int distance = tb_hex_distance (&data->hex, cell, enemy_ra);

          /* The side to move can strike first. */
          total[seat - 1] += threat (height, distance) * (seat == me ? 2 : 1) / 2;
        }
    }
  return total[me - 1] - total[2 - me];
}

/* Captures and entries into the enemy RA: the moves the search follows
 * past its horizon (tb-rules-table.h). */
gboolean
ra_is_tactical (const TbVariant *v, const TbPosition *p, TbMove move)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  int to = ra_move_to (move);

  return to == data->ra[2 - pos->head.to_move] ||
         (ra_is_stack (pos->cell[to]) && ra_owner (pos->cell[to]) != pos->head.to_move);
}
