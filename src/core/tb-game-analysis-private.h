/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-analysis-private.h: between the files of the game analysis */
#pragma once

#include "tb-game-analysis.h"

G_BEGIN_DECLS

/* Judges the n_moves moves of a line from the analyses of its n_moves + 1
 * positions and how many legal moves each had; start is a line at the
 * line's first position (used, then given back as it was). */
TbGameAnalysis *tb_game_analysis_judge (const TbRules *rules, const TbAiAnalysis *positions,
                                        const guint *n_legal, const TbMove *moves,
                                        guint n_moves, TbLine *start);

G_END_DECLS
