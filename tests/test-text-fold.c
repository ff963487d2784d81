/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-text-fold.c: what a person types finds the name as stored */
#include "config.h"

#include "tb-text-fold.h"

static void
assert_folds_to (const char *text, const char *expected)
{
  g_autofree char *folded = tb_text_fold (text);

  g_assert_cmpstr (folded, ==, expected);
}

static void
test_accents_and_case (void)
{
  assert_folds_to ("Élodie Martin", "elodie martin");
  assert_folds_to ("ELODIE", "elodie");
  /* Decomposed input (as some keyboards and file systems give it). */
  assert_folds_to ("E\xcc\x81lodie", "elodie");
  assert_folds_to ("François Nœud", "francois nœud");
  assert_folds_to ("Ångström", "angstrom");
}

static void
test_ligatures_and_sharp_s (void)
{
  assert_folds_to ("\xef\xac\x81nale", "finale");   /* the ﬁ ligature */
  assert_folds_to ("Straße", "strasse");
  assert_folds_to ("STRASSE", "strasse");
}

/* Turkish: İ (dotted capital), I, ı (dotless) and i all find each other. */
static void
test_turkish_i (void)
{
  assert_folds_to ("İstanbul", "istanbul");
  assert_folds_to ("ıstanbul", "istanbul");
  assert_folds_to ("ISTANBUL", "istanbul");
}

static void
test_spaces_and_bad_bytes (void)
{
  assert_folds_to ("  Claire \t Dubois ", "claire dubois");
  assert_folds_to ("", "");
  /* The part before a byte that is not UTF-8. */
  assert_folds_to ("Zoé\xff rest", "zoe");
}

static void
test_like_pattern_is_literal (void)
{
  g_autofree char *pattern = tb_text_like_anywhere ("50%_a\\b");

  g_assert_cmpstr (pattern, ==, "%50\\%\\_a\\\\b%");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/text-fold/accents-and-case", test_accents_and_case);
  g_test_add_func ("/text-fold/ligatures-and-sharp-s", test_ligatures_and_sharp_s);
  g_test_add_func ("/text-fold/turkish-i", test_turkish_i);
  g_test_add_func ("/text-fold/spaces-and-bad-bytes", test_spaces_and_bad_bytes);
  g_test_add_func ("/text-fold/like-pattern-is-literal", test_like_pattern_is_literal);
  return g_test_run ();
}
