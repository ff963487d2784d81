/* tb-window-review.c: the play window's second looks.
 *
 * Looking back: a click on an earlier move in the move list shows the
 * board as it was after it, read-only, under a banner that leads back to
 * the game (a move not yet undone is simply redone up to there).
 *
 * Typing a move: the move entry's token is played as a click would be.
 *
 * Confirming moves (the confirm-moves setting, as on the online Versus
 * site): a move chosen on the board is shown done but played only on
 * Confirm or Enter; Change, Escape or a click elsewhere chooses again.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-move-describe.h"
#include "tb-window-private.h"

gboolean
tb_window_is_looking_back (TbWindow *self)
{
  return self->game && tb_board_view_get_shown_ply (self->board_view) >= 0;
}

static void
select_move_row (TbWindow *self, guint ply)
{
  gtk_list_box_select_row (self->moves_list,
                           gtk_list_box_get_row_at_index (self->moves_list, (int) ply));
}

static void
update_look_banner (TbWindow *self)
{
  int ply = tb_board_view_get_shown_ply (self->board_view);

  gtk_revealer_set_reveal_child (self->look_revealer, ply >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.back-to-game", ply >= 0);
  if (ply >= 0)
    {
      g_autofree char *text = NULL;

      if (ply == 0)
        text = g_strdup (_("You are looking at the start position."));
      else
        {
          g_autofree char *move = tb_game_get_move_text (self->game, (guint) ply);
          /* Translators: looking back at an earlier position: "You are
           * looking at move 12, c1-c3." (a move counts each player's
           * turn). */
          text = g_strdup_printf (_("You are looking at move %u, %s."), (guint) ply, move);
        }
      gtk_label_set_text (self->look_label, text);
    }
  tb_window_update_controls (self);
}

static void
look_at (TbWindow *self, int ply)
{
  tb_board_view_set_shown_ply (self->board_view, ply);
  update_look_banner (self);
  if (ply > 0)
    {
      g_autofree char *description = tb_describe_move (self->game, (guint) ply);
      gtk_label_set_text (self->status_label, description);
    }
}

void
tb_window_review_row_activated (TbWindow *self, guint ply)
{
  guint current = tb_game_get_ply (self->game);

  if (ply > current)
    {
      /* Moves undone and not yet replayed: redo up to there. */
      look_at (self, -1);
      tb_game_go_to_ply (self->game, ply);
      return;
    }
  look_at (self, ply == current ? -1 : (int) ply);
  select_move_row (self, ply);
}

static void
back_to_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  look_at (self, -1);
  select_move_row (self, tb_game_get_ply (self->game));
  if (tb_game_get_ply (self->game) > 0)
    {
      g_autofree char *description = tb_describe_move (self->game, tb_game_get_ply (self->game));
      gtk_label_set_text (self->status_label, description);
    }
}

void
tb_window_review_position_changed (TbWindow *self)
{
  tb_board_view_set_shown_ply (self->board_view, -1);
  update_look_banner (self);
}

/* ---- confirming moves ---- */

void
tb_window_review_move_chosen (TbWindow *self, TbMove move)
{
  g_autoptr (GError) error = NULL;

  if (g_settings_get_boolean (tb_context_get_settings (self->context), "confirm-moves"))
    {
      tb_board_view_propose (self->board_view, move);
      return;
    }
  if (!tb_game_play (self->game, move, &error))
    tb_window_show_toast (self, error->message);
}

/* ---- moves typed as tokens ---- */

static void
on_move_entered (TbWindow *self, guint64 move)
{
  tb_window_review_move_chosen (self, move);
}

static void
on_move_rejected (TbWindow *self, const char *why)
{
  gtk_label_set_text (self->status_label, why);
}

static void
enter_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  /* The panel may be folded away (a narrow window): bring it out. */
  adw_flap_set_reveal_flap (self->flap, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->move_entry));
}

static void
on_proposal_changed (TbWindow *self)
{
  TbMove move = tb_board_view_get_proposal (self->board_view);
  gboolean proposed = move != TB_MOVE_NONE;

  gtk_revealer_set_reveal_child (self->confirm_revealer, proposed);
  /* Enter, when the focused widget (a cell of the board, say) leaves it
   * alone, activates the window's default widget: Confirm. */
  gtk_window_set_default_widget (GTK_WINDOW (self), proposed ? self->confirm_button : NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.confirm-move", proposed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-move", proposed);
  if (proposed)
    {
      g_autofree char *token = tb_game_format_move (self->game, move);
      /* Translators: a move shown on the board, waiting to be confirmed:
       * "Play c1-c3?" */
      g_autofree char *question = g_strdup_printf (_("Play %s?"), token);
      /* Translators: said to screen readers and shown in the status line
       * when a move waits to be confirmed. */
      g_autofree char *status = g_strdup_printf (_("%s is shown on the board: confirm it with "
                                                   "Enter, or choose another move."), token);

      gtk_label_set_text (self->confirm_label, question);
      gtk_label_set_text (self->status_label, status);
    }
}

static void
confirm_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  TbMove move = tb_board_view_get_proposal (self->board_view);
  g_autoptr (GError) error = NULL;

  if (move != TB_MOVE_NONE && !tb_game_play (self->game, move, &error))
    tb_window_show_toast (self, error->message);
}

static void
cancel_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  tb_board_view_propose (self->board_view, TB_MOVE_NONE);
  gtk_label_set_text (self->status_label, _("Choose another move."));
}

void
tb_window_review_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, TbWindow, look_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, look_label);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, confirm_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, confirm_label);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, confirm_button);
  gtk_widget_class_bind_template_callback (widget_class, on_proposal_changed);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, move_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_move_entered);
  gtk_widget_class_bind_template_callback (widget_class, on_move_rejected);
  gtk_widget_class_install_action (widget_class, "win.enter-move", NULL, enter_move_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "win.enter-move",
                                       NULL);
  gtk_widget_class_install_action (widget_class, "win.back-to-game", NULL, back_to_game_action);
  gtk_widget_class_install_action (widget_class, "win.confirm-move", NULL, confirm_move_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-move", NULL, cancel_move_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.back-to-game", NULL);
}
