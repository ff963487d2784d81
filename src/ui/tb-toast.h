/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-toast.h: a toast from any widget of a window, shown by the window's
 * toast overlay (pages do not hold the overlay: they find it above
 * them) */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Shows toast (taken) in the overlay above widget; dropped when there is
 * none (a widget not in a window). */
void tb_toast_show (GtkWidget *widget, AdwToast *toast);
/* A plain toast with text. */
void tb_toast_show_text (GtkWidget *widget, const char *text);

G_END_DECLS
