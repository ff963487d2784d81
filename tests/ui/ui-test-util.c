/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.c: what the display tests share: a window per test with
 * its own in-memory settings, clicks and keys as the user gives them, and
 * screenshots for people to look at
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "tb-history-page.h"
#include "tb-new-game-dialog.h"
#include "tb-random.h"
#include "tb-replay-view.h"
#include "tb-store-job.h"
#include "ui-test-util.h"

/* One application for the process (a GApplication registers once); each
 * test gets a fresh window with its own in-memory settings. */
TbApplication *test_app;

/* The timeouts only catch a hang: the display tests run side by side,
 * under the sanitizers too, on machines others share, so none is shorter
 * than 15 s whatever the caller asked. */
#define SHORTEST_TIMEOUT_MS 15000

void
iterate_until (gboolean (*done) (gpointer), gpointer data, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + MAX (timeout_ms, SHORTEST_TIMEOUT_MS) * 1000;

  while (!done (data))
    {
      g_main_context_iteration (NULL, FALSE);
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for the user interface");
      g_usleep (1000);
    }
}

void
iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

TbSession *
test_session (TbWindow *window)
{
  return tb_window_get_session (window);
}

TbGame *
test_game (TbWindow *window)
{
  return tb_session_get_game (tb_window_get_session (window));
}

TbMatch *
test_match (TbWindow *window)
{
  return tb_session_get_match (tb_window_get_session (window));
}

GtkWidget *
test_play_page (TbWindow *window)
{
  return GTK_WIDGET (tb_window_get_play_page (window));
}

TbBoardView *
test_board_view (TbWindow *window)
{
  return tb_play_page_get_board_view (tb_window_get_play_page (window));
}

TbMovePicker *
test_picker (TbWindow *window)
{
  return tb_board_view_get_picker (test_board_view (window));
}

GtkWidget *
test_bars (TbWindow *window)
{
  return GTK_WIDGET (tb_play_page_get_board_bars (tb_window_get_play_page (window)));
}

GtkWidget *
test_history_page (TbWindow *window)
{
  return GTK_WIDGET (tb_window_get_history_page (window));
}

const char *
test_status_text (TbWindow *window)
{
  return tb_play_page_get_status_text (tb_window_get_play_page (window));
}

static void
on_store_waited (GObject *source, GAsyncResult *result, gpointer data)
{
  *(gboolean *) data = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return *(gboolean *) data;
}

static gboolean
is_saved (gpointer data)
{
  return !tb_session_get_saving (data);
}

static gboolean
is_opened (gpointer data)
{
  return !tb_context_get_opening (data);
}

void
wait_for_opened (TbContext *context)
{
  iterate_until (is_opened, context, 20000);
}

void
wait_for_store (TbWindow *window)
{
  TbStore *store;
  gboolean done = FALSE;

  wait_for_opened (tb_window_get_context (window));
  store = tb_context_get_store (tb_window_get_context (window));
  if (store == NULL)
    return;
  iterate_until (is_saved, test_session (window), 10000);
  tb_store_job_wait (store, NULL, on_store_waited, &done);
  iterate_until (is_done, &done, 10000);
}

static gboolean
board_allocated (gpointer data)
{
  TbWindow *window = data;
  double x, y;

  return tb_board_view_get_cell_center (test_board_view (window), 0, &x, &y);
}

gboolean
not_animating (gpointer data)
{
  return !tb_board_view_is_animating (data);
}

const WindowSetup wide_light = { FALSE, 1000, 700 };
const WindowSetup picker_light = { FALSE, 1000, 700, TRUE };
const WindowSetup picker_dark = { TRUE, 1000, 700, TRUE };
const WindowSetup picker_narrow = { FALSE, 360, 640, TRUE };
const WindowSetup picker_large_dark = { TRUE, 1400, 900, TRUE };
const WindowSetup wide_dark = { TRUE, 1000, 700 };
const WindowSetup narrow_dark = { TRUE, 360, 640 };
const WindowSetup narrow_light = { FALSE, 360, 640 };
const WindowSetup large_light = { FALSE, 1400, 900 };
const WindowSetup large_dark = { TRUE, 1400, 900 };

