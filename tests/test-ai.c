/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai.c: the computer players: tactics every game's level 3 must see
 * (a move that wins the game or points, or stops the opponent's win), the
 * same move for the same seed, cancellation within 50 ms, both searches,
 * and the errors.
 */
#include "config.h"

#include <string.h>

#include "tb-ai.h"
#include "tb-rules-table.h"
#include "tb-test-util.h"

static char *
think (TbLine *line, guint level, guint64 seed)
{
  TbVariant *v = tb_line_get_variant (line);
  g_autoptr (GError) error = NULL;
  TbAiLimits limits;
  TbAiResult result;

  g_assert_true (tb_ai_level_limits (v->rules, level, &limits, &error));
  g_assert_no_error (error);
  g_assert_true (tb_ai_think (line, &limits, seed, NULL, &result, &error));
  g_assert_no_error (error);
  return tb_variant_format_move (v, tb_line_get_position (line), result.move);
}

static void
assert_level_3_plays (const char *ruleset, const char *position, const char *expected)
{
  g_autoptr (TbLine) line = tt_line_at (ruleset, NULL, position);
  g_autofree char *move = think (line, 3, 1);

  g_assert_cmpstr (move, ==, expected);
}

/* Versus: the last empty target filled by the pawn worth 4 wins 7-6;
 * anything else lets Light's pawn on a5 in for 10-3. */
static void
test_versus_fills_the_last_target_to_win (void)
{
  assert_level_3_plays ("versus-61", "to-move=1 V1@e1 V2@e9 P4/1@b4 P1/2@a5 P3/1@d5 P2/2@f5 P2/2@h5",
                        "b4-b5");
}

/* Versus on 91 hexes: the 5-pawn fills the last target, 11-9; Light's
 * 4-pawn beside it would make it 6-13. */
static void
test_versus_91_fills_the_last_target_to_win (void)
{
  assert_level_3_plays ("versus-91",
                        "to-move=1 V1@f1 V2@f11 P5/1@c5 P1/2@b6 P3/1@a6 P2/2@e6 P2/2@g6 "
                        "P3/1@i6 P2/2@k6", "c5-c6");
}

/* Versus: the VERSUS moves onto the file of Light's pawn and pulls it
 * onto the empty target b5, turned: 4 points for Dark. */
static void
test_versus_pulls_a_pawn_onto_a_target (void)
{
  g_autoptr (TbLine) line = tt_line_at ("versus-61", NULL, "to-move=1 V1@e2 V2@i9 P4/2@b6 P3/1@a1");
  g_autofree char *move = think (line, 3, 1);
  TbVariant *v = tb_line_get_variant (line);
  int scores[2];

  tt_play (line, move);
  tb_variant_score (v, tb_line_get_position (line), scores);
  g_assert_cmpint (scores[0], ==, 4);
}

/* RA: two pawns enter the enemy RA (3 points) rather than one (1). */
static void
test_ra_enters_with_the_most_points (void)
{
  assert_level_3_plays ("ra", "to-move=1 1:2@h7 1:1@j4 1:3@c5 2:3@k9 2:1@a1", "2h7-j7");
}

/* RA: Red's stack of three beside d7 would enter for 6; only capturing
 * it with the stack of three on e8 stops it. */
static void
test_ra_captures_the_stack_at_the_gate (void)
{
  assert_level_3_plays ("ra", "to-move=1 1:3@e8 1:3@c5 2:3@e7 2:3@k9", "3e8-e7");
}

/* Oraïa: the fourth pawn steps home, and Red cannot equalise. */
static void
test_oraia_brings_the_last_pawn_home (void)
{
  assert_level_3_plays ("oraia",
                        "to-move=1 starter=1 1*@P1 1*@P3 1*@P5 1*@O7 2@O1 2@O3 2@I5 2@I0",
                        "O7-P7");
}

/* Oraïa's evaluation knows where a charged pawn can come out: on O1 it
 * faces Blue's free start place P1, one step from home; on O0 it faces
 * its own start place and must first step to O1 (O7 faces P7, where a
 * Blue pawn still stands).  A first version counted both as one step. */
static void
test_oraia_evaluation_counts_steps_to_a_free_exit (void)
{
  const char *blue = "2@P3 2@P5 2@P7 2*@O4";
  g_autofree char *facing_exit = g_strdup_printf ("to-move=1 starter=1 r=0 1*@O1 %s", blue);
  g_autofree char *facing_own = g_strdup_printf ("to-move=1 starter=1 r=0 1*@O0 %s", blue);
  g_autoptr (TbLine) near = tt_line_at ("oraia", NULL, facing_exit);
  g_autoptr (TbLine) far = tt_line_at ("oraia", NULL, facing_own);
  TbVariant *v = tb_line_get_variant (near);

  g_assert_cmpint (v->rules->evaluate (v, tb_line_get_position (near))
                   - v->rules->evaluate (v, tb_line_get_position (far)), ==, 100);
}

/* Retournement: of Red's two pieces, the X5 (4 points) is turned, not
 * the monomino (1). */
static void
test_retournement_turns_the_big_piece (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("retournement", NULL, "to-move=1 RR:X5:b1-a2-b2-c2-b3 RR:I1:k11");
  g_autofree char *move = think (line, 3, 1);
  g_autofree char *position = NULL;

  tt_play (line, move);
  position = tt_position (line);
  g_assert_nonnull (strstr (position, "RW:X5:b1-a2-b2-c2-b3"));
  g_assert_nonnull (strstr (position, "RR:I1:k11"));
}

/* Same seed, same move, at every level of every game; the weak levels'
 * blur does change with the seed. */
static void
test_same_seed_same_move (void)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint r = 0; r < n_rules; r++)
    for (guint level = 1; level <= 3; level++)
      {
        g_autoptr (TbLine) line = tt_line (tb_rules_get_id (rules[r]), NULL, NULL);
        g_autofree char *first = think (line, level, 42);
        g_autofree char *again = think (line, level, 42);

        g_assert_cmpstr (first, ==, again);
        /* The line comes back as it was. */
        g_assert_cmpuint (tb_line_get_ply (line), ==, 0);
      }
  for (guint64 seed = 1; seed <= 30; seed++)
    {
      g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);

      g_hash_table_add (seen, think (line, 1, seed));
    }
  g_assert_cmpuint (g_hash_table_size (seen), >=, 2);
}

