/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-page.h: the stored games: the list (tb-history-view.h), a
 * game replayed (tb-replay-view.h), and what is done with them: resume or
 * continue one (through the session), export, delete (with Undo),
 * import files
 *
 * Its actions are history.show-list, history.export-games,
 * history.analyse-games (the games selected), history.resume-game,
 * history.continue-from-here, history.export-game, history.delete-game
 * and history.undo-delete.  A game resumed or
 * continued is played on the play page (win.show-play). */
#pragma once

#include <adwaita.h>

#include "tb-batch-analysis.h"
#include "tb-history-view.h"
#include "tb-replay-view.h"
#include "tb-session.h"

G_BEGIN_DECLS

#define TB_TYPE_HISTORY_PAGE (tb_history_page_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryPage, tb_history_page, TB, HISTORY_PAGE, GtkWidget)

/* The session games are resumed in, and its context's store (set once). */
void tb_history_page_set_session (TbHistoryPage *self, TbSession *session);
/* The list, read again. */
void tb_history_page_show_list (TbHistoryPage *self);
/* The list of every game, without the filters of an earlier visit
 * (a Players window's jump to one player's games). */
void tb_history_page_show_all (TbHistoryPage *self);
/* The list of one player's games of one ruleset. */
void tb_history_page_show_player (TbHistoryPage *self, const char *ruleset, const char *player);
/* "list" or "replay". */
const char *tb_history_page_get_shown (TbHistoryPage *self);
/* Imports TGN files (one import at a time; FALSE when one runs). */
gboolean tb_history_page_import_files (TbHistoryPage *self, GFile **files, guint n_files);
/* Asks which files to import. */
void tb_history_page_choose_import (TbHistoryPage *self);

/* Replays game id from ply (a game the explorer lists). */
void tb_history_page_open_game_at (TbHistoryPage *self, gint64 id, guint ply);
/* The list of the games that reached a position of key (the explorer's,
 * tb_position_key), each opened where it reached it. */
void tb_history_page_show_position (TbHistoryPage *self, gint64 key);

/* Analyses the stored games ids and saves their annotations (a bar with
 * the progress and Cancel under the page); a replay showing one of them
 * reads it again once it is saved. */
void tb_history_page_analyse_games (TbHistoryPage *self, const gint64 *ids, guint n_ids);
TbBatchAnalysis *tb_history_page_get_batch_analysis (TbHistoryPage *self);

TbHistoryView *tb_history_page_get_view (TbHistoryPage *self);
TbReplayView *tb_history_page_get_replay (TbHistoryPage *self);

G_END_DECLS
