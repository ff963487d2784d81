/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-view.c: the list of stored games
 *
 * The database sorts: GTK 4.8 gives no way to ask the column view which
 * column the user sorted by, so each column's sorter answers a probe, and
 * the first one the view's sorter consults is the primary column (see
 * sort_changed).  The columns' cells are tb-history-columns.c's.
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-a11y.h"
#include "tb-history-columns.h"
#include "tb-history-view.h"
#include "tb-search-suggestions.h"
#include "tb-store-job.h"
#include "tb-move-describe.h"

static const char *const results[] = { NULL, "1-0", "0-1", "1/2-1/2", "*" };
/* The tags of tag_choice, in its order: any, then the ones named. */
static const char *const tag_names[] = { NULL, "Event", "Site", "Round", "Annotator" };

struct _TbHistoryView
{
  GtkWidget parent_instance;

  TbHistoryModel *model;
  TbStore *store;             /* a store-job handle (tb-store-job.h) */
  GtkMultiSelection *selection;
  char *count_text;
  int probed;                 /* the column the last probe reached first, or -1 */
  gboolean narrow;            /* the game and the end left out, for the others' room */
  guint narrow_idle;          /* the columns changed after an allocation, not in it */

  /* Template widgets */
  AdwWindowTitle *title;
  GtkStack *content;          /* the list, or a page saying there is nothing */
  GtkColumnView *list;
  GtkDropDown *ruleset_choice;
  GtkEditable *player_entry;
  GtkWidget *more_button;     /* the other filters; highlighted when one is set */
  GtkDropDown *seat_choice;     /* 0: either seat; 1 or 2: that one */
  GtkDropDown *result_choice;
  GtkDropDown *end_choice;
  GtkEditable *from_entry;
  GtkEditable *to_entry;
  GtkEditable *text_entry;
  GtkDropDown *tag_choice;
  GtkEditable *tag_entry;

  GtkWidget *position_bar;
  GtkWidget *practise_button;

  gboolean has_position;      /* the games of a position of the explorer */
  gint64 position;            /* its key (tb_position_key) */
  GCancellable *opening;      /* the ply of a game to open, being read */

  TbSearchSuggestions *player_suggestions;
  TbSearchSuggestions *tag_suggestions;
};

G_DEFINE_FINAL_TYPE (TbHistoryView, tb_history_view, GTK_TYPE_WIDGET)

enum
{
  OPEN_GAME,
  OPEN_GAME_AT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- sorting ---- */

static int
probe_compare (gconstpointer a, gconstpointer b, gpointer data)
{
  TbHistoryView *self = g_object_get_data (G_OBJECT (data), "view");

  if (self->probed < 0)
    self->probed = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (data), "column"));
  return GTK_ORDERING_SMALLER;
}

/* Which column sorts, and which way: the view's sorter compares two
 * items with its primary column's sorter first, and turns the answer
 * round when that column sorts descending. */
static void
sort_changed (GtkSorter *sorter, GtkSorterChange change, TbHistoryView *self)
{
  g_autoptr (GObject) a = g_object_new (G_TYPE_OBJECT, NULL);
  g_autoptr (GObject) b = g_object_new (G_TYPE_OBJECT, NULL);
  GtkOrdering order;

  if (self->model == NULL)
    return;
  self->probed = -1;
  order = gtk_sorter_compare (sorter, a, b);
  if (self->probed < 0 || order == GTK_ORDERING_EQUAL)
    tb_history_model_set_sort (self->model, TB_STORE_SORT_DATE, TRUE);
  else
    tb_history_model_set_sort (self->model, tb_history_column_sort ((guint) self->probed),
                               order == GTK_ORDERING_LARGER);
}

static GtkColumnViewColumn *
view_column (TbHistoryView *self, guint i)
{
  GListModel *all = gtk_column_view_get_columns (self->list);   /* the view's own */

  return g_list_model_get_item (all, i);  /* the view keeps it: unreffed below */
}

/* Each column gets its cells and a probe that knows its view and
 * column. */
