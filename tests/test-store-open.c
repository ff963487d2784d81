/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-open.c: what the store opens, and what it leaves alone
 *
 * Issue 22: a name SQLite takes for a temporary or in-memory database is
 * refused; a file that is not Tablier's (another program's database, one
 * with another application id, a folder, a pipe) is refused and left
 * byte for byte as it was, by readers and writers alike; a reader writes
 * nothing and makes nothing, reads a database in a folder it cannot write
 * and an older schema without upgrading it; a writer keeps a copy of an
 * older database before bringing it up to date; deletes cascade whatever
 * the connection's foreign keys.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tb-store.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-tgn.h"

static char *
file_contents (const char *path)
{
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &text, &length, &error);
  g_assert_no_error (error);
  /* Compared as hex: a database holds NUL bytes. */
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, length);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in folder, sorted, one string. */
static char *
folder_listing (const char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static const TbStoreOpenFlags every_way[] = {
  TB_STORE_OPEN_CREATE, TB_STORE_OPEN_READ_ONLY, 0,
};

/* "" and ":memory:" are refused however the store is opened, and no file
 * appears in the current folder. */
static void
test_bad_paths (Fixture *f, gconstpointer data)
{
  static const char *const paths[] = { "", ":memory:" };
  g_autofree char *here = g_get_current_dir ();

  g_assert_cmpint (g_chdir (f->dir), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    for (guint j = 0; j < G_N_ELEMENTS (every_way); j++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (TbStore) store = tb_store_open_full (paths[i], every_way[j], NULL, NULL,
                                                        &error);

        g_assert_null (store);
        g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_PATH);
      }
  {
    g_autofree char *listing = folder_listing (f->dir);

    g_assert_cmpstr (listing, ==, "");
  }
  g_assert_cmpint (g_chdir (here), ==, 0);
}

/* A name beginning "file:" is a file of that name, not a URI. */
static void
test_uri_like_name (Fixture *f, gconstpointer data)
{
  g_autofree char *here = g_get_current_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = NULL;

  g_assert_cmpint (g_chdir (f->dir), ==, 0);
  store = tb_store_open ("file:games.db?mode=memory", &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  g_assert_true (g_file_test ("file:games.db?mode=memory", G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_chdir (here), ==, 0);
}

typedef struct
{
  const char *name;
  const char *sql;       /* made with this SQL, or NULL: special */
} Foreign;

static const Foreign foreign_files[] = {
  { "another-program", "CREATE TABLE notes (id INTEGER PRIMARY KEY, text);"
                       "INSERT INTO notes (text) VALUES ('keep me')" },
  { "another-program-wal", "PRAGMA journal_mode = WAL; CREATE TABLE t (x); "
                           "INSERT INTO t VALUES (1)" },
  { "another-application-id", "PRAGMA application_id = 1234; CREATE TABLE games (x)" },
  { "same-table-names", "CREATE TABLE games (x); CREATE TABLE notes (y)" },
};

/* Another program's file is refused, by a reader and a writer, and left
 * exactly as it was: its bytes, and no file beside it. */
static void
test_not_tablier (Fixture *f, gconstpointer data)
{
  for (guint i = 0; i < G_N_ELEMENTS (foreign_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.db", f->dir, foreign_files[i].name);
      g_autofree char *before = NULL, *listing = NULL;

      raw_exec (path, foreign_files[i].sql);
      before = file_contents (path);
      listing = folder_listing (f->dir);
      for (guint j = 0; j < G_N_ELEMENTS (every_way); j++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (TbStore) store = tb_store_open_full (path, every_way[j], NULL, NULL, &error);
          g_autofree char *after = file_contents (path);
          g_autofree char *listing_after = folder_listing (f->dir);

          g_test_message ("%s: %s", foreign_files[i].name, error ? error->message : "opened");
          g_assert_null (store);
          g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FOREIGN);
          g_assert_nonnull (strstr (error->message, path));
          g_assert_cmpstr (after, ==, before);
          g_assert_cmpstr (listing_after, ==, listing);
        }
    }
}

/* A folder or a pipe where the database should be: refused at once (a
 * pipe is never opened: that would wait for ever). */
static void
test_not_a_file (Fixture *f, gconstpointer data)
{
  g_autofree char *pipe_path = g_build_filename (f->dir, "pipe.db", NULL);

  g_assert_cmpint (g_mkdir (f->path, 0700), ==, 0);
  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  for (guint j = 0; j < G_N_ELEMENTS (every_way); j++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GError) pipe_error = NULL;
      g_autoptr (TbStore) store = tb_store_open_full (f->path, every_way[j], NULL, NULL, &error);
      g_autoptr (TbStore) pipe_store = tb_store_open_full (pipe_path, every_way[j], NULL, NULL,
                                                           &pipe_error);

      g_assert_null (store);
      g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FOREIGN);
      g_assert_null (pipe_store);
      g_assert_error (pipe_error, TB_STORE_ERROR, TB_STORE_ERROR_FOREIGN);
    }
  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_DIR));
}

