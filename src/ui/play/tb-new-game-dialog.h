/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-new-game-dialog.h: choosing the game and the players */
#pragma once

#include <adwaita.h>

#include "tb-context.h"
#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_NEW_GAME_DIALOG (tb_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TbNewGameDialog, tb_new_game_dialog, TB, NEW_GAME_DIALOG, AdwWindow)

TbNewGameDialog *tb_new_game_dialog_new (GtkWindow *parent, TbContext *context);

/* What Start would create now. */
TbGame *tb_new_game_dialog_create_game (TbNewGameDialog *self);
void tb_new_game_dialog_select_ruleset (TbNewGameDialog *self, const char *ruleset_id);
/* The game chosen already (Play on its card): set, not asked again; the
 * dialog's title names it. */
void tb_new_game_dialog_set_game_chosen (TbNewGameDialog *self, const char *ruleset_id);
/* Who plays first (1 or 2); always 1 where the rules do not let players
 * choose. */
guint tb_new_game_dialog_get_starter (TbNewGameDialog *self);
void tb_new_game_dialog_set_starter (TbNewGameDialog *self, guint starter);
/* Sets an option's control as a person would; FALSE for an unknown key. */
/* Who plays a seat: 0 a person, 1..5 the computer at that level. */
guint tb_new_game_dialog_get_level (TbNewGameDialog *self, guint seat);
void tb_new_game_dialog_set_level (TbNewGameDialog *self, guint seat, guint level);
/* Correspondence (only between two people) and rated games. */
gboolean tb_new_game_dialog_get_correspondence (TbNewGameDialog *self);
void tb_new_game_dialog_set_correspondence (TbNewGameDialog *self, gboolean correspondence);
void tb_new_game_dialog_set_rated (TbNewGameDialog *self, gboolean rated);
gboolean tb_new_game_dialog_set_option (TbNewGameDialog *self, const char *key, int value);

G_END_DECLS
