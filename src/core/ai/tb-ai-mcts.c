/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai-mcts.c: Monte Carlo tree search (UCT)
 *
 * Each iteration walks down the tree by the UCB1 rule, opens one new
 * node, plays a random game from it (cut after playout_cut plies, where
 * the evaluation, squashed to a probability, judges it) and credits the
 * result to every node on the way.  The move most visited at the root is
 * played.  Nodes live in one growing array, children side by side.
 * Guided (TbAiLimits.guided, below), a one-move look ranks each node's
 * moves and the search widens to them progressively, best first.  With
 * TbAiLimits.reuse a player's next search starts from the part of its
 * tree that the moves played since lead to (TbAiTree).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tb-ai-private.h"
#include "tb-random.h"

#define EXPLORATION 1.0
/* The clock is looked at every few iterations: a Retournement playout
 * to the end of the game takes a millisecond or more on a loaded machine,
 * and 64 of them let level 5 run past its time. */
#define CHECK_EVERY 4
#define NO_CHILDREN G_MAXUINT32
/* A node is opened on its third visit, and no more once the tree holds a
 * million nodes (32 MB): games with thousands of moves a ply would
 * otherwise fill the memory with children never visited. */
#define EXPAND_AFTER 3
#define MAX_NODES 1000000
/* Guided search (TbAiLimits.guided).  A node's children are ranked by a
 * one-move look (its evaluation squashed to a rate), which counts as
 * PRIOR_VISITS visits of that rate, and only the best 1 + WIDENING *
 * sqrt(visits) of them are considered: with 400 to 3,000 placements a ply
 * and a few thousand iterations a move, trying each once left nothing for
 * the good ones.  Below the root only LOOKED_AT children, drawn at random,
 * are looked at and ranked (a look is an apply and an evaluation, and all
 * of them would cost more than the playouts); widening reaches past them
 * only after LOOKED_AT² / WIDENING² visits. */
#define PRIOR_VISITS 4.0
/* The prior and the widening already keep the search on the likely
 * moves, and 1.0 spread it thin again: at 0.5 level 5 scored 77.5 % and
 * 72.5 % against level 5 unguided (seeds 1 and 2), where 1.0 had scored
 * 65 % and 57.5 %; 0.3 scored 63.8 % (seed 1). */
#define GUIDED_EXPLORATION 0.5
#define WIDENING 1.5
#define LOOKED_AT 48
/* Tree reuse (TbAiLimits.reuse): the kept tree is looked for this many
 * plies back from the position searched (0: the same position asked
 * again; 2: the player's own move and the answer to it).  In Retournement
 * the node two plies on holds only 1 to 2 % of a move's iterations (at
 * 0.3 s a move: about 100 of 7,000; the answers to a placement are
 * hundreds too), so reuse saves little time. */
#define KEPT_PLIES 4

typedef struct
{
  TbMove move;
  guint32 first_child;   /* NO_CHILDREN until opened */
  guint32 n_children;
  guint32 visits;
  gboolean terminal;
  double value;          /* results summed for the player who made move */
  float prior;           /* guided: the one-move look as a rate for the player who made
                          * move; 0.5 when not looked at */
} Node;

typedef struct
{
  TbLine *line;
  const TbVariant *v;
  const TbAiLimits *limits;
  GArray *nodes;
  TbMove *moves;
  TbRandom rng;
  guint64 visited;       /* positions played through, playouts included */
} Tree;

static inline Node *
node_at (Tree *t, guint32 index)
{
  return &g_array_index (t->nodes, Node, index);
}

/* The result of an ended game for the player who made the last move: a
 * win is worth 0.95 to 1 by the points it is won by (RA's entries of 1, 3
 * or 6), a loss 0 to 0.05. */
static double
end_value (Tree *t, const TbOutcome *outcome)
{
  const TbPosition *pos = tb_line_get_position (t->line);
  guint mover = tb_position_to_move (pos);
  double margin = 0;

  if (outcome->result == TB_RESULT_DRAW)
    return 0.5;
  if (t->v->rules->keeps_score && t->v->rules->score)
    {
      int scores[2];

      t->v->rules->score (t->v, pos, scores);
      margin = CLAMP (ABS (scores[0] - scores[1]) / 10.0, 0, 1);
    }
  /* The side to move now did not make the last move. */
  if ((outcome->result == TB_RESULT_SEAT1_WINS) == (mover == 1))
    return 0.05 - 0.05 * margin;
  return 0.95 + 0.05 * margin;
}

