/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-search-suggestions.h: the names a search field offers as it is typed */
#pragma once

#include <gtk/gtk.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_SEARCH_SUGGESTIONS (tb_search_suggestions_get_type ())
G_DECLARE_FINAL_TYPE (TbSearchSuggestions, tb_search_suggestions, TB, SEARCH_SUGGESTIONS, GObject)

/* Offers, under entry, the players' names that hold what is typed (from
 * the store given), once typing pauses; Up and Down go through them,
 * Enter or a click emits "chosen" with the name, Escape puts them away.
 * The entry keeps the keyboard all along. */
TbSearchSuggestions *tb_search_suggestions_new (GtkSearchEntry *entry);
/* The store read (a store-job handle: tb-store-job.h), or NULL: none. */
void tb_search_suggestions_set_store (TbSearchSuggestions *self, TbStore *store);
/* Offers the values of the tag named (NULL: of any tag) instead. */
void tb_search_suggestions_offer_tag_values (TbSearchSuggestions *self, const char *tag_name);
/* The names offered now, as their rows show them (for tests). */
GListModel *tb_search_suggestions_get_offered (TbSearchSuggestions *self);

G_END_DECLS