static void
set_up_columns (TbHistoryView *self)
{
  for (guint i = 0; i < TB_HISTORY_N_COLUMNS; i++)
    {
      GtkColumnViewColumn *column = view_column (self, i);
      g_autoptr (GtkListItemFactory) factory = tb_history_column_factory (i);
      g_autoptr (GtkSorter) probe = GTK_SORTER (gtk_custom_sorter_new (NULL, NULL, NULL));

      gtk_custom_sorter_set_sort_func (GTK_CUSTOM_SORTER (probe), probe_compare, probe, NULL);
      g_object_set_data (G_OBJECT (probe), "view", self);
      g_object_set_data (G_OBJECT (probe), "column", GINT_TO_POINTER (i));
      gtk_column_view_column_set_factory (column, factory);
      gtk_column_view_column_set_sorter (column, probe);
      g_object_unref (column);
    }
  g_signal_connect (gtk_column_view_get_sorter (self->list), "changed", G_CALLBACK (sort_changed),
                    self);
}

/* ---- filters ---- */

static void
update_count (TbHistoryView *self)
{
  guint n = self->model ? g_list_model_get_n_items (G_LIST_MODEL (self->model)) : 0;

  g_free (self->count_text);
  self->count_text = g_strdup_printf (ngettext ("%u game", "%u games", n), n);
  adw_window_title_set_subtitle (self->title, self->count_text);
  gtk_stack_set_visible_child_name (self->content, n ? "list" : "empty");
}

/* Marks an entry whose text is not what it asks for (the error style,
 * said to assistive technologies too), with why as its tooltip; or
 * unmarks it (why NULL). */
static void
mark_entry (GtkEditable *entry, const char *why)
{
  if (why)
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (entry), why);
  gtk_accessible_update_state (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_STATE_INVALID,
                               why ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
}

enum
{
  FILTER_RULESET,
  FILTER_PLAYER,
  FILTER_RESULT,
  FILTER_TERMINATION,
  FILTER_FROM,
  FILTER_TO,
  FILTER_TEXT,
  FILTER_TAG,
  N_FILTER_STRINGS
};

static const char *
chosen_tag_name (TbHistoryView *self)
{
  guint tag = gtk_drop_down_get_selected (self->tag_choice);

  return tag < G_N_ELEMENTS (tag_names) ? tag_names[tag] : NULL;
}

/* A date entry's text, but for a separator typed last: on the way to
 * the next part ("2026-" is 2026 until the month comes). */
static char *
typed_date (GtkEditable *entry)
{
  char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  gsize length = strlen (text);

  if (length > 0 && strchr ("-./", text[length - 1]))
    text[length - 1] = '\0';
  return text;
}

/* The Date tags the date entries bound (tb_store_date_search), into
 * strings; an entry that holds no date is marked and left out. */
static void
read_dates (TbHistoryView *self, char *strings[])
{
  g_autofree char *from = typed_date (self->from_entry);
  g_autofree char *to = typed_date (self->to_entry);
  guint wrong = tb_store_date_search (from, to, &strings[FILTER_FROM], &strings[FILTER_TO]);
  const char *why = _("Not a date: a year, a month or a day, such as 2026, 2026-03 or "
                      "2026-03-14");

  mark_entry (self->from_entry, wrong & TB_STORE_DATE_FROM ? why : NULL);
  mark_entry (self->to_entry, wrong & TB_STORE_DATE_TO ? why : NULL);
}

/* The filters as the user set them, in strings (FILTER_…). */
static void
read_filter (TbHistoryView *self, char *strings[N_FILTER_STRINGS])
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  guint game = gtk_drop_down_get_selected (self->ruleset_choice);
  guint result = gtk_drop_down_get_selected (self->result_choice);
  guint end = gtk_drop_down_get_selected (self->end_choice);

  strings[FILTER_RULESET] =
    g_strdup (game > 0 && game <= n_rules ? tb_rules_get_id (rules[game - 1]) : NULL);
  strings[FILTER_PLAYER] = g_strstrip (g_strdup (gtk_editable_get_text (self->player_entry)));
  strings[FILTER_RESULT] = g_strdup (result < G_N_ELEMENTS (results) ? results[result] : NULL);
  strings[FILTER_TERMINATION] =
    g_strdup (end > 0 && end < TB_N_TERMINATIONS ? tb_termination_to_string (end) : NULL);
  read_dates (self, strings);
  strings[FILTER_TEXT] = g_strstrip (g_strdup (gtk_editable_get_text (self->text_entry)));
  strings[FILTER_TAG] = g_strstrip (g_strdup (gtk_editable_get_text (self->tag_entry)));
}

