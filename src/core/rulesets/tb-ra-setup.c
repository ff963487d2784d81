/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ra-setup.c: the RA options, board and start position, and the
 * ruleset table (rules/ra.md §2, §4 and §9)
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-ra-private.h"
#include "tb-rulesets.h"

static const TbOptionSpec ra_options[] = {
  { "join-short", N_("Join a stack short of the full distance"),
    N_("A group may stop early to join a friendly stack, as the French rules say. Off: it "
       "joins only at its full distance, as in João Neto’s worked example."),
    TB_OPTION_BOOL, TB_OPTION_VARIANT, 1, 0, 1, NULL, 0 },
  { "stop-before-blocker", N_("Stop in front of a stack"),
    N_("A group that runs into any stack may also stop on the cell just before it, as some "
       "German and English summaries can be read. Off: the four short moves of the French "
       "rules only."),
    TB_OPTION_BOOL, TB_OPTION_VARIANT, 0, 0, 1, NULL, 0 },
  { "edge-any", N_("Stop anywhere on the edge"),
    N_("A group may stop short on any edge cell it crosses. Off: it stops short only when "
       "the next cell would be off the board (a reconstruction of “atteindre le bord”)."),
    TB_OPTION_BOOL, TB_OPTION_RECONSTRUCTED, 0, 0, 1, NULL, 0 },
  { "match-threshold", N_("Points to win the match"),
    N_("The match is won by the first player with at least this many points (the French "
       "rules: more than 6; other sources say 6 or 9) and the lead below."),
    TB_OPTION_INT, TB_OPTION_VARIANT, 7, 1, 99, NULL, 0 },
  { "match-lead", N_("Lead to win the match"),
    N_("How many points ahead the match winner must be."),
    TB_OPTION_INT, TB_OPTION_VARIANT, 2, 1, 20, NULL, 0 },
  { "repetition", N_("Third repetition annuls the game"),
    N_("An addition of Tablier, not in the rules: the third time the same position occurs, "
       "the game is annulled and replayed by the same player."),
    TB_OPTION_BOOL, TB_OPTION_ADDITION, 1, 0, 1, NULL, 0 },
};

/* The three stacks of each player, around his own RA (ra.md §2.5). */
static const int start_stacks[3][2] = { { -1, 0 }, { -2, -2 }, { -4, 2 } };

/* The i-th start cell of seat (seat 2's are the point reflection). */
static int
start_cell (const RaData *data, guint i, guint seat)
{
  int sign = seat == 1 ? 1 : -1;
  int cell = tb_hex_cell (&data->hex, sign * start_stacks[i][0], sign * start_stacks[i][1]);

  g_assert (cell >= 0);
  return cell;
}

void
ra_add_stack (const RaData *data, RaPosition *pos, int cell, guint8 state)
{
  guint seat = ra_owner (state);

  pos->cell[cell] = state;
  ra_flip_lines (data, pos, cell);
  pos->stacks[seat - 1][pos->n_stacks[seat - 1]++] = (guint8) cell;
  pos->pawns[seat - 1] += ra_height (state);
  pos->head.hash ^= ra_cell_key (cell, state);
}

static void
describe_board (TbVariant *variant, const RaData *data)
{
  TbBoardDesc *desc = &variant->board;

  tb_hex_describe (&data->hex, desc);
  desc->outline = TB_OUTLINE_HEX;
  /* "Ein goldener Spielplan mit einem schwarzen Sechseckgitter", red and
   * white pearl stones (ra.md §1). */
  desc->board_color = "#d8b24e";
  desc->line_color = "#2b2418";
  desc->seat_colors[0] = "#f4f0e6";
  desc->seat_colors[1] = "#b3302c";
  desc->cells[data->ra[0]].marks |= TB_MARK_RA_SEAT1;
  desc->cells[data->ra[1]].marks |= TB_MARK_RA_SEAT2;
  for (guint i = 0; i < G_N_ELEMENTS (start_stacks); i++)
    {
      desc->cells[start_cell (data, i, 1)].marks |= TB_MARK_HOME_SEAT1;
      desc->cells[start_cell (data, i, 2)].marks |= TB_MARK_HOME_SEAT2;
    }
}

static void
build_tables (RaData *data)
{
  for (int c = 0; c < data->hex.n_cells; c++)
    for (int d = 0; d < TB_HEX_N_DIRS; d++)
      {
        if (data->hex.neighbour[c][d] < 0)
          data->is_edge[c] = TRUE;
        for (guint step = 0; step < 3; step++)
          data->ray3[c][d][step] = step < data->hex.ray_len[c][d] ? data->hex.ray[c][d][step]
                                                                 : RA_OFF_CELL;
        data->ray3[c][d][3] = RA_EMPTY_CELL;
        /* An empty cell adds nothing to the hash, as in a position built
         * anew: its key is 0, so that a move's keys go in unasked. */
        data->stack_keys[c][0] = 0;
        for (guint state = 1; state < 8; state++)
          data->stack_keys[c][state] = ra_cell_key (c, (guint8) state);
        for (guint step = 0; step < 4; step++)
          data->ray_move[c][d][step] = (guint32) ra_move (c, data->ray3[c][d][step], 0);
      }
  ra_build_lines (data);
}

