/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus.c: Versus moves played, attraction, the end of the game and
 * scoring (rules/versus.md §6-§8); the moves are found in
 * tb-versus-moves.c
 *
 * The hot paths of the AI and the benchmarks: fixed arrays, the occupied
 * cells as bits (VsBits), the scores and what the end checks need kept up
 * to date move by move, no allocation.
 */
#include "config.h"

#include <string.h>

#include "tb-versus-private.h"

static inline void
set_info (const VsData *data, VsPosition *pos, int piece, guint8 info)
{
  int cell = pos->cell[piece];

  pos->head.hash ^= data->piece_keys[cell][pos->info[piece]] ^ data->piece_keys[cell][info];
  pos->info[piece] = info;
  for (guint seat = 1; seat <= 2; seat++)
    if (vs_streak (info, seat))
      pos->streaking[seat - 1] |= (guint16) (1u << piece);
    else
      pos->streaking[seat - 1] &= (guint16) ~(1u << piece);
}

/* The most seat could still add: the sum of the n largest values, for
 * seat, of the pawns not yet on a target (§8.1, the safe upper bound). */
static int
best_gain (const VsPosition *pos, guint seat, guint n)
{
  int gain = 0;

  /* Value v to seat is v portions for seat 1, 5 - v for seat 2. */
  for (int value = 5; value >= 0 && n > 0; value--)
    {
      guint take = MIN (n, pos->free_pawns[seat == 1 ? value : 5 - value]);

      gain += value * (int) take;
      n -= take;
    }
  return gain;
}

static gboolean
lead_unreachable (const VsPosition *pos)
{
  int scores[2] = { pos->scores[0], pos->scores[1] };
  guint trailing;

  if (scores[0] == scores[1])
    return FALSE;
  trailing = scores[0] < scores[1] ? 1 : 2;
  return scores[2 - trailing] >
         scores[trailing - 1] + best_gain (pos, trailing, pos->empty_targets);
}

/* The end checks of §8.1 that the points alone decide, in their order:
 * VsPosition.decided. */
static guint8
decided_by_points (const VsPosition *pos)
{
  if (pos->empty_targets == 0)
    return TB_TERMINATION_TARGETS_FILLED;
  if (lead_unreachable (pos))
    return TB_TERMINATION_UNREACHABLE_LEAD;
  return TB_TERMINATION_NONE;
}

/* A pawn now on a target is frozen there for good (§5.4): its points
 * count from now on, for whoever controls it now. */
static void
freeze (VsPosition *pos, int piece)
{
  guint8 info = pos->info[piece];
  guint seat = vs_controller (info);

  pos->empty_targets--;
  pos->free_pawns[vs_portions (info)]--;
  pos->pawns[seat - 1] &= (guint16) ~(1u << piece);
  pos->scores[seat - 1] += (guint8) vs_value (info, seat);
  pos->decided = decided_by_points (pos);
}

/* A piece that moves never stands on a target (a pawn there is frozen,
 * a VERSUS never stops there): it leaves a blocker's cell. */
static inline void
move_piece (const VsData *data, VsPosition *pos, int piece, int to)
{
  int from = pos->cell[piece];
  guint8 info = pos->info[piece];

  pos->head.hash ^= data->piece_keys[from][info] ^ data->piece_keys[to][info];
  pos->board[from] = 0;
  pos->board[to] = (guint8) (piece + 1);
  pos->cell[piece] = (guint8) to;
  vs_flip_occupied (pos, from);
  vs_flip_occupied (pos, to);
  vs_flip_lines (data, pos, from);
  if (vs_blocks (data, to))
    vs_flip_lines (data, pos, to);
}

typedef enum
{
  PULL_NONE,     /* nothing to attract on this ray */
  PULL_YES,      /* pulled one cell toward the VERSUS and flipped */
  PULL_SPARED,   /* in line, but the streak limit of §7 spares it */
} PullVerdict;

