/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-figure.c: a drawing of a rules page, with its caption.
 *
 * Figures show what words describe badly: the start position with every
 * cell named, the pieces of a hand with their values, the lines of a
 * board by kind.  Nothing is played on them; they are drawn from the
 * ruleset's own board description, so that they cannot disagree with
 * the game. */
#include "config.h"

#include "tb-rules-figure.h"

#include <glib/gi18n.h>
#include <math.h>

#include "board/tb-paint-util.h"
#include "board/tb-tile-paint.h"
#include "tb-board-view.h"

#define SHAPE_UNIT 24.0 /* pixels per square of a drawn piece */

/* The kinds of line of a disc board, each drawn in its own colour and
 * named in the legend. */
typedef enum
{
  LINE_SPOKE,
  LINE_INNER,
  LINE_OUTER,
  N_LINE_NAMES,
} LineName;

static const Rgba line_colors[N_LINE_NAMES] = {
  { 0.80, 0.40, 0.00, 1 }, /* spokes: orange */
  { 0.10, 0.45, 0.80, 1 }, /* inner circle: blue */
  { 0.55, 0.25, 0.65, 1 }, /* outer circle: purple */
};

static GtkWidget *
caption_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

/* The start position, on a board that names its cells. */
static GtkWidget *
start_new (const TbRulesPage *page, const TbRulesBlock *figure, TbGame **game_out)
{
  g_autoptr (GError) error = NULL;
  TbGame *game = tb_rules_example_new_game (page, figure, &error);
  GtkWidget *board;

  if (game == NULL)
    /* The tests make sure this never shows. */
    return caption_new (error->message);
  board = tb_board_view_new ();
  gtk_widget_set_size_request (board, 240, 300);
  tb_board_view_set_show_coordinates (TB_BOARD_VIEW (board), TRUE);
  tb_board_view_set_interactive (TB_BOARD_VIEW (board), FALSE);
  tb_board_view_set_game (TB_BOARD_VIEW (board), game);
  gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  figure->text, -1);
  *game_out = game;
  return board;
}

/* One piece, first way round, its value on it. */
static void
draw_shape (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const TbShapeDesc *shape = data;
  const TbBoardDesc *board = g_object_get_data (G_OBJECT (area), "board");
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  TbTileCell cells[TB_MAX_SHAPE_CELLS];

  for (guint i = 0; i < shape->n_cells; i++)
    {
      cells[i].x = (shape->cells[0][i][1] + 0.5) * SHAPE_UNIT + 1;
      cells[i].y = (shape->cells[0][i][0] + 0.5) * SHAPE_UNIT + 1;
    }
  tb_tile_paint (cr, layout, board, cells, shape->n_cells, SHAPE_UNIT, 1, shape->value,
                 (int) tb_tile_label (cells, shape->n_cells), TB_TILE_SOLID, 1.0);
}

static GtkWidget *
shape_new (const TbBoardDesc *board, const TbShapeDesc *shape)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *area = gtk_drawing_area_new ();
  int cols = 0, rows = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < shape->n_cells; i++)
    {
      rows = MAX (rows, shape->cells[0][i][0] + 1);
      cols = MAX (cols, shape->cells[0][i][1] + 1);
    }
  g_object_set_data (G_OBJECT (area), "board", (gpointer) board);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), (int) (cols * SHAPE_UNIT) + 2);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), (int) (rows * SHAPE_UNIT) + 2);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_shape, (gpointer) shape, NULL);
  gtk_widget_set_halign (area, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (area, GTK_ALIGN_END);
  gtk_widget_set_vexpand (area, TRUE);
  gtk_box_append (GTK_BOX (box), area);
  /* Translators: under a drawn piece of Retournement: its code and its
   * value ("V3, 3 points"). */
  text = g_strdup_printf (ngettext ("%s, %u point", "%s, %u points", shape->value), shape->code,
                          shape->value);
  gtk_box_append (GTK_BOX (box), gtk_label_new (text));
  return box;
}

/* Every piece of a hand: a flow that wraps on narrow windows. */
static GtkWidget *
shapes_new (const TbRulesPage *page)
{
  const TbRules *rules = tb_rules_lookup (page->ruleset);
  g_autoptr (TbVariant) variant = tb_variant_new_from_text (page->ruleset, NULL, NULL);
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), FALSE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 7);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  if (rules == NULL || variant == NULL)
    return flow;
  /* The variant goes with this function; the shapes live in the board
   * kept on the flow box. */
  g_object_set_data_full (G_OBJECT (flow), "board",
                          g_memdup2 (&variant->board, sizeof variant->board), g_free);
  for (guint s = 0; s < variant->board.n_shapes; s++)
    {
      const TbBoardDesc *board = g_object_get_data (G_OBJECT (flow), "board");

      gtk_flow_box_append (GTK_FLOW_BOX (flow), shape_new (board, &board->shapes[s]));
    }
  return flow;
}

static LineName
line_name (const TbBoardDesc *board, const TbLineDesc *line, double inner_radius)
{
  const TbCellDesc *a = &board->cells[line->a];

  if (line->kind == TB_LINE_STRAIGHT)
    return LINE_SPOKE;
  return hypot (a->x, a->y) <= inner_radius * 1.01 ? LINE_INNER : LINE_OUTER;
}

