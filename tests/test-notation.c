/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-notation.c: move tokens and position texts (NOTATION.md §3) for
 * every ruleset of the registry
 *
 * Canonical move text must read back as the same move in the position it
 * was written in, also in upper case and with white space around it;
 * anything else must be refused with an error that says whether the text
 * is malformed or the move illegal, and must leave the line as it was.
 * Position texts (the scripted positions of the tests and the rules help)
 * must round-trip with the same hash.
 */
#include "config.h"

#include <string.h>

#include "tb-rules-table.h"
#include "tb-test-util.h"

#define RANDOM_SEED 5318008
#define N_GAMES 24
#define MAX_PLIES 240

/* ------------------------------------------------------------ helpers */

typedef void (*PositionFunc) (TbLine *line, gpointer user_data);

/* Calls func on every position of n_games random games from the start
 * (seat 2 starts every other game where the ruleset allows it). */
static void
walk_random_games (const TbRules *rules, guint32 seed, guint n_games, PositionFunc func,
                   gpointer user_data)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (rules);
  g_autoptr (TbLine) line = tb_line_new (v, 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);

  for (guint game = 0; game < n_games; game++)
    {
      tb_line_reset (line, tb_rules_has_starter_choice (rules) && game % 2 ? 2 : 1);
      for (;;)
        {
          guint n;

          func (line, user_data);
          n = tb_line_moves (line, moves, NULL);
          if (n == 0 || tb_line_get_ply (line) == MAX_PLIES)
            break;
          tb_line_push (line, moves[g_rand_int_range (rand, 0, (gint32) n)]);
        }
    }
}

static char *
line_history (TbLine *line)
{
  TbVariant *v = tb_line_get_variant (line);
  GString *text = g_string_new (NULL);

  for (guint ply = 1; ply <= tb_line_get_ply (line); ply++)
    {
      g_autofree char *move =
        tb_variant_format_move (v, tb_line_get_position_at (line, ply - 1),
                                tb_line_get_move_at (line, ply));

      g_string_append_printf (text, "%s%s", ply > 1 ? " " : "", move);
    }
  return g_string_free (text, FALSE);
}

static void
report_position (TbLine *line)
{
  g_autofree char *history = line_history (line);

  g_test_message ("%s after: %s", tb_rules_get_id (tb_line_get_variant (line)->rules),
                  *history ? history : "(the start)");
}

/* Everything that identifies the current position of line. */
typedef struct
{
  guint ply;
  guint occurrences;
  guint64 hash;
  char *text;
} LineState;

static void
line_state_get (TbLine *line, LineState *state)
{
  state->ply = tb_line_get_ply (line);
  state->occurrences = tb_line_get_occurrences (line);
  state->hash = tb_position_hash (tb_line_get_position (line));
  state->text = tt_position (line);
}

static void
assert_line_unchanged (TbLine *line, LineState *before)
{
  LineState after;

  line_state_get (line, &after);
  g_assert_cmpuint (after.ply, ==, before->ply);
  g_assert_cmpuint (after.occurrences, ==, before->occurrences);
  g_assert_cmpuint (after.hash, ==, before->hash);
  g_assert_cmpstr (after.text, ==, before->text);
  g_free (after.text);
  g_free (before->text);
}

