/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-store.c: tablier-cli and the game database it is given (--db)
 *
 * Runs the real binary (TABLIER_CLI) on databases of the test's own: a
 * damaged one gives one line on stderr and never a crash; a name SQLite
 * takes for a temporary database, another program's file or a missing
 * one is refused as a wrong argument (exit 2) and left as it is; the
 * commands that only read write nothing, an older schema included, and
 * read in a folder they cannot write.
 */
#include "config.h"

#include "tb-move-code.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <grp.h>
#include <string.h>
#include <unistd.h>

#include "tb-store-private.h"
#include "tb-position-key.h"
#include "tb-test-store.h"

typedef struct
{
  char *out;
  char *err;
  int status;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* In the child, before tablier-cli starts: nobody, when the tests run as
 * root (root may write a folder that cannot be written). */
static void
become_nobody (gpointer data)
{
  if (geteuid () == 0 && (setgroups (0, NULL) != 0 || setgid (65534) != 0 || setuid (65534) != 0))
    _exit (125);
}

static gboolean unprivileged;

/* Runs tablier-cli with args (NULL-terminated, without the program) in
 * folder cwd (NULL: the test's); as nobody while unprivileged is set. */
static void
run_cli_argv (const char *cwd, const char *const *args, CliRun *run)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("TABLIER_CLI");

  if (cli == NULL)
    g_error ("TABLIER_CLI is not set (meson test sets it)");
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (cwd)
    g_subprocess_launcher_set_cwd (launcher, cwd);
  if (unprivileged)
    g_subprocess_launcher_set_child_setup (launcher, become_nobody, NULL, NULL);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

#define run_cli(run, ...) run_cli_argv (NULL, (const char *const[]) { __VA_ARGS__, NULL }, (run))

/* Exit status, nothing on stdout, one line "tablier-cli: …" on stderr that
 * mentions what is expected. */
static void
assert_one_line_error (const CliRun *run, int status, const char *mention)
{
  g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, status);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "tablier-cli: "));
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
  if (mention && strstr (run->err, mention) == NULL)
    g_error ("'%s' does not mention '%s'", run->err, mention);
}

#define RECORD \
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"-\"]\n" \
  "[Player1 \"Alice\"]\n[Player2 \"Bob\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n\n1. c1-e3 {pulls e9 to e8} 1... g9-g7 *\n"

/* A database of the fixture's with one game, imported by the CLI. */
static char *
database_with_a_game (Fixture *f)
{
  g_autofree char *file = g_build_filename (f->dir, "one.tgn", NULL);
  g_auto (CliRun) run = { 0 };

  g_assert_true (g_file_set_contents (file, RECORD, -1, NULL));
  run_cli (&run, "import", "--db", f->path, file);
  g_assert_cmpint (run.status, ==, 0);
  return g_steal_pointer (&file);
}

/* Item 1 of issue 22: a schema version below 0 crashed every command
 * (the error left unset).  Each command now says the file is damaged. */
static void
test_negative_schema_version (Fixture *f, gconstpointer data)
{
  g_autofree char *file = database_with_a_game (f);
  const char *const commands[][5] = {
    { "games", "--db", f->path, NULL },
    { "export", "--db", f->path, NULL },
    { "ratings", "--db", f->path, NULL },
    { "import", "--db", f->path, file, NULL },
  };

  raw_exec (f->path, "PRAGMA user_version = -1");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (CliRun) run = { 0 };

      run_cli_argv (NULL, commands[i], &run);
      assert_one_line_error (&run, 1, "damaged");
    }
}

static char *
file_checksum (const char *path)
{
  g_autofree char *text = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, length);
}

/* Item 6: --db '' imported into a temporary database, printed success
 * and exited 0, the games gone; ':memory:' the same.  Both are refused
 * (an empty --db as an argument with no value, with the usage; ':memory:'
 * by the store), and no file appears. */
static void
test_temporary_names_refused (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "one.tgn", NULL);
  const char *const commands[][5] = {
    { "import", "--db", "", file, NULL },
    { "games", "--db", "", NULL },
  };

  g_assert_true (g_file_set_contents (file, RECORD, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (CliRun) empty = { 0 };
      g_auto (CliRun) memory = { 0 };
      const char *in_memory[5];

      run_cli_argv (f->dir, commands[i], &empty);
      g_assert_cmpint (empty.status, ==, 2);
      g_assert_cmpstr (empty.out, ==, "");
      g_assert_true (g_str_has_prefix (empty.err, "tablier-cli: --db is empty\n"));
      memcpy (in_memory, commands[i], sizeof in_memory);
      in_memory[2] = ":memory:";
      run_cli_argv (f->dir, in_memory, &memory);
      assert_one_line_error (&memory, 2, "not a file name");
    }
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  {
    g_autoptr (GDir) dir = g_dir_open (f->dir, 0, NULL);

    g_assert_cmpstr (g_dir_read_name (dir), ==, "one.tgn");
    g_assert_null (g_dir_read_name (dir));
  }
}

