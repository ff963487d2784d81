/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-paint.c: cells, marks, pieces and animation frames in cairo */
#include "config.h"

#include <gdk/gdk.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "tb-board-paint.h"
#include "tb-paint-util.h"
#include "tb-piece-paint.h"
#include "tb-tile-paint.h"

#define MARGIN 0.45          /* board units around the outermost cells */
#define HEX_RIM 0.55         /* the rim of a hexagonal board beyond its cells */

/* How much room a grid board's file letters and rank numbers take. */
#define COORDINATE_MARGIN 0.55

void
tb_board_geometry_extent (const TbBoardDesc *board, gboolean with_coordinates, double *width,
                          double *height)
{
  double bw = board->max_x - board->min_x + 2 * MARGIN;
  double bh = board->max_y - board->min_y + 2 * MARGIN;
  double cx = (board->min_x + board->max_x) / 2;
  double cy = (board->min_y + board->max_y) / 2;

  if (board->outline == TB_OUTLINE_HEX)
    {
      /* Room for the rim of the hexagonal board. */
      bw += 2 * HEX_RIM;
      bh += 2 * HEX_RIM;
    }
  if (board->outline == TB_OUTLINE_ROUND || board->outline == TB_OUTLINE_CROWN)
    {
      double radius = 0;

      for (guint i = 0; i < board->n_cells; i++)
        radius = MAX (radius, hypot (board->cells[i].x - cx, board->cells[i].y - cy));
      radius += board->cell_size + MARGIN;
      /* Room for the board's shadow below it. */
      bw = bh = 2.06 * radius;
    }
  if (board->rows > 0 && with_coordinates)
    {
      bw += 2 * COORDINATE_MARGIN;
      bh += 2 * COORDINATE_MARGIN;
    }
  *width = bw;
  *height = bh;
}

void
tb_board_geometry_fit_rect (TbBoardGeometry *geometry, const TbBoardDesc *board, double x,
                            double y, double width, double height, gboolean with_coordinates)
{
  double cx = (board->min_x + board->max_x) / 2;
  double cy = (board->min_y + board->max_y) / 2;
  double bw, bh;

  tb_board_geometry_extent (board, with_coordinates, &bw, &bh);
  geometry->board_radius = 0;
  if (board->outline == TB_OUTLINE_ROUND || board->outline == TB_OUTLINE_CROWN)
    geometry->board_radius = bw / 2.06;
  geometry->scale = MIN (width / bw, height / bh);
  geometry->ox = x + width / 2.0 - cx * geometry->scale;
  geometry->oy = y + height / 2.0 - cy * geometry->scale;
}

void
tb_board_geometry_fit (TbBoardGeometry *geometry, const TbBoardDesc *board, int width,
                       int height, gboolean with_coordinates)
{
  tb_board_geometry_fit_rect (geometry, board, 0, 0, width, height, with_coordinates);
}

void
tb_board_geometry_cell_center (const TbBoardGeometry *geometry, const TbBoardDesc *board,
                               int cell, double *x, double *y)
{
  double bx = board->cells[cell].x, by = board->cells[cell].y;

  if ((board->cells[cell].marks & TB_MARK_DISC) && geometry->disc_angle != 0)
    {
      /* Turned clockwise about the board's centre (y grows downward). */
      double c = cos (geometry->disc_angle), s = sin (geometry->disc_angle);
      double rx = bx * c - by * s, ry = bx * s + by * c;

      bx = rx;
      by = ry;
    }
  *x = geometry->ox + bx * geometry->scale;
  *y = geometry->oy + by * geometry->scale;
}

int
tb_board_geometry_cell_at (const TbBoardGeometry *geometry, const TbBoardDesc *board, double x,
                           double y)
{
  double best = G_MAXDOUBLE;
  int best_cell = -1;

  for (guint i = 0; i < board->n_cells; i++)
    {
      double cx, cy, d;

      tb_board_geometry_cell_center (geometry, board, (int) i, &cx, &cy);
      d = hypot (x - cx, y - cy);
      if (d < best)
        {
          best = d;
          best_cell = (int) i;
        }
    }
  /* Inside the cell: within its inscribed circle, about. */
  if (best > (board->hit_radius > 0 ? board->hit_radius : board->cell_size * 0.92) * geometry->scale)
    return -1;
  return best_cell;
}

static void
cell_path (cairo_t *cr, const TbBoardDesc *board, double cx, double cy, double size)
{
  switch (board->cell_shape)
    {
    case TB_CELL_HEX:
      for (int k = 0; k < 6; k++)
        {
          double angle = G_PI / 180 * (60 * k - 90);

          if (k == 0)
            cairo_move_to (cr, cx + size * cos (angle), cy + size * sin (angle));
          else
            cairo_line_to (cr, cx + size * cos (angle), cy + size * sin (angle));
        }
      cairo_close_path (cr);
      break;
    case TB_CELL_SQUARE:
      cairo_rectangle (cr, cx - size / 2, cy - size / 2, size, size);
      break;
    case TB_CELL_ROUND:
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, size, 0, 2 * G_PI);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Fills the current path with the board's colour, lit from the top left,
 * and draws its rim. */
static void
fill_board (cairo_t *cr, Rgba color, double cx, double cy, double radius)
{
  cairo_pattern_t *gradient;
  Rgba light = tb_paint_shade (color, 1.12), deep = tb_paint_shade (color, 0.86);

  gradient = cairo_pattern_create_radial (cx - radius * 0.3, cy - radius * 0.3, radius * 0.1,
                                          cx, cy, radius);
  cairo_pattern_add_color_stop_rgb (gradient, 0, light.r, light.g, light.b);
  cairo_pattern_add_color_stop_rgb (gradient, 1, deep.r, deep.g, deep.b);
  cairo_set_source (cr, gradient);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gradient);
  tb_paint_set_color (cr, tb_paint_shade (color, 0.6));
  cairo_set_line_width (cr, MAX (1.5, radius * 0.012));
  cairo_stroke (cr);
}

