/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-play.c: the application under a display: start it, play Versus
 * by clicking at cell centres, check the model, and save screenshots
 * (in the build directory, tests/ui/screenshots/) for people to look at.
 *
 * Skipped, not failed, when no display can be opened.
 */
#include "config.h"

#include <string.h>

#include "tb-move-describe.h"
#include "tb-new-game-dialog.h"
#include "tb-random.h"
#include "ui-test-util.h"

static char *
piece_on (TbGame *game, const char *cell)
{
  g_autofree char *text = tb_variant_format_position (tb_game_get_variant (game),
                                                      tb_game_get_position (game));
  g_autofree char *needle = g_strconcat ("@", cell, NULL);
  g_auto (GStrv) items = g_strsplit (text, " ", -1);

  for (guint i = 0; items[i]; i++)
    if (g_str_has_suffix (items[i], needle))
      return g_strndup (items[i], strcspn (items[i], "!@"));
  return g_strdup ("");
}

static void
test_start_shows_versus_61_ready_to_play (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  const char *language = g_getenv ("TABLIER_TEST_LANGUAGE");

  g_autofree char *state = tb_describe_state (game);

  /* The header says whose turn it is, in the interface's language. */
  g_assert_cmpstr (state, ==, g_strcmp0 (language, "fr") == 0 ? "Foncé au trait" : "Dark to move");

  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "versus-61");
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 1);
  g_assert_true (tb_board_view_get_interactive (test_board_view (f->window)));
  save_screenshot (GTK_WIDGET (f->window), "start-light");
}

static void
test_click_selects_and_shows_destinations (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = test_game (f->window);

  /* A piece of the other player, or an empty cell, selects nothing. */
  click_cell (f, "e9");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==, -1);
  click_cell (f, "e5");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==, -1);
  /* Dark's VERSUS is selected; its lines light up. */
  click_cell (f, "c1");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==,
                   tb_board_desc_find_cell (&tb_game_get_variant (game)->board, "c1"));
  save_screenshot (GTK_WIDGET (f->window), "versus-selected");
  /* A click on a cell that is not a destination changes one's mind. */
  click_cell (f, "d5");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==, -1);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  /* Another of one's pieces takes the selection. */
  click_cell (f, "c1");
  click_cell (f, "a1");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==,
                   tb_board_desc_find_cell (&tb_game_get_variant (game)->board, "a1"));
}

static void
test_click_plays_and_animates_the_attraction (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = test_game (f->window);
  g_autofree char *pulled = NULL;

  click_cell (f, "c1");
  click_cell (f, "e3");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  g_assert_true (tb_board_view_is_animating (view));
  iterate_for (400);
  save_screenshot (GTK_WIDGET (f->window), "attraction-animating");
  iterate_until (not_animating, view, 5000);
  pulled = piece_on (game, "e8");
  g_assert_cmpstr (pulled, ==, "P3/1");
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 2);
  save_screenshot (GTK_WIDGET (f->window), "after-c1-e3");

  /* Light answers with a pawn; then Dark's undo takes it back. */
  click_cell (f, "i9");
  click_cell (f, "i8");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  gtk_widget_activate_action (test_play_page (f->window), "play.redo", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
}

/* A whole game by clicks, random legal moves, to its announced end. */
static void
test_whole_game_by_clicks_ends_announced (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  TbBoardView *view = test_board_view (f->window);
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;
  TbRandom rng;

  tb_board_view_set_animation_speed (view, "off");
  tb_random_init (&rng, 7);
  while (!tb_game_is_over (game))
    {
      guint n, ply = tb_game_get_ply (game);
      const TbMove *moves = tb_game_get_legal_moves (game, &n);
      TbVariant *v = tb_game_get_variant (game);
      int from, to;

      g_assert_cmpuint (ply, <, 2000);
      tb_variant_move_cells (v, tb_game_get_position (game), moves[tb_random_below (&rng, n)],
                             &from, &to);
      click_cell (f, board->cells[from].name);
      click_cell (f, board->cells[to].name);
      g_assert_cmpuint (tb_game_get_ply (game), ==, ply + 1);
    }
  iterate_for (200);
  g_assert_nonnull (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  save_screenshot (GTK_WIDGET (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "game-over-dialog");
  save_screenshot (GTK_WIDGET (f->window), "game-over");
  /* The board no longer takes moves. */
  click_cell (f, "a1");
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (view)), ==, -1);
}

