/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-open.c: a game database opened, and moved aside when damaged
 *
 * What is at the path is looked at before SQLite opens it (a folder, an
 * empty or foreign file, a newer Tablier's); the whole file is checked
 * after an unclean close and before an upgrade (tb-store-marker.c); an
 * older schema is brought up to date (tb-store-schema.c), in the file
 * for a writer, in a copy in memory for a reader.  The connection and
 * its plumbing are tb-store.c's, which closes it.
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "tb-store-private.h"

/* A look that the file is a sound database: SQLite's quick check of
 * every page finds nothing.  Its first
 * problem is told, on one line (it begins "*** in database main ***"). */
static gboolean
check_soundness (TbStore *self, GError **error)
{
  sqlite3_stmt *stmt;
  gboolean sound = FALSE;
  g_autofree char *problem = NULL;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA quick_check (1)", -1, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "not a database Tablier can read");
      return FALSE;
    }
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      problem = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      sound = g_strcmp0 (problem, "ok") == 0;
    }
  else
    problem = g_strdup (sqlite3_errmsg (self->db));
  sqlite3_finalize (stmt);
  if (!sound)
    {
      self->damaged = TRUE;
      g_strdelimit (problem, "\r\n", ' ');
      g_strstrip (g_strdelimit (problem, "*", ' '));
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT,
                   "%s: the database is damaged (%s)", self->path,
                   g_str_has_prefix (problem, "in database main ")
                     ? g_strchug (problem + strlen ("in database main ")) : problem);
    }
  return sound;
}

/* "" and ":memory:" are not file names to SQLite: the games would be kept
 * in a temporary database and lost.  Every other name is made absolute
 * (so that none is taken as a URI, "file:…"). */
static gboolean
check_path (const char *path, GError **error)
{
  if (*path && strcmp (path, ":memory:") != 0)
    return TRUE;
  g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_PATH,
               "'%s' is not a file name: SQLite would keep the games in %s, and lose them",
               path, *path ? "memory" : "a temporary file");
  return FALSE;
}

static gboolean
set_file_error (TbStore *self, TbStoreError code, const char *what, GError **error)
{
  g_set_error (error, TB_STORE_ERROR, code, "%s: %s", self->path, what);
  return FALSE;
}

/* There is no file: a new one is made where that is asked for. */
static gboolean
check_new_file (TbStore *self, TbStoreOpenFlags flags, GError **error)
{
  g_autofree char *folder = g_path_get_dirname (self->file);

  if (!(flags & TB_STORE_OPEN_CREATE) || (flags & TB_STORE_OPEN_READ_ONLY))
    return set_file_error (self, TB_STORE_ERROR_MISSING, "no game database there", error);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *what = g_strdup_printf ("cannot make its folder: %s", g_strerror (saved));

      return set_file_error (self, TB_STORE_ERROR_OPEN, what, error);
    }
  if (access (folder, W_OK) != 0)
    return set_file_error (self, TB_STORE_ERROR_READ_ONLY,
                           "cannot make a database there: its folder cannot be written", error);
  return TRUE;
}

/* What is at the path before SQLite opens it: never a folder or a pipe
 * (opening a pipe would wait for ever), and a file that can be written
 * when it is to be. */
static gboolean
check_file (TbStore *self, TbStoreOpenFlags flags, GError **error)
{
  g_autofree char *folder = g_path_get_dirname (self->file);
  GStatBuf st;

  if (g_stat (self->file, &st) != 0)
    {
      int saved = errno;
      g_autofree char *what = NULL;

      if (saved == ENOENT)
        return check_new_file (self, flags, error);
      what = g_strdup_printf ("cannot be read: %s", g_strerror (saved));
      return set_file_error (self, TB_STORE_ERROR_OPEN, what, error);
    }
  if (S_ISDIR (st.st_mode))
    return set_file_error (self, TB_STORE_ERROR_FOREIGN,
                           "a folder, not a game database; it is left as it is", error);
  if (!S_ISREG (st.st_mode))
    return set_file_error (self, TB_STORE_ERROR_FOREIGN,
                           "not a regular file, not a game database; it is left as it is", error);
  if (access (self->file, R_OK) != 0)
    return set_file_error (self, TB_STORE_ERROR_OPEN, "cannot be read: permission denied", error);
  if (flags & TB_STORE_OPEN_READ_ONLY)
    return TRUE;
  if (access (self->file, W_OK) != 0)
    return set_file_error (self, TB_STORE_ERROR_READ_ONLY, "the file cannot be written", error);
  if (access (folder, W_OK) != 0)
    return set_file_error (self, TB_STORE_ERROR_READ_ONLY,
                           "its folder cannot be written (SQLite keeps its journal there)", error);
  return TRUE;
}

