/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store.c: opening the game database, its schema and its migrations
 *
 * WAL journal (a writer never blocks the history's readers, and a crash
 * leaves the last committed move), foreign keys on, the schema's version
 * in PRAGMA user_version.  Each version's migration brings the one before
 * it up to date, so a database of any earlier version opens.
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tb-store-private.h"

G_DEFINE_FINAL_TYPE (TbStore, tb_store, G_TYPE_OBJECT)
G_DEFINE_QUARK (tb-store-error-quark, tb_store_error)

/* migrations[v] brings a database of version v to version v + 1. */
static const char *const migrations[TB_STORE_SCHEMA_VERSION] = {
  /* 0 -> 1: the first schema. */
  "CREATE TABLE players ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE COLLATE NOCASE);"
  "CREATE TABLE matches ("
  "  id TEXT PRIMARY KEY,"          /* the Match tag */
  "  ruleset TEXT NOT NULL);"
  "CREATE TABLE games ("
  "  id INTEGER PRIMARY KEY,"
  "  game_uuid TEXT NOT NULL UNIQUE,"      /* the GameId tag */
  "  fingerprint TEXT NOT NULL,"           /* tags and moves, GameId aside */
  "  ruleset TEXT NOT NULL,"
  "  date TEXT NOT NULL,"                  /* the Date tag, YYYY.MM.DD */
  "  player1 TEXT NOT NULL COLLATE NOCASE,"
  "  player2 TEXT NOT NULL COLLATE NOCASE,"
  "  player1_id INTEGER REFERENCES players (id),"
  "  player2_id INTEGER REFERENCES players (id),"
  "  result TEXT NOT NULL,"                /* 1-0, 0-1, 1/2-1/2 or * */
  "  termination TEXT NOT NULL,"           /* '' while it goes on */
  "  score TEXT,"                          /* N-M for games with points */
  "  plies INTEGER NOT NULL,"              /* moves of the main line */
  "  current_ply INTEGER NOT NULL,"        /* where play stood (undo) */
  "  match_id TEXT REFERENCES matches (id),"
  "  origin_id INTEGER REFERENCES games (id) ON DELETE SET NULL,"
  "  origin_ply INTEGER,"                  /* continued from that game, there */
  "  created INTEGER NOT NULL,"            /* seconds since 1970 */
  "  updated INTEGER NOT NULL,"
  "  header TEXT NOT NULL,"                /* the record's tag pairs */
  "  line TEXT NOT NULL,"                  /* the main line: move tokens */
  "  variations TEXT);"                    /* the whole movetext, if it branches */
  "CREATE TABLE annotations ("
  "  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply INTEGER NOT NULL,"                /* 0: the game's own comment */
  "  comment TEXT,"
  "  nags TEXT,"                           /* $n $m */
  "  PRIMARY KEY (game, ply)) WITHOUT ROWID;"
  "CREATE INDEX games_by_date ON games (date, id);"
  "CREATE INDEX games_by_ruleset ON games (ruleset, date);"
  "CREATE INDEX games_by_player1 ON games (player1, player2);"
  "CREATE INDEX games_by_player2 ON games (player2);"
  "CREATE INDEX games_by_result ON games (result, date);"
  "CREATE INDEX games_by_termination ON games (termination, date);"
  "CREATE INDEX games_by_length ON games (plies);"
  "CREATE INDEX games_by_fingerprint ON games (fingerprint);"
  "CREATE INDEX games_unfinished ON games (result, updated);"
  "CREATE INDEX games_by_origin ON games (origin_id);"
  "CREATE INDEX games_by_match ON games (match_id);",

  /* 1 -> 2: ratings and correspondence games (issue 8).  A game counts
   * for the ratings unless marked casual; a correspondence game keeps
   * when its last move was made and the ply its reminder was sent at. */
  "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;"
  "ALTER TABLE games ADD COLUMN correspondence INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN moved INTEGER;"
  "ALTER TABLE games ADD COLUMN reminded INTEGER;"
  "UPDATE games SET moved = updated;"
  "CREATE INDEX games_correspondence ON games (correspondence, result);",

  /* 2 -> 3: a game's record (its tag pairs and moves, some 2 KB) kept
   * apart from its row, which holds only what the history shows, filters
   * and sorts by: a search that reads every row then reads 15 times less
   * (100,000 games: 13 MB instead of 200).  The rows are copied into a
   * table made anew (dropping the columns would leave each row's page
   * as big, and empty), with foreign keys off (migrate()). */
  "CREATE TABLE records ("
  "  game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  fingerprint TEXT NOT NULL,"           /* tags and moves, GameId aside */
  "  header TEXT NOT NULL,"                /* the record's tag pairs */
  "  line TEXT NOT NULL,"                  /* the main line: move tokens */
  "  variations TEXT);"                    /* the whole movetext, if it branches */
  "INSERT INTO records (game, fingerprint, header, line, variations)"
  "  SELECT id, fingerprint, header, line, variations FROM games;"
  "CREATE INDEX records_by_fingerprint ON records (fingerprint);"
  "CREATE TABLE games_v3 ("
  "  id INTEGER PRIMARY KEY,"
  "  game_uuid TEXT NOT NULL UNIQUE,"      /* the GameId tag */
  "  ruleset TEXT NOT NULL,"
  "  date TEXT NOT NULL,"                  /* the Date tag, YYYY.MM.DD */
  "  player1 TEXT NOT NULL COLLATE NOCASE,"
  "  player2 TEXT NOT NULL COLLATE NOCASE,"
  "  player1_id INTEGER REFERENCES players (id),"
  "  player2_id INTEGER REFERENCES players (id),"
  "  result TEXT NOT NULL,"                /* 1-0, 0-1, 1/2-1/2 or * */
  "  termination TEXT NOT NULL,"           /* '' while it goes on */
  "  score TEXT,"                          /* N-M for games with points */
  "  plies INTEGER NOT NULL,"              /* moves of the main line */
  "  current_ply INTEGER NOT NULL,"        /* where play stood (undo) */
  "  match_id TEXT REFERENCES matches (id),"
  "  origin_id INTEGER REFERENCES games (id) ON DELETE SET NULL,"
  "  origin_ply INTEGER,"                  /* continued from that game, there */
  "  created INTEGER NOT NULL,"            /* seconds since 1970 */
  "  updated INTEGER NOT NULL,"
  "  rated INTEGER NOT NULL DEFAULT 1,"
  "  correspondence INTEGER NOT NULL DEFAULT 0,"
  "  moved INTEGER,"                       /* the last move, for correspondence */
  "  reminded INTEGER);"                   /* the ply a reminder was sent at */
  "INSERT INTO games_v3 SELECT id, game_uuid, ruleset, date, player1, player2, player1_id,"
  "  player2_id, result, termination, score, plies, current_ply, match_id, origin_id,"
  "  origin_ply, created, updated, rated, correspondence, moved, reminded FROM games;"
  "DROP TABLE games;"
  "ALTER TABLE games_v3 RENAME TO games;"
  "CREATE INDEX games_by_date ON games (date, id);"
  "CREATE INDEX games_by_ruleset ON games (ruleset, date);"
  "CREATE INDEX games_by_player1 ON games (player1, player2);"
  "CREATE INDEX games_by_player2 ON games (player2);"
  "CREATE INDEX games_by_result ON games (result, date);"
  "CREATE INDEX games_by_termination ON games (termination, date);"
  "CREATE INDEX games_by_length ON games (plies);"
  "CREATE INDEX games_unfinished ON games (result, updated);"
  "CREATE INDEX games_by_origin ON games (origin_id);"
  "CREATE INDEX games_by_match ON games (match_id);"
  "CREATE INDEX games_correspondence ON games (correspondence, result);",

  /* 3 -> 4: Versus now ends at a move limit, 500 moves each (1,000 plies)
   * unless the record's options say otherwise.  A game stored before,
   * that went on that long, keeps the rules it was played under: no limit,
   * so that it still reads, its last moves included. */
  "UPDATE records SET header = CASE"
  "    WHEN instr (header, '[X_Tablier_Options \"') > 0"
  "      THEN replace (header, '[X_Tablier_Options \"', '[X_Tablier_Options \"move-limit=0,')"
  "    ELSE header || '[X_Tablier_Options \"move-limit=0\"]' || char (10)"
  "  END"
  "  WHERE instr (header, 'move-limit=') = 0"
  "    AND game IN (SELECT id FROM games"
  "                 WHERE ruleset IN ('versus-61', 'versus-91') AND plies >= 1000);",
};

