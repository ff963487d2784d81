/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-dates.c: a date search as typed, in the window's history and
 * on tablier-cli's command line alike, turned into the Date tags it
 * bounds. */
#include "config.h"

#include <string.h>

#include "tb-store.h"

/* A part of a Date tag that is not known. */
#define UNKNOWN "??"
/* Where a search from a date alone ends: the last year that can be
 * known.  A game whose year is not ("????.??.??", which compares after
 * every digit) is after no date. */
#define LAST_KNOWN_DATE "9999." UNKNOWN "." UNKNOWN

/* A part of one to max digits at *p, moved past; -1 when none. */
static int
take_number (const char **p, guint max)
{
  int value = 0;
  guint digits = 0;

  while (digits < max && g_ascii_isdigit (**p))
    {
      value = value * 10 + (**p - '0');
      (*p)++;
      digits++;
    }
  return digits > 0 && !g_ascii_isdigit (**p) ? value : -1;
}

/* The separator between two parts, moved past. */
static gboolean
take_separator (const char **p)
{
  if (**p != '-' && **p != '.' && **p != '/')
    return FALSE;
  (*p)++;
  return TRUE;
}

/* Whether text is NULL or holds nothing but spaces. */
static gboolean
is_blank (const char *text)
{
  while (text && g_ascii_isspace (*text))
    text++;
  return text == NULL || *text == '\0';
}

/* The Date tag bound a date typed gives: where a search from it starts
 * ("2026", "2026.03", "2026.03.14") or, until, the last Date it takes in;
 * FALSE when it is no date. */
static gboolean
parse_date (const char *typed, gboolean until, char **bound)
{
  g_autofree char *text = g_strstrip (g_strdup (typed ? typed : ""));
  const char *p = text;
  int year, month = -1, day = -1;

  *bound = NULL;
  if (strlen (text) < 4 || (year = take_number (&p, 4)) < 1 || p != text + 4)
    return FALSE;
  if (*p != '\0' && (!take_separator (&p) || (month = take_number (&p, 2)) < 0))
    return FALSE;
  if (*p != '\0' && (!take_separator (&p) || (day = take_number (&p, 2)) < 0))
    return FALSE;
  if (*p != '\0' ||
      !g_date_valid_dmy (day < 0 ? 1 : (GDateDay) day, month < 0 ? 1 : (GDateMonth) month,
                         (GDateYear) year))
    return FALSE;
  /* A Date tag's unknown parts are "??", which compares after every
   * digit: a year or a month "until" takes in all of it, the games whose
   * day or month in it is not known too.  A year "from" starts at its
   * first month, written out: a bound of whole months is counted from the
   * months' counts (tb-store-counts.c), a year alone game by game (13 ms
   * for 100,000 games). */
  if (month < 0)
    *bound = g_strdup_printf (until ? "%04d." UNKNOWN "." UNKNOWN : "%04d.01", year);
  else if (day < 0)
    *bound = g_strdup_printf (until ? "%04d.%02d." UNKNOWN : "%04d.%02d", year, month);
  else
    *bound = g_strdup_printf ("%04d.%02d.%02d", year, month, day);
  return TRUE;
}

guint
tb_store_date_search (const char *from, const char *to, char **date_from, char **date_to)
{
  guint wrong = 0;

  *date_from = *date_to = NULL;
  if (!is_blank (from) && !parse_date (from, FALSE, date_from))
    wrong |= TB_STORE_DATE_FROM;
  if (!is_blank (to) && !parse_date (to, TRUE, date_to))
    wrong |= TB_STORE_DATE_TO;
  if (*date_from && *date_to == NULL)
    *date_to = g_strdup (LAST_KNOWN_DATE);
  return wrong;
}
