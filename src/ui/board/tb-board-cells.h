/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-cells.h: an invisible child widget over each cell of a board.
 *
 * GTK 4.8 gives accessible objects only to widgets, so each cell is one:
 * screen readers name it ("d5, target, Dark’s pawn, worth 3") and the
 * keyboard focus rests on it.  The board draws everything, the focus ring
 * included; the cells take no pointer events.
 */
#pragma once

#include <gtk/gtk.h>

#include "tb-board-paint.h"
#include "tb-hand-layout.h"

G_BEGIN_DECLS

typedef struct _TbBoardCells TbBoardCells;

TbBoardCells *tb_board_cells_new (GtkWidget *board);
/* Unparents the cells; the board's dispose calls it. */
void tb_board_cells_free (TbBoardCells *cells);

/* n cells (0: none), focusable or not; existing cells are kept. */
void tb_board_cells_set_count (TbBoardCells *cells, guint n, gboolean focusable);
guint tb_board_cells_get_count (TbBoardCells *cells);
/* Each cell over its cell of the board as geometry places it. */
void tb_board_cells_allocate (TbBoardCells *cells, const TbBoardGeometry *geometry,
                              const TbBoardDesc *board);
GtkWidget *tb_board_cells_get (TbBoardCells *cells, int cell);
/* The cell a child widget stands for, or -1. */
int tb_board_cells_index_of (TbBoardCells *cells, GtkWidget *child);
/* What a screen reader says of the cell, and whether it is selected. */
void tb_board_cells_describe (TbBoardCells *cells, int cell, const char *label,
                              gboolean selected);

/* The trays of a game laid from hands (Retournement), named for screen
 * readers with what they hold; none where shown is FALSE. */
void tb_board_cells_set_trays (TbBoardCells *cells, gboolean shown);
void tb_board_cells_allocate_trays (TbBoardCells *cells, const TbHandLayout *layout);
void tb_board_cells_describe_tray (TbBoardCells *cells, guint seat, const char *label);
GtkWidget *tb_board_cells_get_tray (TbBoardCells *cells, guint seat);

G_END_DECLS