/* The whole name the player filter holds ("Alice", or "\"Alice\"" as
 * the Players window sets it), or NULL when empty. */
static char *
filtered_player (TbHistoryView *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (self->player_entry)));
  gsize length = strlen (text);

  if (length >= 2 && text[0] == '"' && text[length - 1] == '"')
    {
      text[length - 1] = '\0';
      memmove (text, text + 1, length - 1);
      g_strstrip (text);
    }
  return *text ? g_steal_pointer (&text) : NULL;
}

/* The history filtered to a player: practice from that player's
 * mistakes, in the game chosen (or every game). */
static void
practise_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryView *self = TB_HISTORY_VIEW (widget);
  char *strings[N_FILTER_STRINGS];
  g_autofree char *player = filtered_player (self);

  if (player == NULL)
    return;
  read_filter (self, strings);
  gtk_widget_activate_action (widget, "win.practise", "(ss)",
                              strings[FILTER_RULESET] ? strings[FILTER_RULESET] : "", player);
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    g_free (strings[i]);
}

static void
on_filters_changed (TbHistoryView *self)
{
  char *strings[N_FILTER_STRINGS];
  g_autofree char *typed_tag_name = NULL, *typed_tag = NULL;
  const char *tag_name = chosen_tag_name (self);
  TbStoreFilter filter;
  guint seat;
  gboolean more;

  {
    g_autofree char *player = filtered_player (self);

    gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.practise", player != NULL);
    /* A seat is a player's: asked for with a player only. */
    gtk_widget_set_sensitive (GTK_WIDGET (self->seat_choice), player != NULL);
    seat = player ? gtk_drop_down_get_selected (self->seat_choice) : 0;
  }
  if (self->model == NULL)
    return;
  read_filter (self, strings);
  /* Any tag: "NAME=TEXT" looks in the tag NAME only, as tablier-cli's
   * --tag does (a tag the list of names does not offer). */
  if (tag_name == NULL &&
      tb_store_parse_tag_search (strings[FILTER_TAG], &typed_tag_name, &typed_tag) &&
      typed_tag_name)
    {
      tag_name = typed_tag_name;
      g_free (strings[FILTER_TAG]);
      strings[FILTER_TAG] = g_steal_pointer (&typed_tag);
    }
  /* A game left before its first move has nothing to look at. */
  filter = (TbStoreFilter) { .ruleset = strings[FILTER_RULESET],
                             .player = strings[FILTER_PLAYER],
                             .player_seat = seat <= 2 ? seat : 0,
                             .result = strings[FILTER_RESULT],
                             .termination = strings[FILTER_TERMINATION],
                             .date_from = strings[FILTER_FROM], .date_to = strings[FILTER_TO],
                             .text = strings[FILTER_TEXT], .tag = strings[FILTER_TAG],
                             .tag_name = tag_name,
                             .position = self->position, .has_position = self->has_position,
                             .skip_empty = TRUE };
  tb_history_model_set_filter (self->model, &filter);
  more = seat == 1 || seat == 2 || strings[FILTER_RESULT] || strings[FILTER_TERMINATION] ||
         strings[FILTER_FROM] || strings[FILTER_TO] || *strings[FILTER_TEXT] ||
         *strings[FILTER_TAG];
  if (more)
    gtk_widget_add_css_class (self->more_button, "accent");
  else
    gtk_widget_remove_css_class (self->more_button, "accent");
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    g_free (strings[i]);
}

static void
on_tag_choice_changed (TbHistoryView *self)
{
  tb_search_suggestions_offer_tag_values (self->tag_suggestions, chosen_tag_name (self));
  on_filters_changed (self);
}

/* A player's name chosen among those offered: that player's games only. */
static void
on_player_chosen (TbHistoryView *self, const char *name)
{
  tb_history_view_set_player_filter (self, name);
}

static void
on_tag_value_chosen (TbHistoryView *self, const char *value)
{
  gtk_editable_set_text (self->tag_entry, value);
  gtk_editable_set_position (self->tag_entry, -1);
  on_filters_changed (self);
}

