/* tb-board-paint.c: cells, marks, pieces and animation frames in cairo */
#include "config.h"

#include <gdk/gdk.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "tb-board-paint.h"

#define MARGIN 0.45          /* board units around the outermost cells */
#define PAWN_RADIUS 0.72     /* in cell circumradii */
#define VERSUS_RADIUS 0.80

typedef struct
{
  double r, g, b, a;
} Rgba;

static Rgba
parse_color (const char *spec, const char *fallback)
{
  GdkRGBA c;

  if (spec == NULL || !gdk_rgba_parse (&c, spec))
    gdk_rgba_parse (&c, fallback);
  return (Rgba) { c.red, c.green, c.blue, c.alpha };
}

static Rgba
shade (Rgba c, double factor)
{
  if (factor > 1)
    return (Rgba) { c.r + (1 - c.r) * (factor - 1), c.g + (1 - c.g) * (factor - 1),
                    c.b + (1 - c.b) * (factor - 1), c.a };
  return (Rgba) { c.r * factor, c.g * factor, c.b * factor, c.a };
}

static void
set_color (cairo_t *cr, Rgba c)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, c.a);
}

static double
luminance (Rgba c)
{
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

/* Seat 1's or seat 2's colour. */
static Rgba
seat_color (const TbBoardDesc *board, guint seat)
{
  return parse_color (board->seat_colors[seat == 2 ? 1 : 0], seat == 2 ? "#f0f0f0" : "#303030");
}

void
tb_board_geometry_fit (TbBoardGeometry *geometry, const TbBoardDesc *board, int width,
                       int height, gboolean with_coordinates)
{
  double cx = (board->min_x + board->max_x) / 2;
  double cy = (board->min_y + board->max_y) / 2;
  double bw = board->max_x - board->min_x + 2 * MARGIN;
  double bh = board->max_y - board->min_y + 2 * MARGIN;

  geometry->board_radius = 0;
  if (board->outline == TB_OUTLINE_ROUND)
    {
      for (guint i = 0; i < board->n_cells; i++)
        geometry->board_radius = MAX (geometry->board_radius,
                                      hypot (board->cells[i].x - cx, board->cells[i].y - cy));
      geometry->board_radius += board->cell_size + MARGIN;
      /* Room for the board's shadow below it. */
      bw = bh = 2.06 * geometry->board_radius;
    }
  geometry->scale = MIN (width / bw, height / bh);
  geometry->ox = width / 2.0 - cx * geometry->scale;
  geometry->oy = height / 2.0 - cy * geometry->scale;
}

void
tb_board_geometry_cell_center (const TbBoardGeometry *geometry, const TbBoardDesc *board,
                               int cell, double *x, double *y)
{
  *x = geometry->ox + board->cells[cell].x * geometry->scale;
  *y = geometry->oy + board->cells[cell].y * geometry->scale;
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
  if (best > board->cell_size * geometry->scale * 0.92)
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

static void
paint_outline (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  const TbBoardGeometry *g = p->geometry;
  Rgba wood = parse_color (board->board_color, "#c9955c");
  double cx = g->ox + (board->min_x + board->max_x) / 2 * g->scale;
  double cy = g->oy + (board->min_y + board->max_y) / 2 * g->scale;
  double radius = g->board_radius * g->scale;
  cairo_pattern_t *gradient;

  if (board->outline != TB_OUTLINE_ROUND)
    return;
  /* A soft shadow, then the round wooden board with a lit centre. */
  cairo_arc (cr, cx, cy + radius * 0.02, radius, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, p->dark ? 0.5 : 0.22);
  cairo_fill (cr);
  gradient = cairo_pattern_create_radial (cx - radius * 0.3, cy - radius * 0.3, radius * 0.1,
                                          cx, cy, radius);
  cairo_pattern_add_color_stop_rgb (gradient, 0, shade (wood, 1.12).r, shade (wood, 1.12).g,
                                    shade (wood, 1.12).b);
  cairo_pattern_add_color_stop_rgb (gradient, 1, shade (wood, 0.86).r, shade (wood, 0.86).g,
                                    shade (wood, 0.86).b);
  cairo_arc (cr, cx, cy, radius * 0.985, 0, 2 * G_PI);
  cairo_set_source (cr, gradient);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gradient);
  set_color (cr, shade (wood, 0.6));
  cairo_set_line_width (cr, MAX (1.5, radius * 0.012));
  cairo_stroke (cr);
}

static void
paint_mark (const TbBoardPaint *p, cairo_t *cr, guint marks, double cx, double cy, double size)
{
  const TbBoardDesc *board = &p->variant->board;

  if (!(marks & TB_MARK_TARGET))
    return;
  /* A target: a light cell with a ring, visible under a pawn's edge. */
  set_color (cr, parse_color (board->mark_color, "#f5e6c8"));
  cell_path (cr, board, cx, cy, size * 0.93);
  cairo_fill (cr);
  set_color (cr, shade (parse_color (board->line_color, "#6b4423"), 1.0));
  cairo_set_line_width (cr, MAX (1.0, size * 0.05));
  cairo_arc (cr, cx, cy, size * 0.55, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, size * 0.12, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
paint_cells (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  Rgba wood = parse_color (board->board_color, "#c9955c");
  Rgba line = parse_color (board->line_color, "#6b4423");

  for (guint i = 0; i < board->n_cells; i++)
    {
      double cx, cy;

      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      cell_path (cr, board, cx, cy, size * 0.97);
      set_color (cr, shade (wood, 1.06));
      cairo_fill_preserve (cr);
      set_color (cr, line);
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

static void
paint_highlights (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  double cx, cy;

  /* The last move, in a warm tint that reads on wood in light and dark. */
  tint_cell (p, cr, p->last_from, 1.0, 0.85, 0.25, 0.35);
  tint_cell (p, cr, p->last_to, 1.0, 0.85, 0.25, 0.5);
  if (p->hover >= 0 && p->hover != p->selected)
    tint_cell (p, cr, p->hover, 1, 1, 1, 0.22);
  if (p->selected < 0)
    return;
  tb_board_geometry_cell_center (p->geometry, board, p->selected, &cx, &cy);
  cell_path (cr, board, cx, cy, size * 0.86);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.35);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.11, 0.42, 0.85, 1);
  cairo_set_line_width (cr, MAX (2.0, size * 0.09));
  cairo_stroke (cr);
}

static void
paint_destinations (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;

  if (p->destinations == NULL)
    return;
  for (guint i = 0; i < board->n_cells; i++)
    {
      double cx, cy;

      if (!p->destinations[i])
        continue;
      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      cairo_arc (cr, cx, cy, size * (i == (guint) p->hover ? 0.34 : 0.24), 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.11, 0.42, 0.85, 0.85);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, MAX (1.0, size * 0.04));
      cairo_stroke (cr);
    }
}

static void
paint_coordinates (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");
  Rgba line = parse_color (board->line_color, "#6b4423");

  pango_font_description_set_absolute_size (font, MAX (6.0, size * 0.36) * PANGO_SCALE);
  pango_layout_set_font_description (p->layout, font);
  for (guint i = 0; i < board->n_cells; i++)
    {
      double cx, cy;
      int w, h;

      tb_board_geometry_cell_center (p->geometry, board, (int) i, &cx, &cy);
      pango_layout_set_text (p->layout, board->cells[i].name, -1);
      pango_layout_get_pixel_size (p->layout, &w, &h);
      cairo_move_to (cr, cx - w / 2.0, cy + size * 0.45 - h / 2.0);
      set_color (cr, (Rgba) { line.r, line.g, line.b, 0.75 });
      pango_cairo_show_layout (cr, p->layout);
      cairo_new_path (cr);
    }
}

static void
paint_text_centered (const TbBoardPaint *p, cairo_t *cr, const char *text, double cx, double cy,
                     double height, Rgba color)
{
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans Bold");
  int w, h;

  pango_font_description_set_absolute_size (font, MAX (6.0, height) * PANGO_SCALE);
  pango_layout_set_font_description (p->layout, font);
  pango_layout_set_text (p->layout, text, -1);
  pango_layout_get_pixel_size (p->layout, &w, &h);
  cairo_move_to (cr, cx - w / 2.0, cy - h / 2.0);
  set_color (cr, color);
  pango_cairo_show_layout (cr, p->layout);
  /* Drop the current point, or the next arc would start with a line. */
  cairo_new_path (cr);
}

/* A round pawn: five portions around a centre in the controller's colour,
 * and the value for the controller. */
static void
paint_pawn (const TbBoardPaint *p, cairo_t *cr, const TbPieceDesc *piece, double cx, double cy,
            double size)
{
  const TbBoardDesc *board = &p->variant->board;
  Rgba owner = seat_color (board, piece->owner);
  Rgba edge = shade (parse_color (board->line_color, "#6b4423"), 0.7);
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
      set_color (cr, piece->n_portions ? seat_color (board, k < piece->portions ? 1 : 2) : owner);
      cairo_fill_preserve (cr);
      set_color (cr, edge);
      cairo_set_line_width (cr, MAX (0.8, size * 0.03));
      cairo_stroke (cr);
    }
  cairo_arc (cr, cx, cy, radius * 0.52, 0, 2 * G_PI);
  set_color (cr, owner);
  cairo_fill_preserve (cr);
  set_color (cr, edge);
  cairo_set_line_width (cr, MAX (1.0, size * 0.045));
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  cairo_stroke (cr);
  if (piece->n_portions)
    {
      g_snprintf (value, sizeof value, "%u", piece->value);
      paint_text_centered (p, cr, value, cx, cy, radius * 0.62,
                           luminance (owner) > 0.5 ? (Rgba) { 0.1, 0.08, 0.06, 1 }
                                                   : (Rgba) { 1, 1, 1, 1 });
    }
}

/* The VERSUS, a tetrahedron seen from above: three lit faces. */
static void
paint_versus (const TbBoardPaint *p, cairo_t *cr, const TbPieceDesc *piece, double cx,
              double cy, double size)
{
  const TbBoardDesc *board = &p->variant->board;
  Rgba owner = seat_color (board, piece->owner);
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
      set_color (cr, shade (owner, face_light[k]));
      cairo_fill (cr);
    }
  set_color (cr, luminance (owner) > 0.5 ? shade (owner, 0.45) : shade (owner, 1.5));
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

/* Where the animation puts a piece: its cell, its colour, and how wide
 * it looks while turning over. */
static void
animate_piece (const TbBoardPaint *p, TbPieceDesc *piece, double *x, double *y, double *width)
{
  const TbBoardDesc *board = &p->variant->board;
  int start = piece->cell;

  tb_board_geometry_cell_center (p->geometry, board, start, x, y);
  *width = 1;
  for (guint i = 0; i < p->n_effects; i++)
    {
      const TbEffect *e = &p->effects[i];
      double t = e->phase < p->phase ? 1.0 : e->phase == p->phase ? p->t : 0.0;
      double fx, fy, tx, ty, ease;

      if (e->from != start || (e->kind != TB_EFFECT_MOVE && e->kind != TB_EFFECT_PULL))
        continue;
      ease = t < 0.5 ? 2 * t * t : 1 - pow (-2 * t + 2, 2) / 2;
      tb_board_geometry_cell_center (p->geometry, board, e->from, &fx, &fy);
      tb_board_geometry_cell_center (p->geometry, board, e->to, &tx, &ty);
      *x = fx + (tx - fx) * ease;
      *y = fy + (ty - fy) * ease;
      if (e->kind == TB_EFFECT_PULL)
        {
          /* Pulled in the first half, turned over in the second. */
          double flip = CLAMP (t * 2 - 1, 0, 1);

          *x = fx + (tx - fx) * MIN (1, ease * 2);
          *y = fy + (ty - fy) * MIN (1, ease * 2);
          *width = fabs (cos (G_PI * flip));
          if (flip >= 0.5)
            {
              piece->owner = e->new_owner;
              /* A piece's value is its portions in its owner's colour. */
              piece->value = piece->owner == 1 ? piece->portions
                                               : piece->n_portions - piece->portions;
            }
        }
    }
}

static void
paint_pieces (const TbBoardPaint *p, cairo_t *cr)
{
  const TbBoardDesc *board = &p->variant->board;
  double size = board->cell_size * p->geometry->scale;

  for (guint i = 0; i < p->n_pieces; i++)
    {
      TbPieceDesc piece = p->pieces[i];
      double x, y, width = 1;

      if (p->n_effects)
        animate_piece (p, &piece, &x, &y, &width);
      else
        tb_board_geometry_cell_center (p->geometry, board, piece.cell, &x, &y);
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, MAX (width, 0.02), 1);
      if (piece.kind == TB_PIECE_VERSUS)
        paint_versus (p, cr, &piece, 0, 0, size);
      else
        paint_pawn (p, cr, &piece, 0, 0, size);
      cairo_restore (cr);
    }
}

void
tb_board_paint (const TbBoardPaint *p, cairo_t *cr)
{
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
  paint_outline (p, cr);
  paint_cells (p, cr);
  if (p->show_coordinates)
    paint_coordinates (p, cr);
  paint_highlights (p, cr);
  paint_pieces (p, cr);
  paint_destinations (p, cr);
}
