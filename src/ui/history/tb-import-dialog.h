/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-import-dialog.h: TGN files imported into the game database, with a
 * progress dialog and Cancel
 *
 * The import runs as a store job (a thread and a connection of its own);
 * what it did is told in a toast, or in a dialog when games could not be
 * read or the import was cancelled. */
#pragma once

#include <adwaita.h>

#include "tb-store-job.h"

G_BEGIN_DECLS

/* Called once the import is over, with its report (NULL when the
 * database failed: that was told already). */
typedef void (*TbImportDone) (const TbImportReport *report, gpointer user_data);

/* Imports files into store over from's window; done (may be NULL) is
 * called at the end with user_data, which must live until then. */
void tb_import_dialog_run (GtkWidget *from, TbStore *store, GFile **files, guint n_files,
                           TbImportDone done, gpointer user_data);

G_END_DECLS