/* A reader given a name where there is no database makes none; a writer
 * makes one, its folder too, and marks it as Tablier's. */
static void
test_missing (Fixture *f, gconstpointer data)
{
  g_autofree char *deep = g_build_filename (f->dir, "a", "b", "games.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = tb_store_open_full (deep, TB_STORE_OPEN_READ_ONLY, NULL, NULL,
                                                  &error);
  g_autofree char *listing = NULL, *application = NULL;

  g_assert_null (store);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_MISSING);
  g_clear_error (&error);
  store = tb_store_open_full (deep, 0, NULL, NULL, &error);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_MISSING);
  listing = folder_listing (f->dir);
  g_assert_cmpstr (listing, ==, "");
  g_clear_error (&error);

  store = tb_store_open_full (deep, TB_STORE_OPEN_CREATE, NULL, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  application = raw_query (deep, "PRAGMA application_id");
  g_assert_cmpint (atoi (application), ==, TB_STORE_APPLICATION_ID);
}

/* A reader reads, writes nothing (the file's bytes stay), and is refused
 * any change with an error. */
static void
test_reader_writes_nothing (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) writer = open_store (f);
  g_autoptr (TbGame) game = tt_annotated_random_game ("versus-61", NULL, 7, 20);
  g_autoptr (TbStore) reader = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) back = NULL;
  g_autofree char *before = NULL, *after = NULL;
  gint64 id = tb_store_add_game (writer, game, &error);

  g_assert_no_error (error);
  g_clear_object (&writer);
  before = file_contents (f->path);
  reader = tb_store_open_full (f->path, TB_STORE_OPEN_READ_ONLY, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (tb_store_is_read_only (reader));
  back = tb_store_load_game (reader, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_store_count_all (reader), ==, 1);
  g_assert_cmpint (tb_store_add_game (reader, game, &error), ==, 0);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED);
  g_clear_error (&error);
  g_assert_false (tb_store_delete_game (reader, id, &error));
  g_assert_nonnull (error);
  g_clear_object (&reader);
  after = file_contents (f->path);
  g_assert_cmpstr (after, ==, before);
}

/* An older database opened by a reader: its games read, brought up to
 * date in memory only; the file keeps its bytes and no copy is made. */
static void
test_reader_leaves_an_older_schema (Fixture *f, gconstpointer data)
{
  g_autofree char *before = NULL, *after = NULL, *version = NULL, *listing = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) reader = NULL;
  g_autoptr (GPtrArray) rows = NULL;

  load_fixture (f->path, "schema-v2.sql");
  before = file_contents (f->path);
  listing = folder_listing (f->dir);
  reader = tb_store_open_full (f->path, TB_STORE_OPEN_READ_ONLY, NULL, NULL, &error);
  g_assert_no_error (error);
  rows = tb_store_query (reader, NULL, TB_STORE_SORT_DATE, FALSE, 0, 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 12);
  g_clear_object (&reader);
  after = file_contents (f->path);
  g_assert_cmpstr (after, ==, before);
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpstr (version, ==, "2");
  {
    g_autofree char *listing_after = folder_listing (f->dir);

    g_assert_cmpstr (listing_after, ==, listing);
  }
}

