/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-filter.h: the history's filters, sort and pages as options of the
 * database commands (games, export) */
#pragma once

#include "cli-common.h"
#include "tb-store.h"

/* --limit not given: a value no one can type in its place (-1 given is
 * refused, not taken for "every game"). */
#define CLI_FILTER_NO_LIMIT G_MININT

typedef struct
{
  char *ruleset;
  char *player;
  int seat;             /* 0: either */
  char *result;
  char *termination;
  char *from;           /* a date, a month or a year */
  char *to;
  char *text;
  char *tag;            /* [NAME=]TEXT */
  char *sort;           /* date, game, players, result, termination, length */
  gboolean ascending;
  gboolean descending;
  int limit;            /* CLI_FILTER_NO_LIMIT when not given */
  int offset;
  /* What the options gave, checked: */
  char *date_from;      /* YYYY.MM.DD, or a prefix of it */
  char *date_to;
  char *tag_name;       /* NAME of --tag, or NULL: any tag */
  char *tag_text;
  TbStoreFilter filter;
  TbStoreSort sort_by;
  gboolean sort_descending;
} CliFilterArgs;

/* The options' entries, NULL-terminated, pointing into args: every
 * filter, the sort and the pages.  Free with g_free. */
GOptionEntry *cli_filter_entries (CliFilterArgs *args);
/* Checks the options and fills args->filter, args->sort_by and
 * args->sort_descending (latest first unless the default is ascending);
 * FALSE after saying what is wrong. */
gboolean cli_filter_check (const CliCommand *command, CliFilterArgs *args,
                           gboolean ascending_by_default, int *exit_status);
/* Whether an option that chooses games (a filter, the sort or a page)
 * was given. */
gboolean cli_filter_chooses (const CliFilterArgs *args);
void cli_filter_args_clear (CliFilterArgs *args);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliFilterArgs, cli_filter_args_clear)
