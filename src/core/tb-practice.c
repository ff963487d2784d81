/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-practice.c: practice from one's own mistakes (tb-practice.h)
 *
 * The exercises are read from the stored games themselves: the analysis
 * wrote its glyphs and better lines into them, so nothing is kept twice;
 * the store keeps only the tries (tb-store-practice.c).
 */
#include "config.h"

#include <string.h>

#include "tb-practice.h"

#include "tb-game-analysis.h"
#include "tb-store-job.h"
#include "tb-text-fold.h"

TbPracticeExercise *
tb_practice_exercise_copy (const TbPracticeExercise *exercise)
{
  TbPracticeExercise *copy = g_memdup2 (exercise, sizeof *exercise);

  copy->game = g_object_ref (exercise->game);
  copy->line = tb_line_copy (exercise->line);
  return copy;
}

void
tb_practice_exercise_free (TbPracticeExercise *exercise)
{
  if (exercise == NULL)
    return;
  g_clear_object (&exercise->game);
  g_clear_pointer (&exercise->line, tb_line_free);
  g_free (exercise);
}

double
tb_practice_margin (const TbRules *rules)
{
  TbMoveThresholds thresholds;

  tb_game_analysis_thresholds (rules, &thresholds);
  return thresholds.inaccuracy;
}

guint64
tb_practice_default_nodes (const TbRules *rules)
{
  TbAiAnalyseLimits limits;

  tb_game_analysis_limits (rules, TB_GAME_ANALYSIS_DEFAULT_LEVEL, &limits, NULL);
  return limits.nodes;
}

static double
for_seat (double seat_1_expected, guint seat)
{
  return seat == 1 ? seat_1_expected : 1.0 - seat_1_expected;
}

static gboolean
marked_wrong (const TbGameNode *node, guint8 *nag)
{
  guint n;
  const guint8 *nags = tb_game_node_get_nags (node, &n);

  for (guint i = 0; i < n; i++)
    if (nags[i] == tb_move_quality_nag (TB_MOVE_QUALITY_MISTAKE) ||
        nags[i] == tb_move_quality_nag (TB_MOVE_QUALITY_BLUNDER))
      {
        *nag = nags[i];
        return TRUE;
      }
  return FALSE;
}

/* The analysis' better move instead of node's: the variation beside it
 * with an evaluation, the best for seat when there are several (a
 * person's own variations have none); NULL when there is none. */
static const TbGameNode *
better_sibling (const TbGameNode *node, guint seat)
{
  const TbGameNode *best = NULL;
  double best_score = -1.0;

  for (const TbGameNode *s = tb_game_node_get_child (tb_game_node_get_parent (node), 0); s;
       s = tb_game_node_get_next_sibling (s))
    if (s != node && tb_game_node_get_eval (s) != TB_EVAL_NONE &&
        for_seat (tb_game_node_get_eval (s), seat) > best_score)
      {
        best = s;
        best_score = for_seat (tb_game_node_get_eval (s), seat);
      }
  return best;
}

static gboolean
is_player (TbGame *game, guint seat, const char *folded_player)
{
  const char *stored = tb_game_get_player_name (game, seat);
  g_autofree char *name = NULL;

  if (folded_player == NULL)
    return TRUE;
  if (stored == NULL)
    return FALSE;
  name = tb_text_fold (stored);
  return g_strcmp0 (name, folded_player) == 0;
}

static TbPracticeExercise *
exercise_new (TbGame *game, gint64 id, guint ply, guint seat, const TbLine *line,
              const TbGameNode *node, const TbGameNode *better, guint8 nag)
{
  TbPracticeExercise *e = g_new0 (TbPracticeExercise, 1);

  e->game_id = id;
  e->ply = ply;
  e->seat = seat;
  e->game = g_object_ref (game);
  e->line = tb_line_copy (line);
  e->played = tb_game_node_get_move (node);
  e->nag = nag;
  e->better = tb_game_node_get_move (better);
  e->better_expected = for_seat (tb_game_node_get_eval (better), seat);
  e->played_expected = for_seat (tb_game_node_get_eval (node), seat);
  e->result = (TbStorePracticeResult) { .game = id, .ply = ply, .seat = seat };
  return e;
}

