/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-test-util.c: helpers shared by the headless tests */
#include "config.h"

#include <string.h>

#include "tb-test-util.h"

#include <glib/gstdio.h>

static TbVariant *
make_variant (const char *ruleset_id, const char *options)
{
  g_autoptr (GError) error = NULL;
  TbVariant *variant = tb_variant_new_from_text (ruleset_id, options, &error);

  g_assert_no_error (error);
  return variant;
}

TbLine *
tt_line (const char *ruleset_id, const char *options, const char *const *moves)
{
  g_autoptr (TbVariant) variant = make_variant (ruleset_id, options);
  TbLine *line = tb_line_new (variant, 1);

  for (guint i = 0; moves && moves[i]; i++)
    tt_play (line, moves[i]);
  return line;
}

TbLine *
tt_line_at (const char *ruleset_id, const char *options, const char *position)
{
  g_autoptr (TbVariant) variant = make_variant (ruleset_id, options);
  g_autoptr (GError) error = NULL;
  TbPosition *pos = tb_variant_parse_position (variant, position, &error);
  TbLine *line;

  g_assert_no_error (error);
  line = tb_line_new (variant, 1);
  tb_line_reset_to (line, pos);
  tb_position_free (pos);
  return line;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

GStrv
tt_legal (TbLine *line)
{
  TbVariant *v = tb_line_get_variant (line);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint n = tb_line_moves (line, moves, NULL);
  GPtrArray *texts = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (texts, tb_variant_format_move (v, tb_line_get_position (line), moves[i]));
  g_ptr_array_sort (texts, compare_strings);
  g_ptr_array_add (texts, NULL);
  return (GStrv) g_ptr_array_free (texts, FALSE);
}

gboolean
tt_is_legal (TbLine *line, const char *move)
{
  g_auto (GStrv) legal = tt_legal (line);

  return g_strv_contains ((const char *const *) legal, move);
}

void
tt_play (TbLine *line, const char *move)
{
  g_autoptr (GError) error = NULL;

  if (!tb_line_play_text (line, move, NULL, &error))
    g_error ("ply %u, %s: %s", tb_line_get_ply (line) + 1, move, error->message);
}

char *
tt_position (TbLine *line)
{
  return tb_variant_format_position (tb_line_get_variant (line), tb_line_get_position (line));
}

char *
tt_piece_at (TbLine *line, const char *cell)
{
  g_autofree char *text = tt_position (line);
  g_auto (GStrv) items = g_strsplit (text, " ", -1);

  for (guint i = 0; items[i]; i++)
    {
      char *at = strchr (items[i], '@');

      if (at && g_ascii_strcasecmp (at + 1, cell) == 0)
        return g_strndup (items[i], (gsize) (at - items[i]));
    }
  return g_strdup ("");
}

char *
tt_piece_kind_at (TbLine *line, const char *cell)
{
  char *piece = tt_piece_at (line, cell);
  char *mark = strchr (piece, '!');

  if (mark)
    *mark = '\0';
  return piece;
}

void
tt_remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      /* A folder in a database's place, in the store's tests. */
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        tt_remove_dir (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

void
tt_iterate_until (gboolean (*done) (gpointer), gpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

void
tt_keep_result (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

void
tt_await_result (GAsyncResult **slot)
{
  tt_iterate_until (has_result, slot);
}
