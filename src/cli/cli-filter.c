/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-filter.c: the history's filters, sort and pages as options of the
 * database commands: the window and the command line find the same
 * games. */
#include "config.h"

#include <string.h>

#include "cli-filter.h"

static const char *const sort_names[] = {
  [TB_STORE_SORT_DATE] = "date",
  [TB_STORE_SORT_GAME] = "game",
  [TB_STORE_SORT_PLAYERS] = "players",
  [TB_STORE_SORT_RESULT] = "result",
  [TB_STORE_SORT_TERMINATION] = "termination",
  [TB_STORE_SORT_LENGTH] = "length",
};

GOptionEntry *
cli_filter_entries (CliFilterArgs *args)
{
  const GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &args->ruleset, "Only the games of this ruleset",
      "RULESET" },
    { "player", 0, 0, G_OPTION_ARG_STRING, &args->player, "Only the games of a player whose "
      "name holds NAME (any case and accents; \"NAME\" in double quotes: the whole name)",
      "NAME" },
    { "seat", 0, 0, G_OPTION_ARG_INT, &args->seat, "With --player: only where that player had "
      "seat 1 or 2", "N" },
    { "result", 0, 0, G_OPTION_ARG_STRING, &args->result, "Only games with this result (1-0, "
      "0-1, 1/2-1/2 or *)", "R" },
    { "termination", 0, 0, G_OPTION_ARG_STRING, &args->termination, "Only games that ended "
      "this way (a Termination word: resigned, targets-filled…)", "WORD" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &args->from, "Only games played on or after this date",
      "YYYY[.MM[.DD]]" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &args->to, "Only games played on or before this date "
      "(a year or a month: all of it)", "YYYY[.MM[.DD]]" },
    { "text", 0, 0, G_OPTION_ARG_STRING, &args->text, "Only games with a comment that holds "
      "TEXT (any case)", "TEXT" },
    { "tag", 0, 0, G_OPTION_ARG_STRING, &args->tag, "Only games with a tag (Event, Site, "
      "Round…) whose value holds TEXT (any case and accents); NAME=TEXT: in the tag NAME only",
      "[NAME=]TEXT" },
    { "sort", 0, 0, G_OPTION_ARG_STRING, &args->sort, "Order by date, game, players, result, "
      "termination or length", "KEY" },
    { "ascending", 0, 0, G_OPTION_ARG_NONE, &args->ascending, "Smallest first", NULL },
    { "descending", 0, 0, G_OPTION_ARG_NONE, &args->descending, "Largest (latest) first",
      NULL },
    { "limit", 0, 0, G_OPTION_ARG_INT, &args->limit, "At most N games", "N" },
    { "offset", 0, 0, G_OPTION_ARG_INT, &args->offset, "Leave out the first N games", "N" },
    { NULL }
  };

  return g_memdup2 (entries, sizeof entries);
}

static gboolean
check_sort (const CliCommand *command, CliFilterArgs *args, gboolean ascending_by_default,
            int *exit_status)
{
  args->sort_by = TB_STORE_SORT_DATE;
  if (args->sort)
    {
      guint i = 0;

      while (i < G_N_ELEMENTS (sort_names) && strcmp (sort_names[i], args->sort) != 0)
        i++;
      if (i == G_N_ELEMENTS (sort_names))
        {
          *exit_status = cli_bad_usage (command, "--sort '%s' is not date, game, players, "
                                        "result, termination or length", args->sort);
          return FALSE;
        }
      args->sort_by = i;
    }
  if (args->ascending && args->descending)
    {
      *exit_status = cli_bad_usage (command, "--ascending and --descending: give one");
      return FALSE;
    }
  args->sort_descending = args->descending || (!args->ascending && !ascending_by_default);
  return TRUE;
}

/* Whether text holds nothing but spaces and the characters of also (a
 * player's name in double quotes: the quotes alone). */