/* Item 12: another program's SQLite file given to any command is refused
 * (exit 2), its bytes unchanged: no tables added, not switched to WAL. */
static void
test_another_programs_file (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "one.tgn", NULL);
  g_autofree char *before = NULL, *after = NULL, *journal = NULL;
  const char *const commands[][5] = {
    { "games", "--db", f->path, NULL },
    { "export", "--db", f->path, NULL },
    { "ratings", "--db", f->path, NULL },
    { "import", "--db", f->path, file, NULL },
  };

  g_assert_true (g_file_set_contents (file, RECORD, -1, NULL));
  raw_exec (f->path, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Alice')");
  before = file_checksum (f->path);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (CliRun) run = { 0 };

      run_cli_argv (NULL, commands[i], &run);
      assert_one_line_error (&run, 2, "not a Tablier game database");
    }
  after = file_checksum (f->path);
  g_assert_cmpstr (after, ==, before);
  journal = raw_query (f->path, "PRAGMA journal_mode");
  g_assert_cmpstr (journal, ==, "delete");
}

/* Item 12: a mistyped --db makes no database: the reading commands say
 * there is none (exit 2); import, which writes, makes it. */
static void
test_missing_database (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "one.tgn", NULL);
  const char *const commands[][4] = {
    { "games", "--db", f->path, NULL },
    { "export", "--db", f->path, NULL },
    { "ratings", "--db", f->path, NULL },
  };
  g_auto (CliRun) import = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (CliRun) run = { 0 };

      run_cli_argv (NULL, commands[i], &run);
      assert_one_line_error (&run, 2, "no game database there");
      g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
    }
  g_assert_true (g_file_set_contents (file, RECORD, -1, NULL));
  run_cli (&import, "import", "--db", f->path, file);
  g_assert_cmpint (import.status, ==, 0);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_REGULAR));
}

/* Item 12: a database in a folder its reader cannot write still lists
 * (as another user when the tests run as root, who may write anywhere). */
static void
test_read_only_folder (Fixture *f, gconstpointer data)
{
  g_autofree char *file = database_with_a_game (f);
  g_auto (CliRun) run = { 0 };

  g_assert_cmpint (g_chmod (f->dir, 0555), ==, 0);
  unprivileged = TRUE;
  run_cli (&run, "games", "--db", f->path);
  unprivileged = FALSE;
  g_assert_cmpint (g_chmod (f->dir, 0755), ==, 0);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "1\t2026.01.01\tversus-61\tAlice\tBob"));
}

/* Item 13: a reading command leaves an older database as it is (an older
 * Tablier still opens it) and reads it all the same; import, which
 * writes, brings it up to date after keeping a copy. */
static void
test_older_database (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "one.tgn", NULL);
  g_autofree char *copy = g_strdup_printf ("%s.before-v%d", f->path, TB_STORE_SCHEMA_VERSION);
  g_autofree char *before = NULL, *after = NULL, *version = NULL, *kept = NULL;
  g_auto (CliRun) games = { 0 };
  g_auto (CliRun) import = { 0 };
  g_auto (GStrv) lines = NULL;

  load_fixture (f->path, "schema-v2.sql");
  before = file_checksum (f->path);
  run_cli (&games, "games", "--db", f->path);
  g_assert_cmpint (games.status, ==, 0);
  lines = g_strsplit (games.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 13);
  after = file_checksum (f->path);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (g_file_test (copy, G_FILE_TEST_EXISTS));

  g_assert_true (g_file_set_contents (file, RECORD, -1, NULL));
  run_cli (&import, "import", "--db", f->path, file);
  g_assert_cmpint (import.status, ==, 0);
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpint (atoi (version), ==, TB_STORE_SCHEMA_VERSION);
  kept = raw_query (copy, "PRAGMA user_version");
  g_assert_cmpstr (kept, ==, "2");
}

/* A damaged database gave two lines (SQLite's check begins its answer
 * with a line of its own): one now, from every command. */
