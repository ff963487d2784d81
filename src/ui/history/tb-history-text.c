/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-text.c: a stored game's players and result in words, for
 * the history's list and the replay alike.  A seat played without a name
 * is stored as "?" (the record's word for unknown): it is shown by its
 * colour, as the board shows it, rather than as a question mark. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "tb-history-text.h"
#include "tb-rules.h"

char *
tb_history_player_name (const char *ruleset, guint seat, const char *name)
{
  const TbRules *rules = ruleset && *ruleset ? tb_rules_lookup (ruleset) : NULL;

  if (name && *name && g_strcmp0 (name, "?") != 0)
    return g_strdup (name);
  if (rules == NULL)
    return g_strdup (name ? name : "");
  return g_strdup (_(tb_rules_get_seat_name (rules, seat == 2 ? 2 : 1)));
}

char *
tb_history_date_text (const char *date)
{
  int y, m, d;
  g_autoptr (GDateTime) when = NULL;

  /* A day, whatever the time zone: UTC's needs no look at the system's
   * (the local one looked at /etc/localtime for each row shown). */
  if (date && sscanf (date, "%4d.%2d.%2d", &y, &m, &d) == 3 &&
      (when = g_date_time_new_utc (y, m, d, 0, 0, 0)))
    return g_date_time_format (when, "%x");
  /* Parts unknown ("??" in the Date tag): what is known, or a dash. */
  if (date && sscanf (date, "%4d.%2d", &y, &m) == 2 && m >= 1 && m <= 12)
    return g_strdup_printf ("%04d-%02d", y, m);
  if (date && sscanf (date, "%4d", &y) == 1)
    return g_strdup_printf ("%04d", y);
  return g_strdup (date && *date && *date != '?' ? date : "—");
}

char *
tb_history_players_text (const char *ruleset, const char *player1, const char *player2)
{
  g_autofree char *first = NULL, *second = NULL;

  /* A row not read yet: nothing rather than two colours. */
  if (player1 == NULL || *player1 == '\0')
    return g_strdup ("");
  first = tb_history_player_name (ruleset, 1, player1);
  second = tb_history_player_name (ruleset, 2, player2);
  /* Translators: the two players of a game in the history. */
  return g_strdup_printf (_("%s – %s"), first, second);
}

char *
tb_history_result_text (const char *ruleset, const char *result, const char *player1,
                        const char *player2)
{
  TbResult value;
  g_autofree char *winner = NULL;

  if (result == NULL || !tb_result_from_string (result, &value))
    return g_strdup (result ? result : "");
  switch (value)
    {
    case TB_RESULT_NONE:
      return g_strdup (_("Unfinished"));
    case TB_RESULT_DRAW:
      return g_strdup (_("Draw"));
    case TB_RESULT_SEAT1_WINS:
      winner = tb_history_player_name (ruleset, 1, player1);
      break;
    case TB_RESULT_SEAT2_WINS:
      winner = tb_history_player_name (ruleset, 2, player2);
      break;
    default:
      return g_strdup (result);
    }
  /* Translators: the result of a stored game: "Alice won", "Red won". */
  return g_strdup_printf (_("%s won"), winner);
}
