/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai.h: the computer players
 *
 * One search for every ruleset, through TbRules alone: alpha-beta with
 * iterative deepening and a transposition table, or Monte Carlo tree
 * search, whichever plays a game better (tb-ai-levels.c says which, per
 * ruleset and level).  The evaluation is the ruleset's own (evaluate).
 * A search is deterministic for a seed unless its time cap cuts it short.
 * Levels 1 to 4 and the hint are limited by nodes (their time caps are
 * guards a normal machine never reaches); level 5 by time.  tb_ai_analyse
 * scores a position and its best moves for the analysis of a game.
 */
#pragma once

#include <gio/gio.h>

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_AI_MIN_LEVEL 1
#define TB_AI_MAX_LEVEL 5
/* A won end scores this much, less a point a ply so the nearest is best. */
#define TB_AI_WIN 1000000

typedef enum
{
  TB_AI_ALPHA_BETA,
  TB_AI_MCTS,
  TB_AI_RANDOM,      /* a uniformly random legal move: the yardstick of the ladders */
} TbAiEngine;

typedef struct
{
  TbAiEngine engine;
  guint depth;          /* alpha-beta: the deepest iteration */
  guint64 budget;       /* alpha-beta: nodes; MCTS: iterations; 0 for no limit */
  gint64 time_us;       /* a cap on the thinking time; 0 for none.  Without a budget,
                         * alpha-beta searches by time (whole_time says how) */
  int noise;            /* root scores blurred by up to this, in hundredths (weak levels) */
  guint beam;           /* alpha-beta: moves kept per node, best first by a one-move look; 0 all */
  guint playout_cut;    /* MCTS: plies a playout runs before the evaluation judges it; 0 to the end */
  int eval_scale;       /* MCTS: hundredths for which a position counts as about 73 % won */
  /* What level 5 learnt after 2026-11 (off: the search as it was before,
   * kept so that matches measure the gain, tablier-cli match ai:5-old). */
  guint quiescence;     /* alpha-beta: plies past the horizon the ruleset's tactical moves
                         * (captures, entries, pulls) are followed; 0 none */
  gboolean guided;      /* MCTS: a one-move look as each node's prior, its moves
                         * widened progressively best first */
  gboolean whole_time;  /* alpha-beta by time: iterations go on to the deadline, the one
                         * it cuts short counting for the root moves it finished; off,
                         * one starts only if it should finish (a third of the time
                         * went unused on average) */
  gboolean reuse;       /* MCTS: the tree of the previous move goes on, where what was
                         * played since leads (tb_ai_think_kept); only searches by
                         * time, whose moves a seed does not fix anyway */
} TbAiLimits;

typedef struct
{
  TbMove move;
  int score;            /* hundredths of a point for the side to move; about ±TB_AI_WIN: an end in sight */
  guint depth;          /* alpha-beta: the last iteration completed */
  guint64 iterations;   /* MCTS */
  guint64 reused;       /* MCTS: iterations the search inherited from the previous one
                         * (TbAiLimits.reuse) */
  guint64 nodes;        /* positions visited */
  gint64 time_us;
} TbAiResult;

/* What tb_ai_analyse returns at most: candidate moves, and plies of each. */
#define TB_AI_MAX_LINES 8
#define TB_AI_MAX_PV 8

/* One candidate move and what follows it. */
typedef struct
{
  TbMove moves[TB_AI_MAX_PV];  /* moves[0] the candidate, then the best answers */
  guint n_moves;
  guint depth;                 /* the iteration that scored it (MCTS: n_moves) */
  int score;                   /* hundredths of a point for seat 1; about ±TB_AI_WIN:
                                * an end in sight */
  double expected;             /* the expected score of seat 1 after it, 0 to 1 */
} TbAiVariation;

/* How far an analysis looks.  nodes decides, the same on every machine;
 * time_us is an extra cap, for a machine too slow for the nodes (a
 * result it cuts short depends on the machine). */
typedef struct
{
  guint64 nodes;        /* positions searched at most; 0 for no limit */
  gint64 time_us;       /* 0 for none */
  guint depth;          /* the deepest iteration; 0 for as deep as the rest allows */
} TbAiAnalyseLimits;

typedef struct
{
  double expected;      /* the position's expected score for seat 1, 0 to 1: its best move's */
  int score;            /* the same in hundredths of a point for seat 1, as TbAiVariation */
  guint depth;          /* the last iteration completed */
  guint64 nodes;
  gint64 time_us;
  guint n_variations;   /* 0 when the game is over: expected is then its result */
  TbAiVariation variations[TB_AI_MAX_LINES];  /* best first */
} TbAiAnalysis;

