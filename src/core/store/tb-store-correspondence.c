/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-correspondence.c: games played by exchanging records
 *
 * Importing the other player's record of a stored game (same GameId) adds
 * the moves it has beyond the stored ones, and refuses a record whose
 * earlier moves differ (tb-store-import.c hands such records here).  The
 * player to move is reminded after 4 days without a move and loses after
 * 7 ("inactivity"), as on the online Versus site.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

#define DAY (24 * 60 * 60)

/* ---- a record of a stored game brings its new moves ---- */

static gboolean
same_name (const char *a, const char *b)
{
  g_autofree char *x = g_utf8_casefold (a, -1);
  g_autofree char *y = g_utf8_casefold (b, -1);

  return strcmp (x, y) == 0;
}

/* The first ply (1-based) where two lines of tokens differ, or 0 when one
 * is the beginning of the other. */
static guint
first_difference (GStrv a, GStrv b, const char **mine, const char **theirs)
{
  guint i;

  for (i = 0; a[i] && b[i]; i++)
    if (strcmp (a[i], b[i]) != 0)
      {
        *mine = a[i];
        *theirs = b[i];
        return i + 1;
      }
  return 0;
}

TbStoreMerge
tb_store_merge_record (TbStore *self, gint64 id, const TbStoreRecord *record, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT ruleset, player1, player2, line "
                                                 "FROM games JOIN records "
                                                 "ON records.game = games.id WHERE id = ?1",
                                           error);
  const char *mine = NULL, *theirs = NULL;
  g_auto (GStrv) stored = NULL, incoming = NULL;
  guint differs;

  if (stmt == NULL)
    return TB_STORE_MERGE_FAILED;
  sqlite3_bind_int64 (stmt, 1, id);
  switch (sqlite3_step (stmt))
    {
    case SQLITE_ROW:
      break;
    case SQLITE_DONE:
      /* Its row without its record: a conflict of this record only. */
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND,
                   "GameId %s: the stored game has no record", record->game_uuid);
      return TB_STORE_MERGE_CONFLICT;
    default:
      tb_store_set_error (self, error, "cannot read the stored game");
      return TB_STORE_MERGE_FAILED;
    }
  if (strcmp ((const char *) sqlite3_column_text (stmt, 0), record->ruleset) != 0 ||
      !same_name ((const char *) sqlite3_column_text (stmt, 1), record->player1) ||
      !same_name ((const char *) sqlite3_column_text (stmt, 2), record->player2))
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CONFLICT,
                   "GameId %s is already another game here (%s, %s against %s)",
                   record->game_uuid, sqlite3_column_text (stmt, 0),
                   sqlite3_column_text (stmt, 1), sqlite3_column_text (stmt, 2));
      sqlite3_reset (stmt);
      return TB_STORE_MERGE_CONFLICT;
    }
  stored = g_strsplit ((const char *) sqlite3_column_text (stmt, 3), " ", -1);
  incoming = g_strsplit (record->line->str, " ", -1);
  sqlite3_reset (stmt);
  differs = first_difference (stored, incoming, &mine, &theirs);
  if (differs)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CONFLICT,
                   "GameId %s: move %u is %s here but %s in this record; the moves already "
                   "played cannot change", record->game_uuid, differs, mine, theirs);
      return TB_STORE_MERGE_CONFLICT;
    }
  /* Nothing new (the same record, or an older one). */
  if (g_strv_length (incoming) <= g_strv_length (stored) || record->line->len == 0)
    return TB_STORE_MERGE_NOTHING_NEW;
  return tb_store_update_record (self, id, record, error) ? TB_STORE_MERGE_ADDED
                                                         : TB_STORE_MERGE_FAILED;
}

/* ---- reminders and the end by inactivity ---- */

typedef struct
{
  gint64 id;
  gint64 moved;
  int plies;
  gboolean reminded;
} Waiting;

static GArray *
waiting_games (TbStore *self, GError **error)
{
  g_autoptr (GArray) games = g_array_new (FALSE, FALSE, sizeof (Waiting));
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT id, moved, plies, reminded = plies "
                                                 "FROM games WHERE correspondence = 1 AND "
                                                 "result = '*' ORDER BY id", error);
  int step;

  if (stmt == NULL)
    return NULL;
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      Waiting w = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1),
                    sqlite3_column_int (stmt, 2), sqlite3_column_int (stmt, 3) };

      g_array_append_val (games, w);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the games");
      return NULL;
    }
  return g_steal_pointer (&games);
}

/* Seven days without a move: the player to move loses. */
static gboolean
end_by_inactivity (TbStore *self, gint64 id, GError **error)
{
  g_autoptr (TbGame) game = tb_store_load_game (self, id, error);

  if (game == NULL)
    return FALSE;
  if (tb_game_is_over (game))
    return TRUE;
  tb_game_finish (game, tb_game_get_to_move (game) == 1 ? TB_RESULT_SEAT2_WINS
                                                         : TB_RESULT_SEAT1_WINS,
                  TB_TERMINATION_INACTIVITY);
  return tb_store_save_game (self, id, game, error);
}

/* One number of game id's row: sql sets it from ?2. */
static gboolean
set_number (TbStore *self, const char *sql, gint64 id, gint64 value, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, value);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot change the game");
      return FALSE;
    }
  return TRUE;
}

gboolean
tb_store_check_correspondence (TbStore *self, gint64 now, TbStoreReminder remind,
                               gpointer user_data, guint *ended, GError **error)
{
  g_autoptr (GArray) games = NULL;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);

  if (ended)
    *ended = 0;
  games = waiting_games (self, error);
  if (games == NULL)
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      const Waiting *w = &g_array_index (games, Waiting, i);
      gint64 idle = now - w->moved;

      if (idle >= 7 * DAY)
        {
          if (!end_by_inactivity (self, w->id, error))
            return FALSE;
          if (ended)
            (*ended)++;
        }
      else if (idle >= 4 * DAY && !w->reminded)
        {
          if (!set_number (self, "UPDATE games SET reminded = ?2 WHERE id = ?1", w->id, w->plies,
                           error))
            return FALSE;
          if (remind)
            remind (self, w->id, (guint) (idle / DAY), user_data);
        }
    }
  return TRUE;
}

gboolean
tb_store_set_moved (TbStore *self, gint64 id, gint64 when, GError **error)
{
  g_return_val_if_fail (TB_IS_STORE (self), FALSE);

  return set_number (self, "UPDATE games SET moved = ?2 WHERE id = ?1", id, when, error);
}
