/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-oraia-reference-selfcheck.c: checks the reference implementation of
 * Oraïa against the expectations written in the specification
 * (shared/rules/README.md reference counts, passing, blocked games and
 * repetition; shared/rules/oraia.md §1.3, §3, §4 and the figures of §5;
 * shared/NOTATION.md §2.3 and §3), and checks that each option flag changes
 * the legal moves of a constructed position. */
#include "oraia-reference.h"

#include <string.h>

/* ------------------------------------------------------------ helpers */

static OrFlags
flags_with (gboolean pinwheel, gboolean strict, gboolean arrival_hop, gboolean centre_free)
{
  OrFlags flags = { pinwheel, strict, arrival_hop, centre_free };
  return flags;
}

static OrGame *
setup_flags (int starter, int to_move, int rotation, const char *pawns, OrFlags flags)
{
  OrGame *game = or_game_new_from_text (starter, to_move, rotation, pawns, flags);
  if (game == NULL)
    g_error ("set-up \"%s\" rejected", pawns);
  return game;
}

static OrGame *
setup (int to_move, int rotation, const char *pawns)
{
  return setup_flags (1, to_move, rotation, pawns, or_flags_default ());
}

static void
assert_cell (OrGame *game, const char *cell, const char *expected)
{
  char *contents = or_game_cell_contents (game, cell);
  g_assert_nonnull (contents);
  if (strcmp (contents, expected) != 0)
    g_error ("cell %s holds \"%s\", expected \"%s\"", cell, contents, expected);
  g_free (contents);
}

/* The legal list, checked to be strictly increasing (sorted, no
 * duplicates) and to hold "pass" only as its single element. */
static char **
legal_checked (OrGame *game)
{
  char **legal = or_game_legal (game);
  guint n = g_strv_length (legal);
  for (guint i = 1; i < n; i++)
    if (strcmp (legal[i - 1], legal[i]) >= 0)
      g_error ("legal list not strictly sorted: \"%s\" then \"%s\"", legal[i - 1], legal[i]);
  for (guint i = 0; i < n; i++)
    if (strcmp (legal[i], "pass") == 0 && n != 1)
      g_error ("pass listed beside other moves");
  return legal;
}

static gboolean
is_legal (OrGame *game, const char *token)
{
  char **legal = legal_checked (game);
  gboolean found = g_strv_contains ((const char *const *) legal, token);
  g_strfreev (legal);
  return found;
}

static guint
n_legal (OrGame *game)
{
  char **legal = legal_checked (game);
  guint n = g_strv_length (legal);
  g_strfreev (legal);
  return n;
}

/* Asserts the legal list is exactly `expected` (NULL-terminated, any order). */
static void
assert_legal_set (OrGame *game, const char *const *expected)
{
  char **legal = legal_checked (game);
  guint n = g_strv_length (legal);
  guint n_expected = g_strv_length ((char **) expected);
  char *joined = g_strjoinv (" ", legal);
  for (guint i = 0; i < n_expected; i++)
    if (!g_strv_contains ((const char *const *) legal, expected[i]))
      g_error ("expected move %s is not legal (legal: %s)", expected[i], joined);
  if (n != n_expected)
    g_error ("%u legal moves, expected %u: %s", n, n_expected, joined);
  g_free (joined);
  g_strfreev (legal);
}

static void
assert_ongoing (OrGame *game)
{
  g_assert_false (or_game_is_over (game));
  g_assert_cmpstr (or_game_result (game), ==, "*");
  g_assert_cmpstr (or_game_termination (game), ==, "");
  g_assert_cmpuint (n_legal (game), >, 0);
}

static void
assert_over (OrGame *game, const char *result, const char *termination)
{
  g_assert_true (or_game_is_over (game));
  g_assert_cmpstr (or_game_result (game), ==, result);
  g_assert_cmpstr (or_game_termination (game), ==, termination);
  g_assert_cmpuint (n_legal (game), ==, 0);
  g_assert_cmpuint (or_game_perft (game, 1), ==, 0);
  g_assert_cmpuint (or_game_perft (game, 0), ==, 1);
  g_assert_false (or_game_play (game, "pass"));
}

static void
play (OrGame *game, const char *token)
{
  if (!or_game_play (game, token))
    {
      char **legal = or_game_legal (game);
      char *joined = g_strjoinv (" ", legal);
      g_error ("move %s rejected (legal: %s)", token, joined);
    }
}

/* perft through the public API only: checks that legal and play agree
 * with the internal perft. */
static guint64
perft_by_play (OrGame *game, int depth)
{
  if (depth == 0)
    return 1;
  char **legal = legal_checked (game);
  guint64 total = 0;
  for (int i = 0; legal[i] != NULL; i++)
    {
      OrGame *child = or_game_copy (game);
      play (child, legal[i]);
      total += perft_by_play (child, depth - 1);
      or_game_free (child);
    }
  g_strfreev (legal);
  return total;
}

