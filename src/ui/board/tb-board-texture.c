/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-texture.c: the board without its pieces, drawn once */
#include "config.h"

#include <string.h>

#include "tb-board-texture.h"

static gboolean
is_current (const TbBoardTexture *self, const TbBoardPaint *paint, int width, int height,
            int scale)
{
  return self->texture && self->variant == paint->variant &&
         memcmp (&self->geometry, paint->geometry, sizeof (TbBoardGeometry)) == 0 &&
         self->width == width && self->height == height && self->scale == scale &&
         self->dark == paint->dark && self->coordinates == paint->show_coordinates;
}

static GdkTexture *
draw (const TbBoardPaint *paint, int width, int height, int scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr (GBytes) bytes = NULL;
  GdkTexture *texture;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  tb_board_paint_static (paint, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * height * scale);
  /* Cairo's ARGB32 is GDK's default memory format (premultiplied, native). */
  texture = gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}

GdkTexture *
tb_board_texture_get (TbBoardTexture *self, const TbBoardPaint *paint, int width, int height,
                      int scale)
{
  if (is_current (self, paint, width, height, scale))
    return self->texture;
  g_clear_object (&self->texture);
  self->texture = draw (paint, width, height, scale);
  self->variant = paint->variant;
  self->geometry = *paint->geometry;
  self->width = width;
  self->height = height;
  self->scale = scale;
  self->dark = paint->dark;
  self->coordinates = paint->show_coordinates;
  return self->texture;
}

void
tb_board_texture_clear (TbBoardTexture *self)
{
  g_clear_object (&self->texture);
}
