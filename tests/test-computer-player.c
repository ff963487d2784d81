/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-computer-player.c: the computer plays its seats of a game: it
 * replies at the end of the line only, not before its delay, stops
 * thinking at any change of position, and starts a game it opens.
 */
#include "config.h"

#include "tb-computer-player.h"
#include "tb-test-util.h"

static TbGame *
new_game (const char *ruleset, guint level1, guint level2)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (ruleset));
  TbGame *game = tb_game_new (v, 1);

  tb_game_set_computer_level (game, 1, level1);
  tb_game_set_computer_level (game, 2, level2);
  return game;
}

static void
iterate_until_ply (TbGame *game, guint ply, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + timeout_ms * 1000;

  while (tb_game_get_ply (game) < ply)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (500);
    }
}

static void
iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
}

/* The seat levels live in the record's tags. */
static void
test_levels_are_tags (void)
{
  g_autoptr (TbGame) game = new_game ("ra", 0, 4);

  g_assert_cmpstr (tb_game_get_tag (game, "Player1Type"), ==, "human");
  g_assert_cmpstr (tb_game_get_tag (game, "Player2Type"), ==, "program");
  g_assert_cmpstr (tb_game_get_tag (game, "Player2Level"), ==, "4");
  g_assert_cmpuint (tb_game_get_computer_level (game, 2), ==, 4);
  tb_game_set_tag (game, "Player2Level", "9");
  g_assert_cmpuint (tb_game_get_computer_level (game, 2), ==, 3);
  tb_game_set_computer_level (game, 2, 0);
  g_assert_cmpuint (tb_game_get_computer_level (game, 2), ==, 0);
  g_assert_null (tb_game_get_tag (game, "Player2Level"));
}

static void
test_replies_after_its_delay (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 1);
  g_autoptr (TbComputerPlayer) computer = tb_computer_player_new (game);
  gint64 played;

  tb_computer_player_set_delay (computer, 300);
  tb_computer_player_set_seed (computer, 3);
  iterate_for (50);
  /* A person's turn: nothing to think about. */
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 0);
  /* Timed from before the move: the computer starts on it, inside the
   * call (which Valgrind makes long). */
  played = g_get_monotonic_time ();
  g_assert_true (tb_game_play_text (game, "c1-c3", NULL));
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 2);
  iterate_until_ply (game, 2, 10000);
  g_assert_cmpint (g_get_monotonic_time () - played, >=, 300 * 1000);
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 0);
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 1);
}

/* A change of position while it thinks: the reply never comes; looking
 * back in the game makes it wait. */
static void
test_stops_at_any_change (void)
{
  g_autoptr (TbGame) game = new_game ("versus-91", 0, 5);
  g_autoptr (TbComputerPlayer) computer = tb_computer_player_new (game);

  g_assert_true (tb_game_play_text (game, "c1-c3", NULL));
  iterate_for (100);
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 2);
  tb_game_undo (game);
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 0);
  iterate_for (300);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  /* Redo: the end of the line again, the computer to move. */
  tb_game_redo (game);
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 2);
  tb_game_go_to_ply (game, 0);
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 0);
  iterate_for (300);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 1);
}

/* Two computers play a game to its end by themselves, the first move
 * included. */
static void
test_plays_a_whole_game (void)
{
  g_autoptr (TbGame) game = new_game ("oraia", 1, 2);
  g_autoptr (TbComputerPlayer) computer = tb_computer_player_new (game);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  tb_computer_player_set_seed (computer, 11);
  while (!tb_game_is_over (game))
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  g_assert_cmpuint (tb_game_get_ply (game), >, 4);
  iterate_for (50);
  g_assert_cmpuint (tb_computer_player_get_thinking (computer), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/computer-player/levels-are-tags", test_levels_are_tags);
  g_test_add_func ("/computer-player/replies-after-its-delay", test_replies_after_its_delay);
  g_test_add_func ("/computer-player/stops-at-any-change", test_stops_at_any_change);
  g_test_add_func ("/computer-player/plays-a-whole-game", test_plays_a_whole_game);

  return g_test_run ();
}
