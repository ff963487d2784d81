/* tb-window.h: the play window: header bar, board and game panel */
#pragma once

#include <adwaita.h>

#include "tb-board-view.h"
#include "tb-computer-player.h"
#include "tb-context.h"
#include "tb-game.h"
#include "tb-match.h"

G_BEGIN_DECLS

#define TB_TYPE_WINDOW (tb_window_get_type ())
G_DECLARE_FINAL_TYPE (TbWindow, tb_window, TB, WINDOW, AdwApplicationWindow)

TbWindow *tb_window_new (GtkApplication *application, TbContext *context);

TbGame *tb_window_get_game (TbWindow *self);
TbContext *tb_window_get_context (TbWindow *self);
/* Starts showing and playing game (the window keeps a reference). */
void tb_window_set_game (TbWindow *self, TbGame *game);
TbBoardView *tb_window_get_board_view (TbWindow *self);
/* What the status line under the seats says now. */
const char *tb_window_get_status_text (TbWindow *self);
/* The match the game belongs to, or NULL. */
TbMatch *tb_window_get_match (TbWindow *self);
/* Opens the new-game dialog. */
void tb_window_new_game (TbWindow *self);
/* The New Game dialog with ruleset_id chosen (NULL: the last one). */
void tb_window_new_game_of (TbWindow *self, const char *ruleset_id);
/* Back to the start screen. */
void tb_window_show_games (TbWindow *self);

/* What plays the computer's seats of the current game. */
TbComputerPlayer *tb_window_get_computer (TbWindow *self);

/* Imports TGN files into the game database, with a progress dialog (as
 * dropping them on the window does). */
void tb_window_import_files (TbWindow *self, GFile **files, guint n_files);

G_END_DECLS
