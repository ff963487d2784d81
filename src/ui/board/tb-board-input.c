/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-input.c: what the pointer and the keys do on the board
 *
 * Clicks, keys and the scroll wheel become cells, and the move picker
 * says what they mean; the arrows move the keyboard focus over the cells
 * in the board's own directions, and screen readers hear what each cell
 * holds.  The pointer is followed too: the cell or tray slot under it,
 * and the held piece that goes with it.  A move proposed for confirmation
 * is shown done until it is played, or a click or Escape takes it back.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-board-hands.h"
#include "tb-board-keys.h"
#include "tb-cell-describe.h"
#include "tb-board-view-private.h"

/* ---- the pointer ---- */

/* Whether the board takes the player's clicks and keys now. */
static gboolean
takes_input (TbBoardView *self)
{
  return self->interactive && self->game && !tb_game_is_over (self->game) &&
         self->shown_ply < 0;
}

/* A click on a piece of the mover's tray takes it (or puts it back); on
 * the board it lays the held piece there. */
static void
placement_click (TbBoardView *self, double x, double y)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  int slot = tb_hand_layout_slot_at (&self->hand_layout, board, tb_game_get_to_move (self->game),
                                     x, y);
  int cell = tb_board_view_cell_under (self, x, y);
  int held = tb_move_picker_get_held_piece (self->picker);

  if (slot >= 0 && slot == held)
    tb_move_picker_put_back_piece (self->picker);
  else if (slot >= 0 && tb_move_picker_take_piece (self->picker, (guint) slot))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  else if (slot < 0 && held >= 0 && cell >= 0)
    {
      tb_move_picker_hold_at (self->picker, cell);
      tb_move_picker_lay_piece (self->picker);
    }
}

static void
on_click_released (GtkGestureClick *gesture, int n_press, double x, double y,
                   TbBoardView *self)
{
  int cell = tb_board_view_cell_under (self, x, y);
  GtkWidget *cell_widget = tb_board_cells_get (self->cells, cell);

  if (!takes_input (self))
    return;
  /* The keyboard goes on from the clicked cell. */
  gtk_widget_grab_focus (cell_widget ? cell_widget : GTK_WIDGET (self));
  tb_board_animation_stop (&self->animation);
  /* A click elsewhere changes one's mind about a proposed move. */
  if (self->proposal != TB_MOVE_NONE)
    {
      tb_board_view_propose (self, TB_MOVE_NONE);
      if (!self->has_hands)
        tb_move_picker_select (self->picker, -1);
    }
  if (self->has_hands)
    placement_click (self, x, y);
  else
    tb_move_picker_activate (self->picker, cell);
}

static void
on_secondary_pressed (GtkGestureClick *gesture, int n_press, double x, double y,
                      TbBoardView *self)
{
  if (self->interactive && tb_move_picker_get_held_piece (self->picker) >= 0)
    {
      tb_move_picker_turn_piece (self->picker, TRUE);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

/* Follows the pointer: the slot under it, the held piece over the board. */
static void
placement_motion (TbBoardView *self, double x, double y)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  guint seat = tb_game_get_to_move (self->game);
  int slot = tb_hand_layout_slot_at (&self->hand_layout, board, seat, x, y);
  guint32 hand = tb_variant_hand (tb_game_get_variant (self->game),
                                  tb_game_get_position (self->game), seat);
  const TbPlacement *held = tb_move_picker_get_placement (self->picker);
  const char *cursor = NULL;

  self->pointer_in = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  self->hover_slot = slot >= 0 && (hand & (1u << slot)) && !tb_game_is_over (self->game) ? slot
                                                                                         : -1;
  tb_move_picker_hold_at (self->picker, tb_board_view_cell_under (self, x, y));
  if (self->hover_slot >= 0)
    cursor = "pointer";
  else if (held->shape >= 0 && held->anchor >= 0)
    cursor = held->legal ? "pointer" : "not-allowed";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->interactive ? cursor : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, TbBoardView *self)
{
  int cell = tb_board_view_cell_under (self, x, y);
  gboolean clickable;

  if (self->has_hands && self->game)
    {
      placement_motion (self, x, y);
      return;
    }
  if (cell == self->hover)
    return;
  self->hover = cell;
  clickable = self->interactive && (tb_move_picker_can_move_from (self->picker, cell) ||
                                    tb_move_picker_can_move_to (self->picker, cell));
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), clickable ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *motion, TbBoardView *self)
{
  self->hover = -1;
  self->hover_slot = -1;
  self->pointer_in = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Scrolling over the board takes more or fewer pieces of the selected
 * stack, within what its moves allow; over a held piece it turns it. */
static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, TbBoardView *self)
{
  int step = dy > 0 ? -1 : dy < 0 ? 1 : 0;
  guint amounts = tb_move_picker_get_available_amounts (self->picker);

  if (tb_move_picker_get_held_piece (self->picker) >= 0 && step != 0)
    {
      tb_move_picker_turn_piece (self->picker, step < 0);
      return GDK_EVENT_STOP;
    }
  if (amounts == 0 || step == 0)
    return GDK_EVENT_PROPAGATE;
  for (int amount = (int) tb_move_picker_get_move_amount (self->picker) + step;
       amount >= 1 && amount < 32; amount += step)
    if (amounts & (1u << amount))
      {
        tb_move_picker_set_move_amount (self->picker, (guint) amount);
        break;
      }
  return GDK_EVENT_STOP;
}

