/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus-setup.c: the Versus options, boards and start positions, and
 * the two ruleset tables (rules/versus.md §3, §4 and §11)
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-rulesets.h"
#include "tb-versus-private.h"

/* Choice labels are cell names: the same in every language. */
static const TbOptionChoice targets_61[] = {
  { "1-3", "b5 d5 f5 h5" },
  { "1-2", "c5 d5 f5 g5" },
  { "1-4", "a5 d5 f5 i5" },
  { "2-3", "b5 c5 g5 h5" },
  { "2-4", "a5 c5 g5 i5" },
  { "3-4", "a5 b5 h5 i5" },
};

static const TbOptionChoice targets_91[] = {
  { "1-3", "a6 c6 e6 g6 i6 k6" },
  { "1-2", "a6 d6 e6 g6 h6 k6" },
  { "1-4", "a6 b6 e6 g6 j6 k6" },
  { "2-3", "a6 c6 d6 h6 i6 k6" },
  { "2-4", "a6 b6 d6 h6 j6 k6" },
  { "3-4", "a6 b6 c6 i6 j6 k6" },
};

/* The distances from the centre of the two target pairs, per choice. */
static const int target_pairs[][2] = { { 1, 3 }, { 1, 2 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } };

static const TbOptionChoice setup_orders[] = {
  { "1-4-v-5-3-2", N_("1, 4, VERSUS, 5, 3, 2") },
  { "1-4-5-v-3-2", N_("1, 4, 5, VERSUS, 3, 2") },
  { "5-1-4-v-3-2", N_("5, 1, 4, VERSUS, 3, 2") },
  { "1-4-v-3-2-5", N_("1, 4, VERSUS, 3, 2, 5") },
};

static const TbOptionChoice streak_resets[] = {
  { "any-turn", N_("Any turn without that attraction") },
  { "strict", N_("Only a turn where the pawn was out of reach") },
};

static const TbOptionChoice no_moves_checks[] = {
  { "to-move", N_("The player to move") },
  { "both", N_("Either player, after every move") },
};

/* Moves each player may make before the move-limit addition ends the game.
 * Games between the computer's strongest levels on the 91-cell board that
 * end by the rules last up to about 1,000 plies; longer ones have stopped
 * making progress, the pieces wandering without ever repeating a position. */
#define VS_DEFAULT_MOVE_LIMIT 500

#define TARGETS_OPTION(choices) \
  { "targets", N_("Target cells"), \
    N_("The rule text places the targets on the central axis; which cells of it is a " \
       "reconstruction (the figure is lost)."), \
    TB_OPTION_CHOICE, TB_OPTION_RECONSTRUCTED, 0, 0, 0, choices, G_N_ELEMENTS (choices) }

#define COMMON_OPTIONS \
  { "pull-onto-target", N_("Pull onto targets"), \
    N_("An attracted pawn may be pulled onto an empty target, where it is flipped and " \
       "frozen. Off: a pawn whose pull would end on a target is not attracted."), \
    TB_OPTION_BOOL, TB_OPTION_RECONSTRUCTED, 1, 0, 1, NULL, 0 }, \
  { "frozen-pawns-block", N_("Frozen pawns block"), \
    N_("Pawns on targets block the VERSUS's moves and its line of sight, like any piece. " \
       "Off: they are transparent."), \
    TB_OPTION_BOOL, TB_OPTION_RECONSTRUCTED, 1, 0, 1, NULL, 0 }, \
  { "streak-reset", N_("Playing elsewhere"), \
    N_("After two consecutive attractions of the same pawn, the player without its " \
       "dominant colour must play elsewhere: which turns count as elsewhere."), \
    TB_OPTION_CHOICE, TB_OPTION_RECONSTRUCTED, 0, 0, 0, streak_resets, \
    G_N_ELEMENTS (streak_resets) }, \
  { "no-moves-check", N_("Whose lack of moves ends the game"), \
    N_("The game ends when a player can no longer move any piece: checked for the player " \
       "to move, or for both players after every move."), \
    TB_OPTION_CHOICE, TB_OPTION_RECONSTRUCTED, 0, 0, 0, no_moves_checks, \
    G_N_ELEMENTS (no_moves_checks) }, \
  { "repetition", N_("Third repetition ends the game"), \
    N_("An addition of Tablier, not in the rules: the third time the same position occurs, " \
       "the game ends and the points on the targets decide."), \
    TB_OPTION_BOOL, TB_OPTION_ADDITION, 1, 0, 1, NULL, 0 }, \
  { "move-limit", N_("Move limit"), \
    N_("An addition of Tablier, not in the rules: when each player has made this many " \
       "moves, the game ends and the points on the targets decide. 0: no limit."), \
    TB_OPTION_INT, TB_OPTION_ADDITION, VS_DEFAULT_MOVE_LIMIT, 0, 9999, NULL, 0 }

