/* SPDX-License-Identifier: GPL-3.0-or-later */
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
  /* Play is the card's suggested button (Rules is the other). */
  button = find_with_class (card, "suggested-action");
  g_assert_nonnull (button);
  /* Its action (picker.play) is found: a click would do what this does. */
  g_assert_true (gtk_widget_is_sensitive (button));
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
  /* The other pages are made when first shown (tb-window.c): the first
   * frame is the picker's alone. */
  {
    GtkStack *stack = GTK_STACK (find_descendant (GTK_WIDGET (f->window), GTK_TYPE_STACK));

    g_assert_null (gtk_stack_get_child_by_name (stack, "play"));
    g_assert_null (gtk_stack_get_child_by_name (stack, "history"));
    g_assert_null (gtk_stack_get_child_by_name (stack, "practice"));
  }
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (tb_game_picker_get_card (picker (f), tb_rules_get_id (rules[i])));
  /* The game's actions and keys do nothing without a game. */
  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  gtk_widget_activate_action (test_play_page (f->window), "play.hint", NULL);
  gtk_widget_activate_action (test_play_page (f->window), "play.resign", NULL);
  g_assert_null (test_game (f->window));
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
  game = test_game (f->window);
  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "oraia");
  g_assert_true (tb_game_play_text (game, "P0-O0", NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-games", NULL));
  iterate_for (100);
  g_assert_cmpstr (visible_page (f), ==, "picker");
  save_screenshot (GTK_WIDGET (f->window), "picker-resume");
  g_signal_emit_by_name (picker (f), "resume");
  iterate_for (100);
  g_assert_cmpstr (visible_page (f), ==, "play");
  g_assert_true (test_game (f->window) == game);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
}

/* Play on a card: the dialog does not ask for the game again (its title
 * names it), the variant's options wait folded in one row, each in a
 * line; the rest fits without scrolling on a 1400×900 screen. */
static void
test_new_game_from_a_card (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  static const char *const games[] = { "retournement", "versus-91", "ra" };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      const TbRules *rules = tb_rules_lookup (games[i]);
      g_autofree char *prefix = g_strdup_printf ("new-game-card-%s", games[i]);
      g_autofree char *shot = shot_name (setup, prefix);
      GtkWidget *dialog, *variant, *scrolled;
      GtkAdjustment *adjustment;

      press_play (f, games[i]);
      dialog = GTK_WIDGET (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
      g_assert_nonnull (dialog);
      iterate_for (200);
      /* No game to choose: no radio buttons on screen. */
      for (GtkWidget *check = find_descendant (dialog, GTK_TYPE_CHECK_BUTTON); check;
           check = NULL)
        g_assert_false (gtk_widget_get_mapped (check));
      g_assert_cmpstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (
                         find_descendant (dialog, ADW_TYPE_WINDOW_TITLE))), ==,
                       g_dgettext (GETTEXT_PACKAGE, tb_rules_get_name (rules)));
      variant = find_descendant (dialog, ADW_TYPE_EXPANDER_ROW);
      g_assert_nonnull (variant);
      g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (variant)));
      scrolled = find_descendant (dialog, GTK_TYPE_SCROLLED_WINDOW);
      adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
      if (setup->height >= 900)
        g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=,
                           gtk_adjustment_get_page_size (adjustment));
      save_screenshot (dialog, shot);
      /* Unfolded: each option in a line, its explanation as a tooltip. */
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (variant), TRUE);
      iterate_for (300);
      {
        g_autofree char *open_shot = g_strconcat (shot, "-variant", NULL);
        save_screenshot (dialog, open_shot);
      }
      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate_for (50);
    }
}

