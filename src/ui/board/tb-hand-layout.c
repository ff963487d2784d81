/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-hand-layout.c: the board and the two trays of pieces */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tb-hand-layout.h"

/* A tray square is this many board units: small enough to leave the board
 * most of the room, large enough to read the values. */
#define TRAY_SCALE 0.46
#define TRAY_PAD 0.7          /* squares of tray around the slots */
#define CAPTION 2.6           /* squares of tray above the slots, for its caption */
#define GAP 0.35              /* board units between the board and a tray */

typedef struct
{
  const char *code;
  guint8 turn;
  guint8 col, row;
} Slot;

/* Two arrangements of the 13 pieces: a tall one for trays beside the
 * board (7 x 18 squares) and a wide one for trays above and below it
 * (25 x 6).  Pieces not listed (other piece sets) go in a row after. */
static const Slot tall_slots[] = {
  { "I5", 0, 0, 0 }, { "I1", 0, 6, 0 },
  { "X5", 0, 0, 2 }, { "T5", 0, 4, 2 },
  { "W5", 0, 0, 6 }, { "V5", 0, 4, 6 },
  { "U5", 0, 0, 10 }, { "T4", 0, 4, 10 },
  { "I4", 0, 0, 13 }, { "I2", 0, 5, 13 },
  { "O4", 0, 0, 15 }, { "V3", 0, 3, 15 }, { "I3", 1, 6, 15 },
};
static const Slot wide_slots[] = {
  { "X5", 0, 0, 0 }, { "T5", 0, 4, 0 }, { "W5", 0, 8, 0 }, { "V5", 0, 12, 0 },
  { "U5", 0, 16, 0 }, { "T4", 0, 20, 0 }, { "I1", 0, 24, 0 },
  { "O4", 0, 0, 4 }, { "V3", 0, 3, 4 }, { "I5", 0, 6, 4 }, { "I4", 0, 12, 4 },
  { "I3", 0, 17, 4 }, { "I2", 0, 21, 4 },
};
#define TALL_W 7
#define TALL_H 18
#define WIDE_W 25
#define WIDE_H 6

typedef struct
{
  double col[TB_MAX_SHAPES], row[TB_MAX_SHAPES];
  guint turn[TB_MAX_SHAPES];
  double width, height;   /* in squares, the slots only */
} Arrangement;

static void
arrange (const TbBoardDesc *board, const Slot *slots, guint n_slots, double width,
         double height, Arrangement *out)
{
  double spare_col = 0;

  out->width = width;
  out->height = height;
  for (guint s = 0; s < board->n_shapes; s++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < n_slots && !found; i++)
        if (strcmp (slots[i].code, board->shapes[s].code) == 0)
          {
            out->col[s] = slots[i].col;
            out->row[s] = slots[i].row;
            out->turn[s] = slots[i].turn % MAX (board->shapes[s].n_turns, 1);
            found = TRUE;
          }
      if (!found)
        {
          /* Another piece set: a row below the known slots. */
          out->col[s] = spare_col;
          out->row[s] = height + 1;
          out->turn[s] = 0;
          spare_col += 6;
          out->height = height + 6;
          out->width = MAX (out->width, spare_col);
        }
    }
}

static double
tray_width (const Arrangement *a)
{
  return (a->width + 2 * TRAY_PAD) * TRAY_SCALE;
}

static double
tray_height (const Arrangement *a)
{
  return (a->height + 2 * TRAY_PAD + CAPTION) * TRAY_SCALE;
}