static void
on_upgrading (int from_version, gpointer data)
{
  *(int *) data = from_version;
}

/* A writer brings an older database up to date, says so first, and keeps
 * the file as it was beside it. */
static void
test_writer_upgrades_with_a_copy (Fixture *f, gconstpointer data)
{
  g_autofree char *copy = g_strdup_printf ("%s.before-v%d", f->path, TB_STORE_SCHEMA_VERSION);
  g_autofree char *version = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = NULL;
  int upgraded_from = -1;

  load_fixture (f->path, "schema-v1.sql");
  store = tb_store_open_full (f->path, TB_STORE_OPEN_CREATE, on_upgrading, &upgraded_from, &error);
  g_assert_no_error (error);
  g_assert_cmpint (upgraded_from, ==, 1);
  g_assert_cmpuint (tb_store_count_all (store), ==, 12);
  g_clear_object (&store);
  version = raw_query (copy, "PRAGMA user_version");
  g_assert_cmpstr (version, ==, "1");

  /* Up to date: opened without a word. */
  upgraded_from = -1;
  store = tb_store_open_full (f->path, TB_STORE_OPEN_CREATE, on_upgrading, &upgraded_from, &error);
  g_assert_no_error (error);
  g_assert_cmpint (upgraded_from, ==, -1);
}

/* Two Tablier opening the same older file at once (the application and
 * tablier-cli, say): each read its version before the other upgraded it.
 * The one that gets the write lock second finds it up to date and opens
 * it as it is.  It ran the migrations again on the upgraded file, found
 * "no such index" and took the file for damaged: the application moved
 * it aside, and showed an empty history, while the other went on
 * upgrading the moved file. */
static gpointer
upgrade_in_a_thread (gpointer path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *moved_to = NULL;
  TbStore *store = tb_store_open_recovering (path, &moved_to, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_null (moved_to);
  return store;
}

static void
test_two_upgrade_at_once (Fixture *f, gconstpointer data)
{
  g_autofree char *copy = g_strdup_printf ("%s.before-v%d", f->path, TB_STORE_SCHEMA_VERSION);
  g_autofree char *second_copy = g_strconcat (copy, "-2", NULL);
  g_autofree char *version = NULL;
  g_autofree char *listing = NULL;
  const char *kept;
  GThread *threads[2];
  sqlite3 *holder;

  load_fixture (f->path, "schema-v1.sql");
  raw_exec (f->path, "PRAGMA journal_mode = WAL");
  /* Another writer holds the lock until both have read the version and
   * kept their copies of the file as it is. */
  g_assert_cmpint (sqlite3_open (f->path, &holder), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (holder, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("opening", upgrade_in_a_thread, f->path);
  while (!g_file_test (copy, G_FILE_TEST_EXISTS) || !g_file_test (second_copy, G_FILE_TEST_EXISTS))
    g_usleep (1000);
  /* Its copy written (a copy that is still being written has no
   * version yet). */
  g_usleep (100 * 1000);
  sqlite3_exec (holder, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (holder);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_autoptr (TbStore) store = g_thread_join (threads[i]);

      g_assert_cmpuint (tb_store_count_all (store), ==, 12);
    }
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpint (atoi (version), ==, TB_STORE_SCHEMA_VERSION);
  /* One copy of the file as it was, the second opener's taken back, and
   * nothing moved aside. */
  listing = folder_listing (f->dir);
  g_assert_null (strstr (listing, "broken"));
  /* Either may have got the lock first. */
  kept = g_file_test (copy, G_FILE_TEST_EXISTS) ? copy : second_copy;
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (kept == copy ? second_copy : copy, G_FILE_TEST_EXISTS));
  g_free (version);
  version = raw_query (kept, "PRAGMA user_version");
  g_assert_cmpstr (version, ==, "1");
}

/* ---- files the user running the test cannot write ---- */

static int
count_read_only (gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = tb_store_open_full (data, TB_STORE_OPEN_READ_ONLY, NULL, NULL,
                                                  &error);

  if (store == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 100;
    }
  return (int) tb_store_count_all (store);
}

static int
open_for_writing (gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = tb_store_open (data, &error);

  if (store)
    return 100;
  return g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_READ_ONLY) ? 0 : 101;
}

static void
add_games (Fixture *f, guint n)
{
  g_autoptr (TbStore) store = open_store (f);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TbGame) game = tt_annotated_random_game ("ra", NULL, 40 + i, 12);
      g_autoptr (GError) error = NULL;

      tb_store_add_game (store, game, &error);
      g_assert_no_error (error);
    }
}

