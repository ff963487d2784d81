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

#include "tb-move-code.h"
#include "tb-store-private.h"

void
tb_store_bind_move (sqlite3_stmt *stmt, int parameter, guint8 ruleset, const char *move)
{
  guint64 code;

  if (*move == '\0' || strcmp (move, "*") == 0)
    sqlite3_bind_int (stmt, parameter, 0);
  else if ((code = tb_move_code_encode (ruleset, move, strlen (move))) != 0)
    sqlite3_bind_int64 (stmt, parameter, (gint64) code);
  else
    sqlite3_bind_text (stmt, parameter, move, -1, SQLITE_TRANSIENT);
}

char *
tb_store_column_move (sqlite3_stmt *stmt, int column, guint8 ruleset)
{
  g_autoptr (GString) token = NULL;
  gint64 code;

  if (sqlite3_column_type (stmt, column) != SQLITE_INTEGER)
    return g_strdup ((const char *) sqlite3_column_text (stmt, column));
  code = sqlite3_column_int64 (stmt, column);
  token = g_string_new (NULL);
  /* A code no token has (damage) reads as none. */
  if (code > 0)
    tb_move_code_decode (ruleset, (guint64) code, token);
  return g_string_free (g_steal_pointer (&token), FALSE);
}

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

/* The number of the game's ruleset in move codes. */
static guint8
game_ruleset (TbGame *game)
{
  return tb_move_code_ruleset (tb_rules_get_id (tb_game_get_rules (game)));
}

/* The old way, for a game whose record does not read: its rows found by
 * reading the whole table (positions has no index by game). */
static gboolean
forget_by_reading_all (TbStore *self, gint64 id, GError **error)
{
  return run_on_game (self, UNCOUNT_POSITIONS ("?1", STORED_RESULT), id, NULL, error) &&
         run_on_game (self, DROP_EMPTY_OPENINGS ("?1"), id, NULL, error) &&
         run_on_game (self, DELETE_POSITIONS ("?1"), id, NULL, error);
}

static gboolean
has_pending_rows (TbStore *self, gint64 id)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT EXISTS (SELECT 1 FROM positions_pending "
                                                 "WHERE game = ?1)", NULL);
  gboolean any = FALSE;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  any = sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  return any;
}

/* The game's rows of positions deleted by their keys; FALSE with
 * *missing when fewer were there than entries. */
static gboolean
delete_entries (TbStore *self, gint64 id, GArray *entries, gboolean *missing, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "DELETE FROM positions WHERE key = ?1 "
                                                 "AND deep = ?2 AND game = ?3 AND ply = ?4",
                                           error);
  guint deleted = 0;

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, i);

      sqlite3_bind_int64 (stmt, 1, entry->key);
      sqlite3_bind_int (stmt, 2, entry->ply >= OPENING_PLIES);
      sqlite3_bind_int64 (stmt, 3, id);
      sqlite3_bind_int (stmt, 4, (int) entry->ply);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          tb_store_set_error (self, error, "cannot take the game's positions off");
          sqlite3_reset (stmt);
          return FALSE;
        }
      deleted += (guint) sqlite3_changes (self->db);
      sqlite3_reset (stmt);
    }
  *missing = deleted != entries->len;
  return TRUE;
}

static gboolean count_openings (TbStore *self, guint8 ruleset, GArray *entries,
                                const char *result, int sign, GError **error);

/* The game's result as its row has it, or NULL. */
static char *
stored_result (TbStore *self, gint64 id)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT result FROM games WHERE id = ?1", NULL);
  char *result = NULL;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    result = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return result;
}

/* positions has no index by game (schema 11): a game's rows are found by
 * their keys, worked out again from its stored line, which is what they
 * were written from.  Rows still pending (an import not merged yet) are
 * found by game, and were not counted yet. */
