/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-record-file.h: the text of a game record file the user named
 *
 * Only a regular file is read: a device such as /dev/zero never ends,
 * and a FIFO keeps whoever opens it waiting for a writer.  A file is read
 * whole, so its size is capped: the caller says how much it will take.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The largest record file the application opens to show its first game
 * (a file of 100,000 games is 150 MB), and the largest one imported, in
 * the units a file's size is shown in. */
#define TB_RECORD_FILE_MAX_SIZE ((gsize) 256 * 1000 * 1000)
#define TB_RECORD_FILE_MAX_IMPORT ((gsize) 1000 * 1000 * 1000)

/* The text of file, NUL-terminated, with its length; NULL and error
 * (G_IO_ERROR_IS_DIRECTORY, G_IO_ERROR_NOT_REGULAR_FILE,
 * G_IO_ERROR_MESSAGE_TOO_LARGE above max_size, or what reading it said)
 * otherwise.  It blocks: call it from a worker thread. */
char *tb_record_file_load (GFile *file, gsize max_size, gsize *length,
                           GCancellable *cancellable, GError **error);

G_END_DECLS
