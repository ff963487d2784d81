/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-page.h: a game's rules help page, read from its data file
 * (data/rules/README.md describes the format). */
#pragma once

#include "tb-game.h"

G_BEGIN_DECLS

typedef enum
{
  TB_RULES_BLOCK_PARAGRAPH,
  TB_RULES_BLOCK_ITEM,
  TB_RULES_BLOCK_EXAMPLE,
  TB_RULES_BLOCK_POINT,
  TB_RULES_BLOCK_FIGURE,
} TbRulesBlockKind;

/* What a figure draws (data/rules/README.md). */
typedef enum
{
  TB_RULES_FIGURE_START,  /* the start position, with its cell names */
  TB_RULES_FIGURE_SHAPES, /* every piece of a hand with its value (Retournement) */
  TB_RULES_FIGURE_LINES,  /* the board's lines, by kind, with their names (Oraïa) */
} TbRulesFigureKind;

typedef struct
{
  TbRulesBlockKind kind;
  char *text;         /* the paragraph, item, point, or the example's caption */
  char *option;       /* POINT: the option it explains ("" for none) */
  /* PARAGRAPH, ITEM: it states a point the original texts leave open,
   * explained in the section "reconstructed". */
  gboolean reconstructed;
  TbRulesFigureKind figure; /* FIGURE */
  /* EXAMPLE (and FIGURE: id, options, starter): */
  char *id;
  char *position;     /* NULL: the start position */
  char *options;      /* "KEY=VALUE,...", or NULL */
  guint starter;      /* 0: the ruleset's default */
  char *moves;        /* tokens played first, space separated, or NULL */
  char *try_move;     /* the move the caption invites to play */
  char *illegal_move; /* a move the caption says is refused, or NULL */
  guint line;         /* where the example is in its file */
} TbRulesBlock;

typedef struct
{
  char *id;
  char *title;
  GPtrArray *blocks;  /* of TbRulesBlock */
} TbRulesSection;

typedef struct
{
  char *ruleset;
  char *lang;
  char *title;
  char *subtitle;
  char *credits;
  GPtrArray *brief;    /* of char *: the rules in brief, one line each */
  GPtrArray *sections; /* of TbRulesSection */
} TbRulesPage;

/* The section ids every page has, in this order; NULL-terminated. */
extern const char *const tb_rules_page_section_ids[];

/* Where the pages are: $TABLIER_RULES_DIR, or the installed folder. */
const char *tb_rules_page_dir (void);

TbRulesPage *tb_rules_page_parse (const char *text, gssize length, const char *file_name,
                                  GError **error);
TbRulesPage *tb_rules_page_load_file (const char *path, GError **error);
/* The page of ruleset in lang ("fr", "en"), or in English when there is
 * none in lang. */
TbRulesPage *tb_rules_page_load (const char *ruleset, const char *lang, GError **error);
void tb_rules_page_free (TbRulesPage *page);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbRulesPage, tb_rules_page_free)

/* The example's game, set up and with its moves played (a figure's: its
 * start position); NULL and error when the page is wrong about it. */
TbGame *tb_rules_example_new_game (const TbRulesPage *page, const TbRulesBlock *example,
                                   GError **error);

/* The language the user reads, as a page language: "fr" or "en". */
const char *tb_rules_page_user_lang (void);

G_END_DECLS