/* ------------------------------------------------------------ perft */

static void
test_perft (void)
{
  /* README.md reference counts; the start is symmetric under the 45°
   * rotation that swaps the colours, so seat 2 starting gives the same. */
  for (int starter = 1; starter <= 2; starter++)
    {
      OrGame *game = or_game_new (starter, or_flags_default ());
      g_assert_cmpuint (or_game_perft (game, 0), ==, 1);
      g_assert_cmpuint (or_game_perft (game, 1), ==, 4);
      g_assert_cmpuint (or_game_perft (game, 2), ==, 16);
      g_assert_cmpuint (or_game_perft (game, 3), ==, 96);
      g_assert_cmpuint (perft_by_play (game, 4), ==, or_game_perft (game, 4));
      or_game_free (game);
    }
}

/* ------------------------------------------------------------ start */

static void
test_start_position (void)
{
  g_assert_null (or_game_new (0, or_flags_default ()));
  g_assert_null (or_game_new (3, or_flags_default ()));

  OrFlags def = or_flags_default ();
  g_assert_false (def.pinwheel);
  g_assert_false (def.strict_single_line);
  g_assert_true (def.arrival_hop);
  g_assert_false (def.centre_free_when_stuck);

  OrGame *game = or_game_new (1, def);
  for (int s = 0; s < 8; s++)
    {
      char *name = g_strdup_printf ("P%d", s);
      assert_cell (game, name, s % 2 == 0 ? "1" : "2");
      g_free (name);
    }
  assert_cell (game, "C", "");
  for (int k = 0; k < 8; k++)
    {
      char *inner = g_strdup_printf ("I%d", k);
      char *outer = g_strdup_printf ("o%d", k);
      assert_cell (game, inner, "");
      assert_cell (game, outer, "");
      g_free (inner);
      g_free (outer);
    }
  g_assert_null (or_game_cell_contents (game, "P8"));
  g_assert_null (or_game_cell_contents (game, "C0"));
  g_assert_null (or_game_cell_contents (game, "I"));
  g_assert_null (or_game_cell_contents (game, "O07"));
  g_assert_null (or_game_cell_contents (game, ""));
  g_assert_cmpint (or_game_to_move (game), ==, 1);
  g_assert_cmpint (or_game_rotation (game), ==, 0);
  g_assert_cmpint (or_game_home (game, 1), ==, 0);
  g_assert_cmpint (or_game_home (game, 2), ==, 0);
  g_assert_cmpint (or_game_home (game, 3), ==, -1);
  assert_ongoing (game);

  static const char *const blue[] = { "P0-O0", "P2-O2", "P4-O4", "P6-O6", NULL };
  assert_legal_set (game, blue);
  play (game, "P0-O0");
  assert_cell (game, "P0", "");
  assert_cell (game, "O0", "1");
  static const char *const red[] = { "P1-O1", "P3-O3", "P5-O5", "P7-O7", NULL };
  assert_legal_set (game, red);
  or_game_free (game);

  game = or_game_new (2, def);
  g_assert_cmpint (or_game_to_move (game), ==, 2);
  assert_legal_set (game, red);
  or_game_free (game);
}

/* ------------------------------------------------------------ figures */

/* oraia.md §5 FIG. 1: red O6 jumps O7, O1 and I2 to reach C. */
static void
test_figure1 (void)
{
  /* A second red pawn, still on P5, shows the centre obligation below. */
  const char *fig1 = "1@O7 1@O1 1@I2 2@O6 2@P5";
  OrGame *game = setup (2, 0, fig1);
  /* The moves of the pawn on O6, and P5 leaving. */
  static const char *const expected[] = {
    "O6-I6", "O6-O5", "O6-O0", "O6-O0-O2", "O6-O0-O2-C", "O6-O0-O2-C=L", "O6-O0-O2-C=R",
    "P5-O5", NULL,
  };
  assert_legal_set (game, expected);

  /* The "cases interdites": no landing on I7, I1 or I3 (a turn at the
   * jumped pawn). */
  char **legal = legal_checked (game);
  for (int i = 0; legal[i] != NULL; i++)
    g_assert_true (strstr (legal[i], "I7") == NULL && strstr (legal[i], "I1") == NULL
                   && strstr (legal[i], "I3") == NULL);
  g_strfreev (legal);
  g_assert_false (or_game_play (game, "O6-I7"));
  g_assert_false (or_game_play (game, "O6-O0-I1"));
  g_assert_false (or_game_play (game, "O6-O0-O2-I3"));

  /* The three turn variants. */
  static const struct
  {
    const char *token;
    int rotation;
  } variants[] = { { "O6-O0-O2-C", 0 }, { "O6-O0-O2-C=R", 1 }, { "o6-o0-o2-c=l", 7 } };
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      OrGame *copy = or_game_copy (game);
      play (copy, variants[v].token);
      g_assert_cmpint (or_game_rotation (copy), ==, variants[v].rotation);
      assert_cell (copy, "C", "2*");
      assert_cell (copy, "O6", "");
      assert_cell (copy, "O0", "");
      assert_cell (copy, "O2", "");
      assert_cell (copy, "O7", "1");
      assert_cell (copy, "O1", "1");
      assert_cell (copy, "I2", "1");
      g_assert_cmpint (or_game_to_move (copy), ==, 1);
      assert_ongoing (copy);

      /* The next red move must be made by the pawn on C (§3.1), though the
       * pawn on P5 could leave. */
      play (copy, "O7-O6");
      char **red = legal_checked (copy);
      g_assert_cmpuint (g_strv_length (red), >, 0);
      for (int i = 0; red[i] != NULL; i++)
        g_assert_true (g_str_has_prefix (red[i], "C-"));
      g_strfreev (red);
      or_game_free (copy);
    }

  /* A chain that changes line is impossible with strict_single_line. */
  OrGame *strict = setup_flags (1, 2, 0, fig1, flags_with (FALSE, TRUE, TRUE, FALSE));
  static const char *const expected_strict[] = {
    "O6-I6", "O6-O5", "O6-O0", "O6-O0-O2", "P5-O5", NULL,
  };
  assert_legal_set (strict, expected_strict);
  or_game_free (strict);
  or_game_free (game);
}

