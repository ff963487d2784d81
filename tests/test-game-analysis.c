/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game-analysis.c: the analysis of a whole game (tb-game-analysis.h)
 *
 * Positions where one move throws the game away: that move is a mistake
 * or a blunder, the winning move its better line; the only legal move is
 * never judged; the analysis goes into the game as evaluations, NAGs and
 * a commented variation, which the record and the store keep.
 */
#include "config.h"

#include <string.h>

#include "tb-game-analysis-private.h"
#include "tb-store.h"
#include "tb-test-games.h"
#include "tb-test-util.h"
#include "tb-tgn.h"

/* A game from position, with move played (the first legal move, in
 * canonical order, other than avoid, when move is NULL). */
static TbGame *
game_at (const char *ruleset, const char *position, const char *avoid)
{
  g_autoptr (TbLine) line = tt_line_at (ruleset, NULL, position);
  g_auto (GStrv) legal = tt_legal (line);
  TbGame *game = tb_game_new_at (tb_line_get_variant (line), tb_line_get_position (line));
  guint i = 0;

  while (legal[i] && g_str_equal (legal[i], avoid))
    i++;
  g_assert_nonnull (legal[i]);
  tt_play_moves (game, (const char *const[]) { legal[i], NULL });
  return game;
}

static TbGameAnalysis *
analyse (TbGame *game, guint level)
{
  g_autoptr (GError) error = NULL;
  TbAiAnalyseLimits limits;
  TbGameAnalysis *analysis;

  g_assert_true (tb_game_analysis_limits (tb_game_get_rules (game), level, &limits, NULL));
  analysis = tb_game_analyse (game, &limits, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (analysis);
  return analysis;
}

static const struct
{
  const char *ruleset, *position, *better;
} throwaways[] = {
  /* The pawn worth 4 fills the last target and wins 7-6; anything else
   * lets Light's pawn on a5 in, 10-3. */
  { "versus-61", "to-move=1 V1@e1 V2@e9 P4/1@b4 P1/2@a5 P3/1@d5 P2/2@f5 P2/2@h5", "b4-b5" },
  { "versus-91",
    "to-move=1 V1@f1 V2@f11 P5/1@c5 P1/2@b6 P3/1@a6 P2/2@e6 P2/2@g6 P3/1@i6 P2/2@k6", "c5-c6" },
  /* RA: only the capture stops Red's stack of three entering for 6; any
   * other move leaves it capturable... and Red in. */
  { "ra", "to-move=1 1:3@e8 1:3@c5 2:3@e7 2:3@k9", "3e8-e7" },
  /* Oraïa: Blue's fourth pawn, charged on O7, arrives on P7 and wins at
   * once: Blue is the second player, so Red gets no extra turn.  Any
   * other move takes it off its exit (to I7, to O0 before Blue's own P0,
   * or over O6 to O5 before P5, home already), and Red's fourth pawn
   * steps from O6 onto P6 and wins: Blue cannot come home on the turn
   * the first player's finish leaves it.  With starter=1 the same
   * arrival would only draw (Red's extra turn). */
  { "oraia", "to-move=1 starter=2 r=0 1*@P1 1*@P3 1*@P5 1*@O7 2*@P0 2*@P2 2*@P4 2*@O6",
    "O7-P7" },
  /* Retournement, the last placement (Red's hand is empty, White holds
   * the monomino): on g9 it turns Red's X5 (4 points) and White wins
   * 45-43; on g10 or g11 it turns only the domino, on j8 the monomino,
   * and Red wins 45-43 or 46-42.  The empty corner g8-k11 touches no
   * other Red piece, so those are White's only placements. */
  { "retournement",
    "to-move=1 RW:I5:a1-b1-c1-d1-e1 RW:T5:f1-g1-h1-g2-g3 RW:U5:i1-j1-k1-i2-k2 "
    "RW:V5:a2-b2-c2-a3-a4 RW:W5:d2-d3-e3-e4-f4 RR:V3:e2-f2-f3 WW:I5:h2-h3-h4-h5-h6 "
    "WW:X5:j2-i3-j3-k3-j4 WR:T5:b3-b4-a5-b5-c5 WR:V3:c3-c4-d4 WR:V5:g4-g5-e6-f6-g6 "
    "WR:I2:i4-i5 RW:I4:k4-k5-k6-k7 RR:I3:d5-e5-f5 WW:W5:j5-i6-j6-h7-i7 RR:O4:a6-b6-a7-b7 "
    "WR:O4:c6-d6-c7-d7 RW:T4:e7-f7-g7-f8 RR:I1:j7 WR:I4:a8-b8-c8-d8 RR:X5:e8-d9-e9-f9-e10 "
    "WR:U5:a9-b9-a10-a11-b11 WR:T4:c9-b10-c10-d10 RR:I2:f10-f11 WR:I3:c11-d11-e11",
    "I1:g9" },
};

/* The move that throws the game away is a mistake or a blunder, its
 * better line starts with the move that wins, and the player's summary
 * counts it. */
static void
test_throwaway_is_marked (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (throwaways); i++)
    {
      g_autoptr (TbGame) game = game_at (throwaways[i].ruleset, throwaways[i].position,
                                         throwaways[i].better);
      g_autoptr (TbGameAnalysis) analysis = analyse (game, 1);
      const TbMoveJudgement *move = &analysis->moves[0];
      g_autoptr (TbLine) start = tb_game_new_line (game);
      g_autofree char *better = NULL;
      g_autofree char *played = tb_game_get_move_text (game, 1);

      g_test_message ("%s: %s", throwaways[i].ruleset, played);
      g_assert_cmpuint (analysis->n_plies, ==, 1);
      g_assert_cmpuint (move->seat, ==, 1);
      g_assert_cmpint (move->quality, >=, TB_MOVE_QUALITY_MISTAKE);
      g_assert_cmpuint (move->better.n_moves, >, 0);
      better = tb_variant_format_move (tb_line_get_variant (start), tb_line_get_position (start),
                                       move->better.moves[0]);
      g_assert_cmpstr (better, ==, throwaways[i].better);
      g_assert_cmpuint (analysis->players[0].judged, ==, 1);
      g_assert_cmpuint (analysis->players[0].mistakes + analysis->players[0].blunders, ==, 1);
      g_assert_cmpfloat (analysis->players[0].accuracy, ==, 100.0 * (1.0 - move->loss));
      g_assert_cmpuint (analysis->players[1].judged, ==, 0);
    }
}

