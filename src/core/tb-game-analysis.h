/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-analysis.h: the analysis of a whole game
 *
 * Every position of a game's main line is evaluated by tb_ai_analyse (two
 * worker threads, a budget of nodes: the same result on every machine),
 * then every move is judged by what it lost against the best move found,
 * in expected score for the player who made it: best, good, inaccuracy
 * (?!), mistake (?) or blunder (??).  A move that was the only legal one
 * is never judged.  Applied to the game, the analysis sets each
 * position's evaluation, the NAGs, and for each mistake and blunder the
 * better move and its continuation as a variation with a comment.
 */
#pragma once

#include <gio/gio.h>

#include "tb-ai.h"
#include "tb-game.h"

G_BEGIN_DECLS

/* The default strength of an analysis (tb_game_analysis_limits). */
#define TB_GAME_ANALYSIS_DEFAULT_LEVEL 3
/* Plies of the better line kept in a variation. */
#define TB_GAME_ANALYSIS_VARIATION_PLIES 4

typedef enum
{
  TB_MOVE_QUALITY_NONE,        /* the only legal move: not judged */
  TB_MOVE_QUALITY_BEST,
  TB_MOVE_QUALITY_GOOD,
  TB_MOVE_QUALITY_INACCURACY,  /* ?! */
  TB_MOVE_QUALITY_MISTAKE,     /* ? */
  TB_MOVE_QUALITY_BLUNDER,     /* ?? */
} TbMoveQuality;

/* The least losses (expected score of the mover, 0 to 1) of each class. */
typedef struct
{
  double good;          /* less than this is as good as the best move */
  double inaccuracy;
  double mistake;
  double blunder;
} TbMoveThresholds;

typedef struct
{
  guint seat;                 /* who played it */
  double loss;                /* expected score it lost for its player, 0 to 1 */
  TbMoveQuality quality;
  TbAiVariation better;       /* the best move found and its line (n_moves 0 if none) */
} TbMoveJudgement;

typedef struct
{
  guint judged;               /* moves judged (the only legal moves are not) */
  guint inaccuracies;
  guint mistakes;
  guint blunders;
  double accuracy;            /* 0 to 100: the mean of 100 × (1 − loss) over judged moves */
} TbPlayerSummary;

typedef struct
{
  guint n_plies;
  double *evals;              /* n_plies + 1: seat 1's expected score before each move, then at the end */
  TbMoveJudgement *moves;     /* n_plies: moves[ply - 1] */
  TbPlayerSummary players[2]; /* seat 1, seat 2 */
} TbGameAnalysis;

/* Called as positions are done (done of total), in the thread that runs
 * the analysis (the main context's for the async version). */
typedef void (*TbGameAnalysisProgress) (guint done, guint total, gpointer user_data);

/* Strength 1 to 5: 3 is half of a hint's budget per position, each level
 * twice the one below.  FALSE (TB_AI_ERROR_BAD_LEVEL) outside 1 to 5. */
gboolean tb_game_analysis_limits (const TbRules *rules, guint level, TbAiAnalyseLimits *limits,
                                  GError **error);
void tb_game_analysis_thresholds (const TbRules *rules, TbMoveThresholds *thresholds);

/* Analyses the main line of game (read at the call: it may change after).
 * NULL when cancelled (G_IO_ERROR_CANCELLED) or for bad limits. */
TbGameAnalysis *tb_game_analyse (TbGame *game, const TbAiAnalyseLimits *limits,
                                 TbGameAnalysisProgress progress, gpointer user_data,
                                 GCancellable *cancellable, GError **error);
/* The same off the main thread; progress is called in the caller's main
 * context. */
void tb_game_analyse_async (TbGame *game, const TbAiAnalyseLimits *limits,
                            TbGameAnalysisProgress progress, gpointer progress_data,
                            GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data);
TbGameAnalysis *tb_game_analyse_finish (GAsyncResult *result, GError **error);

void tb_game_analysis_free (TbGameAnalysis *analysis);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbGameAnalysis, tb_game_analysis_free)

/* Writes the analysis into game, whose main line it was made of: the
 * evaluations, the NAGs ?!, ? and ?? (any earlier ones of the analysis
 * replaced), and the better lines of mistakes and blunders as variations
 * (not again when the game has that move there already).  The game is
 * left at the node it was at. */
void tb_game_analysis_apply (const TbGameAnalysis *analysis, TbGame *game);

/* The summary per player of the analysis stored in game (as applied by
 * tb_game_analysis_apply, maybe saved and read back): the counts of its
 * main line's glyphs ?!, ? and ??, and an accuracy from its evaluations
 * (a move's loss being how far its player's expected score fell over
 * it).  FALSE, players zeroed, when the game was not analysed (no
 * evaluation at its start). */
gboolean tb_game_analysis_summarise (TbGame *game, TbPlayerSummary players[2]);

/* The NAG of a quality (6, 2, 4 for ?!, ?, ??), 0 for the others. */
guint8 tb_move_quality_nag (TbMoveQuality quality);

G_END_DECLS
