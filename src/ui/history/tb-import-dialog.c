/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-import-dialog.c: TGN files imported, with progress and Cancel */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-import-dialog.h"
#include "tb-toast.h"

typedef struct
{
  GtkWidget *from;             /* a weak pointer */
  AdwMessageDialog *dialog;    /* a weak pointer */
  GtkProgressBar *bar;         /* a weak pointer */
  GCancellable *cancellable;
  TbImportDone done;
  gpointer user_data;
} Import;

static void
import_free (Import *import)
{
  if (import->dialog)
    gtk_window_destroy (GTK_WINDOW (import->dialog));
  g_clear_weak_pointer (&import->dialog);
  g_clear_weak_pointer (&import->bar);
  g_clear_weak_pointer (&import->from);
  g_object_unref (import->cancellable);
  g_free (import);
}

static void
on_progress (double fraction, gpointer data)
{
  Import *import = data;

  if (import->bar)
    gtk_progress_bar_set_fraction (import->bar, fraction);
}

/* "12 games imported, 3 already there." and the first errors. */
static char *
report_text (const TbImportReport *report)
{
  GString *text = g_string_new (NULL);

  /* A correspondence reply, or an annotated copy, alone says only that. */
  if (report->counts.imported || !(report->counts.updated || report->counts.annotated))
    g_string_append_printf (text, ngettext ("%u game imported", "%u games imported",
                                            report->counts.imported),
                            report->counts.imported);
  if (report->counts.skipped)
    {
      g_string_append (text, ", ");
      g_string_append_printf (text, ngettext ("%u already there", "%u already there",
                                              report->counts.skipped),
                              report->counts.skipped);
    }
  if (report->counts.updated)
    {
      if (text->len)
        g_string_append (text, ", ");
      /* Translators: correspondence games whose record brought new moves. */
      g_string_append_printf (text, ngettext ("%u game updated with new moves",
                                              "%u games updated with new moves",
                                              report->counts.updated),
                              report->counts.updated);
    }
  if (report->counts.annotated)
    {
      if (text->len)
        g_string_append (text, ", ");
      /* Translators: stored games given the comments, NAGs or variations
       * of an annotated copy imported. */
      g_string_append_printf (text, ngettext ("%u game annotated", "%u games annotated",
                                              report->counts.annotated),
                              report->counts.annotated);
    }
  g_string_append (text, ".");
  if (report->cancelled)
    g_string_append_printf (text, " %s", _("The import was cancelled: the games read before "
                                          "are kept."));
  for (guint i = 0; i < report->errors->len && i < 10; i++)
    g_string_append_printf (text, "\n%s", (const char *) g_ptr_array_index (report->errors, i));
  if (report->errors->len > 10)
    g_string_append_printf (text, "\n%s", _("…"));
  return g_string_free (text, FALSE);
}

static void
tell (GtkWidget *from, const TbImportReport *report)
{
  g_autofree char *text = report_text (report);
  GtkRoot *root = gtk_widget_get_root (from);
  AdwMessageDialog *dialog;

  if (report->errors->len == 0 && !report->cancelled)
    {
      tb_toast_show_text (from, text);
      return;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                            : NULL,
                                                       _("Import"), text));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_imported (GObject *source, GAsyncResult *result, gpointer data)
{
  Import *import = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbImportReport) report = tb_store_job_import_finish (result, &error);

  if (import->from && report)
    tell (import->from, report);
  else if (import->from)
    tb_toast_show_text (import->from, error->message);
  if (import->done)
    import->done (report, import->user_data);
  import_free (import);
}

static void
on_cancel (AdwMessageDialog *dialog, const char *response, Import *import)
{
  g_cancellable_cancel (import->cancellable);
}

void
tb_import_dialog_run (GtkWidget *from, TbStore *store, GFile **files, guint n_files,
                      TbImportDone done, gpointer user_data)
{
  GtkRoot *root = gtk_widget_get_root (from);
  Import *import = g_new0 (Import, 1);
  GtkWidget *bar = gtk_progress_bar_new ();
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                            : NULL,
                                                       _("Importing Games"), NULL));
  adw_message_dialog_set_extra_child (dialog, bar);
  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  g_set_weak_pointer (&import->from, from);
  g_set_weak_pointer (&import->dialog, dialog);
  g_set_weak_pointer (&import->bar, GTK_PROGRESS_BAR (bar));
  import->cancellable = g_cancellable_new ();
  import->done = done;
  import->user_data = user_data;
  g_signal_connect (dialog, "response::cancel", G_CALLBACK (on_cancel), import);
  gtk_window_present (GTK_WINDOW (dialog));
  tb_store_job_import (store, files, n_files, on_progress, import, import->cancellable,
                       on_imported, import);
}
