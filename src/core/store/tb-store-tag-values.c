/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-tag-values.c: the tag values a search names
 *
 * A search of the tags compares what was typed with every distinct value
 * of tag_values (tb-store-tags.c), by their folded texts, before it
 * reaches the games by the values' ids.  Read with LIKE by SQLite, the
 * 25,000 rounds of bench-store's collection took 6 ms, in each statement
 * of the search (its count, its page).  The values are kept in memory
 * instead, with their tags' names, until the file changes, and compared
 * there.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

typedef struct
{
  gint64 id;
  const char *name;  /* in texts */
  const char *key;   /* the folded value, in texts */
} TagValue;

struct _TbStoreTagValues
{
  GArray *values;          /* of TagValue */
  GStringChunk *texts;     /* names (each once) and keys */
  TbStoreSeen seen;
};

static void
tag_values_free (TbStoreTagValues *kept)
{
  if (kept == NULL)
    return;
  g_array_unref (kept->values);
  g_string_chunk_free (kept->texts);
  g_free (kept);
}

void
tb_store_forget_tag_values (TbStore *self)
{
  g_clear_pointer (&self->tag_values, tag_values_free);
}

/* Every value of tag_values, or NULL and error. */
static TbStoreTagValues *
read_tag_values (TbStore *self, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT id, name, key FROM tag_values", error);
  TbStoreTagValues *kept;
  int status;

  if (stmt == NULL)
    return NULL;
  kept = g_new0 (TbStoreTagValues, 1);
  kept->values = g_array_new (FALSE, FALSE, sizeof (TagValue));
  kept->texts = g_string_chunk_new (4096);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 1);
      const char *key = (const char *) sqlite3_column_text (stmt, 2);
      TagValue value = {
        sqlite3_column_int64 (stmt, 0),
        g_string_chunk_insert_const (kept->texts, name ? name : ""),
        g_string_chunk_insert (kept->texts, key ? key : ""),
      };

      g_array_append_val (kept->values, value);
    }
  if (status != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the tags' values");
      sqlite3_reset (stmt);
      tag_values_free (kept);
      return NULL;
    }
  sqlite3_reset (stmt);
  return kept;
}

/* The values kept, read again when the file may have changed. */
static TbStoreTagValues *
current_tag_values (TbStore *self, GError **error)
{
  TbStoreSeen seen = self->tag_values ? self->tag_values->seen : (TbStoreSeen) { 0 };

  if (tb_store_unchanged_since (self, &seen))
    return self->tag_values;
  tb_store_forget_tag_values (self);
  self->tag_values = read_tag_values (self, error);
  if (self->tag_values)
    self->tag_values->seen = seen;
  return self->tag_values;
}

GArray *
tb_store_find_tag_values (TbStore *self, const char *name, const char *folded,
                          gboolean *several_tags, GError **error)
{
  TbStoreTagValues *kept = current_tag_values (self, error);
  const char *first_name = NULL;
  GArray *ids;

  *several_tags = FALSE;
  if (kept == NULL)
    return NULL;
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < kept->values->len; i++)
    {
      const TagValue *value = &g_array_index (kept->values, TagValue, i);

      if ((name && strcmp (value->name, name) != 0) || strstr (value->key, folded) == NULL)
        continue;
      g_array_append_val (ids, value->id);
      /* Names are kept once each: the same name, the same pointer. */
      if (first_name == NULL)
        first_name = value->name;
      else if (value->name != first_name)
        *several_tags = TRUE;
    }
  return ids;
}
