/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-retournement.c: Retournement in the window: pieces taken from
 * the tray, turned with R, a right click, the scroll wheel and the
 * buttons, held over the board and laid by clicks or by the keyboard; the
 * flips, a refused placement, a forced pass, hidden hands and a whole game
 * to its announced end.  Screenshots go to the build directory's
 * tests/ui/screenshots/.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-new-game-dialog.h"
#include "tb-random.h"
#include "ui-test-util.h"

#define SHAPE_I1 0
#define SHAPE_I2 1
#define SHAPE_V3 3

static TbBoardView *
board_view (Fixture *f)
{
  return test_board_view (f->window);
}

static char *
last_move (TbGame *game)
{
  return tb_game_get_move_text (game, tb_game_get_ply (game));
}

/* Clicks the piece in seat's tray. */
static void
click_slot (Fixture *f, guint seat, guint shape)
{
  double x, y;

  g_assert_true (tb_board_view_get_slot_center (board_view (f), seat, shape, &x, &y));
  click_at (f, x, y, GDK_BUTTON_PRIMARY);
}

static void
point_at_cell (Fixture *f, const char *name)
{
  double x, y;

  cell_center (f, name, &x, &y);
  move_pointer (f, x, y);
}

/* The colour showing on a hole: "W", "R" or "". */
static const char *
colour_on (TbGame *game, const char *name)
{
  TbVariant *v = tb_game_get_variant (game);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (v, tb_game_get_position (game), pieces);
  int cell = tb_board_desc_find_cell (&v->board, name);

  for (guint i = 0; i < n; i++)
    if (pieces[i].cell == cell)
      return pieces[i].owner == 1 ? "W" : "R";
  return "";
}

static void
test_take_turn_and_lay_by_pointer_and_keys (Fixture *f, gconstpointer data)
{
  TbBoardView *view = board_view (f);
  TbGame *game = start_from_dialog (f, "retournement", 1);
  g_autofree char *first = NULL, *second = NULL;

  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "retournement");
  save_screenshot (GTK_WIDGET (f->window), "retournement-start");

  /* White takes the corner tromino from the tray. */
  click_slot (f, 1, SHAPE_V3);
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (view)), ==, SHAPE_V3);
  g_assert_cmpuint (tb_move_picker_get_placement (tb_board_view_get_picker (view))->turn, ==, 0);
  /* Red's pieces cannot be taken by White. */
  click_slot (f, 2, SHAPE_I1);
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (view)), ==, SHAPE_V3);

  /* Turned by R, a right click, the wheel, the button; back with shift R. */
  point_at_cell (f, "e5");
  press_key (f, GDK_KEY_r);
  g_assert_cmpuint (tb_move_picker_get_placement (tb_board_view_get_picker (view))->turn, ==, 1);
  {
    double x, y;

    cell_center (f, "e5", &x, &y);
    click_at (f, x, y, GDK_BUTTON_SECONDARY);
  }
  g_assert_cmpuint (tb_move_picker_get_placement (tb_board_view_get_picker (view))->turn, ==, 2);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  scroll_board (f, 1);
  g_assert_cmpuint (tb_move_picker_get_placement (tb_board_view_get_picker (view))->turn, ==, 3);
  gtk_widget_activate_action (test_bars (f->window), "bars.turn-piece", "b", TRUE);
  g_assert_cmpuint (tb_move_picker_get_placement (tb_board_view_get_picker (view))->turn, ==, 0);
  press_key (f, GDK_KEY_R);
  g_assert_cmpuint (tb_move_picker_get_placement (tb_board_view_get_picker (view))->turn, ==, 3);
  press_key (f, GDK_KEY_r);
  g_assert_cmpuint (tb_move_picker_get_placement (tb_board_view_get_picker (view))->turn, ==, 0);
  {
    g_autofree char *hint = g_strdup_printf (_("The first piece goes anywhere: Enter or a click "
                                               "lays the %s here."), "V3");

    g_assert_cmpstr (tb_move_picker_get_hint (tb_board_view_get_picker (view)), ==, hint);
  }
  save_screenshot (GTK_WIDGET (f->window), "retournement-held");

  /* Held by its middle square over e5: the tromino covers e4, e5, f5. */
  click_at (f, 0, 0, GDK_BUTTON_PRIMARY);   /* outside board and trays: nothing */
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  click_cell (f, "e5");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  first = last_move (game);
  g_assert_cmpstr (first, ==, "V3:e4-e5-f5");
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (view)), ==, -1);
  iterate_until (not_animating, view, 5000);

  /* Red by the keyboard: 1 takes the monomino, Return brings it to the
   * middle of the board (f6, beside f5), Return lays it. */
  press_key (f, GDK_KEY_1);
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (view)), ==, SHAPE_I1);
  press_key (f, GDK_KEY_Return);
  press_key (f, GDK_KEY_Up);
  press_key (f, GDK_KEY_Down);
  press_key (f, GDK_KEY_Return);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  second = last_move (game);
  g_assert_cmpstr (second, ==, "I1:f6");
  g_assert_true (tb_board_view_is_animating (view));
  iterate_for (450);
  save_screenshot (GTK_WIDGET (f->window), "retournement-flip-animating");
  iterate_until (not_animating, view, 5000);
  g_assert_cmpstr (colour_on (game, "e4"), ==, "R");
  g_assert_cmpstr (colour_on (game, "f6"), ==, "R");
  save_screenshot (GTK_WIDGET (f->window), "retournement-after-flip");
}

