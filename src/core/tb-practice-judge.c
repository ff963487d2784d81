/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-practice-judge.c: whether a move answers an exercise
 * (tb-practice.h)
 *
 * As the analysis judges a move played (tb-game-analysis-judge.c): its
 * loss is what the best move keeps for the player to move less what it
 * keeps, both from the search of the exercise's position when the move
 * is among the best lines it scored (the same search: no noise between
 * two searches), else from a search of the position after the move,
 * capped by the last line scored.  The two searches run at once, one on
 * each core: the second is wasted when the move is among the best lines,
 * and the answer comes in the time of one search when it is not.  A
 * budget of nodes, not of time: the same verdict on every machine.
 */
#include "config.h"

#include "tb-ai.h"
#include "tb-game-analysis.h"
#include "tb-practice.h"

#define JUDGE_LINES 4

typedef struct
{
  TbLine *line;
  TbAiAnalyseLimits limits;
  GCancellable *cancellable;
  TbAiAnalysis analysis;
  gboolean done;
  GError *error;
} Search;

static gpointer
run_search (gpointer data)
{
  Search *s = data;

  s->done = tb_ai_analyse (s->line, &s->limits, JUDGE_LINES, s->cancellable, &s->analysis,
                           &s->error);
  return NULL;
}

static double
for_seat (double seat_1_expected, guint seat)
{
  return seat == 1 ? seat_1_expected : 1.0 - seat_1_expected;
}

/* What move keeps for seat: its line's score in before, else the
 * position after it, never more than before's last line. */
static double
kept_by (const TbAiAnalysis *before, const TbAiAnalysis *after, TbMove move, guint seat)
{
  for (guint i = 0; i < before->n_variations; i++)
    if (before->variations[i].moves[0] == move)
      return for_seat (before->variations[i].expected, seat);
  if (before->n_variations == 0)
    return for_seat (after->expected, seat);
  return MIN (for_seat (before->variations[before->n_variations - 1].expected, seat),
              for_seat (after->expected, seat));
}

static void
set_verdict (TbPracticeVerdict *verdict, const TbPracticeExercise *e, double best, double kept)
{
  verdict->best = best;
  verdict->expected = kept;
  verdict->loss = MAX (0.0, best - kept);
  verdict->accepted = verdict->loss < tb_practice_margin (tb_game_get_rules (e->game));
}

gboolean
tb_practice_judge (const TbPracticeExercise *e, TbMove move, guint64 nodes,
                   GCancellable *cancellable, TbPracticeVerdict *verdict, GError **error)
{
  Search before = { 0 }, after = { 0 };
  GThread *thread;
  gboolean done;

  g_return_val_if_fail (e != NULL && verdict != NULL, FALSE);

  if (move == e->better || move == e->played)
    {
      /* The analysis' own answer, and the mistake itself. */
      set_verdict (verdict, e, e->better_expected,
                   move == e->better ? e->better_expected : e->played_expected);
      verdict->accepted = move == e->better;
      return TRUE;
    }
  /* The analysis' limits (level 3), or the nodes asked for. */
  tb_game_analysis_limits (tb_game_get_rules (e->game), TB_GAME_ANALYSIS_DEFAULT_LEVEL,
                           &before.limits, NULL);
  if (nodes)
    before.limits.nodes = nodes;
  after.limits = before.limits;
  before.cancellable = after.cancellable = cancellable;
  before.line = tb_line_copy (e->line);
  after.line = tb_line_copy (e->line);
  tb_line_push (after.line, move);
  thread = g_thread_new ("practice-judge", run_search, &after);
  run_search (&before);
  g_thread_join (thread);
  done = before.done && after.done;
  if (done)
    set_verdict (verdict, e, for_seat (before.analysis.expected, e->seat),
                 kept_by (&before.analysis, &after.analysis, move, e->seat));
  else if (before.error)
    g_propagate_error (error, g_steal_pointer (&before.error));
  else
    g_propagate_error (error, g_steal_pointer (&after.error));
  g_clear_error (&before.error);
  g_clear_error (&after.error);
  tb_line_free (before.line);
  tb_line_free (after.line);
  return done;
}

typedef struct
{
  TbPracticeExercise *exercise;   /* a copy of the caller's */
  TbMove move;
  guint64 nodes;
} JudgeArgs;

static void
judge_args_free (JudgeArgs *args)
{
  tb_practice_exercise_free (args->exercise);
  g_free (args);
}

static void
judge_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  JudgeArgs *args = data;
  TbPracticeVerdict verdict;
  GError *error = NULL;

  if (tb_practice_judge (args->exercise, args->move, args->nodes, cancellable, &verdict, &error))
    g_task_return_pointer (task, g_memdup2 (&verdict, sizeof verdict), g_free);
  else
    g_task_return_error (task, error);
}

void
tb_practice_judge_async (const TbPracticeExercise *exercise, TbMove move, guint64 nodes,
                         GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  JudgeArgs *args = g_new (JudgeArgs, 1);

  *args = (JudgeArgs) { tb_practice_exercise_copy (exercise), move, nodes };
  g_task_set_source_tag (task, tb_practice_judge_async);
  g_task_set_task_data (task, args, (GDestroyNotify) judge_args_free);
  g_task_run_in_thread (task, judge_in_thread);
}

gboolean
tb_practice_judge_finish (GAsyncResult *result, TbPracticeVerdict *verdict, GError **error)
{
  g_autofree TbPracticeVerdict *out = g_task_propagate_pointer (G_TASK (result), error);

  if (out == NULL)
    return FALSE;
  *verdict = *out;
  return TRUE;
}