/* oraia.md §5 FIG. 2: after a clockwise turn (r = 1) a charged blue pawn on
 * O2 faces P3, an empty red start: it arrives at once. */
static void
test_figure2 (void)
{
  const char *fig2 = "1*@O2 1@P0 1@P4 1@P6 2*@C 2@P1 2@P5 2@P7";
  OrGame *game = setup (1, 1, fig2);
  g_assert_true (is_legal (game, "O2-P3"));
  g_assert_false (is_legal (game, "O2-P2"));
  /* At r = 1 the start positions face other outer cells. */
  g_assert_true (is_legal (game, "P0-O7"));
  g_assert_true (is_legal (game, "P4-O3"));
  g_assert_true (is_legal (game, "P6-O5"));
  g_assert_false (is_legal (game, "P0-O0"));
  play (game, "O2-P3");
  assert_cell (game, "P3", "1*");
  assert_cell (game, "O2", "");
  g_assert_cmpint (or_game_home (game, 1), ==, 1);
  g_assert_cmpint (or_game_home (game, 2), ==, 0);
  g_assert_cmpint (or_game_to_move (game), ==, 2);
  or_game_free (game);

  /* Before the turn (r = 0) O2 faces P2, blue's own start: no arrival. */
  game = setup (1, 0, fig2);
  g_assert_false (is_legal (game, "O2-P3"));
  g_assert_false (is_legal (game, "O2-P2"));
  or_game_free (game);
}

/* oraia.md §5 FIG. 3: blue on P1 P3 P5 P7 has won. */
static void
test_figure3 (void)
{
  for (int starter = 1; starter <= 2; starter++)
    {
      OrGame *game = setup_flags (starter, 2, 0, "1*@P1 1*@P3 1*@P5 1*@P7",
                                  or_flags_default ());
      assert_over (game, "1-0", "all-arrived");
      g_assert_cmpint (or_game_home (game, 1), ==, 4);
      or_game_free (game);
    }
}

/* ------------------------------------------------------------ arrivals */

static void
test_arrival (void)
{
  /* A charged pawn on O1 (r = 0) faces P1, a red start. */
  OrGame *game = setup (1, 0, "1*@O1 2@P3");
  static const char *const expected[] = { "O1-I1", "O1-O0", "O1-O2", "O1-P1", NULL };
  assert_legal_set (game, expected);
  or_game_free (game);

  /* Not when uncharged. */
  game = setup (1, 0, "1@O1 2@P3");
  g_assert_false (is_legal (game, "O1-P1"));
  g_assert_cmpuint (n_legal (game), ==, 3);
  or_game_free (game);

  /* Not onto an occupied start (the red pawn has not left). */
  game = setup (1, 0, "1*@O1 2@P1");
  g_assert_false (is_legal (game, "O1-P1"));
  or_game_free (game);

  /* Not onto one's own start, even an empty one. */
  game = setup (1, 0, "1*@O2 2@P3");
  g_assert_false (is_legal (game, "O2-P2"));
  g_assert_false (is_legal (game, "O2-P3"));
  or_game_free (game);

  /* An arrived pawn never moves again. */
  game = setup (1, 0, "1*@P1 1@O4 2@P3");
  char **legal = legal_checked (game);
  for (int i = 0; legal[i] != NULL; i++)
    g_assert_true (g_str_has_prefix (legal[i], "O4-"));
  g_strfreev (legal);
  or_game_free (game);

  /* The arrival hop (§3.3): I3 over the red pawn on O3 onto P3. */
  game = setup (1, 0, "1*@I3 2@O3");
  static const char *const hop[] = {
    "I3-C", "I3-C=L", "I3-C=R", "I3-I2", "I3-I4", "I3-P3", NULL,
  };
  assert_legal_set (game, hop);
  play (game, "I3-P3");
  assert_cell (game, "P3", "1*");
  assert_cell (game, "O3", "2");
  g_assert_cmpint (or_game_home (game, 1), ==, 1);
  or_game_free (game);

  /* ... not when uncharged, not onto an occupied start, not over one's own
   * pawn. */
  game = setup (1, 0, "1@I3 2@O3");
  g_assert_false (is_legal (game, "I3-P3"));
  or_game_free (game);
  game = setup (1, 0, "1*@I3 2@O3 2@P3");
  g_assert_false (is_legal (game, "I3-P3"));
  or_game_free (game);
  game = setup (1, 0, "1*@I3 1@O3 2@P5");
  g_assert_false (is_legal (game, "I3-P3"));
  or_game_free (game);

  /* The arrival hop as the last hop of a chain. */
  game = setup (1, 0, "1*@I1 2@I2 2@O3");
  g_assert_true (is_legal (game, "I1-I3"));
  g_assert_true (is_legal (game, "I1-I3-P3"));
  or_game_free (game);
}

