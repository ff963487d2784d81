/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-store.c: the window keeps its games in the database, under a
 * display: every move is saved as it is played, undo included; a new
 * window offers the unfinished game and goes on with it where it stood;
 * a damaged database is moved aside and the user told where it went; an
 * older one is brought up to date while the window shows, saying so.
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "tb-game-picker.h"
#include "tb-match.h"
#include "tb-store.h"
#include "tb-tgn.h"
#include "ui-test-util.h"

typedef struct
{
  char *dir;
  char *path;
  TbStore *store;   /* the test's own connection; each window has another */
} Storage;

static void
storage_open (Storage *s)
{
  g_autoptr (GError) error = NULL;

  s->dir = g_dir_make_tmp ("tablier-ui-store-XXXXXX", &error);
  g_assert_no_error (error);
  s->path = g_build_filename (s->dir, "games.db", NULL);
  s->store = tb_store_open (s->path, &error);
  g_assert_no_error (error);
}

static void
storage_close (Storage *s)
{
  g_clear_object (&s->store);
  tt_remove_dir (s->dir);
  g_free (s->dir);
  g_free (s->path);
}

static gboolean
has_game (gpointer data)
{
  return test_game (data) != NULL;
}

/* A window of its own on the store, as the application makes one. */
static void
open_window (Fixture *f, TbStore *store, const char *notice)
{
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);

  f->app = test_app;
  f->context = tb_context_new_full (settings, store, notice);
  f->window = tb_window_new (GTK_APPLICATION (f->app), f->context);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_for_paint (GTK_WIDGET (f->window));
}

static void
close_window (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate_for (50);
  g_clear_object (&f->context);
}

static gboolean
board_ready (gpointer data)
{
  double x, y;

  return tb_board_view_get_cell_center (test_board_view (data), 0, &x, &y);
}

static TbStoreRow *
only_row (TbStore *store)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = tb_store_query (store, NULL, TB_STORE_SORT_DATE, FALSE, 0, 10,
                                               &error);

  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 1);
  return g_ptr_array_steal_index (rows, 0);
}

static void
test_games_kept_and_resumed (void)
{
  Storage s;
  Fixture f = { 0 };
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) game = tb_game_new (variant, 1);
  g_autoptr (TbStoreRow) row = NULL;
  g_autoptr (TbGame) stored = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) window_store = NULL;
  TbGame *resumed;

  storage_open (&s);
  window_store = tb_store_open (s.path, &error);
  open_window (&f, window_store, NULL);
  tb_window_set_game (f.window, game);
  iterate_until (board_ready, f.window, 10000);
  wait_for_pages_settled (f.window);

  /* Kept from the start, then at every move. */
  wait_for_store (f.window);
  row = only_row (s.store);
  g_assert_cmpuint (row->plies, ==, 0);
  g_clear_pointer (&row, tb_store_row_free);
  click_cell (&f, "c1");
  click_cell (&f, "c3");
  click_cell (&f, "g9");
  click_cell (&f, "g7");
  wait_for_store (f.window);
  row = only_row (s.store);
  g_assert_cmpuint (row->plies, ==, 2);
  g_assert_cmpstr (row->result, ==, "*");
  /* Undo is kept too: the game stands at ply 1, its move still to redo. */
  gtk_widget_activate_action (test_play_page (f.window), "play.undo", NULL);
  wait_for_store (f.window);
  stored = tb_store_load_game (s.store, row->id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_game_get_ply (stored), ==, 1);
  g_assert_cmpuint (tb_game_get_n_plies (stored), ==, 2);
  close_window (&f);

  /* A new window offers it on the picker, and goes on where it stood. */
  open_window (&f, window_store, NULL);
  iterate_until (has_game, f.window, 10000);
  resumed = test_game (f.window);
  g_assert_nonnull (resumed);
  g_assert_cmpuint (tb_game_get_ply (resumed), ==, 1);
  g_assert_true (tb_game_can_redo (resumed));
  wait_for_pages_settled (f.window);
  save_screenshot (GTK_WIDGET (f.window), "picker-resume-stored");
  g_signal_emit_by_name (find_descendant (GTK_WIDGET (f.window), TB_TYPE_GAME_PICKER), "resume");
  iterate_until (board_ready, f.window, 10000);
  wait_for_pages_settled (f.window);
  click_cell (&f, "g9");
  click_cell (&f, "g8");
  wait_for_store (f.window);
  g_clear_pointer (&row, tb_store_row_free);
  row = only_row (s.store);
  g_assert_cmpuint (row->plies, ==, 2);
  g_clear_object (&stored);
  stored = tb_store_load_game (s.store, row->id, &error);
  {
    g_autofree char *token = tb_game_get_move_text (stored, 2);

    g_assert_cmpstr (token, ==, "g9-g8");
  }

  /* Resigned: finished in the store, nothing left to continue. */
  tb_game_finish (resumed, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RESIGNED);
  wait_for_store (f.window);
  g_assert_cmpint (tb_store_last_unfinished (s.store), ==, 0);
  close_window (&f);
  g_clear_object (&window_store);
  storage_close (&s);
}

