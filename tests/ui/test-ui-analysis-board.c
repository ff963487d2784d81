/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-analysis-board.c: the replay as an analysis board (issue 25): a
 * stored game replayed, another move played at ply 4 by clicks on the
 * board (a variation, the main line kept), '?' set by the key and '!' by
 * the move's menu, the variation promoted, a deletion undone by the
 * toast's Undo, the evaluation bar beside the board; then the game closed
 * and read again from the database: the same tree.  Light and dark, 1400
 * and 360 px wide, in English and in French (meson runs it in both).
 *
 * Skipped, not failed, when no display can be opened.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tb-a11y.h"
#include "tb-board-view.h"
#include "tb-eval-bar.h"
#include "tb-history-page.h"
#include "tb-move-tree.h"
#include "tb-random.h"
#include "tb-tgn.h"
#include "ui-test-util.h"

/* A press and a release on the replay's board, at the centre of cell. */
static void
click_replay_cell (TbBoardView *board, TbGame *game, const char *cell_name)
{
  int cell = tb_board_desc_find_cell (&tb_game_get_variant (game)->board, cell_name);
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (board));
  double x, y;

  g_assert_cmpint (cell, >=, 0);
  g_assert_true (tb_board_view_get_cell_center (board, cell, &x, &y));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY)
        {
          g_signal_emit_by_name (controller, "pressed", 1, x, y);
          g_signal_emit_by_name (controller, "released", 1, x, y);
        }
    }
  iterate_for (50);
}

/* A move of the position shown that is not the main line's next one, as
 * its two cells ("c1-c3"). */
static char *
other_move (TbGame *game)
{
  const TbGameNode *main_next = tb_game_node_get_child (tb_game_get_current_node (game), 0);
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (game, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = tb_game_format_move (game, moves[i]);

      if (moves[i] != tb_game_node_get_move (main_next) && strchr (text, '-') &&
          !strchr (text, 'x'))
        return g_steal_pointer (&text);
    }
  g_assert_not_reached ();
}

/* An item of the open menu, by its text (a menu's items name no action). */
static gboolean
is_menu_item (GtkWidget *widget, gconstpointer label)
{
  g_autofree char *text = NULL, *plain = tb_a11y_strip_mnemonic (label);

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0)
    return FALSE;
  /* Shown without the mnemonic's underscore. */
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, plain) == 0;
}

/* Opens the menu of the move shown and clicks an item, as the user does. */
static void
choose_in_menu (TbMoveTree *tree, const char *label, const char *shot)
{
  GtkWidget *popover = find_descendant (GTK_WIDGET (tree), GTK_TYPE_POPOVER_MENU);
  GtkWidget *button;

  tb_move_tree_open_menu (tree);
  iterate_for (200);
  g_assert_true (gtk_widget_get_visible (popover));
  /* A menu is a surface of its own: shot apart from the window. */
  if (shot)
    save_screenshot (popover, shot);
  button = find_widget (popover, is_menu_item, label);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  iterate_for (100);
}

static gboolean
is_toast (GtkWidget *widget, gconstpointer data)
{
  return g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget") == 0;
}

/* The Undo button of the toast shown (another "Undo" may be elsewhere). */
static gboolean
is_undo_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), _("_Undo")) == 0;
}

static guint
count_moves_in_main_line (TbGame *game)
{
  return tb_game_get_main_line_length (game);
}

/* Where every node's row is (index, indent), -1 for none, in the
 * order of a walk of the tree. */
static GArray *
row_places (TbMoveTree *tree, TbGame *game)
{
  GArray *places = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, (gpointer) tb_game_get_root (game));
  while (stack->len)
    {
      const TbGameNode *node = g_ptr_array_steal_index (stack, stack->len - 1);
      GtkWidget *row = tb_move_tree_get_row (tree, node);
      int place[2] = { -1, -1 };

      if (row)
        {
          place[0] = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
          place[1] = gtk_widget_get_margin_start (
            gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
        }
      g_array_append_vals (places, place, 2);
      for (const TbGameNode *child = tb_game_node_get_child (node, 0); child;
           child = tb_game_node_get_next_sibling (child))
        g_ptr_array_add (stack, (gpointer) child);
    }
  return places;
}