/* The evaluation as a chance of winning, for the player who made the last
 * move. */
static double
judged_value (Tree *t)
{
  const TbPosition *pos = tb_line_get_position (t->line);
  int score = t->v->rules->evaluate ? t->v->rules->evaluate (t->v, pos) : 0;
  double scale = t->limits->eval_scale > 0 ? t->limits->eval_scale : 300;

  /* Kept within the 0.05 .. 0.95 of ends short of a real win or loss. */
  return 0.05 + 0.9 / (1.0 + exp (score / scale));
}

/* A random game from the current position; the line comes back as it was. */
static double
playout (Tree *t)
{
  guint plies = 0, n;
  TbOutcome outcome;
  double value;
  gboolean flip = FALSE;

  while ((n = tb_line_moves (t->line, t->moves, &outcome)) > 0)
    {
      if (t->limits->playout_cut && plies >= t->limits->playout_cut)
        break;
      tb_line_push (t->line, t->moves[tb_random_below (&t->rng, n)]);
      plies++;
      flip = !flip;
    }
  t->visited += plies;
  value = n == 0 ? end_value (t, &outcome) : judged_value (t);
  for (guint i = 0; i < plies; i++)
    tb_line_pop (t->line);
  /* value is for whoever moved last in the playout. */
  return flip ? 1.0 - value : value;
}

/* A rate for the player making move from the current position: its
 * one-move look squashed as the playouts' values are. */
static float
look_rate (Tree *t, TbMove move, TbPosition *after)
{
  const TbPosition *pos = tb_line_get_position (t->line);
  double scale = t->limits->eval_scale > 0 ? t->limits->eval_scale : 300;
  TbOutcome outcome;
  int look;

  if (move == TB_MOVE_PASS || t->v->rules->evaluate == NULL)
    return 0.5f;
  t->v->rules->apply (t->v, pos, move, after);
  if (t->v->rules->outcome (t->v, after, 1, &outcome))
    return outcome.result == TB_RESULT_DRAW ? 0.5f
           : (outcome.result == TB_RESULT_SEAT1_WINS) == (tb_position_to_move (pos) == 1) ? 1.0f
                                                                                          : 0.0f;
  look = -t->v->rules->evaluate (t->v, after);
  return (float) (0.05 + 0.9 / (1.0 + exp (-look / scale)));
}

static int
compare_priors (const void *a, const void *b)
{
  float x = ((const Node *) a)->prior, y = ((const Node *) b)->prior;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* Guided: the first `looked` children (already shuffled) get their look
 * and go first, best first. */
static void
rank_children (Tree *t, guint32 first, guint n, guint looked)
{
  g_autofree TbPosition *after = tb_position_new (t->v);

  looked = MIN (looked, n);
  for (guint i = 0; i < looked; i++)
    node_at (t, first + i)->prior = look_rate (t, node_at (t, first + i)->move, after);
  qsort (node_at (t, first), looked, sizeof (Node), compare_priors);
}

/* Opens a node `plies` below the root: one child per legal move; FALSE
 * when the game is over. */
static gboolean
open_node (Tree *t, guint32 index, guint plies)
{
  TbOutcome outcome;
  guint n = tb_line_moves (t->line, t->moves, &outcome);
  guint32 first = t->nodes->len;

  if (n == 0)
    {
      node_at (t, index)->terminal = TRUE;
      return FALSE;
    }
  g_array_set_size (t->nodes, first + n);
  for (guint i = 0; i < n; i++)
    *node_at (t, first + i) = (Node) { t->moves[i], NO_CHILDREN, 0, 0, FALSE, 0, 0.5f };
  /* Shuffled, so that unvisited children are tried in a random order. */
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = tb_random_below (&t->rng, i + 1);
      Node tmp = *node_at (t, first + i);

      *node_at (t, first + i) = *node_at (t, first + j);
      *node_at (t, first + j) = tmp;
    }
  if (t->limits->guided)
    rank_children (t, first, n, plies == 0 ? n : LOOKED_AT);
  node_at (t, index)->first_child = first;
  node_at (t, index)->n_children = n;
  return TRUE;
}

/* Guided: among the best-looking children that widening allows, the
 * highest by their rate (the prior counting as PRIOR_VISITS visits) and
 * UCB's exploration. */
