/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus-eval.c: how good a Versus position is, for the computer
 * players
 *
 * Points already on targets are certain: the pawns there are frozen.  A
 * free pawn is a promise, worth more the closer it stands to an empty
 * target; an enemy pawn in the line of one's VERSUS may be pulled over
 * and turned next move.  All in hundredths of a point.
 */
#include "config.h"

#include "tb-versus-private.h"

/* How much of a free pawn's value counts, by its distance to the nearest
 * empty target (1 = it can step on next move). */
static const int promise_percent[] = { 0, 45, 28, 17, 10, 6, 4, 3, 2, 2, 2, 2 };

static int
nearest_empty_target (const VsData *data, const VsPosition *pos, int cell)
{
  int best = G_MAXINT;

  for (guint t = 0; t < data->n_targets; t++)
    if (pos->board[data->targets[t]] == 0)
      best = MIN (best, tb_hex_distance (&data->hex, cell, data->targets[t]));
  return best;
}

/* Enemy pawns the seat's VERSUS sees along a line, not adjacent and not
 * frozen: what a VERSUS move might pull over (a rough count of threats). */
static int
pawns_in_sight (const VsData *data, const VsPosition *pos, guint seat, int versus_cell)
{
  const TbHexBoard *hex = &data->hex;
  int value = 0;

  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    for (int k = 0; k < hex->ray_len[versus_cell][d]; k++)
      {
        int piece = pos->board[hex->ray[versus_cell][d][k]] - 1;
        guint8 info;

        if (piece < 0)
          continue;
        info = pos->info[piece];
        if (k > 0 && !vs_is_versus (info) && vs_controller (info) != seat &&
            !data->is_target[pos->cell[piece]])
          value += (int) vs_value (info, seat);
        break;
      }
  return value;
}

int
vs_evaluate (const TbVariant *v, const TbPosition *p)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);
  guint me = pos->head.to_move;
  int total[2] = { 0, 0 };

  for (guint i = 0; i < pos->n_pieces; i++)
    {
      guint8 info = pos->info[i];
      guint seat = vs_controller (info);
      int cell = pos->cell[i];

      if (vs_is_versus (info))
        {
          /* The one about to move may turn what its VERSUS sees. */
          total[seat - 1] += pawns_in_sight (data, pos, seat, cell) * (seat == me ? 30 : 12);
          continue;
        }
      if (data->is_target[cell])
        total[seat - 1] += 100 * (int) vs_value (info, seat);
      else
        {
          int distance = nearest_empty_target (data, pos, cell);

          if (distance < (int) G_N_ELEMENTS (promise_percent))
            total[seat - 1] += promise_percent[distance] * (int) vs_value (info, seat);
          /* Holding a pawn at all keeps it from the opponent. */
          total[seat - 1] += 4 * (int) vs_value (info, seat);
        }
    }
  return total[me - 1] - total[2 - me];
}

/* A pawn stepping onto a target (its points frozen) and a VERSUS move
 * that pulls a pawn over: the moves the search follows past its horizon
 * (tb-rules-table.h). */
gboolean
vs_is_tactical (const TbVariant *v, const TbPosition *p, TbMove move)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);
  guint mover = pos->head.to_move;
  VsPosition after;

  if (data->is_target[vs_move_to (move)])
    return TRUE;
  if (!vs_is_versus (pos->info[pos->board[vs_move_from (move)] - 1]))
    return FALSE;
  vs_apply (v, p, move, (TbPosition *) &after);
  return after.pawns[2 - mover] != pos->pawns[2 - mover];
}
