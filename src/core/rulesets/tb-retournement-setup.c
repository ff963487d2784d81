/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-retournement-setup.c: the pieces' orientations, the options, the
 * board, the empty start and the ruleset table
 * (rules/retournement.md §1, §2 and §7)
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tb-retournement-private.h"
#include "tb-rulesets.h"

#define VALUE_OPTION(key, label, value)                                                     \
  { key, label,                                                                             \
    N_("The rules give only the total, 44 points for each set of 13. By default a piece is " \
       "worth half its outline less one, at most 4."),                                      \
    TB_OPTION_INT, TB_OPTION_RECONSTRUCTED, value, 0, 9, NULL, 0, N_("Piece values") }

/* The board size first, then one value per piece in rt_shapes order. */
static const TbOptionSpec rt_options[] = {
  { "board-size", N_("Holes on each side"),
    N_("The rules give no size. 11 × 11 lets nearly every piece be laid and still blocks "
       "some; 10 × 10 blocks more, 12 × 12 almost none."),
    TB_OPTION_INT, TB_OPTION_RECONSTRUCTED, RT_DEFAULT_SIZE, RT_MIN_SIZE, RT_MAX_SIZE, NULL, 0,
    NULL },
  VALUE_OPTION ("value-i1", N_("Monomino (I1)"), 1),
  VALUE_OPTION ("value-i2", N_("Domino (I2)"), 2),
  VALUE_OPTION ("value-i3", N_("Straight tromino (I3)"), 3),
  VALUE_OPTION ("value-v3", N_("Corner tromino (V3)"), 3),
  VALUE_OPTION ("value-i4", N_("Straight tetromino (I4)"), 4),
  VALUE_OPTION ("value-o4", N_("Square tetromino (O4)"), 3),
  VALUE_OPTION ("value-t4", N_("T-tetromino (T4)"), 4),
  VALUE_OPTION ("value-i5", N_("Straight pentomino (I5)"), 4),
  VALUE_OPTION ("value-t5", N_("T-pentomino (T5)"), 4),
  VALUE_OPTION ("value-u5", N_("U-pentomino (U5)"), 4),
  VALUE_OPTION ("value-v5", N_("V-pentomino (V5)"), 4),
  VALUE_OPTION ("value-w5", N_("W-pentomino (W5)"), 4),
  VALUE_OPTION ("value-x5", N_("X-pentomino (X5)"), 4),
};

G_STATIC_ASSERT (G_N_ELEMENTS (rt_options) == 1 + RT_N_SHAPES);

