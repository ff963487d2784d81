/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ra-moves.c: the moves of an RA position, listed, counted, or the
 * i-th alone (rules/ra.md §5)
 *
 * The hot path of the benchmarks and the AI's playouts.  A stack's moves
 * along a direction depend only on where the first cell that is not empty
 * lies within three (t), what that cell holds and the stack's height: a
 * template, packed in one word, lists them.  t comes from the occupancy
 * bits of the position (RA_N_AXES): one read per axis for both
 * directions; the cell byte indexes the template directly (RA_N_BYTES).
 * No allocation, no branch on the position but the loop over stacks.
 */
#include "config.h"

#include <string.h>

#include "tb-ra-private.h"

/* The class of each cell byte for a mover. */
static void
build_classes (RaData *data)
{
  for (guint seat = 1; seat <= 2; seat++)
    for (guint state = 0; state < 256; state++)
      {
        RaClass c = RA_CLASS_EMPTY;

        if (state == RA_OFF)
          c = RA_CLASS_OFF;
        else if (state & RA_MARK)
          c = ra_owner (state) == seat ? RA_CLASS_OWN_RA : RA_CLASS_ENEMY_RA;
        else if (state)
          c = (ra_owner (state) == seat ? RA_CLASS_OWN_1 : RA_CLASS_ENEMY_1) + ra_height (state) - 1;
        data->class_of[seat - 1][state] = (guint8) c;
      }
}

static void
add_entry (RaTemplate *tp, guint k, guint step)
{
  g_assert (tp->count < RA_TEMPLATE_MAX);
  tp->entry[tp->count++] = (guint8) (k << 2 | step);
}

/* The moves of k pawns (range 4 - k) when the first cell that is not empty
 * is at step t (0-based; 3: none in reach) and holds class c (ra.md §5.3). */
static void
add_group_moves (const RaData *data, RaTemplate *tp, guint t, RaClass c, guint k)
{
  guint range = 4 - k;

  if (t >= range)
    {
      add_entry (tp, k, range - 1);  /* the full distance */
      return;
    }
  switch (c)
    {
    case RA_CLASS_OFF:
      /* Ran into the edge: stop on the last cell (edge-any lists it with
       * the other edge cells). */
      if (t >= 1 && !data->edge_any)
        add_entry (tp, k, t - 1);
      return;
    case RA_CLASS_OWN_RA:
      return;
    case RA_CLASS_ENEMY_RA:
      add_entry (tp, k, t);
      return;
    case RA_CLASS_OWN_1:
    case RA_CLASS_OWN_2:
    case RA_CLASS_OWN_3:
      if (c - RA_CLASS_OWN_1 + 1 + k <= 3 && (data->join_short || t + 1 == range))
        add_entry (tp, k, t);
      break;
    default:
      if (k >= (guint) (c - RA_CLASS_ENEMY_1 + 1))
        add_entry (tp, k, t);
      break;
    }
  if (data->stop_before_blocker && t >= 1)
    add_entry (tp, k, t - 1);
}

/* The templates in one word each (RaData.packed), and their counts
 * alone (RaData.counts), by the cell byte itself. */
static void
pack_templates (RaData *data)
{
  memset (data->packed, 0, sizeof data->packed);
  memset (data->counts, 0, sizeof data->counts);
  for (guint byte = 0; byte < RA_N_BYTES; byte++)
    for (guint seat = 1; seat <= 2; seat++)
      for (guint t = 0; t <= 3; t++)
        for (guint height = 1; height <= 3; height++)
          {
            const RaTemplate *tp = &data->templates[t][data->class_of[seat - 1][byte]][height - 1];
            guint64 word = tp->count;

            for (guint e = 0; e < tp->count; e++)
              word |= (guint64) tp->entry[e] << (8 * (e + 1));
            data->packed[seat - 1][height][t][byte] = word;
            data->counts[seat - 1][height][byte][t] = tp->count;
          }
}

/* The step of the first set bit of a three-bit code (bit 0 first), 3 for
 * none. */
static guint
first_set (guint code)
{
  return (code & 1) ? 0 : (code & 2) ? 1 : (code & 4) ? 2 : 3;
}