/* Far from any red piece the domino may not go: the hint says why, a
 * click lays nothing, Escape puts it back. */
static void
test_refused_placement_explained (Fixture *f, gconstpointer data)
{
  TbBoardView *view = board_view (f);
  TbGame *game = show_position (f, "retournement", "to-move=1 WR:V3:e4-e5-f5 RR:I1:f6");

  click_slot (f, 1, SHAPE_I2);
  point_at_cell (f, "a2");
  {
    /* The rule it breaks, as a sentence. */
    g_autofree char *why = g_strdup_printf ("%s.", _("a piece must touch a piece of the "
                                                     "opponent’s colour by a side"));

    why[0] = g_ascii_toupper (why[0]);
    g_assert_cmpstr (tb_move_picker_get_hint (tb_board_view_get_picker (view)), ==, why);
  }
  save_screenshot (GTK_WIDGET (f->window), "retournement-refused");
  click_cell (f, "a2");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (view)), ==, SHAPE_I2);

  /* Upright beside both red pieces: the two it would turn are shown. */
  press_key (f, GDK_KEY_r);
  point_at_cell (f, "g5");
  {
    g_autofree char *hint = g_strdup_printf (ngettext ("Enter or a click lays the %s here: it "
                                                       "turns %u piece over.",
                                                       "Enter or a click lays the %s here: it "
                                                       "turns %u pieces over.", 2), "I2", 2);

    g_assert_cmpstr (tb_move_picker_get_hint (tb_board_view_get_picker (view)), ==, hint);
  }
  save_screenshot (GTK_WIDGET (f->window), "retournement-would-turn");
  press_key (f, GDK_KEY_Escape);
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (view)), ==, -1);
  g_assert_null (tb_move_picker_get_hint (tb_board_view_get_picker (view)));
}

static void
test_forced_pass_and_hidden_hand (Fixture *f, gconstpointer data)
{
  TbGame *game = show_position (f, "retournement", "to-move=1 WW:I1:a1 RW:I2:b1-c1");
  GSettings *settings = tb_context_get_settings (f->context);

  /* White has no red piece to touch: the pass is offered, not forced. */
  g_assert_true (gtk_widget_activate_action (test_bars (f->window), "bars.pass", NULL));
  g_assert_cmpuint (tb_game_get_move (game, 1), ==, TB_MOVE_PASS);
  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  save_screenshot (GTK_WIDGET (f->window), "retournement-pass");

  /* The rules advise hiding the pieces one has left. */
  g_settings_set_boolean (settings, "hide-opponent-pieces", TRUE);
  g_assert_true (tb_board_view_get_hide_opponent_pieces (board_view (f)));
  save_screenshot (GTK_WIDGET (f->window), "retournement-hidden");
}