GtkWidget *
find_widget (GtkWidget *widget, gboolean (*matches) (GtkWidget *, gconstpointer),
             gconstpointer data)
{
  if (matches (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, matches, data);

      if (found)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

GtkWidget *
find_descendant (GtkWidget *widget, GType type)
{
  return find_widget (widget, is_of_type, GSIZE_TO_POINTER (type));
}

static gboolean
scrolls_a_column_view (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_SCROLLED_WINDOW (widget) &&
         GTK_IS_COLUMN_VIEW (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (widget)));
}

GtkAdjustment *
find_list_adjustment (GtkWidget *widget)
{
  GtkWidget *scrolled = find_widget (widget, scrolls_a_column_view, NULL);

  g_assert_nonnull (scrolled);
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

/* No stack under widget is between two of its pages. */
static gboolean
stacks_settled (GtkWidget *widget)
{
  if (GTK_IS_STACK (widget) && gtk_stack_get_transition_running (GTK_STACK (widget)))
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (!stacks_settled (child))
      return FALSE;
  return TRUE;
}

static gboolean
pages_settled (gpointer data)
{
  return stacks_settled (data);
}

/* The window's pages cross-fade, and so do the pages within them (the
 * history's list and replay): a test looks at the page it asked for only
 * once every fade is over. */
void
wait_for_pages_settled (TbWindow *window)
{
  iterate_until (pages_settled, window, 5000);
}

void
fixture_set_up (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data ? data : &wide_light;
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);

  f->context = tb_context_new (settings);
  f->app = test_app;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      setup->dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                  : ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_settings_set_int (settings, "window-width", setup->width);
  g_settings_set_int (settings, "window-height", setup->height);
  f->window = tb_window_new (GTK_APPLICATION (f->app), f->context);
  gtk_window_present (GTK_WINDOW (f->window));
  if (setup->picker)
    {
      wait_for_paint (GTK_WIDGET (f->window));
      return;
    }
  /* Most tests start where a person starts playing: Versus on 61. */
  {
    g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
    g_autoptr (TbGame) game = tb_game_new (variant, 1);

    tb_window_set_game (f->window, game);
  }
  iterate_until (board_allocated, f->window, 10000);
  wait_for_pages_settled (f->window);
}

void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  GtkWindow *window;

  /* The dialogs a test left open, then the window itself. */
  while ((window = find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) ||
         (window = find_toplevel (ADW_TYPE_ABOUT_WINDOW)) ||
         (window = find_toplevel (TB_TYPE_NEW_GAME_DIALOG)))
    {
      gtk_window_destroy (window);
      iterate_for (20);
    }
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate_for (50);
  g_clear_object (&f->context);
}

/* Clicks as the user does: the board's own click gesture receives a press
 * and a release at the centre of the cell. */
/* Presses and releases a mouse button at (x, y) on the board, through the
 * board's own click gestures (button 1 or 3). */
static void
click_view_at (TbBoardView *view, double x, double y, guint button)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == button)
        {
          g_signal_emit_by_name (controller, "pressed", 1, x, y);
          g_signal_emit_by_name (controller, "released", 1, x, y);
        }
    }
  g_main_context_iteration (NULL, FALSE);
}

void
click_at (Fixture *f, double x, double y, guint button)
{
  click_view_at (test_board_view (f->window), x, y, button);
}

void
click_cell_of (TbBoardView *view, const char *name)
{
  TbGame *game = tb_board_view_get_game (view);
  int cell = tb_board_desc_find_cell (&tb_game_get_variant (game)->board, name);
  double x, y;

  g_assert_cmpint (cell, >=, 0);
  g_assert_true (tb_board_view_get_cell_center (view, cell, &x, &y));
  g_assert_cmpint (tb_board_view_cell_at (view, x, y), ==, cell);
  click_view_at (view, x, y, GDK_BUTTON_PRIMARY);
}

void
move_pointer (Fixture *f, double x, double y)
{
  GObject *motion = find_controller (GTK_WIDGET (test_board_view (f->window)),
                                     GTK_TYPE_EVENT_CONTROLLER_MOTION);

  g_signal_emit_by_name (motion, "motion", x, y);
  g_main_context_iteration (NULL, FALSE);
}

gboolean
cell_center (Fixture *f, const char *name, double *x, double *y)
{
  TbBoardView *view = test_board_view (f->window);
  TbGame *game = test_game (f->window);
  int cell = tb_board_desc_find_cell (&tb_game_get_variant (game)->board, name);

  g_assert_cmpint (cell, >=, 0);
  g_assert_true (tb_board_view_get_cell_center (view, cell, x, y));
  g_assert_cmpint (tb_board_view_cell_at (view, *x, *y), ==, cell);
  return TRUE;
}

void
click_cell (Fixture *f, const char *name)
{
  double x, y;

  cell_center (f, name, &x, &y);
  click_at (f, x, y, GDK_BUTTON_PRIMARY);
}


