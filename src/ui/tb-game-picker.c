/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-picker.c: the start screen.
 *
 * Its fixed part is in tb-game-picker.ui; the cards (tb-game-card.c) are
 * added at start, one per ruleset of tb_rules_list. */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-game-card.h"
#include "tb-game-picker.h"
#include "tb-history-text.h"
#include "tb-move-describe.h"
#include "tb-store-job.h"
#include "tb-template.h"

/* The stored unfinished games offered besides the one in progress. */
#define N_UNFINISHED 3

struct _TbGamePicker
{
  GtkWidget parent_instance;

  GtkWidget *resume_list;    /* shown while there is a game in progress */
  AdwActionRow *resume_row;
  GtkFlowBox *flow;
  GHashTable *cards;         /* ruleset id -> card */
  TbGame *current;
  GPtrArray *stored_rows;    /* the rows of other unfinished games, and "More" */
  GCancellable *listing;     /* the query of the unfinished games */
  GPtrArray *listed;         /* its answer, kept until the picker is on screen */
  gint64 listed_skip_id;
};

G_DEFINE_FINAL_TYPE (TbGamePicker, tb_game_picker, GTK_TYPE_WIDGET)

enum
{
  PLAY,
  RESUME,
  RESUME_STORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A card's Play: its ruleset id. */
static void
play_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_signal_emit (widget, signals[PLAY], 0, g_variant_get_string (parameter, NULL));
}

static void
on_resume_activated (AdwActionRow *row, TbGamePicker *self)
{
  g_signal_emit (self, signals[RESUME], 0);
}

/* ---- the unfinished games ---- */

static void
on_stored_activated (AdwActionRow *row, TbGamePicker *self)
{
  gint64 *id = g_object_get_data (G_OBJECT (row), "game-id");

  g_signal_emit (self, signals[RESUME_STORED], 0, *id);
}

static GtkWidget *
continue_row_new (const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  return row;
}

/* "Continue RA", "Alice – Red · 11/24/26". */
static GtkWidget *
stored_row_new (TbGamePicker *self, const TbStoreRow *stored)
{
  const TbRules *rules = tb_rules_lookup (stored->ruleset);
  /* Translators: an unfinished game on the start screen: "Continue RA". */
  g_autofree char *title = g_strdup_printf (_("Continue %s"),
                                            rules ? _(tb_rules_get_name (rules)) : stored->ruleset);
  g_autofree char *players = tb_history_players_text (stored->ruleset, stored->player1,
                                                      stored->player2);
  g_autofree char *date = tb_history_date_text (stored->date);
  /* Translators: who plays an unfinished game and when it began. */
  g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), players, date);
  GtkWidget *row = continue_row_new (title, subtitle);

  g_object_set_data_full (G_OBJECT (row), "game-id", g_memdup2 (&stored->id, sizeof stored->id),
                          g_free);
  g_signal_connect (row, "activated", G_CALLBACK (on_stored_activated), self);
  return row;
}

static void
clear_stored_rows (TbGamePicker *self)
{
  for (guint i = 0; i < self->stored_rows->len; i++)
    gtk_list_box_remove (GTK_LIST_BOX (self->resume_list), self->stored_rows->pdata[i]);
  g_ptr_array_set_size (self->stored_rows, 0);
}

static void
update_resume_list (TbGamePicker *self)
{
  gtk_widget_set_visible (self->resume_list, self->current || self->stored_rows->len);
}

/* The unfinished games' rows made anew from the answer kept. */
static void
show_listed (TbGamePicker *self)
{
  g_autoptr (GPtrArray) rows = g_steal_pointer (&self->listed);
  guint shown = 0;

  clear_stored_rows (self);
  for (guint i = 0; i < rows->len && shown < N_UNFINISHED; i++)
    {
      const TbStoreRow *stored = rows->pdata[i];
      GtkWidget *row;

      if (stored->id == self->listed_skip_id)
        continue;
      row = stored_row_new (self, stored);
      gtk_list_box_append (GTK_LIST_BOX (self->resume_list), row);
      g_ptr_array_add (self->stored_rows, row);
      shown++;
    }
  /* One more than shown (the game in progress aside): the others are in
   * the history, filtered on the unfinished games. */
  if (shown == N_UNFINISHED && rows->len > N_UNFINISHED + (self->listed_skip_id != 0))
    {
      GtkWidget *more = continue_row_new (_("More Unfinished Games"), _("In the history"));

      gtk_actionable_set_action_name (GTK_ACTIONABLE (more), "win.show-unfinished");
      gtk_list_box_append (GTK_LIST_BOX (self->resume_list), more);
      g_ptr_array_add (self->stored_rows, more);
    }
  update_resume_list (self);
}

/* Rows are added only while the picker is on screen: GTK 4.8 tells a
 * screen reader of a row added to a list that is not, before the row has
 * an accessible of its own, and the application crashed as the screen
 * reader asked for it (a NULL object path).  The answer waits for map. */
