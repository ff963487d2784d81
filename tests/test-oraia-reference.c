/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-oraia-reference.c: the Oraïa engine against the independent
 * reference implementation of tests/reference (written from the rule
 * files alone, sharing no code with src/).
 *
 * perft from the start for the geometries and jump readings, then whole
 * games played in both at once: at every ply the legal moves, the end of
 * the game, the side to move, the disc's turn, the pawns home and every
 * cell must agree.  A mismatch prints the moves so far.
 */
#include "config.h"

#include <string.h>

#include "oraia-reference.h"
#include "tb-perft.h"
#include "tb-test-util.h"

#define RANDOM_SEED 20261123
#define MAX_PLIES 400

typedef struct
{
  const char *options;
  OrFlags flags;
  guint64 perft[7];   /* perft(0..6) from the start, seat 1 first */
} Flags;

static const Flags flag_cases[] = {
  { NULL, { FALSE, FALSE, TRUE, FALSE }, { 1, 4, 16, 96, 592, 4352, 32056 } },
  { "geometry=pinwheel", { TRUE, FALSE, TRUE, FALSE }, { 1, 4, 16, 80, 424, 2952, 20816 } },
  { "strict-single-line=yes", { FALSE, TRUE, TRUE, FALSE }, { 1, 4, 16, 96, 592, 4352, 32032 } },
  { "arrival-hop=no", { FALSE, FALSE, FALSE, FALSE }, { 1, 4, 16, 96, 592, 4352, 32056 } },
  { "geometry=pinwheel,strict-single-line=yes,centre-free-when-stuck=yes",
    { TRUE, TRUE, TRUE, TRUE }, { 0 } },
};

typedef struct
{
  TbLine *line;
  OrGame *ref;
  GString *moves;
} Duo;

static Duo *
duo_new (const Flags *flags, guint starter)
{
  Duo *duo = g_new0 (Duo, 1);
  g_autoptr (TbVariant) v = tb_variant_new_from_text ("oraia", flags->options, NULL);

  g_assert_nonnull (v);
  duo->line = tb_line_new (v, starter);
  duo->ref = or_game_new ((int) starter, flags->flags);
  duo->moves = g_string_new (NULL);
  return duo;
}

static void
duo_free (Duo *duo)
{
  tb_line_free (duo->line);
  or_game_free (duo->ref);
  g_string_free (duo->moves, TRUE);
  g_free (duo);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Duo, duo_free)

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

/* The engine's "seat[*]@cell" items as a map from cell to "seat[*]". */
static GHashTable *
engine_pawns (TbLine *line, char **text)
{
  GHashTable *pawns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto (GStrv) items = NULL;

  *text = tb_variant_format_position (tb_line_get_variant (line), tb_line_get_position (line));
  items = g_strsplit (*text, " ", -1);
  for (guint i = 0; items[i]; i++)
    {
      char *at = strchr (items[i], '@');

      if (at)
        g_hash_table_insert (pawns, g_strdup (at + 1), g_strndup (items[i], at - items[i]));
    }
  return pawns;
}

static gboolean
duo_check (Duo *duo, TbOutcome *outcome)
{
  TbVariant *v = tb_line_get_variant (duo->line);
  g_auto (GStrv) engine_legal = tt_legal (duo->line);
  g_auto (GStrv) ref_legal = or_game_legal (duo->ref);
  g_autofree char *engine_moves = g_strjoinv (" ", engine_legal);
  g_autofree char *ref_moves = g_strjoinv (" ", ref_legal);
  g_autofree char *text = NULL;
  g_autoptr (GHashTable) pawns = engine_pawns (duo->line, &text);
  gboolean over = tb_line_is_over (duo->line, outcome);
  g_autofree char *turn = g_strdup_printf ("r=%d", or_game_rotation (duo->ref));
  g_autofree char *home = NULL, *ref_home = NULL;
  guint done[2], total;

  duo_expect (duo, "the legal moves", engine_moves, ref_moves);
  duo_expect (duo, "the result", tb_result_to_string (outcome->result), or_game_result (duo->ref));
  duo_expect (duo, "the termination", tb_termination_to_string (outcome->termination),
              or_game_termination (duo->ref));
  duo_expect (duo, "the disc's turn", strstr (text, turn) ? turn : text, turn);
  for (guint seat = 1; seat <= 2; seat++)
    tb_variant_seat_progress (v, tb_line_get_position (duo->line), seat, &done[seat - 1], &total);
  home = g_strdup_printf ("%u-%u", done[0], done[1]);
  ref_home = g_strdup_printf ("%d-%d", or_game_home (duo->ref, 1), or_game_home (duo->ref, 2));
  duo_expect (duo, "the pawns home", home, ref_home);
  if (!over)
    {
      g_autofree char *side = g_strdup_printf ("%u", tb_position_to_move (tb_line_get_position (duo->line)));
      g_autofree char *ref_side = g_strdup_printf ("%d", or_game_to_move (duo->ref));
      duo_expect (duo, "the side to move", side, ref_side);
    }
  for (guint c = 0; c < v->board.n_cells; c++)
    {
      const char *cell = v->board.cells[c].name;
      const char *engine = g_hash_table_lookup (pawns, cell);
      g_autofree char *ref = or_game_cell_contents (duo->ref, cell);
      g_autofree char *what = g_strdup_printf ("cell %s", cell);

      duo_expect (duo, what, engine ? engine : "", ref);
    }
  g_assert_cmpint (over, ==, or_game_is_over (duo->ref));
  return over;
}

