/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai.c: the computer players: tactics every game's level 3 must see
 * (a move that wins the game or points, or stops the opponent's win), the
 * same move for the same seed, cancellation within 50 ms, both searches,
 * and the errors; the hint; the analysis of a position (deterministic,
 * its expected scores, its best moves, cancelled); tree reuse between
 * moves (level 5 by time only).
 */
#include "config.h"

#include <math.h>
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

/* Guided Monte Carlo (level 5 of Retournement) with far fewer iterations
 * than placements: its one-move look ranks them, and the search widens
 * to the best first, so it turns the X5 (a prior the wrong way round, or
 * widening over the wrong end, would lay a piece anywhere). */
static void
test_guided_mcts_turns_the_big_piece (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("retournement", NULL, "to-move=1 RR:X5:b1-a2-b2-c2-b3 RR:I1:k11");
  g_autofree TbMove *moves = g_new (TbMove, tb_line_get_variant (line)->max_moves);
  TbAiLimits limits = { TB_AI_MCTS, 0, 100, 0, 0, 0, 0, 300, 0, TRUE };
  g_autofree char *position = NULL;
  TbAiResult result;

  g_assert_cmpuint (tb_line_moves (line, moves, NULL), >, 200);
  g_assert_true (tb_ai_think (line, &limits, 1, NULL, &result, NULL));
  g_assert_cmpuint (result.iterations, ==, 100);
  g_assert_true (tb_line_play (line, result.move, NULL));
  position = tt_position (line);
  g_assert_nonnull (strstr (position, "RW:X5:b1-a2-b2-c2-b3"));
}

/* Tree reuse: level 5 of Retournement goes on from its previous search
 * where the moves played since lead (here one tree plays both sides),
 * inheriting that node's iterations; asked again in the same position, it
 * goes on with all of them. */
static void
test_mcts_goes_on_from_the_previous_move (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  g_autoptr (TbAiTree) kept = tb_ai_tree_new ();
  TbAiLimits limits;
  TbAiResult first, second, again;

  g_assert_true (tb_ai_level_limits (tb_line_get_variant (line)->rules, 5, &limits, NULL));
  g_assert_true (limits.reuse);
  limits.time_us = 300000;
  g_assert_true (tb_ai_think_kept (line, &limits, 1, kept, NULL, &first, NULL));
  g_assert_cmpuint (first.reused, ==, 0);
  g_assert_true (tb_line_play (line, first.move, NULL));
  g_assert_true (tb_ai_think_kept (line, &limits, 2, kept, NULL, &second, NULL));
  /* The move played was the most visited, and opened (EXPAND_AFTER). */
  g_assert_cmpuint (second.reused, >=, 3);
  g_assert_cmpuint (second.reused, <=, first.iterations);
  g_assert_true (tb_ai_think_kept (line, &limits, 3, kept, NULL, &again, NULL));
  g_assert_cmpuint (again.reused, ==, second.reused + second.iterations);
}

/* Searches by nodes (levels 1 to 4, the hint) never reuse a tree: a
 * seed gives the same moves with a kept tree as without. */
static void
test_searches_by_nodes_start_afresh (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  const TbRules *rules = tb_line_get_variant (line)->rules;
  g_autoptr (TbAiTree) kept = tb_ai_tree_new ();
  TbAiLimits level_4, hint;

  g_assert_true (tb_ai_level_limits (rules, 4, &level_4, NULL));
  level_4.budget = 500;
  tb_ai_hint_limits (rules, &hint);
  g_assert_true (hint.reuse);
  hint.budget = 500;
  for (guint ply = 0; ply < 4; ply++)
    {
      const TbAiLimits *limits = ply % 2 == 0 ? &level_4 : &hint;
      TbAiResult fresh, with_kept;

      g_assert_true (tb_ai_think (line, limits, ply, NULL, &fresh, NULL));
      g_assert_true (tb_ai_think_kept (line, limits, ply, kept, NULL, &with_kept, NULL));
      g_assert_cmpuint (with_kept.reused, ==, 0);
      g_assert_cmpuint (with_kept.move, ==, fresh.move);
      g_assert_cmpuint (with_kept.iterations, ==, fresh.iterations);
      g_assert_true (tb_line_play (line, fresh.move, NULL));
    }
}

/* Quiescence: past its horizon the search follows the opponent's entry
 * into the RA (Red's three on e7 enter d7 whatever Blue does), so a
 * one-ply search already sees the game lost; without it, that search
 * stops at the evaluation. */
static void
test_ra_quiescence_sees_an_entry_past_the_horizon (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:1@i5 2:3@e7");
  TbAiLimits limits = { TB_AI_ALPHA_BETA, 1, 0, 0, 0, 0, 0, 0, 0, FALSE };
  TbAiResult result;

  g_assert_true (tb_ai_think (line, &limits, 1, NULL, &result, NULL));
  g_assert_cmpint (result.score, >, -TB_AI_WIN / 2);
  limits.quiescence = 8;
  g_assert_true (tb_ai_think (line, &limits, 1, NULL, &result, NULL));
  g_assert_cmpint (result.score, <, -TB_AI_WIN / 2);
}

/* Level 5 searches by time to its deadline: it used to stop before an
 * iteration it foresaw would not finish, and left a third of its time
 * unused on average (much more at some moves).  The clock is its only
 * stop here: Versus' start is far from any end and from depth 32. */
static void
test_level_5_thinks_to_its_deadline (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
  TbAiLimits limits;
  TbAiResult result;

  g_assert_true (tb_ai_level_limits (tb_line_get_variant (line)->rules, 5, &limits, NULL));
  limits.time_us = 100000;
  g_assert_true (tb_ai_think (line, &limits, 1, NULL, &result, NULL));
  g_assert_cmpint (result.time_us, >=, limits.time_us);
  g_assert_cmpuint (result.depth, <, 32);
}

/* Versus: the moves quiescence follows are those that pull a pawn over
 * (Light's 4 on b6 turns Dark's) or change the points on the targets,
 * and only those. */
static void
test_versus_tactical_moves_pull_or_score (void)
{
  g_autoptr (TbLine) line = tt_line_at ("versus-61", NULL, "to-move=1 V1@e2 V2@i9 P4/2@b6 P3/1@a1");
  TbVariant *v = tb_line_get_variant (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint n = tb_line_moves (line, moves, NULL), n_tactical = 0;
  int before[2];

  tb_variant_score (v, tb_line_get_position (line), before);
  for (guint i = 0; i < n; i++)
    {
      gboolean tactical = v->rules->is_tactical (v, tb_line_get_position (line), moves[i]);
      g_autofree char *after = NULL;
      int scores[2];

      tb_line_push (line, moves[i]);
      after = tt_position (line);
      tb_variant_score (v, tb_line_get_position (line), scores);
      tb_line_pop (line);
      g_assert_cmpint (tactical, ==, strstr (after, "P4/1") != NULL || scores[0] != before[0] ||
                                     scores[1] != before[1]);
      n_tactical += tactical;
    }
  g_assert_cmpuint (n_tactical, >, 0);
  g_assert_cmpuint (n_tactical, <, n);
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

/* Same seed, same move, at every level of every game counted in nodes
 * (1 to 4: level 5 searches by time); the weak levels' blur does change
 * with the seed. */
static void
test_same_seed_same_move (void)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint r = 0; r < n_rules; r++)
    for (guint level = 1; level <= 4; level++)
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
  TbAiAnalysis analysis;
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

static void
on_analysed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ThreadRun *run = user_data;

  run->ok = tb_ai_analyse_finish (result, &run->analysis, &run->error);
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

typedef struct
{
  TbAiResult out;
  TbAiTree *kept;
  gboolean returned;
} KeptRun;

static void
on_thought_kept (GObject *source, GAsyncResult *result, gpointer user_data)
{
  KeptRun *run = user_data;

  g_assert_true (tb_ai_think_kept_finish (result, &run->out, &run->kept, NULL));
  run->returned = TRUE;
}

/* Through the worker thread, as the computer player uses it: the tree
 * goes to the thread and comes back, and the next search goes on from
 * it. */
static void
test_async_hands_the_tree_back (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("retournement"));
  g_autoptr (TbGame) game = tb_game_new (v, 1);
  KeptRun run = { .kept = tb_ai_tree_new () };
  TbAiLimits limits;
  guint64 iterations;

  g_assert_true (tb_ai_level_limits (v->rules, 5, &limits, NULL));
  limits.time_us = 300000;
  for (guint i = 0; i < 2; i++)
    {
      TbAiTree *kept = g_steal_pointer (&run.kept);

      run.returned = FALSE;
      tb_ai_think_kept_async (game, &limits, 1, kept, NULL, on_thought_kept, &run);
      while (!run.returned)
        g_main_context_iteration (NULL, TRUE);
      g_assert_nonnull (run.kept);
      if (i == 0)
        iterations = run.out.iterations;
    }
  /* Asked again in the same position: everything the first search did. */
  g_assert_cmpuint (run.out.reused, ==, iterations + 1);
  tb_ai_tree_free (run.kept);
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


/* ---- the hint ---- */

/* The hint is level 5's search counted in nodes: the same move twice, the
 * second time in another thread; in Retournement (Monte Carlo, where six
 * presses once gave six moves) and Versus (alpha-beta). */
static gpointer
hint_in_thread (gpointer data)
{
  TbLine *line = data;
  TbAiLimits limits;
  TbAiResult result;

  tb_ai_hint_limits (tb_line_get_variant (line)->rules, &limits);
  g_assert_true (tb_ai_think (line, &limits, 1, NULL, &result, NULL));
  return g_memdup2 (&result.move, sizeof result.move);
}

static void
test_hint_same_move (void)
{
  const TbRules *rules[] = { tb_rules_lookup ("retournement"), tb_rules_lookup ("versus-61") };

  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    {
      g_autoptr (TbLine) line = tt_line (tb_rules_get_id (rules[r]), NULL, NULL);
      g_autofree TbMove *first = hint_in_thread (line);
      g_autofree TbMove *again = g_thread_join (g_thread_new ("hint", hint_in_thread, line));
      TbAiLimits limits;

      tb_ai_hint_limits (rules[r], &limits);
      g_assert_cmpuint (limits.budget, >, 0);
      g_assert_cmpuint (*first, ==, *again);
    }
}

/* ---- the analysis ---- */

static void
analyse (TbLine *line, guint64 nodes, guint lines, TbAiAnalysis *out)
{
  TbAiAnalyseLimits limits = { nodes, 0, 0 };
  g_autoptr (GError) error = NULL;
  guint ply = tb_line_get_ply (line);

  g_assert_true (tb_ai_analyse (line, &limits, lines, NULL, out, &error));
  g_assert_no_error (error);
  /* The line comes back as it was. */
  g_assert_cmpuint (tb_line_get_ply (line), ==, ply);
}

static void
assert_same_analysis (const TbAiAnalysis *a, const TbAiAnalysis *b)
{
  g_assert_cmpfloat (a->expected, ==, b->expected);
  g_assert_cmpint (a->score, ==, b->score);
  g_assert_cmpuint (a->depth, ==, b->depth);
  g_assert_cmpuint (a->nodes, ==, b->nodes);
  g_assert_cmpuint (a->n_variations, ==, b->n_variations);
  for (guint i = 0; i < a->n_variations; i++)
    {
      const TbAiVariation *x = &a->variations[i], *y = &b->variations[i];

      g_assert_cmpint (x->score, ==, y->score);
      g_assert_cmpfloat (x->expected, ==, y->expected);
      g_assert_cmpuint (x->depth, ==, y->depth);
      g_assert_cmpmem (x->moves, x->n_moves * sizeof (TbMove), y->moves,
                       y->n_moves * sizeof (TbMove));
    }
}

typedef struct
{
  TbLine *line;
  TbAiAnalysis analysis;
} AnalyseRun;

static gpointer
analyse_in_thread (gpointer data)
{
  AnalyseRun *run = data;

  analyse (run->line, 10000, 3, &run->analysis);
  return NULL;
}

/* The start of every game: the same analysis twice, and in another
 * thread. */
static void
test_analyse_deterministic (void)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);

  for (guint r = 0; r < n_rules; r++)
    {
      g_autoptr (TbLine) line = tt_line (tb_rules_get_id (rules[r]), NULL, NULL);
      AnalyseRun run = { line };
      TbAiAnalysis first, again;

      analyse (line, 10000, 3, &first);
      analyse (line, 10000, 3, &again);
      assert_same_analysis (&first, &again);
      g_thread_join (g_thread_new ("analyse", analyse_in_thread, &run));
      assert_same_analysis (&first, &run.analysis);
      g_assert_cmpuint (first.n_variations, ==, 3);
    }
}

