/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-retournement-reference-selfcheck.c: checks the reference
 * implementation of Retournement against the expectations written in the
 * specification (shared/rules/README.md reference counts, passing and the
 * blocked / all-placed ends; shared/rules/retournement.md §1.2, §3, §4 and
 * the worked example of §5; shared/NOTATION.md §2.2 and §3). */
#include "retournement-reference.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

static RtRefGame *
setup_sized (int size, const int *values, int to_move, const char *pieces)
{
  RtRefGame *game = rt_ref_new_from_text (size, values, to_move, pieces);
  if (game == NULL)
    g_error ("set-up \"%s\" rejected", pieces);
  return game;
}

static RtRefGame *
setup (int to_move, const char *pieces)
{
  return setup_sized (11, NULL, to_move, pieces);
}

/* expected: "" (empty), "W" or "R". */
static void
assert_cell (RtRefGame *game, const char *cell, const char *expected)
{
  const char *contents = rt_ref_cell (game, cell);
  if (contents == NULL)
    g_error ("cell %s unknown", cell);
  if (strcmp (contents, expected) != 0)
    g_error ("cell %s shows \"%s\", expected \"%s\"", cell, contents, expected);
}

/* Every cell of a space-separated list shows `expected`. */
static void
assert_cells (RtRefGame *game, const char *cells, const char *expected)
{
  char **names = g_strsplit (cells, " ", -1);
  for (int i = 0; names[i] != NULL; i++)
    assert_cell (game, names[i], expected);
  g_strfreev (names);
}

static void
assert_score (RtRefGame *game, int white, int red)
{
  int scores[2];
  rt_ref_score (game, scores);
  if (scores[0] != white || scores[1] != red)
    g_error ("score %d-%d, expected %d-%d", scores[0], scores[1], white, red);
}

static void
assert_hand (RtRefGame *game, int seat, const char *expected)
{
  char *hand = rt_ref_hand (game, seat);
  g_assert_cmpstr (hand, ==, expected);
  g_free (hand);
}

/* The legal list, checked to be strictly increasing (sorted, no
 * duplicates) and to hold "pass" only as its single element. */
