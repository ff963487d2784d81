/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-analysis-apply.c: an analysis written into its game
 * (tb-game-analysis.h)
 *
 * What a reader of the record (and the move list) sees of it: each
 * position's evaluation, the glyphs of the inaccuracies, mistakes and
 * blunders, and after each mistake or blunder the better line as a
 * variation, its first move commented with what it kept.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tb-game-analysis-private.h"

/* The NAGs an analysis sets, taken off before it sets them again. */
static const guint8 analysis_nags[] = { 6, 2, 4 };

guint8
tb_move_quality_nag (TbMoveQuality quality)
{
  switch (quality)
    {
    case TB_MOVE_QUALITY_INACCURACY:
      return 6;   /* ?! */
    case TB_MOVE_QUALITY_MISTAKE:
      return 2;   /* ? */
    case TB_MOVE_QUALITY_BLUNDER:
      return 4;   /* ?? */
    default:
      return 0;
    }
}

static void
set_nag (TbGame *game, const TbGameNode *node, TbMoveQuality quality)
{
  for (guint i = 0; i < G_N_ELEMENTS (analysis_nags); i++)
    tb_game_remove_node_nag (game, node, analysis_nags[i]);
  if (tb_move_quality_nag (quality))
    tb_game_add_node_nag (game, node, tb_move_quality_nag (quality));
}

static gboolean
has_child_move (const TbGameNode *node, TbMove move)
{
  for (const TbGameNode *child = tb_game_node_get_n_children (node)
                                   ? tb_game_node_get_child (node, 0) : NULL;
       child; child = tb_game_node_get_next_sibling (child))
    if (tb_game_node_get_move (child) == move)
      return TRUE;
  return FALSE;
}

/* The game's points at its current node, in its own terms ("9-6"), for
 * the games that keep points; NULL for the others. */
static char *
score_after_line (TbGame *game)
{
  int scores[2];

  if (!tb_game_get_score (game, scores))
    return NULL;
  /* Translators: the points at the end of the better line an analysis
   * adds, seat 1's first: "Score after this line: 9-6." */
  return g_strdup_printf (_("Score after this line: %d-%d."), scores[0], scores[1]);
}

/* "d5-d7 was better: Blue’s expected score 0.62 instead of 0.31. Score
 * after this line: 9-6." (score: NULL or taken). */
static char *
better_comment (TbGame *game, const char *move, const TbMoveJudgement *judged, char *score)
{
  const char *seat = _(tb_rules_get_seat_name (tb_game_get_rules (game), judged->seat));
  double better = judged->seat == 1 ? judged->better.expected : 1.0 - judged->better.expected;
  g_autofree char *owned_score = score;
  g_autofree char *what = NULL;

  if (better >= 1.0)
    what = g_strdup_printf (_("%s wins for %s."), move, seat);
  else
    what = g_strdup_printf (_("%s was better: %s’s expected score %.2f instead of %.2f."), move,
                            seat, better, MAX (0.0, better - judged->loss));
  return owned_score ? g_strconcat (what, " ", owned_score, NULL) : g_steal_pointer (&what);
}

/* The better line as a variation of the move after parent. */
static void
add_better_line (TbGame *game, const TbGameNode *parent, const TbMoveJudgement *judged)
{
  const TbAiVariation *line = &judged->better;
  const TbGameNode *first = NULL;
  g_autofree char *text = NULL;
  g_autofree char *comment = NULL;

  if (line->n_moves == 0 || has_child_move (parent, line->moves[0]))
    return;
  tb_game_go_to_node (game, parent);
  text = tb_game_format_move (game, line->moves[0]);
  for (guint i = 0; i < MIN (line->n_moves, TB_GAME_ANALYSIS_VARIATION_PLIES); i++)
    {
      if (!tb_game_play_full (game, line->moves[i],
                              i == 0 ? TB_PLAY_NEW_VARIATION : TB_PLAY_MAIN_LINE, NULL))
        break;
      if (i == 0)
        first = tb_game_get_current_node (game);
    }
  if (first == NULL)
    return;
  comment = better_comment (game, text, judged, score_after_line (game));
  tb_game_set_node_comment (game, first, comment);
  tb_game_set_node_eval (game, first, line->expected);
}

void
tb_game_analysis_apply (const TbGameAnalysis *analysis, TbGame *game)
{
  const TbGameNode *current = tb_game_get_current_node (game);
  const TbGameNode *node = tb_game_get_root (game);

  g_return_if_fail (analysis != NULL && TB_IS_GAME (game));

  tb_game_set_quiet (game, TRUE);
  tb_game_set_node_eval (game, node, analysis->evals[0]);
  for (guint ply = 1; ply <= analysis->n_plies && tb_game_node_get_n_children (node); ply++)
    {
      const TbMoveJudgement *judged = &analysis->moves[ply - 1];
      const TbGameNode *parent = node;

      node = tb_game_node_get_child (node, 0);
      tb_game_set_node_eval (game, node, analysis->evals[ply]);
      set_nag (game, node, judged->quality);
      if (judged->quality >= TB_MOVE_QUALITY_MISTAKE)
        add_better_line (game, parent, judged);
    }
  tb_game_go_to_node (game, current);
  tb_game_set_quiet (game, FALSE);
}
