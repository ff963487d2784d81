/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-practice.c: the practice's results, and the games it is made
 * of (tb-store.h; the exercises themselves are tb-practice.h's)
 *
 * An analysed game is known by its record: the analysis writes each
 * position's evaluation, which the record keeps as [%eval] in its
 * movetext (the records table's variations column, docs/tgn.md); a
 * game without any has never been analysed.
 */
#include "config.h"

#include "tb-store-private.h"
#include "tb-text-fold.h"

/* A player's games are found by the players' folded names (schema 6):
 * the whole name, whatever its case and accents. */
GArray *
tb_store_practice_games (TbStore *self, const char *ruleset, const char *player, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *key = NULL;
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  g_return_val_if_fail (player != NULL, NULL);

  stmt = tb_store_statement (self,
                             "SELECT g.id FROM games g JOIN records r ON r.game = g.id "
                             "WHERE (?1 IS NULL OR g.ruleset = ?1) "
                             "  AND (g.player1_id IN (SELECT id FROM players WHERE key = ?2) "
                             "    OR g.player2_id IN (SELECT id FROM players WHERE key = ?2)) "
                             "  AND instr (r.variations, '[%eval') > 0 "
                             "ORDER BY g.id", error);
  if (stmt == NULL)
    return NULL;
  key = tb_text_fold (player);
  sqlite3_bind_text (stmt, 1, ruleset, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the analysed games");
      return NULL;
    }
  return g_steal_pointer (&ids);
}

GArray *
tb_store_practice_results (TbStore *self, gint64 id, GError **error)
{
  g_autoptr (GArray) results = g_array_new (FALSE, TRUE, sizeof (TbStorePracticeResult));
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  stmt = tb_store_statement (self, "SELECT ply, seat, tries, solved, last_solved, last_tried "
                                   "FROM practice WHERE game = ?1 ORDER BY ply", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      TbStorePracticeResult r = {
        .game = id,
        .ply = (guint) sqlite3_column_int (stmt, 0),
        .seat = (guint) sqlite3_column_int (stmt, 1),
        .tries = (guint) sqlite3_column_int (stmt, 2),
        .solved = (guint) sqlite3_column_int (stmt, 3),
        .last_solved = sqlite3_column_int (stmt, 4) != 0,
        .last_tried = sqlite3_column_int64 (stmt, 5),
      };

      g_array_append_val (results, r);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the practice's results");
      return NULL;
    }
  return g_steal_pointer (&results);
}

gboolean
tb_store_practice_record (TbStore *self, gint64 id, guint ply, guint seat, gboolean solved,
                          gint64 when, GError **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);

  if (self->read_only)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_READ_ONLY,
                   "%s: opened read-only: the result is not kept", self->path);
      return FALSE;
    }
  stmt = tb_store_statement (self,
                             "INSERT INTO practice (game, ply, seat, tries, solved, last_solved, "
                             "  last_tried) "
                             "SELECT ?1, ?2, ?3, 1, ?4, ?4, ?5 WHERE EXISTS "
                             "  (SELECT 1 FROM games WHERE id = ?1) "
                             "ON CONFLICT (game, ply) DO UPDATE SET seat = ?3, "
                             "  tries = tries + 1, solved = solved + ?4, last_solved = ?4, "
                             "  last_tried = ?5", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int (stmt, 2, (int) ply);
  sqlite3_bind_int (stmt, 3, (int) seat);
  sqlite3_bind_int (stmt, 4, solved ? 1 : 0);
  sqlite3_bind_int64 (stmt, 5, when);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot keep the practice's result");
      return FALSE;
    }
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND,
                   "%s: no game %" G_GINT64_FORMAT, self->path, id);
      return FALSE;
    }
  return TRUE;
}

static TbStorePracticeCounts *
counts_of (GHashTable *table, const char *key)
{
  TbStorePracticeCounts *counts = g_hash_table_lookup (table, key);

  if (counts == NULL)
    {
      counts = g_new0 (TbStorePracticeCounts, 1);
      g_hash_table_insert (table, g_strdup (key), counts);
    }
  return counts;
}

/* Runs sql (ruleset bound to ?1; rows of a folded name and a count) and
 * adds each count where offset says in its player's counts. */
static gboolean
add_counts (TbStore *self, GHashTable *table, const char *sql, const char *ruleset,
            gsize offset, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, sql, error);
  int step;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, ruleset, -1, SQLITE_TRANSIENT);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      TbStorePracticeCounts *counts = counts_of (table,
                                                 (const char *) sqlite3_column_text (stmt, 0));

      G_STRUCT_MEMBER (guint, counts, offset) = (guint) sqlite3_column_int (stmt, 1);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot count the practice's exercises");
      return FALSE;
    }
  return TRUE;
}

GHashTable *
tb_store_practice_counts (TbStore *self, const char *ruleset, GError **error)
{
  g_autoptr (GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  g_return_val_if_fail (ruleset != NULL, NULL);

  if (!add_counts (self, table,
                   "SELECT p.key, COUNT (*) FROM games g JOIN records r ON r.game = g.id "
                   "  JOIN players p ON p.id IN (g.player1_id, g.player2_id) "
                   "WHERE g.ruleset = ?1 AND instr (r.variations, '[%eval') > 0 "
                   "GROUP BY p.key",
                   ruleset, G_STRUCT_OFFSET (TbStorePracticeCounts, analysed_games), error) ||
      !add_counts (self, table,
                   "SELECT p.key, COUNT (*) FROM practice x JOIN games g ON g.id = x.game "
                   "  JOIN players p ON p.id = CASE x.seat WHEN 1 THEN g.player1_id "
                   "                                       ELSE g.player2_id END "
                   "WHERE g.ruleset = ?1 AND x.last_solved = 1 GROUP BY p.key",
                   ruleset, G_STRUCT_OFFSET (TbStorePracticeCounts, solved), error))
    return NULL;
  return g_steal_pointer (&table);
}
