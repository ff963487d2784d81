/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-ai.c: tablier-cli ai, the computer's move in a position */
#include "config.h"

#include <stdio.h>

#include "cli-analyse.h"
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

/* An option not given: a value no one types (any other is checked). */
#define UNSET G_MININT
#define UNSET_64 G_MININT64
#define UNSET_SECONDS (-G_MAXDOUBLE)

typedef struct
{
  int level;
  gint64 seed;
  gboolean analyse;
  int lines;
  gint64 nodes;
  double seconds;
} AiArgs;

/* The options that go together, each in its range; FALSE after saying
 * what is wrong. */
static gboolean
check_args (const CliCommand *command, const AiArgs *a, int *status)
{
  if (a->analyse && (a->level != UNSET || a->seed != UNSET_64))
    *status = cli_bad_usage (command, "--%s chooses a move: it does not go with --analyse",
                             a->level != UNSET ? "level" : "seed");
  else if (!a->analyse &&
           (a->lines != UNSET || a->nodes != UNSET_64 || a->seconds != UNSET_SECONDS))
    *status = cli_bad_usage (command, "--%s needs --analyse",
                             a->lines != UNSET ? "lines"
                             : a->nodes != UNSET_64 ? "nodes" : "seconds");
  else if (a->seconds != UNSET_SECONDS && !(a->seconds > 0 && a->seconds <= 3600))
    *status = cli_bad_usage (command, "--seconds must be above 0 and at most 3600");
  else if (a->nodes == 0 && a->seconds == UNSET_SECONDS)
    *status = cli_bad_usage (command, "--nodes 0 (no limit) needs --seconds");
  else
    return (a->level == UNSET ||
            cli_check_range (command, "--level", a->level, TB_AI_MIN_LEVEL, TB_AI_MAX_LEVEL,
                             status)) &&
           (a->lines == UNSET ||
            cli_check_range (command, "--lines", a->lines, 1, TB_AI_MAX_LINES, status)) &&
           (a->nodes == UNSET_64 ||
            cli_check_range (command, "--nodes", a->nodes, 0, G_MAXINT, status));
  return FALSE;
}

/* The computer's move at a level. */
static int
think (const CliCommand *command, TbLine *line, const AiArgs *a)
{
  g_autoptr (GError) error = NULL;
  guint level = a->level == UNSET ? 3 : (guint) a->level;
  TbAiLimits limits;
  TbAiResult result;

  if (!tb_ai_level_limits (tb_line_get_variant (line)->rules, level, &limits, &error))
    return cli_bad_usage (command, "--level %u: %s", level, error->message);
  if (!tb_ai_think (line, &limits, a->seed == UNSET_64 ? 1 : (guint64) a->seed, NULL, &result,
                    &error))
    return cli_bad_input ("ply %u: %s", tb_line_get_ply (line) + 1, error->message);
  print_result (line, &limits, &result);
  return CLI_EXIT_OK;
}

/* The analysis: the game's default budget unless --nodes says. */
static int
analyse (TbLine *line, const AiArgs *a)
{
  TbAiAnalyseLimits limits;

  tb_ai_analyse_limits (tb_line_get_variant (line)->rules, &limits);
  if (a->nodes != UNSET_64)
    limits.nodes = (guint64) a->nodes;
  if (a->seconds != UNSET_SECONDS)
    limits.time_us = (gint64) (a->seconds * G_USEC_PER_SEC);
  return cli_analyse (line, &limits, a->lines == UNSET ? 3 : (guint) a->lines);
}

int
cli_ai (int argc, char **argv)
{
  const CliCommand *command = &cli_commands[CLI_AI];
  AiArgs a = { UNSET, UNSET_64, FALSE, UNSET, UNSET_64, UNSET_SECONDS };
  int status = CLI_EXIT_OK;
  GOptionEntry entries[] = {
    { "level", 'l', 0, G_OPTION_ARG_INT, &a.level, "Strength, 1 (a beginner) to 5 (default 3)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &a.seed, "Seed of the weak levels' blur (default 1)", "S" },
    { "analyse", 0, 0, G_OPTION_ARG_NONE, &a.analyse,
      "Evaluate the position and its best moves instead", NULL },
    { "lines", 0, 0, G_OPTION_ARG_INT, &a.lines,
      "With --analyse: moves shown, 1 to 8 (default 3)", "N" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &a.nodes,
      "With --analyse: positions searched, iterations in Retournement (default: about a "
      "second's; 0 no limit)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &a.seconds,
      "With --analyse: a cap on the time (default none)", "S" },
    { NULL }
  };
  CliGameArgs args = { 0 };
  g_autoptr (TbLine) line = NULL;

  if (!cli_parse_args (command, &argc, &argv, entries, &args, &status))
    return status;
  if (argc < 2)
    status = cli_bad_usage (command, "missing RULESET");
  else if (check_args (command, &a, &status))
    line = cli_replay (argv[1], &args, argv + 2, argc - 2, &status);
  cli_game_args_clear (&args);
  if (line == NULL)
    return status;
  return a.analyse ? analyse (line, &a) : think (command, line, &a);
}