GPtrArray *
tb_practice_exercises_of_game (TbGame *game, gint64 id, const char *player)
{
  GPtrArray *exercises =
    g_ptr_array_new_with_free_func ((GDestroyNotify) tb_practice_exercise_free);
  g_autofree char *folded = player ? tb_text_fold (player) : NULL;
  g_autoptr (TbLine) line = NULL;
  const TbGameNode *node;

  g_return_val_if_fail (TB_IS_GAME (game), exercises);

  line = tb_game_new_line (game);
  node = tb_game_get_root (game);
  for (guint ply = 1; tb_game_node_get_n_children (node) > 0; ply++)
    {
      const TbGameNode *child = tb_game_node_get_child (node, 0);
      guint seat = tb_position_to_move (tb_line_get_position (line));
      const TbGameNode *better;
      guint8 nag;

      if (seat != 0 && marked_wrong (child, &nag) && is_player (game, seat, folded) &&
          (better = better_sibling (child, seat)) != NULL &&
          tb_game_node_get_eval (child) != TB_EVAL_NONE)
        g_ptr_array_add (exercises, exercise_new (game, id, ply, seat, line, child, better, nag));
      tb_line_push (line, tb_game_node_get_move (child));
      node = child;
    }
  return exercises;
}

/* 0: failed last time, 1: never tried, 2: solved last time. */
static int
rank (const TbPracticeExercise *e)
{
  if (e->result.tries == 0)
    return 1;
  return e->result.last_solved ? 2 : 0;
}

static int
compare_exercises (gconstpointer a, gconstpointer b)
{
  const TbPracticeExercise *x = *(TbPracticeExercise *const *) a;
  const TbPracticeExercise *y = *(TbPracticeExercise *const *) b;

  if (rank (x) != rank (y))
    return rank (x) - rank (y);
  if (x->game_id != y->game_id)
    return x->game_id < y->game_id ? -1 : 1;
  return (int) x->ply - (int) y->ply;
}

void
tb_practice_sort (GPtrArray *exercises)
{
  g_return_if_fail (exercises != NULL);
  g_ptr_array_sort (exercises, compare_exercises);
}

static void
attach_results (GPtrArray *exercises, guint from, const GArray *results)
{
  for (guint i = from; i < exercises->len; i++)
    {
      TbPracticeExercise *e = exercises->pdata[i];

      for (guint r = 0; r < results->len; r++)
        if (g_array_index (results, TbStorePracticeResult, r).ply == e->ply)
          e->result = g_array_index (results, TbStorePracticeResult, r);
    }
}

/* One game's exercises and results added to exercises; FALSE when the
 * store fails (a game that no longer reads is left out: the others are
 * still practised). */
static gboolean
add_game (TbStore *store, gint64 id, const char *player, GPtrArray *exercises, GError **error)
{
  g_autoptr (GError) unread = NULL;
  g_autoptr (TbGame) game = tb_store_load_game (store, id, &unread);
  g_autoptr (GPtrArray) found = NULL;
  g_autoptr (GArray) results = NULL;
  guint from = exercises->len;

  if (game == NULL)
    {
      g_warning ("practice: %s", unread->message);
      return !tb_store_error_is_failure (unread) ||
             (g_propagate_error (error, g_steal_pointer (&unread)), FALSE);
    }
  found = tb_practice_exercises_of_game (game, id, player);
  if (found->len == 0)
    return TRUE;
  if ((results = tb_store_practice_results (store, id, error)) == NULL)
    return FALSE;
  g_ptr_array_extend_and_steal (exercises, g_steal_pointer (&found));
  attach_results (exercises, from, results);
  return TRUE;
}

