/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-placement.h: the piece a player has taken from the hand, turned and
 * held over the board (Retournement): the move picker's (tb-move-picker.h)
 * half of laying pieces
 *
 * The piece is held by its grab square, the square nearest its middle;
 * over the board that square sits on the cell under the pointer (or the
 * keyboard cursor), moved in just enough to keep the piece on the board.
 */
#pragma once

#include "tb-game.h"

G_BEGIN_DECLS

typedef struct
{
  int shape;          /* the piece held, or -1 */
  guint turn;         /* which way round, 0 .. its shape's n_turns - 1 */
  int cell;           /* the board cell under the grab square, or -1 off the board */
  int anchor;         /* the top-left cell of the piece's box there, or -1 */
  TbMove move;        /* laying it there (TB_MOVE_NONE when cell is -1) */
  gboolean legal;
  guint32 turning;    /* the groups it would turn over (bit g - 1 for group g) */
} TbPlacement;

void tb_placement_init (TbPlacement *placement);

/* Takes shape from the hand of the player to move; FALSE when that hand
 * does not hold it or the game is over. */
gboolean tb_placement_take (TbPlacement *placement, TbGame *game, guint shape);
/* A quarter turn clockwise, or back. */
void tb_placement_turn (TbPlacement *placement, TbGame *game, gboolean clockwise);
/* Holds the piece over cell (-1: off the board). */
void tb_placement_hold_at (TbPlacement *placement, TbGame *game, int cell);
/* Moves the held piece by rows and columns (the keyboard), starting from
 * the middle of the board when it was off it. */
void tb_placement_step (TbPlacement *placement, TbGame *game, int rows, int cols);

/* The grab square of shape turned turn: its row and column in the box. */
void tb_placement_grab_square (const TbBoardDesc *board, guint shape, guint turn, int *row,
                               int *col);
/* The board cells the held piece covers (none off the board). */
guint tb_placement_cells (const TbPlacement *placement, TbGame *game,
                          int cells[TB_MAX_SHAPE_CELLS]);

/* The shapes the player to move can lay somewhere, as bits. */
guint32 tb_placement_playable_shapes (TbGame *game);
/* Marks the cells where the held piece's grab square may go, turned as
 * it is (cells: one per board cell). */
void tb_placement_targets (const TbPlacement *placement, TbGame *game, gboolean *cells);

/* What laying the piece here would do, or why it cannot, in words. */
char *tb_placement_describe (const TbPlacement *placement, TbGame *game);

G_END_DECLS
