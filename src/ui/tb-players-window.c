/* tb-players-window.c: the players of a game and their ratings.
 *
 * One list per game (a drop-down chooses it), best rating first: each
 * row gives the games played, wins, draws and losses and the Elo rating
 * (tb-elo.h: rated finished games only, in date order).  A row opens the
 * history on that player's games (win.show-player-games). */
#include "config.h"

#include "tb-players-window.h"

#include <glib/gi18n.h>

struct _TbPlayersWindow
{
  AdwWindow parent_instance;

  TbStore *store;
  GtkDropDown *games;
  GtkScrolledWindow *scroller;
  GtkWidget *list;          /* the rows of the game shown, or NULL */
  const char *const *ids;   /* the rulesets of the drop-down, in order */
};

G_DEFINE_FINAL_TYPE (TbPlayersWindow, tb_players_window, ADW_TYPE_WINDOW)

static const char *
selected_ruleset (TbPlayersWindow *self)
{
  return self->ids[gtk_drop_down_get_selected (self->games)];
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, TbPlayersWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  const char *name = g_object_get_data (G_OBJECT (row), "player");

  if (parent)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.show-player-games", "(ss)",
                                selected_ruleset (self), name);
}

static GtkWidget *
player_row_new (const TbEloPlayer *player, guint rank)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *rating = gtk_label_new (NULL);
  g_autofree char *rating_text = g_strdup_printf ("%.0f", player->rating);
  g_autofree char *record = NULL, *title = NULL;

  /* Translators: a player's record: "12 games: 7 won, 2 drawn, 3 lost". */
  record = g_strdup_printf (ngettext ("%u game: %u won, %u drawn, %u lost",
                                      "%u games: %u won, %u drawn, %u lost", player->games),
                            player->games, player->wins, player->draws, player->losses);
  /* Translators: a player's place in the list and name: "1. Alice". */
  title = g_strdup_printf (_("%u. %s"), rank, player->name);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), record);
  gtk_label_set_text (GTK_LABEL (rating), rating_text);
  gtk_widget_add_css_class (rating, "title-3");
  gtk_widget_add_css_class (rating, "numeric");
  /* Translators: the accessible name of a rating: "Elo rating 1532". */
  {
    g_autofree char *label = g_strdup_printf (_("Elo rating %s"), rating_text);

    gtk_accessible_update_property (GTK_ACCESSIBLE (rating), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    label, -1);
  }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), rating);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "player", g_strdup (player->name), g_free);
  return row;
}

static GtkWidget *
empty_page_new (const char *title, const char *description)
{
  GtkWidget *page = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), "system-users-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (page), title);
  adw_status_page_set_description (ADW_STATUS_PAGE (page), description);
  return page;
}

static void
show_ratings (TbPlayersWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbEloTable) table = tb_store_ratings (self->store, selected_ruleset (self), &error);
  g_autoptr (GPtrArray) players = table ? tb_elo_table_players (table) : NULL;
  GtkWidget *clamp, *list;

  self->list = NULL;
  if (players == NULL)
    {
      gtk_scrolled_window_set_child (self->scroller,
                                     empty_page_new (_("The Ratings Could Not Be Read"),
                                                     error->message));
      return;
    }
  if (players->len == 0)
    {
      gtk_scrolled_window_set_child (self->scroller,
                                     empty_page_new (_("No Rated Games Yet"),
                                                     _("Finished games that are not casual "
                                                       "give the players of this game their "
                                                       "ratings.")));
      return;
    }
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_widget_set_valign (list, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Players"), -1);
  for (guint i = 0; i < players->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (list), player_row_new (players->pdata[i], i + 1));
  g_signal_connect (list, "row-activated", G_CALLBACK (on_row_activated), self);
  clamp = adw_clamp_new ();
  adw_clamp_set_child (ADW_CLAMP (clamp), list);
  gtk_widget_set_margin_top (clamp, 18);
  gtk_widget_set_margin_bottom (clamp, 18);
  gtk_widget_set_margin_start (clamp, 12);
  gtk_widget_set_margin_end (clamp, 12);
  gtk_scrolled_window_set_child (self->scroller, clamp);
  self->list = list;
}

static GtkWidget *
games_dropdown_new (TbPlayersWindow *self)
{
  guint n;
  const TbRules *const *all = tb_rules_list (&n);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  const char **ids = g_new0 (const char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      gtk_string_list_append (names, _(tb_rules_get_name (all[i])));
      ids[i] = tb_rules_get_id (all[i]);
    }
  self->ids = ids;
  self->games = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->games), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Game"), -1);
  g_signal_connect_swapped (self->games, "notify::selected", G_CALLBACK (show_ratings), self);
  return GTK_WIDGET (self->games);
}

void
tb_players_window_show_game (TbPlayersWindow *self, const char *ruleset)
{
  g_return_if_fail (TB_IS_PLAYERS_WINDOW (self));

  for (guint i = 0; self->ids[i]; i++)
    if (g_strcmp0 (self->ids[i], ruleset) == 0)
      {
        if (gtk_drop_down_get_selected (self->games) != i)
          gtk_drop_down_set_selected (self->games, i);
        else
          show_ratings (self);
        return;
      }
  show_ratings (self);
}

GtkListBox *
tb_players_window_get_list (TbPlayersWindow *self)
{
  g_return_val_if_fail (TB_IS_PLAYERS_WINDOW (self), NULL);
  return self->list ? GTK_LIST_BOX (self->list) : NULL;
}

static void
tb_players_window_finalize (GObject *object)
{
  TbPlayersWindow *self = TB_PLAYERS_WINDOW (object);

  g_clear_object (&self->store);
  g_free ((gpointer) self->ids);
  G_OBJECT_CLASS (tb_players_window_parent_class)->finalize (object);
}

static void
tb_players_window_class_init (TbPlayersWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tb_players_window_finalize;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
tb_players_window_init (TbPlayersWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("Players"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 640);
  gtk_widget_set_size_request (GTK_WIDGET (self), 360, 300);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), games_dropdown_new (self));
  gtk_box_append (GTK_BOX (box), header);
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->scroller));
  adw_window_set_content (ADW_WINDOW (self), box);
}

TbPlayersWindow *
tb_players_window_new (GtkWindow *parent, TbStore *store, const char *ruleset)
{
  TbPlayersWindow *self = g_object_new (TB_TYPE_PLAYERS_WINDOW, "transient-for", parent,
                                        "destroy-with-parent", TRUE, NULL);

  self->store = g_object_ref (store);
  tb_players_window_show_game (self, ruleset);
  return self;
}