/* ------------------------------------------------------------ leaving */

static void
test_leaving (void)
{
  /* An opponent on the facing cell: the compulsory hop, which may go on. */
  OrGame *game = setup (1, 0, "1@P0 2@O0 2@C");
  static const char *const over[] = { "P0-I0", "P0-I0-I4", NULL };
  assert_legal_set (game, over);
  play (game, "P0-I0-I4");
  assert_cell (game, "P0", "");
  assert_cell (game, "I4", "1");
  or_game_free (game);

  /* Own pawn on the facing cell: this pawn cannot leave now. */
  game = setup (1, 0, "1@P0 1@O0 2@P1");
  static const char *const own[] = { "O0-I0", "O0-O1", "O0-O7", NULL };
  assert_legal_set (game, own);
  or_game_free (game);

  /* The facing cell depends on the rotation. */
  game = setup (1, 3, "1@P0 2@P1");
  static const char *const turned[] = { "P0-O5", NULL };
  assert_legal_set (game, turned);
  or_game_free (game);

  /* A pawn never re-enters its own start position. */
  game = setup (1, 0, "1*@O0 2@P3");
  g_assert_false (is_legal (game, "O0-P0"));
  or_game_free (game);
}

/* ------------------------------------------------------------ jumps */

static void
test_chains (void)
{
  /* Landing on C and going on: no charge, no turn. */
  OrGame *game = setup (1, 0, "1@O0 2@I0 2@I4");
  static const char *const through[] = {
    "O0-C", "O0-C-O4", "O0-C=L", "O0-C=R", "O0-O1", "O0-O7", NULL,
  };
  assert_legal_set (game, through);
  OrGame *copy = or_game_copy (game);
  play (copy, "O0-C-O4");
  assert_cell (copy, "O4", "1");
  assert_cell (copy, "C", "");
  g_assert_cmpint (or_game_rotation (copy), ==, 0);
  or_game_free (copy);
  play (game, "O0-C=L");
  assert_cell (game, "C", "1*");
  g_assert_cmpint (or_game_rotation (game), ==, 7);
  or_game_free (game);

  /* The same opposing pawn (on C) jumped twice in one chain. */
  const char *twice = "1@I0 2@C 2@I5";
  game = setup (1, 0, twice);
  static const char *const expected[] = {
    "I0-I1", "I0-I4", "I0-I4-I6", "I0-I4-I6-I2", "I0-I7", "I0-O0", NULL,
  };
  assert_legal_set (game, expected);
  or_game_free (game);

  /* Own pawns are never jumped. */
  game = setup (1, 0, "1@O0 1@O1 2@P3");
  g_assert_false (is_legal (game, "O0-O2"));
  or_game_free (game);

  /* A charged pawn stopping on C again may turn the disc again. */
  game = setup (1, 2, "1*@I0 2@P1");
  g_assert_true (is_legal (game, "I0-C=R"));
  play (game, "I0-C=R");
  g_assert_cmpint (or_game_rotation (game), ==, 3);
  assert_cell (game, "C", "1*");
  or_game_free (game);
}

/* ------------------------------------------------------------ centre */

