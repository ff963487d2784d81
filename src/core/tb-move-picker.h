/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-picker.h: choosing a move cell by cell, as a person does on a
 * board
 *
 * The board widget turns clicks and keys into cells; the picker knows
 * what they mean in the game: a click on a piece that can move selects
 * it, a click on one of its destinations chooses the move ("move-chosen"),
 * a click anywhere else lets go and says why the piece could not go there
 * ("refused").  Where several legal moves end on the clicked cell, it
 * waits: for a cell to jump through (Oraïa's paths), or for the turn of
 * the disc.  A stack that may move part of itself (RA) moves the amount
 * chosen, the largest by default.  In games where pieces are laid from a
 * hand (Retournement), a piece is taken, turned and held over the board,
 * then laid.
 *
 * It holds no GTK: the headless tests drive it as the widget does.  Any
 * change of the game's position starts the choice afresh.
 */
#pragma once

#include "tb-game.h"
#include "tb-placement.h"

G_BEGIN_DECLS

/* What the picker waits for when several moves end on the clicked cell. */
typedef enum
{
  TB_PICKER_PENDING_NONE,
  TB_PICKER_PENDING_PATH,  /* different jumps: a cell to jump through */
  TB_PICKER_PENDING_TURN,  /* the same jump, ending on the centre: the disc's turn */
} TbPickerPending;

#define TB_TYPE_MOVE_PICKER (tb_move_picker_get_type ())
G_DECLARE_FINAL_TYPE (TbMovePicker, tb_move_picker, TB, MOVE_PICKER, GObject)

TbMovePicker *tb_move_picker_new (void);
TbGame *tb_move_picker_get_game (TbMovePicker *self);
void tb_move_picker_set_game (TbMovePicker *self, TbGame *game);
/* Lets go of everything: the selection, a pending choice, a held piece. */
void tb_move_picker_reset (TbMovePicker *self);

/* ---- moving pieces ---- */

/* A click (or Enter) on cell: play the selected piece there, choose a
 * jump or let go, or select the piece on it. */
void tb_move_picker_activate (TbMovePicker *self, int cell);
/* The selected cell, or -1 ("selected", notified). */
int tb_move_picker_get_selected (TbMovePicker *self);
void tb_move_picker_select (TbMovePicker *self, int cell);
/* Whether the piece on cell has a legal move. */
gboolean tb_move_picker_can_move_from (TbMovePicker *self, int cell);
/* Whether the selected piece may go to cell (with the chosen amount). */
gboolean tb_move_picker_can_move_to (TbMovePicker *self, int cell);
/* The first cell, in board order, whose piece can move; -1 when none. */
int tb_move_picker_first_movable (TbMovePicker *self);
/* Marks (sets TRUE in dest, one entry per cell) where the selected piece
 * may go; while a choice is pending, only the cells that matter to it,
 * with the cells to jump through in via (which may be NULL). */
void tb_move_picker_mark_destinations (TbMovePicker *self, gboolean *dest, gboolean *via);

/* The amounts the selected stack may move, one bit per amount (bit k: k
 * pieces; "available-amounts"), and the one chosen ("move-amount"). */
guint tb_move_picker_get_available_amounts (TbMovePicker *self);
guint tb_move_picker_get_move_amount (TbMovePicker *self);
/* Only an amount the selected stack's moves allow is taken. */
void tb_move_picker_set_move_amount (TbMovePicker *self, guint amount);

TbPickerPending tb_move_picker_get_pending (TbMovePicker *self);
/* The disc's turn of the pending move: 0 none, 1 clockwise, 2
 * anticlockwise; FALSE when no such move waits. */
gboolean tb_move_picker_choose_turn (TbMovePicker *self, guint turn);
void tb_move_picker_cancel_pending (TbMovePicker *self);

/* ---- laying pieces from a hand ---- */

/* Whether the game's pieces are laid from hands. */
gboolean tb_move_picker_has_hands (TbMovePicker *self);
/* The held piece and where it lies ("held-piece" notified when it is
 * taken or put back). */
const TbPlacement *tb_move_picker_get_placement (TbMovePicker *self);
int tb_move_picker_get_held_piece (TbMovePicker *self);
/* The shapes the player to move can lay somewhere, as bits. */
guint32 tb_move_picker_get_playable_shapes (TbMovePicker *self);
gboolean tb_move_picker_take_piece (TbMovePicker *self, guint shape);
/* Takes the next piece of n squares in the mover's hand after the held
 * one; FALSE ("refused") when there is none. */
gboolean tb_move_picker_take_next_of_size (TbMovePicker *self, guint n_cells);
void tb_move_picker_turn_piece (TbMovePicker *self, gboolean clockwise);
void tb_move_picker_put_back_piece (TbMovePicker *self);
/* Holds the piece over cell (-1: off the board), or moves it by rows and
 * columns (from the middle of the board when it was off it). */
void tb_move_picker_hold_at (TbMovePicker *self, int cell);
void tb_move_picker_step_piece (TbMovePicker *self, int rows, int cols);
/* Lays the held piece where it is: "move-chosen", or "refused" when it
 * may not go there. */
gboolean tb_move_picker_lay_piece (TbMovePicker *self);
/* What laying the held piece where it is would do, or why it cannot
 * ("hint"); NULL when nothing is held. */
const char *tb_move_picker_get_hint (TbMovePicker *self);

G_END_DECLS
