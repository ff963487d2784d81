/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-store.c: tablier-cli import, export and games: the game database
 * without the application (the same store module) */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "cli-commands.h"
#include "cli-filter.h"
#include "tb-store.h"

/* A --db that names no Tablier database: a wrong argument. */
static gboolean
is_wrong_database (const GError *error)
{
  return g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_PATH) ||
         g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_FOREIGN) ||
         g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_MISSING);
}

/* The database of --db, or the application's own.  The commands that only
 * read open it read-only: they write nothing, create nothing, and bring
 * an older schema up to date in memory only; import, which writes, makes
 * a database where there is none (never a temporary one: --db '') and
 * upgrades an older one, keeping a copy of it first. */
TbStore *
cli_open_store (const char *db, gboolean writing, int *status)
{
  g_autofree char *path = db ? g_strdup (db) : tb_store_default_path ();
  g_autoptr (GError) error = NULL;
  TbStore *store = tb_store_open_full (path, writing ? TB_STORE_OPEN_CREATE
                                                     : TB_STORE_OPEN_READ_ONLY,
                                       NULL, NULL, &error);

  if (store == NULL)
    {
      fprintf (stderr, "tablier-cli: %s\n", error->message);
      *status = db && is_wrong_database (error) ? CLI_EXIT_BAD_INPUT : CLI_EXIT_FAILURE;
    }
  return store;
}

/* The counts, then each bad game as FILE:LINE:COL: message. */
static void
print_import_report (const TbImportCounts *total, GPtrArray *errors)
{
  printf ("imported %u, skipped %u duplicates, %u errors", total->imported, total->skipped,
          total->errors);
  /* Correspondence records that brought moves to stored games. */
  if (total->updated)
    printf (", %u updated with new moves", total->updated);
  /* Copies of stored games that brought comments, NAGs or variations. */
  if (total->annotated)
    printf (", %u annotated", total->annotated);
  printf ("\n");
  for (guint i = 0; i < errors->len; i++)
    {
      g_autofree char *line = cli_escape (g_ptr_array_index (errors, i), FALSE);

      printf ("%s\n", line);
    }
}

/* One file, committed in chunks (tb-store-import.c), its counts added to
 * total's.  FALSE when it cannot be read (nothing of it kept) or the
 * database fails: the chunks committed before stay, counted, and *partly
 * says whether there were any. */
static gboolean
import_file (TbStore *store, const char *path, TbImportCounts *total, GPtrArray *errors,
             gboolean *partly, GError **error)
{
  g_autofree char *text = NULL;
  TbImportCounts counts = { 0 };
  gsize length;
  gboolean imported;

  *partly = FALSE;
  if ((text = cli_read_input (path, &length, error)) == NULL)
    return FALSE;
  imported = tb_store_import_text (store, text, length, path, &counts, errors, NULL, NULL, NULL,
                                   error);
  total->imported += counts.imported;
  total->skipped += counts.skipped;
  total->errors += counts.errors;
  total->updated += counts.updated;
  total->annotated += counts.annotated;
  if (!imported)
    {
      *partly = counts.imported + counts.skipped + counts.updated + counts.annotated > 0;
      g_prefix_error (error, "%s: ", path);
    }
  return imported;
}

