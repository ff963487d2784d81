/* tb-history-view.c: the History page
 *
 * A header (back to the games, the count, import and export), a row of
 * filters that wraps on narrow windows, and a column view over the lazy
 * TbHistoryModel.  The database sorts: GTK 4.8 gives no way to ask the
 * column view which column the user sorted by, so each column's sorter
 * answers a probe, and the first one the view's sorter consults is the
 * primary column (see sort_changed).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "tb-history-view.h"
#include "tb-move-describe.h"
#include "tb-a11y.h"

typedef struct
{
  const char *name;         /* for tb_history_view_sort_by */
  const char *title;
  TbStoreSort sort;
  gboolean expand;
} Column;

static const Column columns[] = {
  { "date", N_("Date"), TB_STORE_SORT_DATE, FALSE },
  { "game", N_("Game"), TB_STORE_SORT_GAME, FALSE },
  { "players", N_("Players"), TB_STORE_SORT_PLAYERS, TRUE },
  { "result", N_("Result"), TB_STORE_SORT_RESULT, FALSE },
  { "end", N_("End"), TB_STORE_SORT_TERMINATION, FALSE },
  { "length", N_("Moves"), TB_STORE_SORT_LENGTH, FALSE },
};

static const char *const results[] = { NULL, "1-0", "0-1", "1/2-1/2", "*" };

struct _TbHistoryView
{
  GtkWidget parent_instance;

  TbHistoryModel *model;
  AdwWindowTitle *title;
  GtkStack *content;          /* the list, or a page saying there is nothing */
  GtkColumnView *list;
  GtkColumnViewColumn *view_columns[G_N_ELEMENTS (columns)];
  GtkDropDown *ruleset_choice;
  GtkEditable *player_entry;
  GtkDropDown *result_choice;
  GtkDropDown *end_choice;
  GtkEditable *from_entry;
  GtkEditable *to_entry;
  GtkEditable *text_entry;
  GtkWidget *more_button;    /* the other filters; highlighted when one is set */
  char *filter_strings[7];
  char *count_text;
  int probed;                 /* the column the last probe reached first, or -1 */
};

G_DEFINE_FINAL_TYPE (TbHistoryView, tb_history_view, GTK_TYPE_WIDGET)

enum
{
  OPEN_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- cells ---- */

static char *
date_text (const char *date)
{
  int y, m, d;
  g_autoptr (GDateTime) when = NULL;

  /* A whole date in the locale's way; a partly unknown one as written. */
  if (sscanf (date, "%4d.%2d.%2d", &y, &m, &d) == 3 &&
      (when = g_date_time_new_local (y, m, d, 0, 0, 0)))
    return g_date_time_format (when, "%x");
  return g_strdup (date);
}

static char *
result_text (const TbStoreRow *row)
{
  if (g_strcmp0 (row->result, "*") == 0)
    return g_strdup (_("Unfinished"));
  return g_strdup (row->result);
}

static char *
cell_text (const TbStoreRow *row, guint column)
{
  const TbRules *rules;
  TbTermination termination;

  switch (column)
    {
    case 0:
      return date_text (row->date);
    case 1:
      rules = tb_rules_lookup (row->ruleset);
      return g_strdup (rules ? _(tb_rules_get_name (rules)) : row->ruleset);
    case 2:
      /* Translators: the two players of a game in the history. */
      return g_strdup_printf (_("%s – %s"), row->player1, row->player2);
    case 3:
      return result_text (row);
    case 4:
      if (tb_termination_from_string (row->termination, &termination))
        return g_strdup (tb_termination_short_name (termination));
      return g_strdup (row->termination);
    default:
      return g_strdup_printf ("%u", (row->plies + 1) / 2);
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_UINT (data) == 5 ? 1 : 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  TbHistoryItem *game = gtk_list_item_get_item (item);
  g_autofree char *text = game ? cell_text (tb_history_item_get_row (game),
                                            GPOINTER_TO_UINT (data)) : NULL;

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text ? text : "");
}

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

  self->probed = -1;
  order = gtk_sorter_compare (sorter, a, b);
  if (self->probed < 0 || order == GTK_ORDERING_EQUAL)
    tb_history_model_set_sort (self->model, TB_STORE_SORT_DATE, TRUE);
  else
    tb_history_model_set_sort (self->model, columns[self->probed].sort,
                               order == GTK_ORDERING_LARGER);
}

/* ---- filters ---- */

