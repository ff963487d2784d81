/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-file.c: the record files a user names (to open, to import)
 * are read only when they are files, and only up to a size: a device
 * that never ends, a FIFO nobody writes to, a folder and a file too large
 * are refused, each with its reason, before a byte of them is read; the
 * import of the history goes on past them to the next file.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tb-record-file.h"
#include "tb-store-job.h"
#include "tb-test-util.h"

#define RECORD \
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n" \
  "[Player1 \"?\"]\n[Player2 \"?\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n\n1. c1-e3 *\n"

typedef struct
{
  char *dir;
  char *record;     /* a file holding RECORD */
  char *fifo;       /* a FIFO nobody writes to */
  char *huge;       /* a sparse file of 3 GiB */
} Files;

static void
files_set_up (Files *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("tablier-record-file-XXXXXX", NULL);
  f->record = g_build_filename (f->dir, "game.tgn", NULL);
  f->fifo = g_build_filename (f->dir, "fifo.tgn", NULL);
  f->huge = g_build_filename (f->dir, "huge.tgn", NULL);
  g_assert_true (g_file_set_contents (f->record, RECORD, -1, NULL));
  g_assert_cmpint (mkfifo (f->fifo, 0600), ==, 0);
  g_assert_true (g_file_set_contents (f->huge, "", 0, NULL));
  g_assert_cmpint (truncate (f->huge, (off_t) 3 << 30), ==, 0);
}

static void
files_tear_down (Files *f, gconstpointer data)
{
  tt_remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->record);
  g_free (f->fifo);
  g_free (f->huge);
}

static void
assert_refused (const char *path, gsize max_size, int code)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  char *text = tb_record_file_load (file, max_size, &length, NULL, &error);

  g_test_message ("%s: %s", path, error ? error->message : "read");
  g_assert_null (text);
  g_assert_error (error, G_IO_ERROR, code);
}

static void
test_reads_a_file (Files *f, gconstpointer data)
{
  g_autoptr (GFile) file = g_file_new_for_path (f->record);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  text = tb_record_file_load (file, TB_RECORD_FILE_MAX_SIZE, &length, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, RECORD);
  g_assert_cmpuint (length, ==, strlen (RECORD));
  /* Exactly the largest size is still taken. */
  g_clear_pointer (&text, g_free);
  text = tb_record_file_load (file, strlen (RECORD), &length, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, strlen (RECORD));
}

static void
test_refuses_what_is_no_record_file (Files *f, gconstpointer data)
{
  assert_refused ("/dev/zero", TB_RECORD_FILE_MAX_SIZE, G_IO_ERROR_NOT_REGULAR_FILE);
  assert_refused (f->fifo, TB_RECORD_FILE_MAX_SIZE, G_IO_ERROR_NOT_REGULAR_FILE);
  assert_refused (f->dir, TB_RECORD_FILE_MAX_SIZE, G_IO_ERROR_IS_DIRECTORY);
  assert_refused (f->huge, TB_RECORD_FILE_MAX_IMPORT, G_IO_ERROR_MESSAGE_TOO_LARGE);
  assert_refused (f->record, strlen (RECORD) - 1, G_IO_ERROR_MESSAGE_TOO_LARGE);
}

static void
on_imported (GObject *source, GAsyncResult *result, gpointer data)
{
  *(TbImportReport **) data = tb_store_job_import_finish (result, NULL);
}

/* The history's import: each file that is no record file is one error of
 * the report, and the others are imported. */
static void
test_import_goes_past_them (Files *f, gconstpointer data)
{
  g_autofree char *db = g_build_filename (f->dir, "games.db", NULL);
  g_autoptr (TbStore) store = tb_store_open (db, NULL);
  const char *paths[] = { "/dev/zero", f->fifo, f->dir, f->huge, f->record };
  GFile *files[G_N_ELEMENTS (paths)];
  g_autoptr (TbImportReport) report = NULL;

  g_assert_nonnull (store);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    files[i] = g_file_new_for_path (paths[i]);
  tb_store_job_import (store, files, G_N_ELEMENTS (files), NULL, NULL, NULL, on_imported,
                       &report);
  while (report == NULL)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < report->errors->len; i++)
    g_test_message ("%s", (const char *) report->errors->pdata[i]);
  g_assert_cmpuint (report->counts.imported, ==, 1);
  g_assert_cmpuint (report->counts.errors, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    g_object_unref (files[i]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/record-file/reads-a-file", Files, NULL, files_set_up, test_reads_a_file,
              files_tear_down);
  g_test_add ("/record-file/refuses-what-is-no-record-file", Files, NULL, files_set_up,
              test_refuses_what_is_no_record_file, files_tear_down);
  g_test_add ("/record-file/import-goes-past-them", Files, NULL, files_set_up,
              test_import_goes_past_them, files_tear_down);

  return g_test_run ();
}
