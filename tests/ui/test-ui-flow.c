/* test-ui-flow.c: the way through the application: the start screen's
 * cards, a new game from one, moves by mouse and by keyboard, undo and
 * redo, looking back in the move list, confirming moves, a draw offered,
 * resigning and going back to the start screen; in light and dark, at
 * 360 x 640 and 1400 x 900.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-game-picker.h"
#include "tb-move-describe.h"
#include "tb-new-game-dialog.h"
#include "ui-test-util.h"

static TbGamePicker *
picker (Fixture *f)
{
  return TB_GAME_PICKER (find_descendant (GTK_WIDGET (f->window), TB_TYPE_GAME_PICKER));
}

static const char *
visible_page (Fixture *f)
{
  GtkStack *stack = GTK_STACK (find_descendant (GTK_WIDGET (f->window), GTK_TYPE_STACK));

  return gtk_stack_get_visible_child_name (stack);
}

/* Presses the card's Play button, as a click does. */
static void
press_play (Fixture *f, const char *ruleset)
{
  GtkWidget *card = tb_game_picker_get_card (picker (f), ruleset);
  GtkWidget *button;

  g_assert_nonnull (card);
  button = find_descendant (card, GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  iterate_for (100);
}

/* The start screen in every light and size: a card per game with a live
 * board, its credits and its length. */
static void
test_picker_shows_every_game (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *name = g_strdup_printf ("picker-%dx%d-%s", setup->width, setup->height,
                                           setup->dark ? "dark" : "light");
  guint n;
  const TbRules *const *rules = tb_rules_list (&n);

  g_assert_cmpstr (visible_page (f), ==, "picker");
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (tb_game_picker_get_card (picker (f), rules[i]->id));
  /* The game's actions and keys do nothing without a game. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  g_assert_null (tb_window_get_game (f->window));
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  iterate_for (100);
  save_screenshot (GTK_WIDGET (f->window), name);
}

/* Play on a card opens the New Game dialog with that game chosen; Start
 * shows the board; the back button returns to the cards, where the game
 * can be taken up again. */
static void
test_play_from_a_card_and_come_back (Fixture *f, gconstpointer data)
{
  TbNewGameDialog *dialog;
  TbGame *game;

  press_play (f, "oraia");
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate_for (100);
  g_assert_cmpstr (visible_page (f), ==, "play");
  game = tb_window_get_game (f->window);
  g_assert_cmpstr (tb_game_get_rules (game)->id, ==, "oraia");
  g_assert_true (tb_game_play_text (game, "P0-O0", NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-games", NULL));
  iterate_for (100);
  g_assert_cmpstr (visible_page (f), ==, "picker");
  save_screenshot (GTK_WIDGET (f->window), "picker-resume");
  g_signal_emit_by_name (picker (f), "resume");
  iterate_for (100);
  g_assert_cmpstr (visible_page (f), ==, "play");
  g_assert_true (tb_window_get_game (f->window) == game);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
}

static gboolean
dialog_gone (gpointer data)
{
  GtkWidget **dialog = data;

  return *dialog == NULL || !gtk_widget_get_visible (*dialog);
}

/* Answers the message dialog open now, and waits until it is gone (the
 * end of a game may open another). */
static void
response (const char *response_id)
{
  GtkWidget *dialog = GTK_WIDGET (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  /* As a button does: the response, then the dialog closes. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), response_id);
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (dialog_gone, &dialog, 5000);
  if (dialog)
    g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
}

/* A draw offered and declined, then accepted; a resignation; their
 * words in the header. */
static void
test_draw_offers_and_resigning (Fixture *f, gconstpointer data)
{
  TbGame *game = tb_window_get_game (f->window);
  g_autofree char *resigned = NULL;

  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.offer-draw", NULL));
  iterate_for (100);
  save_screenshot (GTK_WIDGET (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "draw-offer");
  response ("decline");
  g_assert_false (tb_game_is_over (game));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.offer-draw", NULL);
  iterate_for (50);
  response ("accept");
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_DRAW);
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_DRAW_AGREED);
  response ("close");   /* the end is announced */

  /* A new game, and Light resigns on its first move. */
  {
    g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
    g_autoptr (TbGame) fresh = tb_game_new (v, 1);

    tb_window_set_game (f->window, fresh);
  }
  game = tb_window_get_game (f->window);
  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL));
  iterate_for (50);
  save_screenshot (GTK_WIDGET (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "resign");
  response ("cancel");
  g_assert_false (tb_game_is_over (game));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  iterate_for (50);
  response ("resign");
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_SEAT1_WINS);
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_RESIGNED);
  resigned = tb_describe_state (game);
  g_assert_nonnull (strstr (resigned, tb_seat_label (game, 2)));
  /* Nothing more to resign or offer once it is over. */
  response ("close");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  iterate_for (50);
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  ADD_SETUP ("/ui/flow/picker/light", picker_light, test_picker_shows_every_game);
  ADD_SETUP ("/ui/flow/picker/dark", picker_dark, test_picker_shows_every_game);
  ADD_SETUP ("/ui/flow/picker/narrow", picker_narrow, test_picker_shows_every_game);
  ADD_SETUP ("/ui/flow/picker/large-dark", picker_large_dark, test_picker_shows_every_game);
  ADD_SETUP ("/ui/flow/play-from-a-card-and-come-back", picker_light,
             test_play_from_a_card_and_come_back);
  ADD ("/ui/flow/draw-offers-and-resigning", test_draw_offers_and_resigning);

  return ui_test_run ();
}
