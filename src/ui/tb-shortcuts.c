/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-shortcuts.c: the keyboard shortcuts window, made when first asked for
 *
 * GtkApplication builds the window of gtk/help-overlay.ui for every main
 * window as it is made: 23 ms of the 400 ms the first frame took (perf,
 * build-aux/bench-ui), for a window few people open.  It is built here on
 * the first press instead, and kept with its parent until closed. */
#include "config.h"

#include "tb-shortcuts.h"

#define SHORTCUTS_KEY "tb-shortcuts-window"

static void
forget_shortcuts (GtkWindow *shortcuts, GtkWindow *parent)
{
  g_object_set_data (G_OBJECT (parent), SHORTCUTS_KEY, NULL);
}

void
tb_shortcuts_present (GtkWindow *parent)
{
  GtkWindow *shortcuts;

  g_return_if_fail (GTK_IS_WINDOW (parent));

  shortcuts = g_object_get_data (G_OBJECT (parent), SHORTCUTS_KEY);
  if (shortcuts == NULL)
    {
      g_autoptr (GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/tablier/Tablier/tb-shortcuts-window.ui");

      shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_window_set_transient_for (shortcuts, parent);
      gtk_window_set_destroy_with_parent (shortcuts, TRUE);
      /* Forgotten when closed (it is destroyed then), so that the next
       * press builds it anew. */
      g_object_set_data (G_OBJECT (parent), SHORTCUTS_KEY, shortcuts);
      g_signal_connect_object (shortcuts, "destroy", G_CALLBACK (forget_shortcuts), parent, 0);
    }
  gtk_window_present (shortcuts);
}
