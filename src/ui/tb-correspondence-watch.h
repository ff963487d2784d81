/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-correspondence-watch.h: reminders and ends of correspondence games,
 * looked at when Tablier starts and once an hour while it runs. */
#pragma once

#include <gio/gio.h>

#include "tb-store.h"

G_BEGIN_DECLS

/* Starts watching store for app (desktop notifications); returns the
 * hourly source's id, for g_source_remove. */
guint tb_correspondence_watch_start (GApplication *app, TbStore *store);
/* One look now (what the hourly check does). */
void tb_correspondence_watch_check (GApplication *app, TbStore *store);

G_END_DECLS
