/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-shortcuts.c: the keyboard shortcuts window, made when first asked for
 *
 * GtkApplication builds the window of gtk/help-overlay.ui for every main
 * window as it is made: 23 ms of the 400 ms the first frame took (perf,
 * build-aux/bench-ui), for a window few people open.  It is built here on
 * the first press instead, and handed to the main window as its help
 * overlay, which shows each action's keys as the application sets them
 * (Ctrl+N for a new game) and keeps it for the next press. */
#include "config.h"

#include "tb-shortcuts.h"

void
tb_shortcuts_present (GtkApplicationWindow *window)
{
  GtkShortcutsWindow *shortcuts;

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));

  shortcuts = gtk_application_window_get_help_overlay (window);
  if (shortcuts == NULL)
    {
      g_autoptr (GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/tablier/Tablier/tb-shortcuts-window.ui");

      shortcuts = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, shortcuts);
    }
  gtk_window_present (GTK_WINDOW (shortcuts));
}
