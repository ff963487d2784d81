/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-retournement.c: laying pieces, turning over what they touch, passing,
 * the end and the score (rules/retournement.md §3 and §4)
 */
#include "config.h"

#include <string.h>

#include "tb-retournement-private.h"

RtBits
rt_footprint (const RtData *data, guint orientation, int anchor)
{
  const RtOrientation *o = &data->orientations[orientation];
  RtBits cells = { { 0, 0, 0 } };

  for (guint i = 0; i < o->n_cells; i++)
    rt_add (&cells, anchor + o->offset[i]);
  return cells;
}

RtBits
rt_grow (const RtData *data, RtBits cells)
{
  RtBits grown = cells;

  grown = rt_or (grown, rt_and (rt_up (cells, 1), data->not_first_col));
  grown = rt_or (grown, rt_and (rt_down (cells, 1), data->not_last_col));
  grown = rt_or (grown, rt_up (cells, data->size));
  grown = rt_or (grown, rt_down (cells, data->size));
  return rt_and (grown, data->board);
}

gboolean
rt_is_locked (const RtData *data, const RtPosition *pos, guint piece)
{
  RtBits around = rt_minus (rt_grow (data, pos->cells[piece]), pos->occupied);

  return rt_empty (around);
}

int
rt_piece_at (const RtPosition *pos, int cell)
{
  for (guint i = 0; i < pos->n_placed; i++)
    if (rt_has (pos->cells[i], cell))
      return (int) i;
  return -1;
}

/* The sets a search for one seat's placements works from, shifted once
 * by each offset a piece's cell can have from its anchor. */
typedef struct
{
  gboolean anywhere;       /* the first piece of the game: no contact needed */
  RtBits empty[64];        /* empty cells, brought down by offset k */
  RtBits near[64];         /* cells next to an opposing piece, the same */
} Search;

/* The offsets the shapes of a hand use (RtData.shape_offsets). */
static inline guint64
hand_offsets (const RtData *data, guint32 hand)
{
  guint64 offsets = 0;

  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    if (hand & (1u << shape))
      offsets |= data->shape_offsets[shape];
  return offsets;
}

/* The sets shifted by every offset of offsets, at once: a shift looked
 * for at each cell of each orientation cost a third of a count. */
static inline void
search_init (Search *s, const RtData *data, const RtPosition *pos, guint seat, guint64 offsets)
{
  RtBits empty_board = rt_minus (data->board, pos->occupied);
  RtBits near_board = rt_grow (data, pos->colour[2 - seat]);

  s->anywhere = pos->n_placed == 0;
  for (; offsets; offsets &= offsets - 1)
    {
      guint k = (guint) __builtin_ctzll (offsets);

      s->empty[k] = rt_down (empty_board, k);
      s->near[k] = rt_down (near_board, k);
    }
}

/* Word k of the anchors where orientation o lies on empty cells and,
 * unless the board is empty, touches an opposing piece by a side
 * (search_init shifted the sets by its shape's offsets). */
static inline guint64
anchors_word (const Search *s, const RtOrientation *o, guint k)
{
  guint64 fits = o->anchors.w[k], touches = 0;

  for (guint i = 0; i < o->n_cells; i++)
    {
      fits &= s->empty[o->offset[i]].w[k];
      touches |= s->near[o->offset[i]].w[k];
    }
  return s->anywhere ? fits : fits & touches;
}

static inline RtBits
legal_anchors (const Search *s, const RtOrientation *o)
{
  RtBits anchors;

  for (guint k = 0; k < RT_WORDS; k++)
    anchors.w[k] = anchors_word (s, o, k);
  return anchors;
}

/* A move per anchor; word by word, the hottest loop of random play. */
static inline guint
emit_moves (RtBits anchors, guint orientation, TbMove *moves)
{
  TbMove base = rt_move (orientation, 0);
  guint n = 0;

  for (int k = 0; k < RT_WORDS; k++)
    for (guint64 w = anchors.w[k]; w; w &= w - 1)
      moves[n++] = base | (TbMove) (k * 64 + __builtin_ctzll (w));
  return n;
}