/* The winning move itself is the best. */
static void
test_winning_move_is_best (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (throwaways); i++)
    {
      g_autoptr (TbLine) line = tt_line_at (throwaways[i].ruleset, NULL, throwaways[i].position);
      g_autoptr (TbGame) game = tb_game_new_at (tb_line_get_variant (line),
                                                tb_line_get_position (line));
      g_autoptr (TbGameAnalysis) analysis = NULL;

      tt_play_moves (game, (const char *const[]) { throwaways[i].better, NULL });
      analysis = analyse (game, 1);
      g_assert_cmpint (analysis->moves[0].quality, ==, TB_MOVE_QUALITY_BEST);
      g_assert_cmpfloat (analysis->moves[0].loss, ==, 0.0);
      g_assert_cmpuint (analysis->moves[0].better.n_moves, ==, 0);
      g_assert_cmpfloat (analysis->players[0].accuracy, ==, 100.0);
    }
}

/* A move that was the only legal one is never judged, however much the
 * evaluation drops after it; with two legal moves the same drop is a
 * blunder. */
static void
test_forced_move_is_never_marked (void)
{
  g_autoptr (TbLine) start = tt_line ("versus-61", NULL, NULL);
  g_auto (GStrv) legal = tt_legal (start);
  TbMove moves[1];
  TbAiAnalysis positions[2] = { 0 };
  guint n_legal[2] = { 1, 20 };
  g_autoptr (TbGameAnalysis) forced = NULL;
  g_autoptr (TbGameAnalysis) free_choice = NULL;
  const TbRules *rules = tb_rules_lookup ("versus-61");

  g_assert_true (tb_line_parse_move (start, legal[0], &moves[0], NULL));
  positions[0].expected = 0.9;
  positions[0].n_variations = 1;
  positions[0].variations[0] = (TbAiVariation) { .moves = { moves[0] + 1 }, .n_moves = 1,
                                                 .expected = 0.9 };
  positions[1].expected = 0.1;
  forced = tb_game_analysis_judge (rules, positions, n_legal, moves, 1, start);
  g_assert_cmpint (forced->moves[0].quality, ==, TB_MOVE_QUALITY_NONE);
  g_assert_cmpuint (forced->moves[0].better.n_moves, ==, 0);
  g_assert_cmpuint (forced->players[0].judged, ==, 0);

  n_legal[0] = 2;
  free_choice = tb_game_analysis_judge (rules, positions, n_legal, moves, 1, start);
  g_assert_cmpint (free_choice->moves[0].quality, ==, TB_MOVE_QUALITY_BLUNDER);
  g_assert_cmpfloat_with_epsilon (free_choice->moves[0].loss, 0.8, 1e-9);
  g_assert_cmpuint (tb_line_get_ply (start), ==, 0);
}

