/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-hand-paint.h: the trays of pieces and the piece held over the board
 * (Retournement)
 */
#pragma once

#include "tb-hand-layout.h"

G_BEGIN_DECLS

typedef struct
{
  const TbBoardDesc *board;
  const TbHandLayout *layout;
  PangoLayout *pango;
  gboolean dark;
  guint32 hand[2];          /* the shapes each seat still holds */
  guint32 playable;         /* those the player to move can lay somewhere */
  guint to_move;            /* 0 once the game is over */
  guint hidden_seat;        /* a tray shown empty (the opponent's, hidden), or 0 */
  int held_shape;           /* taken from to_move's tray, or -1 */
  int hover_shape;          /* the slot under the pointer in to_move's tray, or -1 */
  const char *names[2];     /* whose tray: the player's name */
  const char *counts[2];    /* under it: how many pieces are left */
} TbHandPaint;

void tb_hand_paint (const TbHandPaint *paint, cairo_t *cr);

/* The held piece: see-through in its owner's colour, ringed in blue where
 * it may be laid and in red where it may not. */
void tb_hand_paint_held (cairo_t *cr, PangoLayout *pango, const TbBoardDesc *board,
                         const TbTileCell *cells, guint n_cells, double unit, guint owner,
                         int value, gboolean on_board, gboolean legal);

G_END_DECLS