void
tb_store_set_error (TbStore *self, GError **error, const char *doing)
{
  int code = sqlite3_extended_errcode (self->db);
  int primary = code & 0xff;
  TbStoreError kind = primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
                        ? TB_STORE_ERROR_CORRUPT
                        : TB_STORE_ERROR_FAILED;

  g_set_error (error, TB_STORE_ERROR, kind, "%s: %s: %s", self->path, doing,
               sqlite3_errmsg (self->db));
}

gboolean
tb_store_exec (TbStore *self, const char *sql, GError **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) == SQLITE_OK)
    return TRUE;
  tb_store_set_error (self, error, "cannot update the database");
  return FALSE;
}

sqlite3_stmt *
tb_store_statement (TbStore *self, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);

  if (stmt)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }
  if (sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "cannot read the database");
      return NULL;
    }
  g_hash_table_insert (self->statements, (gpointer) sql, stmt);
  return stmt;
}

gboolean
tb_store_begin (TbStore *self, GError **error)
{
  return tb_store_exec (self, "BEGIN IMMEDIATE", error);
}

gboolean
tb_store_commit (TbStore *self, GError **error)
{
  if (tb_store_exec (self, "COMMIT", error))
    return TRUE;
  tb_store_rollback (self);
  return FALSE;
}

