/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c: the game database
 *
 * A new database and its schema version; a newer one left alone; games
 * saved move by move and resumed exactly (undo history, seats, levels,
 * options, set-up positions, resignations); a thousand random annotated
 * games through store -> TGN -> store unchanged; duplicates skipped;
 * bad games in an import reported with file, line and column while the
 * good ones are kept; the history's filters, sorts and pages; a garbage
 * and a truncated file moved aside, never overwritten; and a writer
 * killed (SIGKILL) while saving, 25 times (1,000 with -m slow), loses no
 * committed move.  A record (TbStoreRecord) is the game as it was when
 * made, writes what the game functions write, and is saved and freed on
 * another thread while the game goes on.  A job closes the database
 * after the others, however long the store is held, and stops an
 * import into it first.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tb-store-job.h"
#include "tb-store-private.h"
#include "tb-store.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-tgn.h"

static TbGame *
game_with (const char *ruleset, const char *const *moves)
{
  TbGame *game = tt_new_game (ruleset, NULL);

  if (moves)
    tt_play_moves (game, moves);
  return game;
}

static const char *const versus_moves[] = { "c1-c3", "g9-g7", "c3-c4", "f9-f8", "b1-b2", NULL };

/* What PRAGMA optimize would run (-1: shown, not run) on a connection
 * whose queries used the games' indexes (it looks at no other table),
 * or NULL. */
static char *
statistics_needed (const char *path)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  char *needed = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "SELECT count(*) FROM games WHERE result = '1-0';"
                                     "SELECT id FROM games ORDER BY date DESC LIMIT 5",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA optimize (-1)", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    needed = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return needed;
}

/* The query planner's statistics, once made (as an import of many games
 * makes them), need nothing more at a close: the partial indexes that
 * hold nothing (no correspondence game, no match, no game played on
 * from another) are not taken for indexes never analyzed, which made
 * every close of a writer analyze the games again (half a second for
 * 100,000 of them). */
static void
test_statistics_kept_between_closes (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  {
    g_autoptr (TbStore) store = open_store (f);

    for (guint i = 0; i < 3; i++)
      {
        g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);

        g_assert_cmpint (tb_store_add_game (store, game, &error), >, 0);
        g_assert_no_error (error);
      }
    tb_store_analyze (store);
  }
  for (guint close = 0; close < 2; close++)
    {
      g_autoptr (TbStore) store = open_store (f);
      g_autofree char *needed = NULL;

      g_assert_cmpuint (tb_store_count_all (store), ==, 3);
      g_clear_object (&store);
      needed = statistics_needed (f->path);
      g_assert_cmpstr (needed, ==, NULL);
    }
}

static void
test_new_database (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *version = NULL, *journal = NULL, *vacuum = NULL;

  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (tb_store_count_all (store), ==, 0);
  g_clear_object (&store);
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpint (atoi (version), ==, TB_STORE_SCHEMA_VERSION);
  journal = raw_query (f->path, "PRAGMA journal_mode");
  g_assert_cmpstr (journal, ==, "wal");
  /* 2: incremental, which an import's end uses to give back its pages. */
  vacuum = raw_query (f->path, "PRAGMA auto_vacuum");
  g_assert_cmpstr (vacuum, ==, "2");
}

/* An empty file (as an early crash would leave it) becomes a database;
 * one from a newer Tablier is refused and left exactly as it was. */
static void
test_migrations (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL, *moved = NULL;
  g_autoptr (TbStore) store = NULL;
  gsize length;

  g_assert_true (g_file_set_contents (f->path, "", 0, NULL));
  store = open_store (f);
  g_assert_cmpuint (tb_store_count_all (store), ==, 0);
  g_clear_object (&store);

  raw_exec (f->path, "PRAGMA user_version = 99");
  g_assert_true (g_file_get_contents (f->path, &before, &length, NULL));
  store = tb_store_open_recovering (f->path, &moved, NULL, NULL, &error);
  g_assert_null (store);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NEWER);
  g_assert_nonnull (strstr (error->message, "newer"));
  g_assert_null (moved);
  g_assert_true (g_file_get_contents (f->path, &after, NULL, NULL));
  g_assert_cmpmem (before, length, after, length);
}

/* A schema version below 0 is a damaged header: opening it is an error
 * that says so (it crashed, the error unset), and the application's
 * opening moves the file aside. */
static void
test_negative_schema_version (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *moved = NULL;
  g_autoptr (TbStore) store = NULL;

  g_object_unref (open_store (f));
  raw_exec (f->path, "PRAGMA user_version = -1");
  store = tb_store_open (f->path, &error);
  g_assert_null (store);
  g_test_message ("%s", error ? error->message : "");
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "-1"));
  g_clear_error (&error);

  store = tb_store_open_recovering (f->path, &moved, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  g_assert_nonnull (moved);
  g_assert_true (g_file_test (moved, G_FILE_TEST_IS_REGULAR));
}

/* The file as it was before the upgrade, kept beside it (schema-vN.sql:
 * version N), a Tablier database an older Tablier still opens. */
static void
assert_kept_before_upgrade (Fixture *f, const char *fixture)
{
  g_autofree char *copy = g_strdup_printf ("%s.before-v%d", f->path, TB_STORE_SCHEMA_VERSION);
  g_autofree char *second = g_strconcat (copy, "-2", NULL);
  g_autofree char *version = NULL, *games = NULL, *application = NULL;
  g_autofree char *expected = g_strndup (fixture + strlen ("schema-v"), 1);

  g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  version = raw_query (copy, "PRAGMA user_version");
  g_assert_cmpstr (version, ==, expected);
  games = raw_query (copy, "SELECT count(*) FROM games");
  g_assert_cmpstr (games, ==, "12");
  application = raw_query (copy, "PRAGMA application_id");
  g_assert_cmpstr (application, ==, "0");
  /* Opened again: up to date, nothing more to keep. */
  g_object_unref (open_store (f));
  g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
}

/* Every game of a database of an earlier schema reads as before: the
 * export of all of them is the one made before the migration, and the
 * history still finds them, comments included. */
