/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-language.c: the language preference.
 *
 * gettext takes the language from $LANGUAGE, except under the C locale,
 * where it translates nothing at all: then the messages category is moved
 * to a UTF-8 locale of the wanted language (or C.UTF-8, which lets
 * LANGUAGE work), whichever this system has. */
#include "config.h"

#include "tb-language.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

static gboolean
is_c_locale (const char *name)
{
  return name == NULL || strcmp (name, "C") == 0 || strcmp (name, "POSIX") == 0;
}

gboolean
tb_language_apply (const char *language)
{
  static const char *const french[] = { "fr_FR.UTF-8", "fr_BE.UTF-8", "fr_CA.UTF-8",
                                        "fr_CH.UTF-8", "C.UTF-8", NULL };
  static const char *const english[] = { "en_US.UTF-8", "en_GB.UTF-8", "C.UTF-8", NULL };
  const char *const *locales;

  if (language == NULL || *language == '\0' || strcmp (language, "system") == 0)
    return TRUE;
  if (strcmp (language, "fr") == 0)
    locales = french;
  else if (strcmp (language, "en") == 0)
    locales = english;
  else
    return FALSE;
  g_setenv ("LANGUAGE", language, TRUE);
  if (!is_c_locale (setlocale (LC_MESSAGES, NULL)))
    {
      /* Naming the domain again makes gettext forget the translations it
       * looked up in the language before (glibc's documented way). */
      g_autofree char *domain = g_strdup (textdomain (NULL));

      textdomain (domain);
      return TRUE;
    }
  for (guint i = 0; locales[i]; i++)
    if (setlocale (LC_MESSAGES, locales[i]))
      return TRUE;
  return FALSE;
}
