/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-positions.c: every position of every stored game, and the
 * counts of the opening explorer
 *
 * positions holds a row a ply of the first TB_STORE_EXPLORER_PLIES plies
 * of each game's main line, and one for the position it ends on (move '')
 * when it ends before: its key, the game, the ply, the move
 * played from it in the orientation of the canonical image, and the
 * symmetry that maps it there (tb-position-key.h).  An import writes
 * them to positions_pending first, in the order of its games, and merges
 * them in the order of keys every PENDING_ROWS rows and at its end (its
 * games are found by the explorer then); a writer's opening merges what
 * an import that stopped short left.  openings counts them
 * (tb-store-private.h says why).  A save takes the game's rows and counts
 * off and writes them anew; a delete takes them off by the trigger that
 * cascades (tb-store-schema.c), whoever deletes.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

/* The result of the game's row as it is. */
#define STORED_RESULT "(SELECT result FROM games WHERE id = ?1)"

static gboolean
run_on_game (TbStore *self, const char *sql, gint64 id, const char *result, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (result)
    sqlite3_bind_text (stmt, 2, result, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot index the game's positions");
      return FALSE;
    }
  return TRUE;
}

gboolean
tb_store_forget_positions (TbStore *self, gint64 id, GError **error)
{
  return run_on_game (self, UNCOUNT_POSITIONS ("?1", STORED_RESULT), id, NULL, error) &&
         run_on_game (self, DROP_EMPTY_OPENINGS ("?1"), id, NULL, error) &&
         run_on_game (self, DELETE_POSITIONS ("?1"), id, NULL, error);
}

/* Into positions, or positions_pending during an import (its deep, ?6,
 * is worked out when merged). */
static gboolean
insert_entries (TbStore *self, gint64 id, GArray *entries, gboolean pending, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, pending ?
                                                 "INSERT INTO positions_pending "
                                                 "(key, game, ply, move, orient) "
                                                 "VALUES (?1, ?2, ?3, ?4, ?5)" :
                                                 "INSERT INTO positions "
                                                 "(key, game, ply, move, orient, deep) "
                                                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", error);

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, i);

      sqlite3_bind_int64 (stmt, 1, entry->key);
      sqlite3_bind_int64 (stmt, 2, id);
      sqlite3_bind_int (stmt, 3, (int) entry->ply);
      sqlite3_bind_text (stmt, 4, entry->move, -1, SQLITE_STATIC);
      sqlite3_bind_int (stmt, 5, (int) entry->orient);
      if (!pending)
        sqlite3_bind_int (stmt, 6, entry->ply >= OPENING_PLIES);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          tb_store_set_error (self, error, "cannot index the game's positions");
          return FALSE;
        }
      sqlite3_reset (stmt);
    }
  return TRUE;
}

/* Whether an entry before i of the openings has i's key and orientation,
 * and its move too when with_move: the game counts once for each. */
static gboolean
counted_before (GArray *entries, guint i, gboolean with_move)
{
  const TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, i);

  for (guint j = 0; j < i; j++)
    {
      const TbPositionEntry *other = &g_array_index (entries, TbPositionEntry, j);

      if (other->key == entry->key && other->orient == entry->orient &&
          (!with_move || strcmp (other->move, entry->move) == 0))
        return TRUE;
    }
  return FALSE;
}

static gboolean
count_one (TbStore *self, const TbPositionEntry *entry, const char *move, const char *result,
           GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, COUNT_OPENING, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry->key);
  sqlite3_bind_text (stmt, 2, move, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 3, (int) entry->orient);
  sqlite3_bind_int (stmt, 4, g_strcmp0 (result, "1-0") == 0);
  sqlite3_bind_int (stmt, 5, g_strcmp0 (result, "1/2-1/2") == 0);
  sqlite3_bind_int (stmt, 6, g_strcmp0 (result, "0-1") == 0);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot index the game's positions");
      sqlite3_reset (stmt);
      return FALSE;
    }
  sqlite3_reset (stmt);
  return TRUE;
}

/* The counts of the game's openings, from its entries (as
 * COUNT_POSITIONS counts them from its rows, which an import spent a
 * fifth of its time reading back). */