static void
on_after_paint (GdkFrameClock *clock, gboolean *painted)
{
  *painted = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* Waits for the window to be laid out and painted once more. */
void
wait_for_paint (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong id;

  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gtk_widget_queue_draw (widget);
  iterate_until (is_true, &painted, 5000);
  g_signal_handler_disconnect (clock, id);
}

/* Where every widget shown under root is, and root's own size, folded
 * into one number: it stays the same while nothing moves. */
static void
hash_layout (GtkWidget *widget, GtkWidget *root, guint64 *hash)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (gtk_widget_compute_bounds (widget, root, &bounds))
    {
      float values[4] = { bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height };

      for (guint i = 0; i < G_N_ELEMENTS (values); i++)
        *hash = *hash * 1099511628211u + (guint64) (gint64) (values[i] * 16);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    hash_layout (c, root, hash);
}

/* How long the layout must stay still to count as settled: longer than a
 * few frames, so that an animation about to start (a resize the X server
 * has yet to confirm) is not mistaken for its end. */
#define SETTLED_MS 150
/* Longer than any animation of the interface (the widest is a leaflet
 * folding, 250 ms); past it, the caller's own checks decide. */
#define SETTLE_AT_MOST_MS 4000

void
wait_until_settled (GtkWidget *root)
{
  gint64 now = g_get_monotonic_time ();
  gint64 still_since = now, give_up = now + SETTLE_AT_MOST_MS * 1000;
  guint64 last = 0;

  while (now < give_up && now - still_since < SETTLED_MS * 1000)
    {
      guint64 hash = (guint64) gtk_widget_get_width (root) << 32 | (guint) gtk_widget_get_height (root);

      hash_layout (root, root, &hash);
      if (hash != last)
        still_since = now;
      last = hash;
      for (int i = 0; i < 10; i++)
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (1000);
        }
      now = g_get_monotonic_time ();
    }
}

/* The narrowest a window of Tablier may be made (a phone's width): its
 * content must never ask for more, whatever the language and the page. */
#define NARROWEST_WINDOW 360

static void
assert_fits_narrowest (GtkWidget *widget)
{
  GtkWidget *content;
  int minimum;

  if (!ADW_IS_APPLICATION_WINDOW (widget))
    return;
  content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (widget));
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, NARROWEST_WINDOW);
}

char *
shot_name (const WindowSetup *setup, const char *prefix)
{
  const char *width = setup->width < 500 ? "narrow" : setup->width < 1400 ? "wide" : "large";

  return g_strdup_printf ("%s%s%s-%s", prefix ? prefix : "", prefix ? "-" : "", width,
                          setup->dark ? "dark" : "light");
}

void
save_screenshot (GtkWidget *widget, const char *name)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = gtk_native_get_renderer (native);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                           "screenshots", NULL);
  g_autofree char *file = NULL;
  const char *language = g_getenv ("TABLIER_TEST_LANGUAGE");
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  assert_fits_narrowest (widget);
  if (TB_IS_WINDOW (widget))
    wait_for_pages_settled (TB_WINDOW (widget));
  /* Right after a style change the paintable may have nothing to give
   * until the widget is drawn again: retry over a few frames. */
  for (int attempt = 0; node == NULL && attempt < 50; attempt++)
    {
      wait_for_paint (widget);
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_mkdir_with_parents (dir, 0755);
  file = g_strdup_printf ("%s/%s%s%s.png", dir, name, language ? "-" : "", language ? language : "");
  g_assert_true (gdk_texture_save_to_png (texture, file));
  /* Let go of the widget now, not when the paintable happens to die. */
  gtk_widget_paintable_set_widget (GTK_WIDGET_PAINTABLE (paintable), NULL);
  g_test_message ("screenshot: %s", file);
}


GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WINDOW (window);
    }
  return NULL;
}


GObject *
find_controller (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;  /* the widget keeps it alive */
    }
  g_assert_not_reached ();
}

void
press_key (Fixture *f, guint keyval)
{
  press_key_with (f, keyval, 0);
}

void
press_key_with (Fixture *f, guint keyval, GdkModifierType state)
{
  GObject *keys = find_controller (GTK_WIDGET (test_board_view (f->window)),
                                   GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled = FALSE;

  /* A real key press makes the window show where the focus is. */
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, state, &handled);
  g_assert_true (handled);
}