/* Whether the moves of variation are legal one after the other from the
 * end of line. */
static gboolean
variation_is_legal (TbLine *line, const TbAiVariation *variation)
{
  gboolean legal = TRUE;
  guint played = 0;

  for (; played < variation->n_moves && legal; played++)
    {
      legal = tb_line_play (line, variation->moves[played], NULL);
      if (!legal)
        break;
    }
  while (played-- > 0)
    tb_line_pop (line);
  return legal;
}

/* In every game, from the start and three plies in (level 1's; RA's
 * beginners end their game in four): expected
 * scores from 0 to 1, the lines asked for, each a distinct legal move
 * with a legal variation, the best first: for alpha-beta, by score among
 * those of one depth; for Monte Carlo (Retournement), by visits, which
 * the scores do not show. */
static void
test_analyse_best_moves (void)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);

  for (guint r = 0; r < n_rules; r++)
    for (guint plies = 0; plies <= 3; plies += 3)
      {
        g_autoptr (TbLine) line = tt_line (tb_rules_get_id (rules[r]), NULL, NULL);
        TbAiLimits level;
        TbAiResult result;
        TbAiAnalysis analysis;
        int side;

        /* Plies chosen by level 1, seeded: varied and repeatable. */
        tb_ai_level_limits (rules[r], 1, &level, NULL);
        for (guint i = 0; i < plies; i++)
          {
            g_assert_true (tb_ai_think (line, &level, i, NULL, &result, NULL));
            tb_line_push (line, result.move);
          }
        analyse (line, 20000, 4, &analysis);
        side = tb_position_to_move (tb_line_get_position (line)) == 1 ? 1 : -1;
        g_assert_cmpfloat (analysis.expected, >=, 0.0);
        g_assert_cmpfloat (analysis.expected, <=, 1.0);
        g_assert_cmpuint (analysis.n_variations, ==, 4);
        for (guint i = 0; i < analysis.n_variations; i++)
          {
            const TbAiVariation *variation = &analysis.variations[i];

            g_assert_cmpfloat (variation->expected, >=, 0.0);
            g_assert_cmpfloat (variation->expected, <=, 1.0);
            g_assert_true (variation_is_legal (line, variation));
            for (guint j = 0; j < i; j++)
              g_assert_cmpuint (analysis.variations[j].moves[0], !=, variation->moves[0]);
            if (i > 0 && variation->depth == analysis.variations[i - 1].depth &&
                rules[r] != tb_rules_lookup ("retournement"))
              g_assert_cmpint (side * variation->score, <=,
                               side * analysis.variations[i - 1].score);
          }
        /* The position is worth its best move. */
        g_assert_cmpfloat (analysis.expected, ==, analysis.variations[0].expected);
      }
}

