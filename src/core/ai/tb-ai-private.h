/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai-private.h: the two searches behind tb_ai_think */
#pragma once

#include "tb-ai.h"
/* The searches call the ruleset's table directly: it is their inner loop. */
#include "tb-rules-table.h"

G_BEGIN_DECLS

/* Both return FALSE only when cancelled; the line must have a legal move
 * and comes back as it was. */
gboolean tb_ai_alpha_beta (TbLine *line, const TbAiLimits *limits, guint64 seed,
                           GCancellable *cancellable, TbAiResult *result);
/* tb_ai_alpha_beta, whose lines best moves get exact scores and, when
 * variations is not NULL, their variations (up to lines, best first; the
 * score of each for the side to move). */
gboolean tb_ai_alpha_beta_lines (TbLine *line, const TbAiLimits *limits, guint64 seed,
                                 guint lines, GCancellable *cancellable, TbAiResult *result,
                                 TbAiVariation *variations, guint *n_variations);
/* tb_ai_mcts, with the variations of the lines most visited moves. */
gboolean tb_ai_mcts_lines (TbLine *line, const TbAiLimits *limits, guint64 seed, guint lines,
                           GCancellable *cancellable, TbAiResult *result,
                           TbAiVariation *variations, guint *n_variations);
/* tb_ai_mcts_lines, starting from the part of kept's tree that is still
 * ahead and keeping its own tree there, when limits->reuse (kept may be
 * NULL). */
gboolean tb_ai_mcts_kept (TbLine *line, const TbAiLimits *limits, guint64 seed, guint lines,
                          TbAiTree *kept, GCancellable *cancellable, TbAiResult *result,
                          TbAiVariation *variations, guint *n_variations);
gboolean tb_ai_mcts (TbLine *line, const TbAiLimits *limits, guint64 seed,
                     GCancellable *cancellable, TbAiResult *result);

/* The search limits of an analysis of the game of rules (level 5's
 * search, limited by analyse). */
void tb_ai_analysis_search (const TbRules *rules, const TbAiAnalyseLimits *analyse,
                            TbAiLimits *limits);

/* How an ended game scores for the side to move there (ply: how far from
 * the root), the same in both searches: a win is worth TB_AI_WIN less the
 * plies to it, plus the points it is won by. */
int tb_ai_end_score (const TbVariant *v, const TbPosition *pos, const TbOutcome *outcome,
                     guint ply);

G_END_DECLS
