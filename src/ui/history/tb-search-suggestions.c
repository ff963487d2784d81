/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-search-suggestions.c: the names a search field offers as it is typed
 *
 * A popover under the entry lists what the store suggests for the text
 * (tb-store-suggest.c: the names that begin with it first), asked in a
 * store job once typing pauses (the entry's search-changed), the previous
 * question cancelled.  The popover does not take the keyboard (no
 * autohide, nothing in it focusable), so typing goes on in the entry; the
 * entry's own keys go through the list, as GtkEntryCompletion's do.  A
 * name in double quotes is a whole name already chosen: nothing is
 * offered for it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-search-suggestions.h"
#include "tb-store-job.h"

/* Enough to choose from without hiding the list of games. */
#define MOST_OFFERED 8

struct _TbSearchSuggestions
{
  GObject parent_instance;

  GtkSearchEntry *entry;      /* not owned: it owns the popover */
  GtkEventController *keys;   /* the entry's, added here */
  GtkEventController *focus;
  GtkWidget *popover;
  GtkListBox *list;
  GtkStringList *offered;
  TbStore *store;
  gboolean tags;
  char *tag_name;
  GCancellable *asking;
};

G_DEFINE_FINAL_TYPE (TbSearchSuggestions, tb_search_suggestions, G_TYPE_OBJECT)

enum
{
  CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The entry's text, not the entry itself, has the focus when typed into. */
static gboolean
is_typed_into (TbSearchSuggestions *self)
{
  return (gtk_widget_get_state_flags (GTK_WIDGET (self->entry)) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;
}

static void
put_away (TbSearchSuggestions *self)
{
  g_cancellable_cancel (self->asking);
  g_clear_object (&self->asking);
  if (self->popover)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
}

static void
choose (TbSearchSuggestions *self, guint position)
{
  g_autofree char *name = NULL;

  if (position >= g_list_model_get_n_items (G_LIST_MODEL (self->offered)))
    return;
  name = g_strdup (gtk_string_list_get_string (self->offered, position));
  put_away (self);
  g_signal_emit (self, signals[CHOSEN], 0, name);
}

static void
on_suggested (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbSearchSuggestions) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = tb_store_job_suggest_finish (result, &error);
  const char *typed;
  gboolean only_what_is_typed;

  /* Cancelled, or the database unreadable (the search says so), or the
   * entry gone meanwhile. */
  if (names == NULL || self->entry == NULL)
    return;
  typed = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  only_what_is_typed = names->len == 1 && g_utf8_collate (names->pdata[0], typed) == 0;
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->offered, 0, g_list_model_get_n_items (G_LIST_MODEL (self->offered)),
                          (const char *const *) names->pdata);
  if (names->len == 1 || only_what_is_typed || !is_typed_into (self))
    gtk_popover_popdown (GTK_POPOVER (self->popover));
  else
    {
      /* As wide as the entry, as a drop-down's list is. */
      gtk_widget_set_size_request (GTK_WIDGET (self->list),
                                   gtk_widget_get_width (GTK_WIDGET (self->entry)), -1);
      gtk_popover_popup (GTK_POPOVER (self->popover));
    }
}

static void
on_search_changed (TbSearchSuggestions *self)
{
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));

  put_away (self);
  if (self->store == NULL || *typed == '\0' || *typed == '"' ||
      !is_typed_into (self))
    return;
  self->asking = g_cancellable_new ();
  if (self->tags)
    tb_store_job_suggest_tag_values (self->store, self->tag_name, typed, MOST_OFFERED,
                                     self->asking, on_suggested, g_object_ref (self));
  else
    tb_store_job_suggest_players (self->store, typed, MOST_OFFERED, self->asking, on_suggested,
                                  g_object_ref (self));
}

/* Up and Down go through the names offered, Enter chooses the one
 * selected; the others stay the entry's. */
static gboolean
on_key_pressed (TbSearchSuggestions *self, guint keyval, guint keycode, GdkModifierType state)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);
  int at = row ? gtk_list_box_row_get_index (row) : -1;
  int n = (int) g_list_model_get_n_items (G_LIST_MODEL (self->offered));

  if (!gtk_widget_get_visible (self->popover) || n == 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      at = MIN (at + 1, n - 1);
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      at = at - 1;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      if (at < 0)
        return FALSE;
      choose (self, (guint) at);
      return TRUE;
    case GDK_KEY_Escape:
      put_away (self);
      return TRUE;
    default:
      return FALSE;
    }
  gtk_list_box_select_row (self->list, at >= 0 ? gtk_list_box_get_row_at_index (self->list, at)
                                                : NULL);
  return TRUE;
}

