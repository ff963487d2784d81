/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-view.h: one widget that draws every game
 *
 * Draws the position of a TbGame from its ruleset's board description,
 * scaled to the allocation, and animates each move from the ruleset's
 * move effects (tb-board-animation.h).  When interactive, clicks and keys
 * go to its move picker (tb-move-picker.h), which says what they mean in
 * the game and emits the move chosen; the owner plays it.  It can also
 * show, read-only, an earlier position (a look back) or a move proposed
 * for confirmation.
 */
#pragma once

#include <gtk/gtk.h>

#include "tb-game.h"
#include "tb-move-picker.h"

G_BEGIN_DECLS

#define TB_TYPE_BOARD_VIEW (tb_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TbBoardView, tb_board_view, TB, BOARD_VIEW, GtkWidget)

GtkWidget *tb_board_view_new (void);

TbGame *tb_board_view_get_game (TbBoardView *self);
void tb_board_view_set_game (TbBoardView *self, TbGame *game);
/* What turns clicks and keys into moves ("move-chosen"), for the game
 * shown. */
TbMovePicker *tb_board_view_get_picker (TbBoardView *self);

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

/* Where a cell's centre is, in widget coordinates (FALSE before the first
 * allocation). */
gboolean tb_board_view_get_cell_center (TbBoardView *self, int cell, double *x, double *y);
/* The cell under a point, or -1. */
int tb_board_view_cell_at (TbBoardView *self, double x, double y);

/* Games where players lay pieces from a hand (Retournement). */
gboolean tb_board_view_get_hide_opponent_pieces (TbBoardView *self);
void tb_board_view_set_hide_opponent_pieces (TbBoardView *self, gboolean hide);
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
