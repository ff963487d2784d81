/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-elo.h: Elo ratings, as the online Versus site ranks its players.
 *
 * Everyone starts at 1500.  After each rated game, in date order, both
 * players move by K × (score − expected), expected = 1 / (1 + 10^((Rb −
 * Ra) / 400)); K is 32 for a player's first 30 games, then 16.  Each game
 * (ruleset) has its own ratings: a table per ruleset. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TB_ELO_START 1500.0
#define TB_ELO_PROVISIONAL_GAMES 30

typedef struct
{
  char *name;
  guint games;
  guint wins;
  guint draws;
  guint losses;
  double rating;
} TbEloPlayer;

typedef struct _TbEloTable TbEloTable;

TbEloTable *tb_elo_table_new (void);
void tb_elo_table_free (TbEloTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbEloTable, tb_elo_table_free)

/* One rated game between player1 and player2 (names compared without
 * case); score1 is player 1's: 1, 0.5 or 0. */
void tb_elo_table_add_game (TbEloTable *table, const char *player1, const char *player2,
                            double score1);
/* The player, or NULL when they have played no rated game here. */
const TbEloPlayer *tb_elo_table_lookup (TbEloTable *table, const char *name);
/* Every player, best rating first (ties by name); the table owns them. */
GPtrArray *tb_elo_table_players (TbEloTable *table);

/* The expected score of a player rated a against one rated b. */
double tb_elo_expected (double a, double b);
/* The K factor of a player who has played games rated games before. */
double tb_elo_k_factor (guint games);

G_END_DECLS
