/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-eval-command.h: the [%eval X] command of a record's comments
 *
 * The computer's evaluation of a position (seat 1's expected score, 0 to
 * 1) travels in a record as a command inside a comment, as PGN's
 * programs carry theirs ([%clk …], [%eval …]): "{[%eval 0.620]}" after
 * the move.  A game keeps it apart from the comment's text
 * (tb_game_node_get_eval), so that a person's comment is never mixed
 * with it.  docs/tgn.md defines it.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "[%eval 0.620]": three decimals, a point whatever the locale. */
char *tb_eval_command_format (double eval);

/* Takes the [%eval X] commands out of a comment: returns the comment's
 * text without them (a new string) and sets *eval to the last one's value,
 * or leaves it alone when there is none.  A command whose value is not a
 * number from 0 to 1 (at most three decimals) is not one: it stays in the
 * text, a person's words.  Linear in the text. */
char *tb_eval_command_take (const char *comment, double *eval);

G_END_DECLS
