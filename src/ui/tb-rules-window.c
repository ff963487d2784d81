/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-window.c: the rules of every game, in the reader's language.
 *
 * A sidebar lists the games and, under the one shown, its sections; the
 * page of the chosen game is built from its data file (tb-rules-page.c):
 * the rules in brief and the contents first, then the sections, with
 * paragraphs, the reconstructed points with the option that controls
 * each, figures (tb-rules-figure.c) and live example boards.  Links in
 * the page ("reconstructed", the contents) scroll to their section.  The
 * sidebar folds away on narrow windows (AdwLeaflet). */
#include "config.h"

#include "tb-a11y.h"
#include "tb-rules-window.h"

#include <glib/gi18n.h>

#include "tb-rules-example.h"
#include "tb-rules-figure.h"

/* How many frames a scroll to a section is done again: the page's
 * height settles over a few frames after it is shown or resized. */
#define SCROLL_FRAMES 8

struct _TbRulesWindow
{
  AdwWindow parent_instance;

  AdwLeaflet *leaflet;
  GtkListBox *games;
  AdwWindowTitle *title;
  GtkScrolledWindow *scroller;
  TbRulesPage *page;
  char *ruleset;
  GPtrArray *headings;  /* the page's section headings, in order */
  int scroll_section;   /* the section being scrolled to, or -1 */
  guint scroll_frames;  /* frames left to do it again */
  guint scroll_tick;
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

static gboolean on_activate_link (TbRulesWindow *self, const char *uri, GtkLabel *label);

/* A label of Pango markup whose links ("#SECTION") scroll the page. */
static GtkWidget *
link_label_new (TbRulesWindow *self, const char *markup, const char *css_class)
{
  GtkWidget *label = text_label_new (NULL, css_class);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  g_signal_connect_swapped (label, "activate-link", G_CALLBACK (on_activate_link), self);
  return label;
}

/* The page's section of that id, or NULL. */
static TbRulesSection *
find_section (const TbRulesPage *page, const char *id, guint *index)
{
  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];

      if (g_strcmp0 (section->id, id) == 0)
        {
          if (index)
            *index = s;
          return section;
        }
    }
  return NULL;
}

/* A link to a section, titled with it. */
static char *
section_link (const TbRulesPage *page, const char *id, const char *text)
{
  return g_markup_printf_escaped ("<a href=\"#%s\">%s</a>", id, text);
}

/* A paragraph or item that states a reconstructed point: the text, then
 * a link to the section that explains it (the reader should not have to
 * reach the end of the page to learn that a rule is a reading). */
static GtkWidget *
marked_label_new (TbRulesWindow *self, const TbRulesPage *page, const char *text,
                  const char *css_class)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  /* Translators: the mark after a rule that the original texts leave
   * open; a link to the section "Reconstructed rules". */
  g_autofree char *link = section_link (page, "reconstructed", _("(reconstructed)"));
  g_autofree char *markup = g_strdup_printf ("%s %s", escaped, link);

  return link_label_new (self, markup, css_class);
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
block_new (TbRulesWindow *self, const TbRules *rules, const TbRulesPage *page,
           const TbRulesBlock *block)
{
  g_autofree char *item = NULL;
  const char *text = block->text;

  switch (block->kind)
    {
    case TB_RULES_BLOCK_EXAMPLE:
      return tb_rules_example_new (page, block);
    case TB_RULES_BLOCK_FIGURE:
      return tb_rules_figure_new (page, block);
    case TB_RULES_BLOCK_POINT:
      return point_new (rules, block);
    case TB_RULES_BLOCK_ITEM:
      /* Translators: a bullet point of the rules. */
      text = item = g_strdup_printf (_("• %s"), block->text);
      G_GNUC_FALLTHROUGH;
    case TB_RULES_BLOCK_PARAGRAPH:
    default:
      {
        const char *css = block->kind == TB_RULES_BLOCK_ITEM ? "rules-item" : NULL;

        return block->reconstructed ? marked_label_new (self, page, text, css)
                                    : text_label_new (text, css);
      }
    }
}

