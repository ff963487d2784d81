/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-preferences-window.c: every setting of Tablier, bound to GSettings
 * (a change applies at once, and to every window).
 *
 * The rows are in tb-preferences-window.ui.  Choices stored as strings
 * (language, colour scheme, animation speed) and the seats' levels (0 a
 * person, 1 to 5 the computer) are combo rows whose position maps to the
 * stored value.  Changing the language asks whether
 * to restart, since strings are translated when they are loaded. */
#include "config.h"

#include "tb-a11y.h"
#include "tb-preferences-window.h"

#include <glib/gi18n.h>

struct _TbPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;
  AdwComboRow *language_row;
  AdwComboRow *style_row;
  GtkSwitch *legal_moves_switch;
  GtkSwitch *coordinates_switch;
  GtkSwitch *confirm_switch;
  GtkSwitch *hide_pieces_switch;
  AdwComboRow *animation_row;
  AdwComboRow *first_seat_row;
  AdwComboRow *second_seat_row;
  GtkAdjustment *delay_adjustment;
};

G_DEFINE_FINAL_TYPE (TbPreferencesWindow, tb_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The stored values of the string choices, in the order of their rows'
 * items (tb-preferences-window.ui). */
static const char *const languages[] = { "system", "en", "fr", NULL };
static const char *const schemes[] = { "system", "light", "dark", NULL };
static const char *const speeds[] = { "off", "slow", "normal", "fast", NULL };

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

static void
bind_choice (TbPreferencesWindow *self, const char *key, AdwComboRow *row,
             const char *const *values)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                choice_to_position, position_to_choice, (gpointer) values, NULL);
}

static void
bind_level (TbPreferencesWindow *self, const char *key, AdwComboRow *row)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                level_to_position, position_to_level, NULL, NULL);
}

static void
bind_settings (TbPreferencesWindow *self)
{
  bind_choice (self, "language", self->language_row, languages);
  bind_choice (self, "color-scheme", self->style_row, schemes);
  g_settings_bind (self->settings, "show-legal-moves", self->legal_moves_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "confirm-moves", self->confirm_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "hide-opponent-pieces", self->hide_pieces_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  bind_choice (self, "animation-speed", self->animation_row, speeds);
  bind_level (self, "player1-level", self->first_seat_row);
  bind_level (self, "player2-level", self->second_seat_row);
  g_settings_bind_with_mapping (self->settings, "computer-delay", self->delay_adjustment, "value",
                                G_SETTINGS_BIND_DEFAULT, milliseconds_to_seconds,
                                seconds_to_milliseconds, NULL, NULL);
  /* Connected once the row shows the stored language, which is no change
   * to ask about. */
  g_signal_connect_swapped (self->language_row, "notify::selected",
                            G_CALLBACK (on_language_changed), self);
}

static void
tb_preferences_window_constructed (GObject *object)
{
  TbPreferencesWindow *self = TB_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (tb_preferences_window_parent_class)->constructed (object);
  g_return_if_fail (G_IS_SETTINGS (self->settings));
  bind_settings (self);
}

static void
tb_preferences_window_set_property (GObject *object, guint prop_id, const GValue *value,
                                    GParamSpec *pspec)
{
  TbPreferencesWindow *self = TB_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_preferences_window_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec)
{
  TbPreferencesWindow *self = TB_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_preferences_window_dispose (GObject *object)
{
  TbPreferencesWindow *self = TB_PREFERENCES_WINDOW (object);

  if (self->settings && self->language_row)
    g_settings_unbind (self->language_row, "selected");
  gtk_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (tb_preferences_window_parent_class)->dispose (object);
}

static void
tb_preferences_window_class_init (TbPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tb_preferences_window_constructed;
  object_class->dispose = tb_preferences_window_dispose;
  object_class->set_property = tb_preferences_window_set_property;
  object_class->get_property = tb_preferences_window_get_property;

  /* Where the rows read and write: the context's settings. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY
                         | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource
    (widget_class, "/io/github/tablier/Tablier/tb-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, legal_moves_switch);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, hide_pieces_switch);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, animation_row);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, first_seat_row);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, second_seat_row);
  gtk_widget_class_bind_template_child (widget_class, TbPreferencesWindow, delay_adjustment);
}

static void
tb_preferences_window_init (TbPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tb_a11y_tidy_buttons (GTK_WIDGET (self));
}

TbPreferencesWindow *
tb_preferences_window_new (GtkWindow *parent, GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (TB_TYPE_PREFERENCES_WINDOW, "transient-for", parent, "settings", settings,
                       NULL);
}
