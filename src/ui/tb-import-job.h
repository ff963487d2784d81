/* tb-import-job.h: importing TGN files off the main loop, with progress
 * and cancellation
 *
 * The files are read and imported in a thread, on a connection of its
 * own to the database (SQLite's WAL lets the history keep reading); each
 * file is one transaction, so a cancelled import keeps the files done.
 */
#pragma once

#include <gio/gio.h>

#include "tb-store.h"

G_BEGIN_DECLS

typedef struct
{
  TbImportCounts counts;
  GPtrArray *errors;        /* "FILE:LINE:COL: message" */
  gboolean cancelled;
} TbImportReport;

void tb_import_report_free (TbImportReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbImportReport, tb_import_report_free)

/* Called on the main loop with the fraction done (0..1). */
typedef void (*TbImportJobProgress) (double fraction, gpointer user_data);

void tb_import_job_run_async (const char *database, GFile **files, guint n_files,
                              TbImportJobProgress progress, gpointer progress_data,
                              GCancellable *cancellable, GAsyncReadyCallback callback,
                              gpointer user_data);
/* The report, or NULL and error when the database failed. */
TbImportReport *tb_import_job_finish (GAsyncResult *result, GError **error);

G_END_DECLS
