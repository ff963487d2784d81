/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-versus-reference-selfcheck.c: checks the reference implementation of
 * Versus against the expectations written in the specification
 * (shared/rules/README.md reference counts, shared/rules/versus.md §7 and
 * §10, shared/NOTATION.md §2.1). */
#include "versus-reference.h"

#include <string.h>

/* ------------------------------------------------------------ helpers */

static VrGame *
game_after (const char *ruleset, const char *const *moves)
{
  VrGame *game = vr_game_new (ruleset);
  g_assert_nonnull (game);
  for (int i = 0; moves != NULL && moves[i] != NULL; i++)
    {
      if (!vr_game_play (game, moves[i]))
        g_error ("move %d (%s) rejected", i + 1, moves[i]);
    }
  return game;
}

static void
assert_cell (VrGame *game, const char *cell, const char *expected)
{
  char *contents = vr_game_cell_contents (game, cell);
  g_assert_nonnull (contents);
  if (strcmp (contents, expected) != 0)
    g_error ("cell %s holds \"%s\", expected \"%s\"", cell, contents, expected);
  g_free (contents);
}

static gboolean
is_legal (VrGame *game, const char *token)
{
  char **legal = vr_game_legal (game);
  gboolean found = g_strv_contains ((const char *const *) legal, token);
  g_strfreev (legal);
  return found;
}

/* All "cell=contents" of the board, for comparing two positions. */
static GHashTable *
snapshot (VrGame *game)
{
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (char file = 'a'; file <= 'k'; file++)
    for (int rank = 1; rank <= 11; rank++)
      {
        char *cell = g_strdup_printf ("%c%d", file, rank);
        char *contents = vr_game_cell_contents (game, cell);
        if (contents != NULL)
          g_hash_table_insert (table, cell, contents);
        else
          g_free (cell);
      }
  return table;
}

/* ------------------------------------------------------------ perft */

static void
test_perft_61 (void)
{
  VrGame *game = vr_game_new ("versus-61");
  g_assert_cmpuint (vr_game_perft (game, 1), ==, 20);
  g_assert_cmpuint (vr_game_perft (game, 2), ==, 374);
  g_assert_cmpuint (vr_game_perft (game, 3), ==, 9054);
  vr_game_free (game);
}

static void
test_perft_91 (void)
{
  VrGame *game = vr_game_new ("versus-91");
  g_assert_cmpuint (vr_game_perft (game, 1), ==, 24);
  g_assert_cmpuint (vr_game_perft (game, 2), ==, 547);
  g_assert_cmpuint (vr_game_perft (game, 3), ==, 16308);
  vr_game_free (game);
}

/* ------------------------------------------------------------ start */