/* An RA match left after its first game: a new window takes it up as a
 * match, with the first game's points in its totals. */
static void
test_match_resumed (void)
{
  Storage s;
  Fixture f = { 0 };
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("ra"));
  g_autoptr (TbGame) first = tb_game_new (variant, 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  TbMatch *match;
  g_autoptr (TbStore) window_store = NULL;
  int before[2], after[2];
  guint n_games;

  storage_open (&s);
  window_store = tb_store_open (s.path, NULL);
  open_window (&f, window_store, NULL);
  tb_window_set_game (f.window, first);
  match = test_match (f.window);
  g_assert_nonnull (match);
  /* Games until one ends with points, then one move of the next. */
  do
    {
      TbGame *game = tb_match_get_current_game (match);

      while (!tb_game_is_over (game))
        {
          guint n;
          const TbMove *moves = tb_game_get_legal_moves (game, &n);

          tb_game_play (game, moves[g_rand_int_range (rand, 0, (int) n)], NULL);
        }
      tb_match_get_totals (match, before);
      g_assert_true (gtk_widget_activate_action (test_play_page (f.window), "play.next-game", NULL));
      iterate_for (50);
    }
  while (before[0] + before[1] == 0 && tb_match_get_n_games (match) < 10);
  n_games = tb_match_get_n_games (match);
  {
    TbGame *game = test_game (f.window);
    guint n;
    const TbMove *moves = tb_game_get_legal_moves (game, &n);

    tb_game_play (game, moves[0], NULL);
  }
  wait_for_store (f.window);
  close_window (&f);

  open_window (&f, window_store, NULL);
  iterate_until (has_game, f.window, 10000);
  match = test_match (f.window);
  g_assert_nonnull (match);
  g_assert_cmpuint (tb_match_get_n_games (match), ==, n_games);
  tb_match_get_totals (match, after);
  g_assert_cmpint (after[0], ==, before[0]);
  g_assert_cmpint (after[1], ==, before[1]);
  g_assert_true (tb_match_get_current_game (match) == test_game (f.window));
  close_window (&f);
  g_clear_object (&window_store);
  storage_close (&s);
}

/* The application's own opening of the database: a damaged file is moved
 * aside, and the window says so until the user closes the message. */
static void
test_damaged_database_reported (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-damaged-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
  g_autoptr (TbContext) context = NULL;
  const char *notice;
  TbStore *store;
  Fixture f = { 0 };

  g_assert_true (g_file_set_contents (path, "not a database", -1, NULL));
  g_setenv ("TABLIER_DATA_DIR", dir, TRUE);
  context = tb_context_new_for_user (settings);
  g_unsetenv ("TABLIER_DATA_DIR");
  wait_for_opened (context);
  store = tb_context_get_store (context);
  notice = tb_context_get_store_notice (context);
  g_assert_nonnull (store);
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, ".broken-"));
  open_window (&f, store, notice);
  iterate_for (300);
  {
    GtkWindow *dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (dialog);
    g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==, notice);
    save_screenshot (GTK_WIDGET (dialog), "database-moved-aside");
    gtk_window_destroy (dialog);
  }
  close_window (&f);
  g_clear_object (&context);
  {
    Storage moved_aside = { .dir = g_steal_pointer (&dir) };

    storage_close (&moved_aside);
  }
}

/* Whether an AdwWindowTitle under widget has this subtitle. */
static gboolean
has_subtitle (GtkWidget *widget, const char *subtitle)
{
  if (ADW_IS_WINDOW_TITLE (widget) &&
      g_strcmp0 (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget)), subtitle) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (has_subtitle (child, subtitle))
      return TRUE;
  return FALSE;
}

static gboolean
shows_upgrading (gpointer data)
{
  return has_subtitle (data, _("Upgrading your game database…"));
}

/* A database schema 4 wrote (three unfinished games), in WAL mode as
 * Tablier keeps it. */
static void
make_v4_database (const char *path)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "..", "store-fixtures",
                                                    "schema-v4.sql", NULL);
  g_autofree char *sql = NULL;
  sqlite3 *db;

  g_assert_true (g_file_get_contents (fixture, &sql, NULL, NULL));
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (db);
}