static gboolean
is_blank (const char *text, const char *also)
{
  for (const char *p = text; *p; p++)
    if (!g_ascii_isspace (*p) && strchr (also, *p) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
check_dates (const CliCommand *command, CliFilterArgs *args, int *exit_status)
{
  guint wrong = tb_store_date_search (args->from, args->to, &args->date_from, &args->date_to);

  /* Blank is no date here, where the window takes it for none. */
  wrong |= (args->from && is_blank (args->from, "") ? TB_STORE_DATE_FROM : 0) |
           (args->to && is_blank (args->to, "") ? TB_STORE_DATE_TO : 0);
  if (wrong)
    {
      *exit_status = cli_bad_usage (command, "%s '%s' is not a date (YYYY, YYYY.MM or "
                                    "YYYY.MM.DD, a month and a day that exist)",
                                    wrong & TB_STORE_DATE_FROM ? "--from" : "--to",
                                    wrong & TB_STORE_DATE_FROM ? args->from : args->to);
      return FALSE;
    }
  /* Dates as the tag writes them compare as text. */
  if (args->to && args->date_from && strcmp (args->date_from, args->date_to) > 0)
    {
      *exit_status = cli_bad_usage (command, "--from %s is after --to %s: no game can be "
                                    "between them", args->from, args->to);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_choices (const CliCommand *command, CliFilterArgs *args, int *exit_status)
{
  TbResult result;
  TbTermination termination;

  if (args->ruleset && tb_rules_lookup (args->ruleset) == NULL)
    *exit_status = cli_bad_usage (command, "unknown ruleset '%s'", args->ruleset);
  else if (args->result && !tb_result_from_string (args->result, &result))
    *exit_status = cli_bad_usage (command, "--result '%s' is not 1-0, 0-1, 1/2-1/2 or *",
                                  args->result);
  else if (args->termination && !tb_termination_from_string (args->termination, &termination))
    *exit_status = cli_bad_usage (command, "--termination '%s' is not a Termination word",
                                  args->termination);
  else if (args->player && is_blank (args->player, "\""))
    *exit_status = cli_bad_usage (command, "--player '%s' has no name to look for", args->player);
  else if (args->text && is_blank (args->text, ""))
    *exit_status = cli_bad_usage (command, "--text '%s' has no text to look for", args->text);
  else if (args->tag && !tb_store_parse_tag_search (args->tag, &args->tag_name, &args->tag_text))
    *exit_status = cli_bad_usage (command, "--tag '%s' has no text to look for", args->tag);
  else if (args->seat != 0 && args->player == NULL)
    *exit_status = cli_bad_usage (command, "--seat means nothing without --player");
  else if (args->seat != 0 && !cli_check_range (command, "--seat", args->seat, 1, 2, exit_status))
    return FALSE;
  else
    return TRUE;
  return FALSE;
}

gboolean
cli_filter_check (const CliCommand *command, CliFilterArgs *args, gboolean ascending_by_default,
                  int *exit_status)
{
  if (!check_choices (command, args, exit_status) || !check_dates (command, args, exit_status) ||
      !check_sort (command, args, ascending_by_default, exit_status))
    return FALSE;
  if (args->limit != CLI_FILTER_NO_LIMIT &&
      !cli_check_range (command, "--limit", args->limit, 1, G_MAXINT, exit_status))
    return FALSE;
  if (!cli_check_range (command, "--offset", args->offset, 0, G_MAXINT, exit_status))
    return FALSE;
  args->filter = (TbStoreFilter) { .ruleset = args->ruleset, .player = args->player,
                                   .player_seat = (guint) args->seat, .result = args->result,
                                   .termination = args->termination,
                                   .date_from = args->date_from, .date_to = args->date_to,
                                   .text = args->text, .tag = args->tag_text,
                                   .tag_name = args->tag_name };
  return TRUE;
}

gboolean
cli_filter_chooses (const CliFilterArgs *args)
{
  return args->ruleset || args->player || args->seat || args->result || args->termination ||
         args->from || args->to || args->text || args->tag || args->sort || args->ascending ||
         args->descending || args->limit != CLI_FILTER_NO_LIMIT || args->offset;
}

void
cli_filter_args_clear (CliFilterArgs *args)
{
  g_free (args->ruleset);
  g_free (args->player);
  g_free (args->result);
  g_free (args->termination);
  g_free (args->from);
  g_free (args->to);
  g_free (args->text);
  g_free (args->tag);
  g_free (args->tag_name);
  g_free (args->tag_text);
  g_free (args->sort);
  g_free (args->date_from);
  g_free (args->date_to);
}
