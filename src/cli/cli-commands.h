/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-commands.h: the table of tablier-cli commands */
#pragma once

#include "cli-common.h"
#include "tb-store.h"

G_BEGIN_DECLS

typedef enum
{
  CLI_RULESETS,
  CLI_OPTIONS,
  CLI_LEGAL,
  CLI_STATE,
  CLI_PERFT,
  CLI_SHOW,
  CLI_CHECK,
  CLI_BENCH,
  CLI_AI,
  CLI_MATCH,
  CLI_IMPORT,
  CLI_EXPORT,
  CLI_GAMES,
  CLI_RATINGS,
  CLI_TWINS,
  CLI_ANALYSE,
  CLI_EXPLORE,
  CLI_PRACTICE,
  CLI_N_COMMANDS
} CliCommandId;

extern const CliCommand cli_commands[CLI_N_COMMANDS];

int cli_rulesets (int argc, char **argv);
int cli_options (int argc, char **argv);
int cli_legal (int argc, char **argv);
int cli_state (int argc, char **argv);
int cli_perft (int argc, char **argv);
int cli_show (int argc, char **argv);
int cli_check (int argc, char **argv);
int cli_bench (int argc, char **argv);
int cli_ai (int argc, char **argv);
int cli_match (int argc, char **argv);
int cli_import (int argc, char **argv);
int cli_export (int argc, char **argv);
int cli_games (int argc, char **argv);
int cli_ratings (int argc, char **argv);
int cli_twins (int argc, char **argv);
int cli_analyse_game (int argc, char **argv);
int cli_explore (int argc, char **argv);
int cli_practice (int argc, char **argv);

/* The database of --db (NULL: the application's), read-only unless
 * writing (cli-store.c); NULL, the error said and *status set, when it
 * cannot be opened. */
TbStore *cli_open_store (const char *db, gboolean writing, int *status);

G_END_DECLS