/* A record of one game, to drop on the window. */
static GFile *
write_record (const char *dir)
{
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) game = tb_game_new (variant, 1);
  g_autofree char *path = g_build_filename (dir, "dropped.tgn", NULL);
  g_autofree char *record = NULL;

  g_assert_true (tb_game_play_text (game, "c1-c3", NULL));
  tb_game_set_tag (game, "Player1", "Dropped");
  record = tb_tgn_write (game);
  g_assert_true (g_file_set_contents (path, record, -1, NULL));
  return g_file_new_for_path (path);
}

static gboolean
holds_dropped_game (gpointer data)
{
  TbStoreFilter filter = { .player = "Dropped" };

  return tb_store_count (data, &filter, NULL) == 1;
}

/* The application's own opening of an older database: the window shows
 * at once, its start screen saying why the games wait while the database
 * is copied and brought up to date in a worker thread; then the last
 * unfinished game is offered, and a record dropped meanwhile imported.
 * Another program's write holds the upgrade back (SQLite waits up to two
 * seconds for it), so that the start screen can be seen meanwhile. */
static void
test_upgrading_shown (void)
{
  g_autoptr (GError) error = NULL;
  Storage s = { .dir = g_dir_make_tmp ("tablier-ui-upgrade-XXXXXX", &error) };
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
  g_autofree char *copy = NULL;
  g_autoptr (GFile) record = NULL;
  Fixture f = { .app = test_app };
  sqlite3 *writer;

  g_assert_no_error (error);
  s.path = g_build_filename (s.dir, "games.db", NULL);
  make_v4_database (s.path);
  record = write_record (s.dir);
  g_assert_cmpint (sqlite3_open (s.path, &writer), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (writer, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);

  g_setenv ("TABLIER_DATA_DIR", s.dir, TRUE);
  f.context = tb_context_new_for_user (settings);
  g_unsetenv ("TABLIER_DATA_DIR");
  f.window = tb_window_new (GTK_APPLICATION (f.app), f.context);
  gtk_window_present (GTK_WINDOW (f.window));
  iterate_until (shows_upgrading, f.window, 10000);
  g_assert_true (tb_context_get_opening (f.context));
  g_assert_null (tb_context_get_store (f.context));
  tb_window_import_files (f.window, &record, 1);
  save_screenshot (GTK_WIDGET (f.window), "database-upgrading");
  sqlite3_exec (writer, "COMMIT", NULL, NULL, NULL);
  sqlite3_close (writer);

  wait_for_opened (f.context);
  g_assert_nonnull (tb_context_get_store (f.context));
  g_assert_null (tb_context_get_store_notice (f.context));
  g_assert_false (shows_upgrading (f.window));
  g_assert_true (has_subtitle (GTK_WIDGET (f.window), _("Choose a game")));
  copy = g_strdup_printf ("%s.before-v%d", s.path, TB_STORE_SCHEMA_VERSION);
  g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  /* The unfinished game changed last, offered on the start screen, and
   * the game dropped, imported. */
  iterate_until (has_game, f.window, 10000);
  s.store = tb_store_open (s.path, &error);
  g_assert_no_error (error);
  iterate_until (holds_dropped_game, s.store, 20000);
  wait_for_store (f.window);
  close_window (&f);
  storage_close (&s);
}

/* The application started on an older database and quitting at its
 * first frame, before the database may be open: the opening thread is
 * not cut short (the upgrade is done, its copy kept), and the database
 * is closed and marked so (an empty PATH.in-use, no WAL left): the next
 * start need not check the whole file. */
static void
test_closed_when_quitting (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-ui-quit-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autofree char *copy = g_strdup_printf ("%s.before-v%d", path, TB_STORE_SCHEMA_VERSION);
  g_autofree char *marker = g_strconcat (path, ".in-use", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *mark = NULL;
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr (GSubprocess) app = NULL;
  const char *argv[] = { g_getenv ("TABLIER_APP"), NULL };

  g_assert_no_error (error);
  g_assert_nonnull (argv[0]);
  make_v4_database (path);
  g_subprocess_launcher_setenv (launcher, "TABLIER_DATA_DIR", dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "TABLIER_QUIT_AFTER_FIRST_FRAME", "1", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "memory", TRUE);
  app = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (app, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_get_contents (marker, &mark, NULL, NULL));
  g_assert_cmpstr (mark, ==, "");
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  {
    Storage s = { .dir = g_steal_pointer (&dir), .path = g_steal_pointer (&path) };

    storage_close (&s);
  }
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/store/games-kept-and-resumed", test_games_kept_and_resumed);
  g_test_add_func ("/ui/store/match-resumed", test_match_resumed);
  g_test_add_func ("/ui/store/damaged-database-reported", test_damaged_database_reported);
  g_test_add_func ("/ui/store/upgrading-shown", test_upgrading_shown);
  g_test_add_func ("/ui/store/closed-when-quitting", test_closed_when_quitting);

  return ui_test_run ();
}
