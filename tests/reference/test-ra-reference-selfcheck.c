/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ra-reference-selfcheck.c: checks the reference implementation of RA
 * against the expectations written in the specification
 * (shared/rules/README.md reference counts, passing and repetition;
 * shared/rules/ra.md §5.3, §6, §7, §9 and §10; shared/NOTATION.md §2.1
 * and §3). */
#include "ra-reference.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

static RrGame *
setup (int to_move, const char *stacks)
{
  RrGame *game = rr_game_new_from_stacks (to_move, stacks, TRUE, FALSE, FALSE);
  if (game == NULL)
    g_error ("set-up \"%s\" rejected", stacks);
  return game;
}

static RrGame *
setup_flags (int to_move, const char *stacks, gboolean join_short,
             gboolean stop_before_blocker, gboolean edge_any)
{
  RrGame *game = rr_game_new_from_stacks (to_move, stacks, join_short,
                                          stop_before_blocker, edge_any);
  if (game == NULL)
    g_error ("set-up \"%s\" rejected", stacks);
  return game;
}

static void
assert_cell (RrGame *game, const char *cell, const char *expected)
{
  char *contents = rr_game_cell_contents (game, cell);
  g_assert_nonnull (contents);
  if (strcmp (contents, expected) != 0)
    g_error ("cell %s holds \"%s\", expected \"%s\"", cell, contents, expected);
  g_free (contents);
}

/* The legal list, checked to be strictly increasing (sorted, no
 * duplicates) and to hold "pass" only as its single element. */