guint
rt_player_moves (const RtData *data, const RtPosition *pos, guint seat, TbMove *moves)
{
  Search s;
  guint n = 0;
  guint32 hand = pos->hand[seat - 1];

  if (hand == 0)
    return 0;
  search_init (&s, data, pos, seat, hand_offsets (data, hand));
  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    {
      if (!(hand & (1u << shape)))
        continue;
      for (guint o = data->first_orientation[shape]; o < data->first_orientation[shape + 1]; o++)
        n += emit_moves (legal_anchors (&s, &data->orientations[o]), o, moves + n);
    }
  return n;
}

gboolean
rt_player_can_move (const RtData *data, const RtPosition *pos, guint seat)
{
  Search s;
  guint32 hand = pos->hand[seat - 1];

  if (hand == 0)
    return FALSE;
  search_init (&s, data, pos, seat, hand_offsets (data, hand));
  /* Small pieces fit where big ones do not: try them first. */
  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    if (hand & (1u << shape))
      for (guint o = data->first_orientation[shape]; o < data->first_orientation[shape + 1]; o++)
        if (!rt_empty (legal_anchors (&s, &data->orientations[o])))
          return TRUE;
  return FALSE;
}

guint
rt_legal_moves (const TbVariant *v, const TbPosition *p, TbMove *moves)
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint seat = pos->head.to_move;
  guint n = rt_player_moves (data, pos, seat, moves);

  /* No piece fits: pass while the opponent can still lay one (§3.2). */
  if (n == 0 && rt_player_can_move (data, pos, 3 - seat))
    {
      moves[0] = TB_MOVE_PASS;
      return 1;
    }
  return n;
}

/* The legal anchors of orientation o counted in the first n_words words
 * of the sets (the others are empty: 2 on the default board of 121
 * cells, whose sets leave the third word empty). */
static inline guint
count_anchors (const Search *s, const RtOrientation *o, const guint n_words)
{
  guint c = 0;

  for (guint k = 0; k < n_words; k++)
    c += tb_hot_popcount64 (anchors_word (s, o, k));
  return c;
}

/* Each orientation of the hand's shapes counted into counts, for
 * n_words words of the sets (a constant where it is called: the loops
 * over the words unrolled, a third of the work gone on the default
 * board). */
static inline __attribute__ ((always_inline)) guint
count_hand (const RtData *data, const Search *s, guint32 hand, TbMoveCounts *counts,
            const guint n_words)
{
  guint n = 0;

  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    if (hand & (1u << shape))
      for (guint o = data->first_orientation[shape]; o < data->first_orientation[shape + 1]; o++)
        {
          guint c = count_anchors (s, &data->orientations[o], n_words);

          counts->part[o] = (guint16) c;
          n += c;
        }
  return n;
}

/* Random playouts: the anchors of each orientation counted (per
 * orientation in counts, for rt_nth_move) instead of written out. */
TB_HOT_CLONES guint
rt_count_moves (const TbVariant *v, const TbPosition *p, TbMoveCounts *counts)
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint seat = pos->head.to_move;
  guint32 hand = pos->hand[seat - 1];
  guint n = 0;
  Search s;

  G_STATIC_ASSERT (RT_N_SHAPES * RT_MAX_ORIENTATIONS <= TB_MOVE_COUNT_PARTS);
  G_STATIC_ASSERT (RT_WORDS == 3);
  memset (counts->part, 0, sizeof counts->part);
  if (hand != 0)
    {
      search_init (&s, data, pos, seat, hand_offsets (data, hand));
      n = data->n_cells <= 128 ? count_hand (data, &s, hand, counts, 2)
                               : count_hand (data, &s, hand, counts, 3);
    }
  /* As rt_legal_moves: the pass while the opponent can still lay. */
  if (n == 0 && rt_player_can_move (data, pos, 3 - seat))
    return 1;
  return n;
}

