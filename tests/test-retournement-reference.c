/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-retournement-reference.c: the Retournement engine against the
 * independent reference implementation of tests/reference (written from
 * the rule files alone, sharing no code with src/).
 *
 * perft(1..3) from the start (the counts of rules/README.md, the third
 * through a sample of first moves in the slow reference), then whole games
 * played in both at once on every board size: at every ply the legal
 * moves, the end, the side to move, the score, the hands, the colour on
 * every hole and which pieces are locked must agree.  A mismatch prints
 * the moves so far.
 */
#include "config.h"

#include <string.h>

#include "retournement-reference.h"
#include "tb-perft.h"
#include "tb-test-util.h"

#define RANDOM_SEED 20261122

typedef struct
{
  const char *options;
  int size;
  const int *values;
} Variant;

static const int odd_values[13] = { 0, 5, 1, 2, 9, 3, 4, 7, 2, 6, 1, 8, 3 };

static const Variant variants[] = {
  { NULL, 11, NULL },
  { "board-size=8", 8, NULL },
  { "board-size=9", 9, NULL },
  { "board-size=10", 10, NULL },
  { "board-size=12", 12, NULL },
  { "board-size=13", 13, NULL },
  { "value-i1=0,value-i2=5,value-i3=1,value-v3=2,value-i4=9,value-o4=3,value-t4=4,"
    "value-i5=7,value-t5=2,value-u5=6,value-v5=1,value-w5=8,value-x5=3", 11, odd_values },
};

typedef struct
{
  TbLine *line;
  RtRefGame *ref;
  GString *moves;
} Duo;

static Duo *
duo_new (const Variant *variant)
{
  Duo *duo = g_new0 (Duo, 1);

  duo->line = tt_line ("retournement", variant->options, NULL);
  duo->ref = rt_ref_new (variant->size, variant->values);
  g_assert_nonnull (duo->ref);
  duo->moves = g_string_new (NULL);
  return duo;
}

static void
duo_free (Duo *duo)
{
  tb_line_free (duo->line);
  rt_ref_free (duo->ref);
  g_string_free (duo->moves, TRUE);
  g_free (duo);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Duo, duo_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtRefGame, rt_ref_free)

static void
duo_expect (const Duo *duo, const char *what, const char *engine, const char *reference)
{
  if (g_strcmp0 (engine, reference) == 0)
    return;
  g_test_message ("%s differs after %u plies: engine '%s', reference '%s'", what,
                  tb_line_get_ply (duo->line), engine, reference);
  g_test_message ("moves: %s", duo->moves->len ? duo->moves->str : "(none)");
  g_test_fail ();
}

