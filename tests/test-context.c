/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-context.c: the user's game database, opened by the context in a
 * worker thread (tb_context_new_for_user), with its own data folder
 * ($XDG_DATA_HOME of each test): an older one is copied and brought up to
 * date while the main loop goes on, and the window is told ("upgrading",
 * then "store", "opening" last); the games begun meanwhile are saved once
 * it is open, those let go before as well; a damaged file is moved
 * aside; a database that cannot be written is opened read-only, and
 * nothing is written to it.
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "tb-autosave.h"
#include "tb-context.h"
#include "tb-session.h"
#include "tb-store-job.h"
#include "tb-test-store.h"

static GSettings *
memory_settings (void)
{
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (APP_ID, backend);
}

/* The user's database path, its folder made. */
static char *
user_database (void)
{
  char *path = tb_store_default_path ();
  g_autofree char *folder = g_path_get_dirname (path);

  g_assert_true (g_str_has_prefix (path, g_get_user_data_dir ()));
  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  return path;
}

/* What the context said, in order: "upgrading=1", "store", … */
static void
on_notify (TbContext *context, GParamSpec *pspec, GPtrArray *said)
{
  if (g_strcmp0 (pspec->name, "upgrading") == 0 || g_strcmp0 (pspec->name, "opening") == 0)
    {
      gboolean value;

      g_object_get (context, pspec->name, &value, NULL);
      g_ptr_array_add (said, g_strdup_printf ("%s=%d", pspec->name, value));
    }
  else
    g_ptr_array_add (said, g_strdup (pspec->name));
}

static char *
joined (GPtrArray *said)
{
  g_ptr_array_add (said, NULL);
  return g_strjoinv (" ", (char **) said->pdata);
}

static gboolean
is_opened (gpointer data)
{
  return !tb_context_get_opening (data);
}

static gboolean
has_id (gpointer data)
{
  return tb_session_get_id (data) > 0;
}

static TbGame *
versus_game (const char *player1)
{
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  TbGame *game = tb_game_new (variant, 1);

  tb_game_set_tag (game, "Player1", player1);
  return game;
}

static void
play (TbGame *game, const char *move)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tb_game_play_text (game, move, &error));
  g_assert_no_error (error);
}

/* The game stored under its GameId, with its moves. */
static void
assert_stored (TbStore *store, TbGame *game)
{
  const char *uuid = tb_game_get_tag (game, "GameId");
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) stored = NULL;
  gint64 id;

  g_assert_nonnull (uuid);
  id = tb_store_find_game_id (store, uuid);
  g_assert_cmpint (id, >, 0);
  stored = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_game_get_n_plies (stored), ==, tb_game_get_n_plies (game));
  g_assert_cmpstr (tb_game_get_tag (stored, "Player1"), ==, tb_game_get_tag (game, "Player1"));
}

/* A database an older Tablier wrote (data: the fixture), opened by the
 * application: the main loop goes on while it is copied and brought up
 * to date; the games begun meanwhile, and one let go of before it was
 * open, are saved once it is. */
static void
test_upgrade_in_a_thread (gconstpointer data)
{
  const char *fixture = data;
  g_autofree char *path = user_database ();
  g_autofree char *copy = NULL, *copy_version = NULL;
  g_autoptr (GSettings) settings = memory_settings ();
  g_autoptr (GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (TbContext) context = NULL;
  g_autoptr (TbSession) session = NULL;
  g_autoptr (TbSession) closed = NULL;
  g_autoptr (TbGame) played = versus_game ("Played meanwhile");
  g_autoptr (TbGame) let_go = versus_game ("Let go of");
  g_autofree char *order = NULL, *count = NULL;
  guint before;
  TbStore *store;

  load_fixture (path, fixture);
  count = raw_query (path, "SELECT count (*) FROM games");
  before = (guint) g_ascii_strtoull (count, NULL, 10);
  g_assert_cmpuint (before, >, 0);

  context = tb_context_new_for_user (settings);
  g_signal_connect (context, "notify", G_CALLBACK (on_notify), said);
  /* Nothing arrives before the main loop runs: the games below are begun
   * while the database opens. */
  g_assert_true (tb_context_get_opening (context));
  g_assert_null (tb_context_get_store (context));
  session = tb_session_new (context);
  tb_session_start (session, played);
  play (played, "c1-e3");
  closed = tb_session_new (context);
  tb_session_start (closed, let_go);
  play (let_go, "c1-c3");
  play (let_go, "g9-g7");
  g_clear_object (&closed);

  tt_iterate_until (is_opened, context);
  order = joined (said);
  g_test_message ("notified: %s", order);
  g_assert_cmpstr (order, ==, "upgrading=1 store store-notice upgrading=0 opening=0");
  store = tb_context_get_store (context);
  g_assert_nonnull (store);
  g_assert_false (tb_store_is_read_only (store));
  g_assert_null (tb_context_get_store_notice (context));
  copy = g_strdup_printf ("%s.before-v%d", path, TB_STORE_SCHEMA_VERSION);
  g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  copy_version = raw_query (copy, "PRAGMA user_version");
  g_assert_cmpstr (copy_version, ==, g_str_has_suffix (fixture, "v3.sql") ? "3" : "4");

  /* The game on the board is saved from now on, and the one let go. */
  tt_iterate_until (has_id, session);
  play (played, "g9-g7");
  g_assert_true (tb_autosave_wait_all (20000));
  tt_wait_for_store_jobs (store);
  assert_stored (store, played);
  assert_stored (store, let_go);
  g_assert_cmpuint (tb_store_count_all (store), ==, before + 2);
}

/* A database of the present schema: opened without an upgrade, and
 * without a copy. */
static void
test_current_database (void)
{
  g_autofree char *path = user_database ();
  g_autofree char *copy = NULL;
  g_autoptr (GSettings) settings = memory_settings ();
  g_autoptr (GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (TbContext) context = NULL;
  g_autofree char *order = NULL;

  g_object_unref (tb_store_open (path, NULL));
  context = tb_context_new_for_user (settings);
  g_signal_connect (context, "notify", G_CALLBACK (on_notify), said);
  /* What the application does when it quits at once. */
  tb_context_wait_opened (context);
  order = joined (said);
  g_assert_cmpstr (order, ==, "store store-notice upgrading=0 opening=0");
  g_assert_nonnull (tb_context_get_store (context));
  g_assert_null (tb_context_get_store_notice (context));
  copy = g_strdup_printf ("%s.before-v%d", path, TB_STORE_SCHEMA_VERSION);
  g_assert_false (g_file_test (copy, G_FILE_TEST_EXISTS));
}

/* A file that is no database: moved aside, a new one started, and the
 * notice says where the old one went. */
static void
test_damaged_moved_aside (void)
{
  g_autofree char *path = user_database ();
  g_autoptr (GSettings) settings = memory_settings ();
  g_autoptr (TbContext) context = NULL;
  g_autofree char *moved = NULL;
  const char *notice;

  g_assert_true (g_file_set_contents (path, "not a database", -1, NULL));
  context = tb_context_new_for_user (settings);
  tb_context_wait_opened (context);
  g_assert_nonnull (tb_context_get_store (context));
  notice = tb_context_get_store_notice (context);
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, ".broken-"));
  moved = g_strndup (strstr (notice, "“") + strlen ("“"),
                     strstr (notice, "”") - strstr (notice, "“") - strlen ("“"));
  g_assert_true (g_file_test (moved, G_FILE_TEST_IS_REGULAR));
}