GPtrArray *
tb_practice_load (TbStore *store, const char *ruleset, const char *player, GError **error)
{
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GPtrArray) exercises = NULL;

  g_return_val_if_fail (TB_IS_STORE (store) && player != NULL, NULL);

  if ((ids = tb_store_practice_games (store, ruleset, player, error)) == NULL)
    return NULL;
  exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) tb_practice_exercise_free);
  for (guint i = 0; i < ids->len; i++)
    if (!add_game (store, g_array_index (ids, gint64, i), player, exercises, error))
      return NULL;
  tb_practice_sort (exercises);
  return g_steal_pointer (&exercises);
}

/* ---- off the main thread ---- */

typedef struct
{
  char *ruleset;
  char *player;
} LoadArgs;

static void
load_args_free (LoadArgs *args)
{
  g_free (args->ruleset);
  g_free (args->player);
  g_free (args);
}

static gpointer
load_job (TbStore *store, gpointer data, GError **error)
{
  LoadArgs *args = data;

  return tb_practice_load (store, args->ruleset, args->player, error);
}

void
tb_practice_load_async (TbStore *store, const char *ruleset, const char *player,
                        GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  LoadArgs *args = g_new0 (LoadArgs, 1);

  g_return_if_fail (player != NULL);

  args->ruleset = g_strdup (ruleset);
  args->player = g_strdup (player);
  tb_store_job_run (store, load_job, args, (GDestroyNotify) load_args_free,
                    (GDestroyNotify) g_ptr_array_unref, cancellable, callback, user_data);
}

GPtrArray *
tb_practice_load_finish (GAsyncResult *result, GError **error)
{
  return tb_store_job_run_finish (result, error);
}

static gpointer
counts_job (TbStore *store, gpointer data, GError **error)
{
  return tb_store_practice_counts (store, data, error);
}

void
tb_practice_counts_async (TbStore *store, const char *ruleset, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data)
{
  tb_store_job_run (store, counts_job, g_strdup (ruleset), g_free,
                    (GDestroyNotify) g_hash_table_unref, cancellable, callback, user_data);
}

GHashTable *
tb_practice_counts_finish (GAsyncResult *result, GError **error)
{
  return tb_store_job_run_finish (result, error);
}

static gpointer
record_job (TbStore *store, gpointer data, GError **error)
{
  TbStorePracticeResult *r = data;

  if (!tb_store_practice_record (store, r->game, r->ply, r->seat, r->last_solved, r->last_tried,
                                 error))
    return NULL;
  return GINT_TO_POINTER (TRUE);
}

void
tb_practice_record_async (TbStore *store, TbPracticeExercise *exercise, gboolean solved,
                          GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data)
{
  TbStorePracticeResult *r = &exercise->result;

  r->tries++;
  r->solved += solved ? 1 : 0;
  r->last_solved = solved;
  r->last_tried = g_get_real_time () / G_USEC_PER_SEC;
  tb_store_job_run (store, record_job, g_memdup2 (r, sizeof *r), g_free, NULL, cancellable,
                    callback, user_data);
}

gboolean
tb_practice_record_finish (GAsyncResult *result, GError **error)
{
  return tb_store_job_run_finish (result, error) != NULL;
}

/* ---- texts ---- */

char *
tb_practice_format_move (const TbPracticeExercise *exercise, TbMove move)
{
  return tb_variant_format_move (tb_line_get_variant (exercise->line),
                                 tb_line_get_position (exercise->line), move);
}

char *
tb_practice_hint_text (const TbPracticeExercise *exercise)
{
  g_autofree char *text = tb_practice_format_move (exercise, exercise->better);
  gsize cut = strcspn (text, "-:");

  if (text[cut] == '\0')
    return g_strdup (text);
  text[cut + 1] = '\0';
  return g_strconcat (text, "…", NULL);
}
