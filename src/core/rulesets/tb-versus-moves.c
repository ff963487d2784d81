/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus-moves.c: the moves of a Versus position, listed, counted, or
 * the i-th alone (rules/versus.md §5)
 *
 * The hot path of the AI and the benchmarks.  Counting works on sets of
 * bits: a pawn's steps are its empty neighbours among the occupied cells
 * (VsBits), a VERSUS's slide along a direction the empty cells of its
 * axis's line before the first blocker, less the targets, found with one
 * read and one bit scan (vs_open_run).
 * Listing walks the board, in the order of the directions, nearest first.
 * No allocation.
 */
#include "config.h"

#include <string.h>

#include "tb-versus-private.h"

/* The bit layout of VS_N_AXES: on each axis, line after line, each line
 * from its end opposite the axis's forward direction. */
static void
build_lines (VsData *data)
{
  static const TbHexDir forward_dir[VS_N_AXES] = VS_AXIS_FORWARD;

  memset (data->line_guards, 0, sizeof data->line_guards);
  for (guint a = 0; a < VS_N_AXES; a++)
    {
      int back = TB_HEX_OPPOSITE (forward_dir[a]);

      g_assert (vs_dir_axis (forward_dir[a]) == a && vs_dir_axis (back) == a);
      g_assert (vs_dir_forward (forward_dir[a]) && !vs_dir_forward (back));
      tb_hex_lay_out_lines (&data->hex, forward_dir[a], VS_WINDOW_BELOW, data->line_bit[a],
                            data->line_guards[a], 8 * VS_LINE_BYTES - 64 + VS_WINDOW_BELOW);
      for (int x = 0; x < data->hex.n_cells; x++)
        {
          guint bit = data->line_bit[a][x];

          data->flip_byte[x][a] = (guint8) (a * VS_LINE_BYTES + (bit >> 3));
          data->flip_mask[x][a] = (guint8) (1u << (bit & 7));
        }
    }
}

void
vs_build_bits (VsData *data)
{
  const TbHexBoard *hex = &data->hex;

  build_lines (data);
  for (guint byte = 0; byte < 256; byte++)
    {
      guint zeros = 0;

      while (zeros < 8 && !(byte & (0x80u >> zeros)))
        zeros++;
      data->leading_zeros8[byte] = (guint8) zeros;
    }
  for (int c = 0; c < hex->n_cells; c++)
    for (guint info = 0; info < 256; info++)
      data->piece_keys[c][info] = vs_piece_key (c, (guint8) info);
  for (guint set = 0; set < 64; set++)
    for (guint d = 0, i = 0; d < TB_HEX_N_DIRS; d++)
      if (set & (1u << d))
        data->nth_direction[set][i++] = (guint8) d;
  for (int c = 0; c < hex->n_cells; c++)
    {
      data->neighbours[c] = 0;
      for (int d = 0; d < TB_HEX_N_DIRS; d++)
        {
          data->ray_bits[c][d] = 0;
          data->open_cells[c][d][0] = 0;
          for (int k = 0; k < hex->ray_len[c][d]; k++)
            {
              int x = hex->ray[c][d][k];

              data->ray_bits[c][d] |= vs_bit (x);
              data->open_cells[c][d][k + 1] =
                (guint8) (data->open_cells[c][d][k] + !data->is_target[x]);
              if (!data->is_target[x])
                data->open_step[c][d][data->open_cells[c][d][k]] = (guint8) k;
            }
          data->step_to[c][d] = (guint8) (hex->neighbour[c][d] >= 0 ? hex->neighbour[c][d] : c);
          if (hex->neighbour[c][d] >= 0)
            data->neighbours[c] |= vs_bit (hex->neighbour[c][d]);
        }
    }
}

/* The moves of the piece pos->cell[i]. */
static guint
piece_moves (const VsData *data, const VsPosition *pos, guint i, TbMove *moves)
{
  const TbHexBoard *hex = &data->hex;
  int from = pos->cell[i];
  guint n = 0;

  if (vs_is_versus (pos->info[i]))
    {
      /* A rook move over empty cells; it may cross an empty target but
       * never stop there (§5.5).  Listing walks the rays: each cell
       * walked is a move or the end. */
      for (int d = 0; d < TB_HEX_N_DIRS; d++)
        for (int k = 0; k < hex->ray_len[from][d]; k++)
          {
            int to = hex->ray[from][d][k];

            if (pos->board[to])
              {
                if (!data->frozen_block && data->is_target[to])
                  continue;
                break;
              }
            if (!data->is_target[to])
              moves[n++] = vs_move (from, to);
          }
    }
  else if (!data->is_target[from])
    {
      /* A pawn steps to any empty neighbour; pawns on targets are
       * frozen for good (§5.3, §5.4). */
      for (int d = 0; d < TB_HEX_N_DIRS; d++)
        {
          int to = hex->neighbour[from][d];

          if (to >= 0 && !pos->board[to])
            moves[n++] = vs_move (from, to);
        }
    }
  return n;
}

/* What vs_side_count leaves for vs_nth_move (tb_select_start): where the
 * moves of each moving piece start in the list, then where those of each
 * of the VERSUS's six slides start among its own, then the cell of each
 * moving piece (the VERSUS's with VERSUS_MARK), so that vs_nth_move goes
 * straight to its piece. */
#define STARTS_PARTS 16
#define SLIDE_PARTS STARTS_PARTS
#define CELL_PARTS (SLIDE_PARTS + TB_HEX_N_DIRS)
#define VERSUS_MARK 0x100

/* The VERSUS's moves counted, where each slide's start in slides[]: how
 * many cells it may stop on along each direction (§5.5: never a target,
 * though it may cross an empty one), the ray's open cells up to the
 * first blocker, read once per axis. */
