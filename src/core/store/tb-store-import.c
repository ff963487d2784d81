/* tb-store-import.c: TGN records in and out of the store
 *
 * An import reads the games of a text one after another with the TGN
 * reader (which checks every move) and adds them in one transaction:
 * fast, and all or nothing if the database fails or the user cancels.  A
 * game already stored is skipped; a bad game is reported with its line
 * and column, and the next game is read.
 */
#include "config.h"

#include "tb-store-private.h"
#include "tb-tgn.h"

/* How many games between two progress reports and cancellation checks. */
#define REPORT_EVERY 64

gboolean
tb_store_import_text (TbStore *self, const char *text, gsize length, const char *source_name,
                      TbImportCounts *counts, GPtrArray *errors, TbImportProgress progress,
                      gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_autoptr (TbTgnReader) reader = NULL;
  TbImportCounts local_counts = { 0, 0, 0 };
  guint seen = 0;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (counts == NULL)
    counts = &local_counts;
  *counts = (TbImportCounts) { 0, 0, 0 };
  reader = tb_tgn_reader_new (text, (gssize) length);
  if (!tb_store_begin (self, error))
    return FALSE;
  for (;;)
    {
      g_autoptr (GError) bad = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &bad);
      gboolean duplicate;

      if (++seen % REPORT_EVERY == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            goto failed;
          if (progress)
            progress (tb_tgn_reader_get_offset (reader), length, progress_data);
        }
      if (game == NULL && bad == NULL)
        break;
      if (game == NULL)
        {
          counts->errors++;
          if (errors)
            /* The reader's message starts with LINE:COL. */
            g_ptr_array_add (errors, g_strdup_printf ("%s:%s", source_name, bad->message));
          continue;
        }
      if (tb_store_insert_game (self, game, &duplicate, error) == 0)
        {
          if (!duplicate)
            goto failed;
          counts->skipped++;
          continue;
        }
      counts->imported++;
    }
  if (progress)
    progress (length, length, progress_data);
  if (!tb_store_commit (self, error))
    return FALSE;
  /* Many new games: the query planner's statistics are redone. */
  if (counts->imported > 1000)
    tb_store_exec (self, "ANALYZE", NULL);
  return TRUE;

failed:
  tb_store_rollback (self);
  return FALSE;
}

gboolean
tb_store_export (TbStore *self, const gint64 *ids, guint n_ids, GString *out, GError **error)
{
  g_return_val_if_fail (TB_IS_STORE (self), FALSE);

  for (guint i = 0; i < n_ids; i++)
    {
      g_autoptr (TbGame) game = tb_store_load_game (self, ids[i], error);

      if (game == NULL)
        return FALSE;
      if (i > 0)
        g_string_append_c (out, '\n');
      tb_tgn_write_to (game, out);
    }
  return TRUE;
}
