/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-ai.c: tablier-cli ai, the computer's move in a position */
#include "config.h"

#include <stdio.h>

#include "cli-commands.h"
#include "tb-ai.h"

/* The move's token, then its figures. */
static void
print_result (TbLine *line, const TbAiLimits *limits, const TbAiResult *result)
{
  g_autofree char *token = tb_variant_format_move (tb_line_get_variant (line),
                                                   tb_line_get_position (line), result->move);

  printf ("%s\n", token);
  printf ("time-ms: %" G_GINT64_FORMAT "\n", result->time_us / 1000);
  if (limits->engine == TB_AI_MCTS)
    printf ("iterations: %" G_GUINT64_FORMAT "\n", result->iterations);
  else
    printf ("depth: %u\n", result->depth);
  printf ("score: %d\n", result->score);
  printf ("nodes: %" G_GUINT64_FORMAT "\n", result->nodes);
}

int
cli_ai (int argc, char **argv)
{
  const CliCommand *command = &cli_commands[CLI_AI];
  int level = 3, status = CLI_EXIT_OK;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "level", 'l', 0, G_OPTION_ARG_INT, &level, "Strength, 1 (a beginner) to 5 (default 3)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the weak levels' blur (default 1)", "S" },
    { NULL }
  };
  CliGameArgs args = { 0 };
  g_autoptr (TbLine) line = NULL;
  g_autoptr (GError) error = NULL;
  TbAiLimits limits;
  TbAiResult result;

  if (!cli_parse_args (command, &argc, &argv, entries, &args, &status))
    return status;
  if (argc < 2)
    status = cli_bad_usage (command, "missing RULESET");
  else if (cli_check_range (command, "--level", level, TB_AI_MIN_LEVEL, TB_AI_MAX_LEVEL, &status))
    line = cli_replay (argv[1], &args, argv + 2, argc - 2, &status);
  cli_game_args_clear (&args);
  if (line == NULL)
    return status;
  if (!tb_ai_level_limits (tb_line_get_variant (line)->rules, (guint) level, &limits, &error))
    return cli_bad_usage (command, "--level %d: %s", level, error->message);
  if (!tb_ai_think (line, &limits, (guint64) seed, NULL, &result, &error))
    return cli_bad_input ("ply %u: %s", tb_line_get_ply (line) + 1, error->message);
  print_result (line, &limits, &result);
  return CLI_EXIT_OK;
}
