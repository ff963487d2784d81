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

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tb-ai-private.h"
#include "tb-random.h"

#define MAX_PLY 64
#define INFINITE_SCORE (TB_AI_WIN * 2)
#define TT_BITS 18
#define HISTORY_BITS 12
/* The clock and the cancellable are looked at every so many nodes: often
 * enough that a move stops within a millisecond or so of its time even in
 * Retournement, whose nodes rank thousands of moves (at 256, a level 5
 * move was seen taking 5,006 ms at a load of 10, for 4.8 s), rarely
 * enough not to show in the search's speed. */
#define CHECK_EVERY 16
/* A search by time starts another iteration only if it should finish: the
 * next is expected to search at least this many times more nodes than the
 * last (next_iteration_fits). */
#define MIN_GROWTH 1.5
/* Lists of moves up to this long are sorted by insertion (sort_ranked). */
#define INSERTION_SORT_MAX 64

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

/* A move at the root, with what the search found of it. */
typedef struct
{
  TbMove move;
  gint64 order;               /* the score (hundredths), or the first ordering */
  guint depth;                /* the iteration that scored it; 0 not yet */
  guint n_pv;
  TbMove pv[TB_AI_MAX_PV];    /* its line, pv[0] == move, when its score is exact */
} RootMove;

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
  /* The principal variation from each ply, the first TB_AI_MAX_PV moves. */
  TbMove pv[MAX_PLY][TB_AI_MAX_PV];
  guint pv_len[MAX_PLY];
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

/* Best first, equal orders kept in their order, as qsort's merge sort
 * does: a short list (most nodes' moves) by insertion, which is several
 * times quicker there, a long one by qsort. */
static void
sort_ranked (Ranked *ranked, guint n)
{
  if (n > INSERTION_SORT_MAX)
    {
      qsort (ranked, n, sizeof *ranked, compare_ranked);
      return;
    }
  for (guint i = 1; i < n; i++)
    {
      Ranked item = ranked[i];
      guint j = i;

      for (; j > 0 && ranked[j - 1].order < item.order; j--)
        ranked[j] = ranked[j - 1];
      ranked[j] = item;
    }
}

