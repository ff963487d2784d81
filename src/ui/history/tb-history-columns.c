/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-columns.c: the columns of the history's list and their cells
 *
 * A cell is a TbHistoryCell (drawn without being measured: its file says
 * why) whose text a function makes from the row.  The cells are made
 * and bound in C: bound by expressions, each of the list's 1,200 cells
 * went through a closure called by libffi and a chain of property
 * notifications when a filter or sort change refilled the rows, a fifth
 * of the main thread's time for the change.  A row not read yet fills in
 * later (its item notifies "row", once): a bound cell listens for it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-history-cell.h"
#include "tb-history-columns.h"
#include "tb-history-model.h"
#include "tb-history-text.h"
#include "tb-move-describe.h"
#include "tb-rules.h"

/* Each makes a cell's text from a row, "" for a row not read yet. */

static char *
date_text (const TbStoreRow *row)
{
  return row ? tb_history_date_text (row->date) : g_strdup ("");
}

static char *
game_text (const TbStoreRow *row)
{
  const TbRules *rules = row && *row->ruleset ? tb_rules_lookup (row->ruleset) : NULL;

  return g_strdup (rules ? _(tb_rules_get_name (rules)) : row ? row->ruleset : "");
}

static char *
players_text (const TbStoreRow *row)
{
  return row ? tb_history_players_text (row->ruleset, row->player1, row->player2)
             : g_strdup ("");
}

static char *
result_text (const TbStoreRow *row)
{
  return row ? tb_history_result_text (row->ruleset, row->result, row->player1, row->player2)
             : g_strdup ("");
}

static char *
end_text (const TbStoreRow *row)
{
  TbTermination value;

  if (row && tb_termination_from_string (row->termination, &value))
    return g_strdup (tb_termination_short_name (value));
  return g_strdup (row ? row->termination : "");
}

/* Full moves, as the move list numbers them. */
static char *
length_text (const TbStoreRow *row)
{
  return row ? g_strdup_printf ("%u", (row->plies + 1) / 2) : g_strdup ("");
}

typedef struct
{
  const char *name;
  TbStoreSort sort;
  char *(*text) (const TbStoreRow *row);
  /* The width of its cells: so many average characters (names of any
   * length), or 0 for its longest text (column_sample). */
  int width_chars;
  /* Never cut ("28/12/2…" says nothing): dates and lengths. */
  gboolean whole;
  float xalign;
} Column;

static const Column columns[TB_HISTORY_N_COLUMNS] = {
  { "date", TB_STORE_SORT_DATE, date_text, 0, TRUE, 0.0f },
  { "game", TB_STORE_SORT_GAME, game_text, 0, FALSE, 0.0f },
  { "players", TB_STORE_SORT_PLAYERS, players_text, 24, FALSE, 0.0f },
  { "result", TB_STORE_SORT_RESULT, result_text, 20, FALSE, 0.0f },
  { "end", TB_STORE_SORT_TERMINATION, end_text, 0, FALSE, 0.0f },
  { "length", TB_STORE_SORT_LENGTH, length_text, 0, TRUE, 1.0f },
};

const char *
tb_history_column_name (guint column)
{
  g_return_val_if_fail (column < TB_HISTORY_N_COLUMNS, NULL);
  return columns[column].name;
}

TbStoreSort
tb_history_column_sort (guint column)
{
  g_return_val_if_fail (column < TB_HISTORY_N_COLUMNS, TB_STORE_SORT_DATE);
  return columns[column].sort;
}

/* The longest of texts (by characters: a sample of the width). */
static const char *
longest (const char *text, const char *longest_yet)
{
  return !longest_yet || g_utf8_strlen (text, -1) > g_utf8_strlen (longest_yet, -1)
           ? text : longest_yet;
}

/* The longest text of a column whose texts are few: a date in the
 * locale's way, a game's name, an end's, the most moves a game has. */
static char *
column_sample (guint column)
{
  const char *sample = NULL;
  guint n;

  if (columns[column].sort == TB_STORE_SORT_DATE)
    return tb_history_date_text ("2026.12.28");
  if (columns[column].sort == TB_STORE_SORT_LENGTH)
    return g_strdup ("888");
  if (columns[column].sort == TB_STORE_SORT_GAME)
    {
      const TbRules *const *all = tb_rules_list (&n);

      for (guint i = 0; i < n; i++)
        sample = longest (_(tb_rules_get_name (all[i])), sample);
    }
  else
    for (guint i = 0; i < TB_N_TERMINATIONS; i++)
      sample = longest (tb_termination_short_name (i), sample);
  return g_strdup (sample ? sample : "");
}

/* What a factory knows of its column: the column, and its sample text
 * (made once, not for each of its cells). */
typedef struct
{
  const Column *column;
  char *sample;
} Cells;

static void
cells_free (gpointer data)
{
  Cells *cells = data;

  g_free (cells->sample);
  g_free (cells);
}

static void
set_up_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, Cells *cells)
{
  GtkWidget *cell = tb_history_cell_new ();

  if (cells->column->width_chars > 0)
    g_object_set (cell, "width-chars", cells->column->width_chars, NULL);
  else
    g_object_set (cell, "sample", cells->sample, "whole", cells->column->whole, NULL);
  g_object_set (cell, "xalign", cells->column->xalign, NULL);
  gtk_list_item_set_child (list_item, cell);
  /* A list item keeps its factory, and so its column. */
  g_object_set_data (G_OBJECT (list_item), "tb-history-cells", cells);
}

/* The handler a bound cell listens to its row with. */
static GQuark
row_handler_quark (void)
{
  return g_quark_from_static_string ("tb-history-row-handler");
}

static void
show_row (TbHistoryCell *cell, TbHistoryItem *item, const Column *column)
{
  g_autofree char *text = column->text (tb_history_item_get_row (item));

  tb_history_cell_set_label (cell, text);
}

static void
on_row_arrived (TbHistoryItem *item, GParamSpec *pspec, GtkListItem *list_item)
{
  Cells *cells = g_object_get_data (G_OBJECT (list_item), "tb-history-cells");

  show_row (TB_HISTORY_CELL (gtk_list_item_get_child (list_item)), item, cells->column);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, Cells *cells)
{
  TbHistoryItem *item = gtk_list_item_get_item (list_item);
  gulong handler;

  handler = g_signal_connect (item, "notify::row", G_CALLBACK (on_row_arrived), list_item);
  g_object_set_qdata (G_OBJECT (list_item), row_handler_quark (), GSIZE_TO_POINTER (handler));
  show_row (TB_HISTORY_CELL (gtk_list_item_get_child (list_item)), item, cells->column);
}

static void
unbind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, Cells *cells)
{
  gulong handler = GPOINTER_TO_SIZE (g_object_steal_qdata (G_OBJECT (list_item),
                                                           row_handler_quark ()));
  gpointer item = gtk_list_item_get_item (list_item);

  if (item && handler)
    g_signal_handler_disconnect (item, handler);
}

GtkListItemFactory *
tb_history_column_factory (guint column)
{
  GtkListItemFactory *factory;
  Cells *cells;

  g_return_val_if_fail (column < TB_HISTORY_N_COLUMNS, NULL);
  factory = gtk_signal_list_item_factory_new ();
  cells = g_new0 (Cells, 1);
  cells->column = &columns[column];
  if (columns[column].width_chars == 0)
    cells->sample = column_sample (column);
  g_object_set_data_full (G_OBJECT (factory), "tb-history-cells", cells, cells_free);
  g_signal_connect (factory, "setup", G_CALLBACK (set_up_cell), cells);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), cells);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), cells);
  return factory;
}