static GListModel *
names_model (const char *any, const char *const *names, guint n)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, any);
  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, names[i]);
  return G_LIST_MODEL (list);
}

/* The games and the ends come from the rules: their lists are made here. */
static void
fill_choices (TbHistoryView *self)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  g_autofree const char **games = g_new0 (const char *, n_rules);
  const char *ends[TB_N_TERMINATIONS];
  g_autoptr (GListModel) game_names = NULL, end_names = NULL;

  for (guint i = 0; i < n_rules; i++)
    games[i] = _(tb_rules_get_name (rules[i]));
  for (guint t = 1; t < TB_N_TERMINATIONS; t++)
    ends[t - 1] = tb_termination_short_name (t);
  game_names = names_model (_("All Games"), games, n_rules);
  end_names = names_model (_("Any End"), ends, TB_N_TERMINATIONS - 1);
  gtk_drop_down_set_model (self->ruleset_choice, game_names);
  gtk_drop_down_set_model (self->end_choice, end_names);
}

/* ---- the list ---- */

static void
on_activate (GtkColumnView *list, guint position, TbHistoryView *self)
{
  tb_history_view_activate (self, position);
}

static void
on_model_changed (TbHistoryView *self)
{
  update_count (self);
}

/* Another list in the same rows: what was selected is not there any
 * more, and the list starts at its top. */
static void
on_model_replaced (TbHistoryView *self)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self->list),
                                                 GTK_TYPE_SCROLLED_WINDOW);

  gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  if (scroller)
    gtk_adjustment_set_value (
      gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), 0);
  update_count (self);
}

void
tb_history_view_set_store (TbHistoryView *self, TbStore *store)
{
  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  if (self->model)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_object (&self->selection);
  if (store)
    {
      self->model = tb_history_model_new (store);
      /* Several games can be selected (to export them); a multiple
       * selection, unlike a single one, never reads the items. */
      self->selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->model)));
      g_signal_connect_swapped (self->model, "items-changed", G_CALLBACK (on_model_changed),
                                self);
      g_signal_connect_swapped (self->model, "replaced", G_CALLBACK (on_model_replaced), self);
      on_filters_changed (self);
    }
  g_set_object (&self->store, store);
  tb_search_suggestions_set_store (self->player_suggestions, store);
  tb_search_suggestions_set_store (self->tag_suggestions, store);
  gtk_column_view_set_model (self->list, GTK_SELECTION_MODEL (self->selection));
  update_count (self);
}

void
tb_history_view_reload (TbHistoryView *self)
{
  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  if (self->model)
    tb_history_model_reload (self->model);
}

TbHistoryModel *
tb_history_view_get_model (TbHistoryView *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_VIEW (self), NULL);
  return self->model;
}

GtkBitset *
tb_history_view_get_selection (TbHistoryView *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_VIEW (self), NULL);

  if (self->selection == NULL)
    return gtk_bitset_new_empty ();
  return gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
}

/* ---- the games of a position ---- */

typedef struct
{
  TbHistoryView *self;
  gint64 id;
} Opening;

static void
on_position_ply (GObject *source, GAsyncResult *result, gpointer data)
{
  Opening *o = data;
  g_autoptr (GError) error = NULL;
  int ply = tb_store_job_position_ply_finish (result, &error);

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Not found (the game changed since): at its start, as a list
       * without the position opens it. */
      if (ply >= 0)
        g_signal_emit (o->self, signals[OPEN_GAME_AT], 0, o->id, (guint) ply);
      else
        g_signal_emit (o->self, signals[OPEN_GAME], 0, o->id);
    }
  g_object_unref (o->self);
  g_free (o);
}

static void
open_at_position (TbHistoryView *self, gint64 id)
{
  Opening *o = g_new (Opening, 1);

  *o = (Opening) { g_object_ref (self), id };
  g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  self->opening = g_cancellable_new ();
  tb_store_job_position_ply (self->store, id, self->position,
                             self->opening, on_position_ply, o);
}

