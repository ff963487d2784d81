/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-explorer-panel.h: the opening explorer beside a replayed game: the
 * moves played from the position on the board across the stored games,
 * how often and with what results for the side to move, and the games
 * that reached it
 *
 * Signals: "show-games" (gint64 key): the games that reached the
 * position (of this key, tb_position_key) are to be listed. */
#pragma once

#include <adwaita.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_EXPLORER_PANEL (tb_explorer_panel_get_type ())
G_DECLARE_FINAL_TYPE (TbExplorerPanel, tb_explorer_panel, TB, EXPLORER_PANEL, GtkWidget)

/* The game whose position is explored, as it moves, in store; its main
 * line's next move is the one a row plays (the replay follows the game). */
void tb_explorer_panel_set_game (TbExplorerPanel *self, TbStore *store, TbGame *game);
/* Whether the row of the game's next move plays it (a replay, the
 * default), or no row plays anything (a game being played). */
void tb_explorer_panel_set_follows (TbExplorerPanel *self, gboolean follows);
/* Whether an answer is awaited (for tests). */
gboolean tb_explorer_panel_get_busy (TbExplorerPanel *self);
/* The answer shown, or NULL (for tests). */
const TbStoreExplorer *tb_explorer_panel_get_shown (TbExplorerPanel *self);

G_END_DECLS