static PullVerdict
judge_ray (const VsData *data, const VsPosition *pos, int versus, int d, guint mover,
           int *piece, int *dest)
{
  const TbHexBoard *hex = &data->hex;
  int dist = 0;
  int x = vs_first_blocker (data, pos, versus, d, &dist);
  guint8 info;

  if (x < 0)
    return PULL_NONE;
  *piece = pos->board[x] - 1;
  info = pos->info[*piece];
  if (vs_is_versus (info) || vs_controller (info) == mover || data->is_target[x])
    return PULL_NONE;
  /* "On ne peut pas retourner … si on ne peut pas … attirer d'une case":
   * an adjacent pawn (or one with no empty cell in front) stays as it is. */
  if (dist == 1)
    return PULL_NONE;
  *dest = hex->ray[versus][d][dist - 2];
  if (pos->board[*dest])
    return PULL_NONE;
  if (!data->pull_onto_target && data->is_target[*dest])
    return PULL_NONE;
  if (vs_dominant (info) != mover && vs_streak (info, mover) >= 2)
    return PULL_SPARED;
  return PULL_YES;
}

/* The attraction after a VERSUS move (§6) and the streak bookkeeping of
 * §7.  Fills effects when asked (for the board animation). */
static inline void
attract_and_count (const VsData *data, VsPosition *pos, int versus, guint mover,
                   TbEffect *effects, guint *n_effects)
{
  guint attracted = 0, spared = 0;
  VsBits prey = 0;

  /* Only the opponent's pawns off the targets can be pulled or spared: a
   * ray without one is passed over (most rays).  A pull moves a pawn
   * along its own ray, so the others keep this set. */
  for (guint todo = versus >= 0 ? pos->pawns[2 - mover] : 0; todo; todo &= todo - 1)
    prey |= vs_bit (pos->cell[__builtin_ctz (todo)]);
  if (versus >= 0)
    for (int d = 0; d < TB_HEX_N_DIRS; d++)
      {
        int piece = -1, dest = -1;
        PullVerdict verdict;

        if (!(data->ray_bits[versus][d] & prey))
          continue;
        verdict = judge_ray (data, pos, versus, d, mover, &piece, &dest);

        if (verdict == PULL_SPARED)
          {
            spared |= 1u << piece;
            if (effects)
              effects[(*n_effects)++] = (TbEffect) { TB_EFFECT_SPARED, 1, (guint8) mover, 0,
                                                     pos->cell[piece], pos->cell[piece] };
          }
        if (verdict != PULL_YES)
          continue;
        attracted |= 1u << piece;
        if (effects)
          effects[(*n_effects)++] = (TbEffect) { TB_EFFECT_PULL, 1, (guint8) mover, 0,
                                                 pos->cell[piece], (gint16) dest };
        move_piece (data, pos, piece, dest);
        set_info (data, pos, piece, (guint8) ((pos->info[piece] & ~VS_SEAT2) | (mover == 2 ? VS_SEAT2 : 0)));
        pos->pawns[2 - mover] &= (guint16) ~(1u << piece);
        pos->pawns[mover - 1] |= (guint16) (1u << piece);
        if (data->is_target[dest])
          freeze (pos, piece);
      }

  /* streak[mover][p] counts the mover's consecutive turns attracting p:
   * only the pieces attracted, spared, or with a streak may change. */
  for (guint todo = attracted | spared | pos->streaking[mover - 1]; todo; todo &= todo - 1)
    {
      guint i = (guint) __builtin_ctz (todo);
      guint8 info = pos->info[i];
      guint s = vs_streak (info, mover);
      guint next;

      if (attracted & (1u << i))
        next = MIN (2, s + 1);
      else if ((spared & (1u << i)) && data->streak_reset == VS_STREAK_RESET_STRICT)
        next = s;
      else
        next = 0;
      if (next != s)
        set_info (data, pos, (int) i, (guint8) ((info & ~VS_STREAK_MASK (mover))
                                          | (next << VS_STREAK_SHIFT (mover))));
    }
}

static void
play (const TbVariant *v, const TbPosition *p, TbMove move, TbPosition *o,
      TbEffect *effects, guint *n_effects)
{
  const VsData *data = VS_DATA (v);
  VsPosition *out = (VsPosition *) o;
  guint mover = VS_POS (p)->head.to_move;
  int from = vs_move_from (move), to = vs_move_to (move);
  int piece;

  G_STATIC_ASSERT (sizeof *out % 8 == 0);
  tb_position_copy (out, p, sizeof *out);
  piece = VS_POS (p)->board[from] - 1;
  g_assert (piece >= 0);
  if (effects)
    effects[(*n_effects)++] = (TbEffect) { TB_EFFECT_MOVE, 0, (guint8) mover, 0, (gint16) from,
                                           (gint16) to };
  move_piece (data, out, piece, to);
  /* A VERSUS never stops on a target: a pawn that does is frozen. */
  if (data->is_target[to])
    freeze (out, piece);
  attract_and_count (data, out, vs_is_versus (out->info[piece]) ? to : -1, mover,
                     effects, n_effects);
  out->head.to_move = (guint8) (3 - mover);
  out->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;
}