/* Colour and lock of every hole as the engine draws them: "W", "r" … */
static void
engine_cells (TbLine *line, char cells[TB_MAX_CELLS][2])
{
  TbVariant *v = tb_line_get_variant (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (v, tb_line_get_position (line), pieces);

  memset (cells, 0, TB_MAX_CELLS * 2);
  for (guint i = 0; i < n; i++)
    {
      char c = pieces[i].owner == 1 ? 'W' : 'R';

      cells[pieces[i].cell][0] = (pieces[i].flags & TB_PIECE_LOCKED) ? g_ascii_tolower (c) : c;
    }
}

static char *
engine_hand (TbLine *line, guint seat)
{
  TbVariant *v = tb_line_get_variant (line);
  guint32 hand = tb_variant_hand (v, tb_line_get_position (line), seat);
  GString *out = g_string_new (NULL);

  for (guint s = 0; s < v->board.n_shapes; s++)
    if (hand & (1u << s))
      g_string_append_printf (out, "%s%s", out->len ? " " : "", v->board.shapes[s].code);
  return g_string_free (out, FALSE);
}

static void
duo_check_board (Duo *duo)
{
  TbVariant *v = tb_line_get_variant (duo->line);
  char cells[TB_MAX_CELLS][2];

  engine_cells (duo->line, cells);
  for (guint c = 0; c < v->board.n_cells; c++)
    {
      const char *name = v->board.cells[c].name;
      const char *colour = rt_ref_cell (duo->ref, name);
      g_autofree char *what = g_strdup_printf ("hole %s", name);
      g_autofree char *ref = g_strdup_printf ("%s", colour ? colour : "(no such hole)");

      if (*ref && rt_ref_locked (duo->ref, name))
        ref[0] = g_ascii_tolower (ref[0]);
      duo_expect (duo, what, cells[c], ref);
    }
  for (guint seat = 1; seat <= 2; seat++)
    {
      g_autofree char *hand = engine_hand (duo->line, seat);
      g_autofree char *ref_hand = rt_ref_hand (duo->ref, (int) seat);

      duo_expect (duo, seat == 1 ? "White's hand" : "Red's hand", hand, ref_hand);
    }
}

static gboolean
duo_check (Duo *duo, TbOutcome *outcome)
{
  TbVariant *v = tb_line_get_variant (duo->line);
  g_auto (GStrv) engine_legal = tt_legal (duo->line);
  g_auto (GStrv) ref_legal = rt_ref_legal (duo->ref);
  g_autofree char *engine_moves = g_strjoinv (" ", engine_legal);
  g_autofree char *ref_moves = g_strjoinv (" ", ref_legal);
  gboolean over = tb_line_is_over (duo->line, outcome);
  int scores[2], ref_scores[2];
  g_autofree char *score = NULL, *ref_score = NULL;

  duo_expect (duo, "the legal moves", engine_moves, ref_moves);
  duo_expect (duo, "the result", tb_result_to_string (outcome->result), rt_ref_result (duo->ref));
  duo_expect (duo, "the termination", tb_termination_to_string (outcome->termination),
              rt_ref_termination (duo->ref));
  tb_variant_score (v, tb_line_get_position (duo->line), scores);
  rt_ref_score (duo->ref, ref_scores);
  score = g_strdup_printf ("%d-%d", scores[0], scores[1]);
  ref_score = g_strdup_printf ("%d-%d", ref_scores[0], ref_scores[1]);
  duo_expect (duo, "the score", score, ref_score);
  if (!over)
    {
      g_autofree char *side = g_strdup_printf ("%u", tb_position_to_move (tb_line_get_position (duo->line)));
      g_autofree char *ref_side = g_strdup_printf ("%d", rt_ref_to_move (duo->ref));

      duo_expect (duo, "the side to move", side, ref_side);
    }
  duo_check_board (duo);
  g_assert_cmpint (over, ==, rt_ref_is_over (duo->ref));
  return over;
}

static void
test_perft_from_the_start (void)
{
  g_autoptr (Duo) duo = duo_new (&variants[0]);
  static const guint64 counts[] = { 1, 3142, 1023216, 413460964 };

  for (guint depth = 0; depth <= 2; depth++)
    {
      g_assert_cmpuint (tb_perft (duo->line, depth), ==, counts[depth]);
      g_assert_cmpuint (rt_ref_perft (duo->ref, (int) depth), ==, counts[depth]);
    }
  /* The engine in full; the reference, too slow for it, below. */
  g_assert_cmpuint (tb_perft (duo->line, 3), ==, counts[3]);
}

/* perft(2) after a sample of first moves: perft(3) a piece at a time. */
static void
test_perft_three_sampled (void)
{
  g_autoptr (Duo) duo = duo_new (&variants[0]);
  g_autoptr (GRand) rand = g_rand_new_with_seed (RANDOM_SEED);
  g_auto (GStrv) first = tt_legal (duo->line);
  guint n = g_strv_length (first);

  for (guint i = 0; i < 12; i++)
    {
      const char *move = first[g_rand_int_range (rand, 0, (int) n)];
      g_autoptr (RtRefGame) ref = rt_ref_copy (duo->ref);

      tt_play (duo->line, move);
      g_assert_true (rt_ref_play (ref, move));
      g_assert_cmpuint (tb_perft (duo->line, 2), ==, rt_ref_perft (ref, 2));
      tb_line_pop (duo->line);
    }
}

typedef struct
{
  guint endings[TB_N_TERMINATIONS];
  guint passes, locked, draws;
} Seen;

static void
play_random_game (const Variant *variant, GRand *rand, Seen *seen)
{
  g_autoptr (Duo) duo = duo_new (variant);
  TbOutcome outcome;

  while (!duo_check (duo, &outcome))
    {
      g_auto (GStrv) legal = tt_legal (duo->line);
      const char *move = legal[g_rand_int_range (rand, 0, (int) g_strv_length (legal))];

      seen->passes += strcmp (move, "pass") == 0;
      g_string_append_printf (duo->moves, "%s%s", duo->moves->len ? " " : "", move);
      tt_play (duo->line, move);
      if (!rt_ref_play (duo->ref, move))
        duo_expect (duo, "whether the move is legal", "legal", "refused");
      if (g_test_failed ())
        return;
    }
  {
    char cells[TB_MAX_CELLS][2];

    engine_cells (duo->line, cells);
    for (guint c = 0; c < TB_MAX_CELLS; c++)
      seen->locked += g_ascii_islower (cells[c][0]);
  }
  seen->draws += outcome.result == TB_RESULT_DRAW;
  seen->endings[outcome.termination]++;
}

static void
test_random_games_agree (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (RANDOM_SEED);
  Seen seen = { 0 };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint game = 0; game < (v == 0 ? 60 : 15); game++)
      {
        play_random_game (&variants[v], rand, &seen);
        if (g_test_failed ())
          return;
      }
  g_test_message ("all-placed %u, blocked %u; passes %u, locked holes %u, draws %u",
                  seen.endings[TB_TERMINATION_ALL_PLACED], seen.endings[TB_TERMINATION_BLOCKED],
                  seen.passes, seen.locked, seen.draws);
  g_assert_cmpuint (seen.endings[TB_TERMINATION_ALL_PLACED], >, 0);
  g_assert_cmpuint (seen.endings[TB_TERMINATION_BLOCKED], >, 0);
  g_assert_cmpuint (seen.passes, >, 0);
  g_assert_cmpuint (seen.locked, >, 0);
}

