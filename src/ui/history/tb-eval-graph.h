/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-eval-graph.h: the computer's evaluation across a game, under the board */
#pragma once

#include <gtk/gtk.h>

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_EVAL_GRAPH (tb_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (TbEvalGraph, tb_eval_graph, TB, EVAL_GRAPH, GtkWidget)

GtkWidget *tb_eval_graph_new (void);
/* Shows game's evaluations along its current line (hidden when it has
 * none) and marks its current ply; follows its position. */
void tb_eval_graph_set_game (TbEvalGraph *self, TbGame *game);
/* Reads the evaluations again (an analysis was applied). */
void tb_eval_graph_refresh (TbEvalGraph *self);

G_END_DECLS