gboolean
tb_store_forget_positions (TbStore *self, gint64 id, TbGame *game, GError **error)
{
  g_autoptr (GArray) entries = NULL;
  g_autofree char *result = NULL;
  gboolean missing = FALSE;

  if (has_pending_rows (self, id))
    return run_on_game (self, "DELETE FROM positions_pending WHERE game = ?1", id, NULL, error);
  if (game == NULL)
    return forget_by_reading_all (self, id, error);
  entries = tb_position_entries (game, TB_STORE_EXPLORER_PLIES);
  result = stored_result (self, id);
  if (!delete_entries (self, id, entries, &missing, error))
    return FALSE;
  /* Rows that were not what the line gives (written by another program):
   * the others found the old way, the counts made anew. */
  if (missing)
    return run_on_game (self, "DELETE FROM positions WHERE game = ?1", id, NULL, error) &&
           tb_store_exec (self, REBUILD_OPENINGS, error);
  return count_openings (self, game_ruleset (game), entries, result, -1, error);
}

/* An import's rows go to positions_pending so many to a statement (its
 * deep is worked out when merged): one statement a row cost more than
 * writing the row. */
#define PENDING_ROW "(?, ?, ?, ?, ?)"
#define PENDING_ROWS_AT_ONCE 8
#define INSERT_PENDING "INSERT INTO positions_pending (key, game, ply, move, orient) VALUES "

static gboolean
step_entries (TbStore *self, sqlite3_stmt *stmt, GError **error)
{
  if (sqlite3_step (stmt) == SQLITE_DONE)
    {
      sqlite3_reset (stmt);
      return TRUE;
    }
  tb_store_set_error (self, error, "cannot index the game's positions");
  return FALSE;
}

/* Into positions, or positions_pending during an import. */
static gboolean
insert_entries (TbStore *self, gint64 id, guint8 ruleset, GArray *entries, gboolean pending,
                GError **error)
{
  sqlite3_stmt *one = tb_store_statement (self, pending ?
                                                INSERT_PENDING PENDING_ROW :
                                                "INSERT INTO positions "
                                                "(key, game, ply, move, orient, deep) "
                                                "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", error);
  sqlite3_stmt *several = !pending ? NULL :
    tb_store_statement (self, INSERT_PENDING PENDING_ROW ", " PENDING_ROW ", " PENDING_ROW ", "
                              PENDING_ROW ", " PENDING_ROW ", " PENDING_ROW ", " PENDING_ROW ", "
                              PENDING_ROW, error);
  guint i = 0;

  if (one == NULL || (pending && several == NULL))
    return FALSE;
  for (; pending && i + PENDING_ROWS_AT_ONCE <= entries->len; i += PENDING_ROWS_AT_ONCE)
    {
      for (guint j = 0; j < PENDING_ROWS_AT_ONCE; j++)
        {
          const TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, i + j);
          int column = (int) j * 5;

          sqlite3_bind_int64 (several, column + 1, entry->key);
          sqlite3_bind_int64 (several, column + 2, id);
          sqlite3_bind_int (several, column + 3, (int) entry->ply);
          tb_store_bind_move (several, column + 4, ruleset, entry->move);
          sqlite3_bind_int (several, column + 5, (int) entry->orient);
        }
      if (!step_entries (self, several, error))
        return FALSE;
    }
  for (; i < entries->len; i++)
    {
      const TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, i);

      sqlite3_bind_int64 (one, 1, entry->key);
      sqlite3_bind_int64 (one, 2, id);
      sqlite3_bind_int (one, 3, (int) entry->ply);
      tb_store_bind_move (one, 4, ruleset, entry->move);
      sqlite3_bind_int (one, 5, (int) entry->orient);
      if (!pending)
        sqlite3_bind_int (one, 6, entry->ply >= OPENING_PLIES);
      if (!step_entries (self, one, error))
        return FALSE;
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

/* The first entry with i's key. */
static guint
first_with_key (GArray *entries, guint i)
{
  for (guint j = 0; j < i; j++)
    if (g_array_index (entries, TbPositionEntry, j).key ==
        g_array_index (entries, TbPositionEntry, i).key)
      return j;
  return i;
}

/* A game taken off a count; the row goes when no game is left. */
#define UNCOUNT_OPENING \
  "UPDATE openings SET games = games - 1, wins1 = wins1 - ?4, draws = draws - ?5," \
  "  wins2 = wins2 - ?6 WHERE key = ?1 AND move = ?2 AND orient = ?3;" 