static void
update_count (TbHistoryView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));

  g_free (self->count_text);
  self->count_text = g_strdup_printf (ngettext ("%u game", "%u games", n), n);
  adw_window_title_set_subtitle (self->title, self->count_text);
  gtk_stack_set_visible_child_name (self->content, n ? "list" : "empty");
}

/* "2026-11-21", "2026.11.21" or "2026/11/21" as a Date tag; NULL when
 * empty or not a date. */
static char *
date_tag (const char *text)
{
  int y, m, d;

  if (sscanf (text, "%4d%*[-./]%2d%*[-./]%2d", &y, &m, &d) == 3)
    return g_strdup_printf ("%04d.%02d.%02d", y, m, d);
  if (sscanf (text, "%4d", &y) == 1 && *text)
    return g_strdup_printf ("%04d", y);
  return NULL;
}

void
tb_history_view_get_filter (TbHistoryView *self, TbStoreFilter *filter)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  guint game = gtk_drop_down_get_selected (self->ruleset_choice);
  guint result = gtk_drop_down_get_selected (self->result_choice);
  guint end = gtk_drop_down_get_selected (self->end_choice);
  g_autofree char *to = date_tag (gtk_editable_get_text (self->to_entry));

  for (guint i = 0; i < G_N_ELEMENTS (self->filter_strings); i++)
    g_clear_pointer (&self->filter_strings[i], g_free);
  self->filter_strings[0] = g_strdup (game > 0 && game <= n_rules
                                        ? tb_rules_get_id (rules[game - 1]) : NULL);
  self->filter_strings[1] = g_strstrip (g_strdup (gtk_editable_get_text (self->player_entry)));
  self->filter_strings[2] = g_strdup (result < G_N_ELEMENTS (results) ? results[result] : NULL);
  self->filter_strings[3] = g_strdup (end > 0 && end < TB_N_TERMINATIONS
                                        ? tb_termination_to_string (end) : NULL);
  self->filter_strings[4] = date_tag (gtk_editable_get_text (self->from_entry));
  /* A year or a day "to" takes in all of it. */
  self->filter_strings[5] = to ? g_strconcat (to, strlen (to) == 4 ? ".99.99" : "", NULL) : NULL;
  self->filter_strings[6] = g_strstrip (g_strdup (gtk_editable_get_text (self->text_entry)));
  *filter = (TbStoreFilter) { self->filter_strings[0], self->filter_strings[1],
                              self->filter_strings[2], self->filter_strings[3],
                              self->filter_strings[4], self->filter_strings[5],
                              self->filter_strings[6] };
}

static void
filters_changed (TbHistoryView *self)
{
  TbStoreFilter filter;

  if (self->model == NULL)
    return;
  tb_history_view_get_filter (self, &filter);
  tb_history_model_set_filter (self->model, &filter);
  update_count (self);
  if (filter.result || filter.termination || filter.date_from || filter.date_to ||
      (filter.text && *filter.text))
    gtk_widget_add_css_class (self->more_button, "accent");
  else
    gtk_widget_remove_css_class (self->more_button, "accent");
}

/* ---- building ---- */

static GtkDropDown *
drop_down (const char *const *labels, guint n, const char *accessible_name)
{
  g_autoptr (GtkStringList) list = gtk_string_list_new (NULL);
  GtkDropDown *choice;

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, labels[i]);
  choice = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&list)), NULL));
  tb_name_button_widget (GTK_WIDGET (choice), accessible_name);
  return choice;
}

static GtkEditable *
filter_entry (const char *placeholder, gboolean search, int width)
{
  GtkWidget *entry = search ? gtk_search_entry_new () : gtk_entry_new ();

  if (search)
    g_object_set (entry, "placeholder-text", placeholder, NULL);
  else
    gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  placeholder, -1);
  return GTK_EDITABLE (entry);
}