static void
test_migration_keeps_games (Fixture *f, gconstpointer data)
{
  const char *fixture = data;
  g_autofree char *expected_file = g_test_build_filename (G_TEST_DIST, "store-fixtures",
                                                          "schema-v2-export.tgn", NULL);
  g_autofree char *expected = NULL, *version = NULL, *records = NULL, *columns = NULL;
  g_autoptr (GString) exported = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (TbStore) store = NULL;

  load_fixture (f->path, fixture);
  store = open_store (f);
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpint (atoi (version), ==, TB_STORE_SCHEMA_VERSION);
  assert_kept_before_upgrade (f, fixture);

  ids = tb_store_query_ids (store, NULL, TB_STORE_SORT_DATE, FALSE, 0, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 12);
  g_assert_true (tb_store_export (store, (const gint64 *) ids->data, ids->len, exported, NULL,
                                 &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (expected_file, &expected, NULL, NULL));
  g_assert_cmpstr (exported->str, ==, expected);

  rows = tb_store_query (store, &(TbStoreFilter) { .text = "pulls the pawn" },
                         TB_STORE_SORT_DATE, FALSE, 0, 50, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_cmpstr (((TbStoreRow *) rows->pdata[0])->player1, ==, "Élodie \"Lo\" Martin");
  g_assert_cmpuint (tb_store_count (store, &(TbStoreFilter) { .player = "bob" }, NULL), ==, 2);

  /* The records live apart from the rows the history scans. */
  records = raw_query (f->path, "SELECT count(*) FROM records");
  g_assert_cmpstr (records, ==, "12");
  columns = raw_query (f->path, "SELECT group_concat(name) FROM pragma_table_info('games') "
                                "WHERE name IN ('header', 'line', 'variations', 'fingerprint')");
  g_assert_null (columns);

  /* The games table was made anew: deleting a game still takes its
   * record and comments with it. */
  g_assert_true (tb_store_delete_game (store, ((TbStoreRow *) rows->pdata[0])->id, &error));
  g_assert_no_error (error);
  g_clear_pointer (&records, g_free);
  records = raw_query (f->path, "SELECT (SELECT count(*) FROM records) || ' ' || "
                                "(SELECT count(*) FROM annotations) || ' ' || "
                                "(SELECT count(*) FROM games)");
  g_assert_cmpstr (records, ==, "11 0 11");
}

/* A Versus game of 1,100 plies of shuffling, played without a move
 * limit, with the given options besides. */
static TbGame *
long_versus_game (const char *options)
{
  g_autofree char *all = g_strconcat (options, options[0] ? "," : "",
                                      "repetition=no,move-limit=0", NULL);
  TbGame *game = tt_new_game ("versus-61", all);
  static const char *const shuffle[] = { "c1-c2", "g9-g8", "c2-c1", "g8-g9", NULL };

  for (guint i = 0; i < 275; i++)
    tt_play_moves (game, shuffle);
  return game;
}

/* The fingerprint of game id made again from its tags and moves, as the
 * store makes it. */
static void
set_fingerprint_of_tags (const char *path, gint64 id)
{
  g_autofree char *header_sql = g_strdup_printf ("SELECT header FROM records WHERE game = %"
                                                 G_GINT64_FORMAT, id);
  g_autofree char *line_sql = g_strdup_printf ("SELECT line FROM records WHERE game = %"
                                               G_GINT64_FORMAT, id);
  g_autofree char *header = raw_query (path, header_sql);
  g_autofree char *line = raw_query (path, line_sql);
  g_autofree char *print = tb_store_fingerprint (header, line, strlen (line));
  g_autofree char *update = g_strdup_printf ("UPDATE records SET fingerprint = '%s' WHERE game = %"
                                             G_GINT64_FORMAT, print, id);

  raw_exec (path, update);
}

/* Versus games stored before the move limit (schema 3) that went past
 * 1,000 plies still read whole: the migration gives them no limit.  A
 * shorter game keeps the default. */
static void
test_migration_lifts_the_move_limit (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) plain = long_versus_game ("");
  g_autoptr (TbGame) with_options = long_versus_game ("targets=2-4");
  g_autoptr (TbGame) short_game = game_with ("versus-61", versus_moves);
  g_autoptr (GError) error = NULL;
  gint64 ids[3];

  ids[0] = tb_store_add_game (store, plain, &error);
  ids[1] = tb_store_add_game (store, with_options, &error);
  ids[2] = tb_store_add_game (store, short_game, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  /* As schema 3 stored them: the records had no move-limit option, and
   * their fingerprints were of those tags. */
  make_older (f->path, 3);
  raw_exec (f->path, "UPDATE records SET header = replace (header, ',move-limit=0', '')");
  for (guint i = 0; i < 3; i++)
    set_fingerprint_of_tags (f->path, ids[i]);
  {
    g_autofree char *header = raw_query (f->path, "SELECT header FROM records WHERE game = 2");

    g_assert_nonnull (strstr (header, "[X_Tablier_Options \"targets=2-4,repetition=no\"]"));
  }

  store = open_store (f);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (TbGame) back = tb_store_load_game (store, ids[i], &error);
      g_autofree char *options = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (tb_game_get_n_plies (back), ==, 1100);
      g_assert_false (tb_game_is_over (back));
      options = tb_variant_options_to_text (tb_game_get_variant (back));
      g_assert_cmpstr (options, ==, i == 0 ? "repetition=no,move-limit=0"
                                            : "targets=2-4,repetition=no,move-limit=0");
    }
  {
    g_autoptr (TbGame) back = tb_store_load_game (store, ids[2], &error);
    g_autofree char *options = NULL;

    g_assert_no_error (error);
    options = tb_variant_options_to_text (tb_game_get_variant (back));
    g_assert_cmpstr (options, ==, "");
  }
  /* The fingerprints follow the tags the upgrade changed: a record of a
   * game exported from the database, its GameId gone, is a game it has. */
  {
    g_autoptr (GString) text = g_string_new (NULL);
    g_autoptr (GRegex) game_id = g_regex_new ("^\\[GameId .*\n", G_REGEX_MULTILINE, 0, NULL);
    TbImportCounts counts;

    g_assert_true (tb_store_export (store, ids, 3, text, NULL, &error));
    {
      g_autofree char *without = g_regex_replace_literal (game_id, text->str, -1, 0, "", 0, NULL);

      g_string_assign (text, without);
    }
    g_assert_null (strstr (text->str, "GameId"));
    g_assert_true (tb_store_import_text (store, text->str, text->len, "again.tgn", &counts, NULL,
                                         NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (counts.skipped, ==, 3);
    g_assert_cmpuint (counts.imported, ==, 0);
  }
}

static void
test_save_and_resume (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);
  g_autoptr (TbGame) back = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id;

  tb_game_set_tag (game, "Player1", "Alice");
  tb_game_set_computer_level (game, 2, 3);
  tb_game_undo (game);
  tb_game_undo (game);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_nonnull (tb_game_get_tag (game, "GameId"));

  /* Resumed where play stood, the undone moves still to redo. */
  back = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_game_get_ply (back), ==, 3);
  g_assert_cmpuint (tb_game_get_n_plies (back), ==, 5);
  g_assert_true (tb_game_redo (back));
  tt_assert_move_text (back, 4, "f9-f8");
  g_assert_cmpstr (tb_game_get_tag (back, "Player1"), ==, "Alice");
  g_assert_cmpuint (tb_game_get_computer_level (back, 2), ==, 3);
  g_assert_cmpstr (tb_game_get_tag (back, "GameId"), ==, tb_game_get_tag (game, "GameId"));
  g_clear_object (&back);

  /* Another move replaces the undone ones; the save is the game as it is. */
  g_assert_true (tb_game_play_text (game, "e9-e8", &error));
  g_assert_true (tb_store_save_game (store, id, game, &error));
  g_assert_no_error (error);
  back = tb_store_load_game (store, id, &error);
  g_assert_cmpuint (tb_game_get_n_plies (back), ==, 4);
  tt_assert_move_text (back, 4, "e9-e8");
  g_assert_cmpint (tb_store_last_unfinished (store), ==, id);
  g_clear_object (&back);

  /* Resigned: finished, with its termination. */
  tb_game_finish (game, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
  g_assert_true (tb_store_save_game (store, id, game, &error));
  back = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_true (tb_game_is_over (back));
  g_assert_cmpint (tb_store_last_unfinished (store), ==, 0);

  /* Saving a game that is not there says so. */
  g_assert_false (tb_store_save_game (store, id + 100, game, &error));
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND);
}

/* Options and set-up positions come back as they were. */
static void
test_options_and_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) variant = tb_variant_new_from_text ("versus-61", "targets=2-4,repetition=no", &error);
  g_autoptr (TbVariant) plain = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  TbPosition *setup = tb_variant_parse_position (plain, "to-move=1 V1@e1 V2@e9 P4/1@b4 P1/2@a5",
                                                 &error);
  g_autoptr (TbGame) with_options = NULL;
  g_autoptr (TbGame) from_setup = NULL;
  g_autoptr (TbGame) back = NULL;
  g_autofree char *written = NULL, *read = NULL;
  gint64 a, b;

  g_assert_no_error (error);
  with_options = tb_game_new (variant, 1);
  from_setup = tb_game_new_at (plain, setup);
  tb_position_free (setup);
  g_assert_true (tb_game_play_text (from_setup, "b4-b5", &error));
  a = tb_store_add_game (store, with_options, &error);
  b = tb_store_add_game (store, from_setup, &error);
  g_assert_no_error (error);

  back = tb_store_load_game (store, a, &error);
  written = tb_tgn_write (with_options);
  read = tb_tgn_write (back);
  g_assert_cmpstr (read, ==, written);
  g_clear_object (&back);
  g_clear_pointer (&written, g_free);
  g_clear_pointer (&read, g_free);
  back = tb_store_load_game (store, b, &error);
  g_assert_nonnull (tb_game_get_setup (back));
  written = tb_tgn_write (from_setup);
  read = tb_tgn_write (back);
  g_assert_cmpstr (read, ==, written);
}

static const char *const rulesets[] = { "versus-61", "versus-91", "ra", "oraia", "retournement" };

/* A game of every kind the store keeps: played at random from either
 * seat, to its end or not, none at all, with options, from a set-up
 * position, with tags of its own and, one in four, annotated. */
static TbGame *
export_sample (guint i)
{
  const char *ruleset = rulesets[i % G_N_ELEMENTS (rulesets)];
  TbGame *game;
  TbRandom rng;
  guint plies = (i * 37) % 160;

  if (i % 4 == 3)
    return tt_annotated_random_game (ruleset, NULL, 500 + i, 10 + plies);
  if (i % 7 == 5 && g_str_equal (ruleset, "versus-61"))
    {
      g_autoptr (TbVariant) plain = tb_variant_new_default (tb_rules_lookup (ruleset));
      TbPosition *setup = tb_variant_parse_position (plain, "to-move=2 V1@e1 V2@e9 P4/1@b4 "
                                                     "P1/2@a5", NULL);

      game = tb_game_new_at (plain, setup);
      tb_position_free (setup);
    }
  else
    {
      g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup (ruleset));

      guint starter = i % 2 && tb_variant_check_starter (variant, 2, NULL) ? 2 : 1;

      game = tb_game_new (variant, starter);
    }
  tb_random_init (&rng, 900 + i);
  for (guint ply = 0; ply < plies && !tb_game_is_over (game); ply++)
    tt_play_move (game, tt_random_move (game, &rng));
  if (i % 3 == 0)
    {
      tb_game_set_tag (game, "Annotator", "Claire Dubois");
      tb_game_set_tag (game, "Opening", "a name far longer than a line of movetext, to see that "
                                         "tags are never wrapped at all, whatever their length");
    }
  if (i % 5 == 1)
    tb_game_set_tag (game, "Match", "m-42");
  return game;
}

/* An export writes each game from its stored record without reading it
 * again: the same text, byte for byte, as the game written from its
 * moves. */
static void
test_export_writes_what_the_game_writes (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GString) expected = g_string_new (NULL);
  g_autoptr (GString) exported = g_string_new (NULL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < 200; i++)
    {
      g_autoptr (TbGame) game = export_sample (i);
      gint64 id = tb_store_add_game (store, game, &error);
      g_autoptr (TbGame) back = NULL;

      g_assert_no_error (error);
      g_array_append_val (ids, id);
      back = tb_store_load_game (store, id, &error);
      g_assert_no_error (error);
      if (i > 0)
        g_string_append_c (expected, '\n');
      tb_tgn_write_to (back, expected);
    }
  g_assert_true (tb_store_export (store, (gint64 *) ids->data, ids->len, exported, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (exported->str, ==, expected->str);
}

static gboolean
fail_third_piece (const char *text, gsize length, gpointer data, GError **error)
{
  guint *pieces = data;

  if (++*pieces < 3)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "the disk is full");
  return FALSE;
}

/* A large export is written by two threads a block of games at a time,
 * and sent out in the order asked: the same text as one game after
 * another, the games that cannot be written named in their order (one
 * not there, one listed twice), each block's; a write that fails ends it,
 * whatever the threads were doing. */