static char **
legal_checked (RrGame *game)
{
  char **legal = rr_game_legal (game);
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
is_legal (RrGame *game, const char *token)
{
  char **legal = legal_checked (game);
  gboolean found = g_strv_contains ((const char *const *) legal, token);
  g_strfreev (legal);
  return found;
}

static guint
n_legal (RrGame *game)
{
  char **legal = legal_checked (game);
  guint n = g_strv_length (legal);
  g_strfreev (legal);
  return n;
}

/* Asserts the legal list is exactly `expected` (NULL-terminated, any order). */
static void
assert_legal_set (RrGame *game, const char *const *expected)
{
  char **legal = legal_checked (game);
  guint n = g_strv_length (legal);
  guint n_expected = g_strv_length ((char **) expected);
  for (guint i = 0; i < n_expected; i++)
    if (!g_strv_contains ((const char *const *) legal, expected[i]))
      g_error ("expected move %s is not legal", expected[i]);
  if (n != n_expected)
    {
      char *joined = g_strjoinv (" ", legal);
      g_error ("%u legal moves, expected %u: %s", n, n_expected, joined);
    }
  g_strfreev (legal);
}

static void
assert_score (RrGame *game, int expected1, int expected2)
{
  int s1 = -1, s2 = -1;
  rr_game_score (game, &s1, &s2);
  g_assert_cmpint (s1, ==, expected1);
  g_assert_cmpint (s2, ==, expected2);
}

static void
assert_ongoing (RrGame *game)
{
  g_assert_false (rr_game_is_over (game));
  g_assert_cmpstr (rr_game_result (game), ==, "*");
  g_assert_cmpstr (rr_game_termination (game), ==, "");
  assert_score (game, 0, 0);
}

static void
assert_over (RrGame *game, const char *result, const char *termination, int s1, int s2)
{
  g_assert_true (rr_game_is_over (game));
  g_assert_cmpstr (rr_game_result (game), ==, result);
  g_assert_cmpstr (rr_game_termination (game), ==, termination);
  assert_score (game, s1, s2);
  g_assert_cmpuint (n_legal (game), ==, 0);
  g_assert_cmpuint (rr_game_perft (game, 1), ==, 0);
  g_assert_cmpuint (rr_game_perft (game, 0), ==, 1);
  g_assert_false (rr_game_play (game, "pass"));
}

/* Axial coordinates of a cell name (NOTATION.md §2.1, R = 6). */
static void
cell_coords (const char *name, int *q, int *r)
{
  *q = name[0] - 'a' - 6;
  *r = 6 - atoi (name + 1) + 1;
}

/* Splits a "kFROM-TO" token. */
static void
split_token (const char *token, int *k, char **from, char **to)
{
  *k = token[0] - '0';
  char **parts = g_strsplit (token + 1, "-", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  *from = g_strdup (parts[0]);
  *to = g_strdup (parts[1]);
  g_strfreev (parts);
}

static int
distance (const char *a, const char *b)
{
  int qa, ra, qb, rb;
  cell_coords (a, &qa, &ra);
  cell_coords (b, &qb, &rb);
  int dq = qb - qa, dr = rb - ra;
  return MAX (ABS (dq), MAX (ABS (dr), ABS (dq + dr)));
}

/* ------------------------------------------------------------ perft */

static void
test_perft (void)
{
  /* README.md reference counts; the start is symmetric under the point
   * reflection that swaps the seats, so seat 2 starting gives the same. */
  for (int starter = 1; starter <= 2; starter++)
    {
      RrGame *game = rr_game_new_default (starter);
      g_assert_cmpuint (rr_game_perft (game, 0), ==, 1);
      g_assert_cmpuint (rr_game_perft (game, 1), ==, 50);
      g_assert_cmpuint (rr_game_perft (game, 2), ==, 2517);
      g_assert_cmpuint (rr_game_perft (game, 3), ==, 121415);
      rr_game_free (game);
    }
}

/* ------------------------------------------------------------ start */

static void
test_start_position (void)
{
  g_assert_null (rr_game_new (0, TRUE, FALSE, FALSE));
  g_assert_null (rr_game_new (3, TRUE, FALSE, FALSE));

  RrGame *game = rr_game_new_default (1);
  /* NOTATION.md §2.1. */
  static const char *const seat1[] = { "c5", "e9", "f7" };
  static const char *const seat2[] = { "h7", "i5", "k9" };
  for (int i = 0; i < 3; i++)
    {
      assert_cell (game, seat1[i], "1:3");
      assert_cell (game, seat2[i], "2:3");
    }
  assert_cell (game, "d7", "");
  assert_cell (game, "j7", "");
  assert_cell (game, "g7", "");
  assert_cell (game, "A1", "");

  int on_board = 0;
  for (char file = 'a'; file <= 'z'; file++)
    for (int rank = 0; rank <= 15; rank++)
      {
        char *name = g_strdup_printf ("%c%d", file, rank);
        char *contents = rr_game_cell_contents (game, name);
        if (contents != NULL)
          on_board++;
        g_free (contents);
        g_free (name);
      }
  g_assert_cmpint (on_board, ==, 127);
  g_assert_null (rr_game_cell_contents (game, "a8"));  /* (-6,-1) */
  g_assert_null (rr_game_cell_contents (game, "m1"));  /* (6,6) */
  g_assert_null (rr_game_cell_contents (game, "g14"));
  g_assert_null (rr_game_cell_contents (game, "g0"));
  g_assert_null (rr_game_cell_contents (game, "g07"));
  g_assert_null (rr_game_cell_contents (game, ""));

  g_assert_cmpint (rr_game_to_move (game), ==, 1);
  assert_ongoing (game);
  rr_game_free (game);

  game = rr_game_new_default (2);
  g_assert_cmpint (rr_game_to_move (game), ==, 2);
  assert_ongoing (game);
  rr_game_free (game);
}

/* ra.md §10.1: 50 moves, 46 full-length ones plus 4 edge stops of single
 * pawns moving 2 cells; no captures, joins or RA entries. */
static void
check_start_moves (int starter, const char *const *edge_stops)
{
  RrGame *game = rr_game_new_default (starter);
  char **legal = legal_checked (game);
  g_assert_cmpuint (g_strv_length (legal), ==, 50);

  GPtrArray *short_moves = g_ptr_array_new ();
  int full = 0;
  for (int i = 0; legal[i] != NULL; i++)
    {
      int k;
      char *from, *to;
      split_token (legal[i], &k, &from, &to);
      char *from_contents = rr_game_cell_contents (game, from);
      char *to_contents = rr_game_cell_contents (game, to);
      char *expected_from = g_strdup_printf ("%d:3", starter);
      g_assert_cmpstr (from_contents, ==, expected_from);
      g_assert_cmpstr (to_contents, ==, "");  /* no capture or join */
      g_assert_cmpstr (to, !=, "d7");         /* no RA entry */
      g_assert_cmpstr (to, !=, "j7");
      int d = distance (from, to);
      g_assert_cmpint (d, >=, 1);
      g_assert_cmpint (d, <=, 4 - k);
      if (d == 4 - k)
        full++;
      else
        g_ptr_array_add (short_moves, legal[i]);
      g_free (expected_from);
      g_free (from_contents);
      g_free (to_contents);
      g_free (from);
      g_free (to);
    }
  g_assert_cmpint (full, ==, 46);
  g_assert_cmpuint (short_moves->len, ==, 4);
  for (int i = 0; i < 4; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < short_moves->len; j++)
        if (strcmp (g_ptr_array_index (short_moves, j), edge_stops[i]) == 0)
          found = TRUE;
      if (!found)
        g_error ("edge stop %s missing", edge_stops[i]);
    }
  g_ptr_array_free (short_moves, TRUE);
  g_strfreev (legal);
  rr_game_free (game);
}

static void
test_start_moves (void)
{
  /* P1: (-2,-2) W to (-4,-2), NW to (-2,-4); (-4,2) W to (-6,2), SW to (-6,4). */
  static const char *const seat1[] = { "1e9-c9", "1e9-e11", "1c5-a5", "1c5-a3" };
  /* Seat 2, by the point reflection: (2,2) E to (4,2), SE to (2,4);
   * (4,-2) E to (6,-2), NE to (6,-4). */
  static const char *const seat2[] = { "1i5-k5", "1i5-i3", "1k9-m9", "1k9-m11" };
  check_start_moves (1, seat1);
  check_start_moves (2, seat2);
}

/* ra.md §10.1 blocked direction: f7 E meets the 3-stack on h7. */
static void
test_blocked_direction (void)
{
  RrGame *game = rr_game_new_default (1);
  g_assert_false (is_legal (game, "1f7-g7"));
  g_assert_false (is_legal (game, "1f7-h7"));
  g_assert_false (is_legal (game, "1f7-i7"));
  g_assert_false (is_legal (game, "2f7-g7"));
  g_assert_false (is_legal (game, "2f7-h7"));
  g_assert_true (is_legal (game, "3f7-g7"));

  /* The only eastward move from f7 (same rank, later file). */
  char **legal = legal_checked (game);
  int eastward = 0;
  for (int i = 0; legal[i] != NULL; i++)
    {
      int k;
      char *from, *to;
      split_token (legal[i], &k, &from, &to);
      if (strcmp (from, "f7") == 0 && to[0] > 'f' && strcmp (to + 1, "7") == 0)
        {
          g_assert_cmpstr (legal[i], ==, "3f7-g7");
          eastward++;
        }
      g_free (from);
      g_free (to);
    }
  g_assert_cmpint (eastward, ==, 1);
  g_strfreev (legal);

  g_assert_false (rr_game_play (game, "1f7-g7"));
  g_assert_true (rr_game_play (game, "3f7-g7"));
  assert_cell (game, "f7", "");
  assert_cell (game, "g7", "1:3");
  /* Seat 2's 3-stack on h7 may capture the 3-stack now adjacent. */
  g_assert_true (is_legal (game, "3h7-g7"));
  g_assert_false (is_legal (game, "2h7-g7"));
  g_assert_false (is_legal (game, "1h7-g7"));
  rr_game_free (game);
}

/* ------------------------------------------------------------ §10.2 */

/* P1 (seat 1): 3 on (1,-5) = h12, 1 on (3,-5) = j12, 1 on (-1,0) = f7,
 * 1 on (3,1) = j6. P2 (seat 2): 2 on (1,0) = h7, 1 on (2,1) = i6,
 * 3 on (-3,3) = d4. */
#define NETO_WAG "1:3@h12 1:1@j12 1:1@f7 1:1@j6 2:2@h7 2:1@i6 2:3@d4"

static void
test_neto_wag (void)
{
  for (int join_short = 1; join_short >= 0; join_short--)
    {
      RrGame *p1 = setup_flags (1, NETO_WAG, join_short, FALSE, FALSE);
      RrGame *p2 = setup_flags (2, NETO_WAG, join_short, FALSE, FALSE);

      g_assert_true (is_legal (p1, "1j6-j7"));  /* short move into the enemy RA */
      g_assert_true (is_legal (p2, "1d4-d7"));  /* split k=1 off d4, NW 3 */
      g_assert_true (is_legal (p2, "2h7-f7"));  /* capture at full range */
      g_assert_true (is_legal (p2, "1h7-f7"));  /* short capture */
      g_assert_true (is_legal (p2, "1i6-j6"));  /* short capture */
      g_assert_true (is_legal (p1, "2h12-j12")); /* join at full range */
      /* The §9 #5 conflict: a single pawn joining 2 cells away. */
      g_assert_true (is_legal (p1, "1h12-j12") == (join_short != 0));
      /* A group of 3 moves 1 and cannot reach j12; i12 is a normal move. */
      g_assert_true (is_legal (p1, "3h12-i12"));
      g_assert_false (is_legal (p1, "3h12-j12"));

      RrGame *game = rr_game_copy (p1);
      g_assert_true (rr_game_play (game, "1j6-j7"));
      assert_over (game, "1-0", "ra-entry", 1, 0);
      assert_cell (game, "j6", "");
      assert_cell (game, "j7", "");
      g_assert_cmpint (rr_game_to_move (game), ==, 2);
      rr_game_free (game);

      game = rr_game_copy (p2);
      g_assert_true (rr_game_play (game, "1d4-d7"));
      assert_over (game, "0-1", "ra-entry", 0, 1);
      assert_cell (game, "d4", "2:2");
      assert_cell (game, "d7", "");
      rr_game_free (game);

      game = rr_game_copy (p2);
      g_assert_true (rr_game_play (game, "2h7-f7"));
      assert_ongoing (game);
      assert_cell (game, "h7", "");
      assert_cell (game, "f7", "2:2");
      rr_game_free (game);

      game = rr_game_copy (p2);
      g_assert_true (rr_game_play (game, "1h7-f7"));
      assert_cell (game, "h7", "2:1");
      assert_cell (game, "f7", "2:1");
      rr_game_free (game);

      game = rr_game_copy (p2);
      g_assert_true (rr_game_play (game, "1i6-j6"));
      assert_cell (game, "i6", "");
      assert_cell (game, "j6", "2:1");
      rr_game_free (game);

      game = rr_game_copy (p1);
      g_assert_true (rr_game_play (game, "2h12-j12"));
      assert_cell (game, "h12", "1:1");
      assert_cell (game, "j12", "1:3");
      g_assert_cmpint (rr_game_to_move (game), ==, 2);
      rr_game_free (game);

      game = rr_game_copy (p1);
      g_assert_true (rr_game_play (game, "1h12-j12") == (join_short != 0));
      rr_game_free (game);

      rr_game_free (p1);
      rr_game_free (p2);
    }
}

/* ------------------------------------------------------------ movement details */

static void
test_merge_limit (void)
{
  /* 1 + 3 > 3: the direction is closed, no short stop in front. */
  RrGame *game = setup (1, "1:1@h12 1:3@j12 2:1@g1");
  g_assert_false (is_legal (game, "1h12-j12"));
  g_assert_false (is_legal (game, "1h12-i12"));
  g_assert_false (is_legal (game, "1h12-k12"));
  rr_game_free (game);

  /* 2 + 1 = 3 at distance 1 (short join), 2 + 2 > 3. */
  game = setup (1, "1:2@f7 1:1@g7 1:2@e6 2:1@g1");
  g_assert_true (is_legal (game, "2f7-g7"));
  g_assert_true (is_legal (game, "1f7-g7"));
  g_assert_true (rr_game_play (game, "2f7-g7"));
  assert_cell (game, "g7", "1:3");
  assert_cell (game, "f7", "");
  rr_game_free (game);

  /* e6 = (-2,1), f7 = (-1,0): 2 + 2 > 3 and 2 + 1 = 3. */
  game = setup (1, "1:2@f7 1:2@e6 2:1@g1");
  g_assert_false (is_legal (game, "2e6-f7"));
  g_assert_true (is_legal (game, "1e6-f7"));
  rr_game_free (game);
}

static void
test_own_ra_closed (void)
{
  /* e7 = (-2,0) is next to the own RA d7 = (-3,0). */
  RrGame *game = setup (1, "1:3@e7 1:1@f6 2:1@g1");
  char **legal = legal_checked (game);
  for (int i = 0; legal[i] != NULL; i++)
    {
      int k;
      char *from, *to;
      split_token (legal[i], &k, &from, &to);
      g_assert_cmpstr (to, !=, "d7");
      if (strcmp (from, "e7") == 0)
        {
          g_assert_cmpstr (to, !=, "c7");
          g_assert_cmpstr (to, !=, "b7");
        }
      g_free (from);
      g_free (to);
    }
  g_strfreev (legal);
  rr_game_free (game);

  /* f7 W: e7 empty, then the own RA: no stop on e7, not even under
   * STOP_BEFORE_BLOCKER (an RA is not a stack). */
  for (int stop = 0; stop <= 1; stop++)
    {
      game = setup_flags (1, "1:1@f7 2:1@g1", TRUE, stop, FALSE);
      g_assert_false (is_legal (game, "1f7-e7"));
      g_assert_false (is_legal (game, "1f7-d7"));
      g_assert_false (is_legal (game, "1f7-c7"));
      rr_game_free (game);
    }

  /* The enemy RA is closed to its owner too: seat 2 on i7 going E. */
  game = setup (2, "2:1@i7 1:1@g1");
  g_assert_false (is_legal (game, "1i7-j7"));
  g_assert_false (is_legal (game, "1i7-k7"));
  g_assert_false (is_legal (game, "1i7-l7"));
  rr_game_free (game);
}

/* ------------------------------------------------------------ game ends */

static void
test_ra_entry_points (void)
{
  /* i7 = (2,0), next to seat 2's RA j7 = (3,0). */
  static const int points[4] = { 0, 1, 3, 6 };
  for (int k = 1; k <= 3; k++)
    {
      RrGame *game = setup (1, "1:3@i7 2:1@a1");
      char *token = g_strdup_printf ("%di7-j7", k);
      g_assert_true (rr_game_play (game, token));
      assert_over (game, "1-0", "ra-entry", points[k], 0);
      char *left = k == 3 ? g_strdup ("") : g_strdup_printf ("1:%d", 3 - k);
      assert_cell (game, "i7", left);
      assert_cell (game, "j7", "");
      g_free (left);
      g_free (token);
      rr_game_free (game);
    }

  /* Seat 2 into d7 with 3 pawns: 6 points. */
  RrGame *game = setup (2, "2:3@e7 1:1@g1");
  g_assert_true (rr_game_play (game, "3e7-d7"));
  assert_over (game, "0-1", "ra-entry", 0, 6);
  g_assert_false (rr_game_play (game, "1g1-g4"));
  rr_game_free (game);

  /* A group crossing the enemy RA is impossible: entering ends the move. */
  game = setup (1, "1:1@h7 2:1@a1");
  g_assert_true (is_legal (game, "1h7-j7"));
  g_assert_false (is_legal (game, "1h7-k7"));
  rr_game_free (game);
}

static void
test_annihilation (void)
{
  RrGame *game = setup (1, "1:2@f7 2:1@h7");
  g_assert_true (is_legal (game, "2f7-h7"));
  g_assert_true (rr_game_play (game, "1f7-h7"));
  assert_over (game, "1-0", "annihilation", 3, 0);
  assert_cell (game, "f7", "1:1");
  assert_cell (game, "h7", "1:1");
  rr_game_free (game);

  game = setup (2, "1:1@f7 2:3@h7");
  g_assert_true (rr_game_play (game, "1h7-f7"));
  assert_over (game, "0-1", "annihilation", 0, 3);
  assert_cell (game, "h7", "2:2");
  assert_cell (game, "f7", "2:1");
  rr_game_free (game);

  /* A capture that leaves the opponent a pawn does not end the game. */
  game = setup (1, "1:2@f7 2:1@h7 2:1@a1");
  g_assert_true (rr_game_play (game, "2f7-h7"));
  assert_ongoing (game);
  g_assert_cmpint (rr_game_to_move (game), ==, 2);
  rr_game_free (game);

  /* Capture needs k >= m (ra.md §6). */
  game = setup (1, "1:3@f7 2:2@h7");
  g_assert_false (is_legal (game, "1f7-h7"));
  g_assert_true (is_legal (game, "2f7-h7"));
  rr_game_free (game);
}

/* m13 = (6,-6) is a corner: E, NE, NW are off the board; its three
 * neighbours l13, m12, l12 hold enemy 2-stacks. */
static void
test_pass (void)
{
  RrGame *game = setup (1, "1:1@m13 2:2@l13 2:2@m12 2:2@l12");
  static const char *const only_pass[] = { "pass", NULL };
  assert_legal_set (game, only_pass);
  assert_ongoing (game);
  g_assert_cmpuint (rr_game_perft (game, 1), ==, 1);

  /* Seat 2's moves after the pass. */
  RrGame *after = rr_game_copy (game);
  g_assert_true (rr_game_play (after, "pass"));
  guint seat2_moves = n_legal (after);
  g_assert_cmpuint (seat2_moves, >, 0);
  g_assert_true (is_legal (after, "1l13-m13"));
  g_assert_true (is_legal (after, "2m12-m13"));
  g_assert_false (is_legal (after, "pass"));
  g_assert_false (rr_game_play (after, "pass"));
  g_assert_cmpint (rr_game_to_move (after), ==, 2);
  assert_ongoing (after);
  rr_game_free (after);
  g_assert_cmpuint (rr_game_perft (game, 2), ==, seat2_moves);

  g_assert_false (rr_game_play (game, "1m13-l13"));
  g_assert_false (rr_game_play (game, "1m13-l12"));
  g_assert_true (rr_game_play (game, " PASS "));
  g_assert_cmpint (rr_game_to_move (game), ==, 2);
  /* Seat 2 annihilates. */
  g_assert_true (rr_game_play (game, "1l12-m13"));
  assert_over (game, "0-1", "annihilation", 0, 3);
  rr_game_free (game);

  /* The pass is forced by a move: seat 2 closes the last neighbour. */
  game = setup (2, "1:1@m13 2:2@l13 2:2@m12 2:2@l10");
  g_assert_false (is_legal (game, "pass"));
  g_assert_true (rr_game_play (game, "2l10-l12"));
  assert_legal_set (game, only_pass);
  g_assert_cmpint (rr_game_to_move (game), ==, 1);
  assert_ongoing (game);
  rr_game_free (game);

  /* Not stuck: pass is illegal. */
  game = rr_game_new_default (1);
  g_assert_false (is_legal (game, "pass"));
  g_assert_false (rr_game_play (game, "pass"));
  rr_game_free (game);
}

/* Neither side can move. Under the default rules no position with pawns
 * of both seats is blocked for both (a 3-stack needs every neighbour
 * friendly, and a blocked 1- or 2-stack needs enemies taller than it, which
 * can then move), so the only such set-up is the empty board. */
static void
test_void (void)
{
  for (int to_move = 1; to_move <= 2; to_move++)
    {
      RrGame *game = rr_game_new_from_stacks (to_move, "  ", TRUE, FALSE, FALSE);
      g_assert_nonnull (game);
      assert_over (game, "1/2-1/2", "void", 0, 0);
      g_assert_cmpint (rr_game_to_move (game), ==, to_move);
      g_assert_false (rr_game_play (game, "pass"));
      rr_game_free (game);
    }
  RrGame *game = rr_game_new_from_stacks (1, "", FALSE, TRUE, TRUE);
  g_assert_nonnull (game);
  assert_over (game, "1/2-1/2", "void", 0, 0);
  rr_game_free (game);
}

static void
test_repetition (void)
{
  /* c5 <-> c4 and i5 <-> i4 by 3-stacks: the start is back after 4 and 8
   * plies, the third occurrence (the start counts) ends the game. */
  static const char *const moves[] = {
    "3c5-c4", "3i5-i4", "3c4-c5", "3i4-i5",
    "3c5-c4", "3i5-i4", "3c4-c5", "3i4-i5",
  };
  RrGame *game = rr_game_new_default (1);
  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      assert_ongoing (game);
      if (!rr_game_play (game, moves[i]))
        g_error ("move %s rejected", moves[i]);
    }
  assert_over (game, "1/2-1/2", "repetition", 0, 0);
  assert_cell (game, "c5", "1:3");
  assert_cell (game, "i5", "2:3");
  g_assert_cmpint (rr_game_to_move (game), ==, 1);
  g_assert_false (rr_game_play (game, "3c5-c4"));
  rr_game_free (game);

  /* The side to move is part of the position: the same stacks with
   * seat 2 to move are a different position. Seat 2 starting, the same
   * shuffle ends after 8 plies too. */
  static const char *const moves2[] = {
    "3i5-i4", "3c5-c4", "3i4-i5", "3c4-c5",
    "3i5-i4", "3c5-c4", "3i4-i5", "3c4-c5",
  };
  game = rr_game_new_default (2);
  for (gsize i = 0; i < G_N_ELEMENTS (moves2); i++)
    {
      assert_ongoing (game);
      g_assert_true (rr_game_play (game, moves2[i]));
    }
  assert_over (game, "1/2-1/2", "repetition", 0, 0);
  rr_game_free (game);

  /* Positions are compared by stacks, not by pawn identity: splitting
   * and merging back gives the same position. */
  static const char *const moves3[] = {
    "1e9-e6", "3i5-i4", "1e6-e9", "3i4-i5", /* start again (2nd) */
    "2e9-e7", "3i5-i4", "2e7-e9", "3i4-i5", /* start again (3rd) */
  };
  game = rr_game_new_default (1);
  for (gsize i = 0; i < G_N_ELEMENTS (moves3); i++)
    {
      assert_ongoing (game);
      if (!rr_game_play (game, moves3[i]))
        g_error ("move %s rejected", moves3[i]);
    }
  assert_over (game, "1/2-1/2", "repetition", 0, 0);
  rr_game_free (game);

  /* perft from a position one ply short of the third occurrence. */
  game = rr_game_new_default (1);
  for (gsize i = 0; i < 7; i++)
    g_assert_true (rr_game_play (game, moves[i]));
  RrGame *child = rr_game_copy (game);
  g_assert_true (rr_game_play (child, "3i4-i5"));
  g_assert_cmpuint (rr_game_perft (child, 1), ==, 0);
  g_assert_false (rr_game_is_over (game)); /* the copy is independent */
  rr_game_free (child);
  rr_game_free (game);
}