void
tb_store_rollback (TbStore *self)
{
  /* Players added in the transaction are gone with it. */
  g_hash_table_remove_all (self->player_ids);
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/* The schema version in *version; FALSE and error when it cannot be read
 * or cannot be a version (below 0: a damaged header). */
static gboolean
user_version (TbStore *self, int *version, GError **error)
{
  sqlite3_stmt *stmt;
  gboolean read = FALSE;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA user_version", -1, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "not a database Tablier can read");
      return FALSE;
    }
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      *version = sqlite3_column_int (stmt, 0);
      read = TRUE;
    }
  else
    tb_store_set_error (self, error, "not a database Tablier can read");
  sqlite3_finalize (stmt);
  if (read && *version < 0)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT,
                   "%s: the database is damaged (its schema version is %d)", self->path,
                   *version);
      return FALSE;
    }
  return read;
}

/* The space a migration freed, given back to the file system when it is
 * a quarter of the file or more (schema 3 moved every game's record to a
 * table of its own: 100,000 games left 190 MB unused). */
static void
compact_after_migration (TbStore *self)
{
  sqlite3_stmt *stmt;
  gint64 free_pages = 0, pages = 0;

  if (sqlite3_prepare_v2 (self->db, "SELECT freelist_count, page_count "
                                    "FROM pragma_freelist_count, pragma_page_count",
                          -1, &stmt, NULL) != SQLITE_OK)
    return;
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      free_pages = sqlite3_column_int64 (stmt, 0);
      pages = sqlite3_column_int64 (stmt, 1);
    }
  sqlite3_finalize (stmt);
  /* A failure (a full disk: VACUUM needs a copy's room) loses nothing. */
  if (pages > 0 && free_pages * 4 >= pages)
    sqlite3_exec (self->db, "VACUUM", NULL, NULL, NULL);
}

/* Brings the schema up from version, each step in its own transaction. */
static gboolean
run_migrations (TbStore *self, int version, GError **error)
{
  for (; version < TB_STORE_SCHEMA_VERSION; version++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %d", version + 1);

      if (!tb_store_begin (self, error))
        return FALSE;
      if (!tb_store_exec (self, migrations[version], error) ||
          !tb_store_exec (self, set_version, error))
        {
          tb_store_rollback (self);
          return FALSE;
        }
      if (!tb_store_commit (self, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
migrate (TbStore *self, GError **error)
{
  int version;
  gboolean ok;

  if (!user_version (self, &version, error))
    return FALSE;
  if (version > TB_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NEWER,
                   "%s: written by a newer Tablier (database version %d; this one knows up to "
                   "%d); it is left as it is",
                   self->path, version, TB_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (version == TB_STORE_SCHEMA_VERSION)
    return TRUE;
  /* A table made anew is dropped and replaced: with foreign keys on, the
   * drop would delete every row that refers to it.  They are turned off
   * outside a transaction, as SQLite asks. */
  ok = tb_store_exec (self, "PRAGMA foreign_keys = OFF", error) &&
       run_migrations (self, version, error);
  if (!tb_store_exec (self, "PRAGMA foreign_keys = ON", ok ? error : NULL))
    ok = FALSE;
  if (ok && version > 0)
    compact_after_migration (self);
  return ok;
}

/* A quick look that the file is a sound database: every page of the
 * schema is read, and SQLite's own quick check finds nothing. */
static gboolean
check_soundness (TbStore *self, GError **error)
{
  sqlite3_stmt *stmt;
  gboolean sound = FALSE;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA quick_check", -1, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "not a database Tablier can read");
      return FALSE;
    }
  if (sqlite3_step (stmt) == SQLITE_ROW)
    sound = g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") == 0;
  if (!sound)
    g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT, "%s: the database is damaged (%s)",
                 self->path,
                 sqlite3_column_text (stmt, 0) ? (const char *) sqlite3_column_text (stmt, 0)
                                               : sqlite3_errmsg (self->db));
  sqlite3_finalize (stmt);
  return sound;
}

static gboolean
connect (TbStore *self, GError **error)
{
  g_autofree char *folder = g_path_get_dirname (self->path);
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_OPEN, "%s: cannot make the folder: %s",
                   folder, g_strerror (saved));
      return FALSE;
    }
  if (sqlite3_open_v2 (self->path, &self->db, flags, NULL) != SQLITE_OK)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_OPEN, "%s: cannot open: %s", self->path,
                   self->db ? sqlite3_errmsg (self->db) : "out of memory");
      return FALSE;
    }
  sqlite3_extended_result_codes (self->db, 1);
  /* Another Tablier writing at the same moment: wait a little for it. */
  sqlite3_busy_timeout (self->db, 2000);
  return check_soundness (self, error) &&
         tb_store_exec (self, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
                              "PRAGMA foreign_keys = ON;", error) &&
         migrate (self, error);
}