static int
compare_cells (const void *a, const void *b)
{
  const gint8 *x = a, *y = b;

  return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

/* cells turned a quarter clockwise (a cell to the right goes below), moved
 * back into the top-left corner and sorted. */
static void
turn_cells (gint8 cells[][2], guint n)
{
  int min_row = G_MAXINT, min_col = G_MAXINT;

  for (guint i = 0; i < n; i++)
    {
      gint8 row = cells[i][0];

      cells[i][0] = cells[i][1];
      cells[i][1] = (gint8) -row;
    }
  for (guint i = 0; i < n; i++)
    {
      min_row = MIN (min_row, cells[i][0]);
      min_col = MIN (min_col, cells[i][1]);
    }
  for (guint i = 0; i < n; i++)
    {
      cells[i][0] = (gint8) (cells[i][0] - min_row);
      cells[i][1] = (gint8) (cells[i][1] - min_col);
    }
  qsort (cells, n, sizeof cells[0], compare_cells);
}

static void
add_orientation (RtData *data, guint shape, guint turn, gint8 cells[][2], guint n)
{
  RtOrientation *o = &data->orientations[data->n_orientations++];
  guint s = data->size;

  o->shape = (guint8) shape;
  o->turn = (guint8) turn;
  o->n_cells = (guint8) n;
  memcpy (o->cells, cells, n * sizeof cells[0]);
  for (guint i = 0; i < n; i++)
    {
      o->height = (guint8) MAX (o->height, cells[i][0] + 1);
      o->width = (guint8) MAX (o->width, cells[i][1] + 1);
      o->offset[i] = (guint8) (cells[i][0] * s + cells[i][1]);
      data->shape_offsets[shape] |= G_GUINT64_CONSTANT (1) << o->offset[i];
    }
  for (guint row = 0; row + o->height <= s; row++)
    for (guint col = 0; col + o->width <= s; col++)
      rt_add (&o->anchors, (int) (row * s + col));
}

/* Every shape's distinct orientations, a quarter turn apart. */
static void
build_orientations (RtData *data)
{
  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    {
      const RtShape *base = &rt_shapes[shape];
      gint8 cells[RT_MAX_SHAPE_CELLS][2];
      guint first = data->n_orientations;

      data->first_orientation[shape] = (guint8) first;
      memcpy (cells, base->cells, sizeof cells);
      qsort (cells, base->n_cells, sizeof cells[0], compare_cells);
      for (guint turn = 0; turn < 4; turn++)
        {
          gboolean seen = FALSE;

          for (guint k = first; k < data->n_orientations && !seen; k++)
            seen = memcmp (data->orientations[k].cells, cells, base->n_cells * sizeof cells[0]) == 0;
          if (!seen)
            add_orientation (data, shape, data->n_orientations - first, cells, base->n_cells);
          turn_cells (cells, base->n_cells);
        }
    }
  data->first_orientation[RT_N_SHAPES] = (guint8) data->n_orientations;
}

static void
build_masks (RtData *data)
{
  guint s = data->size;

  for (guint row = 0; row < s; row++)
    for (guint col = 0; col < s; col++)
      {
        int cell = (int) (row * s + col);

        rt_add (&data->board, cell);
        if (col > 0)
          rt_add (&data->not_first_col, cell);
        if (col + 1 < s)
          rt_add (&data->not_last_col, cell);
      }
}

static void
describe_shapes (TbBoardDesc *desc, const RtData *data)
{
  desc->n_shapes = RT_N_SHAPES;
  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    {
      TbShapeDesc *d = &desc->shapes[shape];
      guint first = data->first_orientation[shape];

      g_strlcpy (d->code, rt_shapes[shape].code, sizeof d->code);
      d->name = rt_shapes[shape].name;
      d->value = data->value[shape];
      d->n_cells = rt_shapes[shape].n_cells;
      d->n_turns = (guint8) (data->first_orientation[shape + 1] - first);
      for (guint t = 0; t < d->n_turns; t++)
        memcpy (d->cells[t], data->orientations[first + t].cells,
                d->n_cells * sizeof d->cells[t][0]);
    }
}

/* A perforated board: a hole per cell, one board unit apart; laid pieces
 * cover whole squares around the holes. */
static void
describe_board (TbVariant *variant, const RtData *data)
{
  TbBoardDesc *desc = &variant->board;
  guint s = data->size;

  desc->cell_shape = TB_CELL_ROUND;
  desc->outline = TB_OUTLINE_SQUARE;
  desc->cell_size = 0.16f;
  desc->hit_radius = 0.71f;
  desc->rows = desc->cols = s;
  desc->n_cells = s * s;
  desc->min_x = desc->min_y = -0.5f;
  desc->max_x = desc->max_y = (float) s - 0.5f;
  for (guint cell = 0; cell < s * s; cell++)
    {
      desc->cells[cell].x = (float) (cell % s);
      desc->cells[cell].y = (float) (cell / s);
      rt_cell_name (data, (int) cell, desc->cells[cell].name);
    }
  /* Red on one face, white on the other (the seed); a grey plastic board. */
  desc->board_color = "#5b6b7d";
  desc->line_color = "#2c3540";
  desc->seat_colors[0] = "#f3efe4";
  desc->seat_colors[1] = "#c8322a";
  describe_shapes (desc, data);
}

gboolean
rt_variant_init (TbVariant *variant, GError **error)
{
  RtData *data = g_new0 (RtData, 1);
  guint max_moves = 0;

  data->size = (guint) tb_variant_get_option (variant, "board-size");
  data->n_cells = data->size * data->size;
  for (guint shape = 0; shape < RT_N_SHAPES; shape++)
    {
      data->value[shape] = (guint8) variant->option_values[1 + shape];
      data->set_total += data->value[shape];
    }
  build_orientations (data);
  build_masks (data);
  for (guint o = 0; o < data->n_orientations; o++)
    max_moves += rt_count (data->orientations[o].anchors);

  variant->data = data;
  variant->max_moves = max_moves;
  describe_board (variant, data);
  return TRUE;
}

/* An empty board, both hands full, White to lay the first piece. */
void
rt_start (const TbVariant *v, guint starter, TbPosition *out)
{
  RtPosition *pos = (RtPosition *) out;

  memset (pos, 0, sizeof *pos);
  pos->hand[0] = pos->hand[1] = RT_ALL_SHAPES;
  pos->head.to_move = (guint8) starter;
  rt_rehash (pos);
}

static guint32
rt_hand (const TbVariant *v, const TbPosition *pos, guint seat)
{
  return RT_POS (pos)->hand[seat - 1];
}

static TbMove
rt_placement (const TbVariant *v, const TbPosition *pos, guint shape, guint turn, int anchor)
{
  const RtData *data = RT_DATA (v);
  guint first, o;

  if (shape >= RT_N_SHAPES || anchor < 0 || (guint) anchor >= data->n_cells)
    return TB_MOVE_NONE;
  first = data->first_orientation[shape];
  o = first + turn % (data->first_orientation[shape + 1] - first);
  return rt_has (data->orientations[o].anchors, anchor) ? rt_move (o, anchor) : TB_MOVE_NONE;
}

static const TbPresentationRules rt_presentation = {
  .move_cells = rt_move_cells,
  .move_effects = rt_move_effects,
  .describe_pieces = rt_describe_pieces,
  .show = rt_show,
};

static const TbHandRules rt_hands = {
  .hand = rt_hand,
  .placement = rt_placement,
  .score_parts = rt_score_parts,
};

const TbRules tb_rules_retournement = {
  .id = "retournement",
  /* Translators: the working title of a NATHAN game whose real title is
   * unknown; it means "turning over". */
  .name = N_("Retournement"),
  .summary = N_("Lay your 13 pieces against your opponent’s and turn theirs over to your "
                "colour; the most points win"),
  .credits = N_("NATHAN · title and year unknown"),
  .duration = N_("about 15 minutes"),
  .family = "retournement",
  .seat_names = { N_("White"), N_("Red") },
  .starter_choice = FALSE,
  .keeps_score = TRUE,
  .options = rt_options,
  .n_options = G_N_ELEMENTS (rt_options),
  .position_size = sizeof (RtPosition),
  .variant_init = rt_variant_init,
  .start = rt_start,
  .legal_moves = rt_legal_moves,
  .count_moves = rt_count_moves,
  .nth_move = rt_nth_move,
  .apply = rt_apply,
  .outcome = rt_outcome,
  .repetition_outcome = rt_repetition_outcome,
  .score = rt_score,
  .format_move = rt_format_move,
  .parse_move = rt_parse_move,
  .explain_illegal = rt_explain_illegal,
  .format_position = rt_format_position,
  .parse_position = rt_parse_position,
  .evaluate = rt_evaluate,
  .presentation = &rt_presentation,
  .hands = &rt_hands,
};
