/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-list-scroll.c: a list's selected row brought into view
 *
 * For the lists of moves (the play page's, the replay's move tree), which
 * follow the move shown: a row added in the same frame is laid out only
 * at the next one, when its bounds and the scrolled window's range are
 * known.
 */
#include "config.h"

#include "tb-list-scroll.h"

gboolean
tb_list_scroll_to_selected (GtkListBox *list, GtkScrolledWindow *scroller)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (list);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  graphene_rect_t bounds;

  if (row == NULL)
    return TRUE;
  /* Not laid out yet (a resize is pending): the next frame. */
  if (gtk_widget_get_height (GTK_WIDGET (row)) == 0 ||
      !gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (list), &bounds) ||
      bounds.origin.y + bounds.size.height > gtk_adjustment_get_upper (adjustment) + 0.5)
    return FALSE;
  gtk_adjustment_clamp_page (adjustment, bounds.origin.y, bounds.origin.y + bounds.size.height);
  return TRUE;
}
