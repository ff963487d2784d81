/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-picker.c: the start screen.
 *
 * Its fixed part is in tb-game-picker.ui; the cards (tb-game-card.c) are
 * added at start, one per ruleset of tb_rules_list. */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-game-card.h"
#include "tb-game-picker.h"
#include "tb-move-describe.h"
#include "tb-template.h"

struct _TbGamePicker
{
  GtkWidget parent_instance;

  GtkWidget *resume_list;    /* shown while there is a game in progress */
  AdwActionRow *resume_row;
  GtkFlowBox *flow;
  GHashTable *cards;         /* ruleset id -> card */
  TbGame *current;
};

G_DEFINE_FINAL_TYPE (TbGamePicker, tb_game_picker, GTK_TYPE_WIDGET)

enum
{
  PLAY,
  RESUME,
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

  /* Play was pressed on a game's card: its ruleset id. */
  signals[PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* The game in progress was chosen. */
  signals[RESUME] = g_signal_new ("resume", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);

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
  gtk_widget_set_visible (self->resume_list, game != NULL);
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