static const TbOptionSpec vs_options_61[] = {
  TARGETS_OPTION (targets_61),
  COMMON_OPTIONS,
};

static const TbOptionSpec vs_options_91[] = {
  TARGETS_OPTION (targets_91),
  { "setup-order", N_("Start order"),
    N_("The order of each player's pieces from their own left; where the 5-pawn goes is a "
       "reconstruction (the figure is lost)."),
    TB_OPTION_CHOICE, TB_OPTION_RECONSTRUCTED, 0, 0, 0, setup_orders,
    G_N_ELEMENTS (setup_orders) },
  COMMON_OPTIONS,
};

/* A start row: pawn values for their owner, 'V' for the VERSUS, from the
 * owner's left. */
static const char *const start_rows_91[] = { "14V532", "145V32", "514V32", "14V325" };

static void
place (VsData *data, int q, int r, guint seat, char what)
{
  VsPosition *pos = &data->start;
  int cell = tb_hex_cell (&data->hex, q, r);
  int piece = pos->n_pieces++;
  guint8 info;

  if (what == 'V')
    info = VS_VERSUS;
  else
    info = (guint8) (seat == 1 ? what - '0' : 5 - (what - '0'));
  if (seat == 2)
    info |= VS_SEAT2;
  pos->board[cell] = (guint8) (piece + 1);
  pos->cell[piece] = (guint8) cell;
  pos->info[piece] = info;
  pos->head.hash ^= vs_piece_key (cell, info);
}

/* Seat 1 sits south (r = +R) and lays out from west to east; seat 2 is the
 * point reflection (§3.3, §4). */
static void
build_start (VsData *data, const char *row)
{
  int R = data->hex.radius;

  memset (&data->start, 0, sizeof data->start);
  for (int i = 0; row[i]; i++)
    {
      place (data, -R + i, R, 1, row[i]);
      place (data, R - i, -R, 2, row[i]);
    }
  data->start.head.to_move = 1;
}

static void
mark_targets (VsData *data, int pair)
{
  int R = data->hex.radius;
  int distances[3] = { target_pairs[pair][0], target_pairs[pair][1], R };
  guint n_distances = R == 5 ? 3 : 2;  /* the 91 board adds its two corners */

  data->n_targets = 0;
  for (guint i = 0; i < n_distances; i++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        int cell = tb_hex_cell (&data->hex, sign * distances[i], 0);

        data->is_target[cell] = TRUE;
        data->targets[data->n_targets++] = (guint8) cell;
      }
}

static void
describe_board (TbVariant *variant, const VsData *data)
{
  TbBoardDesc *desc = &variant->board;

  tb_hex_describe (&data->hex, desc);
  desc->outline = TB_OUTLINE_ROUND;
  desc->board_color = "#c9955c";
  desc->line_color = "#6b4423";
  for (guint t = 0; t < data->n_targets; t++)
    desc->cells[data->targets[t]].marks |= TB_MARK_TARGET;
  if (data->hex.radius == 4)
    {
      desc->seat_colors[0] = "#4a2e1f";  /* dark wood */
      desc->seat_colors[1] = "#f2e2c2";  /* light wood */
      desc->mark_color = "#f5e6c8";      /* "repérées en clair" */
    }
  else
    {
      desc->seat_colors[0] = "#2f6fd0";  /* blue */
      desc->seat_colors[1] = "#7a4a22";  /* brown */
      desc->mark_color = "#c4c4bc";      /* "repérées en gris" online */
      /* A pale board, so that brown pieces stand out on it. */
      desc->board_color = "#e2cc9c";
      desc->line_color = "#8b6a3e";
    }
}