/* The cell to point at, and the turn, to lay move with the pointer. */
static void
aim (TbGame *game, TbMove move, guint *shape, guint *turn, int *grab_cell)
{
  TbVariant *v = tb_game_get_variant (game);
  const TbBoardDesc *board = &v->board;
  TbEffect effects[TB_MAX_EFFECTS];
  guint n = tb_variant_move_effects (v, tb_game_get_position (game), move, effects);

  g_assert_cmpint (effects[0].kind, ==, TB_EFFECT_PLACE);
  *shape = effects[0].amount;
  for (guint t = 0; t < board->shapes[*shape].n_turns; t++)
    for (int anchor = 0; anchor < (int) board->n_cells; anchor++)
      if (tb_variant_placement (v, tb_game_get_position (game), *shape, t, anchor) == move)
        {
          const TbShapeDesc *d = &board->shapes[*shape];
          double mr = 0, mc = 0, best = G_MAXDOUBLE;

          *turn = t;
          /* The square nearest the piece's middle, as the board holds it. */
          for (guint i = 0; i < d->n_cells; i++)
            {
              mr += (double) d->cells[t][i][0] / d->n_cells;
              mc += (double) d->cells[t][i][1] / d->n_cells;
            }
          for (guint i = 0; i < d->n_cells; i++)
            {
              double dr = d->cells[t][i][0] - mr, dc = d->cells[t][i][1] - mc;

              if (dr * dr + dc * dc < best - 1e-6)
                {
                  best = dr * dr + dc * dc;
                  *grab_cell = anchor + d->cells[t][i][0] * (int) board->cols + d->cells[t][i][1];
                }
            }
          return;
        }
  g_assert (n > 0);
  g_assert_not_reached ();
}

static void
test_whole_game_by_clicks (Fixture *f, gconstpointer data)
{
  TbBoardView *view = board_view (f);
  TbGame *game = start_from_dialog (f, "retournement", 1);
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;
  TbRandom rng;

  tb_board_view_set_animation_speed (view, "off");
  tb_random_init (&rng, 11);
  while (!tb_game_is_over (game))
    {
      guint n, ply = tb_game_get_ply (game), shape, turn;
      const TbMove *moves = tb_game_get_legal_moves (game, &n);
      TbMove move = moves[tb_random_below (&rng, n)];
      int grab = -1;

      g_assert_cmpuint (ply, <, 100);
      if (move == TB_MOVE_PASS)
        {
          g_assert_true (gtk_widget_activate_action (test_bars (f->window), "bars.pass", NULL));
          continue;
        }
      aim (game, move, &shape, &turn, &grab);
      click_slot (f, tb_game_get_to_move (game), shape);
      for (guint t = 0; t < turn; t++)
        press_key (f, GDK_KEY_r);
      point_at_cell (f, board->cells[grab].name);
      click_cell (f, board->cells[grab].name);
      g_assert_cmpuint (tb_game_get_ply (game), ==, ply + 1);
      g_assert_cmpuint (tb_game_get_move (game, ply + 1), ==, move);
    }
  iterate_for (200);
  g_assert_nonnull (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  save_screenshot (GTK_WIDGET (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "retournement-over-dialog");
  save_screenshot (GTK_WIDGET (f->window), "retournement-over");
  /* Nothing can be taken once the game is over. */
  click_slot (f, 1, SHAPE_I1);
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (view)), ==, -1);
}

