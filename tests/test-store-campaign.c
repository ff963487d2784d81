/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-campaign.c: the game database under damage (issue 22)
 *
 * A database of many games is made once; damaged copies of it (bits
 * flipped in random pages, the file cut short, its header zeroed, schema
 * versions -1, 0, 3 and 99, a table dropped, another program's SQLite
 * file, a folder in its place, a file or a folder that cannot be
 * written), each with or without the mark of an unclean close, go through
 * tablier-cli games, export and import, then through the application's
 * opening (tb_store_open_recovering, in a process of its own).  Each run
 * of either must end by itself (no signal, no exit status of 128 or more)
 * within 10 seconds; an error is one line that names the database; an
 * export writes only games exactly as the original database exports
 * them, and one that leaves a game out exits 1 and names it; the
 * application opens the database, or moves it aside (the file is then
 * there under its new name), or, for a newer Tablier's database or one it
 * cannot write, leaves it as it is.
 *
 *   /store-campaign/short  (suite core)  300 games, 80 copies, seed 22
 *   /store-campaign/long   (suite slow)  3,000 games, 2,000 copies, a new
 *                                        seed each run
 *
 * The seed is printed; TABLIER_CAMPAIGN_SEED=N runs the copies of seed N
 * again.  The copies that failed are kept, and their folder printed.
 *
 * The tests run as root, whom file modes do not stop: the commands and
 * the opening of the copies that cannot be written run as nobody (the
 * copies are root's), as they would for a user.
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tb-store.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-tgn.h"

#define TIMEOUT_SECONDS 10
#define SQLITE_HEADER 100
#define USER_VERSION_OFFSET 60

typedef enum
{
  FLIP_BITS,
  TRUNCATE,
  ZERO_HEADER,
  VERSION_MINUS_1,
  VERSION_0,
  VERSION_3,
  VERSION_99,
  DROP_TABLE,
  FOREIGN_FILE,
  FOLDER,
  READ_ONLY_FILE,
  READ_ONLY_FOLDER,
  N_KINDS
} Damage;

static const char *const damage_names[] = {
  "bits flipped", "cut short", "header zeroed", "version -1", "version 0", "version 3",
  "version 99", "table dropped", "another program's file", "a folder", "read-only file",
  "read-only folder",
};

/* The mark of the last close (tb-store-marker.c) a copy is given. */
typedef enum
{
  MARK_NONE,
  MARK_CLEAN,
  MARK_UNCLEAN,
  N_MARKS
} Mark;

static const char *const mark_names[] = { "no mark", "closed", "left open" };

typedef struct
{
  char *dir;            /* the run's folder */
  char *original;       /* the database every copy comes from */
  char *record;         /* a record of a game none of them holds */
  GHashTable *expected; /* GameId → the game's text in the original's export */
  GHashTable *uuids;    /* "id" → GameId */
  char *export;         /* the original's export */
  guint n_games;
  gsize size;
  guint page_size;
  GRand *rand;
  GString *failures;
  guint n_failed_copies;
  GHashTable *outcomes; /* "export: exit 1" → how many */
} Campaign;

typedef struct
{
  guint index;
  Damage damage;
  Mark mark;
  char *dir;
  char *path;
  char *what;           /* what was done to it, for the failures */
  gboolean as_nobody;
  gboolean failed;
} Copy;

typedef struct
{
  char *out;
  char *err;
  int status;           /* the exit status, or 128 + the signal */
  gboolean signaled;
  gboolean timed_out;
} Run;

static const char *self_exe;

/* ---- running a program, with a time limit ---- */

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

/* In the child, before the program starts. */
static void
become_nobody (gpointer data)
{
  if (geteuid () == 0 && (setgroups (0, NULL) != 0 || setgid (65534) != 0 || setuid (65534) != 0))
    _exit (125);
}

typedef struct
{
  GBytes *out;
  GBytes *err;
  gboolean done;
  gboolean timed_out;
  GSubprocess *process;
} Waiting;

static void
on_communicated (GObject *source, GAsyncResult *result, gpointer data)
{
  Waiting *waiting = data;
  g_autoptr (GError) error = NULL;

  g_subprocess_communicate_finish (G_SUBPROCESS (source), result, &waiting->out, &waiting->err,
                                   &error);
  g_assert_no_error (error);
  waiting->done = TRUE;
}

static gboolean
on_timeout (gpointer data)
{
  Waiting *waiting = data;

  waiting->timed_out = TRUE;
  g_subprocess_force_exit (waiting->process);
  return G_SOURCE_REMOVE;
}

static char *
bytes_text (GBytes *bytes)
{
  gsize length = 0;
  const char *data = bytes ? g_bytes_get_data (bytes, &length) : NULL;

  return g_strndup (data ? data : "", length);
}

static void
run_argv (const char *const *argv, gboolean as_nobody, Run *run)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSource) timeout = NULL;
  Waiting waiting = { 0 };

  g_main_context_push_thread_default (context);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (as_nobody)
    g_subprocess_launcher_set_child_setup (launcher, become_nobody, NULL, NULL);
  waiting.process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_async (waiting.process, NULL, NULL, on_communicated, &waiting);
  timeout = g_timeout_source_new_seconds (TIMEOUT_SECONDS);
  g_source_set_callback (timeout, on_timeout, &waiting, NULL);
  g_source_attach (timeout, context);
  while (!waiting.done)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (timeout);
  g_subprocess_wait (waiting.process, NULL, &error);
  g_assert_no_error (error);
  g_main_context_pop_thread_default (context);

  run->out = bytes_text (waiting.out);
  run->err = bytes_text (waiting.err);
  run->timed_out = waiting.timed_out;
  run->signaled = g_subprocess_get_if_signaled (waiting.process);
  run->status = run->signaled ? 128 + g_subprocess_get_term_sig (waiting.process)
                              : g_subprocess_get_exit_status (waiting.process);
  g_clear_pointer (&waiting.out, g_bytes_unref);
  g_clear_pointer (&waiting.err, g_bytes_unref);
  g_object_unref (waiting.process);
}

