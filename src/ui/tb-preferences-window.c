/* tb-preferences-window.c: every setting of Tablier, bound to GSettings
 * (a change applies at once, and to every window).
 *
 * Choices stored as strings (language, colour scheme, animation speed) and
 * the seats' levels (0 a person, 1 to 5 the computer) are combo rows whose
 * position maps to the stored value.  Changing the language asks whether
 * to restart, since strings are translated when they are loaded. */
#include "config.h"

#include "tb-preferences-window.h"

#include <glib/gi18n.h>

struct _TbPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;
  AdwComboRow *language_row;
};

G_DEFINE_FINAL_TYPE (TbPreferencesWindow, tb_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* A stored string choice and the row's position: values[i] is shown i-th. */
static gboolean
choice_to_position (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *values = user_data;
  const char *stored = g_variant_get_string (variant, NULL);

  for (guint i = 0; values[i]; i++)
    if (g_strcmp0 (values[i], stored) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
position_to_choice (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *values = user_data;
  guint position = g_value_get_uint (value);

  if (position >= g_strv_length ((GStrv) values))
    return NULL;
  return g_variant_new_string (values[position]);
}

static gboolean
level_to_position (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_uint (value, (guint) g_variant_get_int32 (variant));
  return TRUE;
}

static GVariant *
position_to_level (const GValue *value, const GVariantType *type, gpointer user_data)
{
  guint position = g_value_get_uint (value);

  return position <= 5 ? g_variant_new_int32 ((gint32) position) : NULL;
}

/* The thinking delay is kept in milliseconds and shown in seconds. */
static gboolean
milliseconds_to_seconds (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_double (value, g_variant_get_int32 (variant) / 1000.0);
  return TRUE;
}

static GVariant *
seconds_to_milliseconds (const GValue *value, const GVariantType *type, gpointer user_data)
{
  return g_variant_new_int32 ((gint32) (g_value_get_double (value) * 1000.0 + 0.5));
}

static AdwComboRow *
combo_row_new (const char *title, const char *subtitle, const char *const *labels)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);

  for (guint i = 0; labels[i]; i++)
    gtk_string_list_append (model, labels[i]);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  return row;
}

static AdwComboRow *
choice_row_new (TbPreferencesWindow *self, const char *key, const char *title,
                const char *subtitle, const char *const *values, const char *const *labels)
{
  AdwComboRow *row = combo_row_new (title, subtitle, labels);

  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                choice_to_position, position_to_choice, (gpointer) values, NULL);
  return row;
}

static GtkWidget *
switch_row_new (TbPreferencesWindow *self, const char *key, const char *title,
                const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_settings_bind (self->settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  return row;
}

static void
on_restart_response (AdwMessageDialog *dialog, const char *response, TbPreferencesWindow *self)
{
  if (g_strcmp0 (response, "restart") == 0)
    g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "restart",
                                    NULL);
}

/* Strings are translated when they are loaded: the new language shows
 * after a restart, which is offered at once. */
static void
on_language_changed (TbPreferencesWindow *self)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Restart Tablier?"),
                                              _("The new language is used from the next start. "
                                                "Your game is saved and comes back as it is."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "later", _("_Later"),
                                    "restart", _("_Restart"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restart",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restart");
  g_signal_connect (dialog, "response", G_CALLBACK (on_restart_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkWidget *
group_new (const char *title)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  return group;
}

static GtkWidget *
general_page_new (TbPreferencesWindow *self)
{
  static const char *const languages[] = { "system", "en", "fr", NULL };
  static const char *const schemes[] = { "system", "light", "dark", NULL };
  /* The languages are named in themselves, as people look for their own. */
  const char *language_labels[] = { _("System language"), "English", "Français", NULL };
  const char *scheme_labels[] = { _("Follow the system"), _("Light"), _("Dark"), NULL };
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *appearance = group_new (_("Appearance"));

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("General"));
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (page), "general");
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "preferences-system-symbolic");
  self->language_row = choice_row_new (self, "language", _("Language"),
                                       _("Of the interface and the rules"), languages,
                                       language_labels);
  g_signal_connect_swapped (self->language_row, "notify::selected",
                            G_CALLBACK (on_language_changed), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (appearance), GTK_WIDGET (self->language_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (appearance),
                             GTK_WIDGET (choice_row_new (self, "color-scheme", _("Style"), NULL,
                                                         schemes, scheme_labels)));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (appearance));
  return page;
}

