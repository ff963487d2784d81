/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-marker.c: whether the last writer closed the database
 *
 * SQLite's check of the whole file costs half a second at 100,000 games
 * (most of the application's start, and of a tablier-cli call): it runs
 * when the last program that wrote the database did not close it (a
 * crash, a power cut, a kill), not at every opening.  Each writer holds a
 * shared lock (flock) on PATH.in-use and writes "open" in it; the last
 * one to close, alone to get the lock for itself, empties it.  Found
 * holding "open" while nobody has it locked, it tells of a writer that
 * did not close.  A writer that found the file damaged leaves it so, for
 * the next opening to check again.
 */
#include "config.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tb-store-private.h"

#define OPEN_MARK "open\n"

static char *
marker_name (TbStore *self)
{
  return g_strconcat (self->file, ".in-use", NULL);
}

/* Whether the marker says "open" (anything in it) while nobody holds it:
 * fd is locked for this process alone. */
static gboolean
left_open (int fd)
{
  struct stat st;

  return fstat (fd, &st) != 0 || st.st_size > 0;
}

gboolean
tb_store_marker_take (TbStore *self)
{
  g_autofree char *name = marker_name (self);
  gboolean unclean = FALSE;
  int fd = open (name, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

  /* Without a marker nothing is known: the file is checked. */
  if (fd < 0)
    return TRUE;
  if (flock (fd, LOCK_EX | LOCK_NB) == 0)
    unclean = left_open (fd);
  /* Shared from here (other writers may come), and written by every
   * writer: the last one to close may have emptied it meanwhile. */
  if (flock (fd, LOCK_SH) != 0 || pwrite (fd, OPEN_MARK, sizeof OPEN_MARK - 1, 0) < 0 ||
      fdatasync (fd) != 0)
    unclean = TRUE;
  self->marker_fd = fd;
  return unclean;
}

gboolean
tb_store_marker_peek (TbStore *self)
{
  g_autofree char *name = marker_name (self);
  gboolean unclean = FALSE;
  int fd = open (name, O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return FALSE;
  /* Held by nobody: no writer is at work, and one left it open. */
  if (flock (fd, LOCK_EX | LOCK_NB) == 0)
    unclean = left_open (fd);
  close (fd);
  return unclean;
}

void
tb_store_marker_release (TbStore *self, gboolean clean)
{
  if (self->marker_fd < 0)
    return;
  if (clean && flock (self->marker_fd, LOCK_EX | LOCK_NB) == 0 &&
      ftruncate (self->marker_fd, 0) != 0)
    g_debug ("%s: cannot empty its marker", self->path);
  close (self->marker_fd);
  self->marker_fd = -1;
}
