/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-practice.c: practice from one's own mistakes (issue 25): two
 * stored analysed games where Élodie threw the game away; the Players
 * window offers her Practise; an exercise solved by clicks on the board,
 * the next failed then shown by Show Solution; the results stored (the
 * failed one first next time) and counted in the Players window.  Light
 * and dark, 1400 and 360 px wide, in English and in French (meson runs
 * it in both).
 *
 * Skipped, not failed, when no display can be opened.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tb-batch-analysis.h"
#include "tb-game-analysis.h"
#include "tb-history-page.h"
#include "tb-players-window.h"
#include "tb-practice-view.h"
#include "ui-test-util.h"

/* Dark (Élodie) to move: b4-b5 fills the last target and wins 7-6;
 * b4-a3 lets Light's pawn on a5 in. */
#define THROWAWAY "to-move=1 V1@e1 V2@e9 P4/1@b4 P1/2@a5 P3/1@d5 P2/2@f5 P2/2@h5"
#define PLAYER "Élodie Martin"

static TbGame *
analysed_throwaway (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  TbPosition *start = tb_variant_parse_position (variant, THROWAWAY, &error);
  TbGame *game;
  g_autoptr (TbGameAnalysis) analysis = NULL;
  TbAiAnalyseLimits limits = { 3000, 0, 0 };

  g_assert_no_error (error);
  game = tb_game_new_at (variant, start);
  tb_position_free (start);
  g_assert_true (tb_game_play_text (game, "b4-a3", NULL));
  tb_game_set_tag (game, "Player1", PLAYER);
  tb_game_set_tag (game, "Player2", "Bob");
  tb_game_set_tag (game, "Date", "2027.01.01");
  /* Finished and rated: the Players window lists its players. */
  tb_game_finish (game, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
  analysis = tb_game_analyse (game, &limits, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  tb_game_analysis_apply (analysis, game);
  return game;
}

/* Whether the result line names text (its hyphens are non-breaking). */
static gboolean
result_says (TbPracticeView *view, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (tb_practice_view_get_result_text (view), "\u2011", -1);
  g_autofree char *plain = g_strjoinv ("-", parts);

  return strstr (plain, text) != NULL;
}

static gboolean
practice_idle (gpointer view)
{
  return !tb_practice_view_get_busy (view) && tb_practice_view_get_exercise (view) != NULL;
}

static gboolean
practice_judged (gpointer view)
{
  return !tb_practice_view_get_busy (view);
}

static gboolean
ratings_shown (gpointer data)
{
  return !tb_players_window_get_loading (data);
}

/* A button of widget's tree whose label is label (its mnemonic
 * translated, as shown). */
static gboolean
has_label (GtkWidget *widget, gconstpointer label)
{
  const char *text = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget)) : NULL;

  return text && g_str_equal (text, _(label));
}

static void
click_button (GtkWidget *within, const char *label)
{
  GtkWidget *button = find_widget (within, has_label, label);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

/* The Players window's row of PLAYER: its subtitle, and its Practise
 * button (NULL when it has none). */
static GtkWidget *
player_row (TbPlayersWindow *players, const char **subtitle, GtkWidget **practise)
{
  GtkListBox *list = tb_players_window_get_list (players);

  g_assert_nonnull (list);
  for (guint i = 0; gtk_list_box_get_row_at_index (list, i); i++)
    {
      GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, i));

      if (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), PLAYER))
        {
          *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
          *practise = find_widget (row, has_label, "_Practise");
          return row;
        }
    }
  return NULL;
}

static TbPlayersWindow *
open_players (TbWindow *window)
{
  TbPlayersWindow *players;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-players", NULL));
  iterate_for (100);
  players = TB_PLAYERS_WINDOW (find_toplevel (TB_TYPE_PLAYERS_WINDOW));
  g_assert_nonnull (players);
  tb_players_window_show_game (players, "versus-61");
  iterate_until (ratings_shown, players, 10000);
  return players;
}

