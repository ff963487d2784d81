/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-versus-summary.c: what a Versus position keeps up to date move by
 * move (the points on the targets, the empty targets, the free pawns the
 * "lead can no longer be caught" test counts, the streaks, the occupied
 * cells) is what the same position read afresh from its text has.
 *
 * In random games under options that change attraction and blocking, at
 * every ply: the scores, the ruleset's end of the game and the moves
 * counted are the same in the position played to and in the one read
 * from its text, whose summary is made from its pieces alone.
 */
#include "config.h"

#include "tb-random.h"
#include "tb-rules-table.h"
#include "tb-test-util.h"

#define GAMES 30
#define MAX_PLIES 400

static const char *const cases[][2] = {
  { "versus-61", NULL },
  { "versus-91", NULL },
  { "versus-61", "frozen-pawns-block=no,pull-onto-target=no,streak-reset=strict" },
  { "versus-91", "no-moves-check=both,targets=2-4" },
};

static void
assert_same_summary (TbVariant *v, const TbPosition *played)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = tb_variant_format_position (v, played);
  g_autofree TbPosition *read = tb_variant_parse_position (v, text, &error);
  TbOutcome played_end = { 0 }, read_end = { 0 };
  TbMoveCounts counts;
  int played_scores[2], read_scores[2];

  g_assert_no_error (error);
  tb_variant_score (v, played, played_scores);
  tb_variant_score (v, read, read_scores);
  g_assert_cmpint (played_scores[0], ==, read_scores[0]);
  g_assert_cmpint (played_scores[1], ==, read_scores[1]);
  g_assert_cmpint (v->rules->outcome (v, played, 1, &played_end), ==,
                   v->rules->outcome (v, read, 1, &read_end));
  g_assert_cmpint (played_end.result, ==, read_end.result);
  g_assert_cmpint (played_end.termination, ==, read_end.termination);
  g_assert_cmpuint (v->rules->count_moves (v, played, &counts), ==,
                    v->rules->count_moves (v, read, &counts));
}

static void
test_summary_matches_a_fresh_reading (gconstpointer data)
{
  const char *const *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) v = tb_variant_new_from_text (c[0], c[1], &error);
  g_autofree TbMove *moves = NULL;
  TbRandom rng;
  guint positions = 0, scored = 0;

  g_assert_no_error (error);
  moves = g_new (TbMove, v->max_moves);
  tb_random_init (&rng, 11);
  for (guint game = 0; game < GAMES; game++)
    {
      g_autoptr (TbLine) line = tb_line_new (v, 1);
      guint n;

      do
        {
          int scores[2];

          n = tb_line_moves (line, moves, NULL);
          assert_same_summary (v, tb_line_get_position (line));
          tb_variant_score (v, tb_line_get_position (line), scores);
          scored += scores[0] + scores[1] > 0;
          positions++;
          if (n > 0)
            tb_line_push (line, moves[tb_random_below (&rng, n)]);
        }
      while (n > 0 && tb_line_get_ply (line) < MAX_PLIES);
    }
  g_test_message ("%s %s: %u positions, %u with points", c[0], c[1] ? c[1] : "", positions,
                  scored);
  /* Games long enough, and points scored, for the checks to mean much. */
  g_assert_cmpuint (positions, >, GAMES * 10);
  g_assert_cmpuint (scored, >, GAMES);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/versus/summary/%s/%s", cases[i][0],
                                               cases[i][1] ? cases[i][1] : "defaults");

      g_test_add_data_func (path, cases[i], test_summary_matches_a_fresh_reading);
    }
  return g_test_run ();
}