static void
test_damage_in_one_line (Fixture *f, gconstpointer data)
{
  g_autofree char *file = database_with_a_game (f);
  g_autofree char *marker = g_strconcat (f->path, ".in-use", NULL);
  g_autofree char *root = raw_query (f->path, "SELECT rootpage FROM sqlite_schema "
                                              "WHERE name = 'games_by_player1'");
  g_autofree char *page_size = raw_query (f->path, "PRAGMA page_size");
  g_autofree char *content = NULL;
  gsize length;
  const char *const commands[][5] = {
    { "games", "--db", f->path, NULL },
    { "export", "--db", f->path, NULL },
    { "import", "--db", f->path, file, NULL },
  };

  g_assert_true (g_file_get_contents (f->path, &content, &length, NULL));
  memset (content + (atoi (root) - 1) * atoi (page_size) + 8, 0x5a, 48);
  g_assert_true (g_file_set_contents (f->path, content, (gssize) length, NULL));
  /* As a writer that did not close leaves it. */
  g_assert_true (g_file_set_contents (marker, "open\n", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (CliRun) run = { 0 };

      run_cli_argv (NULL, commands[i], &run);
      assert_one_line_error (&run, 1, "damaged");
    }
}

/* A record changed as the store would never write it, its checksum made
 * again (over the text of its line and its fingerprint's hexadecimal, as
 * docs/database.md tells another program): it passes the check, and its
 * movetext no longer reads. */
static void
make_unreadable (const char *path, int game)
{
  g_autofree char *sql = g_strdup_printf ("SELECT lower (hex (fingerprint)) || char (1) || header "
                                          "|| char (1) || hex (line) || char (1) || variations "
                                          "FROM records WHERE game = %d", game);
  g_autofree char *row = raw_query (path, sql);
  g_auto (GStrv) parts = g_strsplit (row, "\1", 4);
  g_autoptr (GByteArray) line = g_byte_array_new ();
  g_autoptr (GString) line_text = g_string_new (NULL);
  g_autofree char *checksum = NULL;
  char *move = strstr (parts[3], "g9-g7");
  char *update;

  for (guint i = 0; parts[2][i] && parts[2][i + 1]; i += 2)
    {
      guint8 byte = (guint8) (g_ascii_xdigit_value (parts[2][i]) << 4 |
                              g_ascii_xdigit_value (parts[2][i + 1]));

      g_byte_array_append (line, &byte, 1);
    }
  g_assert_true (tb_move_code_decode_line (line->data, line->len, line_text));
  g_assert_nonnull (move);
  memcpy (move, "g9-a1", 5);
  checksum = tb_store_checksum (game, parts[0], parts[1], line_text->str, parts[3]);
  update = sqlite3_mprintf ("UPDATE records SET variations = %Q, checksum = %lld WHERE game = %d",
                            parts[3], (long long) tb_store_checksum_number (checksum), game);
  raw_exec (path, update);
  sqlite3_free (update);
}

static const char *const three_players[] = { "Alice", "Carol", "Dan" };

/* Item 11: one record that no longer read stopped the whole export (0
 * bytes, exit 1), and a damaged record was exported altered with exit 0.
 * Now every game that reads is written, each other one named on a line
 * of its own, and the exit is 1.  An export writes a record as kept once
 * its checksum says it is (its moves were checked when it was stored):
 * one that another program changed and signed again goes out as it is,
 * and the import of the export names its bad move, where it stands. */
static void
test_export_names_each_damaged_game (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "three.tgn", NULL);
  g_autofree char *exported = g_build_filename (f->dir, "exported.tgn", NULL);
  g_autofree char *again = g_build_filename (f->dir, "again.db", NULL);
  g_autoptr (GString) records = g_string_new (NULL);
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) first = { 0 };
  g_auto (CliRun) all = { 0 };
  g_auto (CliRun) reimport = { 0 };
  g_auto (GStrv) lines = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (three_players); i++)
    {
      g_autoptr (GString) text = g_string_new (RECORD);

      g_string_replace (text, "Alice", three_players[i], 1);
      g_string_append_printf (records, "%s%s", i ? "\n" : "", text->str);
    }
  g_assert_true (g_file_set_contents (file, records->str, -1, NULL));
  run_cli (&import, "import", "--db", f->path, file);
  g_assert_cmpint (import.status, ==, 0);
  run_cli (&first, "export", "--db", f->path, "--id", "1");
  g_assert_cmpint (first.status, ==, 0);

  raw_exec (f->path, "UPDATE records SET header = replace (header, 'Carol', 'Carok') "
                     "WHERE game = 2");
  make_unreadable (f->path, 3);
  run_cli (&all, "export", "--db", f->path);
  g_test_message ("stderr: %s", all.err);
  g_assert_cmpint (all.status, ==, 1);
  g_assert_true (g_str_has_prefix (all.out, first.out));
  g_assert_null (strstr (all.out, "Carok"));
  g_assert_nonnull (strstr (all.out, "g9-a1"));
  lines = g_strsplit (all.err, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_true (g_str_has_prefix (lines[0], "tablier-cli: "));
  g_assert_nonnull (strstr (lines[0], "game 2 is damaged"));
  g_assert_cmpstr (lines[1], ==, "");

  g_assert_true (g_file_set_contents (exported, all.out, -1, NULL));
  run_cli (&reimport, "import", "--db", again, exported);
  g_test_message ("stdout: %s stderr: %s", reimport.out, reimport.err);
  g_assert_cmpint (reimport.status, !=, 0);
  g_assert_nonnull (strstr (reimport.out, "exported.tgn:29:32: illegal move 'g9-a1'"));
}

/* ---- damage to a b-tree page (SQLite's file format, section 1.6) ---- */

static guint64
read_varint (const guchar *p, guint *length)
{
  guint64 value = 0;

  for (guint i = 0; i < 9; i++)
    {
      if (i == 8)
        {
          *length = 9;
          return (value << 8) | p[i];
        }
      value = (value << 7) | (p[i] & 0x7f);
      if (!(p[i] & 0x80))
        {
          *length = i + 1;
          return value;
        }
    }
  g_assert_not_reached ();
}

