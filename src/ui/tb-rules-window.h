/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-window.h: the Rules window (F1, the game picker's Rules
 * buttons, the primary menu). */
#pragma once

#include <adwaita.h>

#include "tb-rules-page.h"

G_BEGIN_DECLS

#define TB_TYPE_RULES_WINDOW (tb_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (TbRulesWindow, tb_rules_window, TB, RULES_WINDOW, AdwWindow)

TbRulesWindow *tb_rules_window_new (GtkWindow *parent);
/* Shows the rules of ruleset (its page in the reader's language). */
void tb_rules_window_show_game (TbRulesWindow *self, const char *ruleset);
/* Scrolls the page to its section id ("moves"), as its sidebar row and
 * the page's links do; FALSE when the page has none. */
gboolean tb_rules_window_show_section (TbRulesWindow *self, const char *id);
/* The page shown, or NULL (none yet, or it could not be read). */
const TbRulesPage *tb_rules_window_get_page (TbRulesWindow *self);

G_END_DECLS
