/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-review.c: second looks in the play view, under a display:
 * confirming moves (the move is shown, played only on Confirm or Enter,
 * chosen again with a click elsewhere or Escape) and looking back at an
 * earlier position from the move list (the board read-only under a
 * banner, back to the game with its button or Escape); typing a move as
 * its token, with the legal ones offered.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-board-view.h"
#include "tb-move-entry.h"
#include "tb-new-game-dialog.h"
#include "ui-test-util.h"

static TbMove
parse (TbGame *game, const char *token)
{
  TbMove move = TB_MOVE_NONE;
  g_autoptr (GError) error = NULL;

  g_assert_true (tb_game_parse_move (game, token, &move, &error));
  g_assert_no_error (error);
  return move;
}

/* The revealer around the widget with css_class: whether it shows it. */
static gboolean
bar_revealed (Fixture *f, const char *css_class, const char *label_part)
{
  GtkWidget *bar = find_with_class (GTK_WIDGET (f->window), css_class);
  GtkWidget *revealer = bar ? gtk_widget_get_ancestor (bar, GTK_TYPE_REVEALER) : NULL;

  g_assert_nonnull (revealer);
  if (label_part)
    {
      GtkWidget *label = find_descendant (bar, GTK_TYPE_LABEL);
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), label_part));
    }
  return gtk_revealer_get_reveal_child (GTK_REVEALER (revealer));
}

/* A key the play page's shortcuts take, as when no focused widget did. */
static void
page_key_with (Fixture *f, guint keyval, GdkModifierType modifiers, const char *expected_action)
{
  const char *action = NULL;

  g_assert_true (activate_key_binding (test_play_page (f->window), keyval, modifiers, &action));
  g_assert_cmpstr (action, ==, expected_action);
}

static void
page_key (Fixture *f, guint keyval, const char *expected_action)
{
  page_key_with (f, keyval, 0, expected_action);
}

static gboolean
game_has_moved (gpointer game)
{
  return tb_game_get_ply (game) > 0;
}

static gboolean
board_key_taken (Fixture *f, guint keyval)
{
  GObject *keys = find_controller (GTK_WIDGET (test_board_view (f->window)),
                                   GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled = FALSE;

  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, 0, &handled);
  return handled;
}

static void
test_confirm_moves (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = test_game (f->window);
  g_autofree char *shot = shot_name (setup, "confirm");

  g_settings_set_boolean (tb_context_get_settings (f->context), "confirm-moves", TRUE);
  g_assert_false (bar_revealed (f, "confirm-bar", NULL));

  /* The move is shown, not played: the game is still at its start. */
  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_true (tb_board_view_get_proposal (view) == parse (game, "c1-c3"));
  g_assert_true (bar_revealed (f, "confirm-bar", "c1-c3"));
  g_assert_nonnull (strstr (test_status_text (f->window), "c1-c3"));
  iterate_until (not_animating, view, 3000);
  save_screenshot (GTK_WIDGET (f->window), shot);

  /* A click elsewhere chooses again: nothing played, the bar goes. */
  click_cell (f, "a1");
  g_assert_true (tb_board_view_get_proposal (view) == TB_MOVE_NONE);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_false (bar_revealed (f, "confirm-bar", NULL));
  /* That click took the other piece at once. */
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==,
                   tb_board_desc_find_cell (&tb_game_get_variant (game)->board, "a1"));

  /* Escape takes a proposal back too. */
  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_true (board_key_taken (f, GDK_KEY_Escape));
  g_assert_true (tb_board_view_get_proposal (view) == TB_MOVE_NONE);

  /* Enter confirms: the board leaves it to the window, whose default
   * widget (what Enter activates) is then the Confirm button. */
  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_false (board_key_taken (f, GDK_KEY_Return));
  iterate_until (not_animating, view, 3000);
  g_assert_true (gtk_widget_has_css_class (gtk_window_get_default_widget (GTK_WINDOW (f->window)),
                                           "confirm-button"));
  g_signal_emit_by_name (f->window, "activate-default");
  /* A button activated by a key shows itself pressed a moment first. */
  iterate_until (game_has_moved, game, 2000);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  {
    g_autofree char *token = tb_game_get_move_text (game, 1);

    g_assert_cmpstr (token, ==, "c1-c3");
  }
  g_assert_true (tb_board_view_get_proposal (view) == TB_MOVE_NONE);
  g_assert_false (bar_revealed (f, "confirm-bar", NULL));
  /* Shown already: the move is not animated a second time. */
  g_assert_false (tb_board_view_is_animating (view));

  /* The Confirm button plays the other player's move. */
  click_cell (f, "g9");
  click_cell (f, "g7");
  g_assert_true (bar_revealed (f, "confirm-bar", "g9-g7"));
  gtk_widget_activate_action (test_bars (f->window), "bars.confirm-move", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);

  /* With the setting off, a click plays at once. */
  g_settings_set_boolean (tb_context_get_settings (f->context), "confirm-moves", FALSE);
  click_cell (f, "c3");
  click_cell (f, "c4");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);
}