/* The file, and where its page of object's root (one leaf: few games)
 * begins. */
static guchar *
read_root_page (const char *path, const char *object, gsize *length, gsize *page)
{
  g_autofree char *sql = g_strdup_printf ("SELECT rootpage FROM sqlite_schema WHERE name = '%s'",
                                          object);
  g_autofree char *root = raw_query (path, sql);
  g_autofree char *page_size = raw_query (path, "PRAGMA page_size");
  char *content = NULL;

  g_assert_true (g_file_get_contents (path, &content, length, NULL));
  *page = (gsize) (atoi (root) - 1) * (gsize) atoi (page_size);
  return (guchar *) content;
}

/* The cells of a leaf page: their offsets in the file. */
static GArray *
leaf_cells (const guchar *content, gsize page, guchar type)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (gsize));
  guint n;

  g_assert_cmpint (content[page], ==, type);
  n = (guint) content[page + 3] << 8 | content[page + 4];
  for (guint i = 0; i < n; i++)
    {
      gsize cell = page + ((gsize) content[page + 8 + 2 * i] << 8 | content[page + 9 + 2 * i]);

      g_array_append_val (cells, cell);
    }
  return cells;
}

/* In the index (date, id) of the games, the entry of game 2 says 102:
 * what one flipped bit does to an index SQLite's check of the whole
 * file would find, and which no reading of the games looks at. */
static void
damage_date_index (const char *path)
{
  gsize length, page;
  g_autofree guchar *content = read_root_page (path, "games_by_date", &length, &page);
  g_autoptr (GArray) cells = leaf_cells (content, page, 0x0a);
  gboolean done = FALSE;

  for (guint i = 0; i < cells->len && !done; i++)
    {
      gsize cell = g_array_index (cells, gsize, i);
      guint size_length, header_length, type_length;
      guint64 size = read_varint (content + cell, &size_length);
      const guchar *record = content + cell + size_length;
      guint64 header = read_varint (record, &header_length);
      guint64 last_type = read_varint (record + header - 1, &type_length);

      /* The id, last, a one-byte integer (serial type 1) worth 2. */
      if (last_type == 1 && record[size - 1] == 2)
        {
          content[cell + size_length + size - 1] = 102;
          done = TRUE;
        }
    }
  g_assert_true (done);
  g_assert_true (g_file_set_contents (path, (char *) content, (gssize) length, NULL));
}

/* In the games' table, the row of game 2 says it is game 1. */
static void
damage_games_table (const char *path)
{
  gsize length, page;
  g_autofree guchar *content = read_root_page (path, "games", &length, &page);
  g_autoptr (GArray) cells = leaf_cells (content, page, 0x0d);
  gboolean done = FALSE;

  for (guint i = 0; i < cells->len && !done; i++)
    {
      gsize cell = g_array_index (cells, gsize, i);
      guint size_length, id_length;
      guint64 id;

      read_varint (content + cell, &size_length);
      id = read_varint (content + cell + size_length, &id_length);
      if (id == 2 && id_length == 1)
        {
          content[cell + size_length] = 1;
          done = TRUE;
        }
    }
  g_assert_true (done);
  g_assert_true (g_file_set_contents (path, (char *) content, (gssize) length, NULL));
}

static void
import_three_games (Fixture *f)
{
  g_autofree char *file = g_build_filename (f->dir, "three.tgn", NULL);
  g_autoptr (GString) records = g_string_new (NULL);
  g_auto (CliRun) import = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (three_players); i++)
    {
      g_autoptr (GString) text = g_string_new (RECORD);

      g_string_replace (text, "Alice", three_players[i], 1);
      g_string_append_printf (records, "%s%s", i ? "\n" : "", text->str);
    }
  g_assert_true (g_file_set_contents (file, records->str, -1, NULL));
  run_cli (&import, "import", "--db", f->path, file);
  g_assert_cmpint (import.status, ==, 0);
}

/* Found by the campaign (test-store-campaign): the games an export wrote
 * came through the date index, so that a damaged entry left a game out
 * ("no game 102", exit 2 as for a wrong --id) and could give another
 * twice.  They come from the games' table now; a game asked for twice is
 * written once. */
static void
test_damaged_index_hides_no_game (Fixture *f, gconstpointer data)
{
  g_auto (CliRun) before = { 0 };
  g_auto (CliRun) after = { 0 };
  g_auto (CliRun) twice = { 0 };
  g_auto (CliRun) once = { 0 };

  import_three_games (f);
  run_cli (&before, "export", "--db", f->path);
  g_assert_cmpint (before.status, ==, 0);
  damage_date_index (f->path);
  run_cli (&after, "export", "--db", f->path);
  g_test_message ("stderr: %s", after.err);
  g_assert_cmpint (after.status, ==, 0);
  g_assert_cmpstr (after.err, ==, "");
  g_assert_cmpstr (after.out, ==, before.out);
  run_cli (&twice, "export", "--db", f->path, "--id", "2", "--id", "2");
  run_cli (&once, "export", "--db", f->path, "--id", "2");
  g_assert_cmpint (twice.status, ==, 0);
  g_assert_cmpstr (twice.out, ==, once.out);
}

