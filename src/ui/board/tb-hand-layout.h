/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-hand-layout.h: where the board and the two hands go in the board
 * widget, for games where players lay pieces from a hand (Retournement)
 *
 * Each player's pieces lie in a tray, in fixed slots (a laid piece leaves
 * its slot empty, so nothing moves about), drawn to the same scale as one
 * another.  Wide widgets put the trays left and right of the board, tall
 * ones above and below; whichever leaves the board larger.
 */
#pragma once

#include "tb-board-paint.h"
#include "tb-tile-paint.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean beside;      /* trays left and right of the board; else above and below */
  double unit;          /* pixels per square in the trays */
  double tray_x[2], tray_y[2], tray_w[2], tray_h[2];     /* seat 1's and seat 2's, pixels */
  double slot_x[2][TB_MAX_SHAPES], slot_y[2][TB_MAX_SHAPES];  /* a slot's top-left */
  guint slot_turn[TB_MAX_SHAPES];  /* which way round a piece lies in its slot */
} TbHandLayout;

/* Fits board and trays into width x height: fills geometry (the board's
 * scale and place) and layout. */
void tb_hand_layout_fit (TbHandLayout *layout, TbBoardGeometry *geometry,
                         const TbBoardDesc *board, int width, int height,
                         gboolean with_coordinates);

/* The centres of the squares of shape in its slot of seat's tray. */
guint tb_hand_layout_slot_cells (const TbHandLayout *layout, const TbBoardDesc *board,
                                 guint seat, guint shape, TbTileCell cells[TB_MAX_SHAPE_CELLS]);

/* The shape whose slot in seat's tray is under (x, y), or -1. */
int tb_hand_layout_slot_at (const TbHandLayout *layout, const TbBoardDesc *board, guint seat,
                            double x, double y);

/* The tray (seat) under (x, y), or 0. */
guint tb_hand_layout_tray_at (const TbHandLayout *layout, double x, double y);

/* Where a tray's caption goes: its left end and baseline middle. */
void tb_hand_layout_caption (const TbHandLayout *layout, guint seat, double *x, double *y,
                             double *height);

G_END_DECLS