/* The rows a move played added one by one are where the whole tree made
 * again puts them. */
static void
assert_rows_as_made_again (TbMoveTree *tree, TbGame *game)
{
  g_autoptr (GArray) added = row_places (tree, game);
  g_autoptr (GArray) made = NULL;

  tb_move_tree_refresh (tree);
  made = row_places (tree, game);
  g_assert_cmpmem (added->data, added->len * sizeof (int), made->data, made->len * sizeof (int));
}

/* Moves played at random places of a game (new lines, new variations,
 * variations inside variations), as the board plays them: each time the
 * rows are those of the tree made again. */
static void
test_rows_follow_moves (Fixture *f, gconstpointer data)
{
  TbMoveTree *tree = g_object_ref_sink (g_object_new (TB_TYPE_MOVE_TREE, NULL));
  g_autoptr (TbGame) game = random_game ("versus-61", 30, 5);
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  TbRandom rng;

  tb_random_init (&rng, 5);
  tb_move_tree_set_game (tree, game);
  for (const TbGameNode *node = tb_game_get_root (game); node;
       node = tb_game_node_get_child (node, 0))
    g_ptr_array_add (nodes, (gpointer) node);
  for (guint i = 0; i < 60; i++)
    {
      const TbGameNode *at = nodes->pdata[tb_random_below (&rng, nodes->len)];
      guint n;
      const TbMove *moves;

      tb_game_go_to_node (game, at);
      moves = tb_game_get_legal_moves (game, &n);
      if (n == 0)
        continue;
      g_assert_true (tb_game_play_full (game, moves[tb_random_below (&rng, n)],
                                        TB_PLAY_ADD_VARIATION, NULL));
      g_ptr_array_add (nodes, (gpointer) tb_game_get_current_node (game));
      assert_rows_as_made_again (tree, game);
    }
  tb_move_tree_set_game (tree, NULL);
  g_object_unref (tree);
}