/* ---- the cells ---- */

/* What screen readers say of each cell: what is on it, and whether it is
 * the selection or one of its destinations. */
/* The trays, as tb-board-hands.c paints them: the pieces of the player
 * not to move hidden while the game lasts, if the setting says so. */
static void
describe_trays (TbBoardView *self)
{
  gboolean over = tb_game_is_over (self->game);
  guint hidden_seat = self->hide_opponent_pieces && !over ? 3 - tb_game_get_to_move (self->game)
                                                          : 0;

  if (!self->has_hands)
    return;
  for (guint seat = 1; seat <= 2; seat++)
    {
      g_autofree char *label = tb_board_hands_describe_tray (
        self->game, tb_board_view_shown_position (self), seat, seat == hidden_seat);

      tb_board_cells_describe_tray (self->cells, seat, label);
    }
}

void
tb_board_input_describe_cells (TbBoardView *self)
{
  guint n_cells = tb_board_cells_get_count (self->cells);
  int selected = tb_move_picker_get_selected (self->picker);
  TbPieceDesc pieces[TB_MAX_PIECES];
  gboolean dest[TB_MAX_CELLS] = { FALSE };
  guint n_pieces;

  if (self->game == NULL || n_cells == 0)
    return;
  n_pieces = tb_variant_describe_pieces (tb_game_get_variant (self->game), tb_board_view_shown_position (self),
                                         pieces);
  tb_move_picker_mark_destinations (self->picker, dest, NULL);
  for (guint i = 0; i < n_cells; i++)
    {
      TbCellState state = ((int) i == selected ? TB_CELL_STATE_SELECTED : 0) |
                          (dest[i] ? TB_CELL_STATE_DESTINATION : 0);
      g_autofree char *label = tb_describe_cell (self->game, (int) i, pieces, n_pieces, state);

      tb_board_cells_describe (self->cells, (int) i, label, state & TB_CELL_STATE_SELECTED);
    }
  describe_trays (self);
}

/* The last move, marked on the board: where it came from and went; a
 * pass marks nothing. */
void
tb_board_input_mark_last_move (TbBoardView *self, guint ply)
{
  TbMove move = ply > 0 ? tb_game_get_move (self->game, ply) : TB_MOVE_NONE;

  self->last_from = self->last_to = -1;
  if (move != TB_MOVE_NONE && move != TB_MOVE_PASS)
    tb_variant_move_cells (tb_game_get_variant (self->game),
                           tb_game_get_position_at (self->game, ply - 1), move, &self->last_from,
                           &self->last_to);
}

/* ---- moves proposed for confirmation ---- */

void
tb_board_input_clear_proposal (TbBoardView *self)
{
  if (self->proposal == TB_MOVE_NONE)
    return;
  self->proposal = TB_MOVE_NONE;
  g_clear_pointer (&self->proposal_position, tb_position_free);
  g_object_notify (G_OBJECT (self), "proposal");
}

void
tb_board_view_propose (TbBoardView *self, TbMove move)
{
  const TbPosition *live;

  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  g_return_if_fail (self->game != NULL);

  if (move == self->proposal)
    return;
  tb_board_animation_stop (&self->animation);
  tb_board_input_clear_proposal (self);
  live = tb_game_get_position (self->game);
  if (move != TB_MOVE_NONE && (self->proposal_position = tb_game_preview_move (self->game, move)))
    {
      self->proposal = move;
      self->last_from = self->last_to = -1;
      if (move != TB_MOVE_PASS)
        tb_variant_move_cells (tb_game_get_variant (self->game), live, move, &self->last_from,
                               &self->last_to);
      tb_board_view_animate (self, live, move);
      g_object_notify (G_OBJECT (self), "proposal");
    }
  else
    tb_board_input_mark_last_move (self, tb_game_get_ply (self->game));
  tb_move_picker_put_back_piece (self->picker);
  tb_board_input_describe_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

TbMove
tb_board_view_get_proposal (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), TB_MOVE_NONE);
  return self->proposal;
}

/* ---- the keyboard ---- */

/* The cell a held piece is over, or -1. */
static int
held_piece_cell (TbBoardView *self)
{
  if (!self->has_hands || tb_move_picker_get_held_piece (self->picker) < 0)
    return -1;
  return tb_move_picker_get_placement (self->picker)->cell;
}

/* The cell the keyboard starts from: where it was, the selection, or
 * the first piece that can move. */
