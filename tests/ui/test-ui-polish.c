/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-polish.c: what a person playing every day trips over on the
 * play page and in the replay: the move list following the game, one way
 * of numbering moves, coordinates where words name cells, a board that
 * keeps its size, Enter, the computer's name, a status that tells the
 * position now, the game's buttons, the keyboard.
 *
 * Skipped, not failed, when no display can be opened.
 */
#include "config.h"

#include <glib/gi18n.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tb-history-page.h"
#include "tb-move-describe.h"
#include "tb-move-entry.h"
#include "tb-move-list.h"
#include "tb-move-tree.h"
#include "tb-new-game-dialog.h"
#include "tb-random.h"
#include "ui-test-util.h"

static TbMoveList *
move_list_in (GtkWidget *widget)
{
  return TB_MOVE_LIST (find_descendant (widget, TB_TYPE_MOVE_LIST));
}

static TbMoveEntry *
move_entry (Fixture *f)
{
  return TB_MOVE_ENTRY (find_descendant (test_play_page (f->window), TB_TYPE_MOVE_ENTRY));
}

/* Random legal moves through the session, as many as n or to the end. */
static void
play_random (Fixture *f, guint n, guint seed)
{
  TbGame *game = test_game (f->window);
  TbRandom rng;

  tb_random_init (&rng, seed);
  for (guint i = 0; i < n && !tb_game_is_over (game); i++)
    {
      guint n_moves;
      const TbMove *moves = tb_game_get_legal_moves (game, &n_moves);

      g_assert_true (tb_session_play (test_session (f->window),
                                      moves[tb_random_below (&rng, n_moves)], NULL));
    }
}

/* A label under widget showing exactly text, or NULL. */
static gboolean
shows_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static GtkWidget *
find_label (GtkWidget *widget, const char *text)
{
  return find_widget (widget, shows_text, text);
}

static gboolean
has_action (GtkWidget *widget, gconstpointer action_name)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0;
}

/* A widget under widget whose action is action_name, or NULL. */
static GtkWidget *
find_actionable (GtkWidget *widget, const char *action_name)
{
  return find_widget (widget, has_action, action_name);
}

typedef struct
{
  TbMoveList *list;
  TbGame *game;
} Following;

static gboolean
list_shows_current (gpointer data)
{
  Following *following = data;

  return tb_move_list_shows_ply (following->list, tb_game_get_ply (following->game));
}

/* Item 1: the current move stays in view in play, after an undo, looking
 * back, and at the end. */
static void
test_move_list_follows_the_game (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "move-list-follows");
  g_autofree char *end_shot = shot_name (setup, "move-list-at-the-end");
  Following following = { move_list_in (test_play_page (f->window)), test_game (f->window) };

  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  play_random (f, 40, 26);
  iterate_until (list_shows_current, &following, 3000);
  save_screenshot (GTK_WIDGET (f->window), shot);

  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  iterate_until (list_shows_current, &following, 3000);

  /* Looking back at an early move brings its row into view. */
  g_signal_emit_by_name (following.list, "ply-activated", 3);
  iterate_for (100);
  g_assert_cmpint (tb_board_view_get_shown_ply (test_board_view (f->window)), ==, 3);
  {
    gboolean shown = FALSE;
    gint64 deadline = g_get_monotonic_time () + 15 * G_USEC_PER_SEC;

    while (!(shown = tb_move_list_shows_ply (following.list, 3)) &&
           g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE);
    g_assert_true (shown);
  }
  gtk_widget_activate_action (test_play_page (f->window), "play.back-to-game", NULL);

  play_random (f, 400, 27);
  g_assert_true (tb_game_is_over (following.game));
  iterate_for (300);
  iterate_until (list_shows_current, &following, 3000);
  save_screenshot (GTK_WIDGET (f->window), end_shot);
}

/* The replay's list (its move tree) shows the move shown. */
static gboolean
tree_shows_current (gpointer tree)
{
  return tb_move_tree_shows_current (tree);
}

/* Items 1, 2 and 3 in the replay: the list follows, the comment's
 * heading numbers the move as the list does, the board shows the
 * coordinates as the preference says.  A window of its own, with a
 * database. */
