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
gboolean tb_ai_mcts (TbLine *line, const TbAiLimits *limits, guint64 seed,
                     GCancellable *cancellable, TbAiResult *result);

/* How an ended game scores for the side to move there (ply: how far from
 * the root), the same in both searches: a win is worth TB_AI_WIN less the
 * plies to it, plus the points it is won by. */
int tb_ai_end_score (const TbVariant *v, const TbPosition *pos, const TbOutcome *outcome,
                     guint ply);

G_END_DECLS
