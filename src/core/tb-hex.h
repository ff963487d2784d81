/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-hex.h: hex-hex boards shared by Versus and RA
 *
 * Axial coordinates (q, r), pointy-top cells, r grows southward; the board
 * is every cell with max(|q|, |r|, |q+r|) <= radius (NOTATION.md §2.1).
 * Cells are numbered 0..n_cells-1 row by row from the north, and every
 * table a move generator needs is computed once here.
 */
#pragma once

#include <glib.h>

#include "tb-board-desc.h"

G_BEGIN_DECLS

#define TB_HEX_MAX_RADIUS 6
#define TB_HEX_MAX_CELLS 127
#define TB_HEX_MAX_SIDE (2 * TB_HEX_MAX_RADIUS + 1)
#define TB_HEX_N_DIRS 6

/* Directions in order around the cell, so that the opposite of d is
 * (d + 3) % 6. */
typedef enum
{
  TB_HEX_E,   /* (+1,  0) */
  TB_HEX_NE,  /* (+1, -1) */
  TB_HEX_NW,  /* ( 0, -1) */
  TB_HEX_W,   /* (-1,  0) */
  TB_HEX_SW,  /* (-1, +1) */
  TB_HEX_SE,  /* ( 0, +1) */
} TbHexDir;

#define TB_HEX_OPPOSITE(d) (((d) + 3) % 6)

typedef struct
{
  int radius;
  int n_cells;
  gint8 q[TB_HEX_MAX_CELLS];
  gint8 r[TB_HEX_MAX_CELLS];
  gint16 index[TB_HEX_MAX_SIDE][TB_HEX_MAX_SIDE];  /* [q+R][r+R] -> cell or -1 */
  gint8 neighbour[TB_HEX_MAX_CELLS][TB_HEX_N_DIRS]; /* -1 off the board */
  /* ray[c][d] lists the cells from c in direction d, nearest first. */
  guint8 ray_len[TB_HEX_MAX_CELLS][TB_HEX_N_DIRS];
  guint8 ray[TB_HEX_MAX_CELLS][TB_HEX_N_DIRS][2 * TB_HEX_MAX_RADIUS];
} TbHexBoard;

extern const int tb_hex_dq[TB_HEX_N_DIRS];
extern const int tb_hex_dr[TB_HEX_N_DIRS];

void tb_hex_board_init (TbHexBoard *board, int radius);

/* The bit layouts of the engines' lines (RA's and Versus's first-blocker
 * scans): each cell's bit on the lines along forward, line after line,
 * each line from its end opposite forward, after `before` guard bits and
 * with one guard bit after each line; line_bit[cell] is filled and the
 * guards are set in guards (bit i in byte i / 8), which holds max_bits. */
void tb_hex_lay_out_lines (const TbHexBoard *board, TbHexDir forward, guint before,
                           guint8 *line_bit, guint8 *guards, guint max_bits);

/* -1 when (q, r) is off the board. */
static inline int
tb_hex_cell (const TbHexBoard *board, int q, int r)
{
  int R = board->radius;

  if (q < -R || q > R || r < -R || r > R)
    return -1;
  return board->index[q + R][r + R];
}

int tb_hex_distance (const TbHexBoard *board, int a, int b);

/* "a1"..: writes the name of cell into buf (at least TB_CELL_NAME_LEN). */
void tb_hex_cell_name (const TbHexBoard *board, int cell, char *buf);
/* Reads a name such as "c4" or " C4 ": the cell, or -1. */
int tb_hex_parse_cell (const TbHexBoard *board, const char *text, const char **end);

/* A text picture of the board, rows from the north, each cell drawn by
 * draw_cell as three characters (for tablier-cli show). */
typedef void (*TbHexDrawCell) (gconstpointer data, int cell, GString *out);
void tb_hex_show (const TbHexBoard *board, TbHexDrawCell draw_cell, gconstpointer data,
                  GString *out);

/* Fills the cell part of a board description: centres, names, bounds. */
void tb_hex_describe (const TbHexBoard *board, TbBoardDesc *desc);

G_END_DECLS