static void
test_replay_follows_numbers_and_coordinates (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "replay-follows");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-polish-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  g_autoptr (TbGame) game = random_game ("versus-61", 60, 14);
  GSettings *settings;
  TbWindow *window;
  TbReplayView *replay;
  TbBoardView *board;
  TbMoveTree *tree;
  gint64 id;

  g_assert_no_error (error);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 60);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  window = replay_window (f, setup, path, store, id, game);
  settings = tb_context_get_settings (tb_window_get_context (window));
  replay = tb_history_page_get_replay (tb_window_get_history_page (window));
  board = TB_BOARD_VIEW (find_descendant (GTK_WIDGET (replay), TB_TYPE_BOARD_VIEW));
  g_assert_cmpstr (tb_window_get_page (window), ==, "history");

  tree = TB_MOVE_TREE (find_descendant (GTK_WIDGET (replay), TB_TYPE_MOVE_TREE));
  iterate_until (tree_shows_current, tree, 3000);
  tb_replay_view_go_to (replay, 2);
  iterate_until (tree_shows_current, tree, 3000);
  tb_replay_view_go_to (replay, 51);
  iterate_until (tree_shows_current, tree, 3000);
  {
    g_autofree char *move = tb_game_get_move_text (game, 51);
    g_autofree char *numbered = tb_describe_numbered_move (game, 51);
    g_autofree char *expected = g_strdup_printf ("26. %s", move);
    g_autofree char *heading = g_strdup_printf (_("Comment on move %s"), numbered);

    g_assert_cmpstr (numbered, ==, expected);
    g_assert_nonnull (find_label (GTK_WIDGET (replay), heading));
  }
  tb_replay_view_go_to (replay, 52);
  {
    g_autofree char *move = tb_game_get_move_text (game, 52);
    g_autofree char *numbered = tb_describe_numbered_move (game, 52);
    g_autofree char *expected = g_strdup_printf ("26… %s", move);

    g_assert_cmpstr (numbered, ==, expected);
  }
  iterate_until (tree_shows_current, tree, 3000);

  /* Coordinates: on by default, and the replay follows the preference. */
  g_assert_true (g_settings_get_boolean (settings, "show-coordinates"));
  g_assert_true (tb_board_view_get_show_coordinates (board));
  iterate_for (200);
  save_screenshot (GTK_WIDGET (window), shot);
  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  g_assert_false (tb_board_view_get_show_coordinates (board));
  g_settings_set_boolean (settings, "show-coordinates", TRUE);
  g_assert_true (tb_board_view_get_show_coordinates (board));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
  g_clear_object (&store);
  tt_remove_dir (dir);
}

/* Item 2: looking back names the move as the list numbers it. */
static void
test_look_back_numbers_full_moves (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  TbMoveList *list = move_list_in (test_play_page (f->window));

  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  play_random (f, 8, 3);
  for (guint ply = 5; ply <= 6; ply++)
    {
      g_autofree char *move = tb_game_get_move_text (game, ply);
      g_autofree char *numbered = g_strdup_printf (ply == 5 ? "3. %s" : "3… %s", move);
      g_autofree char *banner = g_strdup_printf (_("You are looking at move %s."), numbered);

      g_signal_emit_by_name (list, "ply-activated", ply);
      iterate_for (50);
      g_assert_nonnull (find_label (test_play_page (f->window), numbered));
      g_assert_nonnull (find_label (test_play_page (f->window), banner));
    }
  save_screenshot (GTK_WIDGET (f->window), "look-back-numbered");
}

/* Issue 25: the move list shows a move's glyph after it ("3. c1-c4??"
 * for a blunder, $4), as the record's reader takes it. */
static void
test_move_list_shows_glyphs (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  TbMoveList *list = move_list_in (test_play_page (f->window));
  g_autofree char *numbered = NULL;
  g_autofree char *marked = NULL;

  play_random (f, 6, 5);
  tb_game_go_to_ply (game, 5);
  tb_game_add_node_nag (game, tb_game_get_current_node (game), 4);
  tb_game_go_to_ply (game, 6);
  tb_move_list_set_game (list, game);
  iterate_for (50);
  numbered = tb_describe_numbered_move (game, 5);
  marked = g_strconcat (numbered, "?" "?", NULL);
  g_assert_nonnull (find_label (test_play_page (f->window), marked));
  g_assert_null (find_label (test_play_page (f->window), numbered));
  save_screenshot (GTK_WIDGET (f->window), "move-list-glyphs");
}

