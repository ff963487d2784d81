/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-analysis-panel.h: Analyse, its progress and Cancel, and the summary
 * per player, for a game replayed */
#pragma once

#include <gtk/gtk.h>

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_ANALYSIS_PANEL (tb_analysis_panel_get_type ())
G_DECLARE_FINAL_TYPE (TbAnalysisPanel, tb_analysis_panel, TB, ANALYSIS_PANEL, GtkWidget)

/* The game to analyse (NULL: none); an analysis running is cancelled.
 * "analysed" is emitted once an analysis has been applied to the game. */
void tb_analysis_panel_set_game (TbAnalysisPanel *self, TbGame *game);
/* Nodes per position instead of the default level's (0: the default):
 * for tests, which cannot wait a minute. */
void tb_analysis_panel_set_nodes (TbAnalysisPanel *self, guint64 nodes);
gboolean tb_analysis_panel_get_busy (TbAnalysisPanel *self);

G_END_DECLS
