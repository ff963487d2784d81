/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-new-game-dialog.c: choosing the game and the players */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-a11y.h"
#include "tb-new-game-dialog.h"

struct _TbNewGameDialog
{
  AdwWindow parent_instance;

  TbContext *context;
  const TbRules *selected;
  GPtrArray *game_checks;   /* a GtkCheckButton per ruleset, in registry order */

  GPtrArray *option_rows;   /* one row per option of the selected ruleset */
  GPtrArray *top_rows;      /* the rows of the rules group: options, or their expanders */

  AdwPreferencesGroup *games_group;
  AdwPreferencesGroup *rules_group;
  AdwExpanderRow *variant_row;
  AdwWindowTitle *title;
  AdwEntryRow *player1_row;
  AdwEntryRow *player2_row;
  GtkDropDown *player1_kind;   /* 0 a person, 1..5 the computer's level */
  GtkDropDown *player2_kind;
  AdwActionRow *starter_row;
  GtkSwitch *confirm_switch;
  GtkSwitch *rated_switch;
  GtkSwitch *correspondence_switch;
  GtkWidget *correspondence_row;
  GtkDropDown *starter_dropdown;
  GtkWidget *start_button;
};

G_DEFINE_FINAL_TYPE (TbNewGameDialog, tb_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  GAME_STARTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The first clause of an option's explanation, for a row's one line:
 * "Pawns on targets block the VERSUS's moves…" up to its first '.', ':'
 * or ';' (the whole explanation is the row's tooltip). */
static char *
first_clause (const char *text)
{
  const char *end = text + strcspn (text, ".:;");
  g_autofree char *clause = g_strndup (text, (gsize) (end - text));

  static const char *const spaces[] = { "\u00a0", "\u202f" };

  /* French puts a no-break space before ':' and ';'. */
  for (guint i = 0; i < G_N_ELEMENTS (spaces); i++)
    if (g_str_has_suffix (clause, spaces[i]))
      clause[strlen (clause) - strlen (spaces[i])] = '\0';
  return g_strdup (g_strchomp (clause));
}

static void
setup_choice_label (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
bind_choice_label (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkStringObject *choice = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (choice));
}

/* A drop-down whose choice shortens on a narrow window (a long choice,
 * "Only a turn where the pawn was out of reach", would keep the dialog
 * wider than a phone), and shows whole where there is room. */
static GtkWidget *
choice_drop_down_new (GListModel *labels)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkWidget *drop_down = gtk_drop_down_new (labels, NULL);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice_label), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice_label), NULL);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (drop_down), factory);
  return drop_down;
}

/* A row per option: its name, what it means in a line, and a control
 * showing the value at its natural width. */
static GtkWidget *
option_row_new (const TbOptionSpec *spec)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *control;
  g_autofree char *summary = NULL;

  if (spec->type == TB_OPTION_CHOICE)
    {
      g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);

      for (guint i = 0; i < spec->n_choices; i++)
        gtk_string_list_append (labels, _(spec->choices[i].label));
      control = choice_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (control), (guint) spec->default_value);
    }
  else if (spec->type == TB_OPTION_BOOL)
    {
      control = gtk_switch_new ();
      gtk_switch_set_active (GTK_SWITCH (control), spec->default_value);
    }
  else
    {
      control = gtk_spin_button_new_with_range (spec->min_value, spec->max_value, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), spec->default_value);
    }
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(spec->label), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), control);
  if (spec->type == TB_OPTION_BOOL)
    adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), control);
  g_object_set_data (G_OBJECT (row), "control", control);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->label));
  summary = first_clause (_(spec->description));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), summary);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  gtk_widget_set_tooltip_text (row, _(spec->description));
  return row;
}

static int
option_row_value (GtkWidget *row, const TbOptionSpec *spec)
{
  GtkWidget *control = g_object_get_data (G_OBJECT (row), "control");

  switch (spec->type)
    {
    case TB_OPTION_CHOICE:
      return (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (control));
    case TB_OPTION_BOOL:
      return gtk_switch_get_active (GTK_SWITCH (control));
    case TB_OPTION_INT:
      return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control));
    default:
      g_assert_not_reached ();
    }
}

gboolean
tb_new_game_dialog_set_option (TbNewGameDialog *self, const char *key, int value)
{
  const TbOptionSpec *options;
  guint n_options;

  g_return_val_if_fail (TB_IS_NEW_GAME_DIALOG (self), FALSE);

  options = tb_rules_get_options (self->selected, &n_options);
  for (guint i = 0; i < n_options; i++)
    {
      const TbOptionSpec *spec = &options[i];
      GtkWidget *control = g_object_get_data (self->option_rows->pdata[i], "control");

      if (g_strcmp0 (spec->key, key) != 0)
        continue;
      if (spec->type == TB_OPTION_CHOICE)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (control), (guint) value);
      else if (spec->type == TB_OPTION_BOOL)
        gtk_switch_set_active (GTK_SWITCH (control), value);
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), value);
      return TRUE;
    }
  return FALSE;
}

