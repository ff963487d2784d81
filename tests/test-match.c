/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-match.c: an RA match (rules/ra.md §4 and §8; seed: "Le vainqueur
 * est le joueur qui, additionnant les scores obtenus au cours des
 * différentes parties, obtient plus de 6 points, avec un écart, par
 * rapport au score de l'autre joueur, de 2 points au moins").
 */
#include "config.h"

#include "tb-match.h"
#include "tb-rules-table.h"
#include "tb-tgn.h"
#include "tb-test-util.h"

static TbMatch *
new_match (const char *options, guint starter)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) v = tb_variant_new_from_text ("ra", options, &error);

  g_assert_no_error (error);
  return tb_match_new (v, starter);
}

static void
play (TbGame *game, const char *move)
{
  g_autoptr (GError) error = NULL;

  tb_game_play_text (game, move, &error);
  g_assert_no_error (error);
}

/* Plays random legal moves until the game ends. */
static void
finish_randomly (TbGame *game, GRand *rand)
{
  while (!tb_game_is_over (game))
    {
      guint n;
      const TbMove *moves = tb_game_get_legal_moves (game, &n);

      g_assert_true (tb_game_play (game, moves[g_rand_int_range (rand, 0, (int) n)], NULL));
    }
}

/* Whether playing move would end the game at once. */
static gboolean
move_ends_game (TbGame *game, TbMove move)
{
  TbVariant *v = tb_game_get_variant (game);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  TbPosition *after = tb_position_new (v);
  TbOutcome outcome;
  gboolean over;

  tb_variant_apply (v, tb_game_get_position (game), move, after);
  over = v->rules->outcome (v, after, v->rules->legal_moves (v, after, moves), &outcome);
  tb_position_free (after);
  return over;
}

/* The shuffle that voids a game by the third repetition. */
static void
void_by_repetition (TbGame *game)
{
  const char *white[] = { "1c5-c8", "1c8-c5" };
  const char *red[] = { "1k9-k6", "1k6-k9" };
  gboolean white_first = tb_game_get_starter (game) == 1;

  for (guint i = 0; i < 4; i++)
    {
      play (game, white_first ? white[i % 2] : red[i % 2]);
      play (game, white_first ? red[i % 2] : white[i % 2]);
      if (tb_game_is_over (game))
        break;
    }
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_REPETITION);
}

/* ra.md §4: the loser starts the next game; §README: a void game is
 * replayed by the same starter; the points add up. */
static void
test_loser_starts_and_void_is_replayed (void)
{
  g_autoptr (TbMatch) match = new_match (NULL, 2);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  TbGame *game = tb_match_get_current_game (match);
  int totals[2];

  g_assert_cmpuint (tb_game_get_starter (game), ==, 2);
  g_assert_false (tb_match_can_start_next_game (match));
  void_by_repetition (game);
  g_assert_cmpuint (tb_match_get_next_starter (match), ==, 2);
  game = tb_match_start_next_game (match);
  g_assert_cmpuint (tb_game_get_starter (game), ==, 2);
  g_assert_cmpuint (tb_match_get_n_games (match), ==, 2);

  finish_randomly (game, rand);
  tb_match_get_totals (match, totals);
  {
    int points[2];
    guint loser = tb_game_get_result (game) == TB_RESULT_SEAT1_WINS ? 2 : 1;

    g_assert_true (tb_game_get_final_score (game, points));
    g_assert_cmpint (totals[0], ==, points[0]);
    g_assert_cmpint (totals[1], ==, points[1]);
    g_assert_cmpint (points[0] + points[1], >, 0);
    g_assert_cmpuint (tb_match_get_next_starter (match), ==, loser);
  }
}

/* "plus de 6 points, avec un écart … de 2 points au moins": with the
 * defaults (7 and 2) a match of random games ends exactly when a player
 * first has at least 7 points and a lead of 2. */
static void
test_match_won_above_six_with_a_lead_of_two (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  for (guint m = 0; m < 20; m++)
    {
      g_autoptr (TbMatch) match = new_match (NULL, 1);
      int totals[2] = { 0, 0 };

      for (;;)
        {
          TbGame *game = tb_match_get_current_game (match);
          int points[2];
          guint winner = 0;

          finish_randomly (game, rand);
          tb_game_get_final_score (game, points);
          totals[0] += tb_game_get_result (game) == TB_RESULT_DRAW ? 0 : points[0];
          totals[1] += tb_game_get_result (game) == TB_RESULT_DRAW ? 0 : points[1];
          for (guint seat = 1; seat <= 2; seat++)
            if (totals[seat - 1] > 6 && totals[seat - 1] - totals[2 - seat] >= 2)
              winner = seat;
          g_assert_cmpuint (tb_match_get_winner (match), ==, winner);
          if (winner)
            break;
          g_assert_true (tb_match_can_start_next_game (match));
          tb_match_start_next_game (match);
        }
      {
        int got[2];

        tb_match_get_totals (match, got);
        g_assert_cmpint (got[0], ==, totals[0]);
        g_assert_cmpint (got[1], ==, totals[1]);
      }
      g_assert_false (tb_match_can_start_next_game (match));
    }
}

/* A match taken up again from copies of its games (as the game database
 * gives them back) has the same totals, the same next starter and the
 * same id, and goes on counting. */
