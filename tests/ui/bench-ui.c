/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ui.c: how fast the window answers (issue 5's targets), measured
 * on the real widgets under a display.  Not a test: build-aux/bench-ui
 * runs it and prints figures.
 *
 *   redraw-ms     the board snapshotted and rendered at 1400 x 900
 *   input-ms      a click on a cell until the frame that shows it is painted
 *   input-ms-analysing  the same while a game of 100 plies is analysed
 *                 (tb_game_analyse_async, its two worker threads busy)
 *   first-frame   the application launched until it paints its first frame
 *                 (as it says; needs the path of the tablier program as
 *                 the argument), and apart until it has quit
 *   move-tree-*   the replay's move tree (tb-move-tree.h) on a game of up
 *                 to 300 plies with a variation every tenth: made for the game (beside the
 *                 play page's move list made for it, the old list), a step
 *                 back, a move played into a new variation (its row
 *                 added), '?' pressed (its row made again); main-thread
 *                 CPU and wall time
 *   history-*     a filter or a sort of the history changed: the main
 *                 thread's processor time until the list has its rows and
 *                 its frame is painted (with BENCH_DATA_DIR's games)
 *   history-wheel, history-page, history-jump  the history scrolled, the
 *                 list filtered by a game: a notch of the mouse wheel
 *                 down, a page down, a jump (the scroll bar dragged) to
 *                 a tenth, two tenths ... of the list; each until its
 *                 rows are read and painted, main-thread CPU and wall
 * BENCH_UI_ONLY=history (or move-tree, redraw, input, first-frame) runs
 * that part alone, to profile it.
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tb-game-analysis.h"
#include "tb-history-model.h"
#include "tb-history-page.h"
#include "tb-history-view.h"
#include "tb-move-list.h"
#include "tb-move-tree.h"
#include "tb-random.h"
#include "ui-test-util.h"

static const WindowSetup bench_setup = { FALSE, 1400, 900, FALSE };
static const char *app_path;

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char *what, double *ms, guint n)
{
  double sum = 0;

  qsort (ms, n, sizeof (double), compare_doubles);
  for (guint i = 0; i < n; i++)
    sum += ms[i];
  printf ("%-12s mean %.2f, median %.2f, p95 %.2f, max %.2f ms (%u runs)\n", what, sum / n,
          ms[n / 2], ms[(guint) floor (0.95 * (n - 1))], ms[n - 1], n);
}

/* The board drawn and rasterised as a frame does, with a piece selected
 * and its destinations shown. */
static void
bench_redraw (Fixture *f)
{
  GtkWidget *board = GTK_WIDGET (test_board_view (f->window));
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (board));
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (board);
  int width = gtk_widget_get_width (board), height = gtk_widget_get_height (board);
  double ms[200];

  click_cell (f, "c1");
  printf ("board: %d x %d pixels in a window of %d x %d\n", width, height,
          gtk_widget_get_width (GTK_WIDGET (f->window)),
          gtk_widget_get_height (GTK_WIDGET (f->window)));
  for (guint i = 0; i < G_N_ELEMENTS (ms); i++)
    {
      gint64 start = g_get_monotonic_time ();
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;

      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (renderer, node,
                                             &GRAPHENE_RECT_INIT (0, 0, width, height));
      ms[i] = (g_get_monotonic_time () - start) / 1000.0;
      g_object_unref (texture);
      gsk_render_node_unref (node);
    }
  gtk_widget_paintable_set_widget (GTK_WIDGET_PAINTABLE (paintable), NULL);
  report ("redraw-ms", ms, G_N_ELEMENTS (ms));
  click_cell (f, "c1");  /* let go */
}

/* A click on a piece, then on another: each until its frame is painted. */
static void
bench_input_named (Fixture *f, const char *name)
{
  const char *cells[] = { "c1", "b1", "d1", "e1" };
  double ms[40];

  for (guint i = 0; i < G_N_ELEMENTS (ms); i++)
    {
      gint64 start;

      wait_for_paint (GTK_WIDGET (f->window));
      start = g_get_monotonic_time ();
      click_cell (f, cells[i % G_N_ELEMENTS (cells)]);
      wait_for_paint (GTK_WIDGET (f->window));
      ms[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  report (name, ms, G_N_ELEMENTS (ms));
}

static void
bench_input (Fixture *f)
{
  bench_input_named (f, "input-ms");
}

static void
bench_input_while_analysing (Fixture *f)
{
  g_autoptr (TbGame) game = random_game ("versus-61", 100, 5);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  TbAiAnalyseLimits limits;

  tb_game_analysis_limits (tb_game_get_rules (game), TB_GAME_ANALYSIS_DEFAULT_LEVEL, &limits,
                           NULL);
  tb_game_analyse_async (game, &limits, NULL, NULL, cancellable, NULL, NULL);
  printf ("analysing %u plies meanwhile\n", tb_game_get_n_plies (game));
  bench_input_named (f, "input-ms-analysing");
  g_cancellable_cancel (cancellable);
}

/* The milliseconds from the launch to the first frame the application
 * says it painted (its "first-frame-ms" line), and, apart, until it has
 * quit: the exit waits for the database to be opened and closes it. */
static void
bench_first_frame (void)
{
  double painted[5], exited[5], cpu[5];

  for (guint i = 0; i < G_N_ELEMENTS (painted); i++)
    {
      const char *argv[] = { app_path, NULL };
      g_autoptr (GSubprocessLauncher) launcher =
        g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
      g_autoptr (GSubprocess) process = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *output = NULL;
      g_autofree char *launched = NULL;
      const char *line;
      gint64 start = g_get_monotonic_time ();

      launched = g_strdup_printf ("%" G_GINT64_FORMAT, start);
      g_subprocess_launcher_setenv (launcher, "TABLIER_QUIT_AFTER_FIRST_FRAME", "1", TRUE);
      g_subprocess_launcher_setenv (launcher, "TABLIER_LAUNCHED_AT", launched, TRUE);
      g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "memory", TRUE);
      process = g_subprocess_launcher_spawnv (launcher, argv, &error);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, &output, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_successful (process));
      exited[i] = (g_get_monotonic_time () - start) / 1000.0;
      line = strstr (output, "first-frame-ms ");
      g_assert_nonnull (line);
      painted[i] = g_ascii_strtod (line + strlen ("first-frame-ms "), NULL);
      line = strstr (line, "cpu-ms ");
      g_assert_nonnull (line);
      cpu[i] = g_ascii_strtod (line + strlen ("cpu-ms "), NULL);
    }
  report ("first-frame", painted, G_N_ELEMENTS (painted));
  report ("first-frame-cpu", cpu, G_N_ELEMENTS (cpu));
  report ("first-frame-to-exit", exited, G_N_ELEMENTS (exited));
}

/* The processor time of the calling thread, in milliseconds. */
static double
thread_cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

static gboolean
history_settled (gpointer data)
{
  TbHistoryModel *model = tb_history_view_get_model (data);

  return model && !tb_history_model_get_busy (model);
}

static gboolean
history_opened (gpointer data)
{
  return !tb_context_get_opening (data);
}

typedef void (*HistoryChange) (TbHistoryView *view, guint i);

static void
change_ruleset (TbHistoryView *view, guint i)
{
  static const char *const rulesets[] = { "ra", "oraia", NULL, "versus-61" };

  tb_history_view_set_ruleset_filter (view, rulesets[i % G_N_ELEMENTS (rulesets)]);
}

/* Nothing: what a frame of the window costs by itself. */
static void
change_nothing (TbHistoryView *view, guint i)
{
  gtk_widget_queue_draw (GTK_WIDGET (view));
}

static void
change_sort (TbHistoryView *view, guint i)
{
  static const char *const columns[] = { "players", "length", "date", "result" };

  tb_history_view_sort_by (view, columns[i % G_N_ELEMENTS (columns)], i % 2);
}

typedef struct
{
  double cpu;
  double wall;
} Step;

/* The clocks at the start of a step, once the list is settled and
 * painted. */
static Step
step_start (GtkWidget *window, TbHistoryView *view)
{
  iterate_until (history_settled, view, 60000);
  wait_for_paint (window);
  return (Step) { thread_cpu_ms (), g_get_monotonic_time () / 1000.0 };
}

/* The step's main-thread CPU and wall time since start. */
static Step
step_since (Step start)
{
  return (Step) { thread_cpu_ms () - start.cpu, g_get_monotonic_time () / 1000.0 - start.wall };
}

static void
report_steps (const char *what, Step *steps, guint n)
{
  g_autofree double *cpu = g_new (double, n);
  g_autofree double *wall = g_new (double, n);
  g_autofree char *cpu_name = g_strdup_printf ("%s-cpu", what);
  g_autofree char *wall_name = g_strdup_printf ("%s-wall", what);

  for (guint i = 0; i < n; i++)
    cpu[i] = steps[i].cpu, wall[i] = steps[i].wall;
  report (cpu_name, cpu, n);
  report (wall_name, wall, n);
  fflush (stdout);
}

/* Until the list has read its rows, then painted them; blocking, not
 * polling: the wait itself costs the thread nothing. */
static void
wait_for_rows (GtkWidget *window, TbHistoryView *view)
{
  while (!history_settled (view))
    g_main_context_iteration (NULL, TRUE);
  wait_for_paint (window);
}

/* Each change, until the list has read its rows and painted them: the
 * main thread's processor time (what the window cannot spend drawing)
 * and the wall time. */
static void
bench_history_change (GtkWidget *window, TbHistoryView *view, const char *what,
                      HistoryChange change)
{
  Step steps[12];

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      Step start = step_start (window, view);

      change (view, i);
      wait_for_rows (window, view);
      steps[i] = step_since (start);
    }
  report_steps (what, steps, G_N_ELEMENTS (steps));
}

