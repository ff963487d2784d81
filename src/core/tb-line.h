/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-line.h: one line of play from the start, with repetition counting
 *
 * The positions of a game in order, the moves between them, and a count
 * of how often each position has occurred, so that the end of the game
 * (the ruleset's own ends, then the repetition addition) is known at every
 * ply.  tablier-cli, perft, the benchmarks, the AI and TbGame all play
 * through a TbLine; push and pop allocate only when the line grows past
 * its longest length so far.
 */
#pragma once

#include "tb-rules.h"

G_BEGIN_DECLS

typedef struct _TbLine TbLine;

TbLine *tb_line_new (TbVariant *variant, guint starter);
/* The same positions, moves and counts, for another thread to play on. */
TbLine *tb_line_copy (const TbLine *line);
void tb_line_free (TbLine *line);
void tb_line_reset (TbLine *line, guint starter);
/* Starts the line from a set-up position instead of the start. */
void tb_line_reset_to (TbLine *line, const TbPosition *pos);

TbVariant *tb_line_get_variant (const TbLine *line);
guint tb_line_get_starter (const TbLine *line);
guint tb_line_get_ply (const TbLine *line);
const TbPosition *tb_line_get_position (const TbLine *line);
const TbPosition *tb_line_get_position_at (const TbLine *line, guint ply);
/* The move that led from ply - 1 to ply (ply >= 1). */
TbMove tb_line_get_move_at (const TbLine *line, guint ply);
/* How many times the current position has occurred in the line. */
guint tb_line_get_occurrences (const TbLine *line);

/* Writes the legal moves of the current position into moves (room for
 * variant->max_moves) and returns how many; when the game is over returns
 * 0 and fills outcome (which may be NULL). */
guint tb_line_moves (TbLine *line, TbMove *moves, TbOutcome *outcome);
gboolean tb_line_is_over (TbLine *line, TbOutcome *outcome);
/* For random playouts: the number tb_line_moves() would return, without
 * the list where the ruleset can count (TbRules.count_moves); then the
 * i-th of those moves (i below that number, in the same position, with
 * no other call on the line in between). */
guint tb_line_count_moves (TbLine *line, TbOutcome *outcome);
TbMove tb_line_nth_move (TbLine *line, guint i);
/* The same, known that the player to move has a legal move (so the game
 * does not end for want of one): no list of moves is made. */
gboolean tb_line_is_over_with_a_move (TbLine *line, TbOutcome *outcome);

/* Plays a move known to be legal. */
void tb_line_push (TbLine *line, TbMove move);
void tb_line_pop (TbLine *line);

/* Checks legality first; errors name what is wrong. */
gboolean tb_line_play (TbLine *line, TbMove move, GError **error);
gboolean tb_line_play_text (TbLine *line, const char *text, TbMove *move, GError **error);

/* Reads a move token in the current position and checks it is legal; an
 * illegal move's error says why (the ruleset's explain_illegal). */
gboolean tb_line_parse_move (TbLine *line, const char *text, TbMove *move, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbLine, tb_line_free)

G_END_DECLS
