/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-cell.c: a cell of the history's list, one line of text laid
 * out when drawn
 *
 * GTK 4.8's list view keeps 200 rows whatever its height, six cells
 * each, and a filter or sort change gives most of them a new text.  As
 * GtkLabels, every cell measured its new text again to size its column,
 * shaping it, off screen too: 55 ms of the main thread for a change at
 * 100,000 games (build-aux/bench-ui, history-filter-cpu), where the
 * window has 16.  Sized without its text, a cell lays its text out only
 * when drawn, and only the rows on screen are drawn.
 */
#include "config.h"

#include "tb-history-cell.h"

/* The room an ellipsized cell keeps at least, in average characters. */
#define MIN_CHARS 3

struct _TbHistoryCell
{
  GtkWidget parent_instance;

  char *label;
  char *sample;            /* its natural width: this text's, or */
  int width_chars;         /* so many average characters' */
  gboolean whole;          /* never cut: its minimum width is its natural one */
  float xalign;
  PangoLayout *layout;     /* the label's, made when first drawn */
};

G_DEFINE_FINAL_TYPE (TbHistoryCell, tb_history_cell, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_SAMPLE,
  PROP_WIDTH_CHARS,
  PROP_WHOLE,
  PROP_XALIGN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The size of text as this cell's font lays it out, in pixels. */
static void
text_size (TbHistoryCell *self, const char *text, int *width, int *height)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);

  pango_layout_get_pixel_size (layout, width, height);
}

static int
average_char_width (TbHistoryCell *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
  int width = pango_font_metrics_get_approximate_char_width (metrics);

  pango_font_metrics_unref (metrics);
  return PANGO_PIXELS_CEIL (width);
}

static void
tb_history_cell_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline,
                         int *natural_baseline)
{
  TbHistoryCell *self = TB_HISTORY_CELL (widget);
  int width, height;

  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      /* A line's height, as a label of one line has it. */
      text_size (self, "Ag", NULL, &height);
      *minimum = *natural = height;
    }
  else
    {
      int chars = average_char_width (self);

      if (self->sample)
        text_size (self, self->sample, &width, NULL);
      else
        width = chars * self->width_chars;
      *natural = width;
      *minimum = self->whole ? width : MIN (width, chars * MIN_CHARS);
    }
}

static PangoLayout *
ensure_layout (TbHistoryCell *self)
{
  if (self->layout == NULL)
    self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->label);
  return self->layout;
}

static void
tb_history_cell_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TbHistoryCell *self = TB_HISTORY_CELL (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  float xalign = self->xalign;
  PangoLayout *layout;
  PangoRectangle logical;
  GdkRGBA color;
  gboolean cut;

  if (self->label == NULL || *self->label == '\0')
    return;
  layout = ensure_layout (self);
  pango_layout_set_ellipsize (layout, self->whole ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  pango_layout_set_width (layout, self->whole ? -1 : width * PANGO_SCALE);
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  cut = logical.width > width;
  if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    xalign = 1.0f - xalign;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  if (cut)
    gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (cut ? 0 : xalign * (width - logical.width),
                                                (height - logical.height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
  if (cut)
    gtk_snapshot_pop (snapshot);
}

const char *
tb_history_cell_get_label (TbHistoryCell *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_CELL (self), NULL);
  return self->label ? self->label : "";
}

/* Drawn anew, not measured: the cell's size does not depend on it. */
void
tb_history_cell_set_label (TbHistoryCell *self, const char *label)
{
  g_return_if_fail (TB_IS_HISTORY_CELL (self));

  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  if (self->layout)
    pango_layout_set_text (self->layout, self->label ? self->label : "", -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->label ? self->label : "", -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

gboolean
tb_history_cell_is_cut (TbHistoryCell *self)
{
  int width = 0;

  g_return_val_if_fail (TB_IS_HISTORY_CELL (self), FALSE);
  if (self->label == NULL || *self->label == '\0')
    return FALSE;
  text_size (self, self->label, &width, NULL);
  return width > gtk_widget_get_width (GTK_WIDGET (self));
}

GtkWidget *
tb_history_cell_new (void)
{
  return g_object_new (TB_TYPE_HISTORY_CELL, NULL);
}

static void
tb_history_cell_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  TbHistoryCell *self = TB_HISTORY_CELL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      tb_history_cell_set_label (self, g_value_get_string (value));
      break;
    case PROP_SAMPLE:
      g_free (self->sample);
      self->sample = g_value_dup_string (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    case PROP_WIDTH_CHARS:
      self->width_chars = g_value_get_int (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    case PROP_WHOLE:
      self->whole = g_value_get_boolean (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    case PROP_XALIGN:
      self->xalign = g_value_get_float (value);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_history_cell_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbHistoryCell *self = TB_HISTORY_CELL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_SAMPLE:
      g_value_set_string (value, self->sample);
      break;
    case PROP_WIDTH_CHARS:
      g_value_set_int (value, self->width_chars);
      break;
    case PROP_WHOLE:
      g_value_set_boolean (value, self->whole);
      break;
    case PROP_XALIGN:
      g_value_set_float (value, self->xalign);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_history_cell_finalize (GObject *object)
{
  TbHistoryCell *self = TB_HISTORY_CELL (object);

  g_free (self->label);
  g_free (self->sample);
  g_clear_object (&self->layout);
  G_OBJECT_CLASS (tb_history_cell_parent_class)->finalize (object);
}

static void
tb_history_cell_class_init (TbHistoryCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = tb_history_cell_set_property;
  object_class->get_property = tb_history_cell_get_property;
  object_class->finalize = tb_history_cell_finalize;
  widget_class->measure = tb_history_cell_measure;
  widget_class->snapshot = tb_history_cell_snapshot;

  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                  G_PARAM_STATIC_STRINGS);
  properties[PROP_SAMPLE] = g_param_spec_string ("sample", NULL, NULL, NULL,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WIDTH_CHARS] = g_param_spec_int ("width-chars", NULL, NULL, 0, 200, 10,
                                                   G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WHOLE] = g_param_spec_boolean ("whole", NULL, NULL, FALSE,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_XALIGN] = g_param_spec_float ("xalign", NULL, NULL, 0.0f, 1.0f, 0.0f,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
tb_history_cell_init (TbHistoryCell *self)
{
  self->width_chars = 10;
}