/* Two rows of the games' table say they are game 1 (a flipped id): the
 * export writes it once, and says that a game there cannot be read (exit
 * 1), where it wrote game 1 twice, with exit 0, and lost the other. */
static void
test_game_held_by_two_rows (Fixture *f, gconstpointer data)
{
  g_auto (CliRun) run = { 0 };

  import_three_games (f);
  damage_games_table (f->path);
  run_cli (&run, "export", "--db", f->path);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "[Player1 \"Alice\"]"));
  g_assert_null (strstr (strstr (run.out, "[Player1 \"Alice\"]") + 1, "[Player1 \"Alice\"]"));
  g_assert_nonnull (strstr (run.out, "[Player1 \"Dan\"]"));
  g_assert_true (g_str_has_prefix (run.err, "tablier-cli: "));
  g_assert_nonnull (strstr (run.err, "game 1 is damaged (two rows hold it"));
  g_assert_true (strchr (run.err, '\n')[1] == '\0');
}

/* Item 9: an annotated copy of a stored game is counted as such, its
 * notes kept with the stored game's. */
static void
test_import_counts_annotated_copies (Fixture *f, gconstpointer data)
{
  g_autofree char *file = database_with_a_game (f);
  g_autofree char *copy = g_build_filename (f->dir, "annotated.tgn", NULL);
  g_autoptr (GString) text = g_string_new (RECORD);
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) export = { 0 };

  g_string_replace (text, "g9-g7 *", "g9-g7 $2 {a slow answer} *", 1);
  g_assert_true (g_file_set_contents (copy, text->str, -1, NULL));
  run_cli (&import, "import", "--db", f->path, copy);
  g_assert_cmpint (import.status, ==, 0);
  g_assert_cmpstr (import.out, ==, "imported 0, skipped 0 duplicates, 0 errors, 1 annotated\n");
  run_cli (&export, "export", "--db", f->path);
  g_assert_cmpint (export.status, ==, 0);
  g_assert_nonnull (strstr (export.out, "{pulls e9 to e8}"));
  g_assert_nonnull (strstr (export.out, "g9-g7 $2 {a slow answer}"));
}

/* Three games of three players, dates, comments and tags, imported. */
#define FILTERED_GAMES \
  "[Event \"Open de Besançon\"]\n[Site \"Besançon\"]\n[Date \"2025.12.31\"]\n[Round \"-\"]\n" \
  "[Player1 \"Élodie Martin\"]\n[Player2 \"Bob\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n\n1. c1-e3 {Coup DÉCISIF à 50%} *\n\n" \
  "[Event \"?\"]\n[Site \"Paris\"]\n[Date \"2026.03.14\"]\n[Round \"-\"]\n" \
  "[Player1 \"Bob\"]\n[Player2 \"Claire Dubois\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n\n1. c1-e3 1... g9-g7 2. b1-c2 *\n\n" \
  "[Event \"Coupe de Paris\"]\n[Site \"?\"]\n[Date \"2026.05.01\"]\n[Round \"3\"]\n" \
  "[Player1 \"Claire\"]\n[Player2 \"ELODIE\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n\n1. c1-e3 {d_une finesse} *\n"

static void
import_filtered_games (Fixture *f)
{
  g_autofree char *file = g_build_filename (f->dir, "filtered.tgn", NULL);
  g_auto (CliRun) run = { 0 };

  g_assert_true (g_file_set_contents (file, FILTERED_GAMES, -1, NULL));
  run_cli (&run, "import", "--db", f->path, file);
  g_assert_cmpint (run.status, ==, 0);
}

/* The dates of the games listed, in their order, separated by spaces. */
static char *
listed_dates (const char *out)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  g_autoptr (GString) dates = g_string_new (NULL);

  for (guint i = 0; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);

      g_string_append_printf (dates, "%s%s", dates->len ? " " : "", fields[1]);
    }
  return g_string_free (g_steal_pointer (&dates), FALSE);
}

/* Runs games with the options (after --db) and checks the dates listed. */
static void
assert_games (Fixture *f, const char *expected, const char *const *options)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_auto (CliRun) run = { 0 };
  g_autofree char *dates = NULL;

  g_ptr_array_add (args, "games");
  g_ptr_array_add (args, "--db");
  g_ptr_array_add (args, f->path);
  for (guint i = 0; options[i]; i++)
    g_ptr_array_add (args, (gpointer) options[i]);
  g_ptr_array_add (args, NULL);
  run_cli_argv (NULL, (const char *const *) args->pdata, &run);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  dates = listed_dates (run.out);
  g_assert_cmpstr (dates, ==, expected);
}

#define GAMES(f, expected, ...) assert_games ((f), (expected), (const char *const[]) { __VA_ARGS__, NULL })