/* The rows follow the selected game's own options; options of a group
 * (Retournement's piece values) fold under one expander row. */
static void
rebuild_option_rows (TbNewGameDialog *self)
{
  GtkWidget *expander = NULL;
  const char *group = NULL;
  guint n_options;
  const TbOptionSpec *options = tb_rules_get_options (self->selected, &n_options);

  for (guint i = 0; i < self->top_rows->len; i++)
    adw_expander_row_remove (self->variant_row, self->top_rows->pdata[i]);
  g_ptr_array_set_size (self->top_rows, 0);
  g_ptr_array_set_size (self->option_rows, 0);
  for (guint i = 0; i < n_options; i++)
    {
      const TbOptionSpec *spec = &options[i];
      GtkWidget *row = option_row_new (spec);

      g_ptr_array_add (self->option_rows, row);
      if (spec->group == NULL)
        {
          adw_expander_row_add_row (self->variant_row, row);
          g_ptr_array_add (self->top_rows, row);
          continue;
        }
      if (expander == NULL || g_strcmp0 (group, spec->group) != 0)
        {
          g_autofree char *summary = first_clause (_(spec->description));

          group = spec->group;
          expander = adw_expander_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), _(spec->group));
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), summary);
          gtk_widget_set_tooltip_text (expander, _(spec->description));
          adw_expander_row_add_row (self->variant_row, expander);
          g_ptr_array_add (self->top_rows, expander);
        }
      /* The expander says what they are about; each row, which piece. */
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), NULL);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->rules_group), n_options > 0);
}

/* Who plays first, where the rules let the players choose (RA, Oraïa). */
static void
update_starter_row (TbNewGameDialog *self)
{
  const char *names[] = { _(tb_rules_get_seat_name (self->selected, 1)),
                          _(tb_rules_get_seat_name (self->selected, 2)), NULL };
  g_autoptr (GtkStringList) model = gtk_string_list_new (names);

  gtk_drop_down_set_model (self->starter_dropdown, G_LIST_MODEL (model));
  gtk_drop_down_set_selected (self->starter_dropdown, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->starter_row),
                          tb_rules_has_starter_choice (self->selected));
  if (!tb_rules_plays_matches (self->selected))
    adw_action_row_set_subtitle (self->starter_row, "");
  else
    adw_action_row_set_subtitle (self->starter_row,
                                 _("In a match, the loser of each game starts the next one."));
}

static void
update_player_titles (TbNewGameDialog *self)
{
  /* The rows are named after the seats' colours, which depend on the game. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->player1_row),
                                 _(tb_rules_get_seat_name (self->selected, 1)));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->player2_row),
                                 _(tb_rules_get_seat_name (self->selected, 2)));
  for (guint seat = 1; seat <= 2; seat++)
    {
      /* Translators: the accessible name of the list choosing who plays a seat:
       * "Who Plays White". */
      g_autofree char *label = g_strdup_printf (_("Who Plays %s"),
                                                _(tb_rules_get_seat_name (self->selected, seat)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (seat == 1 ? self->player1_kind
                                                                : self->player2_kind),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
}

static void
on_game_toggled (GtkCheckButton *check, TbNewGameDialog *self)
{
  if (!gtk_check_button_get_active (check))
    return;
  self->selected = g_object_get_data (G_OBJECT (check), "rules");
  update_player_titles (self);
  update_starter_row (self);
  rebuild_option_rows (self);
}

static void
add_game_rows (TbNewGameDialog *self)
{
  guint n;
  const TbRules *const *rules = tb_rules_list (&n);
  GtkCheckButton *group = NULL;

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(tb_rules_get_name (rules[i])));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(tb_rules_get_summary (rules[i])));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (group)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      group = GTK_CHECK_BUTTON (check);
      g_object_set_data (G_OBJECT (check), "rules", (gpointer) rules[i]);
      g_signal_connect (check, "toggled", G_CALLBACK (on_game_toggled), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (self->games_group, row);
      g_ptr_array_add (self->game_checks, check);
    }
}

void
tb_new_game_dialog_select_ruleset (TbNewGameDialog *self, const char *ruleset_id)
{
  const TbRules *rules = tb_rules_lookup (ruleset_id);

  g_return_if_fail (TB_IS_NEW_GAME_DIALOG (self));

  if (rules == NULL)
    rules = g_object_get_data (self->game_checks->pdata[0], "rules");
  for (guint i = 0; i < self->game_checks->len; i++)
    if (g_object_get_data (self->game_checks->pdata[i], "rules") == rules)
      gtk_check_button_set_active (self->game_checks->pdata[i], TRUE);
  if (self->selected != rules)
    {
      self->selected = rules;
      rebuild_option_rows (self);
      update_starter_row (self);
    }
  update_player_titles (self);
}