static int
min_width (GtkWidget *widget)
{
  int minimum;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The window goes down to a phone's 360 px on every page, in every game
 * (the bars under the board count, revealed or not, with their longest
 * French words), and so does the New Game dialog; some room is left for
 * a wider font than the tests'. */
static void
test_narrowest_window (Fixture *f, gconstpointer data)
{
  guint n;
  const TbRules *const *rules = tb_rules_list (&n);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (f->window));
  GtkWidget *dialog;

  g_assert_cmpint (min_width (GTK_WIDGET (f->window)), <=, 360);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TbVariant) variant = tb_variant_new_default (rules[i]);
      g_autoptr (TbGame) game = tb_game_new (variant, 1);

      tb_window_set_game (f->window, game);
      iterate_for (100);
      g_test_message ("%s: content %d", tb_rules_get_id (rules[i]), min_width (content));
      g_assert_cmpint (min_width (GTK_WIDGET (f->window)), <=, 360);
      /* Every page of the stack counts, shown or not. */
      g_assert_cmpint (min_width (content), <=, 330);
    }
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-history", NULL);
  iterate_for (300);
  g_assert_cmpint (min_width (GTK_WIDGET (f->window)), <=, 360);
  g_assert_cmpint (min_width (content), <=, 330);

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = GTK_WIDGET (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  iterate_for (100);
  g_assert_cmpint (min_width (dialog), <=, 360);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A draw offered and declined, then accepted; a resignation; their
 * words in the header. */
static void
test_draw_offers_and_resigning (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  g_autofree char *resigned = NULL;

  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_true (gtk_widget_activate_action (test_play_page (f->window), "play.offer-draw", NULL));
  iterate_for (100);
  save_screenshot (GTK_WIDGET (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "draw-offer");
  answer_dialog ("decline");
  g_assert_false (tb_game_is_over (game));
  gtk_widget_activate_action (test_play_page (f->window), "play.offer-draw", NULL);
  iterate_for (50);
  answer_dialog ("accept");
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_DRAW);
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_DRAW_AGREED);
  answer_dialog ("close");   /* the end is announced */

  /* A new game, and Light resigns on its first move. */
  {
    g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
    g_autoptr (TbGame) fresh = tb_game_new (v, 1);

    tb_window_set_game (f->window, fresh);
  }
  game = test_game (f->window);
  click_cell (f, "c1");
  click_cell (f, "c3");
  g_assert_true (gtk_widget_activate_action (test_play_page (f->window), "play.resign", NULL));
  iterate_for (50);
  save_screenshot (GTK_WIDGET (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "resign");
  answer_dialog ("cancel");
  g_assert_false (tb_game_is_over (game));
  gtk_widget_activate_action (test_play_page (f->window), "play.resign", NULL);
  iterate_for (50);
  answer_dialog ("resign");
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_SEAT1_WINS);
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_RESIGNED);
  resigned = tb_describe_state (game);
  g_assert_nonnull (strstr (resigned, tb_seat_label (game, 2)));
  /* Nothing more to resign or offer once it is over. */
  answer_dialog ("close");
  gtk_widget_activate_action (test_play_page (f->window), "play.resign", NULL);
  iterate_for (50);
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
}

/* The keys that take the keyboard focus from where it is to the cell
 * named, found as a user would: arrows, with Shift where they turn. */
static void
keys_to_cell (Fixture *f, const char *name)
{
  TbBoardView *view = test_board_view (f->window);
  const TbBoardDesc *board = &tb_game_get_variant (test_game (f->window))->board;
  const guint arrows[] = { GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down };
  int target = tb_board_desc_find_cell (board, name);
  int came_by[TB_MAX_CELLS], came_from[TB_MAX_CELLS], queue[TB_MAX_CELLS], path[TB_MAX_CELLS];
  int start = tb_board_view_get_focus_cell (view);
  guint head = 0, tail = 0, n_path = 0;

  g_assert_cmpint (start, >=, 0);
  for (guint i = 0; i < TB_MAX_CELLS; i++)
    came_by[i] = -1;
  came_by[start] = 0;
  queue[tail++] = start;
  while (head < tail && came_by[target] < 0)
    {
      int from = queue[head++];

      for (int k = 0; k < 8; k++)
        {
          int to = tb_board_desc_step (board, from, (TbStep) (k / 2), k % 2);

          if (came_by[to] < 0)
            {
              came_by[to] = k, came_from[to] = from;
              queue[tail++] = to;
            }
        }
    }
  g_assert_cmpint (came_by[target], >=, 0);
  for (int cell = target; cell != start; cell = came_from[cell])
    path[n_path++] = came_by[cell];
  while (n_path > 0)
    {
      int k = path[--n_path];

      press_key_with (f, arrows[k / 2], k % 2 ? GDK_SHIFT_MASK : 0);
    }
  g_assert_cmpint (tb_board_view_get_focus_cell (view), ==, target);
}

/* One of the legal moves of the player to move, from and to cells. */
static TbMove
some_legal_move (TbGame *game, gboolean last, const char **from, const char **to)
{
  TbVariant *v = tb_game_get_variant (game);
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (game, &n);
  TbMove move = moves[last ? n - 1 : 0];
  int f, t;

  g_assert_cmpuint (n, >, 0);
  tb_variant_move_cells (v, tb_game_get_position (game), move, &f, &t);
  *from = v->board.cells[f].name;
  *to = v->board.cells[t].name;
  return move;
}

