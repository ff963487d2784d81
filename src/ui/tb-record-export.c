/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-record-export.c: games saved as a TGN file the user chooses */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-record-export.h"
#include "tb-store-job.h"
#include "tb-toast.h"

typedef struct
{
  GtkWidget *from;     /* a weak pointer: the page may go first */
  TbStore *store;
  GArray *ids;
} Export;

static void
export_free (Export *export)
{
  g_clear_weak_pointer (&export->from);
  g_object_unref (export->store);
  g_array_unref (export->ids);
  g_free (export);
}

/* Damaged games were left out, the others written: each is named (the
 * store's lines after the first, which counts them). */
static void
tell_left_out (GtkWidget *from, const GError *error)
{
  const char *names = strchr (error->message, '\n');
  GtkRoot *root = gtk_widget_get_root (from);
  g_autofree char *body = g_strdup_printf ("%s\n%s", _("The other games were exported. These "
                                                        "could not be read:"),
                                           names ? names + 1 : error->message);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                            : NULL,
                                                       _("Some Games Were Not Exported"), body));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_written (GObject *source, GAsyncResult *result, gpointer data)
{
  Export *export = data;
  g_autoptr (GError) error = NULL;

  if (!tb_store_job_finish (result, &error) && export->from)
    {
      if (g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME) ||
          g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND))
        tell_left_out (export->from, error);
      else
        tb_toast_show_text (export->from, error->message);
    }
  export_free (export);
}

static void
on_chosen (GtkNativeDialog *chooser, int response, Export *export)
{
  g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  if (response == GTK_RESPONSE_ACCEPT && file)
    tb_store_job_export (export->store, export->ids, file, NULL, on_written, export);
  else
    export_free (export);
  g_object_unref (chooser);
}

GtkFileFilter *
tb_record_file_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game records (TGN)"));
  gtk_file_filter_add_pattern (filter, "*.tgn");
  gtk_file_filter_add_mime_type (filter, "application/x-tablier-game");
  return filter;
}

void
tb_record_export_choose (GtkWidget *from, TbStore *store, GArray *ids, const char *name)
{
  GtkRoot *root = gtk_widget_get_root (from);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Export Games"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  GtkFileFilter *filter = tb_record_file_filter ();
  Export *export = g_new0 (Export, 1);

  g_set_weak_pointer (&export->from, from);
  export->store = g_object_ref (store);
  export->ids = ids;
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chosen), export);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