static void
activate_move_row (Fixture *f, guint ply)
{
  GtkWidget *list = find_with_class (GTK_WIDGET (f->window), "move-list");
  GtkListBoxRow *row;

  g_assert_true (GTK_IS_LIST_BOX (list));
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) ply);
  g_assert_nonnull (row);
  g_signal_emit_by_name (list, "row-activated", row);
}

static void
test_look_back (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = test_game (f->window);
  g_autofree char *shot = shot_name (setup, "look-back");
  const char *moves[] = { "c1-c3", "g9-g7", "c3-c4" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      click_cell (f, (char[3]) { moves[i][0], moves[i][1], 0 });
      click_cell (f, moves[i] + 3);
    }
  iterate_until (not_animating, view, 3000);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);
  g_assert_false (bar_revealed (f, "look-banner", NULL));

  /* The first move's row: the board as it was then, the game unchanged. */
  activate_move_row (f, 1);
  g_assert_cmpint (tb_board_view_get_shown_ply (view), ==, 1);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);
  g_assert_true (bar_revealed (f, "look-banner", "c1-c3"));
  iterate_for (300);
  save_screenshot (GTK_WIDGET (f->window), shot);

  /* Read-only: a click on the mover's piece selects nothing, and no
   * hint is offered for a position that is not the game's. */
  click_cell (f, "g9");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==, -1);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);
  g_assert_false (gtk_widget_activate_action (test_play_page (f->window), "play.hint", NULL) &&
                  tb_board_view_get_hint_move (view) != TB_MOVE_NONE);

  /* The start position, then back to the game with Escape. */
  activate_move_row (f, 0);
  g_assert_cmpint (tb_board_view_get_shown_ply (view), ==, 0);
  page_key (f, GDK_KEY_Escape, "play.back-to-game");
  g_assert_cmpint (tb_board_view_get_shown_ply (view), ==, -1);
  g_assert_false (bar_revealed (f, "look-banner", NULL));

  /* The banner's button does the same; so does the current move's row. */
  activate_move_row (f, 2);
  g_assert_cmpint (tb_board_view_get_shown_ply (view), ==, 2);
  gtk_widget_activate_action (test_play_page (f->window), "play.back-to-game", NULL);
  g_assert_cmpint (tb_board_view_get_shown_ply (view), ==, -1);
  activate_move_row (f, 1);
  activate_move_row (f, 3);
  g_assert_cmpint (tb_board_view_get_shown_ply (view), ==, -1);

  /* A change in the game ends the look: undo, then a move undone is
   * redone by its row. */
  activate_move_row (f, 1);
  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_cmpint (tb_board_view_get_shown_ply (view), ==, -1);
  g_assert_false (bar_revealed (f, "look-banner", NULL));
  activate_move_row (f, 3);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);

  /* Back in the game, the board plays again. */
  click_cell (f, "g7");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==,
                   tb_board_desc_find_cell (&tb_game_get_variant (game)->board, "g7"));
}

static void
type_move (Fixture *f, TbMoveEntry *entry, const char *text)
{
  gtk_editable_set_text (tb_move_entry_get_editable (entry), text);
  tb_move_entry_activate (entry);
}