static void
test_export_in_blocks (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GString) expected = g_string_new (NULL);
  g_autoptr (GString) exported = g_string_new (NULL);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) full = NULL;
  guint pieces = 0;

  for (guint i = 0; i < 700; i++)
    {
      g_autoptr (TbGame) game = tt_new_game (rulesets[i % G_N_ELEMENTS (rulesets)], NULL);
      gint64 id;
      TbRandom rng;

      tb_random_init (&rng, 300 + i);
      for (guint ply = 0; ply < i % 40 && !tb_game_is_over (game); ply++)
        tt_play_move (game, tt_random_move (game, &rng));
      id = tb_store_add_game (store, game, &error);

      g_assert_no_error (error);
      g_array_append_val (ids, id);
      if (i > 0)
        g_string_append_c (expected, '\n');
      g_assert_true (tb_store_export_record (store, id, expected, &error));
      /* In the second block, a game that is not there; in the third, one
       * listed again. */
      if (i == 300)
        g_array_append_val (ids, (gint64) { 999999 });
      if (i == 600)
        g_array_append_val (ids, g_array_index (ids, gint64, 10));
    }
  g_assert_false (tb_store_export (store, (gint64 *) ids->data, ids->len, exported, problems,
                                   &error));
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
  g_assert_nonnull (strstr (error->message, "2 of 702 games"));
  g_assert_cmpstr (exported->str, ==, expected->str);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_error ((GError *) problems->pdata[0], TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND);
  g_assert_error ((GError *) problems->pdata[1], TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
  g_assert_nonnull (strstr (((GError *) problems->pdata[1])->message, "two rows hold it"));

  g_assert_false (tb_store_export_to (store, (gint64 *) ids->data, ids->len, fail_third_piece,
                                      &pieces, NULL, &full));
  g_assert_error (full, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_cmpuint (pieces, ==, 3);
}

/* A thousand random games with comments, NAGs and variations, stored,
 * exported and imported into another database: the same moves, tags and
 * annotations; the same games found by a word of their comments, whose
 * index the import left in one piece. */
static void
test_round_trip_1000 (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *other_path = g_build_filename (f->dir, "other.db", NULL);
  g_autoptr (TbStore) other = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  TbImportCounts counts;

  for (guint i = 0; i < 1000; i++)
    {
      TbGame *game = tt_annotated_random_game (rulesets[i % G_N_ELEMENTS (rulesets)], NULL,
                                               1000 + i, 20 + i % 60);
      gint64 id = tb_store_add_game (store, game, &error);

      g_assert_no_error (error);
      g_array_append_val (ids, id);
      g_ptr_array_add (games, game);
    }
  g_assert_true (tb_store_export (store, (gint64 *) ids->data, ids->len, text, NULL, &error));
  g_assert_no_error (error);

  other = tb_store_open (other_path, &error);
  g_assert_no_error (error);
  g_assert_true (tb_store_import_text (other, text->str, text->len, "all.tgn", &counts, NULL,
                                       NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 1000);
  g_assert_cmpuint (counts.errors, ==, 0);
  /* The write-ahead log, let grow during the import, is given back. */
  {
    g_autofree char *wal = g_strconcat (other_path, "-wal", NULL);
    GStatBuf st;

    g_assert_cmpint (g_stat (wal, &st), ==, 0);
    g_assert_cmpint (st.st_size, ==, 0);
  }

  for (guint i = 0; i < games->len; i++)
    {
      TbGame *original = g_ptr_array_index (games, i);
      gint64 id = tb_store_find_game_id (other, tb_game_get_tag (original, "GameId"));
      g_autoptr (TbGame) back = tb_store_load_game (other, id, &error);

      g_assert_no_error (error);
      tt_assert_same_tree (tb_game_get_root (original), tb_game_get_root (back));
      tt_assert_same_tags (original, back);
    }
  /* The comments are searchable. */
  rows = tb_store_query (other, &(TbStoreFilter) { .text = "Versus" }, TB_STORE_SORT_DATE, FALSE,
                         0, 2000, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, >, 0);
  g_assert_cmpuint (rows->len, ==,
                    tb_store_count (store, &(TbStoreFilter) { .text = "Versus" }, &error));
  {
    g_autofree char *pieces = raw_query (other_path, "SELECT count (DISTINCT segid) "
                                                     "FROM comment_text_idx");

    g_assert_cmpstr (pieces, ==, "1");
  }
}

/* A game annotated on the replay's analysis board: a comment on the game
 * itself, moves played at earlier plies as nested variations, glyphs and
 * comments on variation moves, one variation promoted and one cut and put
 * back.  Saved as the replay saves it (at the ply it was left at), read
 * back, exported, imported elsewhere and read as a record: node by node
 * the same tree every time. */
static TbGame *
analysis_board_game (void)
{
  static const char *const moves[] = { "c1-c2", "g9-g8", "c2-c3", "g8-g7", "d1-d2", "f9-f8", NULL };
  TbGame *game = game_with ("versus-61", moves);
  const TbGameNode *variation, *inner, *deeper;
  guint old_index;

  tb_game_set_comment (game, 0, "A game to study.\n\nTwo paragraphs on the game itself.");
  tb_game_go_to_ply (game, 3);
  g_assert_true (tb_game_play_full (game, tb_game_get_legal_moves (game, &old_index)[0],
                                    TB_PLAY_ADD_VARIATION, NULL));
  variation = tb_game_get_current_node (game);
  tt_play_moves (game, (const char *const[]) { "a1-a2", NULL });
  tb_game_set_node_move_nag (game, tb_game_get_current_node (game), 2);
  tb_game_set_node_comment (game, tb_game_get_current_node (game), "Weak: the edge.");
  /* Inside it, at its second move, two more. */
  tb_game_go_to_node (game, variation);
  g_assert_true (tb_game_play_full (game, tb_game_get_legal_moves (game, &old_index)[1],
                                    TB_PLAY_ADD_VARIATION, NULL));
  inner = tb_game_get_current_node (game);
  tb_game_set_node_move_nag (game, inner, 3);
  tb_game_set_node_eval (game, inner, 0.625);
  /* Two replies to it, the second a variation three levels down. */
  for (guint i = 0; i < 2; i++)
    {
      tb_game_go_to_node (game, inner);
      g_assert_true (tb_game_play_full (game, tb_game_get_legal_moves (game, &old_index)[i],
                                        TB_PLAY_ADD_VARIATION, NULL));
    }
  tb_game_set_node_move_nag (game, tb_game_get_current_node (game), 5);
  tb_game_set_node_comment (game, tb_game_get_current_node (game), "Deep inside.");
  g_assert_cmpuint (tb_game_node_get_n_children (inner), ==, 2);
  tb_game_go_to_node (game, variation);
  g_assert_true (tb_game_play_full (game, tb_game_get_legal_moves (game, &old_index)[2],
                                    TB_PLAY_ADD_VARIATION, NULL));
  deeper = tb_game_get_current_node (game);
  tb_game_set_node_comment (game, deeper, "Also possible.");
  /* The last one promoted within the first variation, and the inner one
   * cut and put back. */
  g_assert_true (tb_game_promote_variation (game, deeper, &old_index) == deeper);
  tb_game_restore_cut (game, tb_game_cut (game, inner));
  g_assert_cmpuint (tb_game_node_get_index (inner), ==, 1);
  tb_game_set_node_move_nag (game, tb_game_node_get_child (tb_game_node_get_parent (variation), 0),
                             6);
  tb_game_go_to_ply (game, 0);
  return game;
}

static void
test_analysis_board_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *other_path = g_build_filename (f->dir, "other.db", NULL);
  g_autoptr (TbStore) other = NULL;
  g_autoptr (TbGame) game = analysis_board_game ();
  g_autoptr (TbGame) back = NULL, imported = NULL, read = NULL;
  g_autoptr (GString) exported = g_string_new (NULL);
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;
  gint64 id = tb_store_add_game (store, game, &error);

  g_assert_no_error (error);
  /* Saved again as the replay saves its edits: at the ply left at. */
  tb_game_set_comment (game, 0, "A game to study, annotated.");
  g_assert_true (tb_store_save_game_at (store, id, game, 2, &error));
  g_assert_no_error (error);
  back = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (back));
  g_assert_cmpstr (tb_game_get_comment (back, 0), ==, "A game to study, annotated.");
  g_assert_cmpuint (tb_game_get_ply (back), ==, 2);

  g_assert_true (tb_store_export_record (store, id, exported, &error));
  g_assert_no_error (error);
  other = tb_store_open (other_path, &error);
  g_assert_no_error (error);
  g_assert_true (tb_store_import_text (other, exported->str, exported->len, "one.tgn", &counts,
                                       NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 1);
  imported = tb_store_load_game (
    other, tb_store_find_game_id (other, tb_game_get_tag (game, "GameId")), &error);
  g_assert_no_error (error);
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (imported));
  tt_assert_same_tags (game, imported);

  records = tb_tgn_read_all (exported->str, exported->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (records->pdata[0]));
}

static void
test_duplicates (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL, *other_id = NULL, *other_move = NULL;
  TbImportCounts counts;

  tb_game_set_tag (game, "GameId", "6a1b5c36-2f0e-4a7e-9a55-0c2b7f0c1d11");
  record = tb_tgn_write (game);
  g_assert_true (tb_store_import_text (store, record, strlen (record), "a.tgn", &counts, NULL,
                                       NULL, NULL, NULL, &error));
  g_assert_cmpuint (counts.imported, ==, 1);
  /* The same record again: skipped. */
  g_assert_true (tb_store_import_text (store, record, strlen (record), "a.tgn", &counts, NULL,
                                       NULL, NULL, NULL, &error));
  g_assert_cmpuint (counts.imported, ==, 0);
  g_assert_cmpuint (counts.skipped, ==, 1);
  /* Another GameId, the same tags and moves: the same game. */
  tb_game_set_tag (game, "GameId", "0f4d8e2a-1111-4b22-8c33-123456789abc");
  other_id = tb_tgn_write (game);
  g_assert_true (tb_store_import_text (store, other_id, strlen (other_id), "b.tgn", &counts, NULL,
                                       NULL, NULL, NULL, &error));
  g_assert_cmpuint (counts.skipped, ==, 1);
  /* One more move: another game. */
  g_assert_true (tb_game_play_text (game, "e9-d8", &error));
  tb_game_remove_tag (game, "GameId");
  other_move = tb_tgn_write (game);
  g_assert_true (tb_store_import_text (store, other_move, strlen (other_move), "c.tgn", &counts,
                                       NULL, NULL, NULL, NULL, &error));
  g_assert_cmpuint (counts.imported, ==, 1);
  g_assert_cmpuint (tb_store_count_all (store), ==, 2);
}

/* ---- records of stored games: nothing stored is lost ---- */

static TbImportCounts
import_record (TbStore *store, TbGame *game)
{
  g_autofree char *text = tb_tgn_write (game);
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;

  g_assert_true (tb_store_import_text (store, text, strlen (text), "copy.tgn", &counts, errors,
                                       NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < errors->len; i++)
    g_test_message ("%s", (char *) errors->pdata[i]);
  g_assert_cmpuint (counts.errors, ==, 0);
  return counts;
}

/* The record of game: read back from its text, as an import reads it. */
static TbGame *
reread (TbGame *game)
{
  g_autofree char *text = tb_tgn_write (game);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (text, -1);
  TbGame *copy = tb_tgn_reader_next (reader, &error);

  g_assert_no_error (error);
  return copy;
}

/* A game whose only notes are the computer's evaluations (an analysed
 * game nobody commented) keeps them when saved, the store closed and
 * opened again; the annotations' rows, which a search reads, hold none of
 * them. */
static void
test_evaluations_survive_reopening (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);
  g_autoptr (TbGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *notes = NULL;
  gint64 id;

  for (guint ply = 0; ply <= tb_game_get_n_plies (game); ply++)
    {
      tb_game_go_to_ply (game, ply);
      tb_game_set_node_eval (game, tb_game_get_current_node (game), 0.1 * ply + 0.25);
    }
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  notes = raw_query (f->path, "SELECT count(*) FROM annotations");
  g_assert_cmpstr (notes, ==, "0");

  store = open_store (f);
  back = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  for (guint ply = 0; ply <= tb_game_get_n_plies (game); ply++)
    {
      g_assert_cmpfloat_with_epsilon (tb_game_get_eval (back, ply), 0.1 * ply + 0.25, 1e-9);
      g_assert_null (tb_game_get_comment (back, ply));
    }
}

/* A game with a comment of its own, a comment and NAGs on its moves and a
 * variation, as someone annotates it. */
static TbGame *
annotated_game (void)
{
  TbGame *game = game_with ("versus-61", versus_moves);
  g_autoptr (GError) error = NULL;
  TbRandom rng;

  tb_random_init (&rng, 9);
  tb_game_set_tag (game, "GameId", "0b8c4a5e-8a55-4f7e-9d1c-3a2b1c0d9e8f");
  tb_game_set_tag (game, TB_TAG_CORRESPONDENCE, "yes");
  tb_game_set_comment (game, 0, "Played by mail");
  tb_game_set_comment (game, 2, "Light answers at once");
  tb_game_go_to_ply (game, 2);
  tb_game_add_node_nag (game, tb_game_get_current_node (game), 1);
  tb_game_go_to_ply (game, 1);
  g_assert_true (tb_game_play_full (game, tt_random_move (game, &rng),
                                    TB_PLAY_ADD_VARIATION, &error));
  g_assert_no_error (error);
  tb_game_go_to_ply (game, 0);
  while (tb_game_redo (game))
    ;
  return game;
}

/* Issue 22, item 8: a record of a stored game with more moves, without
 * the stored comments, NAGs and variation (the other player's copy of a
 * correspondence game), brought its moves and deleted the notes.  Now
 * the moves are added and every note is kept. */
static void
test_new_moves_keep_the_notes (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) annotated = annotated_game ();
  g_autoptr (TbGame) plain = game_with ("versus-61", versus_moves);
  g_autoptr (TbGame) back = NULL, expected = NULL;
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;
  gint64 id = tb_store_add_game (store, annotated, &error);

  g_assert_no_error (error);
  tb_game_set_tag (plain, "GameId", tb_game_get_tag (annotated, "GameId"));
  tb_game_set_tag (plain, TB_TAG_CORRESPONDENCE, "yes");
  tt_play_moves (plain, (const char *const[]) { "e9-d8", "c4-c5", NULL });
  counts = import_record (store, plain);
  g_assert_cmpuint (counts.updated, ==, 1);
  g_assert_cmpuint (counts.imported + counts.skipped + counts.annotated, ==, 0);

  /* The stored game, annotated as it was, with the two new moves. */
  back = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  expected = reread (annotated);
  tt_play_moves (expected, (const char *const[]) { "e9-d8", "c4-c5", NULL });
  tt_assert_same_tree (tb_game_get_root (back), tb_game_get_root (expected));
  g_assert_cmpuint (tb_game_get_n_plies (back), ==, 7);
}