static gboolean
count_openings (TbStore *self, GArray *entries, const char *result, GError **error)
{
  for (guint i = 0; i < entries->len && i < OPENING_PLIES; i++)
    {
      const TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, i);

      if (!counted_before (entries, i, FALSE) && !count_one (self, entry, "*", result, error))
        return FALSE;
      if (*entry->move && !counted_before (entries, i, TRUE) &&
          !count_one (self, entry, entry->move, result, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tb_store_write_positions (TbStore *self, gint64 id, const TbStoreRecord *record, GError **error)
{
  /* Worked out here, on the writer's thread, unless the record's maker
   * did it ahead. */
  g_autoptr (GArray) entries = record->entries
                                 ? g_array_ref (record->entries)
                                 : tb_main_line_entries (record->main_line,
                                                         TB_STORE_EXPLORER_PLIES);

  if (self->defer_positions)
    {
      self->pending_positions += entries->len;
      return insert_entries (self, id, entries, TRUE, error);
    }
  return insert_entries (self, id, entries, FALSE, error) &&
         count_openings (self, entries, record->result, error);
}

/* The pending rows, in the order of positions' key, and their counts
 * (those of OPENINGS_OF_GAME for each game) added to openings. */
#define MERGE_PENDING \
  "INSERT INTO positions (key, deep, game, ply, move, orient)" \
  "  SELECT key, ply >= " G_STRINGIFY (OPENING_PLIES) ", game, ply, move, orient" \
  "  FROM positions_pending ORDER BY 1, 2, 3, 4;" \
  "INSERT INTO openings (key, move, orient, games, wins1, draws, wins2)" \
  "  SELECT d.key, d.move, d.orient, count (*), sum (g.result = '1-0')," \
  "    sum (g.result = '1/2-1/2'), sum (g.result = '0-1')" \
  "  FROM (SELECT game, key, move, orient FROM positions_pending" \
  "        WHERE ply < " G_STRINGIFY (OPENING_PLIES) " AND move <> ''" \
  "        UNION SELECT game, key, '*', orient FROM positions_pending" \
  "        WHERE ply < " G_STRINGIFY (OPENING_PLIES) ") AS d" \
  "  JOIN games AS g ON g.id = d.game WHERE true GROUP BY d.key, d.move, d.orient" \
  "  ON CONFLICT (key, move, orient) DO UPDATE SET games = games + excluded.games," \
  "  wins1 = wins1 + excluded.wins1, draws = draws + excluded.draws," \
  "  wins2 = wins2 + excluded.wins2;" \
  "DELETE FROM positions_pending;"

/* positions' index by game made anew after a merge rather than kept row
 * by row: the rows come in the order of keys, so each went to a page of
 * the index at random, which an import of 100,000 games read and wrote
 * again and again; SQLite makes an index from a sort, in one pass. */
#define DROP_POSITIONS_BY_GAME "DROP INDEX positions_by_game;"
#define CREATE_POSITIONS_BY_GAME "CREATE INDEX positions_by_game ON positions (game);"

gboolean
tb_store_merge_pending_positions (TbStore *self, GError **error)
{
  /* Worth it when the merge brings as many rows as half the table has:
   * an import's merges (MERGE_IS_DUE), not a writer's opening. */
  gboolean anew = self->defer_positions &&
                  (guint64) self->pending_positions * 2 >= self->merged_positions;

  self->merged_positions += self->pending_positions;
  self->pending_positions = 0;
  /* The prepared statements that read the index are prepared again by
   * SQLite at their next step. */
  return tb_store_exec (self, anew ? DROP_POSITIONS_BY_GAME MERGE_PENDING CREATE_POSITIONS_BY_GAME
                                   : MERGE_PENDING, error);
}

gboolean
tb_store_settle_pending_positions (TbStore *self, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT EXISTS (SELECT 1 FROM positions_pending)",
                                           error);
  gboolean any;

  if (stmt == NULL)
    return FALSE;
  any = sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  if (!any)
    return TRUE;
  if (!tb_store_begin (self, error))
    return FALSE;
  if (!tb_store_merge_pending_positions (self, error))
    {
      tb_store_rollback (self);
      return FALSE;
    }
  return tb_store_commit (self, error);
}

static gboolean
index_game (TbStore *self, gint64 id, GError **error)
{
  g_autoptr (GError) unread = NULL;
  g_autoptr (TbGame) game = tb_store_load_game (self, id, &unread);
  g_autoptr (GArray) entries = NULL;

  /* A game that no longer reads is said so when opened; its positions
   * are not known. */
  if (game == NULL)
    return !g_error_matches (unread, TB_STORE_ERROR, TB_STORE_ERROR_FAILED) ||
           (g_propagate_error (error, g_steal_pointer (&unread)), FALSE);
  entries = tb_position_entries (game, TB_STORE_EXPLORER_PLIES);
  return insert_entries (self, id, entries, FALSE, error);
}

gboolean
tb_store_index_all_games (TbStore *self, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT id FROM games ORDER BY id", error);
  int step;

  if (stmt == NULL)
    return FALSE;
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot index the games' positions");
      return FALSE;
    }
  for (guint i = 0; i < ids->len; i++)
    if (!index_game (self, g_array_index (ids, gint64, i), error))
      return FALSE;
  return tb_store_exec (self, REBUILD_OPENINGS, error);
}