static guint32
select_guided (Tree *t, guint32 index)
{
  Node *parent = node_at (t, index);
  double log_visits = log ((double) parent->visits + 1);
  guint32 allowed = 1 + (guint32) (WIDENING * sqrt ((double) parent->visits));
  double best = -1;
  guint32 chosen = parent->first_child;

  allowed = MIN (allowed, parent->n_children);
  for (guint32 i = 0; i < allowed; i++)
    {
      Node *child = node_at (t, parent->first_child + i);
      double rate = (child->value + PRIOR_VISITS * child->prior) / (child->visits + PRIOR_VISITS);
      double ucb = rate + GUIDED_EXPLORATION * sqrt (log_visits / (child->visits + 1));

      if (ucb > best)
        {
          best = ucb;
          chosen = parent->first_child + i;
        }
    }
  return chosen;
}

static guint32
select_child (Tree *t, guint32 index)
{
  Node *parent = node_at (t, index);
  double log_visits = log ((double) parent->visits + 1);
  double best = -1;
  guint32 chosen = parent->first_child;

  if (t->limits->guided)
    return select_guided (t, index);
  for (guint32 i = 0; i < parent->n_children; i++)
    {
      Node *child = node_at (t, parent->first_child + i);
      double ucb;

      if (child->visits == 0)
        return parent->first_child + i;
      ucb = child->value / child->visits + EXPLORATION * sqrt (log_visits / child->visits);
      if (ucb > best)
        {
          best = ucb;
          chosen = parent->first_child + i;
        }
    }
  return chosen;
}

static void
iterate (Tree *t)
{
  guint32 path[256];
  guint depth = 0;
  guint32 index = 0;
  double value;

  path[depth++] = 0;
  /* Down the tree while every child has been tried. */
  while (node_at (t, index)->first_child != NO_CHILDREN && depth < G_N_ELEMENTS (path))
    {
      index = select_child (t, index);
      tb_line_push (t->line, node_at (t, index)->move);
      path[depth++] = index;
      if (node_at (t, index)->visits == 0)
        break;
    }
  if (node_at (t, index)->visits >= EXPAND_AFTER && !node_at (t, index)->terminal &&
      depth < G_N_ELEMENTS (path) && t->nodes->len < MAX_NODES && open_node (t, index, depth - 1))
    {
      index = select_child (t, index);
      tb_line_push (t->line, node_at (t, index)->move);
      path[depth++] = index;
    }
  value = playout (t);
  /* Up again: each node's value is for the player who moved into it. */
  for (guint i = depth; i-- > 0;)
    {
      Node *node = node_at (t, path[i]);

      node->visits++;
      node->value += value;
      value = 1.0 - value;
      if (i > 0)
        tb_line_pop (t->line);
    }
}

/* Best first; each node's look is stashed in its value while sorting. */
static int
compare_looks (const void *a, const void *b)
{
  const Node *x = a, *y = b;

  return x->value < y->value ? 1 : x->value > y->value ? -1 : 0;
}

/* The root's moves in the order of a one-move look: with more moves than
 * iterations (Retournement's first plies) the likely best are tried
 * first, not a random few. */
static void
order_root (Tree *t)
{
  Node *root = node_at (t, 0);
  g_autofree TbPosition *after = NULL;
  const TbPosition *pos = tb_line_get_position (t->line);

  if (t->v->rules->evaluate == NULL || root->first_child == NO_CHILDREN)
    return;
  after = tb_position_new (t->v);
  for (guint32 i = 0; i < root->n_children; i++)
    {
      Node *child = node_at (t, root->first_child + i);

      TbOutcome outcome;
      guint n;

      if (child->move == TB_MOVE_PASS)
        continue;
      t->v->rules->apply (t->v, pos, child->move, after);
      n = t->v->rules->legal_moves (t->v, after, t->moves);
      if (t->v->rules->outcome (t->v, after, n, &outcome))
        child->value = -tb_ai_end_score (t->v, after, &outcome, 1);
      else
        child->value = -t->v->rules->evaluate (t->v, after);
    }
  qsort (node_at (t, root->first_child), root->n_children, sizeof (Node), compare_looks);
  for (guint32 i = 0; i < root->n_children; i++)
    node_at (t, root->first_child + i)->value = 0;
}

/* A rate of winning, back on the evaluation's scale (hundredths). */
static int
rate_to_score (const Tree *t, const Node *node)
{
  double rate = node->visits ? node->value / node->visits : 0.5;

  rate = CLAMP (rate, 0.001, 0.999);
  return (int) ((t->limits->eval_scale > 0 ? t->limits->eval_scale : 300) *
                log (rate / (1 - rate)));
}

