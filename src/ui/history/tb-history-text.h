/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-text.h: a stored game's players and result in words */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The name stored for seat (1 or 2) of a game of ruleset, or the seat's
 * colour ("White") when none was ("?", as the record writes it). */
char *tb_history_player_name (const char *ruleset, guint seat, const char *name);
/* A Date tag ("2026.11.24") in the locale's way; a partly unknown one as
 * written. */
char *tb_history_date_text (const char *date);
/* "Alice – White", in the seats' order. */
char *tb_history_players_text (const char *ruleset, const char *player1, const char *player2);
/* "Alice won", "Draw", "Unfinished": the winner by name or colour. */
char *tb_history_result_text (const char *ruleset, const char *result, const char *player1,
                              const char *player2);

G_END_DECLS