static void
on_row_activated (TbSearchSuggestions *self, GtkListBoxRow *row)
{
  choose (self, (guint) gtk_list_box_row_get_index (row));
}

static void
on_focus_left (TbSearchSuggestions *self)
{
  put_away (self);
}

static GtkWidget *
make_row (gpointer item, gpointer unused)
{
  GtkWidget *label = gtk_label_new (gtk_string_object_get_string (item));
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (row, "search-suggestion");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  /* The entry keeps the keyboard: a click chooses without taking it. */
  gtk_widget_set_focusable (row, FALSE);
  return row;
}

static void
build_popover (TbSearchSuggestions *self)
{
  self->offered = gtk_string_list_new (NULL);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (self->offered), make_row, NULL, NULL);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self->list), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Suggestions"), -1);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (on_row_activated), self);

  self->popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (self->popover), GTK_WIDGET (self->list));
  gtk_popover_set_autohide (GTK_POPOVER (self->popover), FALSE);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_BOTTOM);
  gtk_widget_set_focusable (self->popover, FALSE);
  gtk_widget_add_css_class (self->popover, "search-suggestions");
  gtk_widget_set_parent (self->popover, GTK_WIDGET (self->entry));
}

TbSearchSuggestions *
tb_search_suggestions_new (GtkSearchEntry *entry)
{
  TbSearchSuggestions *self = g_object_new (TB_TYPE_SEARCH_SUGGESTIONS, NULL);
  GtkEventController *keys = self->keys = gtk_event_controller_key_new ();
  GtkEventController *focus = self->focus = gtk_event_controller_focus_new ();

  g_return_val_if_fail (GTK_IS_SEARCH_ENTRY (entry), NULL);

  self->entry = entry;
  /* Found from the entry by tests (and by whoever holds only the entry). */
  g_object_set_data (G_OBJECT (entry), "tb-search-suggestions", self);
  build_popover (self);
  /* Before the entry's own handling of the keys. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (entry), keys);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_left), self);
  /* Nothing left open over a page that goes, or a window that closes. */
  g_signal_connect_object (entry, "unmap", G_CALLBACK (put_away), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (entry), focus);
  g_signal_connect_object (entry, "search-changed", G_CALLBACK (on_search_changed), self,
                           G_CONNECT_SWAPPED);
  return self;
}

void
tb_search_suggestions_set_store (TbSearchSuggestions *self, TbStore *store)
{
  g_return_if_fail (TB_IS_SEARCH_SUGGESTIONS (self));

  put_away (self);
  g_set_object (&self->store, store);
}

void
tb_search_suggestions_offer_tag_values (TbSearchSuggestions *self, const char *tag_name)
{
  g_return_if_fail (TB_IS_SEARCH_SUGGESTIONS (self));

  self->tags = TRUE;
  g_free (self->tag_name);
  self->tag_name = g_strdup (tag_name);
}

GListModel *
tb_search_suggestions_get_offered (TbSearchSuggestions *self)
{
  g_return_val_if_fail (TB_IS_SEARCH_SUGGESTIONS (self), NULL);
  return G_LIST_MODEL (self->offered);
}

static void
tb_search_suggestions_dispose (GObject *object)
{
  TbSearchSuggestions *self = TB_SEARCH_SUGGESTIONS (object);

  put_away (self);
  /* The entry may outlive this object: nothing of it is left there. */
  if (self->entry)
    {
      g_object_set_data (G_OBJECT (self->entry), "tb-search-suggestions", NULL);
      g_signal_handlers_disconnect_by_data (self->entry, self);
      gtk_widget_remove_controller (GTK_WIDGET (self->entry), self->keys);
      gtk_widget_remove_controller (GTK_WIDGET (self->entry), self->focus);
    }
  self->entry = NULL;
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_object (&self->offered);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tb_search_suggestions_parent_class)->dispose (object);
}

static void
tb_search_suggestions_finalize (GObject *object)
{
  g_free (TB_SEARCH_SUGGESTIONS (object)->tag_name);
  G_OBJECT_CLASS (tb_search_suggestions_parent_class)->finalize (object);
}

static void
tb_search_suggestions_class_init (TbSearchSuggestionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tb_search_suggestions_dispose;
  object_class->finalize = tb_search_suggestions_finalize;
  /* A name offered was chosen (Enter or a click). */
  signals[CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tb_search_suggestions_init (TbSearchSuggestions *self)
{
}
