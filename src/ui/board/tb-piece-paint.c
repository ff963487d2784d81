/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-piece-paint.c: pawns, the VERSUS and stacks */
#include "config.h"

#include <math.h>

#include "tb-paint-util.h"
#include "tb-piece-paint.h"

#define PAWN_RADIUS 0.72     /* in cell circumradii */
#define VERSUS_RADIUS 0.80
#define STONE_RADIUS 0.70
#define STONE_RISE 0.16      /* how much higher each stone of a stack sits */

/* A plain pawn (Oraïa): its colour, a small dot, or a large one once it
 * has been turned over at the centre. */
static void
paint_plain_pawn (const TbBoardDesc *board, cairo_t *cr, const TbPieceDesc *piece, double cx,
                  double cy, double size)
{
  Rgba color = tb_paint_seat_color (board, piece->owner);
  double radius = size * 1.05;
  cairo_pattern_t *gloss;

  cairo_arc (cr, cx + radius * 0.08, cy + radius * 0.12, radius, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  gloss = cairo_pattern_create_radial (cx - radius * 0.35, cy - radius * 0.4, radius * 0.1,
                                       cx, cy, radius);
  cairo_pattern_add_color_stop_rgb (gloss, 0, tb_paint_shade (color, 1.4).r,
                                    tb_paint_shade (color, 1.4).g, tb_paint_shade (color, 1.4).b);
  cairo_pattern_add_color_stop_rgb (gloss, 1, color.r, color.g, color.b);
  cairo_set_source (cr, gloss);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gloss);
  tb_paint_set_color (cr, tb_paint_shade (color, 0.55));
  cairo_set_line_width (cr, MAX (1.0, size * 0.08));
  cairo_stroke (cr);
  /* The dot: small on the face it starts on, large once charged. */
  cairo_arc (cr, cx, cy, radius * ((piece->flags & TB_PIECE_CHARGED) ? 0.55 : 0.2), 0, 2 * G_PI);
  tb_paint_set_color (cr, tb_paint_shade (color, 0.45));
  cairo_fill (cr);
}

/* A round pawn: five portions around a centre in the controller's colour,
 * and the value for the controller. */