/* ------------------------------------------------------------ option flags */

static void
test_stop_before_blocker (void)
{
  /* Start: f7 E meets h7 at distance 2; the flag adds the stop on g7 for
   * groups of 1 and 2 (the 3-group already goes there). */
  RrGame *game = rr_game_new (1, TRUE, TRUE, FALSE);
  g_assert_true (is_legal (game, "1f7-g7"));
  g_assert_true (is_legal (game, "2f7-g7"));
  g_assert_true (is_legal (game, "3f7-g7"));
  g_assert_cmpuint (n_legal (game), ==, 52);
  rr_game_free (game);

  /* In front of a friendly stack that cannot be joined. */
  game = setup_flags (1, "1:1@h12 1:3@j12 2:1@g1", TRUE, TRUE, FALSE);
  g_assert_true (is_legal (game, "1h12-i12"));
  g_assert_false (is_legal (game, "1h12-j12"));
  rr_game_free (game);

  /* In front of a capturable enemy: both the stop and the capture. */
  game = setup_flags (1, "1:2@f7 2:1@h7 2:1@a1", TRUE, TRUE, FALSE);
  g_assert_true (is_legal (game, "1f7-g7"));
  g_assert_true (is_legal (game, "1f7-h7"));
  g_assert_true (is_legal (game, "2f7-g7"));
  g_assert_true (is_legal (game, "2f7-h7"));
  rr_game_free (game);
  game = setup (1, "1:2@f7 2:1@h7 2:1@a1");
  g_assert_false (is_legal (game, "1f7-g7"));
  g_assert_false (is_legal (game, "2f7-g7"));
  rr_game_free (game);

  /* Not at distance 1 (that would be the start cell). */
  game = setup_flags (1, "1:1@f7 2:2@g7 2:1@a1", TRUE, TRUE, FALSE);
  g_assert_false (is_legal (game, "1f7-f7"));
  g_assert_false (is_legal (game, "1f7-g7"));
  rr_game_free (game);
}

