/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-list.c: the moves of a game, one row a ply */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-move-describe.h"
#include "tb-move-list.h"

struct _TbMoveList
{
  GtkWidget parent_instance;

  GtkScrolledWindow *scroller;
  GtkListBox *rows;
  TbGame *game;
  gulong position_changed_id;
  guint n_rows;
  guint scroll_tick;          /* brings the selected row into view */
};

G_DEFINE_FINAL_TYPE (TbMoveList, tb_move_list, GTK_TYPE_WIDGET)

enum
{
  PLY_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Full moves are numbered: "3. h8-g7" for the starter, "3… g9-g7" for
 * the other player (tb_describe_numbered_move, as everywhere a person
 * reads a move's number). */
static GtkWidget *
row_new (TbGame *game, guint ply)
{
  g_autofree char *text = ply ? tb_describe_numbered_move (game, ply)
                              : g_strdup (_("Start position"));
  GtkWidget *label;

  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, ply % 2 ? "starter-move" : "second-move");
  if (ply == 0)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* The row of ply, named for screen readers with what its text abridges:
 * "Move 3, White: h8-g7". */
static void
append_row (TbMoveList *self, guint ply)
{
  GtkWidget *label = row_new (self->game, ply);
  const TbRules *rules = tb_game_get_rules (self->game);
  guint starter = tb_game_get_starter (self->game);
  guint seat = ply % 2 == 1 ? starter : 3 - starter;
  g_autofree char *move = ply ? tb_game_get_move_text (self->game, ply) : NULL;
  g_autofree char *name = NULL;

  gtk_list_box_append (self->rows, label);
  if (ply == 0)
    name = g_strdup (_("Start position"));
  else
    /* Translators: a row of the move list, for screen readers: "Move 3, White: h8-g7". */
    name = g_strdup_printf (_("Move %u, %s: %s"), (ply + 1) / 2,
                            _(tb_rules_get_seat_name (rules, seat)), move);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (label)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  /* The label is not marked hidden to be read once: GTK 4.8 then still
   * counts it among the row's children and gives a screen reader asking
   * for it an object without a path, and the application crashed. */
}

static void
rebuild (TbMoveList *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->rows))))
    gtk_list_box_remove (self->rows, child);
  self->n_rows = self->game ? tb_game_get_n_plies (self->game) + 1 : 0;
  for (guint ply = 0; ply < self->n_rows; ply++)
    append_row (self, ply);
}

/* The rows just added have no place yet: the selected one is brought
 * into view at the next frame after the list has been laid out, when its
 * bounds and the scrolled window's range are known. */
static gboolean
scroll_to_selected (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TbMoveList *self = TB_MOVE_LIST (widget);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->rows);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  graphene_rect_t bounds;

  if (row == NULL)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  /* Not laid out yet (a resize is pending): wait for the next frame. */
  if (gtk_widget_get_height (GTK_WIDGET (row)) == 0 ||
      !gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->rows), &bounds) ||
      bounds.origin.y + bounds.size.height > gtk_adjustment_get_upper (adjustment) + 0.5)
    return G_SOURCE_CONTINUE;
  gtk_adjustment_clamp_page (adjustment, bounds.origin.y, bounds.origin.y + bounds.size.height);
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

void
tb_move_list_select_ply (TbMoveList *self, guint ply)
{
  g_return_if_fail (TB_IS_MOVE_LIST (self));

  gtk_list_box_select_row (self->rows, gtk_list_box_get_row_at_index (self->rows, (int) ply));
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_selected,
                                                      NULL, NULL);
}

gboolean
tb_move_list_shows_ply (TbMoveList *self, guint ply)
{
  GtkListBoxRow *row;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double top;

  g_return_val_if_fail (TB_IS_MOVE_LIST (self), FALSE);

  row = gtk_list_box_get_row_at_index (self->rows, (int) ply);
  if (row == NULL || !gtk_list_box_row_is_selected (row) ||
      !gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->rows), &bounds))
    return FALSE;
  adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  top = gtk_adjustment_get_value (adjustment);
  return bounds.size.height > 0 && bounds.origin.y >= top - 0.5 &&
         bounds.origin.y + bounds.size.height <= top + gtk_adjustment_get_page_size (adjustment) + 0.5;
}

/* A new move (or one undone and replaced) changes the rows; going back
 * and forth only moves the selection. */
static void
on_position_changed (TbMoveList *self)
{
  if (self->n_rows != tb_game_get_n_plies (self->game) + 1)
    rebuild (self);
  tb_move_list_select_ply (self, tb_game_get_ply (self->game));
}

static void
on_row_activated (GtkListBox *rows, GtkListBoxRow *row, TbMoveList *self)
{
  g_signal_emit (self, signals[PLY_ACTIVATED], 0, (guint) gtk_list_box_row_get_index (row));
}

void
tb_move_list_set_game (TbMoveList *self, TbGame *game)
{
  g_return_if_fail (TB_IS_MOVE_LIST (self));
  g_return_if_fail (game == NULL || TB_IS_GAME (game));

  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_set_object (&self->game, game);
  rebuild (self);
  if (game == NULL)
    return;
  self->position_changed_id = g_signal_connect_swapped (game, "position-changed",
                                                        G_CALLBACK (on_position_changed), self);
  tb_move_list_select_ply (self, tb_game_get_ply (game));
}

static void
tb_move_list_dispose (GObject *object)
{
  TbMoveList *self = TB_MOVE_LIST (object);

  tb_move_list_set_game (self, NULL);
  if (self->scroll_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_MOVE_LIST);
  G_OBJECT_CLASS (tb_move_list_parent_class)->dispose (object);
}

static void
tb_move_list_class_init (TbMoveListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_move_list_dispose;
  /* A row was activated: the ply it shows (0: the start). */
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, TbMoveList, scroller);
  gtk_widget_class_bind_template_child (widget_class, TbMoveList, rows);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
}

static void
tb_move_list_init (TbMoveList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tb_move_list_new (void)
{
  return g_object_new (TB_TYPE_MOVE_LIST, NULL);
}
