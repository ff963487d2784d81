/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-suggest.c: what a search field offers as it is typed
 *
 * The players' names, and a tag's values, that hold what was typed,
 * whatever its case and accents (both tables keep the folded text,
 * tb_text_fold).  Those that begin with it come first, then those with a
 * word that begins with it ("mar" offers "Marc Petit" before "Élodie
 * Martin", and both before "Omar"), each group in the order of the folded
 * texts.  The names are those a search compares with, kept in memory
 * (tb-store-named.c): ranked by SQLite from the tables at each key
 * typed, 100,000 players took 45-60 ms.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"
#include "tb-text-fold.h"

typedef struct
{
  const char *shown;
  const char *key;
  int rank;             /* 0: begins with it, 1: a word does, 2: holds it */
} Offer;

typedef struct
{
  const char *folded;
  char *word;           /* " " and folded: a word that begins with it */
  const char *tag;      /* only this tag's values, or NULL */
  gboolean players;
  Offer *best;          /* the best so far, in order */
  guint n_best, limit;
} Offering;

static int
compare_offers (const Offer *a, const Offer *b)
{
  return a->rank != b->rank ? a->rank - b->rank : strcmp (a->key, b->key);
}

/* Whether best already shows the same text (a value of several tags). */
static gboolean
already_offered (const Offering *o, const char *shown)
{
  for (guint i = 0; i < o->n_best; i++)
    if (strcmp (o->best[i].shown, shown) == 0)
      return TRUE;
  return FALSE;
}

/* Each name found, put in its place among the best (limit at most). */
static void
consider (const char *shown, const char *key, const char *tag, gpointer data)
{
  Offering *o = data;
  Offer offer = { shown, key, 0 };
  guint at;

  /* "?" stands for an unnamed seat: nobody to look for. */
  if ((o->players && strcmp (shown, "?") == 0) || (o->tag && g_ascii_strcasecmp (tag, o->tag) != 0))
    return;
  offer.rank = g_str_has_prefix (key, o->folded) ? 0 : strstr (key, o->word) ? 1 : 2;
  if (o->n_best == o->limit && compare_offers (&offer, &o->best[o->n_best - 1]) >= 0)
    return;
  if (!o->players && already_offered (o, shown))
    return;
  for (at = o->n_best; at > 0 && compare_offers (&offer, &o->best[at - 1]) < 0; at--)
    ;
  if (o->n_best < o->limit)
    o->n_best++;
  memmove (&o->best[at + 1], &o->best[at], (o->n_best - 1 - at) * sizeof (Offer));
  o->best[at] = offer;
}

/* Offered at most, whatever the limit asked. */
#define MOST_SUGGESTED 100

static GPtrArray *
suggest (TbStore *self, gboolean players, const char *tag, const char *typed, guint limit,
         GError **error)
{
  guint most = MIN (limit, MOST_SUGGESTED);
  g_autofree char *folded = tb_text_fold (typed);
  g_autofree char *word = g_strconcat (" ", folded, NULL);
  g_autofree Offer *best = g_new (Offer, MAX (most, 1));
  Offering o = { folded, word, tag, players, best, 0, most };
  GPtrArray *offered = g_ptr_array_new_with_free_func (g_free);

  if (*folded == '\0' || most == 0)
    return offered;
  if (!tb_store_each_named (self, !players, folded, consider, &o, error))
    {
      g_ptr_array_unref (offered);
      return NULL;
    }
  for (guint i = 0; i < o.n_best; i++)
    g_ptr_array_add (offered, g_strdup (best[i].shown));
  return offered;
}

GPtrArray *
tb_store_suggest_players (TbStore *self, const char *typed, guint limit, GError **error)
{
  return suggest (self, TRUE, NULL, typed, limit, error);
}

GPtrArray *
tb_store_suggest_tag_values (TbStore *self, const char *name, const char *typed, guint limit,
                             GError **error)
{
  return suggest (self, FALSE, name && *name ? name : NULL, typed, limit, error);
}
