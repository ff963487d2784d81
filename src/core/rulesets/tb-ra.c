/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ra.c: RA moves, captures, RA entries, the end of a game and its
 * points (rules/ra.md §5-§7)
 *
 * A hot path of the AI and the benchmarks: stack lists instead of board
 * scans, the ray tables of TbHexBoard, no allocation.
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

/* The templates in one word each, by the slot of the cell byte; the
 * bytes that occur must not share a slot with another class. */
static void
pack_templates (RaData *data)
{
  static const guint8 occurring[] = { 0, 1, 2, 3, RA_SEAT2 | 1, RA_SEAT2 | 2, RA_SEAT2 | 3,
                                      RA_MARK, RA_MARK | RA_SEAT2, RA_OFF };
  guint used = 0;

  memset (data->packed, 0, sizeof data->packed);
  for (guint i = 0; i < G_N_ELEMENTS (occurring); i++)
    {
      guint slot = RA_BYTE_SLOT (occurring[i]);

      g_assert (!(used & (1u << slot)));
      used |= 1u << slot;
      for (guint seat = 1; seat <= 2; seat++)
        for (guint t = 0; t <= 3; t++)
          for (guint height = 1; height <= 3; height++)
            {
              const RaTemplate *tp =
                &data->templates[t][data->class_of[seat - 1][occurring[i]]][height - 1];
              guint64 word = tp->count;

              for (guint e = 0; e < tp->count; e++)
                word |= (guint64) tp->entry[e] << (8 * (e + 1));
              data->packed[seat - 1][height][t][slot] = word;
            }
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

/* Every move from the stack on from along direction d, whose first cell
 * that is not empty is at step t (3: none in reach): look up the template
 * of (t, that cell, height), and write its moves without branching on the
 * position. */
static inline guint
direction_moves (const RaData *data, const RaPosition *pos, const guint64 (*by_height)[16],
                 int from, int d, guint t, TbMove *moves)
{
  const guint32 *to = data->ray_move[from][d];
  guint64 tpl = by_height[t][RA_BYTE_SLOT (pos->cell[data->ray3[from][d][t]])];
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

/* The step of the first set bit of a window's forward half (bits 4-6),
 * and of its backward half (bits 2, 1, 0 in that order); 3 for none. */
static inline guint
forward_stop (guint window)
{
  return (guint) __builtin_ctz ((window >> 4) | 8);
}

static inline guint
backward_stop (guint window)
{
  /* A sentinel below bit 0 makes the highest set bit 0 when none is. */
  return 3 - (guint) (31 - __builtin_clz (((window & 7) << 1) | 1));
}

/* Where the first cell that is not empty lies from the stack on from in
 * each direction (0-2, 3 for none in reach): one read of each axis's
 * occupancy bits answers for both directions of the axis (RA_N_AXES,
 * RA_AXIS_FORWARD). */
static inline void
first_stops (const RaData *data, const RaPosition *pos, int from, guint t[TB_HEX_N_DIRS])
{
  guint east_west = ra_window (pos, 0, data->line_bit[0][from]);
  guint ne_sw = ra_window (pos, 1, data->line_bit[1][from]);
  guint se_nw = ra_window (pos, 2, data->line_bit[2][from]);

  G_STATIC_ASSERT (TB_HEX_E == 0 && TB_HEX_NE == 1 && TB_HEX_NW == 2 && TB_HEX_W == 3 &&
                   TB_HEX_SW == 4 && TB_HEX_SE == 5);
  t[TB_HEX_E] = forward_stop (east_west);
  t[TB_HEX_NE] = forward_stop (ne_sw);
  t[TB_HEX_NW] = backward_stop (se_nw);
  t[TB_HEX_W] = backward_stop (east_west);
  t[TB_HEX_SW] = backward_stop (ne_sw);
  t[TB_HEX_SE] = forward_stop (se_nw);
}

/* The packed template of the stack on from along d, its first stop at t. */
static inline guint64
direction_template (const RaData *data, const RaPosition *pos, const guint64 (*by_height)[16],
                    int from, int d, guint t)
{
  return by_height[t][RA_BYTE_SLOT (pos->cell[data->ray3[from][d][t]])];
}

static inline guint
stack_moves (const RaData *data, const RaPosition *pos, const guint64 (*packed)[4][16],
             int from, TbMove *moves)
{
  const guint64 (*by_height)[16] = packed[ra_height (pos->cell[from])];
  guint t[TB_HEX_N_DIRS];
  guint n = 0;

  first_stops (data, pos, from, t);
  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    n += direction_moves (data, pos, by_height, from, d, t[d], moves + n);
  return n;
}

guint
ra_player_moves (const RaData *data, const RaPosition *pos, guint seat, TbMove *moves)
{
  const guint64 (*packed)[4][16] = data->packed[seat - 1];
  guint n = 0;

  for (guint i = 0; i < pos->n_stacks[seat - 1]; i++)
    n += stack_moves (data, pos, packed, pos->stacks[seat - 1][i], moves + n);
  return n;
}

/* The moves of the stack on from, counted: only the templates' counts. */
static inline guint
stack_count (const RaData *data, const RaPosition *pos, const guint64 (*packed)[4][16], int from)
{
  const guint64 (*by_height)[16] = packed[ra_height (pos->cell[from])];
  guint t[TB_HEX_N_DIRS];
  guint n = 0;

  first_stops (data, pos, from, t);
  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    n += (guint) (direction_template (data, pos, by_height, from, d, t[d]) & 0xff);
  return n;
}

/* The count of each stack goes in counts, for ra_nth_move. */
static guint
player_count (const RaData *data, const RaPosition *pos, guint seat, TbMoveCounts *counts)
{
  const guint64 (*packed)[4][16] = data->packed[seat - 1];
  guint n = 0;

  G_STATIC_ASSERT (RA_MAX_STACKS <= TB_MOVE_COUNT_PARTS);
  for (guint i = 0; i < pos->n_stacks[seat - 1]; i++)
    {
      guint c = stack_count (data, pos, packed, pos->stacks[seat - 1][i]);

      counts->part[i] = (guint16) c;
      n += c;
    }
  return n;
}

/* Counting takes the templates' counts (edge-any, whose edge stops are
 * found by a walk, is counted on the list). */
guint
ra_count_moves (const TbVariant *v, const TbPosition *p, TbMoveCounts *counts)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  guint n;

  if (G_UNLIKELY (data->edge_any))
    {
      TbMove moves[RA_MAX_MOVES];

      return ra_legal_moves (v, p, moves);
    }
  n = player_count (data, pos, seat, counts);
  /* Stuck: the pass, as ra_legal_moves (the opponent's counts are not
   * ra_nth_move's). */
  if (n == 0)
    {
      TbMoveCounts theirs;

      return player_count (data, pos, 3 - seat, &theirs) > 0 ? 1 : 0;
    }
  return n;
}

/* The stack from the counts, then its directions by their counts. */
TbMove
ra_nth_move (const TbVariant *v, const TbPosition *p, const TbMoveCounts *counts, guint i)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  const guint64 (*packed)[4][16] = data->packed[seat - 1];

  if (G_UNLIKELY (data->edge_any))
    {
      TbMove moves[RA_MAX_MOVES];
      guint n = ra_legal_moves (v, p, moves);

      g_return_val_if_fail (i < n, TB_MOVE_NONE);
      return moves[i];
    }
  for (guint s = 0; s < pos->n_stacks[seat - 1]; s++)
    {
      int from = pos->stacks[seat - 1][s];
      const guint64 (*by_height)[16];
      guint t[TB_HEX_N_DIRS];

      if (i >= counts->part[s])
        {
          i -= counts->part[s];
          continue;
        }
      by_height = packed[ra_height (pos->cell[from])];
      first_stops (data, pos, from, t);
      for (int d = 0; d < TB_HEX_N_DIRS; d++)
        {
          guint64 tpl = direction_template (data, pos, by_height, from, d, t[d]);
          guint count = (guint) (tpl & 0xff);

          if (i < count)
            return entry_move (data->ray_move[from][d], (guint) (tpl >> (8 * (i + 1))) & 0xff);
          i -= count;
        }
    }
  /* No move of one's own: the pass ra_count_moves counted. */
  return TB_MOVE_PASS;
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
      {
        guint n = stack_moves (data, pos, data->packed[seat - 1], from, moves);

        return tb_moves_contain (moves, n, move);
      }
  return FALSE;
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

static void
set_cell (const RaData *data, RaPosition *pos, int cell, guint8 state)
{
  /* An empty cell adds nothing to the hash, as in a position built anew. */
  if (pos->cell[cell])
    pos->head.hash ^= ra_cell_key (cell, pos->cell[cell]);
  if (state)
    pos->head.hash ^= ra_cell_key (cell, state);
  if ((pos->cell[cell] == 0) != (state == 0))
    ra_flip_lines (data, pos, cell);
  pos->cell[cell] = state;
}

static void
remove_from_list (RaPosition *pos, guint seat, int cell)
{
  guint8 *list = pos->stacks[seat - 1];
  guint n = pos->n_stacks[seat - 1];

  for (guint i = 0; i < n; i++)
    if (list[i] == cell)
      {
        list[i] = list[n - 1];
        pos->n_stacks[seat - 1]--;
        return;
      }
  g_assert_not_reached ();
}

/* k pawns leave from. */
static void
lift (const RaData *data, RaPosition *pos, guint seat, int from, guint k)
{
  guint left = ra_height (pos->cell[from]) - k;

  set_cell (data, pos, from, left ? ra_stack (seat, left) : 0);
  if (left == 0)
    remove_from_list (pos, seat, from);
}

/* k pawns land on to: a new stack, a merge or a capture. */
static void
land (const RaData *data, RaPosition *pos, guint seat, int to, guint k)
{
  guint8 state = pos->cell[to];

  if (state == 0)
    {
      pos->stacks[seat - 1][pos->n_stacks[seat - 1]++] = (guint8) to;
      set_cell (data, pos, to, ra_stack (seat, k));
    }
  else if (ra_owner (state) == seat)
    set_cell (data, pos, to, ra_stack (seat, ra_height (state) + k));
  else
    {
      guint victim = ra_owner (state);

      pos->pawns[victim - 1] -= ra_height (state);
      remove_from_list (pos, victim, to);
      pos->stacks[seat - 1][pos->n_stacks[seat - 1]++] = (guint8) to;
      set_cell (data, pos, to, ra_stack (seat, k));
    }
}

void
ra_apply (const TbVariant *v, const TbPosition *p, TbMove move, TbPosition *o)
{
  const RaData *data = RA_DATA (v);
  RaPosition *out = (RaPosition *) o;
  guint seat = RA_POS (p)->head.to_move;

  memcpy (out, p, sizeof *out);
  if (move != TB_MOVE_PASS)
    {
      int from = ra_move_from (move), to = ra_move_to (move);
      guint k = ra_move_k (move);

      lift (data, out, seat, from, k);
      if (to == data->ra[2 - seat])
        {
          /* The group enters the enemy RA and leaves the board: the game
           * is over (ra_outcome). */
          out->pawns[seat - 1] -= k;
          out->entry = ra_stack (seat, k);
          out->head.hash ^= RA_ENTRY_KEY (out->entry);
        }
      else
        land (data, out, seat, to, k);
    }
  out->head.to_move = (guint8) (3 - seat);
  out->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;
}

/* One side left without pawns while the other has some: an annihilation
 * (ra_outcome).  Neither side with any is a void game, not a win. */
static gboolean
is_annihilation (const RaPosition *pos)
{
  return (pos->pawns[0] == 0) != (pos->pawns[1] == 0);
}

void
ra_score (const TbVariant *v, const TbPosition *p, int scores[2])
{
  const RaPosition *pos = RA_POS (p);

  scores[0] = scores[1] = 0;
  if (pos->entry)
    scores[ra_owner (pos->entry) - 1] = ra_entry_points (ra_height (pos->entry));
  else if (is_annihilation (pos))
    scores[pos->pawns[0] ? 0 : 1] = RA_ANNIHILATION_POINTS;
}

gboolean
ra_outcome (const TbVariant *v, const TbPosition *p, guint n_legal, TbOutcome *out)
{
  const RaPosition *pos = RA_POS (p);

  if (pos->entry)
    {
      out->termination = TB_TERMINATION_RA_ENTRY;
      out->result = ra_owner (pos->entry) == 1 ? TB_RESULT_SEAT1_WINS : TB_RESULT_SEAT2_WINS;
    }
  else if (is_annihilation (pos))
    {
      out->termination = TB_TERMINATION_ANNIHILATION;
      out->result = pos->pawns[0] ? TB_RESULT_SEAT1_WINS : TB_RESULT_SEAT2_WINS;
    }
  else if (n_legal == 0)
    {
      /* Neither player can move: the game is void (rules/README.md). */
      out->termination = TB_TERMINATION_VOID;
      out->result = TB_RESULT_DRAW;
    }
  else
    return FALSE;
  return TRUE;
}

void
ra_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out)
{
  /* A void game, replayed by the same starter. */
  out->result = TB_RESULT_DRAW;
  out->termination = TB_TERMINATION_REPETITION;
}

guint
ra_move_effects (const TbVariant *v, const TbPosition *p, TbMove move,
                 TbEffect effects[TB_MAX_EFFECTS])
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  int from, to;
  guint8 target;
  guint n = 0;

  if (move == TB_MOVE_PASS)
    return 0;
  from = ra_move_from (move);
  to = ra_move_to (move);
  target = ra_is_stack (pos->cell[to]) ? pos->cell[to] : 0;
  effects[n++] = (TbEffect) { TB_EFFECT_MOVE, 0, (guint8) seat, (guint8) ra_move_k (move),
                              (gint16) from, (gint16) to };
  if (target && ra_owner (target) != seat)
    effects[n++] = (TbEffect) { TB_EFFECT_REMOVE, 0, (guint8) ra_owner (target),
                                (guint8) ra_height (target), (gint16) to, (gint16) to };
  if (to == data->ra[2 - seat])
    effects[n++] = (TbEffect) { TB_EFFECT_REMOVE, 1, (guint8) seat, (guint8) ra_move_k (move),
                                (gint16) to, (gint16) to };
  return n;
}
