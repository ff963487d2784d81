/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-common.h: what every tablier-cli command shares
 *
 * Output goes to stdout; an error is one line on stderr that says what is
 * wrong and where, followed by the command's usage when the arguments were
 * wrong; exit 2 for bad input, 1 for other failures (NOTATION.md §5).
 */
#pragma once

#include "tb-line.h"

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

/* Prints "tablier-cli: message" on stderr and returns CLI_EXIT_BAD_INPUT. */
int cli_bad_input (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* The same, followed by "usage: tablier-cli COMMAND ARGS". */
int cli_bad_usage (const CliCommand *command, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* The options every position command takes (--starter, --option), parsed
 * out of argv; what remains are the positional arguments. */
typedef struct
{
  int starter;
  char **options;       /* key=value, repeatable */
  char *position;       /* a set-up position in the ruleset's text form */
} CliGameArgs;

gboolean cli_parse_args (const CliCommand *command, int *argc, char ***argv,
                         GOptionEntry *extra_entries, CliGameArgs *args, int *exit_status);
void cli_game_args_clear (CliGameArgs *args);

/* A record file, mapped rather than read (a file of 100,000 games is
 * 150 MB): NULL and error when it cannot be opened. */
GMappedFile *cli_map_file (const char *path, GError **error);
/* Its text ("" for an empty file: GLib maps none). */
const char *cli_mapped_text (GMappedFile *file);

/* Builds the variant and replays moves[0..n_moves); on bad input prints
 * the error (naming the ply and token) and returns NULL. */
TbLine *cli_replay (const char *ruleset_id, const CliGameArgs *args, char **moves,
                    int n_moves, int *exit_status);

G_END_DECLS
