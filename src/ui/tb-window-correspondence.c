/* tb-window-correspondence.c: games played by exchanging records.
 *
 * After each move of a correspondence game the window offers to save the
 * record to send to the other player (win.send-record); the other
 * player's record, imported like any file, brings their move (the store
 * merges it: tb-store-players.c). */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-move-describe.h"
#include "tb-window-private.h"

gboolean
tb_window_is_correspondence (TbWindow *self)
{
  return self->game &&
         g_strcmp0 (tb_game_get_tag (self->game, TB_TAG_CORRESPONDENCE), "yes") == 0;
}

/* A file name that says which game it is: "versus-61 Alice Bob.tgn". */
static char *
record_name (TbGame *game)
{
  g_autofree char *name = g_strdup_printf ("%s %s %s.tgn",
                                           tb_rules_get_id (tb_game_get_rules (game)),
                                           tb_seat_label (game, 1), tb_seat_label (game, 2));

  return g_strdelimit (g_steal_pointer (&name), "/\\:", '-');
}

static void
send_record_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  GArray *ids;

  if (self->game == NULL || self->game_id == 0)
    return;
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_append_val (ids, self->game_id);
  tb_window_choose_export_file (self, ids, record_name (self->game));
}

void
tb_window_correspondence_move_played (TbWindow *self)
{
  g_autofree char *text = NULL;
  guint to_move;
  AdwToast *toast;

  tb_window_correspondence_withdraw_offer (self);
  if (!tb_window_is_correspondence (self))
    return;
  to_move = tb_game_get_to_move (self->game);
  if (to_move)
    /* Translators: after a move of a correspondence game: "Send the record to Bob." */
    text = g_strdup_printf (_("Send the record to %s."), tb_seat_label (self->game, to_move));
  else
    text = g_strdup (_("The game is over: send the record to your opponent."));
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Save Record…"));
  adw_toast_set_action_name (toast, "win.send-record");
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_set_weak_pointer (&self->record_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
tb_window_correspondence_withdraw_offer (TbWindow *self)
{
  if (self->record_toast)
    adw_toast_dismiss (self->record_toast);
  g_clear_weak_pointer (&self->record_toast);
}

void
tb_window_correspondence_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.send-record", NULL, send_record_action);
}
