/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-import-job.c: importing TGN files off the main loop
 *
 * The files are read and imported in a thread of their own, on a
 * connection of their own to the database (SQLite's WAL lets the other
 * jobs go on reading, and writing between the import's chunks, which
 * last a quarter of a second at most: tb-store-import.c).  A cancelled
 * import keeps every game read before the cancel, and counts them.
 *
 * Closing the database (tb_store_job_close, as the application quits)
 * stops the imports into it and waits for them: the process would
 * otherwise end in the middle of one, the file left marked open and the
 * games read but not yet committed never reported.
 */
#include "config.h"

#include "tb-record-file.h"
#include "tb-store-job.h"
#include "tb-store-private.h"

typedef struct
{
  char *database;
  GPtrArray *files;             /* of GFile */
  TbImportJobProgress progress;
  gpointer progress_data;
  gsize total;                  /* bytes of all the files */
  gsize done_before;            /* of the files finished */
  gint pending;                 /* a progress report waits for the main loop */
  GTask *task;                  /* not a reference: the job lives as long */
  double fraction;
  GCancellable *stop;           /* the caller's cancel, or the database's close */
  GCancellable *caller;         /* the caller's cancellable, or NULL */
  gulong forwarded;             /* its handler that cancels stop */
} Job;

static void
job_free (Job *job)
{
  if (job->caller)
    g_cancellable_disconnect (job->caller, job->forwarded);
  g_clear_object (&job->caller);
  g_object_unref (job->stop);
  g_free (job->database);
  g_ptr_array_unref (job->files);
  g_free (job);
}

/* ---- the imports running, for the close to stop ---- */

static GMutex running_lock;
static GCond running_changed;
static GPtrArray *running; /* of Job: registered until run is done */

static void
start_running (Job *job)
{
  g_mutex_lock (&running_lock);
  if (running == NULL)
    running = g_ptr_array_new ();
  g_ptr_array_add (running, job);
  g_mutex_unlock (&running_lock);
}

static void
stop_running (Job *job)
{
  g_mutex_lock (&running_lock);
  g_ptr_array_remove_fast (running, job);
  g_cond_broadcast (&running_changed);
  g_mutex_unlock (&running_lock);
}

/* The running imports into database, their stops referenced (NULL: none). */
static GPtrArray *
running_into (const char *database)
{
  GPtrArray *stops = NULL;

  for (guint i = 0; running && i < running->len; i++)
    {
      Job *job = g_ptr_array_index (running, i);

      if (g_strcmp0 (job->database, database) != 0)
        continue;
      if (stops == NULL)
        stops = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (stops, g_object_ref (job->stop));
    }
  return stops;
}

void
tb_store_stop_imports (TbStore *store)
{
  const char *database = tb_store_get_path (store);
  GPtrArray *stops;

  g_mutex_lock (&running_lock);
  stops = running_into (database);
  g_mutex_unlock (&running_lock);
  if (stops == NULL)
    return;
  /* Cancelled unlocked: a cancel runs its handlers there and then. */
  for (guint i = 0; i < stops->len; i++)
    g_cancellable_cancel (g_ptr_array_index (stops, i));
  g_ptr_array_unref (stops);
  g_mutex_lock (&running_lock);
  while ((stops = running_into (database)) != NULL)
    {
      g_ptr_array_unref (stops);
      g_cond_wait (&running_changed, &running_lock);
    }
  g_mutex_unlock (&running_lock);
}

void
tb_import_report_free (TbImportReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->errors, g_ptr_array_unref);
  g_free (report);
}

/* On the main loop: the latest fraction (reports do not pile up). */
static gboolean
report_progress (gpointer data)
{
  Job *job = g_task_get_task_data (data);

  g_atomic_int_set (&job->pending, 0);
  job->progress (job->fraction, job->progress_data);
  return G_SOURCE_REMOVE;
}

static void
on_bytes (gsize done, gsize total, gpointer data)
{
  Job *job = data;

  if (job->progress == NULL || job->total == 0)
    return;
  job->fraction = (double) (job->done_before + done) / (double) job->total;
  /* The report holds the task, and so the job, until it has run. */
  if (g_atomic_int_compare_and_exchange (&job->pending, 0, 1))
    g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, report_progress,
                                g_object_ref (job->task), g_object_unref);
}

