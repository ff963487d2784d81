/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai.c: choosing a move, at once or in a worker thread */
#include "config.h"

#include <string.h>

#include "tb-ai-private.h"
#include "tb-random.h"

G_DEFINE_QUARK (tb-ai-error-quark, tb_ai_error)

static gboolean
random_move (TbLine *line, guint64 seed, TbAiResult *result)
{
  const TbVariant *v = tb_line_get_variant (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint n = tb_line_moves (line, moves, NULL);
  TbRandom rng;

  tb_random_init (&rng, seed);
  memset (result, 0, sizeof *result);
  result->move = moves[tb_random_below (&rng, n)];
  result->nodes = 1;
  return TRUE;
}

gboolean
tb_ai_think (TbLine *line, const TbAiLimits *limits, guint64 seed, GCancellable *cancellable,
             TbAiResult *result, GError **error)
{
  return tb_ai_think_kept (line, limits, seed, NULL, cancellable, result, error);
}

gboolean
tb_ai_think_kept (TbLine *line, const TbAiLimits *limits, guint64 seed, TbAiTree *kept,
                  GCancellable *cancellable, TbAiResult *result, GError **error)
{
  g_return_val_if_fail (line != NULL && limits != NULL && result != NULL, FALSE);

  if (tb_line_is_over (line, NULL))
    {
      g_set_error_literal (error, TB_AI_ERROR, TB_AI_ERROR_GAME_OVER, "the game is over");
      return FALSE;
    }
  if (!g_cancellable_is_cancelled (cancellable))
    {
      gboolean done;

      switch (limits->engine)
        {
        case TB_AI_MCTS:
          done = tb_ai_mcts_kept (line, limits, seed, 1, kept, cancellable, result, NULL, NULL);
          break;
        case TB_AI_RANDOM:
          done = random_move (line, seed, result);
          break;
        case TB_AI_ALPHA_BETA:
        default:
          done = tb_ai_alpha_beta (line, limits, seed, cancellable, result);
          break;
        }
      if (done)
        return TRUE;
    }
  g_cancellable_set_error_if_cancelled (cancellable, error);
  return FALSE;
}

typedef struct
{
  TbLine *line;
  TbAiLimits limits;
  guint64 seed;
  TbAiTree *kept;       /* the thread's while it thinks, NULL for none */
  TbAiResult result;
} ThinkData;

static void
think_data_free (ThinkData *data)
{
  tb_line_free (data->line);
  tb_ai_tree_free (data->kept);
  g_free (data);
}

static void
think_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ThinkData *data = task_data;
  GError *error = NULL;

  if (tb_ai_think_kept (data->line, &data->limits, data->seed, data->kept, cancellable,
                        &data->result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tb_ai_think_async (TbGame *game, const TbAiLimits *limits, guint64 seed,
                   GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  tb_ai_think_kept_async (game, limits, seed, NULL, cancellable, callback, user_data);
}

void
tb_ai_think_kept_async (TbGame *game, const TbAiLimits *limits, guint64 seed, TbAiTree *kept,
                        GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (game, cancellable, callback, user_data);
  ThinkData *data = g_new0 (ThinkData, 1);

  /* The thread plays on its own copy of the line, and its own tree: a
   * cancelled thread may still be running when the next starts. */
  data->line = tb_game_new_line_to_current (game);
  data->limits = *limits;
  data->seed = seed;
  data->kept = kept;
  g_task_set_task_data (task, data, (GDestroyNotify) think_data_free);
  g_task_set_source_tag (task, tb_ai_think_async);
  /* Cancelling returns at once, whatever the thread is doing. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, think_in_thread);
}

gboolean
tb_ai_think_finish (GAsyncResult *result, TbAiResult *out, GError **error)
{
  GTask *task = G_TASK (result);

  g_return_val_if_fail (g_task_get_source_tag (task) == tb_ai_think_async, FALSE);

  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  *out = ((ThinkData *) g_task_get_task_data (task))->result;
  return TRUE;
}

gboolean
tb_ai_think_kept_finish (GAsyncResult *result, TbAiResult *out, TbAiTree **kept,
                         GError **error)
{
  if (!tb_ai_think_finish (result, out, error))
    return FALSE;
  *kept = g_steal_pointer (&((ThinkData *) g_task_get_task_data (G_TASK (result)))->kept);
  return TRUE;
}