static char **
legal_checked (RtRefGame *game)
{
  char **legal = rt_ref_legal (game);
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
is_legal (RtRefGame *game, const char *token)
{
  char **legal = legal_checked (game);
  gboolean found = g_strv_contains ((const char *const *) legal, token);
  g_strfreev (legal);
  return found;
}

static guint
n_legal (RtRefGame *game)
{
  char **legal = legal_checked (game);
  guint n = g_strv_length (legal);
  g_strfreev (legal);
  return n;
}

static void
assert_ongoing (RtRefGame *game)
{
  g_assert_false (rt_ref_is_over (game));
  g_assert_cmpstr (rt_ref_result (game), ==, "*");
  g_assert_cmpstr (rt_ref_termination (game), ==, "");
  g_assert_cmpuint (n_legal (game), >, 0);
}

static void
assert_over (RtRefGame *game, const char *result, const char *termination)
{
  g_assert_true (rt_ref_is_over (game));
  g_assert_cmpstr (rt_ref_result (game), ==, result);
  g_assert_cmpstr (rt_ref_termination (game), ==, termination);
  g_assert_cmpuint (n_legal (game), ==, 0);
  g_assert_cmpuint (rt_ref_perft (game, 1), ==, 0);
  g_assert_cmpuint (rt_ref_perft (game, 2), ==, 0);
  g_assert_cmpuint (rt_ref_perft (game, 0), ==, 1);
  g_assert_false (rt_ref_play (game, "pass"));
}

static void
play (RtRefGame *game, const char *token)
{
  if (!rt_ref_play (game, token))
    {
      char **legal = rt_ref_legal (game);
      char *joined = g_strjoinv (" ", legal);
      g_error ("move %s rejected (legal: %s)", token, joined);
    }
}

/* A token is refused and changes nothing visible. */
static void
assert_refused (RtRefGame *game, const char *token)
{
  char **before = rt_ref_legal (game);
  int to_move = rt_ref_to_move (game);
  char *hand1 = rt_ref_hand (game, 1);
  char *hand2 = rt_ref_hand (game, 2);
  int scores[2];
  rt_ref_score (game, scores);
  if (rt_ref_play (game, token))
    g_error ("token \"%s\" accepted", token);
  char **after = rt_ref_legal (game);
  g_assert_true (g_strv_equal ((const char *const *) before, (const char *const *) after));
  g_assert_cmpint (rt_ref_to_move (game), ==, to_move);
  assert_hand (game, 1, hand1);
  assert_hand (game, 2, hand2);
  assert_score (game, scores[0], scores[1]);
  g_strfreev (before);
  g_strfreev (after);
  g_free (hand1);
  g_free (hand2);
}

/* perft through the public API only: checks that legal and play agree
 * with the internal perft. */
static guint64
perft_by_play (RtRefGame *game, int depth)
{
  if (depth == 0)
    return 1;
  char **legal = legal_checked (game);
  guint64 total = 0;
  for (int i = 0; legal[i] != NULL; i++)
    {
      RtRefGame *child = rt_ref_copy (game);
      play (child, legal[i]);
      total += perft_by_play (child, depth - 1);
      rt_ref_free (child);
    }
  g_strfreev (legal);
  return total;
}

/* The (height, width) of each of the 35 distinct orientations of the 13
 * shapes of retournement.md §1.2, written out by hand. */
static const int orientation_boxes[][2] = {
  { 1, 1 },                                 /* I1 */
  { 1, 2 }, { 2, 1 },                       /* I2 */
  { 1, 3 }, { 3, 1 },                       /* I3 */
  { 2, 2 }, { 2, 2 }, { 2, 2 }, { 2, 2 },   /* V3 */
  { 1, 4 }, { 4, 1 },                       /* I4 */
  { 2, 2 },                                 /* O4 */
  { 2, 3 }, { 3, 2 }, { 2, 3 }, { 3, 2 },   /* T4 */
  { 1, 5 }, { 5, 1 },                       /* I5 */
  { 3, 3 }, { 3, 3 }, { 3, 3 }, { 3, 3 },   /* T5 */
  { 2, 3 }, { 3, 2 }, { 2, 3 }, { 3, 2 },   /* U5 */
  { 3, 3 }, { 3, 3 }, { 3, 3 }, { 3, 3 },   /* V5 */
  { 3, 3 }, { 3, 3 }, { 3, 3 }, { 3, 3 },   /* W5 */
  { 3, 3 },                                 /* X5 */
};

/* Placements of one piece on an empty size x size board. */
static guint64
placements_on_empty (int size)
{
  g_assert_cmpuint (G_N_ELEMENTS (orientation_boxes), ==, 35);
  guint64 total = 0;
  for (guint i = 0; i < G_N_ELEMENTS (orientation_boxes); i++)
    total += (guint64) (size - orientation_boxes[i][0] + 1) * (size - orientation_boxes[i][1] + 1);
  return total;
}

/* One full set laid out in rows 1..6 (+ offset) of a 13 x 13 board, in the
 * order of the piece codes. */
static const char *const band_layout[13][2] = {
  { "I1", "m4" },
  { "I2", "k4 l4" },
  { "I3", "m1 m2 m3" },
  { "V3", "i4 i5 j5" },
  { "I4", "f6 g6 h6 i6" },
  { "O4", "d4 e4 d5 e5" },
  { "T4", "f4 g4 h4 g5" },
  { "I5", "a6 b6 c6 d6 e6" },
  { "T5", "d1 e1 f1 e2 e3" },
  { "U5", "a4 c4 a5 b5 c5" },
  { "V5", "g1 g2 g3 h3 i3" },
  { "W5", "j1 j2 k2 k3 l3" },
  { "X5", "b1 a2 b2 c2 b3" },
};

/* Appends the set of `placer` ('W' or 'R') as set-up items, rows moved
 * down by offset; colours[k] ('W' or 'R') is the face of piece k. */
static void
append_band (GString *out, char placer, const char *colours, int offset)
{
  g_assert_cmpuint (strlen (colours), ==, 13);
  for (int k = 0; k < 13; k++)
    {
      g_string_append_printf (out, " %c%c:%s:", placer, colours[k], band_layout[k][0]);
      char **cells = g_strsplit (band_layout[k][1], " ", -1);
      for (int i = 0; cells[i] != NULL; i++)
        g_string_append_printf (out, "%s%c%d", i > 0 ? "-" : "", cells[i][0],
                                atoi (cells[i] + 1) + offset);
      g_strfreev (cells);
    }
}

#define FULL_HAND "I1 I2 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5"

/* ------------------------------------------------------------ perft */

static void
test_perft (void)
{
  /* README.md reference counts (perft(3) = 413,460,964 is too slow here). */
  RtRefGame *game = rt_ref_new (11, NULL);
  g_assert_cmpuint (rt_ref_perft (game, 0), ==, 1);
  g_assert_cmpuint (rt_ref_perft (game, 1), ==, 3142);
  g_assert_cmpuint (placements_on_empty (11), ==, 3142);
  g_assert_cmpuint (n_legal (game), ==, 3142);
  g_assert_cmpuint (rt_ref_perft (game, 2), ==, 1023216);
  rt_ref_free (game);

  /* The public API agrees with perft, from a position after the worked
   * example (fewer moves than the start). */
  game = rt_ref_new (11, NULL);
  play (game, "V3:e5-f5-e6");
  play (game, "I1:f6");
  play (game, "I3:g5-g6-g7");
  g_assert_cmpuint (perft_by_play (game, 2), ==, rt_ref_perft (game, 2));
  g_assert_cmpuint (perft_by_play (game, 1), ==, rt_ref_perft (game, 1));
  rt_ref_free (game);
}

/* ------------------------------------------------------------ board */

static void
test_start_position (void)
{
  RtRefGame *game = rt_ref_new (11, NULL);
  assert_ongoing (game);
  g_assert_cmpint (rt_ref_to_move (game), ==, 1);
  assert_score (game, 44, 44);
  assert_hand (game, 1, FULL_HAND);
  assert_hand (game, 2, FULL_HAND);

  /* NOTATION.md §2.2: a..k, 1..11. */
  assert_cell (game, "a1", "");
  assert_cell (game, "k11", "");
  assert_cell (game, "K11", "");
  assert_cell (game, "F6", "");
  g_assert_null (rt_ref_cell (game, "l1"));
  g_assert_null (rt_ref_cell (game, "a12"));
  g_assert_null (rt_ref_cell (game, "a0"));
  g_assert_null (rt_ref_cell (game, "a01"));
  g_assert_null (rt_ref_cell (game, "1a"));
  g_assert_null (rt_ref_cell (game, "a"));
  g_assert_null (rt_ref_cell (game, ""));
  g_assert_false (rt_ref_locked (game, "a1"));
  g_assert_false (rt_ref_locked (game, "z1"));

  /* The first placement is free: anywhere, any piece, any rotation. */
  g_assert_true (is_legal (game, "I1:a1"));
  g_assert_true (is_legal (game, "I1:k11"));
  g_assert_true (is_legal (game, "X5:b1-a2-b2-c2-b3"));
  g_assert_true (is_legal (game, "X5:j9-i10-j10-k10-j11"));
  g_assert_false (is_legal (game, "X5:k9-j10-k10-l10-k11"));
  /* Canonical cells: by row number, then column. */
  g_assert_true (is_legal (game, "I5:a7-a8-a9-a10-a11"));
  g_assert_false (is_legal (game, "I5:a10-a11-a7-a8-a9"));
  g_assert_true (is_legal (game, "V3:e5-f5-e6"));
  g_assert_true (is_legal (game, "V3:f5-e6-f6"));
  g_assert_true (is_legal (game, "W5:a1-a2-b2-b3-c3"));
  g_assert_true (is_legal (game, "W5:c1-b2-c2-a3-b3"));
  /* pass is not legal while a piece can be laid. */
  g_assert_false (is_legal (game, "pass"));
  assert_refused (game, "pass");
  rt_ref_free (game);

  /* rt_ref_copy is independent of the original. */
  game = rt_ref_new (11, NULL);
  RtRefGame *copy = rt_ref_copy (game);
  play (copy, "I1:a1");
  assert_cell (copy, "a1", "W");
  assert_cell (game, "a1", "");
  g_assert_cmpint (rt_ref_to_move (game), ==, 1);
  g_assert_cmpint (rt_ref_to_move (copy), ==, 2);
  rt_ref_free (copy);
  rt_ref_free (game);
}

static void
test_board_sizes (void)
{
  g_assert_null (rt_ref_new (7, NULL));
  g_assert_null (rt_ref_new (14, NULL));
  g_assert_null (rt_ref_new (0, NULL));

  for (int size = 8; size <= 13; size++)
    {
      RtRefGame *game = rt_ref_new (size, NULL);
      g_assert_nonnull (game);
      g_assert_cmpuint (rt_ref_perft (game, 1), ==, placements_on_empty (size));
      g_assert_cmpuint (n_legal (game), ==, placements_on_empty (size));
      assert_score (game, 44, 44);
      rt_ref_free (game);
    }
  g_assert_cmpuint (placements_on_empty (8), ==, 1465);
  g_assert_cmpuint (placements_on_empty (13), ==, 4610);

  RtRefGame *game = rt_ref_new (8, NULL);
  assert_cell (game, "h8", "");
  g_assert_null (rt_ref_cell (game, "i1"));
  g_assert_null (rt_ref_cell (game, "a9"));
  g_assert_true (is_legal (game, "I5:h4-h5-h6-h7-h8"));
  g_assert_false (rt_ref_play (game, "I5:h5-h6-h7-h8-h9"));
  g_assert_false (rt_ref_play (game, "I2:h1-i1"));
  play (game, "I2:g8-h8");
  assert_cells (game, "g8 h8", "W");
  rt_ref_free (game);

  game = rt_ref_new (13, NULL);
  assert_cell (game, "m13", "");
  g_assert_null (rt_ref_cell (game, "n1"));
  g_assert_null (rt_ref_cell (game, "a14"));
  g_assert_true (is_legal (game, "I5:m9-m10-m11-m12-m13"));
  play (game, "X5:l11-k12-l12-m12-l13");
  assert_cells (game, "l11 k12 l12 m12 l13", "W");
  rt_ref_free (game);
}

/* ------------------------------------------------------------ example */

/* retournement.md §5, move by move. */
static void
test_worked_example (void)
{
  RtRefGame *game = rt_ref_new (11, NULL);

  /* 1. White, V3 on E5 F5 E6 (free). */
  play (game, "V3:e5-f5-e6");
  assert_cells (game, "e5 f5 e6", "W");
  assert_cells (game, "d5 g5 d6 f6 e7 e4 f4 g6", "");
  g_assert_cmpint (rt_ref_to_move (game), ==, 2);
  assert_score (game, 3 + 44, 41);
  assert_hand (game, 1, "I1 I2 I3 I4 O4 T4 I5 T5 U5 V5 W5 X5");
  assert_hand (game, 2, FULL_HAND);
  assert_ongoing (game);
  /* Red must touch piece 1 by a side. */
  g_assert_true (is_legal (game, "I1:f6"));
  g_assert_true (is_legal (game, "I1:d5"));
  g_assert_false (is_legal (game, "I1:g6")); /* corner of F5 */
  g_assert_false (is_legal (game, "I1:d4")); /* corner of E5 */
  g_assert_false (is_legal (game, "I1:a1"));

  /* 2. Red, monomino on F6: touches 1 (F6-F5, F6-E6), 2 red pieces. */
  play (game, "I1:f6");
  assert_cells (game, "e5 f5 e6 f6", "R");
  assert_score (game, 43, 4 + 41);
  assert_hand (game, 2, "I2 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5");
  g_assert_false (rt_ref_locked (game, "f6"));

  /* 3. White, vertical I3 on G5 G6 G7: touches 1 and 2, 3 white pieces. */
  play (game, "I3:g5-g6-g7");
  assert_cells (game, "e5 f5 e6 f6 g5 g6 g7", "W");
  assert_score (game, 7 + 43, 38);
  g_assert_false (rt_ref_locked (game, "f6")); /* F7 is still empty */

  /* 4. Red, vertical domino on F7 F8: touches 2 (F7-F6) and 3 (F7-G7), not
   * 1; 1 white piece, 3 red pieces. */
  g_assert_true (is_legal (game, "I2:f7-f8"));
  play (game, "I2:F8-f7");
  assert_cells (game, "e5 f5 e6", "W");
  assert_cells (game, "f6 g5 g6 g7 f7 f8", "R");
  assert_score (game, 3 + 41, 6 + 38);
  assert_ongoing (game);

  /* Piece 2 is now surrounded (F5, E6, G6, F7) and stays red for ever:
   * none of White's moves flips it. */
  g_assert_true (rt_ref_locked (game, "f6"));
  g_assert_true (rt_ref_locked (game, "F6"));
  g_assert_false (rt_ref_locked (game, "e5"));
  g_assert_false (rt_ref_locked (game, "g6"));
  g_assert_false (rt_ref_locked (game, "f8"));
  g_assert_false (rt_ref_locked (game, "d4"));
  char **legal = legal_checked (game);
  g_assert_cmpuint (g_strv_length (legal), >, 100);
  for (int i = 0; legal[i] != NULL; i++)
    {
      RtRefGame *copy = rt_ref_copy (game);
      play (copy, legal[i]);
      assert_cell (copy, "f6", "R");
      g_assert_true (rt_ref_locked (copy, "f6"));
      rt_ref_free (copy);
    }
  g_strfreev (legal);
  rt_ref_free (game);
}

/* ------------------------------------------------------------ contact */

static void
test_corner_contact (void)
{
  RtRefGame *game = setup (2, "WW:I1:c3 WW:I2:e5-e6");
  /* D4 touches C3 and E5 only at corners: not a contact. */
  assert_refused (game, "I1:d4");
  g_assert_false (is_legal (game, "I1:d4"));
  g_assert_false (is_legal (game, "I1:b2"));
  g_assert_false (is_legal (game, "I1:f7"));
  g_assert_true (is_legal (game, "I1:c4"));
  /* D4 E4: E4 touches E5 by a side, D4 touches C3 at a corner: only the
   * domino E5 E6 flips. */
  play (game, "I2:d4-e4");
  assert_cells (game, "d4 e4 e5 e6", "R");
  assert_cell (game, "c3", "W");
  assert_score (game, 1 + 42, 4 + 41);
  rt_ref_free (game);
}

static void
test_must_touch_opponent (void)
{
  /* White to move; the only red piece is the monomino on E6. */
  RtRefGame *game = setup (1, "WW:I2:e5-f5 RR:I1:e6");
  assert_ongoing (game);
  assert_refused (game, "I1:d5"); /* touches own E5 only */
  assert_refused (game, "I1:g5"); /* touches own F5 only */
  assert_refused (game, "I1:d7"); /* corner of E6 */
  assert_refused (game, "I1:a1"); /* touches nothing */
  g_assert_true (is_legal (game, "I1:d6"));
  g_assert_true (is_legal (game, "I1:f6"));
  g_assert_true (is_legal (game, "I1:e7"));
  g_assert_false (is_legal (game, "I2:e5-f5")); /* already laid, and covered */
  /* Every legal placement flips E6 and leaves the white pieces white. */
  char **legal = legal_checked (game);
  for (int i = 0; legal[i] != NULL; i++)
    {
      RtRefGame *copy = rt_ref_copy (game);
      play (copy, legal[i]);
      assert_cells (copy, "e5 f5 e6", "W");
      rt_ref_free (copy);
    }
  g_strfreev (legal);

  /* Touching own pieces as well is allowed. */
  play (game, "I1:f6");
  assert_cells (game, "e5 f5 e6 f6", "W");
  assert_score (game, 2 + 1 + 1 + 43, 41);
  rt_ref_free (game);
}

/* "Opponent piece" means the colour showing now, not who laid it. */
static void
test_colour_not_placer (void)
{
  /* Red laid the domino, which shows white; White laid the monomino, which
   * shows red.  Red to move. */
  RtRefGame *game = setup (2, "RW:I2:e5-f5 WR:I1:g6");
  assert_hand (game, 1, "I2 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5");
  assert_hand (game, 2, "I1 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5");
  assert_cells (game, "e5 f5", "W");
  assert_cell (game, "g6", "R");
  assert_score (game, 2 + 42, 1 + 43);
  /* G6 was laid by White but shows red: not an opponent piece for Red. */
  assert_refused (game, "I1:h6");
  assert_refused (game, "I1:g7");
  g_assert_true (is_legal (game, "I1:e4"));
  g_assert_true (is_legal (game, "I1:d5"));
  /* Red's own-laid domino is an opponent piece for Red. */
  play (game, "I3:f6-f7-f8");
  assert_cells (game, "e5 f5 g6 f6 f7 f8", "R");
  assert_score (game, 39, 2 + 1 + 3 + 43);
  /* Now White must touch them, whoever laid them. */
  g_assert_true (is_legal (game, "I2:g4-g5"));
  g_assert_true (is_legal (game, "I2:h6-h7"));
  g_assert_true (is_legal (game, "I2:d5-d6"));
  play (game, "I2:h6-h7");
  assert_cells (game, "g6 h6 h7", "W");
  assert_cells (game, "e5 f5 f6 f7 f8", "R");
  rt_ref_free (game);

  /* A flip does not spread: only pieces touching the new piece flip. */
  game = setup (2, "WW:I1:e5 WW:I2:f5-g5");
  play (game, "I1:d5");
  assert_cells (game, "d5 e5", "R");
  assert_cells (game, "f5 g5", "W");
  rt_ref_free (game);
}

/* ------------------------------------------------------------ locking */

static void
test_locked (void)
{
  /* The board edge is a wall. */
  RtRefGame *game = setup (1, "WW:I1:a1 RR:I1:b1 RR:I2:a2-b2");
  g_assert_true (rt_ref_locked (game, "a1"));
  g_assert_true (rt_ref_locked (game, "A1"));
  g_assert_false (rt_ref_locked (game, "b1"));
  g_assert_false (rt_ref_locked (game, "a2"));
  g_assert_false (rt_ref_locked (game, "b2"));
  g_assert_false (rt_ref_locked (game, "c1"));
  g_assert_false (rt_ref_locked (game, "l1"));
  rt_ref_free (game);

  game = setup (1, "WW:I5:a1-b1-c1-d1-e1 RR:I5:a2-b2-c2-d2-e2 RR:I1:f1");
  g_assert_true (rt_ref_locked (game, "a1"));
  g_assert_true (rt_ref_locked (game, "c1"));
  g_assert_true (rt_ref_locked (game, "e1"));
  g_assert_false (rt_ref_locked (game, "c2"));
  g_assert_false (rt_ref_locked (game, "f1"));
  /* White plays under the red row and flips it; F1 is not touched. */
  play (game, "I4:a3-b3-c3-d3");
  assert_cells (game, "a2 b2 c2 d2 e2 a3 b3 c3 d3", "W");
  assert_cell (game, "f1", "R");
  g_assert_false (rt_ref_locked (game, "c2")); /* E3 and F2 are free */
  /* Red flips both back; the locked row 1 stays white whatever happens. */
  play (game, "I2:e3-f3");
  assert_cells (game, "a2 b2 c2 d2 e2 a3 b3 c3 d3 e3 f3 f1", "R");
  assert_cells (game, "a1 b1 c1 d1 e1", "W");
  g_assert_true (rt_ref_locked (game, "a1"));
  play (game, "I1:f2");
  assert_cells (game, "a2 b2 c2 d2 e2 f1 f2 e3 f3", "W");
  assert_cells (game, "a3 b3 c3 d3", "R"); /* not touched by F2 */
  g_assert_true (rt_ref_locked (game, "c2"));
  rt_ref_free (game);
}

/* ------------------------------------------------------------ pass */

static void
test_pass (void)
{
  /* Red to move; the only white piece (A1) is surrounded, so Red cannot
   * lay, but White can (next to A2 or B1 C1). */
  RtRefGame *game = setup (2, "WW:I1:a1 RR:I1:a2 RR:I2:b1-c1");
  g_assert_true (rt_ref_locked (game, "a1"));
  assert_ongoing (game);
  static const char *const pass[] = { "pass", NULL };
  char **legal = legal_checked (game);
  g_assert_true (g_strv_equal ((const char *const *) legal, pass));
  g_strfreev (legal);
  g_assert_cmpuint (rt_ref_perft (game, 1), ==, 1);
  g_assert_cmpuint (perft_by_play (game, 2), ==, rt_ref_perft (game, 2));
  g_assert_cmpuint (rt_ref_perft (game, 2), >, 1);
  assert_refused (game, "I3:d1-e1-f1");
  assert_refused (game, "I1:a3");
  play (game, " pass ");
  g_assert_cmpint (rt_ref_to_move (game), ==, 1);
  assert_cell (game, "a1", "W");
  assert_score (game, 1 + 41, 3 + 43);
  assert_ongoing (game);
  g_assert_false (is_legal (game, "pass"));
  assert_refused (game, "pass");

  /* White's placement flips A2 and B1 C1; Red can lay again. */
  play (game, "I2:b2-c2");
  assert_cells (game, "a1 a2 b1 c1 b2 c2", "W");
  g_assert_cmpint (rt_ref_to_move (game), ==, 2);
  assert_ongoing (game);
  g_assert_false (is_legal (game, "pass"));
  g_assert_true (is_legal (game, "I3:a3-b3-c3"));
  rt_ref_free (game);

  /* A seat with an empty hand passes while the other can lay: Red has laid
   * its whole set (showing red), White nothing. */
  GString *text = g_string_new ("");
  append_band (text, 'R', "RRRRRRRRRRRRR", 0);
  game = setup_sized (13, NULL, 2, text->str);
  assert_hand (game, 2, "");
  assert_hand (game, 1, FULL_HAND);
  assert_score (game, 0, 88);
  legal = legal_checked (game);
  g_assert_true (g_strv_equal ((const char *const *) legal, pass));
  g_strfreev (legal);
  play (game, "pass");
  play (game, "I1:a7");
  assert_cells (game, "a6 b6 c6 d6 e6 a7", "W");
  assert_score (game, 1 + 4, 83);
  legal = legal_checked (game);
  g_assert_true (g_strv_equal ((const char *const *) legal, pass));
  g_strfreev (legal);
  rt_ref_free (game);
  g_string_free (text, TRUE);
}

/* ------------------------------------------------------------ ends */

/* White has laid its whole set; 12 pieces show red and the X5 in the corner
 * shows white but is surrounded; Red has laid I1 V3 I4. */
static const char *const blocked_position =
  "WW:X5:b1-a2-b2-c2-b3 RR:I1:a1 RR:V3:c1-d1-d2 RR:I4:a3-a4-a5-a6 "
  "WR:V3:c3-b4-c4 WR:I1:k1 WR:I2:h1-i1 WR:I3:f3-g3-h3 WR:I4:f5-g5-h5-i5 "
  "WR:O4:j3-k3-j4-k4 WR:T4:c7-d7-e7-d8 WR:I5:a10-b10-c10-d10-e10 "
  "WR:T5:g7-h7-i7-h8-h9 WR:U5:f10-h10-f11-g11-h11 WR:V5:i9-i10-i11-j11-k11 "
  "WR:W5:a7-a8-b8-b9-c9";

static void
test_blocked (void)
{
  for (int to_move = 1; to_move <= 2; to_move++)
    {
      RtRefGame *game = setup (to_move, blocked_position);
      g_assert_true (rt_ref_locked (game, "b2"));
      assert_hand (game, 1, "");
      assert_hand (game, 2, "I2 I3 O4 T4 I5 T5 U5 V5 W5 X5");
      /* White: the X5 (4) plus Red's unlaid pieces (44 - 8); Red: the
       * rest of the board. */
      assert_score (game, 4 + 36, 40 + 8);
      assert_over (game, "0-1", "blocked");
      g_assert_cmpint (rt_ref_to_move (game), ==, to_move);
      g_assert_false (rt_ref_play (game, "I2:j6-j7"));
      rt_ref_free (game);
    }

  /* The unlaid-pieces bonus decides: with values making Red's laid pieces
   * worth nothing, White's bonus wins. */
  static const int values[13] = { 0, 9, 9, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
  RtRefGame *game = setup_sized (11, values, 2, blocked_position);
  /* White: X5 (1) + Red's unlaid I2 I3 O4 T4 I5 T5 U5 V5 W5 X5 (9+9+8). */
  assert_score (game, 1 + 26, 26 - 1);
  assert_over (game, "1-0", "blocked");
  rt_ref_free (game);

  /* White's whole set laid, all showing red, nothing else: neither seat can
   * lay; 0 + 44 against 44 + 0 is a draw. */
  GString *text = g_string_new ("");
  append_band (text, 'W', "RRRRRRRRRRRRR", 0);
  for (int to_move = 1; to_move <= 2; to_move++)
    {
      game = setup_sized (13, NULL, to_move, text->str);
      assert_score (game, 44, 44);
      assert_over (game, "1/2-1/2", "blocked");
      rt_ref_free (game);
    }
  g_string_free (text, TRUE);

  /* The same set showing white: Red can lay next to it, so not over. */
  text = g_string_new ("");
  append_band (text, 'W', "WWWWWWWWWWWWW", 0);
  game = setup_sized (13, NULL, 2, text->str);
  assert_ongoing (game);
  g_assert_false (is_legal (game, "pass"));
  rt_ref_free (game);
  /* ... and White to move must pass (empty hand, Red can lay). */
  game = setup_sized (13, NULL, 1, text->str);
  g_assert_cmpuint (rt_ref_perft (game, 1), ==, 1);
  g_assert_true (is_legal (game, "pass"));
  rt_ref_free (game);
  g_string_free (text, TRUE);
}

static void
test_all_placed (void)
{
  /* Both sets laid (13 x 13): each set in its own colour is 44-44. */
  GString *text = g_string_new ("");
  append_band (text, 'W', "WWWWWWWWWWWWW", 0);
  append_band (text, 'R', "RRRRRRRRRRRRR", 6);
  for (int to_move = 1; to_move <= 2; to_move++)
    {
      RtRefGame *game = setup_sized (13, NULL, to_move, text->str);
      assert_hand (game, 1, "");
      assert_hand (game, 2, "");
      assert_score (game, 44, 44);
      assert_over (game, "1/2-1/2", "all-placed");
      assert_cells (game, "b1 m4 a6 i6", "W");
      assert_cells (game, "b7 m10 a12 i12", "R");
      assert_cell (game, "a13", "");
      rt_ref_free (game);
    }
  g_string_free (text, TRUE);

  /* Red's I1 (1) shows white: 45-43, White wins; with the I1 worth 0 it is
   * 43-43, a draw. */
  text = g_string_new ("");
  append_band (text, 'W', "WWWWWWWWWWWWW", 0);
  append_band (text, 'R', "WRRRRRRRRRRRR", 6);
  RtRefGame *game = setup_sized (13, NULL, 2, text->str);
  assert_score (game, 45, 43);
  assert_over (game, "1-0", "all-placed");
  rt_ref_free (game);
  static const int values[13] = { 0, 2, 3, 3, 4, 3, 4, 4, 4, 4, 4, 4, 4 };
  game = setup_sized (13, values, 2, text->str);
  assert_score (game, 43, 43);
  assert_over (game, "1/2-1/2", "all-placed");
  rt_ref_free (game);
  g_string_free (text, TRUE);

  /* Red's X5 shows white too and White's O4 shows red: 44 + 1 + 4 - 3. */
  text = g_string_new ("");
  append_band (text, 'W', "WWWWWRWWWWWWW", 0);
  append_band (text, 'R', "WRRRRRRRRRRRW", 6);
  game = setup_sized (13, NULL, 1, text->str);
  assert_score (game, 46, 42);
  assert_over (game, "1-0", "all-placed");
  rt_ref_free (game);
  g_string_free (text, TRUE);

  /* The last placement of a game: White lays its last piece (I1), both
   * hands are then empty. */
  text = g_string_new ("");
  append_band (text, 'R', "RRRRRRRRRRRRR", 6);
  g_string_append (text, " WW:I2:k4-l4 WW:I3:m1-m2-m3 WW:V3:i4-i5-j5 WW:I4:f6-g6-h6-i6"
                         " WW:O4:d4-e4-d5-e5 WW:T4:f4-g4-h4-g5 WW:I5:a6-b6-c6-d6-e6"
                         " WW:T5:d1-e1-f1-e2-e3 WW:U5:a4-c4-a5-b5-c5 WW:V5:g1-g2-g3-h3-i3"
                         " WW:W5:j1-j2-k2-k3-l3 WW:X5:b1-a2-b2-c2-b3");
  game = setup_sized (13, NULL, 1, text->str);
  assert_hand (game, 1, "I1");
  assert_hand (game, 2, "");
  assert_ongoing (game);
  assert_score (game, 43, 44 + 1);
  /* The red set starts on row 7 (X5 on B7 A8 B8 C8 B9): A7 touches it. */
  play (game, "I1:a7");
  assert_cells (game, "a7 b7 a8 b8 c8 b9", "W");
  assert_score (game, 44 + 4, 44 - 4);
  assert_over (game, "1-0", "all-placed");
  g_assert_cmpint (rt_ref_to_move (game), ==, 2);
  rt_ref_free (game);
  g_string_free (text, TRUE);
}

/* ------------------------------------------------------------ values */

static void
test_custom_values (void)
{
  static const int values[13] = { 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  RtRefGame *game = rt_ref_new (11, values);
  assert_score (game, 22, 22);
  g_assert_cmpuint (rt_ref_perft (game, 1), ==, 3142);
  play (game, "I1:e5");
  assert_score (game, 10 + 22, 12);
  play (game, "I2:e6-e7");
  assert_score (game, 21, 1 + 10 + 12);
  rt_ref_free (game);

  static const int defaults[13] = { 1, 2, 3, 3, 4, 3, 4, 4, 4, 4, 4, 4, 4 };
  game = rt_ref_new (11, defaults);
  RtRefGame *plain = rt_ref_new (11, NULL);
  play (game, "T5:a1-b1-c1-b2-b3");
  play (plain, "T5:a1-b1-c1-b2-b3");
  int a[2], b[2];
  rt_ref_score (game, a);
  rt_ref_score (plain, b);
  g_assert_cmpint (a[0], ==, b[0]);
  g_assert_cmpint (a[1], ==, b[1]);
  assert_score (plain, 48, 40);
  rt_ref_free (game);
  rt_ref_free (plain);
}

/* ------------------------------------------------------------ tokens */

static void
test_tokens (void)
{
  RtRefGame *game = rt_ref_new (11, NULL);
  static const char *const bad[] = {
    "", " ", "pass", "I1", "I1:", ":a1", "I1:a0", "I1:a12", "I1:l1", "I1:a01",
    "I1:1a", "I1:aa", "I1:a1-", "I1:-a1", "I1:a1-b1", "I2:a1", "I2:a1-a1",
    "I2:a1-a3", "I2:a1-b2", "Z1:a1", "I6:a1", "V3:a1-b1-c1", "I3:a1-b1-b2",
    "X5:a1-b1-c1-d1-e1", "I1 :a1", "I1: a1", "I1:a1 x", "I1;a1", "I1:a1:b1",
    "I1:a1,b1", "I2:a1 - b1", "i1a1", "I1-a1", "V3:e5--f5-e6",
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_refused (game, bad[i]);
  g_assert_cmpint (rt_ref_to_move (game), ==, 1);
  g_assert_cmpuint (rt_ref_perft (game, 1), ==, 3142);
  assert_hand (game, 1, FULL_HAND);

  /* Accepted variants: case, order of the cells, surrounding white space. */
  static const char *const good[] = {
    " v3:F5-E5-e6 ", "V3:e6-e5-f5", "\tv3:E5-F5-E6\n", "V3:e5-f5-e6",
  };
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      RtRefGame *copy = rt_ref_copy (game);
      play (copy, good[i]);
      assert_cells (copy, "e5 f5 e6", "W");
      g_assert_cmpint (rt_ref_to_move (copy), ==, 2);
      assert_hand (copy, 1, "I1 I2 I3 I4 O4 T4 I5 T5 U5 V5 W5 X5");
      rt_ref_free (copy);
    }
  play (game, "i5:A11-a7-a9-A8-a10");
  assert_cells (game, "a7 a8 a9 a10 a11", "W");

  /* Illegal placements are refused without changing the game. */
  assert_refused (game, "I1:a9");          /* covered */
  assert_refused (game, "I2:a11-b11");      /* overlaps */
  assert_refused (game, "I1:c9");           /* no contact */
  assert_refused (game, "I1:b6");           /* corner only */
  assert_refused (game, "pass");
  play (game, "I5:b7-b8-b9-b10-b11");
  assert_cells (game, "a7 a8 a9 a10 a11 b7 b8 b9 b10 b11", "R");
  assert_refused (game, "I5:c7-c8-c9-c10-c11"); /* White's I5 is laid */
  play (game, "I4:c8-c9-c10-c11");
  assert_cells (game, "b7 b8 b9 b10 b11 c8 c9 c10 c11", "W");
  assert_cells (game, "a7 a8 a9 a10 a11", "R"); /* not touched */
  rt_ref_free (game);

  /* A finished game refuses everything. */
  game = setup (2, blocked_position);
  assert_refused (game, "pass");
  assert_refused (game, "I2:j6-j7");
  rt_ref_free (game);
}

static void
test_setup_errors (void)
{
  static const char *const bad[] = {
    "WW:Q5:a1",                 /* unknown piece */
    "WW:I3:a1-b1-b2",           /* wrong shape */
    "WW:I2:a1-c1",              /* not connected */
    "WW:I2:k1-l1",              /* off the board */
    "WW:I1:a12",
    "WW:I1:a1 RR:I2:a1-b1",     /* overlap */
    "WW:I1:a1 WR:I1:c3",        /* the same seat lays I1 twice */
    "XW:I1:a1", "WX:I1:a1", "W:I1:a1", "WWI1:a1", "WW:pass", "WW:", "WW",
    "WW:I1", "WW:I1:a1-", "WW:I2:a1", "WW:I2:a1-a1", "WW:I1:a1 junk",
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    if (rt_ref_new_from_text (11, NULL, 1, bad[i]) != NULL)
      g_error ("set-up \"%s\" accepted", bad[i]);
  g_assert_null (rt_ref_new_from_text (11, NULL, 0, ""));
  g_assert_null (rt_ref_new_from_text (11, NULL, 3, ""));
  g_assert_null (rt_ref_new_from_text (7, NULL, 1, ""));
  g_assert_null (rt_ref_new_from_text (14, NULL, 1, ""));
  g_assert_null (rt_ref_new_from_text (8, NULL, 1, "WW:I1:i1"));

  /* Both seats may lay the same shape; any white space between items. */
  RtRefGame *game = setup (1, "  WW:I1:a1 \n RR:I1:c3\tRW:I2:e5-f5  ");
  assert_cell (game, "a1", "W");
  assert_cell (game, "c3", "R");
  assert_cells (game, "e5 f5", "W");
  assert_hand (game, 1, "I2 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5");
  assert_hand (game, 2, "I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5");
  rt_ref_free (game);

  /* An empty set-up is the start, with either seat to move (the first
   * placement on an empty board is free). */
  for (int to_move = 1; to_move <= 2; to_move++)
    {
      game = setup (to_move, "");
      g_assert_cmpint (rt_ref_to_move (game), ==, to_move);
      g_assert_cmpuint (rt_ref_perft (game, 1), ==, 3142);
      assert_score (game, 44, 44);
      rt_ref_free (game);
    }
}

/* ------------------------------------------------------------ random */

/* The colour of every cell, as a string of '.', 'W', 'R'. */
static char *
snapshot (RtRefGame *game, int size)
{
  GString *out = g_string_new ("");
  for (int r = 1; r <= size; r++)
    for (int c = 0; c < size; c++)
      {
        char name[8];
        g_snprintf (name, sizeof name, "%c%d", 'a' + c, r);
        const char *colour = rt_ref_cell (game, name);
        g_assert_nonnull (colour);
        g_string_append_c (out, colour[0] == '\0' ? '.' : colour[0]);
      }
  return g_string_free (out, FALSE);
}

static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20260301);
  int endings[2] = { 0, 0 }; /* all-placed, blocked */
  int passes = 0;
  static const int sizes[] = { 8, 9, 10, 11, 12, 13 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int n = 0; n < 12; n++)
      {
        int size = sizes[s];
        RtRefGame *game = rt_ref_new (size, NULL);
        gboolean empty = TRUE;
        for (int ply = 0; ply < 100 && !rt_ref_is_over (game); ply++)
          {
            char **legal = legal_checked (game);
            guint count = g_strv_length (legal);
            g_assert_cmpuint (count, >, 0);
            g_assert_cmpuint (rt_ref_perft (game, 1), ==, count);
            const char *move = legal[g_rand_int_range (rand, 0, (gint32) count)];
            int mover = rt_ref_to_move (game);
            char mine = mover == 1 ? 'W' : 'R';
            char theirs = mover == 1 ? 'R' : 'W';
            char *before = snapshot (game, size);
            char *hand_before = rt_ref_hand (game, mover);
            play (game, move);
            char *after = snapshot (game, size);
            char *hand_after = rt_ref_hand (game, mover);
            g_assert_cmpint (rt_ref_to_move (game), ==, 3 - mover);
            int scores[2];
            rt_ref_score (game, scores);
            g_assert_cmpint (scores[0] + scores[1], ==, 88);
            if (strcmp (move, "pass") == 0)
              {
                passes++;
                g_assert_cmpstr (before, ==, after);
                g_assert_cmpstr (hand_before, ==, hand_after);
                g_assert_false (rt_ref_is_over (game));
              }
            else
              {
                /* The new cells show the mover's colour; other changes are
                 * opponent -> mover only, at least one unless the board was
                 * empty. */
                int laid = 0, flipped = 0;
                for (int i = 0; before[i] != '\0'; i++)
                  {
                    if (before[i] == after[i])
                      continue;
                    g_assert_cmpint (after[i], ==, mine);
                    if (before[i] == '.')
                      laid++;
                    else
                      {
                        g_assert_cmpint (before[i], ==, theirs);
                        flipped++;
                      }
                  }
                char code[3] = { move[0], move[1], '\0' };
                g_assert_cmpint (laid, ==, move[1] - '0');
                g_assert_true (empty || flipped > 0);
                g_assert_nonnull (strstr (hand_before, code));
                g_assert_null (strstr (hand_after, code));
                empty = FALSE;
              }
            g_free (before);
            g_free (after);
            g_free (hand_before);
            g_free (hand_after);
            g_strfreev (legal);
          }
        g_assert_true (rt_ref_is_over (game));
        const char *term = rt_ref_termination (game);
        char *hand1 = rt_ref_hand (game, 1);
        char *hand2 = rt_ref_hand (game, 2);
        gboolean all_placed = hand1[0] == '\0' && hand2[0] == '\0';
        g_assert_cmpstr (term, ==, all_placed ? "all-placed" : "blocked");
        endings[all_placed ? 0 : 1]++;
        int scores[2];
        rt_ref_score (game, scores);
        g_assert_cmpstr (rt_ref_result (game), ==,
                         scores[0] > 44 ? "1-0" : scores[1] > 44 ? "0-1" : "1/2-1/2");
        g_assert_cmpuint (n_legal (game), ==, 0);
        g_free (hand1);
        g_free (hand2);
        rt_ref_free (game);
      }
  g_test_message ("endings: %d all-placed, %d blocked; %d passes", endings[0], endings[1], passes);
  g_assert_cmpint (endings[0], >, 0);
  g_assert_cmpint (endings[1], >, 0);
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/retournement-reference/perft", test_perft);
  g_test_add_func ("/retournement-reference/start-position", test_start_position);
  g_test_add_func ("/retournement-reference/board-sizes", test_board_sizes);
  g_test_add_func ("/retournement-reference/worked-example", test_worked_example);
  g_test_add_func ("/retournement-reference/corner-contact", test_corner_contact);
  g_test_add_func ("/retournement-reference/must-touch-opponent", test_must_touch_opponent);
  g_test_add_func ("/retournement-reference/colour-not-placer", test_colour_not_placer);
  g_test_add_func ("/retournement-reference/locked", test_locked);
  g_test_add_func ("/retournement-reference/pass", test_pass);
  g_test_add_func ("/retournement-reference/blocked", test_blocked);
  g_test_add_func ("/retournement-reference/all-placed", test_all_placed);
  g_test_add_func ("/retournement-reference/custom-values", test_custom_values);
  g_test_add_func ("/retournement-reference/tokens", test_tokens);
  g_test_add_func ("/retournement-reference/setup-errors", test_setup_errors);
  g_test_add_func ("/retournement-reference/random-games", test_random_games);
  return g_test_run ();
}
