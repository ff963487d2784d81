/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-twins.c: games stored twice under different tags
 *
 * The store keeps one copy of a record (its fingerprint: tags and moves),
 * but the same game typed twice, or imported from two files that tag it
 * differently ("Élodie" here, "ELODIE" there, another event name), is
 * two games.  Twins are games of one ruleset, with the same players at
 * the same seats (their folded names, tb_text_fold) and the same moves;
 * a game without a move has no twin.  Nothing is deleted: the person
 * decides.  One pass over the games sorted by what twins share, so the
 * time is that of the sort.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

/* Whether the row the statement is on is a twin of the one before: the
 * same ruleset, players and moves (columns 1 to 4).  Compared as bytes:
 * a line is stored as codes (tb-move-code.h), which may hold zeros. */
static gboolean
same_game (sqlite3_stmt *stmt, GBytes *previous[4])
{
  gboolean same = TRUE;

  for (int column = 0; column < 4; column++)
    {
      const void *data = sqlite3_column_blob (stmt, column + 1);
      gsize size = (gsize) sqlite3_column_bytes (stmt, column + 1);
      g_autoptr (GBytes) value = g_bytes_new (data, size);

      if (previous[column] == NULL || !g_bytes_equal (previous[column], value))
        {
          same = FALSE;
          g_clear_pointer (&previous[column], g_bytes_unref);
          previous[column] = g_steal_pointer (&value);
        }
    }
  return same;
}

/* The group, if it holds twins, goes to groups; a new one begins. */
static void
keep_if_twins (GPtrArray *groups, GArray **group)
{
  if ((*group)->len >= 2)
    {
      g_ptr_array_add (groups, *group);
      *group = g_array_new (FALSE, FALSE, sizeof (gint64));
    }
  g_array_set_size (*group, 0);
}

GPtrArray *
tb_store_twins (TbStore *self, GError **error)
{
  g_autoptr (GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr (GArray) group = g_array_new (FALSE, FALSE, sizeof (gint64));
  GBytes *previous[4] = { NULL };
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  stmt = tb_store_statement (self, "SELECT g.id, g.ruleset, p1.key, p2.key, r.line "
                                   "FROM games AS g JOIN records AS r ON r.game = g.id "
                                   "JOIN players AS p1 ON p1.id = g.player1_id "
                                   "JOIN players AS p2 ON p2.id = g.player2_id "
                                   "WHERE g.plies > 0 "
                                   "ORDER BY g.ruleset, p1.key, p2.key, r.line, g.id", error);
  if (stmt == NULL)
    return NULL;
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      if (!same_game (stmt, previous))
        keep_if_twins (groups, &group);
      g_array_append_val (group, id);
    }
  keep_if_twins (groups, &group);
  sqlite3_reset (stmt);
  for (int i = 0; i < 4; i++)
    g_clear_pointer (&previous[i], g_bytes_unref);
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot compare the games");
      return NULL;
    }
  return g_steal_pointer (&groups);
}