static void
test_edge_any (void)
{
  /* a7 = (-6,0): W, NW, SW off the board; E meets the own RA d7 at
   * distance 3; SE runs along the edge a6 a5 a4; NE along b8 c9 d10. */
  static const char *const plain[] = { "1a7-a4", "1a7-d10", NULL };
  static const char *const edge_any[] = {
    "1a7-a4", "1a7-a5", "1a7-a6", "1a7-b8", "1a7-c9", "1a7-d10", NULL,
  };
  RrGame *game = setup (1, "1:1@a7 2:1@g1");
  assert_legal_set (game, plain);
  rr_game_free (game);
  game = setup_flags (1, "1:1@a7 2:1@g1", TRUE, FALSE, TRUE);
  assert_legal_set (game, edge_any);
  rr_game_free (game);

  /* A stop that both flags allow is listed once: a6 is an edge cell and
   * the cell in front of the enemy 2-stack on a5. */
  static const char *const plain2[] = { "1a7-d10", NULL };
  static const char *const stop2[] = { "1a7-a6", "1a7-d10", NULL };
  static const char *const both2[] = { "1a7-a6", "1a7-b8", "1a7-c9", "1a7-d10", NULL };
  game = setup (1, "1:1@a7 2:2@a5");
  assert_legal_set (game, plain2);
  rr_game_free (game);
  game = setup_flags (1, "1:1@a7 2:2@a5", TRUE, TRUE, FALSE);
  assert_legal_set (game, stop2);
  rr_game_free (game);
  game = setup_flags (1, "1:1@a7 2:2@a5", TRUE, TRUE, TRUE);
  assert_legal_set (game, both2);
  rr_game_free (game);

  /* The start: no stack passes an edge cell before its range ends other
   * than the default edge stops, so the count stays 50. */
  game = rr_game_new (1, TRUE, FALSE, TRUE);
  g_assert_cmpuint (n_legal (game), ==, 50);
  rr_game_free (game);
}

