/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules.c: the ruleset registry, variants and the shared vocabulary */
#include "config.h"

#include <string.h>

#include "rulesets/tb-rulesets.h"
#include "tb-rules-table.h"

G_DEFINE_QUARK (tb-rules-error-quark, tb_rules_error)
G_DEFINE_BOXED_TYPE (TbVariant, tb_variant, tb_variant_ref, tb_variant_unref)

/* Adding a game means adding its table here and nowhere else. */
static const TbRules *const registry[] = {
  &tb_rules_versus_61,
  &tb_rules_versus_91,
  &tb_rules_ra,
  &tb_rules_oraia,
  &tb_rules_retournement,
};

const TbRules *const *
tb_rules_list (guint *n_rules)
{
  *n_rules = G_N_ELEMENTS (registry);
  return registry;
}

const TbRules *
tb_rules_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_ascii_strcasecmp (registry[i]->id, id) == 0)
      return registry[i];
  return NULL;
}

const char *
tb_rules_get_id (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  return rules->id;
}

const char *
tb_rules_get_name (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  return rules->name;
}

const char *
tb_rules_get_family (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  return rules->family;
}

const char *
tb_rules_get_summary (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  return rules->summary;
}

const char *
tb_rules_get_credits (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  return rules->credits;
}

const char *
tb_rules_get_duration (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);
  return rules->duration;
}

const char *
tb_rules_get_seat_name (const TbRules *rules, guint seat)
{
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (seat == 1 || seat == 2, NULL);
  return rules->seat_names[seat - 1];
}

gboolean
tb_rules_has_starter_choice (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  return rules->starter_choice;
}

gboolean
tb_rules_keeps_score (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  return rules->keeps_score;
}

gboolean
tb_rules_plays_matches (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  return rules->plays_matches;
}

gboolean
tb_rules_has_hands (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  return rules->hands != NULL;
}

gboolean
tb_rules_has_disc (const TbRules *rules)
{
  g_return_val_if_fail (rules != NULL, FALSE);
  return rules->disc != NULL;
}

const TbOptionSpec *
tb_rules_get_options (const TbRules *rules, guint *n_options)
{
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (n_options != NULL, NULL);

  *n_options = rules->n_options;
  return rules->options;
}

/* The index of the option named key, or -1 when the ruleset has none. */
static int
option_index (const TbRules *rules, const char *key)
{
  for (guint i = 0; i < rules->n_options; i++)
    if (strcmp (rules->options[i].key, key) == 0)
      return (int) i;
  return -1;
}

/* The value of the option named key, or 0 when the ruleset has none. */
static int
option_or_zero (const TbVariant *variant, const char *key)
{
  int i = option_index (variant->rules, key);

  return i >= 0 ? variant->option_values[i] : 0;
}

/* What every ruleset's variant is made of alike: its position size, and
 * the additions of rules/README.md where the ruleset offers them as
 * options (without the option, the addition is off: a game that always
 * ends needs neither). */
static void
variant_init_common (TbVariant *variant)
{
  variant->position_size = variant->rules->position_size;
  /* "repetition": a position's third occurrence ends the game. */
  variant->repetition_limit = option_or_zero (variant, "repetition") ? 3 : 0;
  /* "move-limit" counts each player's moves: twice as many plies. */
  variant->ply_limit = 2 * (guint) option_or_zero (variant, "move-limit");
}

TbVariant *
tb_variant_new (const TbRules *rules, const int *option_values, GError **error)
{
  TbVariant *variant;

  g_return_val_if_fail (rules != NULL, NULL);

  variant = g_atomic_rc_box_new0 (TbVariant);
  variant->rules = rules;
  variant->option_values = g_new0 (int, MAX (rules->n_options, 1));
  for (guint i = 0; i < rules->n_options; i++)
    variant->option_values[i] = option_values ? option_values[i] : rules->options[i].default_value;
  variant_init_common (variant);

  if (!rules->variant_init (variant, error))
    {
      tb_variant_unref (variant);
      return NULL;
    }
  g_assert (variant->position_size >= sizeof (TbPositionHeader));
  g_assert (variant->max_moves > 0);
  return variant;
}

TbVariant *
tb_variant_new_default (const TbRules *rules)
{
  g_autoptr (GError) error = NULL;
  TbVariant *variant = tb_variant_new (rules, NULL, &error);

  /* The defaults of a ruleset are always a valid combination. */
  g_assert_no_error (error);
  return variant;
}

TbVariant *
tb_variant_new_from_text (const char *ruleset_id, const char *options_text, GError **error)
{
  const TbRules *rules = tb_rules_lookup (ruleset_id);
  g_autofree int *values = NULL;

  if (rules == NULL)
    {
      g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_UNKNOWN_RULESET,
                   "unknown ruleset '%s' (tablier-cli rulesets lists them)", ruleset_id);
      return NULL;
    }
  values = g_new0 (int, MAX (rules->n_options, 1));
  if (!tb_options_parse (rules->options, rules->n_options, options_text, values, error))
    return NULL;
  return tb_variant_new (rules, values, error);
}

