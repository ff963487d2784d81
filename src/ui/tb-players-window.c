/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-players-window.c: the players of a game and their ratings.
 *
 * One list per game (a drop-down chooses it), best rating first: each
 * row gives the games played, wins, draws and losses and the Elo rating
 * (tb-elo.h: rated finished games only, in date order), and the
 * exercises of the practice the player solved; a player with analysed
 * games has Practise (win.practise).  A row opens the history on that
 * player's games (win.show-player-games).  The window's structure is in
 * tb-players-window.ui. */
#include "config.h"

#include "tb-players-window.h"

#include <glib/gi18n.h>

#include "tb-a11y.h"
#include "tb-practice.h"
#include "tb-text-fold.h"
#include "tb-store-job.h"

struct _TbPlayersWindow
{
  AdwWindow parent_instance;

  TbStore *store;
  GtkDropDown *games;
  GtkStack *pages;          /* loading, players, none or error */
  GtkListBox *list;         /* the rows of the game shown */
  AdwStatusPage *error_page;
  const char *const *ids;   /* the rulesets of the drop-down, in order */
  guint asked;              /* ratings asked for and not come yet */
  TbEloTable *ratings;      /* come, while the practice's counts are read */
  gboolean loading;
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

static void
on_practise_clicked (GtkButton *button, TbPlayersWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  const char *name = g_object_get_data (G_OBJECT (button), "player");

  if (parent)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.practise", "(ss)",
                                selected_ruleset (self), name);
}

/* Practise, for a player with analysed games. */
static GtkWidget *
practise_button_new (TbPlayersWindow *self, const char *name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Practise"));
  /* Translators: the accessible name of a player's Practise button:
   * "Practise Alice's mistakes". */
  g_autofree char *label = g_strdup_printf (_("Practise %s’s mistakes"), name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Exercises from the mistakes of the analysed games"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  g_object_set_data_full (G_OBJECT (button), "player", g_strdup (name), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (on_practise_clicked), self);
  return button;
}

/* "12 games: 7 won, 2 drawn, 3 lost", and "; 4 exercises solved" when
 * the player practised. */
static char *
record_text (const TbEloPlayer *player, const TbStorePracticeCounts *counts)
{
  /* Translators: a player's record: "12 games: 7 won, 2 drawn, 3 lost". */
  g_autofree char *record = g_strdup_printf (ngettext ("%u game: %u won, %u drawn, %u lost",
                                                       "%u games: %u won, %u drawn, %u lost",
                                                       player->games),
                                             player->games, player->wins, player->draws,
                                             player->losses);

  if (counts == NULL || counts->solved == 0)
    return g_steal_pointer (&record);
  /* Translators: after a player's record: how many exercises of the
   * practice they solved. */
  return g_strdup_printf (ngettext ("%s; %u exercise solved", "%s; %u exercises solved",
                                    counts->solved), record, counts->solved);
}

static GtkWidget *
player_row_new (TbPlayersWindow *self, const TbEloPlayer *player, guint rank,
                const TbStorePracticeCounts *counts)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *rating = gtk_label_new (NULL);
  g_autofree char *rating_text = g_strdup_printf ("%.0f", player->rating);
  g_autofree char *record = record_text (player, counts), *title = NULL;

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
  if (counts && counts->analysed_games > 0)
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), practise_button_new (self, player->name));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), rating);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "player", g_strdup (player->name), g_free);
  return row;
}

/* counts: by folded name (tb_store_practice_counts), or NULL. */
static void
show_players (TbPlayersWindow *self, GPtrArray *players, GHashTable *counts)
{
  GtkListBoxRow *row;

  /* GTK 4.8 has no gtk_list_box_remove_all (). */
  while ((row = gtk_list_box_get_row_at_index (self->list, 0)))
    gtk_list_box_remove (self->list, GTK_WIDGET (row));
  for (guint i = 0; i < players->len; i++)
    {
      const TbEloPlayer *player = players->pdata[i];
      g_autofree char *key = tb_text_fold (player->name);

      gtk_list_box_append (self->list,
                           player_row_new (self, player, i + 1,
                                           counts ? g_hash_table_lookup (counts, key) : NULL));
    }
  gtk_stack_set_visible_child_name (self->pages, "players");
}

