/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-a11y.h: names for screen readers where GTK 4.8 gives none */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Names a menu button or a drop-down and the toggle button inside it
 * (GTK 4.8 reads out the inner one, which otherwise goes by its type
 * name). */
void tb_name_button_widget (GtkWidget *widget, const char *name);

G_END_DECLS
