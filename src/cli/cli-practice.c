/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-practice.c: tablier-cli practice, the exercises made of a player's
 * mistakes in the analysed games (tb-practice.h), in the order a
 * session gives them, one a line */
#include "config.h"

#include <stdio.h>

#include "cli-commands.h"
#include "tb-practice.h"

static const char *
last_result (const TbPracticeExercise *e)
{
  if (e->result.tries == 0)
    return "-";
  return e->result.last_solved ? "solved" : "failed";
}

/* game, ply, seat to move, move played and its glyph, better move,
 * tries, solved, last result, position: tab-separated. */
static void
print_exercise (const TbPracticeExercise *e)
{
  g_autofree char *played = tb_practice_format_move (e, e->played);
  g_autofree char *better = tb_practice_format_move (e, e->better);
  g_autofree char *position = tb_variant_format_position (tb_line_get_variant (e->line),
                                                          tb_line_get_position (e->line));

  printf ("%" G_GINT64_FORMAT "\t%u\t%u\t%s%s\t%s\t%u\t%u\t%s\t%s\n", e->game_id, e->ply, e->seat,
          played, tb_nag_glyph (e->nag), better, e->result.tries, e->result.solved,
          last_result (e), position);
}

int
cli_practice (int argc, char **argv)
{
  g_autofree char *db = NULL, *ruleset = NULL, *player = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database (default: the application's)",
      "PATH" },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, "The player (the whole name, any case)",
      "NAME" },
    { "game", 0, 0, G_OPTION_ARG_STRING, &ruleset, "Only the games of this ruleset", "RULESET" },
    { NULL }
  };
  const CliCommand *command = &cli_commands[CLI_PRACTICE];
  int status = CLI_EXIT_OK;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) exercises = NULL;

  if (!cli_parse_args (command, &argc, &argv, entries, NULL, &status))
    return status;
  if (argc > 1)
    return cli_bad_usage (command, "unexpected argument '%s'", argv[1]);
  if (player == NULL || *player == '\0')
    return cli_bad_usage (command, "missing --player NAME");
  if (ruleset && tb_rules_lookup (ruleset) == NULL)
    return cli_bad_usage (command, "unknown ruleset '%s'", ruleset);
  if ((store = cli_open_store (db, FALSE, &status)) == NULL)
    return status;
  if ((exercises = tb_practice_load (store, ruleset, player, &error)) == NULL)
    return cli_failure ("%s", error->message);
  for (guint i = 0; i < exercises->len; i++)
    print_exercise (exercises->pdata[i]);
  return fflush (stdout) == 0 ? CLI_EXIT_OK : cli_failure ("writing to standard output failed");
}