/* The hexagon around a hex-hex board: its corners lie beyond the six
 * corner cells. */
static void
hex_outline_path (const TbBoardPaint *p, cairo_t *cr, double cx, double cy, double *radius)
{
  const TbBoardDesc *board = &p->variant->board;
  double reach = 0;

  for (guint i = 0; i < board->n_cells; i++)
    reach = MAX (reach, hypot (board->cells[i].x * p->geometry->scale + p->geometry->ox - cx,
                               board->cells[i].y * p->geometry->scale + p->geometry->oy - cy));
  *radius = reach + (board->cell_size + HEX_RIM) * p->geometry->scale * 1.15;
  for (int k = 0; k < 6; k++)
    {
      double angle = G_PI / 180 * (60 * k);

      if (k == 0)
        cairo_move_to (cr, cx + *radius * cos (angle), cy + *radius * sin (angle));
      else
        cairo_line_to (cr, cx + *radius * cos (angle), cy + *radius * sin (angle));
    }
  cairo_close_path (cr);
}

/* The lines drawn between cells (Oraïa's spokes, circles or arms). */
static void
paint_lines (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double cx = p->geometry->ox, cy = p->geometry->oy;

  tb_paint_set_color (cr, tb_paint_parse_color (board->line_color, "#6d5a3a"));
  cairo_set_line_width (cr, MAX (1.5, p->geometry->scale * 0.06));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < board->n_lines; i++)
    {
      const TbLineDesc *line = &board->lines[i];
      double ax, ay, bx, by;

      tb_board_geometry_cell_center (p->geometry, board, line->a, &ax, &ay);
      tb_board_geometry_cell_center (p->geometry, board, line->b, &bx, &by);
      cairo_new_path (cr);
      if (line->kind == TB_LINE_ARC)
        {
          /* Along the circle through both, the short way round. */
          double radius = hypot (ax - cx, ay - cy);
          double a0 = atan2 (ay - cy, ax - cx), a1 = atan2 (by - cy, bx - cx);

          if (a1 < a0)
            a1 += 2 * G_PI;
          if (a1 - a0 <= G_PI)
            cairo_arc (cr, cx, cy, radius, a0, a1);
          else
            cairo_arc_negative (cr, cx, cy, radius, a0, a1 - 2 * G_PI);
        }
      else if (line->kind == TB_LINE_CURVE)
        {
          /* A spiral arm: bowed sideways, like a pinwheel's vane. */
          double mx = (ax + bx) / 2, my = (ay + by) / 2;
          double nx = -(by - ay) * 0.35, ny = (bx - ax) * 0.35;

          cairo_move_to (cr, ax, ay);
          cairo_curve_to (cr, mx + nx, my + ny, mx + nx, my + ny, bx, by);
        }
      else
        {
          cairo_move_to (cr, ax, ay);
          cairo_line_to (cr, bx, by);
        }
      cairo_stroke (cr);
    }
}

/* Oraïa: the green crown (Earth) and, inside it, the disc (Air) with its
 * lines, turned with the disc. */
static void
paint_crown_and_disc (const TbBoardPaint *p, cairo_t *cr, double cx, double cy)
{
  const TbBoardDesc *board = &p->variant->board;
  double unit = p->geometry->scale;
  Rgba green = tb_paint_parse_color (board->board_color, "#2f8f4e");
  Rgba disc = tb_paint_parse_color (board->mark_color, "#e9dfc6");

  cairo_arc (cr, cx, cy + unit * 0.06, unit * 3.55, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, p->dark ? 0.5 : 0.22);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, unit * 3.55, 0, 2 * G_PI);
  fill_board (cr, green, cx, cy, unit * 3.55);
  /* The disc sits in the crown, a little apart. */
  cairo_arc (cr, cx, cy, unit * 2.5, 0, 2 * G_PI);
  tb_paint_set_color (cr, tb_paint_shade (green, 0.55));
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, unit * 2.42, 0, 2 * G_PI);
  fill_board (cr, disc, cx, cy, unit * 2.42);
  paint_lines (p, cr);
}

