/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-dates.c: the games' dates as the store keeps them, and a date
 * search as typed, in the window's history and on tablier-cli's command
 * line alike, turned into the dates it bounds.
 *
 * A Date tag writes a part it does not know as question marks
 * ("2026.??.??", "????.??.??").  Stored so, a question mark, which
 * compares after every digit, would put a game of unknown year after
 * every dated one: first in the history's "latest first".  The store
 * keeps such a part as zeros instead ("2026.00.00", "0000.00.00"), which
 * no known part is, so that it comes before every known one, as
 * collection programs order them; the rows it reads give the tag's form
 * back.  A Date that is not of the form YYYY.MM.DD is kept as it is.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

/* Where the parts of a YYYY.MM.DD date start, and how long they are. */
static const struct
{
  guint start, length;
} parts[] = { { 0, 4 }, { 5, 2 }, { 8, 2 } };
#define DATE_LENGTH 10

/* Whether text is YYYY.MM.DD, each character a digit or either
 * character. */
static gboolean
has_date_form (const char *text, char either)
{
  if (strlen (text) != DATE_LENGTH || text[4] != '.' || text[7] != '.')
    return FALSE;
  for (guint i = 0; i < DATE_LENGTH; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]) && text[i] != either)
      return FALSE;
  return TRUE;
}

/* text with each of its parts wholly made of from written with to. */
static char *
replace_whole_parts (const char *text, char from, char to)
{
  char *copy = g_strdup (text ? text : "");

  if (!has_date_form (copy, from))
    return copy;
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      gboolean whole = TRUE;

      for (guint i = 0; i < parts[p].length; i++)
        whole = whole && text[parts[p].start + i] == from;
      if (whole)
        memset (copy + parts[p].start, to, parts[p].length);
    }
  return copy;
}

char *
tb_store_date_stored (const char *tag)
{
  return replace_whole_parts (tag, '?', '0');
}

char *
tb_store_date_shown (const char *stored)
{
  return replace_whole_parts (stored, '0', '?');
}

/* Where a search from a date alone ends, and one until a date alone
 * starts: the first and the last day that can be known.  A game whose
 * year is not known is neither after nor before any date. */
#define FIRST_KNOWN_DATE "0001.01.01"
#define LAST_KNOWN_DATE "9999.12.31"

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
  /* A part not known is stored as zeros, before every known one: a year
   * or a month "from" starts at its unknown month or day ("2026.00",
   * "2026.03.00"), so takes them in, and one "until" ends at its last
   * day.  Each bound is written out to a month at least: a bound of
   * whole months is counted from the months' counts (tb-store-counts.c),
   * a year alone game by game (13 ms for 100,000 games). */
  if (month < 0)
    *bound = g_strdup_printf (until ? "%04d.12.31" : "%04d.00", year);
  else if (day < 0)
    *bound = g_strdup_printf (until ? "%04d.%02d.31" : "%04d.%02d.00", year, month);
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
  else if (*date_to && *date_from == NULL)
    *date_from = g_strdup (FIRST_KNOWN_DATE);
  return wrong;
}
