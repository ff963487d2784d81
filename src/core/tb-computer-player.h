/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-computer-player.h: plays the seats of a game that the computer holds
 *
 * Watches a TbGame: whenever the current position is the end of the line,
 * the game goes on and the seat to move is the computer's (the
 * Player1Type/Player1Level tags), it thinks in a worker thread and plays
 * its move, no sooner than a delay after the position appeared (so that a
 * person sees what happened).  Any change of position (undo, a jump in the
 * move list, a new move) cancels the thinking at once.
 */
#pragma once

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_COMPUTER_PLAYER (tb_computer_player_get_type ())
G_DECLARE_FINAL_TYPE (TbComputerPlayer, tb_computer_player, TB, COMPUTER_PLAYER, GObject)

TbComputerPlayer *tb_computer_player_new (TbGame *game);
TbGame *tb_computer_player_get_game (TbComputerPlayer *self);

/* The least time, in milliseconds, between a position and the computer's
 * reply to it (default 0). */
guint tb_computer_player_get_delay (TbComputerPlayer *self);
void tb_computer_player_set_delay (TbComputerPlayer *self, guint delay_ms);

/* Seeds the thinking (the weak levels' blur), so tests can repeat a game;
 * by default a random seed per move. */
void tb_computer_player_set_seed (TbComputerPlayer *self, guint64 seed);

/* The seat thinking now, or 0 ("thinking" property, notified). */
guint tb_computer_player_get_thinking (TbComputerPlayer *self);

G_END_DECLS