static void
build_window_stop (RaData *data)
{
  for (guint w = 0; w < 128; w++)
    {
      /* The window's bit 3 is the stack itself; forward reads bits 4, 5,
       * 6, backward bits 2, 1, 0. */
      guint backward = ((w >> 2) & 1) | ((w >> 1) & 1) << 1 | (w & 1) << 2;

      data->window_stop[0][w] = (guint8) first_set (w >> 4);
      data->window_stop[1][w] = (guint8) first_set (backward);
    }
}

void
ra_build_templates (RaData *data)
{
  build_classes (data);
  for (guint t = 0; t <= 3; t++)
    for (RaClass c = 0; c < RA_N_CLASSES; c++)
      for (guint height = 1; height <= 3; height++)
        {
          RaTemplate *tp = &data->templates[t][c][height - 1];

          memset (tp, 0, sizeof *tp);
          /* t == 3 means nothing stands in reach: the class is empty. */
          if (t == 3 && c != RA_CLASS_EMPTY)
            continue;
          for (guint k = 1; k <= height; k++)
            add_group_moves (data, tp, t, c, k);
        }
  pack_templates (data);
  build_window_stop (data);
}

/* The stops on empty edge cells before the first non-empty cell, for
 * edge-any, without listing a cell twice. */
static guint
edge_stops (const RaData *data, const guint8 *ray, guint t, int from, guint height,
            TbMove *moves, guint n)
{
  guint start = n;

  for (guint k = 1; k <= height; k++)
    for (guint step = 0; step < MIN (t, 3 - k); step++)
      {
        TbMove move = ra_move (from, ray[step], k);
        gboolean seen = FALSE;

        if (!data->is_edge[ray[step]])
          continue;
        for (guint j = 0; j < n && !seen; j++)
          seen = moves[j] == move;
        if (!seen)
          moves[n++] = move;
      }
  return n - start;
}

/* The move of template entry e (k << 2 | step) along a direction whose
 * moves without their pawn count are to[]. */
static inline TbMove
entry_move (const guint32 *to, guint e)
{
  return to[e & 3] | (TbMove) (e >> 2) << 16;
}

/* Where the first cell that is not empty lies from the stack on from, in
 * each direction (0-2, 3 for none in reach): one read of each axis's
 * occupancy bits answers for both directions of the axis (RA_N_AXES and
 * RA_AXIS_FORWARD: E, NE, SE forward). */
typedef struct
{
  guint t[TB_HEX_N_DIRS];
} Stops;

/* The three windows (ra_window) around the stack on from: E-W, NE-SW,
 * SE-NW. */
typedef struct
{
  guint w[RA_N_AXES];
} Windows;

static inline Windows
windows_of (const RaData *data, const RaPosition *pos, int from)
{
  const RaWindowRead *read = data->window_read[from];
  Windows windows;

  for (guint a = 0; a < RA_N_AXES; a++)
    windows.w[a] = ra_window (pos, read[a]);
  return windows;
}

static inline Stops
stops_of (const RaData *data, Windows windows)
{
  Stops stops;

  G_STATIC_ASSERT (TB_HEX_E == 0 && TB_HEX_NE == 1 && TB_HEX_NW == 2 && TB_HEX_W == 3 &&
                   TB_HEX_SW == 4 && TB_HEX_SE == 5);
  stops.t[TB_HEX_E] = data->window_stop[0][windows.w[0]];
  stops.t[TB_HEX_NE] = data->window_stop[0][windows.w[1]];
  stops.t[TB_HEX_NW] = data->window_stop[1][windows.w[2]];
  stops.t[TB_HEX_W] = data->window_stop[1][windows.w[0]];
  stops.t[TB_HEX_SW] = data->window_stop[1][windows.w[1]];
  stops.t[TB_HEX_SE] = data->window_stop[0][windows.w[2]];
  return stops;
}

static inline Stops
first_stops (const RaData *data, const RaPosition *pos, int from)
{
  return stops_of (data, windows_of (data, pos, from));
}

