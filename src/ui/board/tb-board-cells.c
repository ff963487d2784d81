/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-cells.c: the accessible, focusable cells of a board */
#include "config.h"

#include <math.h>

#include "tb-board-cells.h"

#define TB_TYPE_BOARD_CELL (tb_board_cell_get_type ())
G_DECLARE_FINAL_TYPE (TbBoardCell, tb_board_cell, TB, BOARD_CELL, GtkWidget)

struct _TbBoardCell
{
  GtkWidget parent_instance;
  int index;
};

G_DEFINE_FINAL_TYPE (TbBoardCell, tb_board_cell, GTK_TYPE_WIDGET)

static void
tb_board_cell_class_init (TbBoardCellClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_css_name (widget_class, "cell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
tb_board_cell_init (TbBoardCell *self)
{
  /* Clicks go to the board under it, which knows what they mean. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

struct _TbBoardCells
{
  GtkWidget *board;
  GPtrArray *widgets;
  GtkWidget *trays[2];    /* seat 1's and seat 2's, where the game has hands */
};

TbBoardCells *
tb_board_cells_new (GtkWidget *board)
{
  TbBoardCells *cells = g_new0 (TbBoardCells, 1);

  cells->board = board;
  cells->widgets = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_widget_unparent);
  return cells;
}

void
tb_board_cells_free (TbBoardCells *cells)
{
  if (cells == NULL)
    return;
  tb_board_cells_set_trays (cells, FALSE);
  g_ptr_array_unref (cells->widgets);
  g_free (cells);
}

void
tb_board_cells_set_count (TbBoardCells *cells, guint n, gboolean focusable)
{
  if (cells->widgets->len > n)
    g_ptr_array_set_size (cells->widgets, n);
  while (cells->widgets->len < n)
    {
      TbBoardCell *cell = g_object_new (TB_TYPE_BOARD_CELL, NULL);

      cell->index = (int) cells->widgets->len;
      gtk_widget_set_parent (GTK_WIDGET (cell), cells->board);
      g_ptr_array_add (cells->widgets, cell);
    }
  for (guint i = 0; i < n; i++)
    gtk_widget_set_focusable (g_ptr_array_index (cells->widgets, i), focusable);
}

guint
tb_board_cells_get_count (TbBoardCells *cells)
{
  return cells->widgets->len;
}

void
tb_board_cells_allocate (TbBoardCells *cells, const TbBoardGeometry *geometry,
                         const TbBoardDesc *board)
{
  double size = geometry->scale * board->cell_size;
  int side = MAX (1, (int) floor (size * 1.6));

  for (guint i = 0; i < cells->widgets->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (cells->widgets, i);
      double x = 0, y = 0;

      if (geometry->scale > 0 && i < board->n_cells)
        tb_board_geometry_cell_center (geometry, board, (int) i, &x, &y);
      /* A square about the cell: where a screen reader's highlight goes. */
      gtk_widget_size_allocate (widget,
                                &(GtkAllocation) { (int) round (x) - side / 2,
                                                   (int) round (y) - side / 2, side, side },
                                -1);
    }
}

GtkWidget *
tb_board_cells_get (TbBoardCells *cells, int cell)
{
  if (cell < 0 || (guint) cell >= cells->widgets->len)
    return NULL;
  return g_ptr_array_index (cells->widgets, cell);
}

int
tb_board_cells_index_of (TbBoardCells *cells, GtkWidget *child)
{
  if (!TB_IS_BOARD_CELL (child) || gtk_widget_get_parent (child) != cells->board)
    return -1;
  return TB_BOARD_CELL (child)->index;
}

/* ---- the trays ---- */

void
tb_board_cells_set_trays (TbBoardCells *cells, gboolean shown)
{
  for (guint i = 0; i < 2; i++)
    {
      if (shown && cells->trays[i] == NULL)
        {
          /* Not a cell of the grid: a group, which tests and screen
           * readers tell from the cells. */
          TbBoardCell *tray = g_object_new (TB_TYPE_BOARD_CELL, "accessible-role",
                                            GTK_ACCESSIBLE_ROLE_GROUP, NULL);

          tray->index = -1;
          gtk_widget_set_parent (GTK_WIDGET (tray), cells->board);
          cells->trays[i] = GTK_WIDGET (tray);
        }
      else if (!shown && cells->trays[i])
        g_clear_pointer (&cells->trays[i], gtk_widget_unparent);
    }
}

void
tb_board_cells_allocate_trays (TbBoardCells *cells, const TbHandLayout *layout)
{
  for (guint i = 0; i < 2; i++)
    if (cells->trays[i])
      gtk_widget_size_allocate (cells->trays[i],
                                &(GtkAllocation) { (int) layout->tray_x[i],
                                                   (int) layout->tray_y[i],
                                                   MAX (1, (int) layout->tray_w[i]),
                                                   MAX (1, (int) layout->tray_h[i]) },
                                -1);
}

void
tb_board_cells_describe_tray (TbBoardCells *cells, guint seat, const char *label)
{
  if (seat >= 1 && seat <= 2 && cells->trays[seat - 1])
    gtk_accessible_update_property (GTK_ACCESSIBLE (cells->trays[seat - 1]),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

GtkWidget *
tb_board_cells_get_tray (TbBoardCells *cells, guint seat)
{
  return seat >= 1 && seat <= 2 ? cells->trays[seat - 1] : NULL;
}

void
tb_board_cells_describe (TbBoardCells *cells, int cell, const char *label, gboolean selected)
{
  GtkAccessible *accessible = GTK_ACCESSIBLE (tb_board_cells_get (cells, cell));

  if (accessible == NULL)
    return;
  gtk_accessible_update_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_accessible_update_state (accessible, GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}