/* In a folder that cannot be written, a reader still reads (SQLite could
 * not make its WAL files there); a writer is told the file cannot be
 * written, and the file is left as it was.  The same for a read-only
 * file in a folder that can be written. */
static void
test_read_only_places (Fixture *f, gconstpointer data)
{
  g_autofree char *before = NULL, *after = NULL;

  add_games (f, 3);
  before = file_contents (f->path);
  g_assert_cmpint (g_chmod (f->dir, 0555), ==, 0);
  g_assert_cmpint (run_unprivileged (count_read_only, f->path), ==, 3);
  g_assert_cmpint (run_unprivileged (open_for_writing, f->path), ==, 0);
  g_assert_cmpint (g_chmod (f->dir, 0755), ==, 0);
  g_assert_cmpint (g_chmod (f->path, 0444), ==, 0);
  g_assert_cmpint (run_unprivileged (count_read_only, f->path), ==, 3);
  g_assert_cmpint (run_unprivileged (open_for_writing, f->path), ==, 0);
  g_assert_cmpint (g_chmod (f->path, 0644), ==, 0);
  after = file_contents (f->path);
  g_assert_cmpstr (after, ==, before);
}

/* ---- deletes ---- */

/* Games deleted by another program (its connection's foreign keys off,
 * as SQLite has them unless asked): their records and comments go with
 * them, and the game can be imported again. */
static void
test_deletes_cascade_without_foreign_keys (Fixture *f, gconstpointer data)
{
  g_autoptr (TbGame) game = tt_annotated_random_game ("versus-61", NULL, 3, 30);
  g_autofree char *record = tb_tgn_write (game);
  g_autofree char *left = NULL;
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;

  tb_store_import_text (store, record, strlen (record), "a.tgn", &counts, NULL, NULL, NULL, NULL,
                        &error);
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 1);
  raw_exec (f->path, "PRAGMA foreign_keys = OFF; DELETE FROM games");
  left = raw_query (f->path, "SELECT (SELECT count(*) FROM records) + "
                             "(SELECT count(*) FROM annotations)");
  g_assert_cmpstr (left, ==, "0");
  tb_store_import_text (store, record, strlen (record), "a.tgn", &counts, NULL, NULL, NULL, NULL,
                        &error);
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 1);
}

/* An older database whose games another program deleted, leaving their
 * records: the upgrade clears them, and the games import again.  A
 * trigger dropped from a database of this schema is put back. */
static void
test_orphans_cleared (Fixture *f, gconstpointer data)
{
  g_autoptr (TbGame) game = tt_annotated_random_game ("oraia", NULL, 5, 30);
  g_autofree char *record = tb_tgn_write (game);
  g_autofree char *left = NULL, *trigger = NULL;
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;

  tb_store_import_text (store, record, strlen (record), "a.tgn", &counts, NULL, NULL, NULL, NULL,
                        &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  make_older (f->path, 4);
  raw_exec (f->path, "PRAGMA foreign_keys = OFF; DELETE FROM games");
  left = raw_query (f->path, "SELECT count(*) FROM records");
  g_assert_cmpstr (left, ==, "1");

  store = open_store (f);
  tb_store_import_text (store, record, strlen (record), "a.tgn", &counts, NULL, NULL, NULL, NULL,
                        &error);
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 1);
  g_clear_object (&store);

  raw_exec (f->path, "DROP TRIGGER games_deleted");
  g_object_unref (open_store (f));
  trigger = raw_query (f->path, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' "
                                "AND name = 'games_deleted'");
  g_assert_cmpstr (trigger, ==, "1");

  /* The practice's own trigger too, and the rows of a game deleted
   * without it go. */
  raw_exec (f->path, "INSERT INTO practice VALUES (1, 1, 1, 1, 0, 0, 0);"
                     "DROP TRIGGER practice_game_deleted; DELETE FROM games");
  g_object_unref (open_store (f));
  g_free (trigger);
  trigger = raw_query (f->path, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' "
                                "AND name = 'practice_game_deleted'");
  g_assert_cmpstr (trigger, ==, "1");
  g_free (left);
  left = raw_query (f->path, "SELECT count(*) FROM practice");
  g_assert_cmpstr (left, ==, "0");
}

