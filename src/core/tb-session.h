/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-session.h: one game being played, and everything around it
 *
 * The session holds the game on the board and what goes with it: its row
 * in the game database (saved after every change, off the main loop:
 * tb-autosave.h), its RA match, the computer players of its seats
 * (thinking in a worker thread, cancelled by undo, a new game, and while
 * nobody looks at the board), resignations and draw offers (the
 * computer's answer is worked out in a worker thread too), hints, and
 * the record of a correspondence game.
 *
 * It never calls the UI: the play page observes it (the "game" it holds,
 * "thinking", and the signals below) and the game it holds.
 */
#pragma once

#include "tb-ai-draw.h"
#include "tb-context.h"
#include "tb-game.h"
#include "tb-match.h"

G_BEGIN_DECLS

#define TB_TYPE_SESSION (tb_session_get_type ())
G_DECLARE_FINAL_TYPE (TbSession, tb_session, TB, SESSION, GObject)

/* With the context's store (none: games are played but not kept; one
 * opened read-only: the same) and its settings (computer-delay).  The
 * user's database may open after the session is made (tb-context.h):
 * the game is saved from then on, and one let go before is saved then. */
TbSession *tb_session_new (TbContext *context);
TbContext *tb_session_get_context (TbSession *self);

/* The game played, or NULL before the first ("game", notified with
 * "game-replaced"). */
TbGame *tb_session_get_game (TbSession *self);
/* The match the game belongs to (RA), or NULL. */
TbMatch *tb_session_get_match (TbSession *self);
/* The game's row in the database: 0 until its first save is written
 * ("id", notified). */
gint64 tb_session_get_id (TbSession *self);
/* Whether a save is being written or waits to be ("saving", notified). */
gboolean tb_session_get_saving (TbSession *self);

/* ---- which game ---- */

/* Plays game from where it stands, as a new game of the database (and a
 * new match when its ruleset plays matches). */
void tb_session_start (TbSession *self, TbGame *game);
/* Plays on the stored game id (0: the unfinished game played last), with
 * the match it belongs to.  _finish: FALSE and error when it cannot be
 * read; FALSE without error when id is 0 and no game is unfinished, and
 * when another game began while it was read (that one stays). */
void tb_session_resume_async (TbSession *self, gint64 id, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data);
gboolean tb_session_resume_finish (TbSession *self, GAsyncResult *result, GError **error);
/* A new game with replayed's moves up to the ply it stands at, its
 * options and players, recorded in the database as continued from the
 * stored game replayed_id.  FALSE and error when a move will not play. */
gboolean tb_session_continue_from (TbSession *self, TbGame *replayed, gint64 replayed_id,
                                   GError **error);
/* The game is over and its match is not: the next game of the match. */
gboolean tb_session_can_start_next_game (TbSession *self);
void tb_session_start_next_game (TbSession *self);
/* Correspondence: the database may hold a newer state of the game (the
 * other player's record was imported); if so it replaces the game. */
void tb_session_reload (TbSession *self);

/* ---- playing ---- */

/* The computer plays its seats only while the session is active (the
 * board is on screen); inactive, it stops thinking.  Default FALSE. */
gboolean tb_session_get_active (TbSession *self);
void tb_session_set_active (TbSession *self, gboolean active);
/* The seat the computer is thinking for, or 0 ("thinking", notified). */
guint tb_session_get_thinking (TbSession *self);
/* Seeds the computer's thinking, so that tests repeat a game. */
void tb_session_set_seed (TbSession *self, guint64 seed);

/* Whether a person, not the computer, is to move in a game going on. */
gboolean tb_session_is_persons_turn (TbSession *self);
/* Whether one seat is the computer's and the other a person's. */
gboolean tb_session_is_against_computer (TbSession *self);
/* Whether the game stands at its last move and goes on, with a person
 * playing: resigning and offering a draw make sense. */
gboolean tb_session_can_offer (TbSession *self);

gboolean tb_session_play (TbSession *self, TbMove move, GError **error);
/* Against the computer, undo and redo go from one of the person's turns
 * to the next (the computer's moves in between go too). */
gboolean tb_session_undo (TbSession *self);
gboolean tb_session_redo (TbSession *self);

/* Who resigns or offers a draw: the person to move, or the one person
 * playing the computer. */
guint tb_session_get_offering_seat (TbSession *self);
void tb_session_resign (TbSession *self, guint seat);
/* The offering seat offers a draw.  Against the computer, TRUE: the
 * answer comes later, worked out in a worker thread ("draw-answered";
 * the game is drawn when it accepts).  FALSE when the other seat is a
 * person, who is asked (then tb_session_agree_draw). */
gboolean tb_session_offer_draw (TbSession *self);
void tb_session_agree_draw (TbSession *self);

/* The computer's choice for the person to move (at the normal level),
 * worked out in a worker thread; cancelled (G_IO_ERROR_CANCELLED) when
 * the position changes first. */
void tb_session_hint_async (TbSession *self, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data);
gboolean tb_session_hint_finish (TbSession *self, GAsyncResult *result, TbMove *move,
                                 GError **error);

/* A game played by exchanging records (its Correspondence tag). */
gboolean tb_session_is_correspondence (TbSession *self);

G_END_DECLS