static GtkWidget *
build_filters (TbHistoryView *self)
{
  GtkWidget *flow = gtk_flow_box_new ();
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  g_autoptr (GPtrArray) games = g_ptr_array_new ();
  g_autoptr (GPtrArray) ends = g_ptr_array_new ();
  const char *result_labels[] = { _("Any Result"), _("First Player Won"), _("Second Player Won"),
                                  _("Draw"), _("Unfinished") };
  GtkWidget *widgets[7];
  GtkWidget *more, *popover;

  g_ptr_array_add (games, (gpointer) _("All Games"));
  for (guint i = 0; i < n_rules; i++)
    g_ptr_array_add (games, (gpointer) _(tb_rules_get_name (rules[i])));
  g_ptr_array_add (ends, (gpointer) _("Any End"));
  for (guint t = 1; t < TB_N_TERMINATIONS; t++)
    g_ptr_array_add (ends, (gpointer) tb_termination_short_name (t));

  self->ruleset_choice = drop_down ((const char *const *) games->pdata, games->len, _("Game"));
  self->player_entry = filter_entry (_("Player"), TRUE, 10);
  self->result_choice = drop_down (result_labels, G_N_ELEMENTS (result_labels), _("Result"));
  self->end_choice = drop_down ((const char *const *) ends->pdata, ends->len, _("End"));
  /* Translators: a date filter, as typed: year, month, day. */
  self->from_entry = filter_entry (_("From 2026-01-31"), FALSE, 12);
  self->to_entry = filter_entry (_("To 2026-12-31"), FALSE, 12);
  self->text_entry = filter_entry (_("Words in comments"), TRUE, 14);

  /* Game and player in sight; the other filters in a popover, so that a
   * phone-sized window keeps room for the games. */
  widgets[0] = GTK_WIDGET (self->ruleset_choice);
  widgets[1] = GTK_WIDGET (self->player_entry);
  widgets[2] = GTK_WIDGET (self->result_choice);
  widgets[3] = GTK_WIDGET (self->end_choice);
  widgets[4] = GTK_WIDGET (self->from_entry);
  widgets[5] = GTK_WIDGET (self->to_entry);
  widgets[6] = GTK_WIDGET (self->text_entry);
  more = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  for (guint i = 0; i < G_N_ELEMENTS (widgets); i++)
    {
      if (i < 2)
        gtk_flow_box_append (GTK_FLOW_BOX (flow), widgets[i]);
      else
        gtk_box_append (GTK_BOX (more), widgets[i]);
      if (GTK_IS_DROP_DOWN (widgets[i]))
        g_signal_connect_swapped (widgets[i], "notify::selected", G_CALLBACK (filters_changed),
                                  self);
      else
        g_signal_connect_swapped (widgets[i], "changed", G_CALLBACK (filters_changed), self);
    }
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), more);
  self->more_button = gtk_menu_button_new ();
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->more_button), popover);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->more_button), _("More Filters"));
  tb_name_button_widget (self->more_button, _("More Filters"));
  gtk_flow_box_append (GTK_FLOW_BOX (flow), self->more_button);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_widget_add_css_class (flow, "history-filters");
  return flow;
}

static void
on_activate (GtkColumnView *list, guint position, TbHistoryView *self)
{
  tb_history_view_activate (self, position);
}

static GtkWidget *
build_list (TbHistoryView *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->list = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkSorter *probe = GTK_SORTER (gtk_custom_sorter_new (probe_compare, NULL, NULL));
      GtkColumnViewColumn *column;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (i));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (i));
      /* The probe's data is itself: it knows its view and column. */
      gtk_custom_sorter_set_sort_func (GTK_CUSTOM_SORTER (probe), probe_compare, probe, NULL);
      g_object_set_data (G_OBJECT (probe), "view", self);
      g_object_set_data (G_OBJECT (probe), "column", GINT_TO_POINTER (i));
      column = gtk_column_view_column_new (_(columns[i].title), factory);
      gtk_column_view_column_set_sorter (column, probe);
      gtk_column_view_column_set_expand (column, columns[i].expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (self->list, column);
      self->view_columns[i] = column;
      g_object_unref (probe);
      g_object_unref (column);
    }
  gtk_column_view_set_single_click_activate (self->list, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "data-table");
  g_signal_connect (self->list, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect (gtk_column_view_get_sorter (self->list), "changed", G_CALLBACK (sort_changed),
                    self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_widget_set_vexpand (scroller, TRUE);
  return scroller;
}

static GtkWidget *
build_header (TbHistoryView *self)
{
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  GtkWidget *import = gtk_button_new_from_icon_name ("document-open-symbolic");
  GtkWidget *export = gtk_button_new_from_icon_name ("document-save-as-symbolic");

  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("History"), ""));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "win.show-games");
  gtk_widget_set_tooltip_text (back, _("Games"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (import), "win.import-games");
  gtk_widget_set_tooltip_text (import, _("Import Games…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "win.export-games");
  gtk_widget_set_tooltip_text (export, _("Export the Games Selected, or Else Those Shown…"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (back), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Games"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (import), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Import Games…"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (export), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Export Games…"), -1);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), back);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), import);
  return header;
}

static GtkWidget *
build_empty_page (void)
{
  GtkWidget *page = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), "document-open-recent-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (page), _("No Games"));
  adw_status_page_set_description (ADW_STATUS_PAGE (page),
                                   _("The games you play or import are kept here. Change the "
                                     "filters to see others."));
  return page;
}

static void
tb_history_view_init (TbHistoryView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *filters;

  self->probed = -1;
  gtk_box_append (GTK_BOX (box), build_header (self));
  filters = build_filters (self);
  gtk_widget_set_margin_start (filters, 12);
  gtk_widget_set_margin_end (filters, 12);
  gtk_widget_set_margin_top (filters, 6);
  gtk_widget_set_margin_bottom (filters, 6);
  gtk_box_append (GTK_BOX (box), filters);
  self->content = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->content, build_list (self), "list");
  gtk_stack_add_named (self->content, build_empty_page (), "empty");
  gtk_widget_set_vexpand (GTK_WIDGET (self->content), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->content));
  gtk_widget_set_parent (box, GTK_WIDGET (self));
}

static void
tb_history_view_dispose (GObject *object)
{
  TbHistoryView *self = TB_HISTORY_VIEW (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (tb_history_view_parent_class)->dispose (object);
}

static void
tb_history_view_finalize (GObject *object)
{
  TbHistoryView *self = TB_HISTORY_VIEW (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->filter_strings); i++)
    g_free (self->filter_strings[i]);
  g_free (self->count_text);
  G_OBJECT_CLASS (tb_history_view_parent_class)->finalize (object);
}

static void
tb_history_view_class_init (TbHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_history_view_dispose;
  object_class->finalize = tb_history_view_finalize;
  /* A stored game was chosen: its id. */
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "history");
}

