/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-practice.c: practice from one's own mistakes (tb-practice.h)
 *
 * Exercises are built from a stored analysed game: the position before
 * the player's mistake, that player to move, the analysis' better move;
 * a move within the game's margin of the best is accepted and one
 * outside refused; each try is stored, the exercises failed last come
 * first, and the results survive closing and reopening the store.
 */
#include "config.h"

#include <string.h>

#include "tb-ai.h"
#include "tb-game-analysis.h"
#include "tb-practice.h"
#include "tb-store-job.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-text-fold.h"

/* Few nodes: the tests cannot wait for the default analysis. */
#define TEST_NODES 3000

/* Dark throws the game away: the pawn worth 4 fills the last target and
 * wins 7-6; anything else lets Light's pawn on a5 in, 10-3. */
#define THROWAWAY_POSITION "to-move=1 V1@e1 V2@e9 P4/1@b4 P1/2@a5 P3/1@d5 P2/2@f5 P2/2@h5"
#define THROWAWAY_BETTER "b4-b5"

static void
name_players (TbGame *game, const char *one, const char *two)
{
  tb_game_set_tag (game, "Player1", one);
  tb_game_set_tag (game, "Player2", two);
}

static void
analyse_into (TbGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGameAnalysis) analysis = NULL;
  TbAiAnalyseLimits limits;

  tb_game_analysis_limits (tb_game_get_rules (game), 1, &limits, NULL);
  limits.nodes = TEST_NODES;
  analysis = tb_game_analyse (game, &limits, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  tb_game_analysis_apply (analysis, game);
}

/* The throwaway position with its first legal move other than the
 * winning one played, by Élodie against Bob. */
static TbGame *
throwaway_game (void)
{
  g_autoptr (TbLine) line = tt_line_at ("versus-61", NULL, THROWAWAY_POSITION);
  g_auto (GStrv) legal = tt_legal (line);
  TbGame *game = tb_game_new_at (tb_line_get_variant (line), tb_line_get_position (line));
  guint i = 0;

  while (legal[i] && g_str_equal (legal[i], THROWAWAY_BETTER))
    i++;
  tt_play_moves (game, (const char *const[]) { legal[i], NULL });
  name_players (game, "Élodie Martin", "Bob");
  return game;
}

/* A game of random moves (a mistake every few moves), analysed. */
static TbGame *
random_analysed_game (const char *ruleset, guint64 seed, guint plies)
{
  TbGame *game = tt_new_game (ruleset, NULL);
  TbRandom rng;

  tb_random_init (&rng, seed);
  for (guint i = 0; i < plies && !tb_game_is_over (game); i++)
    g_assert_true (tb_game_play (game, tt_random_move (game, &rng), NULL));
  name_players (game, "Alice", "Bob");
  analyse_into (game);
  return game;
}

static char *
position_text (const TbLine *line)
{
  return tb_variant_format_position (tb_line_get_variant (line), tb_line_get_position (line));
}

/* The exercise is the position before Élodie's mistake, hers to move,
 * the winning move its solution; Bob has none, nor does a game never
 * analysed; the name is found in any case and without its accents. */