static gboolean
move_in (TbMove move, const TbMove *moves, guint n)
{
  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

/* Reads text with the ruleset's reader and with tb_line_parse_move; both
 * must give move. */
static void
assert_reads_as (TbLine *line, const char *text, TbMove move)
{
  TbVariant *v = tb_line_get_variant (line);
  const TbPosition *pos = tb_line_get_position (line);
  g_autoptr (GError) error = NULL;
  TbMove read = TB_MOVE_NONE;

  if (move != TB_MOVE_PASS)
    {
      if (!v->rules->parse_move (v, pos, text, &read, &error))
        report_position (line);
      g_assert_no_error (error);
      g_assert_cmpuint (read, ==, move);
    }
  read = TB_MOVE_NONE;
  if (!tb_line_parse_move (line, text, &read, &error))
    report_position (line);
  g_assert_no_error (error);
  g_assert_cmpuint (read, ==, move);
}

/* ------------------------------------------------------------ move text */

static void
check_move_texts (TbLine *line, gpointer user_data)
{
  TbVariant *v = tb_line_get_variant (line);
  const TbPosition *pos = tb_line_get_position (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  g_autoptr (GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = tb_line_moves (line, moves, NULL);
  guint *checked = user_data;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = tb_variant_format_move (v, pos, moves[i]);
      g_autofree char *upper = g_ascii_strup (text, -1);
      g_autofree char *spaced = g_strdup_printf ("  %s \t", text);
      g_autofree char *upper_spaced = g_strdup_printf ("\t%s\n", upper);

      /* Canonical text is a single token, different for each move. */
      g_assert_cmpuint (strlen (text), >, 0);
      g_assert_null (strpbrk (text, " \t\n"));
      if (g_hash_table_contains (texts, text))
        report_position (line);
      g_assert_false (g_hash_table_contains (texts, text));
      g_hash_table_add (texts, g_strdup (text));

      assert_reads_as (line, text, moves[i]);
      assert_reads_as (line, upper, moves[i]);
      assert_reads_as (line, spaced, moves[i]);
      assert_reads_as (line, upper_spaced, moves[i]);
      (*checked)++;
    }
}

static void
test_every_legal_move_text_reads_back (gconstpointer data)
{
  const TbRules *rules = data;
  guint checked = 0;

  walk_random_games (rules, RANDOM_SEED, N_GAMES, check_move_texts, &checked);
  g_test_message ("%s: %u moves written and read back", tb_rules_get_id (rules), checked);
  g_assert_cmpuint (checked, >, 1000);
}

/* ------------------------------------------------------------ malformed move text */

typedef struct
{
  const char *text;
  TbRulesError code;
} BadToken;

/* Every token a Versus reader must refuse in the start position of both
 * boards (c1 holds seat 1's VERSUS, e9 a seat 2 pawn on both, and a1 a
 * seat 1 pawn). */
static const BadToken versus_bad_tokens[] = {
  { "", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "   ", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "-c4", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "-", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-c1", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-z9", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "z9-c1", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-c0", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1\xe2\x80\x93" "c4", TB_RULES_ERROR_BAD_MOVE_TEXT },  /* an en dash */
  { "c1-c4-c5", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1--c4", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1c4", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-c4x", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-c4;", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-c4 c5", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c-4", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "1c-4c", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1:c4", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-c4\x01", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "\xff\xfe\xfd", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "c1-c99999999999", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "3c1-c4", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "V3:e5-f5-e6", TB_RULES_ERROR_BAD_MOVE_TEXT },
  { "O6-O0-O2-C=R", TB_RULES_ERROR_BAD_MOVE_TEXT },
  /* Well formed, not legal: Versus has no pass (rules/README.md). */
  { "pass", TB_RULES_ERROR_ILLEGAL_MOVE },
  { " PASS ", TB_RULES_ERROR_ILLEGAL_MOVE },
  { "a1-a3", TB_RULES_ERROR_ILLEGAL_MOVE },    /* a pawn steps one cell */
  { "e9-e8", TB_RULES_ERROR_ILLEGAL_MOVE },    /* seat 2's pawn, seat 1 to move */
  { "c1-d1", TB_RULES_ERROR_ILLEGAL_MOVE },    /* onto a piece */
  { "e5-e6", TB_RULES_ERROR_ILLEGAL_MOVE },    /* no piece there */
  { "c2-c3", TB_RULES_ERROR_ILLEGAL_MOVE },
};

static void
assert_refused (TbLine *line, const char *text, TbRulesError code)
{
  g_autoptr (GError) error = NULL;
  LineState before;
  TbMove move = TB_MOVE_NONE;
  gboolean ok;

  line_state_get (line, &before);
  ok = tb_line_parse_move (line, text, &move, &error);
  if (ok || !g_error_matches (error, TB_RULES_ERROR, code))
    {
      g_autofree char *escaped = g_strescape (text, NULL);

      g_test_message ("'%s' read as %s (%s)", escaped, ok ? "a move" : "an error",
                      error ? error->message : "no error");
      report_position (line);
    }
  g_assert_false (ok);
  g_assert_error (error, TB_RULES_ERROR, (gint) code);
  g_assert_nonnull (error->message);
  assert_line_unchanged (line, &before);

  /* Playing it is refused the same way and plays nothing. */
  g_clear_error (&error);
  line_state_get (line, &before);
  g_assert_false (tb_line_play_text (line, text, NULL, &error));
  g_assert_error (error, TB_RULES_ERROR, (gint) code);
  assert_line_unchanged (line, &before);
}

static void
test_versus_malformed_tokens_are_refused (gconstpointer data)
{
  const TbRules *rules = data;
  g_autoptr (TbLine) line = tt_line (tb_rules_get_id (rules), NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (versus_bad_tokens); i++)
    assert_refused (line, versus_bad_tokens[i].text, versus_bad_tokens[i].code);
}

/* Every FROM-TO of two different cells of the board reads either as a
 * legal move (exactly the legal ones) or is refused as illegal: in the
 * start position and along a random game. */
static void
check_every_cell_pair (TbLine *line, gpointer user_data)
{
  TbVariant *v = tb_line_get_variant (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint n = tb_line_moves (line, moves, NULL);
  guint legal = 0;

  if (tb_line_get_ply (line) % 8 != 0 || n == 0)
    return;
  for (guint a = 0; a < v->board.n_cells; a++)
    for (guint b = 0; b < v->board.n_cells; b++)
      {
        g_autofree char *text = NULL;
        g_autoptr (GError) error = NULL;
        TbMove move = TB_MOVE_NONE;

        if (a == b)
          continue;
        text = g_strdup_printf ("%s-%s", v->board.cells[a].name, v->board.cells[b].name);
        if (tb_line_parse_move (line, text, &move, &error))
          {
            g_autofree char *canonical = NULL;

            g_assert_true (move_in (move, moves, n));
            canonical = tb_variant_format_move (v, tb_line_get_position (line), move);
            g_assert_cmpstr (canonical, ==, text);
            legal++;
          }
        else
          g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE);
      }
  g_assert_cmpuint (legal, ==, n);
}

static void
test_versus_every_cell_pair_is_legal_or_illegal (gconstpointer data)
{
  walk_random_games (data, RANDOM_SEED + 1, 2, check_every_cell_pair, NULL);
}

/* Random bytes, and random strings over the characters of move tokens,
 * never crash a reader: either a legal move or an error of the two kinds. */
static void
check_garbage (TbLine *line, gpointer user_data)
{
  GRand *rand = user_data;
  static const char alphabet[] = "abcdefghijklmzABCK0123456789-:=pasPO \t";
  TbVariant *v = tb_line_get_variant (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint n = tb_line_moves (line, moves, NULL);

  if (n == 0)
    return;
  for (guint k = 0; k < 40; k++)
    {
      char text[16];
      guint len = (guint) g_rand_int_range (rand, 0, sizeof text);
      gboolean bytes = g_rand_boolean (rand);
      g_autoptr (GError) error = NULL;
      TbMove move = TB_MOVE_NONE;
      LineState before;

      for (guint i = 0; i < len; i++)
        text[i] = bytes ? (char) g_rand_int_range (rand, 1, 256)
                        : alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      text[len] = '\0';
      line_state_get (line, &before);
      if (tb_line_parse_move (line, text, &move, &error))
        g_assert_true (move_in (move, moves, n));
      else if (!g_error_matches (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT))
        g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE);
      assert_line_unchanged (line, &before);
    }
}

static void
test_garbage_never_crashes_a_reader (gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (RANDOM_SEED + 2);

  walk_random_games (data, RANDOM_SEED + 2, 4, check_garbage, rand);
}

/* ------------------------------------------------------------ play_text */

/* tb_line_play_text plays what it reads and nothing when it refuses:
 * after the game is over every move is refused as GAME_OVER. */
static void
check_play_text (TbLine *line, gpointer user_data)
{
  TbVariant *v = tb_line_get_variant (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint n = tb_line_moves (line, moves, NULL);
  g_autoptr (GError) error = NULL;
  const TbPosition *prev;
  LineState before;
  TbMove played = TB_MOVE_NONE;

  if (n == 0)
    {
      /* Over: even the moves of the ruleset's move list are refused. */
      TbOutcome outcome;
      guint m = v->rules->legal_moves (v, tb_line_get_position (line), moves);

      g_assert_true (tb_line_is_over (line, &outcome));
      for (guint i = 0; i < m; i++)
        {
          g_autofree char *text = tb_variant_format_move (v, tb_line_get_position (line),
                                                          moves[i]);

          assert_refused (line, text, TB_RULES_ERROR_GAME_OVER);
        }
      return;
    }
  if (tb_line_get_ply (line) % 5 != 0)
    return;

  /* An illegal move changes nothing. */
  if (strcmp (tb_rules_get_family (v->rules), "versus") == 0)
    {
      assert_refused (line, "pass", TB_RULES_ERROR_ILLEGAL_MOVE);
      assert_refused (line, "c1-c1", TB_RULES_ERROR_BAD_MOVE_TEXT);
    }
  assert_refused (line, "!!", TB_RULES_ERROR_BAD_MOVE_TEXT);

  /* A legal one is played, and reported. */
  line_state_get (line, &before);
  {
    g_autofree char *text = tb_variant_format_move (v, tb_line_get_position (line), moves[0]);
    g_autofree char *spaced = g_strdup_printf (" %s ", text);

    g_assert_true (tb_line_play_text (line, spaced, &played, &error));
  }
  g_assert_no_error (error);
  g_assert_cmpuint (played, ==, moves[0]);
  g_assert_cmpuint (tb_line_get_ply (line), ==, before.ply + 1);
  g_assert_cmpuint (tb_line_get_move_at (line, before.ply + 1), ==, moves[0]);
  prev = tb_line_get_position_at (line, before.ply);
  g_assert_cmpuint (tb_position_hash (prev), ==, before.hash);
  tb_line_pop (line);
  assert_line_unchanged (line, &before);
}

static void
test_play_text_refuses_without_changing_the_line (gconstpointer data)
{
  walk_random_games (data, RANDOM_SEED + 3, 12, check_play_text, NULL);
}

/* ------------------------------------------------------------ position text */

static int
compare_moves (gconstpointer a, gconstpointer b)
{
  TbMove x = *(const TbMove *) a, y = *(const TbMove *) b;

  return (x > y) - (x < y);
}

static void
check_position_text (TbLine *line, gpointer user_data)
{
  TbVariant *v = tb_line_get_variant (line);
  const TbPosition *pos = tb_line_get_position (line);
  g_autofree char *text = tb_variant_format_position (v, pos);
  g_autoptr (GError) error = NULL;
  TbPosition *parsed = tb_variant_parse_position (v, text, &error);
  g_autofree char *again = NULL;
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  g_autofree TbMove *parsed_moves = g_new (TbMove, v->max_moves);
  guint n, parsed_n;
  guint *checked = user_data;

  if (parsed == NULL)
    {
      g_test_message ("'%s' does not read back", text);
      report_position (line);
    }
  g_assert_no_error (error);
  g_assert_nonnull (parsed);

  again = tb_variant_format_position (v, parsed);
  if (strcmp (again, text) != 0 || tb_position_hash (parsed) != tb_position_hash (pos))
    report_position (line);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmpuint (tb_position_hash (parsed), ==, tb_position_hash (pos));
  g_assert_cmpuint (tb_position_to_move (parsed), ==, tb_position_to_move (pos));

  /* The same position: the same moves. */
  n = v->rules->legal_moves (v, pos, moves);
  parsed_n = v->rules->legal_moves (v, parsed, parsed_moves);
  g_assert_cmpuint (parsed_n, ==, n);
  qsort (moves, n, sizeof (TbMove), compare_moves);
  qsort (parsed_moves, n, sizeof (TbMove), compare_moves);
  g_assert_cmpmem (parsed_moves, n * sizeof (TbMove), moves, n * sizeof (TbMove));

  tb_position_free (parsed);
  (*checked)++;
}

static void
test_position_text_round_trips (gconstpointer data)
{
  const TbRules *rules = data;
  guint checked = 0;

  walk_random_games (rules, RANDOM_SEED + 4, N_GAMES, check_position_text, &checked);
  g_test_message ("%s: %u positions written and read back", tb_rules_get_id (rules), checked);
  g_assert_cmpuint (checked, >, 500);
}

/* The start position as text reads back as the start. */
static void
test_start_position_text_round_trips (gconstpointer data)
{
  const TbRules *rules = data;
  g_autoptr (TbVariant) v = tb_variant_new_default (rules);
  g_autoptr (TbLine) line = tb_line_new (v, 1);
  g_autofree char *text = tt_position (line);
  g_autoptr (TbLine) again = tt_line_at (tb_rules_get_id (rules), NULL, text);

  g_assert_cmpuint (tb_position_hash (tb_line_get_position (again)), ==,
                    tb_position_hash (tb_line_get_position (line)));
}

static void
assert_bad_position (const TbVariant *v, const char *text)
{
  g_autoptr (GError) error = NULL;
  TbPosition *pos = tb_variant_parse_position (v, text, &error);

  if (pos != NULL || !g_error_matches (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_POSITION))
    g_test_message ("%s: '%s' %s", tb_rules_get_id (v->rules), text,
                    pos ? "was accepted" : error->message);
  g_assert_null (pos);
  g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_POSITION);
}

static void
test_versus_malformed_positions_are_refused (gconstpointer data)
{
  const TbRules *rules = data;
  g_autoptr (TbVariant) v = tb_variant_new_default (rules);
  const char *bad[] = {
    /* two pieces on a cell */
    "to-move=1 V1@c1 V2@g9 P3/1@c1",
    "to-move=1 V1@c1 V2@g9 P3/1@e5 P2/2@E5",
    /* two VERSUS for one seat */
    "to-move=1 V1@c1 V2@g9 V1@e5",
    "to-move=2 V1@c1 V2@g9 V2@e4",
    /* bad cells */
    "to-move=1 V1@z9",
    "to-move=1 V1@a0",
    "to-move=1 V1@a20",
    "to-move=1 V1@e5x",
    "to-move=1 V1@",
    "to-move=1 V1@@e5",
    "to-move=1 V1e5",
    "to-move=1 P3/1@c1-c4",
    /* bad piece codes */
    "to-move=1 Q1@c1",
    "to-move=1 V3@c1",
    "to-move=1 V0@c1",
    "to-move=1 V@c1",
    "to-move=1 V12@c1",
    "to-move=1 P6/1@c1",
    "to-move=1 P3/3@c1",
    "to-move=1 P3/0@c1",
    "to-move=1 P3@c1",
    "to-move=1 P3/@c1",
    "to-move=1 P3-1@c1",
    "to-move=1 P3/1!30@c1",
    "to-move=1 P3/1!1@c1",
    "to-move=1 P3/1!111@c1",
    "to-move=1 P3/1!@c1",
    "to-move=1 P3/1#12@c1",
    "to-move=1 P\xff/1@c1",
    /* the side to move is 1 or 2 */
    "to-move=3 V1@c1 V2@g9",
    "to-move=0 V1@c1 V2@g9",
    "to-move= V1@c1 V2@g9",
    "to-move=12 V1@c1 V2@g9",
    "to-move=1x V1@c1 V2@g9",
    /* garbage */
    "hello",
    "\xff\xfe",
    /* more pieces than the game has */
    "to-move=1 P1/1@a1 P1/1@b1 P1/1@c1 P1/1@d1 P1/1@e1 P1/1@a2 P1/1@b2 P1/1@c2 P1/1@d2 "
    "P1/1@e2 P1/1@f2 P1/1@a3 P1/1@b3 P1/1@c3",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_bad_position (v, bad[i]);
}

/* ------------------------------------------------------------ main */

static void
add_ruleset_test (const TbRules *rules, const char *name, GTestDataFunc func)
{
  g_autofree char *path = g_strdup_printf ("/notation/%s/%s", tb_rules_get_id (rules), name);

  g_test_add_data_func (path, rules, func);
}

int
main (int argc, char **argv)
{
  const TbRules *const *rules;
  guint n_rules;

  g_test_init (&argc, &argv, NULL);

  rules = tb_rules_list (&n_rules);
  g_assert_cmpuint (n_rules, >=, 2);
  for (guint i = 0; i < n_rules; i++)
    {
      add_ruleset_test (rules[i], "every-legal-move-text-reads-back-any-case-and-spaces",
                        test_every_legal_move_text_reads_back);
      add_ruleset_test (rules[i], "garbage-never-crashes-a-reader",
                        test_garbage_never_crashes_a_reader);
      add_ruleset_test (rules[i], "play-text-refuses-without-changing-the-line",
                        test_play_text_refuses_without_changing_the_line);
      add_ruleset_test (rules[i], "position-text-round-trips-with-the-same-hash",
                        test_position_text_round_trips);
      add_ruleset_test (rules[i], "start-position-text-round-trips",
                        test_start_position_text_round_trips);
      if (strcmp (tb_rules_get_family (rules[i]), "versus") == 0)
        {
          add_ruleset_test (rules[i], "malformed-move-tokens-are-refused",
                            test_versus_malformed_tokens_are_refused);
          add_ruleset_test (rules[i], "every-cell-pair-is-legal-or-illegal",
                            test_versus_every_cell_pair_is_legal_or_illegal);
          add_ruleset_test (rules[i], "malformed-positions-are-refused",
                            test_versus_malformed_positions_are_refused);
        }
    }

  return g_test_run ();
}