static void
test_centre_obligation (void)
{
  /* The pawn on C can move: only it may move (both flag values). */
  for (int centre_free = 0; centre_free <= 1; centre_free++)
    {
      OrGame *game = setup_flags (1, 1, 0, "1*@C 1@P0 2@O2",
                                  flags_with (FALSE, FALSE, TRUE, centre_free));
      static const char *const expected[] = {
        "C-I0", "C-I1", "C-I2", "C-I3", "C-I4", "C-I5", "C-I6", "C-I7", NULL,
      };
      assert_legal_set (game, expected);
      or_game_free (game);
    }

  /* The pawn on C is stuck (every inner cell taken; the red pawns on I4..I7
   * have red pawns behind them). */
  const char *stuck = "1*@C 1@I0 1@I1 1@I2 1@I3 2@I4 2@I5 2@I6 2@I7 2@O4 2@O5 2@O6 2@O7";
  OrGame *game = setup_flags (1, 1, 0, stuck, or_flags_default ());
  static const char *const pass[] = { "pass", NULL };
  assert_legal_set (game, pass);
  play (game, "pass");
  g_assert_cmpint (or_game_to_move (game), ==, 2);
  or_game_free (game);

  game = setup_flags (1, 1, 0, stuck, flags_with (FALSE, FALSE, TRUE, TRUE));
  static const char *const others[] = { "I0-O0", "I1-O1", "I2-O2", "I3-O3", NULL };
  assert_legal_set (game, others);
  or_game_free (game);
}

/* ------------------------------------------------------------ end */

static void
test_equal_tempo (void)
{
  OrFlags def = or_flags_default ();
  /* Blue: 3 home, the 4th charged on O7 facing the empty P7. */
  const char *cannot = "1*@P1 1*@P3 1*@P5 1*@O7 2*@P0 2*@P2 2*@P4 2@I3";
  const char *can = "1*@P1 1*@P3 1*@P5 1*@O7 2*@P0 2*@P2 2*@P4 2*@O6";

  /* The starter completes, the other cannot equalise: starter wins. */
  OrGame *game = setup_flags (1, 1, 0, cannot, def);
  play (game, "O7-P7");
  assert_over (game, "1-0", "all-arrived");
  or_game_free (game);

  /* The other equalises on its extra turn: draw. */
  game = setup_flags (1, 1, 0, can, def);
  play (game, "O7-P7");
  assert_ongoing (game);
  g_assert_cmpint (or_game_to_move (game), ==, 2);
  g_assert_cmpint (or_game_home (game, 1), ==, 4);
  g_assert_true (is_legal (game, "O6-P6"));
  g_assert_true (is_legal (game, "O6-O5"));
  OrGame *copy = or_game_copy (game);
  play (copy, "O6-O5");
  assert_over (copy, "1-0", "all-arrived");
  or_game_free (copy);
  play (game, "O6-P6");
  assert_over (game, "1/2-1/2", "all-arrived");
  g_assert_cmpint (or_game_home (game, 2), ==, 4);
  or_game_free (game);

  /* The second player completes first: it wins at once. */
  game = setup_flags (1, 2, 0, can, def);
  play (game, "O6-P6");
  assert_over (game, "0-1", "all-arrived");
  or_game_free (game);
  game = setup_flags (2, 1, 0, can, def);
  play (game, "O7-P7");
  assert_over (game, "1-0", "all-arrived");
  or_game_free (game);

  /* Seat 2 starting: the same rule with the seats swapped. */
  game = setup_flags (2, 2, 0, can, def);
  play (game, "O6-P6");
  assert_ongoing (game);
  g_assert_cmpint (or_game_to_move (game), ==, 1);
  play (game, "O7-P7");
  assert_over (game, "1/2-1/2", "all-arrived");
  or_game_free (game);

  /* A set-up in the middle of the extra turn. */
  game = setup_flags (1, 2, 0, "1*@P1 1*@P3 1*@P5 1*@P7 2*@P0 2*@P2 2*@P4 2*@O6", def);
  assert_ongoing (game);
  play (game, "O6-P6");
  assert_over (game, "1/2-1/2", "all-arrived");
  or_game_free (game);
  game = setup_flags (1, 2, 0, "1*@P1 1*@P3 1*@P5 1*@P7 2*@P0 2*@P2 2*@P4 2@O6", def);
  assert_over (game, "1-0", "all-arrived");
  or_game_free (game);
}

static void
test_pass_and_blocked (void)
{
  /* Blue's only pawn cannot leave (red on O0 and I0): pass. */
  OrGame *game = setup (1, 0, "1@P0 2@O0 2@I0");
  static const char *const pass[] = { "pass", NULL };
  assert_legal_set (game, pass);
  g_assert_cmpuint (or_game_perft (game, 1), ==, 1);
  g_assert_false (or_game_play (game, "P0-O0"));
  g_assert_true (or_game_play (game, " PASS "));
  g_assert_cmpint (or_game_to_move (game), ==, 2);
  assert_ongoing (game);
  g_assert_false (is_legal (game, "pass"));
  g_assert_true (is_legal (game, "O0-O1"));
  or_game_free (game);

  /* Neither side can move after blue arrives: blocked draw. */
  game = setup (1, 0, "1*@O1 2*@P0");
  play (game, "O1-P1");
  assert_over (game, "1/2-1/2", "blocked");
  or_game_free (game);

  /* A set-up where neither side can move is over at once. */
  game = setup (1, 0, "1*@P1 2*@P0");
  assert_over (game, "1/2-1/2", "blocked");
  or_game_free (game);
}

