/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-ratings.c: the players' Elo ratings
 *
 * Worked out from the stored games each time they are asked for (a few
 * milliseconds for thousands of games), in date order, so a game
 * imported late still counts where it belongs.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

TbEloTable *
tb_store_ratings (TbStore *self, const char *ruleset, GError **error)
{
  g_autoptr (TbEloTable) table = tb_elo_table_new ();
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  g_return_val_if_fail (ruleset != NULL, NULL);

  stmt = tb_store_statement (self, "SELECT player1, player2, result FROM games "
                                   "WHERE ruleset = ?1 AND rated = 1 AND result != '*' "
                                   "ORDER BY date, created, id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, ruleset, -1, SQLITE_TRANSIENT);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *result = (const char *) sqlite3_column_text (stmt, 2);
      double score1 = strcmp (result, "1-0") == 0 ? 1.0 : strcmp (result, "0-1") == 0 ? 0.0 : 0.5;

      tb_elo_table_add_game (table, (const char *) sqlite3_column_text (stmt, 0),
                             (const char *) sqlite3_column_text (stmt, 1), score1);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the games");
      return NULL;
    }
  return g_steal_pointer (&table);
}

GStrv
tb_store_rated_rulesets (TbStore *self, GError **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT DISTINCT ruleset FROM games "
                                                 "WHERE rated = 1 AND result != '*' "
                                                 "ORDER BY ruleset", error);
  int step;

  if (stmt == NULL)
    return NULL;
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    g_strv_builder_add (builder, (const char *) sqlite3_column_text (stmt, 0));
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the games");
      return NULL;
    }
  return g_strv_builder_end (builder);
}