static void
test_match_resumed (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (TbMatch) match = new_match (NULL, 1);
  g_autoptr (TbMatch) resumed = NULL;
  g_autoptr (GPtrArray) copies = g_ptr_array_new_with_free_func (g_object_unref);
  int before[2], after[2];

  finish_randomly (tb_match_get_current_game (match), rand);
  while (tb_match_can_start_next_game (match) && tb_match_get_n_games (match) < 3)
    finish_randomly (tb_match_start_next_game (match), rand);
  if (tb_match_can_start_next_game (match))
    tb_match_start_next_game (match);
  for (guint i = 0; i < tb_match_get_n_games (match); i++)
    {
      g_autofree char *record = tb_tgn_write (tb_match_get_game (match, i));
      g_autoptr (GPtrArray) read = tb_tgn_read_all (record, -1, NULL);

      g_ptr_array_add (copies, g_object_ref (read->pdata[0]));
    }
  resumed = tb_match_new_resumed (copies);
  g_assert_cmpstr (tb_match_get_id (resumed), ==, tb_match_get_id (match));
  g_assert_cmpuint (tb_match_get_n_games (resumed), ==, tb_match_get_n_games (match));
  tb_match_get_totals (match, before);
  tb_match_get_totals (resumed, after);
  g_assert_cmpint (after[0], ==, before[0]);
  g_assert_cmpint (after[1], ==, before[1]);
  g_assert_cmpuint (tb_match_get_winner (resumed), ==, tb_match_get_winner (match));
  if (!tb_game_is_over (tb_match_get_current_game (resumed)))
    {
      finish_randomly (tb_match_get_current_game (resumed), rand);
      tb_match_get_totals (resumed, after);
      g_assert_cmpint (after[0] + after[1], >=, before[0] + before[1]);
    }
  if (tb_match_can_start_next_game (resumed))
    g_assert_cmpstr (tb_game_get_tag (tb_match_start_next_game (resumed), "Match"), ==,
                     tb_match_get_id (match));
}

/* The threshold and the lead are options (ra.md §9 #15). */
static void
test_match_threshold_and_lead_are_options (void)
{
  g_autoptr (TbMatch) match = new_match ("match-threshold=1,match-lead=1", 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  TbGame *game = tb_match_get_current_game (match);

  g_assert_cmpint (tb_match_get_threshold (match), ==, 1);
  g_assert_cmpint (tb_match_get_lead (match), ==, 1);
  finish_randomly (game, rand);
  while (tb_game_get_result (game) == TB_RESULT_DRAW)
    {
      game = tb_match_start_next_game (match);
      finish_randomly (game, rand);
    }
  /* One decisive game decides such a match. */
  g_assert_true (tb_match_is_over (match));
}

/* Each game of the match carries the Match id, its number in Round and the
 * running total in MatchScore (NOTATION.md §4).  The record counts:
 * stepping back keeps the points, another move instead takes them back. */
static void
test_match_tags_and_undo (void)
{
  g_autoptr (TbMatch) match = new_match (NULL, 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  TbGame *first = tb_match_get_current_game (match);
  TbGame *second;
  int totals[2];

  finish_randomly (first, rand);
  second = tb_match_start_next_game (match);
  g_assert_cmpstr (tb_game_get_tag (first, "Match"), ==, tb_match_get_id (match));
  g_assert_cmpstr (tb_game_get_tag (second, "Match"), ==, tb_match_get_id (match));
  g_assert_cmpstr (tb_game_get_tag (first, "Round"), ==, "1");
  g_assert_cmpstr (tb_game_get_tag (second, "Round"), ==, "2");
  g_assert_nonnull (tb_game_get_tag (first, "MatchScore"));
  g_assert_null (tb_game_get_tag (second, "MatchScore"));

  finish_randomly (second, rand);
  tb_match_get_totals (match, totals);
  {
    g_autofree char *expected = g_strdup_printf ("%d-%d", totals[0], totals[1]);
    g_assert_cmpstr (tb_game_get_tag (second, "MatchScore"), ==, expected);
  }
  {
    TbMove last = tb_game_get_move (second, tb_game_get_ply (second));
    TbMove other = TB_MOVE_NONE;
    int first_points[2];
    guint n;
    const TbMove *moves;

    tb_game_undo (second);
    g_assert_nonnull (tb_game_get_tag (second, "MatchScore"));
    moves = tb_game_get_legal_moves (second, &n);
    for (guint i = 0; i < n && other == TB_MOVE_NONE; i++)
      if (moves[i] != last && !move_ends_game (second, moves[i]))
        other = moves[i];
    g_assert_true (other != TB_MOVE_NONE);
    g_assert_true (tb_game_play (second, other, NULL));
    g_assert_null (tb_game_get_tag (second, "MatchScore"));
    /* Only the first game's points remain. */
    tb_match_get_totals (match, totals);
    tb_game_get_final_score (first, first_points);
    if (tb_game_get_result (first) == TB_RESULT_DRAW)
      first_points[0] = first_points[1] = 0;
    g_assert_cmpint (totals[0], ==, first_points[0]);
    g_assert_cmpint (totals[1], ==, first_points[1]);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ra/match/loser-starts-and-void-is-replayed",
                   test_loser_starts_and_void_is_replayed);
  g_test_add_func ("/ra/match/won-above-six-with-a-lead-of-two",
                   test_match_won_above_six_with_a_lead_of_two);
  g_test_add_func ("/ra/match/threshold-and-lead-are-options",
                   test_match_threshold_and_lead_are_options);
  g_test_add_func ("/ra/match/tags-and-undo", test_match_tags_and_undo);
  g_test_add_func ("/ra/match/resumed", test_match_resumed);

  return g_test_run ();
}
