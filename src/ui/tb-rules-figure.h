/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-figure.h: a drawing of a rules page (<figure>): the start
 * position with its cell names, a hand's pieces with their values, or a
 * board's lines with their names; its caption above it. */
#pragma once

#include <gtk/gtk.h>

#include "tb-rules-page.h"

G_BEGIN_DECLS

/* page and figure must outlive the widget (the window keeps the page). */
GtkWidget *tb_rules_figure_new (const TbRulesPage *page, const TbRulesBlock *figure);

G_END_DECLS