GtkWidget *
tb_history_view_new (void)
{
  return g_object_new (TB_TYPE_HISTORY_VIEW, NULL);
}

void
tb_history_view_set_store (TbHistoryView *self, TbStore *store)
{
  g_autoptr (GtkSelectionModel) selection = NULL;

  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  g_clear_object (&self->model);
  if (store)
    {
      self->model = tb_history_model_new (store);
      /* Several games can be selected (to export them); a multiple
       * selection, unlike a single one, never reads the items. */
      selection = GTK_SELECTION_MODEL (gtk_multi_selection_new (g_object_ref (
        G_LIST_MODEL (self->model))));
      filters_changed (self);
    }
  gtk_column_view_set_model (self->list, selection);
}

void
tb_history_view_reload (TbHistoryView *self)
{
  g_return_if_fail (TB_IS_HISTORY_VIEW (self));

  if (self->model == NULL)
    return;
  tb_history_model_reload (self->model);
  update_count (self);
}

TbHistoryModel *
tb_history_view_get_model (TbHistoryView *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_VIEW (self), NULL);
  return self->model;
}

void
tb_history_view_set_ruleset_filter (TbHistoryView *self, const char *ruleset_id)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);
  guint selected = 0;

  for (guint i = 0; i < n_rules; i++)
    if (g_strcmp0 (tb_rules_get_id (rules[i]), ruleset_id) == 0)
      selected = i + 1;
  gtk_drop_down_set_selected (self->ruleset_choice, selected);
}

void
tb_history_view_set_player_filter (TbHistoryView *self, const char *player)
{
  gtk_editable_set_text (self->player_entry, player ? player : "");
}

void
tb_history_view_set_result_filter (TbHistoryView *self, const char *result)
{
  guint selected = 0;

  for (guint i = 1; i < G_N_ELEMENTS (results); i++)
    if (g_strcmp0 (results[i], result) == 0)
      selected = i;
  gtk_drop_down_set_selected (self->result_choice, selected);
}

void
tb_history_view_sort_by (TbHistoryView *self, const char *column, gboolean descending)
{
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    if (g_strcmp0 (columns[i].name, column) == 0)
      gtk_column_view_sort_by_column (self->list, self->view_columns[i],
                                      descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
}

GArray *
tb_history_view_get_selected_ids (TbHistoryView *self)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  GtkSelectionModel *selection = gtk_column_view_get_model (self->list);
  g_autoptr (GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  guint position;

  g_return_val_if_fail (TB_IS_HISTORY_VIEW (self), ids);

  if (selection == NULL)
    return ids;
  selected = gtk_selection_model_get_selection (selection);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position); more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (TbHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);

      if (item)
        {
          gint64 id = tb_history_item_get_id (item);
          g_array_append_val (ids, id);
        }
    }
  return ids;
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
  if (item)
    g_signal_emit (self, signals[OPEN_GAME], 0, tb_history_item_get_id (item));
}