int
cli_import (int argc, char **argv)
{
  g_autofree char *db = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database (default: the application's)",
      "PATH" },
    { NULL }
  };
  int status = CLI_EXIT_OK, i;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  TbImportCounts total = { 0 };
  gboolean partly = FALSE;

  if (!cli_parse_args (&cli_commands[CLI_IMPORT], &argc, &argv, entries, NULL, &status))
    return status;
  if (argc < 2)
    return cli_bad_usage (&cli_commands[CLI_IMPORT], "missing FILE");
  /* Every file is looked at before any is imported: a mistyped name
   * imports nothing (and creates no database). */
  if (!cli_check_inputs (argv + 1, argc - 1, &error))
    return cli_input_failed (error);
  if ((store = cli_open_store (db, TRUE, &status)) == NULL)
    return status;

  /* A file that fails all the same (a read error, the database) stops
   * the import: what came before it is kept, counted and said. */
  for (i = 1; i < argc && import_file (store, argv[i], &total, errors, &partly, &error); i++)
    ;
  if (error == NULL || i > 1 || partly)
    print_import_report (&total, errors);
  if (error == NULL)
    return total.errors ? CLI_EXIT_BAD_INPUT : CLI_EXIT_OK;
  if (i + 1 < argc)
    return cli_failure ("%s; %s, nor the %d file%s after it", error->message,
                        partly ? "the rest of it was not imported" : "it was not imported",
                        argc - i - 1, argc - i - 1 == 1 ? "" : "s");
  return cli_failure ("%s; %s", error->message,
                      partly ? "the rest of it was not imported" : "it was not imported");
}

static gboolean
is_listed (GArray *ids, gint64 id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_array_index (ids, gint64, i) == id)
      return TRUE;
  return FALSE;
}

/* own's entries, then the filters' (cli-filter.h). */
static GOptionEntry *
join_entries (const GOptionEntry *own, CliFilterArgs *chosen)
{
  g_autofree GOptionEntry *filters = cli_filter_entries (chosen);
  GArray *all = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));

  for (guint i = 0; own[i].long_name; i++)
    g_array_append_val (all, own[i]);
  for (guint i = 0; filters[i].long_name; i++)
    g_array_append_val (all, filters[i]);
  return (GOptionEntry *) g_array_free (all, FALSE);
}

/* The games --id names, each once; NULL (and *status set) after saying
 * which is not a game number. */
static GArray *
parse_ids (char **id_texts, int *status)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; id_texts[i]; i++)
    {
      guint64 id;

      if (!g_ascii_string_to_unsigned (id_texts[i], 10, 1, G_MAXINT64, &id, NULL))
        {
          *status = cli_bad_usage (&cli_commands[CLI_EXPORT], "--id '%s' is not a game number",
                                   id_texts[i]);
          return NULL;
        }
      /* A game asked for twice is written once (an id twice in the list
       * is a damaged database to the store). */
      if (!is_listed (ids, (gint64) id))
        g_array_append_val (ids, id);
    }
  return g_steal_pointer (&ids);
}

static gboolean
write_to_stdout (const char *text, gsize length, gpointer data, GError **error)
{
  if (fwrite (text, 1, length, stdout) == length)
    return TRUE;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
               "writing to standard output failed: %s", g_strerror (errno));
  return FALSE;
}

/* Writes the games that read on stdout as they are read (an export of
 * any size takes little memory) and names the others on stderr; FALSE,
 * after saying why, when stdout cannot be written.  error: the store's,
 * when a game was left out. */
static gboolean
write_export (TbStore *store, GArray *ids, GError **error)
{
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_autoptr (GError) local = NULL;

  tb_store_export_to (store, (const gint64 *) ids->data, ids->len, write_to_stdout, NULL,
                      problems, &local);
  /* Every game that reads is written.  A backup that cannot be written
   * says why (a full disk), here where the reason is still known. */
  if ((local && local->domain == G_IO_ERROR) || fflush (stdout) != 0)
    {
      int failed = errno;

      clearerr (stdout);
      if (local && local->domain == G_IO_ERROR)
        cli_failure ("%s", local->message);
      else
        cli_failure ("writing to standard output failed: %s", g_strerror (failed));
      return FALSE;
    }
  /* Each game that does not read is named, on a line of its own. */
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = cli_escape (((GError *) problems->pdata[i])->message, FALSE);

      fprintf (stderr, "tablier-cli: %s\n", line);
    }
  if (local)
    g_propagate_error (error, g_steal_pointer (&local));
  return TRUE;
}

