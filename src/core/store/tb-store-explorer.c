/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-explorer.c: the opening explorer's questions to the database
 *
 * A position is looked up by its key, which its images under the board's
 * symmetries share (tb-position-key.h).  When many games reached it in
 * their first OPENING_PLIES plies, their counts are read from openings, a
 * few rows however many games; those of the games that reached it later
 * are made from their rows of positions, leaving out what a game already
 * counted early.  The counts of a position few games reached are all
 * made from its rows (tb-store-private.h says which are counted ahead).
 * The moves, stored in the orientation of the canonical image, are
 * turned back into that of the position asked about.  A row whose orientation is not the position's came from games
 * that reached an image of it.
 */
#include "config.h"

#include <string.h>

#include "tb-move-code.h"
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
add_counts (TbStoreExplorerMove *to, guint games, guint wins1, guint draws, guint wins2,
            gboolean mirrored)
{
  to->games += games;
  to->wins1 += wins1;
  to->draws += draws;
  to->wins2 += wins2;
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

typedef struct
{
  TbStoreExplorer *explorer;
  const TbPositionKeys *keys;
  TbPositionKey key;
  GHashTable *moves;       /* canonical move -> its TbStoreExplorerMove */
  guint8 ruleset;          /* its number in move codes (tb-move-code.h) */
  gboolean ahead;          /* openings counts the games of its first plies */
} Look;

/* The counts of canonical ("*": the total), the same move's rows summed
 * whatever their orientation. */
static TbStoreExplorerMove *
counts_of (Look *look, const char *canonical)
{
  TbStoreExplorerMove *move;

  if (strcmp (canonical, "*") == 0)
    return &look->explorer->total;
  move = g_hash_table_lookup (look->moves, canonical);
  if (move == NULL)
    {
      move = g_new0 (TbStoreExplorerMove, 1);
      move->move = tb_position_key_move_back (look->keys, &look->key, canonical);
      g_ptr_array_add (look->explorer->moves, move);
      g_hash_table_insert (look->moves, g_strdup (canonical), move);
    }
  return move;
}

static gboolean
read_openings (TbStore *self, Look *look, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT move, orient, games, wins1, draws, "
                                                 "wins2 FROM openings WHERE key = ?1", error);
  int step;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, look->key.key);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *move = tb_store_column_move (stmt, 0, look->ruleset);

      look->ahead = TRUE;
      add_counts (counts_of (look, *move ? move : "*"), (guint) sqlite3_column_int (stmt, 2),
                  (guint) sqlite3_column_int (stmt, 3), (guint) sqlite3_column_int (stmt, 4),
                  (guint) sqlite3_column_int (stmt, 5),
                  (guint) sqlite3_column_int (stmt, 1) != look->key.orient);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the explorer's counts");
      return FALSE;
    }
  return TRUE;
}

/* The rows not counted in openings: the deep ones when it counts the
 * others (?2 1), all of them when it does not (?2 0).  Each counts its
 * game once for its move and orientation, and once for the total in its
 * orientation, unless counted already: by an earlier row, or in openings
 * (a row of the game's first plies). */
#define ROWS_TO_COUNT \
  "SELECT p.game, p.move, p.orient, g.result," \
  "  ?2 AND EXISTS (SELECT 1 FROM positions AS q WHERE q.key = p.key AND q.deep = 0" \
  "          AND q.game = p.game AND q.move = p.move AND q.orient = p.orient)," \
  "  ?2 AND EXISTS (SELECT 1 FROM positions AS q WHERE q.key = p.key AND q.deep = 0" \
  "          AND q.game = p.game AND q.orient = p.orient)" \
  " FROM positions AS p JOIN games AS g ON g.id = p.game WHERE p.key = ?1 AND p.deep >= ?2"

static void
count_deep (Look *look, GHashTable *seen, const char *canonical, gint64 game, guint orient,
            const char *result)
{
  char *id = g_strdup_printf ("%" G_GINT64_FORMAT " %u %s", game, orient, canonical);

  if (!g_hash_table_add (seen, id))
    return;
  add_counts (counts_of (look, canonical), 1, strcmp (result, "1-0") == 0,
              strcmp (result, "1/2-1/2") == 0, strcmp (result, "0-1") == 0,
              orient != look->key.orient);
}

