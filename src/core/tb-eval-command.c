/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-eval-command.c: the [%eval X] command of a record's comments
 * (tb-eval-command.h)
 */
#include "config.h"

#include <string.h>

#include "tb-eval-command.h"

#define COMMAND "[%eval"

char *
tb_eval_command_format (double eval)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (number, sizeof number, "%.3f", CLAMP (eval, 0.0, 1.0));
  return g_strconcat (COMMAND " ", number, "]", NULL);
}

/* The value of "D]" or "D.DDD]" (one to three decimals) at text, 0 to 1;
 * *end just past the ']'.  FALSE for anything else. */
static gboolean
parse_value (const char *text, double *value, const char **end)
{
  const char *p = text;
  int thousandths = 0;
  int scale = 1000;

  if (!g_ascii_isdigit (*p))
    return FALSE;
  thousandths = (*p++ - '0') * 1000;
  if (*p == '.')
    {
      p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      for (; g_ascii_isdigit (*p); p++)
        {
          scale /= 10;
          if (scale == 0)
            return FALSE;   /* more than three decimals */
          thousandths += (*p - '0') * scale;
        }
    }
  if (*p != ']' || thousandths > 1000)
    return FALSE;
  *value = thousandths / 1000.0;
  *end = p + 1;
  return TRUE;
}

/* The value of the command at text ("[%eval" already seen): spaces or
 * line breaks (a record wrapped by another program), then the value. */
static gboolean
parse_command (const char *text, double *value, const char **end)
{
  const char *p = text;

  if (!g_ascii_isspace (*p))
    return FALSE;
  while (g_ascii_isspace (*p))
    p++;
  return parse_value (p, value, end);
}

char *
tb_eval_command_take (const char *comment, double *eval)
{
  GString *rest = g_string_sized_new (strlen (comment));
  const char *p = comment;
  const char *found;

  while ((found = strstr (p, COMMAND)))
    {
      const char *end;
      double value;

      if (parse_command (found + strlen (COMMAND), &value, &end))
        {
          g_string_append_len (rest, p, found - p);
          /* The space the command leaves goes with it: the game's
           * comment is its words one space apart anyway. */
          g_string_append_c (rest, ' ');
          *eval = value;
          p = end;
        }
      else
        {
          g_string_append_len (rest, p, found + 1 - p);
          p = found + 1;
        }
    }
  g_string_append (rest, p);
  return g_string_free (rest, FALSE);
}