/* The list scrolled to value, until its rows are read and painted. */
static Step
scroll_to (GtkWidget *window, TbHistoryView *view, GtkAdjustment *adjustment, double value)
{
  Step start = step_start (window, view);

  gtk_adjustment_set_value (adjustment, value);
  wait_for_paint (window);
  /* Rows not read yet: until they are, and painted. */
  if (!history_settled (view))
    wait_for_rows (window, view);
  return step_since (start);
}

/* Scrolling the list of one game's games (a quarter of the collection):
 * wheel notches (GTK scrolls page_size^(2/3) a notch), pages, and jumps
 * far down, where no row has been read yet. */
static void
bench_history_scroll (GtkWidget *window, TbHistoryView *view)
{
  GtkAdjustment *adjustment = find_list_adjustment (GTK_WIDGET (view));
  Step wheel[30], page[15], jump[9];

  tb_history_view_set_ruleset_filter (view, "oraia");
  iterate_until (history_settled, view, 60000);
  wait_for_paint (window);
  for (guint i = 0; i < G_N_ELEMENTS (wheel); i++)
    wheel[i] = scroll_to (window, view, adjustment,
                          gtk_adjustment_get_value (adjustment) +
                            pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0));
  for (guint i = 0; i < G_N_ELEMENTS (page); i++)
    page[i] = scroll_to (window, view, adjustment,
                         gtk_adjustment_get_value (adjustment) +
                           gtk_adjustment_get_page_size (adjustment));
  for (guint i = 0; i < G_N_ELEMENTS (jump); i++)
    jump[i] = scroll_to (window, view, adjustment,
                         (gtk_adjustment_get_upper (adjustment) -
                          gtk_adjustment_get_page_size (adjustment)) * (i + 1) / 10.0);
  printf ("scrolled to %.0f of %.0f pixels\n", gtk_adjustment_get_value (adjustment),
          gtk_adjustment_get_upper (adjustment));
  report_steps ("history-wheel", wheel, G_N_ELEMENTS (wheel));
  report_steps ("history-page", page, G_N_ELEMENTS (page));
  report_steps ("history-jump", jump, G_N_ELEMENTS (jump));
  tb_history_view_set_ruleset_filter (view, NULL);
  gtk_adjustment_set_value (adjustment, 0);
}

