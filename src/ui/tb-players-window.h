/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-players-window.h: the Players window (win.show-players). */
#pragma once

#include <adwaita.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_PLAYERS_WINDOW (tb_players_window_get_type ())
G_DECLARE_FINAL_TYPE (TbPlayersWindow, tb_players_window, TB, PLAYERS_WINDOW, AdwWindow)

TbPlayersWindow *tb_players_window_new (GtkWindow *parent, TbStore *store, const char *ruleset);
/* The ratings of ruleset's players. */
void tb_players_window_show_game (TbPlayersWindow *self, const char *ruleset);
/* Whether the ratings are being worked out (for tests). */
gboolean tb_players_window_get_loading (TbPlayersWindow *self);
/* The list of players shown, or NULL when there is none. */
GtkListBox *tb_players_window_get_list (TbPlayersWindow *self);

G_END_DECLS
