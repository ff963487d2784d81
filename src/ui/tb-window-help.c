/* tb-window-help.c: the Rules window, opened from the window (F1, the
 * primary menu, the game picker's Rules buttons) on the game at hand. */
#include "config.h"

#include "tb-window-private.h"

#include "tb-rules-window.h"

/* The game the rules are wanted for: the one named, the one on the board,
 * or the one played last. */
static char *
wanted_ruleset (TbWindow *self, GVariant *parameter)
{
  const char *named = parameter ? g_variant_get_string (parameter, NULL) : "";
  const char *page = gtk_stack_get_visible_child_name (self->pages);

  if (*named)
    return g_strdup (named);
  if (self->game && g_strcmp0 (page, "play") == 0)
    return g_strdup (tb_rules_get_id (tb_game_get_rules (self->game)));
  return g_settings_get_string (tb_context_get_settings (self->context), "last-ruleset");
}

static void
show_rules_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  g_autofree char *ruleset = wanted_ruleset (self, parameter);

  if (tb_rules_lookup (ruleset) == NULL)
    ruleset = g_strdup ("versus-61");
  if (self->rules_window == NULL)
    {
      self->rules_window = tb_rules_window_new (GTK_WINDOW (self));
      g_object_add_weak_pointer (G_OBJECT (self->rules_window), (gpointer *) &self->rules_window);
    }
  tb_rules_window_show_game (self->rules_window, ruleset);
  gtk_window_present (GTK_WINDOW (self->rules_window));
}

void
tb_window_help_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-rules", "s", show_rules_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "win.show-rules", "s", "");
}