/* Issue 22, item 9: an annotated copy of a stored game (the same tags and
 * moves) was dropped as a duplicate.  Its notes now go to the stored
 * game, whichever GameId it carries; a comment that differs is kept
 * beside the stored one; the same copy again brings nothing. */
static void
test_annotated_copy_merged (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) plain = game_with ("versus-61", versus_moves);
  g_autoptr (TbGame) annotated = annotated_game ();
  g_autoptr (TbGame) back = NULL;
  g_autoptr (GError) error = NULL;
  const char *const ids[] = { "0b8c4a5e-8a55-4f7e-9d1c-3a2b1c0d9e8f",
                              "4e2d0c1b-7f3a-4b6c-8d9e-0f1a2b3c4d5e" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr (TbStore) fresh = NULL;
      g_autofree char *path = g_strdup_printf ("%s/copy-%u.db", f->dir, i);
      TbImportCounts counts;
      gint64 id;

      fresh = tb_store_open (path, &error);
      g_assert_no_error (error);
      tb_game_set_tag (plain, "GameId", ids[0]);
      tb_game_set_tag (plain, TB_TAG_CORRESPONDENCE, "yes");
      tb_game_set_comment (plain, 2, "An early answer");
      id = tb_store_add_game (fresh, plain, &error);
      g_assert_no_error (error);
      tb_game_set_tag (annotated, "GameId", ids[i]);
      counts = import_record (fresh, annotated);
      g_assert_cmpuint (counts.annotated, ==, 1);
      g_assert_cmpuint (counts.imported + counts.skipped + counts.updated, ==, 0);
      counts = import_record (fresh, annotated);
      g_assert_cmpuint (counts.skipped, ==, 1);
      g_assert_cmpuint (counts.annotated, ==, 0);

      g_clear_object (&back);
      back = tb_store_load_game (fresh, id, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (tb_store_count_all (fresh), ==, 1);
      g_assert_cmpstr (tb_game_get_tag (back, "GameId"), ==, ids[0]);
      g_assert_cmpstr (tb_game_get_comment (back, 0), ==, "Played by mail");
      g_assert_cmpstr (tb_game_get_comment (back, 2), ==, "An early answer Light answers at once");
      {
        guint n_nags;
        const guint8 *nags = NULL;

        tb_game_go_to_ply (back, 2);
        nags = tb_game_node_get_nags (tb_game_get_current_node (back), &n_nags);
        g_assert_cmpuint (n_nags, ==, 1);
        g_assert_cmpuint (nags[0], ==, 1);
        tb_game_go_to_ply (back, 1);
        g_assert_cmpuint (tb_game_node_get_n_children (tb_game_get_current_node (back)), ==, 2);
      }
    }
}

/* A bad game among good ones: reported with file, line and column; the
 * good ones are imported. */
static void
test_import_errors (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) good = game_with ("versus-61", versus_moves);
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autofree char *record = tb_tgn_write (good);
  g_autofree char *bad = g_strdup (record);
  g_autofree char *text = NULL;
  TbImportCounts counts;
  char *move = strstr (bad, "g9-g7");

  memcpy (move, "g9-a1", 5);   /* not a move of Light's VERSUS */
  tb_game_remove_tag (good, "GameId");
  g_free (record);
  record = tb_tgn_write (good);
  text = g_strconcat (bad, "\n", record, NULL);
  g_assert_true (tb_store_import_text (store, text, strlen (text), "mixed.tgn", &counts, errors,
                                       NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 1);
  g_assert_cmpuint (counts.errors, ==, 1);
  g_assert_cmpuint (errors->len, ==, 1);
  {
    /* The line of the bad move, counted in the text. */
    guint line = 1;
    g_autofree char *where = NULL;

    for (const char *c = text; c < strstr (text, "g9-a1"); c++)
      line += *c == '\n';
    where = g_strdup_printf ("mixed.tgn:%u:", line);
    g_assert_true (g_str_has_prefix (g_ptr_array_index (errors, 0), where));
  }
  g_assert_nonnull (strstr (g_ptr_array_index (errors, 0), "g9-a1"));
}

static gint64
add_tagged (TbStore *store, const char *ruleset, const char *const *moves, const char *p1,
            const char *p2, const char *date, const char *comment)
{
  g_autoptr (TbGame) game = game_with (ruleset, moves);
  g_autoptr (GError) error = NULL;
  gint64 id;

  tb_game_set_tag (game, "Player1", p1);
  tb_game_set_tag (game, "Player2", p2);
  tb_game_set_tag (game, "Date", date);
  if (comment)
    tb_game_set_comment (game, 1, comment);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  return id;
}

static guint
count (TbStore *store, TbStoreFilter filter)
{
  g_autoptr (GError) error = NULL;
  guint n = tb_store_count (store, &filter, &error);

  g_assert_no_error (error);
  return n;
}

static void
test_filters_and_sorting (Fixture *f, gconstpointer data)
{
  static const char *const short_game[] = { "c1-c3", NULL };
  static const char *const oraia_moves[] = { "P0-O0", NULL };
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GError) error = NULL;
  gint64 resigned;

  add_tagged (store, "versus-61", versus_moves, "Alice", "Bob", "2026.01.10", "a fine attraction");
  add_tagged (store, "versus-61", short_game, "Bob", "Carol", "2026.02.01", NULL);
  add_tagged (store, "oraia", oraia_moves, "Carol", "alice", "2026.03.15", "to the centre");
  resigned = add_tagged (store, "versus-61", short_game, "Dan", "Eve", "2025.12.31", NULL);
  {
    g_autoptr (TbGame) game = tb_store_load_game (store, resigned, &error);
    tb_game_finish (game, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RESIGNED);
    g_assert_true (tb_store_save_game (store, resigned, game, &error));
  }

  g_assert_cmpuint (count (store, (TbStoreFilter) { 0 }), ==, 4);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .ruleset = "versus-61" }), ==, 3);
  /* Either seat, any case. */
  g_assert_cmpuint (count (store, (TbStoreFilter) { .player = "ALICE" }), ==, 2);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .player = "bob" }), ==, 2);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .result = "1-0" }), ==, 1);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .result = "*" }), ==, 3);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .termination = "resigned" }), ==, 1);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .date_from = "2026.01.01",
                                                    .date_to = "2026.02.28" }), ==, 2);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .text = "attraction" }), ==, 1);
  /* Combined. */
  g_assert_cmpuint (count (store, (TbStoreFilter) { .ruleset = "versus-61", .player = "alice",
                                                    .date_from = "2026.01.01" }), ==, 1);
  g_assert_cmpuint (count (store, (TbStoreFilter) { .ruleset = "oraia", .player = "Bob" }), ==, 0);

  /* Sorted by length, longest first; then a page of the date order. */
  rows = tb_store_query (store, NULL, TB_STORE_SORT_LENGTH, TRUE, 0, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 4);
  g_assert_cmpuint (((TbStoreRow *) rows->pdata[0])->plies, ==, 5);
  g_assert_cmpuint (((TbStoreRow *) rows->pdata[3])->plies, ==, 1);
  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = tb_store_query (store, NULL, TB_STORE_SORT_DATE, FALSE, 1, 2, &error);
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpstr (((TbStoreRow *) rows->pdata[0])->date, ==, "2026.01.10");
  g_assert_cmpstr (((TbStoreRow *) rows->pdata[1])->player1, ==, "Bob");
  g_assert_cmpstr (((TbStoreRow *) rows->pdata[1])->player2, ==, "Carol");

  /* Deleting a game takes its annotations with it. */
  g_assert_true (tb_store_delete_game (store, resigned, &error));
  g_assert_cmpuint (count (store, (TbStoreFilter) { 0 }), ==, 3);
  g_assert_false (tb_store_delete_game (store, resigned, &error));
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND);
}

static void
assert_moved_aside (Fixture *f, const char *content, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *moved = NULL, *kept = NULL, *expected_prefix = NULL;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr (TbStore) store = NULL;
  gsize kept_length;

  /* Opened as it is: an error, and the file untouched. */
  store = tb_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, f->path));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (f->path, &kept, &kept_length, NULL));
  g_assert_cmpmem (kept, kept_length, content, length);
  g_clear_pointer (&kept, g_free);

  /* Recovering: moved aside under a dated name, a fresh database opened. */
  store = tb_store_open_recovering (f->path, &moved, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  expected_prefix = g_strdup_printf ("%s.broken-%s", f->path, day);
  g_assert_true (g_str_has_prefix (moved, expected_prefix));
  g_assert_true (g_file_get_contents (moved, &kept, &kept_length, NULL));
  g_assert_cmpmem (kept, kept_length, content, length);
  g_assert_cmpuint (tb_store_count_all (store), ==, 0);
}

static void
test_garbage_file (Fixture *f, gconstpointer data)
{
  static const char garbage[] = "This is not a database at all, just some words and \x01\x02\x03.";
  g_autoptr (GError) error = NULL;
  g_autofree char *second = NULL;
  g_autoptr (TbStore) store = NULL;

  g_assert_true (g_file_set_contents (f->path, garbage, sizeof garbage, NULL));
  assert_moved_aside (f, garbage, sizeof garbage);

  /* A second broken file the same day gets a name of its own. */
  g_assert_true (g_file_set_contents (f->path, garbage, sizeof garbage, NULL));
  store = tb_store_open_recovering (f->path, &second, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (second, "-2"));
}

