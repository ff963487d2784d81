/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-test-games.h: games for the tests of records and of the store */
#pragma once

#include "tb-game.h"
#include "tb-random.h"

G_BEGIN_DECLS

/* A new game of ruleset_id (default options, or "k=v,…"), seat 1 first. */
TbGame *tt_new_game (const char *ruleset_id, const char *options);
/* Plays the NULL-terminated tokens; aborts on an illegal one. */
void tt_play_moves (TbGame *game, const char *const *moves);
TbMove tt_random_move (TbGame *game, TbRandom *rng);
/* Plays move, as a variation when another move is there already. */
void tt_play_move (TbGame *game, TbMove move);
/* A random game of up to max_plies (to its end when it comes first), with
 * comments, NAGs and variations nested up to 3 deep, at its start. */
TbGame *tt_annotated_random_game (const char *ruleset_id, const char *options, guint64 seed,
                                  guint max_plies);
/* Both trees have the same moves, comments, NAGs and finishes in the same
 * order. */
/* The token of the move that led to ply is text. */
void tt_assert_move_text (TbGame *game, guint ply, const char *text);
void tt_assert_same_tree (const TbGameNode *a, const TbGameNode *b);
void tt_assert_same_tags (TbGame *a, TbGame *b);

G_END_DECLS