/* The whole game at a glance, before the details. */
static GtkWidget *
brief_new (const TbRulesPage *page)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = text_label_new (_("Rules in Brief"), "heading");

  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "rules-brief");
  gtk_accessible_update_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  gtk_box_append (GTK_BOX (box), heading);
  for (guint i = 0; i < page->brief->len; i++)
    {
      /* Translators: a bullet point of the rules. */
      g_autofree char *line = g_strdup_printf (_("• %s"), (const char *) page->brief->pdata[i]);

      gtk_box_append (GTK_BOX (box), text_label_new (line, "rules-item"));
    }
  return box;
}

/* The page's sections, each a link to it. */
static GtkWidget *
contents_new (TbRulesWindow *self, const TbRulesPage *page)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = text_label_new (_("Contents"), "heading");
  g_autoptr (GString) markup = g_string_new (NULL);

  gtk_widget_add_css_class (box, "rules-contents");
  gtk_accessible_update_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  gtk_box_append (GTK_BOX (box), heading);
  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];
      g_autofree char *link = section_link (page, section->id, section->title);

      g_string_append_printf (markup, "%s%u. %s", s ? "\n" : "", s + 1, link);
    }
  gtk_box_append (GTK_BOX (box), link_label_new (self, markup->str, NULL));
  return box;
}

static GtkWidget *
page_view_new (TbRulesWindow *self, const TbRulesPage *page)
{
  const TbRules *rules = tb_rules_lookup (page->ruleset);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *clamp = adw_clamp_new ();

  gtk_widget_add_css_class (box, "rules-page");
  gtk_box_append (GTK_BOX (box), text_label_new (page->title, "title-1"));
  if (page->subtitle)
    gtk_box_append (GTK_BOX (box), text_label_new (page->subtitle, "title-4"));
  gtk_box_append (GTK_BOX (box), text_label_new (page->credits, "dim-label"));
  if (page->brief->len)
    gtk_box_append (GTK_BOX (box), brief_new (page));
  gtk_box_append (GTK_BOX (box), contents_new (self, page));
  g_ptr_array_set_size (self->headings, 0);
  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];
      GtkWidget *heading = text_label_new (section->title, "title-2");

      gtk_widget_set_margin_top (heading, 18);
      gtk_accessible_update_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2,
                                      -1);
      gtk_box_append (GTK_BOX (box), heading);
      g_ptr_array_add (self->headings, heading);
      for (guint b = 0; b < section->blocks->len; b++)
        gtk_box_append (GTK_BOX (box), block_new (self, rules, page, section->blocks->pdata[b]));
    }
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 760);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  return clamp;
}

/* Puts the section's heading at the top of the view, again for a few
 * frames while the page settles (a page just built, a window folding). */
static gboolean
scroll_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TbRulesWindow *self = data;
  GtkWidget *child = gtk_scrolled_window_get_child (self->scroller);
  graphene_point_t top;

  /* The page inside the viewport: its coordinates do not move with the
   * scrolling, the viewport's do. */
  if (GTK_IS_VIEWPORT (child))
    child = gtk_viewport_get_child (GTK_VIEWPORT (child));

  if (self->scroll_section < 0 || (guint) self->scroll_section >= self->headings->len ||
      self->scroll_frames == 0)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  if (child && gtk_widget_get_height (child) > 0 &&
      gtk_widget_compute_point (self->headings->pdata[self->scroll_section], child,
                                &GRAPHENE_POINT_INIT (0, 0), &top))
    {
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller),
                                MAX (0, top.y - 12));
      self->scroll_frames--;
    }
  return G_SOURCE_CONTINUE;
}

static void
scroll_to_section (TbRulesWindow *self, guint index)
{
  self->scroll_section = (int) index;
  self->scroll_frames = SCROLL_FRAMES;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->scroller), scroll_tick,
                                                      self, NULL);
}

/* The sidebar row of a game. */
static GtkListBoxRow *
find_game_row (TbRulesWindow *self, const char *ruleset)
{
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->games, i)); i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "ruleset"), ruleset) == 0 &&
        g_object_get_data (G_OBJECT (row), "section") == NULL)
      return row;
  return NULL;
}

/* Under the game shown, its sections; the other games' are hidden.
 * The rows stay: one that has the focus must not go away under it. */
