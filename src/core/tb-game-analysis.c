/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-analysis.c: running the analysis of a game (tb-game-analysis.h)
 *
 * Each position of the main line is a job for a pool of two threads (the
 * machine's two cores; a position's search is single-threaded), on its
 * own copy of the line, the positions independent of one another.  The
 * thread that runs the analysis waits for the jobs one by one and reports
 * the progress; the moves are judged once all are done
 * (tb-game-analysis-judge.c).
 */
#include "config.h"

#include "tb-game-analysis-private.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#define WORKER_THREADS 2
/* Moves scored by each search: a move played among them is judged by the
 * same search as the best one (tb-game-analysis-judge.c). */
#define TB_GAME_ANALYSIS_LINES 4

typedef struct
{
  guint index;                 /* the position after index moves */
  guint n_legal;
  gboolean done;
  TbAiAnalysis analysis;
  GError *error;
} Job;

typedef struct
{
  TbAiAnalyseLimits limits;
  const TbRules *rules;
  GPtrArray *moves;            /* the main line's, as TbMove in pointers */
  TbLine *start;               /* at the game's start */
  TbLine *whole;               /* the whole main line: each job copies it (read-only) */
  Job *jobs;
  guint n_jobs;
  GAsyncQueue *finished;
  GCancellable *cancellable;
} Run;

gboolean
tb_game_analysis_limits (const TbRules *rules, guint level, TbAiAnalyseLimits *limits,
                         GError **error)
{
  g_return_val_if_fail (rules != NULL && limits != NULL, FALSE);

  if (level < TB_AI_MIN_LEVEL || level > TB_AI_MAX_LEVEL)
    {
      g_set_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LEVEL,
                   "%u is not a level of analysis (%d to %d)", level, TB_AI_MIN_LEVEL,
                   TB_AI_MAX_LEVEL);
      return FALSE;
    }
  /* The hint's budget is about a second of this machine per position:
   * half of it (level 3) analyses a game of 100 plies in well under a
   * minute on two cores (docs/architecture.md has the measures). */
  tb_ai_analyse_limits (rules, limits);
  if (level >= 4)
    limits->nodes <<= level - 4;
  else
    limits->nodes >>= 4 - level;
  return TRUE;
}

/* The workers yield to the window: on Linux a thread has a niceness of
 * its own, and an analysis 10 nicer than the rest leaves the main thread
 * the core it needs to draw (bench-ui: input-ms-analysing).  The pool's
 * threads are its own (exclusive), so no other work inherits it. */
static void
lower_priority (void)
{
#ifdef __linux__
  static GPrivate lowered;

  if (g_private_get (&lowered) == NULL)
    {
      id_t thread = (id_t) syscall (SYS_gettid);

      setpriority (PRIO_PROCESS, thread, MIN (getpriority (PRIO_PROCESS, thread) + 10, 19));
      g_private_set (&lowered, GINT_TO_POINTER (1));
    }
#endif
}

/* Each job copies the whole line and goes back to its position, the copy
 * freed when done: two copies at a time, not one a position (a game of
 * 2,000 plies would hold 2,000 lines of up to 2,000 positions). */
static void
analyse_job (gpointer job_data, gpointer run_data)
{
  Job *job = job_data;
  Run *run = run_data;
  g_autoptr (TbLine) line = tb_line_copy (run->whole);
  g_autofree TbMove *legal = g_new (TbMove, tb_line_get_variant (line)->max_moves);

  lower_priority ();
  while (tb_line_get_ply (line) > job->index)
    tb_line_pop (line);
  job->n_legal = tb_line_moves (line, legal, NULL);
  job->done = tb_ai_analyse (line, &run->limits, TB_GAME_ANALYSIS_LINES, run->cancellable,
                             &job->analysis, &job->error);
  g_async_queue_push (run->finished, job);
}

static void
make_jobs (Run *run, TbGame *game)
{
  const TbGameNode *node = tb_game_get_root (game);

  run->moves = g_ptr_array_new ();
  run->start = tb_game_new_line (game);
  run->whole = tb_game_new_line (game);
  while (tb_game_node_get_n_children (node) > 0)
    {
      node = tb_game_node_get_child (node, 0);
      g_ptr_array_add (run->moves, GSIZE_TO_POINTER (tb_game_node_get_move (node)));
      tb_line_push (run->whole, tb_game_node_get_move (node));
    }
  run->n_jobs = run->moves->len + 1;
  run->jobs = g_new0 (Job, run->n_jobs);
  for (guint i = 0; i < run->n_jobs; i++)
    run->jobs[i].index = i;
}

static void
run_free (Run *run)
{
  for (guint i = 0; i < run->n_jobs; i++)
    g_clear_error (&run->jobs[i].error);
  tb_line_free (run->start);
  tb_line_free (run->whole);
  g_free (run->jobs);
  g_ptr_array_unref (run->moves);
  g_clear_pointer (&run->finished, g_async_queue_unref);
  g_clear_object (&run->cancellable);
  g_free (run);
}

static Run *
run_new (TbGame *game, const TbAiAnalyseLimits *limits, GCancellable *cancellable)
{
  Run *run = g_new0 (Run, 1);

  run->limits = *limits;
  run->rules = tb_game_get_rules (game);
  run->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  run->finished = g_async_queue_new ();
  make_jobs (run, game);
  return run;
}