static gboolean
has_wal (TbStore *self)
{
  g_autofree char *wal = g_strconcat (self->file, "-wal", NULL);
  GStatBuf st;

  return g_stat (wal, &st) == 0 && st.st_size > 0;
}

/* Opens self->file as it stands on the disk (immutable): SQLite then
 * makes no file beside it and takes no lock.  Only right where no writer
 * can be at work: the WAL of one would be left unread. */
static int
open_as_it_stands (TbStore *self, sqlite3 **db)
{
  g_autofree char *file_uri = g_filename_to_uri (self->file, NULL, NULL);
  g_autofree char *uri = g_strconcat (file_uri, "?immutable=1", NULL);

  return sqlite3_open_v2 (uri, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                          NULL);
}

/* In a folder that cannot be written, a reader cannot make the files of
 * SQLite's WAL; as no writer can either, the file is read as it stands,
 * unless a WAL a writer left holds some of it. */
static gboolean
read_as_it_stands (TbStore *self)
{
  g_autofree char *folder = g_path_get_dirname (self->file);

  return access (folder, W_OK) != 0 && !has_wal (self);
}

/* Another connection writing at the same moment (another Tablier, an
 * import): waited for, two seconds at most, looking every millisecond, so
 * as to get in between the chunks of an import (tb-store-import.c) where
 * SQLite's own wait, sleeping longer and longer, would miss them. */
static int
wait_for_the_lock (gpointer data, int tries)
{
  if (tries >= 2000)
    return 0;
  g_usleep (1000);
  return 1;
}

/* TABLIER_TRACE_SQL set: each statement run, with its values and the
 * time it took, on standard error, for whoever tunes a query plan. */
static int
trace_statement (unsigned type, void *data, void *statement, void *nanoseconds)
{
  char *sql = sqlite3_expanded_sql (statement);

  g_printerr ("sql %.3f ms: %s\n", *(sqlite3_int64 *) nanoseconds / 1e6, sql ? sql : "?");
  sqlite3_free (sql);
  return 0;
}

static gboolean
open_connection (TbStore *self, TbStoreOpenFlags flags, GError **error)
{
  int open_flags = SQLITE_OPEN_NOMUTEX;
  int status;

  if (flags & TB_STORE_OPEN_READ_ONLY)
    open_flags |= SQLITE_OPEN_READONLY;
  else
    open_flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if ((flags & TB_STORE_OPEN_READ_ONLY) && read_as_it_stands (self))
    status = open_as_it_stands (self, &self->db);
  else
    status = sqlite3_open_v2 (self->file, &self->db, open_flags, NULL);
  if (status != SQLITE_OK)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_OPEN, "%s: cannot open: %s", self->path,
                   self->db ? sqlite3_errmsg (self->db) : "out of memory");
      return FALSE;
    }
  sqlite3_extended_result_codes (self->db, 1);
  tb_store_add_functions (self->db);
  sqlite3_busy_handler (self->db, wait_for_the_lock, NULL);
  if (g_getenv ("TABLIER_TRACE_SQL"))
    sqlite3_trace_v2 (self->db, SQLITE_TRACE_PROFILE, trace_statement, NULL);
  return TRUE;
}

/* What the file is, found before it is opened for good: another
 * program's WAL database would otherwise be given the files of a WAL
 * beside it.  Looked at as it stands when no WAL holds part of it (one
 * that does has these files already). */
static gboolean
probe (TbStore *self, GError **error)
{
  TbStoreFileKind kind;
  int version;
  gboolean known;

  if (has_wal (self) || !g_file_test (self->file, G_FILE_TEST_EXISTS))
    return TRUE;
  if (open_as_it_stands (self, &self->db) != SQLITE_OK)
    {
      /* SQLite will say why when it opens the file for good. */
      g_clear_pointer (&self->db, sqlite3_close);
      return TRUE;
    }
  sqlite3_extended_result_codes (self->db, 1);
  known = tb_store_identify (self, &kind, &version, error);
  g_clear_pointer (&self->db, sqlite3_close);
  return known;
}

/* An older schema: brought up to date in memory for a reader, in the
 * file (a copy of it kept first) for a writer. */
static gboolean
upgrade (TbStore *self, int version, TbStoreUpgrading upgrading, gpointer user_data,
         GError **error)
{
  if (self->read_only)
    return tb_store_copy_to_memory (self, error) &&
           tb_store_upgrade (self, version, FALSE, error);
  if (upgrading)
    upgrading (version, user_data);
  return tb_store_upgrade (self, version, TRUE, error);
}