void
scroll_board (Fixture *f, double dy)
{
  GObject *scroll = find_controller (GTK_WIDGET (test_board_view (f->window)),
                                     GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  gboolean handled = FALSE;

  g_signal_emit_by_name (scroll, "scroll", 0.0, dy, &handled);
  g_assert_true (handled);
}


TbGame *
start_from_dialog (Fixture *f, const char *ruleset, guint starter)
{
  TbNewGameDialog *dialog;
  g_autofree char *name = g_strconcat ("new-game-dialog-", ruleset, NULL);

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  dialog = TB_NEW_GAME_DIALOG (find_toplevel (TB_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  tb_new_game_dialog_select_ruleset (dialog, ruleset);
  tb_new_game_dialog_set_starter (dialog, starter);
  iterate_for (100);
  save_screenshot (GTK_WIDGET (dialog), name);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate_for (100);
  return test_game (f->window);
}


TbGame *
show_position (Fixture *f, const char *ruleset, const char *text)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (ruleset));
  TbPosition *start = tb_variant_parse_position (v, text, NULL);
  g_autoptr (TbGame) game = tb_game_new_at (v, start);

  tb_position_free (start);
  tb_window_set_game (f->window, game);
  iterate_for (100);
  return test_game (f->window);
}


TbGame *
random_game (const char *ruleset, guint plies, guint seed)
{
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup (ruleset));
  TbGame *game = tb_game_new (variant, 1);
  TbRandom rng;

  tb_random_init (&rng, seed);
  for (guint i = 0; i < plies && !tb_game_is_over (game); i++)
    {
      guint n;
      const TbMove *moves = tb_game_get_legal_moves (game, &n);

      g_assert_true (tb_game_play (game, moves[tb_random_below (&rng, n)], NULL));
    }
  return game;
}

TbWindow *
replay_window (Fixture *f, const WindowSetup *setup, const char *path, TbStore *store, gint64 id,
               TbGame *game)
{
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) window_store = tb_store_open (path, &error);
  g_autoptr (TbContext) context = NULL;
  TbHistoryPage *page;
  TbWindow *window;

  g_assert_no_error (error);
  g_settings_set_int (settings, "window-width", setup->width);
  g_settings_set_int (settings, "window-height", setup->height);
  context = tb_context_new_full (settings, window_store, NULL);
  window = tb_window_new (GTK_APPLICATION (f->app), context);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_paint (GTK_WIDGET (window));
  page = tb_window_get_history_page (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-history", NULL);
  tb_replay_view_show (tb_history_page_get_replay (page), store, id, game);
  gtk_stack_set_visible_child_name (GTK_STACK (find_descendant (GTK_WIDGET (page), GTK_TYPE_STACK)),
                                    "replay");
  wait_for_pages_settled (window);
  return window;
}

gboolean
ui_test_init (int *argc, char ***argv)
{
  const char *language = g_getenv ("TABLIER_TEST_LANGUAGE");

  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  gtk_disable_setlocale ();
  g_test_init (argc, argv, NULL);
  /* The French run: the interface must come out in French. */
  if (language && g_strcmp0 (language, "fr") == 0)
    {
      if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
        {
          printf ("1..0 # SKIP the fr_FR.UTF-8 locale is not installed\n");
          return FALSE;
        }
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TABLIER_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  if (!gtk_init_check ())
    {
      printf ("1..0 # SKIP no display\n");
      return FALSE;
    }
  adw_init ();
  /* GNOME's own window buttons (Xvfb has no desktop settings). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  test_app = tb_application_new (NULL, G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (test_app), NULL, NULL));
  return TRUE;
}

int
ui_test_run (void)
{
  int status = g_test_run ();

  /* The application's own context opens the database of the tests'
   * data folder in a worker thread: not cut short. */
  wait_for_opened (tb_application_get_context (test_app));
  g_object_unref (test_app);
  return status;
}

gboolean
activate_key_binding (GtkWidget *widget, guint keyval, GdkModifierType modifiers,
                      const char **action_name)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, c);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (controller)); i++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), i);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          /* As GTK does: the first matching shortcut that acts wins. */
          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers &&
              gtk_shortcut_action_activate (action, 0, widget, gtk_shortcut_get_arguments (shortcut)))
            {
              if (action_name)
                *action_name = GTK_IS_NAMED_ACTION (action)
                                 ? gtk_named_action_get_action_name (GTK_NAMED_ACTION (action))
                                 : NULL;
              return TRUE;
            }
        }
    }
  return FALSE;
}

static gboolean
has_class (GtkWidget *widget, gconstpointer css_class)
{
  return gtk_widget_has_css_class (widget, css_class);
}

GtkWidget *
find_with_class (GtkWidget *widget, const char *css_class)
{
  return find_widget (widget, has_class, css_class);
}

static gboolean
has_name (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  return find_widget (widget, has_name, name);
}

static gboolean
dialog_gone (gpointer data)
{
  GtkWidget **dialog = data;

  return *dialog == NULL || !gtk_widget_get_visible (*dialog);
}

void
answer_dialog (const char *response_id)
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