static void
test_start_positions (void)
{
  g_assert_null (vr_game_new ("ra"));
  g_assert_null (vr_game_new ("versus"));
  g_assert_null (vr_game_new (NULL));

  /* NOTATION.md §2.1; "pawn k" of seat 2 has d = 5 - k. */
  VrGame *game = vr_game_new ("versus-61");
  assert_cell (game, "a1", "P1:1");
  assert_cell (game, "b1", "P4:1");
  assert_cell (game, "c1", "V1");
  assert_cell (game, "d1", "P3:1");
  assert_cell (game, "e1", "P2:1");
  assert_cell (game, "i9", "P4:2");
  assert_cell (game, "h9", "P1:2");
  assert_cell (game, "g9", "V2");
  assert_cell (game, "f9", "P2:2");
  assert_cell (game, "e9", "P3:2");
  assert_cell (game, "e5", "");
  assert_cell (game, "b5", "");
  g_assert_null (vr_game_cell_contents (game, "a9"));
  g_assert_null (vr_game_cell_contents (game, "j5"));
  g_assert_null (vr_game_cell_contents (game, "a0"));
  GHashTable *cells = snapshot (game);
  g_assert_cmpuint (g_hash_table_size (cells), ==, 61);
  g_hash_table_unref (cells);
  g_assert_cmpint (vr_game_to_move (game), ==, 1);
  g_assert_false (vr_game_is_over (game));
  g_assert_cmpstr (vr_game_result (game), ==, "*");
  g_assert_cmpstr (vr_game_termination (game), ==, "");
  int s1 = -1, s2 = -1;
  vr_game_score (game, &s1, &s2);
  g_assert_cmpint (s1, ==, 0);
  g_assert_cmpint (s2, ==, 0);
  vr_game_free (game);

  game = vr_game_new ("versus-91");
  assert_cell (game, "a1", "P1:1");
  assert_cell (game, "b1", "P4:1");
  assert_cell (game, "c1", "V1");
  assert_cell (game, "d1", "P5:1");
  assert_cell (game, "e1", "P3:1");
  assert_cell (game, "f1", "P2:1");
  assert_cell (game, "k11", "P4:2");
  assert_cell (game, "j11", "P1:2");
  assert_cell (game, "i11", "V2");
  assert_cell (game, "h11", "P0:2");
  assert_cell (game, "g11", "P2:2");
  assert_cell (game, "f11", "P3:2");
  cells = snapshot (game);
  g_assert_cmpuint (g_hash_table_size (cells), ==, 91);
  g_hash_table_unref (cells);
  vr_game_free (game);
}

/* The targets: a VERSUS may cross them but never stop on them. */
static void
test_targets (void)
{
  /* 61: b5 d5 f5 h5 (see test_axis_stop_rule). 91: a VERSUS walk along
   * rank 6 checks a6 c6 e6 g6 i6 k6. */
  VrGame *game = vr_game_new ("versus-91");
  /* c1 (-3,5) going NW along q = -3 reaches c6 = (-3,0), a target. */
  g_assert_false (vr_game_play (game, "c1-c6"));
  g_assert_true (vr_game_play (game, "c1-c5"));
  g_assert_true (vr_game_play (game, "i11-i10"));
  /* From c5 (-3,1): NE (+1,-1) reaches d6 (-2,0), not a target. */
  g_assert_true (vr_game_play (game, "c5-d6"));
  g_assert_true (vr_game_play (game, "i10-i11"));
  /* From d6 (-2,0) along rank 6: c6 and a6 are targets, b6 is not;
   * e6, g6, i6, k6 are targets, f6, h6, j6 are not. */
  g_assert_true (is_legal (game, "d6-b6"));
  g_assert_false (is_legal (game, "d6-c6"));
  g_assert_false (is_legal (game, "d6-a6"));
  g_assert_false (is_legal (game, "d6-e6"));
  g_assert_true (is_legal (game, "d6-f6"));
  g_assert_false (is_legal (game, "d6-g6"));
  g_assert_true (is_legal (game, "d6-h6"));
  g_assert_false (is_legal (game, "d6-i6"));
  g_assert_true (is_legal (game, "d6-j6"));
  g_assert_false (is_legal (game, "d6-k6"));
  vr_game_free (game);
}

/* ------------------------------------------------------------ §10 openings */

typedef struct
{
  const char *move;      /* P1's opening VERSUS move from c1 */
  const char *from;      /* the pulled pawn's cell before, or NULL: no attraction */
  const char *to;        /* its cell after */
  const char *contents;  /* its contents after (flipped to seat 1) */
} Opening;