typedef struct
{
  int width, height;
} Size;

static Size
board_size (Fixture *f)
{
  GtkWidget *board = GTK_WIDGET (test_board_view (f->window));

  return (Size) { gtk_widget_get_width (board), gtk_widget_get_height (board) };
}

static void
assert_same_size (Size before, Size after)
{
  g_assert_cmpint (after.width, ==, before.width);
  g_assert_cmpint (after.height, ==, before.height);
}

/* Item 4: the board keeps its size when a bar appears under it, or a
 * long sentence in the status. */
static void
test_board_keeps_its_size (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *confirm_shot = shot_name (setup, "board-size-confirm");
  g_autofree char *turn_shot = shot_name (setup, "board-size-oraia-turn");
  GSettings *settings = tb_context_get_settings (f->context);
  Size before;

  /* A move to confirm. */
  g_settings_set_boolean (settings, "confirm-moves", TRUE);
  iterate_for (300);
  before = board_size (f);
  click_cell (f, "c1");
  click_cell (f, "e3");
  g_assert_cmpint (tb_board_view_get_proposal (test_board_view (f->window)), !=, TB_MOVE_NONE);
  iterate_for (400);
  assert_same_size (before, board_size (f));
  save_screenshot (GTK_WIDGET (f->window), confirm_shot);
  gtk_widget_activate_action (test_bars (f->window), "bars.confirm-move", NULL);
  iterate_for (400);
  assert_same_size (before, board_size (f));
  g_settings_set_boolean (settings, "confirm-moves", FALSE);

  /* Looking back at an earlier move: the banner and its way back. */
  g_signal_emit_by_name (move_list_in (test_play_page (f->window)), "ply-activated", 0);
  iterate_for (400);
  g_assert_cmpint (tb_board_view_get_shown_ply (test_board_view (f->window)), ==, 0);
  assert_same_size (before, board_size (f));
  gtk_widget_activate_action (test_play_page (f->window), "play.back-to-game", NULL);
  iterate_for (300);

  /* A long status: something typed that is no move. */
  gtk_editable_set_text (tb_move_entry_get_editable (move_entry (f)),
                         "averyveryverylongwordthatisnomoveatallandgoesonandon");
  tb_move_entry_activate (move_entry (f));
  iterate_for (300);
  assert_same_size (before, board_size (f));

  /* Oraïa's turn of the disc, and RA's amounts. */
  show_position (f, "oraia", "to-move=2 starter=1 1@O7 1@O1 1@I2 1@P4 2@O6 2@P3 2@P5 2@P7");
  iterate_for (300);
  before = board_size (f);
  click_cell (f, "O6");
  click_cell (f, "C");
  g_assert_cmpint (tb_move_picker_get_pending (test_picker (f->window)), ==,
                   TB_PICKER_PENDING_TURN);
  iterate_for (400);
  assert_same_size (before, board_size (f));
  save_screenshot (GTK_WIDGET (f->window), turn_shot);

  start_from_dialog (f, "ra", 2);
  iterate_for (300);
  before = board_size (f);
  click_cell (f, "h7");
  g_assert_cmpuint (tb_move_picker_get_available_amounts (test_picker (f->window)), ==, 0xe);
  iterate_for (400);
  assert_same_size (before, board_size (f));

  /* Retournement's piece held. */
  start_from_dialog (f, "retournement", 1);
  iterate_for (300);
  before = board_size (f);
  press_key (f, GDK_KEY_3);
  g_assert_cmpint (tb_move_picker_get_held_piece (test_picker (f->window)), >=, 0);
  iterate_for (400);
  assert_same_size (before, board_size (f));
}

static gboolean
no_new_game_dialog (gpointer data)
{
  return find_toplevel (TB_TYPE_NEW_GAME_DIALOG) == NULL;
}

/* Item 5: Enter starts the game in New Game, and confirms a move from the
 * move box where the status says it does. */
