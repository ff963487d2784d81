/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-analysis.c: Analyse in the replay (issue 25): a stored game
 * analysed off the main thread, its evaluation graph under the board, the
 * glyphs in the move list, the summary per player, and the analysis kept
 * in the store and shown again when the game is opened again; Analyse in
 * the history, for several games, with its progress and Cancel.  Light and dark, 1400 and 360 px wide, in English and in
 * French (meson runs it in both).
 *
 * Skipped, not failed, when no display can be opened.
 */
#include "config.h"

#include <glib/gi18n.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tb-analysis-panel.h"
#include "tb-batch-analysis.h"
#include "tb-eval-graph.h"
#include "tb-history-model.h"
#include "tb-history-page.h"
#include "tb-move-list.h"
#include "tb-random.h"
#include "ui-test-util.h"

static gboolean
not_busy (gpointer panel)
{
  return !tb_analysis_panel_get_busy (panel);
}

/* A label whose text ends with one of the analysis' glyphs. */
static gboolean
shows_a_glyph (GtkWidget *widget, gconstpointer data)
{
  const char *text = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : NULL;

  return text && (g_str_has_suffix (text, "?!") || g_str_has_suffix (text, "?")) &&
         strchr (text, '.') != NULL;
}

/* A summary's label: a line per player, each with an accuracy. */
static gboolean
shows_a_summary (GtkWidget *widget, gconstpointer data)
{
  const char *text = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : NULL;

  return text && gtk_widget_get_visible (widget) && strchr (text, '\n') && strchr (text, '%');
}

/* The panel's summary ("Dark: 2 inaccuracies…"), or NULL when hidden. */
static const char *
summary_text (TbAnalysisPanel *panel)
{
  GtkWidget *label = find_widget (GTK_WIDGET (panel), shows_a_summary, NULL);

  return label ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

static TbAnalysisPanel *
panel_of (TbWindow *window)
{
  TbReplayView *replay = tb_history_page_get_replay (tb_window_get_history_page (window));

  return TB_ANALYSIS_PANEL (find_descendant (GTK_WIDGET (replay), TB_TYPE_ANALYSIS_PANEL));
}

/* The stored game id, opened again in a window of its own: the stored
 * analysis is shown without analysing again (the graph, the glyphs, the
 * summary), the summary the one shown before. */
static void
check_reopened (Fixture *f, const WindowSetup *setup, const char *path, gint64 id,
                const char *summary)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  g_autoptr (TbGame) game = NULL;
  TbWindow *window;
  TbReplayView *replay;

  g_assert_no_error (error);
  game = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  window = replay_window (f, setup, path, store, id, game);
  replay = tb_history_page_get_replay (tb_window_get_history_page (window));
  g_assert_false (tb_analysis_panel_get_busy (panel_of (window)));
  g_assert_true (gtk_widget_get_visible (find_descendant (GTK_WIDGET (replay),
                                                          TB_TYPE_EVAL_GRAPH)));
  g_assert_nonnull (find_widget (GTK_WIDGET (replay), shows_a_glyph, NULL));
  g_assert_cmpstr (summary_text (panel_of (window)), ==, summary);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
}

