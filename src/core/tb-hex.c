/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-hex.c: hex-hex geometry tables */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tb-hex.h"

const int tb_hex_dq[TB_HEX_N_DIRS] = { +1, +1, 0, -1, -1, 0 };
const int tb_hex_dr[TB_HEX_N_DIRS] = { 0, -1, -1, 0, +1, +1 };

static void
number_cells (TbHexBoard *board)
{
  int R = board->radius;

  memset (board->index, -1, sizeof board->index);
  board->n_cells = 0;
  for (int r = -R; r <= R; r++)
    for (int q = -R; q <= R; q++)
      {
        if (abs (q + r) > R)
          continue;
        board->q[board->n_cells] = (gint8) q;
        board->r[board->n_cells] = (gint8) r;
        board->index[q + R][r + R] = (gint16) board->n_cells;
        board->n_cells++;
      }
}

static void
build_rays (TbHexBoard *board)
{
  for (int c = 0; c < board->n_cells; c++)
    for (int d = 0; d < TB_HEX_N_DIRS; d++)
      {
        int q = board->q[c] + tb_hex_dq[d];
        int r = board->r[c] + tb_hex_dr[d];
        int n = 0;
        int next;

        board->neighbour[c][d] = (gint8) tb_hex_cell (board, q, r);
        while ((next = tb_hex_cell (board, q, r)) >= 0)
          {
            board->ray[c][d][n++] = (guint8) next;
            q += tb_hex_dq[d];
            r += tb_hex_dr[d];
          }
        board->ray_len[c][d] = (guint8) n;
      }
}

void
tb_hex_board_init (TbHexBoard *board, int radius)
{
  g_return_if_fail (radius >= 1 && radius <= TB_HEX_MAX_RADIUS);

  memset (board, 0, sizeof *board);
  board->radius = radius;
  number_cells (board);
  build_rays (board);
}

int
tb_hex_distance (const TbHexBoard *board, int a, int b)
{
  int dq = board->q[a] - board->q[b];
  int dr = board->r[a] - board->r[b];

  return MAX (MAX (abs (dq), abs (dr)), abs (dq + dr));
}

void
tb_hex_cell_name (const TbHexBoard *board, int cell, char *buf)
{
  int R = board->radius;
  int rank = R - board->r[cell] + 1;
  char *p = buf;

  /* By hand: records format every move, and printf was a tenth of an
   * import's time. */
  *p++ = (char) ('a' + board->q[cell] + R);
  if (rank >= 10)
    *p++ = (char) ('0' + rank / 10);
  *p++ = (char) ('0' + rank % 10);
  *p = '\0';
}

int
tb_hex_parse_cell (const TbHexBoard *board, const char *text, const char **end)
{
  int R = board->radius;
  int file, rank = 0, digits = 0;
  const char *p = text;

  while (g_ascii_isspace (*p))
    p++;
  if (!g_ascii_isalpha (*p))
    return -1;
  file = g_ascii_tolower (*p++) - 'a';
  if (*p == '0')
    return -1;  /* ranks start at 1 and have no leading zero */
  while (g_ascii_isdigit (*p) && digits < 3)
    {
      rank = rank * 10 + (*p++ - '0');
      digits++;
    }
  if (digits == 0 || g_ascii_isdigit (*p))
    return -1;
  if (end)
    *end = p;
  else
    {
      /* Without end the whole text must be the name: "e5x" is no cell. */
      while (g_ascii_isspace (*p))
        p++;
      if (*p != '\0')
        return -1;
    }
  return tb_hex_cell (board, file - R, R + 1 - rank);
}

void
tb_hex_describe (const TbHexBoard *board, TbBoardDesc *desc)
{
  const double sqrt3 = sqrt (3.0);

  desc->cell_shape = TB_CELL_HEX;
  desc->cell_size = 1.0f;
  desc->n_cells = (guint) board->n_cells;
  desc->min_x = desc->min_y = G_MAXFLOAT;
  desc->max_x = desc->max_y = -G_MAXFLOAT;
  for (int c = 0; c < board->n_cells; c++)
    {
      TbCellDesc *cell = &desc->cells[c];

      cell->x = (float) (sqrt3 * (board->q[c] + board->r[c] / 2.0));
      cell->y = (float) (1.5 * board->r[c]);
      tb_hex_cell_name (board, c, cell->name);
      /* A pointy-top hexagon of circumradius 1 spans ±√3/2 across, ±1 down. */
      desc->min_x = MIN (desc->min_x, cell->x - (float) (sqrt3 / 2));
      desc->max_x = MAX (desc->max_x, cell->x + (float) (sqrt3 / 2));
      desc->min_y = MIN (desc->min_y, cell->y - 1.0f);
      desc->max_y = MAX (desc->max_y, cell->y + 1.0f);
    }
}

void
tb_hex_show (const TbHexBoard *board, TbHexDrawCell draw_cell, gconstpointer data, GString *out)
{
  int R = board->radius;

  for (int r = -R; r <= R; r++)
    {
      /* The rank, then half a cell of indent per row from the middle. */
      g_string_append_printf (out, "%2d %*s", R - r + 1, 2 * ABS (r), "");
      for (int q = -R; q <= R; q++)
        {
          int cell = tb_hex_cell (board, q, r);

          if (cell < 0)
            continue;
          draw_cell (data, cell, out);
          g_string_append_c (out, ' ');
        }
      g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
    }
}

static void
set_guard (guint8 *guards, guint bit, guint max_bits)
{
  g_assert (bit < max_bits);
  guards[bit >> 3] |= (guint8) (1u << (bit & 7));
}

void
tb_hex_lay_out_lines (const TbHexBoard *board, TbHexDir forward, guint before, guint8 *line_bit,
                      guint8 *guards, guint max_bits)
{
  int back = TB_HEX_OPPOSITE (forward);
  guint bit = 0;

  while (bit < before)
    set_guard (guards, bit++, max_bits);
  for (int c = 0; c < board->n_cells; c++)
    {
      if (board->neighbour[c][back] >= 0)
        continue;
      for (int x = c; x >= 0; x = board->neighbour[x][forward])
        line_bit[x] = (guint8) bit++;
      set_guard (guards, bit++, max_bits);
    }
}