void
tb_new_game_dialog_set_game_chosen (TbNewGameDialog *self, const char *ruleset_id)
{
  g_return_if_fail (TB_IS_NEW_GAME_DIALOG (self));

  tb_new_game_dialog_select_ruleset (self, ruleset_id);
  gtk_widget_set_visible (GTK_WIDGET (self->games_group), FALSE);
  adw_window_title_set_subtitle (self->title, _(tb_rules_get_name (self->selected)));
}

/* A seat's name (the computer's own when left empty) and who plays it. */
static void
set_player (TbGame *game, guint seat, AdwEntryRow *row, GtkDropDown *kind)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  guint level = gtk_drop_down_get_selected (kind);

  tb_game_set_computer_level (game, seat, level);
  if (*name == '\0' && level > 0)
    {
      g_free (name);
      /* Not translated: the computer at a level is one player in the
       * ratings, whatever the language it was played in. */
      name = g_strdup_printf ("Tablier level %u", level);
    }
  if (*name)
    tb_game_set_tag (game, seat == 1 ? "Player1" : "Player2", name);
}

guint
tb_new_game_dialog_get_level (TbNewGameDialog *self, guint seat)
{
  g_return_val_if_fail (TB_IS_NEW_GAME_DIALOG (self), 0);
  return gtk_drop_down_get_selected (seat == 1 ? self->player1_kind : self->player2_kind);
}

void
tb_new_game_dialog_set_level (TbNewGameDialog *self, guint seat, guint level)
{
  g_return_if_fail (TB_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (level <= 5);
  gtk_drop_down_set_selected (seat == 1 ? self->player1_kind : self->player2_kind, level);
}

guint
tb_new_game_dialog_get_starter (TbNewGameDialog *self)
{
  g_return_val_if_fail (TB_IS_NEW_GAME_DIALOG (self), 1);

  if (!tb_rules_has_starter_choice (self->selected))
    return 1;
  return gtk_drop_down_get_selected (self->starter_dropdown) == 1 ? 2 : 1;
}

void
tb_new_game_dialog_set_starter (TbNewGameDialog *self, guint starter)
{
  g_return_if_fail (TB_IS_NEW_GAME_DIALOG (self));
  gtk_drop_down_set_selected (self->starter_dropdown, starter == 2 ? 1 : 0);
}

gboolean
tb_new_game_dialog_get_correspondence (TbNewGameDialog *self)
{
  g_return_val_if_fail (TB_IS_NEW_GAME_DIALOG (self), FALSE);
  /* Only between two people. */
  return gtk_switch_get_active (self->correspondence_switch) &&
         gtk_widget_get_sensitive (self->correspondence_row);
}

void
tb_new_game_dialog_set_correspondence (TbNewGameDialog *self, gboolean correspondence)
{
  g_return_if_fail (TB_IS_NEW_GAME_DIALOG (self));
  gtk_switch_set_active (self->correspondence_switch, correspondence);
}

void
tb_new_game_dialog_set_rated (TbNewGameDialog *self, gboolean rated)
{
  g_return_if_fail (TB_IS_NEW_GAME_DIALOG (self));
  gtk_switch_set_active (self->rated_switch, rated);
}

TbGame *
tb_new_game_dialog_create_game (TbNewGameDialog *self)
{
  g_autoptr (TbVariant) variant = NULL;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  g_autofree int *values = NULL;
  const TbOptionSpec *options;
  guint n_options;
  TbGame *game;

  g_return_val_if_fail (TB_IS_NEW_GAME_DIALOG (self), NULL);

  options = tb_rules_get_options (self->selected, &n_options);
  values = g_new0 (int, MAX (n_options, 1));
  for (guint i = 0; i < n_options; i++)
    values[i] = option_row_value (self->option_rows->pdata[i], &options[i]);
  variant = tb_variant_new (self->selected, values, NULL);
  if (variant == NULL)
    variant = tb_variant_new_default (self->selected);
  game = tb_game_new (variant, tb_new_game_dialog_get_starter (self));
  tb_game_set_tag (game, "Event", "Casual game");
  tb_game_set_tag (game, "Date", date);
  set_player (game, 1, self->player1_row, self->player1_kind);
  set_player (game, 2, self->player2_row, self->player2_kind);
  if (!gtk_switch_get_active (self->rated_switch))
    tb_game_set_tag (game, TB_TAG_RATED, "no");
  if (tb_new_game_dialog_get_correspondence (self))
    {
      tb_game_set_tag (game, "Event", "Correspondence game");
      tb_game_set_tag (game, TB_TAG_CORRESPONDENCE, "yes");
    }
  return game;
}

static void
remember_choices (TbNewGameDialog *self)
{
  GSettings *settings = tb_context_get_settings (self->context);
  g_autofree char *name1 = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->player1_row))));
  g_autofree char *name2 = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->player2_row))));

  g_settings_set_string (settings, "last-ruleset", tb_rules_get_id (self->selected));
  g_settings_set_string (settings, "player1-name", name1);
  g_settings_set_string (settings, "player2-name", name2);
  g_settings_set_int (settings, "player1-level", (int) gtk_drop_down_get_selected (self->player1_kind));
  g_settings_set_int (settings, "player2-level", (int) gtk_drop_down_get_selected (self->player2_kind));
}