/* A square board: a plastic plate (Retournement's perforated board). */
static void
paint_plate (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  const TbBoardGeometry *g = p->geometry;
  Rgba color = tb_paint_parse_color (board->board_color, "#5b6b7d");
  double x = g->ox + (board->min_x - MARGIN) * g->scale;
  double y = g->oy + (board->min_y - MARGIN) * g->scale;
  double w = (board->max_x - board->min_x + 2 * MARGIN) * g->scale;
  double h = (board->max_y - board->min_y + 2 * MARGIN) * g->scale;
  double radius = g->scale * 0.35;
  cairo_pattern_t *gradient;

  tb_paint_rounded_rectangle (cr, x + 2, y + 4, w, h, radius);
  cairo_set_source_rgba (cr, 0, 0, 0, p->dark ? 0.5 : 0.25);
  cairo_fill (cr);
  tb_paint_rounded_rectangle (cr, x, y, w, h, radius);
  gradient = cairo_pattern_create_linear (x, y, x + w, y + h);
  cairo_pattern_add_color_stop_rgb (gradient, 0, tb_paint_shade (color, 1.15).r,
                                    tb_paint_shade (color, 1.15).g, tb_paint_shade (color, 1.15).b);
  cairo_pattern_add_color_stop_rgb (gradient, 1, tb_paint_shade (color, 0.88).r,
                                    tb_paint_shade (color, 0.88).g, tb_paint_shade (color, 0.88).b);
  cairo_set_source (cr, gradient);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gradient);
  tb_paint_set_color (cr, tb_paint_shade (color, 0.6));
  cairo_set_line_width (cr, MAX (1.5, g->scale * 0.05));
  cairo_stroke (cr);
}

static void
paint_outline (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  const TbBoardGeometry *g = p->geometry;
  Rgba color = tb_paint_parse_color (board->board_color, "#c9955c");
  double cx = g->ox + (board->min_x + board->max_x) / 2 * g->scale;
  double cy = g->oy + (board->min_y + board->max_y) / 2 * g->scale;
  double radius = g->board_radius * g->scale;

  if (board->outline == TB_OUTLINE_NONE)
    return;
  if (board->outline == TB_OUTLINE_SQUARE)
    {
      paint_plate (p, cr);
      return;
    }
  if (board->outline == TB_OUTLINE_CROWN)
    {
      paint_crown_and_disc (p, cr, cx, cy);
      return;
    }
  if (board->outline == TB_OUTLINE_ROUND)
    cairo_arc (cr, cx, cy + radius * 0.02, radius, 0, 2 * G_PI);
  else
    {
      cairo_save (cr);
      cairo_translate (cr, 0, 3);
      hex_outline_path (p, cr, cx, cy, &radius);
      cairo_restore (cr);
    }
  /* A soft shadow under the board. */
  cairo_set_source_rgba (cr, 0, 0, 0, p->dark ? 0.5 : 0.22);
  cairo_fill (cr);
  if (board->outline == TB_OUTLINE_ROUND)
    cairo_arc (cr, cx, cy, radius * 0.985, 0, 2 * G_PI);
  else
    hex_outline_path (p, cr, cx, cy, &radius);
  fill_board (cr, color, cx, cy, radius);
}

