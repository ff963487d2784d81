/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-eval-graph.c: the computer's evaluation across a game
 *
 * Seat 1's expected score at every ply, 0 at the bottom, 1 at the top,
 * filled from the bottom in seat 1's share: where the fill is above the
 * middle line seat 1 was ahead.  The current ply is a vertical line.  A
 * click or a drag asks for the ply under the pointer ("ply-activated").
 * For screen readers, the graph is an image named with the evaluation at
 * the current ply.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-eval-graph.h"

#define GRAPH_HEIGHT 64

struct _TbEvalGraph
{
  GtkWidget parent_instance;

  TbGame *game;
  GArray *evals;             /* double per ply of the current line; TB_EVAL_NONE gaps */
};

G_DEFINE_FINAL_TYPE (TbEvalGraph, tb_eval_graph, GTK_TYPE_WIDGET)

enum
{
  PLY_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
has_evals (TbEvalGraph *self)
{
  for (guint i = 0; i < self->evals->len; i++)
    if (g_array_index (self->evals, double, i) != TB_EVAL_NONE)
      return TRUE;
  return FALSE;
}

static double
x_of (TbEvalGraph *self, guint ply, double width)
{
  return self->evals->len > 1 ? width * ply / (self->evals->len - 1) : width / 2;
}

static void
describe (TbEvalGraph *self)
{
  guint ply = self->game ? tb_game_get_ply (self->game) : 0;
  double eval = ply < self->evals->len ? g_array_index (self->evals, double, ply) : TB_EVAL_NONE;
  g_autofree char *text = NULL;

  if (self->game == NULL || eval == TB_EVAL_NONE)
    text = g_strdup (_("Evaluation: none here"));
  else
    /* Translators: the evaluation graph, for screen readers: "Evaluation at
     * ply 12: Dark's expected score 0.62". */
    text = g_strdup_printf (_("Evaluation at ply %u: %s’s expected score %.2f"), ply,
                            _(tb_rules_get_seat_name (tb_game_get_rules (self->game), 1)),
                            eval);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  -1);
}

void
tb_eval_graph_refresh (TbEvalGraph *self)
{
  guint n = self->game ? tb_game_get_n_plies (self->game) : 0;

  g_return_if_fail (TB_IS_EVAL_GRAPH (self));

  g_array_set_size (self->evals, 0);
  for (guint ply = 0; self->game && ply <= n; ply++)
    {
      double eval = tb_game_get_eval (self->game, ply);

      g_array_append_val (self->evals, eval);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), has_evals (self));
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_position_changed (TbEvalGraph *self)
{
  if (self->evals->len != tb_game_get_n_plies (self->game) + 1)
    tb_eval_graph_refresh (self);
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tb_eval_graph_set_game (TbEvalGraph *self, TbGame *game)
{
  g_return_if_fail (TB_IS_EVAL_GRAPH (self));

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect_swapped (game, "position-changed", G_CALLBACK (on_position_changed), self);
  tb_eval_graph_refresh (self);
}

/* The curve, closed along the bottom. */
static void
trace_curve (TbEvalGraph *self, cairo_t *cr, double width, double height)
{
  gboolean started = FALSE;
  double last_x = 0;

  for (guint ply = 0; ply < self->evals->len; ply++)
    {
      double eval = g_array_index (self->evals, double, ply);
      double x = x_of (self, ply, width);

      if (eval == TB_EVAL_NONE)
        continue;
      if (!started)
        cairo_move_to (cr, x, height);
      started = TRUE;
      cairo_line_to (cr, x, height * (1.0 - eval));
      last_x = x;
    }
  if (started)
    {
      cairo_line_to (cr, last_x, height);
      cairo_close_path (cr);
    }
}

/* Seat 1's share in the widget's colour (the text's, so that it reads in
 * light, dark and high contrast), the rest left to the background. */
static void
tb_eval_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TbEvalGraph *self = TB_EVAL_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  GdkRGBA color;
  cairo_t *cr;

  if (self->game == NULL || width <= 0 || height <= 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.08);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  trace_curve (self, cr, width, height);
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.45);
  cairo_fill (cr);
  /* The middle: an even game. */
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.5);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, height / 2 + 0.5);
  cairo_line_to (cr, width, height / 2 + 0.5);
  cairo_stroke (cr);
  /* The current ply. */
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 1.0);
  cairo_set_line_width (cr, 2);
  cairo_move_to (cr, x_of (self, tb_game_get_ply (self->game), width), 0);
  cairo_line_to (cr, x_of (self, tb_game_get_ply (self->game), width), height);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
tb_eval_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_VERTICAL ? GRAPH_HEIGHT : 48;
}

/* The ply under x, nearest. */
static void
activate_at (TbEvalGraph *self, double x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  guint last = self->evals->len ? self->evals->len - 1 : 0;
  double ply = width > 0 ? x / width * last + 0.5 : 0;

  g_signal_emit (self, signals[PLY_ACTIVATED], 0, (guint) CLAMP (ply, 0, last));
}

static void
on_drag_begin (GtkGestureDrag *drag, double x, double y, TbEvalGraph *self)
{
  activate_at (self, x);
}

static void
on_drag_update (GtkGestureDrag *drag, double dx, double dy, TbEvalGraph *self)
{
  double x;

  gtk_gesture_drag_get_start_point (drag, &x, NULL);
  activate_at (self, x + dx);
}

static void
tb_eval_graph_dispose (GObject *object)
{
  tb_eval_graph_set_game (TB_EVAL_GRAPH (object), NULL);
  G_OBJECT_CLASS (tb_eval_graph_parent_class)->dispose (object);
}

static void
tb_eval_graph_finalize (GObject *object)
{
  g_array_unref (TB_EVAL_GRAPH (object)->evals);
  G_OBJECT_CLASS (tb_eval_graph_parent_class)->finalize (object);
}

static void
tb_eval_graph_class_init (TbEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_eval_graph_dispose;
  object_class->finalize = tb_eval_graph_finalize;
  widget_class->snapshot = tb_eval_graph_snapshot;
  widget_class->measure = tb_eval_graph_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
tb_eval_graph_init (TbEvalGraph *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->evals = g_array_new (FALSE, FALSE, sizeof (double));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
tb_eval_graph_new (void)
{
  return g_object_new (TB_TYPE_EVAL_GRAPH, NULL);
}
