/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-language.c: the language preference reaches gettext, even when
 * the system runs under the C locale (where gettext ignores LANGUAGE). */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "tb-language.h"

/* A sentence of the rules, as the play view says it. */
#define FROZEN "a pawn on a target is frozen for good"

static void
test_french_then_english (void)
{
  const char *english;

  setlocale (LC_ALL, "C");
  g_unsetenv ("LANGUAGE");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, FROZEN), ==, FROZEN);

  g_assert_true (tb_language_apply ("fr"));
  g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, "fr");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, FROZEN), !=, FROZEN);
  g_assert_nonnull (strstr (g_dgettext (GETTEXT_PACKAGE, FROZEN), "pion"));

  g_assert_true (tb_language_apply ("en"));
  english = g_dgettext (GETTEXT_PACKAGE, FROZEN);
  g_assert_cmpstr (english, ==, FROZEN);
}

/* "system" leaves everything as the system has it; an unknown language
 * is refused and changes nothing. */
static void
test_system_and_unknown (void)
{
  g_setenv ("LANGUAGE", "xx", TRUE);
  g_assert_true (tb_language_apply ("system"));
  g_assert_true (tb_language_apply (NULL));
  g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, "xx");
  g_assert_false (tb_language_apply ("de"));
  g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, "xx");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TABLIER_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      /* build-aux/dev test generates it; a test run without it says so. */
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return g_test_run ();
    }
  g_test_add_func ("/language/french-then-english", test_french_then_english);
  g_test_add_func ("/language/system-and-unknown", test_system_and_unknown);
  return g_test_run ();
}
