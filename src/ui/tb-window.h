/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-window.h: the application window: the game picker, the play page
 * and the history page in a stack, and the toasts over them
 *
 * The window holds the session (the game being played) and hands it to
 * its pages; it keeps nothing of the game itself.  Its actions go from
 * page to page (win.show-games, win.show-play, win.show-history) and
 * open what belongs to the whole window (win.show-players,
 * win.show-player-games, win.show-rules, win.import-games, win.practise,
 * win.analyse-played-game).
 */
#pragma once

#include <adwaita.h>

#include "tb-context.h"
#include "tb-history-page.h"
#include "tb-practice-view.h"
#include "tb-play-page.h"
#include "tb-session.h"

G_BEGIN_DECLS

#define TB_TYPE_WINDOW (tb_window_get_type ())
G_DECLARE_FINAL_TYPE (TbWindow, tb_window, TB, WINDOW, AdwApplicationWindow)

TbWindow *tb_window_new (GtkApplication *application, TbContext *context);

TbContext *tb_window_get_context (TbWindow *self);
TbSession *tb_window_get_session (TbWindow *self);
TbPlayPage *tb_window_get_play_page (TbWindow *self);
TbHistoryPage *tb_window_get_history_page (TbWindow *self);
/* The practice page (win.practise "(ss)": a ruleset, "" for every game,
 * and a player's whole name). */
TbPracticeView *tb_window_get_practice_view (TbWindow *self);
/* The page shown: "picker", "play" or "history". */
const char *tb_window_get_page (TbWindow *self);

/* Starts playing game (a new game of the database) on the play page. */
void tb_window_set_game (TbWindow *self, TbGame *game);
/* Opens the new-game dialog, with ruleset_id chosen (NULL: the last). */
void tb_window_new_game (TbWindow *self, const char *ruleset_id);
/* Back to the start screen. */
void tb_window_show_games (TbWindow *self);
/* Imports TGN files into the game database, with a progress dialog (as
 * dropping them on the window does); once it is open, when it is still
 * opening. */
void tb_window_import_files (TbWindow *self, GFile **files, guint n_files);

G_END_DECLS