typedef struct
{
  TbLine *line;
  GCancellable *cancellable;
  gint64 returned;
  gboolean ok;
  GError *error;
} ThreadRun;

static gpointer
think_in_thread (gpointer data)
{
  ThreadRun *run = data;
  TbAiLimits limits = { TB_AI_ALPHA_BETA, 64, 0, 0, 0, 0, 0, 0 };
  TbAiResult result;

  run->ok = tb_ai_think (run->line, &limits, 1, run->cancellable, &result, &run->error);
  run->returned = g_get_monotonic_time ();
  return NULL;
}

/* A search with no limit stops within 50 ms of being cancelled. */
static void
test_cancelled_within_50_ms (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-91", NULL, NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  ThreadRun run = { line, cancellable, 0, TRUE, NULL };
  GThread *thread = g_thread_new ("think", think_in_thread, &run);
  gint64 cancelled;

  g_usleep (200 * 1000);
  cancelled = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  g_thread_join (thread);
  g_test_message ("returned %.1f ms after the cancel", (run.returned - cancelled) / 1000.0);
  g_assert_cmpint (run.returned - cancelled, <=, 50 * 1000);
  g_assert_false (run.ok);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
}

static void
on_thought (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ThreadRun *run = user_data;
  TbAiResult out;

  run->ok = tb_ai_think_finish (result, &out, &run->error);
  run->returned = g_get_monotonic_time ();
}