/* The orientation from the counts (in the order rt_player_moves lists
 * them), then its i-th anchor. */
TB_HOT_CLONES TbMove
rt_nth_move (const TbVariant *v, const TbPosition *p, const TbMoveCounts *counts, guint i)
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint n_orientations = data->first_orientation[RT_N_SHAPES], total = 0, o;
  RtBits anchors;
  Search s;

  for (guint k = 0; k < n_orientations; k++)
    total += counts->part[k];
  if (total == 0)
    return TB_MOVE_PASS;
  g_return_val_if_fail (i < total, TB_MOVE_NONE);
  o = tb_select_part (counts->part, n_orientations, &i);
  search_init (&s, data, pos, pos->head.to_move,
               data->shape_offsets[data->orientations[o].shape]);
  anchors = legal_anchors (&s, &data->orientations[o]);
  for (int k = 0; k < RT_WORDS; k++)
    {
      guint in_word = tb_hot_popcount64 (anchors.w[k]);
      guint64 w = anchors.w[k];

      if (i >= in_word)
        {
          i -= in_word;
          continue;
        }
      for (; i > 0; i--)
        w &= w - 1;
      return rt_move (o, k * 64 + __builtin_ctzll (w));
    }
  g_return_val_if_reached (TB_MOVE_NONE);
}

guint32
rt_turned_pieces (const RtData *data, const RtPosition *pos, guint seat, RtBits cells)
{
  RtBits around = rt_minus (rt_grow (data, cells), cells);
  guint32 turned = 0;

  /* Only a piece showing the opponent's colour turns (§3): "touched"
   * means sharing a side with the new piece. */
  if (!rt_meet (around, pos->colour[2 - seat]))
    return 0;
  for (guint i = 0; i < pos->n_placed; i++)
    if (pos->placed[i].colour != seat && rt_meet (pos->cells[i], around))
      turned |= 1u << i;
  return turned;
}

static void
turn_over (RtPosition *pos, guint piece, guint seat)
{
  RtPlaced *placed = &pos->placed[piece];

  pos->head.hash ^= rt_placed_key (placed);
  pos->colour[placed->colour - 1] = rt_minus (pos->colour[placed->colour - 1], pos->cells[piece]);
  pos->colour[seat - 1] = rt_or (pos->colour[seat - 1], pos->cells[piece]);
  placed->colour = (guint8) seat;
  pos->head.hash ^= rt_placed_key (placed);
}

static void
lay (const RtData *data, RtPosition *out, TbMove move, guint seat)
{
  guint o = rt_move_orientation (move);
  int anchor = rt_move_anchor (move);
  RtBits cells = rt_footprint (data, o, anchor);
  guint32 turned = rt_turned_pieces (data, out, seat, cells);
  RtPlaced *placed = &out->placed[out->n_placed];

  /* The touched pieces turn first; the new piece shows its layer's colour. */
  for (guint i = 0; turned; i++, turned >>= 1)
    if (turned & 1)
      turn_over (out, i, seat);
  *placed = (RtPlaced) { (guint8) anchor, (guint8) o, (guint8) seat, (guint8) seat };
  out->cells[out->n_placed++] = cells;
  out->occupied = rt_or (out->occupied, cells);
  out->colour[seat - 1] = rt_or (out->colour[seat - 1], cells);
  out->hand[seat - 1] &= (guint16) ~(1u << data->orientations[o].shape);
  out->head.hash ^= rt_placed_key (placed);
}

void
rt_apply (const TbVariant *v, const TbPosition *p, TbMove move, TbPosition *o)
{
  RtPosition *out = (RtPosition *) o;
  guint seat = RT_POS (p)->head.to_move;

  memcpy (out, p, sizeof *out);
  if (move != TB_MOVE_PASS)
    lay (RT_DATA (v), out, move, seat);
  out->head.to_move = (guint8) (3 - seat);
  out->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;
}

