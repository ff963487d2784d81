/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-toast.c: a toast from any widget of a window */
#include "config.h"

#include "tb-toast.h"

void
tb_toast_show (GtkWidget *widget, AdwToast *toast)
{
  GtkWidget *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (ADW_IS_TOAST (toast));

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    g_object_unref (toast);
}

void
tb_toast_show_text (GtkWidget *widget, const char *text)
{
  tb_toast_show (widget, adw_toast_new (text));
}
