/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-seat-row.c: one player in the game panel */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-seat-row.h"

struct _TbSeatRow
{
  AdwActionRow parent_instance;

  char *colour_name;
  GdkRGBA colour;
  GtkWidget *swatch;        /* drawn in the seat's colour */
  GtkWidget *score_label;
  GtkWidget *spinner;       /* turning while the computer thinks for this seat */
  char *detail;
  gboolean to_move;
};

G_DEFINE_FINAL_TYPE (TbSeatRow, tb_seat_row, ADW_TYPE_ACTION_ROW)

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  TbSeatRow *self = data;
  double radius = MIN (width, height) / 2.0 - 1.5;

  cairo_arc (cr, width / 2.0, height / 2.0, radius, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, &self->colour);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

static void
update_subtitle (TbSeatRow *self)
{
  g_autofree char *subtitle = NULL;

  const char *name = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self));
  /* The colour is worth repeating only under a player's own name. */
  gboolean named = g_strcmp0 (name, self->colour_name) != 0;

  if (self->to_move && named)
    /* Translators: a seat's colour and that it is this player's turn: "Dark · to move". */
    subtitle = g_strdup_printf (_("%s · to move"), self->colour_name);
  else if (self->to_move)
    subtitle = g_strdup (_("To move"));
  else
    subtitle = g_strdup (named ? self->colour_name : "");
  if (self->detail)
    {
      char *with_detail = *subtitle ? g_strconcat (subtitle, "\n", self->detail, NULL)
                                    : g_strdup (self->detail);

      g_free (subtitle);
      subtitle = with_detail;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
}

static void
tb_seat_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TB_TYPE_SEAT_ROW);
  G_OBJECT_CLASS (tb_seat_row_parent_class)->dispose (object);
}

static void
tb_seat_row_finalize (GObject *object)
{
  TbSeatRow *self = TB_SEAT_ROW (object);

  g_free (self->colour_name);
  g_free (self->detail);
  G_OBJECT_CLASS (tb_seat_row_parent_class)->finalize (object);
}

static void
tb_seat_row_class_init (TbSeatRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_seat_row_dispose;
  object_class->finalize = tb_seat_row_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-seat-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TbSeatRow, swatch);
  gtk_widget_class_bind_template_child (widget_class, TbSeatRow, score_label);
  gtk_widget_class_bind_template_child (widget_class, TbSeatRow, spinner);
}

static void
tb_seat_row_init (TbSeatRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->swatch), draw_swatch, self, NULL);
}

TbSeatRow *
tb_seat_row_new (const char *name, const char *colour_name, const char *colour)
{
  TbSeatRow *self = g_object_new (TB_TYPE_SEAT_ROW, "title", name, NULL);

  self->colour_name = g_strdup (colour_name);
  /* The swatch says its colour to a screen reader, as it shows it. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->swatch), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  colour_name, -1);
  if (colour == NULL || !gdk_rgba_parse (&self->colour, colour))
    gdk_rgba_parse (&self->colour, "#808080");
  update_subtitle (self);
  return self;
}

void
tb_seat_row_set_score (TbSeatRow *self, int score)
{
  g_autofree char *text = score >= 0 ? g_strdup_printf ("%d", score) : NULL;

  g_return_if_fail (TB_IS_SEAT_ROW (self));
  gtk_label_set_text (GTK_LABEL (self->score_label), text ? text : "");
  gtk_widget_set_visible (self->score_label, score >= 0);
  if (score >= 0)
    {
      /* Translators: the points a player has on the targets. */
      g_autofree char *label = g_strdup_printf (ngettext ("%d point", "%d points", score), score);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->score_label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
}

void
tb_seat_row_set_progress (TbSeatRow *self, guint done, guint total)
{
  g_autofree char *text = g_strdup_printf ("%u/%u", done, total);
  /* Translators: how many of a player's pawns have arrived: "2 of 4 pawns home"; the
   * plural goes by the first number (in English both forms read "pawns"). */
  g_autofree char *label = g_strdup_printf (ngettext ("%u of %u pawns home", "%u of %u pawns home",
                                                      done), done, total);

  g_return_if_fail (TB_IS_SEAT_ROW (self));
  gtk_label_set_text (GTK_LABEL (self->score_label), text);
  gtk_widget_set_visible (self->score_label, TRUE);
  gtk_widget_set_tooltip_text (self->score_label, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->score_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
tb_seat_row_set_to_move (TbSeatRow *self, gboolean to_move)
{
  g_return_if_fail (TB_IS_SEAT_ROW (self));

  to_move = !!to_move;
  if (self->to_move == to_move)
    return;
  self->to_move = to_move;
  if (to_move)
    gtk_widget_add_css_class (GTK_WIDGET (self), "to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "to-move");
  update_subtitle (self);
}

void
tb_seat_row_set_detail (TbSeatRow *self, const char *detail)
{
  g_return_if_fail (TB_IS_SEAT_ROW (self));

  if (g_strcmp0 (self->detail, detail) == 0)
    return;
  g_free (self->detail);
  self->detail = g_strdup (detail);
  update_subtitle (self);
}

void
tb_seat_row_set_thinking (TbSeatRow *self, gboolean thinking)
{
  g_return_if_fail (TB_IS_SEAT_ROW (self));

  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), thinking);
  gtk_widget_set_visible (self->spinner, thinking);
}
