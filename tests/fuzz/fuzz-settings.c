/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-settings.c: any values in the settings the application reads.
 *
 * GSettings checks types and choices, but strings are free: the language
 * (applied at start-up), the last game chosen, and the players' names,
 * which go into every record.  Lines of the input are those values.  A
 * language is used or refused, an unknown game falls back to a known one,
 * and any name (quotes, backslashes, brackets) comes back unchanged from
 * a record written and read again. */
#include "fuzz-target.h"

#include <string.h>

#include "tb-language.h"
#include "tb-tgn.h"

/* A name as a record keeps it: a tag value is one line, so line breaks
 * become spaces. */
static char *
as_recorded (const char *name)
{
  return g_strdelimit (g_strdup (name), "\n\r", ' ');
}

static const char *
line (char **lines, guint i)
{
  return g_strv_length (lines) > i ? lines[i] : "";
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto (GStrv) lines = NULL;
  const TbRules *rules;
  g_autoptr (TbVariant) variant = NULL;
  g_autoptr (TbGame) game = NULL;
  g_autoptr (GPtrArray) read = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;
  const char *language;

  /* GSettings strings are UTF-8, and hold no NUL. */
  if (strlen (text) != size || !g_utf8_validate (text, -1, NULL))
    return 0;
  lines = g_strsplit (text, "\n", 4);
  language = line (lines, 0);
  /* Known: used (C.UTF-8 carries any language when no better locale is
   * there); unknown: refused. */
  FUZZ_CHECK (tb_language_apply (language) ==
                (*language == '\0' || g_str_equal (language, "system") ||
                 g_str_equal (language, "en") || g_str_equal (language, "fr")),
              "the language '%s' is not told right", language);
  rules = tb_rules_lookup (line (lines, 1));
  if (rules == NULL)
    rules = tb_rules_lookup ("versus-61");
  variant = tb_variant_new_default (rules);
  game = tb_game_new (variant, 1);
  tb_game_set_tag (game, "Player1", line (lines, 2));
  tb_game_set_tag (game, "Player2", line (lines, 3));
  record = tb_tgn_write (game);
  read = tb_tgn_read_all (record, -1, &error);
  FUZZ_CHECK (read != NULL, "names make a record that does not read: %s\n%s",
              error ? error->message : "?", record);
  for (guint seat = 1; seat <= 2; seat++)
    {
      const char *name = line (lines, seat + 1);
      g_autofree char *expected = as_recorded (name);
      const char *got = tb_game_get_player_name (read->pdata[0], seat);

      /* Empty or "?" is PGN's unknown name: no name. */
      if (*name == '\0' || g_str_equal (name, "?"))
        FUZZ_CHECK (got == NULL || *name == '\0', "the unknown name comes back as '%s'", got);
      else
        FUZZ_CHECK (g_strcmp0 (got, expected) == 0, "the name '%s' comes back as '%s'", name,
                    got ? got : "(none)");
    }
  return 0;
}