/* Issue 24: the command line finds what the window finds. */
static void
test_games_filters (Fixture *f, gconstpointer data)
{
  import_filtered_games (f);
  /* The latest first, by default. */
  GAMES (f, "2026.05.01 2026.03.14 2025.12.31", "--limit", "10");
  /* Any part of a name, any case or accents; the whole name in quotes. */
  GAMES (f, "2026.05.01 2025.12.31", "--player", "elodie");
  GAMES (f, "2026.05.01 2025.12.31", "--player", "ÉLODIE");
  GAMES (f, "2026.05.01", "--player", "\"elodie\"");
  GAMES (f, "2026.05.01 2026.03.14", "--player", "claire");
  GAMES (f, "2026.03.14", "--player", "claire", "--seat", "2");
  GAMES (f, "", "--player", "%");
  /* Dates: a year or a month "to" takes in all of it. */
  GAMES (f, "2026.05.01 2026.03.14", "--from", "2026");
  GAMES (f, "2026.03.14 2025.12.31", "--to", "2026-03");
  GAMES (f, "2026.03.14", "--from", "2026.02.01", "--to", "2026.04.30");
  /* As the window takes them: a month or a day of one digit, any of the
   * separators; a month "to" takes in all of it. */
  GAMES (f, "2026.03.14", "--from", "2026-2-1", "--to", "2026/4");
  /* Comments: any case, % and _ as written. */
  GAMES (f, "2025.12.31", "--text", "décisif à 50%");
  GAMES (f, "2026.05.01", "--text", "d_u");
  GAMES (f, "", "--text", "d%u");
  /* Tags: any tag, or the one named, any case and accents. */
  GAMES (f, "2026.05.01 2026.03.14", "--tag", "PARIS");
  GAMES (f, "2026.03.14", "--tag", "Site=paris");
  /* A tag's name in any case. */
  GAMES (f, "2026.03.14", "--tag", "site=PARIS");
  GAMES (f, "2025.12.31", "--tag", "Event=besancon");
  GAMES (f, "2026.05.01", "--tag", "Round=3");
  GAMES (f, "", "--tag", "Round=-");
  GAMES (f, "2026.05.01", "--tag", "paris", "--player", "elodie");
  /* Sort and pages. */
  GAMES (f, "2026.03.14 2026.05.01 2025.12.31", "--sort", "length", "--descending");
  GAMES (f, "2025.12.31 2026.03.14", "--ascending", "--limit", "2");
  GAMES (f, "2026.03.14", "--ascending", "--limit", "1", "--offset", "1");
}

/* Dates with parts not known: a part not known comes before every known
 * one (the latest first, the game of unknown year last); a year or a
 * month takes in its games whose month or day is not known; a game whose
 * year is not known is in no span of dates, "from" or "to" alone
 * included. */
