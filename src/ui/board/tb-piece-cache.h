/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-piece-cache.h: pieces painted once per look and size, then copied
 *
 * A board shows the same few pieces again and again (a Versus pawn worth
 * 3 to Dark, Red's stack of two): painting their gradients and numbers
 * for every frame was most of a redraw.  The cache keeps each look as an
 * image the size of the cells, and a frame copies it into place.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "tb-board-desc.h"

G_BEGIN_DECLS

typedef struct _TbPieceCache TbPieceCache;

TbPieceCache *tb_piece_cache_new (void);
void tb_piece_cache_free (TbPieceCache *cache);

/* Paints piece centred on (cx, cy), as tb_piece_paint would at full
 * opacity; size is the cell's circumradius in pixels.  A new size or
 * device scale empties the cache. */
void tb_piece_cache_paint (TbPieceCache *cache, const TbBoardDesc *board, PangoLayout *layout,
                           cairo_t *cr, const TbPieceDesc *piece, double cx, double cy,
                           double size);
/* Looks painted so far (for tests and benchmarks). */
guint tb_piece_cache_get_size (TbPieceCache *cache);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbPieceCache, tb_piece_cache_free)

G_END_DECLS