static void
test_openings (void)
{
  /* versus.md §10, coordinates turned into cell names (R = 4). */
  static const Opening openings[] = {
    { "c1-e3", "e9", "e8", "P3:1" }, /* V->(0,2): B2 (0,-4)->(0,-3), worth 3 to P1 */
    { "c1-f4", "f9", "f8", "P2:1" }, /* V->(1,1): B3 (1,-4)->(1,-3) */
    { "c1-h6", "h9", "h8", "P1:1" }, /* V->(3,-1): B4 (3,-4)->(3,-3) */
    { "c1-i7", "i9", "i8", "P4:1" }, /* V->(4,-2): B1 (4,-4)->(4,-3) */
    { "c1-c3", "i9", "h8", "P4:1" }, /* V->(-2,2): B1 (4,-4)->(3,-3) */
    { "c1-c4", "h9", "g8", "P1:1" }, /* V->(-2,1): B4 (3,-4)->(2,-3) */
    { "c1-c6", "f9", "e8", "P2:1" }, /* V->(-2,-1): B3 (1,-4)->(0,-3) */
    { "c1-c7", "e9", "d8", "P3:1" }, /* V->(-2,-2): B2 (0,-4)->(-1,-3) */
    { "c1-d2", NULL, NULL, NULL },   /* V->(-1,3) */
    { "c1-g5", NULL, NULL, NULL },   /* V->(2,0) */
    { "c1-c2", NULL, NULL, NULL },   /* V->(-2,3) */
    { "c1-c5", NULL, NULL, NULL },   /* V->(-2,0) */
  };

  for (gsize i = 0; i < G_N_ELEMENTS (openings); i++)
    {
      const Opening *o = &openings[i];
      VrGame *game = vr_game_new ("versus-61");
      GHashTable *before = snapshot (game);
      g_assert_true (is_legal (game, o->move));
      g_assert_true (vr_game_play (game, o->move));
      GHashTable *after = snapshot (game);

      const char *dest = strchr (o->move, '-') + 1;
      assert_cell (game, "c1", "");
      assert_cell (game, dest, "V1");
      if (o->from != NULL)
        {
          assert_cell (game, o->from, "");
          assert_cell (game, o->to, o->contents);
        }

      /* Nothing else changed. */
      GHashTableIter iter;
      gpointer key, value;
      g_hash_table_iter_init (&iter, before);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          if (strcmp (key, "c1") == 0 || strcmp (key, dest) == 0
              || (o->from != NULL && (strcmp (key, o->from) == 0 || strcmp (key, o->to) == 0)))
            continue;
          if (strcmp (value, g_hash_table_lookup (after, key)) != 0)
            g_error ("%s: cell %s changed from \"%s\" to \"%s\"", o->move, (char *) key,
                     (char *) value, (char *) g_hash_table_lookup (after, key));
        }

      g_assert_cmpint (vr_game_to_move (game), ==, 2);
      g_assert_false (vr_game_is_over (game));
      g_hash_table_unref (before);
      g_hash_table_unref (after);
      vr_game_free (game);
    }

  /* Exactly those 12 VERSUS moves exist at the start (the others of the 20
   * are pawn steps). */
  VrGame *game = vr_game_new ("versus-61");
  char **legal = vr_game_legal (game);
  guint versus_moves = 0;
  for (int i = 0; legal[i] != NULL; i++)
    if (g_str_has_prefix (legal[i], "c1-"))
      versus_moves++;
  g_assert_cmpuint (versus_moves, ==, G_N_ELEMENTS (openings));
  g_assert_cmpuint (g_strv_length (legal), ==, 20);
  g_strfreev (legal);
  vr_game_free (game);
}

/* versus.md §10: moving W from (0,0) along r = 0, the VERSUS passes (-1,0)
 * (target, no stop) and may stop at (-2,0) or (-4,0), not at (-3,0). */