static void
on_map (GtkWidget *widget)
{
  TbGamePicker *self = TB_GAME_PICKER (widget);

  GTK_WIDGET_CLASS (tb_game_picker_parent_class)->map (widget);
  if (self->listed)
    show_listed (self);
}

typedef struct
{
  TbGamePicker *self;      /* a weak pointer */
  gint64 skip_id;
} Listing;

static void
on_unfinished_listed (GObject *source, GAsyncResult *result, gpointer data)
{
  Listing *listing = data;
  TbGamePicker *self = listing->self;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = tb_store_job_query_finish (result, NULL, &error);

  if (self && rows)
    {
      g_clear_pointer (&self->listed, g_ptr_array_unref);
      self->listed = g_steal_pointer (&rows);
      self->listed_skip_id = listing->skip_id;
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        show_listed (self);
    }
  else if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("%s", error->message);
  g_clear_weak_pointer (&listing->self);
  g_free (listing);
}

void
tb_game_picker_list_unfinished (TbGamePicker *self, TbStore *store, gint64 skip_id)
{
  const TbStoreFilter unfinished = { .result = "*", .skip_empty = TRUE };
  Listing *listing;

  g_return_if_fail (TB_IS_GAME_PICKER (self));
  g_return_if_fail (TB_IS_STORE (store));

  g_cancellable_cancel (self->listing);
  g_clear_object (&self->listing);
  self->listing = g_cancellable_new ();
  listing = g_new0 (Listing, 1);
  g_set_weak_pointer (&listing->self, self);
  listing->skip_id = skip_id;
  /* Newest first; one more than shown says whether there are others. */
  tb_store_job_query (store, &unfinished, TB_STORE_SORT_DATE, TRUE, 0, N_UNFINISHED + 2, FALSE,
                      self->listing, on_unfinished_listed, listing);
}

/* ---- the cards ---- */

static void
add_cards (TbGamePicker *self)
{
  guint n;
  const TbRules *const *rules = tb_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *card = tb_game_card_new (rules[i]);

      g_hash_table_insert (self->cards, (gpointer) tb_rules_get_id (rules[i]), card);
      gtk_flow_box_append (self->flow, card);
    }
}

static void
tb_game_picker_dispose (GObject *object)
{
  TbGamePicker *self = TB_GAME_PICKER (object);

  g_clear_object (&self->current);
  g_cancellable_cancel (self->listing);
  g_clear_object (&self->listing);
  g_clear_pointer (&self->stored_rows, g_ptr_array_unref);
  g_clear_pointer (&self->listed, g_ptr_array_unref);
  g_clear_pointer (&self->cards, g_hash_table_unref);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_GAME_PICKER);
  G_OBJECT_CLASS (tb_game_picker_parent_class)->dispose (object);
}

static void
tb_game_picker_class_init (TbGamePickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_game_picker_dispose;
  widget_class->map = on_map;

  /* Play was pressed on a game's card: its ruleset id. */
  signals[PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* The game in progress was chosen. */
  signals[RESUME] = g_signal_new ("resume", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Another unfinished game was chosen: its id in the database. */
  signals[RESUME_STORED] = g_signal_new ("resume-stored", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_INT64);

  gtk_widget_class_install_action (widget_class, "picker.play", "s", play_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gamepicker");

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-game-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, TbGamePicker, resume_list);
  gtk_widget_class_bind_template_child (widget_class, TbGamePicker, resume_row);
  gtk_widget_class_bind_template_child (widget_class, TbGamePicker, flow);
  gtk_widget_class_bind_template_callback (widget_class, on_resume_activated);
}

static void
tb_game_picker_init (TbGamePicker *self)
{
  self->cards = g_hash_table_new (g_str_hash, g_str_equal);
  self->stored_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  add_cards (self);
}

GtkWidget *
tb_game_picker_new (void)
{
  return g_object_new (TB_TYPE_GAME_PICKER, NULL);
}

void
tb_game_picker_set_current_game (TbGamePicker *self, TbGame *game)
{
  g_return_if_fail (TB_IS_GAME_PICKER (self));

  g_set_object (&self->current, game);
  gtk_widget_set_visible (GTK_WIDGET (self->resume_row), game != NULL);
  update_resume_list (self);
  if (game)
    {
      /* Translators: the game in progress on the start screen: "Continue RA". */
      g_autofree char *title = g_strdup_printf (_("Continue %s"),
                                                _(tb_rules_get_name (tb_game_get_rules (game))));
      g_autofree char *state = tb_describe_state (game);
      /* Translators: how far the game in progress is: "Move 12 · White to move". */
      g_autofree char *subtitle = g_strdup_printf (_("Move %u · %s"),
                                                   (tb_game_get_ply (game) + 2) / 2, state);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->resume_row), title);
      adw_action_row_set_subtitle (self->resume_row, subtitle);
    }
}

GtkWidget *
tb_game_picker_get_card (TbGamePicker *self, const char *ruleset_id)
{
  g_return_val_if_fail (TB_IS_GAME_PICKER (self), NULL);
  return g_hash_table_lookup (self->cards, ruleset_id);
}