/* Losses are for the player who moved: seat 2's drop of seat 1's
 * expected score is seat 2's gain. */
static void
test_loss_is_the_movers (void)
{
  g_autoptr (TbLine) start = tt_line ("versus-61", NULL, NULL);
  g_auto (GStrv) legal = tt_legal (start);
  TbMove moves[2];
  TbAiAnalysis positions[3] = { 0 };
  guint n_legal[3] = { 20, 20, 20 };
  g_autoptr (TbGameAnalysis) analysis = NULL;
  g_auto (GStrv) replies = NULL;

  g_assert_true (tb_line_parse_move (start, legal[0], &moves[0], NULL));
  tb_line_push (start, moves[0]);
  replies = tt_legal (start);
  g_assert_true (tb_line_parse_move (start, replies[0], &moves[1], NULL));
  tb_line_pop (start);
  positions[0].expected = 0.5;
  positions[1].expected = 0.5;   /* seat 2 to move, then it gives 0.4 to seat 1 */
  positions[2].expected = 0.4;
  analysis = tb_game_analysis_judge (tb_rules_lookup ("versus-61"), positions, n_legal, moves, 2,
                                     start);
  g_assert_cmpuint (analysis->moves[1].seat, ==, 2);
  g_assert_cmpfloat (analysis->moves[1].loss, ==, 0.0);
  g_assert_cmpint (analysis->moves[1].quality, ==, TB_MOVE_QUALITY_BEST);
}

/* Applied, the analysis is in the game: the evaluations, the glyph of
 * the throwaway and the winning move as a commented variation, kept in
 * the record and in the store (closed and opened again); a second
 * application changes nothing. */