static void
test_axis_stop_rule (void)
{
  const char *const moves[] = {
    "c1-e3", /* P1 VERSUS to (0,2), pulls e9 to e8 */
    "i9-i8", /* P2 quiet pawn step */
    "e3-e5", /* P1 VERSUS to (0,0) */
    "h9-h8", /* P2 quiet pawn step */
    NULL,
  };
  VrGame *game = game_after ("versus-61", moves);
  assert_cell (game, "e5", "V1");
  assert_cell (game, "e8", "P3:1");
  g_assert_cmpint (vr_game_to_move (game), ==, 1);

  /* West: d5 (-1,0) target, c5 (-2,0), b5 (-3,0) target, a5 (-4,0). */
  g_assert_false (is_legal (game, "e5-d5"));
  g_assert_true (is_legal (game, "e5-c5"));
  g_assert_false (is_legal (game, "e5-b5"));
  g_assert_true (is_legal (game, "e5-a5"));
  /* East, the same by symmetry. */
  g_assert_false (is_legal (game, "e5-f5"));
  g_assert_true (is_legal (game, "e5-g5"));
  g_assert_false (is_legal (game, "e5-h5"));
  g_assert_true (is_legal (game, "e5-i5"));
  g_assert_false (vr_game_play (game, "e5-b5"));
  g_assert_true (vr_game_play (game, "e5-a5"));
  assert_cell (game, "a5", "V1");
  vr_game_free (game);
}

/* An occupied target blocks a VERSUS and its line of sight, and its pawn is
 * frozen. */
static void
test_frozen_pawn_blocks (void)
{
  const char *const moves[] = {
    "a1-a2", "i9-i8",
    "a2-a3", "i8-i7",
    "a3-a4", "i7-i6",
    "a4-b5", /* P1's pawn 1 steps onto the target b5 (-3,0) */
    NULL,
  };
  VrGame *game = game_after ("versus-61", moves);
  assert_cell (game, "b5", "P1:1");
  int s1, s2;
  vr_game_score (game, &s1, &s2);
  g_assert_cmpint (s1, ==, 1);
  g_assert_cmpint (s2, ==, 0);
  g_assert_true (vr_game_play (game, "e9-e8"));
  /* Frozen: no step away from b5. */
  char **legal = vr_game_legal (game);
  for (int i = 0; legal[i] != NULL; i++)
    g_assert_false (g_str_has_prefix (legal[i], "b5-"));
  g_strfreev (legal);
  vr_game_free (game);

  /* A VERSUS neither passes nor attracts a pawn on a target. */
  const char *const moves2[] = {
    "c1-c5", /* P1 VERSUS to (-2,0), next to the target d5 */
    "e9-e8", "a1-a2", "e8-e7", "a2-a1", "e7-e6", "a1-a2",
    "e6-d5", /* P2's pawn 2 (d = 3) steps onto the target d5 (-1,0) */
    NULL,
  };
  game = game_after ("versus-61", moves2);
  assert_cell (game, "d5", "P3:2");
  vr_game_score (game, &s1, &s2);
  g_assert_cmpint (s1, ==, 0);
  g_assert_cmpint (s2, ==, 2);
  g_assert_false (is_legal (game, "c5-e5"));
  g_assert_false (is_legal (game, "c5-g5"));
  g_assert_true (is_legal (game, "c5-a5"));
  /* From a5 the pawn on d5 is the first piece along E, at distance 3. */
  g_assert_true (vr_game_play (game, "c5-a5"));
  assert_cell (game, "d5", "P3:2");
  assert_cell (game, "c5", "");
  vr_game_free (game);
}

/* ------------------------------------------------------------ §7 streak */

/* The §7 example on the 61 board with pawn A3 (seat 1's pawn worth 3, d = 3,
 * dominant seat 1) starting on d1. */