static void
run_cli (const char *command, const char *path, const char *file, gboolean as_nobody, Run *run)
{
  const char *cli = g_getenv ("TABLIER_CLI");
  const char *argv[] = { cli, command, "--db", path, file, NULL };

  if (cli == NULL)
    g_error ("TABLIER_CLI is not set (meson test sets it)");
  run_argv (argv, as_nobody, run);
}

/* ---- the application's opening, in a process of its own ---- */

/* What the application does at start (tb-context.c): the recovering
 * opening; a database it cannot write is opened read-only.  Then the
 * last unfinished game is read and saved again, as the window does.
 * Prints what happened; exits 0 when it is one of the outcomes allowed. */
static int
open_as_the_application (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autofree char *moved = NULL;
  gint64 last;

  store = tb_store_open_recovering (path, &moved, NULL, NULL, &error);
  if (store == NULL && g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_READ_ONLY))
    {
      g_autoptr (GError) read_only_error = NULL;

      store = tb_store_open_full (path, TB_STORE_OPEN_READ_ONLY, NULL, NULL, &read_only_error);
      if (store == NULL)
        {
          printf ("not opened read-only either: %s\n", read_only_error->message);
          return 3;
        }
    }
  if (store == NULL)
    {
      printf ("not opened: %s\n", error ? error->message : "(no error)");
      return error && g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_NEWER) ? 0 : 3;
    }
  if (moved)
    {
      printf ("moved aside to %s\n", moved);
      if (!g_file_test (moved, G_FILE_TEST_EXISTS))
        return 4;
    }
  last = tb_store_last_unfinished (store);
  if (last > 0 && !tb_store_is_read_only (store))
    {
      g_autoptr (TbGame) game = tb_store_load_game (store, last, NULL);

      if (game)
        tb_store_save_game (store, last, game, NULL);
    }
  printf (tb_store_is_read_only (store) ? "opened read-only\n" : "opened\n");
  return 0;
}

/* ---- the original database ---- */