#define TB_AI_ERROR (tb_ai_error_quark ())
GQuark tb_ai_error_quark (void);

typedef enum
{
  TB_AI_ERROR_GAME_OVER,
  TB_AI_ERROR_BAD_LEVEL,
  TB_AI_ERROR_BAD_LIMITS,
} TbAiError;

/* How a level of a ruleset plays (levels 1..5). */
gboolean tb_ai_level_limits (const TbRules *rules, guint level, TbAiLimits *limits,
                             GError **error);
/* How a level played before what level 5 learnt in 2026-11 (the fields
 * of TbAiLimits from quiescence on, and Retournement's cut playouts), so
 * that matches measure the gain: tablier-cli match ai:N-old. */
gboolean tb_ai_level_limits_old (const TbRules *rules, guint level, TbAiLimits *limits,
                                 GError **error);

/* The hint's limits: the strongest search of the game (level 5's) for
 * about a second of this machine, counted in nodes or iterations so that
 * the hint is the same move at every press (with a fixed seed). */
void tb_ai_hint_limits (const TbRules *rules, TbAiLimits *limits);

/* An analysis of about a second, counted in nodes (the hint's budget). */
void tb_ai_analyse_limits (const TbRules *rules, TbAiAnalyseLimits *limits);

/* The expected score (a loss 0, a draw 1/2, a win 1) of the side a
 * search's score is for: a seen win 1, a seen loss 0, an evaluation
 * squashed by the game's scale (tb-ai-levels.c). */
double tb_ai_expected_score (const TbRules *rules, int score);

/* Chooses a move for the side to move at the end of line (which it plays
 * on and gives back unchanged).  FALSE when the game is over there, or
 * when cancellable was cancelled (G_IO_ERROR_CANCELLED). */
gboolean tb_ai_think (TbLine *line, const TbAiLimits *limits, guint64 seed,
                      GCancellable *cancellable, TbAiResult *result, GError **error);

/* What a search keeps from one move to the next of one player (the
 * search tree of Monte Carlo, TbAiLimits.reuse). */
typedef struct _TbAiTree TbAiTree;
TbAiTree *tb_ai_tree_new (void);
void tb_ai_tree_free (TbAiTree *kept);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbAiTree, tb_ai_tree_free)

/* tb_ai_think, going on from what kept holds of the same player's
 * previous search, and keeping this one's there (kept may be NULL). */
gboolean tb_ai_think_kept (TbLine *line, const TbAiLimits *limits, guint64 seed, TbAiTree *kept,
                           GCancellable *cancellable, TbAiResult *result, GError **error);

/* The same in a worker thread, for the current position of game (the
 * line to it is copied: the game may change meanwhile). */
void tb_ai_think_async (TbGame *game, const TbAiLimits *limits, guint64 seed,
                        GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data);
gboolean tb_ai_think_finish (GAsyncResult *result, TbAiResult *out, GError **error);
/* tb_ai_think_kept in a worker thread, which takes kept (nullable) and
 * gives it back through finish; a cancelled search frees it. */
void tb_ai_think_kept_async (TbGame *game, const TbAiLimits *limits, guint64 seed,
                             TbAiTree *kept, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data);
gboolean tb_ai_think_kept_finish (GAsyncResult *result, TbAiResult *out, TbAiTree **kept,
                                  GError **error);

/* Evaluates the position at the end of line (given back unchanged) and
 * its best `lines` moves (1 to TB_AI_MAX_LINES, fewer when fewer are
 * legal), each with its score and variation, by level 5's search: the
 * same result for the same input on any machine unless the time cap cuts
 * it.  Alpha-beta gives each of the best moves its exact score at the
 * depth it says; Monte Carlo (Retournement) the most visited moves, best
 * first, with their rates of winning, and counts limits->nodes as
 * iterations.
 * An ended game gives its result and no moves.  FALSE for limits that
 * set no limit or a bad `lines` (TB_AI_ERROR_BAD_LIMITS), or when
 * cancelled. */
gboolean tb_ai_analyse (TbLine *line, const TbAiAnalyseLimits *limits, guint lines,
                        GCancellable *cancellable, TbAiAnalysis *out, GError **error);

/* The same in a worker thread, for the current position of game. */
void tb_ai_analyse_async (TbGame *game, const TbAiAnalyseLimits *limits, guint lines,
                          GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data);
gboolean tb_ai_analyse_finish (GAsyncResult *result, TbAiAnalysis *out, GError **error);

G_END_DECLS