static void
test_unknown_dates (Fixture *f, gconstpointer data)
{
  static const char *const dates[] = { "????.??.??", "2026.??.??", "2026.03.??", "2026.03.14",
                                       "2019.01.01" };
  g_autofree char *file = g_build_filename (f->dir, "unknown-dates.tgn", NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_auto (CliRun) run = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    g_string_append_printf (text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"%s\"]\n[Round \"-\"]\n"
                            "[Player1 \"A\"]\n[Player2 \"B\"]\n[Result \"*\"]\n"
                            "[Game \"versus-61\"]\n[TgnVersion \"1\"]\n\nc1-c3 *\n\n", dates[i]);
  g_assert_true (g_file_set_contents (file, text->str, -1, NULL));
  run_cli (&run, "import", "--db", f->path, file);
  g_assert_cmpint (run.status, ==, 0);
  GAMES (f, "2026.03.14 2026.03.?? 2026.??.??", "--from", "2020");
  GAMES (f, "2026.03.14 2026.03.?? 2026.??.?? 2019.01.01", "--to", "2026");
  GAMES (f, "2026.03.14 2026.03.?? 2026.??.??", "--from", "2026", "--to", "2026");
  GAMES (f, "2026.03.14 2026.03.??", "--from", "2026-03");
  GAMES (f, "2026.??.?? 2019.01.01", "--to", "2026-02");
  GAMES (f, "2026.03.?? 2026.??.?? 2019.01.01", "--to", "2026-03-13");
  GAMES (f, "", "--from", "2026-03-15");
  GAMES (f, "2026.03.14 2026.03.?? 2026.??.?? 2019.01.01 ????.??.??", "--limit", "10");
  GAMES (f, "????.??.?? 2019.01.01 2026.??.?? 2026.03.?? 2026.03.14", "--ascending");
}

static void
test_filter_options_refused (Fixture *f, gconstpointer data)
{
  const char *const *const wrong[] = {
    (const char *const[]) { "games", "--seat", "1", NULL },
    (const char *const[]) { "games", "--player", "a", "--seat", "3", NULL },
    (const char *const[]) { "games", "--from", "26.03", NULL },
    (const char *const[]) { "games", "--to", "yesterday", NULL },
    (const char *const[]) { "games", "--sort", "colour", NULL },
    (const char *const[]) { "games", "--ascending", "--descending", NULL },
    (const char *const[]) { "games", "--termination", "checkmate", NULL },
    (const char *const[]) { "games", "--offset", "-1", NULL },
    (const char *const[]) { "games", "--tag", "Event=  ", NULL },
    /* Months and days that do not exist, dates the wrong way round. */
    (const char *const[]) { "games", "--from", "2026.13", NULL },
    (const char *const[]) { "games", "--to", "2026.02.30", NULL },
    (const char *const[]) { "games", "--from", "2026.00.10", NULL },
    (const char *const[]) { "export", "--from", "2026.05", "--to", "2026.04.30", NULL },
    (const char *const[]) { "games", "--to", " ", NULL },
    /* Nothing to look for; a limit of no games. */
    (const char *const[]) { "games", "--player", " ", NULL },
    (const char *const[]) { "games", "--player", "\"\"", NULL },
    (const char *const[]) { "export", "--text", "", NULL },
    (const char *const[]) { "games", "--limit", "-1", NULL },
    (const char *const[]) { "export", "--limit", "0", NULL },
    (const char *const[]) { "export", "--id", "1", "--player", "a", NULL },
    (const char *const[]) { "export", "--id", "1", "--limit", "5", NULL },
  };
  static const char *const mentions[] = {
    "--seat", "--seat", "--from", "--to", "--sort", "--ascending", "--termination", "--offset",
    "--tag",
    "--from", "--to", "--from", "--from 2026.05 is after --to 2026.04.30", "--to",
    "--player", "--player", "--text", "--limit", "--limit",
    "--id", "--id",
  };

  import_filtered_games (f);
  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr (GPtrArray) args = g_ptr_array_new ();
      g_auto (CliRun) run = { 0 };

      g_ptr_array_add (args, (gpointer) wrong[i][0]);
      g_ptr_array_add (args, "--db");
      g_ptr_array_add (args, f->path);
      for (guint j = 1; wrong[i][j]; j++)
        g_ptr_array_add (args, (gpointer) wrong[i][j]);
      g_ptr_array_add (args, NULL);
      run_cli_argv (NULL, (const char *const *) args->pdata, &run);
      /* A wrong argument: exit 2 and the usage line after the message. */
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      if (strstr (run.err, mentions[i]) == NULL)
        g_error ("'%s' does not mention '%s'", run.err, mentions[i]);
    }
}

/* export takes the same filters, sort and pages. */
static void
test_export_filters (Fixture *f, gconstpointer data)
{
  g_auto (CliRun) run = { 0 };

  import_filtered_games (f);
  run_cli (&run, "export", "--db", f->path, "--player", "elodie", "--descending", "--limit", "1");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "[Date \"2026.05.01\"]"));
  g_assert_null (strstr (run.out, "[Date \"2025.12.31\"]"));
  g_assert_null (strstr (run.out, "[Date \"2026.03.14\"]"));
}

/* One game's record: its event, players and moves. */
static void
append_record (GString *out, const char *event, const char *player1, const char *player2,
               const char *moves)
{
  g_string_append_printf (out, "[Event \"%s\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n"
                          "[Round \"-\"]\n[Player1 \"%s\"]\n[Player2 \"%s\"]\n[Result \"*\"]\n"
                          "[Game \"versus-61\"]\n[TgnVersion \"1\"]\n\n%s *\n\n",
                          event, player1, player2, moves);
}

/* Issue 24: games stored twice under other tags are listed together,
 * and only they; nothing is deleted. */
static void
test_twins (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "twins.tgn", NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) twins = { 0 };
  g_auto (CliRun) games = { 0 };
  g_auto (GStrv) lines = NULL;

  append_record (text, "Open", "Élodie", "Bob", "1. c1-e3 g9-g7");        /* 1 */
  append_record (text, "Open 2026", "ELODIE", "bob", "1. c1-e3 g9-g7");   /* 2: twin of 1 */
  append_record (text, "Open", "Élodie", "Bob", "1. c1-e3 g9-g8");        /* 3: other moves */
  append_record (text, "Open", "Bob", "Élodie", "1. c1-e3 g9-g7");        /* 4: seats swapped */
  append_record (text, "Club", "Ann", "Dan", "");                         /* 5: no move */
  append_record (text, "Club 2", "Ann", "Dan", "");                       /* 6 */
  append_record (text, "Cup", "Élodie", "Bob", "1. c1-e3 g9-g8");         /* 7: twin of 3 */
  append_record (text, "Cup 2", "elodie", "BOB", "1. c1-e3 g9-g8");       /* 8: and of 3 */
  g_assert_true (g_file_set_contents (file, text->str, -1, NULL));
  run_cli (&import, "import", "--db", f->path, file);
  g_assert_cmpint (import.status, ==, 0);

  run_cli (&twins, "twins", "--db", f->path);
  g_test_message ("stderr: %s", twins.err);
  g_assert_cmpint (twins.status, ==, 0);
  g_assert_cmpstr (twins.out, ==, "1 2\n3 7 8\n");
  /* Every game is still there. */
  run_cli (&games, "games", "--db", f->path);
  lines = g_strsplit (games.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
}

