/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-retournement-eval.c: how good a Retournement position is, for the
 * computer players
 *
 * The score itself (one's colour on the board and the opponent's pieces
 * still in hand) is what counts at the end; a locked piece can no longer
 * be turned, so its points are safe.  All in hundredths of a point.
 */
#include "config.h"

#include "tb-retournement-private.h"

int
rt_evaluate (const TbVariant *v, const TbPosition *p)
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint me = pos->head.to_move;
  int scores[2], locked[2] = { 0, 0 };

  rt_score (v, p, scores);
  for (guint i = 0; i < pos->n_placed; i++)
    if (rt_is_locked (data, pos, i))
      locked[pos->placed[i].colour - 1] +=
        data->value[data->orientations[pos->placed[i].orientation].shape];
  return 100 * (scores[me - 1] - scores[2 - me]) + 40 * (locked[me - 1] - locked[2 - me]);
}
