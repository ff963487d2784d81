/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-hits.c: the games a comment's text or a tag's value names,
 * gathered once
 *
 * A search is asked for several times in a row with the same words: its
 * count, its first page, each page scrolled to, and again for every
 * other sort.  Each statement found the games anew: on the 100,000 games
 * of bench-store, the full-text match of "sacrifice" (1,667 games) took
 * 0.7 ms, twice for a first page and its count, and the 2,620 games of
 * the 655 rounds holding "77" were read through the values' list by each
 * statement.  The games found are kept instead, in a table of the
 * connection's own (temp.comment_hits, temp.tag_hits: not in the file),
 * until another search is asked for or the file changes; the statements
 * of the search read them by their ids, and their number is known.
 */
#include "config.h"

#include "tb-store-private.h"

static const char *const tables[TB_STORE_N_HITS] = {
  [TB_STORE_HITS_COMMENTS] = "temp.comment_hits",
  [TB_STORE_HITS_TAGS] = "temp.tag_hits",
};

const char *
tb_store_hits_table (TbStoreHitsKind kind)
{
  return tables[kind];
}

/* Made once per connection: a temporary table lives as long as it. */
static gboolean
create_table (TbStore *self, TbStoreHitsKind kind)
{
  g_autofree char *create = g_strdup_printf ("CREATE TABLE IF NOT EXISTS %s"
                                             " (game INTEGER PRIMARY KEY)", tables[kind]);

  if (!self->hits[kind].created && !tb_store_exec (self, create, NULL))
    return FALSE;
  self->hits[kind].created = TRUE;
  return TRUE;
}

/* The statements here name the ids a search found: prepared for one use,
 * not kept for the store's life as tb_store_statement's are (each search
 * typed would add one). */
static sqlite3_stmt *
prepare_once (TbStore *self, const char *sql)
{
  sqlite3_stmt *stmt = NULL;

  return sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) == SQLITE_OK ? stmt : NULL;
}

/* Writes to the connection's own tables are counted apart: they are no
 * change of the file, which the copies kept of it
 * (tb_store_unchanged_since) must not take for one.  A game named twice
 * (by the values of two tags) is kept once. */
static gboolean
write_hits (TbStore *self, TbStoreHitsKind kind, const char *games_sql, const char *pattern)
{
  g_autofree char *empty = g_strconcat ("DELETE FROM ", tables[kind], NULL);
  g_autofree char *fill = g_strconcat ("INSERT OR IGNORE INTO ", tables[kind], " ", games_sql,
                                       NULL);
  gint64 before = sqlite3_total_changes64 (self->db);
  sqlite3_stmt *stmt = NULL;
  gboolean done;

  done = create_table (self, kind) && tb_store_exec (self, empty, NULL) &&
         (stmt = prepare_once (self, fill)) != NULL &&
         (pattern == NULL || sqlite3_bind_text (stmt, 1, pattern, -1, SQLITE_STATIC) == SQLITE_OK) &&
         sqlite3_step (stmt) == SQLITE_DONE;
  if (done)
    self->hits[kind].n_games = sqlite3_changes64 (self->db);
  sqlite3_finalize (stmt);
  self->scratch_changes += sqlite3_total_changes64 (self->db) - before;
  return done;
}

/* What sql counts (one number), or -1. */
static gint64
count_of (TbStore *self, const char *sql)
{
  sqlite3_stmt *stmt = prepare_once (self, sql);
  gint64 count = -1;

  if (stmt && sqlite3_step (stmt) == SQLITE_ROW)
    count = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return count;
}

gboolean
tb_store_gather_hits (TbStore *self, TbStoreHitsKind kind, const char *games_sql,
                      const char *pattern, const char *about_sql, gint64 at_most,
                      gint64 *n_games)
{
  TbStoreHits *hits = &self->hits[kind];
  g_autofree char *asked = g_strconcat (games_sql, "\x1f", pattern ? pattern : "", NULL);
  gboolean same = hits->asked && g_str_equal (hits->asked, asked);
  gint64 about;

  /* Checked even when another search is asked for: it sets seen to now. */
  if (!tb_store_unchanged_since (self, &hits->seen) || !same)
    {
      g_clear_pointer (&hits->asked, g_free);
      /* Too many are not gathered, and that is remembered too (-1). */
      about = about_sql ? count_of (self, about_sql) : 0;
      if (about < 0 || about > at_most)
        hits->n_games = -1;
      else if (!write_hits (self, kind, games_sql, pattern))
        return FALSE;
      hits->asked = g_steal_pointer (&asked);
      /* Within a transaction seen stays unset: gathered again each time. */
      tb_store_unchanged_since (self, &hits->seen);
    }
  *n_games = hits->n_games;
  return hits->n_games >= 0;
}