/* An RA game's record: its moves, result and end. */
static void
append_ra_record (GString *out, const char *moves, const char *result, const char *termination)
{
  g_string_append_printf (out, "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n"
                          "[Round \"-\"]\n[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n"
                          "[Result \"%s\"]\n[Game \"ra\"]\n[TgnVersion \"1\"]\n%s\n%s %s\n\n",
                          result, termination, moves, result);
}

/* Issue 24: explore prints the moves played from a position, its mirror
 * image's included (RA's board is the same mirrored about its middle
 * row), the most played first, and the total; bad input is one line. */
static void
test_explore (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "ra.tgn", NULL);
  g_autoptr (TbVariant) ra = tb_variant_new_from_text ("ra", NULL, NULL);
  const TbPositionKeys *keys = tb_position_keys_get (ra);
  g_autofree char *mirrored = tb_position_keys_map_text (keys, 1, "1c5-a5");
  g_autofree char *mirrored_reply = tb_position_keys_map_text (keys, 1, "2k9-i9");
  g_autofree char *mirrored_game = g_strdup_printf ("1. %s %s", mirrored, mirrored_reply);
  g_autofree char *expected = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) start = { 0 };
  g_auto (CliRun) after = { 0 };
  g_auto (CliRun) illegal = { 0 };
  g_auto (CliRun) unknown = { 0 };

  g_assert_cmpuint (tb_position_keys_n_symmetries (keys), ==, 2);
  g_assert_cmpstr (mirrored, !=, "1c5-a5");
  append_ra_record (text, "1. 1c5-a5 2k9-i9", "1-0", "[Termination \"resigned\"]\n");
  append_ra_record (text, "1. 1c5-a5 1k9-h9", "0-1", "[Termination \"resigned\"]\n");
  append_ra_record (text, mirrored_game, "1/2-1/2", "[Termination \"draw-agreed\"]\n");
  append_ra_record (text, "1. 1f7-c4", "*", "");
  g_assert_true (g_file_set_contents (file, text->str, -1, NULL));
  run_cli (&import, "import", "--db", f->path, file);
  g_test_message ("stdout: %s stderr: %s", import.out, import.err);
  g_assert_cmpint (import.status, ==, 0);

  /* The mirrored game's first move is shown as 1c5-a5, where the board is. */
  run_cli (&start, "explore", "ra", "--db", f->path);
  g_test_message ("stderr: %s", start.err);
  g_assert_cmpint (start.status, ==, 0);
  g_assert_cmpstr (start.out, ==, "1c5-a5\t3\t1\t1\t1\n1f7-c4\t1\t0\t0\t0\ntotal\t4\t1\t1\t1\n");
  /* After the mirrored move, the games that played 1c5-a5 are found, and
   * their replies shown mirrored. */
  run_cli (&after, "explore", "ra", mirrored, "--db", f->path);
  g_assert_cmpint (after.status, ==, 0);
  expected = g_strdup_printf ("%s\t2\t1\t1\t0\n", mirrored_reply);
  g_assert_true (g_str_has_prefix (after.out, expected));
  g_assert_true (g_str_has_suffix (after.out, "\ntotal\t3\t1\t1\t1\n"));

  run_cli (&illegal, "explore", "ra", "1c5-a5", "1c5-a5", "--db", f->path);
  assert_one_line_error (&illegal, 2, "ply 2");
  run_cli (&unknown, "explore", "chess", "--db", f->path);
  assert_one_line_error (&unknown, 2, "chess");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/cli-store/negative-schema-version", test_negative_schema_version);
  ADD ("/cli-store/temporary-names-refused", test_temporary_names_refused);
  ADD ("/cli-store/another-programs-file", test_another_programs_file);
  ADD ("/cli-store/missing-database", test_missing_database);
  ADD ("/cli-store/read-only-folder", test_read_only_folder);
  ADD ("/cli-store/older-database", test_older_database);
  ADD ("/cli-store/damage-in-one-line", test_damage_in_one_line);
  ADD ("/cli-store/export-names-each-damaged-game", test_export_names_each_damaged_game);
  ADD ("/cli-store/damaged-index-hides-no-game", test_damaged_index_hides_no_game);
  ADD ("/cli-store/game-held-by-two-rows", test_game_held_by_two_rows);
  ADD ("/cli-store/import-counts-annotated-copies", test_import_counts_annotated_copies);
  ADD ("/cli-store/games-filters", test_games_filters);
  ADD ("/cli-store/unknown-dates", test_unknown_dates);
  ADD ("/cli-store/filter-options-refused", test_filter_options_refused);
  ADD ("/cli-store/export-filters", test_export_filters);
  ADD ("/cli-store/twins", test_twins);
  ADD ("/cli-store/explore", test_explore);
  return g_test_run ();
}