static void
test_streak_example (void)
{
  VrGame *game = vr_game_new ("versus-61");
  assert_cell (game, "d1", "P3:1");

  /* A preliminary quiet move so that seat 2 moves first in the example. */
  g_assert_true (vr_game_play (game, "a1-b2"));

  /* 1. P2 attracts P: VERSUS g9 (2,-4) -> g4 (2,1); along SW it sees d1
   *    (-1,4) at distance 3 and pulls it to e2 (0,3). */
  g_assert_true (vr_game_play (game, "g9-g4"));
  assert_cell (game, "d1", "");
  assert_cell (game, "e2", "P3:2");
  g_assert_cmpint (vr_game_streak (game, "e2", 2), ==, 1);

  /* 2. P1 re-attracts: VERSUS c1 (-2,4) -> c2 (-2,3), sees e2 along E at
   *    distance 2, pulls it to d2 (-1,3). */
  g_assert_true (vr_game_play (game, "c1-c2"));
  assert_cell (game, "e2", "");
  assert_cell (game, "d2", "P3:1");
  g_assert_cmpint (vr_game_streak (game, "d2", 1), ==, 1);
  g_assert_cmpint (vr_game_streak (game, "d2", 2), ==, 1);

  /* 3. P2 attracts P again: VERSUS g4 -> f4 (1,1), sees d2 along SW at
   *    distance 2, pulls it to e3 (0,2). P2's streak is now 2. */
  g_assert_true (vr_game_play (game, "g4-f4"));
  assert_cell (game, "d2", "");
  assert_cell (game, "e3", "P3:2");
  g_assert_cmpint (vr_game_streak (game, "e3", 2), ==, 2);

  /* 4. P1 re-attracts: VERSUS c2 -> c3 (-2,2), sees e3 along E at
   *    distance 2, pulls it to d3 (-1,2). */
  g_assert_true (vr_game_play (game, "c2-c3"));
  assert_cell (game, "e3", "");
  assert_cell (game, "d3", "P3:1");
  g_assert_cmpint (vr_game_streak (game, "d3", 1), ==, 2);
  g_assert_cmpint (vr_game_streak (game, "d3", 2), ==, 2);

  /* 5. P2 moves his VERSUS f4 -> f3 (1,2): along W, e3 is empty and d3
   *    holds P at distance 2, so it would be attracted; the move is legal
   *    but P is not attracted, and P2's streak resets to 0. */
  g_assert_true (vr_game_play (game, "f4-f3"));
  assert_cell (game, "f3", "V2");
  assert_cell (game, "e3", "");
  assert_cell (game, "d3", "P3:1");
  g_assert_cmpint (vr_game_streak (game, "d3", 2), ==, 0);
  g_assert_cmpint (vr_game_streak (game, "d3", 1), ==, 2);

  /* 6. P1 plays elsewhere (his pawn 1 from b2 to c2). */
  g_assert_true (vr_game_play (game, "b2-c2"));
  g_assert_cmpint (vr_game_streak (game, "d3", 1), ==, 0);

  /* 7. P2 may attract P again: VERSUS f3 -> g3 (2,2), sees d3 along W at
   *    distance 3, pulls it to e3. */
  g_assert_true (vr_game_play (game, "f3-g3"));
  assert_cell (game, "d3", "");
  assert_cell (game, "e3", "P3:2");
  g_assert_cmpint (vr_game_streak (game, "e3", 2), ==, 1);
  g_assert_false (vr_game_is_over (game));
  vr_game_free (game);
}

/* Seat 1 is dominant on pawn B2 (d = 3): a third consecutive attraction of
 * his is not limited. */