int
cli_export (int argc, char **argv)
{
  g_autofree char *db = NULL;
  g_auto (GStrv) id_texts = NULL;
  g_auto (CliFilterArgs) chosen = { .limit = CLI_FILTER_NO_LIMIT };
  GOptionEntry own[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database (default: the application's)",
      "PATH" },
    { "id", 0, 0, G_OPTION_ARG_STRING_ARRAY, &id_texts, "A game (repeatable)", "N" },
    { NULL }
  };
  g_autofree GOptionEntry *entries = join_entries (own, &chosen);
  int status = CLI_EXIT_OK;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;

  if (!cli_parse_args (&cli_commands[CLI_EXPORT], &argc, &argv, entries, NULL, &status))
    return status;
  if (argc > 1)
    return cli_bad_usage (&cli_commands[CLI_EXPORT], "unexpected argument '%s'", argv[1]);
  /* Games given by number are all written, as given: a filter, a sort
   * or a page would mean nothing beside them. */
  if (id_texts && cli_filter_chooses (&chosen))
    return cli_bad_usage (&cli_commands[CLI_EXPORT], "--id chooses the games itself: give no "
                          "filter, sort, limit or offset with it");
  if (!cli_filter_check (&cli_commands[CLI_EXPORT], &chosen, TRUE, &status))
    return status;
  /* The arguments are checked before the database is looked at. */
  if (id_texts && (ids = parse_ids (id_texts, &status)) == NULL)
    return status;
  if ((store = cli_open_store (db, FALSE, &status)) == NULL)
    return status;
  if (ids == NULL)
    {
      ids = tb_store_query_ids (store, &chosen.filter, chosen.sort_by, chosen.sort_descending,
                                (guint) chosen.offset,
                                chosen.limit == CLI_FILTER_NO_LIMIT ? G_MAXUINT
                                                                    : (guint) chosen.limit,
                                &error);
      if (ids == NULL)
        {
          fprintf (stderr, "tablier-cli: %s\n", error->message);
          return CLI_EXIT_FAILURE;
        }
    }
  if (!write_export (store, ids, &error))
    return CLI_EXIT_FAILURE;
  if (error == NULL)
    return CLI_EXIT_OK;
  /* A game asked for that is not there is a wrong argument; one the
   * database lists and cannot find, damage. */
  return id_texts && g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND)
           ? CLI_EXIT_BAD_INPUT
           : CLI_EXIT_FAILURE;
}

/* A game as tab-separated fields: what a name holds is escaped, so that
 * a tab in it adds no column and an escape drives no terminal. */
static void
print_row (const TbStoreRow *row)
{
  const char *fields[] = { row->date, row->ruleset, row->player1, row->player2, row->result };

  printf ("%" G_GINT64_FORMAT, row->id);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *field = cli_escape (fields[i] ? fields[i] : "", TRUE);

      printf ("\t%s", field);
    }
  printf ("\n");
}

int
cli_games (int argc, char **argv)
{
  g_autofree char *db = NULL;
  g_auto (CliFilterArgs) chosen = { .limit = CLI_FILTER_NO_LIMIT };
  GOptionEntry own[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database (default: the application's)",
      "PATH" },
    { NULL }
  };
  g_autofree GOptionEntry *entries = join_entries (own, &chosen);
  int status = CLI_EXIT_OK;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GError) error = NULL;

  if (!cli_parse_args (&cli_commands[CLI_GAMES], &argc, &argv, entries, NULL, &status))
    return status;
  if (argc > 1)
    return cli_bad_usage (&cli_commands[CLI_GAMES], "unexpected argument '%s'", argv[1]);
  if (!cli_filter_check (&cli_commands[CLI_GAMES], &chosen, FALSE, &status))
    return status;
  if ((store = cli_open_store (db, FALSE, &status)) == NULL)
    return status;
  /* A list for a person to read: 100 games unless asked for more. */
  rows = tb_store_query (store, &chosen.filter, chosen.sort_by, chosen.sort_descending,
                         (guint) chosen.offset,
                         chosen.limit == CLI_FILTER_NO_LIMIT ? 100 : (guint) chosen.limit,
                         &error);
  if (rows == NULL)
    {
      fprintf (stderr, "tablier-cli: %s\n", error->message);
      return CLI_EXIT_FAILURE;
    }
  for (guint i = 0; i < rows->len; i++)
    print_row (g_ptr_array_index (rows, i));
  return CLI_EXIT_OK;
}