/* A Versus target: a light cell with a ring. */
static void
paint_target (const TbBoardDesc *board, cairo_t *cr, double cx, double cy, double size)
{
  tb_paint_set_color (cr, tb_paint_parse_color (board->mark_color, "#f5e6c8"));
  cell_path (cr, board, cx, cy, size * 0.93);
  cairo_fill (cr);
  tb_paint_set_color (cr, tb_paint_parse_color (board->line_color, "#6b4423"));
  cairo_set_line_width (cr, MAX (1.0, size * 0.05));
  cairo_arc (cr, cx, cy, size * 0.55, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, size * 0.12, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* An RA cell: its owner's colour, a sun of rays, and the word RA. */
static void
paint_ra (const TbBoardPaint *p, cairo_t *cr, guint owner, double cx, double cy, double size)
{
  const TbBoardDesc *board = &p->variant->board;
  Rgba color = tb_paint_seat_color (board, owner);
  Rgba ink = tb_paint_text_color_on (color);

  tb_paint_set_color (cr, color);
  cell_path (cr, board, cx, cy, size * 0.93);
  cairo_fill (cr);
  tb_paint_set_color (cr, (Rgba) { ink.r, ink.g, ink.b, 0.55 });
  cairo_set_line_width (cr, MAX (1.0, size * 0.06));
  for (int k = 0; k < 12; k++)
    {
      double angle = G_PI / 6 * k;

      cairo_move_to (cr, cx + size * 0.52 * cos (angle), cy + size * 0.52 * sin (angle));
      cairo_line_to (cr, cx + size * 0.72 * cos (angle), cy + size * 0.72 * sin (angle));
    }
  cairo_stroke (cr);
  tb_paint_text_centered (p->layout, cr, "RA", cx, cy, size * 0.48, ink);
}

static void
paint_mark (const TbBoardPaint *p, cairo_t *cr, guint marks, double cx, double cy, double size)
{
  if (marks & TB_MARK_TARGET)
    paint_target (&p->variant->board, cr, cx, cy, size);
  if (marks & TB_MARK_RA_SEAT1)
    paint_ra (p, cr, 1, cx, cy, size);
  if (marks & TB_MARK_RA_SEAT2)
    paint_ra (p, cr, 2, cx, cy, size);
}

/* Holes in the board (Oraïa), the crown's places ringed with the colour
 * of whoever starts there, the centre ringed in gold. */
static void
paint_holes (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;

  for (guint i = 0; i < board->n_cells; i++)
    {
      guint marks = board->cells[i].marks;
      Rgba ground = tb_paint_parse_color ((marks & TB_MARK_DISC) ? board->mark_color
                                                                 : board->board_color, "#808080");
      double cx, cy;

      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      /* A hollow, not a disc: a little darker than the board, its upper
       * rim in shadow, so that it does not read as a grey piece. */
      cairo_arc (cr, cx, cy, size, 0, 2 * G_PI);
      tb_paint_set_color (cr, tb_paint_shade (ground, 0.62));
      cairo_fill (cr);
      cairo_arc (cr, cx, cy + size * 0.14, size * 0.86, 0, 2 * G_PI);
      tb_paint_set_color (cr, tb_paint_shade (ground, 0.84));
      cairo_fill (cr);
      if (marks & (TB_MARK_HOME_SEAT1 | TB_MARK_HOME_SEAT2 | TB_MARK_CENTRE))
        {
          cairo_arc (cr, cx, cy, size * 1.12, 0, 2 * G_PI);
          if (marks & TB_MARK_CENTRE)
            cairo_set_source_rgba (cr, 0.85, 0.65, 0.13, 1);
          else
            tb_paint_set_color (cr, tb_paint_seat_color (board, (marks & TB_MARK_HOME_SEAT1) ? 1 : 2));
          cairo_set_line_width (cr, MAX (2.0, size * 0.2));
          cairo_stroke (cr);
        }
    }
}

static void
paint_cells (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  Rgba face = tb_paint_shade (tb_paint_parse_color (board->board_color, "#c9955c"), 1.06);
  Rgba line = tb_paint_parse_color (board->line_color, "#6b4423");

  if (board->cell_shape == TB_CELL_ROUND)
    {
      paint_holes (p, cr);
      return;
    }
  for (guint i = 0; i < board->n_cells; i++)
    {
      double cx, cy;

      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      cell_path (cr, board, cx, cy, size * 0.97);
      tb_paint_set_color (cr, face);
      cairo_fill_preserve (cr);
      tb_paint_set_color (cr, line);
      cairo_set_line_width (cr, MAX (1.0, size * 0.045));
      cairo_stroke (cr);
      paint_mark (p, cr, board->cells[i].marks, cx, cy, size);
    }
}

static void
tint_cell (const TbBoardPaint *p, cairo_t *cr, int cell, double r, double g, double b,
           double a)
{
  const TbBoardDesc *board = &p->variant->board;
  double cx, cy;

  if (cell < 0)
    return;
  tb_board_geometry_cell_center (p->geometry, board, cell, &cx, &cy);
  cell_path (cr, board, cx, cy, board->cell_size * p->geometry->scale * 0.9);
  cairo_set_source_rgba (cr, r, g, b, a);
  cairo_fill (cr);
}

/* The edge of a last move's cell (see paint_highlights); round holes
 * are ringed outside their pawn. */
static void
ring_cell (const TbBoardPaint *p, cairo_t *cr, int cell, gboolean dashed)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  double width = MAX (2.0, size * (p->high_contrast ? 0.14 : 0.1));
  double dash[] = { MAX (3.0, size * 0.22), MAX (2.0, size * 0.14) };
  double cx, cy;

  if (cell < 0)
    return;
  tb_board_geometry_cell_center (p->geometry, board, cell, &cx, &cy);
  cell_path (cr, board, cx, cy, size * (board->cell_shape == TB_CELL_ROUND ? 1.22 : 0.8));
  cairo_set_line_width (cr, width + MAX (2.0, size * 0.06));
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  if (dashed)
    cairo_set_dash (cr, dash, 2, 0);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, width);
  cairo_set_source_rgba (cr, 0.62, 0.09, 0.02, 1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The keyboard focus: a dashed ring in the accent blue over a white
 * one, which reads on light and dark wood and over pieces. */
static void
paint_focus_ring (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  double dash[] = { MAX (3.0, size * 0.2), MAX (2.0, size * 0.12) };
  double cx, cy;

  if (p->focus < 0)
    return;
  tb_board_geometry_cell_center (p->geometry, board, p->focus, &cx, &cy);
  cell_path (cr, board, cx, cy, size * (board->cell_shape == TB_CELL_ROUND ? 1.45 : 0.98));
  cairo_set_line_width (cr, MAX (3.0, size * 0.12));
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, MAX (2.0, size * 0.08));
  cairo_set_source_rgba (cr, 0.11, 0.42, 0.85, 1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
paint_highlights (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  double cx, cy;

  /* The last move: a warm tint on cells (not on holes, where it muddies
   * the hole), and an edge that reads on any board, the yellow of RA
   * too: dark red over a white halo, solid where the move ended, dashed
   * where it began. */
  if (board->cell_shape != TB_CELL_ROUND)
    {
      tint_cell (p, cr, p->last_from, 1.0, 0.85, 0.25, p->high_contrast ? 0.6 : 0.35);
      tint_cell (p, cr, p->last_to, 1.0, 0.85, 0.25, p->high_contrast ? 0.8 : 0.5);
    }
  ring_cell (p, cr, p->last_from, TRUE);
  ring_cell (p, cr, p->last_to, FALSE);
  if (p->hover >= 0 && p->hover != p->selected)
    tint_cell (p, cr, p->hover, 1, 1, 1, 0.22);
  paint_focus_ring (p, cr);
  if (p->selected < 0)
    return;
  tb_board_geometry_cell_center (p->geometry, board, p->selected, &cx, &cy);
  /* Round holes hold pawns wider than themselves: ring outside the pawn. */
  cell_path (cr, board, cx, cy, size * (board->cell_shape == TB_CELL_ROUND ? 1.32 : 0.86));
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.35);
  cairo_fill_preserve (cr);
  if (p->high_contrast)
    {
      /* A black edge under the blue one: the ring stands out of any wood. */
      cairo_set_source_rgba (cr, 0, 0, 0, 1);
      cairo_set_line_width (cr, MAX (4.0, size * 0.18));
      cairo_stroke_preserve (cr);
    }
  cairo_set_source_rgba (cr, 0.11, 0.42, 0.85, 1);
  cairo_set_line_width (cr, MAX (2.0, size * 0.09));
  cairo_stroke (cr);
}

static void
paint_via (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;

  for (guint i = 0; p->via && i < board->n_cells; i++)
    {
      double cx, cy;

      if (!p->via[i])
        continue;
      /* An orange ring: "jump through here". */
      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      cairo_arc (cr, cx, cy, size * 0.62, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.96, 0.55, 0.1, i == (guint) p->hover ? 1 : 0.85);
      cairo_set_line_width (cr, MAX (2.5, size * 0.16));
      cairo_stroke (cr);
    }
}

static void
paint_destinations (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  /* A grid's holes are small: its dots go by the squares around them. */
  double size = (board->rows ? 0.375 : board->cell_size) * p->geometry->scale;
  gboolean round = board->cell_shape == TB_CELL_ROUND && !board->rows;

  paint_via (p, cr);
  if (p->destinations == NULL)
    return;
  for (guint i = 0; i < board->n_cells; i++)
    {
      double cx, cy;

      if (!p->destinations[i])
        continue;
      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      /* A hole is dark and as wide as its pawn: its dot fills half of it,
       * with a wide white edge. */
      cairo_arc (cr, cx, cy, size * ((round ? 0.2 : 0) + (i == (guint) p->hover ? 0.34 : 0.24)),
                 0, 2 * G_PI);
      /* High contrast: opaque, with a black edge as wide as a stroke can
       * be seen on any wood. */
      cairo_set_source_rgba (cr, 0.11, 0.42, 0.85, p->high_contrast || round ? 1 : 0.85);
      cairo_fill_preserve (cr);
      if (p->high_contrast)
        cairo_set_source_rgba (cr, 0, 0, 0, 1);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, round ? 1 : 0.9);
      cairo_set_line_width (cr, MAX (p->high_contrast ? 2.0 : 1.0,
                                     size * (p->high_contrast ? 0.08 : round ? 0.1 : 0.04)));
      cairo_stroke (cr);
    }
}

/* A grid board: file letters above and below, rank numbers on both
 * sides, in the margin. */
static void
paint_grid_coordinates (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double unit = p->geometry->scale;
  double reach = MARGIN + COORDINATE_MARGIN / 2 + 0.5;
  Rgba ink = p->dark ? (Rgba) { 1, 1, 1, 0.7 } : (Rgba) { 0, 0, 0, 0.6 };

  for (guint col = 0; col < board->cols; col++)
    {
      char letter[2] = { board->cells[col].name[0], '\0' };
      double x, y0, y1;

      tb_board_geometry_cell_center (p->geometry, board, (int) col, &x, &y0);
      tb_board_geometry_cell_center (p->geometry, board, (int) ((board->rows - 1) * board->cols + col),
                                     &x, &y1);
      tb_paint_text_centered (p->layout, cr, letter, x, y0 - reach * unit, unit * 0.4, ink);
      tb_paint_text_centered (p->layout, cr, letter, x, y1 + reach * unit, unit * 0.4, ink);
    }
  for (guint row = 0; row < board->rows; row++)
    {
      const char *number = board->cells[row * board->cols].name + 1;
      double x0, x1, y;

      tb_board_geometry_cell_center (p->geometry, board, (int) (row * board->cols), &x0, &y);
      tb_board_geometry_cell_center (p->geometry, board, (int) (row * board->cols + board->cols - 1),
                                     &x1, &y);
      tb_paint_text_centered (p->layout, cr, number, x0 - reach * unit, y, unit * 0.4, ink);
      tb_paint_text_centered (p->layout, cr, number, x1 + reach * unit, y, unit * 0.4, ink);
    }
}

static void
paint_coordinates (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");
  Rgba line = tb_paint_parse_color (board->line_color, "#6b4423");
  gboolean round = board->cell_shape == TB_CELL_ROUND;

  if (board->rows > 0)
    {
      paint_grid_coordinates (p, cr);
      return;
    }

  /* Round holes (Oraïa) are far apart and empty at first: their names
   * go inside them, larger. */
  pango_font_description_set_absolute_size (font, MAX (7.5, size * (round ? 0.75 : 0.4)) *
                                                    PANGO_SCALE);
  pango_layout_set_font_description (p->layout, font);
  for (guint i = 0; i < board->n_cells; i++)
    {
      const TbCellDesc *cell = &board->cells[i];
      double cx, cy, x, y;
      int w, h;

      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      pango_layout_set_text (p->layout, cell->name, -1);
      pango_layout_get_pixel_size (p->layout, &w, &h);
      x = cx - w / 2.0;
      y = cy + (round ? 0 : size * 0.45) - h / 2.0;
      if (board->outline == TB_OUTLINE_CROWN && !(cell->marks & TB_MARK_DISC))
        {
          /* A place of the crown: named beside it, clockwise on the
           * green, where its pawn does not hide the name. */
          double dx = cx - p->geometry->ox, dy = cy - p->geometry->oy;
          double d = hypot (dx, dy), angle = atan2 (dy, dx) + (size * 1.7 + w / 2.0) / MAX (1.0, d);

          x = p->geometry->ox + d * cos (angle) - w / 2.0;
          y = p->geometry->oy + d * sin (angle) - h / 2.0;
        }
      /* A halo under the name, so that it reads on wood, in holes and on
       * the crown: dark ink on a light halo on wood, light ink on a dark
       * halo in holes and on the green. */
      cairo_move_to (cr, x, y);
      pango_cairo_layout_path (cr, p->layout);
      cairo_set_line_width (cr, MAX (2.0, size * (round ? 0.16 : 0.12)));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_source_rgba (cr, round ? 0 : 1, round ? 0 : 1, round ? 0 : 1, round ? 0.55 : 0.7);
      cairo_stroke (cr);
      cairo_move_to (cr, x, y);
      tb_paint_set_color (cr, round ? (Rgba) { 1, 1, 1, 0.95 }
                                    : (Rgba) { line.r * 0.6, line.g * 0.6, line.b * 0.6, 0.95 });
      pango_cairo_show_layout (cr, p->layout);
      cairo_new_path (cr);
    }
}

/* How far an effect has gone: 1 when its phase is over, 0 before it. */
static double
effect_progress (const TbBoardPaint *p, const TbEffect *e)
{
  return e->phase < p->phase ? 1.0 : e->phase == p->phase ? p->t : 0.0;
}

static double
ease (double t)
{
  return t < 0.5 ? 2 * t * t : 1 - pow (-2 * t + 2, 2) / 2;
}

static void
lerp_cells (const TbBoardPaint *p, int from, int to, double t, double *x, double *y)
{
  const TbBoardDesc *board = &p->variant->board;
  double fx, fy, tx, ty;

  tb_board_geometry_cell_center (p->geometry, board, from, &fx, &fy);
  tb_board_geometry_cell_center (p->geometry, board, to, &tx, &ty);
  *x = fx + (tx - fx) * t;
  *y = fy + (ty - fy) * t;
}

/* How visible a piece standing on cell is: REMOVE effects fade out what
 * leaves the board (a captured stack, a group entering the RA). */
static double
fade (const TbBoardPaint *p, int cell, guint owner)
{
  for (guint i = 0; i < p->n_effects; i++)
    {
      const TbEffect *e = &p->effects[i];

      if (e->kind == TB_EFFECT_REMOVE && e->from == cell && e->new_owner == owner)
        return 1.0 - effect_progress (p, e);
    }
  return 1.0;
}

static void
draw (const TbBoardPaint *p, cairo_t *cr, const TbPieceDesc *piece, double x, double y,
      double width, double alpha)
{
  double size = p->variant->board.cell_size * p->geometry->scale;

  if (p->piece_cache && width == 1 && alpha == 1)
    {
      tb_piece_cache_paint (p->piece_cache, &p->variant->board, p->layout, cr, piece, x, y, size);
      return;
    }
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, MAX (width, 0.02), 1);
  tb_piece_paint (&p->variant->board, p->layout, cr, piece, 0, 0, size, alpha);
  cairo_restore (cr);
}

