/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-test-store.c: a database of the tests' own, and SQL around the store. */
#include "tb-move-code.h"
#include "tb-store-job.h"
#include "tb-store-private.h"
#include "tb-test-store.h"

#include <glib/gstdio.h>
#include <grp.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("tablier-store-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "games.db", NULL);
}

void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  tt_remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

TbStore *
open_store (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  TbStore *store = tb_store_open (f->path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
  return store;
}

char *
raw_query (const char *path, const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *stmt;
  char *value = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return value;
}

void
raw_exec (const char *path, const char *sql)
{
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL),
                   ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}


void
load_fixture (const char *path, const char *name)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "store-fixtures", name, NULL);
  g_autofree char *sql = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (file, &sql, NULL, &error);
  g_assert_no_error (error);
  raw_exec (path, sql);
}

/* What schema 8 added: the tags' tables, and their part of the trigger
 * (the trigger of schema 7 is the same, less that line). */
static void
make_schema_7 (const char *path)
{
  g_autofree char *trigger = raw_query (path, "SELECT sql FROM sqlite_schema "
                                              "WHERE name = 'games_deleted'");
  g_autoptr (GString) older = g_string_new (trigger);
  g_autofree char *sql = NULL;

  g_assert_cmpuint (g_string_replace (older, "DELETE FROM game_tags WHERE game = old.id;", "", 0),
                    ==, 1);
  sql = g_strconcat ("DROP TABLE game_tags; DROP TABLE tag_values; DROP TRIGGER games_deleted;",
                     older->str, "; PRAGMA user_version = 7", NULL);
  raw_exec (path, sql);
}

/* tt_line_text (line): a stored line's text (tb-move-code.h). */
static void
sql_line_text (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  g_autoptr (GString) text = g_string_new (NULL);

  if (sqlite3_value_type (argv[0]) != SQLITE_BLOB)
    sqlite3_result_value (context, argv[0]);
  else if (tb_move_code_decode_line (sqlite3_value_blob (argv[0]),
                                     (gsize) sqlite3_value_bytes (argv[0]), text))
    sqlite3_result_text (context, text->str, (int) text->len, SQLITE_TRANSIENT);
  else
    sqlite3_result_error (context, "not a line", -1);
}

/* tt_move_text (ruleset, move, none): a stored move's token, none for 0
 * (schema 11's codes, tb-move-code.h). */
static void
sql_move_text (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  g_autoptr (GString) token = g_string_new (NULL);
  gint64 code = sqlite3_value_int64 (argv[1]);

  if (sqlite3_value_type (argv[1]) != SQLITE_INTEGER)
    sqlite3_result_value (context, argv[1]);
  else if (code == 0)
    sqlite3_result_value (context, argv[2]);
  else if (tb_move_code_decode (tb_move_code_ruleset ((const char *) sqlite3_value_text (argv[0])),
                                (guint64) code, token))
    sqlite3_result_text (context, token->str, (int) token->len, SQLITE_TRANSIENT);
  else
    sqlite3_result_error (context, "not a move", -1);
}

/* What schema 11 changed: the records' lines, fingerprints and checksums
 * as text again (each worked out as schema 10 did), in a table of
 * schema 10's; the moves of positions and openings as text; positions'
 * index by game, and the trigger that used it. */