gboolean
vs_variant_init (TbVariant *variant, GError **error)
{
  gboolean big = variant->rules == &tb_rules_versus_91;
  VsData *data = g_new0 (VsData, 1);
  int setup = big ? tb_variant_get_option (variant, "setup-order") : 0;

  tb_hex_board_init (&data->hex, big ? 5 : 4);
  mark_targets (data, tb_variant_get_option (variant, "targets"));
  data->pull_onto_target = tb_variant_get_option (variant, "pull-onto-target");
  data->frozen_block = tb_variant_get_option (variant, "frozen-pawns-block");
  data->streak_reset = tb_variant_get_option (variant, "streak-reset");
  data->no_moves_check = tb_variant_get_option (variant, "no-moves-check");
  vs_build_bits (data);
  build_start (data, big ? start_rows_91[setup] : "14V32");
  vs_summarize (data, &data->start);

  variant->data = data;
  variant->max_moves = VS_MAX_MOVES;
  describe_board (variant, data);
  return TRUE;
}

void
vs_start (const TbVariant *v, guint starter, TbPosition *out)
{
  /* Dark (Blue online) always starts: starter is always 1 here. */
  memcpy (out, &VS_DATA (v)->start, sizeof (VsPosition));
}

static const TbPresentationRules vs_presentation = {
  .move_cells = vs_move_cells,
  .move_effects = vs_move_effects,
  .describe_pieces = vs_describe_pieces,
  .show = vs_show,
};

#define VERSUS_TABLE(ID, NAME, SUMMARY, DURATION, SEAT1, SEAT2, OPTIONS) \
  { \
    .id = ID, \
    .name = NAME, \
    .summary = SUMMARY, \
    .credits = N_("Michel Pinon · Asyncron Games · 2008"), \
    .duration = DURATION, \
    .family = "versus", \
    .seat_names = { SEAT1, SEAT2 }, \
    .starter_choice = FALSE, \
    .keeps_score = TRUE, \
    .options = OPTIONS, \
    .n_options = G_N_ELEMENTS (OPTIONS), \
    .position_size = sizeof (VsPosition), \
    .variant_init = vs_variant_init, \
    .start = vs_start, \
    .legal_moves = vs_legal_moves, \
    .count_moves = vs_count_moves, \
    .nth_move = vs_nth_move, \
    .is_legal = vs_is_legal, \
    .apply = vs_apply, \
    .outcome = vs_outcome, \
    .repetition_outcome = vs_repetition_outcome, \
    .score = vs_score, \
    .format_move = vs_format_move, \
    .parse_move = vs_parse_move, \
    .explain_illegal = vs_explain_illegal, \
    .format_position = vs_format_position, \
    .parse_position = vs_parse_position, \
    .evaluate = vs_evaluate, \
    .is_tactical = vs_is_tactical, \
    .presentation = &vs_presentation, \
  }

const TbRules tb_rules_versus_61 =
  VERSUS_TABLE ("versus-61", N_("Versus (61 hexes)"),
                N_("The boxed game: 4 targets, 4 pawns and a VERSUS each"),
                N_("20 to 30 minutes"), N_("Dark"), N_("Light"),
                vs_options_61);
const TbRules tb_rules_versus_91 =
  VERSUS_TABLE ("versus-91", N_("Versus (91 hexes)"),
                N_("The larger board of the variant and the online game: 6 targets, 5 pawns "
                   "and a VERSUS each"),
                N_("30 to 40 minutes"), N_("Blue"), N_("Brown"),
                vs_options_91);