/* ---- a database that cannot be written ---- */

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The files beside the database, and its bytes: nothing may change. */
static char *
folder_state (const char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) state = g_string_new (NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *file = g_build_filename (folder, names->pdata[i], NULL);
      g_autofree char *bytes = NULL;
      gsize length = 0;
      g_autofree char *sum = NULL;

      g_file_get_contents (file, &bytes, &length, NULL);
      sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) bytes, length);
      g_string_append_printf (state, "%s %s\n", (char *) names->pdata[i], sum);
    }
  return g_string_free (g_steal_pointer (&state), FALSE);
}

/* In a child process: root may write any file, so the child runs as
 * nobody (the folder and file are root's and cannot be written by it);
 * another user's file mode is enough. */
static void
read_only_in_child (void)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (TbContext) context = NULL;
  g_autoptr (TbSession) session = NULL;
  g_autoptr (TbGame) game = versus_game ("Not kept");
  TbStore *store;

  if (geteuid () == 0)
    g_assert_true (setgid (65534) == 0 && setuid (65534) == 0);
  g_setenv ("TABLIER_DATA_DIR", g_getenv ("TEST_READ_ONLY_FOLDER"), TRUE);
  settings = memory_settings ();
  context = tb_context_new_for_user (settings);
  session = tb_session_new (context);
  tb_session_start (session, game);
  play (game, "c1-e3");
  tt_iterate_until (is_opened, context);
  store = tb_context_get_store (context);
  g_assert_nonnull (store);
  g_assert_true (tb_store_is_read_only (store));
  g_assert_nonnull (strstr (tb_context_get_store_notice (context), "cannot be written"));
  /* Its games can be looked at; the game played is not saved. */
  g_assert_cmpuint (tb_store_count_all (store), ==, 1);
  play (game, "g9-g7");
  g_assert_false (tb_session_get_saving (session));
  g_assert_cmpint (tb_session_get_id (session), ==, 0);
  g_assert_false (tb_autosave_any_busy ());
}

static void
test_read_only (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = NULL, *path = NULL, *before = NULL, *after = NULL;
  g_autoptr (TbGame) game = versus_game ("Stored");

  if (g_test_subprocess ())
    {
      read_only_in_child ();
      return;
    }
  folder = g_dir_make_tmp ("tablier-context-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (folder, "games.db", NULL);
  {
    g_autoptr (TbStore) store = tb_store_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpint (tb_store_add_game (store, game, &error), >, 0);
  }
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_cmpint (g_chmod (folder, 0555), ==, 0);
  before = folder_state (folder);
  /* main () clears TABLIER_DATA_DIR: the child sets it from this. */
  g_setenv ("TEST_READ_ONLY_FOLDER", folder, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  after = folder_state (folder);
  g_assert_cmpstr (after, ==, before);
  g_chmod (folder, 0700);
  tt_remove_dir (folder);
}

int
main (int argc, char **argv)
{
  /* tb_store_default_path: $XDG_DATA_HOME/tablier, a folder of each
   * test's own. */
  g_unsetenv ("TABLIER_DATA_DIR");
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_data_func ("/context/upgrade-in-a-thread/v3", "schema-v3.sql",
                        test_upgrade_in_a_thread);
  g_test_add_data_func ("/context/upgrade-in-a-thread/v4", "schema-v4.sql",
                        test_upgrade_in_a_thread);
  g_test_add_func ("/context/current-database", test_current_database);
  g_test_add_func ("/context/damaged-moved-aside", test_damaged_moved_aside);
  g_test_add_func ("/context/read-only", test_read_only);
  return g_test_run ();
}