#define DROP_EMPTY_OPENING \
  "DELETE FROM openings WHERE key = ?1 AND move = ?2 AND orient = ?3 AND games <= 0;"

/* One count of the game's, with its result: sign 1 adds the game, -1
 * takes it off. */
static gboolean
count_one (TbStore *self, const TbPositionEntry *entry, guint8 ruleset, const char *move,
           const char *result, int sign, GError **error)
{
  const char *const sql[] = { sign > 0 ? COUNT_OPENING : UNCOUNT_OPENING,
                              sign > 0 ? NULL : DROP_EMPTY_OPENING };

  for (guint i = 0; i < G_N_ELEMENTS (sql) && sql[i]; i++)
    {
      sqlite3_stmt *stmt = tb_store_statement (self, sql[i], error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, entry->key);
      tb_store_bind_move (stmt, 2, ruleset, move);
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
    }
  return TRUE;
}

/* The first column of the one row of sql, with key bound to ?1 (0 when
 * it has none); -1 on an error. */
static gint64
ask_about_key (TbStore *self, const char *sql, gint64 key, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, sql, error);
  gint64 answer = 0;
  int step;

  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, key);
  step = sqlite3_step (stmt);
  if (step == SQLITE_ROW)
    answer = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (step != SQLITE_ROW && step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot index the game's positions");
      return -1;
    }
  return answer;
}

typedef enum
{
  NOT_AHEAD,       /* its games are counted when asked about */
  AHEAD,           /* counted in openings: the game is to be added */
  JUST_AHEAD,      /* counted now from all its rows, the game's among them */
} Ahead;

/* Whether the position of key, whose rows of the game being written are
 * in positions, is counted ahead; counted from all its rows if it has
 * just become so. */
static gboolean
find_ahead (TbStore *self, gint64 key, Ahead *ahead, GError **error)
{
  gint64 known = ask_about_key (self, "SELECT EXISTS (SELECT 1 FROM openings WHERE key = ?1)",
                                key, error);
  gint64 now;

  *ahead = known > 0 ? AHEAD : NOT_AHEAD;
  if (known != 0)
    return known > 0;
  now = ask_about_key (self, "SELECT " COUNTED_AHEAD ("?1"), key, error);
  if (now <= 0)
    return now == 0;
  *ahead = JUST_AHEAD;
  return ask_about_key (self, COUNT_POSITIONS_OF ("?1"), key, error) == 0;
}

/* The counts of the game's openings, from its entries (as
 * COUNT_POSITIONS_OF counts them from its rows, which an import spent a
 * fifth of its time reading back): added (sign 1) or taken off (-1).
 * Only the positions counted ahead have counts: those made from all their
 * rows when the game makes them so have it already. */
static gboolean
count_openings (TbStore *self, guint8 ruleset, GArray *entries, const char *result, int sign,
                GError **error)
{
  Ahead ahead[OPENING_PLIES];

  for (guint i = 0; i < entries->len && i < OPENING_PLIES; i++)
    {
      const TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, i);
      guint first = first_with_key (entries, i);

      /* Taking off changes the counts there are, and only those. */
      if (sign > 0 && first == i && !find_ahead (self, entry->key, &ahead[i], error))
        return FALSE;
      if (sign > 0 && (ahead[i] = ahead[first]) != AHEAD)
        continue;
      if (!counted_before (entries, i, FALSE) &&
          !count_one (self, entry, ruleset, "*", result, sign, error))
        return FALSE;
      if (*entry->move && !counted_before (entries, i, TRUE) &&
          !count_one (self, entry, ruleset, entry->move, result, sign, error))
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

  guint8 ruleset = tb_move_code_ruleset (record->ruleset);

  if (self->defer_positions)
    {
      self->pending_positions += entries->len;
      return insert_entries (self, id, ruleset, entries, TRUE, error);
    }
  return insert_entries (self, id, ruleset, entries, FALSE, error) &&
         count_openings (self, ruleset, entries, record->result, 1, error);
}

/* The pending rows, in the order of positions' key; their counts (those
 * of OPENINGS_OF_GAME for each game) added to those of the positions
 * counted ahead; then the positions that these rows make counted ahead
 * (COUNTED_AHEAD), all their rows counted. */
