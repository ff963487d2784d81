/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai-search.c: alpha-beta with iterative deepening
 *
 * Negamax over a TbLine (so the repetition addition ends lines as in a
 * real game), a transposition table on the Zobrist hash, and moves tried
 * best first: the table's move, then two killer moves per ply, then by
 * history, and where it pays (nodes two plies or more from the horizon)
 * by the evaluation one move ahead.  A beam may keep only the best few
 * moves of that look, for games with thousands of moves (Retournement).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tb-ai-private.h"
#include "tb-random.h"

#define MAX_PLY 64
#define INFINITE_SCORE (TB_AI_WIN * 2)
#define TT_BITS 18
#define HISTORY_BITS 12
#define CHECK_EVERY 256

typedef enum
{
  BOUND_EXACT,
  BOUND_LOWER,   /* the score is at least this (a cut-off) */
  BOUND_UPPER,   /* at most this (no move reached alpha) */
} Bound;

typedef struct
{
  guint64 hash;
  TbMove move;
  gint32 score;
  gint8 depth;
  guint8 bound;
} TtEntry;

typedef struct
{
  TbMove move;
  gint64 order;
} Ranked;

typedef struct
{
  TbLine *line;
  const TbVariant *v;
  const TbAiLimits *limits;
  GCancellable *cancellable;
  gint64 deadline;
  gboolean stopped;
  guint64 nodes;
  TbMove *moves;              /* MAX_PLY rows of max_moves */
  Ranked *ranked;             /* the same, with their order */
  TbPosition *scratch;        /* for the one-move look */
  TtEntry *tt;
  TbMove killers[MAX_PLY][2];
  guint32 history[1 << HISTORY_BITS];
} Search;

int
tb_ai_end_score (const TbVariant *v, const TbPosition *pos, const TbOutcome *outcome, guint ply)
{
  guint mover = tb_position_to_move (pos);
  int margin = 0;

  if (v->rules->keeps_score && v->rules->score)
    {
      int scores[2];

      v->rules->score (v, pos, scores);
      margin = 100 * (scores[mover - 1] - scores[2 - mover]);
    }
  if (outcome->result == TB_RESULT_DRAW)
    return 0;
  if ((outcome->result == TB_RESULT_SEAT1_WINS) == (mover == 1))
    return TB_AI_WIN - (int) ply + ABS (margin);
  return -TB_AI_WIN + (int) ply - ABS (margin);
}

static int
evaluate (Search *s)
{
  const TbPosition *pos = tb_line_get_position (s->line);

  return s->v->rules->evaluate ? s->v->rules->evaluate (s->v, pos) : 0;
}

/* Scores of ends are kept in the table relative to the node, so that a
 * win found at another depth keeps its distance right. */
static int
to_table (int score, guint ply)
{
  if (score > TB_AI_WIN / 2)
    return score + (int) ply;
  if (score < -TB_AI_WIN / 2)
    return score - (int) ply;
  return score;
}

static int
from_table (int score, guint ply)
{
  if (score > TB_AI_WIN / 2)
    return score - (int) ply;
  if (score < -TB_AI_WIN / 2)
    return score + (int) ply;
  return score;
}

