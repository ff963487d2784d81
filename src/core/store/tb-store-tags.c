/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-tags.c: the games found by their tags (Event, Site, Round…)
 *
 * The tags a search may ask about are kept apart from the record's
 * header: each distinct value once in tag_values (with its folded text,
 * tb_text_fold, which a search compares), and each game's values in
 * game_tags.  Events, sites and annotators repeat across a collection, so
 * the table of values stays small and is the one a search reads through;
 * the games are then reached by the values' ids, as players are by
 * theirs.  The tags kept elsewhere (date, players, result, the game, its
 * end) have their own columns and filters, and the tags that describe
 * the moves (PlyCount, Score, the set-up) are nothing to search for.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"
#include "tb-text-fold.h"

/* Not searched as tags: a filter of their own, or the moves' summary. */
static const char *const unsearched_tags[] = {
  "Date", "Player1", "Player2", "Result", "Game", "TgnVersion", "Termination",
  "PlyCount", "Score", "GameId", "MatchScore", "X_Tablier_SetUp", "X_Tablier_Options",
  "Player1Type", "Player2Type", "Player1Level", "Player2Level", "Starter",
};

static gboolean
is_searched (const char *name, const char *value)
{
  for (guint i = 0; i < G_N_ELEMENTS (unsearched_tags); i++)
    if (strcmp (name, unsearched_tags[i]) == 0)
      return FALSE;
  /* Unknown ("?") or none ("-"): nothing a search would name. */
  return *value && strcmp (value, "?") != 0 && strcmp (value, "-") != 0;
}

/* The tag pair at *line ("[Name \"value\"]"), its escapes undone; *line
 * is moved past it.  FALSE at the end of the header or on a line that is
 * not a tag pair (the header is written by the store: it does not
 * happen, and the line is passed over). */
static gboolean
next_tag (const char **line, GString *name, GString *value)
{
  const char *p = *line;
  const char *end = strchr (p, '\n');

  if (*p == '\0')
    return FALSE;
  *line = end ? end + 1 : p + strlen (p);
  g_string_truncate (name, 0);
  g_string_truncate (value, 0);
  if (*p++ != '[')
    return TRUE;
  while (*p && *p != ' ' && *p != '\n')
    g_string_append_c (name, *p++);
  if (*p++ != ' ' || *p++ != '"')
    return TRUE;
  for (; *p && *p != '"' && *p != '\n'; p++)
    {
      if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
        p++;
      g_string_append_c (value, *p);
    }
  return TRUE;
}

/* The id of a tag's value, 0 when it has none yet, -1 (and error) when
 * the database fails. */
static gint64
stored_value_id (TbStore *self, const char *name, const char *value, GError **error)
{
  sqlite3_stmt *stmt =
    tb_store_statement (self, "SELECT id FROM tag_values WHERE name = ?1 AND value = ?2", error);
  gint64 id = 0;
  int step;

  if (stmt == NULL)
    return -1;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, value, -1, SQLITE_STATIC);
  if ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  else if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read a tag's value");
      id = -1;
    }
  /* Reset at once, not to hold a read transaction. */
  sqlite3_reset (stmt);
  return id;
}

/* The id of a tag's value, added when new (remembered, as the players
 * are: an import meets the same events and sites in game after game).
 * Looked up, then added: one upsert with RETURNING cost 44 us a value
 * (its results go through a table of their own, and it keeps a statement
 * journal), most of an import's tags. */
static gint64
value_id (TbStore *self, const char *name, const char *value, GError **error)
{
  g_autofree char *remembered = g_strconcat (name, "\x1f", value, NULL);
  gint64 id = GPOINTER_TO_SIZE (g_hash_table_lookup (self->tag_value_ids, remembered));
  g_autofree char *key = NULL;
  sqlite3_stmt *stmt;

  if (id)
    return id;
  id = stored_value_id (self, name, value, error);
  if (id < 0)
    return 0;
  if (id == 0)
    {
      stmt = tb_store_statement (self, "INSERT INTO tag_values (name, value, key) "
                                       "VALUES (?1, ?2, ?3)", error);
      if (stmt == NULL)
        return 0;
      key = tb_text_fold (value);
      sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, value, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 3, key, -1, SQLITE_STATIC);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          tb_store_set_error (self, error, "cannot keep a tag's value");
          return 0;
        }
      id = sqlite3_last_insert_rowid (self->db);
    }
  g_hash_table_insert (self->tag_value_ids, g_steal_pointer (&remembered), GSIZE_TO_POINTER (id));
  return id;
}

static gboolean
link_value (TbStore *self, gint64 game, gint64 value, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (
    self, "INSERT OR IGNORE INTO game_tags (value, game) VALUES (?1, ?2)", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, value);
  sqlite3_bind_int64 (stmt, 2, game);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot keep a game's tags");
      return FALSE;
    }
  return TRUE;
}

gboolean
tb_store_write_tags (TbStore *self, gint64 game, const char *header, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "DELETE FROM game_tags WHERE game = ?1", error);
  g_autoptr (GString) name = g_string_new (NULL);
  g_autoptr (GString) value = g_string_new (NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot keep a game's tags");
      return FALSE;
    }
  while (next_tag (&header, name, value))
    {
      gint64 id;

      if (!is_searched (name->str, value->str))
        continue;
      id = value_id (self, name->str, value->str, error);
      if (id == 0 || !link_value (self, game, id, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tb_store_tag_all_games (TbStore *self, GError **error)
{
  /* Its own statement: tb_store_write_tags resets the cached ones, and
   * writing other tables under this read is what SQLite allows. */
  sqlite3_stmt *stmt = NULL;
  gboolean ok = TRUE;
  int step;

  if (sqlite3_prepare_v2 (self->db, "SELECT game, header FROM records", -1, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "cannot read the games' tags");
      return FALSE;
    }
  while (ok && (step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *header = (const char *) sqlite3_column_text (stmt, 1);

      ok = tb_store_write_tags (self, sqlite3_column_int64 (stmt, 0), header ? header : "", error);
    }
  if (ok && step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the games' tags");
      ok = FALSE;
    }
  sqlite3_finalize (stmt);
  return ok;
}

gboolean
tb_store_parse_tag_search (const char *typed, char **name, char **text)
{
  const char *p = typed;

  *name = NULL;
  while (g_ascii_isalnum (*p) || *p == '_')
    p++;
  if (p > typed && *p == '=')
    {
      *name = g_strndup (typed, p - typed);
      typed = p + 1;
    }
  *text = g_strstrip (g_strdup (typed));
  if (**text == '\0')
    {
      g_clear_pointer (name, g_free);
      g_clear_pointer (text, g_free);
      return FALSE;
    }
  return TRUE;
}