static void
test_perft_matches_reference (gconstpointer data)
{
  const Flags *flags = data;
  g_autoptr (Duo) duo = duo_new (flags, 1);

  for (guint depth = 0; depth <= 6; depth++)
    {
      guint64 engine = tb_perft (duo->line, depth);

      if (flags->perft[0])
        g_assert_cmpuint (engine, ==, flags->perft[depth]);
      if (depth <= 4)
        g_assert_cmpuint (engine, ==, or_game_perft (duo->ref, (int) depth));
    }
}

typedef struct
{
  guint endings[TB_N_TERMINATIONS];
  guint chains, turns, arrivals, passes;
} Seen;

static void
play_random_game (const Flags *flags, guint starter, GRand *rand, Seen *seen)
{
  g_autoptr (Duo) duo = duo_new (flags, starter);
  TbOutcome outcome;

  while (!duo_check (duo, &outcome) && tb_line_get_ply (duo->line) < MAX_PLIES)
    {
      g_auto (GStrv) legal = tt_legal (duo->line);
      guint n = g_strv_length (legal);
      const char *move = NULL;

      /* Prefer what makes games interesting: home, the centre, jumps. */
      for (guint i = 0; i < n && move == NULL; i++)
        if (g_rand_int_range (rand, 0, 3) == 0 &&
            (strchr (legal[i] + 3, 'P') || strchr (legal[i], '=') ||
             strlen (legal[i]) > 5))
          move = legal[i];
      if (move == NULL)
        move = legal[g_rand_int_range (rand, 0, (int) n)];
      seen->passes += strcmp (move, "pass") == 0;
      seen->turns += strchr (move, '=') != NULL;
      seen->chains += strlen (move) > 6 && strchr (move + 3, '-') != NULL;
      seen->arrivals += strchr (move + 3, 'P') != NULL;
      g_string_append_printf (duo->moves, "%s%s", duo->moves->len ? " " : "", move);
      tt_play (duo->line, move);
      if (!or_game_play (duo->ref, move))
        duo_expect (duo, "whether the move is legal", "legal", "refused");
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
    for (guint game = 0; game < (f == 0 ? 120 : 40); game++)
      {
        play_random_game (&flag_cases[f], 1 + game % 2, rand, &seen);
        if (g_test_failed ())
          return;
      }
  g_test_message ("all-arrived %u, repetition %u, blocked %u, unfinished %u; chains %u, turns %u, "
                  "arrivals %u, passes %u", seen.endings[TB_TERMINATION_ALL_ARRIVED],
                  seen.endings[TB_TERMINATION_REPETITION], seen.endings[TB_TERMINATION_BLOCKED],
                  seen.endings[TB_TERMINATION_NONE], seen.chains, seen.turns, seen.arrivals,
                  seen.passes);
  g_assert_cmpuint (seen.endings[TB_TERMINATION_ALL_ARRIVED], >, 0);
  g_assert_cmpuint (seen.chains, >, 0);
  g_assert_cmpuint (seen.turns, >, 0);
  g_assert_cmpuint (seen.arrivals, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint f = 0; f < G_N_ELEMENTS (flag_cases); f++)
    {
      g_autofree char *path = g_strdup_printf ("/oraia/reference/perft/%s",
                                               flag_cases[f].options ? flag_cases[f].options
                                                                     : "defaults");
      g_test_add_data_func (path, &flag_cases[f], test_perft_matches_reference);
    }
  g_test_add_func ("/oraia/reference/random-games-agree", test_random_games_agree);

  return g_test_run ();
}
