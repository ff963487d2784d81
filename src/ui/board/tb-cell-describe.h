/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-cell-describe.h: a cell of the board told in words, for screen
 * readers ("d5, target, Dark’s pawn, worth 3, it can no longer move") */
#pragma once

#include "tb-game.h"

G_BEGIN_DECLS

typedef enum
{
  TB_CELL_STATE_SELECTED = 1 << 0,     /* the piece chosen to move */
  TB_CELL_STATE_DESTINATION = 1 << 1,  /* where the selected piece may go */
} TbCellState;

/* The cell's name, its marks and the piece on it (from pieces, as the
 * ruleset describes the current position), then its state. */
char *tb_describe_cell (TbGame *game, int cell, const TbPieceDesc *pieces, guint n_pieces,
                        TbCellState state);

G_END_DECLS
