/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-open.c: record files opened from outside (a file manager, the
 * command line): a record opens in a window of its own at its end; what
 * is no record file (a device that never ends, a FIFO nobody writes to, a
 * file too large) is said in the "Could Not Open" dialog, and the window
 * stays responsive all along; a window size out of range in the settings
 * is not taken.
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tb-record-file.h"
#include "ui-test-util.h"

/* The window the application opened for a file (not the fixture's). */
static TbWindow *
opened_window (Fixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (TB_IS_WINDOW (window) && TB_WINDOW (window) != f->window)
        return TB_WINDOW (window);
    }
  return NULL;
}

/* Opens path as a file manager asks the application to. */
static void
open_path (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GFile *files[] = { file };

  g_signal_emit_by_name (test_app, "open", files, 1, "");
}

static gboolean
dialog_shown (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* Waits for the "Could Not Open" dialog over the window opened for the
 * file, and checks it names the file and says why; then closes both. */
static void
assert_not_opened (Fixture *f, const char *path, const char *why)
{
  g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), path);
  AdwMessageDialog *dialog;
  TbWindow *window;

  iterate_until (dialog_shown, NULL, 10000);
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_test_message ("%s: %s", adw_message_dialog_get_heading (dialog),
                  adw_message_dialog_get_body (dialog));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, why);
  window = opened_window (f);
  g_assert_nonnull (window);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
}

/* A device that never ends: no byte of it is read (reading it whole ran
 * the application out of memory). */
static void
test_device (Fixture *f, gconstpointer data)
{
  open_path ("/dev/zero");
  assert_not_opened (f, "/dev/zero", _("This is a device or a pipe, not a file: Tablier opens "
                                       "game records only from files."));
}

typedef struct
{
  const char *path;
  gint main_loop_ran;   /* atomic */
  gboolean unblocked;   /* the main loop had to be set free */
} FifoWatch;

/* Were the application to open the FIFO on its main thread, it would
 * wait there for a writer: after a while this thread becomes one, so
 * that the test fails instead of hanging. */
static gpointer
watch_fifo (gpointer data)
{
  FifoWatch *watch = data;

  for (int i = 0; i < 30000 && !g_atomic_int_get (&watch->main_loop_ran); i++)
    g_usleep (1000);
  if (!g_atomic_int_get (&watch->main_loop_ran))
    {
      int fd = g_open (watch->path, O_WRONLY, 0);

      watch->unblocked = TRUE;
      if (fd >= 0)
        close (fd);
    }
  return NULL;
}

static gboolean
mark_main_loop (gpointer data)
{
  FifoWatch *watch = data;

  g_atomic_int_set (&watch->main_loop_ran, TRUE);
  return G_SOURCE_REMOVE;
}

/* A FIFO nobody writes to: the main loop runs on while it is looked at,
 * and it is not taken for a record. */
static void
test_fifo (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "moves.tgn", NULL);
  FifoWatch watch = { path, FALSE, FALSE };
  GThread *thread;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  thread = g_thread_new ("watch-fifo", watch_fifo, &watch);
  open_path (path);
  /* Before the redraws, so that it runs at the first turn of the loop. */
  g_idle_add_full (G_PRIORITY_DEFAULT, mark_main_loop, &watch, NULL);
  assert_not_opened (f, path, _("This is a device or a pipe, not a file: Tablier opens game "
                                "records only from files."));
  /* It ran, and so holds no pointer to watch any more. */
  g_assert_true (g_atomic_int_get (&watch.main_loop_ran));
  g_thread_join (thread);
  g_assert_false (watch.unblocked);
  tt_remove_dir (dir);
}

/* A file larger than any record is refused before it is read (this one
 * is sparse: it takes no room on the disk). */
static void
test_too_large (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.tgn", NULL);
  g_autofree char *size = g_format_size ((guint64) 3 << 30);
  g_autofree char *most = g_format_size (TB_RECORD_FILE_MAX_SIZE);
  g_autofree char *why = g_strdup_printf (_("The file is %s: Tablier opens game records of at "
                                            "most %s."), size, most);

  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  g_assert_cmpint (truncate (path, (off_t) 3 << 30), ==, 0);
  open_path (path);
  assert_not_opened (f, path, why);
  tt_remove_dir (dir);
}

static gboolean
game_shown (gpointer data)
{
  Fixture *f = data;
  TbWindow *window = opened_window (f);

  return window && test_game (window) && tb_game_get_ply (test_game (window)) > 0;
}

/* A record opens in a window of its own, at its end. */
static void
test_record (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.tgn", NULL);
  TbWindow *window;

  g_assert_true (g_file_set_contents (path,
                                      "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                                      "[Round \"-\"]\n[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n"
                                      "[Result \"*\"]\n[Game \"versus-61\"]\n"
                                      "[TgnVersion \"1\"]\n\n1. c1-e3 g9-g7 *\n", -1, NULL));
  open_path (path);
  iterate_until (game_shown, f, 10000);
  window = opened_window (f);
  g_assert_cmpuint (tb_game_get_ply (test_game (window)), ==, 2);
  g_assert_cmpstr (tb_game_get_tag (test_game (window), "Player1"), ==, "Ann");
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  wait_for_store (window);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (50);
  tt_remove_dir (dir);
}

/* A window size the settings cannot hold (a damaged or hand-edited
 * settings file: a window of a million pixels, a negative height) is not
 * taken: the window opens at the default size. */
static void
test_window_size_out_of_range (Fixture *f, gconstpointer data)
{
  static const int sizes[][2] = { { 1000000, 700 }, { 960, -5 }, { 0, 100000 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
      g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
      GSettingsBackendClass *store = G_SETTINGS_BACKEND_GET_CLASS (backend);

      /* Written as a damaged file holds them, past GSettings' checks. */
      store->write (backend, "/io/github/tablier/Tablier/window-width",
                    g_variant_new_int32 (sizes[i][0]), NULL);
      store->write (backend, "/io/github/tablier/Tablier/window-height",
                    g_variant_new_int32 (sizes[i][1]), NULL);
      g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 960);
      g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
    }
}

/* Removes the test's own data folder and the database in it. */

int
main (int argc, char **argv)
{
  /* The games opened here are saved by the application (in its own
   * context): in a database of this test's, not in the one the other
   * display tests and the application under AT-SPI share. */
  g_autofree char *data_dir = g_dir_make_tmp ("tablier-open-data-XXXXXX", NULL);
  int status;

  g_setenv ("TABLIER_DATA_DIR", data_dir, TRUE);
  if (!ui_test_init (&argc, &argv))
    {
      tt_remove_dir (data_dir);
      return 0;
    }

  ADD_SETUP ("/ui/open/device", picker_light, test_device);
  ADD_SETUP ("/ui/open/fifo", picker_light, test_fifo);
  ADD_SETUP ("/ui/open/too-large", picker_light, test_too_large);
  ADD_SETUP ("/ui/open/record", picker_light, test_record);
  ADD_SETUP ("/ui/open/window-size-out-of-range", picker_light, test_window_size_out_of_range);

  status = ui_test_run ();
  tt_remove_dir (data_dir);
  return status;
}
