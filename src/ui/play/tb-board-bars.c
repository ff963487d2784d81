/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-bars.c: the controls under the board */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-board-bars.h"
#include "tb-move-describe.h"

struct _TbBoardBars
{
  GtkWidget parent_instance;

  TbBoardView *board;
  TbMovePicker *picker;
  TbSession *session;
  TbGame *game;              /* the session's, watched */
  gulong position_changed_id;

  GtkRevealer *piece_revealer;
  GtkLabel *piece_label;
  GtkRevealer *turn_revealer;
  GtkRevealer *confirm_revealer;
  GtkLabel *confirm_label;
  GtkWidget *confirm_button;
  GtkRevealer *pass_revealer;
  GtkLabel *pass_label;
  GtkRevealer *amount_revealer;
  GtkToggleButton *amount_buttons[3];
};

G_DEFINE_FINAL_TYPE (TbBoardBars, tb_board_bars, GTK_TYPE_WIDGET)

enum
{
  ANNOUNCE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
announce (TbBoardBars *self, const char *text)
{
  g_signal_emit (self, signals[ANNOUNCE], 0, text);
}

/* ---- the piece held ---- */

static void
on_held_piece_changed (TbBoardBars *self)
{
  int shape = tb_move_picker_get_held_piece (self->picker);
  const TbShapeDesc *d;
  g_autofree char *text = NULL;

  gtk_revealer_set_reveal_child (self->piece_revealer, shape >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bars.turn-piece", shape >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bars.put-back-piece", shape >= 0);
  if (shape < 0)
    return;
  d = &tb_game_get_variant (self->game)->board.shapes[shape];
  /* Translators: the piece held: its code, its name and its value: "V3 · corner
   * tromino · 3 points". */
  text = g_strdup_printf (ngettext ("%s · %s · %d point", "%s · %s · %d points", d->value),
                          d->code, _(d->name), d->value);
  gtk_label_set_text (self->piece_label, text);
}

static void
turn_piece_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_move_picker_turn_piece (TB_BOARD_BARS (widget)->picker, g_variant_get_boolean (parameter));
}

static void
put_back_piece_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_move_picker_put_back_piece (TB_BOARD_BARS (widget)->picker);
}

/* ---- the turn of the disc ---- */

static void
on_pending_changed (TbBoardBars *self)
{
  gboolean turn = tb_move_picker_get_pending (self->picker) == TB_PICKER_PENDING_TURN;

  gtk_revealer_set_reveal_child (self->turn_revealer, turn);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bars.turn", turn);
}

static void
turn_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_move_picker_choose_turn (TB_BOARD_BARS (widget)->picker, g_variant_get_uint32 (parameter));
}

/* ---- a move to confirm ---- */

static void
on_proposal_changed (TbBoardBars *self)
{
  TbMove move = tb_board_view_get_proposal (self->board);
  gboolean proposed = move != TB_MOVE_NONE;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *token = NULL, *question = NULL, *status = NULL;

  gtk_revealer_set_reveal_child (self->confirm_revealer, proposed);
  /* Enter, when the focused widget (a cell of the board, say) leaves it
   * alone, activates the window's default widget: Confirm. */
  if (GTK_IS_WINDOW (root))
    gtk_window_set_default_widget (GTK_WINDOW (root), proposed ? self->confirm_button : NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bars.confirm-move", proposed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bars.cancel-move", proposed);
  if (!proposed)
    return;
  token = tb_game_format_move (self->game, move);
  /* Translators: a move shown on the board, waiting to be confirmed:
   * "Play c1-c3?" */
  question = g_strdup_printf (_("Play %s?"), token);
  /* Translators: said to screen readers and shown in the status line
   * when a move waits to be confirmed. */
  status = g_strdup_printf (_("%s is shown on the board: confirm it with Enter, or choose "
                              "another move."), token);
  gtk_label_set_text (self->confirm_label, question);
  announce (self, status);
}

static void
play (TbBoardBars *self, TbMove move)
{
  g_autoptr (GError) error = NULL;

  if (!tb_session_play (self->session, move, &error))
    announce (self, error->message);
}

static void
confirm_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbBoardBars *self = TB_BOARD_BARS (widget);
  TbMove move = tb_board_view_get_proposal (self->board);

  if (move != TB_MOVE_NONE)
    play (self, move);
}

static void
cancel_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbBoardBars *self = TB_BOARD_BARS (widget);

  tb_board_view_propose (self->board, TB_MOVE_NONE);
  announce (self, _("Choose another move."));
}

/* ---- a forced pass ---- */

/* A player with no move but a pass is told so, and passes with a click
 * (not automatically: undo must be able to go back past a pass). */
static void
update_pass (TbBoardBars *self)
{
  guint n = 0;
  const TbMove *moves = self->game ? tb_game_get_legal_moves (self->game, &n) : NULL;
  gboolean must_pass = n == 1 && moves[0] == TB_MOVE_PASS;

  if (must_pass)
    {
      /* Translators: "White cannot move and must pass." */
      g_autofree char *text = g_strdup_printf (_("%s cannot move and must pass."),
                                               tb_seat_colour (self->game,
                                                              tb_game_get_to_move (self->game)));
      gtk_label_set_text (self->pass_label, text);
    }
  gtk_revealer_set_reveal_child (self->pass_revealer, must_pass);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bars.pass", must_pass);
}