static void
test_enter_starts_and_confirms (Fixture *f, gconstpointer data)
{
  GSettings *settings = tb_context_get_settings (f->context);
  TbNewGameDialog *dialog;
  GtkWidget *focus;
  GtkEditable *entry;
  TbGame *game;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  tb_new_game_dialog_select_ruleset (dialog, "versus-91");
  iterate_for (200);
  focus = gtk_root_get_focus (GTK_ROOT (dialog));
  g_assert_nonnull (focus);
  g_assert_true (GTK_IS_ACTIONABLE (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "dialog.start");
  /* What Enter does to a focused button (which clicks after a moment). */
  gtk_widget_activate (focus);
  iterate_until (no_new_game_dialog, NULL, 3000);
  game = test_game (f->window);
  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "versus-91");

  /* A typed move, confirmed with Enter in the move box. */
  g_settings_set_boolean (settings, "confirm-moves", TRUE);
  entry = tb_move_entry_get_editable (move_entry (f));
  gtk_widget_grab_focus (GTK_WIDGET (move_entry (f)));
  {
    guint n;
    const TbMove *moves = tb_game_get_legal_moves (game, &n);
    g_autofree char *token = tb_game_format_move (game, moves[0]);

    gtk_editable_set_text (entry, token);
  }
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpint (tb_board_view_get_proposal (test_board_view (f->window)), !=, TB_MOVE_NONE);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");
  iterate_for (300);
  g_signal_emit_by_name (entry, "activate");
  /* Confirm, activated, clicks after a moment. */
  {
    gint64 deadline = g_get_monotonic_time () + 15 * G_USEC_PER_SEC;

    while (tb_game_get_ply (game) == 0 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
}

/* Item 7: the computer has a translated name in the list of players;
 * sentences name seats by colour. */
static void
test_computer_named_in_the_language (Fixture *f, gconstpointer data)
{
  GSettings *settings = tb_context_get_settings (f->context);
  g_autofree char *name = g_strdup_printf (_("Computer (level %u)"), 1);
  TbGame *game;
  TbNewGameDialog *dialog;

  g_settings_set_int (settings, "computer-delay", 0);
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  tb_new_game_dialog_select_ruleset (dialog, "versus-61");
  tb_new_game_dialog_set_level (dialog, 1, 0);
  tb_new_game_dialog_set_level (dialog, 2, 1);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate_for (100);
  game = test_game (f->window);
  tb_board_view_set_animation_speed (test_board_view (f->window), "off");

  /* Stored as the rating list knows it, shown in the reader's language. */
  g_assert_cmpstr (tb_game_get_player_name (game, 2), ==, "Tablier level 1");
  g_assert_cmpstr (tb_seat_label (game, 2), ==, name);
  g_assert_nonnull (find_label (test_play_page (f->window), name));

  click_cell (f, "c1");
  click_cell (f, "e3");
  while (tb_game_get_ply (game) < 2)
    g_main_context_iteration (NULL, TRUE);
  iterate_for (100);
  /* The computer's move and the header, by colour. */
  g_assert_null (strstr (test_status_text (f->window), "Tablier"));
  g_assert_null (strstr (test_status_text (f->window), name));
  g_assert_nonnull (strstr (test_status_text (f->window), tb_seat_colour (game, 2)));
  {
    g_autofree char *state = tb_describe_state (game);

    g_assert_null (strstr (state, "Tablier"));
  }
  save_screenshot (GTK_WIDGET (f->window), "computer-named");
}

/* Item 8: the status tells the position now. */
static void
test_status_is_never_stale (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  TbMovePicker *picker = test_picker (f->window);

  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  /* Redo tells the move redone. */
  play_random (f, 2, 5);
  gtk_widget_activate_action (test_play_page (f->window), "play.undo", NULL);
  {
    g_autofree char *first = tb_describe_move (game, 1);

    g_assert_cmpstr (test_status_text (f->window), ==, first);
  }
  gtk_widget_activate_action (test_play_page (f->window), "play.redo", NULL);
  {
    g_autofree char *second = tb_describe_move (game, 2);

    g_assert_cmpstr (test_status_text (f->window), ==, second);
  }

  /* A game resumed at its fifth move tells that move. */
  {
    g_autoptr (TbGame) resumed = g_object_ref (game);

    play_random (f, 3, 6);
    g_assert_cmpuint (tb_game_get_ply (resumed), ==, 5);
    show_position (f, "oraia", "to-move=2 starter=1 1@O7 1@O1 1@I2 1@P4 2@O6 2@P3 2@P5 2@P7");
    tb_window_set_game (f->window, resumed);
    iterate_for (50);
    {
      g_autofree char *fifth = tb_describe_move (resumed, 5);

      g_assert_cmpstr (test_status_text (f->window), ==, fifth);
    }
  }

  /* At the end: the result, after the last move. */
  play_random (f, 500, 8);
  g_assert_true (tb_game_is_over (test_game (f->window)));
  {
    g_autofree char *state = tb_describe_state (test_game (f->window));

    g_assert_true (g_str_has_suffix (test_status_text (f->window), state));
  }
  save_screenshot (GTK_WIDGET (f->window), "status-at-the-end");

  /* RA: fewer pawns, other destinations, told; the match by colour. */
  start_from_dialog (f, "ra", 2);
  {
    g_autofree char *match = tb_describe_match (test_match (f->window));

    g_assert_nonnull (strstr (match, tb_seat_colour (test_game (f->window), 1)));
    g_assert_nonnull (strstr (match, tb_seat_colour (test_game (f->window), 2)));
  }
  picker = test_picker (f->window);
  click_cell (f, "h7");
  g_assert_cmpuint (tb_move_picker_get_move_amount (picker), ==, 3);
  {
    g_autofree char *three = g_strdup (test_status_text (f->window));

    press_key (f, GDK_KEY_1);
    g_assert_cmpuint (tb_move_picker_get_move_amount (picker), ==, 1);
    g_assert_cmpstr (test_status_text (f->window), !=, three);
    /* One pawn goes three cells: k10 is among its destinations. */
    g_assert_nonnull (strstr (test_status_text (f->window), "k10"));
  }

  /* Retournement's first words name the keys too. */
  start_from_dialog (f, "retournement", 1);
  g_assert_cmpstr (test_status_text (f->window), ==,
                   _("Take a piece from your tray with a click or with keys 1 to 5 (its size), "
                     "turn it with R, and lay it with a click or the arrow keys and Enter."));
}

/* Item 9: after an undo a person may still resign or offer a draw; the
 * game then ends where it stands. */
static void
test_resign_after_undo (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  GtkWidget *page = test_play_page (f->window);
  GtkWidget *resign = find_actionable (page, "play.resign");
  GtkWidget *draw = find_actionable (page, "play.offer-draw");

  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  play_random (f, 4, 9);
  gtk_widget_activate_action (page, "play.undo", NULL);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);
  g_assert_true (tb_game_can_redo (game));
  g_assert_true (gtk_widget_get_sensitive (resign));
  g_assert_true (gtk_widget_get_sensitive (draw));
  save_screenshot (GTK_WIDGET (f->window), "undo-buttons");
  tb_session_resign (test_session (f->window), tb_game_get_to_move (game));
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 3);
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 3);
  g_assert_false (tb_game_can_redo (game));
  g_assert_false (gtk_widget_get_sensitive (resign));
}

