/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-preferences-window.h: the Preferences window (app.preferences, Ctrl+,). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TB_TYPE_PREFERENCES_WINDOW (tb_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (TbPreferencesWindow, tb_preferences_window, TB, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

TbPreferencesWindow *tb_preferences_window_new (GtkWindow *parent, GSettings *settings);

G_END_DECLS
