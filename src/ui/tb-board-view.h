/* tb-board-view.h: one widget that draws every game
 *
 * Draws the position of a TbGame from its ruleset's board description,
 * scaled to the allocation; when interactive, a click on a piece that can
 * move lights its destinations and a click on one emits "move-chosen".
 * Moves are animated step by step from the ruleset's move effects.
 */
#pragma once

#include <gtk/gtk.h>

#include "tb-game.h"

G_BEGIN_DECLS

/* What the board waits for when several moves end on the clicked cell. */
typedef enum
{
  TB_BOARD_PENDING_NONE,
  TB_BOARD_PENDING_PATH,  /* different jumps: click a cell to jump through */
  TB_BOARD_PENDING_TURN,  /* the same jump, ending on the centre: turn the disc or not */
} TbBoardPending;

#define TB_TYPE_BOARD_VIEW (tb_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TbBoardView, tb_board_view, TB, BOARD_VIEW, GtkWidget)

GtkWidget *tb_board_view_new (void);

TbGame *tb_board_view_get_game (TbBoardView *self);
void tb_board_view_set_game (TbBoardView *self, TbGame *game);

gboolean tb_board_view_get_interactive (TbBoardView *self);
void tb_board_view_set_interactive (TbBoardView *self, gboolean interactive);

gboolean tb_board_view_get_show_legal_moves (TbBoardView *self);
void tb_board_view_set_show_legal_moves (TbBoardView *self, gboolean show);

gboolean tb_board_view_get_show_coordinates (TbBoardView *self);
void tb_board_view_set_show_coordinates (TbBoardView *self, gboolean show);

/* "off", "slow", "normal" or "fast" (the animation-speed setting). */
const char *tb_board_view_get_animation_speed (TbBoardView *self);
void tb_board_view_set_animation_speed (TbBoardView *self, const char *speed);
gboolean tb_board_view_is_animating (TbBoardView *self);

/* How many pieces of the selected stack move (RA): one bit per amount the
 * legal moves from the selected cell allow (bit k: k pieces), and the
 * amount chosen, the largest by default. */
guint tb_board_view_get_available_amounts (TbBoardView *self);
guint tb_board_view_get_move_amount (TbBoardView *self);
void tb_board_view_set_move_amount (TbBoardView *self, guint amount);

TbBoardPending tb_board_view_get_pending (TbBoardView *self);
/* The turn of the pending move: 0 none, 1 clockwise, 2 anticlockwise;
 * FALSE when no such move waits. */
gboolean tb_board_view_choose_turn (TbBoardView *self, guint turn);
void tb_board_view_cancel_pending (TbBoardView *self);

/* The selected cell, or -1. */
int tb_board_view_get_selected_cell (TbBoardView *self);
void tb_board_view_clear_selection (TbBoardView *self);

/* Where a cell's centre is, in widget coordinates (FALSE before the first
 * allocation). */
gboolean tb_board_view_get_cell_center (TbBoardView *self, int cell, double *x, double *y);
/* The cell under a point, or -1. */
int tb_board_view_cell_at (TbBoardView *self, double x, double y);

/* Games where players lay pieces from a hand (Retournement). */
gboolean tb_board_view_get_hide_opponent_pieces (TbBoardView *self);
void tb_board_view_set_hide_opponent_pieces (TbBoardView *self, gboolean hide);
/* The piece taken from the hand of the player to move (an index into the
 * board's shapes), or -1; which way round it is turned. */
int tb_board_view_get_held_piece (TbBoardView *self);
guint tb_board_view_get_held_turn (TbBoardView *self);
gboolean tb_board_view_take_piece (TbBoardView *self, guint shape);
void tb_board_view_turn_piece (TbBoardView *self, gboolean clockwise);
void tb_board_view_put_back_piece (TbBoardView *self);
/* What laying the held piece where it is would do, or why it cannot. */
const char *tb_board_view_get_hint (TbBoardView *self);
/* Where a piece's value square lies in a tray, in widget coordinates. */
gboolean tb_board_view_get_slot_center (TbBoardView *self, guint seat, guint shape, double *x,
                                        double *y);

/* Shows a suggested move on the board (a hint) until the position
 * changes; TB_MOVE_NONE takes it away. */
void tb_board_view_show_hint (TbBoardView *self, TbMove move);
TbMove tb_board_view_get_hint_move (TbBoardView *self);

/* Whether the players' hands (trays of pieces to lay) are drawn beside
 * the board (default TRUE; thumbnails draw the board alone). */
void tb_board_view_set_show_hands (TbBoardView *self, gboolean show);
/* The size the board asks for (a thumbnail's); 0 for the default. */
void tb_board_view_set_natural_size (TbBoardView *self, int size);

/* The cell that is its window's focus widget, or -1 when the focus is
 * elsewhere. */
int tb_board_view_get_focus_cell (TbBoardView *self);

/* Confirm-moves mode: shows move done (animated, with the board as it
 * would be) without playing it; TB_MOVE_NONE takes it away, and so does
 * a click on the board (to choose another move) or Escape.  Notifies
 * "proposal". */
void tb_board_view_propose (TbBoardView *self, TbMove move);
TbMove tb_board_view_get_proposal (TbBoardView *self);

/* Looking back: shows the position after an earlier ply of the game,
 * read-only, until it is set to -1 (or to the game's ply) or the game's
 * position changes. */
void tb_board_view_set_shown_ply (TbBoardView *self, int ply);
int tb_board_view_get_shown_ply (TbBoardView *self);

G_END_DECLS
