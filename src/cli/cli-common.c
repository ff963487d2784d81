/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-common.c: argument parsing, replay and error reporting */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-common.h"

char *
cli_escape (const char *text, gboolean fields)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const guchar *p = (const guchar *) text; *p; p++)
    {
      if (*p == '\t' || *p == '\n' || *p == '\r')
        g_string_append (out, *p == '\t' ? "\\t" : *p == '\n' ? "\\n" : "\\r");
      else if (*p < 0x20 || *p == 0x7f)
        g_string_append_printf (out, "\\x%02x", *p);
      /* The C1 controls, in UTF-8: some terminals obey them too. */
      else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
        g_string_append_printf (out, "\\u%04x", *++p);
      else if (*p == '\\' && fields)
        g_string_append (out, "\\\\");
      else
        g_string_append_c (out, (char) *p);
    }
  return g_string_free (out, FALSE);
}

static void
print_error (const char *format, va_list args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);
  g_autofree char *line = cli_escape (message, FALSE);

  fprintf (stderr, "tablier-cli: %s\n", line);
}

int
cli_bad_input (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  print_error (format, args);
  va_end (args);
  return CLI_EXIT_BAD_INPUT;
}

int
cli_bad_usage (const CliCommand *command, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  print_error (format, args);
  va_end (args);
  fprintf (stderr, "usage: tablier-cli %s %s\n", command->name, command->args);
  return CLI_EXIT_BAD_INPUT;
}

int
cli_failure (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  print_error (format, args);
  va_end (args);
  return CLI_EXIT_FAILURE;
}

gboolean
cli_check_range (const CliCommand *command, const char *option, gint64 value, gint64 min,
                 gint64 max, int *exit_status)
{
  if (value >= min && value <= max)
    return TRUE;
  if (max == G_MAXINT)
    *exit_status = cli_bad_usage (command, "%s %" G_GINT64_FORMAT " is out of range: at least %"
                                  G_GINT64_FORMAT, option, value, min);
  else
    *exit_status = cli_bad_usage (command, "%s %" G_GINT64_FORMAT " is out of range: %"
                                  G_GINT64_FORMAT " %s %" G_GINT64_FORMAT, option, value, min,
                                  max == min + 1 ? "or" : "to", max);
  return FALSE;
}

static gboolean
is_blank (const char *text)
{
  return text[strspn (text, " \t\n\r")] == '\0';
}

/* The option of entries given an empty (or blank) value, or NULL: an
 * empty name, path or position is a mistake, never "any" or "none". */
static const GOptionEntry *
find_blank_value (const GOptionEntry *entries)
{
  for (const GOptionEntry *e = entries; e && e->long_name; e++)
    {
      if (e->arg == G_OPTION_ARG_STRING || e->arg == G_OPTION_ARG_FILENAME)
        {
          const char *value = *(char **) e->arg_data;

          if (value && is_blank (value))
            return e;
        }
      else if (e->arg == G_OPTION_ARG_STRING_ARRAY || e->arg == G_OPTION_ARG_FILENAME_ARRAY)
        for (char **v = *(char ***) e->arg_data; v && *v; v++)
          if (is_blank (*v))
            return e;
    }
  return NULL;
}

/* The values GOption cannot check itself. */
static gboolean
check_values (const CliCommand *command, const GOptionEntry *game_entries,
              const GOptionEntry *extra_entries, const CliGameArgs *args, int *exit_status)
{
  const GOptionEntry *blank = find_blank_value (game_entries);

  if (blank == NULL)
    blank = find_blank_value (extra_entries);
  if (blank)
    {
      *exit_status = cli_bad_usage (command, "--%s is empty", blank->long_name);
      return FALSE;
    }
  return args == NULL || cli_check_range (command, "--starter", args->starter, 1, 2, exit_status);
}

