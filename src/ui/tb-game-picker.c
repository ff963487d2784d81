/* tb-game-picker.c: the start screen */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-board-view.h"
#include "tb-game-picker.h"
#include "tb-move-describe.h"

struct _TbGamePicker
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkWidget *resume_row;     /* "Continue" the game in progress */
  GtkWidget *flow;
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

static void
on_play_clicked (GtkButton *button, TbGamePicker *self)
{
  g_signal_emit (self, signals[PLAY], 0, g_object_get_data (G_OBJECT (button), "ruleset"));
}

static GtkWidget *
label_new (const char *text, const char *css_class, gboolean wrap)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), wrap);
  /* Wrapped text would otherwise ask for one long line, and the cards
   * for a row each. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_label_set_width_chars (GTK_LABEL (label), 20);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A live board of the start position, not taking clicks. */
static GtkWidget *
thumbnail_new (const TbRules *rules)
{
  g_autoptr (TbVariant) variant = tb_variant_new_default (rules);
  g_autoptr (TbGame) game = tb_game_new (variant, 1);
  /* A picture of the game for screen readers, not a board to play on. */
  GtkWidget *board = g_object_new (TB_TYPE_BOARD_VIEW, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                                   NULL);

  tb_board_view_set_show_hands (TB_BOARD_VIEW (board), FALSE);
  tb_board_view_set_game (TB_BOARD_VIEW (board), game);
  tb_board_view_set_interactive (TB_BOARD_VIEW (board), FALSE);
  gtk_widget_set_focusable (board, FALSE);
  tb_board_view_set_natural_size (TB_BOARD_VIEW (board), 200);
  gtk_widget_set_size_request (board, -1, 190);
  gtk_widget_set_margin_top (board, 12);
  gtk_widget_add_css_class (board, "thumbnail");
  gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(tb_rules_get_name (rules)), -1);
  return board;
}

/* Rules: the game's rules help (the window's win.show-rules). */
static GtkWidget *
rules_button_new (const TbRules *rules)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Rules"));
  /* Translators: the tooltip of a game card's Rules button: "Rules of RA". */
  g_autofree char *label = g_strdup_printf (_("Rules of %s"), _(tb_rules_get_name (rules)));

  gtk_widget_add_css_class (button, "pill");
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.show-rules");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tb_rules_get_id (rules));
  return button;
}

/* A card: the board, the name, who made it and when, how long it
 * takes, what it is about, and Play. */
static GtkWidget *
card_new (TbGamePicker *self, const TbRules *rules)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *play = gtk_button_new_with_mnemonic (_("_Play"));
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Translators: how many play and for how long: "2 players · 20 to 30 minutes". */
  g_autofree char *length = g_strdup_printf (_("2 players · %s"),
                                             _(tb_rules_get_duration (rules)));
  g_autofree char *play_label = g_strdup_printf (_("Play %s"), _(tb_rules_get_name (rules)));

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "game-card");
  gtk_box_append (GTK_BOX (card), thumbnail_new (rules));
  gtk_widget_set_margin_start (text, 18);
  gtk_widget_set_margin_end (text, 18);
  gtk_widget_set_margin_bottom (text, 18);
  gtk_widget_set_vexpand (text, TRUE);
  gtk_box_append (GTK_BOX (card), text);
  gtk_box_append (GTK_BOX (text), label_new (_(tb_rules_get_name (rules)), "title-4", TRUE));
  gtk_box_append (GTK_BOX (text), label_new (_(tb_rules_get_credits (rules)), "dim-label", TRUE));
  gtk_box_append (GTK_BOX (text), label_new (length, "caption", TRUE));
  gtk_box_append (GTK_BOX (text), label_new (_(tb_rules_get_summary (rules)), NULL, TRUE));
  g_object_set_data (G_OBJECT (play), "ruleset", (gpointer) tb_rules_get_id (rules));
  gtk_widget_add_css_class (play, "suggested-action");
  gtk_widget_add_css_class (play, "pill");
  gtk_widget_set_tooltip_text (play, play_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (play), GTK_ACCESSIBLE_PROPERTY_LABEL, play_label,
                                  -1);
  g_signal_connect (play, "clicked", G_CALLBACK (on_play_clicked), self);
  gtk_box_append (GTK_BOX (buttons), rules_button_new (rules));
  gtk_box_append (GTK_BOX (buttons), play);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_valign (buttons, GTK_ALIGN_END);
  gtk_widget_set_vexpand (buttons, TRUE);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_box_append (GTK_BOX (text), buttons);
  g_hash_table_insert (self->cards, (gpointer) tb_rules_get_id (rules), card);
  return card;
}

static void
on_resume_activated (AdwActionRow *row, TbGamePicker *self)
{
  g_signal_emit (self, signals[RESUME], 0);
}

static GtkWidget *
resume_row_new (TbGamePicker *self)
{
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
  g_signal_connect (row, "activated", G_CALLBACK (on_resume_activated), self);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  g_object_set_data (G_OBJECT (list), "row", row);
  gtk_widget_set_visible (list, FALSE);
  return list;
}

static void
build (TbGamePicker *self)
{
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  guint n;
  const TbRules *const *rules = tb_rules_list (&n);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 1100);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);

  self->resume_row = resume_row_new (self);
  gtk_box_append (GTK_BOX (box), self->resume_row);
  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->flow), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->flow), 18);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->flow), 18);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->flow), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Games"), -1);
  for (guint i = 0; i < n; i++)
    gtk_flow_box_append (GTK_FLOW_BOX (self->flow), card_new (self, rules[i]));
  gtk_box_append (GTK_BOX (box), self->flow);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), clamp);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
}

static void
tb_game_picker_dispose (GObject *object)
{
  TbGamePicker *self = TB_GAME_PICKER (object);

  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->current);
  g_clear_pointer (&self->cards, g_hash_table_unref);
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

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gamepicker");
}

static void
tb_game_picker_init (TbGamePicker *self)
{
  self->cards = g_hash_table_new (g_str_hash, g_str_equal);
  build (self);
}

GtkWidget *
tb_game_picker_new (void)
{
  return g_object_new (TB_TYPE_GAME_PICKER, NULL);
}

void
tb_game_picker_set_current_game (TbGamePicker *self, TbGame *game)
{
  GtkWidget *row;

  g_return_if_fail (TB_IS_GAME_PICKER (self));

  g_set_object (&self->current, game);
  row = g_object_get_data (G_OBJECT (self->resume_row), "row");
  gtk_widget_set_visible (self->resume_row, game != NULL);
  if (game)
    {
      /* Translators: the game in progress on the start screen: "Continue RA". */
      g_autofree char *title = g_strdup_printf (_("Continue %s"),
                                                _(tb_rules_get_name (tb_game_get_rules (game))));
      g_autofree char *state = tb_describe_state (game);
      /* Translators: how far the game in progress is: "Move 12 · White to move". */
      g_autofree char *subtitle = g_strdup_printf (_("Move %u · %s"),
                                                   (tb_game_get_ply (game) + 2) / 2, state);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
    }
}

GtkWidget *
tb_game_picker_get_card (TbGamePicker *self, const char *ruleset_id)
{
  g_return_val_if_fail (TB_IS_GAME_PICKER (self), NULL);
  return g_hash_table_lookup (self->cards, ruleset_id);
}