/* How one file's import ended. */
typedef enum
{
  FILE_DONE,        /* imported, or unreadable (an error of the report) */
  FILE_CANCELLED,
  FILE_FAILED,      /* the database failed: error set */
} FileImport;

static void
add_counts (TbImportCounts *total, const TbImportCounts *counts)
{
  total->imported += counts->imported;
  total->skipped += counts->skipped;
  total->errors += counts->errors;
  total->updated += counts->updated;
  total->annotated += counts->annotated;
}

static FileImport
import_file (Job *job, TbStore *store, GFile *file, TbImportReport *report,
             GCancellable *cancellable, GError **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;
  g_autoptr (GError) local = NULL;
  TbImportCounts counts;
  gboolean imported;
  gsize length;

  /* Only a regular file of a sane size: /dev/zero never ends. */
  if ((text = tb_record_file_load (file, TB_RECORD_FILE_MAX_IMPORT, &length, cancellable,
                                   &local)) == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return FILE_CANCELLED;
      g_ptr_array_add (report->errors, g_strdup_printf ("%s: %s", name, local->message));
      report->counts.errors++;
      return FILE_DONE;
    }
  imported = tb_store_import_text (store, text, length, name, &counts, report->errors, on_bytes,
                                   job, cancellable, &local);
  /* What was committed is counted, cancelled or not. */
  add_counts (&report->counts, &counts);
  if (imported)
    {
      job->done_before += length;
      return FILE_DONE;
    }
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return FILE_CANCELLED;
  g_propagate_error (error, g_steal_pointer (&local));
  return FILE_FAILED;
}

/* The job's files imported on a connection of its own, closed before
 * the report (or error) is returned. */
static TbImportReport *
import_files (Job *job, GError **error)
{
  g_autoptr (TbImportReport) report = g_new0 (TbImportReport, 1);
  g_autoptr (TbStore) store = tb_store_open (job->database, error);

  if (store == NULL)
    return NULL;
  report->errors = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < job->files->len && !report->cancelled; i++)
    switch (import_file (job, store, job->files->pdata[i], report, job->stop, error))
      {
      case FILE_CANCELLED:
        report->cancelled = TRUE;
        break;
      case FILE_FAILED:
        return NULL;
      case FILE_DONE:
        break;
      }
  return g_steal_pointer (&report);
}

/* The result is returned before the job stops running, so that a close
 * waiting for it calls back after the import's own callback. */
static void
run (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;
  TbImportReport *report = import_files (job, &error);

  if (report)
    g_task_return_pointer (task, report, (GDestroyNotify) tb_import_report_free);
  else
    g_task_return_error (task, error);
  stop_running (job);
}

static void
forward_cancel (GCancellable *cancellable, gpointer stop)
{
  g_cancellable_cancel (stop);
}

void
tb_store_job_import (TbStore *store, GFile **files, guint n_files, TbImportJobProgress progress,
                     gpointer progress_data, GCancellable *cancellable,
                     GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  g_return_if_fail (TB_IS_STORE (store));

  task = g_task_new (store, cancellable, callback, user_data);
  job = g_new0 (Job, 1);
  job->database = g_strdup (tb_store_get_path (store));
  job->files = g_ptr_array_new_with_free_func (g_object_unref);
  job->progress = progress;
  job->progress_data = progress_data;
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr (GFileInfo) info = g_file_query_info (files[i], G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                      G_FILE_QUERY_INFO_NONE, NULL, NULL);

      g_ptr_array_add (job->files, g_object_ref (files[i]));
      if (info)
        job->total += (gsize) g_file_info_get_size (info);
    }
  job->task = task;
  job->stop = g_cancellable_new ();
  if (cancellable)
    {
      job->caller = g_object_ref (cancellable);
      job->forwarded = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel),
                                              job->stop, NULL);
    }
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_set_return_on_cancel (task, FALSE);
  /* Running from now: a close asked next waits for it. */
  start_running (job);
  g_task_run_in_thread (task, run);
}

TbImportReport *
tb_store_job_import_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