#define PENDING_OPENINGS \
  "SELECT game, key, move, orient FROM positions_pending" \
  "  WHERE ply < " G_STRINGIFY (OPENING_PLIES) " AND move <> 0" \
  "  AND key IN (SELECT key FROM openings)" \
  "  UNION SELECT game, key, 0, orient FROM positions_pending" \
  "  WHERE ply < " G_STRINGIFY (OPENING_PLIES) " AND key IN (SELECT key FROM openings)"
/* Two ways to find them: the keys of the pending rows each looked up in
 * positions (a few steps of its primary key, 4 us), or the whole of
 * positions read in order (0.1-0.2 us a row), which a merge of as many
 * rows as the table held before takes: on 100,000 games of
 * build-aux/bench-store the look-ups took 5.0 s of CPU over the import's
 * merges. */
#define NEWLY_AHEAD_LOOKED_UP \
  "SELECT key FROM positions_pending WHERE ply < " G_STRINGIFY (OPENING_PLIES) \
  "  AND key NOT IN (SELECT key FROM openings) GROUP BY key" \
  "  HAVING " COUNTED_AHEAD ("positions_pending.key")
#define NEWLY_AHEAD_READ_THROUGH \
  "SELECT key FROM positions WHERE deep = 0 GROUP BY key" \
  "  HAVING count (*) >= " G_STRINGIFY (OPENINGS_FROM) \
  "  AND key NOT IN (SELECT key FROM openings)" \
  "  AND key IN (SELECT key FROM positions_pending WHERE ply < " G_STRINGIFY (OPENING_PLIES) ")"
/* Read through when the pending rows are a sixteenth of positions or
 * more. */
#define READ_THROUGH_FROM 16
#define MERGE_PENDING(newly_ahead) \
  "INSERT INTO positions (key, deep, game, ply, move, orient)" \
  "  SELECT key, ply >= " G_STRINGIFY (OPENING_PLIES) ", game, ply, move, orient" \
  "  FROM positions_pending ORDER BY 1, 2, 3, 4;" \
  "INSERT INTO openings (key, move, orient, games, wins1, draws, wins2)" \
  "  SELECT d.key, d.move, d.orient, count (*), sum (g.result = '1-0')," \
  "    sum (g.result = '1/2-1/2'), sum (g.result = '0-1')" \
  "  FROM (" PENDING_OPENINGS ") AS d JOIN games AS g ON g.id = d.game" \
  "  WHERE true GROUP BY d.key, d.move, d.orient" \
  "  ON CONFLICT (key, move, orient) DO UPDATE SET games = games + excluded.games," \
  "  wins1 = wins1 + excluded.wins1, draws = draws + excluded.draws," \
  "  wins2 = wins2 + excluded.wins2;" \
  "WITH newly_ahead (key) AS MATERIALIZED (" newly_ahead ")" \
  COUNT_POSITIONS_OF ("SELECT key FROM newly_ahead") \
  "DELETE FROM positions_pending;"

gboolean
tb_store_merge_pending_positions (TbStore *self, GError **error)
{
  /* Unknown (pending rows left by an import that stopped short): looked
   * up, as a few rows are more likely than many. */
  gboolean read_through = self->pending_positions > 0 &&
                          (guint64) self->pending_positions * READ_THROUGH_FROM >=
                            self->merged_positions + self->pending_positions;

  self->merged_positions += self->pending_positions;
  self->pending_positions = 0;
  return tb_store_exec (self, read_through ? MERGE_PENDING (NEWLY_AHEAD_READ_THROUGH) :
                                             MERGE_PENDING (NEWLY_AHEAD_LOOKED_UP), error);
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
  if (!tb_store_commit (self, error))
    return FALSE;
  tb_store_give_back_free_pages (self);
  return TRUE;
}

gboolean
tb_store_index_game_positions (TbStore *self, gint64 id, TbGame *game, GError **error)
{
  g_autoptr (GArray) entries = tb_position_entries (game, TB_STORE_EXPLORER_PLIES);

  return insert_entries (self, id, game_ruleset (game), entries, FALSE, error);
}
