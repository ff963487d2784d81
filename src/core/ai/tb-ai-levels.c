/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai-levels.c: what each level of the computer player does, per game
 *
 * Levels 1 and 2 look one or two moves ahead and blur their judgement, so
 * they play plausible moves but miss things; 3 is a fair opponent within
 * about a second; 4 and 5 search longer.  Budgets are counted in nodes
 * (positions searched) so that a seed gives the same move on every
 * machine; the time caps only guard slow machines.  The figures come from
 * the ladders of tablier-cli match (see the project's notes).
 */
#include "config.h"

#include <string.h>

#include "tb-ai.h"

typedef struct
{
  const char *family;
  TbAiLimits levels[TB_AI_MAX_LEVEL];
} LevelTable;

#define SECONDS(s) ((gint64) ((s) * G_USEC_PER_SEC))
/* Level 5 stops at 4.8 s: within the 5 s a move may take, with room for
 * the nodes searched after the clock is looked at. */
#define LEVEL_5_CAP SECONDS (4.8)

static const LevelTable tables[] = {
  { "versus", {
      { TB_AI_ALPHA_BETA, 1, 0, SECONDS (1), 300, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 2, 0, SECONDS (1), 100, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 60000, SECONDS (1), 0, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 300000, SECONDS (2.5), 0, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 3500000, LEVEL_5_CAP, 0, 0, 0, 0 },
  } },
  /* RA's level 4 won only 60 % against a level 3 of 60,000 positions:
   * its searches gain less from more positions, so level 3 gets fewer. */
  { "ra", {
      { TB_AI_ALPHA_BETA, 1, 0, SECONDS (1), 300, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 2, 0, SECONDS (1), 100, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 15000, SECONDS (1), 0, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 300000, SECONDS (2.5), 0, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 3500000, LEVEL_5_CAP, 0, 0, 0, 0 },
  } },
  /* Between strong searches Oraïa is a waiting game that ends drawn: a
   * level 5 of 3.5M positions drew 38 games in 40 against a level 4 of
   * 300,000.  Levels 3 and 4 search fewer positions, so that each level
   * still wins two games in three against the one below: level 4 scored
   * 81 % against level 3, level 5 84 % against level 4 (40 games each). */
  { "oraia", {
      { TB_AI_ALPHA_BETA, 1, 0, SECONDS (1), 300, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 2, 0, SECONDS (1), 100, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 5000, SECONDS (1), 0, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 60000, SECONDS (2.5), 0, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 32, 3500000, LEVEL_5_CAP, 0, 0, 0, 0 },
  } },
  /* Thousands of placements a ply: Monte Carlo tree search beat the
   * beam of alpha-beta at equal time (37.5 %, 27.5 % and 40 % for
   * alpha-beta at three budgets), so the strong levels use it. */
  { "retournement", {
      { TB_AI_ALPHA_BETA, 1, 0, SECONDS (1), 400, 0, 0, 0 },
      { TB_AI_ALPHA_BETA, 2, 0, SECONDS (1), 80, 10, 0, 0 },
      { TB_AI_MCTS, 0, 2000, SECONDS (1), 0, 0, 0, 300 },
      { TB_AI_MCTS, 0, 10000, SECONDS (2.5), 0, 0, 0, 300 },
      { TB_AI_MCTS, 0, 80000, LEVEL_5_CAP, 0, 0, 0, 300 },
  } },
};

gboolean
tb_ai_level_limits (const TbRules *rules, guint level, TbAiLimits *limits, GError **error)
{
  g_return_val_if_fail (rules != NULL && limits != NULL, FALSE);

  if (level < TB_AI_MIN_LEVEL || level > TB_AI_MAX_LEVEL)
    {
      g_set_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LEVEL,
                   "level %u is not a level (they go from %d to %d)", level, TB_AI_MIN_LEVEL,
                   TB_AI_MAX_LEVEL);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    if (strcmp (tables[i].family, tb_rules_get_family (rules)) == 0)
      {
        *limits = tables[i].levels[level - 1];
        return TRUE;
      }
  /* A game without a table of its own: a plain search, longer by level. */
  *limits = (TbAiLimits) { TB_AI_ALPHA_BETA, 32, 20000u << (2 * (level - 1)), SECONDS (5),
                           level < 3 ? 200 : 0, 0, 0, 0 };
  return TRUE;
}
