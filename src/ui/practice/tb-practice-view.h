/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-practice-view.h: practice from one's own mistakes, an exercise at a
 * time on the board (tb-practice.h) */
#pragma once

#include <adwaita.h>

#include "tb-board-view.h"
#include "tb-practice.h"
#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_PRACTICE_VIEW (tb_practice_view_get_type ())
G_DECLARE_FINAL_TYPE (TbPracticeView, tb_practice_view, TB, PRACTICE_VIEW, GtkWidget)

/* Reads player's exercises of ruleset's analysed games (store jobs) and
 * shows the first: its position on the board, the player to move.  A
 * move made on the board is judged off the main thread; Hint, Show
 * Solution and Next; each exercise's first answer (or the solution
 * shown) is kept in the store.  "closed" when its Back is pressed. */
void tb_practice_view_start (TbPracticeView *self, TbStore *store, const char *ruleset,
                             const char *player);
/* The board follows the settings the play page's does (legal moves,
 * coordinates, animation speed). */
void tb_practice_view_bind_settings (TbPracticeView *self, GSettings *settings);
/* Nodes per search of the judge (0: the default): for tests. */
void tb_practice_view_set_nodes (TbPracticeView *self, guint64 nodes);

/* For tests: the board, the exercise shown (NULL while loading or when
 * none), and whether a load or a judgement is under way. */
TbBoardView *tb_practice_view_get_board (TbPracticeView *self);
const TbPracticeExercise *tb_practice_view_get_exercise (TbPracticeView *self);
gboolean tb_practice_view_get_busy (TbPracticeView *self);
const char *tb_practice_view_get_result_text (TbPracticeView *self);

G_END_DECLS