static inline guint
versus_count (const VsData *data, const VsPosition *pos, int from, guint16 *slides)
{
  guint run[TB_HEX_N_DIRS];
  guint n = 0;

#pragma GCC unroll 3
  for (guint a = 0; a < VS_N_AXES; a++)
    {
      static const TbHexDir forward_dir[VS_N_AXES] = VS_AXIS_FORWARD;

      vs_axis_runs (data, pos, from, a, &run[forward_dir[a]],
                    &run[TB_HEX_OPPOSITE (forward_dir[a])]);
    }
#pragma GCC unroll 6
  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    {
      slides[d] = (guint16) n;
      n += data->open_cells[from][d][run[d]];
    }
  return n;
}

static inline guint
pawn_count (const VsData *data, const VsPosition *pos, int from)
{
  return vs_popcount (data->neighbours[from] & ~vs_occupied (pos), data->hex.n_cells > 64);
}

guint
vs_legal_moves (const TbVariant *v, const TbPosition *p, TbMove *moves)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);
  guint mover = pos->head.to_move;
  guint n = 0;

  for (guint i = 0; i < pos->n_pieces; i++)
    if (vs_controller (pos->info[i]) == mover)
      n += piece_moves (data, pos, i, moves + n);
  return n;
}

/* Only the moving piece's moves are made. */
gboolean
vs_is_legal (const TbVariant *v, const TbPosition *p, TbMove move)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);
  TbMove moves[VS_MAX_MOVES];

  for (guint i = 0; i < pos->n_pieces; i++)
    if (pos->cell[i] == vs_move_from (move) &&
        vs_controller (pos->info[i]) == pos->head.to_move)
      return tb_moves_contain (moves, piece_moves (data, pos, i, moves), move);
  return FALSE;
}

/* The pieces seat moves, as bits of piece indices: its VERSUS and the
 * pawns it controls off the targets (VsPosition.pawns). */
static inline guint
movers (const VsPosition *pos, guint seat)
{
  guint versus = pos->versus[seat - 1];

  return pos->pawns[seat - 1] | (versus != VS_NO_PIECE ? 1u << versus : 0);
}

/* The moves of seat's pieces, counted; where each moving piece's moves
 * start goes in counts, in piece order (the order of vs_legal_moves), for
 * vs_nth_move. */
guint
vs_side_count (const VsData *data, const VsPosition *pos, guint seat, TbMoveCounts *counts)
{
  guint versus = pos->versus[seat - 1];
  guint n = 0, k = 0, versus_moves = 0;

  G_STATIC_ASSERT (CELL_PARTS + VS_MAX_PIECES <= TB_MOVE_COUNT_PARTS);
  if (versus != VS_NO_PIECE)
    versus_moves = versus_count (data, pos, pos->cell[versus], counts->part + SLIDE_PARTS);
  /* Past the movers, a start above every index: tb_select_start then
   * runs over a fixed number of starts, unrolled. */
  G_STATIC_ASSERT (VS_MAX_PIECES <= STARTS_PARTS);
  for (guint j = 0; j < STARTS_PARTS; j++)
    counts->part[j] = TB_START_PAST;
  /* The VERSUS's neighbours counted too, and dropped without a branch
   * on where it comes among the pieces. */
  for (guint todo = movers (pos, seat); todo; todo &= todo - 1)
    {
      guint i = (guint) __builtin_ctz (todo);
      gboolean is_versus = i == versus;
      guint c = pawn_count (data, pos, pos->cell[i]);

      counts->part[CELL_PARTS + k] = (guint16) (pos->cell[i] | (is_versus ? VERSUS_MARK : 0));
      counts->part[k++] = (guint16) n;
      n += is_versus ? versus_moves : c;
    }
  return n;
}

guint
vs_count_moves (const TbVariant *v, const TbPosition *p, TbMoveCounts *counts)
{
  const VsPosition *pos = VS_POS (p);

  return vs_side_count (VS_DATA (v), pos, pos->head.to_move, counts);
}

/* The i-th move of the VERSUS on from: the slide by the counts
 * vs_side_count left (slides), then its i-th stop, nearest first. */
static inline TbMove
nth_versus_move (const VsData *data, int from, const guint16 *slides, guint i)
{
  guint d = tb_select_start (slides, TB_HEX_N_DIRS, &i);

  g_return_val_if_fail (d < TB_HEX_N_DIRS, TB_MOVE_NONE);
  return vs_move (from, data->hex.ray[from][d][data->open_step[from][d][i]]);
}

/* The i-th step of the pawn on from, in the order of the directions. */
static inline TbMove
nth_pawn_move (const VsData *data, const VsPosition *pos, int from, guint i)
{
  const guint8 *to = data->step_to[from];
  guint empty = 0;

  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    empty |= (guint) (pos->board[to[d]] == 0) << d;
  return vs_move (from, to[data->nth_direction[empty][i]]);
}

/* The piece from the counts, then its own i-th move. */
TbMove
vs_nth_move (const TbVariant *v, const TbPosition *p, const TbMoveCounts *counts, guint i)
{
  const VsData *data = VS_DATA (v);
  guint k = tb_select_start16 (counts->part, &i);
  guint cell;

  g_return_val_if_fail (k < VS_MAX_PIECES, TB_MOVE_NONE);
  cell = counts->part[CELL_PARTS + k];
  if (cell & VERSUS_MARK)
    return nth_versus_move (data, (int) (cell & ~VERSUS_MARK), counts->part + SLIDE_PARTS, i);
  return nth_pawn_move (data, VS_POS (p), (int) cell, i);
}