static void
test_join_short_start (void)
{
  /* JOIN_SHORT only matters once a friendly stack is within reach: the
   * start counts are the same for 2 plies. */
  RrGame *game = rr_game_new (1, FALSE, FALSE, FALSE);
  g_assert_cmpuint (rr_game_perft (game, 1), ==, 50);
  g_assert_cmpuint (rr_game_perft (game, 2), ==, 2517);
  rr_game_free (game);

  /* A friendly stack at distance 1 for a single pawn (range 3). */
  game = setup_flags (1, "1:1@f7 1:1@g7 2:1@a1", FALSE, FALSE, FALSE);
  g_assert_false (is_legal (game, "1f7-g7"));
  rr_game_free (game);
  game = setup_flags (1, "1:1@f7 1:1@g7 2:1@a1", TRUE, FALSE, FALSE);
  g_assert_true (is_legal (game, "1f7-g7"));
  rr_game_free (game);
  /* At full range (3) the join stays legal. */
  game = setup_flags (1, "1:1@f7 1:1@i7 2:1@a1", FALSE, FALSE, FALSE);
  g_assert_true (is_legal (game, "1f7-i7"));
  rr_game_free (game);
}

/* ------------------------------------------------------------ tokens, set-ups */

static void
test_tokens (void)
{
  RrGame *game = rr_game_new_default (1);
  static const char *const bad[] = {
    "", " ", "3f7", "3f7-", "-g7", "4f7-g7", "0f7-g7", "3f7-g7-h7", "3f7g7", "f7-g7",
    "3z7-g7", "3f07-g7", "3f7-g07", "33f7-g7", "3f7 -g7", "pass", "passe", "1a8-b8",
    "1f7-g7", "3h7-g7",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    if (rr_game_play (game, bad[i]))
      g_error ("token \"%s\" accepted", bad[i]);
  g_assert_false (rr_game_play (game, NULL));
  assert_cell (game, "f7", "1:3");
  g_assert_cmpint (rr_game_to_move (game), ==, 1);

  g_assert_true (rr_game_play (game, "  3F7-G7\n"));
  assert_cell (game, "g7", "1:3");
  g_assert_true (rr_game_play (game, "3H7-g7"));
  assert_cell (game, "g7", "2:3");
  rr_game_free (game);
}

static void
test_setups (void)
{
  static const char *const bad[] = {
    "1:3@d7 2:1@a1", "2:3@j7 1:1@a1", "1:3@c5 2:1@c5", "1:4@c5 2:1@h7", "1:0@c5 2:1@h7",
    "3:1@c5 2:1@h7", "1:1@c5", "2:1@c5", "1:1@zz 2:1@a1", "1:1@a8 2:1@a1", "1-1@c5 2:1@a1",
    "1:1c5 2:1@a1", "1:1@c5x 2:1@a1", "11@c5",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      RrGame *game = rr_game_new_from_stacks (1, bad[i], TRUE, FALSE, FALSE);
      if (game != NULL)
        g_error ("set-up \"%s\" accepted", bad[i]);
    }
  g_assert_null (rr_game_new_from_stacks (0, "1:1@c5 2:1@a1", TRUE, FALSE, FALSE));
  g_assert_null (rr_game_new_from_stacks (3, "1:1@c5 2:1@a1", TRUE, FALSE, FALSE));
  g_assert_null (rr_game_new_from_stacks (1, NULL, TRUE, FALSE, FALSE));

  /* The start position typed in gives the start counts. */
  RrGame *game = setup (1, "1:3@c5 1:3@e9 1:3@f7 2:3@h7 2:3@i5 2:3@k9");
  g_assert_cmpuint (rr_game_perft (game, 2), ==, 2517);
  assert_ongoing (game);
  rr_game_free (game);

  game = setup (2, "\t1:2@C5\n2:1@h7 ");
  assert_cell (game, "c5", "1:2");
  assert_cell (game, "h7", "2:1");
  g_assert_cmpint (rr_game_to_move (game), ==, 2);
  rr_game_free (game);
}

/* ------------------------------------------------------------ random games */

static int
seat_pawns (RrGame *game, int seat)
{
  int total = 0;
  for (char file = 'a'; file <= 'm'; file++)
    for (int rank = 1; rank <= 13; rank++)
      {
        char name[8];
        g_snprintf (name, sizeof name, "%c%d", file, rank);
        char *contents = rr_game_cell_contents (game, name);
        if (contents != NULL && contents[0] != '\0')
          {
            g_assert_true (contents[0] == '1' || contents[0] == '2');
            g_assert_true (contents[2] >= '1' && contents[2] <= '3');
            g_assert_cmpstr (name, !=, "d7");
            g_assert_cmpstr (name, !=, "j7");
            if (contents[0] - '0' == seat)
              total += contents[2] - '0';
          }
        g_free (contents);
      }
  return total;
}

static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20260101);
  for (int flags = 0; flags < 8; flags++)
    for (int n = 0; n < 6; n++)
      {
        RrGame *game = rr_game_new (1 + n % 2, (flags & 1) == 0, (flags & 2) != 0,
                                    (flags & 4) != 0);
        int pawns[3] = { 0, 9, 9 };
        for (int ply = 0; ply < 300 && !rr_game_is_over (game); ply++)
          {
            char **legal = legal_checked (game);
            guint count = g_strv_length (legal);
            g_assert_cmpuint (count, >, 0);
            const char *move = legal[g_rand_int_range (rand, 0, (gint32) count)];
            int mover = rr_game_to_move (game);
            if (!rr_game_play (game, move))
              g_error ("legal move %s rejected", move);
            if (!rr_game_is_over (game))
              g_assert_cmpint (rr_game_to_move (game), ==, 3 - mover);
            g_strfreev (legal);
            for (int seat = 1; seat <= 2; seat++)
              {
                int now = seat_pawns (game, seat);
                g_assert_cmpint (now, <=, pawns[seat]);
                pawns[seat] = now;
              }
          }
        if (rr_game_is_over (game))
          {
            const char *term = rr_game_termination (game);
            int s1, s2;
            rr_game_score (game, &s1, &s2);
            if (strcmp (term, "repetition") == 0 || strcmp (term, "void") == 0)
              g_assert_true (s1 == 0 && s2 == 0
                             && strcmp (rr_game_result (game), "1/2-1/2") == 0);
            else if (strcmp (term, "annihilation") == 0)
              g_assert_true (s1 + s2 == 3 && (pawns[1] == 0 || pawns[2] == 0));
            else
              g_assert_cmpstr (term, ==, "ra-entry");
            g_assert_cmpuint (n_legal (game), ==, 0);
          }
        rr_game_free (game);
      }
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ra-reference/perft", test_perft);
  g_test_add_func ("/ra-reference/start-position", test_start_position);
  g_test_add_func ("/ra-reference/start-moves", test_start_moves);
  g_test_add_func ("/ra-reference/blocked-direction", test_blocked_direction);
  g_test_add_func ("/ra-reference/neto-wag", test_neto_wag);
  g_test_add_func ("/ra-reference/merge-limit", test_merge_limit);
  g_test_add_func ("/ra-reference/own-ra-closed", test_own_ra_closed);
  g_test_add_func ("/ra-reference/ra-entry-points", test_ra_entry_points);
  g_test_add_func ("/ra-reference/annihilation", test_annihilation);
  g_test_add_func ("/ra-reference/pass", test_pass);
  g_test_add_func ("/ra-reference/void", test_void);
  g_test_add_func ("/ra-reference/repetition", test_repetition);
  g_test_add_func ("/ra-reference/stop-before-blocker", test_stop_before_blocker);
  g_test_add_func ("/ra-reference/edge-any", test_edge_any);
  g_test_add_func ("/ra-reference/join-short", test_join_short_start);
  g_test_add_func ("/ra-reference/tokens", test_tokens);
  g_test_add_func ("/ra-reference/setups", test_setups);
  g_test_add_func ("/ra-reference/random-games", test_random_games);
  return g_test_run ();
}