static void
test_truncated_file (Fixture *f, gconstpointer data)
{
  g_autofree char *content = NULL;
  gsize length;

  {
    g_autoptr (TbStore) store = open_store (f);
    g_autoptr (GError) error = NULL;

    for (guint i = 0; i < 200; i++)
      {
        g_autoptr (TbGame) game = tt_annotated_random_game ("versus-61", NULL, i, 60);
        tb_store_add_game (store, game, &error);
        g_assert_no_error (error);
      }
  }
  /* Checkpointed into the main file (the store closed), then cut. */
  g_assert_true (g_file_get_contents (f->path, &content, &length, NULL));
  g_assert_cmpuint (length, >, 16384);
  length /= 2;
  g_assert_true (g_file_set_contents (f->path, content, (gssize) length, NULL));
  assert_moved_aside (f, content, length);
}

/* ---- an import beside other writers ---- */

static void play_on (TbGame *game, guint n, TbRandom *rng);

/* n short games of their own players, as one text. */
static char *
many_games (guint n)
{
  GString *text = g_string_new (NULL);
  TbRandom rng;

  tb_random_init (&rng, 23);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TbGame) game = tt_new_game (rulesets[i % G_N_ELEMENTS (rulesets)], NULL);
      g_autofree char *name = g_strdup_printf ("Player %u", i);

      tb_game_set_tag (game, "Player1", name);
      play_on (game, 6, &rng);
      if (i)
        g_string_append_c (text, '\n');
      tb_tgn_write_to (game, text);
    }
  return g_string_free (text, FALSE);
}

typedef struct
{
  const char *path;
  guint reports;
  guint seen;               /* games another connection saw at the last report */
  guint cancel_after;       /* reports, or 0 */
  GCancellable *cancellable;
} Watch;

/* Between two chunks nothing is held: another connection writes at once
 * (no waiting at all), and sees the games committed so far. */