static const char *const names[] = {
  "Alice", "Bob", "Élodie \"Lo\" Martin", "Zoé", "Jean-Loup", "Ana María", "李雷", "Ørjan",
};

/* A game of one of the rulesets: random moves, a few comments, sometimes
 * an annotated one with variations; about one in four finished. */
static TbGame *
random_game (GRand *rand, guint n)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  const char *ruleset = tb_rules_get_id (rules[g_rand_int_range (rand, 0, (int) n_rules)]);
  guint max_plies = (guint) g_rand_int_range (rand, 0, 40);
  g_autofree char *date = g_strdup_printf ("%04d.%02d.%02d", g_rand_int_range (rand, 1990, 2027),
                                           g_rand_int_range (rand, 1, 13),
                                           g_rand_int_range (rand, 1, 29));
  g_autofree char *event = g_strdup_printf ("Campaign %u", n);
  TbGame *game;

  if (g_rand_int_range (rand, 0, 4) == 0)
    game = tt_annotated_random_game (ruleset, NULL, g_rand_int (rand), max_plies);
  else
    {
      TbRandom rng;

      tb_random_init (&rng, g_rand_int (rand));
      game = tt_new_game (ruleset, NULL);
      while (!tb_game_is_over (game) && tb_game_get_ply (game) < max_plies)
        {
          tt_play_move (game, tt_random_move (game, &rng));
          if (g_rand_int_range (rand, 0, 9) == 0)
            tb_game_set_comment (game, tb_game_get_ply (game), "a note on this move");
        }
    }
  tb_game_set_tag (game, "Event", event);
  tb_game_set_tag (game, "Date", date);
  tb_game_set_tag (game, "Player1", names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))]);
  tb_game_set_tag (game, "Player2", names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))]);
  if (!tb_game_is_over (game) && g_rand_int_range (rand, 0, 4) == 0)
    tb_game_finish (game, g_rand_boolean (rand) ? TB_RESULT_SEAT1_WINS : TB_RESULT_SEAT2_WINS,
                    TB_TERMINATION_RESIGNED);
  return game;
}

/* The games of an export, by their GameId: each begins with its Event
 * tag at the start of a line. */
static GHashTable *
split_export (const char *text, gboolean *duplicates)
{
  GHashTable *games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const char *start = g_str_has_prefix (text, "[Event ") ? text : strstr (text, "\n[Event ");

  *duplicates = FALSE;
  while (start)
    {
      const char *next;
      const char *uuid;
      g_autofree char *game = NULL;
      g_autofree char *key = NULL;

      if (*start == '\n')
        start++;
      next = strstr (start, "\n[Event ");
      game = next ? g_strndup (start, next - start) : g_strdup (start);
      g_strchomp (game);
      uuid = strstr (game, "\n[GameId \"");
      key = uuid ? g_strndup (uuid + 10, strcspn (uuid + 10, "\"")) : g_strdup ("");
      *duplicates |= g_hash_table_contains (games, key);
      g_hash_table_replace (games, g_steal_pointer (&key), g_steal_pointer (&game));
      start = next;
    }
  return games;
}