void
vs_apply (const TbVariant *v, const TbPosition *pos, TbMove move, TbPosition *out)
{
  play (v, pos, move, out, NULL, NULL);
}

guint
vs_move_effects (const TbVariant *v, const TbPosition *pos, TbMove move,
                 TbEffect effects[TB_MAX_EFFECTS])
{
  VsPosition scratch;
  guint n = 0;

  play (v, pos, move, (TbPosition *) &scratch, effects, &n);
  return n;
}

void
vs_score (const TbVariant *v, const TbPosition *p, int scores[2])
{
  const VsPosition *pos = VS_POS (p);

  scores[0] = pos->scores[0];
  scores[1] = pos->scores[1];
}

static TbResult
result_from_scores (const int scores[2])
{
  if (scores[0] > scores[1])
    return TB_RESULT_SEAT1_WINS;
  if (scores[1] > scores[0])
    return TB_RESULT_SEAT2_WINS;
  return TB_RESULT_DRAW;
}

static gboolean
opponent_stuck (const VsData *data, const VsPosition *pos)
{
  TbMoveCounts counts;

  return vs_side_count (data, pos, 3 - pos->head.to_move, &counts) == 0;
}

gboolean
vs_outcome (const TbVariant *v, const TbPosition *p, guint n_legal, TbOutcome *out)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);
  int scores[2] = { pos->scores[0], pos->scores[1] };

  /* The end checks of §8.1, in this order; those of the points were made
   * when a pawn was last frozen (VsPosition.decided). */
  if (pos->decided != TB_TERMINATION_NONE)
    out->termination = pos->decided;
  else if (n_legal == 0 ||
           (data->no_moves_check == VS_NO_MOVES_BOTH && opponent_stuck (data, pos)))
    out->termination = TB_TERMINATION_NO_MOVES;
  else
    return FALSE;
  out->result = result_from_scores (scores);
  return TRUE;
}

void
vs_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out)
{
  int scores[2];

  /* As when a player cannot move: the points on the targets decide. */
  vs_score (v, pos, scores);
  out->result = result_from_scores (scores);
  out->termination = TB_TERMINATION_REPETITION;
}

/* What VsPosition keeps up to date, made anew from its pieces (a start
 * or a position read from text). */
void
vs_summarize (const VsData *data, VsPosition *pos)
{
  pos->empty_targets = (guint8) data->n_targets;
  memset (pos->scores, 0, sizeof pos->scores);
  memset (pos->free_pawns, 0, sizeof pos->free_pawns);
  memset (pos->streaking, 0, sizeof pos->streaking);
  memset (pos->occupied, 0, sizeof pos->occupied);
  memset (pos->pawns, 0, sizeof pos->pawns);
  memset (pos->versus, VS_NO_PIECE, sizeof pos->versus);
  memcpy (pos->lines, data->line_guards, sizeof pos->lines);
  for (guint i = 0; i < pos->n_pieces; i++)
    {
      guint8 info = pos->info[i];

      vs_flip_occupied (pos, pos->cell[i]);
      if (vs_blocks (data, pos->cell[i]))
        vs_flip_lines (data, pos, pos->cell[i]);
      for (guint seat = 1; seat <= 2; seat++)
        if (vs_streak (info, seat))
          pos->streaking[seat - 1] |= (guint16) (1u << i);
      if (vs_is_versus (info))
        {
          pos->versus[vs_controller (info) - 1] = (guint8) i;
          continue;
        }
      pos->free_pawns[vs_portions (info)]++;
      pos->pawns[vs_controller (info) - 1] |= (guint16) (1u << i);
      if (data->is_target[pos->cell[i]])
        freeze (pos, (int) i);
    }
  /* freeze() judged on the pieces seen so far. */
  pos->decided = decided_by_points (pos);
}
