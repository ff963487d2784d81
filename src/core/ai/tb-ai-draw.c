/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai-draw.c: the computer's answer to a draw offer (tb-ai-draw.h). */
#include "config.h"

#include "tb-ai-draw.h"

#include "tb-ai.h"

/* A short search, so that the answer comes at once (40,000 nodes: a
 * twentieth of a second), counted in nodes only: the same answer under
 * any load (the 60 s cap is a guard a normal machine never reaches). */
static const TbAiLimits judge_limits = { TB_AI_ALPHA_BETA, 4, 40000, 60 * G_USEC_PER_SEC,
                                         0, 0, 0, 0 };

TbDrawAnswer
tb_ai_answer_draw (TbLine *line, guint seat, int *score)
{
  TbAiResult result;
  int mine;

  g_return_val_if_fail (line != NULL, TB_DRAW_DECLINE_BEHIND);
  g_return_val_if_fail (seat == 1 || seat == 2, TB_DRAW_DECLINE_BEHIND);

  /* Deterministic (seed 1): the same position, the same answer. */
  if (!tb_ai_think (line, &judge_limits, 1, NULL, &result, NULL))
    return TB_DRAW_DECLINE_DECISIVE;
  /* The search scores for the side to move: turned to seat's. */
  mine = tb_position_to_move (tb_line_get_position (line)) == seat ? result.score : -result.score;
  if (score)
    *score = mine;
  if (ABS (mine) >= TB_AI_WIN / 2)
    return TB_DRAW_DECLINE_DECISIVE;
  if (mine > TB_DRAW_LEVEL_MARGIN)
    return TB_DRAW_DECLINE_AHEAD;
  if (mine < -TB_DRAW_LEVEL_MARGIN)
    return TB_DRAW_DECLINE_BEHIND;
  return TB_DRAW_ACCEPT;
}
