/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-explorer.c: the opening explorer's questions to the database
 *
 * A position is looked up by its key, which its images under the board's
 * symmetries share (tb-position-key.h); the counts are read from openings,
 * a few rows a position however many games reached it, and the moves,
 * stored in the orientation of the canonical image, are turned back into
 * that of the position asked about.  A row whose orientation is not the
 * position's came from games that reached an image of it.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

static void
explorer_move_free (TbStoreExplorerMove *move)
{
  g_free (move->move);
  g_free (move);
}

void
tb_store_explorer_free (TbStoreExplorer *explorer)
{
  if (explorer == NULL)
    return;
  g_ptr_array_unref (explorer->moves);
  g_free (explorer->total.move);
  g_free (explorer);
}

static void
add_counts (TbStoreExplorerMove *to, sqlite3_stmt *stmt, gboolean mirrored)
{
  guint games = (guint) sqlite3_column_int (stmt, 2);

  to->games += games;
  to->wins1 += (guint) sqlite3_column_int (stmt, 3);
  to->draws += (guint) sqlite3_column_int (stmt, 4);
  to->wins2 += (guint) sqlite3_column_int (stmt, 5);
  if (mirrored)
    to->mirrored += games;
}

static int
most_played_first (gconstpointer a, gconstpointer b)
{
  const TbStoreExplorerMove *x = *(TbStoreExplorerMove *const *) a;
  const TbStoreExplorerMove *y = *(TbStoreExplorerMove *const *) b;

  if (x->games != y->games)
    return x->games > y->games ? -1 : 1;
  return strcmp (x->move, y->move);
}

/* The rows of one move (in the canonical orientation) come one after
 * another, one an orientation: summed into one. */
static TbStoreExplorerMove *
move_of_row (TbStoreExplorer *explorer, const TbPositionKeys *keys, const TbPositionKey *key,
             const char *canonical, char **last)
{
  if (*last && strcmp (*last, canonical) == 0)
    return explorer->moves->pdata[explorer->moves->len - 1];
  g_free (*last);
  *last = g_strdup (canonical);
  {
    TbStoreExplorerMove *move = g_new0 (TbStoreExplorerMove, 1);

    move->move = tb_position_key_move_back (keys, key, canonical);
    g_ptr_array_add (explorer->moves, move);
    return move;
  }
}

TbStoreExplorer *
tb_store_explore (TbStore *self, TbVariant *variant, const TbPosition *pos, GError **error)
{
  const TbPositionKeys *keys = tb_position_keys_get (variant);
  g_autoptr (TbStoreExplorer) explorer = g_new0 (TbStoreExplorer, 1);
  g_autofree char *last = NULL;
  TbPositionKey key;
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  explorer->moves = g_ptr_array_new_with_free_func ((GDestroyNotify) explorer_move_free);
  explorer->total.move = g_strdup ("*");
  tb_position_key (keys, pos, &key);
  stmt = tb_store_statement (self, "SELECT move, orient, games, wins1, draws, wins2 "
                                   "FROM openings WHERE key = ?1 ORDER BY move, orient", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, key.key);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *canonical = (const char *) sqlite3_column_text (stmt, 0);
      gboolean mirrored = (guint) sqlite3_column_int (stmt, 1) != key.orient;

      if (strcmp (canonical, "*") == 0)
        add_counts (&explorer->total, stmt, mirrored);
      else
        add_counts (move_of_row (explorer, keys, &key, canonical, &last), stmt, mirrored);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the explorer's counts");
      return NULL;
    }
  g_ptr_array_sort (explorer->moves, most_played_first);
  return g_steal_pointer (&explorer);
}

GArray *
tb_store_explore_games (TbStore *self, TbVariant *variant, const TbPosition *pos,
                        gint64 after_id, guint limit, GError **error)
{
  TbPositionKey key;
  g_autoptr (GArray) games = g_array_new (FALSE, FALSE, sizeof (TbStoreExplorerGame));
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  tb_position_key (tb_position_keys_get (variant), pos, &key);
  /* A game that reached it more than once: its first time. */
  stmt = tb_store_statement (self, "SELECT game, min (ply), orient FROM positions "
                                   "WHERE key = ?1 AND game > ?2 GROUP BY game "
                                   "ORDER BY game LIMIT ?3", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, key.key);
  sqlite3_bind_int64 (stmt, 2, after_id);
  sqlite3_bind_int64 (stmt, 3, limit);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      TbStoreExplorerGame game = {
        .id = sqlite3_column_int64 (stmt, 0),
        .ply = (guint) sqlite3_column_int (stmt, 1),
        .mirrored = (guint) sqlite3_column_int (stmt, 2) != key.orient,
      };

      g_array_append_val (games, game);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the games of the position");
      return NULL;
    }
  return g_steal_pointer (&games);
}