static void
test_analyse_in_the_replay (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "analysis");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-analysis-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  /* Random moves: a game full of blunders, whatever the budget. */
  g_autoptr (TbGame) game = random_game ("versus-61", 40, 25);
  g_autoptr (TbGame) stored = NULL;
  g_autofree char *summary = NULL;
  TbWindow *window;
  TbReplayView *replay;
  TbAnalysisPanel *panel;
  GtkWidget *graph;
  GtkWidget *button;
  gint64 id;

  g_assert_no_error (error);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  window = replay_window (f, setup, path, store, id, game);
  replay = tb_history_page_get_replay (tb_window_get_history_page (window));

  panel = TB_ANALYSIS_PANEL (find_descendant (GTK_WIDGET (replay), TB_TYPE_ANALYSIS_PANEL));
  graph = find_descendant (GTK_WIDGET (replay), TB_TYPE_EVAL_GRAPH);
  /* Not analysed yet: no graph, no glyph. */
  g_assert_false (gtk_widget_get_visible (graph));
  g_assert_null (find_widget (GTK_WIDGET (replay), shows_a_glyph, NULL));

  tb_analysis_panel_set_nodes (panel, 3000);
  button = find_descendant (GTK_WIDGET (panel), GTK_TYPE_BUTTON);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (tb_analysis_panel_get_busy (panel));
  iterate_until (not_busy, panel, 60000);
  iterate_for (200);

  g_assert_true (gtk_widget_get_visible (graph));
  g_assert_cmpint (gtk_widget_get_height (graph), >, 0);
  g_assert_cmpint (gtk_widget_get_width (graph), >, 0);
  g_assert_nonnull (find_widget (GTK_WIDGET (replay), shows_a_glyph, NULL));
  for (guint ply = 0; ply <= tb_game_get_n_plies (game); ply++)
    g_assert_cmpfloat (tb_game_get_eval (game, ply), >=, 0.0);
  /* A click on the graph's left edge goes to the start. */
  g_signal_emit_by_name (graph, "ply-activated", 0);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  tb_replay_view_go_to (replay, 20);
  iterate_for (200);
  save_screenshot (GTK_WIDGET (window), shot);
  summary = g_strdup (summary_text (panel));
  g_assert_nonnull (summary);

  /* Saved: the stored game, read again, has the evaluations and marks. */
  wait_for_store (window);
  iterate_for (500);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
  g_clear_object (&store);
  store = tb_store_open (path, &error);
  g_assert_no_error (error);
  stored = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  for (guint ply = 0; ply <= tb_game_get_n_plies (stored); ply++)
    g_assert_cmpfloat_with_epsilon (tb_game_get_eval (stored, ply), tb_game_get_eval (game, ply),
                                    0.0005);
  g_clear_object (&store);
  check_reopened (f, setup, path, id, summary);
  tt_remove_dir (dir);
}

static gboolean
batch_idle (gpointer batch)
{
  return !tb_batch_analysis_get_busy (batch);
}

static gboolean
replay_analysed (gpointer replay)
{
  TbGame *game = tb_replay_view_get_game (replay);

  return game && tb_game_get_eval (game, 0) != TB_EVAL_NONE;
}

static double
stored_eval (const char *path, gint64 id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  g_autoptr (TbGame) game = tb_store_load_game (store, id, &error);

  g_assert_no_error (error);
  return tb_game_node_get_eval (tb_game_get_root (game));
}

/* A stack done with its crossfade. */
static gboolean
settled (gpointer stack)
{
  return !gtk_stack_get_transition_running (stack);
}

static gboolean
batch_busy (gpointer batch)
{
  return tb_batch_analysis_get_busy (batch);
}

static GtkSelectionModel *
list_selection (TbHistoryPage *page)
{
  GtkWidget *list = find_descendant (GTK_WIDGET (tb_history_page_get_view (page)),
                                     GTK_TYPE_COLUMN_VIEW);

  return gtk_column_view_get_model (GTK_COLUMN_VIEW (list));
}

static void
on_done (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

/* Selects the rows of the games ids in the list, as clicks would. */
static void
select_games (TbHistoryPage *page, const gint64 *ids, guint n_ids)
{
  TbHistoryModel *model = tb_history_view_get_model (tb_history_page_get_view (page));
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GArray) listed = NULL;
  guint selected = 0;

  tb_history_model_list_ids_async (model, NULL, on_done, &result);
  iterate_until (has_result, &result, 10000);
  listed = tb_history_model_list_ids_finish (model, result, NULL);
  g_assert_nonnull (listed);
  iterate_for (200);
  for (guint row = 0; row < listed->len; row++)
    for (guint i = 0; i < n_ids; i++)
      if (g_array_index (listed, gint64, row) == ids[i])
        {
          gtk_selection_model_select_item (list_selection (page), row, selected == 0);
          selected++;
        }
  g_assert_cmpuint (selected, ==, n_ids);
}

/* Analyse in the history: two games one after another, each saved with
 * its analysis, the one replayed shown analysed; two more selected in
 * the list and analysed by the header's button; Cancel leaves a game as
 * it was. */
