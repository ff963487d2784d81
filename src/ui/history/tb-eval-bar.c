/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-eval-bar.c: the computer's evaluation of the move shown, as a bar */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-eval-bar.h"
#include "tb-paint-util.h"

#define BAR_WIDTH 14

struct _TbEvalBar
{
  GtkWidget parent_instance;

  TbGame *game;
  double eval;               /* at the current node, or TB_EVAL_NONE */
};

G_DEFINE_FINAL_TYPE (TbEvalBar, tb_eval_bar, GTK_TYPE_WIDGET)

void
tb_eval_bar_refresh (TbEvalBar *self)
{
  g_autofree char *text = NULL;

  g_return_if_fail (TB_IS_EVAL_BAR (self));

  self->eval = self->game ? tb_game_node_get_eval (tb_game_get_current_node (self->game))
                          : TB_EVAL_NONE;
  gtk_widget_set_visible (GTK_WIDGET (self), self->eval != TB_EVAL_NONE);
  if (self->eval == TB_EVAL_NONE)
    return;
  /* Translators: the evaluation bar, for screen readers: "Dark's expected
   * score 0.62". */
  text = g_strdup_printf (_("%s’s expected score %.2f"),
                          _(tb_rules_get_seat_name (tb_game_get_rules (self->game), 1)),
                          self->eval);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 1.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, self->eval,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tb_eval_bar_set_game (TbEvalBar *self, TbGame *game)
{
  g_return_if_fail (TB_IS_EVAL_BAR (self));

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect_swapped (game, "position-changed", G_CALLBACK (tb_eval_bar_refresh), self);
  tb_eval_bar_refresh (self);
}

/* Seat 1 from the bottom, seat 2 above, in the pieces' colours, with a
 * mark at the middle (an even game) in the text's colour. */
static void
tb_eval_bar_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TbEvalBar *self = TB_EVAL_BAR (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  const TbBoardDesc *board;
  double split;
  GdkRGBA color;
  cairo_t *cr;

  if (self->game == NULL || self->eval == TB_EVAL_NONE || width <= 0 || height <= 0)
    return;
  board = &tb_game_get_variant (self->game)->board;
  split = height * (1.0 - self->eval);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  tb_paint_rounded_rectangle (cr, 0.5, 0.5, width - 1, height - 1, 3);
  cairo_clip_preserve (cr);
  tb_paint_set_color (cr, tb_paint_seat_color (board, 2));
  cairo_fill (cr);
  tb_paint_set_color (cr, tb_paint_seat_color (board, 1));
  cairo_rectangle (cr, 0, split, width, height - split);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, height / 2);
  cairo_line_to (cr, width, height / 2);
  cairo_stroke (cr);
  tb_paint_rounded_rectangle (cr, 0.5, 0.5, width - 1, height - 1, 3);
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.35);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
tb_eval_bar_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                     int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? BAR_WIDTH : 48;
}

static void
tb_eval_bar_dispose (GObject *object)
{
  tb_eval_bar_set_game (TB_EVAL_BAR (object), NULL);
  G_OBJECT_CLASS (tb_eval_bar_parent_class)->dispose (object);
}

static void
tb_eval_bar_class_init (TbEvalBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_eval_bar_dispose;
  widget_class->snapshot = tb_eval_bar_snapshot;
  widget_class->measure = tb_eval_bar_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
  gtk_widget_class_set_css_name (widget_class, "evalbar");
}

static void
tb_eval_bar_init (TbEvalBar *self)
{
  self->eval = TB_EVAL_NONE;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Evaluation"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