static inline guint
history_slot (TbMove move)
{
  return (guint) ((move * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> (64 - HISTORY_BITS));
}

static void
check_stop (Search *s)
{
  if ((s->limits->budget && s->nodes >= s->limits->budget) ||
      (s->deadline && g_get_monotonic_time () >= s->deadline) ||
      g_cancellable_is_cancelled (s->cancellable))
    s->stopped = TRUE;
}

static int
compare_ranked (const void *a, const void *b)
{
  gint64 x = ((const Ranked *) a)->order, y = ((const Ranked *) b)->order;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* The evaluation after move, for the side playing it. */
static int
look_ahead (Search *s, TbMove move)
{
  const TbPosition *pos = tb_line_get_position (s->line);

  if (move == TB_MOVE_PASS || s->v->rules->evaluate == NULL)
    return 0;
  s->v->rules->apply (s->v, pos, move, s->scratch);
  return -s->v->rules->evaluate (s->v, s->scratch);
}

/* Ranks the moves best first; returns how many to search (the beam). */
static guint
order_moves (Search *s, const TbMove *moves, guint n, Ranked *ranked, guint ply, int depth,
             TbMove tt_move)
{
  gboolean look = depth >= 2 || s->limits->beam > 0;

  for (guint i = 0; i < n; i++)
    {
      TbMove move = moves[i];
      gint64 order = s->history[history_slot (move)];

      if (look)
        /* A multiplication: shifting a negative score left is undefined. */
        order += (gint64) look_ahead (s, move) * (G_GINT64_CONSTANT (1) << 20);
      if (move == s->killers[ply][0] || move == s->killers[ply][1])
        order += G_GINT64_CONSTANT (1) << 50;
      if (move == tt_move)
        order = G_MAXINT64;
      ranked[i] = (Ranked) { move, order };
    }
  qsort (ranked, n, sizeof *ranked, compare_ranked);
  if (s->limits->beam > 0 && n > s->limits->beam)
    n = s->limits->beam;
  return n;
}

static void
remember_cut (Search *s, TbMove move, guint ply, int depth)
{
  if (s->killers[ply][0] != move)
    {
      s->killers[ply][1] = s->killers[ply][0];
      s->killers[ply][0] = move;
    }
  s->history[history_slot (move)] += (guint32) (depth * depth);
}

static int
alpha_beta (Search *s, int depth, int alpha, int beta, guint ply)
{
  TbMove *moves = s->moves + (gsize) ply * s->v->max_moves;
  Ranked *ranked = s->ranked + (gsize) ply * s->v->max_moves;
  guint64 hash = tb_position_hash (tb_line_get_position (s->line));
  TtEntry *entry = &s->tt[hash & ((1u << TT_BITS) - 1)];
  TbMove tt_move = TB_MOVE_NONE, best_move = TB_MOVE_NONE;
  int best = -INFINITE_SCORE, alpha0 = alpha;
  TbOutcome outcome;
  guint n;

  if ((++s->nodes % CHECK_EVERY) == 0)
    check_stop (s);
  if (s->stopped)
    return 0;
  n = tb_line_moves (s->line, moves, &outcome);
  if (n == 0)
    return tb_ai_end_score (s->v, tb_line_get_position (s->line), &outcome, ply);
  if (depth <= 0 || ply >= MAX_PLY - 1)
    return evaluate (s);
  if (entry->hash == hash)
    {
      tt_move = entry->move;
      if (entry->depth >= depth)
        {
          int score = from_table (entry->score, ply);

          if (entry->bound == BOUND_EXACT ||
              (entry->bound == BOUND_LOWER && score >= beta) ||
              (entry->bound == BOUND_UPPER && score <= alpha))
            return score;
        }
    }
  n = order_moves (s, moves, n, ranked, ply, depth, tt_move);
  for (guint i = 0; i < n; i++)
    {
      int score;

      tb_line_push (s->line, ranked[i].move);
      score = -alpha_beta (s, depth - 1, -beta, -alpha, ply + 1);
      tb_line_pop (s->line);
      if (s->stopped)
        return 0;
      if (score > best)
        {
          best = score;
          best_move = ranked[i].move;
        }
      if (score > alpha)
        alpha = score;
      if (alpha >= beta)
        {
          remember_cut (s, ranked[i].move, ply, depth);
          break;
        }
    }
  *entry = (TtEntry) { hash, best_move, to_table (best, ply), (gint8) depth,
                       best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER };
  return best;
}

/* One iteration at the root: every move's score (exact when noise blurs
 * them, so that a blurred choice compares true values), in the order of
 * the last iteration.  Returns how many moves were searched before time
 * or the budget ran out. */
static guint
search_root (Search *s, Ranked *root, guint n, int depth, gboolean exact)
{
  int alpha = -INFINITE_SCORE;
  guint done = 0;

  for (guint i = 0; i < n; i++)
    {
      int score;

      tb_line_push (s->line, root[i].move);
      score = -alpha_beta (s, depth - 1, -INFINITE_SCORE, exact ? INFINITE_SCORE : -alpha, 1);
      tb_line_pop (s->line);
      if (s->stopped)
        break;
      root[i].order = score;
      done++;
      alpha = MAX (alpha, score);
    }
  return done;
}

static void
search_init (Search *s, TbLine *line, const TbAiLimits *limits, GCancellable *cancellable)
{
  memset (s, 0, sizeof *s);
  s->line = line;
  s->v = tb_line_get_variant (line);
  s->limits = limits;
  s->cancellable = cancellable;
  s->deadline = limits->time_us ? g_get_monotonic_time () + limits->time_us : 0;
  s->moves = g_new (TbMove, (gsize) MAX_PLY * s->v->max_moves);
  s->ranked = g_new (Ranked, (gsize) MAX_PLY * s->v->max_moves);
  s->scratch = tb_position_new (s->v);
  s->tt = g_new0 (TtEntry, 1u << TT_BITS);
}

static void
search_clear (Search *s)
{
  g_free (s->moves);
  g_free (s->ranked);
  tb_position_free (s->scratch);
  g_free (s->tt);
}

/* The weak levels: each root score blurred by up to noise, seeded. */
static TbMove
blurred_choice (Ranked *root, guint n, int noise, guint64 seed)
{
  TbRandom rng;
  gint64 best = G_MININT64;
  TbMove move = root[0].move;

  tb_random_init (&rng, seed);
  for (guint i = 0; i < n; i++)
    {
      gint64 blurred = root[i].order + (gint64) tb_random_below (&rng, 2 * (guint) noise + 1) - noise;

      if (blurred > best)
        {
          best = blurred;
          move = root[i].move;
        }
    }
  return move;
}

gboolean
tb_ai_alpha_beta (TbLine *line, const TbAiLimits *limits, guint64 seed,
                  GCancellable *cancellable, TbAiResult *result)
{
  Search s;
  Ranked *root;
  guint n;
  gint64 start = g_get_monotonic_time ();
  gboolean exact = limits->noise > 0;

  search_init (&s, line, limits, cancellable);
  n = tb_line_moves (line, s.moves, NULL);
  root = g_new (Ranked, n);
  n = order_moves (&s, s.moves, n, root, 0, 2, TB_MOVE_NONE);
  memset (result, 0, sizeof *result);
  result->move = root[0].move;
  for (guint depth = 1; depth <= MAX (limits->depth, 1u) && !s.stopped; depth++)
    {
      guint done = search_root (&s, root, n, (int) depth, exact);

      /* A cut-short iteration still counts for the moves it finished:
       * the last best was searched first, so any that beat it are better. */
      if (done == 0)
        break;
      qsort (root, done, sizeof *root, compare_ranked);
      result->move = root[0].move;
      result->score = (int) root[0].order;
      if (done < n)
        break;
      result->depth = depth;
      /* A forced end in sight: deeper will not change the choice. */
      if (ABS (result->score) > TB_AI_WIN / 2 && !exact)
        break;
    }
  if (exact && result->depth > 0)
    result->move = blurred_choice (root, n, limits->noise, seed);
  result->nodes = s.nodes;
  result->time_us = g_get_monotonic_time () - start;
  search_clear (&s);
  g_free (root);
  return !g_cancellable_is_cancelled (cancellable);
}
