/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-text-hits.c: the games a comment's text names, gathered once
 *
 * A search of the comments' text is asked for several times in a row with
 * the same words: its count, its first page, each page scrolled to, and
 * again for every other sort.  Each statement matched the words in the
 * full-text index anew (on the 100,000 games of bench-store, 0.7 ms for
 * the 1,667 games of "sacrifice", twice for a first page and its count).
 * The games found are kept instead, in a table of the connection's own
 * (temp.comment_hits, which is not in the file), until another text is
 * asked for or the file changes; the statements of the search read them
 * by their ids, and their number is known.
 */
#include "config.h"

#include "tb-store-private.h"

/* Made once per connection: a temporary table lives as long as it. */
#define CREATE_HITS "CREATE TEMP TABLE IF NOT EXISTS comment_hits (game INTEGER PRIMARY KEY)"

/* Writes to the connection's own table, counted apart: they are no change
 * of the file, which the copies kept of it (tb_store_unchanged_since)
 * must not take for one. */
static gboolean
write_hits (TbStore *self, const char *games_sql, const char *pattern)
{
  g_autofree char *fill = g_strconcat ("INSERT INTO temp.comment_hits ", games_sql, NULL);
  gint64 before = sqlite3_total_changes64 (self->db);
  sqlite3_stmt *stmt = NULL;
  gboolean done;

  if (!self->text_hits.created && !tb_store_exec (self, CREATE_HITS, NULL))
    return FALSE;
  self->text_hits.created = TRUE;
  done = tb_store_exec (self, "DELETE FROM temp.comment_hits", NULL) &&
         (stmt = tb_store_statement (self, fill, NULL)) != NULL &&
         sqlite3_bind_text (stmt, 1, pattern, -1, SQLITE_STATIC) == SQLITE_OK &&
         sqlite3_step (stmt) == SQLITE_DONE;
  if (done)
    self->text_hits.n_games = sqlite3_changes64 (self->db);
  if (stmt)
    sqlite3_reset (stmt);
  self->scratch_changes += sqlite3_total_changes64 (self->db) - before;
  return done;
}

gboolean
tb_store_text_hits (TbStore *self, const char *games_sql, const char *pattern, gint64 *n_games)
{
  TbStoreTextHits *hits = &self->text_hits;
  g_autofree char *asked = g_strconcat (games_sql, "\x1f", pattern, NULL);
  gboolean kept = hits->asked && g_str_equal (hits->asked, asked);

  /* Checked even when another text is asked for: it sets seen to now. */
  if (!tb_store_unchanged_since (self, &hits->seen) || !kept)
    {
      g_clear_pointer (&hits->asked, g_free);
      if (!write_hits (self, games_sql, pattern))
        return FALSE;
      /* Within a transaction seen stays unset: gathered again each time. */
      hits->asked = g_steal_pointer (&asked);
      tb_store_unchanged_since (self, &hits->seen);
    }
  *n_games = hits->n_games;
  return TRUE;
}

void
tb_store_forget_text_hits (TbStore *self)
{
  g_clear_pointer (&self->text_hits.asked, g_free);
  self->text_hits.created = FALSE;
  /* The connection's count of changes starts again with it. */
  self->scratch_changes = 0;
}
