/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-paint.h: painting a board description with cairo
 *
 * The drawing half of TbBoardView, kept apart so it reads as one job: the
 * geometry that maps board units to pixels, and the painter of cells,
 * marks, pieces and the in-between states of an animation.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "tb-piece-cache.h"
#include "tb-rules.h"

G_BEGIN_DECLS

typedef struct
{
  double scale;    /* pixels per board unit */
  double ox, oy;   /* pixel position of board point (0, 0) */
  double board_radius;  /* for round outlines, in board units */
  double disc_angle;    /* radians clockwise: how far the disc's cells have turned */
} TbBoardGeometry;

void tb_board_geometry_fit (TbBoardGeometry *geometry, const TbBoardDesc *board, int width,
                            int height, gboolean with_coordinates);
/* The board centred in a rectangle of the widget. */
void tb_board_geometry_fit_rect (TbBoardGeometry *geometry, const TbBoardDesc *board, double x,
                                 double y, double width, double height,
                                 gboolean with_coordinates);
/* The room the board takes, in board units, its margins included. */
void tb_board_geometry_extent (const TbBoardDesc *board, gboolean with_coordinates,
                               double *width, double *height);
void tb_board_geometry_cell_center (const TbBoardGeometry *geometry, const TbBoardDesc *board,
                                    int cell, double *x, double *y);
int tb_board_geometry_cell_at (const TbBoardGeometry *geometry, const TbBoardDesc *board,
                               double x, double y);

typedef struct
{
  const TbVariant *variant;
  const TbBoardGeometry *geometry;
  const TbPieceDesc *pieces;
  guint n_pieces;
  /* An animation in progress: effects of earlier phases are done, those of
   * `phase` are at progress t (0..1), later ones not begun. */
  const TbEffect *effects;
  guint n_effects;
  guint phase;
  double t;
  int selected;
  int focus;             /* the cell with the keyboard focus ring, or -1 */
  int hover;
  int last_from;
  int last_to;
  const gboolean *destinations;  /* per cell */
  const gboolean *via;           /* per cell: a cell to jump through, to choose a path */
  gboolean show_coordinates;
  gboolean dark;
  gboolean high_contrast;  /* the system asks for it: marks opaque, with black edges */
  PangoLayout *layout;
  TbPieceCache *piece_cache;     /* pieces at rest are copied from it; may be NULL */
  /* Laid pieces (tiles) that the piece under the pointer would turn over,
   * as bits of their groups (bit g - 1 for group g), and to whose colour. */
  guint32 turning_groups;
  guint turning_owner;
  /* A hint: the move suggested, from and to (or -1), or the cells of a
   * piece to lay there (n_hint_cells > 0). */
  int hint_from;
  int hint_to;
  int hint_cells[TB_MAX_SHAPE_CELLS];
  guint n_hint_cells;
} TbBoardPaint;

void tb_board_paint (const TbBoardPaint *paint, cairo_t *cr);
/* The two layers of tb_board_paint: the board itself (outline, cells,
 * coordinates), which changes only with the size, the style and the turn
 * of a disc; and what is on it. */
void tb_board_paint_static (const TbBoardPaint *paint, cairo_t *cr);
void tb_board_paint_dynamic (const TbBoardPaint *paint, cairo_t *cr);

G_END_DECLS