static TbMove
parse (TbLine *line, const char *token)
{
  TbMove move;

  g_assert_true (tb_line_parse_move (line, token, &move, NULL));
  return move;
}

/* Seen ends are certainties: in Versus, b4-b5 fills the last target and
 * wins 7-6 for seat 1 (1.0); anything else lets a5 in for 10-3 (0.0).
 * An ended game is worth its result, with no moves. */
static void
test_analyse_seen_ends (void)
{
  g_autoptr (TbLine) versus = tt_line_at ("versus-61", NULL, "to-move=1 V1@e1 V2@e9 P4/1@b4 "
                                          "P1/2@a5 P3/1@d5 P2/2@f5 P2/2@h5");
  g_autoptr (TbLine) over = tt_line_at ("oraia", NULL,
                                        "to-move=2 starter=1 1*@P1 1*@P3 1*@P5 1*@P7 2@O1");
  TbAiAnalysis analysis;

  analyse (versus, 100000, 3, &analysis);
  g_assert_cmpfloat (analysis.expected, ==, 1.0);
  g_assert_cmpuint (analysis.variations[0].moves[0], ==, parse (versus, "b4-b5"));
  g_assert_cmpfloat (analysis.variations[0].expected, ==, 1.0);
  g_assert_cmpfloat (analysis.variations[1].expected, ==, 0.0);
  g_assert_cmpfloat (analysis.variations[2].expected, ==, 0.0);

  analyse (over, 100000, 3, &analysis);
  g_assert_cmpfloat (analysis.expected, ==, 1.0);
  g_assert_cmpuint (analysis.n_variations, ==, 0);
}

