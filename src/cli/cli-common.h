/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-common.h: what every tablier-cli command shares
 *
 * Output goes to stdout; an error is one line on stderr that says what is
 * wrong and where, followed by the command's usage when the arguments were
 * wrong; exit 2 for bad input, 1 for other failures (NOTATION.md §5).
 */
#pragma once

#include "tb-line.h"
#include "tb-record-file.h"

G_BEGIN_DECLS

#define CLI_EXIT_OK 0
#define CLI_EXIT_FAILURE 1
#define CLI_EXIT_BAD_INPUT 2

typedef struct
{
  const char *name;
  const char *args;     /* "RULESET [MOVE...]" */
  const char *summary;
  int (*run) (int argc, char **argv);
} CliCommand;

/* Prints "tablier-cli: message" on stderr and returns CLI_EXIT_BAD_INPUT.
 * Control characters of the message (from a record, a database or an
 * argument) are escaped: an error stays one line and never drives the
 * terminal. */
int cli_bad_input (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* The same, followed by "usage: tablier-cli COMMAND ARGS". */
int cli_bad_usage (const CliCommand *command, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* "tablier-cli: message" on stderr, and CLI_EXIT_FAILURE. */
int cli_failure (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* text with its control characters as \t, \n, \r or \xHH (C1 ones as
 * \u0080...), so that it reaches a terminal as text; fields: backslashes
 * doubled too, so that a tab-separated field reads back unambiguously. */
char *cli_escape (const char *text, gboolean fields);

/* The options every position command takes (--starter, --option), parsed
 * out of argv; what remains are the positional arguments. */
typedef struct
{
  int starter;
  char **options;       /* key=value, repeatable */
  char *position;       /* a set-up position in the ruleset's text form */
} CliGameArgs;

/* Parses --help (printed, exit status 0), extra_entries and, when args is
 * not NULL, the position options; a command that takes no position gets
 * NULL and refuses them as unknown.  A string option given empty, or a
 * number out of its range, is refused here. */
gboolean cli_parse_args (const CliCommand *command, int *argc, char ***argv,
                         GOptionEntry *extra_entries, CliGameArgs *args, int *exit_status);
void cli_game_args_clear (CliGameArgs *args);
/* FALSE, after saying so (naming the option and its range), when value is
 * not from min to max (G_MAXINT: no upper bound). */
gboolean cli_check_range (const CliCommand *command, const char *option, gint64 value,
                          gint64 min, gint64 max, int *exit_status);

/* Record files are read whole, never mapped (a file cut short while
 * mapped raises SIGBUS), and at most as large as the application imports
 * (1 GB; a file of 100,000 games is 150 MB). */
#define CLI_MAX_INPUT TB_RECORD_FILE_MAX_IMPORT

/* What a file named on the command line can do wrong: be unopenable
 * (bad input: a wrong name, a folder, too large) or fail while read. */
#define CLI_INPUT_ERROR (cli_input_error_quark ())
GQuark cli_input_error_quark (void);
typedef enum
{
  CLI_INPUT_ERROR_BAD,          /* exit status 2 */
  CLI_INPUT_ERROR_FAILED,       /* exit status 1 */
} CliInputError;

/* Whether every file of paths[0..n) can be read, without opening any (a
 * FIFO opened would be a FIFO consumed): each exists, is no folder and no
 * device (but /dev/null), is not larger than CLI_MAX_INPUT; "-" (standard
 * input) at most once. */
gboolean cli_check_inputs (char **paths, int n, GError **error);
/* The whole text of path ("-": standard input), *length bytes and a NUL
 * after them: as it was or as it is if it changes meanwhile.  The text
 * may hold NUL bytes of its own (each an error of the game it is in, for
 * the reader to report): pass *length on, never -1.  A device other than
 * /dev/null and the terminal standard input is typed on is refused
 * (/dev/zero never ends). */
char *cli_read_input (const char *path, gsize *length, GError **error);
/* Prints the error of a file on stderr; returns its exit status (2 when
 * it could not be opened, 1 when reading it failed). */
int cli_input_failed (const GError *error);

/* Whether a file can be written at path (its folder exists and takes
 * files; it is no folder), checked before the work that writes it. */
gboolean cli_check_output (const char *path, GError **error);

/* Builds the variant and replays moves[0..n_moves); on bad input prints
 * the error (naming the ply and token) and returns NULL. */
TbLine *cli_replay (const char *ruleset_id, const CliGameArgs *args, char **moves,
                    int n_moves, int *exit_status);

G_END_DECLS