static void
test_practice (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot_exercise = shot_name (setup, "practice-exercise");
  g_autofree char *shot_solved = shot_name (setup, "practice-solved");
  g_autofree char *shot_solution = shot_name (setup, "practice-solution");
  g_autofree char *shot_players = shot_name (setup, "practice-players");
  g_autofree char *shot_done = shot_name (setup, "practice-done");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-practice-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  g_autoptr (TbGame) first = analysed_throwaway ();
  g_autoptr (TbGame) second = analysed_throwaway ();
  g_autoptr (GPtrArray) again = NULL;
  TbWindow *window;
  TbPracticeView *view;
  TbPlayersWindow *players;
  TbBoardView *board;
  const TbPracticeExercise *exercise;
  const char *subtitle = NULL;
  GtkWidget *practise = NULL;
  gint64 ids[2];

  g_assert_no_error (error);
  ids[0] = tb_store_add_game (store, first, &error);
  ids[1] = tb_store_add_game (store, second, &error);
  g_assert_no_error (error);
  window = replay_window (f, setup, path, store, ids[0], first);
  view = tb_window_get_practice_view (window);

  /* The Players window: Élodie has analysed games, nothing solved yet. */
  players = open_players (window);
  g_assert_nonnull (player_row (players, &subtitle, &practise));
  g_assert_nonnull (practise);
  g_assert_null (strstr (subtitle, ";"));
  g_signal_emit_by_name (practise, "clicked");
  gtk_window_destroy (GTK_WINDOW (players));
  iterate_until (practice_idle, view, 10000);
  tb_practice_view_set_nodes (view, 3000);
  exercise = tb_practice_view_get_exercise (view);
  g_assert_cmpint (exercise->game_id, ==, ids[0]);
  g_assert_cmpuint (exercise->seat, ==, 1);
  board = tb_practice_view_get_board (view);
  g_assert_true (tb_board_view_get_interactive (board));
  g_assert_cmpuint (tb_game_get_to_move (tb_board_view_get_game (board)), ==, 1);
  wait_for_paint (GTK_WIDGET (window));
  iterate_for (200);
  save_screenshot (GTK_WIDGET (window), shot_exercise);

  /* Solved by clicks: the pawn on b4 to b5. */
  click_cell_of (board, "b4");
  click_cell_of (board, "b5");
  iterate_until (practice_judged, view, 30000);
  g_assert_true (result_says (view, "b4-b5"));
  g_assert_cmpuint (tb_game_get_n_plies (tb_board_view_get_game (board)), ==, 1);
  g_assert_false (tb_board_view_get_interactive (board));
  iterate_until (not_animating, board, 5000);
  iterate_for (200);
  save_screenshot (GTK_WIDGET (window), shot_solved);

  /* The next: the move of the game, refused; then the solution. */
  click_button (GTK_WIDGET (view), "_Next");
  iterate_for (100);
  exercise = tb_practice_view_get_exercise (view);
  g_assert_cmpint (exercise->game_id, ==, ids[1]);
  click_cell_of (board, "b4");
  click_cell_of (board, "a3");
  iterate_until (practice_judged, view, 30000);
  g_assert_true (result_says (view, "b4-a3"));
  g_assert_cmpuint (tb_game_get_n_plies (tb_board_view_get_game (board)), ==, 0);
  g_assert_true (tb_board_view_get_interactive (board));
  click_button (GTK_WIDGET (view), "_Hint");
  g_assert_true (result_says (view, "b4-…"));
  click_button (GTK_WIDGET (view), "Show _Solution");
  g_assert_true (result_says (view, "b4-b5"));
  g_assert_cmpuint (tb_game_get_n_plies (tb_board_view_get_game (board)), ==, 1);
  iterate_until (not_animating, board, 5000);
  iterate_for (200);
  save_screenshot (GTK_WIDGET (window), shot_solution);
  click_button (GTK_WIDGET (view), "_Next");
  g_assert_null (tb_practice_view_get_exercise (view));
  wait_for_paint (GTK_WIDGET (window));
  save_screenshot (GTK_WIDGET (window), shot_done);

  /* Kept: the failed one first next time; one solved in the Players
   * window. */
  wait_for_store (window);
  again = tb_practice_load (store, "versus-61", PLAYER, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->len, ==, 2);
  g_assert_cmpint (((TbPracticeExercise *) again->pdata[0])->game_id, ==, ids[1]);
  g_assert_false (((TbPracticeExercise *) again->pdata[0])->result.last_solved);
  g_assert_true (((TbPracticeExercise *) again->pdata[1])->result.last_solved);
  players = open_players (window);
  g_assert_nonnull (player_row (players, &subtitle, &practise));
  g_assert_nonnull (strstr (subtitle, "1"));
  g_assert_nonnull (strstr (subtitle, ";"));
  save_screenshot (GTK_WIDGET (players), shot_players);
  gtk_window_destroy (GTK_WINDOW (players));

  /* The history filtered to her: Practise again, the failed one first. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-player-games", "(ss)", "versus-61",
                              PLAYER);
  iterate_for (100);
  g_assert_true (gtk_widget_activate_action (
    GTK_WIDGET (tb_history_page_get_view (tb_window_get_history_page (window))), "view.practise",
    NULL));
  iterate_until (practice_idle, view, 10000);
  g_assert_cmpint (tb_practice_view_get_exercise (view)->game_id, ==, ids[1]);

  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
  g_clear_object (&store);
  tt_remove_dir (dir);
}

/* The window's replay shows the game of its session, analysed. The
 * replay starts on an earlier game that is analysed already, so the
 * evaluations alone do not say the new game arrived. */
static gboolean
session_game_replayed_analysed (gpointer window)
{
  TbReplayView *replay = tb_history_page_get_replay (tb_window_get_history_page (window));
  TbGame *game = tb_replay_view_get_game (replay);

  return game && tb_replay_view_get_id (replay) == tb_session_get_id (test_session (window))
         && tb_game_get_eval (game, 0) != TB_EVAL_NONE;
}

/* The game-over dialog's Analyse: the game just finished (once stored)
 * is analysed in the history and replayed there with its evaluations. */
static void
test_analyse_at_the_end (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-game-over-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  g_autoptr (TbGame) earlier = analysed_throwaway ();
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) fresh = tb_game_new (variant, 1);
  TbWindow *window;
  TbHistoryPage *page;
  TbBoardView *board;
  TbGame *game;
  gint64 id;

  g_assert_no_error (error);
  id = tb_store_add_game (store, earlier, &error);
  g_assert_no_error (error);
  /* A window on a database of its own, playing a new game. */
  window = replay_window (f, &large_light, path, store, id, earlier);
  page = tb_window_get_history_page (window);
  tb_batch_analysis_set_nodes (tb_history_page_get_batch_analysis (page), 3000);
  tb_window_set_game (window, fresh);
  wait_for_pages_settled (window);
  game = test_game (window);
  board = test_board_view (window);
  click_cell_of (board, "c1");
  click_cell_of (board, "c3");
  click_cell_of (board, "g9");
  click_cell_of (board, "g7");
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 2);
  g_assert_true (gtk_widget_activate_action (test_play_page (window), "play.resign", NULL));
  iterate_for (50);
  answer_dialog ("resign");
  g_assert_true (tb_game_is_over (game));
  iterate_for (50);
  g_assert_true (adw_message_dialog_has_response (
    ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "analyse"));
  answer_dialog ("analyse");
  iterate_for (100);
  iterate_until (session_game_replayed_analysed, window, 60000);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (
                     GTK_STACK (find_descendant (GTK_WIDGET (window), GTK_TYPE_STACK))), ==,
                   "history");
  g_assert_cmpint (tb_replay_view_get_id (tb_history_page_get_replay (page)), ==,
                   tb_session_get_id (test_session (window)));
  g_assert_cmpuint (tb_game_get_n_plies (tb_replay_view_get_game (
                      tb_history_page_get_replay (page))), ==, 2);
  wait_for_store (window);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
  g_clear_object (&store);
  tt_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  ADD_SETUP ("/practice/large-light", large_light, test_practice);
  ADD_SETUP ("/practice/large-dark", large_dark, test_practice);
  ADD_SETUP ("/practice/narrow-light", narrow_light, test_practice);
  ADD_SETUP ("/practice/narrow-dark", narrow_dark, test_practice);
  ADD ("/practice/analyse-at-the-end", test_analyse_at_the_end);
  return ui_test_run ();
}
