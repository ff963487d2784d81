/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-oraia-setup.c: the Oraïa disc (its lines, steps and hops), the
 * options, the start, the board description and the ruleset table
 * (rules/oraia.md §1, §2 and §7)
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tb-oraia-private.h"
#include "tb-rulesets.h"

static const TbOptionChoice geometries[] = {
  { "web", N_("Spider web: spokes and two circles") },
  { "pinwheel", N_("Pinwheel: spokes and spiral arms") },
};

static const TbOptionSpec or_options[] = {
  { "geometry", N_("Lines on the disc"),
    N_("The figures of the rules are lost: the straight and curved lines on the disc are "
       "reconstructed as spokes and two circles, or as spokes and eight spiral arms "
       "(O_k to I_{k+1} to the centre)."),
    TB_OPTION_CHOICE, TB_OPTION_RECONSTRUCTED, 0, 0, 0, geometries, G_N_ELEMENTS (geometries) },
  { "strict-single-line", N_("Jumps stay on one line"),
    N_("Each hop of a jump goes straight over its pawn; by default a chain of hops may change "
       "line between hops (the first figure needs it). On: the whole chain keeps one line."),
    TB_OPTION_BOOL, TB_OPTION_RECONSTRUCTED, 0, 0, 1, NULL, 0 },
  { "arrival-hop", N_("Arrive by jumping"),
    N_("A charged pawn on the inner ring may jump a pawn on the outer ring to arrive, as "
       "pawns leave by jumping. Off: pawns arrive only by a step."),
    TB_OPTION_BOOL, TB_OPTION_RECONSTRUCTED, 1, 0, 1, NULL, 0 },
  { "centre-free-when-stuck", N_("Another pawn when the centre one is stuck"),
    N_("The pawn left on the centre must move next. When it cannot, by default the player "
       "passes; on: another pawn may move instead."),
    TB_OPTION_BOOL, TB_OPTION_RECONSTRUCTED, 0, 0, 1, NULL, 0 },
  { "repetition", N_("Third repetition draws the game"),
    N_("An addition of Tablier, not in the rules: the third time the same position occurs, "
       "the game is drawn."),
    TB_OPTION_BOOL, TB_OPTION_ADDITION, 1, 0, 1, NULL, 0 },
};

static void
add_adjacent (OrData *data, int a, int b)
{
  data->adjacent[a][data->n_adjacent[a]++] = (guint8) b;
  data->adjacent[b][data->n_adjacent[b]++] = (guint8) a;
}

/* A jump from a over b to c, and back. */
static void
add_hop_one_way (OrData *data, int a, int b, int c, OrLine line)
{
  G_STATIC_ASSERT (OR_CELLS <= 32);
  G_STATIC_ASSERT (OR_MAX_CELL_HOPS <= 8);
  data->hop_over[a] |= 1u << b;
  for (guint i = 0; i < data->n_hops[a]; i++)
    {
      OrHop *hop = &data->hops[a][i];

      if (hop->land == c)
        {
          g_assert (hop->n_ways < 2);
          data->hops_over_cell[a][b] |= (guint8) (1u << i);
          hop->over[hop->n_ways] = (guint8) b;
          hop->line[hop->n_ways++] = (guint8) line;
          return;
        }
    }
  /* Index OR_ARRIVAL_HOP of an inner cell is its arrival hop. */
  g_assert (data->n_hops[a] < (or_is_inner (a) ? OR_ARRIVAL_HOP : OR_MAX_CELL_HOPS));
  data->hops_over_cell[a][b] |= (guint8) (1u << data->n_hops[a]);
  data->hops[a][data->n_hops[a]++] = (OrHop) { (guint8) c, 1, { (guint8) b, 0 }, { (guint8) line, 0 } };
}

static void
add_line (OrData *data, int a, int b, int c, OrLine line)
{
  add_hop_one_way (data, a, b, c, line);
  add_hop_one_way (data, c, b, a, line);
}

/* oraia.md §1.3: spokes O_k - I_k - C, diameters through C, and either two
 * circles (the web) or eight arms O_k - I_{k+1} - C (the pinwheel, §7). */
