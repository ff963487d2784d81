/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-play-dialogs.h: the questions and news of a game, as dialogs over
 * the window: resigning, a draw offered to the other person at the
 * screen, and the end of a game (or of a match), each acting on the
 * session when answered */
#pragma once

#include <adwaita.h>

#include "tb-session.h"

G_BEGIN_DECLS

/* "Resign, White?": the session's offering seat resigns on Resign. */
void tb_play_dialogs_ask_resign (GtkWidget *parent, TbSession *session);
/* "White offers a draw": the other person accepts or declines. */
void tb_play_dialogs_ask_draw (GtkWidget *parent, TbSession *session);
/* The game (or the match) is over: what happened, with the next game of
 * the match or a new game (app.new-game) to start, and, for a stored
 * game, Analyse (win.analyse-played-game). */
void tb_play_dialogs_announce_end (GtkWidget *parent, TbSession *session);

G_END_DECLS