static void
test_new_game_dialog_starts_versus_91 (Fixture *f, gconstpointer data)
{
  TbNewGameDialog *dialog;
  TbGame *game;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  tb_new_game_dialog_select_ruleset (dialog, "versus-91");
  g_assert_true (tb_new_game_dialog_set_option (dialog, "pull-onto-target", FALSE));
  g_assert_true (tb_new_game_dialog_set_option (dialog, "move-limit", 300));
  g_assert_false (tb_new_game_dialog_set_option (dialog, "no-such-option", 1));
  iterate_for (200);
  save_screenshot (GTK_WIDGET (dialog), "new-game-dialog");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate_for (100);
  game = test_game (f->window);
  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "versus-91");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  /* The rule option chosen in the dialog is the game's. */
  {
    g_autofree char *options = tb_variant_options_to_text (tb_game_get_variant (game));
    g_assert_cmpstr (options, ==, "pull-onto-target=no,move-limit=300");
  }
  save_screenshot (GTK_WIDGET (f->window), "versus-91-start");
  /* The choice is remembered for next time. */
  g_assert_cmpstr (g_settings_get_string (tb_context_get_settings (f->context), "last-ruleset"),
                   ==, "versus-91");
}

/* The same window in dark, wide and narrow: the board still fits and
 * answers clicks at 360 px; the same for an RA match. */
static void
test_dark_and_narrow_windows (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *name = shot_name (setup, NULL);
  g_autofree char *selected_name = g_strconcat (name, "-selected", NULL);

  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, setup->width);
  save_screenshot (GTK_WIDGET (f->window), name);
  click_cell (f, "c1");
  save_screenshot (GTK_WIDGET (f->window), selected_name);
  click_cell (f, "c4");
  g_assert_cmpuint (tb_game_get_ply (test_game (f->window)), ==, 1);

  {
    g_autofree char *ra_name = g_strconcat (name, "-ra", NULL);
    TbGame *ra = start_from_dialog (f, "ra", 1);

    click_cell (f, "f7");
    save_screenshot (GTK_WIDGET (f->window), ra_name);
    click_cell (f, "g7");
    g_assert_cmpuint (tb_game_get_ply (ra), ==, 1);
  }
  {
    g_autofree char *oraia_name = g_strconcat (name, "-oraia", NULL);
    TbGame *oraia = start_from_dialog (f, "oraia", 2);

    click_cell (f, "P3");
    save_screenshot (GTK_WIDGET (f->window), oraia_name);
    click_cell (f, "O3");
    g_assert_cmpuint (tb_game_get_ply (oraia), ==, 1);
  }
}

static GtkToggleButton *
amount_button (Fixture *f, const char *label)
{
  GtkWidget *widget = GTK_WIDGET (test_board_view (f->window));
  GtkWidget *overlay = gtk_widget_get_parent (widget);

  /* The control sits under the board, in the same box. */
  for (GtkWidget *w = gtk_widget_get_first_child (overlay); w; )
    {
      if (GTK_IS_TOGGLE_BUTTON (w) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), label) == 0)
        return GTK_TOGGLE_BUTTON (w);
      if (gtk_widget_get_first_child (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w && w != overlay && !gtk_widget_get_next_sibling (w))
            w = gtk_widget_get_parent (w);
          w = (w && w != overlay) ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  g_assert_not_reached ();
}

/* RA: clicking a stack selects all its pawns; 1/2/3, the scroll wheel
 * and the buttons over the board change how many go, and the
 * destinations follow; a click plays the split move. */