static void
test_applied_analysis_survives_record_and_store (void)
{
  g_autoptr (TbGame) game = game_at (throwaways[0].ruleset, throwaways[0].position,
                                     throwaways[0].better);
  g_autoptr (TbGameAnalysis) analysis = analyse (game, 1);
  g_autofree char *dir = g_dir_make_tmp ("tablier-analysis-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autofree char *record = NULL, *again = NULL, *reread = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (TbGame) back = NULL;
  g_autoptr (GPtrArray) read = NULL;
  g_autoptr (GError) error = NULL;
  const TbGameNode *root;
  const TbGameNode *variation;
  guint n_nags;
  const guint8 *nags;
  gint64 id;

  tb_game_analysis_apply (analysis, game);
  record = tb_tgn_write (game);
  tb_game_analysis_apply (analysis, game);
  again = tb_tgn_write (game);
  g_assert_cmpstr (again, ==, record);

  g_assert_cmpfloat_with_epsilon (tb_game_get_eval (game, 0), analysis->evals[0], 0.0005);
  nags = tb_game_node_get_nags (tb_game_node_get_child (tb_game_get_root (game), 0), &n_nags);
  g_assert_cmpuint (n_nags, ==, 1);
  g_assert_cmpuint (nags[0], ==, tb_move_quality_nag (analysis->moves[0].quality));
  root = tb_game_get_root (game);
  g_assert_cmpuint (tb_game_node_get_n_children (root), ==, 2);
  variation = tb_game_node_get_child (root, 1);
  g_assert_nonnull (strstr (tb_game_node_get_comment (variation), "b4-b5"));
  g_assert_nonnull (strstr (record, "(1. b4-b5"));

  read = tb_tgn_read_all (record, -1, &error);
  g_assert_no_error (error);
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (read->pdata[0]));

  store = tb_store_open (path, &error);
  g_assert_no_error (error);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  store = tb_store_open (path, &error);
  g_assert_no_error (error);
  back = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (back));
  g_clear_object (&store);
  tt_remove_dir (dir);
}

/* The summary read back from a stored analysed game counts what the
 * analysis counted; its accuracy follows the stored evaluations; a game
 * never analysed has none. */
static void
test_summary_from_stored_game (void)
{
  g_autoptr (TbGame) game = game_at (throwaways[2].ruleset, throwaways[2].position,
                                     throwaways[2].better);
  g_autoptr (TbGame) fresh = game_at (throwaways[2].ruleset, throwaways[2].position,
                                      throwaways[2].better);
  g_autoptr (TbGameAnalysis) analysis = analyse (game, 1);
  g_autoptr (GPtrArray) read = NULL;
  TbGame *back;
  g_autofree char *record = NULL;
  g_autoptr (GError) error = NULL;
  TbPlayerSummary players[2];
  double fell;

  g_assert_false (tb_game_analysis_summarise (fresh, players));
  g_assert_cmpuint (players[0].judged + players[1].judged, ==, 0);
  tb_game_analysis_apply (analysis, game);
  record = tb_tgn_write (game);
  read = tb_tgn_read_all (record, -1, &error);
  g_assert_no_error (error);
  back = read->pdata[0];
  g_assert_true (tb_game_analysis_summarise (back, players));
  for (guint s = 0; s < 2; s++)
    {
      g_assert_cmpuint (players[s].judged, ==, analysis->players[s].judged);
      g_assert_cmpuint (players[s].mistakes, ==, analysis->players[s].mistakes);
      g_assert_cmpuint (players[s].blunders, ==, analysis->players[s].blunders);
      g_assert_cmpuint (players[s].inaccuracies, ==, analysis->players[s].inaccuracies);
    }
  /* Seat 1's one move: its accuracy is 100 less what its expected score
   * fell, in hundredths. */
  fell = MAX (0.0, tb_game_get_eval (back, 0) - tb_game_get_eval (back, 1));
  g_assert_cmpuint (players[0].judged, ==, 1);
  g_assert_cmpfloat_with_epsilon (players[0].accuracy, 100.0 * (1.0 - fell), 0.01);
  g_assert_cmpfloat (players[0].accuracy, <, 100.0);
}

/* The same analysis twice (two threads, any order of the positions);
 * progress counts every position once, up to all. */
typedef struct
{
  guint calls, last_done, total;
} Progress;

static void
count_progress (guint done, guint total, gpointer data)
{
  Progress *p = data;

  p->calls++;
  g_assert_cmpuint (done, ==, p->last_done + 1);
  p->last_done = done;
  p->total = total;
}