/* Dark, wide and narrow: the trays move above and below the board in a
 * narrow window, and the pieces still answer clicks. */
static void
test_dark_and_narrow_windows (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *name = shot_name (setup, "retournement");
  TbGame *game = show_position (f, "retournement", "to-move=1 WR:V3:e4-e5-f5 RR:I1:f6 "
                                                   "WW:I3:g4-g5-g6");

  click_slot (f, 1, SHAPE_I2);
  g_assert_cmpint (tb_move_picker_get_held_piece (tb_board_view_get_picker (board_view (f))), ==, SHAPE_I2);
  point_at_cell (f, "f7");
  iterate_for (250);   /* the bar under the board slides in */
  save_screenshot (GTK_WIDGET (f->window), name);
  click_cell (f, "f7");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
}

/* The board size and the piece values, folded under one row, chosen in
 * the New Game dialog, are the new game's. */
static void
test_options_in_the_new_game_dialog (Fixture *f, gconstpointer data)
{
  TbNewGameDialog *dialog;
  GtkWidget *expander, *scrolled;
  TbGame *game;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  tb_new_game_dialog_select_ruleset (dialog, "retournement");
  g_assert_true (tb_new_game_dialog_set_option (dialog, "board-size", 12));
  g_assert_true (tb_new_game_dialog_set_option (dialog, "value-x5", 5));
  expander = find_descendant (GTK_WIDGET (dialog), ADW_TYPE_EXPANDER_ROW);
  g_assert_nonnull (expander);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
  iterate_for (300);
  scrolled = find_descendant (GTK_WIDGET (dialog), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  {
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) * 0.45);
  }
  iterate_for (100);
  save_screenshot (GTK_WIDGET (dialog), "new-game-dialog-retournement-options");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate_for (100);
  game = test_game (f->window);
  {
    g_autofree char *options = tb_variant_options_to_text (tb_game_get_variant (game));

    g_assert_cmpstr (options, ==, "board-size=12,value-x5=5");
  }
  g_assert_cmpuint (tb_game_get_variant (game)->board.n_cells, ==, 144);
  save_screenshot (GTK_WIDGET (f->window), "retournement-12");
}

/* The keys of laying pieces are listed in the shortcuts window. */
static void
test_shortcuts_window_lists_the_keys (Fixture *f, gconstpointer data)
{
  GtkWindow *shortcuts;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-help-overlay", NULL));
  iterate_for (200);
  shortcuts = find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);
  save_screenshot (GTK_WIDGET (shortcuts), "shortcuts");
  /* Not wider than a laptop's screen, in any language (French is longer). */
  g_test_message ("shortcuts: %d x %d", gtk_widget_get_width (GTK_WIDGET (shortcuts)),
                  gtk_widget_get_height (GTK_WIDGET (shortcuts)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (shortcuts)), <=, 1100);
  gtk_window_destroy (shortcuts);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  ADD ("/ui/retournement/take-turn-and-lay-by-pointer-and-keys",
       test_take_turn_and_lay_by_pointer_and_keys);
  ADD ("/ui/retournement/refused-placement-explained", test_refused_placement_explained);
  ADD ("/ui/retournement/forced-pass-and-hidden-hand", test_forced_pass_and_hidden_hand);
  ADD ("/ui/retournement/whole-game-by-clicks", test_whole_game_by_clicks);
  ADD ("/ui/retournement/options-in-the-new-game-dialog", test_options_in_the_new_game_dialog);
  ADD ("/ui/shortcuts-window-lists-the-keys", test_shortcuts_window_lists_the_keys);
  ADD_SETUP ("/ui/retournement/wide-dark", wide_dark, test_dark_and_narrow_windows);
  ADD_SETUP ("/ui/retournement/narrow-light", narrow_light, test_dark_and_narrow_windows);
  ADD_SETUP ("/ui/retournement/narrow-dark", narrow_dark, test_dark_and_narrow_windows);

  return ui_test_run ();
}
