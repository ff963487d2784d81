/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-files.c: the files named on the command line: record files read
 * whole (never mapped: a file cut short while mapped raises SIGBUS),
 * standard input as "-", and the files a command will write */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "cli-common.h"

G_DEFINE_QUARK (cli-input-error-quark, cli_input_error)

static gboolean
is_stdin (const char *path)
{
  return strcmp (path, "-") == 0;
}

static const char *
input_name (const char *path)
{
  return is_stdin (path) ? "standard input" : path;
}

static void
set_io_error (GError **error, CliInputError code, const char *name, const char *what, int errsv)
{
  g_set_error (error, CLI_INPUT_ERROR, code, "%s: %s: %s", name, what, g_strerror (errsv));
}

static gboolean
set_too_large (GError **error, const char *name)
{
  g_autofree char *most = g_format_size (CLI_MAX_INPUT);

  g_set_error (error, CLI_INPUT_ERROR, CLI_INPUT_ERROR_BAD,
               "%s: too large for a record file (at most %s)", name, most);
  return FALSE;
}

/* Whether st is /dev/null's: a device that is an empty file to read. */
static gboolean
is_null_device (const GStatBuf *st)
{
  GStatBuf null;

  return S_ISCHR (st->st_mode) && g_stat ("/dev/null", &null) == 0 &&
         st->st_rdev == null.st_rdev;
}

/* What the file's kind and size say before a byte is read.  A device is
 * no record file, unless it is the terminal standard input is typed on,
 * or /dev/null (scripts read nothing from it): /dev/zero and /dev/urandom
 * never end, and a NUL byte does not end a record (it is an error of its
 * game), so they would be read to the limit of CLI_MAX_INPUT. */
static gboolean
check_stat (const char *name, const GStatBuf *st, gboolean terminal, GError **error)
{
  if (S_ISDIR (st->st_mode))
    {
      set_io_error (error, CLI_INPUT_ERROR_BAD, name, "cannot be read", EISDIR);
      return FALSE;
    }
  if ((S_ISCHR (st->st_mode) || S_ISBLK (st->st_mode)) && !terminal && !is_null_device (st))
    {
      g_set_error (error, CLI_INPUT_ERROR, CLI_INPUT_ERROR_BAD,
                   "%s: cannot be read: a device, not a record file", name);
      return FALSE;
    }
  if (S_ISREG (st->st_mode) && (guint64) st->st_size > CLI_MAX_INPUT)
    return set_too_large (error, name);
  return TRUE;
}

gboolean
cli_check_inputs (char **paths, int n, GError **error)
{
  gboolean stdin_seen = FALSE;

  for (int i = 0; i < n; i++)
    {
      GStatBuf st;

      if (is_stdin (paths[i]))
        {
          if (stdin_seen)
            {
              g_set_error_literal (error, CLI_INPUT_ERROR, CLI_INPUT_ERROR_BAD,
                                   "'-' given twice: standard input can be read once");
              return FALSE;
            }
          stdin_seen = TRUE;
        }
      else if (g_stat (paths[i], &st) != 0 || g_access (paths[i], R_OK) != 0)
        {
          set_io_error (error, CLI_INPUT_ERROR_BAD, paths[i], "cannot be opened", errno);
          return FALSE;
        }
      else if (!check_stat (paths[i], &st, FALSE, error))
        return FALSE;
    }
  return TRUE;
}

/* Room for one more byte than read so far and its NUL, or FALSE. */
static gboolean
grow (char **text, gsize *size, const char *name, GError **error)
{
  gsize bigger = MIN (*size * 2, CLI_MAX_INPUT + 2);
  char *moved;

  if (*size >= CLI_MAX_INPUT + 2)
    return set_too_large (error, name);
  if ((moved = g_try_realloc (*text, bigger)) == NULL)
    {
      set_io_error (error, CLI_INPUT_ERROR_FAILED, name, "cannot be read", ENOMEM);
      return FALSE;
    }
  *text = moved;
  *size = bigger;
  return TRUE;
}

/* One read into text[done..size - 1), waiting on a descriptor left
 * non-blocking: the bytes read, 0 at the end, -1 on error. */
static gssize
read_some (int fd, char *text, gsize done, gsize size)
{
  struct pollfd ready = { fd, POLLIN, 0 };

  for (;;)
    {
      gssize n = read (fd, text + done, size - 1 - done);

      if (n >= 0 || (errno != EINTR && errno != EAGAIN))
        return n;
      if (errno == EAGAIN)
        poll (&ready, 1, -1);
    }
}

static char *
read_all (int fd, const char *name, gsize *length, GError **error)
{
  g_autofree char *text = NULL;
  gsize size = 0, done = 0;
  gboolean ok = TRUE;
  GStatBuf st;
  gssize n;

  if (fstat (fd, &st) != 0)
    set_io_error (error, CLI_INPUT_ERROR_FAILED, name, "cannot be read", errno);
  else if (check_stat (name, &st, isatty (fd), error))
    {
      /* A regular file's size is known: one allocation, unless it grows. */
      size = S_ISREG (st.st_mode) ? (gsize) st.st_size + 2 : 65536;
      text = g_try_malloc (size);
    }
  if (text == NULL)
    {
      if (error && *error == NULL)
        set_io_error (error, CLI_INPUT_ERROR_FAILED, name, "cannot be read", ENOMEM);
      return NULL;
    }
  /* Every byte, NULs too: a NUL is an error of the game it is in, and the
   * games after it are read (the length, not a NUL, ends the text). */
  while (ok && (n = read_some (fd, text, done, size)) > 0)
    {
      done += (gsize) n;
      if (done + 1 == size)
        ok = grow (&text, &size, name, error);
    }
  if (ok && n < 0)
    set_io_error (error, CLI_INPUT_ERROR_FAILED, name, "cannot be read", errno);
  if (!ok || n < 0)
    return NULL;
  text[done] = '\0';
  *length = done;
  return g_steal_pointer (&text);
}

char *
cli_read_input (const char *path, gsize *length, GError **error)
{
  int fd = is_stdin (path) ? STDIN_FILENO : g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY, 0);
  char *text;

  g_return_val_if_fail (length != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (fd < 0)
    {
      set_io_error (error, CLI_INPUT_ERROR_BAD, path, "cannot be opened", errno);
      return NULL;
    }
  text = read_all (fd, input_name (path), length, error);
  if (fd != STDIN_FILENO)
    close (fd);
  return text;
}

int
cli_input_failed (const GError *error)
{
  if (g_error_matches (error, CLI_INPUT_ERROR, CLI_INPUT_ERROR_BAD))
    return cli_bad_input ("%s", error->message);
  return cli_failure ("%s", error->message);
}

gboolean
cli_check_output (const char *path, GError **error)
{
  g_autofree char *folder = g_path_get_dirname (path);

  /* g_file_set_contents writes a file beside path, then renames it. */
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    set_io_error (error, CLI_INPUT_ERROR_BAD, path, "cannot be written", EISDIR);
  else if (g_access (folder, W_OK | X_OK) != 0)
    set_io_error (error, CLI_INPUT_ERROR_BAD, path, "cannot be written", errno);
  else
    return TRUE;
  return FALSE;
}