/* Turned over: a pawn with portions changes owner; a plain pawn shows its
 * large dot (charged). */
static void
turn_over (TbPieceDesc *piece, guint new_owner)
{
  if (piece->n_portions == 0)
    {
      piece->flags |= TB_PIECE_CHARGED;
      return;
    }
  piece->owner = (guint8) new_owner;
  /* A piece's value is its portions in its owner's colour. */
  piece->value = piece->owner == 1 ? piece->portions : piece->n_portions - piece->portions;
}

/* One piece in the middle of an animation: moved hop by hop (maybe only
 * part of its stack), pulled, turned over, or fading away. */
static void
draw_animated (const TbBoardPaint *p, cairo_t *cr, const TbPieceDesc *start)
{
  TbPieceDesc piece = *start;
  int cell = start->cell;
  double x, y, width = 1;

  tb_board_geometry_cell_center (p->geometry, &p->variant->board, cell, &x, &y);
  for (guint i = 0; i < p->n_effects; i++)
    {
      const TbEffect *e = &p->effects[i];
      double t = effect_progress (p, e);

      if (e->from != cell || t <= 0)
        continue;
      if (e->kind == TB_EFFECT_MOVE && e->amount && e->amount < start->height)
        {
          /* Part of a stack moves; the rest stays. */
          TbPieceDesc rest = *start;

          rest.height = rest.value = (guint8) (start->height - e->amount);
          draw (p, cr, &rest, x, y, 1, 1);
          piece.height = piece.value = e->amount;
        }
      if (e->kind == TB_EFFECT_MOVE)
        lerp_cells (p, e->from, e->to, ease (t), &x, &y);
      else if (e->kind == TB_EFFECT_PULL)
        {
          /* Pulled in the first half, turned over in the second. */
          lerp_cells (p, e->from, e->to, MIN (1, ease (t) * 2), &x, &y);
          width = fabs (cos (G_PI * CLAMP (t * 2 - 1, 0, 1)));
          if (t >= 0.75)
            turn_over (&piece, e->new_owner);
        }
      else if (e->kind == TB_EFFECT_FLIP)
        {
          width = fabs (cos (G_PI * t));
          if (t >= 0.5)
            turn_over (&piece, e->new_owner);
        }
      else
        continue;
      if (t < 1)
        break;
      /* Done: the piece now stands where the effect left it. */
      width = 1;
      if (e->kind == TB_EFFECT_MOVE || e->kind == TB_EFFECT_PULL)
        cell = e->to;
    }
  draw (p, cr, &piece, x, y, width, fade (p, cell, piece.owner));
}