static void
test_streak_dominant_unlimited (void)
{
  VrGame *game = vr_game_new ("versus-61");

  /* P1: VERSUS c1 -> e3 pulls B2 from e9 to e8. */
  g_assert_true (vr_game_play (game, "c1-e3"));
  assert_cell (game, "e8", "P3:1");
  g_assert_cmpint (vr_game_streak (game, "e8", 1), ==, 1);

  /* P2: VERSUS g9 -> g8 (2,-3) pulls it along W from e8 to f8. */
  g_assert_true (vr_game_play (game, "g9-g8"));
  assert_cell (game, "e8", "");
  assert_cell (game, "f8", "P3:2");
  g_assert_cmpint (vr_game_streak (game, "f8", 2), ==, 1);

  /* P1: VERSUS e3 -> a3 (-4,2) pulls it along NE from f8 to e7. */
  g_assert_true (vr_game_play (game, "e3-a3"));
  assert_cell (game, "f8", "");
  assert_cell (game, "e7", "P3:1");
  g_assert_cmpint (vr_game_streak (game, "e7", 1), ==, 2);

  /* P2: VERSUS g8 -> g9 pulls it along SW from e7 to f8 (P2's second). */
  g_assert_true (vr_game_play (game, "g8-g9"));
  assert_cell (game, "e7", "");
  assert_cell (game, "f8", "P3:2");
  g_assert_cmpint (vr_game_streak (game, "f8", 2), ==, 2);

  /* P1: VERSUS a3 -> f3 (1,2) sees f8 along NW (crossing the empty target
   * f5) and pulls it to f7: his third consecutive attraction. */
  g_assert_true (vr_game_play (game, "a3-f3"));
  assert_cell (game, "f8", "");
  assert_cell (game, "f7", "P3:1");
  g_assert_cmpint (vr_game_streak (game, "f7", 1), ==, 2);
  /* P2's counter changes only on P2's own turns. */
  g_assert_cmpint (vr_game_streak (game, "f7", 2), ==, 2);
  vr_game_free (game);
}

/* ------------------------------------------------------------ repetition */

static void
test_repetition (void)
{
  static const char *const cycle[] = { "a1-a2", "i9-i8", "a2-a1", "i8-i9" };
  VrGame *game = vr_game_new ("versus-61");
  for (int i = 0; i < 7; i++)
    {
      g_assert_true (vr_game_play (game, cycle[i % 4]));
      g_assert_false (vr_game_is_over (game));
    }
  /* The start position for the third time. */
  g_assert_true (vr_game_play (game, cycle[3]));
  g_assert_true (vr_game_is_over (game));
  g_assert_cmpstr (vr_game_termination (game), ==, "repetition");
  g_assert_cmpstr (vr_game_result (game), ==, "1/2-1/2");
  g_assert_cmpint (vr_game_to_move (game), ==, 1);
  char **legal = vr_game_legal (game);
  g_assert_cmpuint (g_strv_length (legal), ==, 0);
  g_strfreev (legal);
  g_assert_false (vr_game_play (game, "a1-a2"));
  g_assert_cmpuint (vr_game_perft (game, 1), ==, 0);
  g_assert_cmpuint (vr_game_perft (game, 0), ==, 1);
  vr_game_free (game);

  /* A different route back to the same position counts too. */
  static const char *const route[] = {
    "a1-a2", "i9-i8", "a2-a1", "i8-i9", /* start, 2nd time */
    "b1-b2", "i9-i8", "b2-b1", "i8-i9", /* start, 3rd time */
  };
  game = vr_game_new ("versus-61");
  for (gsize i = 0; i < G_N_ELEMENTS (route); i++)
    {
      g_assert_false (vr_game_is_over (game));
      g_assert_true (vr_game_play (game, route[i]));
    }
  g_assert_cmpstr (vr_game_termination (game), ==, "repetition");
  vr_game_free (game);
}

/* ------------------------------------------------------------ tokens */

static void
test_tokens (void)
{
  VrGame *game = vr_game_new ("versus-61");
  g_assert_false (vr_game_play (game, ""));
  g_assert_false (vr_game_play (game, "c1"));
  g_assert_false (vr_game_play (game, "c1-"));
  g_assert_false (vr_game_play (game, "c1-c1"));
  g_assert_false (vr_game_play (game, "c1-e3-e4"));
  g_assert_false (vr_game_play (game, "z1-a1"));
  g_assert_false (vr_game_play (game, "a1-a3"));  /* a pawn steps one cell */
  g_assert_false (vr_game_play (game, "i9-i8"));  /* not seat 2's turn */
  g_assert_false (vr_game_play (game, "c1-d5"));  /* not a line; d5 a target anyway */
  g_assert_false (vr_game_play (game, "c01-e3"));
  g_assert_cmpint (vr_game_to_move (game), ==, 1);
  g_assert_true (vr_game_play (game, " C1-E3 "));
  assert_cell (game, "e3", "V1");

  char **legal = vr_game_legal (game);
  for (int i = 0; legal[i] != NULL && legal[i + 1] != NULL; i++)
    g_assert_cmpint (strcmp (legal[i], legal[i + 1]), <, 0);
  g_strfreev (legal);
  vr_game_free (game);
}

