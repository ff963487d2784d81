/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-hand-paint.c: the trays of pieces and the piece held over the board */
#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "tb-hand-paint.h"
#include "tb-paint-util.h"

/* One line of text from x, its middle at y, cut with an ellipsis at
 * right. */
static void
show_text (const TbHandPaint *p, cairo_t *cr, PangoFontDescription *font, const char *text,
           double x, double y, double right, Rgba ink)
{
  int tw, th;

  pango_layout_set_font_description (p->pango, font);
  pango_layout_set_width (p->pango, (int) (MAX (right - x, 1) * PANGO_SCALE));
  pango_layout_set_ellipsize (p->pango, PANGO_ELLIPSIZE_END);
  pango_layout_set_text (p->pango, text ? text : "", -1);
  pango_layout_get_pixel_size (p->pango, &tw, &th);
  cairo_move_to (cr, x, y - th / 2.0);
  tb_paint_set_color (cr, ink);
  pango_cairo_show_layout (cr, p->pango);
  cairo_new_path (cr);
  pango_layout_set_width (p->pango, -1);
  pango_layout_set_ellipsize (p->pango, PANGO_ELLIPSIZE_NONE);
}

/* The tray, its caption (whose pieces, how many), outlined in blue for
 * the player to move. */
static void
paint_tray (const TbHandPaint *p, cairo_t *cr, guint seat)
{
  const TbHandLayout *l = p->layout;
  double x = l->tray_x[seat - 1], y = l->tray_y[seat - 1];
  double w = l->tray_w[seat - 1], h = l->tray_h[seat - 1];
  double cx, cy, height, dot;
  Rgba ink = p->dark ? (Rgba) { 1, 1, 1, 0.85 } : (Rgba) { 0, 0, 0, 0.8 };
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");

  tb_paint_rounded_rectangle (cr, x, y, w, h, l->unit * 0.6);
  cairo_set_source_rgba (cr, p->dark ? 1 : 0, p->dark ? 1 : 0, p->dark ? 1 : 0, p->dark ? 0.06 : 0.045);
  cairo_fill_preserve (cr);
  if (p->to_move == seat)
    {
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
      cairo_set_line_width (cr, MAX (2.0, l->unit * 0.12));
    }
  else
    {
      cairo_set_source_rgba (cr, ink.r, ink.g, ink.b, 0.15);
      cairo_set_line_width (cr, 1.0);
    }
  cairo_stroke (cr);

  /* A disc of the seat's colour and the name; under them, the count. */
  tb_hand_layout_caption (l, seat, &cx, &cy, &height);
  dot = height * 0.42;
  cairo_arc (cr, cx + dot, cy, dot, 0, 2 * G_PI);
  tb_paint_set_color (cr, tb_paint_seat_color (p->board, seat));
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  pango_font_description_set_absolute_size (font, MAX (7.0, height) * PANGO_SCALE);
  if (p->to_move == seat)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  show_text (p, cr, font, p->names[seat - 1], cx + 3 * dot, cy, x + w - l->unit * 0.5, ink);
  pango_font_description_set_weight (font, PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size (font, MAX (6.0, height * 0.78) * PANGO_SCALE);
  ink.a *= 0.75;
  show_text (p, cr, font, p->counts[seat - 1], cx, cy + height * 1.25, x + w - l->unit * 0.5,
             ink);
}

static void
paint_slot (const TbHandPaint *p, cairo_t *cr, guint seat, guint shape)
{
  const TbHandLayout *l = p->layout;
  TbTileCell cells[TB_MAX_SHAPE_CELLS];
  guint n = tb_hand_layout_slot_cells (l, p->board, seat, shape, cells);
  gboolean in_hand = (p->hand[seat - 1] & (1u << shape)) && p->hidden_seat != seat;
  gboolean held = p->to_move == seat && p->held_shape == (int) shape;
  double alpha = 1;

  if (!in_hand || held)
    {
      /* An empty slot: laid, held, or hidden from the opponent. */
      tb_tile_paint (cr, p->pango, p->board, cells, n, l->unit, seat, -1, -1, TB_TILE_OUTLINE, 1);
      if (!held)
        return;
      tb_tile_path (cr, cells, n, l->unit, -0.08);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.25);
      cairo_fill (cr);
      return;
    }
  /* The player to move cannot lay this one anywhere: faded. */
  if (p->to_move == seat && !(p->playable & (1u << shape)))
    alpha = 0.4;
  tb_tile_paint (cr, p->pango, p->board, cells, n, l->unit, seat, p->board->shapes[shape].value,
                 (int) tb_tile_label (cells, n), TB_TILE_SOLID, alpha);
  if (p->to_move == seat && p->hover_shape == (int) shape && alpha == 1)
    {
      tb_tile_outline (cr, cells, n, l->unit, 0.1);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
      cairo_set_line_width (cr, MAX (1.5, l->unit * 0.1));
      cairo_stroke (cr);
    }
}

void
tb_hand_paint (const TbHandPaint *p, cairo_t *cr)
{
  if (p->layout->unit <= 0)
    return;
  for (guint seat = 1; seat <= 2; seat++)
    {
      paint_tray (p, cr, seat);
      for (guint shape = 0; shape < p->board->n_shapes; shape++)
        paint_slot (p, cr, seat, shape);
    }
}

void
tb_hand_paint_held (cairo_t *cr, PangoLayout *pango, const TbBoardDesc *board,
                    const TbTileCell *cells, guint n_cells, double unit, guint owner, int value,
                    gboolean on_board, gboolean legal)
{
  static const double dashes[] = { 5.0, 3.0 };

  tb_tile_paint (cr, pango, board, cells, n_cells, unit, owner, value,
                 (int) tb_tile_label (cells, n_cells), TB_TILE_GHOST, on_board ? 0.8 : 0.6);
  if (!on_board)
    return;
  if (!legal)
    {
      /* Not here: a red wash and a red dashed ring. */
      tb_tile_path (cr, cells, n_cells, unit, 0.04);
      cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.3);
      cairo_fill (cr);
    }
  tb_tile_outline (cr, cells, n_cells, unit, 0.04);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, MAX (2.0, unit * 0.08));
  if (legal)
    cairo_set_source_rgba (cr, 0.11, 0.42, 0.85, 1);
  else
    {
      cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 1);
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}
