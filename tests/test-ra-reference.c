/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ra-reference.c: the RA engine against the independent reference
 * implementation of tests/reference (written from the rule files alone,
 * sharing no code with src/).
 *
 * perft from the start with every option combination, then whole games
 * played in both at once: at every ply the legal moves, the end of the
 * game, its points, the side to move and every stack must agree.  A
 * mismatch prints the moves so far, to replay them with tablier-cli.
 */
#include "config.h"

#include <string.h>

#include "ra-reference.h"
#include "tb-perft.h"
#include "tb-test-util.h"

#define RANDOM_SEED 20261122
#define MAX_PLIES 300

/* The option combinations of ra.md §9 the reference knows. */
typedef struct
{
  const char *options;
  gboolean join_short, stop_before_blocker, edge_any;
  guint64 perft[5];   /* perft(0..4) from the start, seat 1 first */
} Flags;

static const Flags flag_cases[] = {
  { NULL, TRUE, FALSE, FALSE, { 1, 50, 2517, 121415, 5884644 } },
  { "join-short=no", FALSE, FALSE, FALSE, { 1, 50, 2517, 118525, 5608448 } },
  { "stop-before-blocker=yes", TRUE, TRUE, FALSE, { 1, 52, 2721, 143522, 7607669 } },
  { "edge-any=yes", TRUE, FALSE, TRUE, { 1, 50, 2517, 123015, 6039284 } },
  { "join-short=no,stop-before-blocker=yes,edge-any=yes", FALSE, TRUE, TRUE,
    { 1, 52, 2721, 141868, 7432652 } },
};

typedef struct
{
  TbLine *line;
  RrGame *ref;
  GString *moves;
} Duo;

static Duo *
duo_new (const Flags *flags, guint starter)
{
  Duo *duo = g_new0 (Duo, 1);
  g_autoptr (TbVariant) v = tb_variant_new_from_text ("ra", flags->options, NULL);

  g_assert_nonnull (v);
  duo->line = tb_line_new (v, starter);
  duo->ref = rr_game_new ((int) starter, flags->join_short, flags->stop_before_blocker,
                          flags->edge_any);
  duo->moves = g_string_new (NULL);
  return duo;
}

static void
duo_free (Duo *duo)
{
  tb_line_free (duo->line);
  rr_game_free (duo->ref);
  g_string_free (duo->moves, TRUE);
  g_free (duo);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Duo, duo_free)

static void
duo_fail (const Duo *duo, const char *what, const char *engine, const char *reference)
{
  g_test_message ("%s differs after %u plies: engine '%s', reference '%s'", what,
                  tb_line_get_ply (duo->line), engine, reference);
  g_test_message ("moves: %s", duo->moves->len ? duo->moves->str : "(none)");
  g_test_fail ();
}

static void
duo_expect (const Duo *duo, const char *what, const char *engine, const char *reference)
{
  if (g_strcmp0 (engine, reference) != 0)
    duo_fail (duo, what, engine, reference);
}

/* The engine's "S:H@cell" items as a map from cell to "S:H". */
static GHashTable *
engine_stacks (TbLine *line, char **text)
{
  GHashTable *stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto (GStrv) items = NULL;

  *text = tb_variant_format_position (tb_line_get_variant (line), tb_line_get_position (line));
  items = g_strsplit (*text, " ", -1);
  for (guint i = 1; items[i]; i++)
    {
      char *at = strchr (items[i], '@');

      if (at)
        g_hash_table_insert (stacks, g_strdup (at + 1), g_strndup (items[i], at - items[i]));
    }
  return stacks;
}

static void
check_cells (Duo *duo)
{
  TbVariant *v = tb_line_get_variant (duo->line);
  g_autofree char *text = NULL;
  g_autoptr (GHashTable) stacks = engine_stacks (duo->line, &text);

  for (guint c = 0; c < v->board.n_cells; c++)
    {
      const char *cell = v->board.cells[c].name;
      const char *engine = g_hash_table_lookup (stacks, cell);
      g_autofree char *ref = rr_game_cell_contents (duo->ref, cell);

      if (g_strcmp0 (engine ? engine : "", ref) != 0)
        {
          g_autofree char *what = g_strdup_printf ("cell %s", cell);
          duo_fail (duo, what, engine ? engine : "", ref);
        }
    }
}

/* Compares all there is to compare; returns whether the game is over. */
static gboolean
duo_check (Duo *duo, TbOutcome *outcome)
{
  TbVariant *v = tb_line_get_variant (duo->line);
  g_auto (GStrv) engine_legal = tt_legal (duo->line);
  g_auto (GStrv) ref_legal = rr_game_legal (duo->ref);
  g_autofree char *engine_moves = g_strjoinv (" ", engine_legal);
  g_autofree char *ref_moves = g_strjoinv (" ", ref_legal);
  gboolean over = tb_line_is_over (duo->line, outcome);
  int scores[2], ref1, ref2;
  g_autofree char *engine_score = NULL, *ref_score = NULL;
  char engine_to_move[2] = { '0' + tb_position_to_move (tb_line_get_position (duo->line)), 0 };
  char ref_to_move[2] = { '0' + rr_game_to_move (duo->ref), 0 };

  duo_expect (duo, "the legal moves", engine_moves, ref_moves);
  duo_expect (duo, "the result", tb_result_to_string (outcome->result), rr_game_result (duo->ref));
  duo_expect (duo, "the termination", tb_termination_to_string (outcome->termination),
              rr_game_termination (duo->ref));
  tb_variant_score (v, tb_line_get_position (duo->line), scores);
  rr_game_score (duo->ref, &ref1, &ref2);
  engine_score = g_strdup_printf ("%d-%d", scores[0], scores[1]);
  ref_score = g_strdup_printf ("%d-%d", ref1, ref2);
  duo_expect (duo, "the points", engine_score, ref_score);
  duo_expect (duo, "the side to move", engine_to_move, ref_to_move);
  check_cells (duo);
  g_assert_cmpint (over, ==, rr_game_is_over (duo->ref));
  return over;
}