/* Whether a shortcut under widget lists accelerator. */
static gboolean
find_accelerator (GtkWidget *widget, const char *accelerator)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerators = NULL;

      g_object_get (widget, "accelerator", &accelerators, NULL);
      if (accelerators && strstr (accelerators, accelerator))
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (find_accelerator (child, accelerator))
      return TRUE;
  return FALSE;
}

static gboolean
board_has_focus (gpointer data)
{
  Fixture *f = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
  GtkWidget *board = GTK_WIDGET (test_board_view (f->window));

  return focus && (focus == board || gtk_widget_is_ancestor (focus, board));
}

/* Item 10: the board takes the keyboard when a game starts; Ctrl+Up goes
 * straight up on hexagons. */
static void
test_keyboard_starts_on_the_board (Fixture *f, gconstpointer data)
{
  TbBoardView *view = test_board_view (f->window);
  const TbBoardDesc *board;
  double x0, y0, x1, y1;
  int from, to;

  start_from_dialog (f, "retournement", 1);
  iterate_until (board_has_focus, f, 2000);
  start_from_dialog (f, "versus-61", 1);
  iterate_until (board_has_focus, f, 2000);

  board = &tb_game_get_variant (test_game (f->window))->board;
  from = tb_board_desc_find_cell (board, "e1");
  gtk_widget_grab_focus (GTK_WIDGET (view));
  for (int i = 0; i < 20 && tb_board_view_get_focus_cell (view) != from; i++)
    {
      /* From wherever the focus starts, to e1 by Left/Right/Down. */
      int here = tb_board_view_get_focus_cell (view);
      double hx, hy, tx, ty;

      tb_board_view_get_cell_center (view, here, &hx, &hy);
      tb_board_view_get_cell_center (view, from, &tx, &ty);
      press_key (f, ty > hy + 1 ? GDK_KEY_Down : tx < hx ? GDK_KEY_Left : GDK_KEY_Right);
    }
  g_assert_cmpint (tb_board_view_get_focus_cell (view), ==, from);
  tb_board_view_get_cell_center (view, from, &x0, &y0);
  press_key_with (f, GDK_KEY_Up, GDK_CONTROL_MASK);
  to = tb_board_view_get_focus_cell (view);
  g_assert_cmpint (to, !=, from);
  tb_board_view_get_cell_center (view, to, &x1, &y1);
  g_assert_cmpfloat (fabs (x1 - x0), <, 1.0);
  g_assert_cmpfloat (y1, <, y0);
  press_key_with (f, GDK_KEY_Down, GDK_CONTROL_MASK);
  g_assert_cmpint (tb_board_view_get_focus_cell (view), ==, from);

  /* The shortcuts window says so.  It is made when first asked for (not
   * with the main window, tb-shortcuts.c), once however often it is asked
   * for, and Ctrl+? asks for it. */
  {
    g_autofree char **accels =
      gtk_application_get_accels_for_action (gtk_window_get_application (GTK_WINDOW (f->window)),
                                             "win.show-help-overlay");
    GtkWindow *shortcuts;
    gboolean listed = FALSE;
    guint windows;

    g_assert_true (accels[0] && g_str_equal (accels[0], "<Control>question"));
    g_assert_null (find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));
    windows = g_list_model_get_n_items (gtk_window_get_toplevels ());
    for (guint i = 0; i < 2; i++)
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-help-overlay",
                                                 NULL));
    iterate_for (200);
    g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, windows + 1);
    shortcuts = find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
    g_assert_nonnull (shortcuts);
    g_assert_true (gtk_window_get_transient_for (shortcuts) == GTK_WINDOW (f->window));
    listed = find_accelerator (GTK_WIDGET (shortcuts), "<Control>Up") &&
             /* The application's own keys too (app.new-game): the window
              * is the main window's help overlay, which looks them up. */
             find_accelerator (GTK_WIDGET (shortcuts), "<Control>n");
    gtk_window_destroy (shortcuts);
    g_assert_true (listed);
  }
}