/* ---- SQLite's check of the whole file ---- */

/* Damages the first page of index (in the file, the store closed). */
static void
damage_index (const char *path, const char *index)
{
  g_autofree char *sql = g_strdup_printf ("SELECT rootpage FROM sqlite_schema WHERE name = '%s'",
                                          index);
  g_autofree char *root = raw_query (path, sql);
  g_autofree char *page_size = raw_query (path, "PRAGMA page_size");
  g_autofree char *content = NULL;
  gsize length, offset;

  g_assert_true (g_file_get_contents (path, &content, &length, NULL));
  offset = (gsize) (atoi (root) - 1) * (gsize) atoi (page_size);
  g_assert_cmpuint (offset + 64, <, length);
  memset (content + offset + 8, 0x5a, 48);
  g_assert_true (g_file_set_contents (path, content, (gssize) length, NULL));
}

/* A writer that dies without closing the database. */
static void
open_and_die (const char *path)
{
  pid_t child = fork ();
  int status;

  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      TbStore *store = tb_store_open (path, NULL);

      raise (SIGKILL);
      _exit (store ? 0 : 1);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFSIGNALED (status));
}

static void
assert_damage_found (const char *path, TbStoreOpenFlags flags)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = tb_store_open_full (path, flags, NULL, NULL, &error);

  g_assert_null (store);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  /* One line, whatever SQLite's check says. */
  g_assert_null (strchr (error->message, '\n'));
  g_assert_true (g_str_has_prefix (error->message, path));
}

/* The check of every page runs when the last writer did not close the
 * database, not at every opening (half a second at 100,000 games): a
 * damaged index no search reads passes unseen after a clean close, and is
 * found, by readers and writers alike, once a writer died; the opening
 * that found it leaves the database to be checked again. */
static void
test_check_after_an_unclean_close (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = NULL;

  add_games (f, 40);
  damage_index (f->path, "games_by_player1");
  store = tb_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_store_count_all (store), ==, 40);
  g_clear_object (&store);

  open_and_die (f->path);
  assert_damage_found (f->path, TB_STORE_OPEN_READ_ONLY);
  assert_damage_found (f->path, TB_STORE_OPEN_CREATE);
  assert_damage_found (f->path, TB_STORE_OPEN_CREATE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store-open/bad-paths", test_bad_paths);
  ADD ("/store-open/uri-like-name", test_uri_like_name);
  ADD ("/store-open/not-tablier", test_not_tablier);
  ADD ("/store-open/not-a-file", test_not_a_file);
  ADD ("/store-open/missing", test_missing);
  ADD ("/store-open/reader-writes-nothing", test_reader_writes_nothing);
  ADD ("/store-open/reader-leaves-an-older-schema", test_reader_leaves_an_older_schema);
  ADD ("/store-open/writer-upgrades-with-a-copy", test_writer_upgrades_with_a_copy);
  ADD ("/store-open/two-upgrade-at-once", test_two_upgrade_at_once);
  ADD ("/store-open/read-only-places", test_read_only_places);
  ADD ("/store-open/deletes-cascade-without-foreign-keys",
       test_deletes_cascade_without_foreign_keys);
  ADD ("/store-open/orphans-cleared", test_orphans_cleared);
  ADD ("/store-open/check-after-an-unclean-close", test_check_after_an_unclean_close);
  return g_test_run ();
}