/* ---- laid pieces (tiles), piece by piece ---- */

typedef struct
{
  TbTileCell cells[TB_MAX_SHAPE_CELLS];
  int cell_index[TB_MAX_SHAPE_CELLS];
  guint n;
  int label;
  const TbPieceDesc *first;
} TileGroup;

/* The tiles of group, in pixels. */
static void
collect_group (const TbBoardPaint *p, guint8 group, TileGroup *out)
{
  out->n = 0;
  out->label = -1;
  out->first = NULL;
  for (guint i = 0; i < p->n_pieces && out->n < TB_MAX_SHAPE_CELLS; i++)
    {
      const TbPieceDesc *piece = &p->pieces[i];

      if (piece->kind != TB_PIECE_TILE || piece->group != group)
        continue;
      if (out->first == NULL)
        out->first = piece;
      if (piece->flags & TB_PIECE_LABEL)
        out->label = (int) out->n;
      out->cell_index[out->n] = piece->cell;
      tb_board_geometry_cell_center (p->geometry, &p->variant->board, piece->cell,
                                     &out->cells[out->n].x, &out->cells[out->n].y);
      out->n++;
    }
}

static gboolean
group_holds (const TileGroup *group, int cell)
{
  for (guint i = 0; i < group->n; i++)
    if (group->cell_index[i] == cell)
      return TRUE;
  return FALSE;
}

