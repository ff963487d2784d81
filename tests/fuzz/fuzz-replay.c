/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-replay.c: runs a fuzz target over files, without libFuzzer: the
 * seed corpus and every crash ever found, as a test of the suite.
 * usage: fuzz-replay-TARGET FILE_OR_FOLDER... */
#include <glib.h>
#include <stdio.h>

#include "fuzz-target.h"

static guint
replay (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr (GError) error = NULL;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      guint n = 0;

      if (dir == NULL)
        g_error ("%s", error->message);
      while ((name = g_dir_read_name (dir)))
        if (name[0] != '.')
          g_ptr_array_add (names, g_build_filename (path, name, NULL));
      for (guint i = 0; i < names->len; i++)
        n += replay (names->pdata[i]);
      return n;
    }
  if (!g_file_get_contents (path, &data, &length, &error))
    g_error ("%s", error->message);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
  return 1;
}

int
main (int argc, char **argv)
{
  guint n = 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    n += replay (argv[i]);
  if (n == 0)
    g_error ("no input to replay");
  printf ("%u inputs replayed\n", n);
  return 0;
}
