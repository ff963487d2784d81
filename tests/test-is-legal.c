/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-is-legal.c: a ruleset's quick test of one move agrees with its
 * list of legal moves
 *
 * Reading a record checks each move with the ruleset's is_legal, which
 * makes only the moving piece's moves (TbRules); the game then never
 * makes the whole list.  So in random games of every ruleset, under
 * options that change how pieces move, at every position: each legal
 * move passes, and no other move does, among the moves legal elsewhere
 * in the game (real moves of pieces not there, or not to move), the
 * same with a bit flipped, and arbitrary numbers.
 *
 * Random playouts count the moves and make only the one they pick
 * (tb_line_count_moves, tb_line_nth_move, the ruleset's count_moves and
 * nth_move where it has them): the count and every i-th move must be the
 * list's, in its order, and a finished game must have none.
 */
#include "config.h"

#include "tb-line.h"
#include "tb-random.h"
#include "tb-test-util.h"

#define GAMES 40
#define MAX_PLIES 300

typedef struct
{
  const char *ruleset;
  const char *options;
} Case;

static const Case cases[] = {
  { "versus-61", NULL },
  { "versus-91", NULL },
  { "versus-61", "frozen-pawns-block=no,targets=2-4" },
  { "ra", NULL },
  { "ra", "join-short=no,stop-before-blocker=yes,edge-any=yes" },
  { "oraia", NULL },
  { "oraia", "geometry=pinwheel,strict-single-line=yes" },
  { "oraia", "centre-free-when-stuck=yes,arrival-hop=no" },
  { "oraia", "geometry=pinwheel,centre-free-when-stuck=yes" },
  { "retournement", NULL },
  { "retournement", "board-size=8" },
  /* Above 128 cells the sets' third word is counted too. */
  { "retournement", "board-size=13" },
};

/* Every candidate is legal here exactly when the list has it. */
static void
check_position (TbVariant *v, const TbPosition *pos, const TbMove *moves, guint n,
                GArray *seen, TbRandom *rng)
{
  for (guint i = 0; i < n; i++)
    if (moves[i] != TB_MOVE_PASS)
      g_assert_true (tb_variant_is_legal (v, pos, moves[i]));
  for (guint i = 0; i < seen->len; i++)
    {
      TbMove candidate = g_array_index (seen, TbMove, i);
      TbMove flipped = candidate ^ (1u << tb_random_below (rng, 24));
      TbMove arbitrary = (TbMove) tb_random_below (rng, 1u << 24);

      if (candidate != TB_MOVE_PASS)
        g_assert_cmpint (tb_variant_is_legal (v, pos, candidate), ==,
                         tb_moves_contain (moves, n, candidate));
      if (flipped != TB_MOVE_PASS)
        g_assert_cmpint (tb_variant_is_legal (v, pos, flipped), ==,
                         tb_moves_contain (moves, n, flipped));
      if (arbitrary != TB_MOVE_PASS)
        g_assert_cmpint (tb_variant_is_legal (v, pos, arbitrary), ==,
                         tb_moves_contain (moves, n, arbitrary));
    }
}

static void
check_count_and_nth (TbLine *line, const TbMove *moves, guint n)
{
  g_assert_cmpuint (tb_line_count_moves (line, NULL), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (tb_line_nth_move (line, i), ==, moves[i]);
}

static void
test_agrees_with_the_list (gconstpointer data)
{
  const Case *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) v = tb_variant_new_from_text (c->ruleset, c->options, &error);
  g_autofree TbMove *moves = NULL;
  TbRandom rng;
  guint positions = 0;

  g_assert_no_error (error);
  moves = g_new (TbMove, v->max_moves);
  tb_random_init (&rng, 5);
  for (guint game = 0; game < GAMES; game++)
    {
      g_autoptr (TbLine) line = tb_line_new (v, 1);
      g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (TbMove));
      guint n;

      while ((n = tb_line_moves (line, moves, NULL)) > 0 && tb_line_get_ply (line) < MAX_PLIES)
        {
          check_position (v, tb_line_get_position (line), moves, n, seen, &rng);
          check_count_and_nth (line, moves, n);
          positions++;
          /* A few of this position's moves, to try in the next ones. */
          for (guint i = 0; i < 3; i++)
            g_array_append_val (seen, moves[tb_random_below (&rng, n)]);
          if (seen->len > 60)
            g_array_remove_range (seen, 0, seen->len - 60);
          tb_line_push (line, moves[tb_random_below (&rng, n)]);
        }
      if (n == 0)
        g_assert_cmpuint (tb_line_count_moves (line, NULL), ==, 0);
    }
  g_test_message ("%s %s: %u positions", c->ruleset, c->options ? c->options : "", positions);
  g_assert_cmpuint (positions, >, GAMES * 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/is-legal/%s/%s", cases[i].ruleset,
                                               cases[i].options ? cases[i].options : "defaults");

      g_test_add_data_func (path, &cases[i], test_agrees_with_the_list);
    }
  return g_test_run ();
}