/* Runs the jobs on the pool; the first error of a job, if any. */
static gboolean
run_jobs (Run *run, TbGameAnalysisProgress progress, gpointer user_data, GError **error)
{
  GThreadPool *pool = g_thread_pool_new (analyse_job, run, WORKER_THREADS, TRUE, NULL);

  for (guint i = 0; i < run->n_jobs; i++)
    g_thread_pool_push (pool, &run->jobs[i], NULL);
  for (guint done = 1; done <= run->n_jobs; done++)
    {
      g_async_queue_pop (run->finished);
      if (progress)
        progress (done, run->n_jobs, user_data);
    }
  g_thread_pool_free (pool, FALSE, TRUE);
  for (guint i = 0; i < run->n_jobs; i++)
    if (!run->jobs[i].done)
      {
        g_propagate_error (error, g_steal_pointer (&run->jobs[i].error));
        return FALSE;
      }
  return TRUE;
}

static TbGameAnalysis *
run_analysis (Run *run, TbGameAnalysisProgress progress, gpointer user_data, GError **error)
{
  g_autofree TbAiAnalysis *positions = NULL;
  g_autofree guint *n_legal = NULL;
  g_autofree TbMove *moves = NULL;

  if (!run_jobs (run, progress, user_data, error))
    return NULL;
  positions = g_new (TbAiAnalysis, run->n_jobs);
  n_legal = g_new (guint, run->n_jobs);
  moves = g_new (TbMove, run->moves->len + 1);
  for (guint i = 0; i < run->n_jobs; i++)
    {
      positions[i] = run->jobs[i].analysis;
      n_legal[i] = run->jobs[i].n_legal;
      if (i < run->moves->len)
        moves[i] = (TbMove) GPOINTER_TO_SIZE (run->moves->pdata[i]);
    }
  return tb_game_analysis_judge (run->rules, positions, n_legal, moves, run->moves->len,
                                 run->start);
}

TbGameAnalysis *
tb_game_analyse (TbGame *game, const TbAiAnalyseLimits *limits, TbGameAnalysisProgress progress,
                 gpointer user_data, GCancellable *cancellable, GError **error)
{
  Run *run;
  TbGameAnalysis *analysis;

  g_return_val_if_fail (TB_IS_GAME (game) && limits != NULL, NULL);

  run = run_new (game, limits, cancellable);
  analysis = run_analysis (run, progress, user_data, error);
  run_free (run);
  return analysis;
}

/* The async version: the run is made on the caller's thread (the game is
 * not thread-safe), the jobs waited for in a GTask thread, and each
 * progress sent to the caller's main context. */
typedef struct
{
  Run *run;
  TbGameAnalysisProgress progress;
  gpointer progress_data;
  GMainContext *context;
} AsyncData;

typedef struct
{
  GTask *task;                 /* holds the data while a call waits */
  guint done, total;
} ProgressCall;

static void
async_data_free (AsyncData *data)
{
  run_free (data->run);
  g_main_context_unref (data->context);
  g_free (data);
}

static void
progress_call_free (ProgressCall *call)
{
  g_object_unref (call->task);
  g_free (call);
}

static gboolean
call_progress (gpointer user_data)
{
  ProgressCall *call = user_data;
  AsyncData *data = g_task_get_task_data (call->task);

  data->progress (call->done, call->total, data->progress_data);
  return G_SOURCE_REMOVE;
}

static void
send_progress (guint done, guint total, gpointer user_data)
{
  GTask *task = user_data;
  AsyncData *data = g_task_get_task_data (task);
  ProgressCall *call = g_new (ProgressCall, 1);

  *call = (ProgressCall) { g_object_ref (task), done, total };
  g_main_context_invoke_full (data->context, G_PRIORITY_DEFAULT, call_progress, call,
                              (GDestroyNotify) progress_call_free);
}

static void
analyse_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  AsyncData *data = task_data;
  GError *error = NULL;
  TbGameAnalysis *analysis = run_analysis (data->run, data->progress ? send_progress : NULL,
                                           task, &error);

  if (analysis)
    g_task_return_pointer (task, analysis, (GDestroyNotify) tb_game_analysis_free);
  else
    g_task_return_error (task, error);
}

void
tb_game_analyse_async (TbGame *game, const TbAiAnalyseLimits *limits,
                       TbGameAnalysisProgress progress, gpointer progress_data,
                       GCancellable *cancellable, GAsyncReadyCallback callback,
                       gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  AsyncData *data;

  g_return_if_fail (TB_IS_GAME (game) && limits != NULL);

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, tb_game_analyse_async);
  data = g_new0 (AsyncData, 1);
  data->run = run_new (game, limits, cancellable);
  data->progress = progress;
  data->progress_data = progress_data;
  data->context = g_main_context_ref_thread_default ();
  g_task_set_task_data (task, data, (GDestroyNotify) async_data_free);
  g_task_run_in_thread (task, analyse_in_thread);
}

TbGameAnalysis *
tb_game_analyse_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == tb_game_analyse_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
tb_game_analysis_free (TbGameAnalysis *analysis)
{
  if (analysis == NULL)
    return;
  g_free (analysis->evals);
  g_free (analysis->moves);
  g_free (analysis);
}