static void
test_analysis_board (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "analysis-board");
  g_autofree char *menu_shot = shot_name (setup, "analysis-board-menu");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-board-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  g_autoptr (TbGame) game = random_game ("versus-61", 16, 41);
  g_autoptr (TbGame) stored = NULL;
  g_autofree char *move = NULL, *record = NULL, *stored_record = NULL;
  g_auto (GStrv) cells = NULL;
  const TbGameNode *at_4, *main_5, *variation, *at_2;
  TbWindow *window;
  TbReplayView *replay;
  TbMoveTree *tree;
  TbBoardView *board;
  GtkWidget *bar, *toast, *undo, *row;
  guint length = 0;
  const char *binding = NULL;
  gint64 id;

  g_assert_no_error (error);
  /* Analysed on the main line: the bar shows there. */
  for (const TbGameNode *node = tb_game_get_root (game); node;
       node = tb_game_node_get_child (node, 0))
    tb_game_set_node_eval (game, node, 0.2 + 0.03 * tb_game_node_get_n_children (node) +
                                         0.01 * (length++ % 40));
  length = count_moves_in_main_line (game);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  window = replay_window (f, setup, path, store, id, game);
  replay = tb_history_page_get_replay (tb_window_get_history_page (window));
  tree = TB_MOVE_TREE (find_descendant (GTK_WIDGET (replay), TB_TYPE_MOVE_TREE));
  board = TB_BOARD_VIEW (find_descendant (GTK_WIDGET (replay), TB_TYPE_BOARD_VIEW));
  bar = find_descendant (GTK_WIDGET (replay), TB_TYPE_EVAL_BAR);
  tb_board_view_set_animation_speed (board, "off");

  /* Another move at ply 4, by clicks: a variation, the main line kept. */
  tb_replay_view_go_to (replay, 4);
  iterate_for (100);
  g_assert_true (gtk_widget_get_visible (bar));
  at_4 = tb_game_get_current_node (game);
  main_5 = tb_game_node_get_child (at_4, 0);
  move = other_move (game);
  cells = g_strsplit (move, "-", 2);
  click_replay_cell (board, game, cells[0]);
  click_replay_cell (board, game, cells[1]);
  variation = tb_game_get_current_node (game);
  g_assert_true (tb_game_node_get_parent (variation) == at_4);
  g_assert_cmpuint (tb_game_node_get_index (variation), ==, 1);
  g_assert_true (tb_game_node_get_child (at_4, 0) == main_5);
  g_assert_cmpuint (count_moves_in_main_line (game), ==, length);
  /* Its row, indented, selected; no evaluation there: no bar. */
  row = tb_move_tree_get_row (tree, variation);
  g_assert_nonnull (row);
  g_assert_true (gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)));
  g_assert_cmpint (
    gtk_widget_get_margin_start (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))), >, 0);
  g_assert_false (gtk_widget_get_visible (bar));
  /* The same move again from ply 4 is followed, not added. */
  tb_game_go_to_node (game, at_4);
  click_replay_cell (board, game, cells[0]);
  click_replay_cell (board, game, cells[1]);
  g_assert_true (tb_game_get_current_node (game) == variation);
  g_assert_cmpuint (tb_game_node_get_n_children (at_4), ==, 2);

  /* '?' by the key, on the board: a mistake; twice: a blunder. */
  g_assert_true (activate_key_binding (GTK_WIDGET (replay), GDK_KEY_question, 0, &binding));
  g_assert_cmpuint (tb_game_node_get_move_nag (variation), ==, 2);
  g_assert_true (activate_key_binding (GTK_WIDGET (tree), GDK_KEY_question, 0, &binding));
  g_assert_cmpuint (tb_game_node_get_move_nag (variation), ==, 4);
  /* The row shows it, with its fold button still there. */
  row = tb_move_tree_get_row (tree, variation);
  g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (find_descendant (
                                     row, GTK_TYPE_LABEL))),
                                   "??"));
  g_assert_nonnull (find_descendant (row, GTK_TYPE_TOGGLE_BUTTON));
  g_assert_true (gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)));
  g_assert_true (activate_key_binding (GTK_WIDGET (tree), GDK_KEY_question, 0, &binding));
  g_assert_cmpuint (tb_game_node_get_move_nag (variation), ==, 0);
  g_assert_true (activate_key_binding (GTK_WIDGET (tree), GDK_KEY_question, 0, &binding));
  g_assert_cmpuint (tb_game_node_get_move_nag (variation), ==, 2);

  /* The panel of moves shown, as its button does on a narrow window. */
  adw_flap_set_reveal_flap (ADW_FLAP (find_descendant (GTK_WIDGET (replay), ADW_TYPE_FLAP)), TRUE);
  iterate_for (300);

  /* '!' by the menu, on a main-line move. */
  tb_replay_view_go_to (replay, 0);
  tb_game_go_to_node (game, tb_game_node_get_child (tb_game_node_get_child (
                                tb_game_get_root (game), 0), 0));
  at_2 = tb_game_get_current_node (game);
  choose_in_menu (tree, _("Good Move (!)"), menu_shot);
  g_assert_cmpuint (tb_game_node_get_move_nag (at_2), ==, 1);

  /* The variation promoted: the main line goes through it. */
  tb_game_go_to_node (game, variation);
  choose_in_menu (tree, _("_Promote Variation"), NULL);
  g_assert_true (tb_game_node_get_child (at_4, 0) == variation);
  g_assert_true (tb_game_node_get_child (at_4, 1) == main_5);
  g_assert_null (tb_game_node_get_variation_start (variation));

  /* The old main line, now a variation, deleted, and the toast's Undo
   * brings it back where it was. */
  tb_game_go_to_node (game, main_5);
  choose_in_menu (tree, _("_Delete Variation"), NULL);
  g_assert_cmpuint (tb_game_node_get_n_children (at_4), ==, 1);
  g_assert_true (tb_game_get_current_node (game) == at_4);
  g_assert_null (tb_move_tree_get_row (tree, main_5));
  toast = find_widget (GTK_WIDGET (window), is_toast, NULL);
  g_assert_nonnull (toast);
  undo = find_widget (toast, is_undo_button, NULL);
  g_assert_nonnull (undo);
  g_signal_emit_by_name (undo, "clicked");
  iterate_for (100);
  g_assert_cmpuint (tb_game_node_get_n_children (at_4), ==, 2);
  g_assert_true (tb_game_node_get_child (at_4, 1) == main_5);
  g_assert_nonnull (tb_move_tree_get_row (tree, main_5));

  tb_game_go_to_node (game, main_5);
  /* The toast gone, the panel and the bar shown. */
  iterate_for (600);
  g_assert_true (gtk_widget_get_visible (bar));
  g_assert_cmpint (gtk_widget_get_height (bar), >, 0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board)), >, 0);
  save_screenshot (GTK_WIDGET (window), shot);

  /* Folded, the variation shows its first move alone; going inside it
   * unfolds it. */
  {
    GtkWidget *first = tb_move_tree_get_row (tree, main_5);
    GtkWidget *inside = tb_move_tree_get_row (tree, tb_game_node_get_child (main_5, 0));
    GtkWidget *fold = find_descendant (first, GTK_TYPE_TOGGLE_BUTTON);

    g_assert_nonnull (fold);
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (fold)));
    g_assert_true (gtk_widget_get_visible (inside));
    g_signal_emit_by_name (fold, "clicked");
    g_assert_false (gtk_widget_get_visible (inside));
    g_assert_true (gtk_widget_get_visible (first));
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (fold)));
    tb_game_go_to_node (game, tb_game_node_get_child (main_5, 0));
    g_assert_true (gtk_widget_get_visible (inside));
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (fold)));
  }

  /* Comment… in the menu: the comment of the move, to type. */
  choose_in_menu (tree, _("_Comment…"), NULL);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) ==
                 find_descendant (GTK_WIDGET (replay), GTK_TYPE_TEXT_VIEW));

  /* A comment on the game itself: the start row's. */
  tb_game_go_to_node (game, tb_game_get_root (game));
  tb_replay_view_set_comment (replay, "Studied on the board.");
  tb_game_go_to_node (game, main_5);

  /* Closed and read again: the same tree, node by node (the record of
   * the whole tree is the same text). */
  wait_for_store (window);
  iterate_for (300);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
  g_clear_object (&store);
  store = tb_store_open (path, &error);
  g_assert_no_error (error);
  stored = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  record = tb_tgn_write (game);
  stored_record = tb_tgn_write (stored);
  g_assert_cmpstr (stored_record, ==, record);
  g_assert_cmpstr (tb_game_get_comment (stored, 0), ==, "Studied on the board.");
  g_assert_cmpuint (tb_game_node_get_n_children (
                      tb_game_node_get_child (tb_game_node_get_child (tb_game_node_get_child (
                        tb_game_node_get_child (tb_game_get_root (stored), 0), 0), 0), 0)),
                    ==, 2);
  g_clear_object (&store);
  tt_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  ADD_SETUP ("/analysis-board/rows-follow-moves", large_light, test_rows_follow_moves);
  ADD_SETUP ("/analysis-board/large-light", large_light, test_analysis_board);
  ADD_SETUP ("/analysis-board/large-dark", large_dark, test_analysis_board);
  ADD_SETUP ("/analysis-board/narrow-light", narrow_light, test_analysis_board);
  ADD_SETUP ("/analysis-board/narrow-dark", narrow_dark, test_analysis_board);
  return ui_test_run ();
}