/* The radius of the nearest ring of cells around the centre. */
static double
inner_radius (const TbBoardDesc *board)
{
  double radius = G_MAXDOUBLE;

  for (guint i = 0; i < board->n_cells; i++)
    if (!(board->cells[i].marks & TB_MARK_CENTRE) && hypot (board->cells[i].x, board->cells[i].y) > 0.01)
      radius = MIN (radius, hypot (board->cells[i].x, board->cells[i].y));
  return radius;
}

/* The disc's lines in the colours of the legend, every cell named. */
static void
draw_lines (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const TbBoardDesc *board = data;
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  double span = MAX (board->max_x - board->min_x, board->max_y - board->min_y);
  double scale = MIN (width, height) / (span * 1.1);
  double cx = width / 2.0, cy = height / 2.0;
  double inner = inner_radius (board);
  GdkRGBA ink;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &ink);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (2.0, scale * 0.08));
  for (guint i = 0; i < board->n_lines; i++)
    {
      const TbLineDesc *line = &board->lines[i];
      const TbCellDesc *a = &board->cells[line->a], *b = &board->cells[line->b];

      tb_paint_set_color (cr, line_colors[line_name (board, line, inner)]);
      cairo_new_path (cr);
      if (line->kind == TB_LINE_STRAIGHT)
        {
          cairo_move_to (cr, cx + a->x * scale, cy + a->y * scale);
          cairo_line_to (cr, cx + b->x * scale, cy + b->y * scale);
        }
      else
        {
          double a0 = atan2 (a->y, a->x), a1 = atan2 (b->y, b->x);

          if (a1 < a0)
            a1 += 2 * G_PI;
          if (a1 - a0 <= G_PI)
            cairo_arc (cr, cx, cy, hypot (a->x, a->y) * scale, a0, a1);
          else
            cairo_arc_negative (cr, cx, cy, hypot (a->x, a->y) * scale, a0, a1 - 2 * G_PI);
        }
      cairo_stroke (cr);
    }
  for (guint i = 0; i < board->n_cells; i++)
    {
      const TbCellDesc *cell = &board->cells[i];
      double x = cx + cell->x * scale, y = cy + cell->y * scale, r = scale * 0.24;
      gboolean on_disc = (cell->marks & TB_MARK_DISC) != 0;

      cairo_new_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      tb_paint_set_color (cr, on_disc ? (Rgba) { 0.97, 0.95, 0.90, 1 } : (Rgba) { 0.35, 0.65, 0.35, 1 });
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1.0);
      tb_paint_set_color (cr, (Rgba) { ink.red, ink.green, ink.blue, 0.6 });
      cairo_stroke (cr);
      tb_paint_text_centered (layout, cr, cell->name, x, y, r * 0.9,
                              on_disc ? (Rgba) { 0.1, 0.1, 0.1, 1 } : (Rgba) { 1, 1, 1, 1 });
    }
}

static GtkWidget *
legend_row_new (LineName name)
{
  static const char *const names[N_LINE_NAMES] = {
    N_ ("Spokes: the straight lines through the centre"),
    N_ ("Inner circle: the curved line through I0 to I7"),
    N_ ("Outer circle: the curved line through O0 to O7"),
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *label = caption_new (_(names[name]));

  gtk_widget_set_size_request (swatch, 24, 6);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  tb_paint_set_color (cr, line_colors[GPOINTER_TO_INT (data)]);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

/* The empty disc board: its lines by kind, its cells named, a legend. */
static GtkWidget *
lines_new (const TbRulesPage *page, const TbRulesBlock *figure)
{
  g_autoptr (TbVariant) variant = tb_variant_new_from_text (page->ruleset, figure->options, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *area = gtk_drawing_area_new ();
  TbBoardDesc *board;

  if (variant == NULL)
    return box;
  board = g_memdup2 (&variant->board, sizeof variant->board);
  gtk_widget_set_size_request (area, 240, 380);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_lines, board, g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  figure->text, -1);
  gtk_box_append (GTK_BOX (box), area);
  for (int n = 0; n < N_LINE_NAMES; n++)
    {
      GtkWidget *row = legend_row_new ((LineName) n);

      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (gtk_widget_get_first_child (row)),
                                      draw_swatch, GINT_TO_POINTER (n), NULL);
      gtk_box_append (GTK_BOX (box), row);
    }
  return box;
}

GtkWidget *
tb_rules_figure_new (const TbRulesPage *page, const TbRulesBlock *figure)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *drawing = NULL;
  TbGame *game = NULL;

  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "rules-figure");
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  figure->text, -1);
  gtk_box_append (GTK_BOX (box), caption_new (figure->text));
  switch (figure->figure)
    {
    case TB_RULES_FIGURE_SHAPES:
      drawing = shapes_new (page);
      break;
    case TB_RULES_FIGURE_LINES:
      drawing = lines_new (page, figure);
      break;
    case TB_RULES_FIGURE_START:
    default:
      drawing = start_new (page, figure, &game);
      break;
    }
  gtk_box_append (GTK_BOX (box), drawing);
  if (game)
    g_object_set_data_full (G_OBJECT (box), "game", game, g_object_unref);
  return box;
}