/* The child of index most visited; the first of equals (NO_CHILDREN for
 * none), skipping the children in skip[0..n_skip). */
static guint32
most_visited (Tree *t, guint32 index, const guint32 *skip, guint n_skip)
{
  Node *parent = node_at (t, index);
  guint32 best = NO_CHILDREN;

  if (parent->first_child == NO_CHILDREN)
    return NO_CHILDREN;
  for (guint32 i = parent->first_child; i < parent->first_child + parent->n_children; i++)
    {
      gboolean skipped = FALSE;

      for (guint k = 0; k < n_skip && !skipped; k++)
        skipped = skip[k] == i;
      if (!skipped && node_at (t, i)->visits > 0 &&
          (best == NO_CHILDREN || node_at (t, i)->visits > node_at (t, best)->visits))
        best = i;
    }
  return best;
}

/* The variations of the lines most visited moves at the root: each goes
 * on by the most visited answer, while it was visited more than once.
 * Scores are for the side to move at the root. */
static guint
tree_variations (Tree *t, guint lines, TbAiVariation *variations)
{
  guint32 chosen[TB_AI_MAX_LINES];
  guint n = 0;

  for (; n < MIN (lines, TB_AI_MAX_LINES); n++)
    {
      guint32 index = most_visited (t, 0, chosen, n);
      TbAiVariation *out = &variations[n];

      if (index == NO_CHILDREN)
        break;
      chosen[n] = index;
      *out = (TbAiVariation) { .score = rate_to_score (t, node_at (t, index)) };
      while (index != NO_CHILDREN && out->n_moves < TB_AI_MAX_PV &&
             (out->n_moves == 0 || node_at (t, index)->visits > 1))
        {
          out->moves[out->n_moves++] = node_at (t, index)->move;
          index = most_visited (t, index, NULL, 0);
        }
      out->depth = out->n_moves;
    }
  return n;
}

/* What a search keeps for the next (TbAiLimits.reuse): its tree and the
 * position at its root. */
struct _TbAiTree
{
  TbVariant *v;
  TbPosition *root;
  GArray *nodes;
};

TbAiTree *
tb_ai_tree_new (void)
{
  return g_new0 (TbAiTree, 1);
}

static void
tb_ai_tree_clear (TbAiTree *kept)
{
  g_clear_pointer (&kept->nodes, g_array_unref);
  g_clear_pointer (&kept->root, tb_position_free);
  g_clear_pointer (&kept->v, tb_variant_unref);
}

void
tb_ai_tree_free (TbAiTree *kept)
{
  if (kept == NULL)
    return;
  tb_ai_tree_clear (kept);
  g_free (kept);
}

/* The node of the kept tree at the end of line, found by the moves
 * played since its root; NO_CHILDREN when it is not there or was never
 * opened. */
static guint32
kept_node (const TbAiTree *kept, TbLine *line, const TbVariant *v)
{
  guint ply = tb_line_get_ply (line);

  if (kept->nodes == NULL || kept->v != v)
    return NO_CHILDREN;
  for (guint back = 0; back <= MIN (KEPT_PLIES, ply); back++)
    {
      guint32 index = 0;

      if (memcmp (tb_line_get_position_at (line, ply - back), kept->root,
                  v->rules->position_size) != 0)
        continue;
      for (guint p = ply - back + 1; p <= ply && index != NO_CHILDREN; p++)
        {
          const Node *node = &g_array_index (kept->nodes, Node, index);
          TbMove move = tb_line_get_move_at (line, p);

          index = NO_CHILDREN;
          for (guint32 i = 0; i < node->n_children && node->first_child != NO_CHILDREN; i++)
            if (g_array_index (kept->nodes, Node, node->first_child + i).move == move)
              index = node->first_child + i;
        }
      if (index != NO_CHILDREN &&
          g_array_index (kept->nodes, Node, index).first_child == NO_CHILDREN)
        index = NO_CHILDREN;
      return index;
    }
  return NO_CHILDREN;
}

/* The subtree of the kept tree under index becomes the tree, its root
 * at 0 and each node's children side by side again. */
