/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-text-fold.c: names made comparable whatever their case and accents */
#include "config.h"

#include "tb-text-fold.h"

/* The letters compatibility decomposition keeps apart that a person
 * typing on another keyboard does not: the Turkish dotless i. */
static gunichar
plain_letter (gunichar c)
{
  return c == 0x0131 ? 'i' : c;
}

/* Appends decomposed without its marks, and with white space as one
 * space between words. */
static void
append_unmarked (GString *out, const char *decomposed)
{
  gboolean space = FALSE;

  for (const char *p = decomposed; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK ||
          type == G_UNICODE_ENCLOSING_MARK)
        continue;
      if (g_unichar_isspace (c))
        {
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_unichar (out, plain_letter (c));
    }
}

/* text decomposed (NFKD) without its marks. */
static char *
unmarked (const char *text)
{
  g_autofree char *decomposed = g_utf8_normalize (text, -1, G_NORMALIZE_NFKD);
  GString *out = g_string_new (NULL);

  append_unmarked (out, decomposed ? decomposed : "");
  return g_string_free (out, FALSE);
}

char *
tb_text_fold (const char *text)
{
  const char *end;
  g_autofree char *valid = NULL;
  g_autofree char *bare = NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  g_utf8_validate (text, -1, &end);
  valid = g_strndup (text, end - text);
  bare = unmarked (valid);
  /* Case folding may give marks back (the lower case of İ is i and a
   * combining dot): they go once more. */
  folded = g_utf8_casefold (bare, -1);
  return unmarked (folded);
}

char *
tb_text_like_anywhere (const char *text)
{
  GString *pattern = g_string_new ("%");

  g_return_val_if_fail (text != NULL, NULL);

  for (const char *p = text; *p; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (pattern, '\\');
      g_string_append_c (pattern, *p);
    }
  g_string_append_c (pattern, '%');
  return g_string_free (pattern, FALSE);
}
