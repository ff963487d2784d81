/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-record-export.h: games saved as a TGN file the user chooses
 *
 * A file chooser offers name; the games are written by a store job, and
 * a failure is told in a toast over from. */
#pragma once

#include <gtk/gtk.h>

#include "tb-store.h"

G_BEGIN_DECLS

/* Asks where to save the games ids (an array of gint64, taken) and
 * writes them there. */
void tb_record_export_choose (GtkWidget *from, TbStore *store, GArray *ids, const char *name);
/* The file filter of game records. */
GtkFileFilter *tb_record_file_filter (void);

G_END_DECLS
