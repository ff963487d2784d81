/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-elo.c: Elo ratings (tb-elo.h says the rules). */
#include "config.h"

#include "tb-elo.h"

#include <math.h>

struct _TbEloTable
{
  GHashTable *players;  /* casefolded name → TbEloPlayer */
};

static void
player_free (TbEloPlayer *player)
{
  g_free (player->name);
  g_free (player);
}

TbEloTable *
tb_elo_table_new (void)
{
  TbEloTable *table = g_new0 (TbEloTable, 1);

  table->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) player_free);
  return table;
}

void
tb_elo_table_free (TbEloTable *table)
{
  if (table == NULL)
    return;
  g_hash_table_unref (table->players);
  g_free (table);
}

double
tb_elo_expected (double a, double b)
{
  return 1.0 / (1.0 + pow (10.0, (b - a) / 400.0));
}

double
tb_elo_k_factor (guint games)
{
  return games < TB_ELO_PROVISIONAL_GAMES ? 32.0 : 16.0;
}

static TbEloPlayer *
player_for (TbEloTable *table, const char *name)
{
  g_autofree char *key = g_utf8_casefold (name, -1);
  TbEloPlayer *player = g_hash_table_lookup (table->players, key);

  if (player == NULL)
    {
      player = g_new0 (TbEloPlayer, 1);
      player->name = g_strdup (name);
      player->rating = TB_ELO_START;
      g_hash_table_insert (table->players, g_steal_pointer (&key), player);
    }
  return player;
}

static void
count_result (TbEloPlayer *player, double score)
{
  player->games++;
  if (score > 0.75)
    player->wins++;
  else if (score < 0.25)
    player->losses++;
  else
    player->draws++;
}

void
tb_elo_table_add_game (TbEloTable *table, const char *player1, const char *player2,
                       double score1)
{
  TbEloPlayer *a, *b;
  double expected1, change1, change2;

  a = player_for (table, player1);
  b = player_for (table, player2);
  /* Someone playing themselves is no information. */
  if (a == b)
    return;
  /* Both changes from the ratings before the game. */
  expected1 = tb_elo_expected (a->rating, b->rating);
  change1 = tb_elo_k_factor (a->games) * (score1 - expected1);
  change2 = tb_elo_k_factor (b->games) * ((1.0 - score1) - (1.0 - expected1));
  a->rating += change1;
  b->rating += change2;
  count_result (a, score1);
  count_result (b, 1.0 - score1);
}

const TbEloPlayer *
tb_elo_table_lookup (TbEloTable *table, const char *name)
{
  g_autofree char *key = g_utf8_casefold (name, -1);

  return g_hash_table_lookup (table->players, key);
}

static int
by_rating (gconstpointer a, gconstpointer b)
{
  const TbEloPlayer *x = *(TbEloPlayer *const *) a, *y = *(TbEloPlayer *const *) b;

  if (x->rating != y->rating)
    return x->rating > y->rating ? -1 : 1;
  return g_utf8_collate (x->name, y->name);
}

GPtrArray *
tb_elo_table_players (TbEloTable *table)
{
  GPtrArray *players = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer player;

  g_hash_table_iter_init (&iter, table->players);
  while (g_hash_table_iter_next (&iter, NULL, &player))
    if (((TbEloPlayer *) player)->games > 0)
      g_ptr_array_add (players, player);
  g_ptr_array_sort (players, by_rating);
  return players;
}