static void
test_repetition (void)
{
  OrGame *game = setup (1, 0, "1@I0 2@I4");
  static const char *const cycle[] = { "I0-I1", "I4-I5", "I1-I0", "I5-I4" };
  for (int ply = 0; ply < 8; ply++)
    {
      assert_ongoing (game);
      play (game, cycle[ply % 4]);
    }
  /* The start position has now occurred for the third time. */
  assert_over (game, "1/2-1/2", "repetition");
  or_game_free (game);

  /* The rotation is part of the position: the same pawns at r = 1 and at
   * r = 0 alternate, so the third occurrence comes only at ply 16 (at ply 8
   * if the rotation were ignored). */
  game = setup (1, 0, "1*@I2 2@I4");
  static const char *const turns[] = {
    "I2-C=R", "I4-I5", "C-I2", "I5-I4", "I2-C=L", "I4-I5", "C-I2", "I5-I4",
  };
  for (int ply = 0; ply < 16; ply++)
    {
      assert_ongoing (game);
      play (game, turns[ply % 8]);
    }
  assert_over (game, "1/2-1/2", "repetition");
  or_game_free (game);
}

/* ------------------------------------------------------------ flags */

static void
test_flag_pinwheel (void)
{
  OrFlags pin = flags_with (TRUE, FALSE, TRUE, FALSE);
  OrGame *game = setup (1, 0, "1@O0 2@P3");
  static const char *const spider[] = { "O0-I0", "O0-O1", "O0-O7", NULL };
  assert_legal_set (game, spider);
  or_game_free (game);
  game = setup_flags (1, 1, 0, "1@O0 2@P3", pin);
  static const char *const arms[] = { "O0-I0", "O0-I1", NULL };
  assert_legal_set (game, arms);
  or_game_free (game);

  /* I_k is adjacent to O_{k-1} along arm k-1, not to its ring neighbours. */
  game = setup_flags (1, 1, 0, "1@I3 2@P1", pin);
  static const char *const inner[] = { "I3-C", "I3-C=L", "I3-C=R", "I3-O2", "I3-O3", NULL };
  assert_legal_set (game, inner);
  or_game_free (game);

  /* Hops along the arms: O0 to C over I0 (spoke) or I1 (arm) is one move;
   * from C on along spoke 1 to O1 or along arm 7 to O7. */
  game = setup_flags (1, 1, 0, "1@O0 2@I0 2@I1", pin);
  static const char *const hops[] = { "O0-C", "O0-C-O1", "O0-C-O7", "O0-C=L", "O0-C=R", NULL };
  assert_legal_set (game, hops);
  or_game_free (game);
  game = setup_flags (1, 1, 0, "1@O0 2@I0 2@I1", flags_with (TRUE, TRUE, TRUE, FALSE));
  static const char *const strict[] = { "O0-C", "O0-C=L", "O0-C=R", NULL };
  assert_legal_set (game, strict);
  or_game_free (game);
  game = setup (1, 0, "1@O0 2@I0 2@I1");
  static const char *const spider_hops[] = {
    "O0-C", "O0-C-O1", "O0-C=L", "O0-C=R", "O0-O1", "O0-O7", NULL,
  };
  assert_legal_set (game, spider_hops);
  or_game_free (game);

  /* Leaving is unchanged; the start differs from the third ply on. */
  game = or_game_new (1, pin);
  g_assert_cmpuint (or_game_perft (game, 1), ==, 4);
  g_assert_cmpuint (or_game_perft (game, 2), ==, 16);
  g_assert_cmpuint (or_game_perft (game, 3), ==, 80);
  or_game_free (game);
}

static void
test_flag_strict (void)
{
  /* A diameter hop then an inner-arc hop. */
  const char *twice = "1@I0 2@C 2@I5";
  OrGame *game = setup_flags (1, 1, 0, twice, flags_with (FALSE, TRUE, TRUE, FALSE));
  static const char *const expected[] = { "I0-I1", "I0-I4", "I0-I7", "I0-O0", NULL };
  assert_legal_set (game, expected);
  or_game_free (game);

  /* Chains on one line stay legal: the outer circle, and a diameter from
   * the crown through C. */
  game = setup_flags (1, 1, 0, "1@O0 2@O1 2@O3", flags_with (FALSE, TRUE, TRUE, FALSE));
  g_assert_true (is_legal (game, "O0-O2-O4"));
  or_game_free (game);
  game = setup_flags (1, 1, 0, "1@P0 2@O0 2@C", flags_with (FALSE, TRUE, TRUE, FALSE));
  static const char *const line[] = { "P0-I0", "P0-I0-I4", NULL };
  assert_legal_set (game, line);
  or_game_free (game);

  /* The arrival hop after an inner-arc hop changes line. */
  game = setup_flags (1, 1, 0, "1*@I1 2@I2 2@O3", flags_with (FALSE, TRUE, TRUE, FALSE));
  g_assert_true (is_legal (game, "I1-I3"));
  g_assert_false (is_legal (game, "I1-I3-P3"));
  or_game_free (game);
  /* ... but not after a diameter hop on the same diameter. */
  game = setup_flags (1, 1, 0, "1*@I7 2@C 2@O3", flags_with (FALSE, TRUE, TRUE, FALSE));
  g_assert_true (is_legal (game, "I7-I3-P3"));
  or_game_free (game);
}