static void
test_exercises_from_stored_game (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = throwaway_game ();
  g_autoptr (TbGame) plain = throwaway_game ();
  g_autoptr (TbLine) start = tt_line_at ("versus-61", NULL, THROWAWAY_POSITION);
  g_autoptr (GPtrArray) exercises = NULL;
  g_autoptr (GPtrArray) none = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *expected_position = position_text (start);
  g_autofree char *position = NULL, *better = NULL, *played = NULL;
  TbPracticeExercise *e;
  gint64 id;

  analyse_into (game);
  id = tb_store_add_game (store, game, &error);
  tb_store_add_game (store, plain, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  store = open_store (f);

  exercises = tb_practice_load (store, "versus-61", "ELODIE martin", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (exercises->len, ==, 1);
  e = exercises->pdata[0];
  g_assert_cmpint (e->game_id, ==, id);
  g_assert_cmpuint (e->ply, ==, 1);
  g_assert_cmpuint (e->seat, ==, 1);
  g_assert_true (e->nag == 2 || e->nag == 4);
  position = position_text (e->line);
  g_assert_cmpstr (position, ==, expected_position);
  better = tb_practice_format_move (e, e->better);
  g_assert_cmpstr (better, ==, THROWAWAY_BETTER);
  played = tb_practice_format_move (e, e->played);
  g_assert_cmpstr (played, !=, THROWAWAY_BETTER);
  g_assert_cmpfloat (e->better_expected, >, e->played_expected);
  g_assert_cmpuint (e->result.tries, ==, 0);

  none = tb_practice_load (store, "versus-61", "Bob", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);
  g_clear_pointer (&none, g_ptr_array_unref);
  none = tb_practice_load (store, "ra", "Élodie Martin", &error);
  g_assert_cmpuint (none->len, ==, 0);
}

/* The solution is accepted, the move played and every other move (each
 * lets Light in) refused; the hint gives the start of the solution. */
static void
test_throwaway_judged (void)
{
  g_autoptr (TbGame) game = throwaway_game ();
  g_autoptr (GPtrArray) exercises = NULL;
  g_autofree TbMove *legal = NULL;
  g_autofree char *hint = NULL;
  TbPracticeExercise *e;
  TbPracticeVerdict verdict;
  guint n;

  analyse_into (game);
  exercises = tb_practice_exercises_of_game (game, 1, "Élodie Martin");
  g_assert_cmpuint (exercises->len, ==, 1);
  e = exercises->pdata[0];
  hint = tb_practice_hint_text (e);
  g_assert_cmpstr (hint, ==, "b4-…");

  g_assert_true (tb_practice_judge (e, e->better, TEST_NODES, NULL, &verdict, NULL));
  g_assert_true (verdict.accepted);
  g_assert_true (tb_practice_judge (e, e->played, TEST_NODES, NULL, &verdict, NULL));
  g_assert_false (verdict.accepted);
  legal = g_new (TbMove, tb_line_get_variant (e->line)->max_moves);
  n = tb_line_moves (e->line, legal, NULL);
  for (guint i = 0; i < n; i++)
    if (legal[i] != e->better)
      {
        g_autoptr (GError) error = NULL;

        g_assert_true (tb_practice_judge (e, legal[i], TEST_NODES, NULL, &verdict, &error));
        g_assert_no_error (error);
        g_assert_false (verdict.accepted);
        g_assert_cmpfloat (verdict.loss, >=, tb_practice_margin (tb_game_get_rules (game)));
      }
}

static void
on_judged (GObject *source, GAsyncResult *result, gpointer data)
{
  TbPracticeVerdict *verdict = data;
  g_autoptr (GError) error = NULL;

  g_assert_true (tb_practice_judge_finish (result, verdict, &error));
  g_assert_no_error (error);
}

/* Off the main thread, on its own copy: the exercises may go meanwhile
 * (another session started); the verdict is the same. */
static void
test_judged_off_the_main_thread (void)
{
  g_autoptr (TbGame) game = throwaway_game ();
  g_autoptr (GPtrArray) exercises = NULL;
  TbPracticeVerdict verdict = { .loss = -1.0 }, sync;
  TbPracticeExercise *e;
  g_autofree TbMove *legal = NULL;
  TbMove other = TB_MOVE_NONE;
  guint n;

  analyse_into (game);
  exercises = tb_practice_exercises_of_game (game, 1, "Élodie Martin");
  e = exercises->pdata[0];
  legal = g_new (TbMove, tb_line_get_variant (e->line)->max_moves);
  n = tb_line_moves (e->line, legal, NULL);
  for (guint i = 0; i < n && other == TB_MOVE_NONE; i++)
    if (legal[i] != e->better && legal[i] != e->played)
      other = legal[i];
  g_assert_true (other != TB_MOVE_NONE);
  g_assert_true (tb_practice_judge (e, other, TEST_NODES, NULL, &sync, NULL));
  tb_practice_judge_async (e, other, TEST_NODES, NULL, on_judged, &verdict);
  g_clear_pointer (&exercises, g_ptr_array_unref);
  while (verdict.loss < 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (verdict.accepted);
  g_assert_cmpfloat (verdict.loss, ==, sync.loss);
}

/* A move other than the analysis' own, within the margin of the best
 * by the search of the position, is accepted; one further off is
 * refused.  Random games have both kinds somewhere. */
static void
test_margin (void)
{
  gboolean found_in = FALSE, found_out = FALSE;

  for (guint64 seed = 1; seed <= 6 && !(found_in && found_out); seed++)
    {
      g_autoptr (TbGame) game = random_analysed_game ("versus-61", seed, 40);
      g_autoptr (GPtrArray) exercises = tb_practice_exercises_of_game (game, 1, NULL);
      double margin = tb_practice_margin (tb_game_get_rules (game));

      for (guint i = 0; i < exercises->len && !(found_in && found_out); i++)
        {
          TbPracticeExercise *e = exercises->pdata[i];
          TbAiAnalyseLimits limits = { TEST_NODES, 0, 0 };
          TbAiAnalysis analysis;
          g_autoptr (TbLine) line = tb_line_copy (e->line);

          g_assert_true (tb_ai_analyse (line, &limits, 4, NULL, &analysis, NULL));
          for (guint v = 1; v < analysis.n_variations; v++)
            {
              TbMove move = analysis.variations[v].moves[0];
              double best = analysis.expected, score = analysis.variations[v].expected;
              double loss = e->seat == 1 ? best - score : score - best;
              TbPracticeVerdict verdict;

              if (move == e->better || move == e->played)
                continue;
              g_assert_true (tb_practice_judge (e, move, TEST_NODES, NULL, &verdict, NULL));
              g_assert_cmpfloat_with_epsilon (verdict.loss, MAX (loss, 0.0), 1e-9);
              g_assert_cmpint (verdict.accepted, ==, loss < margin);
              found_in |= loss < margin;
              found_out |= loss >= margin;
            }
        }
    }
  g_assert_true (found_in);
  g_assert_true (found_out);
}

static gboolean
stored_order_is (GPtrArray *exercises, const TbPracticeExercise *first,
                 const TbPracticeExercise *last)
{
  const TbPracticeExercise *a = exercises->pdata[0];
  const TbPracticeExercise *z = exercises->pdata[exercises->len - 1];

  return a->game_id == first->game_id && a->ply == first->ply && z->game_id == last->game_id &&
         z->ply == last->ply;
}

static void
on_recorded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tb_practice_record_finish (result, &error));
  g_assert_no_error (error);
  (*(guint *) data)++;
}

/* One exercise solved, another failed: reopened, the failed one comes
 * first and the solved one last, each with its tries; the Players
 * window's counts say so; deleting the game deletes its results. */
static void
test_results_kept_and_ordered (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = random_analysed_game ("versus-61", 3, 60);
  g_autoptr (GPtrArray) exercises = NULL;
  g_autoptr (GPtrArray) again = NULL;
  g_autoptr (GHashTable) counts = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *rows = NULL;
  g_autofree char *alice = tb_text_fold ("Alice");
  TbPracticeExercise *solved, *failed;
  TbStorePracticeCounts *c;
  guint recorded = 0;
  gint64 id;

  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  exercises = tb_practice_load (store, NULL, "Alice", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (exercises->len, >=, 3);
  /* The first solved (twice: failed, then solved), the last failed. */
  solved = exercises->pdata[0];
  failed = exercises->pdata[exercises->len - 1];
  tb_practice_record_async (store, solved, FALSE, NULL, on_recorded, &recorded);
  tb_practice_record_async (store, solved, TRUE, NULL, on_recorded, &recorded);
  tb_practice_record_async (store, failed, FALSE, NULL, on_recorded, &recorded);
  while (recorded < 3)
    g_main_context_iteration (NULL, TRUE);
  g_clear_object (&store);

  store = open_store (f);
  again = tb_practice_load (store, NULL, "alice", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->len, ==, exercises->len);
  g_assert_true (stored_order_is (again, failed, solved));
  g_assert_cmpuint (((TbPracticeExercise *) again->pdata[0])->result.tries, ==, 1);
  g_assert_false (((TbPracticeExercise *) again->pdata[0])->result.last_solved);
  g_assert_cmpuint (((TbPracticeExercise *) again->pdata[again->len - 1])->result.tries, ==, 2);
  g_assert_cmpuint (((TbPracticeExercise *) again->pdata[again->len - 1])->result.solved, ==, 1);
  g_assert_true (((TbPracticeExercise *) again->pdata[again->len - 1])->result.last_solved);
  /* The untried between, in the order of the game. */
  for (guint i = 2; i + 1 < again->len; i++)
    g_assert_cmpuint (((TbPracticeExercise *) again->pdata[i - 1])->ply, <,
                      ((TbPracticeExercise *) again->pdata[i])->ply);

  counts = tb_store_practice_counts (store, "versus-61", &error);
  g_assert_no_error (error);
  c = g_hash_table_lookup (counts, alice);
  g_assert_nonnull (c);
  g_assert_cmpuint (c->analysed_games, ==, 1);
  g_assert_cmpuint (c->solved, ==, 1);

  g_assert_true (tb_store_delete_game (store, id, &error));
  rows = raw_query (f->path, "SELECT count(*) FROM practice");
  g_assert_cmpstr (rows, ==, "0");
}

/* A database of schema 7 gets the practice's table. */
static void
test_upgrade_from_7 (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = throwaway_game ();
  g_autoptr (GPtrArray) exercises = NULL;
  g_autoptr (GError) error = NULL;

  analyse_into (game);
  tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  make_older (f->path, 7);
  store = open_store (f);
  exercises = tb_practice_load (store, NULL, "Élodie Martin", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (exercises->len, ==, 1);
  g_assert_true (tb_store_practice_record (store, ((TbPracticeExercise *) exercises->pdata[0])->game_id,
                                           1, 1, TRUE, 1000, &error));
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/practice/exercises-from-stored-game", Fixture, NULL, fixture_set_up,
              test_exercises_from_stored_game, fixture_tear_down);
  g_test_add_func ("/practice/throwaway-judged", test_throwaway_judged);
  g_test_add_func ("/practice/judged-off-the-main-thread", test_judged_off_the_main_thread);
  g_test_add_func ("/practice/margin", test_margin);
  g_test_add ("/practice/results-kept-and-ordered", Fixture, NULL, fixture_set_up,
              test_results_kept_and_ordered, fixture_tear_down);
  g_test_add ("/practice/upgrade-from-7", Fixture, NULL, fixture_set_up, test_upgrade_from_7,
              fixture_tear_down);
  return g_test_run ();
}
