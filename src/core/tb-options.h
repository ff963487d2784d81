/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-options.h: the named variant options of a ruleset
 *
 * Every rule point the seeds leave open, and every addition of this
 * project, is an option with its default, so a user who owns the real
 * board can switch it.  Values are small ints; the text form is
 * "key=value,key=value" (tablier-cli --option, the X_Tablier_Options tag).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  TB_OPTION_BOOL,
  TB_OPTION_CHOICE,
  TB_OPTION_INT,
} TbOptionType;

/* Where an option comes from, for the rules help and the new-game dialog. */
typedef enum
{
  TB_OPTION_RECONSTRUCTED,  /* the seeds leave this point open */
  TB_OPTION_ADDITION,       /* not in any rule text: this project adds it */
  TB_OPTION_VARIANT,        /* a variant named by a source */
} TbOptionOrigin;

typedef struct
{
  const char *value;  /* "1-3": the text form */
  const char *label;  /* N_("…"): for people */
} TbOptionChoice;

typedef struct
{
  const char *key;          /* "pull-onto-target" */
  const char *label;        /* N_("Pull onto targets") */
  const char *description;  /* N_("…"): one or two sentences */
  TbOptionType type;
  TbOptionOrigin origin;
  int default_value;
  int min_value;            /* TB_OPTION_INT only */
  int max_value;
  const TbOptionChoice *choices;  /* TB_OPTION_CHOICE only */
  guint n_choices;
  /* N_("Piece values"): options shown folded together under this title
   * (the first one's description says what they are about); NULL: alone. */
  const char *group;
} TbOptionSpec;

#define TB_OPTIONS_ERROR (tb_options_error_quark ())
GQuark tb_options_error_quark (void);

typedef enum
{
  TB_OPTIONS_ERROR_UNKNOWN_KEY,
  TB_OPTIONS_ERROR_BAD_VALUE,
  TB_OPTIONS_ERROR_SYNTAX,
} TbOptionsError;

gboolean tb_option_parse_value (const TbOptionSpec *spec, const char *text, int *value,
                                GError **error);
char *tb_option_format_value (const TbOptionSpec *spec, int value);
const char *tb_option_type_to_string (TbOptionType type);

/* Fills values (one per spec, defaults first) from "k=v,k=v"; NULL or ""
 * keeps the defaults. */
gboolean tb_options_parse (const TbOptionSpec *specs, guint n_specs, const char *text,
                           int *values, GError **error);
/* "k=v,…" for the values that differ from the defaults; "" when none. */
char *tb_options_format (const TbOptionSpec *specs, guint n_specs, const int *values);

G_END_DECLS