static void
test_flag_arrival_hop (void)
{
  OrGame *game = setup_flags (1, 1, 0, "1*@I3 2@O3", flags_with (FALSE, FALSE, FALSE, FALSE));
  static const char *const expected[] = { "I3-C", "I3-C=L", "I3-C=R", "I3-I2", "I3-I4", NULL };
  assert_legal_set (game, expected);
  or_game_free (game);
  game = setup_flags (1, 1, 0, "1*@I1 2@I2 2@O3", flags_with (FALSE, FALSE, FALSE, FALSE));
  g_assert_true (is_legal (game, "I1-I3"));
  g_assert_false (is_legal (game, "I1-I3-P3"));
  or_game_free (game);
}

/* centre_free_when_stuck is also covered by test_centre_obligation. */
static void
test_flag_centre_free (void)
{
  const char *stuck = "1@P0 2*@C 2@I0 2@I1 2@I2 2@I3 1@I4 1@I5 1@I6 1@I7 1@O4 1@O5 1@O6 1@O7";
  OrGame *strict = setup_flags (1, 2, 0, stuck, or_flags_default ());
  OrGame *loose = setup_flags (1, 2, 0, stuck, flags_with (FALSE, FALSE, TRUE, TRUE));
  g_assert_true (is_legal (strict, "pass"));
  g_assert_false (is_legal (loose, "pass"));
  g_assert_true (is_legal (loose, "I0-O0"));
  g_assert_cmpuint (n_legal (loose), ==, 4);
  or_game_free (strict);
  or_game_free (loose);
}

/* ------------------------------------------------------------ tokens */

static void
test_tokens (void)
{
  OrGame *game = or_game_new (1, or_flags_default ());
  g_assert_false (or_game_play (game, "P0-O1"));
  g_assert_false (or_game_play (game, "P0"));
  g_assert_false (or_game_play (game, "P0-O0-"));
  g_assert_false (or_game_play (game, "P0-O0=R"));
  g_assert_false (or_game_play (game, "P0 - O0"));
  g_assert_false (or_game_play (game, "pass"));
  g_assert_false (or_game_play (game, ""));
  g_assert_cmpint (or_game_to_move (game), ==, 1);
  g_assert_true (or_game_play (game, "  p0-o0\n"));
  assert_cell (game, "O0", "1");
  g_assert_true (or_game_play (game, "P1-o1"));
  assert_cell (game, "O1", "2");
  or_game_free (game);
}

static void
test_setups (void)
{
  OrFlags def = or_flags_default ();
  g_assert_null (or_game_new_from_text (1, 1, 0, "1@Q0", def));
  g_assert_null (or_game_new_from_text (1, 1, 0, "3@O0", def));
  g_assert_null (or_game_new_from_text (1, 1, 0, "1O0", def));
  g_assert_null (or_game_new_from_text (1, 1, 0, "1@O0 2@O0", def));
  g_assert_null (or_game_new_from_text (1, 1, 0, "1*@P0 2@P1", def)); /* charged at home */
  g_assert_null (or_game_new_from_text (1, 1, 8, "1@O0 2@P1", def));
  g_assert_null (or_game_new_from_text (1, 1, -1, "1@O0 2@P1", def));
  g_assert_null (or_game_new_from_text (0, 1, 0, "1@O0 2@P1", def));
  g_assert_null (or_game_new_from_text (1, 3, 0, "1@O0 2@P1", def));
  g_assert_null (or_game_new_from_text (1, 1, 0, NULL, def));

  OrGame *game = setup (2, 5, " 1@o3\t2*@c  1*@P1 ");
  assert_cell (game, "O3", "1");
  assert_cell (game, "C", "2*");
  assert_cell (game, "P1", "1*");
  g_assert_cmpint (or_game_rotation (game), ==, 5);
  g_assert_cmpint (or_game_to_move (game), ==, 2);
  g_assert_cmpint (or_game_home (game, 1), ==, 1);
  or_game_free (game);
}

/* ------------------------------------------------------------ random */