/* The practice's counts come after the ratings (the same queue of store
 * jobs); a failure to read them leaves the rows without them. */
static void
on_counts (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbPlayersWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) counts = tb_practice_counts_finish (result, &error);
  g_autoptr (TbEloTable) ratings = g_steal_pointer (&self->ratings);
  g_autoptr (GPtrArray) players = NULL;

  if (--self->asked > 0)
    return;
  self->loading = FALSE;
  if (self->pages == NULL || ratings == NULL)
    return;
  /* The players point into their table. */
  players = tb_elo_table_players (ratings);
  if (counts == NULL)
    g_warning ("practice counts: %s", error->message);
  show_players (self, players, counts);
}

static void
on_ratings (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbPlayersWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbEloTable) table = tb_store_job_ratings_finish (result, &error);
  g_autoptr (GPtrArray) players = table ? tb_elo_table_players (table) : NULL;

  /* Another game was chosen meanwhile: its own answer follows. */
  if (--self->asked > 0)
    return;
  self->loading = FALSE;
  /* The window was closed meanwhile. */
  if (self->pages == NULL)
    return;
  if (players == NULL)
    {
      adw_status_page_set_description (self->error_page, error->message);
      gtk_stack_set_visible_child_name (self->pages, "error");
    }
  else if (players->len == 0)
    gtk_stack_set_visible_child_name (self->pages, "none");
  else
    {
      /* Still loading until the counts come. */
      self->asked++;
      self->loading = TRUE;
      g_clear_pointer (&self->ratings, tb_elo_table_free);
      self->ratings = g_steal_pointer (&table);
      tb_practice_counts_async (self->store, selected_ruleset (self), NULL, on_counts,
                                g_object_ref (self));
    }
}

/* The ratings are worked out by a store job. */
static void
show_ratings (TbPlayersWindow *self)
{
  self->asked++;
  self->loading = TRUE;
  tb_store_job_ratings (self->store, selected_ruleset (self), NULL, on_ratings,
                        g_object_ref (self));
}

gboolean
tb_players_window_get_loading (TbPlayersWindow *self)
{
  g_return_val_if_fail (TB_IS_PLAYERS_WINDOW (self), FALSE);
  return self->loading;
}

/* The drop-down's choice.  None is asked for while the window is being
 * made, with no store yet: tb_players_window_new asks. */
static void
on_game_selected (TbPlayersWindow *self)
{
  if (self->store)
    show_ratings (self);
}

static void
fill_games (TbPlayersWindow *self)
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
  gtk_drop_down_set_model (self->games, G_LIST_MODEL (names));
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

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "players") != 0)
    return NULL;
  return self->list;
}

static void
tb_players_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TB_TYPE_PLAYERS_WINDOW);
  G_OBJECT_CLASS (tb_players_window_parent_class)->dispose (object);
}

static void
tb_players_window_finalize (GObject *object)
{
  TbPlayersWindow *self = TB_PLAYERS_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->ratings, tb_elo_table_free);
  g_free ((gpointer) self->ids);
  G_OBJECT_CLASS (tb_players_window_parent_class)->finalize (object);
}

static void
tb_players_window_class_init (TbPlayersWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_players_window_dispose;
  object_class->finalize = tb_players_window_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource
    (widget_class, "/io/github/tablier/Tablier/tb-players-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TbPlayersWindow, games);
  gtk_widget_class_bind_template_child (widget_class, TbPlayersWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, TbPlayersWindow, list);
  gtk_widget_class_bind_template_child (widget_class, TbPlayersWindow, error_page);
  gtk_widget_class_bind_template_callback (widget_class, on_game_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
}

static void
tb_players_window_init (TbPlayersWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tb_a11y_tidy_buttons (GTK_WIDGET (self));
  /* GTK 4.8 leaves the button inside a drop-down nameless for screen
   * readers. */
  tb_name_button_widget (GTK_WIDGET (self->games), _("Game"));
  fill_games (self);
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
