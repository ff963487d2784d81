/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tile-paint.c: a laid piece as one shape of joined squares */
#include "config.h"

#include <math.h>

#include "tb-paint-util.h"
#include "tb-tile-paint.h"

#define CORNER 0.16   /* the rounding of a piece's corners, in units */

/* A rounded square, clockwise like cairo_rectangle, so that the squares
 * and the bridges between them fill as one shape (non-zero winding). */
static void
rounded_square (cairo_t *cr, double cx, double cy, double half, double radius)
{
  tb_paint_rounded_rectangle (cr, cx - half, cy - half, 2 * half, 2 * half, radius);
}

static gboolean
side_by_side (const TbTileCell *a, const TbTileCell *b, double unit, gboolean *across)
{
  double dx = fabs (a->x - b->x), dy = fabs (a->y - b->y);

  *across = dx > dy;
  return (fabs (dx - unit) < unit * 0.1 && dy < unit * 0.1) ||
         (fabs (dy - unit) < unit * 0.1 && dx < unit * 0.1);
}

/* The squares on the grid of the first one: column and row numbers. */
static void
grid_of (const TbTileCell *cells, guint n_cells, double unit, int col[], int row[])
{
  for (guint i = 0; i < n_cells; i++)
    {
      col[i] = (int) lround ((cells[i].x - cells[0].x) / unit);
      row[i] = (int) lround ((cells[i].y - cells[0].y) / unit);
    }
}

static gboolean
grid_has (const int col[], const int row[], guint n_cells, int c, int r)
{
  for (guint i = 0; i < n_cells; i++)
    if (col[i] == c && row[i] == r)
      return TRUE;
  return FALSE;
}

void
tb_tile_path (cairo_t *cr, const TbTileCell *cells, guint n_cells, double unit, double inset)
{
  double half = unit * (0.5 - inset);
  double radius = MIN (half, unit * CORNER);
  int col[TB_MAX_SHAPE_CELLS], row[TB_MAX_SHAPE_CELLS];

  n_cells = MIN (n_cells, TB_MAX_SHAPE_CELLS);
  grid_of (cells, n_cells, unit, col, row);
  cairo_new_path (cr);
  for (guint i = 0; i < n_cells; i++)
    {
      rounded_square (cr, cells[i].x, cells[i].y, half, radius);
      /* A bridge over the gap to each neighbour of the same piece. */
      for (guint j = i + 1; j < n_cells; j++)
        {
          gboolean across;

          if (!side_by_side (&cells[i], &cells[j], unit, &across))
            continue;
          if (across)
            cairo_rectangle (cr, MIN (cells[i].x, cells[j].x), cells[i].y - half, unit, 2 * half);
          else
            cairo_rectangle (cr, cells[i].x - half, MIN (cells[i].y, cells[j].y), 2 * half, unit);
        }
      /* Where four squares meet, the bridges leave a speck: fill it. */
      if (grid_has (col, row, n_cells, col[i] + 1, row[i]) &&
          grid_has (col, row, n_cells, col[i], row[i] + 1) &&
          grid_has (col, row, n_cells, col[i] + 1, row[i] + 1))
        cairo_rectangle (cr, cells[i].x, cells[i].y, unit, unit);
    }
}

/* A side of a square on the piece's edge, going clockwise round the
 * piece: from grid corner (c0, r0) to (c1, r1). */
typedef struct
{
  int c0, r0, c1, r1;
} Edge;

static guint
outline_edges (const int col[], const int row[], guint n_cells, Edge edges[])
{
  guint n = 0;

  for (guint i = 0; i < n_cells; i++)
    {
      int c = col[i], r = row[i];

      if (!grid_has (col, row, n_cells, c, r - 1))
        edges[n++] = (Edge) { c, r, c + 1, r };
      if (!grid_has (col, row, n_cells, c + 1, r))
        edges[n++] = (Edge) { c + 1, r, c + 1, r + 1 };
      if (!grid_has (col, row, n_cells, c, r + 1))
        edges[n++] = (Edge) { c + 1, r + 1, c, r + 1 };
      if (!grid_has (col, row, n_cells, c - 1, r))
        edges[n++] = (Edge) { c, r + 1, c, r };
    }
  return n;
}

void
tb_tile_outline (cairo_t *cr, const TbTileCell *cells, guint n_cells, double unit, double grow)
{
  int col[TB_MAX_SHAPE_CELLS], row[TB_MAX_SHAPE_CELLS];
  Edge edges[4 * TB_MAX_SHAPE_CELLS];
  gboolean used[4 * TB_MAX_SHAPE_CELLS] = { FALSE };
  guint n_edges, current = 0;

  n_cells = MIN (n_cells, TB_MAX_SHAPE_CELLS);
  cairo_new_path (cr);
  if (n_cells == 0)
    return;
  grid_of (cells, n_cells, unit, col, row);
  n_edges = outline_edges (col, row, n_cells, edges);
  /* Edge after edge round the piece (pieces of five squares or fewer have
   * no holes), each corner pushed out by grow along both sides' normals. */
  for (guint k = 0; k < n_edges; k++)
    {
      const Edge *in = &edges[current];
      guint next = current;

      used[current] = TRUE;
      for (guint j = 0; j < n_edges; j++)
        if (!used[j] && edges[j].c0 == in->c1 && edges[j].r0 == in->r1)
          {
            next = j;
            break;
          }
      if (next == current)
        next = 0;   /* back to the start: the loop is closed */
      {
        const Edge *out = &edges[next];
        /* Outward normals, y growing downward: (dy, -dx). */
        int nx = (in->r1 - in->r0) + (out->r1 - out->r0);
        int ny = -(in->c1 - in->c0) - (out->c1 - out->c0);
        double x = cells[0].x + (in->c1 - 0.5 + grow * nx) * unit;
        double y = cells[0].y + (in->r1 - 0.5 + grow * ny) * unit;

        if (k == 0)
          cairo_move_to (cr, x, y);
        else
          cairo_line_to (cr, x, y);
      }
      current = next;
    }
  cairo_close_path (cr);
}

