/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-card.c: a game on the start screen.
 *
 * The card's widgets are in tb-game-card.ui; what names its game is
 * filled in once the ruleset is known.  Play leaves the choice to the
 * start screen (picker.play), Rules to the window (win.show-rules). */
#include "config.h"

#include "tb-game-card.h"

#include <glib/gi18n.h>

#include "tb-a11y.h"
#include "tb-board-view.h"

struct _TbGameCard
{
  GtkBox parent_instance;

  const TbRules *rules;
  TbBoardView *thumbnail;
  GtkLabel *name_label;
  GtkLabel *credits_label;
  GtkLabel *length_label;
  GtkLabel *summary_label;
  GtkWidget *rules_button;
  GtkWidget *play_button;
};

G_DEFINE_FINAL_TYPE (TbGameCard, tb_game_card, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_RULESET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The start position, drawn small and named after its game. */
static void
show_thumbnail (TbGameCard *self)
{
  g_autoptr (TbVariant) variant = tb_variant_new_default (self->rules);
  g_autoptr (TbGame) game = tb_game_new (variant, 1);

  tb_board_view_set_show_hands (self->thumbnail, FALSE);
  tb_board_view_set_game (self->thumbnail, game);
  tb_board_view_set_natural_size (self->thumbnail, 200);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->thumbnail), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(tb_rules_get_name (self->rules)), -1);
}

static void
show_texts (TbGameCard *self)
{
  /* Translators: how many play and for how long: "2 players · 20 to 30 minutes". */
  g_autofree char *length = g_strdup_printf (_("2 players · %s"),
                                             _(tb_rules_get_duration (self->rules)));

  gtk_label_set_text (self->name_label, _(tb_rules_get_name (self->rules)));
  gtk_label_set_text (self->credits_label, _(tb_rules_get_credits (self->rules)));
  gtk_label_set_text (self->length_label, length);
  gtk_label_set_text (self->summary_label, _(tb_rules_get_summary (self->rules)));
}

/* The buttons' labels say only "Rules" and "Play": their tooltips and
 * what screen readers say name the game. */
static void
name_button (GtkWidget *button, const char *label, const char *ruleset)
{
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  tb_a11y_mark_named (button);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", ruleset);
}

static void
show_buttons (TbGameCard *self)
{
  const char *name = _(tb_rules_get_name (self->rules));
  /* Translators: the tooltip of a game card's Rules button: "Rules of RA". */
  g_autofree char *rules_label = g_strdup_printf (_("Rules of %s"), name);
  /* Translators: the tooltip of a game card's Play button: "Play RA". */
  g_autofree char *play_label = g_strdup_printf (_("Play %s"), name);

  name_button (self->rules_button, rules_label, tb_rules_get_id (self->rules));
  name_button (self->play_button, play_label, tb_rules_get_id (self->rules));
}

static void
tb_game_card_constructed (GObject *object)
{
  TbGameCard *self = TB_GAME_CARD (object);

  G_OBJECT_CLASS (tb_game_card_parent_class)->constructed (object);
  g_return_if_fail (self->rules != NULL);
  show_thumbnail (self);
  show_texts (self);
  show_buttons (self);
}

static void
tb_game_card_set_property (GObject *object, guint prop_id, const GValue *value,
                           GParamSpec *pspec)
{
  TbGameCard *self = TB_GAME_CARD (object);

  switch (prop_id)
    {
    case PROP_RULESET:
      self->rules = tb_rules_lookup (g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_game_card_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbGameCard *self = TB_GAME_CARD (object);

  switch (prop_id)
    {
    case PROP_RULESET:
      g_value_set_string (value, self->rules ? tb_rules_get_id (self->rules) : NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_game_card_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TB_TYPE_GAME_CARD);
  G_OBJECT_CLASS (tb_game_card_parent_class)->dispose (object);
}

static void
tb_game_card_class_init (TbGameCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tb_game_card_constructed;
  object_class->set_property = tb_game_card_set_property;
  object_class->get_property = tb_game_card_get_property;
  object_class->dispose = tb_game_card_dispose;

  /* The id of the card's game (tb_rules_get_id). */
  properties[PROP_RULESET] =
    g_param_spec_string ("ruleset", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY
                         | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TB_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-game-card.ui");
  gtk_widget_class_bind_template_child (widget_class, TbGameCard, thumbnail);
  gtk_widget_class_bind_template_child (widget_class, TbGameCard, name_label);
  gtk_widget_class_bind_template_child (widget_class, TbGameCard, credits_label);
  gtk_widget_class_bind_template_child (widget_class, TbGameCard, length_label);
  gtk_widget_class_bind_template_child (widget_class, TbGameCard, summary_label);
  gtk_widget_class_bind_template_child (widget_class, TbGameCard, rules_button);
  gtk_widget_class_bind_template_child (widget_class, TbGameCard, play_button);
}

static void
tb_game_card_init (TbGameCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tb_game_card_new (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return g_object_new (TB_TYPE_GAME_CARD, "ruleset", tb_rules_get_id (rules), NULL);
}