static int
compare_root (const void *a, const void *b)
{
  gint64 x = ((const RootMove *) a)->order, y = ((const RootMove *) b)->order;

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
  sort_ranked (ranked, n);
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

/* move raised alpha at ply: the variation from ply is it, then the
 * child's. */
static void
remember_pv (Search *s, TbMove move, guint ply)
{
  guint n = MIN (s->pv_len[ply + 1], TB_AI_MAX_PV - 1);

  s->pv[ply][0] = move;
  memcpy (&s->pv[ply][1], s->pv[ply + 1], n * sizeof (TbMove));
  s->pv_len[ply] = n + 1;
}

static int quiesce_node (Search *s, int alpha, int beta, guint ply, guint q);

/* Past the horizon (TbAiLimits.quiescence): the side to move may stand on
 * the evaluation, or play one of its tactical moves (the ruleset's
 * is_tactical: captures, entries, pulls), best-looking first, until none
 * is left.  moves[0..n) are the legal moves at ply; q the plies past the
 * horizon already. */
static int
quiesce (Search *s, const TbMove *moves, guint n, int alpha, int beta, guint ply, guint q)
{
  Ranked *ranked = s->ranked + (gsize) ply * s->v->max_moves;
  const TbPosition *pos = tb_line_get_position (s->line);
  int best = evaluate (s);
  guint n_tactical = 0;

  if (best >= beta || q >= s->limits->quiescence || ply >= MAX_PLY - 1)
    return best;
  alpha = MAX (alpha, best);
  for (guint i = 0; i < n; i++)
    if (moves[i] != TB_MOVE_PASS && s->v->rules->is_tactical (s->v, pos, moves[i]))
      ranked[n_tactical++] = (Ranked) { moves[i], look_ahead (s, moves[i]) };
  sort_ranked (ranked, n_tactical);
  for (guint i = 0; i < n_tactical; i++)
    {
      int score;

      tb_line_push (s->line, ranked[i].move);
      score = -quiesce_node (s, -beta, -alpha, ply + 1, q + 1);
      tb_line_pop (s->line);
      if (s->stopped)
        return 0;
      if (score > best)
        best = score;
      if (score > alpha)
        alpha = score;
      if (alpha >= beta)
        break;
    }
  return best;
}

/* A node's start, in the search and past its horizon: its line of best
 * moves emptied, the clock looked at now and then, its moves made into
 * moves.  FALSE when the node is settled without a search (the search
 * stopped, or the game is over here), *score then saying its worth. */
static gboolean
open_node (Search *s, TbMove *moves, guint ply, guint *n, int *score)
{
  TbOutcome outcome;

  s->pv_len[ply] = 0;
  if ((++s->nodes % CHECK_EVERY) == 0)
    check_stop (s);
  *score = 0;
  if (s->stopped)
    return FALSE;
  *n = tb_line_moves (s->line, moves, &outcome);
  if (*n == 0)
    {
      *score = tb_ai_end_score (s->v, tb_line_get_position (s->line), &outcome, ply);
      return FALSE;
    }
  return TRUE;
}

static int
quiesce_node (Search *s, int alpha, int beta, guint ply, guint q)
{
  TbMove *moves = s->moves + (gsize) ply * s->v->max_moves;
  guint n;
  int score;

  if (!open_node (s, moves, ply, &n, &score))
    return score;
  return quiesce (s, moves, n, alpha, beta, ply, q);
}

static int
alpha_beta (Search *s, int depth, int alpha, int beta, guint ply)
{
  TbMove *moves = s->moves + (gsize) ply * s->v->max_moves;
  Ranked *ranked = s->ranked + (gsize) ply * s->v->max_moves;
  guint64 hash = tb_position_hash (tb_line_get_position (s->line));
  TtEntry *entry = &s->tt[hash & ((1u << TT_BITS) - 1)];
  TbMove tt_move = TB_MOVE_NONE, best_move = TB_MOVE_NONE;
  int best = -INFINITE_SCORE, alpha0 = alpha, score;
  guint n;

  if (!open_node (s, moves, ply, &n, &score))
    return score;
  if ((depth <= 0 || ply >= MAX_PLY - 1) && s->limits->quiescence > 0 &&
      s->v->rules->is_tactical)
    return quiesce (s, moves, n, alpha, beta, ply, 0);
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
        {
          alpha = score;
          remember_pv (s, ranked[i].move, ply);
        }
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

/* Inserts score into top, the best n_top scores so far, best first. */
static void
insert_top (int *top, guint n_top, guint filled, int score)
{
  guint i = MIN (filled, n_top - 1);

  if (filled >= n_top && score <= top[n_top - 1])
    return;
  while (i > 0 && top[i - 1] < score)
    {
      top[i] = top[i - 1];
      i--;
    }
  top[i] = score;
}

/* One iteration at the root, in the order of the last one.  Multi-PV:
 * each move is searched with the window (the lines-th best score so far,
 * +infinity), so a move that could be among the best lines gets its exact
 * score and line, and one that cannot fails low at once, costing no more
 * than in a search for the best move alone (lines 1 is exactly that).
 * Excluding the best moves and searching again would repeat the work
 * the table does not keep, and give each search a different budget.
 * Noise needs every move exact (lines == n), so that a blurred choice
 * compares true values.  Returns how many moves were searched before time
 * or the budget ran out. */
static guint
search_root (Search *s, RootMove *root, guint n, int depth, guint lines)
{
  g_autofree int *top = g_new (int, lines);
  guint done = 0;

  for (guint i = 0; i < n; i++)
    {
      int alpha = done >= lines ? top[lines - 1] : -INFINITE_SCORE;
      int score;

      tb_line_push (s->line, root[i].move);
      score = -alpha_beta (s, depth - 1, -INFINITE_SCORE, -alpha, 1);
      tb_line_pop (s->line);
      if (s->stopped)
        break;
      root[i].order = score;
      root[i].depth = (guint) depth;
      if (score > alpha)
        {
          root[i].pv[0] = root[i].move;
          root[i].n_pv = 1 + MIN (s->pv_len[1], TB_AI_MAX_PV - 1);
          memcpy (&root[i].pv[1], s->pv[1], (root[i].n_pv - 1) * sizeof (TbMove));
        }
      insert_top (top, lines, done, score);
      done++;
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
blurred_choice (const RootMove *root, guint n, int noise, guint64 seed)
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

/* The root's moves, best first by a one-move look; how many to search. */
static guint
root_moves (Search *s, RootMove **root)
{
  g_autofree Ranked *ranked = NULL;
  guint n = tb_line_moves (s->line, s->moves, NULL);

  ranked = g_new (Ranked, n);
  n = order_moves (s, s->moves, n, ranked, 0, 2, TB_MOVE_NONE);
  *root = g_new0 (RootMove, n);
  for (guint i = 0; i < n; i++)
    (*root)[i] = (RootMove) { ranked[i].move, ranked[i].order, 0, 1, { ranked[i].move } };
  return n;
}

/* Whether the next iteration should finish before the deadline.  Its
 * nodes are foreseen from the last ones (iteration_nodes[0..depth]) by the
 * effective branching factor over the last two iterations: one iteration's
 * growth alone swings between odd and even depths (at an odd depth the
 * side to move has the last word and cuts less), and foresaw depths that
 * would have fitted as not fitting.  Counted in nodes, not in time: under
 * load a thread loses the processor for whole slices, and a short
 * iteration's time can be ten times another's for nothing.  Its time is
 * those nodes at the rate of the whole search since start. */
static gboolean
next_iteration_fits (const Search *s, gint64 start, const guint64 *iteration_nodes, guint depth)
{
  gint64 now = g_get_monotonic_time ();
  double last = (double) iteration_nodes[depth], growth = MIN_GROWTH;
  double us_per_node = s->nodes > 0 ? (double) (now - start) / (double) s->nodes : 0;

  if (depth >= 3 && iteration_nodes[depth - 2] > 0)
    growth = sqrt (last / (double) iteration_nodes[depth - 2]);
  else if (depth >= 2 && iteration_nodes[depth - 1] > 0)
    growth = last / (double) iteration_nodes[depth - 1];
  return now + (gint64) (last * MAX (growth, MIN_GROWTH) * us_per_node) < s->deadline;
}

/* The variation of a move may stop short where the table answered
 * (a node cut off by a stored score has no line of its own): it goes on
 * by the table's best moves, as long as they are legal. */
static void
extend_from_table (Search *s, RootMove *root)
{
  guint pushed = 0;

  for (guint i = 0; i < root->n_pv; i++, pushed++)
    tb_line_push (s->line, root->pv[i]);
  while (root->n_pv < TB_AI_MAX_PV)
    {
      guint64 hash = tb_position_hash (tb_line_get_position (s->line));
      const TtEntry *entry = &s->tt[hash & ((1u << TT_BITS) - 1)];
      guint n;
      gboolean legal = FALSE;

      if (entry->hash != hash || entry->move == TB_MOVE_NONE)
        break;
      n = tb_line_moves (s->line, s->moves, NULL);
      for (guint i = 0; i < n && !legal; i++)
        legal = s->moves[i] == entry->move;
      if (!legal)
        break;
      root->pv[root->n_pv++] = entry->move;
      tb_line_push (s->line, entry->move);
      pushed++;
    }
  while (pushed-- > 0)
    tb_line_pop (s->line);
}

/* Iterative deepening until the depth, the budget or the time runs out.
 * A cut-short iteration still counts for the moves it finished: the last
 * best were searched first, so any that beat them are better; they come
 * first in root, the others after them in their last order. */
static void
deepen (Search *s, RootMove *root, guint n, guint lines, TbAiResult *result)
{
  gboolean by_time = s->limits->budget == 0 && s->deadline != 0;
  gint64 start = g_get_monotonic_time ();
  guint64 iteration_nodes[MAX_PLY + 1] = { 0 };

  for (guint depth = 1; depth <= MIN (MAX (s->limits->depth, 1u), MAX_PLY) && !s->stopped;
       depth++)
    {
      guint64 nodes_before = s->nodes;
      guint done = search_root (s, root, n, (int) depth, lines);
      gboolean all_ended = TRUE;

      if (done == 0)
        break;
      qsort (root, done, sizeof *root, compare_root);
      result->move = root[0].move;
      result->score = (int) root[0].order;
      if (done < n)
        break;
      result->depth = depth;
      /* Forced ends in sight for every line: deeper will not change them. */
      for (guint i = 0; i < MIN (lines, n); i++)
        all_ended = all_ended && ABS (root[i].order) > TB_AI_WIN / 2;
      if (all_ended && s->limits->noise == 0)
        break;
      iteration_nodes[depth] = s->nodes - nodes_before;
      if (by_time && !s->limits->whole_time &&
          !next_iteration_fits (s, start, iteration_nodes, depth))
        break;
    }
}

/* The search behind tb_ai_think and tb_ai_analyse: the lines best moves
 * get exact scores and their variations (in variations, best first; NULL
 * for none). */
gboolean
tb_ai_alpha_beta_lines (TbLine *line, const TbAiLimits *limits, guint64 seed, guint lines,
                        GCancellable *cancellable, TbAiResult *result,
                        TbAiVariation *variations, guint *n_variations)
{
  Search s;
  RootMove *root;
  guint n;
  gint64 start = g_get_monotonic_time ();

  search_init (&s, line, limits, cancellable);
  n = root_moves (&s, &root);
  memset (result, 0, sizeof *result);
  result->move = root[0].move;
  deepen (&s, root, n, limits->noise > 0 ? n : MIN (MAX (lines, 1u), n), result);
  if (limits->noise > 0 && result->depth > 0)
    result->move = blurred_choice (root, n, limits->noise, seed);
  if (n_variations)
    {
      *n_variations = 0;
      for (guint i = 0; i < MIN (lines, n) && root[i].depth > 0; i++)
        {
          TbAiVariation *out = &variations[(*n_variations)++];

          extend_from_table (&s, &root[i]);
          *out = (TbAiVariation) { .score = (int) root[i].order, .depth = root[i].depth,
                                   .n_moves = root[i].n_pv };
          memcpy (out->moves, root[i].pv, root[i].n_pv * sizeof (TbMove));
        }
    }
  result->nodes = s.nodes;
  result->time_us = g_get_monotonic_time () - start;
  search_clear (&s);
  g_free (root);
  return !g_cancellable_is_cancelled (cancellable);
}

gboolean
tb_ai_alpha_beta (TbLine *line, const TbAiLimits *limits, guint64 seed,
                  GCancellable *cancellable, TbAiResult *result)
{
  return tb_ai_alpha_beta_lines (line, limits, seed, 1, cancellable, result, NULL, NULL);
}