static void
duo_play (Duo *duo, const char *move)
{
  g_string_append_printf (duo->moves, "%s%s", duo->moves->len ? " " : "", move);
  tt_play (duo->line, move);
  if (!rr_game_play (duo->ref, move))
    duo_fail (duo, "whether the move is legal", "legal", "refused");
}

static void
test_perft_matches_reference (gconstpointer data)
{
  const Flags *flags = data;

  for (guint starter = 1; starter <= 2; starter++)
    {
      g_autoptr (Duo) duo = duo_new (flags, starter);

      for (guint depth = 0; depth <= 4; depth++)
        g_assert_cmpuint (tb_perft (duo->line, depth), ==, flags->perft[depth]);
      /* The reference itself, live, where it is quick. */
      for (int depth = 1; depth <= 2; depth++)
        g_assert_cmpuint (rr_game_perft (duo->ref, depth), ==, flags->perft[depth]);
    }
}

typedef struct
{
  guint endings[TB_N_TERMINATIONS];
  guint passes;
  guint captures;
  guint splits;
} Seen;

static void
play_random_game (const Flags *flags, guint starter, GRand *rand, Seen *seen)
{
  g_autoptr (Duo) duo = duo_new (flags, starter);
  TbOutcome outcome;

  while (!duo_check (duo, &outcome) && tb_line_get_ply (duo->line) < MAX_PLIES)
    {
      g_auto (GStrv) legal = tt_legal (duo->line);
      const char *move = legal[g_rand_int_range (rand, 0, (int) g_strv_length (legal))];
      g_autofree char *text = NULL;
      g_autoptr (GHashTable) before = engine_stacks (duo->line, &text);

      if (strcmp (move, "pass") == 0)
        seen->passes++;
      else
        {
          /* "kFROM-TO": what stands on FROM and TO before the move. */
          const char *dash = strchr (move, '-');
          g_autofree char *from = g_strndup (move + 1, (gsize) (dash - move - 1));
          const char *moving = g_hash_table_lookup (before, from);
          const char *target = g_hash_table_lookup (before, dash + 1);
          char mover = (char) ('0' + tb_position_to_move (tb_line_get_position (duo->line)));

          seen->captures += target != NULL && target[0] != mover;
          seen->splits += move[0] < moving[2];
        }
      duo_play (duo, move);
      if (g_test_failed ())
        return;
    }
  seen->endings[outcome.termination]++;
}

static void
test_random_games_agree (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (RANDOM_SEED);
  Seen seen = { 0 };

  for (guint f = 0; f < G_N_ELEMENTS (flag_cases); f++)
    for (guint game = 0; game < (f == 0 ? 120 : 30); game++)
      {
        play_random_game (&flag_cases[f], 1 + game % 2, rand, &seen);
        if (g_test_failed ())
          return;
      }
  g_test_message ("ra-entry %u, annihilation %u, repetition %u, unfinished %u; passes %u, "
                  "captures %u, splits %u", seen.endings[TB_TERMINATION_RA_ENTRY],
                  seen.endings[TB_TERMINATION_ANNIHILATION],
                  seen.endings[TB_TERMINATION_REPETITION], seen.endings[TB_TERMINATION_NONE],
                  seen.passes, seen.captures, seen.splits);
  /* Random play reaches these; a pass and a void game are scripted below. */
  g_assert_cmpuint (seen.endings[TB_TERMINATION_RA_ENTRY], >, 0);
  g_assert_cmpuint (seen.endings[TB_TERMINATION_ANNIHILATION], >, 0);
  g_assert_cmpuint (seen.captures, >, 0);
  g_assert_cmpuint (seen.splits, >, 0);
}

/* A forced pass, played in both. */
static void
test_scripted_pass (void)
{
  const char *stacks = "1:1@m13 2:2@l13 2:2@m12 2:2@l12";
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:1@m13 2:2@l13 2:2@m12 2:2@l12");
  RrGame *ref = rr_game_new_from_stacks (1, stacks, TRUE, FALSE, FALSE);
  g_auto (GStrv) engine = tt_legal (line);
  g_auto (GStrv) reference = rr_game_legal (ref);
  g_autofree char *e = g_strjoinv (" ", engine);
  g_autofree char *r = g_strjoinv (" ", reference);

  g_assert_cmpstr (e, ==, "pass");
  g_assert_cmpstr (e, ==, r);
  rr_game_free (ref);
}

/* An empty board: neither player can move, the game is void at once
 * (rules/README.md); with pawns such a position cannot be built under the
 * default rules (see the reference's notes). */
static void
test_scripted_void (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1");
  TbOutcome outcome;

  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_VOID);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_DRAW);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint f = 0; f < G_N_ELEMENTS (flag_cases); f++)
    {
      g_autofree char *path = g_strdup_printf ("/ra/reference/perft/%s",
                                               flag_cases[f].options ? flag_cases[f].options
                                                                     : "defaults");
      g_test_add_data_func (path, &flag_cases[f], test_perft_matches_reference);
    }
  g_test_add_func ("/ra/reference/random-games-agree", test_random_games_agree);
  g_test_add_func ("/ra/reference/scripted-pass", test_scripted_pass);
  g_test_add_func ("/ra/reference/scripted-void", test_scripted_void);

  return g_test_run ();
}