static void
paint_pawn (const TbBoardDesc *board, PangoLayout *layout, cairo_t *cr, const TbPieceDesc *piece, double cx, double cy,
            double size)
{
  Rgba owner = tb_paint_seat_color (board, piece->owner);
  Rgba edge = tb_paint_shade (tb_paint_parse_color (board->line_color, "#6b4423"), 0.7);
  double radius = size * PAWN_RADIUS;
  char value[4];

  cairo_arc (cr, cx + radius * 0.06, cy + radius * 0.1, radius, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_fill (cr);
  for (guint k = 0; k < MAX (piece->n_portions, 1u); k++)
    {
      double a0 = -G_PI / 2 + 2 * G_PI * k / MAX (piece->n_portions, 1u);
      double a1 = -G_PI / 2 + 2 * G_PI * (k + 1) / MAX (piece->n_portions, 1u);

      cairo_move_to (cr, cx, cy);
      cairo_arc (cr, cx, cy, radius, a0, a1);
      cairo_close_path (cr);
      tb_paint_set_color (cr, piece->n_portions ? tb_paint_seat_color (board, k < piece->portions ? 1 : 2) : owner);
      cairo_fill_preserve (cr);
      tb_paint_set_color (cr, edge);
      cairo_set_line_width (cr, MAX (0.8, size * 0.03));
      cairo_stroke (cr);
    }
  cairo_arc (cr, cx, cy, radius * 0.52, 0, 2 * G_PI);
  tb_paint_set_color (cr, owner);
  cairo_fill_preserve (cr);
  tb_paint_set_color (cr, edge);
  cairo_set_line_width (cr, MAX (1.0, size * 0.045));
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  cairo_stroke (cr);
  if (piece->n_portions)
    {
      g_snprintf (value, sizeof value, "%u", piece->value);
      tb_paint_text_centered (layout, cr, value, cx, cy, radius * 0.62,
                              tb_paint_text_color_on (owner));
    }
}

/* The VERSUS, a tetrahedron seen from above: three lit faces. */
static void
paint_versus (const TbBoardDesc *board, cairo_t *cr, const TbPieceDesc *piece, double cx,
              double cy, double size)
{
  Rgba owner = tb_paint_seat_color (board, piece->owner);
  double radius = size * VERSUS_RADIUS;
  double tilt = piece->owner == 2 ? G_PI / 2 : -G_PI / 2;  /* facing the other side */
  double vx[3], vy[3];
  double face_light[3] = { 1.18, 0.92, 0.72 };

  for (int k = 0; k < 3; k++)
    {
      vx[k] = cx + radius * cos (tilt + 2 * G_PI * k / 3);
      vy[k] = cy + radius * sin (tilt + 2 * G_PI * k / 3);
    }
  cairo_move_to (cr, vx[0] + radius * 0.06, vy[0] + radius * 0.1);
  cairo_line_to (cr, vx[1] + radius * 0.06, vy[1] + radius * 0.1);
  cairo_line_to (cr, vx[2] + radius * 0.06, vy[2] + radius * 0.1);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_fill (cr);
  for (int k = 0; k < 3; k++)
    {
      cairo_move_to (cr, cx, cy);
      cairo_line_to (cr, vx[k], vy[k]);
      cairo_line_to (cr, vx[(k + 1) % 3], vy[(k + 1) % 3]);
      cairo_close_path (cr);
      tb_paint_set_color (cr, tb_paint_shade (owner, face_light[k]));
      cairo_fill (cr);
    }
  tb_paint_set_color (cr, tb_paint_luminance (owner) > 0.5 ? tb_paint_shade (owner, 0.45) : tb_paint_shade (owner, 1.5));
  cairo_set_line_width (cr, MAX (1.0, size * 0.05));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to (cr, vx[0], vy[0]);
  cairo_line_to (cr, vx[1], vy[1]);
  cairo_line_to (cr, vx[2], vy[2]);
  cairo_close_path (cr);
  for (int k = 0; k < 3; k++)
    {
      cairo_move_to (cr, cx, cy);
      cairo_line_to (cr, vx[k], vy[k]);
    }
  cairo_stroke (cr);
}

/* An RA stack: hexagonal pearl stones one on another, the count on top. */
static void
paint_stone (cairo_t *cr, Rgba color, Rgba edge, double cx, double cy, double radius)
{
  cairo_pattern_t *pearl;

  for (int k = 0; k < 6; k++)
    {
      double angle = G_PI / 180 * (60 * k - 90);

      if (k == 0)
        cairo_move_to (cr, cx + radius * cos (angle), cy + radius * sin (angle));
      else
        cairo_line_to (cr, cx + radius * cos (angle), cy + radius * sin (angle));
    }
  cairo_close_path (cr);
  pearl = cairo_pattern_create_radial (cx - radius * 0.35, cy - radius * 0.4, radius * 0.05,
                                       cx, cy, radius * 1.1);
  cairo_pattern_add_color_stop_rgba (pearl, 0, tb_paint_shade (color, 1.35).r,
                                     tb_paint_shade (color, 1.35).g,
                                     tb_paint_shade (color, 1.35).b, color.a);
  cairo_pattern_add_color_stop_rgba (pearl, 1, tb_paint_shade (color, 0.8).r,
                                     tb_paint_shade (color, 0.8).g,
                                     tb_paint_shade (color, 0.8).b, color.a);
  cairo_set_source (cr, pearl);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pearl);
  tb_paint_set_color (cr, edge);
  cairo_set_line_width (cr, MAX (1.0, radius * 0.07));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

static void
paint_stack (const TbBoardDesc *board, PangoLayout *layout, cairo_t *cr, const TbPieceDesc *piece,
             double cx, double cy, double size)
{
  Rgba color = tb_paint_seat_color (board, piece->owner);
  Rgba edge = tb_paint_luminance (color) > 0.5 ? tb_paint_shade (color, 0.55)
                                               : tb_paint_shade (color, 0.5);
  double radius = size * STONE_RADIUS;
  double rise = size * STONE_RISE;
  double base = cy + rise * (piece->height - 1) / 2.0;
  char count[4];

  for (guint i = 0; i < piece->height; i++)
    paint_stone (cr, color, edge, cx, base - rise * i, radius);
  g_snprintf (count, sizeof count, "%u", piece->height);
  tb_paint_text_centered (layout, cr, count, cx, base - rise * (piece->height - 1),
                          radius * 0.8, tb_paint_text_color_on (color));
}

void
tb_piece_paint (const TbBoardDesc *board, PangoLayout *layout, cairo_t *cr,
                const TbPieceDesc *piece, double cx, double cy, double size, double alpha)
{
  if (alpha <= 0)
    return;
  if (alpha < 1)
    cairo_push_group (cr);
  switch (piece->kind)
    {
    case TB_PIECE_VERSUS:
      paint_versus (board, cr, piece, cx, cy, size);
      break;
    case TB_PIECE_STACK:
      paint_stack (board, layout, cr, piece, cx, cy, size);
      break;
    default:
      if (piece->n_portions)
        paint_pawn (board, layout, cr, piece, cx, cy, size);
      else
        paint_plain_pawn (board, cr, piece, cx, cy, size);
      break;
    }
  if (alpha < 1)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, alpha);
    }
}
