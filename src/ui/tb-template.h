/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-template.h: what the widgets built from a template share */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Lets go of a template widget's children: those bound to its fields
 * (gtk_widget_dispose_template), then the ones it holds directly (a
 * GtkWidget, unlike a window or a box, does not unparent them itself). */
void tb_widget_dispose_template (GtkWidget *widget, GType type);

G_END_DECLS
