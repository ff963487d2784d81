/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tb_shortcuts_present (GtkApplicationWindow *window);

G_END_DECLS
