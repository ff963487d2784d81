/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-analysis-judge.c: what each move of an analysed game lost
 * (tb-game-analysis.h)
 *
 * A move's loss is the expected score its player had with the best move
 * found, less the one they kept with the move played, both for the
 * player who moved (kept_by says how the second is found).  Negative
 * losses (the search after the move saw further) count as none.
 *
 * Thresholds are losses of expected score, not of points: each game's
 * evaluation is squashed by its own scale (tb_ai_expected_score), so a
 * lost RA game and a lost Versus game, far apart in points, are both near
 * 0, and a move that takes a player from 0.7 to 0.3 lost as much in any
 * game.  In a game already won or lost, no move loses much: only the moves
 * that change the outcome are marked.  The marks are near the win-rate
 * drops chess sites use (10, 20, 30 points out of 100), lower for the
 * inaccuracy and the mistake: a quarter of a point of expected score is
 * a won game drawn, a tenth a clear edge given away.  They can be that
 * low because a move is judged within the search that scored the best
 * one (kept_by): between two searches, a ply apart, the evaluation moved
 * by 0.04 (median) to 0.15 (90th percentile) when the best move was
 * played (docs/architecture.md).  Retournement's Monte Carlo rates are
 * noisier (random playouts): its thresholds are higher, so that noise is
 * not called an inaccuracy.
 */
#include "config.h"

#include "tb-game-analysis-private.h"

void
tb_game_analysis_thresholds (const TbRules *rules, TbMoveThresholds *thresholds)
{
  static const TbMoveThresholds alpha_beta = { 0.02, 0.06, 0.12, 0.25 };
  static const TbMoveThresholds monte_carlo = { 0.03, 0.08, 0.15, 0.30 };

  g_return_if_fail (rules != NULL && thresholds != NULL);

  *thresholds = g_str_equal (tb_rules_get_id (rules), "retournement") ? monte_carlo : alpha_beta;
}

static double
for_seat (double seat_1_expected, guint seat)
{
  return seat == 1 ? seat_1_expected : 1.0 - seat_1_expected;
}

static TbMoveQuality
quality_of (const TbMoveThresholds *t, double loss, gboolean best_move)
{
  if (loss >= t->blunder)
    return TB_MOVE_QUALITY_BLUNDER;
  if (loss >= t->mistake)
    return TB_MOVE_QUALITY_MISTAKE;
  if (loss >= t->inaccuracy)
    return TB_MOVE_QUALITY_INACCURACY;
  return best_move || loss < t->good ? TB_MOVE_QUALITY_BEST : TB_MOVE_QUALITY_GOOD;
}

/* What the move played kept for its player: its own score when the
 * search of the position before it scored it among its best lines (the
 * same search as the best move's: the same depth, the same side to move,
 * no noise between two searches); else the evaluation of the position
 * after it, but never more than the last line scored (it was not among
 * them: it is no better). */
static double
kept_by (const TbAiAnalysis *before, const TbAiAnalysis *after, TbMove played, guint seat)
{
  double worst_scored;

  for (guint i = 0; i < before->n_variations; i++)
    if (before->variations[i].moves[0] == played)
      return for_seat (before->variations[i].expected, seat);
  if (before->n_variations == 0)
    return for_seat (after->expected, seat);
  worst_scored = for_seat (before->variations[before->n_variations - 1].expected, seat);
  return MIN (worst_scored, for_seat (after->expected, seat));
}

/* The move played from before (to after), by seat. */
static void
judge_move (const TbMoveThresholds *t, const TbAiAnalysis *before, const TbAiAnalysis *after,
            guint n_legal, TbMove played, guint seat, TbMoveJudgement *out)
{
  gboolean best_move = before->n_variations > 0 && before->variations[0].moves[0] == played;

  out->seat = seat;
  if (n_legal <= 1)
    {
      /* Forced: nothing to judge, nothing better. */
      out->quality = TB_MOVE_QUALITY_NONE;
      return;
    }
  out->loss = MAX (0.0, for_seat (before->expected, seat) - kept_by (before, after, played, seat));
  out->quality = quality_of (t, out->loss, best_move);
  if (!best_move && before->n_variations > 0)
    out->better = before->variations[0];
}

static void
add_to_summary (TbPlayerSummary *summary, const TbMoveJudgement *move)
{
  if (move->quality == TB_MOVE_QUALITY_NONE)
    return;
  summary->judged++;
  summary->inaccuracies += move->quality == TB_MOVE_QUALITY_INACCURACY;
  summary->mistakes += move->quality == TB_MOVE_QUALITY_MISTAKE;
  summary->blunders += move->quality == TB_MOVE_QUALITY_BLUNDER;
  /* A running sum until the mean is taken (tb_game_analysis_judge). */
  summary->accuracy += 100.0 * CLAMP (1.0 - move->loss, 0.0, 1.0);
}

TbGameAnalysis *
tb_game_analysis_judge (const TbRules *rules, const TbAiAnalysis *positions,
                        const guint *n_legal, const TbMove *moves, guint n_moves, TbLine *start)
{
  TbGameAnalysis *analysis = g_new0 (TbGameAnalysis, 1);
  TbMoveThresholds thresholds;

  tb_game_analysis_thresholds (rules, &thresholds);
  analysis->n_plies = n_moves;
  analysis->evals = g_new (double, n_moves + 1);
  analysis->moves = g_new0 (TbMoveJudgement, n_moves);
  for (guint i = 0; i <= n_moves; i++)
    analysis->evals[i] = positions[i].expected;
  for (guint i = 0; i < n_moves; i++)
    {
      guint seat = tb_position_to_move (tb_line_get_position (start));

      judge_move (&thresholds, &positions[i], &positions[i + 1], n_legal[i], moves[i], seat,
                  &analysis->moves[i]);
      add_to_summary (&analysis->players[seat == 2], &analysis->moves[i]);
      tb_line_push (start, moves[i]);
    }
  for (guint i = 0; i < n_moves; i++)
    tb_line_pop (start);
  for (guint s = 0; s < 2; s++)
    if (analysis->players[s].judged)
      analysis->players[s].accuracy /= analysis->players[s].judged;
  return analysis;
}
