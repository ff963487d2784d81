/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-texture.h: the board without its pieces, drawn once per size
 * and style
 *
 * A frame then only draws what stands on the board over this picture
 * (tb_board_paint_static and tb_board_paint_dynamic). */
#pragma once

#include <gtk/gtk.h>

#include "tb-board-paint.h"

G_BEGIN_DECLS

typedef struct
{
  GdkTexture *texture;
  const TbVariant *variant;
  TbBoardGeometry geometry;
  int width, height, scale;
  gboolean dark, coordinates;
} TbBoardTexture;

/* The board layer of paint at width x height pixels (scale: the
 * widget's), drawn again only when one of those changed. */
GdkTexture *tb_board_texture_get (TbBoardTexture *self, const TbBoardPaint *paint, int width,
                                  int height, int scale);
void tb_board_texture_clear (TbBoardTexture *self);

G_END_DECLS