/* The byte of the first cell that is not empty along d (0 when none). */
static inline guint
blocker (const RaData *data, const RaPosition *pos, int from, int d, guint t)
{
  return pos->cell[data->ray3[from][d][t]];
}

/* Every move from the stack on from along direction d, first stop at t:
 * the template's first three moves are written whatever its count (the
 * list has room), the rest seldom. */
static inline guint
direction_moves (const RaData *data, const RaPosition *pos, const guint64 (*by_t)[RA_N_BYTES],
                 int from, int d, guint t, TbMove *moves)
{
  const guint32 *to = data->ray_move[from][d];
  guint64 tpl = by_t[t][blocker (data, pos, from, d, t)];
  guint n = (guint) (tpl & 0xff);

  moves[0] = entry_move (to, (guint) (tpl >> 8) & 0xff);
  moves[1] = entry_move (to, (guint) (tpl >> 16) & 0xff);
  moves[2] = entry_move (to, (guint) (tpl >> 24) & 0xff);
  for (guint i = 3; G_UNLIKELY (i < n); i++)
    moves[i] = entry_move (to, (guint) (tpl >> (8 * (i + 1))) & 0xff);
  if (G_UNLIKELY (data->edge_any))
    n += edge_stops (data, data->ray3[from][d], t, from, ra_height (pos->cell[from]), moves, n);
  return n;
}

static inline guint
stack_moves (const RaData *data, const RaPosition *pos, guint seat, int from, TbMove *moves)
{
  const guint64 (*by_t)[RA_N_BYTES] = data->packed[seat - 1][ra_height (pos->cell[from])];
  Stops stops = first_stops (data, pos, from);
  guint n = 0;

  /* Unrolled, the stops stay in registers. */
#pragma GCC unroll 6
  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    n += direction_moves (data, pos, by_t, from, d, stops.t[d], moves + n);
  return n;
}

guint
ra_player_moves (const RaData *data, const RaPosition *pos, guint seat, TbMove *moves)
{
  guint n = 0;

  for (guint i = 0; i < pos->n_stacks[seat - 1]; i++)
    n += stack_moves (data, pos, seat, pos->stacks[seat - 1][i], moves + n);
  return n;
}

guint
ra_legal_moves (const TbVariant *v, const TbPosition *p, TbMove *moves)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  guint n = ra_player_moves (data, pos, seat, moves);

  /* Stuck: pass if the opponent can move; if neither can, none (void). */
  if (n == 0 && ra_player_moves (data, pos, 3 - seat, moves) > 0)
    {
      moves[0] = TB_MOVE_PASS;
      return 1;
    }
  return n;
}

/* Only the moving stack's moves are made. */
gboolean
ra_is_legal (const TbVariant *v, const TbPosition *p, TbMove move)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  int from = ra_move_from (move);
  TbMove moves[RA_MAX_MOVES];

  for (guint i = 0; i < pos->n_stacks[seat - 1]; i++)
    if (pos->stacks[seat - 1][i] == from)
      return tb_moves_contain (moves, stack_moves (data, pos, seat, from, moves), move);
  return FALSE;
}

/* What ra_count_moves leaves for ra_nth_move: each stack's count, their
 * total, and each stack's windows, so that the pick, a chain of loads
 * each waiting on the last, starts nearer its end.  (Where each stack's
 * moves start, for tb_select_start16, measured slower here.) */
#define TOTAL_PART RA_MAX_STACKS
#define WINDOW_PARTS (TOTAL_PART + 1)

/* The moves of each stack counted (the templates' counts alone), their
 * total, and the stacks' windows. */
