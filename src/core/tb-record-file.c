/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-record-file.c: the text of a game record file the user named */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tb-record-file.h"

#define ATTRIBUTES G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE

/* Whether info is of a regular file of at most max_size bytes. */
static gboolean
check_info (GFileInfo *info, gsize max_size, GError **error)
{
  GFileType type = g_file_info_get_file_type (info);

  if (type == G_FILE_TYPE_DIRECTORY)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                         _("This is a folder, not a game record."));
  else if (type != G_FILE_TYPE_REGULAR)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                         _("This is a device or a pipe, not a file: Tablier opens game "
                           "records only from files."));
  else if ((guint64) g_file_info_get_size (info) > max_size)
    {
      g_autofree char *size = g_format_size ((guint64) g_file_info_get_size (info));
      g_autofree char *most = g_format_size (max_size);

      /* Translators: the file's size, then the largest Tablier opens ("300.0 MB"). */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                   _("The file is %s: Tablier opens game records of at most %s."), size, most);
    }
  else
    return TRUE;
  return FALSE;
}

static char *
no_memory (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is not enough memory to read the file."));
  return NULL;
}

/* Reads stream to its end, expecting size bytes: one more read says
 * whether it grew since it was looked at, and then the buffer grows too,
 * never past max_size. */
static char *
read_stream (GInputStream *stream, gsize size, gsize max_size, gsize *length,
             GCancellable *cancellable, GError **error)
{
  g_autofree char *text = g_try_malloc (size + 2);
  gsize done = 0, n;

  if (text == NULL)
    return no_memory (error);
  while (g_input_stream_read_all (stream, text + done, size + 1 - done, &n, cancellable, error))
    {
      char *bigger;

      /* Fewer bytes than asked for: the end. */
      if ((done += n) <= size)
        {
          text[done] = '\0';
          *length = done;
          return g_steal_pointer (&text);
        }
      if (size == max_size)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                               _("The file grew too large to be read as a game record."));
          return NULL;
        }
      size = MIN (MAX (size * 2, 65536), max_size);
      if ((bigger = g_try_realloc (text, size + 2)) == NULL)
        return no_memory (error);
      text = bigger;
    }
  return NULL;
}

char *
tb_record_file_load (GFile *file, gsize max_size, gsize *length, GCancellable *cancellable,
                     GError **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GFileInputStream) stream = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (length != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Looked at before it is opened: opening a FIFO waits for a writer. */
  info = g_file_query_info (file, ATTRIBUTES, G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (info == NULL || !check_info (info, max_size, error))
    return NULL;
  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;
  /* And again once open: it may have been replaced meanwhile. */
  g_clear_object (&info);
  info = g_file_input_stream_query_info (stream, ATTRIBUTES, cancellable, error);
  if (info == NULL || !check_info (info, max_size, error))
    return NULL;
  return read_stream (G_INPUT_STREAM (stream), (gsize) g_file_info_get_size (info), max_size,
                      length, cancellable, error);
}