static void
print_ratings (TbStore *store, const char *ruleset, GError **error)
{
  g_autoptr (TbEloTable) table = tb_store_ratings (store, ruleset, error);
  g_autoptr (GPtrArray) players = table ? tb_elo_table_players (table) : NULL;
  g_autofree char *game = cli_escape (ruleset, TRUE);

  for (guint i = 0; players && i < players->len; i++)
    {
      const TbEloPlayer *p = g_ptr_array_index (players, i);
      g_autofree char *name = cli_escape (p->name, TRUE);

      printf ("%s\t%s\t%u\t%u\t%u\t%u\t%.0f\n", name, game, p->games, p->wins, p->draws,
              p->losses, p->rating);
    }
}

int
cli_ratings (int argc, char **argv)
{
  g_autofree char *db = NULL, *ruleset = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database (default: the application's)",
      "PATH" },
    { "game", 0, 0, G_OPTION_ARG_STRING, &ruleset, "Only the ratings of this ruleset",
      "RULESET" },
    { NULL }
  };
  int status = CLI_EXIT_OK;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) rulesets = NULL;

  if (!cli_parse_args (&cli_commands[CLI_RATINGS], &argc, &argv, entries, NULL, &status))
    return status;
  if (argc > 1)
    return cli_bad_usage (&cli_commands[CLI_RATINGS], "unexpected argument '%s'", argv[1]);
  if (ruleset && tb_rules_lookup (ruleset) == NULL)
    return cli_bad_usage (&cli_commands[CLI_RATINGS], "unknown ruleset '%s'", ruleset);
  if ((store = cli_open_store (db, FALSE, &status)) == NULL)
    return status;
  /* Each game has its own ratings. */
  rulesets = ruleset ? g_strdupv ((GStrv) (const char *const[]) { ruleset, NULL })
                     : tb_store_rated_rulesets (store, &error);
  for (guint i = 0; rulesets && rulesets[i] && error == NULL; i++)
    print_ratings (store, rulesets[i], &error);
  if (error)
    {
      fprintf (stderr, "tablier-cli: %s\n", error->message);
      return CLI_EXIT_FAILURE;
    }
  return CLI_EXIT_OK;
}

int
cli_twins (int argc, char **argv)
{
  g_autofree char *db = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database (default: the application's)",
      "PATH" },
    { NULL }
  };
  int status = CLI_EXIT_OK;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GPtrArray) groups = NULL;
  g_autoptr (GError) error = NULL;

  if (!cli_parse_args (&cli_commands[CLI_TWINS], &argc, &argv, entries, NULL, &status))
    return status;
  if (argc > 1)
    return cli_bad_usage (&cli_commands[CLI_TWINS], "unexpected argument '%s'", argv[1]);
  if ((store = cli_open_store (db, FALSE, &status)) == NULL)
    return status;
  if ((groups = tb_store_twins (store, &error)) == NULL)
    return cli_failure ("%s", error->message);
  for (guint i = 0; i < groups->len; i++)
    {
      GArray *group = groups->pdata[i];

      for (guint j = 0; j < group->len; j++)
        printf ("%s%" G_GINT64_FORMAT, j ? " " : "", g_array_index (group, gint64, j));
      printf ("\n");
    }
  return CLI_EXIT_OK;
}