static gboolean
read_rows (TbStore *self, Look *look, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, ROWS_TO_COUNT, error);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int step;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, look->key.key);
  sqlite3_bind_int (stmt, 2, look->ahead);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 game = sqlite3_column_int64 (stmt, 0);
      g_autofree char *move = tb_store_column_move (stmt, 1, look->ruleset);
      guint orient = (guint) sqlite3_column_int (stmt, 2);
      const char *result = (const char *) sqlite3_column_text (stmt, 3);

      if (*move && !sqlite3_column_int (stmt, 4))
        count_deep (look, seen, move, game, orient, result);
      if (!sqlite3_column_int (stmt, 5))
        count_deep (look, seen, "*", game, orient, result);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the explorer's counts");
      return FALSE;
    }
  return TRUE;
}

TbStoreExplorer *
tb_store_explore (TbStore *self, TbVariant *variant, const TbPosition *pos, GError **error)
{
  g_autoptr (TbStoreExplorer) explorer = g_new0 (TbStoreExplorer, 1);
  g_autoptr (GHashTable) moves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Look look = { explorer, tb_position_keys_get (variant), { 0 }, moves,
                tb_move_code_ruleset (tb_rules_get_id (variant->rules)), FALSE };

  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  explorer->moves = g_ptr_array_new_with_free_func ((GDestroyNotify) explorer_move_free);
  explorer->total.move = g_strdup ("*");
  tb_position_key (look.keys, pos, &look.key);
  if (!read_openings (self, &look, error) || !read_rows (self, &look, error))
    return NULL;
  g_ptr_array_sort (explorer->moves, most_played_first);
  return g_steal_pointer (&explorer);
}

/* The games of the rows of key at one depth after after_id, each with
 * its first ply there, by id. */
static GArray *
games_at_depth (TbStore *self, gint64 key, int deep, gint64 after_id, guint limit,
                GError **error)
{
  GArray *games = g_array_new (FALSE, FALSE, sizeof (TbStoreExplorerGame));
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT game, min (ply), orient FROM positions "
                                                 "WHERE key = ?1 AND deep = ?2 AND game > ?3 "
                                                 "GROUP BY game ORDER BY game LIMIT ?4", error);
  int step;

  if (stmt == NULL)
    {
      g_array_unref (games);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, key);
  sqlite3_bind_int (stmt, 2, deep);
  sqlite3_bind_int64 (stmt, 3, after_id);
  sqlite3_bind_int64 (stmt, 4, limit);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      TbStoreExplorerGame game = {
        .id = sqlite3_column_int64 (stmt, 0),
        .ply = (guint) sqlite3_column_int (stmt, 1),
        .mirrored = sqlite3_column_int (stmt, 2),  /* the orientation, for now */
      };

      g_array_append_val (games, game);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the games of the position");
      g_array_unref (games);
      return NULL;
    }
  return games;
}

/* The first limit games of early and late, both by id: a game in both
 * reached the position early first. */
static GArray *
merge_games (GArray *early, GArray *late, guint limit, guint orient)
{
  GArray *games = g_array_new (FALSE, FALSE, sizeof (TbStoreExplorerGame));
  guint i = 0, j = 0;

  while (games->len < limit && (i < early->len || j < late->len))
    {
      TbStoreExplorerGame *a = i < early->len ? &g_array_index (early, TbStoreExplorerGame, i)
                                              : NULL;
      TbStoreExplorerGame *b = j < late->len ? &g_array_index (late, TbStoreExplorerGame, j)
                                             : NULL;
      TbStoreExplorerGame next = a && (b == NULL || a->id <= b->id) ? *a : *b;

      if (a && a->id == next.id)
        i++;
      if (b && b->id == next.id)
        j++;
      next.mirrored = (guint) next.mirrored != orient;
      g_array_append_val (games, next);
    }
  return games;
}

int
tb_store_position_ply (TbStore *self, gint64 id, gint64 key, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT min (ply) FROM positions "
                                                 "WHERE key = ?1 AND game = ?2", error);
  int ply = -1;

  if (stmt == NULL)
    return -2;
  sqlite3_bind_int64 (stmt, 1, key);
  sqlite3_bind_int64 (stmt, 2, id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      tb_store_set_error (self, error, "cannot read where the game reached the position");
      return -2;
    }
  if (sqlite3_column_type (stmt, 0) != SQLITE_NULL)
    ply = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  return ply;
}

GArray *
tb_store_explore_games (TbStore *self, TbVariant *variant, const TbPosition *pos,
                        gint64 after_id, guint limit, GError **error)
{
  g_autoptr (GArray) early = NULL;
  g_autoptr (GArray) late = NULL;
  TbPositionKey key;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  tb_position_key (tb_position_keys_get (variant), pos, &key);
  if ((early = games_at_depth (self, key.key, 0, after_id, limit, error)) == NULL ||
      (late = games_at_depth (self, key.key, 1, after_id, limit, error)) == NULL)
    return NULL;
  return merge_games (early, late, limit, key.orient);
}
