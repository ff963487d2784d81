/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-computer.c: playing against the computer in the window: seats
 * chosen in the New Game dialog, the computer's reply after its delay
 * while the board waits, undo back to one's own move, a hint shown on the
 * board, a game between two computer levels to its end, and closing the
 * window while it thinks.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-move-describe.h"
#include "tb-new-game-dialog.h"
#include "ui-test-util.h"

static TbGame *
start_against (Fixture *f, const char *ruleset, guint level1, guint level2)
{
  TbNewGameDialog *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  tb_new_game_dialog_select_ruleset (dialog, ruleset);
  tb_new_game_dialog_set_level (dialog, 1, level1);
  tb_new_game_dialog_set_level (dialog, 2, level2);
  iterate_for (100);
  save_screenshot (GTK_WIDGET (dialog), "new-game-dialog-computer");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate_for (50);
  return test_game (f->window);
}

static gboolean
ply_reached (gpointer data)
{
  gpointer *args = data;

  return tb_game_get_ply (args[0]) >= GPOINTER_TO_UINT (args[1]);
}

static void
wait_for_ply (TbGame *game, guint ply, guint timeout_ms)
{
  gpointer args[2] = { game, GUINT_TO_POINTER (ply) };

  iterate_until (ply_reached, args, timeout_ms);
}

static gboolean
hint_shown (gpointer data)
{
  return tb_board_view_get_hint_move (data) != TB_MOVE_NONE;
}

static void
test_play_against_the_computer (Fixture *f, gconstpointer data)
{
  GSettings *settings = tb_context_get_settings (f->context);
  TbBoardView *view = test_board_view (f->window);
  TbGame *game;
  gint64 played;

  g_settings_set_int (settings, "computer-delay", 400);
  game = start_against (f, "versus-61", 0, 1);
  g_assert_cmpuint (tb_game_get_computer_level (game, 1), ==, 0);
  g_assert_cmpuint (tb_game_get_computer_level (game, 2), ==, 1);
  /* The computer's name, since none was typed. */
  {
    g_autofree char *name = g_strdup_printf ("Tablier level %u", 1);

    g_assert_cmpstr (tb_game_get_player_name (game, 2), ==, name);
  }
  g_assert_true (tb_board_view_get_interactive (view));

  click_cell (f, "c1");
  played = g_get_monotonic_time ();
  click_cell (f, "c3");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  /* The computer thinks; the board waits. */
  g_assert_cmpuint (tb_session_get_thinking (test_session (f->window)), ==, 2);
  g_assert_false (tb_board_view_get_interactive (view));
  save_screenshot (GTK_WIDGET (f->window), "computer-thinking");
  wait_for_ply (game, 2, 10000);
  /* Not before the delay, so that one sees one's own move first. */
  g_assert_cmpint (g_get_monotonic_time () - played, >=, 400 * 1000);
  g_assert_cmpuint (tb_session_get_thinking (test_session (f->window)), ==, 0);
  g_assert_true (tb_board_view_get_interactive (view));

  /* Undo takes back the computer's move and one's own. */
  iterate_until (not_animating, view, 5000);
  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 1);
  g_assert_true (tb_board_view_get_interactive (view));
  /* Redo brings both back, and nothing more is thought of. */
  gtk_widget_activate_action (test_play_page (f->window), "play.redo", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_cmpuint (tb_session_get_thinking (test_session (f->window)), ==, 0);

  /* A hint: shown on the board, not played. */
  g_assert_true (gtk_widget_activate_action (test_play_page (f->window), "play.hint", NULL));
  iterate_until (hint_shown, view, 10000);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_true (tb_game_is_legal (game, tb_board_view_get_hint_move (view)));
  save_screenshot (GTK_WIDGET (f->window), "computer-hint");
  /* Playing takes the hint away. */
  {
    guint n;
    const TbMove *moves = tb_game_get_legal_moves (game, &n);

    tb_game_play (game, moves[0], NULL);
  }
  g_assert_cmpuint (tb_board_view_get_hint_move (view), ==, TB_MOVE_NONE);
}

/* Two computer levels play a whole RA game by themselves; the end is
 * announced as for people. */
