/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-list-scroll.h: a list's selected row brought into view */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Scrolls scroller the least that shows list's selected row.  Rows just
 * added have no place yet: FALSE then, to be tried again at the next
 * frame (from a tick callback); TRUE once done, or when nothing is
 * selected. */
gboolean tb_list_scroll_to_selected (GtkListBox *list, GtkScrolledWindow *scroller);

G_END_DECLS
