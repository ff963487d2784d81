/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-example.h: one worked example of a rules page: the caption, a
 * live board where the reader tries the rule, what happened, and buttons
 * to see the move or start again. */
#pragma once

#include <gtk/gtk.h>

#include "tb-rules-page.h"

G_BEGIN_DECLS

#define TB_TYPE_RULES_EXAMPLE (tb_rules_example_get_type ())
G_DECLARE_FINAL_TYPE (TbRulesExample, tb_rules_example, TB, RULES_EXAMPLE, GtkWidget)

/* page and example must outlive the widget (the window keeps the page). */
GtkWidget *tb_rules_example_new (const TbRulesPage *page, const TbRulesBlock *example);

TbGame *tb_rules_example_get_game (TbRulesExample *self);
GtkWidget *tb_rules_example_get_board (TbRulesExample *self);
/* What the example says now: the last move, or why one was refused. */
const char *tb_rules_example_get_status (TbRulesExample *self);
/* "Show Me" and "Start Again". */
void tb_rules_example_show_move (TbRulesExample *self);
void tb_rules_example_restart (TbRulesExample *self);

G_END_DECLS
