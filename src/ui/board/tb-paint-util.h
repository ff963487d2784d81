/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-paint-util.h: colours and text for the cairo painters */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "tb-board-desc.h"

G_BEGIN_DECLS

typedef struct
{
  double r, g, b, a;
} Rgba;

/* spec ("#rrggbb"), or fallback when spec is NULL or unreadable. */
Rgba tb_paint_parse_color (const char *spec, const char *fallback);
/* Lighter for factor > 1 (toward white), darker below 1. */
Rgba tb_paint_shade (Rgba color, double factor);
void tb_paint_set_color (cairo_t *cr, Rgba color);
double tb_paint_luminance (Rgba color);
/* Seat 1's or seat 2's colour on this board. */
Rgba tb_paint_seat_color (const TbBoardDesc *board, guint seat);
/* Dark text on a light colour, light text on a dark one. */
Rgba tb_paint_text_color_on (Rgba background);
void tb_paint_text_centered (PangoLayout *layout, cairo_t *cr, const char *text, double cx,
                             double cy, double height, Rgba color);

/* A rectangle with rounded corners, as a new sub-path. */
void tb_paint_rounded_rectangle (cairo_t *cr, double x, double y, double w, double h,
                                 double radius);

G_END_DECLS