static void
set_guard (RaData *data, guint a, guint bit)
{
  g_assert (bit < 8 * RA_LINE_BYTES - 64);
  data->line_guards[a][bit >> 3] |= (guint8) (1u << (bit & 7));
}

/* The bit layout of RA_N_AXES: on each axis, line after line, each line
 * from its end opposite the axis's forward direction. */
void
ra_build_lines (RaData *data)
{
  static const TbHexDir forward_dir[RA_N_AXES] = RA_AXIS_FORWARD;

  memset (data->line_guards, 0, sizeof data->line_guards);
  for (guint a = 0; a < RA_N_AXES; a++)
    {
      tb_hex_lay_out_lines (&data->hex, forward_dir[a], 3, data->line_bit[a],
                            data->line_guards[a], 8 * RA_LINE_BYTES - 64);
      for (guint seat = 0; seat < 2; seat++)
        set_guard (data, a, data->line_bit[a][data->ra[seat]]);
      for (int c = 0; c < data->hex.n_cells; c++)
        {
          guint bit = data->line_bit[a][c];

          G_STATIC_ASSERT (sizeof (((RaPosition *) NULL)->lines) <= 255);
          g_assert (bit >= 3);
          data->window_read[c][a] = (RaWindowRead) { (guint8) (a * RA_LINE_BYTES + ((bit - 3) >> 3)),
                                                     (guint8) ((bit - 3) & 7) };
        }
    }
}

/* An empty board: only the marks of the RA cells and of off the board. */
void
ra_clear_position (const RaData *data, RaPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->cell[data->ra[0]] = RA_MARK;
  pos->cell[data->ra[1]] = RA_MARK | RA_SEAT2;
  pos->cell[RA_OFF_CELL] = RA_OFF;
  memcpy (pos->lines, data->line_guards, sizeof pos->lines);
}

gboolean
ra_variant_init (TbVariant *variant, GError **error)
{
  RaData *data = g_new0 (RaData, 1);

  tb_hex_board_init (&data->hex, 6);
  data->ra[0] = tb_hex_cell (&data->hex, -3, 0);
  data->ra[1] = tb_hex_cell (&data->hex, 3, 0);
  build_tables (data);
  data->join_short = tb_variant_get_option (variant, "join-short");
  data->stop_before_blocker = tb_variant_get_option (variant, "stop-before-blocker");
  data->edge_any = tb_variant_get_option (variant, "edge-any");
  ra_build_templates (data);

  variant->data = data;
  variant->max_moves = RA_MAX_MOVES;
  describe_board (variant, data);
  return TRUE;
}

void
ra_start (const TbVariant *v, guint starter, TbPosition *out)
{
  const RaData *data = RA_DATA (v);
  RaPosition *pos = (RaPosition *) out;

  ra_clear_position (data, pos);
  for (guint i = 0; i < G_N_ELEMENTS (start_stacks); i++)
    {
      ra_add_stack (data, pos, start_cell (data, i, 1), ra_stack (1, 3));
      ra_add_stack (data, pos, start_cell (data, i, 2), ra_stack (2, 3));
    }
  pos->head.to_move = (guint8) starter;
  if (starter == 2)
    pos->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;
}

static const TbPresentationRules ra_presentation = {
  .move_cells = ra_move_cells,
  .move_amount = ra_move_amount,
  .move_effects = ra_move_effects,
  .describe_pieces = ra_describe_pieces,
  .show = ra_show,
};

const TbRules tb_rules_ra = {
  .id = "ra",
  .name = N_("RA"),
  .summary = N_("Stacks of up to three race for the enemy RA, and a capture ends the move; games "
                "follow one another until the match is won"),
  .credits = N_("Marco Donadoni · International Team · 1981"),
  .duration = N_("a few minutes a game; a match takes several"),
  .family = "ra",
  .seat_names = { N_("White"), N_("Red") },
  .starter_choice = TRUE,
  .keeps_score = TRUE,
  .plays_matches = TRUE,
  .options = ra_options,
  .n_options = G_N_ELEMENTS (ra_options),
  .position_size = sizeof (RaPosition),
  .variant_init = ra_variant_init,
  .start = ra_start,
  .legal_moves = ra_legal_moves,
  .count_moves = ra_count_moves,
  .nth_move = ra_nth_move,
  .is_legal = ra_is_legal,
  .apply = ra_apply,
  .outcome = ra_outcome,
  .repetition_outcome = ra_repetition_outcome,
  .score = ra_score,
  .format_move = ra_format_move,
  .parse_move = ra_parse_move,
  .explain_illegal = ra_explain_illegal,
  .format_position = ra_format_position,
  .parse_position = ra_parse_position,
  .evaluate = ra_evaluate,
  .is_tactical = ra_is_tactical,
  .presentation = &ra_presentation,
};
