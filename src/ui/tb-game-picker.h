/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-picker.h: the start screen: a card per game, with a live board
 * of its start position, its credits and length, and Play / Rules
 */
#pragma once

#include <adwaita.h>

#include "tb-game.h"
#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_GAME_PICKER (tb_game_picker_get_type ())
G_DECLARE_FINAL_TYPE (TbGamePicker, tb_game_picker, TB, GAME_PICKER, GtkWidget)

GtkWidget *tb_game_picker_new (void);

/* The game in progress, offered first for resuming (NULL: none). */
void tb_game_picker_set_current_game (TbGamePicker *self, TbGame *game);
/* The other unfinished games stored (a few, newest first, and a row to
 * the history when there are more), read from store; skip_id is the
 * game in progress, offered already. */
void tb_game_picker_list_unfinished (TbGamePicker *self, TbStore *store, gint64 skip_id);

/* The card's board of a ruleset (for tests). */
GtkWidget *tb_game_picker_get_card (TbGamePicker *self, const char *ruleset_id);

G_END_DECLS