static GtkWidget *
board_group_new (TbPreferencesWindow *self)
{
  static const char *const speeds[] = { "off", "slow", "normal", "fast", NULL };
  const char *speed_labels[] = { _("Off"), _("Slow"), _("Normal"), _("Fast"), NULL };
  GtkWidget *group = group_new (_("Board"));
  GtkWidget *rows[] = {
    switch_row_new (self, "show-legal-moves", _("Show Legal Moves"),
                    _("Light up where the selected piece can go")),
    switch_row_new (self, "show-coordinates", _("Show Coordinates"),
                    _("Write the cell names around the board")),
    switch_row_new (self, "confirm-moves", _("Confirm Moves"),
                    _("Show a chosen move and play it only on Confirm or Enter")),
    switch_row_new (self, "hide-opponent-pieces", _("Hide the Opponent’s Pieces"),
                    _("In Retournement, hide the pieces the other player still holds")),
    GTK_WIDGET (choice_row_new (self, "animation-speed", _("Animations"),
                                _("The system setting to reduce animations is always followed"),
                                speeds, speed_labels)),
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), rows[i]);
  return group;
}

static GtkWidget *
computer_group_new (TbPreferencesWindow *self)
{
  const char *levels[] = { _("A person"),   _("Computer, level 1"), _("Computer, level 2"),
                           _("Computer, level 3"), _("Computer, level 4"), _("Computer, level 5"),
                           NULL };
  const char *keys[] = { "player1-level", "player2-level" };
  const char *titles[] = { _("First Seat"), _("Second Seat") };
  GtkWidget *group = group_new (_("Computer Opponent"));
  GtkWidget *delay_row = adw_action_row_new ();
  GtkWidget *delay = gtk_spin_button_new_with_range (0, 10, 0.1);

  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Who plays each seat of a new game, unless chosen "
                                           "otherwise"));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      AdwComboRow *row = combo_row_new (titles[i], NULL, levels);

      g_settings_bind_with_mapping (self->settings, keys[i], row, "selected",
                                    G_SETTINGS_BIND_DEFAULT, level_to_position, position_to_level,
                                    NULL, NULL);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (row));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (delay_row), _("Thinking Time"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (delay_row),
                               _("The least time the computer takes to reply, in seconds"));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (delay), 1);
  gtk_widget_set_valign (delay, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (delay_row), delay);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (delay_row), delay);
  g_settings_bind_with_mapping (self->settings, "computer-delay",
                                gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (delay)), "value",
                                G_SETTINGS_BIND_DEFAULT, milliseconds_to_seconds,
                                seconds_to_milliseconds, NULL, NULL);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), delay_row);
  return group;
}

static GtkWidget *
play_page_new (TbPreferencesWindow *self)
{
  GtkWidget *page = adw_preferences_page_new ();

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Playing"));
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (page), "playing");
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "input-gaming-symbolic");
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page),
                            ADW_PREFERENCES_GROUP (board_group_new (self)));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page),
                            ADW_PREFERENCES_GROUP (computer_group_new (self)));
  return page;
}

static void
tb_preferences_window_dispose (GObject *object)
{
  TbPreferencesWindow *self = TB_PREFERENCES_WINDOW (object);

  if (self->settings)
    g_settings_unbind (self->language_row, "selected");
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (tb_preferences_window_parent_class)->dispose (object);
}

static void
tb_preferences_window_class_init (TbPreferencesWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tb_preferences_window_dispose;
}

static void
tb_preferences_window_init (TbPreferencesWindow *self)
{
}

TbPreferencesWindow *
tb_preferences_window_new (GtkWindow *parent, GSettings *settings)
{
  TbPreferencesWindow *self = g_object_new (TB_TYPE_PREFERENCES_WINDOW, "transient-for", parent,
                                            "modal", FALSE, "search-enabled", FALSE, NULL);

  self->settings = g_object_ref (settings);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (general_page_new (self)));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (play_page_new (self)));
  return self;
}