static void
make_original (Campaign *c, guint n_games)
{
  g_autoptr (GString) records = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = NULL;
  TbImportCounts counts;
  gint64 start = g_get_monotonic_time ();
  Run run = { 0 };
  gboolean duplicates;

  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr (TbGame) game = random_game (c->rand, i);

      tb_tgn_write_to (game, records);
      g_string_append_c (records, '\n');
    }
  {
    g_autoptr (TbStore) store = tb_store_open (c->original, &error);
    g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);

    g_assert_no_error (error);
    g_assert_true (tb_store_import_text (store, records->str, records->len, "campaign.tgn",
                                         &counts, errors, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (counts.errors, ==, 0);
    g_assert_cmpuint (counts.imported, ==, n_games);
    ids = tb_store_query_ids (store, &(TbStoreFilter) { 0 }, TB_STORE_SORT_DATE, FALSE, 0,
                              G_MAXUINT, &error);
    g_assert_no_error (error);
    c->uuids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    for (guint i = 0; i < ids->len; i++)
      {
        gint64 id = g_array_index (ids, gint64, i);
        g_autoptr (TbGame) game = tb_store_load_game (store, id, &error);

        g_assert_no_error (error);
        g_hash_table_insert (c->uuids, g_strdup_printf ("%" G_GINT64_FORMAT, id),
                             g_strdup (tb_game_get_tag (game, "GameId")));
      }
  }
  {
    g_autofree char *page_size = raw_query (c->original, "PRAGMA page_size");

    c->page_size = (guint) g_ascii_strtoull (page_size, NULL, 10);
    g_assert_cmpuint (c->page_size, >=, 512);
  }
  c->n_games = n_games;
  {
    GStatBuf st;

    g_assert_cmpint (g_stat (c->original, &st), ==, 0);
    c->size = (gsize) st.st_size;
  }
  /* The original's export, by the command the copies go through. */
  run_cli ("export", c->original, NULL, FALSE, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  c->export = g_steal_pointer (&run.out);
  c->expected = split_export (c->export, &duplicates);
  g_assert_false (duplicates);
  g_assert_cmpuint (g_hash_table_size (c->expected), ==, n_games);
  run_clear (&run);
  g_test_message ("%u games, %" G_GSIZE_FORMAT " bytes, made in %.1f s", n_games, c->size,
                  (g_get_monotonic_time () - start) / 1e6);
}

/* A record of a game the original does not hold, to import. */
static void
make_record (Campaign *c)
{
  g_autoptr (TbGame) game = tt_annotated_random_game ("versus-61", NULL, 7, 12);
  g_autofree char *text = NULL;

  tb_game_set_tag (game, "Player1", "Imported");
  text = tb_tgn_write (game);
  c->record = g_build_filename (c->dir, "new.tgn", NULL);
  g_assert_true (g_file_set_contents (c->record, text, -1, NULL));
  g_assert_cmpint (g_chmod (c->record, 0644), ==, 0);
}

/* ---- the copies ---- */

static void
copy_file (const char *from, const char *to, gsize length)
{
  g_autofree char *bytes = NULL;
  gsize size;

  g_assert_true (g_file_get_contents (from, &bytes, &size, NULL));
  g_assert_true (g_file_set_contents (to, bytes, (gssize) MIN (length, size), NULL));
}

static void
write_at (const char *path, gsize offset, const void *bytes, gsize length)
{
  int fd = g_open (path, O_WRONLY, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (pwrite (fd, bytes, length, (off_t) offset), ==, (gssize) length);
  close (fd);
}

static void
flip_bits (Campaign *c, Copy *copy, GString *what)
{
  g_autofree char *bytes = NULL;
  gsize size;
  guint n = (guint) g_rand_int_range (c->rand, 1, 9);
  guint n_pages = (guint) (c->size / c->page_size);

  g_assert_true (g_file_get_contents (copy->path, &bytes, &size, NULL));
  for (guint i = 0; i < n; i++)
    {
      guint page = (guint) g_rand_int_range (c->rand, 0, (int) n_pages);
      gsize offset = (gsize) page * c->page_size +
                     (gsize) g_rand_int_range (c->rand, 0, (int) c->page_size);
      int bit = g_rand_int_range (c->rand, 0, 8);

      bytes[offset] ^= (char) (1 << bit);
      g_string_append_printf (what, " %" G_GSIZE_FORMAT ":%d", offset, bit);
    }
  g_assert_true (g_file_set_contents (copy->path, bytes, (gssize) size, NULL));
}

static void
set_version (Copy *copy, gint32 version)
{
  guint32 big_endian = GUINT32_TO_BE ((guint32) version);

  write_at (copy->path, USER_VERSION_OFFSET, &big_endian, sizeof big_endian);
}

static void
drop_table (Campaign *c, Copy *copy, GString *what)
{
  static const char *const tables[] = { "games", "records", "players", "matches", "annotations" };
  const char *table = tables[g_rand_int_range (c->rand, 0, G_N_ELEMENTS (tables))];
  g_autofree char *sql = g_strdup_printf ("DROP TABLE IF EXISTS %s", table);

  raw_exec (copy->path, sql);
  g_string_append_printf (what, " %s", table);
}

/* A SQLite file of another program, sometimes in WAL mode. */
static void
make_foreign (Campaign *c, Copy *copy)
{
  raw_exec (copy->path, g_rand_boolean (c->rand)
                          ? "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);"
                            "INSERT INTO notes (text) VALUES ('a'), ('b')"
                          : "PRAGMA journal_mode = WAL; CREATE TABLE games (id INTEGER, name TEXT);"
                            "INSERT INTO games VALUES (1, 'not Tablier''s')");
}

static void
make_mark (Copy *copy)
{
  g_autofree char *marker = g_strconcat (copy->path, ".in-use", NULL);

  if (copy->mark != MARK_NONE)
    g_assert_true (g_file_set_contents (marker, copy->mark == MARK_UNCLEAN ? "open\n" : "", -1,
                                        NULL));
}

static Damage
choose_damage (Campaign *c, guint index)
{
  int roll;

  /* Every kind once, then mostly flipped bits and files cut short. */
  if (index < N_KINDS)
    return (Damage) index;
  roll = g_rand_int_range (c->rand, 0, 100);
  if (roll < 55)
    return FLIP_BITS;
  if (roll < 75)
    return TRUNCATE;
  return (Damage) g_rand_int_range (c->rand, ZERO_HEADER, N_KINDS);
}

static void
make_copy (Campaign *c, guint index, Copy *copy)
{
  g_autoptr (GString) what = g_string_new (NULL);
  static const char zeros[SQLITE_HEADER] = { 0 };

  copy->index = index;
  copy->damage = choose_damage (c, index);
  copy->mark = (Mark) g_rand_int_range (c->rand, 0, N_MARKS);
  copy->dir = g_strdup_printf ("%s/copy-%04u", c->dir, index);
  copy->path = g_build_filename (copy->dir, "games.db", NULL);
  g_assert_cmpint (g_mkdir (copy->dir, 0755), ==, 0);
  g_string_append (what, damage_names[copy->damage]);
  if (copy->damage != FOREIGN_FILE && copy->damage != FOLDER && copy->damage != TRUNCATE)
    copy_file (c->original, copy->path, G_MAXSIZE);
  switch (copy->damage)
    {
    case FLIP_BITS:
      flip_bits (c, copy, what);
      break;
    case TRUNCATE:
      {
        gsize length = (gsize) g_rand_int_range (c->rand, 0, (int) c->size);

        copy_file (c->original, copy->path, length);
        g_string_append_printf (what, " at %" G_GSIZE_FORMAT, length);
      }
      break;
    case ZERO_HEADER:
      write_at (copy->path, 0, zeros, sizeof zeros);
      break;
    case VERSION_MINUS_1:
      set_version (copy, -1);
      break;
    case VERSION_0:
      set_version (copy, 0);
      break;
    case VERSION_3:
      set_version (copy, 3);
      break;
    case VERSION_99:
      set_version (copy, 99);
      break;
    case DROP_TABLE:
      drop_table (c, copy, what);
      break;
    case FOREIGN_FILE:
      make_foreign (c, copy);
      break;
    case FOLDER:
      g_assert_cmpint (g_mkdir (copy->path, 0755), ==, 0);
      break;
    case READ_ONLY_FILE:
    case READ_ONLY_FOLDER:
    case N_KINDS:
    default:
      break;
    }
  if (copy->damage != FOLDER)
    make_mark (copy);
  /* Root could write them all the same: the commands run as nobody. */
  if (copy->damage == READ_ONLY_FILE)
    g_assert_cmpint (g_chmod (copy->path, 0444), ==, 0);
  if (copy->damage == READ_ONLY_FOLDER)
    g_assert_cmpint (g_chmod (copy->dir, 0555), ==, 0);
  copy->as_nobody = copy->damage == READ_ONLY_FILE || copy->damage == READ_ONLY_FOLDER;
  g_string_append_printf (what, ", %s", mark_names[copy->mark]);
  copy->what = g_string_free (g_steal_pointer (&what), FALSE);
}

static void
remove_copy (Copy *copy)
{
  g_chmod (copy->dir, 0755);
  tt_remove_dir (copy->dir);
}

static void
copy_clear (Copy *copy)
{
  g_free (copy->dir);
  g_free (copy->path);
  g_free (copy->what);
}

/* ---- what each run may do ---- */

static void G_GNUC_PRINTF (4, 5)
fail (Campaign *c, Copy *copy, const char *command, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_string_append_printf (c->failures, "copy %u (%s), %s: %s\n", copy->index, copy->what, command,
                          message);
  g_test_message ("copy %u (%s), %s: %s", copy->index, copy->what, command, message);
  copy->failed = TRUE;
}

/* Counted, to be printed: what the copies made the commands do. */
static void
count (Campaign *c, const char *command, const char *outcome)
{
  char *key = g_strdup_printf ("%s: %s", command, outcome);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (c->outcomes, key));

  g_hash_table_replace (c->outcomes, key, GUINT_TO_POINTER (n + 1));
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
print_outcomes (Campaign *c)
{
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (c->outcomes, NULL);
  g_auto (GStrv) sorted = g_strdupv ((char **) keys);

  qsort (sorted, g_strv_length (sorted), sizeof (char *), compare_strings);
  for (guint i = 0; sorted[i]; i++)
    g_test_message ("%s: %u", sorted[i],
                    GPOINTER_TO_UINT (g_hash_table_lookup (c->outcomes, sorted[i])));
}

/* Ended by itself in time, with an exit status of its own. */
static gboolean
check_ended (Campaign *c, Copy *copy, const char *command, const Run *run)
{
  g_autofree char *status = g_strdup_printf ("exit %d", run->status);

  count (c, command, run->timed_out ? "timed out" : status);
  if (run->timed_out)
    fail (c, copy, command, "still running after %d s", TIMEOUT_SECONDS);
  else if (run->signaled || run->status >= 128)
    fail (c, copy, command, "exit status %d (%s)", run->status, run->err);
  else if (run->status > 2)
    fail (c, copy, command, "exit status %d, which tablier-cli never gives (%s)", run->status,
          run->err);
  else
    return TRUE;
  return FALSE;
}

/* One line, "tablier-cli: PATH…". */
static gboolean
is_error_line (const char *line, const char *path)
{
  return g_str_has_prefix (line, "tablier-cli: ") && strstr (line, path) != NULL;
}

static void
check_one_line_error (Campaign *c, Copy *copy, const char *command, const Run *run)
{
  const char *newline = strchr (run->err, '\n');

  if (newline == NULL || newline[1] != '\0' || !is_error_line (run->err, copy->path))
    fail (c, copy, command, "exit %d, not one line naming the database: '%s'", run->status,
          run->err);
}

static void
check_games (Campaign *c, Copy *copy)
{
  Run run = { 0 };

  run_cli ("games", copy->path, NULL, copy->as_nobody, &run);
  if (check_ended (c, copy, "games", &run))
    {
      if (run.status != 0)
        check_one_line_error (c, copy, "games", &run);
      else if (*run.err)
        fail (c, copy, "games", "exit 0 with '%s'", run.err);
    }
  run_clear (&run);
}

static gboolean
names_a_game (const char *line)
{
  for (const char *game = strstr (line, "game "); game; game = strstr (game + 5, "game "))
    if (g_ascii_isdigit (game[5]))
      return TRUE;
  return FALSE;
}

/* The games the export's error lines name ("…game N…"); *unknown gets
 * how many lines name an id the original never gave (a flipped id). */
static GHashTable *
named_games (Campaign *c, Copy *copy, const char *err, gboolean *all_lines_right, guint *unknown)
{
  GHashTable *named = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto (GStrv) lines = g_strsplit (err, "\n", -1);

  *all_lines_right = TRUE;
  *unknown = 0;
  for (guint i = 0; lines[i] && *lines[i]; i++)
    {
      const char *game = strstr (lines[i], "game ");
      g_autofree char *id = NULL;
      const char *uuid;

      while (game && !g_ascii_isdigit (game[5]))
        game = strstr (game + 5, "game ");
      id = game ? g_strndup (game + 5, strspn (game + 5, "0123456789")) : NULL;
      uuid = id ? g_hash_table_lookup (c->uuids, id) : NULL;

      *all_lines_right &= is_error_line (lines[i], copy->path);
      if (uuid)
        g_hash_table_add (named, (gpointer) uuid);
      else
        *unknown += id != NULL;
    }
  return named;
}

/* An export writes the games as the original exports them, and names
 * each one it leaves out.  Their order is not compared: it comes from the
 * history's columns (the date), which a flipped bit may change without
 * changing any game.  A flipped id in the games' table makes a game known
 * by another id (one the original never gave, or that of a game written
 * all the same): the export names that id, and each such name may stand
 * for one game left out. */
static void
check_export_games (Campaign *c, Copy *copy, const Run *run)
{
  gboolean duplicates, lines_right;
  guint unknown;
  g_autoptr (GHashTable) written = split_export (run->out, &duplicates);
  g_autoptr (GHashTable) named = named_games (c, copy, run->err, &lines_right, &unknown);
  GHashTableIter iter;
  gpointer uuid, text;
  guint left_out = 0, unnamed = 0;

  if (duplicates)
    fail (c, copy, "export", "a game written twice");
  if (!lines_right)
    fail (c, copy, "export", "an error line that does not name the database: '%s'", run->err);
  g_hash_table_iter_init (&iter, written);
  while (g_hash_table_iter_next (&iter, &uuid, &text))
    {
      const char *expected = g_hash_table_lookup (c->expected, uuid);

      if (expected == NULL)
        fail (c, copy, "export", "a game the original does not hold: '%.200s'", (char *) text);
      else if (strcmp (expected, text) != 0)
        fail (c, copy, "export", "game %s written otherwise than the original: '%.300s'",
              (char *) uuid, (char *) text);
    }
  g_hash_table_iter_init (&iter, c->expected);
  while (g_hash_table_iter_next (&iter, &uuid, NULL))
    if (!g_hash_table_contains (written, uuid))
      {
        left_out++;
        unnamed += !g_hash_table_contains (named, uuid);
      }
  count (c, "export", left_out ? "games left out" : "every game");
  g_hash_table_iter_init (&iter, named);
  while (g_hash_table_iter_next (&iter, &uuid, NULL))
    unknown += g_hash_table_contains (written, uuid);
  if (left_out && run->status != 1)
    fail (c, copy, "export", "%u games left out with exit %d", left_out, run->status);
  if (unnamed > unknown)
    fail (c, copy, "export", "%u of the %u games left out not named (exit %d, '%.300s')",
          unnamed, left_out, run->status, run->err);
  if (left_out == 0 && run->status == 0 && *run->err)
    fail (c, copy, "export", "exit 0 with '%s'", run->err);
}

static void
check_export (Campaign *c, Copy *copy)
{
  Run run = { 0 };

  run_cli ("export", copy->path, NULL, copy->as_nobody, &run);
  if (check_ended (c, copy, "export", &run))
    {
      /* The database refused as a whole: one line, nothing written. */
      if (run.status != 0 && *run.out == '\0' && strchr (run.err, '\n') &&
          strchr (run.err, '\n')[1] == '\0' && !names_a_game (run.err))
        {
          count (c, "export", "refused");
          check_one_line_error (c, copy, "export", &run);
        }
      else if (run.status != 0 || strcmp (run.out, c->export) != 0)
        check_export_games (c, copy, &run);
      else
        {
          count (c, "export", "every game");
          if (*run.err)
            fail (c, copy, "export", "exit 0 with '%s'", run.err);
        }
    }
  run_clear (&run);
}

static void
check_import (Campaign *c, Copy *copy)
{
  Run run = { 0 };

  run_cli ("import", copy->path, c->record, copy->as_nobody, &run);
  if (check_ended (c, copy, "import", &run))
    {
      if (run.status != 0)
        check_one_line_error (c, copy, "import", &run);
      else if (!g_str_has_prefix (run.out, "imported 1, "))
        fail (c, copy, "import", "exit 0 with '%s'", run.out);
    }
  run_clear (&run);
}

static void
check_application (Campaign *c, Copy *copy)
{
  const char *argv[] = { self_exe, "--open-as-the-application", copy->path, NULL };
  Run run = { 0 };

  run_argv (argv, copy->as_nobody, &run);
  count (c, "application", g_str_has_prefix (run.out, "moved") ? "moved aside"
                           : g_str_has_prefix (run.out, "opened read-only") ? "opened read-only"
                           : g_str_has_prefix (run.out, "opened") ? "opened"
                           : "not opened");
  if (run.timed_out)
    fail (c, copy, "application", "still opening after %d s", TIMEOUT_SECONDS);
  else if (run.status != 0)
    fail (c, copy, "application", "exit %d: %s%s", run.status, run.out, run.err);
  run_clear (&run);
}

/* ---- the campaign ---- */

static guint32
campaign_seed (guint32 fixed)
{
  const char *seed = g_getenv ("TABLIER_CAMPAIGN_SEED");
  guint64 parsed;

  if (seed && g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT32, &parsed, NULL))
    return (guint32) parsed;
  return fixed ? fixed : g_random_int ();
}

static void
run_campaign (guint n_games, guint n_copies, guint32 fixed_seed)
{
  g_autoptr (GError) error = NULL;
  guint32 seed = campaign_seed (fixed_seed);
  Campaign c = { 0 };
  guint counts[N_KINDS] = { 0 };
  gint64 start;

  g_test_message ("seed %u (TABLIER_CAMPAIGN_SEED=%u repeats this run)", seed, seed);
  c.rand = g_rand_new_with_seed (seed);
  c.failures = g_string_new (NULL);
  c.outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c.dir = g_dir_make_tmp ("tablier-campaign-XXXXXX", &error);
  g_assert_no_error (error);
  /* nobody goes through it to the copies that cannot be written. */
  g_assert_cmpint (g_chmod (c.dir, 0755), ==, 0);
  c.original = g_build_filename (c.dir, "original.db", NULL);
  make_original (&c, n_games);
  make_record (&c);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_copies; i++)
    {
      Copy copy = { 0 };

      make_copy (&c, i, &copy);
      counts[copy.damage]++;
      check_games (&c, &copy);
      check_export (&c, &copy);
      check_import (&c, &copy);
      check_application (&c, &copy);
      if (copy.failed)
        c.n_failed_copies++;
      else
        remove_copy (&copy);
      copy_clear (&copy);
    }
  for (guint k = 0; k < N_KINDS; k++)
    g_test_message ("%s: %u copies", damage_names[k], counts[k]);
  print_outcomes (&c);
  g_test_message ("%u copies in %.1f s", n_copies, (g_get_monotonic_time () - start) / 1e6);

  if (c.n_failed_copies)
    {
      g_test_message ("the copies that failed are kept in %s", c.dir);
      g_test_fail_printf ("seed %u: %u of %u copies failed (above)", seed, c.n_failed_copies,
                          n_copies);
    }
  else
    tt_remove_dir (c.dir);
  g_hash_table_unref (c.expected);
  g_hash_table_unref (c.uuids);
  g_hash_table_unref (c.outcomes);
  g_string_free (c.failures, TRUE);
  g_rand_free (c.rand);
  g_free (c.export);
  g_free (c.record);
  g_free (c.original);
  g_free (c.dir);
}

/* The normal suite's: a few seconds, the same copies every run. */
static void
test_short (void)
{
  run_campaign (300, 80, 22);
}

/* The slow suite's (meson test --suite slow): other copies every run. */
static void
test_long (void)
{
  run_campaign (3000, 2000, 0);
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "--open-as-the-application") == 0)
    return open_as_the_application (argv[2]);
  self_exe = g_file_read_link ("/proc/self/exe", NULL);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store-campaign/short", test_short);
  g_test_add_func ("/store-campaign/long", test_long);
  return g_test_run ();
}
