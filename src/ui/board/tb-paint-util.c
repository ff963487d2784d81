/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-paint-util.c: colours and text for the cairo painters */
#include "config.h"

#include <gdk/gdk.h>
#include <pango/pangocairo.h>

#include "tb-paint-util.h"

Rgba
tb_paint_parse_color (const char *spec, const char *fallback)
{
  GdkRGBA c;

  if (spec == NULL || !gdk_rgba_parse (&c, spec))
    gdk_rgba_parse (&c, fallback);
  return (Rgba) { c.red, c.green, c.blue, c.alpha };
}

Rgba
tb_paint_shade (Rgba c, double factor)
{
  if (factor > 1)
    return (Rgba) { c.r + (1 - c.r) * (factor - 1), c.g + (1 - c.g) * (factor - 1),
                    c.b + (1 - c.b) * (factor - 1), c.a };
  return (Rgba) { c.r * factor, c.g * factor, c.b * factor, c.a };
}

void
tb_paint_set_color (cairo_t *cr, Rgba c)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, c.a);
}

double
tb_paint_luminance (Rgba c)
{
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

Rgba
tb_paint_seat_color (const TbBoardDesc *board, guint seat)
{
  return tb_paint_parse_color (board->seat_colors[seat == 2 ? 1 : 0],
                               seat == 2 ? "#f0f0f0" : "#303030");
}

Rgba
tb_paint_text_color_on (Rgba background)
{
  return tb_paint_luminance (background) > 0.5 ? (Rgba) { 0.1, 0.08, 0.06, 1 }
                                               : (Rgba) { 1, 1, 1, 1 };
}

void
tb_paint_text_centered (PangoLayout *layout, cairo_t *cr, const char *text, double cx, double cy,
                        double height, Rgba color)
{
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans Bold");
  int w, h;

  pango_font_description_set_absolute_size (font, MAX (6.0, height) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, cx - w / 2.0, cy - h / 2.0);
  tb_paint_set_color (cr, color);
  pango_cairo_show_layout (cr, layout);
  /* Drop the current point, or the next arc would start with a line. */
  cairo_new_path (cr);
}

void
tb_paint_rounded_rectangle (cairo_t *cr, double x, double y, double w, double h, double radius)
{
  /* Clockwise, as cairo_rectangle: overlapping ones fill as one shape. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}