/* Turned over about its own middle, as a hand would. */
static void
paint_group_flipping (const TbBoardPaint *p, cairo_t *cr, const TileGroup *group, guint owner,
                      TbTileStyle style, double width)
{
  double mx = 0;
  double unit = p->geometry->scale;

  for (guint i = 0; i < group->n; i++)
    mx += group->cells[i].x / group->n;
  cairo_save (cr);
  cairo_translate (cr, mx, 0);
  cairo_scale (cr, MAX (width, 0.02), 1);
  cairo_translate (cr, -mx, 0);
  tb_tile_paint (cr, p->layout, &p->variant->board, group->cells, group->n, unit, owner,
                 group->first->value, group->label, style, 1);
  cairo_restore (cr);
}

/* The pieces the one under the pointer would turn: tinted with the
 * mover's colour and ringed. */
static void
paint_turning (const TbBoardPaint *p, cairo_t *cr, const TileGroup *group)
{
  static const double dashes[] = { 4.0, 3.0 };
  Rgba tint = tb_paint_seat_color (&p->variant->board, p->turning_owner);
  double unit = p->geometry->scale;

  tb_tile_path (cr, group->cells, group->n, unit, 0.085);
  cairo_set_source_rgba (cr, tint.r, tint.g, tint.b, 0.55);
  cairo_fill (cr);
  tb_tile_outline (cr, group->cells, group->n, unit, 0.02);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 0.96, 0.55, 0.1, 1);
  cairo_set_line_width (cr, MAX (2.0, unit * 0.07));
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The piece being laid (PLACE effects) comes down onto the board. */
static void
paint_placing (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  TbTileCell cells[TB_MAX_SHAPE_CELLS];
  guint n = 0, owner = 1, shape = 0;
  double t = 1, mx = 0, my = 0, grow;

  for (guint i = 0; i < p->n_effects && n < TB_MAX_SHAPE_CELLS; i++)
    {
      const TbEffect *e = &p->effects[i];

      if (e->kind != TB_EFFECT_PLACE)
        continue;
      tb_board_geometry_cell_center (p->geometry, board, e->to, &cells[n].x, &cells[n].y);
      mx += cells[n].x;
      my += cells[n].y;
      n++;
      owner = e->new_owner;
      shape = e->amount;
      t = effect_progress (p, e);
    }
  if (n == 0 || t <= 0)
    return;
  mx /= n;
  my /= n;
  grow = 1 + 0.25 * (1 - ease (t));
  cairo_save (cr);
  cairo_translate (cr, mx, my);
  cairo_scale (cr, grow, grow);
  cairo_translate (cr, -mx, -my);
  tb_tile_paint (cr, p->layout, board, cells, n, p->geometry->scale, owner,
                 shape < board->n_shapes ? board->shapes[shape].value : -1,
                 (int) tb_tile_label (cells, n), TB_TILE_SOLID, ease (t));
  cairo_restore (cr);
}

