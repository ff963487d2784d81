/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-cell.h: a cell of the history's list, one line of text laid
 * out when drawn
 *
 * Its size does not depend on its text: a new text is drawn, not
 * measured again.  Its natural width is that of a sample text, or of a
 * number of average characters; a text that is never cut (a date, a
 * length) keeps it, the others are ellipsized at their end in less room.
 * For screen readers, a label with the text.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TB_TYPE_HISTORY_CELL (tb_history_cell_get_type ())
G_DECLARE_FINAL_TYPE (TbHistoryCell, tb_history_cell, TB, HISTORY_CELL, GtkWidget)

GtkWidget *tb_history_cell_new (void);
const char *tb_history_cell_get_label (TbHistoryCell *self);
void tb_history_cell_set_label (TbHistoryCell *self, const char *label);
/* Whether its text needs more room than the cell has (then it is
 * ellipsized, or cut if it is never to be). */
gboolean tb_history_cell_is_cut (TbHistoryCell *self);

G_END_DECLS