/* A window of the user's games (TABLIER_DATA_DIR: BENCH_DATA_DIR's). */
static void
bench_history (void)
{
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
  g_autoptr (TbContext) context = tb_context_new_for_user (settings);
  TbWindow *window;
  TbHistoryView *view;

  g_settings_set_int (settings, "window-width", 1400);
  g_settings_set_int (settings, "window-height", 900);
  window = tb_window_new (GTK_APPLICATION (test_app), context);
  gtk_window_present (GTK_WINDOW (window));
  /* A large database takes a while to open (its check, its indexes). */
  iterate_until (history_opened, context, 300000);
  view = tb_history_page_get_view (tb_window_get_history_page (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-history", NULL));
  iterate_until (history_settled, view, 60000);
  printf ("history: %u games\n",
          g_list_model_get_n_items (G_LIST_MODEL (tb_history_view_get_model (view))));
  bench_history_change (GTK_WIDGET (window), view, "history-frame", change_nothing);
  bench_history_scroll (GTK_WIDGET (window), view);
  bench_history_change (GTK_WIDGET (window), view, "history-filter", change_ruleset);
  bench_history_change (GTK_WIDGET (window), view, "history-sort", change_sort);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A game of up to 300 random plies, a variation of four plies at every
 * tenth one; left at its main line's end. */
static TbGame *
game_with_variations (void)
{
  TbGame *game = random_game ("versus-61", 300, 7);
  guint n = tb_game_get_n_plies (game);
  TbRandom rng;

  tb_random_init (&rng, 7);
  for (guint ply = 5; ply < n; ply += 10)
    {
      tb_game_go_to_ply (game, ply);
      for (guint i = 0; i < 4 && !tb_game_is_over (game); i++)
        {
          guint n_moves;
          const TbMove *moves = tb_game_get_legal_moves (game, &n_moves);

          tb_game_play_full (game, moves[tb_random_below (&rng, n_moves)],
                             TB_PLAY_ADD_VARIATION, NULL);
        }
      tb_game_go_to_node (game, tb_game_get_root (game));
    }
  tb_game_go_to_ply (game, tb_game_get_n_plies (game));
  return game;
}

/* Runs change n times, reporting the main thread's CPU and wall time;
 * undo (if any) runs after each, not measured. */
static void
measure (const char *what, void (*change) (gpointer, guint), void (*undo) (gpointer),
         gpointer data, guint n)
{
  g_autofree double *cpu = g_new (double, n);
  g_autofree double *wall = g_new (double, n);
  g_autofree char *wall_name = g_strconcat (what, "-wall", NULL);

  for (guint i = 0; i < n; i++)
    {
      double cpu_start = thread_cpu_ms ();
      gint64 start = g_get_monotonic_time ();

      change (data, i);
      cpu[i] = thread_cpu_ms () - cpu_start;
      wall[i] = (g_get_monotonic_time () - start) / 1000.0;
      if (undo)
        undo (data);
    }
  report (what, cpu, n);
  report (wall_name, wall, n);
}

typedef struct
{
  GtkWidget *widget;
  TbGame *game;
} TreeBench;

static void
tree_set_game (gpointer data, guint i)
{
  TreeBench *b = data;

  tb_move_tree_set_game (TB_MOVE_TREE (b->widget), b->game);
}

static void
list_set_game (gpointer data, guint i)
{
  TreeBench *b = data;

  tb_move_list_set_game (TB_MOVE_LIST (b->widget), b->game);
}

static void
step_back (gpointer data, guint i)
{
  TreeBench *b = data;

  tb_game_go_to_ply (b->game, tb_game_get_n_plies (b->game) - 1 - i % 100);
}

/* A move played into a new variation at the middle (its row made). */
static void
play_variation (gpointer data, guint i)
{
  TreeBench *b = data;
  guint n_moves;
  const TbMove *moves;

  tb_game_go_to_node (b->game, tb_game_get_root (b->game));
  tb_game_go_to_ply (b->game, tb_game_get_n_plies (b->game) / 2);
  moves = tb_game_get_legal_moves (b->game, &n_moves);
  tb_game_play_full (b->game, moves[n_moves - 1], TB_PLAY_NEW_VARIATION, NULL);
}

/* The variation cut again, as the tree's Delete does (its rows made
 * again: the freed node's row must not outlive it). */
static void
cut_variation (gpointer data)
{
  TreeBench *b = data;

  tb_game_cut_free (tb_game_cut (b->game, tb_game_get_current_node (b->game)));
  tb_move_tree_refresh (TB_MOVE_TREE (b->widget));
}

/* '?' pressed on the move shown (cycling ?, ??, none): its row remade. */
static void
press_glyph_key (gpointer data, guint i)
{
  TreeBench *b = data;

  tb_move_tree_press_glyph_key (TB_MOVE_TREE (b->widget), '?');
}

static void
bench_move_tree (void)
{
  g_autoptr (TbGame) game = game_with_variations ();
  GtkWidget *window = gtk_window_new ();
  TreeBench tree = { g_object_new (TB_TYPE_MOVE_TREE, NULL), game };
  TreeBench list = { tb_move_list_new (), game };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  printf ("move tree: %u plies in the main line\n", tb_game_get_main_line_length (game));
  gtk_box_append (GTK_BOX (box), tree.widget);
  gtk_box_append (GTK_BOX (box), list.widget);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 800);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_paint (window);
  measure ("move-list-set", list_set_game, NULL, &list, 20);
  tb_move_list_set_game (TB_MOVE_LIST (list.widget), NULL);
  measure ("move-tree-set", tree_set_game, NULL, &tree, 20);
  measure ("move-tree-step", step_back, NULL, &tree, 100);
  measure ("move-tree-play", play_variation, cut_variation, &tree, 20);
  measure ("move-tree-glyph", press_glyph_key, NULL, &tree, 30);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the part named runs: all of them, or the one BENCH_UI_ONLY
 * names (to profile it alone). */
static gboolean
runs (const char *part)
{
  const char *only = g_getenv ("BENCH_UI_ONLY");

  return only == NULL || g_str_equal (only, part);
}

static void
bench (Fixture *f, gconstpointer data)
{
  const char *only = g_getenv ("BENCH_UI_ONLY");
  static const char *const parts[] = { "move-tree", "redraw", "input", "history", "first-frame" };

  if (only && !g_strv_contains (parts, only))
    g_error ("BENCH_UI_ONLY: no part named %s (move-tree, redraw, input, history, first-frame)",
             only);
  if (runs ("move-tree"))
    bench_move_tree ();
  if (runs ("redraw"))
    bench_redraw (f);
  if (runs ("input"))
    {
      bench_input (f);
      bench_input_while_analysing (f);
    }
  if (runs ("history"))
    bench_history ();
  if (app_path && runs ("first-frame"))
    bench_first_frame ();
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  app_path = argc > 1 ? argv[1] : NULL;
  ADD_SETUP ("/bench/ui", bench_setup, bench);
  return ui_test_run ();
}
