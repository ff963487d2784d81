/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-full-disk.c: the disk fills up while games are saved (issue 10).
 *
 * A child process saves games until a save fails: on a real file system
 * that fills up (a tmpfs of 640 KB, mounted in a mount namespace of the
 * test's own, which takes root, as CI is), and where a file may not grow
 * past 512 KB (RLIMIT_FSIZE, the way a quota refuses writes).  The
 * failure says what could not be done and why; afterwards the database
 * opens, passes SQLite's integrity check and holds every game whose save
 * succeeded, whole. */
#define _GNU_SOURCE  /* unshare */
#include "config.h"

#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tb-store.h"
#include "tb-test-games.h"
#include "tb-test-store.h"

#define FILE_LIMIT (512 * 1024)
#define TMPFS_OPTIONS "size=640k"

/* In the child: saves games with long comments until the disk is full
 * (or, with limit_files, a file may not grow); writes how many were
 * saved, then the error, to fd. */
static int
fill_disk (const char *path, int fd, gboolean limit_files)
{
  struct rlimit limit = { FILE_LIMIT, FILE_LIMIT };
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autofree char *comment = g_strnfill (4000, 'x');
  guint saved = 0;
  FILE *out = fdopen (fd, "w");

  if (limit_files)
    {
      signal (SIGXFSZ, SIG_IGN);
      setrlimit (RLIMIT_FSIZE, &limit);
    }
  store = tb_store_open (path, &error);
  if (store == NULL)
    return 3;
  for (guint i = 0; i < 10000; i++)
    {
      g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);

      tt_play_moves (game, (const char *const[]) { "c1-e3", "g9-g7", NULL });
      tb_game_set_comment (game, 1, comment);
      if (tb_store_add_game (store, game, &error) == 0)
        break;
      saved++;
    }
  fprintf (out, "%u\n%s\n", saved, error ? error->message : "never full");
  fclose (out);
  return error ? 0 : 4;
}

static void
fill_and_check (Fixture *f, gboolean limit_files)
{
  int pipe_fds[2];
  pid_t child;
  int status;
  char buffer[4096] = "";
  g_auto (GStrv) lines = NULL;
  g_autofree char *check = NULL;
  guint saved;

  /* The database exists first, as the application's does. */
  g_object_unref (open_store (f));
  g_assert_cmpint (pipe (pipe_fds), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      close (pipe_fds[0]);
      _exit (fill_disk (f->path, pipe_fds[1], limit_files));
    }
  close (pipe_fds[1]);
  g_assert_cmpint (read (pipe_fds[0], buffer, sizeof buffer - 1), >, 0);
  close (pipe_fds[0]);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  lines = g_strsplit (buffer, "\n", 3);
  saved = (guint) atoi (lines[0]);
  g_test_message ("%u games saved, then: %s", saved, lines[1]);
  /* A subprocess's messages reach its parent on stdout only this way. */
  if (g_test_subprocess ())
    g_print ("%u games saved, then: %s\n", saved, lines[1]);
  g_assert_cmpuint (saved, >, 0);
  /* It says which file, what could not be done, and SQLite's reason. */
  g_assert_nonnull (strstr (lines[1], f->path));
  g_assert_nonnull (strstr (lines[1], "cannot"));
  g_assert_true (strstr (lines[1], "full") || strstr (lines[1], "I/O"));

  {
    g_autoptr (TbStore) store = open_store (f);

    g_autoptr (TbGame) last = NULL;
    g_autoptr (GError) error = NULL;

    g_assert_cmpuint (tb_store_count_all (store), ==, saved);
    /* The last game saved is whole: its moves and its comment. */
    last = tb_store_load_game (store, saved, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (tb_game_get_ply (last), ==, 2);
    g_assert_cmpuint (strlen (tb_game_get_comment (last, 1)), ==, 4000);
  }
  check = raw_query (f->path, "PRAGMA integrity_check");
  g_assert_cmpstr (check, ==, "ok");
}

static void
test_file_limit (Fixture *f, gconstpointer data)
{
  fill_and_check (f, TRUE);
}

/* The test's folder becomes a small tmpfs, seen by this process alone. */
static gboolean
mount_small_tmpfs (const char *dir)
{
  return unshare (CLONE_NEWNS) == 0 &&
         mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0 &&
         mount ("tmpfs", dir, "tmpfs", 0, TMPFS_OPTIONS) == 0;
}

static void
test_tmpfs (Fixture *f, gconstpointer data)
{
  if (!g_test_subprocess ())
    {
      /* Run again in a process of its own: the mount goes with it. */
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      /* It ran, and the disk was full, as SQLite says it. */
      if (geteuid () == 0)
        g_test_trap_assert_stdout ("*games saved, then: *cannot*disk is full*");
      return;
    }
  if (!mount_small_tmpfs (f->dir))
    {
      /* Only root may mount one; as root, not mounting is a failure. */
      g_assert_cmpint (geteuid (), !=, 0);
      g_test_skip ("mounting a tmpfs takes root");
      return;
    }
  fill_and_check (f, FALSE);
  umount2 (f->dir, MNT_DETACH);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/full-disk/tmpfs", Fixture, NULL, fixture_set_up, test_tmpfs, fixture_tear_down);
  g_test_add ("/full-disk/file-size-limit", Fixture, NULL, fixture_set_up, test_file_limit,
              fixture_tear_down);
  return g_test_run ();
}
