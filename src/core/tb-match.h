/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-match.h: a match: games that follow one another until one player has
 * enough points and a lead (RA: more than 6 points and a lead of 2)
 *
 * The match starts each game with the right player (the loser of the last
 * game; after a void game the same player again), adds up the points of
 * every finished game, and says when and by whom it is won.  The threshold
 * and the lead are the ruleset's options match-threshold and match-lead.
 */
#pragma once

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_MATCH (tb_match_get_type ())
G_DECLARE_FINAL_TYPE (TbMatch, tb_match, TB, MATCH, GObject)

TbMatch *tb_match_new (TbVariant *variant, guint first_starter);
/* A match around a first game made elsewhere (the new-game dialog). */
TbMatch *tb_match_new_with_game (TbGame *first_game);
/* A match taken up again: its games (sharing their Match tag) in the order
 * they were played, the last one the current game. */
TbMatch *tb_match_new_resumed (GPtrArray *games);

TbVariant *tb_match_get_variant (TbMatch *self);
const char *tb_match_get_id (TbMatch *self);
int tb_match_get_threshold (TbMatch *self);
int tb_match_get_lead (TbMatch *self);

guint tb_match_get_n_games (TbMatch *self);
TbGame *tb_match_get_game (TbMatch *self, guint index);
TbGame *tb_match_get_current_game (TbMatch *self);

/* Points of both seats over the finished games. */
void tb_match_get_totals (TbMatch *self, int totals[2]);
gboolean tb_match_is_over (TbMatch *self);
guint tb_match_get_winner (TbMatch *self);   /* 0 while not over */

/* Who starts the game after the current one (which must be over). */
guint tb_match_get_next_starter (TbMatch *self);
/* The current game is over and the match is not: start the next one. */
gboolean tb_match_can_start_next_game (TbMatch *self);
TbGame *tb_match_start_next_game (TbMatch *self);

G_END_DECLS
