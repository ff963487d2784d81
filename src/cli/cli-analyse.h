/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-analyse.h: the output of tablier-cli ai --analyse */
#pragma once

#include "cli-common.h"
#include "tb-ai.h"

G_BEGIN_DECLS

/* Analyses the position at the end of line and prints it; returns the
 * exit status. */
int cli_analyse (TbLine *line, const TbAiAnalyseLimits *limits, guint lines);

G_END_DECLS
