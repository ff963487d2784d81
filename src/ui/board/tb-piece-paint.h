/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-piece-paint.h: drawing one piece (a Versus pawn or VERSUS, an RA
 * stack) centred on a point, at the size of a cell */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "tb-board-desc.h"

G_BEGIN_DECLS

/* size: the cell's circumradius in pixels; alpha fades the piece. */
void tb_piece_paint (const TbBoardDesc *board, PangoLayout *layout, cairo_t *cr,
                     const TbPieceDesc *piece, double cx, double cy, double size, double alpha);

G_END_DECLS
