/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-template.c: what the widgets built from a template share */
#include "config.h"

#include "tb-template.h"

void
tb_widget_dispose_template (GtkWidget *widget, GType type)
{
  GtkWidget *child;

  gtk_widget_dispose_template (widget, type);
  while ((child = gtk_widget_get_first_child (widget)))
    gtk_widget_unparent (child);
}