static void
disconnect (TbStore *self)
{
  g_hash_table_remove_all (self->statements);
  /* Statistics for the query planner, where they are missing or old. */
  if (self->db)
    sqlite3_exec (self->db, "PRAGMA optimize", NULL, NULL, NULL);
  if (self->db)
    sqlite3_close_v2 (self->db);
  self->db = NULL;
}

TbStore *
tb_store_open (const char *path, GError **error)
{
  g_autoptr (TbStore) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (TB_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  if (!connect (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* games.db.broken-2026-11-22, or -2, -3…: a name no file has yet. */
static char *
broken_name (const char *path)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");

  for (guint n = 1;; n++)
    {
      char *name = n == 1 ? g_strdup_printf ("%s.broken-%s", path, day)
                          : g_strdup_printf ("%s.broken-%s-%u", path, day, n);

      if (!g_file_test (name, G_FILE_TEST_EXISTS))
        return name;
      g_free (name);
    }
}

/* Moves the database and its WAL and shared-memory files aside. */
static char *
move_aside (const char *path, GError **error)
{
  g_autofree char *target = broken_name (path);
  static const char *const suffixes[] = { "-wal", "-shm" };

  if (g_rename (path, target) != 0)
    {
      int saved = errno;
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_OPEN, "%s: cannot move it aside: %s",
                   path, g_strerror (saved));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *from = g_strconcat (path, suffixes[i], NULL);
      g_autofree char *to = g_strconcat (target, suffixes[i], NULL);

      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  return g_steal_pointer (&target);
}

TbStore *
tb_store_open_recovering (const char *path, char **moved_to, GError **error)
{
  g_autoptr (GError) local = NULL;
  TbStore *store;
  char *target;

  if (moved_to)
    *moved_to = NULL;
  store = tb_store_open (path, &local);
  if (store)
    return store;
  if (!g_error_matches (local, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT) ||
      !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  target = move_aside (path, error);
  if (target == NULL)
    return NULL;
  store = tb_store_open (path, error);
  if (moved_to)
    *moved_to = target;
  else
    g_free (target);
  return store;
}

char *
tb_store_default_path (void)
{
  const char *dir = g_getenv ("TABLIER_DATA_DIR");

  if (dir && *dir)
    return g_build_filename (dir, "games.db", NULL);
  return g_build_filename (g_get_user_data_dir (), "tablier", "games.db", NULL);
}

const char *
tb_store_get_path (TbStore *self)
{
  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  return self->path;
}

static void
tb_store_finalize (GObject *object)
{
  TbStore *self = TB_STORE (object);

  disconnect (self);
  g_hash_table_destroy (self->statements);
  g_hash_table_destroy (self->player_ids);
  g_free (self->path);
  G_OBJECT_CLASS (tb_store_parent_class)->finalize (object);
}

static void
tb_store_class_init (TbStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tb_store_finalize;
}

static void
finalize_statement (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

static void
tb_store_init (TbStore *self)
{
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, finalize_statement);
  self->player_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