static void
paint_tiles (const TbBoardPaint *p, cairo_t *cr)
{
  guint32 done = 0;

  for (guint i = 0; i < p->n_pieces; i++)
    {
      const TbPieceDesc *piece = &p->pieces[i];
      TileGroup group;
      guint owner;
      double width = 1;

      if (piece->kind != TB_PIECE_TILE || piece->group == 0 || (done & (1u << (piece->group - 1))))
        continue;
      done |= 1u << (piece->group - 1);
      collect_group (p, piece->group, &group);
      owner = piece->owner;
      for (guint k = 0; k < p->n_effects; k++)
        {
          const TbEffect *e = &p->effects[k];
          double t = effect_progress (p, e);

          if (e->kind == TB_EFFECT_FLIP && group_holds (&group, e->from) && t > 0)
            {
              width = t < 1 ? fabs (cos (G_PI * t)) : 1;
              if (t >= 0.5)
                owner = e->new_owner;
            }
        }
      paint_group_flipping (p, cr, &group, owner,
                            (piece->flags & TB_PIECE_LOCKED) ? TB_TILE_LOCKED : TB_TILE_SOLID,
                            width);
      if (p->turning_groups & (1u << (piece->group - 1)))
        paint_turning (p, cr, &group);
      else if (p->n_effects == 0 && group_holds (&group, p->last_to))
        {
          /* The last piece laid, ringed in a warm colour. */
          tb_tile_outline (cr, group.cells, group.n, p->geometry->scale, 0.02);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_set_source_rgba (cr, 1.0, 0.78, 0.2, 0.95);
          cairo_set_line_width (cr, MAX (2.0, p->geometry->scale * 0.07));
          cairo_stroke (cr);
        }
    }
  paint_placing (p, cr);
}

static void
paint_pieces (const TbBoardPaint *p, cairo_t *cr)
{
  paint_tiles (p, cr);
  for (guint i = 0; i < p->n_pieces; i++)
    {
      double x, y;

      if (p->pieces[i].kind == TB_PIECE_TILE)
        continue;

      if (p->n_effects)
        {
          draw_animated (p, cr, &p->pieces[i]);
          continue;
        }
      tb_board_geometry_cell_center (p->geometry, &p->variant->board, p->pieces[i].cell, &x, &y);
      draw (p, cr, &p->pieces[i], x, y, 1, 1);
    }
}

/* A hint in green: a ring on the piece to move, a line to where it goes,
 * or the outline of the piece to lay. */
static void
paint_hint (const TbBoardPaint *p, cairo_t *cr)
{
  static const double dashes[] = { 6.0, 4.0 };
  const TbBoardDesc *board = &p->variant->board;
  double unit = p->geometry->scale, size = MAX (board->cell_size, 0.3) * unit;
  double fx, fy, tx, ty;

  cairo_set_source_rgba (cr, 0.18, 0.76, 0.49, 0.95);
  cairo_set_line_width (cr, MAX (2.5, unit * 0.08));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (p->n_hint_cells > 0)
    {
      TbTileCell cells[TB_MAX_SHAPE_CELLS];

      for (guint i = 0; i < p->n_hint_cells; i++)
        tb_board_geometry_cell_center (p->geometry, board, p->hint_cells[i], &cells[i].x,
                                       &cells[i].y);
      tb_tile_path (cr, cells, p->n_hint_cells, unit, 0.06);
      cairo_set_source_rgba (cr, 0.18, 0.76, 0.49, 0.3);
      cairo_fill (cr);
      tb_tile_outline (cr, cells, p->n_hint_cells, unit, 0.02);
      cairo_set_source_rgba (cr, 0.18, 0.76, 0.49, 0.95);
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      return;
    }
  if (p->hint_from < 0 || p->hint_to < 0)
    return;
  tb_board_geometry_cell_center (p->geometry, board, p->hint_from, &fx, &fy);
  tb_board_geometry_cell_center (p->geometry, board, p->hint_to, &tx, &ty);
  cairo_new_path (cr);
  cairo_arc (cr, fx, fy, size * 0.95, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_move_to (cr, fx, fy);
  cairo_line_to (cr, tx, ty);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_arc (cr, tx, ty, size * 0.45, 0, 2 * G_PI);
  cairo_fill (cr);
}

void
tb_board_paint_static (const TbBoardPaint *p, cairo_t *cr)
{
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
  paint_outline (p, cr);
  paint_cells (p, cr);
  if (p->show_coordinates)
    paint_coordinates (p, cr);
}

void
tb_board_paint_dynamic (const TbBoardPaint *p, cairo_t *cr)
{
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
  paint_highlights (p, cr);
  paint_pieces (p, cr);
  paint_destinations (p, cr);
  paint_hint (p, cr);
}

void
tb_board_paint (const TbBoardPaint *p, cairo_t *cr)
{
  tb_board_paint_static (p, cr);
  tb_board_paint_dynamic (p, cr);
}