static void
build_disc (OrData *data)
{
  for (int k = 0; k < 8; k++)
    {
      add_adjacent (data, OR_C, OR_I (k));
      add_adjacent (data, OR_I (k), OR_O (k));
      add_line (data, OR_O (k), OR_I (k), OR_C, (OrLine) (k % 4));
      if (k < 4)
        add_line (data, OR_I (k), OR_C, OR_I (k + 4), (OrLine) k);
      if (data->pinwheel)
        {
          add_adjacent (data, OR_O (k), OR_I (k + 1));
          add_line (data, OR_O (k), OR_I (k + 1), OR_C, (OrLine) (OR_LINE_ARM0 + k));
        }
      else
        {
          add_adjacent (data, OR_I (k), OR_I (k + 1));
          add_adjacent (data, OR_O (k), OR_O (k + 1));
          add_line (data, OR_I (k - 1), OR_I (k), OR_I (k + 1), OR_LINE_INNER);
          add_line (data, OR_O (k - 1), OR_O (k), OR_O (k + 1), OR_LINE_OUTER);
        }
    }
}

static void
describe_lines (TbBoardDesc *desc, const OrData *data)
{
  for (int k = 0; k < 8; k++)
    {
      desc->lines[desc->n_lines++] = (TbLineDesc) { OR_C, (gint16) OR_I (k), TB_LINE_STRAIGHT };
      desc->lines[desc->n_lines++] = (TbLineDesc) { (gint16) OR_I (k), (gint16) OR_O (k),
                                                    TB_LINE_STRAIGHT };
      if (data->pinwheel)
        desc->lines[desc->n_lines++] = (TbLineDesc) { (gint16) OR_O (k), (gint16) OR_I (k + 1),
                                                      TB_LINE_CURVE };
      else
        {
          desc->lines[desc->n_lines++] = (TbLineDesc) { (gint16) OR_I (k), (gint16) OR_I (k + 1),
                                                        TB_LINE_ARC };
          desc->lines[desc->n_lines++] = (TbLineDesc) { (gint16) OR_O (k), (gint16) OR_O (k + 1),
                                                        TB_LINE_ARC };
        }
    }
}

static void
place_cell (TbBoardDesc *desc, int cell, double radius, int k, const char *name, guint16 marks)
{
  double angle = G_PI / 4 * k;

  desc->cells[cell].x = (float) (radius * sin (angle));
  desc->cells[cell].y = (float) (-radius * cos (angle));
  desc->cells[cell].marks = marks;
  g_strlcpy (desc->cells[cell].name, name, TB_CELL_NAME_LEN);
}

/* The crown at radius 3 (fixed), the disc's rings at 1 and 2 and its
 * centre; disc cells are given in the disc's frame (rotation 0). */
static void
describe_board (TbVariant *variant, const OrData *data)
{
  TbBoardDesc *desc = &variant->board;

  desc->cell_shape = TB_CELL_ROUND;
  desc->outline = TB_OUTLINE_CROWN;
  desc->cell_size = 0.36f;
  desc->n_cells = OR_CELLS;
  desc->min_x = desc->min_y = -3.6f;
  desc->max_x = desc->max_y = 3.6f;
  for (int k = 0; k < 8; k++)
    {
      char name[TB_CELL_NAME_LEN];

      g_snprintf (name, sizeof name, "P%d", k);
      place_cell (desc, OR_P (k), 3.0, k, name,
                  or_start_seat (k) == 1 ? TB_MARK_HOME_SEAT1 : TB_MARK_HOME_SEAT2);
      g_snprintf (name, sizeof name, "I%d", k);
      place_cell (desc, OR_I (k), 1.0, k, name, TB_MARK_DISC);
      g_snprintf (name, sizeof name, "O%d", k);
      place_cell (desc, OR_O (k), 2.0, k, name, TB_MARK_DISC);
    }
  place_cell (desc, OR_C, 0.0, 0, "C", TB_MARK_DISC | TB_MARK_CENTRE);
  describe_lines (desc, data);
  desc->board_color = "#2f8f4e";       /* the green crown */
  desc->mark_color = "#e9dfc6";        /* the disc */
  desc->line_color = "#6d5a3a";
  desc->seat_colors[0] = "#2c6fd6";    /* water */
  desc->seat_colors[1] = "#d23a2a";    /* fire */
}

