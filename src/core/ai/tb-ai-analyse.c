/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai-analyse.c: a position's evaluation and its best moves, for the
 * analysis of a game (tb-ai.h)
 *
 * The search of level 5 (alpha-beta, or Monte Carlo in Retournement, where
 * alpha-beta's few plies misjudge a placement game: its scores swung from
 * -800 to +1,600 between depths 3 and 4 at the start), counted in nodes
 * or iterations, seeded: the same answer on every machine.  Scores are
 * turned to seat 1's and to expected scores (tb_ai_expected_score).
 */
#include "config.h"

#include <string.h>

#include "tb-ai-private.h"

/* The Monte Carlo search's playouts are random: seeded, the same. */
#define ANALYSE_SEED 1

static double
result_for_seat_1 (const TbOutcome *outcome)
{
  switch (outcome->result)
    {
    case TB_RESULT_SEAT1_WINS:
      return 1.0;
    case TB_RESULT_DRAW:
      return 0.5;
    default:
      return 0.0;
    }
}

static gboolean
check_limits (const TbAiAnalyseLimits *limits, guint lines, GError **error)
{
  if (lines < 1 || lines > TB_AI_MAX_LINES)
    {
      g_set_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LIMITS,
                   "%u lines is not a number of lines (1 to %d)", lines, TB_AI_MAX_LINES);
      return FALSE;
    }
  if (limits->nodes == 0 && limits->time_us <= 0 && limits->depth == 0)
    {
      g_set_error_literal (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LIMITS,
                           "an analysis needs a limit: nodes, time or depth");
      return FALSE;
    }
  return TRUE;
}

gboolean
tb_ai_analyse (TbLine *line, const TbAiAnalyseLimits *limits, guint lines,
               GCancellable *cancellable, TbAiAnalysis *out, GError **error)
{
  const TbVariant *v;
  TbOutcome outcome;
  TbAiLimits search;
  TbAiResult result;
  int sign;

  g_return_val_if_fail (line != NULL && limits != NULL && out != NULL, FALSE);

  if (!check_limits (limits, lines, error))
    return FALSE;
  v = tb_line_get_variant (line);
  memset (out, 0, sizeof *out);
  if (tb_line_is_over (line, &outcome))
    {
      out->expected = result_for_seat_1 (&outcome);
      out->score = out->expected == 1.0 ? TB_AI_WIN : out->expected == 0.0 ? -TB_AI_WIN : 0;
      return TRUE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  tb_ai_analysis_search (v->rules, limits, &search);
  if (!(search.engine == TB_AI_MCTS ? tb_ai_mcts_lines : tb_ai_alpha_beta_lines) (
        line, &search, ANALYSE_SEED, lines, cancellable, &result, out->variations,
        &out->n_variations))
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return FALSE;
    }
  /* The search scores for the side to move. */
  sign = tb_position_to_move (tb_line_get_position (line)) == 1 ? 1 : -1;
  for (guint i = 0; i < out->n_variations; i++)
    {
      TbAiVariation *variation = &out->variations[i];

      variation->score *= sign;
      variation->expected = tb_ai_expected_score (v->rules, variation->score);
    }
  out->score = sign * result.score;
  out->expected = tb_ai_expected_score (v->rules, out->score);
  out->depth = result.depth;
  out->nodes = result.nodes;
  out->time_us = result.time_us;
  return TRUE;
}

typedef struct
{
  TbLine *line;
  TbAiAnalyseLimits limits;
  guint lines;
  TbAiAnalysis analysis;
} AnalyseData;

static void
analyse_data_free (AnalyseData *data)
{
  tb_line_free (data->line);
  g_free (data);
}

static void
analyse_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  AnalyseData *data = task_data;
  GError *error = NULL;

  if (tb_ai_analyse (data->line, &data->limits, data->lines, cancellable, &data->analysis,
                     &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tb_ai_analyse_async (TbGame *game, const TbAiAnalyseLimits *limits, guint lines,
                     GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  AnalyseData *data;

  g_return_if_fail (TB_IS_GAME (game) && limits != NULL);

  task = g_task_new (game, cancellable, callback, user_data);
  data = g_new0 (AnalyseData, 1);
  /* The thread works on its own copy of the line: the game may change. */
  data->line = tb_game_new_line_to_current (game);
  data->limits = *limits;
  data->lines = lines;
  g_task_set_task_data (task, data, (GDestroyNotify) analyse_data_free);
  g_task_set_source_tag (task, tb_ai_analyse_async);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, analyse_in_thread);
}

gboolean
tb_ai_analyse_finish (GAsyncResult *result, TbAiAnalysis *out, GError **error)
{
  GTask *task = G_TASK (result);

  g_return_val_if_fail (g_task_get_source_tag (task) == tb_ai_analyse_async, FALSE);

  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  *out = ((AnalyseData *) g_task_get_task_data (task))->analysis;
  return TRUE;
}