static void
pass_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  play (TB_BOARD_BARS (widget), TB_MOVE_PASS);
}

/* ---- how many pawns ---- */

/* The buttons follow the selection, and the other way. */
static void
on_amounts_changed (TbBoardBars *self)
{
  guint amounts = tb_move_picker_get_available_amounts (self->picker);
  guint amount = tb_move_picker_get_move_amount (self->picker);

  /* Shown when the selected stack may move more than one way. */
  gtk_revealer_set_reveal_child (self->amount_revealer, (amounts & (amounts - 1)) != 0);
  for (guint k = 1; k <= 3; k++)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->amount_buttons[k - 1]), amounts & (1u << k));
      if (k == amount)
        gtk_toggle_button_set_active (self->amount_buttons[k - 1], TRUE);
    }
}

static void
on_amount_button_toggled (GtkToggleButton *button, TbBoardBars *self)
{
  if (!gtk_toggle_button_get_active (button) || self->picker == NULL)
    return;
  for (guint k = 1; k <= 3; k++)
    if (button == self->amount_buttons[k - 1])
      tb_move_picker_set_move_amount (self->picker, k);
}

/* ---- the game ---- */

static void
on_game_replaced (TbBoardBars *self)
{
  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_set_object (&self->game, tb_session_get_game (self->session));
  if (self->game)
    self->position_changed_id = g_signal_connect_swapped (self->game, "position-changed",
                                                          G_CALLBACK (update_pass), self);
  update_pass (self);
}

void
tb_board_bars_attach (TbBoardBars *self, TbBoardView *board, TbSession *session)
{
  static const struct
  {
    const char *signal;
    GCallback callback;
  } picker_signals[] = {
    { "notify::held-piece", G_CALLBACK (on_held_piece_changed) },
    { "notify::pending", G_CALLBACK (on_pending_changed) },
    { "notify::available-amounts", G_CALLBACK (on_amounts_changed) },
    { "notify::move-amount", G_CALLBACK (on_amounts_changed) },
  };

  g_return_if_fail (TB_IS_BOARD_BARS (self));
  g_return_if_fail (self->board == NULL);

  self->board = g_object_ref (board);
  self->picker = g_object_ref (tb_board_view_get_picker (board));
  self->session = g_object_ref (session);
  for (guint i = 0; i < G_N_ELEMENTS (picker_signals); i++)
    g_signal_connect_object (self->picker, picker_signals[i].signal, picker_signals[i].callback,
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "notify::proposal", G_CALLBACK (on_proposal_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::game", G_CALLBACK (on_game_replaced), self,
                           G_CONNECT_SWAPPED);
  on_game_replaced (self);
}

static void
tb_board_bars_dispose (GObject *object)
{
  TbBoardBars *self = TB_BOARD_BARS (object);

  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_object (&self->session);
  /* The board, disposed after, lets go of the picker's selection: not
   * to be heard by bars half gone. */
  if (self->picker)
    g_signal_handlers_disconnect_by_data (self->picker, self);
  if (self->board)
    g_signal_handlers_disconnect_by_data (self->board, self);
  g_clear_object (&self->picker);
  g_clear_object (&self->board);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_BOARD_BARS);
  G_OBJECT_CLASS (tb_board_bars_parent_class)->dispose (object);
}

static void
tb_board_bars_class_init (TbBoardBarsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_board_bars_dispose;
  /* A sentence for the status line (and screen readers). */
  signals[ANNOUNCE] = g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-board-bars.ui");
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, piece_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, piece_label);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, turn_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, confirm_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, confirm_label);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, confirm_button);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, pass_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, pass_label);
  gtk_widget_class_bind_template_child (widget_class, TbBoardBars, amount_revealer);
  gtk_widget_class_bind_template_child_full (widget_class, "amount1_button", FALSE,
                                             G_STRUCT_OFFSET (TbBoardBars, amount_buttons[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "amount2_button", FALSE,
                                             G_STRUCT_OFFSET (TbBoardBars, amount_buttons[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "amount3_button", FALSE,
                                             G_STRUCT_OFFSET (TbBoardBars, amount_buttons[2]));
  gtk_widget_class_bind_template_callback (widget_class, on_amount_button_toggled);

  gtk_widget_class_install_action (widget_class, "bars.turn", "u", turn_action);
  gtk_widget_class_install_action (widget_class, "bars.turn-piece", "b", turn_piece_action);
  gtk_widget_class_install_action (widget_class, "bars.put-back-piece", NULL,
                                   put_back_piece_action);
  gtk_widget_class_install_action (widget_class, "bars.pass", NULL, pass_action);
  gtk_widget_class_install_action (widget_class, "bars.confirm-move", NULL, confirm_move_action);
  gtk_widget_class_install_action (widget_class, "bars.cancel-move", NULL, cancel_move_action);
}

static void
tb_board_bars_init (TbBoardBars *self)
{
  static const char *const actions[] = { "bars.turn", "bars.turn-piece", "bars.put-back-piece",
                                         "bars.pass", "bars.confirm-move", "bars.cancel-move" };

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Each comes with its bar. */
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], FALSE);
}
