/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-analyse.c: tablier-cli ai --analyse, a position's evaluation and its
 * best moves
 *
 * First the position, as key: value lines (expected, score, depth, nodes,
 * time-ms); then one line per candidate move, best first, its fields
 * separated by tabs: rank, move, the expected score of seat 1 after it
 * (three decimals), and its variation (the move, then the best answers,
 * separated by spaces).
 */
#include "config.h"

#include <stdio.h>

#include "cli-analyse.h"

/* The tokens of variation, each formatted in its own position. */
static char *
format_variation (TbLine *line, const TbAiVariation *variation)
{
  const TbVariant *v = tb_line_get_variant (line);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < variation->n_moves; i++)
    {
      g_autofree char *token = tb_variant_format_move (v, tb_line_get_position (line),
                                                       variation->moves[i]);

      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", token);
      tb_line_push (line, variation->moves[i]);
    }
  for (guint i = 0; i < variation->n_moves; i++)
    tb_line_pop (line);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
print_analysis (TbLine *line, const TbAiAnalysis *analysis)
{
  printf ("expected: %.3f\n", analysis->expected);
  printf ("score: %d\n", analysis->score);
  printf ("depth: %u\n", analysis->depth);
  printf ("nodes: %" G_GUINT64_FORMAT "\n", analysis->nodes);
  printf ("time-ms: %" G_GINT64_FORMAT "\n", analysis->time_us / 1000);
  for (guint i = 0; i < analysis->n_variations; i++)
    {
      const TbAiVariation *variation = &analysis->variations[i];
      g_autofree char *move = tb_variant_format_move (tb_line_get_variant (line),
                                                      tb_line_get_position (line),
                                                      variation->moves[0]);
      g_autofree char *moves = format_variation (line, variation);

      printf ("%u\t%s\t%.3f\t%s\n", i + 1, move, variation->expected, moves);
    }
}

int
cli_analyse (TbLine *line, const TbAiAnalyseLimits *limits, guint lines)
{
  g_autoptr (GError) error = NULL;
  TbAiAnalysis analysis;

  if (!tb_ai_analyse (line, limits, lines, NULL, &analysis, &error))
    return cli_bad_input ("ply %u: %s", tb_line_get_ply (line) + 1, error->message);
  print_analysis (line, &analysis);
  return CLI_EXIT_OK;
}
