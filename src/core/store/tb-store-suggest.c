/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-suggest.c: what a search field offers as it is typed
 *
 * The players' names, and a tag's values, that hold what was typed,
 * whatever its case and accents (both tables keep the folded text,
 * tb_text_fold).  Those that begin with it come first, then those with a
 * word that begins with it ("mar" offers "Marc Petit" before "Élodie
 * Martin", and both before "Omar"), each group in alphabetical order.
 * Both tables hold one row per name or value, not per game: reading them
 * through is what a search does anyway (tb-store-query.c).
 */
#include "config.h"

#include "tb-store-private.h"
#include "tb-text-fold.h"

/* ?1: anywhere, ?2: at the start, ?3: at a word's start; ?4: the limit. */
#define RANKED(column) \
  " AND " column " LIKE ?1 ESCAPE '\\' ORDER BY " column " LIKE ?2 ESCAPE '\\' DESC, " \
  column " LIKE ?3 ESCAPE '\\' DESC, " column " LIMIT ?4"

static GPtrArray *
suggest (TbStore *self, const char *sql, const char *name, const char *typed, guint limit,
         GError **error)
{
  g_autofree char *folded = tb_text_fold (typed);
  g_autofree char *anywhere = tb_text_like_anywhere (folded);
  /* tb_text_like_anywhere's pattern is %text%: the same without its
   * first %, and with a space before the text. */
  g_autofree char *start = g_strdup (anywhere + 1);
  g_autofree char *word = g_strconcat ("% ", anywhere + 1, NULL);
  sqlite3_stmt *stmt = tb_store_statement (self, sql, error);
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  int step;

  if (stmt == NULL)
    return NULL;
  if (*folded == '\0')
    return g_steal_pointer (&found);
  sqlite3_bind_text (stmt, 1, anywhere, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, start, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, word, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 4, MIN (limit, (guint) G_MAXINT));
  if (name)
    sqlite3_bind_text (stmt, 5, name, -1, SQLITE_STATIC);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (found, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the names to suggest");
      return NULL;
    }
  return g_steal_pointer (&found);
}

GPtrArray *
tb_store_suggest_players (TbStore *self, const char *typed, guint limit, GError **error)
{
  /* "?" stands for an unnamed seat: nobody to look for. */
  return suggest (self, "SELECT name FROM players WHERE name <> '?'" RANKED ("key"), NULL, typed,
                  limit, error);
}

GPtrArray *
tb_store_suggest_tag_values (TbStore *self, const char *name, const char *typed, guint limit,
                             GError **error)
{
  if (name && *name)
    return suggest (self, "SELECT value FROM tag_values WHERE name = ?5" RANKED ("key"), name,
                    typed, limit, error);
  return suggest (self, "SELECT DISTINCT value FROM tag_values WHERE 1" RANKED ("key"), NULL,
                  typed, limit, error);
}