static void
test_ra_split_move_by_keys_scroll_and_buttons (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = start_from_dialog (f, "ra", 2);
  g_autofree char *played = NULL;

  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "ra");
  g_assert_cmpuint (tb_game_get_starter (game), ==, 2);
  g_assert_nonnull (test_match (f->window));
  click_cell (f, "h7");
  g_assert_cmpuint (tb_move_picker_get_available_amounts (tb_board_view_get_picker (view)), ==, 0xe);
  g_assert_cmpuint (tb_move_picker_get_move_amount (tb_board_view_get_picker (view)), ==, 3);
  save_screenshot (GTK_WIDGET (f->window), "ra-stack-selected");
  press_key (f, GDK_KEY_1);
  g_assert_cmpuint (tb_move_picker_get_move_amount (tb_board_view_get_picker (view)), ==, 1);
  scroll_board (f, -1);                        /* up: one more */
  g_assert_cmpuint (tb_move_picker_get_move_amount (tb_board_view_get_picker (view)), ==, 2);
  gtk_widget_activate (GTK_WIDGET (amount_button (f, "1")));
  iterate_for (400);  /* a button activated from the keyboard clicks after a moment */
  g_assert_cmpuint (tb_move_picker_get_move_amount (tb_board_view_get_picker (view)), ==, 1);
  g_assert_true (gtk_toggle_button_get_active (amount_button (f, "1")));
  save_screenshot (GTK_WIDGET (f->window), "ra-one-pawn-selected");
  /* One pawn goes three cells north-east: h7 -> k10. */
  click_cell (f, "k10");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  played = tb_game_get_move_text (game, 1);
  g_assert_cmpstr (played, ==, "1h7-k10");
  g_assert_true (tb_board_view_is_animating (view));
  iterate_for (150);
  save_screenshot (GTK_WIDGET (f->window), "ra-split-animating");
  iterate_until (not_animating, view, 5000);
  save_screenshot (GTK_WIDGET (f->window), "ra-after-split");
}

/* A whole RA game by clicks (the amount set with the keys when needed),
 * the end announced with the match score, and the next game started by
 * the loser. */
static void
test_ra_game_to_the_end_and_next_game (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = start_from_dialog (f, "ra", 1);
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;
  TbMatch *match = test_match (f->window);
  GtkWindow *dialog;
  TbRandom rng;
  guint loser;

  tb_board_view_set_animation_speed (view, "off");
  tb_random_init (&rng, 5);
  while (!tb_game_is_over (game))
    {
      guint n, ply = tb_game_get_ply (game);
      const TbMove *moves = tb_game_get_legal_moves (game, &n);
      TbMove move = moves[tb_random_below (&rng, n)];
      TbVariant *v = tb_game_get_variant (game);
      int from, to;
      guint amount;

      g_assert_cmpuint (ply, <, 1000);
      if (move == TB_MOVE_PASS)
        {
          g_assert_true (tb_game_play (game, move, NULL));
          continue;
        }
      tb_variant_move_cells (v, tb_game_get_position (game), move, &from, &to);
      click_cell (f, board->cells[from].name);
      amount = tb_variant_move_amount (v, tb_game_get_position (game), move);
      if (tb_move_picker_get_move_amount (tb_board_view_get_picker (view)) != amount)
        press_key (f, GDK_KEY_0 + amount);
      click_cell (f, board->cells[to].name);
      g_assert_cmpuint (tb_game_get_ply (game), ==, ply + 1);
    }
  iterate_for (200);
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  save_screenshot (GTK_WIDGET (dialog), "ra-game-over-dialog");
  save_screenshot (GTK_WIDGET (f->window), "ra-game-over");
  loser = tb_game_get_result (game) == TB_RESULT_SEAT1_WINS ? 2 : 1;
  if (tb_game_get_result (game) == TB_RESULT_DRAW)
    loser = tb_game_get_starter (game);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "next-game");
  iterate_for (100);
  g_assert_cmpuint (tb_match_get_n_games (match), ==, 2);
  g_assert_true (test_game (f->window) == tb_match_get_current_game (match));
  g_assert_cmpuint (tb_game_get_starter (test_game (f->window)), ==, loser);
  save_screenshot (GTK_WIDGET (f->window), "ra-second-game");
}

/* A player whose only move is a pass is told so and passes with a click;
 * undo goes back past the pass. */
static void
test_ra_forced_pass_is_announced (Fixture *f, gconstpointer data)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("ra"));
  TbPosition *start = tb_variant_parse_position (v, "to-move=1 1:1@m13 2:2@l13 2:2@m12 2:2@l12",
                                                 NULL);
  g_autoptr (TbGame) game = tb_game_new_at (v, start);

  tb_position_free (start);
  tb_window_set_game (f->window, game);
  iterate_for (300);
  save_screenshot (GTK_WIDGET (f->window), "ra-must-pass");
  /* The stack can be chosen, to hear that it cannot move, but goes
   * nowhere: the pass bar's button passes. */
  click_cell (f, "m13");
  click_cell (f, "m12");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_cmpint (tb_move_picker_get_selected (tb_board_view_get_picker (test_board_view (f->window))), ==, -1);
  g_assert_true (gtk_widget_activate_action (test_bars (f->window), "bars.pass", NULL));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  g_assert_cmpuint (tb_game_get_move (game, 1), ==, TB_MOVE_PASS);
  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
}