static void
start_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbNewGameDialog *self = TB_NEW_GAME_DIALOG (widget);
  g_autoptr (TbGame) game = tb_new_game_dialog_create_game (self);

  remember_choices (self);
  g_signal_emit (self, signals[GAME_STARTED], 0, game);
  gtk_window_close (GTK_WINDOW (self));
}

static void
load_choices (TbNewGameDialog *self)
{
  GSettings *settings = tb_context_get_settings (self->context);
  g_autofree char *ruleset = g_settings_get_string (settings, "last-ruleset");
  g_autofree char *name1 = g_settings_get_string (settings, "player1-name");
  g_autofree char *name2 = g_settings_get_string (settings, "player2-name");

  gtk_editable_set_text (GTK_EDITABLE (self->player1_row), name1);
  gtk_editable_set_text (GTK_EDITABLE (self->player2_row), name2);
  gtk_drop_down_set_selected (self->player1_kind,
                              (guint) g_settings_get_int (settings, "player1-level"));
  gtk_drop_down_set_selected (self->player2_kind,
                              (guint) g_settings_get_int (settings, "player2-level"));
  tb_new_game_dialog_select_ruleset (self, ruleset);
  /* Not a choice of this game alone: the setting, as the menu has it. */
  g_settings_bind (settings, "confirm-moves", self->confirm_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
tb_new_game_dialog_dispose (GObject *object)
{
  TbNewGameDialog *self = TB_NEW_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_NEW_GAME_DIALOG);
  g_clear_object (&self->context);
  g_clear_pointer (&self->game_checks, g_ptr_array_unref);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->top_rows, g_ptr_array_unref);
  G_OBJECT_CLASS (tb_new_game_dialog_parent_class)->dispose (object);
}

static void
tb_new_game_dialog_class_init (TbNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_new_game_dialog_dispose;

  /* Start was pressed: the new game, not yet shown anywhere. */
  signals[GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, TB_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, games_group);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, rules_group);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, title);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, rated_switch);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, correspondence_switch);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, correspondence_row);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, player1_row);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, player2_row);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, player1_kind);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, player2_kind);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, starter_row);
  gtk_widget_class_bind_template_child (widget_class, TbNewGameDialog, starter_dropdown);
  gtk_widget_class_install_action (widget_class, "dialog.start", NULL, start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* Correspondence is for two people: not offered when the computer plays. */
static void
update_correspondence_row (TbNewGameDialog *self)
{
  gtk_widget_set_sensitive (self->correspondence_row,
                            gtk_drop_down_get_selected (self->player1_kind) == 0 &&
                              gtk_drop_down_get_selected (self->player2_kind) == 0);
}

static void
tb_new_game_dialog_init (TbNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tb_a11y_tidy_buttons (GTK_WIDGET (self));
  g_signal_connect_swapped (self->player1_kind, "notify::selected",
                            G_CALLBACK (update_correspondence_row), self);
  g_signal_connect_swapped (self->player2_kind, "notify::selected",
                            G_CALLBACK (update_correspondence_row), self);
  self->game_checks = g_ptr_array_new ();
  self->option_rows = g_ptr_array_new ();
  self->top_rows = g_ptr_array_new ();
  add_game_rows (self);
}

static void
focus_start (TbNewGameDialog *self)
{
  gtk_widget_grab_focus (self->start_button);
}

TbNewGameDialog *
tb_new_game_dialog_new (GtkWindow *parent, TbContext *context)
{
  TbNewGameDialog *self = g_object_new (TB_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);

  self->context = g_object_ref (context);
  load_choices (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->start_button);
  /* Enter starts the game: the focus would otherwise be on Cancel, the
   * first button, which Enter would press.  Given once the dialog is on
   * screen: set before, GTK 4.8 left the dialog out of what a screen
   * reader is shown. */
  g_signal_connect (self, "map", G_CALLBACK (focus_start), NULL);
  return self;
}
