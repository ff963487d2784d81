/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai.h: the computer players
 *
 * One search for every ruleset, through TbRules alone: alpha-beta with
 * iterative deepening and a transposition table, or Monte Carlo tree
 * search, whichever plays a game better (tb-ai-levels.c says which, per
 * ruleset and level).  The evaluation is the ruleset's own (evaluate).
 * A search is deterministic for a seed unless its time cap cuts it short.
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
  gint64 time_us;       /* a cap on the thinking time; 0 for none */
  int noise;            /* root scores blurred by up to this, in hundredths (weak levels) */
  guint beam;           /* alpha-beta: moves kept per node, best first by a one-move look; 0 all */
  guint playout_cut;    /* MCTS: plies a playout runs before the evaluation judges it; 0 to the end */
  int eval_scale;       /* MCTS: hundredths for which a position counts as about 73 % won */
} TbAiLimits;

typedef struct
{
  TbMove move;
  int score;            /* hundredths of a point for the side to move; about ±TB_AI_WIN: an end in sight */
  guint depth;          /* alpha-beta: the last iteration completed */
  guint64 iterations;   /* MCTS */
  guint64 nodes;        /* positions visited */
  gint64 time_us;
} TbAiResult;

#define TB_AI_ERROR (tb_ai_error_quark ())
GQuark tb_ai_error_quark (void);

typedef enum
{
  TB_AI_ERROR_GAME_OVER,
  TB_AI_ERROR_BAD_LEVEL,
} TbAiError;

/* How a level of a ruleset plays (levels 1..5). */
gboolean tb_ai_level_limits (const TbRules *rules, guint level, TbAiLimits *limits,
                             GError **error);

/* Chooses a move for the side to move at the end of line (which it plays
 * on and gives back unchanged).  FALSE when the game is over there, or
 * when cancellable was cancelled (G_IO_ERROR_CANCELLED). */
gboolean tb_ai_think (TbLine *line, const TbAiLimits *limits, guint64 seed,
                      GCancellable *cancellable, TbAiResult *result, GError **error);

/* The same in a worker thread, for the current position of game (the
 * line to it is copied: the game may change meanwhile). */
void tb_ai_think_async (TbGame *game, const TbAiLimits *limits, guint64 seed,
                        GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data);
gboolean tb_ai_think_finish (GAsyncResult *result, TbAiResult *out, GError **error);

G_END_DECLS
