/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-desc.c: lookups in a board description */
#include "config.h"

#include <math.h>

#include "tb-board-desc.h"

int
tb_board_desc_find_cell (const TbBoardDesc *board, const char *name)
{
  for (guint i = 0; i < board->n_cells; i++)
    if (g_ascii_strcasecmp (board->cells[i].name, name) == 0)
      return (int) i;
  return -1;
}

/* The angle of a step on the screen, in degrees clockwise from the right
 * (y grows downward).  Pointy-top hexagons have neighbours along the rows
 * and on two diagonals, 60 degrees apart; squares and holes have eight
 * directions, 45 degrees apart. */
static double
step_angle (const TbBoardDesc *board, TbStep step, gboolean turned)
{
  gboolean hex = board->cell_shape == TB_CELL_HEX;

  switch (step)
    {
    case TB_STEP_LEFT:
      return 180 + (turned && !hex ? 45 : 0);
    case TB_STEP_RIGHT:
      return 0 + (turned && !hex ? 45 : 0);
    case TB_STEP_STRAIGHT_UP:
      return -90;
    case TB_STEP_STRAIGHT_DOWN:
      return 90;
    case TB_STEP_UP:
      return (hex ? -120 : -90) + (turned ? (hex ? 60 : 45) : 0);
    case TB_STEP_DOWN:
    default:
      return (hex ? 60 : 90) + (turned ? (hex ? 60 : 45) : 0);
    }
}

static int
nearest_in_cone (const TbBoardDesc *board, int cell, double dx, double dy, double max_slant)
{
  double best_cost = INFINITY;
  int best = -1;

  for (guint i = 0; i < board->n_cells; i++)
    {
      double vx = board->cells[i].x - board->cells[cell].x;
      double vy = board->cells[i].y - board->cells[cell].y;
      double along = vx * dx + vy * dy;
      double across = fabs (vx * dy - vy * dx);
      /* Nearer first; straight ahead before slanting. */
      double cost = along + 2 * across;

      if ((int) i == cell || along <= 1e-6 || across > along * max_slant)
        continue;
      if (cost < best_cost)
        best_cost = cost, best = (int) i;
    }
  return best;
}

int
tb_board_desc_step (const TbBoardDesc *board, int cell, TbStep step, gboolean turned)
{
  double angle;
  int next;

  g_return_val_if_fail (board != NULL, cell);
  if (cell < 0 || (guint) cell >= board->n_cells)
    return cell;
  angle = step_angle (board, step, turned) * G_PI / 180;
  if (step == TB_STEP_STRAIGHT_UP || step == TB_STEP_STRAIGHT_DOWN)
    /* Within 15 degrees: the diagonal neighbours, 30 off, are not straight. */
    next = nearest_in_cone (board, cell, cos (angle), sin (angle), 0.27);
  else if (board->cell_shape == TB_CELL_HEX)
    /* Within 25 degrees: only the neighbour that way, or none. */
    next = nearest_in_cone (board, cell, cos (angle), sin (angle), 0.47);
  else
    {
      /* Within 22.5 degrees; the rings of a round board may leave
       * nothing there, so then within 60. */
      next = nearest_in_cone (board, cell, cos (angle), sin (angle), 0.42);
      if (next < 0)
        next = nearest_in_cone (board, cell, cos (angle), sin (angle), 1.73);
    }
  return next >= 0 ? next : cell;
}