static void
test_computer_against_computer (Fixture *f, gconstpointer data)
{
  GSettings *settings = tb_context_get_settings (f->context);
  TbGame *game;

  g_settings_set_int (settings, "computer-delay", 0);
  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  game = start_against (f, "retournement", 1, 2);
  /* No hint for a computer's turn. */
  while (!tb_game_is_over (game))
    iterate_for (20);
  g_assert_false (tb_board_view_get_interactive (test_board_view (f->window)));
  iterate_for (200);
  g_assert_nonnull (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  save_screenshot (GTK_WIDGET (f->window), "computer-against-computer");
}

/* Closing the window while the computer thinks at its strongest stops it
 * at once and crashes nothing. */
static void
test_close_while_thinking (Fixture *f, gconstpointer data)
{
  TbGame *game = start_against (f, "versus-91", 5, 0);
  gint64 closed;

  iterate_for (100);
  g_assert_cmpuint (tb_session_get_thinking (test_session (f->window)), ==, 1);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  closed = g_get_monotonic_time ();
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate_for (50);
  g_assert_cmpint (g_get_monotonic_time () - closed, <, 1000 * 1000);
  /* The fixture's own tear-down finds the window already gone. */
  f->window = TB_WINDOW (tb_window_new (GTK_APPLICATION (f->app), f->context));
  gtk_window_present (GTK_WINDOW (f->window));
  iterate_for (100);
}

static gboolean
game_is_over (gpointer data)
{
  return tb_game_is_over (data);
}

/* A draw offered to the computer: taken at the level start, with its
 * reason in the status line. */
static void
test_draw_offer_to_the_computer (Fixture *f, gconstpointer data)
{
  TbGame *game = start_against (f, "versus-61", 0, 3);
  g_autofree char *expected = g_strdup_printf (_("%s accepts the draw: the game is level."),
                                               tb_seat_label (game, 2));
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (test_play_page (f->window), "play.offer-draw", NULL));
  /* The computer answers from a worker thread: the window meanwhile goes
   * on, and says it is waiting. */
  g_assert_false (tb_game_is_over (game));
  g_assert_cmpstr (test_status_text (f->window), ==, _("The computer considers the draw…"));
  iterate_until (game_is_over, game, 10000);
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_DRAW_AGREED);
  g_assert_cmpstr (test_status_text (f->window), ==, expected);
  /* The end is announced as every end is. */
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  gtk_window_destroy (dialog);
}

/* Correspondence and casual games from the dialog: correspondence only
 * between two people; the record says both. */
static void
test_correspondence_and_casual (Fixture *f, gconstpointer data)
{
  TbNewGameDialog *dialog;
  g_autoptr (TbGame) game = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  tb_new_game_dialog_select_ruleset (dialog, "versus-91");
  tb_new_game_dialog_set_level (dialog, 1, 0);
  tb_new_game_dialog_set_level (dialog, 2, 2);
  tb_new_game_dialog_set_correspondence (dialog, TRUE);
  g_assert_false (tb_new_game_dialog_get_correspondence (dialog));
  tb_new_game_dialog_set_level (dialog, 2, 0);
  g_assert_true (tb_new_game_dialog_get_correspondence (dialog));
  tb_new_game_dialog_set_rated (dialog, FALSE);
  iterate_for (100);
  save_screenshot (GTK_WIDGET (dialog), "new-game-dialog-correspondence");
  game = tb_new_game_dialog_create_game (dialog);
  g_assert_cmpstr (tb_game_get_tag (game, TB_TAG_CORRESPONDENCE), ==, "yes");
  g_assert_cmpstr (tb_game_get_tag (game, TB_TAG_RATED), ==, "no");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  ADD ("/ui/computer/play-against-the-computer", test_play_against_the_computer);
  ADD ("/ui/computer/computer-against-computer", test_computer_against_computer);
  ADD ("/ui/computer/close-while-thinking", test_close_while_thinking);
  ADD ("/ui/computer/draw-offer-to-the-computer", test_draw_offer_to_the_computer);
  ADD ("/ui/computer/correspondence-and-casual", test_correspondence_and_casual);

  return ui_test_run ();
}
