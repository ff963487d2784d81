/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-correspondence.c: games played by exchanging records
 *
 * Importing the other player's record of a stored game (same GameId) adds
 * the moves it has beyond the stored ones (tb-store-merge.c).  The player
 * to move is reminded after 4 days without a move and loses after 7
 * ("inactivity"), as on the online Versus site.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

#define DAY (24 * 60 * 60)

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