void
tb_history_view_set_position_filter (TbHistoryView *self, gint64 key)
{
  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  self->has_position = TRUE;
  self->position = key;
  gtk_widget_set_visible (self->position_bar, TRUE);
  on_filters_changed (self);
}

static void
on_clear_position (TbHistoryView *self)
{
  self->has_position = FALSE;
  gtk_widget_set_visible (self->position_bar, FALSE);
  on_filters_changed (self);
}

void
tb_history_view_clear_filters (TbHistoryView *self)
{
  GtkEditable *entries[] = { self->player_entry, self->from_entry, self->to_entry,
                             self->text_entry, self->tag_entry };
  GtkDropDown *choices[] = { self->ruleset_choice, self->seat_choice, self->result_choice,
                             self->end_choice, self->tag_choice };

  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    gtk_editable_set_text (entries[i], "");
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    gtk_drop_down_set_selected (choices[i], 0);
  on_clear_position (self);
}

void
tb_history_view_set_ruleset_filter (TbHistoryView *self, const char *ruleset_id)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  guint selected = 0;

  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  for (guint i = 0; i < n_rules; i++)
    if (g_strcmp0 (tb_rules_get_id (rules[i]), ruleset_id) == 0)
      selected = i + 1;
  gtk_drop_down_set_selected (self->ruleset_choice, selected);
}

void
tb_history_view_set_player_filter (TbHistoryView *self, const char *player)
{
  g_autofree char *whole_name = player ? g_strdup_printf ("\"%s\"", player) : NULL;

  g_return_if_fail (TB_IS_HISTORY_VIEW (self));
  /* That player's games, not those of every name holding this one. */
  gtk_editable_set_text (self->player_entry, whole_name ? whole_name : "");
  /* At once: the entry's own search waits for typing to pause. */
  on_filters_changed (self);
}

void
tb_history_view_set_result_filter (TbHistoryView *self, const char *result)
{
  guint selected = 0;

  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  for (guint i = 1; i < G_N_ELEMENTS (results); i++)
    if (g_strcmp0 (results[i], result) == 0)
      selected = i;
  gtk_drop_down_set_selected (self->result_choice, selected);
}

void
tb_history_view_sort_by (TbHistoryView *self, const char *column, gboolean descending)
{
  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  for (guint i = 0; i < TB_HISTORY_N_COLUMNS; i++)
    if (g_strcmp0 (tb_history_column_name (i), column) == 0)
      {
        GtkColumnViewColumn *view_col = view_column (self, i);

        gtk_column_view_sort_by_column (self->list, view_col,
                                        descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
        g_object_unref (view_col);
      }
}

const char *
tb_history_view_get_count_text (TbHistoryView *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_VIEW (self), NULL);
  return self->count_text;
}

void
tb_history_view_activate (TbHistoryView *self, guint position)
{
  g_autoptr (TbHistoryItem) item = NULL;

  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  if (self->model == NULL)
    return;
  item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  /* A row on screen has been read (its page came with it). */
  if (item == NULL || !tb_history_item_get_loaded (item))
    return;
  if (self->has_position)
    open_at_position (self, tb_history_item_get_id (item));
  else
    g_signal_emit (self, signals[OPEN_GAME], 0, tb_history_item_get_id (item));
}

/* ---- narrow windows ---- */

/* Under this width the game and the end are left out, so that the date,
 * the players, the result and the length stay readable (a phone's 360 px). */
#define NARROW_WIDTH 600

static gboolean
apply_narrow (gpointer data)
{
  TbHistoryView *self = data;
  static const guint optional[] = { 1, 4 };   /* game, end */

  self->narrow_idle = 0;
  for (guint i = 0; i < G_N_ELEMENTS (optional); i++)
    {
      GtkColumnViewColumn *column = view_column (self, optional[i]);

      gtk_column_view_column_set_visible (column, !self->narrow);
      g_object_unref (column);
    }
  return G_SOURCE_REMOVE;
}

/* Laid out as a bin (its one child, the template's box), by hand: a
 * layout manager would take the allocation from size_allocate. */
static void
tb_history_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline,
                         int *natural_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size, minimum,
                      natural, minimum_baseline, natural_baseline);
}