static void
make_schema_10 (const char *path)
{
  g_autofree char *sql = g_strconcat (
    "CREATE TABLE records_v9 ("
    "  game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
    "  fingerprint TEXT NOT NULL, header TEXT NOT NULL, line TEXT NOT NULL,"
    "  variations TEXT, checksum TEXT);"
    "INSERT INTO records_v9 (game, fingerprint, header, line, variations)"
    "  SELECT game, tb_fingerprint (header, tt_line_text (line)), header,"
    "    tt_line_text (line), variations FROM records;"
    "UPDATE records_v9 SET checksum = tb_checksum (game, fingerprint, header, line, variations);"
    "DROP TRIGGER games_deleted; DROP TRIGGER positions_game_deleted; DROP TABLE records;"
    "ALTER TABLE records_v9 RENAME TO records;"
    "CREATE TABLE positions_v9 (key INTEGER NOT NULL, deep INTEGER NOT NULL,"
    "  game INTEGER NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL,"
    "  orient INTEGER NOT NULL, PRIMARY KEY (key, deep, game, ply)) WITHOUT ROWID;"
    "INSERT INTO positions_v9 SELECT p.key, p.deep, p.game, p.ply,"
    "  tt_move_text (g.ruleset, p.move, ''), p.orient"
    "  FROM positions AS p JOIN games AS g ON g.id = p.game;"
    "CREATE TABLE positions_pending_v9 (game INTEGER NOT NULL, ply INTEGER NOT NULL,"
    "  key INTEGER NOT NULL, move TEXT NOT NULL, orient INTEGER NOT NULL,"
    "  PRIMARY KEY (game, ply)) WITHOUT ROWID;"
    "INSERT INTO positions_pending_v9 SELECT p.game, p.ply, p.key,"
    "  tt_move_text (g.ruleset, p.move, ''), p.orient"
    "  FROM positions_pending AS p JOIN games AS g ON g.id = p.game;"
    "CREATE TABLE openings_v9 (key INTEGER NOT NULL, move TEXT NOT NULL,"
    "  orient INTEGER NOT NULL, games INTEGER NOT NULL, wins1 INTEGER NOT NULL,"
    "  draws INTEGER NOT NULL, wins2 INTEGER NOT NULL,"
    "  PRIMARY KEY (key, move, orient)) WITHOUT ROWID;"
    "INSERT INTO openings_v9 SELECT o.key, tt_move_text ((SELECT g.ruleset FROM positions AS p"
    "  JOIN games AS g ON g.id = p.game WHERE p.key = o.key LIMIT 1), o.move, '*'),"
    "  o.orient, o.games, o.wins1, o.draws, o.wins2 FROM openings AS o;"
    "DROP TABLE positions; ALTER TABLE positions_v9 RENAME TO positions;"
    "DROP TABLE positions_pending;"
    "ALTER TABLE positions_pending_v9 RENAME TO positions_pending;"
    "DROP TABLE openings; ALTER TABLE openings_v9 RENAME TO openings;"
    "CREATE INDEX records_by_fingerprint ON records (fingerprint);"
    "CREATE INDEX positions_by_game ON positions (game);"
    "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN"
    "  DELETE FROM records WHERE game = old.id;"
    "  DELETE FROM annotations WHERE game = old.id;"
    "  DELETE FROM game_tags WHERE game = old.id;"
    "  UPDATE games SET origin_id = NULL WHERE origin_id = old.id;"
    "  " UNCOUNT_POSITIONS ("old.id", "old.result")
    "  " DROP_EMPTY_OPENINGS ("old.id")
    "  " DELETE_POSITIONS ("old.id")
    " END;"
    "PRAGMA user_version = 10", NULL);
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  tb_store_add_functions (db);
  sqlite3_create_function (db, "tt_line_text", 1, SQLITE_UTF8, NULL, sql_line_text, NULL, NULL);
  sqlite3_create_function (db, "tt_move_text", 3, SQLITE_UTF8, NULL, sql_move_text, NULL, NULL);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

void
make_older (const char *path, int version)
{
  g_autofree char *sql = NULL;

  g_assert_cmpint (version, >=, 3);
  g_assert_cmpint (version, <, TB_STORE_SCHEMA_VERSION);
  /* What schema 18 changed: the players' indexes by date held the date
   * alone after the player. */
  raw_exec (path, "DROP INDEX games_by_player1_date;"
                  "CREATE INDEX games_by_player1_date ON games (player1_id, date);"
                  "DROP INDEX games_by_player2_date;"
                  "CREATE INDEX games_by_player2_date ON games (player2_id, date);"
                  "PRAGMA user_version = 17");
  if (version == 17)
    return;
  /* What schema 17 changed: a part of a date not known was kept as
   * question marks. */
  raw_exec (path, "UPDATE games SET date ="
                  "  iif (substr (date, 1, 4) = '0000', '?\?\?\?', substr (date, 1, 4)) || '.' ||"
                  "  iif (substr (date, 6, 2) = '00', '?\?', substr (date, 6, 2)) || '.' ||"
                  "  iif (substr (date, 9, 2) = '00', '?\?', substr (date, 9, 2))"
                  "  WHERE date LIKE '____.__.__' AND date GLOB '*00*';"
                  "PRAGMA user_version = 16");
  if (version == 16)
    return;
  /* What schema 16 changed: the sorts' indexes held the sort alone. */
  raw_exec (path, "DROP INDEX games_by_date; CREATE INDEX games_by_date ON games (date, id);"
                  "DROP INDEX games_by_ruleset;"
                  "CREATE INDEX games_by_ruleset ON games (ruleset, date);"
                  "DROP INDEX games_by_player1;"
                  "CREATE INDEX games_by_player1 ON games (player1, player2);"
                  "DROP INDEX games_by_result; CREATE INDEX games_by_result ON games (result, date);"
                  "DROP INDEX games_by_termination;"
                  "CREATE INDEX games_by_termination ON games (termination, date);"
                  "DROP INDEX games_by_length; CREATE INDEX games_by_length ON games (plies);"
                  "DROP INDEX games_by_ruleset_length;"
                  "CREATE INDEX games_by_ruleset_length ON games (ruleset, plies);"
                  "DROP INDEX games_by_result_length;"
                  "CREATE INDEX games_by_result_length ON games (result, plies);"
                  "PRAGMA user_version = 15");
  if (version == 15)
    return;
  /* What schema 15 added: the games of each tag value. */
  raw_exec (path, "DROP TRIGGER tag_counted; DROP TRIGGER tag_uncounted;"
                  "DROP TRIGGER tag_recounted; ALTER TABLE tag_values DROP COLUMN games;"
                  "PRAGMA user_version = 14");
  if (version == 14)
    return;
  /* What schema 14 added: the players' indexes by date. */
  raw_exec (path, "DROP INDEX games_by_player1_date; DROP INDEX games_by_player2_date;"
                  "DROP INDEX players_by_key;"
                  "CREATE INDEX games_by_player2_id ON games (player2_id);"
                  "PRAGMA user_version = 13");
  if (version == 13)
    return;
  /* What schema 13 changed: every position of the first plies counted
   * ahead. */
  raw_exec (path, "DELETE FROM openings;"
                  "INSERT INTO openings (key, move, orient, games, wins1, draws, wins2)"
                  "  SELECT d.key, d.move, d.orient, count (*), sum (g.result = '1-0'),"
                  "    sum (g.result = '1/2-1/2'), sum (g.result = '0-1')"
                  "  FROM (SELECT game, key, move, orient FROM positions"
                  "        WHERE deep = 0 AND move <> 0"
                  "        UNION SELECT game, key, 0, orient FROM positions WHERE deep = 0) AS d"
                  "  JOIN games AS g ON g.id = d.game GROUP BY d.key, d.move, d.orient;"
                  "PRAGMA user_version = 12");
  if (version == 12)
    return;
  /* What schema 12 changed: whole indexes of the origins, the matches,
   * the correspondence games and the first player. */
  raw_exec (path, "DROP INDEX games_by_origin; DROP INDEX games_by_match;"
                  "DROP INDEX games_correspondence; DROP INDEX games_by_player_ids;"
                  "CREATE INDEX games_by_origin ON games (origin_id);"
                  "CREATE INDEX games_by_match ON games (match_id);"
                  "CREATE INDEX games_correspondence ON games (correspondence, result);"
                  "CREATE INDEX games_by_player1_id ON games (player1_id);"
                  "PRAGMA user_version = 11");
  if (version == 11)
    return;
  make_schema_10 (path);
  if (version == 10)
    return;
  /* What schema 10 added: the games' counts, two indexes by length. */
  raw_exec (path, "DROP TABLE game_counts; DROP TRIGGER game_counted;"
                  "DROP TRIGGER game_uncounted; DROP TRIGGER game_recounted;"
                  "DROP INDEX games_by_ruleset_length; DROP INDEX games_by_result_length;"
                  "PRAGMA user_version = 9");
  if (version == 9)
    return;
  /* What schema 9 added: the practice's results. */
  raw_exec (path, "DROP TABLE practice; DROP TRIGGER practice_game_deleted;"
                  "PRAGMA user_version = 8");
  if (version == 8)
    return;
  make_schema_7 (path);
  if (version == 7)
    return;
  /* What schema 7 added: the positions, and their part of the trigger. */
  raw_exec (path, "DROP TABLE positions; DROP TABLE openings; DROP TABLE positions_pending;"
                  "DROP TRIGGER games_deleted;"
                  "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN"
                  "  DELETE FROM records WHERE game = old.id;"
                  "  DELETE FROM annotations WHERE game = old.id;"
                  "  UPDATE games SET origin_id = NULL WHERE origin_id = old.id;"
                  " END;"
                  "PRAGMA user_version = 6");
  if (version == 6)
    return;
  /* What schema 6 added, then what 5 added. */
  raw_exec (path, "DROP TRIGGER comment_added; DROP TRIGGER comment_removed;"
                  "DROP TRIGGER comment_changed; DROP TABLE comment_text;"
                  "DROP INDEX games_by_player1_id; DROP INDEX games_by_player2_id;"
                  "DROP INDEX games_filter; CREATE INDEX games_by_player2 ON games (player2);"
                  "ALTER TABLE players DROP COLUMN key");
  if (version == 5)
    sql = g_strdup ("PRAGMA user_version = 5");
  else
    sql = g_strdup_printf ("DROP TRIGGER games_deleted;"
                           "ALTER TABLE records DROP COLUMN checksum;"
                           "PRAGMA application_id = 0;"
                           "PRAGMA user_version = %d", version);
  raw_exec (path, sql);
}

int
run_unprivileged (int (*func) (gpointer data), gpointer data)
{
  pid_t child = fork ();
  int status = 0;

  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      /* nobody: root could write any file, read-only or not. */
      if (geteuid () == 0 && (setgroups (0, NULL) != 0 || setgid (65534) != 0 ||
                              setuid (65534) != 0))
        _exit (125);
      _exit (func (data));
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  if (WIFSIGNALED (status))
    return 128 + WTERMSIG (status);
  return WEXITSTATUS (status);
}

void
tt_wait_for_store_jobs (TbStore *store)
{
  g_autoptr (GAsyncResult) result = NULL;

  tb_store_job_wait (store, NULL, tt_keep_result, &result);
  tt_await_result (&result);
}