static gboolean
parse (const CliCommand *command, int *argc, char ***argv, GOptionEntry *game_entries,
       GOptionEntry *extra_entries, int *exit_status)
{
  gboolean help = FALSE;
  GOptionEntry help_entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (command->args);
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (context, command->summary);
  /* Help printed here, not by GOption, which exits at once: its output
   * is checked as any other (tablier-cli.c). */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, help_entries, NULL);
  if (game_entries)
    g_option_context_add_main_entries (context, game_entries, NULL);
  if (extra_entries)
    g_option_context_add_main_entries (context, extra_entries, NULL);
  /* Moves never start with '-', but a stray "-x" should not be a move. */
  g_option_context_set_strict_posix (context, FALSE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *exit_status = cli_bad_usage (command, "%s", error->message);
      return FALSE;
    }
  if (help)
    {
      g_autofree char *text = g_option_context_get_help (context, TRUE, NULL);

      fputs (text, stdout);
      *exit_status = CLI_EXIT_OK;
      return FALSE;
    }
  return TRUE;
}

gboolean
cli_parse_args (const CliCommand *command, int *argc, char ***argv,
                GOptionEntry *extra_entries, CliGameArgs *args, int *exit_status)
{
  CliGameArgs unused;
  CliGameArgs *a = args ? args : &unused;
  GOptionEntry game_entries[] = {
    { "starter", 's', 0, G_OPTION_ARG_INT, &a->starter,
      "The seat that moves first (1 or 2; 2 only where the rules allow it)", "N" },
    { "option", 'o', 0, G_OPTION_ARG_STRING_ARRAY, &a->options,
      "A variant option of the ruleset (tablier-cli options RULESET lists them)", "KEY=VALUE" },
    { "position", 'p', 0, G_OPTION_ARG_STRING, &a->position,
      "Start from this position instead of the start (tablier-cli state prints it)", "TEXT" },
    { NULL }
  };

  *a = (CliGameArgs) { 1, NULL, NULL };
  if (parse (command, argc, argv, args ? game_entries : NULL, extra_entries, exit_status) &&
      check_values (command, args ? game_entries : NULL, extra_entries, args, exit_status))
    return TRUE;
  cli_game_args_clear (a);
  return FALSE;
}

void
cli_game_args_clear (CliGameArgs *args)
{
  g_clear_pointer (&args->options, g_strfreev);
  g_clear_pointer (&args->position, g_free);
}

static TbVariant *
make_variant (const char *ruleset_id, const CliGameArgs *args, int *exit_status)
{
  g_autofree char *options_text = NULL;
  g_autoptr (GError) error = NULL;
  TbVariant *variant;

  if (args->options)
    options_text = g_strjoinv (",", args->options);
  variant = tb_variant_new_from_text (ruleset_id, options_text, &error);
  if (variant == NULL)
    {
      *exit_status = cli_bad_input ("%s", error->message);
      return NULL;
    }
  if (!tb_variant_check_starter (variant, (guint) args->starter, &error))
    {
      *exit_status = cli_bad_input ("--starter %d: %s", args->starter, error->message);
      tb_variant_unref (variant);
      return NULL;
    }
  return variant;
}

TbLine *
cli_replay (const char *ruleset_id, const CliGameArgs *args, char **moves, int n_moves,
            int *exit_status)
{
  g_autoptr (TbVariant) variant = make_variant (ruleset_id, args, exit_status);
  g_autoptr (TbLine) line = NULL;

  if (variant == NULL)
    return NULL;
  line = tb_line_new (variant, (guint) args->starter);
  if (args->position)
    {
      g_autoptr (GError) error = NULL;
      TbPosition *pos = tb_variant_parse_position (variant, args->position, &error);

      if (pos == NULL)
        {
          *exit_status = cli_bad_input ("--position: %s", error->message);
          return NULL;
        }
      tb_line_reset_to (line, pos);
      tb_position_free (pos);
    }
  for (int i = 0; i < n_moves; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!tb_line_play_text (line, moves[i], NULL, &error))
        {
          *exit_status = cli_bad_input ("ply %d (%s): %s", i + 1, moves[i], error->message);
          return NULL;
        }
    }
  return g_steal_pointer (&line);
}