static void
variant_clear (gpointer data)
{
  TbVariant *variant = data;

  if (variant->rules->variant_clear && variant->data)
    variant->rules->variant_clear (variant);
  else
    g_free (variant->data);
  g_free (variant->option_values);
}

TbVariant *
tb_variant_ref (TbVariant *variant)
{
  return g_atomic_rc_box_acquire (variant);
}

void
tb_variant_unref (TbVariant *variant)
{
  g_atomic_rc_box_release_full (variant, variant_clear);
}

int
tb_variant_get_option (const TbVariant *variant, const char *key)
{
  int i = option_index (variant->rules, key);

  if (i >= 0)
    return variant->option_values[i];
  g_critical ("ruleset %s has no option %s", variant->rules->id, key);
  return 0;
}

char *
tb_variant_options_to_text (const TbVariant *variant)
{
  const TbRules *rules = variant->rules;

  return tb_options_format (rules->options, rules->n_options, variant->option_values);
}

gboolean
tb_variant_equal (const TbVariant *a, const TbVariant *b)
{
  if (a->rules != b->rules)
    return FALSE;
  for (guint i = 0; i < a->rules->n_options; i++)
    if (a->option_values[i] != b->option_values[i])
      return FALSE;
  return TRUE;
}

gboolean
tb_variant_check_starter (const TbVariant *variant, guint starter, GError **error)
{
  if (starter == 1 || (starter == 2 && variant->rules->starter_choice))
    return TRUE;
  if (starter == 2)
    g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_STARTER,
                 "in %s, seat 1 always starts", variant->rules->id);
  else
    g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_STARTER,
                 "the starter must be seat 1 or 2, not %u", starter);
  return FALSE;
}

TbPosition *
tb_position_new (const TbVariant *variant)
{
  return g_malloc0 (variant->position_size);
}

TbPosition *
tb_position_dup (const TbVariant *variant, const TbPosition *pos)
{
  return g_memdup2 (pos, variant->position_size);
}

void
tb_position_free (TbPosition *pos)
{
  g_free (pos);
}

gboolean
tb_variant_is_legal (const TbVariant *variant, const TbPosition *pos, TbMove move)
{
  g_autofree TbMove *moves = NULL;
  guint n;

  if (move != TB_MOVE_PASS && variant->rules->is_legal)
    return variant->rules->is_legal (variant, pos, move);
  moves = g_new (TbMove, variant->max_moves);
  n = variant->rules->legal_moves (variant, pos, moves);
  return tb_moves_contain (moves, n, move);
}

void
tb_variant_append_move (const TbVariant *variant, const TbPosition *pos, TbMove move,
                        GString *out)
{
  if (move == TB_MOVE_PASS)
    g_string_append (out, "pass");
  else
    variant->rules->format_move (variant, pos, move, out);
}

char *
tb_variant_format_move (const TbVariant *variant, const TbPosition *pos, TbMove move)
{
  GString *text = g_string_sized_new (24);

  tb_variant_append_move (variant, pos, move, text);
  return g_string_free (text, FALSE);
}

void
tb_variant_apply (const TbVariant *variant, const TbPosition *pos, TbMove move, TbPosition *out)
{
  /* As cheap as the table: the UI applies every move it proposes. */
  variant->rules->apply (variant, pos, move, out);
}

gboolean
tb_variant_score (const TbVariant *variant, const TbPosition *pos, int scores[2])
{
  g_return_val_if_fail (variant != NULL, FALSE);

  if (!variant->rules->keeps_score)
    return FALSE;
  variant->rules->score (variant, pos, scores);
  return TRUE;
}

gboolean
tb_variant_explain_illegal (const TbVariant *variant, const TbPosition *pos, TbMove move,
                            GString *out)
{
  g_return_val_if_fail (variant != NULL, FALSE);

  if (variant->rules->explain_illegal == NULL)
    return FALSE;
  variant->rules->explain_illegal (variant, pos, move, out);
  return TRUE;
}

char *
tb_variant_format_position (const TbVariant *variant, const TbPosition *pos)
{
  GString *text = g_string_new (NULL);

  variant->rules->format_position (variant, pos, text);
  return g_string_free (text, FALSE);
}

TbPosition *
tb_variant_parse_position (const TbVariant *variant, const char *text, GError **error)
{
  TbPosition *pos = tb_position_new (variant);

  if (!variant->rules->parse_position (variant, text, pos, error))
    {
      tb_position_free (pos);
      return NULL;
    }
  return pos;
}

