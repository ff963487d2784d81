/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-elo.c: Elo ratings against values worked out by hand. */
#include <math.h>

#include "tb-elo.h"

#define EPS 1e-4

/* E = 1 / (1 + 10^((Rb - Ra) / 400)). */
static void
test_expected (void)
{
  g_assert_cmpfloat_with_epsilon (tb_elo_expected (1500, 1500), 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (tb_elo_expected (1600, 1400), 0.759747, EPS);
  g_assert_cmpfloat_with_epsilon (tb_elo_expected (1400, 1600), 0.240253, EPS);
  g_assert_cmpfloat_with_epsilon (tb_elo_expected (1900, 1500), 0.909091, EPS);
}

/* Two newcomers: the winner gains 32 × 0.5 = 16.  Then the winner
 * (1516) draws a newcomer: E = 1 / (1 + 10^(-16/400)) = 0.523001, so
 * 1516 + 32 × (0.5 − 0.523001) = 1515.26397, and 1500.73603. */
static void
test_first_games (void)
{
  g_autoptr (TbEloTable) table = tb_elo_table_new ();
  const TbEloPlayer *alice, *bob, *carol;

  tb_elo_table_add_game (table, "Alice", "Bob", 1.0);
  alice = tb_elo_table_lookup (table, "alice");
  bob = tb_elo_table_lookup (table, "Bob");
  g_assert_cmpfloat_with_epsilon (alice->rating, 1516.0, EPS);
  g_assert_cmpfloat_with_epsilon (bob->rating, 1484.0, EPS);

  tb_elo_table_add_game (table, "Carol", "ALICE", 0.5);
  carol = tb_elo_table_lookup (table, "Carol");
  g_assert_cmpfloat_with_epsilon (alice->rating, 1515.26397, 1e-3);
  g_assert_cmpfloat_with_epsilon (carol->rating, 1500.73603, 1e-3);
  g_assert_cmpuint (alice->games, ==, 2);
  g_assert_cmpuint (alice->wins, ==, 1);
  g_assert_cmpuint (alice->draws, ==, 1);
  g_assert_cmpuint (bob->losses, ==, 1);
  g_assert_cmpstr (alice->name, ==, "Alice");
}

/* K is 32 for the first 30 games and 16 from the 31st. */
static void
test_k_after_thirty_games (void)
{
  g_autoptr (TbEloTable) table = tb_elo_table_new ();
  const TbEloPlayer *veteran, *newcomer;
  double before, expected;

  g_assert_cmpfloat (tb_elo_k_factor (0), ==, 32);
  g_assert_cmpfloat (tb_elo_k_factor (29), ==, 32);
  g_assert_cmpfloat (tb_elo_k_factor (30), ==, 16);
  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *name = g_strdup_printf ("Guest %u", i);

      tb_elo_table_add_game (table, "Veteran", name, 0.5);
    }
  veteran = tb_elo_table_lookup (table, "Veteran");
  g_assert_cmpuint (veteran->games, ==, 30);
  /* Every draw was against a 1500 newcomer from 1500: no change. */
  g_assert_cmpfloat_with_epsilon (veteran->rating, 1500.0, EPS);

  tb_elo_table_add_game (table, "Veteran", "Newcomer", 0.0);
  newcomer = tb_elo_table_lookup (table, "Newcomer");
  g_assert_cmpfloat_with_epsilon (veteran->rating, 1500.0 - 16 * 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (newcomer->rating, 1500.0 + 32 * 0.5, EPS);

  before = newcomer->rating;
  expected = tb_elo_expected (1516.0, 1492.0);
  g_assert_cmpfloat_with_epsilon (expected, 1 / (1 + pow (10, -24.0 / 400)), EPS);
  tb_elo_table_add_game (table, "Newcomer", "Veteran", 1.0);
  g_assert_cmpfloat_with_epsilon (newcomer->rating, before + 32 * (1 - expected), EPS);
  g_assert_cmpfloat_with_epsilon (veteran->rating, 1492.0 - 16 * (1 - expected), EPS);
}

/* The list: best first; nobody without a game; playing oneself counts
 * for nothing. */
static void
test_players_list (void)
{
  g_autoptr (TbEloTable) table = tb_elo_table_new ();
  g_autoptr (GPtrArray) players = NULL;

  tb_elo_table_add_game (table, "Bob", "Alice", 0.0);
  tb_elo_table_add_game (table, "Carol", "Bob", 0.5);
  tb_elo_table_add_game (table, "Dan", "dan", 1.0);
  players = tb_elo_table_players (table);
  g_assert_cmpuint (players->len, ==, 3);
  g_assert_cmpstr (((TbEloPlayer *) players->pdata[0])->name, ==, "Alice");
  g_assert_cmpstr (((TbEloPlayer *) players->pdata[2])->name, ==, "Bob");
  g_assert_null (tb_elo_table_lookup (table, "Eve"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/elo/expected", test_expected);
  g_test_add_func ("/elo/first-games", test_first_games);
  g_test_add_func ("/elo/k-after-thirty-games", test_k_after_thirty_games);
  g_test_add_func ("/elo/players-list", test_players_list);
  return g_test_run ();
}
