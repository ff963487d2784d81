/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-a11y.h: names for screen readers where GTK 4.8 gives none */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Names a menu button or a drop-down and the toggle button inside it
 * (GTK 4.8 reads out the inner one, which otherwise goes by its type
 * name). */
void tb_name_button_widget (GtkWidget *widget, const char *name);

/* label without its mnemonic underscores. */
char *tb_a11y_strip_mnemonic (const char *label);
/* Gives every button with a label under root (itself included) one clean
 * name: its label without the mnemonic, the label inside no longer read
 * a second time.  A button named otherwise (tb_a11y_mark_named: "Rules
 * of RA" for a "Rules" button) keeps its name. */
void tb_a11y_tidy_buttons (GtkWidget *root);
void tb_a11y_mark_named (GtkWidget *button);

G_END_DECLS