/* Fewer legal moves than lines asked: as many lines as moves. */
static void
test_analyse_fewer_moves_than_lines (void)
{
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 starter=1 1*@P1 1*@P3 1*@P5 "
                                        "1*@O7 2@O1 2@O3 2@I5 2@I0");
  TbVariant *v = tb_line_get_variant (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint n = tb_line_moves (line, moves, NULL);
  TbAiAnalysis analysis;

  g_assert_cmpuint (n, <, TB_AI_MAX_LINES);
  analyse (line, 100000, TB_AI_MAX_LINES, &analysis);
  g_assert_cmpuint (analysis.n_variations, ==, n);
}

/* The best line is what the search alone chooses: with one line, at the
 * same node budget, the same move as level 5's search (the hint's, here
 * with that budget); with four lines to a fixed depth, the same best
 * score as the search for one move (the other lines' windows do not
 * change it). */
static void
test_analyse_agrees_with_the_search (void)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);

  for (guint r = 0; r < n_rules; r++)
    {
      g_autoptr (TbLine) line = tt_line (tb_rules_get_id (rules[r]), NULL, NULL);
      TbAiAnalyseLimits to_depth = { 0, 0, 3 };
      TbAiLimits limits;
      TbAiResult result;
      TbAiAnalysis analysis;
      int side = tb_position_to_move (tb_line_get_position (line)) == 1 ? 1 : -1;

      tb_ai_hint_limits (rules[r], &limits);
      limits.budget = 20000;
      g_assert_true (tb_ai_think (line, &limits, 1, NULL, &result, NULL));
      analyse (line, 20000, 1, &analysis);
      g_assert_cmpuint (analysis.variations[0].moves[0], ==, result.move);
      g_assert_cmpint (analysis.score, ==, side * result.score);
      if (limits.engine != TB_AI_ALPHA_BETA)
        continue;
      limits.budget = 0;
      limits.depth = 3;
      g_assert_true (tb_ai_think (line, &limits, 1, NULL, &result, NULL));
      g_assert_true (tb_ai_analyse (line, &to_depth, 4, NULL, &analysis, NULL));
      g_assert_cmpuint (analysis.depth, ==, 3);
      g_assert_cmpint (analysis.score, ==, side * result.score);
    }
}

