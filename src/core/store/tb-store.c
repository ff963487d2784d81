/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store.c: the game database's connection, what every part of the
 * store reads and writes through (statements kept, transactions, errors
 * named), and its close
 *
 * WAL journal (a writer never blocks the history's readers, and a crash
 * leaves the last committed move), foreign keys on, the schema's version
 * in PRAGMA user_version (tb-store-schema.c).  Only a file Tablier wrote
 * is opened (tb-store-open.c), and a command that only reads opens it
 * read-only: it writes nothing, and makes no file where there was none.
 * This file calls no other part of the store but the in-use mark's
 * (tb-store-marker.c): they all call it.
 */
#include "config.h"

#include "tb-store-private.h"

G_DEFINE_FINAL_TYPE (TbStore, tb_store, G_TYPE_OBJECT)
G_DEFINE_QUARK (tb-store-error-quark, tb_store_error)

void
tb_store_set_error (TbStore *self, GError **error, const char *doing)
{
  int code = sqlite3_extended_errcode (self->db);
  int primary = code & 0xff;
  TbStoreError kind = primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB ? TB_STORE_ERROR_CORRUPT
                      : primary == SQLITE_BUSY                              ? TB_STORE_ERROR_BUSY
                                                                            : TB_STORE_ERROR_FAILED;

  /* The next opening checks the whole file. */
  self->damaged |= kind == TB_STORE_ERROR_CORRUPT;

  if (kind == TB_STORE_ERROR_CORRUPT)
    g_set_error (error, TB_STORE_ERROR, kind, "%s: the database is damaged (%s: %s)", self->path,
                 doing, sqlite3_errmsg (self->db));
  else
    g_set_error (error, TB_STORE_ERROR, kind, "%s: %s: %s", self->path, doing,
                 sqlite3_errmsg (self->db));
}

gboolean
tb_store_error_is_failure (const GError *error)
{
  return g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED) ||
         g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_BUSY);
}

gboolean
tb_store_exec (TbStore *self, const char *sql, GError **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) == SQLITE_OK)
    return TRUE;
  tb_store_set_error (self, error, "cannot update the database");
  return FALSE;
}

/* PRAGMA incremental_vacuum moves the last pages of the file into the
 * free ones and cuts the file short: 0.1 s for the 10 MB 20,000 games
 * leave.  A failure loses nothing: the pages stay free, for later
 * writes. */
void
tb_store_give_back_free_pages (TbStore *self)
{
  if (!self->read_only)
    sqlite3_exec (self->db, "PRAGMA incremental_vacuum", NULL, NULL, NULL);
}

void
tb_store_fire_triggers (TbStore *self, gboolean fire)
{
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_ENABLE_TRIGGER, fire ? 1 : 0, NULL);
}

gboolean
tb_store_next_game_id (TbStore *self, gint64 *next, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT coalesce (max (id), 0) + 1 FROM games",
                                           error);
  gboolean read;

  if (stmt == NULL)
    return FALSE;
  if ((read = sqlite3_step (stmt) == SQLITE_ROW))
    *next = sqlite3_column_int64 (stmt, 0);
  else
    tb_store_set_error (self, error, "cannot read the games");
  sqlite3_reset (stmt);
  return read;
}

gboolean
tb_store_unchanged_since (TbStore *self, TbStoreSeen *seen)
{
  /* The pragma, not SQLITE_FCNTL_DATA_VERSION: that one sees another
   * connection's commit only once this one has read since. */
  sqlite3_stmt *stmt = tb_store_statement (self, "PRAGMA data_version", NULL);
  gint64 changes = sqlite3_total_changes64 (self->db) - self->scratch_changes;
  gboolean in_transaction = !sqlite3_get_autocommit (self->db);
  guint version;
  gboolean unchanged;

  if (stmt == NULL || sqlite3_step (stmt) != SQLITE_ROW)
    {
      if (stmt)
        sqlite3_reset (stmt);
      seen->set = FALSE;
      return FALSE;
    }
  version = (guint) sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  unchanged = seen->set && version == seen->version && changes == seen->changes;
  *seen = (TbStoreSeen) { !in_transaction, version, changes };
  return unchanged && !in_transaction;
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
  /* Copied: sql may be made for the call (tb-store-counts.c). */
  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
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
  /* Players and tag values added in the transaction are gone with it. */
  g_hash_table_remove_all (self->player_ids);
  g_hash_table_remove_all (self->tag_value_ids);
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/* ---- what the parts of the store keep, forgotten ---- */

void
tb_store_forget_spans (TbStore *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->spans); i++)
    g_clear_pointer (&self->spans[i], g_ptr_array_unref);
}

