/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ra.c: RA moves played, captures, RA entries, the end of a game and
 * its points (rules/ra.md §5-§7); the moves are found in tb-ra-moves.c
 *
 * A hot path of the AI and the benchmarks: stack lists instead of board
 * scans, the occupancy bits kept up to date, no allocation.
 */
#include "config.h"

#include <string.h>

#include "tb-ra-private.h"

/* Cell goes from old (what it holds now) to state, without a branch on
 * either: a move's cells are not predictable.  old is read from the
 * position played, not from the copy being written: a load of what a
 * wide store has just written waits for it. */
static void
set_cell (const RaData *data, RaPosition *pos, int cell, guint8 old, guint8 state)
{
  guint flip = (old == 0) != (state == 0);

  /* stack_keys[cell][0] is 0: an empty cell adds nothing to the hash. */
  G_STATIC_ASSERT ((RA_SEAT2 | RA_HEIGHT_MASK) < 8);
  pos->head.hash ^= data->stack_keys[cell][old] ^ data->stack_keys[cell][state];
  for (guint a = 0; a < RA_N_AXES; a++)
    {
      guint bit = data->line_bit[a][cell];

      pos->lines[a][bit >> 3] ^= (guint8) (flip << (bit & 7));
    }
  pos->cell[cell] = state;
}

/* Where cell is in the seat's list of stacks (it is there), without a
 * loop whose end is not predictable: the bytes of the list that equal
 * cell, found eight at a time.  Entries past the count are stale copies
 * of live ones, so the first match is the live one. */
static guint
find_in_list (const RaPosition *pos, guint seat, int cell)
{
  const guint8 *list = pos->stacks[seat - 1];
  guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101), word, x, zero;

  G_STATIC_ASSERT (RA_MAX_STACKS == 9);
  memcpy (&word, list, sizeof word);
  x = GUINT64_FROM_LE (word) ^ (ones * (guint8) cell);
  /* The lowest byte of x that is 0 has its high bit set here (bytes above
   * a zero byte may be wrongly marked, never those below). */
  zero = (x - ones) & ~x & (ones << 7);
  return zero ? (guint) __builtin_ctzll (zero) / 8 : 8;
}

static void
remove_from_list (RaPosition *pos, guint seat, int cell)
{
  guint8 *list = pos->stacks[seat - 1];
  guint i = find_in_list (pos, seat, cell);

  g_assert (i < pos->n_stacks[seat - 1] && list[i] == cell);
  list[i] = list[--pos->n_stacks[seat - 1]];
}

/* k pawns leave from, which holds old. */
static void
lift (const RaData *data, RaPosition *pos, guint seat, int from, guint8 old, guint k)
{
  guint left = ra_height (old) - k;

  set_cell (data, pos, from, old, left ? ra_stack (seat, left) : 0);
  if (left == 0)
    remove_from_list (pos, seat, from);
}

/* k pawns land on to, which holds state: a new stack, a merge or a
 * capture. */
static void
land (const RaData *data, RaPosition *pos, guint seat, int to, guint8 state, guint k)
{
  if (state == 0)
    {
      pos->stacks[seat - 1][pos->n_stacks[seat - 1]++] = (guint8) to;
      set_cell (data, pos, to, state, ra_stack (seat, k));
    }
  else if (ra_owner (state) == seat)
    set_cell (data, pos, to, state, ra_stack (seat, ra_height (state) + k));
  else
    {
      guint victim = ra_owner (state);

      pos->pawns[victim - 1] -= ra_height (state);
      remove_from_list (pos, victim, to);
      pos->stacks[seat - 1][pos->n_stacks[seat - 1]++] = (guint8) to;
      set_cell (data, pos, to, state, ra_stack (seat, k));
    }
}

void
ra_apply (const TbVariant *v, const TbPosition *p, TbMove move, TbPosition *o)
{
  const RaData *data = RA_DATA (v);
  RaPosition *out = (RaPosition *) o;
  guint seat = RA_POS (p)->head.to_move;

  G_STATIC_ASSERT (sizeof *out % 8 == 0);
  tb_position_copy (out, p, sizeof *out);
  if (move != TB_MOVE_PASS)
    {
      int from = ra_move_from (move), to = ra_move_to (move);
      guint k = ra_move_k (move);

      /* from and to differ: both read from the position played. */
      lift (data, out, seat, from, RA_POS (p)->cell[from], k);
      if (to == data->ra[2 - seat])
        {
          /* The group enters the enemy RA and leaves the board: the game
           * is over (ra_outcome). */
          out->pawns[seat - 1] -= k;
          out->entry = ra_stack (seat, k);
          out->head.hash ^= RA_ENTRY_KEY (out->entry);
        }
      else
        land (data, out, seat, to, RA_POS (p)->cell[to], k);
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