static void
test_analyse_from_the_history (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "history-analysing");
  g_autofree char *list_shot = shot_name (setup, "history-list-analysing");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-batch-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (TbStore) store = tb_store_open (path, &error);
  g_autoptr (TbGame) first = random_game ("versus-61", 30, 7);
  g_autoptr (TbGame) second = random_game ("versus-61", 30, 8);
  g_autoptr (TbGame) third = random_game ("versus-61", 30, 9);
  g_autoptr (TbGame) fourth = random_game ("versus-61", 30, 10);
  g_autoptr (TbGame) fifth = random_game ("versus-61", 30, 11);
  gint64 ids[5];
  TbWindow *window;
  TbHistoryPage *page;
  TbBatchAnalysis *batch;
  TbReplayView *replay;

  g_assert_no_error (error);
  ids[0] = tb_store_add_game (store, first, &error);
  ids[1] = tb_store_add_game (store, second, &error);
  ids[2] = tb_store_add_game (store, third, &error);
  ids[3] = tb_store_add_game (store, fourth, &error);
  ids[4] = tb_store_add_game (store, fifth, &error);
  g_assert_no_error (error);
  window = replay_window (f, setup, path, store, ids[0], first);
  page = tb_window_get_history_page (window);
  replay = tb_history_page_get_replay (page);
  batch = tb_history_page_get_batch_analysis (page);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (batch)));

  tb_batch_analysis_set_nodes (batch, 3000);
  tb_history_page_analyse_games (page, ids, 2);
  g_assert_true (tb_batch_analysis_get_busy (batch));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (batch)));
  g_assert_nonnull (find_descendant (GTK_WIDGET (batch), GTK_TYPE_PROGRESS_BAR));
  /* At once: a short analysis may be over in a few tenths of a second. */
  wait_for_paint (GTK_WIDGET (window));
  save_screenshot (GTK_WIDGET (window), shot);
  iterate_until (batch_idle, batch, 60000);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (batch)));
  /* The game replayed is read again, analysed. */
  iterate_until (replay_analysed, replay, 10000);
  g_assert_true (gtk_widget_get_visible (find_descendant (GTK_WIDGET (replay),
                                                          TB_TYPE_EVAL_GRAPH)));
  g_assert_nonnull (summary_text (panel_of (window)));

  /* From the list: the games selected, by the header's Analyse. */
  gtk_widget_activate_action (GTK_WIDGET (page), "history.show-list", NULL);
  iterate_until (settled, find_descendant (GTK_WIDGET (page), GTK_TYPE_STACK), 5000);
  select_games (page, &ids[2], 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.analyse-games", NULL));
  iterate_until (batch_busy, batch, 10000);
  wait_for_paint (GTK_WIDGET (window));
  save_screenshot (GTK_WIDGET (window), list_shot);
  iterate_until (batch_idle, batch, 60000);
  g_assert_cmpstr (tb_history_page_get_shown (page), ==, "list");

  /* Nothing selected: nothing analysed. */
  gtk_selection_model_unselect_all (list_selection (page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.analyse-games", NULL));
  iterate_for (300);
  g_assert_false (tb_batch_analysis_get_busy (batch));

  /* Cancel: the last game stays as it was stored. */
  tb_history_page_analyse_games (page, &ids[4], 1);
  g_assert_true (tb_batch_analysis_get_busy (batch));
  g_signal_emit_by_name (find_descendant (GTK_WIDGET (batch), GTK_TYPE_BUTTON), "clicked");
  g_assert_false (tb_batch_analysis_get_busy (batch));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (batch)));
  wait_for_store (window);
  iterate_for (300);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
  g_clear_object (&store);

  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat (stored_eval (path, ids[i]), >=, 0.0);
  g_assert_cmpfloat (stored_eval (path, ids[4]), ==, TB_EVAL_NONE);
  tt_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  ADD_SETUP ("/analysis/replay/large-light", large_light, test_analyse_in_the_replay);
  ADD_SETUP ("/analysis/replay/large-dark", large_dark, test_analyse_in_the_replay);
  ADD_SETUP ("/analysis/replay/narrow-light", narrow_light, test_analyse_in_the_replay);
  ADD_SETUP ("/analysis/replay/narrow-dark", narrow_dark, test_analyse_in_the_replay);
  ADD_SETUP ("/analysis/history/large-light", large_light, test_analyse_from_the_history);
  ADD_SETUP ("/analysis/history/narrow-dark", narrow_dark, test_analyse_from_the_history);
  return ui_test_run ();
}