static void
on_import_progress (gsize done, gsize total, gpointer data)
{
  Watch *watch = data;
  g_autofree char *seen = NULL;
  sqlite3 *db;

  if (done == total)
    return;
  g_assert_cmpint (sqlite3_open_v2 (watch->path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN IMMEDIATE; ROLLBACK", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (db);
  seen = raw_query (watch->path, "SELECT count(*) FROM games");
  g_assert_cmpuint ((guint) atoi (seen), >=, watch->seen);
  g_assert_cmpuint ((guint) atoi (seen), >, 0);
  watch->seen = (guint) atoi (seen);
  if (++watch->reports == watch->cancel_after)
    g_cancellable_cancel (watch->cancellable);
}

/* Issue 22, item 15: one import held the database for its whole length,
 * and a move played meanwhile failed after 2 s.  It now commits in chunks
 * (1,500 games at most), other writers getting in between; a cancel keeps
 * every game read before it, and says so in its counts. */
static void
test_import_commits_in_chunks (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *text = many_games (4600);
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Watch watch = { f->path, 0, 0, 2, cancellable };
  TbImportCounts counts;

  g_assert_false (tb_store_import_text (store, text, strlen (text), "many.tgn", &counts, NULL,
                                        on_import_progress, &watch, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpuint (watch.reports, ==, 2);
  g_assert_cmpuint (counts.imported, >=, watch.seen);
  g_assert_cmpuint (counts.imported, <, 4600);
  g_assert_cmpuint (tb_store_count_all (store), ==, counts.imported);

  /* The rest, in chunks, each seen by the other connection. */
  watch = (Watch) { f->path, 0, counts.imported, 0, NULL };
  g_assert_true (tb_store_import_text (store, text, strlen (text), "many.tgn", &counts, NULL,
                                       on_import_progress, &watch, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported + counts.skipped, ==, 4600);
  g_assert_cmpuint (watch.reports, >=, 1);
  g_assert_cmpuint (tb_store_count_all (store), ==, 4600);
}

typedef struct
{
  const char *path;
  gint stop;
  guint saves;
  gint64 longest;           /* microseconds */
  GError *error;
} Mover;

/* A player moving every 10 ms, each move saved on its own connection. */
static gpointer
keep_moving (gpointer data)
{
  Mover *mover = data;
  g_autoptr (TbStore) store = tb_store_open (mover->path, &mover->error);
  g_autoptr (TbGame) game = tt_new_game ("ra", NULL);
  gint64 id = store ? tb_store_add_game (store, game, &mover->error) : 0;
  TbRandom rng;

  tb_random_init (&rng, 31);
  while (id && !g_atomic_int_get (&mover->stop))
    {
      gint64 start = g_get_monotonic_time ();

      if (tb_game_is_over (game))
        break;
      tt_play_move (game, tt_random_move (game, &rng));
      if (!tb_store_save_game (store, id, game, &mover->error))
        break;
      mover->longest = MAX (mover->longest, g_get_monotonic_time () - start);
      mover->saves++;
      g_usleep (10 * 1000);
    }
  return NULL;
}

/* An import while a game is played on another connection: no move fails
 * to be saved (20,000 games with -m slow, 2,000 in the suite).  How long
 * the longest save waited is told, not judged (the benchmarks measure). */
static void
test_import_beside_a_game (Fixture *f, gconstpointer data)
{
  guint n = g_test_slow () ? 20000 : 2000;
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *text = many_games (n);
  g_autoptr (GError) error = NULL;
  Mover mover = { f->path, 0, 0, 0, NULL };
  TbImportCounts counts;
  GThread *thread;

  thread = g_thread_new ("mover", keep_moving, &mover);
  g_assert_true (tb_store_import_text (store, text, strlen (text), "many.tgn", &counts, NULL,
                                       NULL, NULL, NULL, &error));
  g_atomic_int_set (&mover.stop, 1);
  g_thread_join (thread);
  g_assert_no_error (error);
  g_assert_no_error (mover.error);
  g_assert_cmpuint (counts.imported, ==, n);
  g_assert_cmpuint (mover.saves, >, 0);
  g_test_message ("%u moves saved during the import, the longest in %.0f ms", mover.saves,
                  mover.longest / 1000.0);
}

/* ---- damaged records ---- */

/* Five games, their ids and their records as exported one by one, into
 * texts: six pointers, the last NULL (a GStrv, so that all are freed;
 * g_autofree on an array freed its first text only). */
static void
store_five_games (TbStore *store, gint64 ids[5], char *texts[5])
{
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr (TbGame) game = tt_annotated_random_game (rulesets[i], NULL, 90 + i, 24);
      g_autoptr (GError) error = NULL;

      tb_game_set_tag (game, "Player1", "Alice");
      ids[i] = tb_store_add_game (store, game, &error);
      g_assert_no_error (error);
      texts[i] = tb_tgn_write (game);
    }
}

/* Damage that SQLite's check cannot see (the text of a record changed
 * within its pages: a bit flipped on the disk, another program's write)
 * is found when the record is read: the game is "damaged", never read as
 * another game.  Each column of the record, and a record gone. */
static void
test_damaged_record_found (Fixture *f, gconstpointer data)
{
  static const char *const damage[] = {
    "UPDATE records SET header = replace (header, 'Alice', 'Alicf') WHERE game = %d",
    "UPDATE records SET line = line || ' ' WHERE game = %d",
    "UPDATE records SET variations = replace (variations, '{', '{ ') WHERE game = %d",
    "UPDATE records SET fingerprint = upper (fingerprint) WHERE game = %d",
    "UPDATE records SET game = game + 100 WHERE game = %d",
  };
  g_autoptr (TbStore) store = open_store (f);
  gint64 ids[5];
  g_auto (GStrv) texts = g_new0 (char *, 6);

  store_five_games (store, ids, texts);
  for (guint i = 0; i < G_N_ELEMENTS (damage); i++)
    {
      g_autofree char *sql = g_strdup_printf (damage[i], (int) ids[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = NULL;

      raw_exec (f->path, sql);
      game = tb_store_load_game (store, ids[i], &error);
      g_test_message ("%s", error ? error->message : "read");
      g_assert_null (game);
      g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
      g_assert_nonnull (strstr (error->message, "damaged"));
    }
}

/* The stored form of each column of a record (SQLite's typeof). */
static char *
record_types (const char *path, gint64 id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT typeof (fingerprint) || ' ' || typeof (line) "
                                          "|| ' ' || typeof (checksum) FROM records "
                                          "WHERE game = %" G_GINT64_FORMAT, id);

  return raw_query (path, sql);
}

/* Every row of positions and openings, their moves' stored type and value. */
#define POSITIONS_DUMP \
  "SELECT count (*) || ':' || group_concat (row, ';') FROM (SELECT key || ' ' || deep || ' ' " \
  "|| game || ' ' || ply || ' ' || typeof (move) || ' ' || move || ' ' || orient AS row " \
  "FROM positions ORDER BY key, deep, game, ply)"
#define OPENINGS_DUMP \
  "SELECT count (*) || ':' || group_concat (row, ';') FROM (SELECT key || ' ' " \
  "|| typeof (move) || ' ' || move || ' ' || orient || ' ' || games || ' ' || wins1 || ' ' " \
  "|| draws || ' ' || wins2 AS row FROM openings ORDER BY key, move, orient)"

/* An upgrade that leaves a quarter of the file free compacts it, and the
 * file gives back its free pages from then on, as a new one does: an
 * older file made without auto-vacuum gets it then. */
static void
test_compacted_upgrade_gives_back_pages (Fixture *f, gconstpointer data)
{
  g_autofree char *before = NULL, *vacuum = NULL, *free_pages = NULL;
  gint64 ids[5];
  g_auto (GStrv) texts = g_new0 (char *, 6);

  {
    g_autoptr (TbStore) store = open_store (f);

    store_five_games (store, ids, texts);
  }
  make_older (f->path, TB_STORE_SCHEMA_VERSION - 1);
  raw_exec (f->path, "PRAGMA auto_vacuum = NONE; VACUUM;"
                     "CREATE TABLE filler AS WITH RECURSIVE n (i) AS"
                     "  (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
                     "  SELECT randomblob (500) AS b FROM n;"
                     "DROP TABLE filler");
  before = raw_query (f->path, "PRAGMA auto_vacuum");
  g_assert_cmpstr (before, ==, "0");
  g_object_unref (open_store (f));
  vacuum = raw_query (f->path, "PRAGMA auto_vacuum");
  g_assert_cmpstr (vacuum, ==, "2");
  free_pages = raw_query (f->path, "PRAGMA freelist_count");
  g_assert_cmpstr (free_pages, ==, "0");
}

/* The indexes and triggers of a file, one per line, by name. */
#define INDEXES_AND_TRIGGERS                                                                  \
  "SELECT group_concat (name || ': ' || sql, char (10)) FROM (SELECT name, sql"             \
  "  FROM sqlite_schema WHERE type IN ('index', 'trigger') AND sql IS NOT NULL"            \
  "  ORDER BY name)"

/* A file brought up to date from any older version ends with the
 * indexes and triggers of a new one: the queries name indexes and count
 * on their columns (schema 16: what a sort's walk checks; 18: what a
 * player's index by date holds), so one left
 * as an older version made it would be slow, or wrong. */
static void
test_upgrades_end_with_the_new_schema (Fixture *f, gconstpointer data)
{
  g_autofree char *new_schema = NULL;

  g_object_unref (open_store (f));
  new_schema = raw_query (f->path, INDEXES_AND_TRIGGERS);
  g_assert_nonnull (strstr (new_schema, "games_by_date: CREATE INDEX games_by_date ON games "
                                        "(date, id, player1_id, player2_id, result, plies)"));
  g_assert_nonnull (strstr (new_schema, "games_by_player2_date: CREATE INDEX games_by_player2_date"
                                        " ON games (player2_id, date, id, player1_id, ruleset,"
                                        " result, plies)"));
  for (int version = TB_STORE_SCHEMA_VERSION - 1; version >= 3; version--)
    {
      g_autofree char *older = NULL, *upgraded = NULL;

      g_test_message ("from version %d", version);
      g_assert_cmpint (g_unlink (f->path), ==, 0);
      g_object_unref (open_store (f));
      make_older (f->path, version);
      older = raw_query (f->path, INDEXES_AND_TRIGGERS);
      g_assert_cmpstr (older, !=, new_schema);
      g_object_unref (open_store (f));
      upgraded = raw_query (f->path, INDEXES_AND_TRIGGERS);
      g_assert_cmpstr (upgraded, ==, new_schema);
    }
}

/* Schema 10 keeps a record's line as codes, its fingerprint as bytes and
 * its checksum as a number: the upgrade converts the records of schema
 * 9, which export byte for byte as before and read as the same games; a
 * record that no longer matched its checksum is left exactly as it was,
 * and is still found damaged.  The moves of positions and openings
 * become the codes a new database writes. */
static void
test_migration_to_compact_records (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  g_autofree char *damaged_before = NULL;
  g_autofree char *damaged_after = NULL;
  g_autofree char *positions_before = NULL;
  g_autofree char *positions_after = NULL;
  g_autofree char *openings_before = NULL;
  g_autofree char *openings_after = NULL;
  GString *exports[5] = { NULL };
  gint64 ids[5];
  g_auto (GStrv) texts = g_new0 (char *, 6);

  store_five_games (store, ids, texts);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *types = record_types (f->path, ids[i]);

      g_assert_cmpstr (types, ==, "blob blob integer");
      exports[i] = g_string_new (NULL);
      g_assert_true (tb_store_export_record (store, ids[i], exports[i], &error));
      g_assert_no_error (error);
    }
  positions_before = raw_query (f->path, POSITIONS_DUMP);
  openings_before = raw_query (f->path, OPENINGS_DUMP);
  g_clear_object (&store);
  make_older (f->path, 9);
  {
    g_autofree char *text_moves = raw_query (f->path, "SELECT count (*) FROM positions "
                                                      "WHERE typeof (move) <> 'text'");

    g_assert_cmpstr (text_moves, ==, "0");
  }
  raw_exec (f->path, "UPDATE records SET header = replace (header, 'Alice', 'Alicf') "
                     "WHERE game = 3");
  damaged_before = raw_query (f->path, "SELECT quote (fingerprint) || header || line || "
                                       "quote (checksum) FROM records WHERE game = 3");
  {
    g_autofree char *types = record_types (f->path, ids[0]);

    g_assert_cmpstr (types, ==, "text text text");
  }

  store = open_store (f);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *types = record_types (f->path, ids[i]);
      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (TbGame) game = tb_store_load_game (store, ids[i], &error);

      if (ids[i] == 3)
        {
          g_assert_cmpstr (types, ==, "text text text");
          g_assert_null (game);
          g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
          g_clear_error (&error);
          g_assert_false (tb_store_export_record (store, ids[i], out, &error));
          g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
          g_clear_error (&error);
          g_string_free (exports[i], TRUE);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpstr (types, ==, "blob blob integer");
      g_assert_true (tb_store_export_record (store, ids[i], out, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (out->str, ==, exports[i]->str);
      g_string_free (exports[i], TRUE);
      {
        g_autofree char *written = tb_tgn_write (game);

        g_assert_cmpstr (written, ==, texts[i]);
      }
    }
  damaged_after = raw_query (f->path, "SELECT quote (fingerprint) || header || line || "
                                      "quote (checksum) FROM records WHERE game = 3");
  g_assert_cmpstr (damaged_after, ==, damaged_before);
  /* The positions' and openings' moves as codes again, the same ones. */
  positions_after = raw_query (f->path, POSITIONS_DUMP);
  openings_after = raw_query (f->path, OPENINGS_DUMP);
  g_assert_cmpstr (positions_after, ==, positions_before);
  g_assert_cmpstr (openings_after, ==, openings_before);
}

/* An export writes every game that reads and names each one that does
 * not, in order; the games written are the games stored. */
static void
test_export_leaves_out_damaged_games (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) expected = g_string_new (NULL);
  gint64 ids[5];
  g_auto (GStrv) texts = g_new0 (char *, 6);

  store_five_games (store, ids, texts);
  raw_exec (f->path, "UPDATE records SET header = replace (header, 'Alice', 'Alicf') "
                     "WHERE game IN (2, 4)");
  g_assert_false (tb_store_export (store, ids, 5, out, problems, &error));
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_nonnull (strstr (((GError *) problems->pdata[0])->message, "game 2 is damaged"));
  g_assert_nonnull (strstr (((GError *) problems->pdata[1])->message, "game 4 is damaged"));
  g_string_append_printf (expected, "%s\n%s\n%s", texts[0], texts[2], texts[4]);
  g_assert_cmpstr (out->str, ==, expected->str);
}

typedef struct
{
  GMainLoop *loop;
  GError *error;
  gboolean done;
} JobWait;

static void
on_job_done (GObject *source, GAsyncResult *result, gpointer data)
{
  JobWait *wait = data;

  wait->done = tb_store_job_finish (result, &wait->error);
  g_main_loop_quit (wait->loop);
}

/* The application's export job does the same: the file holds the good
 * games, and the error names each damaged one on a line of its own. */
static void
test_export_job_leaves_out_damaged_games (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *path = g_build_filename (f->dir, "out.tgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autofree char *written = NULL, *expected = NULL;
  g_auto (GStrv) lines = NULL;
  JobWait wait = { loop, NULL, FALSE };
  gint64 stored[5];
  g_auto (GStrv) texts = g_new0 (char *, 6);

  store_five_games (store, stored, texts);
  g_array_append_vals (ids, stored, 5);
  raw_exec (f->path, "UPDATE records SET line = line || ' ' WHERE game = 3");
  tb_store_job_export (store, ids, file, NULL, on_job_done, &wait);
  g_main_loop_run (loop);
  g_assert_false (wait.done);
  g_assert_error (wait.error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
  lines = g_strsplit (wait.error->message, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_nonnull (strstr (lines[0], "1 of 5 games"));
  g_assert_nonnull (strstr (lines[1], "game 3 is damaged"));
  g_clear_error (&wait.error);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  expected = g_strdup_printf ("%s\n%s\n%s\n%s", texts[0], texts[1], texts[3], texts[4]);
  g_assert_cmpstr (written, ==, expected);
}

static void
on_game_saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;

  *(gint64 *) data = tb_store_job_save_game_finish (result, &error);
  g_assert_no_error (error);
}

/* What the application does as it quits: the database closed by a job,
 * after the jobs asked before it (a save), while the store itself is
 * still held (as a job's task holds it a moment after its callback):
 * the file is marked closed and its WAL is gone when the callback comes,
 * and a job asked afterwards fails, saying why, instead of reopening or
 * crashing. */
static void
test_closed_by_a_job (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autofree char *marker = g_strconcat (f->path, ".in-use", NULL);
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  g_autofree char *mark = NULL, *count = NULL;
  JobWait wait = { loop, NULL, FALSE };
  gint64 id = 0;

  g_assert_true (g_file_get_contents (marker, &mark, NULL, NULL));
  g_assert_cmpstr (mark, !=, "");
  g_clear_pointer (&mark, g_free);
  tb_store_job_save_game (store, 0, game, 5, NULL, on_game_saved, &id);
  tb_store_job_close (store, on_job_done, &wait);
  g_main_loop_run (loop);
  g_assert_no_error (wait.error);
  g_assert_true (wait.done);
  g_assert_cmpint (id, >, 0);
  g_assert_true (g_file_get_contents (marker, &mark, NULL, NULL));
  g_assert_cmpstr (mark, ==, "");
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  count = raw_query (f->path, "SELECT count(*) FROM games");
  g_assert_cmpstr (count, ==, "1");

  tb_store_job_wait (store, NULL, on_job_done, &wait);
  g_main_loop_run (loop);
  g_assert_false (wait.done);
  g_assert_error (wait.error, TB_STORE_ERROR, TB_STORE_ERROR_CLOSED);
  g_assert_nonnull (strstr (wait.error->message, f->path));
  g_clear_error (&wait.error);
}

typedef struct
{
  TbStore *store;
  GMainLoop *loop;
  JobWait closed;
  TbImportReport *report;
  gboolean report_came_first;
} ClosingImport;

/* At the import's first progress report, the database is closed. */
static void
close_at_first_progress (double fraction, gpointer data)
{
  ClosingImport *closing = data;

  if (closing->closed.loop)
    return;
  closing->closed.loop = closing->loop;
  tb_store_job_close (closing->store, on_job_done, &closing->closed);
}

static void
on_import_stopped (GObject *source, GAsyncResult *result, gpointer data)
{
  ClosingImport *closing = data;
  g_autoptr (GError) error = NULL;

  closing->report = tb_store_job_import_finish (result, &error);
  g_assert_no_error (error);
  closing->report_came_first = !closing->closed.done;
}

/* Closing the database (the application quitting) while an import of
 * 9,000 games (six chunks: the close, asked for on the main loop at the
 * first report, comes while the thread goes on) runs on its own
 * connection: the import is cancelled, keeps
 * and reports what it committed, and calls back before the close does;
 * the file is then marked closed with no WAL left. */
static void
test_close_stops_an_import (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *text = many_games (9000);
  g_autofree char *path = g_build_filename (f->dir, "many.tgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autofree char *marker = g_strconcat (f->path, ".in-use", NULL);
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  g_autofree char *mark = NULL, *count = NULL, *expected = NULL;
  ClosingImport closing = { store, loop, { NULL, NULL, FALSE }, NULL, FALSE };

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  tb_store_job_import (store, &file, 1, close_at_first_progress, &closing, NULL,
                       on_import_stopped, &closing);
  g_main_loop_run (loop);
  g_assert_no_error (closing.closed.error);
  g_assert_true (closing.closed.done);
  g_assert_nonnull (closing.report);
  g_assert_true (closing.report_came_first);
  g_assert_true (closing.report->cancelled);
  g_assert_cmpuint (closing.report->counts.imported, <, 9000);
  count = raw_query (f->path, "SELECT count(*) FROM games");
  expected = g_strdup_printf ("%u", closing.report->counts.imported);
  g_assert_cmpstr (count, ==, expected);
  g_assert_true (g_file_get_contents (marker, &mark, NULL, NULL));
  g_assert_cmpstr (mark, ==, "");
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  tb_import_report_free (closing.report);
}

/* Two connections, as the window and an import thread have: each sees
 * what the other committed (no statement of either is left holding an
 * old snapshot). */
static void
test_two_connections (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) window = open_store (f);
  g_autoptr (TbStore) importer = open_store (f);
  g_autoptr (TbGame) a = game_with ("versus-61", versus_moves);
  g_autoptr (TbGame) b = game_with ("ra", NULL);
  g_autoptr (GError) error = NULL;

  tb_store_add_game (window, a, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_store_count_all (importer), ==, 1);
  tb_store_add_game (importer, b, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_store_count_all (window), ==, 2);
  g_assert_cmpuint (tb_store_count (window, &(TbStoreFilter) { .ruleset = "ra" }, &error), ==, 1);
}

/* ---- records: a game read at once, written later ---- */

/* Game id's rows as one text (the times of writes aside). */
static char *
stored_rows (const char *path, gint64 id)
{
  g_autofree char *sql = g_strdup_printf (
    "SELECT game_uuid || '|' || ruleset || '|' || date || '|' || player1 || '|' || player2 "
    "|| '|' || result || '|' || termination || '|' || ifnull (score, '-') || '|' || plies "
    "|| '|' || current_ply || '|' || ifnull (match_id, '-') || '|' || rated || '|' "
    "|| correspondence || '|' || fingerprint || '|' || header || '|' || line || '|' "
    "|| ifnull (variations, '-') || '|' || (SELECT ifnull (group_concat (ply || ':' "
    "|| ifnull (comment, '-') || ':' || ifnull (nags, '-'), ';'), '') FROM annotations "
    "WHERE game = games.id) FROM games JOIN records ON records.game = games.id "
    "WHERE id = %" G_GINT64_FORMAT, id);

  return raw_query (path, sql);
}

/* Plays n random moves on game from where it stands. */
static void
play_on (TbGame *game, guint n, TbRandom *rng)
{
  for (guint i = 0; i < n && !tb_game_is_over (game); i++)
    tt_play_move (game, tt_random_move (game, rng));
}

/* A record is the game as it was when made: the game goes on (more
 * moves, a comment, another name) and the record saved or added later
 * is still the game then. */
static void
test_record_is_a_snapshot (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);
  g_autoptr (TbStoreRecord) record = NULL;
  g_autoptr (TbGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *then = NULL, *now = NULL;
  TbRandom rng;
  gint64 id, added;

  tb_random_init (&rng, 5);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  tb_game_undo (game);
  record = tb_store_record_new (game, -1);
  then = tb_tgn_write (game);

  tb_game_redo (game);
  play_on (game, 6, &rng);
  tb_game_set_comment (game, 2, "Too late for the record");
  tb_game_set_tag (game, "Player1", "Bob");
  g_assert_true (tb_store_save_record (store, id, record, &error));
  g_assert_no_error (error);
  back = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_game_get_n_plies (back), ==, 5);
  g_assert_cmpuint (tb_game_get_ply (back), ==, 4);
  g_assert_null (tb_game_get_comment (back, 2));
  now = tb_tgn_write (back);
  g_assert_cmpstr (now, ==, then);
  g_clear_object (&back);
  g_clear_pointer (&now, g_free);

  /* Added, for a game without a GameId: the stored game is given one,
   * and the game is left alone. */
  tb_game_remove_tag (game, "GameId");
  tb_store_record_free (record);
  record = tb_store_record_new (game, -1);
  g_clear_pointer (&then, g_free);
  then = tb_tgn_write (game);
  play_on (game, 3, &rng);
  added = tb_store_add_record (store, record, &error);
  g_assert_no_error (error);
  g_assert_cmpint (added, >, id);
  g_assert_null (tb_game_get_tag (game, "GameId"));
  back = tb_store_load_game (store, added, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tb_game_get_tag (back, "GameId"));
  tb_game_remove_tag (back, "GameId");
  now = tb_tgn_write (back);
  g_assert_cmpstr (now, ==, then);
}

/* What a record writes is what the game functions write: the same rows,
 * added, and saved standing at another ply. */
static void
test_record_writes_as_the_game_functions (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) by_game = open_store (f);
  g_autofree char *other_path = g_build_filename (f->dir, "by-record.db", NULL);
  g_autoptr (TbStore) by_record = tb_store_open (other_path, NULL);
  g_autoptr (GError) error = NULL;
  TbRandom rng;

  tb_random_init (&rng, 11);
  for (guint i = 0; i < 10; i++)
    {
      g_autoptr (TbGame) game = tt_annotated_random_game (rulesets[i % G_N_ELEMENTS (rulesets)],
                                                          NULL, 300 + i, 10 + 9 * i);
      g_autoptr (TbStoreRecord) record = NULL;
      g_autofree char *uuid = g_uuid_string_random ();
      g_autofree char *rows_by_game = NULL, *rows_by_record = NULL;
      g_autoptr (TbGame) back = NULL;
      g_autofree char *text_by_game = NULL, *text_by_record = NULL;
      gint64 a, b;

      tb_game_set_tag (game, "GameId", uuid);
      if (i % 3 == 0)
        tb_game_set_tag (game, "Match", "m1");
      a = tb_store_add_game (by_game, game, &error);
      g_assert_no_error (error);
      record = tb_store_record_new (game, -1);
      b = tb_store_add_record (by_record, record, &error);
      g_assert_no_error (error);
      rows_by_game = stored_rows (f->path, a);
      rows_by_record = stored_rows (other_path, b);
      g_assert_nonnull (rows_by_game);
      g_assert_cmpstr (rows_by_record, ==, rows_by_game);

      /* Moves played where it stands (at its start: a variation), and
       * saved as standing two plies back. */
      play_on (game, 4, &rng);
      g_assert_true (tb_store_save_game_at (by_game, a, game, (int) tb_game_get_ply (game) - 2,
                                            &error));
      g_assert_no_error (error);
      tb_store_record_free (g_steal_pointer (&record));
      record = tb_store_record_new (game, (int) tb_game_get_ply (game) - 2);
      g_assert_true (tb_store_save_record (by_record, b, record, &error));
      g_assert_no_error (error);
      g_clear_pointer (&rows_by_game, g_free);
      g_clear_pointer (&rows_by_record, g_free);
      rows_by_game = stored_rows (f->path, a);
      rows_by_record = stored_rows (other_path, b);
      g_assert_cmpstr (rows_by_record, ==, rows_by_game);

      back = tb_store_load_game (by_record, b, &error);
      g_assert_no_error (error);
      text_by_record = tb_tgn_write (back);
      g_clear_object (&back);
      back = tb_store_load_game (by_game, a, &error);
      g_assert_no_error (error);
      text_by_game = tb_tgn_write (back);
      g_assert_cmpstr (text_by_record, ==, text_by_game);
      g_assert_cmpuint (tb_game_get_ply (back), ==, tb_game_get_ply (game) - 2);
    }
}

typedef struct
{
  TbStore *store;
  gint64 id;
  TbStoreRecord *record;
  GError *error;
} SaveJob;

/* The store's worker, as the application will have it: it writes the
 * record, and frees it. */
static gpointer
save_on_worker (gpointer data)
{
  SaveJob *job = data;
  gboolean saved = tb_store_save_record (job->store, job->id, job->record, &job->error);

  g_clear_pointer (&job->record, tb_store_record_free);
  return GINT_TO_POINTER (saved);
}

/* A record made on one thread is saved and freed on another, while the
 * first goes on playing the game. */
static void
test_record_saved_on_another_thread (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = tt_annotated_random_game ("ra", NULL, 77, 30);
  g_autoptr (TbGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *then = NULL, *now = NULL;
  SaveJob job = { store, 0, NULL, NULL };
  GThread *worker;
  TbRandom rng;

  tb_random_init (&rng, 3);
  job.id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  play_on (game, 5, &rng);
  job.record = tb_store_record_new (game, -1);
  then = tb_tgn_write (game);
  worker = g_thread_new ("store-worker", save_on_worker, &job);
  play_on (game, 20, &rng);
  tb_game_set_comment (game, tb_game_get_ply (game), "Played while the worker saves");
  g_assert_true (GPOINTER_TO_INT (g_thread_join (worker)));
  g_assert_no_error (job.error);
  g_assert_null (job.record);

  back = tb_store_load_game (store, job.id, &error);
  g_assert_no_error (error);
  now = tb_tgn_write (back);
  g_assert_cmpstr (now, ==, then);
}

/* ---- a writer killed while saving ---- */

#define SAVES 1000

/* The child: plays random games, saving after every move, and writes
 * "id ply token" on fd once each save is committed. */
static void G_GNUC_NORETURN
keep_saving (const char *path, int fd, guint64 seed)
{
  g_autoptr (TbStore) store = tb_store_open (path, NULL);
  TbGame *game = NULL;
  gint64 id = 0;
  TbRandom rng;

  if (store == NULL)
    _exit (3);
  /* A forked child repeats its parent's random numbers: new GameIds. */
  g_random_set_seed ((guint32) getpid ());
  tb_random_init (&rng, seed);
  for (guint i = 0; i < SAVES; i++)
    {
      g_autofree char *token = NULL;
      char line[128];
      int n;

      if (game == NULL || tb_game_is_over (game))
        {
          g_autoptr (GError) error = NULL;

          g_clear_object (&game);
          game = tt_new_game (rulesets[tb_random_below (&rng, G_N_ELEMENTS (rulesets))], NULL);
          if ((id = tb_store_add_game (store, game, &error)) == 0)
            {
              g_printerr ("child: %s\n", error->message);
              _exit (4);
            }
        }
      tt_play_move (game, tt_random_move (game, &rng));
      if (!tb_store_save_game (store, id, game, NULL))
        _exit (5);
      token = tb_game_get_move_text (game, tb_game_get_ply (game));
      n = g_snprintf (line, sizeof line, "%" G_GINT64_FORMAT " %u %s\n", id,
                      tb_game_get_ply (game), token);
      if (write (fd, line, (size_t) n) != n)
        _exit (6);
    }
  _exit (0);
}

/* What the child said it saved: every move it was told was committed is
 * in the database, at its ply. */
static void
check_acknowledged (Fixture *f, const char *acknowledged)
{
  g_auto (GStrv) lines = g_strsplit (acknowledged, "\n", -1);
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = NULL;
  gint64 loaded = 0;

  for (guint i = 0; lines[i] && *lines[i]; i++)
    {
      gint64 id;
      guint ply;
      char token[64];
      g_autofree char *stored = NULL;

      g_assert_cmpint (sscanf (lines[i], "%" G_GINT64_FORMAT " %u %63s", &id, &ply, token), ==, 3);
      if (id != loaded)
        {
          g_autoptr (GError) error = NULL;

          g_clear_object (&game);
          game = tb_store_load_game (store, id, &error);
          g_assert_no_error (error);
          loaded = id;
        }
      g_assert_cmpuint (tb_game_get_n_plies (game), >=, ply);
      stored = tb_game_get_move_text (game, ply);
      g_assert_cmpstr (stored, ==, token);
    }
}

/* Killed at a moment of its own each round, mid-save as often as not:
 * the database stays sound and keeps every committed move.  The issue's
 * thousand kills with -m slow (test-store -m slow -p
 * /store/killed-writer, see the README); the suite kills it 25 times. */
static void
test_killed_writer (Fixture *f, gconstpointer data)
{
  guint rounds = g_test_slow () ? 1000 : 25;
  guint killed = 0;
  TbRandom rng;

  tb_random_init (&rng, 17);
  for (guint round = 0; round < rounds; round++)
    {
      int fds[2], wstatus = 0;
      pid_t child;
      g_autoptr (GString) acknowledged = g_string_new (NULL);
      char buffer[4096];
      ssize_t n;
      g_autofree char *check = NULL;

      g_assert_cmpint (pipe (fds), ==, 0);
      child = fork ();
      g_assert_cmpint (child, >=, 0);
      if (child == 0)
        {
          close (fds[0]);
          keep_saving (f->path, fds[1], round + 1);
        }
      close (fds[1]);
      g_usleep ((2 + tb_random_below (&rng, 120)) * 1000);
      kill (child, SIGKILL);
      waitpid (child, &wstatus, 0);
      /* Killed, or done with its saves: never failed. */
      g_assert_true (WIFSIGNALED (wstatus) || (WIFEXITED (wstatus) && WEXITSTATUS (wstatus) == 0));
      killed += WIFSIGNALED (wstatus);
      while ((n = read (fds[0], buffer, sizeof buffer)) > 0)
        g_string_append_len (acknowledged, buffer, n);
      close (fds[0]);

      check = raw_query (f->path, "PRAGMA integrity_check");
      g_assert_cmpstr (check, ==, "ok");
      check_acknowledged (f, acknowledged->str);
    }
  g_test_message ("%u rounds, %u killed while saving", rounds, killed);
  g_assert_cmpuint (killed, >, rounds / 2);
}

/* Schema 6 (issue 24): a database of schema 5 is found by the new
 * searches once upgraded: its players' folded names and its comments'
 * index are made from what it holds; deleting a game takes its comments
 * out of the index, and a comment changed is found by its new words. */
static void
test_upgrade_to_search (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);
  g_autoptr (TbGame) other = game_with ("versus-61", versus_moves);
  g_autoptr (GError) error = NULL;
  gint64 id, other_id;

  tb_game_set_tag (game, "Player1", "Élodie Martin");
  tb_game_set_comment (game, 1, "Un coup DÉCISIF");
  tb_game_set_tag (other, "Player2", "Straße");
  tb_game_set_comment (other, 2, "décisif aussi");
  id = tb_store_add_game (store, game, &error);
  other_id = tb_store_add_game (store, other, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  make_older (f->path, 5);

  store = open_store (f);
  g_assert_cmpuint (tb_store_count (store, &(TbStoreFilter) { .player = "elodie" }, &error), ==, 1);
  g_assert_cmpuint (tb_store_count (store, &(TbStoreFilter) { .player = "STRASSE" }, &error), ==,
                    1);
  g_assert_cmpuint (tb_store_count (store, &(TbStoreFilter) { .text = "décisif" }, &error), ==, 2);
  g_assert_no_error (error);

  /* The index follows the comments. */
  g_assert_true (tb_store_delete_game (store, other_id, &error));
  g_assert_cmpuint (tb_store_count (store, &(TbStoreFilter) { .text = "décisif" }, &error), ==, 1);
  tb_game_set_comment (game, 1, "une finesse");
  g_assert_true (tb_store_save_game (store, id, game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tb_store_count (store, &(TbStoreFilter) { .text = "décisif" }, &error), ==, 0);
  g_assert_cmpuint (tb_store_count (store, &(TbStoreFilter) { .text = "FINESSE" }, &error), ==, 1);
  g_assert_no_error (error);
}

/* A comment's text or a tag searched again finds what was written since,
 * by this connection or another: the games they name are kept between
 * the search's statements (tb-store-hits.c) only while the file is
 * unchanged, and the players' search beside them still finds its own. */
static void
test_text_search_follows_writes (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbStore) other = open_store (f);
  g_autoptr (TbGame) game = game_with ("versus-61", versus_moves);
  g_autoptr (GError) error = NULL;
  TbStoreFilter filter = { .text = "ouverture" };
  TbStoreFilter short_text = { .text = "ou" };
  TbStoreFilter both = { .text = "ouverture", .player = "Mila" };
  TbStoreFilter tag = { .tag = "besancon" };
  TbStoreFilter tag_and_text = { .tag = "besancon", .text = "ouverture" };

  tb_game_set_comment (game, 1, "une ouverture rare");
  tb_game_set_tag (game, "Site", "Besançon");
  tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tb_store_count (store, &filter, &error), ==, 1);
  g_assert_cmpint (tb_store_count (store, &short_text, &error), ==, 1);
  g_assert_cmpint (tb_store_count (store, &filter, &error), ==, 1);
  g_assert_cmpint (tb_store_count (store, &tag, &error), ==, 1);

  /* Another connection adds one, of another event. */
  tb_game_set_tag (game, "GameId", "another");
  tb_game_set_tag (game, "Player1", "Mila Roux");
  tb_game_set_tag (game, "Event", "Open de Besançon");
  tb_game_set_tag (game, "Site", "Dole");
  tb_store_add_game (other, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tb_store_count (store, &filter, &error), ==, 2);
  g_assert_cmpint (tb_store_count (store, &both, &error), ==, 1);
  g_assert_cmpint (tb_store_count (store, &tag, &error), ==, 2);
  g_assert_cmpint (tb_store_count (store, &tag_and_text, &error), ==, 2);
  g_assert_no_error (error);

  /* This one deletes the first: the next page does not show it. */
  {
    g_autoptr (GPtrArray) rows = tb_store_query (store, &filter, TB_STORE_SORT_DATE, FALSE, 0,
                                                 10, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (rows->len, ==, 2);
    g_assert_true (tb_store_delete_game (store, ((TbStoreRow *) rows->pdata[0])->id, &error));
  }
  {
    g_autoptr (GPtrArray) rows = tb_store_query (store, &filter, TB_STORE_SORT_PLAYERS, TRUE, 0,
                                                 10, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (rows->len, ==, 1);
  }
  g_assert_cmpint (tb_store_count (other, &filter, &error), ==, 1);
  g_assert_cmpint (tb_store_count (store, &tag, &error), ==, 1);
  g_assert_cmpint (tb_store_count (other, &tag, &error), ==, 1);
  g_assert_cmpint (tb_store_count (store, &(TbStoreFilter) { .player = "mila" }, &error), ==, 1);
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store/evaluations-survive-reopening", test_evaluations_survive_reopening);
  ADD ("/store/text-search-follows-writes", test_text_search_follows_writes);
  ADD ("/store/new-database", test_new_database);
  ADD ("/store/statistics-kept-between-closes", test_statistics_kept_between_closes);
  ADD ("/store/migrations", test_migrations);
  ADD ("/store/negative-schema-version", test_negative_schema_version);
  g_test_add ("/store/migration-from-version-1", Fixture, "schema-v1.sql", fixture_set_up,
              test_migration_keeps_games, fixture_tear_down);
  g_test_add ("/store/migration-from-version-2", Fixture, "schema-v2.sql", fixture_set_up,
              test_migration_keeps_games, fixture_tear_down);
  g_test_add ("/store/migration-from-version-3", Fixture, "schema-v3.sql", fixture_set_up,
              test_migration_keeps_games, fixture_tear_down);
  g_test_add ("/store/migration-from-version-4", Fixture, "schema-v4.sql", fixture_set_up,
              test_migration_keeps_games, fixture_tear_down);
  ADD ("/store/migration-lifts-the-move-limit", test_migration_lifts_the_move_limit);
  ADD ("/store/migration-to-compact-records", test_migration_to_compact_records);
  ADD ("/store/upgrades-end-with-the-new-schema", test_upgrades_end_with_the_new_schema);
  ADD ("/store/compacted-upgrade-gives-back-pages", test_compacted_upgrade_gives_back_pages);
  ADD ("/store/save-and-resume", test_save_and_resume);
  ADD ("/store/options-and-setup", test_options_and_setup);
  ADD ("/store/round-trip-1000", test_round_trip_1000);
  ADD ("/store/analysis-board-round-trip", test_analysis_board_round_trip);
  ADD ("/store/export-writes-what-the-game-writes", test_export_writes_what_the_game_writes);
  ADD ("/store/export-in-blocks", test_export_in_blocks);
  ADD ("/store/duplicates", test_duplicates);
  ADD ("/store/import-errors", test_import_errors);
  ADD ("/store/new-moves-keep-the-notes", test_new_moves_keep_the_notes);
  ADD ("/store/annotated-copy-merged", test_annotated_copy_merged);
  ADD ("/store/filters-and-sorting", test_filters_and_sorting);
  ADD ("/store/garbage-file", test_garbage_file);
  ADD ("/store/truncated-file", test_truncated_file);
  ADD ("/store/two-connections", test_two_connections);
  ADD ("/store/closed-by-a-job", test_closed_by_a_job);
  ADD ("/store/close-stops-an-import", test_close_stops_an_import);
  ADD ("/store/import-commits-in-chunks", test_import_commits_in_chunks);
  ADD ("/store/import-beside-a-game", test_import_beside_a_game);
  ADD ("/store/damaged-record-found", test_damaged_record_found);
  ADD ("/store/export-leaves-out-damaged-games", test_export_leaves_out_damaged_games);
  ADD ("/store/export-job-leaves-out-damaged-games", test_export_job_leaves_out_damaged_games);
  ADD ("/store/record-is-a-snapshot", test_record_is_a_snapshot);
  ADD ("/store/record-writes-as-the-game-functions", test_record_writes_as_the_game_functions);
  ADD ("/store/record-saved-on-another-thread", test_record_saved_on_another_thread);
  ADD ("/store/killed-writer", test_killed_writer);
  ADD ("/store/upgrade-to-search", test_upgrade_to_search);
  return g_test_run ();
}
