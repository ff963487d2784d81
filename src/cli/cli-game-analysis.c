/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-game-analysis.c: tablier-cli analyse, a game's record annotated by
 * the computer (tb-game-analysis.h)
 *
 * The games of a record file, or one stored game, each analysed and
 * written as TGN on standard output, the records a blank line apart.  A
 * game that does not read is an error (FILE:LINE:COL: message), before
 * any analysis: nothing is written then.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "cli-commands.h"
#include "tb-game-analysis.h"
#include "tb-tgn.h"

#define UNSET_SECONDS -1.0
#define UNSET_LEVEL -1

typedef struct
{
  char *db;
  char *id;
  int level;
  double seconds;
} AnalyseArgs;

static const CliCommand *
command (void)
{
  return &cli_commands[CLI_ANALYSE];
}

/* Every game of the file, or NULL after saying which does not read. */
static GPtrArray *
read_games (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (TbTgnReader) reader = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  gsize length;
  TbGame *game;

  if (!cli_check_inputs ((char *[]) { (char *) path }, 1, &error) ||
      (text = cli_read_input (path, &length, &error)) == NULL)
    {
      *status = cli_input_failed (error);
      return NULL;
    }
  reader = tb_tgn_reader_new (text, (gssize) length);
  while ((game = tb_tgn_reader_next (reader, &error)))
    g_ptr_array_add (games, game);
  /* cli_bad_input escapes what the file and its name hold. */
  if (error)
    *status = cli_bad_input ("%s:%s", path, error->message);
  else if (games->len == 0)
    *status = cli_bad_input ("%s: no game in the file", path);
  else
    return g_steal_pointer (&games);
  return NULL;
  return g_steal_pointer (&games);
}

static GPtrArray *
load_game (const char *db, const char *id_text, int *status)
{
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  TbGame *game;
  guint64 id;

  if (!g_ascii_string_to_unsigned (id_text, 10, 1, G_MAXINT64, &id, NULL))
    {
      *status = cli_bad_usage (command (), "--id '%s' is not a game number", id_text);
      return NULL;
    }
  if ((store = cli_open_store (db, FALSE, status)) == NULL)
    return NULL;
  if ((game = tb_store_load_game (store, (gint64) id, &error)) == NULL)
    {
      *status = cli_bad_input ("%s", error->message);
      return NULL;
    }
  g_ptr_array_add (games, game);
  return g_steal_pointer (&games);
}

/* The limits of --level or --seconds, for game's rules. */
static void
limits_for (const AnalyseArgs *a, TbGame *game, TbAiAnalyseLimits *limits)
{
  if (a->seconds != UNSET_SECONDS)
    *limits = (TbAiAnalyseLimits) { 0, (gint64) (a->seconds * G_USEC_PER_SEC), 0 };
  else
    tb_game_analysis_limits (tb_game_get_rules (game), (guint) a->level, limits, NULL);
}

static int
analyse_and_write (const AnalyseArgs *a, GPtrArray *games)
{
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; i < games->len; i++)
    {
      TbGame *game = games->pdata[i];
      g_autoptr (TbGameAnalysis) analysis = NULL;
      g_autoptr (GError) error = NULL;
      TbAiAnalyseLimits limits;

      limits_for (a, game, &limits);
      if ((analysis = tb_game_analyse (game, &limits, NULL, NULL, NULL, &error)) == NULL)
        return cli_failure ("game %u: %s", i + 1, error->message);
      tb_game_analysis_apply (analysis, game);
      if (i > 0)
        g_string_append_c (out, '\n');
      tb_tgn_write_to (game, out);
    }
  if (fwrite (out->str, 1, out->len, stdout) < out->len || fflush (stdout) != 0)
    return cli_failure ("writing to standard output failed: %s", g_strerror (errno));
  return CLI_EXIT_OK;
}

/* One line and status 2 for arguments that do not go together. */
static gboolean
check_args (const AnalyseArgs *a, int argc, char **argv, int *status)
{
  if (argc > 2)
    *status = cli_bad_usage (command (), "unexpected argument '%s'", argv[2]);
  else if (argc == 2 && (a->db || a->id))
    *status = cli_bad_usage (command (), "give FILE.tgn or --db and --id, not both");
  else if (a->db && a->id == NULL)
    *status = cli_bad_usage (command (), "--db needs --id N: the game to analyse");
  else if (argc < 2 && a->id == NULL)
    *status = cli_bad_usage (command (), "missing FILE.tgn or --id N");
  else if (a->level != UNSET_LEVEL && a->seconds != UNSET_SECONDS)
    *status = cli_bad_usage (command (), "give --level or --seconds, not both");
  else if (a->level != UNSET_LEVEL && (a->level < TB_AI_MIN_LEVEL || a->level > TB_AI_MAX_LEVEL))
    *status = cli_bad_usage (command (), "--level must be from %d to %d", TB_AI_MIN_LEVEL,
                             TB_AI_MAX_LEVEL);
  else if (a->seconds != UNSET_SECONDS && !(a->seconds > 0 && a->seconds <= 3600))
    *status = cli_bad_usage (command (), "--seconds must be above 0 and at most 3600");
  else
    return TRUE;
  return FALSE;
}

int
cli_analyse_game (int argc, char **argv)
{
  AnalyseArgs a = { NULL, NULL, UNSET_LEVEL, UNSET_SECONDS };
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &a.db, "The database (default: the application's)",
      "PATH" },
    { "id", 0, 0, G_OPTION_ARG_STRING, &a.id, "The stored game to analyse", "N" },
    { "level", 'l', 0, G_OPTION_ARG_INT, &a.level, "Strength, 1 to 5 (default 3)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &a.seconds,
      "Time for each position instead (the result then depends on the machine)", "S" },
    { NULL }
  };
  int status = CLI_EXIT_OK;
  g_autoptr (GPtrArray) games = NULL;

  if (cli_parse_args (command (), &argc, &argv, entries, NULL, &status) &&
      check_args (&a, argc, argv, &status))
    {
      if (a.level == UNSET_LEVEL)
        a.level = TB_GAME_ANALYSIS_DEFAULT_LEVEL;
      games = a.id ? load_game (a.db, a.id, &status) : read_games (argv[1], &status);
      if (games)
        status = analyse_and_write (&a, games);
    }
  g_free (a.db);
  g_free (a.id);
  return status;
}