static char *
last_move (TbGame *game)
{
  return tb_game_get_move_text (game, tb_game_get_ply (game));
}

/* Oraïa, FIG. 1 of the rules: Red clicks O6, then the centre: three blue
 * pawns are jumped; the turn of the disc is chosen with a button, and the
 * disc turns. */
static void
test_oraia_chain_and_turn_by_clicks (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = show_position (f, "oraia", "to-move=2 starter=1 1@O7 1@O1 1@I2 1@P4 2@O6 2@P3 "
                                            "2@P5 2@P7");
  g_autofree char *played = NULL;
  g_autofree char *position = NULL;

  click_cell (f, "O6");
  save_screenshot (GTK_WIDGET (f->window), "oraia-selected");
  click_cell (f, "C");
  g_assert_cmpint (tb_move_picker_get_pending (tb_board_view_get_picker (view)), ==, TB_PICKER_PENDING_TURN);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  iterate_for (300);
  save_screenshot (GTK_WIDGET (f->window), "oraia-turn-choice");
  g_assert_true (gtk_widget_activate_action (test_bars (f->window), "bars.turn", "u", 1));
  played = last_move (game);
  g_assert_cmpstr (played, ==, "O6-O0-O2-C=R");
  g_assert_true (tb_board_view_is_animating (view));
  iterate_for (1100);
  save_screenshot (GTK_WIDGET (f->window), "oraia-disc-turning");
  iterate_until (not_animating, view, 8000);
  position = tb_variant_format_position (tb_game_get_variant (game), tb_game_get_position (game));
  g_assert_nonnull (strstr (position, "r=1"));
  g_assert_nonnull (strstr (position, "2*@C"));
  save_screenshot (GTK_WIDGET (f->window), "oraia-after-turn");
}

/* Two jumps end on the centre: the circled cell picks one, the
 * destination again the shortest; Return leaves the disc as it is. */
static void
test_oraia_choose_the_path (Fixture *f, gconstpointer data)
{
  const char *text = "to-move=1 1@O0 2@I0 2@O1 2@I2 2@P3 1@P4";
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = show_position (f, "oraia", text);
  g_autofree char *through = NULL;
  g_autofree char *direct = NULL;

  click_cell (f, "O0");
  click_cell (f, "C");
  g_assert_cmpint (tb_move_picker_get_pending (tb_board_view_get_picker (view)), ==, TB_PICKER_PENDING_PATH);
  save_screenshot (GTK_WIDGET (f->window), "oraia-path-choice");
  click_cell (f, "O2");
  g_assert_cmpint (tb_move_picker_get_pending (tb_board_view_get_picker (view)), ==, TB_PICKER_PENDING_TURN);
  press_key (f, GDK_KEY_Return);
  through = last_move (game);
  g_assert_cmpstr (through, ==, "O0-O2-C");

  game = show_position (f, "oraia", text);
  click_cell (f, "O0");
  click_cell (f, "C");
  click_cell (f, "C");
  press_key (f, GDK_KEY_Left);
  direct = last_move (game);
  g_assert_cmpstr (direct, ==, "O0-C=L");
}

/* The equal-tempo rule: Blue (who started) brings the fourth pawn home,
 * Red still can and does; the draw is announced. */
static void
test_oraia_equal_tempo_announced (Fixture *f, gconstpointer data)
{
  TbGame *game = show_position (f, "oraia", "to-move=1 starter=1 1*@P1 1*@P3 1*@P5 1*@O7 "
                                            "2*@P0 2*@P2 2*@P4 2*@O6");
  GtkWindow *dialog;

  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  click_cell (f, "O7");
  click_cell (f, "P7");
  g_assert_false (tb_game_is_over (game));
  save_screenshot (GTK_WIDGET (f->window), "oraia-extra-turn");
  click_cell (f, "O6");
  click_cell (f, "P6");
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_DRAW);
  iterate_for (200);
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  save_screenshot (GTK_WIDGET (dialog), "oraia-draw-dialog");
  save_screenshot (GTK_WIDGET (f->window), "oraia-draw");
}