guint
tb_tile_label (const TbTileCell *cells, guint n_cells)
{
  double mx = 0, my = 0, best = G_MAXDOUBLE;
  guint label = 0;

  for (guint i = 0; i < n_cells; i++)
    {
      mx += cells[i].x / n_cells;
      my += cells[i].y / n_cells;
    }
  for (guint i = 0; i < n_cells; i++)
    {
      double d = hypot (cells[i].x - mx, cells[i].y - my);

      if (d < best - 1e-6)
        {
          best = d;
          label = i;
        }
    }
  return label;
}

static void
middle_if_symmetric (const TbTileCell *cells, guint n_cells, double unit, double *x, double *y)
{
  double mx = 0, my = 0;

  for (guint i = 0; i < n_cells; i++)
    {
      mx += cells[i].x / n_cells;
      my += cells[i].y / n_cells;
    }
  for (guint i = 0; i < n_cells; i++)
    {
      gboolean mirrored = FALSE;

      for (guint j = 0; j < n_cells && !mirrored; j++)
        mirrored = fabs (cells[i].x + cells[j].x - 2 * mx) < unit * 0.1 &&
                   fabs (cells[i].y + cells[j].y - 2 * my) < unit * 0.1;
      if (!mirrored)
        return;
    }
  *x = mx;
  *y = my;
}

/* A small padlock above and right of the value. */
static void
paint_padlock (cairo_t *cr, double cx, double cy, double unit, Rgba ink)
{
  double w = unit * 0.2, h = unit * 0.15;
  double x = cx + unit * 0.14, y = cy - unit * 0.32;

  tb_paint_set_color (cr, ink);
  cairo_set_line_width (cr, MAX (1.0, unit * 0.035));
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w / 2, y, w * 0.32, G_PI, 2 * G_PI);
  cairo_stroke (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
}

static void
paint_body (cairo_t *cr, const TbTileCell *cells, guint n_cells, double unit, Rgba face,
            TbTileStyle style, double alpha)
{
  Rgba edge = tb_paint_shade (face, 0.55);
  Rgba light = tb_paint_shade (face, 1.25);
  double min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_x = -G_MAXDOUBLE, max_y = -G_MAXDOUBLE;
  cairo_pattern_t *gloss;

  for (guint i = 0; i < n_cells; i++)
    {
      min_x = MIN (min_x, cells[i].x);
      min_y = MIN (min_y, cells[i].y);
      max_x = MAX (max_x, cells[i].x);
      max_y = MAX (max_y, cells[i].y);
    }
  if (!(style & TB_TILE_GHOST))
    {
      /* A shadow, the piece lying on the board. */
      cairo_save (cr);
      cairo_translate (cr, unit * 0.05, unit * 0.07);
      tb_tile_path (cr, cells, n_cells, unit, 0.04);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35 * alpha);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  tb_tile_path (cr, cells, n_cells, unit, 0.04);
  cairo_set_source_rgba (cr, edge.r, edge.g, edge.b, alpha);
  cairo_fill (cr);
  tb_tile_path (cr, cells, n_cells, unit, 0.085);
  gloss = cairo_pattern_create_linear (min_x - unit / 2, min_y - unit / 2, max_x + unit / 2,
                                       max_y + unit / 2);
  cairo_pattern_add_color_stop_rgba (gloss, 0, light.r, light.g, light.b, alpha);
  cairo_pattern_add_color_stop_rgba (gloss, 0.6, face.r, face.g, face.b, alpha);
  cairo_pattern_add_color_stop_rgba (gloss, 1, tb_paint_shade (face, 0.9).r,
                                     tb_paint_shade (face, 0.9).g, tb_paint_shade (face, 0.9).b,
                                     alpha);
  cairo_set_source (cr, gloss);
  cairo_fill (cr);
  cairo_pattern_destroy (gloss);
}

void
tb_tile_paint (cairo_t *cr, PangoLayout *layout, const TbBoardDesc *board,
               const TbTileCell *cells, guint n_cells, double unit, guint owner, int value,
               int label, TbTileStyle style, double alpha)
{
  Rgba face = tb_paint_seat_color (board, owner);
  Rgba ink = tb_paint_text_color_on (face);

  if (n_cells == 0 || alpha <= 0)
    return;
  if (style & TB_TILE_OUTLINE)
    {
      static const double dashes[] = { 3.0, 3.0 };

      tb_tile_outline (cr, cells, n_cells, unit, -0.08);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      /* Grey reads on light and dark trays, whoever's colour it is. */
      cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.55 * alpha);
      cairo_set_line_width (cr, MAX (1.0, unit * 0.06));
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      return;
    }
  paint_body (cr, cells, n_cells, unit, face, style, alpha);
  if (value >= 0 && label >= 0 && (guint) label < n_cells)
    {
      char text[4];
      double x = cells[label].x, y = cells[label].y;

      /* A piece that is the same turned half round (a domino, a square)
       * carries its value in its middle. */
      middle_if_symmetric (cells, n_cells, unit, &x, &y);
      g_snprintf (text, sizeof text, "%d", value);
      ink.a = 0.8 * alpha;
      tb_paint_text_centered (layout, cr, text, x, y, unit * 0.46, ink);
      if (style & TB_TILE_LOCKED)
        paint_padlock (cr, x, y, unit, ink);
    }
}
