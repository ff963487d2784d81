/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-named.c: the players and the tag values a search names
 *
 * A search of a player or a tag compares what was typed, folded
 * (tb_text_fold), with the folded names of every player (players.key)
 * or every distinct tag value (tag_values.key, tb-store-tags.c), before
 * it reaches the games by their ids.  Read with LIKE by SQLite in each
 * statement of the search (its count, its page, three times for a count
 * of a player at either seat), the 25,000 rounds of bench-store's
 * collection took 6 ms a statement, and 100,000 players 15.  The names
 * are kept in memory instead, until the file changes, and compared
 * there: the statements name the ids found.
 */
/* memmem: a GNU extension of the C library. */
#define _GNU_SOURCE
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

/* The rows of sql (id, tag name, key, the name as shown), or NULL and
 * error (what says what was read). */
static TbStoreNamed *
read_named (TbStore *self, const char *sql, const char *what, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, sql, error);
  TbStoreNamed *kept;
  int status;

  if (stmt == NULL)
    return NULL;
  kept = g_new0 (TbStoreNamed, 1);
  kept->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  kept->tags = g_ptr_array_new ();
  kept->tag_texts = g_string_chunk_new (256);
  kept->keys = g_string_new (NULL);
  kept->starts = g_array_new (FALSE, FALSE, sizeof (guint));
  kept->shown = g_ptr_array_new ();
  kept->shown_texts = g_string_chunk_new (4096);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW && kept->keys->len < G_MAXUINT / 2)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      const char *tag = (const char *) sqlite3_column_text (stmt, 1);
      const char *key = (const char *) sqlite3_column_text (stmt, 2);
      const char *shown = (const char *) sqlite3_column_text (stmt, 3);
      guint start = (guint) kept->keys->len;

      g_array_append_val (kept->ids, id);
      g_ptr_array_add (kept->tags, g_string_chunk_insert_const (kept->tag_texts, tag ? tag : ""));
      g_array_append_val (kept->starts, start);
      g_string_append_len (kept->keys, key ? key : "", key ? (gssize) strlen (key) + 1 : 1);
      g_ptr_array_add (kept->shown, g_string_chunk_insert (kept->shown_texts, shown ? shown : ""));
    }
  sqlite3_reset (stmt);
  if (status != SQLITE_DONE)
    {
      tb_store_set_error (self, error, what);
      tb_store_named_free (kept);
      return NULL;
    }
  return kept;
}

#define TAG_VALUES_READ "SELECT id, name, key, value FROM tag_values"
#define PLAYERS_READ "SELECT id, '', key, name FROM players"

/* *slot's names, read again by sql when the file may have changed. */
static TbStoreNamed *
current (TbStore *self, TbStoreNamed **slot, const char *sql, const char *what, GError **error)
{
  TbStoreSeen seen = *slot ? (*slot)->seen : (TbStoreSeen) { 0 };

  if (tb_store_unchanged_since (self, &seen))
    return *slot;
  g_clear_pointer (slot, tb_store_named_free);
  *slot = read_named (self, sql, what, error);
  if (*slot)
    (*slot)->seen = seen;
  return *slot;
}

static TbStoreNamed *
kept_tag_values (TbStore *self, GError **error)
{
  return current (self, &self->tag_values, TAG_VALUES_READ, "cannot read the tags' values",
                  error);
}

static TbStoreNamed *
kept_players (TbStore *self, GError **error)
{
  return current (self, &self->players, PLAYERS_READ, "cannot read the players' names", error);
}

/* The name whose key holds the byte at offset of keys. */
static guint
name_at (const TbStoreNamed *kept, guint offset)
{
  guint low = 0, high = kept->starts->len;

  /* The last name that starts at offset or before. */
  while (high - low > 1)
    {
      guint middle = low + (high - low) / 2;

      if (g_array_index (kept->starts, guint, middle) <= offset)
        low = middle;
      else
        high = middle;
    }
  return low;
}

/* The names whose key holds folded, in order, as indexes.  The keys are
 * searched as one text (their '\0's keep a match within a key, as
 * folded holds none): 0.2 ms for 100,000 players, where a search of
 * each key took 2. */
static GArray *
holding (const TbStoreNamed *kept, const char *folded)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *keys = kept->keys->str, *end = keys + kept->keys->len;
  gsize length = strlen (folded);
  const char *from = keys, *hit;

  while (from < end && (hit = memmem (from, (gsize) (end - from), folded, length)) != NULL)
    {
      guint name = name_at (kept, (guint) (hit - keys));

      g_array_append_val (found, name);
      from = name + 1 < kept->starts->len ? keys + g_array_index (kept->starts, guint, name + 1)
                                          : end;
    }
  return found;
}

GArray *
tb_store_find_tag_values (TbStore *self, const char *name, const char *folded,
                          gboolean *several_tags, GError **error)
{
  TbStoreNamed *kept = kept_tag_values (self, error);
  g_autoptr (GArray) found = NULL;
  const char *first_tag = NULL;
  GArray *ids;

  *several_tags = FALSE;
  if (kept == NULL)
    return NULL;
  found = holding (kept, folded);
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < found->len; i++)
    {
      guint value = g_array_index (found, guint, i);
      const char *tag = kept->tags->pdata[value];

      /* A tag's name in any case: "site" is the Site tag. */
      if (name && g_ascii_strcasecmp (tag, name) != 0)
        continue;
      g_array_append_val (ids, g_array_index (kept->ids, gint64, value));
      /* Tags' names are kept once each: the same name, the same pointer. */
      if (first_tag == NULL)
        first_tag = tag;
      else if (tag != first_tag)
        *several_tags = TRUE;
    }
  return ids;
}

/* A whole name, by the index of the folded names (players_by_key): one
 * look, where going through them all in memory took a millisecond for
 * 100,000 players. */
static GArray *
find_whole_name (TbStore *self, const char *folded, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT id FROM players WHERE key = ?1", error);
  GArray *ids;
  int status;

  if (stmt == NULL)
    return NULL;
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_bind_text (stmt, 1, folded, -1, SQLITE_STATIC);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  if (status != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the players' names");
      g_array_unref (ids);
      return NULL;
    }
  return ids;
}

GArray *
tb_store_find_players (TbStore *self, const char *folded, gboolean whole, GError **error)
{
  g_autoptr (GArray) found = NULL;
  TbStoreNamed *kept;
  GArray *ids;

  if (whole)
    return find_whole_name (self, folded, error);
  kept = kept_players (self, error);
  if (kept == NULL)
    return NULL;
  found = holding (kept, folded);
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < found->len; i++)
    g_array_append_val (ids, g_array_index (kept->ids, gint64, g_array_index (found, guint, i)));
  return ids;
}

gboolean
tb_store_each_named (TbStore *self, gboolean tag_values, const char *folded,
                     TbStoreNamedFound found, gpointer data, GError **error)
{
  TbStoreNamed *kept = tag_values ? kept_tag_values (self, error) : kept_players (self, error);
  g_autoptr (GArray) names = NULL;

  if (kept == NULL)
    return FALSE;
  names = holding (kept, folded);
  for (guint i = 0; i < names->len; i++)
    {
      guint name = g_array_index (names, guint, i);

      found (kept->shown->pdata[name], kept->keys->str + g_array_index (kept->starts, guint, name),
             kept->tags->pdata[name], data);
    }
  return TRUE;
}