void
tb_variant_move_cells (const TbVariant *variant, const TbPosition *pos, TbMove move, int *from,
                       int *to)
{
  /* No checks beyond these: click-to-move asks this of every legal move. */
  const TbPresentationRules *shown = variant->rules->presentation;

  if (move == TB_MOVE_NONE || move == TB_MOVE_PASS || shown == NULL)
    {
      *from = *to = -1;
      return;
    }
  shown->move_cells (variant, pos, move, from, to);
}

guint
tb_variant_move_amount (const TbVariant *variant, const TbPosition *pos, TbMove move)
{
  const TbPresentationRules *shown = variant->rules->presentation;

  if (shown == NULL || shown->move_amount == NULL)
    return 0;
  return shown->move_amount (variant, pos, move);
}

guint
tb_variant_move_effects (const TbVariant *variant, const TbPosition *pos, TbMove move,
                         TbEffect effects[TB_MAX_EFFECTS])
{
  const TbPresentationRules *shown = variant->rules->presentation;

  if (shown == NULL)
    return 0;
  return shown->move_effects (variant, pos, move, effects);
}

guint
tb_variant_describe_pieces (const TbVariant *variant, const TbPosition *pos,
                            TbPieceDesc pieces[TB_MAX_PIECES])
{
  const TbPresentationRules *shown = variant->rules->presentation;

  if (shown == NULL)
    return 0;
  return shown->describe_pieces (variant, pos, pieces);
}

int
tb_variant_disc_turn (const TbVariant *variant, const TbPosition *pos)
{
  g_return_val_if_fail (variant != NULL, 0);

  if (variant->rules->disc == NULL)
    return 0;
  return variant->rules->disc->disc_turn (variant, pos);
}

gboolean
tb_variant_seat_progress (const TbVariant *variant, const TbPosition *pos, guint seat,
                          guint *done, guint *total)
{
  const TbPresentationRules *shown;

  g_return_val_if_fail (variant != NULL, FALSE);
  g_return_val_if_fail (seat == 1 || seat == 2, FALSE);

  shown = variant->rules->presentation;
  if (shown == NULL || shown->seat_progress == NULL)
    return FALSE;
  shown->seat_progress (variant, pos, seat, done, total);
  return TRUE;
}

void
tb_variant_show (const TbVariant *variant, const TbPosition *pos, GString *out)
{
  g_return_if_fail (variant != NULL);
  g_return_if_fail (out != NULL);

  if (variant->rules->presentation)
    variant->rules->presentation->show (variant, pos, out);
}

guint32
tb_variant_hand (const TbVariant *variant, const TbPosition *pos, guint seat)
{
  g_return_val_if_fail (variant != NULL, 0);

  if (variant->rules->hands == NULL)
    return 0;
  return variant->rules->hands->hand (variant, pos, seat);
}

TbMove
tb_variant_placement (const TbVariant *variant, const TbPosition *pos, guint shape, guint turn,
                      int anchor)
{
  g_return_val_if_fail (variant != NULL, TB_MOVE_NONE);

  if (variant->rules->hands == NULL)
    return TB_MOVE_NONE;
  return variant->rules->hands->placement (variant, pos, shape, turn, anchor);
}

gboolean
tb_variant_score_parts (const TbVariant *variant, const TbPosition *pos, int board[2],
                        int bonus[2])
{
  g_return_val_if_fail (variant != NULL, FALSE);

  if (variant->rules->hands == NULL)
    return FALSE;
  variant->rules->hands->score_parts (variant, pos, board, bonus);
  return TRUE;
}

static const char *const result_words[] = { "*", "1-0", "0-1", "1/2-1/2" };

const char *
tb_result_to_string (TbResult result)
{
  g_return_val_if_fail (result <= TB_RESULT_DRAW, "*");
  return result_words[result];
}

gboolean
tb_result_from_string (const char *text, TbResult *result)
{
  /* Asked of every move of a record read: most are not results. */
  if (*text != '*' && *text != '0' && *text != '1')
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (result_words); i++)
    if (strcmp (text, result_words[i]) == 0)
      {
        *result = (TbResult) i;
        return TRUE;
      }
  return FALSE;
}

static const char *const termination_words[TB_N_TERMINATIONS] = {
  "", "targets-filled", "unreachable-lead", "no-moves", "repetition", "ra-entry",
  "annihilation", "void", "all-placed", "blocked", "all-arrived", "resigned",
  "draw-agreed", "inactivity", "move-limit",
};

const char *
tb_termination_to_string (TbTermination termination)
{
  g_return_val_if_fail (termination < TB_N_TERMINATIONS, "");
  return termination_words[termination];
}

gboolean
tb_termination_from_string (const char *text, TbTermination *termination)
{
  for (guint i = 1; i < TB_N_TERMINATIONS; i++)
    if (strcmp (text, termination_words[i]) == 0)
      {
        *termination = (TbTermination) i;
        return TRUE;
      }
  return FALSE;
}