static void
test_deterministic_with_progress (void)
{
  g_autoptr (TbGame) game = tt_annotated_random_game ("versus-61", NULL, 7, 12);
  g_autoptr (TbGameAnalysis) first = NULL, second = NULL;
  g_autoptr (GError) error = NULL;
  TbAiAnalyseLimits limits = { 20000, 0, 0 };
  Progress progress = { 0 };

  first = tb_game_analyse (game, &limits, count_progress, &progress, NULL, &error);
  g_assert_no_error (error);
  second = tb_game_analyse (game, &limits, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (first->n_plies, ==, tb_game_get_main_line_length (game));
  g_assert_cmpuint (progress.calls, ==, first->n_plies + 1);
  g_assert_cmpuint (progress.total, ==, first->n_plies + 1);
  g_assert_cmpmem (first->evals, (first->n_plies + 1) * sizeof (double), second->evals,
                   (second->n_plies + 1) * sizeof (double));
  for (guint i = 0; i < first->n_plies; i++)
    {
      g_assert_cmpint (first->moves[i].quality, ==, second->moves[i].quality);
      g_assert_cmpfloat (first->moves[i].loss, ==, second->moves[i].loss);
    }
}

/* Cancelled, an analysis ends with G_IO_ERROR_CANCELLED and no result;
 * the async one too, and its progress comes in the caller's context. */
static void
test_cancel (void)
{
  g_autoptr (TbGame) game = tt_annotated_random_game ("ra", NULL, 3, 30);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  TbAiAnalyseLimits limits = { 0, 0, 0 };
  TbGameAnalysis *analysis;

  tb_game_analysis_limits (tb_game_get_rules (game), 5, &limits, NULL);
  g_cancellable_cancel (cancellable);
  analysis = tb_game_analyse (game, &limits, NULL, NULL, cancellable, &error);
  g_assert_null (analysis);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  tb_game_analyse_async (game, &limits, NULL, NULL, cancellable, tt_keep_result, &result);
  tt_await_result (&result);
  g_assert_null (tb_game_analyse_finish (result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_async_progress (void)
{
  g_autoptr (TbGame) game = tt_annotated_random_game ("oraia", NULL, 5, 10);
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGameAnalysis) analysis = NULL;
  TbAiAnalyseLimits limits = { 20000, 0, 0 };
  Progress progress = { 0 };

  tb_game_analyse_async (game, &limits, count_progress, &progress, NULL, tt_keep_result,
                         &result);
  tt_await_result (&result);
  analysis = tb_game_analyse_finish (result, &error);
  g_assert_no_error (error);
  /* Every progress was delivered before the result. */
  g_assert_cmpuint (progress.last_done, ==, analysis->n_plies + 1);
}

static void
test_limits_by_level (void)
{
  const TbRules *rules = tb_rules_lookup ("ra");
  TbAiAnalyseLimits hint, level_3, level_5;
  g_autoptr (GError) error = NULL;

  tb_ai_analyse_limits (rules, &hint);
  g_assert_true (tb_game_analysis_limits (rules, 3, &level_3, NULL));
  g_assert_true (tb_game_analysis_limits (rules, 5, &level_5, NULL));
  g_assert_cmpuint (level_3.nodes, ==, hint.nodes / 2);
  g_assert_cmpuint (level_5.nodes, ==, hint.nodes * 2);
  g_assert_false (tb_game_analysis_limits (rules, 6, &level_5, &error));
  g_assert_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LEVEL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-analysis/throwaway-is-marked", test_throwaway_is_marked);
  g_test_add_func ("/game-analysis/winning-move-is-best", test_winning_move_is_best);
  g_test_add_func ("/game-analysis/forced-move-is-never-marked", test_forced_move_is_never_marked);
  g_test_add_func ("/game-analysis/loss-is-the-movers", test_loss_is_the_movers);
  g_test_add_func ("/game-analysis/applied-survives-record-and-store",
                   test_applied_analysis_survives_record_and_store);
  g_test_add_func ("/game-analysis/summary-from-stored-game", test_summary_from_stored_game);
  g_test_add_func ("/game-analysis/deterministic-with-progress", test_deterministic_with_progress);
  g_test_add_func ("/game-analysis/cancel", test_cancel);
  g_test_add_func ("/game-analysis/async-progress", test_async_progress);
  g_test_add_func ("/game-analysis/limits-by-level", test_limits_by_level);
  return g_test_run ();
}
