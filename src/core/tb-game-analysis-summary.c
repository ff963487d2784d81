/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-analysis-summary.c: the summary per player of an analysed game,
 * read back from the game (tb-game-analysis.h)
 *
 * An analysis lives on in its game's record: each position's evaluation
 * and the glyphs ?!, ? and ?? of the moves.  The summary is read from
 * them, so that a game analysed once shows it whenever it is opened, and
 * the replay shows the same numbers right after an analysis and on
 * reopening: the counts are the glyphs', and a move's loss for the
 * accuracy is what the evaluation fell for its player over the move.
 * (The analysis itself judges a move inside the search of the position
 * before it, tb-game-analysis-judge.c: that search is not stored.)
 */
#include "config.h"

#include <string.h>

#include "tb-game-analysis-private.h"

static gboolean
has_nag (const TbGameNode *node, guint8 nag)
{
  guint n;
  const guint8 *nags = tb_game_node_get_nags (node, &n);

  for (guint i = 0; i < n; i++)
    if (nags[i] == nag)
      return TRUE;
  return FALSE;
}

static double
for_seat (double seat_1_expected, guint seat)
{
  return seat == 1 ? seat_1_expected : 1.0 - seat_1_expected;
}

/* The move of node, played by seat from parent, counted in summary. */
static void
count_move (TbPlayerSummary *summary, const TbGameNode *parent, const TbGameNode *node,
            guint seat)
{
  double before = tb_game_node_get_eval (parent), after = tb_game_node_get_eval (node);

  summary->judged++;
  summary->inaccuracies += has_nag (node, tb_move_quality_nag (TB_MOVE_QUALITY_INACCURACY));
  summary->mistakes += has_nag (node, tb_move_quality_nag (TB_MOVE_QUALITY_MISTAKE));
  summary->blunders += has_nag (node, tb_move_quality_nag (TB_MOVE_QUALITY_BLUNDER));
  summary->accuracy += 100.0 * (1.0 - CLAMP (for_seat (before, seat) - for_seat (after, seat),
                                             0.0, 1.0));
}

gboolean
tb_game_analysis_summarise (TbGame *game, TbPlayerSummary players[2])
{
  g_autoptr (TbLine) line = NULL;
  g_autofree TbMove *legal = NULL;
  const TbGameNode *node;

  g_return_val_if_fail (TB_IS_GAME (game) && players != NULL, FALSE);

  memset (players, 0, 2 * sizeof *players);
  node = tb_game_get_root (game);
  if (tb_game_node_get_eval (node) == TB_EVAL_NONE)
    return FALSE;
  line = tb_game_new_line (game);
  legal = g_new (TbMove, tb_line_get_variant (line)->max_moves);
  while (tb_game_node_get_n_children (node) > 0)
    {
      const TbGameNode *child = tb_game_node_get_child (node, 0);
      guint seat = tb_position_to_move (tb_line_get_position (line));

      /* As the analysis: the only legal move is not judged, nor a move
       * the analysis did not reach (the game went on after it). */
      if (tb_game_node_get_eval (child) != TB_EVAL_NONE
          && tb_game_node_get_eval (node) != TB_EVAL_NONE && seat != 0
          && tb_line_moves (line, legal, NULL) > 1)
        count_move (&players[seat == 2], node, child, seat);
      tb_line_push (line, tb_game_node_get_move (child));
      node = child;
    }
  for (guint s = 0; s < 2; s++)
    if (players[s].judged)
      players[s].accuracy /= players[s].judged;
  return TRUE;
}
