/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-list.h: the moves of a game, one row a ply, the current one
 * selected and kept in view ("Start position", "1. c1-e3", "1… g9-g7");
 * activating a row says which ply ("ply-activated") */
#pragma once

#include <gtk/gtk.h>

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_MOVE_LIST (tb_move_list_get_type ())
G_DECLARE_FINAL_TYPE (TbMoveList, tb_move_list, TB, MOVE_LIST, GtkWidget)

GtkWidget *tb_move_list_new (void);

/* Shows game's current line, following its changes (NULL: none). */
void tb_move_list_set_game (TbMoveList *self, TbGame *game);
/* Selects the row of ply (a look back) without moving the game. */
void tb_move_list_select_ply (TbMoveList *self, guint ply);
/* Whether the row of ply is the selected one and wholly in view. */
gboolean tb_move_list_shows_ply (TbMoveList *self, guint ply);

G_END_DECLS
