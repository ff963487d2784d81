/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-batch-analysis.h: stored games analysed one after another, with a
 * progress bar and Cancel (Analyse in the history, and at a game's end) */
#pragma once

#include <gtk/gtk.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_BATCH_ANALYSIS (tb_batch_analysis_get_type ())
G_DECLARE_FINAL_TYPE (TbBatchAnalysis, tb_batch_analysis, TB, BATCH_ANALYSIS, GtkWidget)

/* Analyses the stored games ids (after those already waiting, a game
 * asked for twice once), each read, analysed and saved by store jobs
 * with its annotations: "game-analysed" (gint64 id) once it is saved.
 * The widget shows itself while it works. */
void tb_batch_analysis_add (TbBatchAnalysis *self, TbStore *store, const gint64 *ids,
                            guint n_ids);
/* Nodes per position instead of the default level's (0: the default):
 * for tests. */
void tb_batch_analysis_set_nodes (TbBatchAnalysis *self, guint64 nodes);
gboolean tb_batch_analysis_get_busy (TbBatchAnalysis *self);
/* Stops: the game being analysed is left as it was stored. */
void tb_batch_analysis_cancel (TbBatchAnalysis *self);

G_END_DECLS