static void
fill_sections (TbRulesWindow *self)
{
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->games, i)); i++)
    if (g_object_get_data (G_OBJECT (row), "section"))
      gtk_widget_set_visible (GTK_WIDGET (row),
                              self->page &&
                                g_strcmp0 (g_object_get_data (G_OBJECT (row), "ruleset"),
                                           self->ruleset) == 0);
}

/* A game's sections, as rows under its own, hidden until it is shown. */
static void
add_section_rows (TbRulesWindow *self, const char *ruleset)
{
  g_autoptr (TbRulesPage) page = tb_rules_page_load (ruleset, tb_rules_page_user_lang (), NULL);

  for (guint s = 0; page && s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];
      GtkWidget *label = text_label_new (section->title, "rules-sidebar-section");
      GtkWidget *row = gtk_list_box_row_new ();

      gtk_widget_set_margin_start (label, 18);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      g_object_set_data (G_OBJECT (row), "ruleset", (gpointer) ruleset);
      g_object_set_data_full (G_OBJECT (row), "section", g_strdup (section->id), g_free);
      gtk_widget_set_visible (row, FALSE);
      gtk_list_box_append (self->games, row);
    }
}

gboolean
tb_rules_window_show_section (TbRulesWindow *self, const char *id)
{
  guint index;

  g_return_val_if_fail (TB_IS_RULES_WINDOW (self), FALSE);

  if (self->page == NULL || find_section (self->page, id, &index) == NULL)
    return FALSE;
  scroll_to_section (self, index);
  return TRUE;
}

/* Links of the page: "#SECTION". */
static gboolean
on_activate_link (TbRulesWindow *self, const char *uri, GtkLabel *label)
{
  if (uri[0] != '#')
    return FALSE;
  tb_rules_window_show_section (self, uri + 1);
  return TRUE;
}

/* The focus leaves a page about to go (a link of its labels, a board):
 * with the focus on a label with links that is taken away, GTK 4.8 asks
 * about a widget that no longer exists at a later allocation. */
static void
forget_page_focus (TbRulesWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->scroller)))
    gtk_window_set_focus (GTK_WINDOW (self), NULL);
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
  forget_page_focus (self);
  /* The old page's examples point into it: they go first. */
  gtk_scrolled_window_set_child (self->scroller, NULL);
  g_clear_pointer (&self->page, tb_rules_page_free);
  g_ptr_array_set_size (self->headings, 0);
  self->scroll_section = -1;
  if (page == NULL)
    {
      fill_sections (self);
      show_error (self, error->message);
      return;
    }
  self->page = page;
  gtk_scrolled_window_set_child (self->scroller, page_view_new (self, page));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  fill_sections (self);
}

static void
on_row_activated (TbRulesWindow *self, GtkListBoxRow *row)
{
  const char *section = g_object_get_data (G_OBJECT (row), "section");

  if (section)
    tb_rules_window_show_section (self, section);
  else
    {
      g_autofree char *ruleset = g_strdup (g_object_get_data (G_OBJECT (row), "ruleset"));

      load_page (self, ruleset);
      /* The game's row again: its sections were put under it. */
      gtk_list_box_select_row (self->games, find_game_row (self, ruleset));
    }
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

  load_page (self, ruleset);
  gtk_list_box_select_row (self->games, find_game_row (self, ruleset));
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
      add_section_rows (self, tb_rules_get_id (all[i]));
    }
}

static void
tb_rules_window_finalize (GObject *object)
{
  TbRulesWindow *self = TB_RULES_WINDOW (object);

  g_clear_pointer (&self->page, tb_rules_page_free);
  g_ptr_array_unref (self->headings);
  g_free (self->ruleset);
  G_OBJECT_CLASS (tb_rules_window_parent_class)->finalize (object);
}

static void
tb_rules_window_dispose (GObject *object)
{
  TbRulesWindow *self = TB_RULES_WINDOW (object);

  /* The examples point into the page: they go before it. */
  if (self->scroll_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->scroller), self->scroll_tick);
  self->scroll_tick = 0;
  if (self->scroller)
    gtk_scrolled_window_set_child (self->scroller, NULL);
  if (self->headings)
    g_ptr_array_set_size (self->headings, 0);
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
  self->headings = g_ptr_array_new ();
  self->scroll_section = -1;
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