static gpointer
analyse_endlessly (gpointer data)
{
  ThreadRun *run = data;
  TbAiAnalyseLimits limits = { 0, 0, 64 };
  TbAiAnalysis analysis;

  run->ok = tb_ai_analyse (run->line, &limits, 3, run->cancellable, &analysis, &run->error);
  run->returned = g_get_monotonic_time ();
  return NULL;
}

/* An analysis stops within 50 ms of being cancelled, in a thread of its
 * own and through the worker thread of a game. */
static void
test_analyse_cancelled (void)
{
  g_autoptr (TbLine) line = tt_line ("ra", NULL, NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GCancellable) async_cancellable = g_cancellable_new ();
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) game = tb_game_new (v, 1);
  TbAiAnalyseLimits endless = { 0, 0, 64 };
  ThreadRun run = { line, cancellable, 0, TRUE, NULL };
  GThread *thread = g_thread_new ("analyse", analyse_endlessly, &run);
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

  run = (ThreadRun) { NULL, async_cancellable, 0, TRUE, NULL };
  tb_ai_analyse_async (game, &endless, 2, async_cancellable, on_analysed, &run);
  g_timeout_add (100, cancel_soon, async_cancellable);
  while (run.returned == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (run.ok);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
}

/* Left alone, the worker thread gives the analysis the call gives. */
static void
test_analyse_async (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("oraia"));
  g_autoptr (TbGame) game = tb_game_new (v, 1);
  g_autoptr (TbLine) line = tt_line ("oraia", NULL, NULL);
  TbAiAnalyseLimits limits = { 20000, 0, 0 };
  ThreadRun run = { NULL, NULL, 0, FALSE, NULL };
  TbAiAnalysis direct;

  tb_game_play_text (game, "P0-O0", NULL);
  tt_play (line, "P0-O0");
  analyse (line, 20000, 2, &direct);
  tb_ai_analyse_async (game, &limits, 2, NULL, on_analysed, &run);
  while (run.returned == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  assert_same_analysis (&direct, &run.analysis);
}