static guint
player_count (const RaData *data, const RaPosition *pos, guint seat, TbMoveCounts *counts)
{
  guint n = 0, n_stacks = pos->n_stacks[seat - 1];
  guint16 *windows = &counts->part[WINDOW_PARTS];

  G_STATIC_ASSERT (WINDOW_PARTS + RA_N_AXES * RA_MAX_STACKS <= TB_MOVE_COUNT_PARTS);
  /* The windows of every stack first, then their counts: each loop's
   * chain of loads is short, and its turns do not wait on one another. */
  for (guint i = 0; i < n_stacks; i++)
    {
      Windows w = windows_of (data, pos, pos->stacks[seat - 1][i]);

      for (guint a = 0; a < RA_N_AXES; a++)
        windows[RA_N_AXES * i + a] = (guint16) w.w[a];
    }
  for (guint i = 0; i < n_stacks; i++)
    {
      int from = pos->stacks[seat - 1][i];
      const guint8 (*by_byte)[4] = data->counts[seat - 1][ra_height (pos->cell[from])];
      Stops stops = stops_of (data, (Windows) { { windows[RA_N_AXES * i], windows[RA_N_AXES * i + 1],
                                                  windows[RA_N_AXES * i + 2] } });
      guint c = 0;

#pragma GCC unroll 6
      for (int d = 0; d < TB_HEX_N_DIRS; d++)
        c += by_byte[blocker (data, pos, from, d, stops.t[d])][stops.t[d]];
      counts->part[i] = (guint16) c;
      n += c;
    }
  counts->part[TOTAL_PART] = (guint16) n;
  return n;
}

/* For edge-any, whose edge stops are found by a walk: the number of
 * moves of the list (i = G_MAXUINT), or its i-th move.  Apart, so that
 * the list's room is not on the stack of the common path. */
static G_GNUC_NO_INLINE guint64
listed_move (const TbVariant *v, const TbPosition *p, guint i)
{
  TbMove moves[RA_MAX_MOVES];
  guint n = ra_legal_moves (v, p, moves);

  if (i == G_MAXUINT)
    return n;
  g_return_val_if_fail (i < n, TB_MOVE_NONE);
  return moves[i];
}

/* Edge-any, whose edge stops are found by a walk, is counted on the
 * list. */
guint
ra_count_moves (const TbVariant *v, const TbPosition *p, TbMoveCounts *counts)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  TbMoveCounts theirs;
  guint n;

  if (G_UNLIKELY (data->edge_any))
    return listed_move (v, p, G_MAXUINT);
  n = player_count (data, pos, seat, counts);
  /* Stuck: the pass, as ra_legal_moves (the opponent's counts are not
   * ra_nth_move's). */
  if (n == 0)
    return player_count (data, pos, 3 - seat, &theirs) > 0 ? 1 : 0;
  return n;
}

/* The stack from the counts, then the direction from its templates. */
TbMove
ra_nth_move (const TbVariant *v, const TbPosition *p, const TbMoveCounts *counts, guint i)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  guint total = counts->part[TOTAL_PART];
  guint16 dir_counts[TB_HEX_N_DIRS];
  guint64 tpl[TB_HEX_N_DIRS];
  const guint64 (*by_t)[RA_N_BYTES];
  guint stack, d;
  Stops stops;
  int from;

  if (G_UNLIKELY (data->edge_any))
    return listed_move (v, p, i);
  /* No move of one's own: the pass ra_count_moves counted. */
  if (total == 0)
    return TB_MOVE_PASS;
  g_return_val_if_fail (i < total, TB_MOVE_NONE);
  /* i < total: a stack, and within its count a direction, is found. */
  stack = tb_select_part (counts->part, pos->n_stacks[seat - 1], &i);
  from = pos->stacks[seat - 1][stack];
  {
    const guint16 *saved = &counts->part[WINDOW_PARTS + RA_N_AXES * stack];

    stops = stops_of (data, (Windows) { { saved[0], saved[1], saved[2] } });
  }
  by_t = data->packed[seat - 1][ra_height (pos->cell[from])];
#pragma GCC unroll 6
  for (int k = 0; k < TB_HEX_N_DIRS; k++)
    {
      guint t = stops.t[k];

      tpl[k] = by_t[t][blocker (data, pos, from, k, t)];
      dir_counts[k] = (guint16) (tpl[k] & 0xff);
    }
  d = tb_select_part (dir_counts, TB_HEX_N_DIRS, &i);
  return entry_move (data->ray_move[from][d], (guint) (tpl[d] >> (8 * (i + 1))) & 0xff);
}