/* Versus's move limit: set in the New Game dialog (the last of the rule
 * options), the move that reaches it ends the game and the dialog says
 * why; here the limit is one move each. */
static void
test_versus_move_limit (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *options_shot = shot_name (setup, "new-game-dialog-move-limit");
  g_autofree char *over_shot = shot_name (setup, "versus-move-limit");
  TbNewGameDialog *dialog;
  GtkWidget *scrolled;
  GtkWindow *over;
  TbGame *game;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  tb_new_game_dialog_select_ruleset (dialog, "versus-61");
  g_assert_true (tb_new_game_dialog_set_option (dialog, "move-limit", 1));
  iterate_for (200);
  scrolled = find_descendant (GTK_WIDGET (dialog), GTK_TYPE_SCROLLED_WINDOW);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                            G_MAXDOUBLE);
  iterate_for (100);
  save_screenshot (GTK_WIDGET (dialog), options_shot);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate_for (100);

  game = test_game (f->window);
  {
    g_autofree char *options = tb_variant_options_to_text (tb_game_get_variant (game));
    g_assert_cmpstr (options, ==, "move-limit=1");
  }
  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  click_cell (f, "a1");
  click_cell (f, "a2");
  g_assert_false (tb_game_is_over (game));
  click_cell (f, "i9");
  click_cell (f, "i8");
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_MOVE_LIMIT);
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_DRAW);
  iterate_for (200);
  over = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (over);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (over)),
                            tb_describe_termination (TB_TERMINATION_MOVE_LIMIT)));
  save_screenshot (GTK_WIDGET (f->window), over_shot);
}

static void
test_about_credits_the_games (Fixture *f, gconstpointer data)
{
  GtkWindow *about;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "about", NULL);
  about = find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  save_screenshot (GTK_WIDGET (about), "about");
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  ADD ("/ui/start-shows-versus-61-ready-to-play", test_start_shows_versus_61_ready_to_play);
  ADD ("/ui/click-selects-and-shows-destinations", test_click_selects_and_shows_destinations);
  ADD ("/ui/click-plays-and-animates-the-attraction", test_click_plays_and_animates_the_attraction);
  ADD ("/ui/whole-game-by-clicks-ends-announced", test_whole_game_by_clicks_ends_announced);
  ADD ("/ui/new-game-dialog-starts-versus-91", test_new_game_dialog_starts_versus_91);
  ADD_SETUP ("/ui/versus-move-limit/wide-light", wide_light, test_versus_move_limit);
  ADD_SETUP ("/ui/versus-move-limit/wide-dark", wide_dark, test_versus_move_limit);
  ADD_SETUP ("/ui/versus-move-limit/narrow-dark", narrow_dark, test_versus_move_limit);
  ADD ("/ui/about-credits-the-games", test_about_credits_the_games);
  ADD ("/ui/ra/split-move-by-keys-scroll-and-buttons",
       test_ra_split_move_by_keys_scroll_and_buttons);
  ADD ("/ui/ra/game-to-the-end-and-next-game", test_ra_game_to_the_end_and_next_game);
  ADD ("/ui/ra/forced-pass-is-announced", test_ra_forced_pass_is_announced);
  ADD ("/ui/oraia/chain-and-turn-by-clicks", test_oraia_chain_and_turn_by_clicks);
  ADD ("/ui/oraia/choose-the-path", test_oraia_choose_the_path);
  ADD ("/ui/oraia/equal-tempo-announced", test_oraia_equal_tempo_announced);
  ADD_SETUP ("/ui/window/wide-dark", wide_dark, test_dark_and_narrow_windows);
  ADD_SETUP ("/ui/window/narrow-dark", narrow_dark, test_dark_and_narrow_windows);
  ADD_SETUP ("/ui/window/narrow-light", narrow_light, test_dark_and_narrow_windows);
  ADD_SETUP ("/ui/window/large-light", large_light, test_dark_and_narrow_windows);
  ADD_SETUP ("/ui/window/large-dark", large_dark, test_dark_and_narrow_windows);

  return ui_test_run ();
}