void
tb_store_named_free (TbStoreNamed *kept)
{
  if (kept == NULL)
    return;
  g_array_unref (kept->ids);
  g_ptr_array_unref (kept->tags);
  g_string_chunk_free (kept->tag_texts);
  g_string_free (kept->keys, TRUE);
  g_array_unref (kept->starts);
  g_ptr_array_unref (kept->shown);
  g_string_chunk_free (kept->shown_texts);
  g_free (kept);
}

void
tb_store_forget_named (TbStore *self)
{
  g_clear_pointer (&self->tag_values, tb_store_named_free);
  g_clear_pointer (&self->players, tb_store_named_free);
}

void
tb_store_forget_hits (TbStore *self)
{
  for (guint kind = 0; kind < TB_STORE_N_HITS; kind++)
    {
      g_clear_pointer (&self->hits[kind].asked, g_free);
      self->hits[kind].created = FALSE;
    }
  /* The connection's count of changes starts again with it. */
  self->scratch_changes = 0;
}

/* ---- the close ---- */

/* ANALYZE writes no statistics for an index that holds nothing (the
 * partial indexes of correspondence games, of games of a match, of
 * games played on from another), and PRAGMA optimize takes such an index
 * for one never analyzed: it ran ANALYZE on the games at every close of
 * a writer (533 ms for 100,000 games).  Those of a table analyzed are
 * said empty, and the connection reads the statistics again.  (No
 * sqlite_stat1, no ANALYZE yet: nothing to do, and the error left.) */
#define NOTE_EMPTY_INDEXES \
  "INSERT INTO sqlite_stat1 (tbl, idx, stat) " \
  "SELECT tbl_name, name, '0 0' FROM sqlite_schema " \
  "WHERE type = 'index' AND sql LIKE '% WHERE %' " \
  "AND tbl_name IN (SELECT tbl FROM sqlite_stat1) " \
  "AND name NOT IN (SELECT idx FROM sqlite_stat1 WHERE idx IS NOT NULL); " \
  "ANALYZE sqlite_schema"

void
tb_store_analyze (TbStore *self)
{
  sqlite3_exec (self->db, "ANALYZE", NULL, NULL, NULL);
  sqlite3_exec (self->db, NOTE_EMPTY_INDEXES, NULL, NULL, NULL);
}

static void
disconnect (TbStore *self)
{
  g_hash_table_remove_all (self->statements);
  tb_store_forget_spans (self);
  tb_store_forget_named (self);
  tb_store_forget_hits (self);
  /* Statistics for the query planner, where they are missing or old
   * (the empty indexes said so before and after: an ANALYZE of their
   * table forgets them). */
  if (self->db && !self->read_only)
    {
      sqlite3_exec (self->db, NOTE_EMPTY_INDEXES, NULL, NULL, NULL);
      sqlite3_exec (self->db, "PRAGMA optimize", NULL, NULL, NULL);
      sqlite3_exec (self->db, NOTE_EMPTY_INDEXES, NULL, NULL, NULL);
    }
  if (self->db)
    sqlite3_close_v2 (self->db);
  self->db = NULL;
  tb_store_marker_release (self, !self->damaged);
}

/* The connection closed and the in-use mark let go of now, rather than
 * when the last reference goes: see tb_store_job_close. */
void
tb_store_close (TbStore *self)
{
  disconnect (self);
}

gboolean
tb_store_is_closed (TbStore *self)
{
  return self->db == NULL;
}


gboolean
tb_store_is_read_only (TbStore *self)
{
  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  return self->read_only;
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
  g_hash_table_destroy (self->tag_value_ids);
  g_free (self->path);
  g_free (self->file);
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
  self->marker_fd = -1;
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_statement);
  self->player_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->tag_value_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
