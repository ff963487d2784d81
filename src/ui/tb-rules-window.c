/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-window.c: the rules of every game, in the reader's language.
 *
 * A sidebar lists the games; the page of the chosen one is built from its
 * data file (tb-rules-page.c): sections, paragraphs, the reconstructed
 * points with the option that controls each, and live example boards.
 * The sidebar folds away on narrow windows (AdwLeaflet). */
#include "config.h"

#include "tb-a11y.h"
#include "tb-rules-window.h"

#include <glib/gi18n.h>

#include "tb-rules-example.h"

struct _TbRulesWindow
{
  AdwWindow parent_instance;

  AdwLeaflet *leaflet;
  GtkListBox *games;
  AdwWindowTitle *title;
  GtkScrolledWindow *scroller;
  TbRulesPage *page;
  char *ruleset;
};

G_DEFINE_FINAL_TYPE (TbRulesWindow, tb_rules_window, ADW_TYPE_WINDOW)

static GtkWidget *
text_label_new (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A reconstructed point or an addition: the option's name (as the
 * new-game dialog shows it) over the explanation. */
static GtkWidget *
point_new (const TbRules *rules, const TbRulesBlock *block)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  guint n_options;
  const TbOptionSpec *options = tb_rules_get_options (rules, &n_options);

  for (guint i = 0; i < n_options; i++)
    if (g_strcmp0 (options[i].key, block->option) == 0)
      {
        /* The option's name as the new-game dialog shows it; its key
         * (for tablier-cli) is no word for readers. */
        gtk_box_append (GTK_BOX (box), text_label_new (_(options[i].label), "heading"));
      }
  gtk_box_append (GTK_BOX (box), text_label_new (block->text, NULL));
  return box;
}

static GtkWidget *
block_new (const TbRules *rules, const TbRulesPage *page, const TbRulesBlock *block)
{
  g_autofree char *item = NULL;

  switch (block->kind)
    {
    case TB_RULES_BLOCK_ITEM:
      /* Translators: a bullet point of the rules. */
      item = g_strdup_printf (_("• %s"), block->text);
      return text_label_new (item, "rules-item");
    case TB_RULES_BLOCK_EXAMPLE:
      return tb_rules_example_new (page, block);
    case TB_RULES_BLOCK_POINT:
      return point_new (rules, block);
    case TB_RULES_BLOCK_PARAGRAPH:
    default:
      return text_label_new (block->text, NULL);
    }
}

static GtkWidget *
page_view_new (const TbRulesPage *page)
{
  const TbRules *rules = tb_rules_lookup (page->ruleset);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *clamp = adw_clamp_new ();

  gtk_widget_add_css_class (box, "rules-page");
  gtk_box_append (GTK_BOX (box), text_label_new (page->title, "title-1"));
  if (page->subtitle)
    gtk_box_append (GTK_BOX (box), text_label_new (page->subtitle, "title-4"));
  gtk_box_append (GTK_BOX (box), text_label_new (page->credits, "dim-label"));
  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];
      GtkWidget *heading = text_label_new (section->title, "title-2");

      gtk_widget_set_margin_top (heading, 18);
      gtk_accessible_update_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2,
                                      -1);
      gtk_box_append (GTK_BOX (box), heading);
      for (guint b = 0; b < section->blocks->len; b++)
        gtk_box_append (GTK_BOX (box), block_new (rules, page, section->blocks->pdata[b]));
    }
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 760);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  return clamp;
}

static void
show_error (TbRulesWindow *self, const char *message)
{
  GtkWidget *status = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "dialog-warning-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (status), _("These Rules Could Not Be Read"));
  adw_status_page_set_description (ADW_STATUS_PAGE (status), message);
  gtk_scrolled_window_set_child (self->scroller, status);
}

static void
load_page (TbRulesWindow *self, const char *ruleset)
{
  const TbRules *rules = tb_rules_lookup (ruleset);
  g_autoptr (GError) error = NULL;
  TbRulesPage *page;

  adw_window_title_set_title (self->title, rules ? _(tb_rules_get_name (rules)) : ruleset);
  if (g_strcmp0 (self->ruleset, ruleset) == 0 && self->page)
    return;
  g_free (self->ruleset);
  self->ruleset = g_strdup (ruleset);
  page = tb_rules_page_load (ruleset, tb_rules_page_user_lang (), &error);
  /* The old page's examples point into it: they go first. */
  gtk_scrolled_window_set_child (self->scroller, NULL);
  g_clear_pointer (&self->page, tb_rules_page_free);
  if (page == NULL)
    {
      show_error (self, error->message);
      return;
    }
  self->page = page;
  gtk_scrolled_window_set_child (self->scroller, page_view_new (page));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

static void
on_row_activated (TbRulesWindow *self, GtkListBoxRow *row)
{
  load_page (self, g_object_get_data (G_OBJECT (row), "ruleset"));
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

static void
on_back_clicked (TbRulesWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

void
tb_rules_window_show_game (TbRulesWindow *self, const char *ruleset)
{
  g_return_if_fail (TB_IS_RULES_WINDOW (self));

  for (GtkListBoxRow *row; (row = gtk_list_box_get_row_at_index (self->games, 0)) != NULL;)
    {
      int i = 0;

      while (row && g_strcmp0 (g_object_get_data (G_OBJECT (row), "ruleset"), ruleset) != 0)
        row = gtk_list_box_get_row_at_index (self->games, ++i);
      if (row)
        gtk_list_box_select_row (self->games, row);
      break;
    }
  load_page (self, ruleset);
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

const TbRulesPage *
tb_rules_window_get_page (TbRulesWindow *self)
{
  g_return_val_if_fail (TB_IS_RULES_WINDOW (self), NULL);
  return self->page;
}

static void
fill_games (TbRulesWindow *self)
{
  guint n;
  const TbRules *const *all = tb_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *label = gtk_label_new (_(tb_rules_get_name (all[i])));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      g_object_set_data (G_OBJECT (row), "ruleset", (gpointer) tb_rules_get_id (all[i]));
      gtk_list_box_append (self->games, row);
    }
}

static void
tb_rules_window_finalize (GObject *object)
{
  TbRulesWindow *self = TB_RULES_WINDOW (object);

  g_clear_pointer (&self->page, tb_rules_page_free);
  g_free (self->ruleset);
  G_OBJECT_CLASS (tb_rules_window_parent_class)->finalize (object);
}

static void
tb_rules_window_dispose (GObject *object)
{
  TbRulesWindow *self = TB_RULES_WINDOW (object);

  /* The examples point into the page: they go before it. */
  if (self->scroller)
    gtk_scrolled_window_set_child (self->scroller, NULL);
  G_OBJECT_CLASS (tb_rules_window_parent_class)->dispose (object);
}

static void
tb_rules_window_class_init (TbRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_rules_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = tb_rules_window_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TbRulesWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, TbRulesWindow, games);
  gtk_widget_class_bind_template_child (widget_class, TbRulesWindow, title);
  gtk_widget_class_bind_template_child (widget_class, TbRulesWindow, scroller);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tb_rules_window_init (TbRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tb_a11y_tidy_buttons (GTK_WIDGET (self));
  fill_games (self);
}

TbRulesWindow *
tb_rules_window_new (GtkWindow *parent)
{
  return g_object_new (TB_TYPE_RULES_WINDOW, "transient-for", parent, "destroy-with-parent", TRUE,
                       "application", parent ? gtk_window_get_application (parent) : NULL, NULL);
}