int
tb_board_input_starting_focus_cell (TbBoardView *self)
{
  int held = held_piece_cell (self);
  int movable;

  if (held >= 0)
    return held;
  if (self->focus_cell >= 0)
    return self->focus_cell;
  if (tb_move_picker_get_selected (self->picker) >= 0)
    return tb_move_picker_get_selected (self->picker);
  movable = tb_move_picker_first_movable (self->picker);
  if (movable >= 0)
    return movable;
  return tb_board_cells_get_count (self->cells) > 0 ? 0 : -1;
}

static gboolean
arrow_step (guint keyval, TbStep *step)
{
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      *step = TB_STEP_LEFT;
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      *step = TB_STEP_RIGHT;
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      *step = TB_STEP_UP;
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      *step = TB_STEP_DOWN;
      return TRUE;
    default:
      return FALSE;
    }
}

/* The arrows move the focus over the cells in the board's directions
 * (Shift turns them, see tb_board_desc_step); Return and Space do what a
 * click does; Escape lets go of the selection. */
static gboolean
cell_key (TbBoardView *self, guint keyval, GdkModifierType state, gboolean acts)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  int from = tb_board_input_starting_focus_cell (self);
  TbStep step;

  if (from < 0)
    return FALSE;
  if (arrow_step (keyval, &step))
    {
      int to;

      /* Ctrl: straight up or down the screen, where hexagons have no
       * neighbour (Up alone goes up-left, Shift+Up up-right). */
      if ((state & GDK_CONTROL_MASK) && (step == TB_STEP_UP || step == TB_STEP_DOWN))
        step = step == TB_STEP_UP ? TB_STEP_STRAIGHT_UP : TB_STEP_STRAIGHT_DOWN;
      to = tb_board_desc_step (board, from, step, (state & GDK_SHIFT_MASK) != 0);

      gtk_widget_grab_focus (tb_board_cells_get (self->cells, to));
      return TRUE;
    }
  if (!acts)
    return FALSE;
  if (keyval == GDK_KEY_Escape)
    {
      if (tb_move_picker_get_selected (self->picker) < 0)
        return FALSE;
      tb_move_picker_select (self->picker, -1);
      return TRUE;
    }
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter &&
      keyval != GDK_KEY_space)
    return FALSE;
  /* Enter confirms a proposed move: the window's default widget does it. */
  if (!takes_input (self) || self->proposal != TB_MOVE_NONE)
    return FALSE;
  tb_board_animation_stop (&self->animation);
  tb_move_picker_activate (self->picker, from);
  return TRUE;
}

int
tb_board_view_get_focus_cell (TbBoardView *self)
{
  GtkWidget *cell;

  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), -1);
  cell = tb_board_cells_get (self->cells, self->focus_cell);
  /* The window's focus widget, whether or not the window is active. */
  return cell && gtk_root_get_focus (gtk_widget_get_root (cell)) == cell ? self->focus_cell : -1;
}

/* The keys of a game laid from trays: 1 to 5 take a piece, over the cell
 * that has the focus; the arrows move the held piece, and the focus with
 * it, so that a screen reader reads where it is; without a piece held the
 * arrows go from cell to cell, to read the board. */
static gboolean
placement_key (TbBoardView *self, guint keyval, GdkModifierType state)
{
  gboolean holding = tb_move_picker_get_held_piece (self->picker) >= 0;
  int focus = tb_board_view_get_focus_cell (self);
  GtkWidget *cell;

  if (!self->interactive || tb_game_is_over (self->game))
    return !holding && tb_board_cells_get_count (self->cells) > 0 &&
           cell_key (self, keyval, state, FALSE);
  if (!tb_board_keys_placement (self->picker, keyval))
    return !holding && tb_board_cells_get_count (self->cells) > 0 &&
           cell_key (self, keyval, state, FALSE);
  if (!holding && focus >= 0 && held_piece_cell (self) < 0)
    tb_move_picker_hold_at (self->picker, focus);
  cell = tb_board_cells_get (self->cells, held_piece_cell (self));
  if (cell)
    gtk_widget_grab_focus (cell);
  return TRUE;
}

static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                TbBoardView *self)
{
  /* Escape takes back a move proposed for confirmation. */
  if (keyval == GDK_KEY_Escape && self->proposal != TB_MOVE_NONE)
    {
      tb_board_view_propose (self, TB_MOVE_NONE);
      return GDK_EVENT_STOP;
    }
  if (self->game == NULL)
    return GDK_EVENT_PROPAGATE;
  if (self->has_hands)
    return placement_key (self, keyval, state);
  if (tb_board_keys_pending (self->picker, keyval))
    return GDK_EVENT_STOP;
  if (tb_board_cells_get_count (self->cells) > 0 && cell_key (self, keyval, state, TRUE))
    return GDK_EVENT_STOP;
  return tb_board_keys_amount (self->picker, keyval);
}

void
tb_board_input_add_controllers (TbBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL |
                                     GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
}