/* ------------------------------------------------------------ random games */

static void
check_random_games (const char *ruleset, int n_games, const char *const *targets)
{
  GRand *rand = g_rand_new_with_seed (20080101);
  for (int n = 0; n < n_games; n++)
    {
      VrGame *game = vr_game_new (ruleset);
      int plies = 0;
      while (!vr_game_is_over (game) && plies < 1200)
        {
          char **legal = vr_game_legal (game);
          guint count = g_strv_length (legal);
          g_assert_cmpuint (count, >, 0);
          g_assert_cmpuint (vr_game_perft (game, 1), ==, count);
          guint pick = g_rand_int_range (rand, 0, count);
          VrGame *copy = vr_game_copy (game);
          g_assert_true (vr_game_play (game, legal[pick]));
          g_assert_cmpint (vr_game_to_move (game), ==, 3 - vr_game_to_move (copy));
          vr_game_free (copy);
          g_strfreev (legal);
          plies++;
        }
      if (!vr_game_is_over (game))
        {
          vr_game_free (game);
          continue;
        }
      int s1, s2;
      vr_game_score (game, &s1, &s2);
      const char *expected = s1 > s2 ? "1-0" : s2 > s1 ? "0-1" : "1/2-1/2";
      g_assert_cmpstr (vr_game_result (game), ==, expected);
      const char *term = vr_game_termination (game);
      if (strcmp (term, "targets-filled") == 0)
        {
          for (int i = 0; targets[i] != NULL; i++)
            {
              char *c = vr_game_cell_contents (game, targets[i]);
              g_assert_true (c[0] == 'P');
              g_free (c);
            }
        }
      else if (strcmp (term, "unreachable-lead") == 0)
        g_assert_cmpint (s1, !=, s2);
      else
        g_assert_true (strcmp (term, "no-moves") == 0 || strcmp (term, "repetition") == 0);
      vr_game_free (game);
    }
  g_rand_free (rand);
}

static void
test_random_games_61 (void)
{
  static const char *const targets[] = { "b5", "d5", "f5", "h5", NULL };
  check_random_games ("versus-61", 40, targets);
}

static void
test_random_games_91 (void)
{
  static const char *const targets[] = { "a6", "c6", "e6", "g6", "i6", "k6", NULL };
  check_random_games ("versus-91", 6, targets);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/versus-reference/perft-61", test_perft_61);
  g_test_add_func ("/versus-reference/perft-91", test_perft_91);
  g_test_add_func ("/versus-reference/start-positions", test_start_positions);
  g_test_add_func ("/versus-reference/targets", test_targets);
  g_test_add_func ("/versus-reference/openings", test_openings);
  g_test_add_func ("/versus-reference/axis-stop-rule", test_axis_stop_rule);
  g_test_add_func ("/versus-reference/frozen-pawn-blocks", test_frozen_pawn_blocks);
  g_test_add_func ("/versus-reference/streak-example", test_streak_example);
  g_test_add_func ("/versus-reference/streak-dominant-unlimited", test_streak_dominant_unlimited);
  g_test_add_func ("/versus-reference/repetition", test_repetition);
  g_test_add_func ("/versus-reference/tokens", test_tokens);
  g_test_add_func ("/versus-reference/random-games-61", test_random_games_61);
  g_test_add_func ("/versus-reference/random-games-91", test_random_games_91);
  return g_test_run ();
}