static void
reuse_subtree (Tree *t, const TbAiTree *kept, guint32 index)
{
  GArray *old = kept->nodes;
  guint32 next = 0;

  g_array_set_size (t->nodes, 1);
  *node_at (t, 0) = g_array_index (old, Node, index);
  /* Breadth first: nodes[next] is the next copied node whose children
   * are still in the old tree. */
  for (next = 0; next < t->nodes->len; next++)
    {
      Node *node = node_at (t, next);
      guint32 from = node->first_child, n = node->n_children, first = t->nodes->len;

      if (from == NO_CHILDREN)
        continue;
      g_array_append_vals (t->nodes, &g_array_index (old, Node, from), n);
      node_at (t, next)->first_child = first;
    }
  node_at (t, 0)->move = TB_MOVE_NONE;
  /* It was opened below the root, where only LOOKED_AT moves are looked
   * at: the root looks at them all. */
  if (t->limits->guided)
    rank_children (t, node_at (t, 0)->first_child, node_at (t, 0)->n_children,
                   node_at (t, 0)->n_children);
}

/* The tree is kept for the next search, in place of the kept one. */
static void
keep_tree (Tree *t, TbAiTree *kept)
{
  tb_ai_tree_clear (kept);
  kept->v = tb_variant_ref ((TbVariant *) t->v);
  kept->root = tb_position_dup (t->v, tb_line_get_position (t->line));
  kept->nodes = g_steal_pointer (&t->nodes);
}

gboolean
tb_ai_mcts_lines (TbLine *line, const TbAiLimits *limits, guint64 seed, guint lines,
                  GCancellable *cancellable, TbAiResult *result,
                  TbAiVariation *variations, guint *n_variations)
{
  return tb_ai_mcts_kept (line, limits, seed, lines, NULL, cancellable, result, variations,
                          n_variations);
}

gboolean
tb_ai_mcts_kept (TbLine *line, const TbAiLimits *limits, guint64 seed, guint lines,
                 TbAiTree *kept, GCancellable *cancellable, TbAiResult *result,
                 TbAiVariation *variations, guint *n_variations)
{
  const TbVariant *v = tb_line_get_variant (line);
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = limits->time_us ? start + limits->time_us : 0;
  Tree t = { line, v, limits, g_array_new (FALSE, FALSE, sizeof (Node)),
             g_new (TbMove, v->max_moves) };
  guint64 iterations = 0;
  guint32 best, reused;
  guint64 reused_visits = 0;

  tb_random_init (&t.rng, seed);
  /* A search by nodes gives the same move for a seed: it starts afresh. */
  if (!limits->reuse || limits->budget)
    kept = NULL;
  reused = kept ? kept_node (kept, line, v) : NO_CHILDREN;
  if (reused != NO_CHILDREN)
    {
      reuse_subtree (&t, kept, reused);
      reused_visits = node_at (&t, 0)->visits;
    }
  else
    {
      g_array_set_size (t.nodes, 1);
      *node_at (&t, 0) = (Node) { TB_MOVE_NONE, NO_CHILDREN, 0, 1, FALSE, 0, 0.5f };
      open_node (&t, 0, 0);
      if (!limits->guided)   /* guided, open_node ranked the root's moves already */
        order_root (&t);
    }
  while (!limits->budget || iterations < limits->budget)
    {
      if (iterations % CHECK_EVERY == 0 &&
          ((deadline && g_get_monotonic_time () >= deadline) ||
           g_cancellable_is_cancelled (cancellable)))
        break;
      iterate (&t);
      iterations++;
    }
  best = most_visited (&t, 0, NULL, 0);
  if (best == NO_CHILDREN)   /* not one iteration: the first of the look */
    best = node_at (&t, 0)->first_child;
  memset (result, 0, sizeof *result);
  result->reused = reused_visits;
  result->move = node_at (&t, best)->move;
  result->score = rate_to_score (&t, node_at (&t, best));
  result->iterations = iterations;
  result->nodes = t.visited + iterations;
  result->time_us = g_get_monotonic_time () - start;
  if (n_variations)
    *n_variations = tree_variations (&t, lines, variations);
  if (kept)
    keep_tree (&t, kept);
  else
    g_array_unref (t.nodes);
  g_free (t.moves);
  return !g_cancellable_is_cancelled (cancellable);
}

gboolean
tb_ai_mcts (TbLine *line, const TbAiLimits *limits, guint64 seed, GCancellable *cancellable,
            TbAiResult *result)
{
  return tb_ai_mcts_lines (line, limits, seed, 1, cancellable, result, NULL, NULL);
}