gboolean
or_variant_init (TbVariant *variant, GError **error)
{
  OrData *data = g_new0 (OrData, 1);

  data->pinwheel = tb_variant_get_option (variant, "geometry") == 1;
  data->strict_single_line = tb_variant_get_option (variant, "strict-single-line");
  data->arrival_hop = tb_variant_get_option (variant, "arrival-hop");
  data->centre_free_when_stuck = tb_variant_get_option (variant, "centre-free-when-stuck");
  build_disc (data);
  or_build_exit_steps (data);

  variant->data = data;
  variant->max_moves = OR_MAX_MOVES;
  describe_board (variant, data);
  return TRUE;
}

/* The hash from scratch (set-up positions; apply keeps it up to date). */
void
or_rehash (OrPosition *pos)
{
  pos->head.hash = OR_ROTATION_KEY (pos->rotation);
  pos->pawns[0] = pos->pawns[1] = 0;
  for (int c = 0; c < OR_CELLS; c++)
    if (pos->cell[c])
      {
        pos->head.hash ^= or_cell_key (c, pos->cell[c]);
        pos->pawns[(pos->cell[c] & OR_SEAT_MASK) - 1] |= 1u << c;
      }
  if (pos->final_turn)
    pos->head.hash ^= OR_FINAL_TURN_KEY;
  if (pos->head.to_move == 2)
    pos->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;
}

void
or_start (const TbVariant *v, guint starter, TbPosition *out)
{
  OrPosition *pos = (OrPosition *) out;

  memset (pos, 0, sizeof *pos);
  for (int s = 0; s < 8; s++)
    pos->cell[OR_P (s)] = (guint8) or_start_seat (s);
  pos->starter = (guint8) starter;
  pos->head.to_move = (guint8) starter;
  or_rehash (pos);
}

static int
or_disc_turn (const TbVariant *v, const TbPosition *pos)
{
  return OR_POS (pos)->rotation;
}

static void
or_seat_progress (const TbVariant *v, const TbPosition *pos, guint seat, guint *done,
                  guint *total)
{
  *done = OR_POS (pos)->home[seat - 1];
  *total = 4;
}

static const TbPresentationRules or_presentation = {
  .move_cells = or_move_cells,
  .move_effects = or_move_effects,
  .describe_pieces = or_describe_pieces,
  .seat_progress = or_seat_progress,
  .show = or_show,
};

static const TbDiscRules or_disc = {
  .disc_turn = or_disc_turn,
};

const TbRules tb_rules_oraia = {
  .id = "oraia",
  .name = N_("Oraïa"),
  .summary = N_("Bring your four pawns to the other side across a turning disc, charging "
                "each at the centre; jump but never capture"),
  .credits = N_("Pascal Robert and Jean Quilleret · 2002"),
  .duration = N_("about 20 minutes"),
  .family = "oraia",
  .seat_names = { N_("Blue"), N_("Red") },
  .starter_choice = TRUE,
  .keeps_score = FALSE,
  .options = or_options,
  .n_options = G_N_ELEMENTS (or_options),
  .position_size = sizeof (OrPosition),
  .variant_init = or_variant_init,
  .start = or_start,
  .legal_moves = or_legal_moves,
  .is_legal = or_is_legal,
  .apply = or_apply,
  .outcome = or_outcome,
  .repetition_outcome = or_repetition_outcome,
  .format_move = or_format_move,
  .parse_move = or_parse_move,
  .explain_illegal = or_explain_illegal,
  .format_position = or_format_position,
  .parse_position = or_parse_position,
  .evaluate = or_evaluate,
  .presentation = &or_presentation,
  .disc = &or_disc,
};