static void
test_analyse_errors (void)
{
  g_autoptr (TbLine) line = tt_line ("ra", NULL, NULL);
  TbAiAnalyseLimits nodes = { 1000, 0, 0 }, none = { 0, 0, 0 };
  g_autoptr (GError) error = NULL;
  TbAiAnalysis analysis;

  g_assert_false (tb_ai_analyse (line, &nodes, 0, NULL, &analysis, &error));
  g_assert_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LIMITS);
  g_clear_error (&error);
  g_assert_false (tb_ai_analyse (line, &nodes, TB_AI_MAX_LINES + 1, NULL, &analysis, &error));
  g_assert_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LIMITS);
  g_clear_error (&error);
  g_assert_false (tb_ai_analyse (line, &none, 1, NULL, &analysis, &error));
  g_assert_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LIMITS);
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
  g_test_add_func ("/ai/level-5-thinks-to-its-deadline", test_level_5_thinks_to_its_deadline);
  g_test_add_func ("/ai/ra-quiescence-sees-an-entry-past-the-horizon",
                   test_ra_quiescence_sees_an_entry_past_the_horizon);
  g_test_add_func ("/ai/guided-mcts-turns-the-big-piece", test_guided_mcts_turns_the_big_piece);
  g_test_add_func ("/ai/mcts-goes-on-from-the-previous-move",
                   test_mcts_goes_on_from_the_previous_move);
  g_test_add_func ("/ai/searches-by-nodes-start-afresh", test_searches_by_nodes_start_afresh);
  g_test_add_func ("/ai/versus-tactical-moves-pull-or-score",
                   test_versus_tactical_moves_pull_or_score);
  g_test_add_func ("/ai/same-seed-same-move", test_same_seed_same_move);
  g_test_add_func ("/ai/cancelled-within-50-ms", test_cancelled_within_50_ms);
  g_test_add_func ("/ai/async-cancelled-and-finished", test_async_cancelled_and_finished);
  g_test_add_func ("/ai/async-hands-the-tree-back", test_async_hands_the_tree_back);
  g_test_add_func ("/ai/mcts-finds-the-wins", test_mcts_finds_the_wins);
  g_test_add_func ("/ai/errors", test_errors);
  g_test_add_func ("/ai/hint-same-move", test_hint_same_move);
  g_test_add_func ("/ai/analyse/deterministic", test_analyse_deterministic);
  g_test_add_func ("/ai/analyse/best-moves", test_analyse_best_moves);
  g_test_add_func ("/ai/analyse/seen-ends", test_analyse_seen_ends);
  g_test_add_func ("/ai/analyse/fewer-moves-than-lines", test_analyse_fewer_moves_than_lines);
  g_test_add_func ("/ai/analyse/agrees-with-the-search", test_analyse_agrees_with_the_search);
  g_test_add_func ("/ai/analyse/cancelled", test_analyse_cancelled);
  g_test_add_func ("/ai/analyse/async", test_analyse_async);
  g_test_add_func ("/ai/analyse/errors", test_analyse_errors);

  return g_test_run ();
}
