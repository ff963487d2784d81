/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-options.c: reading and writing option values */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-options.h"

G_DEFINE_QUARK (tb-options-error-quark, tb_options_error)

static const char *const true_words[] = { "yes", "true", "on", "1", NULL };
static const char *const false_words[] = { "no", "false", "off", "0", NULL };

static gboolean
parse_bool (const TbOptionSpec *spec, const char *text, int *value, GError **error)
{
  if (g_strv_contains (true_words, text))
    *value = 1;
  else if (g_strv_contains (false_words, text))
    *value = 0;
  else
    {
      g_set_error (error, TB_OPTIONS_ERROR, TB_OPTIONS_ERROR_BAD_VALUE,
                   "option %s: '%s' is not yes or no", spec->key, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_choice (const TbOptionSpec *spec, const char *text, int *value, GError **error)
{
  g_autoptr (GString) allowed = g_string_new (NULL);

  for (guint i = 0; i < spec->n_choices; i++)
    {
      if (g_ascii_strcasecmp (spec->choices[i].value, text) == 0)
        {
          *value = (int) i;
          return TRUE;
        }
      g_string_append_printf (allowed, "%s%s", i ? ", " : "", spec->choices[i].value);
    }
  g_set_error (error, TB_OPTIONS_ERROR, TB_OPTIONS_ERROR_BAD_VALUE,
               "option %s: '%s' is not one of %s", spec->key, text, allowed->str);
  return FALSE;
}

static gboolean
parse_int (const TbOptionSpec *spec, const char *text, int *value, GError **error)
{
  gint64 n;

  if (!g_ascii_string_to_signed (text, 10, spec->min_value, spec->max_value, &n, NULL))
    {
      g_set_error (error, TB_OPTIONS_ERROR, TB_OPTIONS_ERROR_BAD_VALUE,
                   "option %s: '%s' is not a whole number from %d to %d",
                   spec->key, text, spec->min_value, spec->max_value);
      return FALSE;
    }
  *value = (int) n;
  return TRUE;
}

gboolean
tb_option_parse_value (const TbOptionSpec *spec, const char *text, int *value, GError **error)
{
  g_autofree char *word = g_strstrip (g_ascii_strdown (text, -1));

  switch (spec->type)
    {
    case TB_OPTION_BOOL:
      return parse_bool (spec, word, value, error);
    case TB_OPTION_CHOICE:
      return parse_choice (spec, word, value, error);
    case TB_OPTION_INT:
      return parse_int (spec, word, value, error);
    default:
      g_assert_not_reached ();
    }
}

char *
tb_option_format_value (const TbOptionSpec *spec, int value)
{
  switch (spec->type)
    {
    case TB_OPTION_BOOL:
      return g_strdup (value ? "yes" : "no");
    case TB_OPTION_CHOICE:
      g_return_val_if_fail (value >= 0 && (guint) value < spec->n_choices, NULL);
      return g_strdup (spec->choices[value].value);
    case TB_OPTION_INT:
      return g_strdup_printf ("%d", value);
    default:
      g_assert_not_reached ();
    }
}

const char *
tb_option_type_to_string (TbOptionType type)
{
  switch (type)
    {
    case TB_OPTION_BOOL:
      return "yes|no";
    case TB_OPTION_CHOICE:
      return "choice";
    case TB_OPTION_INT:
      return "number";
    default:
      g_assert_not_reached ();
    }
}

static const TbOptionSpec *
find_spec (const TbOptionSpec *specs, guint n_specs, const char *key, guint *index)
{
  for (guint i = 0; i < n_specs; i++)
    if (strcmp (specs[i].key, key) == 0)
      {
        *index = i;
        return &specs[i];
      }
  return NULL;
}

static gboolean
parse_pair (const TbOptionSpec *specs, guint n_specs, const char *pair, int *values,
            GError **error)
{
  g_auto (GStrv) parts = g_strsplit (pair, "=", 2);
  const TbOptionSpec *spec;
  guint index = 0;

  if (g_strv_length (parts) != 2)
    {
      g_set_error (error, TB_OPTIONS_ERROR, TB_OPTIONS_ERROR_SYNTAX,
                   "option '%s' is not written key=value", pair);
      return FALSE;
    }
  g_strstrip (parts[0]);
  spec = find_spec (specs, n_specs, parts[0], &index);
  if (spec == NULL)
    {
      g_autoptr (GString) known = g_string_new (NULL);
      for (guint i = 0; i < n_specs; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "", specs[i].key);
      g_set_error (error, TB_OPTIONS_ERROR, TB_OPTIONS_ERROR_UNKNOWN_KEY,
                   "unknown option '%s' (known: %s)", parts[0],
                   n_specs ? known->str : "none");
      return FALSE;
    }
  return tb_option_parse_value (spec, parts[1], &values[index], error);
}

gboolean
tb_options_parse (const TbOptionSpec *specs, guint n_specs, const char *text, int *values,
                  GError **error)
{
  g_auto (GStrv) pairs = NULL;

  for (guint i = 0; i < n_specs; i++)
    values[i] = specs[i].default_value;
  if (text == NULL)
    return TRUE;

  pairs = g_strsplit (text, ",", -1);
  for (guint i = 0; pairs[i] != NULL; i++)
    {
      if (*g_strstrip (pairs[i]) == '\0')
        continue;
      if (!parse_pair (specs, n_specs, pairs[i], values, error))
        return FALSE;
    }
  return TRUE;
}

char *
tb_options_format (const TbOptionSpec *specs, guint n_specs, const int *values)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *value = NULL;

      if (values[i] == specs[i].default_value)
        continue;
      value = tb_option_format_value (&specs[i], values[i]);
      g_string_append_printf (text, "%s%s=%s", text->len ? "," : "", specs[i].key, value);
    }
  return g_string_free (text, FALSE);
}
