/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-position.c: the commands that look at one position: rulesets,
 * options, legal, state, perft, show (NOTATION.md §5) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-commands.h"
#include "tb-perft.h"

int
cli_rulesets (int argc, char **argv)
{
  guint n;
  const TbRules *const *rules = tb_rules_list (&n);

  int status = CLI_EXIT_OK;

  if (!cli_parse_args (&cli_commands[CLI_RULESETS], &argc, &argv, NULL, NULL, &status))
    return status;
  if (argc > 1)
    return cli_bad_usage (&cli_commands[CLI_RULESETS], "unexpected argument '%s'", argv[1]);
  for (guint i = 0; i < n; i++)
    printf ("%s\n", tb_rules_get_id (rules[i]));
  return CLI_EXIT_OK;
}

static void
print_option (const TbOptionSpec *spec)
{
  g_autofree char *value = tb_option_format_value (spec, spec->default_value);
  static const char *const origins[] = { "reconstructed", "addition", "variant" };

  printf ("%s=%s", spec->key, value);
  if (spec->type == TB_OPTION_CHOICE)
    {
      printf (" (");
      for (guint i = 0; i < spec->n_choices; i++)
        printf ("%s%s", i ? "|" : "", spec->choices[i].value);
      printf (")");
    }
  else if (spec->type == TB_OPTION_BOOL)
    printf (" (yes|no)");
  else
    printf (" (%d..%d)", spec->min_value, spec->max_value);
  printf (" %s: %s\n", origins[spec->origin], spec->label);
}

int
cli_options (int argc, char **argv)
{
  const TbRules *rules;
  const TbOptionSpec *options;
  guint n_options;
  int status = CLI_EXIT_OK;

  if (!cli_parse_args (&cli_commands[CLI_OPTIONS], &argc, &argv, NULL, NULL, &status))
    return status;
  if (argc != 2)
    return cli_bad_usage (&cli_commands[CLI_OPTIONS], "expected one RULESET");
  rules = tb_rules_lookup (argv[1]);
  if (rules == NULL)
    return cli_bad_input ("unknown ruleset '%s' (tablier-cli rulesets lists them)", argv[1]);
  options = tb_rules_get_options (rules, &n_options);
  for (guint i = 0; i < n_options; i++)
    print_option (&options[i]);
  return CLI_EXIT_OK;
}

/* Parses the common arguments, then replays RULESET MOVE...; positional
 * arguments before the moves (perft's DEPTH) are left in *rest. */
static TbLine *
replay_from_args (CliCommandId id, int argc, char **argv, int n_leading, char ***rest,
                  GOptionEntry *extra, int *status)
{
  CliGameArgs args = { 0 };
  TbLine *line = NULL;

  if (!cli_parse_args (&cli_commands[id], &argc, &argv, extra, &args, status))
    return NULL;
  if (argc < 2 + n_leading)
    *status = cli_bad_usage (&cli_commands[id], "missing %s",
                             argc < 2 ? "RULESET" : "DEPTH");  /* perft's, the only one */
  else
    {
      if (rest)
        *rest = argv + 2;
      line = cli_replay (argv[1], &args, argv + 2 + n_leading, argc - 2 - n_leading, status);
    }
  cli_game_args_clear (&args);
  return line;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
cli_legal (int argc, char **argv)
{
  int status = CLI_EXIT_OK;
  g_autoptr (TbLine) line = replay_from_args (CLI_LEGAL, argc, argv, 0, NULL, NULL, &status);
  g_autofree TbMove *moves = NULL;
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  TbVariant *v;
  guint n;

  if (line == NULL)
    return status;
  v = tb_line_get_variant (line);
  moves = g_new (TbMove, v->max_moves);
  n = tb_line_moves (line, moves, NULL);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (texts, tb_variant_format_move (v, tb_line_get_position (line), moves[i]));
  g_ptr_array_sort (texts, compare_strings);
  for (guint i = 0; i < texts->len; i++)
    printf ("%s\n", (char *) texts->pdata[i]);
  return CLI_EXIT_OK;
}

int
cli_state (int argc, char **argv)
{
  int status = CLI_EXIT_OK;
  g_autoptr (TbLine) line = replay_from_args (CLI_STATE, argc, argv, 0, NULL, NULL, &status);
  g_autofree char *options = NULL;
  const TbPosition *pos;
  TbVariant *v;
  TbOutcome outcome;
  gboolean over;
  int scores[2];

  if (line == NULL)
    return status;
  v = tb_line_get_variant (line);
  pos = tb_line_get_position (line);
  over = tb_line_is_over (line, &outcome);
  options = tb_variant_options_to_text (v);

  printf ("ruleset: %s\n", tb_rules_get_id (v->rules));
  if (*options)
    printf ("options: %s\n", options);
  printf ("ply: %u\n", tb_line_get_ply (line));
  if (over)
    printf ("to-move: -\n");
  else
    printf ("to-move: %u\n", tb_position_to_move (pos));
  printf ("over: %s\n", over ? "yes" : "no");
  printf ("result: %s\n", tb_result_to_string (outcome.result));
  if (tb_variant_score (v, pos, scores))
    printf ("score: %d-%d\n", scores[0], scores[1]);
  if (over)
    printf ("termination: %s\n", tb_termination_to_string (outcome.termination));
  printf ("repetitions: %u\n", tb_line_get_occurrences (line));
  {
    g_autofree char *text = tb_variant_format_position (v, pos);
    printf ("position: %s\n", text);
  }
  printf ("hash: %016" G_GINT64_MODIFIER "x\n", tb_position_hash (pos));
  return CLI_EXIT_OK;
}

int
cli_perft (int argc, char **argv)
{
  int status = CLI_EXIT_OK;
  char **rest = NULL;
  g_autoptr (TbLine) line = replay_from_args (CLI_PERFT, argc, argv, 1, &rest, NULL, &status);
  guint64 depth;

  if (line == NULL)
    return status;
  if (!g_ascii_string_to_unsigned (rest[0], 10, 0, 64, &depth, NULL))
    return cli_bad_usage (&cli_commands[CLI_PERFT],
                          "DEPTH '%s' is not a whole number from 0 to 64", rest[0]);
  printf ("%" G_GUINT64_FORMAT "\n", tb_perft (line, (guint) depth));
  return CLI_EXIT_OK;
}

int
cli_show (int argc, char **argv)
{
  int status = CLI_EXIT_OK;
  g_autoptr (TbLine) line = replay_from_args (CLI_SHOW, argc, argv, 0, NULL, NULL, &status);
  g_autoptr (GString) picture = g_string_new (NULL);
  TbVariant *v;

  if (line == NULL)
    return status;
  v = tb_line_get_variant (line);
  tb_variant_show (v, tb_line_get_position (line), picture);
  fputs (picture->str, stdout);
  return CLI_EXIT_OK;
}