static gboolean
cancel_soon (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* The same through the worker thread of a game, as the window uses it;
 * and a search left alone answers with a legal move. */
static void
test_async_cancelled_and_finished (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) game = tb_game_new (v, 1);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  TbAiLimits endless = { TB_AI_ALPHA_BETA, 64, 0, 0, 0, 0, 0, 0 };
  TbAiLimits quick = { TB_AI_ALPHA_BETA, 3, 0, 0, 0, 0, 0, 0 };
  ThreadRun run = { NULL, cancellable, 0, TRUE, NULL };

  tb_game_play_text (game, "c1-c3", NULL);
  tb_ai_think_async (game, &endless, 1, cancellable, on_thought, &run);
  g_timeout_add (100, cancel_soon, cancellable);
  while (run.returned == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (run.ok);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);

  run = (ThreadRun) { NULL, NULL, 0, FALSE, NULL };
  tb_ai_think_async (game, &quick, 1, NULL, on_thought, &run);
  while (run.returned == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
}

/* Monte Carlo tree search finds the same wins. */
static void
test_mcts_finds_the_wins (void)
{
  static const struct
  {
    const char *ruleset, *position, *expected;
  } cases[] = {
    { "oraia", "to-move=1 starter=1 1*@P1 1*@P3 1*@P5 1*@O7 2@O1 2@O3 2@I5 2@I0", "O7-P7" },
    { "ra", "to-move=1 1:2@h7 1:3@c5 2:3@k9 2:1@a1", "2h7-j7" },
  };
  TbAiLimits limits = { TB_AI_MCTS, 0, 3000, 0, 0, 0, 30, 300 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TbLine) line = tt_line_at (cases[i].ruleset, NULL, cases[i].position);
      g_autoptr (GError) error = NULL;
      g_autofree char *move = NULL;
      TbAiResult result;

      g_assert_true (tb_ai_think (line, &limits, 3, NULL, &result, &error));
      move = tb_variant_format_move (tb_line_get_variant (line), tb_line_get_position (line),
                                     result.move);
      g_assert_cmpstr (move, ==, cases[i].expected);
      g_assert_cmpuint (result.iterations, ==, 3000);
      g_assert_cmpuint (tb_line_get_ply (line), ==, 0);
    }
}

static void
test_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbLine) over = tt_line_at ("oraia", NULL,
                                        "to-move=2 starter=1 1*@P1 1*@P3 1*@P5 1*@P7 2@O1");
  TbAiLimits limits;
  TbAiResult result;

  g_assert_false (tb_ai_level_limits (tb_rules_lookup ("ra"), 0, &limits, &error));
  g_assert_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LEVEL);
  g_clear_error (&error);
  g_assert_false (tb_ai_level_limits (tb_rules_lookup ("ra"), 6, &limits, &error));
  g_assert_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LEVEL);
  g_clear_error (&error);
  g_assert_true (tb_ai_level_limits (tb_rules_lookup ("oraia"), 3, &limits, NULL));
  g_assert_false (tb_ai_think (over, &limits, 1, NULL, &result, &error));
  g_assert_error (error, TB_AI_ERROR, TB_AI_ERROR_GAME_OVER);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ai/tactics/versus-fills-the-last-target-to-win",
                   test_versus_fills_the_last_target_to_win);
  g_test_add_func ("/ai/tactics/versus-91-fills-the-last-target-to-win",
                   test_versus_91_fills_the_last_target_to_win);
  g_test_add_func ("/ai/tactics/versus-pulls-a-pawn-onto-a-target",
                   test_versus_pulls_a_pawn_onto_a_target);
  g_test_add_func ("/ai/tactics/ra-enters-with-the-most-points", test_ra_enters_with_the_most_points);
  g_test_add_func ("/ai/tactics/ra-captures-the-stack-at-the-gate",
                   test_ra_captures_the_stack_at_the_gate);
  g_test_add_func ("/ai/tactics/oraia-brings-the-last-pawn-home",
                   test_oraia_brings_the_last_pawn_home);
  g_test_add_func ("/ai/oraia-evaluation-counts-steps-to-a-free-exit",
                   test_oraia_evaluation_counts_steps_to_a_free_exit);
  g_test_add_func ("/ai/tactics/retournement-turns-the-big-piece",
                   test_retournement_turns_the_big_piece);
  g_test_add_func ("/ai/same-seed-same-move", test_same_seed_same_move);
  g_test_add_func ("/ai/cancelled-within-50-ms", test_cancelled_within_50_ms);
  g_test_add_func ("/ai/async-cancelled-and-finished", test_async_cancelled_and_finished);
  g_test_add_func ("/ai/mcts-finds-the-wins", test_mcts_finds_the_wins);
  g_test_add_func ("/ai/errors", test_errors);

  return g_test_run ();
}