static gboolean
connect (TbStore *self, TbStoreOpenFlags flags, TbStoreUpgrading upgrading, gpointer user_data,
         GError **error)
{
  TbStoreFileKind kind;
  gboolean unclean;
  int version;

  if (!check_file (self, flags, error) || !probe (self, error) ||
      !open_connection (self, flags, error) || !tb_store_identify (self, &kind, &version, error))
    return FALSE;
  if (kind == TB_STORE_FILE_EMPTY && self->read_only)
    return set_file_error (self, TB_STORE_ERROR_FOREIGN,
                           "an empty file, not a game database yet; it is left as it is", error);
  /* SQLite's check of the whole file: after an unclean close, and before
   * an upgrade rewrites it (tb-store-marker.c). */
  unclean = self->read_only ? tb_store_marker_peek (self) : tb_store_marker_take (self);
  if ((unclean || kind == TB_STORE_FILE_OLDER) && kind != TB_STORE_FILE_EMPTY &&
      !check_soundness (self, error))
    return FALSE;
  /* A new file gives back the pages an import leaves free (its pending
   * positions, 470 bytes a game after 100,000 games; see
   * tb_store_give_back_free_pages).  SQLite takes the setting only
   * before the first table, and before the WAL's header. */
  if (kind == TB_STORE_FILE_EMPTY && !self->read_only &&
      !tb_store_exec (self, "PRAGMA auto_vacuum = INCREMENTAL", error))
    return FALSE;
  if (!self->read_only && !tb_store_exec (self, "PRAGMA journal_mode = WAL", error))
    return FALSE;
  /* 64 MB of pages kept (SQLite's default is 2 MB): the positions'
   * index is written at random places, which an import of many games
   * would otherwise read and write again from the file at each game. */
  if (!tb_store_exec (self, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
                            "PRAGMA cache_size = -65536", error))
    return FALSE;
  switch (kind)
    {
    case TB_STORE_FILE_EMPTY:
      return tb_store_upgrade (self, 0, FALSE, error);
    case TB_STORE_FILE_OLDER:
      return upgrade (self, version, upgrading, user_data, error);
    case TB_STORE_FILE_CURRENT:
    default:
      return self->read_only || tb_store_ensure_cascade (self, error);
    }
}
TbStore *
tb_store_open_full (const char *path, TbStoreOpenFlags flags, TbStoreUpgrading upgrading,
                    gpointer user_data, GError **error)
{
  g_autoptr (TbStore) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_path (path, error))
    return NULL;
  self = g_object_new (TB_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  self->file = g_canonicalize_filename (path, NULL);
  self->read_only = (flags & TB_STORE_OPEN_READ_ONLY) != 0;
  if (!connect (self, flags, upgrading, user_data, error))
    return NULL;
  return g_steal_pointer (&self);
}

TbStore *
tb_store_open_reader_beside (TbStore *self)
{
  g_autoptr (TbStore) reader = NULL;
  const char *file = sqlite3_db_filename (self->db, "main");

  /* A copy in memory (an older file read as it stands) is this
   * connection's alone. */
  if (file == NULL || *file == '\0')
    return NULL;
  reader = g_object_new (TB_TYPE_STORE, NULL);
  reader->path = g_strdup (self->path);
  reader->file = g_strdup (self->file);
  reader->read_only = TRUE;
  if (!open_connection (reader, TB_STORE_OPEN_READ_ONLY, NULL))
    return NULL;
  return g_steal_pointer (&reader);
}

TbStore *
tb_store_open (const char *path, GError **error)
{
  return tb_store_open_full (path, TB_STORE_OPEN_CREATE, NULL, NULL, error);
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

/* Damage, or what is not a Tablier database where Tablier keeps its own:
 * moved aside.  A newer Tablier's file, one that cannot be written or a
 * failure of the disk are not the file's fault: it stays. */
static gboolean
is_to_move_aside (const GError *error)
{
  return g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT) ||
         g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_FOREIGN);
}

TbStore *
tb_store_open_recovering (const char *path, char **moved_to, TbStoreUpgrading upgrading,
                          gpointer user_data, GError **error)
{
  g_autoptr (GError) local = NULL;
  TbStore *store;
  char *target;

  g_return_val_if_fail (path != NULL, NULL);

  if (moved_to)
    *moved_to = NULL;
  store = tb_store_open_full (path, TB_STORE_OPEN_CREATE, upgrading, user_data, &local);
  if (store)
    return store;
  if (!is_to_move_aside (local) || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  target = move_aside (path, error);
  if (target == NULL)
    return NULL;
  store = tb_store_open_full (path, TB_STORE_OPEN_CREATE, upgrading, user_data, error);
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