static gboolean
mark_idled (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
is_idled (gpointer data)
{
  return *(gboolean *) data;
}

/* Item 11: a move typed against the computer leaves the box with the
 * focus, read-only while the computer thinks: no GTK warning (the test
 * makes warnings fatal) and the next move can be typed at once. */
static void
test_move_box_keeps_the_focus (Fixture *f, gconstpointer data)
{
  GSettings *settings = tb_context_get_settings (f->context);
  TbNewGameDialog *dialog;
  GtkEditable *entry;
  TbGame *game;

  g_settings_set_int (settings, "computer-delay", 300);
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  tb_new_game_dialog_select_ruleset (dialog, "versus-61");
  tb_new_game_dialog_set_level (dialog, 1, 0);
  tb_new_game_dialog_set_level (dialog, 2, 1);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  /* The board takes the keyboard once the window settles (an idle): the
   * player goes to the move box after that, as a person would. */
  iterate_until (board_has_focus, f, 2000);
  {
    gboolean idled = FALSE;

    g_idle_add (mark_idled, &idled);
    iterate_until (is_idled, &idled, 2000);
  }
  game = test_game (f->window);
  entry = tb_move_entry_get_editable (move_entry (f));
  gtk_widget_grab_focus (GTK_WIDGET (move_entry (f)));
  gtk_editable_set_text (entry, "c1-c3");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (entry)));
  g_assert_false (gtk_editable_get_editable (entry));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (gtk_root_get_focus (GTK_ROOT (f->window)))));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)),
                                         GTK_WIDGET (move_entry (f))));
  while (tb_game_get_ply (game) < 2)
    g_main_context_iteration (NULL, TRUE);
  iterate_for (50);
  g_assert_true (gtk_editable_get_editable (entry));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)),
                                         GTK_WIDGET (move_entry (f))));
}