static int
pawns_of (OrGame *game, int seat, int *charged)
{
  static const char *const letters[] = { "P", "I", "O" };
  int n = 0;
  *charged = 0;
  for (int l = 0; l < 3; l++)
    for (int k = 0; k < 8; k++)
      {
        char *name = g_strdup_printf ("%s%d", letters[l], k);
        char *contents = or_game_cell_contents (game, name);
        if (contents[0] == '0' + seat)
          {
            n++;
            if (contents[1] == '*')
              (*charged)++;
          }
        g_free (contents);
        g_free (name);
      }
  char *contents = or_game_cell_contents (game, "C");
  if (contents[0] == '0' + seat)
    {
      n++;
      g_assert_cmpint (contents[1], ==, '*');
      (*charged)++;
    }
  g_free (contents);
  return n;
}

static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20260214);
  for (int f = 0; f < 16; f++)
    for (int n = 0; n < 4; n++)
      {
        OrFlags flags = flags_with ((f & 1) != 0, (f & 2) != 0, (f & 4) == 0, (f & 8) != 0);
        OrGame *game = or_game_new (1 + n % 2, flags);
        int charged[3] = { 0, 0, 0 };
        int home[3] = { 0, 0, 0 };
        for (int ply = 0; ply < 400 && !or_game_is_over (game); ply++)
          {
            char **legal = legal_checked (game);
            guint count = g_strv_length (legal);
            g_assert_cmpuint (count, >, 0);
            const char *move = legal[g_rand_int_range (rand, 0, (gint32) count)];
            int mover = or_game_to_move (game);
            int rotation = or_game_rotation (game);
            play (game, move);
            if (!or_game_is_over (game))
              g_assert_cmpint (or_game_to_move (game), ==, 3 - mover);
            int turn = g_str_has_suffix (move, "=R") ? 1 : g_str_has_suffix (move, "=L") ? 7 : 0;
            g_assert_cmpint (or_game_rotation (game), ==, (rotation + turn) % 8);
            g_strfreev (legal);
            for (int seat = 1; seat <= 2; seat++)
              {
                int c;
                g_assert_cmpint (pawns_of (game, seat, &c), ==, 4);
                g_assert_cmpint (c, >=, charged[seat]);
                charged[seat] = c;
                int h = or_game_home (game, seat);
                g_assert_cmpint (h, >=, home[seat]);
                g_assert_cmpint (h, <=, c);
                home[seat] = h;
              }
          }
        if (or_game_is_over (game))
          {
            const char *term = or_game_termination (game);
            const char *result = or_game_result (game);
            if (strcmp (term, "all-arrived") == 0)
              {
                if (strcmp (result, "1-0") == 0)
                  g_assert_cmpint (home[1], ==, 4);
                else if (strcmp (result, "0-1") == 0)
                  g_assert_cmpint (home[2], ==, 4);
                else
                  g_assert_true (home[1] == 4 && home[2] == 4);
              }
            else
              {
                g_assert_true (strcmp (term, "repetition") == 0 || strcmp (term, "blocked") == 0);
                g_assert_cmpstr (result, ==, "1/2-1/2");
              }
            g_assert_cmpuint (n_legal (game), ==, 0);
          }
        else
          g_assert_cmpuint (perft_by_play (game, 2), ==, or_game_perft (game, 2));
        or_game_free (game);
      }
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/oraia-reference/perft", test_perft);
  g_test_add_func ("/oraia-reference/start-position", test_start_position);
  g_test_add_func ("/oraia-reference/figure1", test_figure1);
  g_test_add_func ("/oraia-reference/figure2", test_figure2);
  g_test_add_func ("/oraia-reference/figure3", test_figure3);
  g_test_add_func ("/oraia-reference/arrival", test_arrival);
  g_test_add_func ("/oraia-reference/leaving", test_leaving);
  g_test_add_func ("/oraia-reference/chains", test_chains);
  g_test_add_func ("/oraia-reference/centre-obligation", test_centre_obligation);
  g_test_add_func ("/oraia-reference/equal-tempo", test_equal_tempo);
  g_test_add_func ("/oraia-reference/pass-and-blocked", test_pass_and_blocked);
  g_test_add_func ("/oraia-reference/repetition", test_repetition);
  g_test_add_func ("/oraia-reference/flag-pinwheel", test_flag_pinwheel);
  g_test_add_func ("/oraia-reference/flag-strict-single-line", test_flag_strict);
  g_test_add_func ("/oraia-reference/flag-arrival-hop", test_flag_arrival_hop);
  g_test_add_func ("/oraia-reference/flag-centre-free", test_flag_centre_free);
  g_test_add_func ("/oraia-reference/tokens", test_tokens);
  g_test_add_func ("/oraia-reference/setups", test_setups);
  g_test_add_func ("/oraia-reference/random-games", test_random_games);
  return g_test_run ();
}