/* Set-up positions: the engine's text read by the reference. */
static void
test_set_up_positions_agree (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (RANDOM_SEED + 1);

  for (guint game = 0; game < 20; game++)
    {
      g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
      guint plies = (guint) g_rand_int_range (rand, 1, 24);

      for (guint ply = 0; ply < plies && !tb_line_is_over (line, NULL); ply++)
        {
          g_auto (GStrv) legal = tt_legal (line);

          tt_play (line, legal[g_rand_int_range (rand, 0, (int) g_strv_length (legal))]);
        }
      {
        g_autofree char *text = tt_position (line);
        const char *space = strchr (text, ' ');
        g_autoptr (Duo) duo = g_new0 (Duo, 1);
        TbOutcome outcome;

        duo->line = tt_line_at ("retournement", NULL, text);
        duo->ref = rt_ref_new_from_text (11, NULL, text[8] - '0', space ? space + 1 : "");
        duo->moves = g_string_new (text);
        g_assert_nonnull (duo->ref);
        duo_check (duo, &outcome);
      }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/retournement/reference/perft", test_perft_from_the_start);
  g_test_add_func ("/retournement/reference/perft-3-sampled", test_perft_three_sampled);
  g_test_add_func ("/retournement/reference/random-games-agree", test_random_games_agree);
  g_test_add_func ("/retournement/reference/set-up-positions-agree", test_set_up_positions_agree);

  return g_test_run ();
}