static void
tb_history_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TbHistoryView *self = TB_HISTORY_VIEW (widget);
  gboolean narrow = width < NARROW_WIDTH;

  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      if (self->narrow_idle == 0)
        self->narrow_idle = g_idle_add (apply_narrow, self);
    }
}

gboolean
tb_history_view_get_narrow (TbHistoryView *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_VIEW (self), FALSE);
  return self->narrow;
}

/* ---- the widget ---- */

static void
tb_history_view_dispose (GObject *object)
{
  TbHistoryView *self = TB_HISTORY_VIEW (object);

  if (self->model)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_handle_id (&self->narrow_idle, g_source_remove);
  g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  /* Before the entries their popovers hang from, even while a question
   * of theirs to the store holds them. */
  if (self->player_suggestions)
    g_object_run_dispose (G_OBJECT (self->player_suggestions));
  if (self->tag_suggestions)
    g_object_run_dispose (G_OBJECT (self->tag_suggestions));
  g_clear_object (&self->player_suggestions);
  g_clear_object (&self->tag_suggestions);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_HISTORY_VIEW);
  g_clear_object (&self->selection);
  g_clear_object (&self->model);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tb_history_view_parent_class)->dispose (object);
}

static void
tb_history_view_finalize (GObject *object)
{
  g_free (TB_HISTORY_VIEW (object)->count_text);
  G_OBJECT_CLASS (tb_history_view_parent_class)->finalize (object);
}

static void
tb_history_view_class_init (TbHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_history_view_dispose;
  object_class->finalize = tb_history_view_finalize;
  widget_class->measure = tb_history_view_measure;
  widget_class->size_allocate = tb_history_view_size_allocate;
  /* A stored game was chosen: its id. */
  /* A stored game was chosen in the games of a position: its id, and the
   * ply it reached the position at. */
  signals[OPEN_GAME_AT] = g_signal_new ("open-game-at", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                        G_TYPE_INT64, G_TYPE_UINT);
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  gtk_widget_class_set_css_name (widget_class, "history");

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, title);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, content);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, list);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, ruleset_choice);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, player_entry);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, more_button);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, seat_choice);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, result_choice);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, end_choice);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, from_entry);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, to_entry);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, text_entry);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, tag_choice);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, tag_entry);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, position_bar);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryView, practise_button);
  gtk_widget_class_bind_template_callback (widget_class, on_clear_position);
  gtk_widget_class_bind_template_callback (widget_class, on_filters_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_tag_choice_changed);
  gtk_widget_class_install_action (widget_class, "view.practise", NULL, practise_action);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
}

/* GTK 4.8 leaves the buttons inside drop-downs and menu buttons
 * nameless for screen readers. */
static void
name_buttons (TbHistoryView *self)
{
  tb_name_button_widget (GTK_WIDGET (self->ruleset_choice), _("Game"));
  tb_name_button_widget (GTK_WIDGET (self->result_choice), _("Result"));
  tb_name_button_widget (GTK_WIDGET (self->end_choice), _("End"));
  tb_name_button_widget (self->more_button, _("More Filters"));
  tb_name_button_widget (GTK_WIDGET (self->tag_choice), _("Tag"));
}

static void
set_up_suggestions (TbHistoryView *self)
{
  self->player_suggestions = tb_search_suggestions_new (GTK_SEARCH_ENTRY (self->player_entry));
  g_signal_connect_swapped (self->player_suggestions, "chosen", G_CALLBACK (on_player_chosen),
                            self);
  self->tag_suggestions = tb_search_suggestions_new (GTK_SEARCH_ENTRY (self->tag_entry));
  tb_search_suggestions_offer_tag_values (self->tag_suggestions, NULL);
  g_signal_connect_swapped (self->tag_suggestions, "chosen", G_CALLBACK (on_tag_value_chosen),
                            self);
}

static void
tb_history_view_init (TbHistoryView *self)
{
  self->probed = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  name_buttons (self);
  set_up_suggestions (self);
  fill_choices (self);
  set_up_columns (self);
  update_count (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.practise", FALSE);
  /* Shown only when it can be used (a player searched for): a phone's
   * header bar has no room for a button that does nothing. */
  g_object_bind_property (self->practise_button, "sensitive", self->practise_button, "visible",
                          G_BINDING_SYNC_CREATE);
}