static void
test_type_a_move (Fixture *f, gconstpointer data)
{
  TbMoveEntry *entry = TB_MOVE_ENTRY (find_descendant (GTK_WIDGET (f->window),
                                                       TB_TYPE_MOVE_ENTRY));
  TbGame *game = test_game (f->window);
  g_auto (GStrv) offered = NULL;
  g_auto (GStrv) none = NULL;

  /* Ctrl+M puts the keyboard in the entry. */
  page_key_with (f, GDK_KEY_m, GDK_CONTROL_MASK, "play.enter-move");
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (tb_move_entry_get_editable (entry))) ||
                 gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (f->window)),
                                         GTK_WIDGET (entry)));

  /* What is typed is completed with the legal moves that begin so. */
  gtk_editable_set_text (tb_move_entry_get_editable (entry), "c1-c");
  offered = tb_move_entry_get_completions (entry);
  g_assert_cmpuint (g_strv_length (offered), ==, 6);   /* c1-c2 … c1-c7 */
  g_assert_true (g_strv_contains ((const char *const *) offered, "c1-c3"));
  gtk_editable_set_text (tb_move_entry_get_editable (entry), "g9");
  none = tb_move_entry_get_completions (entry);          /* Light's piece */
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  save_screenshot (GTK_WIDGET (f->window), "type-a-move");

  /* Not a move, or an illegal one: said why, nothing played. */
  type_move (f, entry, "hello");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_nonnull (strstr (test_status_text (f->window), "hello"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (tb_move_entry_get_editable (entry)),
                                           "error"));
  type_move (f, entry, "g9-g7");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_nonnull (strstr (test_status_text (f->window), "g9-g7"));

  /* A legal token is played, in any case, and the entry empties. */
  type_move (f, entry, "C1-C3");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  {
    g_autofree char *token = tb_game_get_move_text (game, 1);

    g_assert_cmpstr (token, ==, "c1-c3");
  }
  g_assert_cmpstr (gtk_editable_get_text (tb_move_entry_get_editable (entry)), ==, "");

  /* With confirm moves on, a typed move waits for confirmation too. */
  g_settings_set_boolean (tb_context_get_settings (f->context), "confirm-moves", TRUE);
  type_move (f, entry, "g9-g7");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  g_assert_true (tb_board_view_get_proposal (test_board_view (f->window)) ==
                 parse (game, "g9-g7"));
}

/* The New Game dialog has the switch too: it is the setting itself. */
static void
test_new_game_dialog_switch (Fixture *f, gconstpointer data)
{
  GSettings *settings = tb_context_get_settings (f->context);
  GtkWidget *dialog;
  GtkSwitch *confirm;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = GTK_WIDGET (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  confirm = GTK_SWITCH (find_descendant (dialog, GTK_TYPE_SWITCH));
  g_assert_nonnull (confirm);
  g_assert_false (gtk_switch_get_active (confirm));
  gtk_switch_set_active (confirm, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "confirm-moves"));
  iterate_for (100);
  save_screenshot (dialog, "new-game-dialog-confirm");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_for (100);

  /* The next move is shown, not played. */
  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_cmpuint (tb_game_get_ply (test_game (f->window)), ==, 0);
  g_assert_true (tb_board_view_get_proposal (test_board_view (f->window)) != TB_MOVE_NONE);
}

/* The system's "reduce animation" (gtk-enable-animations off): a move is
 * shown done at once; with animations on, it slides. */
static void
test_system_animations_setting (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (view));

  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_true (tb_board_view_is_animating (view));
  iterate_until (not_animating, view, 3000);

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  click_cell (f, "g9");
  click_cell (f, "g7");
  g_assert_cmpuint (tb_game_get_ply (test_game (f->window)), ==, 2);
  g_assert_false (tb_board_view_is_animating (view));
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  ADD_SETUP ("/ui/review/confirm-moves/wide-light", wide_light, test_confirm_moves);
  ADD_SETUP ("/ui/review/confirm-moves/narrow-dark", narrow_dark, test_confirm_moves);
  ADD_SETUP ("/ui/review/look-back/narrow-light", narrow_light, test_look_back);
  ADD_SETUP ("/ui/review/look-back/wide-dark", wide_dark, test_look_back);
  ADD ("/ui/review/type-a-move", test_type_a_move);
  ADD ("/ui/review/new-game-dialog-switch", test_new_game_dialog_switch);
  ADD ("/ui/review/system-animations-setting", test_system_animations_setting);

  return ui_test_run ();
}
