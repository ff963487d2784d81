/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-list.c: the moves of a game, one row a ply */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-list-scroll.h"
#include "tb-move-describe.h"
#include "tb-move-list.h"

struct _TbMoveList
{
  GtkWidget parent_instance;

  GtkScrolledWindow *scroller;
  GtkListBox *rows;
  TbGame *game;
  gulong position_changed_id;
  GArray *shown;              /* the TbMove of each row after the first (the start) */
  guint scroll_tick;          /* brings the selected row into view */
};

G_DEFINE_FINAL_TYPE (TbMoveList, tb_move_list, GTK_TYPE_WIDGET)

enum
{
  PLY_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The glyphs of the move at ply ("?!"), and what they mean (", inaccuracy"). */
static void
append_nags (TbGame *game, guint ply, GString *glyphs, GString *meanings)
{
  guint n_nags;
  const guint8 *nags = tb_game_get_nags (game, ply, &n_nags);

  for (guint i = 0; i < n_nags; i++)
    if (tb_nag_glyph (nags[i]))
      {
        g_string_append (glyphs, tb_nag_glyph (nags[i]));
        g_string_append_printf (meanings, ", %s", tb_describe_nag (nags[i]));
      }
}

/* Full moves are numbered: "3. h8-g7" for the starter, "3… g9-g7" for
 * the other player (tb_describe_numbered_move, as everywhere a person
 * reads a move's number), with their glyphs: "3. h8-g7?!". */
static GtkWidget *
row_new (TbGame *game, guint ply)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) meanings = g_string_new (NULL);
  GtkWidget *label;

  if (ply)
    {
      g_autofree char *move = tb_describe_numbered_move (game, ply);

      g_string_append (text, move);
      append_nags (game, ply, text, meanings);
    }
  else
    g_string_append (text, _("Start position"));
  label = gtk_label_new (text->str);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, ply % 2 ? "starter-move" : "second-move");
  if (ply == 0)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* The row of ply, named for screen readers with what its text abridges:
 * "Move 3, White: h8-g7", and what its glyphs mean (", mistake"). */
static void
append_row (TbMoveList *self, guint ply)
{
  GtkWidget *label = row_new (self->game, ply);
  const TbRules *rules = tb_game_get_rules (self->game);
  guint starter = tb_game_get_starter (self->game);
  guint seat = ply % 2 == 1 ? starter : 3 - starter;
  g_autofree char *move = ply ? tb_game_get_move_text (self->game, ply) : NULL;
  g_autoptr (GString) glyphs = g_string_new (NULL);
  g_autoptr (GString) meanings = g_string_new (NULL);
  g_autofree char *name = NULL;

  gtk_list_box_append (self->rows, label);
  if (ply == 0)
    name = g_strdup (_("Start position"));
  else
    {
      append_nags (self->game, ply, glyphs, meanings);
      /* Translators: a row of the move list, for screen readers: "Move 3, White: h8-g7". */
      g_autofree char *row = g_strdup_printf (_("Move %u, %s: %s"), (ply + 1) / 2,
                                              _(tb_rules_get_seat_name (rules, seat)), move);

      name = g_strconcat (row, meanings->str, NULL);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (label)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  /* The label is not marked hidden to be read once: GTK 4.8 then still
   * counts it among the row's children and gives a screen reader asking
   * for it an object without a path, and the application crashed. */
}

static void
remove_rows_from (TbMoveList *self, guint index)
{
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (self->rows, (int) index)))
    gtk_list_box_remove (self->rows, GTK_WIDGET (row));
}

/* Brings the rows up to the game's main line, keeping those still right:
 * a move played adds one row and an undone move replaced changes the
 * tail, so a long game does not remake hundreds of rows at every move. */
static void
update_rows (TbMoveList *self)
{
  guint n_plies = self->game ? tb_game_get_n_plies (self->game) : 0;
  guint same = 0;

  if (self->game == NULL)
    {
      remove_rows_from (self, 0);
      g_array_set_size (self->shown, 0);
      return;
    }
  while (same < self->shown->len && same < n_plies &&
         g_array_index (self->shown, TbMove, same) == tb_game_get_move (self->game, same + 1))
    same++;
  if (gtk_list_box_get_row_at_index (self->rows, 0) == NULL)
    append_row (self, 0);
  remove_rows_from (self, same + 1);
  g_array_set_size (self->shown, same);
  for (guint ply = same + 1; ply <= n_plies; ply++)
    {
      TbMove move = tb_game_get_move (self->game, ply);

      g_array_append_val (self->shown, move);
      append_row (self, ply);
    }
}

/* The rows just added have no place yet: the selected one is brought
 * into view at the next frame after the list has been laid out, when its
 * bounds and the scrolled window's range are known. */
static gboolean
scroll_to_selected (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TbMoveList *self = TB_MOVE_LIST (widget);

  if (!tb_list_scroll_to_selected (self->rows, self->scroller))
    return G_SOURCE_CONTINUE;
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
  update_rows (self);
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
  /* Another game (or none): every row is made again. */
  remove_rows_from (self, 0);
  g_array_set_size (self->shown, 0);
  update_rows (self);
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
tb_move_list_finalize (GObject *object)
{
  g_array_unref (TB_MOVE_LIST (object)->shown);
  G_OBJECT_CLASS (tb_move_list_parent_class)->finalize (object);
}

static void
tb_move_list_class_init (TbMoveListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_move_list_dispose;
  G_OBJECT_CLASS (klass)->finalize = tb_move_list_finalize;
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
  self->shown = g_array_new (FALSE, FALSE, sizeof (TbMove));
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tb_move_list_new (void)
{
  return g_object_new (TB_TYPE_MOVE_LIST, NULL);
}