void
rt_score_parts (const TbVariant *v, const TbPosition *p, int board[2], int bonus[2])
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);

  board[0] = board[1] = bonus[0] = bonus[1] = 0;
  for (guint i = 0; i < pos->n_placed; i++)
    board[pos->placed[i].colour - 1] +=
      data->value[data->orientations[pos->placed[i].orientation].shape];
  /* Each adds the value of the pieces the opponent has not laid (§4). */
  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    {
      if (pos->hand[1] & (1u << shape))
        bonus[0] += data->value[shape];
      if (pos->hand[0] & (1u << shape))
        bonus[1] += data->value[shape];
    }
}

void
rt_score (const TbVariant *v, const TbPosition *pos, int scores[2])
{
  int board[2], bonus[2];

  rt_score_parts (v, pos, board, bonus);
  scores[0] = board[0] + bonus[0];
  scores[1] = board[1] + bonus[1];
}

/* Both hands empty, or no piece of either fits (n_legal 0: legal_moves
 * passes while one player can still lay a piece). */
gboolean
rt_outcome (const TbVariant *v, const TbPosition *p, guint n_legal, TbOutcome *out)
{
  const RtPosition *pos = RT_POS (p);
  int scores[2];

  if (pos->hand[0] == 0 && pos->hand[1] == 0)
    out->termination = TB_TERMINATION_ALL_PLACED;
  else if (n_legal == 0)
    out->termination = TB_TERMINATION_BLOCKED;
  else
    return FALSE;
  /* The scores add up to both sets' total: more than half wins (§4). */
  rt_score (v, p, scores);
  out->result = scores[0] > scores[1] ? TB_RESULT_SEAT1_WINS
              : scores[1] > scores[0] ? TB_RESULT_SEAT2_WINS : TB_RESULT_DRAW;
  return TRUE;
}

void
rt_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out)
{
  /* Never called: every ply lays a piece or passes, and there is no
   * repetition option (repetition_limit is 0). */
  out->result = TB_RESULT_DRAW;
  out->termination = TB_TERMINATION_REPETITION;
}

/* The tile of a piece that carries its value: the one nearest its middle. */
int
rt_label_cell (const RtData *data, RtBits cells)
{
  int best = -1, best_d = G_MAXINT;
  int sum_r = 0, sum_c = 0, n = 0, cell;
  RtBits rest = cells;

  while ((cell = rt_pop (&rest)) >= 0)
    {
      sum_r += cell / (int) data->size;
      sum_c += cell % (int) data->size;
      n++;
    }
  rest = cells;
  while ((cell = rt_pop (&rest)) >= 0)
    {
      int dr = cell / (int) data->size * n - sum_r, dc = cell % (int) data->size * n - sum_c;

      if (dr * dr + dc * dc < best_d)
        {
          best_d = dr * dr + dc * dc;
          best = cell;
        }
    }
  return best;
}

/* The new piece appears, then every piece it touches turns over. */
guint
rt_move_effects (const TbVariant *v, const TbPosition *p, TbMove move,
                 TbEffect effects[TB_MAX_EFFECTS])
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint seat = pos->head.to_move, n = 0;
  guint o;
  RtBits cells;
  guint32 turned;
  int cell;

  if (move == TB_MOVE_PASS)
    return 0;
  o = rt_move_orientation (move);
  cells = rt_footprint (data, o, rt_move_anchor (move));
  turned = rt_turned_pieces (data, pos, seat, cells);
  while ((cell = rt_pop (&cells)) >= 0)
    effects[n++] = (TbEffect) { TB_EFFECT_PLACE, 0, (guint8) seat,
                                data->orientations[o].shape, (gint16) cell, (gint16) cell };
  for (guint i = 0; turned; i++, turned >>= 1)
    if (turned & 1)
      {
        int label = rt_label_cell (data, pos->cells[i]);

        g_assert (n < TB_MAX_EFFECTS);
        effects[n++] = (TbEffect) { TB_EFFECT_FLIP, 1, (guint8) seat, 0, (gint16) label,
                                    (gint16) label };
      }
  return n;
}
