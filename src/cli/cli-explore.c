/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-explore.c: tablier-cli explore, the opening explorer's table */
#include "config.h"

#include <stdio.h>

#include "cli-commands.h"

static void
print_line (const char *move, const TbStoreExplorerMove *m)
{
  g_autofree char *text = cli_escape (move, TRUE);

  printf ("%s\t%u\t%u\t%u\t%u\n", text, m->games, m->wins1, m->draws, m->wins2);
}

static int
explore (TbStore *store, TbLine *line)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStoreExplorer) explorer = tb_store_explore (store, tb_line_get_variant (line),
                                                           tb_line_get_position (line), &error);

  if (explorer == NULL)
    return cli_failure ("%s", error->message);
  for (guint i = 0; i < explorer->moves->len; i++)
    {
      const TbStoreExplorerMove *m = explorer->moves->pdata[i];

      print_line (m->move, m);
    }
  print_line ("total", &explorer->total);
  return CLI_EXIT_OK;
}

int
cli_explore (int argc, char **argv)
{
  const CliCommand *command = &cli_commands[CLI_EXPLORE];
  g_autofree char *db = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database (default: the application's)",
      "PATH" },
    { NULL }
  };
  CliGameArgs args = { 0 };
  g_autoptr (TbLine) line = NULL;
  g_autoptr (TbStore) store = NULL;
  int status = CLI_EXIT_OK;

  if (!cli_parse_args (command, &argc, &argv, entries, &args, &status))
    return status;
  /* The moves first: bad input is said before the database is read. */
  if (argc < 2)
    status = cli_bad_usage (command, "missing RULESET");
  else
    line = cli_replay (argv[1], &args, argv + 2, argc - 2, &status);
  cli_game_args_clear (&args);
  if (line == NULL)
    return status;
  if ((store = cli_open_store (db, FALSE, &status)) == NULL)
    return status;
  return explore (store, line);
}
