/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-check.c: tablier-cli check FILE.tgn...: validates every game */
#include "config.h"

#include <stdio.h>

#include "cli-commands.h"
#include "tb-tgn.h"

/* Prints "FILE: N games ok" or one line per bad game (its control
 * characters escaped: a record may hold anything); returns the number of
 * bad games. */
static guint
check_text (const char *file, const char *text, gsize length)
{
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (text, (gssize) length);
  g_autofree char *name = cli_escape (file, FALSE);
  guint good = 0, bad = 0;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      if (game)
        good++;
      else if (error)
        {
          g_autofree char *message = cli_escape (error->message, FALSE);

          printf ("%s:%s\n", name, message);
          bad++;
        }
      else
        break;
    }
  if (bad == 0)
    printf ("%s: %u game%s ok\n", name, good, good == 1 ? "" : "s");
  return bad;
}

int
cli_check (int argc, char **argv)
{
  int status = CLI_EXIT_OK;
  g_autoptr (GError) error = NULL;
  guint bad = 0;

  if (!cli_parse_args (&cli_commands[CLI_CHECK], &argc, &argv, NULL, NULL, &status))
    return status;
  if (argc < 2)
    return cli_bad_usage (&cli_commands[CLI_CHECK], "missing FILE.tgn");
  /* A mistyped name is said before any report. */
  if (!cli_check_inputs (argv + 1, argc - 1, &error))
    return cli_input_failed (error);

  for (int i = 1; i < argc; i++)
    {
      g_autofree char *text = NULL;
      gsize length;

      if ((text = cli_read_input (argv[i], &length, &error)) == NULL)
        return cli_input_failed (error);
      bad += check_text (argv[i], text, length);
    }
  return bad ? CLI_EXIT_BAD_INPUT : CLI_EXIT_OK;
}