static void
play_by_mouse (Fixture *f, TbGame *game)
{
  guint ply = tb_game_get_ply (game);
  const char *from, *to;
  TbMove move = some_legal_move (game, FALSE, &from, &to);

  click_cell (f, from);
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (test_board_view (f->window))), >=, 0);
  click_cell (f, to);
  iterate_until (not_animating, test_board_view (f->window), 5000);
  g_assert_cmpuint (tb_game_get_ply (game), ==, ply + 1);
  g_assert_cmpuint (tb_game_get_move (game, ply + 1), ==, move);
}

/* Arrows to the piece, Return, arrows to its destination, Return; the
 * status line says where the piece may go once it is chosen. */
static void
play_by_keyboard (Fixture *f, TbGame *game, const char *shot)
{
  TbBoardView *view = test_board_view (f->window);
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;
  guint ply = tb_game_get_ply (game);
  const char *from, *to;
  TbMove move = some_legal_move (game, TRUE, &from, &to);

  keys_to_cell (f, from);
  press_key (f, GDK_KEY_Return);
  g_assert_cmpstr (board->cells[tb_move_picker_get_selected (tb_board_view_get_picker (view))].name, ==, from);
  g_assert_nonnull (strstr (test_status_text (f->window), from));
  g_assert_nonnull (strstr (test_status_text (f->window), to));
  keys_to_cell (f, to);
  if (shot)
    save_screenshot (GTK_WIDGET (f->window), shot);
  press_key (f, GDK_KEY_Return);
  iterate_until (not_animating, view, 5000);
  g_assert_cmpuint (tb_game_get_ply (game), ==, ply + 1);
  g_assert_cmpuint (tb_game_get_move (game, ply + 1), ==, move);
}

/* The whole way of a player: the start screen, a new game, three moves
 * with the mouse and three with the keyboard in turn, undo and redo, and
 * resigning; the model checked at each step. */
static void
test_whole_flow (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "flow-keyboard");
  TbGame *game;
  TbMove sixth;

  press_play (f, "versus-61");
  gtk_widget_activate_action (GTK_WIDGET (find_toplevel (TB_TYPE_NEW_GAME_DIALOG)), "dialog.start",
                              NULL);
  iterate_for (100);
  wait_for_pages_settled (f->window);
  game = test_game (f->window);
  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "versus-61");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  /* The focus starts on the board, on a piece that can move. */
  g_assert_cmpint (tb_board_view_get_focus_cell (test_board_view (f->window)), >=, 0);

  for (guint i = 0; i < 3; i++)
    {
      play_by_mouse (f, game);
      play_by_keyboard (f, game, i == 0 ? shot : NULL);
    }
  sixth = tb_game_get_move (game, 6);
  g_assert_true (gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 5);
  g_assert_true (gtk_widget_activate_action (test_play_page (f->window), "play.redo", NULL));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 6);
  g_assert_cmpuint (tb_game_get_move (game, 6), ==, sixth);

  gtk_widget_activate_action (test_play_page (f->window), "play.resign", NULL);
  iterate_for (50);
  answer_dialog ("resign");
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_RESIGNED);
  /* Dark is to move after six plies: Dark resigned, Light wins. */
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_SEAT2_WINS);
  answer_dialog ("close");
}

/* Tab reaches the board at one cell and leaves it again; Escape lets go
 * of a selection made with the keyboard. */
static void
test_tab_enters_and_leaves_the_board (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  GtkWidget *focus;

  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_cmpint (tb_board_view_get_focus_cell (view), >=, 0);
  press_key (f, GDK_KEY_Return);
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), >=, 0);
  press_key (f, GDK_KEY_Escape);
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==, -1);
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD));
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (focus);
  g_assert_false (gtk_widget_is_ancestor (focus, GTK_WIDGET (view)));
  g_assert_cmpint (tb_board_view_get_focus_cell (view), ==, -1);
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
  ADD_SETUP ("/ui/flow/whole/narrow-light", picker_narrow, test_whole_flow);
  ADD_SETUP ("/ui/flow/whole/wide-dark", picker_large_dark, test_whole_flow);
  ADD ("/ui/flow/tab-enters-and-leaves-the-board", test_tab_enters_and_leaves_the_board);
  ADD_SETUP ("/ui/flow/play-from-a-card-and-come-back", picker_light,
             test_play_from_a_card_and_come_back);
  ADD ("/ui/flow/draw-offers-and-resigning", test_draw_offers_and_resigning);
  ADD_SETUP ("/ui/flow/new-game-from-a-card/large-dark", picker_large_dark,
             test_new_game_from_a_card);
  ADD_SETUP ("/ui/flow/new-game-from-a-card/narrow", picker_narrow, test_new_game_from_a_card);
  ADD_SETUP ("/ui/flow/narrowest-window", picker_narrow, test_narrowest_window);

  return ui_test_run ();
}