/* A move played adds its row and keeps the others (a long game used to
 * remake every row at each move); an undone move replaced by another
 * changes its row, and the rows of the moves it drops go. */
static void
test_move_list_keeps_its_rows (Fixture *f, gconstpointer data)
{
  TbGame *game = test_game (f->window);
  GtkWidget *page = test_play_page (f->window);
  g_autofree char *first = NULL, *tenth = NULL, *replaced = NULL;
  GtkWidget *first_row;
  guint n_moves;
  const TbMove *moves;
  TbMove undone;

  tb_board_view_set_animation_speed (test_board_view (f->window), "off");
  play_random (f, 10, 41);
  iterate_for (50);
  first = tb_describe_numbered_move (game, 1);
  tenth = tb_describe_numbered_move (game, 10);
  first_row = find_label (page, first);
  g_assert_nonnull (first_row);
  g_assert_nonnull (find_label (page, tenth));

  /* Undone twice, then another ninth move: the tenth goes. */
  gtk_widget_activate_action (page, "play.undo", NULL);
  gtk_widget_activate_action (page, "play.undo", NULL);
  iterate_for (50);
  undone = tb_game_get_move (game, 9);
  moves = tb_game_get_legal_moves (game, &n_moves);
  g_assert_cmpuint (n_moves, >, 1);
  g_assert_true (tb_session_play (test_session (f->window),
                                  moves[0] == undone ? moves[1] : moves[0], NULL));
  iterate_for (50);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 9);
  replaced = tb_describe_numbered_move (game, 9);
  g_assert_nonnull (find_label (page, replaced));
  g_assert_null (find_label (page, tenth));
  g_assert_true (find_label (page, first) == first_row);

  /* Undone once and replaced: as many moves as before, the last one new. */
  g_clear_pointer (&tenth, g_free);
  play_random (f, 1, 42);
  iterate_for (50);
  tenth = tb_describe_numbered_move (game, 10);
  gtk_widget_activate_action (page, "play.undo", NULL);
  iterate_for (50);
  undone = tb_game_get_move (game, 10);
  moves = tb_game_get_legal_moves (game, &n_moves);
  g_assert_true (tb_session_play (test_session (f->window),
                                  moves[0] == undone ? moves[1] : moves[0], NULL));
  iterate_for (50);
  g_clear_pointer (&replaced, g_free);
  replaced = tb_describe_numbered_move (game, 10);
  g_assert_cmpstr (replaced, !=, tenth);
  g_assert_nonnull (find_label (page, replaced));
  g_assert_null (find_label (page, tenth));
  g_assert_true (find_label (page, first) == first_row);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  ADD_SETUP ("/polish/move-list-follows/wide-light", wide_light, test_move_list_follows_the_game);
  ADD_SETUP ("/polish/move-list-follows/large-dark", large_dark, test_move_list_follows_the_game);
  ADD_SETUP ("/polish/replay/wide-light", wide_light, test_replay_follows_numbers_and_coordinates);
  ADD_SETUP ("/polish/replay/narrow-dark", narrow_dark, test_replay_follows_numbers_and_coordinates);
  ADD ("/polish/look-back-numbers-full-moves", test_look_back_numbers_full_moves);
  ADD ("/polish/move-list-keeps-its-rows", test_move_list_keeps_its_rows);
  ADD ("/polish/move-list-shows-glyphs", test_move_list_shows_glyphs);
  ADD_SETUP ("/polish/board-keeps-its-size/wide-light", wide_light, test_board_keeps_its_size);
  ADD_SETUP ("/polish/board-keeps-its-size/large-dark", large_dark, test_board_keeps_its_size);
  ADD_SETUP ("/polish/board-keeps-its-size/narrow-light", narrow_light, test_board_keeps_its_size);
  ADD ("/polish/enter-starts-and-confirms", test_enter_starts_and_confirms);
  ADD ("/polish/computer-named-in-the-language", test_computer_named_in_the_language);
  ADD ("/polish/status-is-never-stale", test_status_is_never_stale);
  ADD ("/polish/resign-after-undo", test_resign_after_undo);
  ADD ("/polish/keyboard-starts-on-the-board", test_keyboard_starts_on_the_board);
  ADD ("/polish/move-box-keeps-the-focus", test_move_box_keeps_the_focus);

  return ui_test_run ();
}
