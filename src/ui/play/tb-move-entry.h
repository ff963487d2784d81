/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-entry.h: typing a move as its token ("c1-c3", "2h7-j7"), with
 * the legal tokens of the position offered as one types */
#pragma once

#include <gtk/gtk.h>

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_MOVE_ENTRY (tb_move_entry_get_type ())
G_DECLARE_FINAL_TYPE (TbMoveEntry, tb_move_entry, TB, MOVE_ENTRY, GtkWidget)

GtkWidget *tb_move_entry_new (void);

/* The game whose legal moves are offered; NULL for none. */
void tb_move_entry_set_game (TbMoveEntry *self, TbGame *game);
/* The tokens offered for what is typed now (for tests and screen
 * readers): a NULL-terminated array to free with g_strfreev. */
char **tb_move_entry_get_completions (TbMoveEntry *self);
/* Whether a move may be typed now (read-only otherwise, keeping the
 * focus). */
void tb_move_entry_set_can_play (TbMoveEntry *self, gboolean can_play);
/* Plays what was typed as if Enter was pressed in it; with nothing
 * typed, activates the window's default widget (Confirm). */
void tb_move_entry_activate (TbMoveEntry *self);
GtkEditable *tb_move_entry_get_editable (TbMoveEntry *self);

G_END_DECLS
