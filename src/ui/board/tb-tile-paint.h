/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tile-paint.h: drawing a laid piece (Retournement) as one shape of
 * joined squares, wherever it stands: on the board, in a tray, under the
 * pointer
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "tb-board-desc.h"

G_BEGIN_DECLS

/* The centre of one square of a piece, in pixels. */
typedef struct
{
  double x, y;
} TbTileCell;

typedef enum
{
  TB_TILE_SOLID = 0,
  TB_TILE_LOCKED = 1 << 0,   /* a padlock on the value: its colour is final */
  TB_TILE_GHOST = 1 << 1,    /* under the pointer, not laid yet: see-through */
  TB_TILE_OUTLINE = 1 << 2,  /* only its outline: a laid piece's empty slot in a tray */
} TbTileStyle;

/* cells: the squares' centres, unit pixels apart; value < 0 shows none,
 * on the square label (an index into cells). */
void tb_tile_paint (cairo_t *cr, PangoLayout *layout, const TbBoardDesc *board,
                    const TbTileCell *cells, guint n_cells, double unit, guint owner, int value,
                    int label, TbTileStyle style, double alpha);

/* The outline of the piece (the same union of squares), as the current
 * path: for rings around it. inset: in units, negative to grow it. */
void tb_tile_path (cairo_t *cr, const TbTileCell *cells, guint n_cells, double unit,
                   double inset);

/* The edge of the piece as one line round it (no inner lines, unlike
 * tb_tile_path's squares), grown outward by grow units: for rings. */
void tb_tile_outline (cairo_t *cr, const TbTileCell *cells, guint n_cells, double unit,
                      double grow);

/* The square of a piece nearest its middle: where its value goes. */
guint tb_tile_label (const TbTileCell *cells, guint n_cells);

G_END_DECLS