void
tb_hand_layout_fit (TbHandLayout *layout, TbBoardGeometry *geometry, const TbBoardDesc *board,
                    int width, int height, gboolean with_coordinates)
{
  Arrangement tall, wide, *a;
  double bw, bh, beside_w, beside_h, stacked_w, stacked_h, s_beside, s_stacked, scale;
  double x0, y0, tw, th;

  memset (layout, 0, sizeof *layout);
  tb_board_geometry_extent (board, with_coordinates, &bw, &bh);
  arrange (board, tall_slots, G_N_ELEMENTS (tall_slots), TALL_W, TALL_H, &tall);
  arrange (board, wide_slots, G_N_ELEMENTS (wide_slots), WIDE_W, WIDE_H, &wide);
  beside_w = bw + 2 * (GAP + tray_width (&tall));
  beside_h = MAX (bh, tray_height (&tall));
  stacked_w = MAX (bw, tray_width (&wide));
  stacked_h = bh + 2 * (GAP + tray_height (&wide));
  s_beside = MIN (width / beside_w, height / beside_h);
  s_stacked = MIN (width / stacked_w, height / stacked_h);
  layout->beside = s_beside >= s_stacked;
  a = layout->beside ? &tall : &wide;
  scale = MAX (layout->beside ? s_beside : s_stacked, 0.01);
  tw = tray_width (a) * scale;
  th = tray_height (a) * scale;
  layout->unit = TRAY_SCALE * scale;

  /* The whole, centred; White's tray left (or below), Red's right (or
   * above), each centred along the board. */
  x0 = (width - (layout->beside ? beside_w : stacked_w) * scale) / 2;
  y0 = (height - (layout->beside ? beside_h : stacked_h) * scale) / 2;
  if (layout->beside)
    {
      tb_board_geometry_fit_rect (geometry, board, x0 + tw + GAP * scale, y0, bw * scale,
                                  beside_h * scale, with_coordinates);
      layout->tray_x[0] = x0;
      layout->tray_x[1] = x0 + tw + 2 * GAP * scale + bw * scale;
      layout->tray_y[0] = layout->tray_y[1] = y0 + (beside_h * scale - th) / 2;
    }
  else
    {
      tb_board_geometry_fit_rect (geometry, board, x0, y0 + th + GAP * scale, stacked_w * scale,
                                  bh * scale, with_coordinates);
      layout->tray_x[0] = layout->tray_x[1] = x0 + (stacked_w * scale - tw) / 2;
      layout->tray_y[1] = y0;
      layout->tray_y[0] = y0 + th + 2 * GAP * scale + bh * scale;
    }
  for (guint seat = 0; seat < 2; seat++)
    {
      layout->tray_w[seat] = tw;
      layout->tray_h[seat] = th;
      for (guint s = 0; s < board->n_shapes; s++)
        {
          layout->slot_x[seat][s] = layout->tray_x[seat] + (TRAY_PAD + a->col[s]) * layout->unit;
          layout->slot_y[seat][s] = layout->tray_y[seat] +
                                    (TRAY_PAD + CAPTION + a->row[s]) * layout->unit;
        }
    }
  for (guint s = 0; s < board->n_shapes; s++)
    layout->slot_turn[s] = a->turn[s];
}

guint
tb_hand_layout_slot_cells (const TbHandLayout *layout, const TbBoardDesc *board, guint seat,
                           guint shape, TbTileCell cells[TB_MAX_SHAPE_CELLS])
{
  const TbShapeDesc *d = &board->shapes[shape];
  guint turn = layout->slot_turn[shape];

  for (guint i = 0; i < d->n_cells; i++)
    {
      cells[i].x = layout->slot_x[seat - 1][shape] + (d->cells[turn][i][1] + 0.5) * layout->unit;
      cells[i].y = layout->slot_y[seat - 1][shape] + (d->cells[turn][i][0] + 0.5) * layout->unit;
    }
  return d->n_cells;
}

int
tb_hand_layout_slot_at (const TbHandLayout *layout, const TbBoardDesc *board, guint seat,
                        double x, double y)
{
  int best = -1;
  double best_d = G_MAXDOUBLE;

  if (seat < 1 || seat > 2 || layout->unit <= 0)
    return -1;
  /* The slot with a square nearest the point, within about a square. */
  for (guint s = 0; s < board->n_shapes; s++)
    {
      TbTileCell cells[TB_MAX_SHAPE_CELLS];
      guint n = tb_hand_layout_slot_cells (layout, board, seat, s, cells);

      for (guint i = 0; i < n; i++)
        {
          double d = MAX (fabs (cells[i].x - x), fabs (cells[i].y - y));

          if (d < best_d)
            {
              best_d = d;
              best = (int) s;
            }
        }
    }
  return best_d <= layout->unit * 0.75 ? best : -1;
}

guint
tb_hand_layout_tray_at (const TbHandLayout *layout, double x, double y)
{
  for (guint seat = 1; seat <= 2; seat++)
    if (x >= layout->tray_x[seat - 1] && x < layout->tray_x[seat - 1] + layout->tray_w[seat - 1] &&
        y >= layout->tray_y[seat - 1] && y < layout->tray_y[seat - 1] + layout->tray_h[seat - 1])
      return seat;
  return 0;
}

void
tb_hand_layout_caption (const TbHandLayout *layout, guint seat, double *x, double *y,
                        double *height)
{
  *x = layout->tray_x[seat - 1] + TRAY_PAD * layout->unit;
  *y = layout->tray_y[seat - 1] + (TRAY_PAD + 0.4) * layout->unit;
  *height = layout->unit * 0.8;
}
