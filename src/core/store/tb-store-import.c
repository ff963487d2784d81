/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-import.c: TGN records in and out of the store
 *
 * An import reads the games of a text one after another with the TGN
 * reader (which checks every move), in a thread of its own, while the
 * calling thread adds them in one transaction: fast, and all or nothing
 * if the database fails or the user cancels.  A
 * game already stored is skipped; a bad game is reported with its line
 * and column, and the next game is read.
 */
#include "config.h"

#include "tb-store-private.h"
#include "tb-tgn.h"

/* How many games between two progress reports and cancellation checks;
 * games are handed over in batches (one wake-up of the other thread for
 * each game cost a tenth of an import), and so many batches may wait for
 * the database at most. */
#define REPORT_EVERY 64
#define BATCH 32
#define QUEUE_ROOM 8
#define ROOM_TOKEN GUINT_TO_POINTER (1)

/* What the reading thread hands over, in batches (GPtrArray): a game, or
 * the error of a bad one, or (neither) the end. */
typedef struct
{
  TbGame *game;
  char *error;
  gsize offset;        /* bytes read so far */
  guint line;          /* where the game begins */
} Read;

typedef struct
{
  TbTgnReader *reader;
  GAsyncQueue *read;   /* of batches of Read, in the order of the text */
  GAsyncQueue *room;   /* tokens, or batches done with: one is taken before
                        * each batch is queued */
  gint stop;           /* the importer gives up (cancelled, or the database failed) */
} Pipeline;

static void
read_free (Read *read)
{
  g_clear_object (&read->game);
  g_free (read->error);
  g_free (read);
}

static gboolean
is_end (const Read *read)
{
  return read->game == NULL && read->error == NULL;
}

/* A token of room, or a batch the importer is done with: freed here, by
 * the thread that made it, as memory freed across threads makes both
 * wait on the allocator's lock. */
static void
room_free (gpointer room)
{
  if (room != ROOM_TOKEN)
    g_ptr_array_unref (room);
}

static Read *
read_one (TbTgnReader *reader)
{
  g_autoptr (GError) bad = NULL;
  Read *read = g_new0 (Read, 1);

  read->game = tb_tgn_reader_next (reader, &bad);
  read->error = bad ? g_strdup (bad->message) : NULL;
  read->offset = tb_tgn_reader_get_offset (reader);
  read->line = tb_tgn_reader_get_game_line (reader);
  return read;
}

/* The reading thread: checking every move is the larger half of an
 * import, so it runs beside the inserts, on the other core. */
static gpointer
read_games (gpointer data)
{
  Pipeline *pipe = data;
  gboolean end = FALSE;

  while (!end)
    {
      GPtrArray *batch;

      room_free (g_async_queue_pop (pipe->room));
      if (g_atomic_int_get (&pipe->stop))
        break;
      batch = g_ptr_array_new_full (BATCH, (GDestroyNotify) read_free);
      while (batch->len < BATCH && !end)
        {
          Read *read = read_one (pipe->reader);

          g_ptr_array_add (batch, read);
          end = is_end (read);
        }
      g_async_queue_push (pipe->read, batch);
    }
  return NULL;
}

/* A bad game, or a record of a stored game with another past: counted
 * and described, and the import goes on. */
static void
count_error (TbImportCounts *counts, GPtrArray *errors, char *message)
{
  counts->errors++;
  if (errors)
    g_ptr_array_add (errors, message);
  else
    g_free (message);
}

/* A record of a game already stored (the same GameId, or the same tags
 * and moves) brings what it has that the stored game lacks: new moves (a
 * correspondence game goes on so), comments, NAGs, variations
 * (tb-store-merge.c).  Nothing is dropped. */
static gboolean
merge_one (TbStore *self, gint64 id, const TbStoreRecord *record, Read *read,
           const char *source_name, TbImportCounts *counts, GPtrArray *errors, GError **error)
{
  g_autoptr (GError) local = NULL;

  switch (tb_store_merge_record (self, id, record, read->game, &local))
    {
    case TB_STORE_MERGE_ADDED:
      counts->updated++;
      return TRUE;
    case TB_STORE_MERGE_ANNOTATED:
      counts->annotated++;
      return TRUE;
    case TB_STORE_MERGE_NOTHING_NEW:
      counts->skipped++;
      return TRUE;
    case TB_STORE_MERGE_CONFLICT:
      count_error (counts, errors, g_strdup_printf ("%s:%u:1: %s", source_name, read->line,
                                                    local->message));
      return TRUE;
    case TB_STORE_MERGE_FAILED:
    default:
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
}

/* The stored game this record is a copy of: the same GameId, or the same
 * tags and moves; 0 when there is none. */
static gint64
stored_copy (TbStore *self, const TbStoreRecord *record)
{
  gint64 id = record->new_uuid ? 0 : tb_store_find_game_id (self, record->game_uuid);

  return id ? id : tb_store_find_fingerprint (self, record->fingerprint);
}

static gboolean
import_one (TbStore *self, Read *read, const char *source_name, TbImportCounts *counts,
            GPtrArray *errors, GError **error)
{
  g_autoptr (TbStoreRecord) record = NULL;
  gint64 stored;

  if (read->game == NULL)
    {
      /* The reader's message starts with LINE:COL. */
      count_error (counts, errors, g_strdup_printf ("%s:%s", source_name, read->error));
      return TRUE;
    }
  record = tb_store_record_new (read->game, -1);
  stored = stored_copy (self, record);
  /* The same tags and moves, and no note of its own, or the same notes:
   * found without reading the stored game. */
  if (stored && tb_store_has_record (self, stored, record))
    counts->skipped++;
  else if (stored)
    return merge_one (self, stored, record, read, source_name, counts, errors, error);
  else if (tb_store_insert_record (self, record, NULL, error) != 0)
    counts->imported++;
  else
    return FALSE;
  return TRUE;
}

gboolean
tb_store_import_text (TbStore *self, const char *text, gsize length, const char *source_name,
                      TbImportCounts *counts, GPtrArray *errors, TbImportProgress progress,
                      gpointer progress_data, GCancellable *cancellable, GError **error)
{
  TbImportCounts local_counts = { 0 };
  Pipeline pipe = { 0 };
  GThread *reading;
  gboolean ok = TRUE;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (counts == NULL)
    counts = &local_counts;
  *counts = (TbImportCounts) { 0 };
  if (!tb_store_begin (self, error))
    return FALSE;
  pipe.reader = tb_tgn_reader_new (text, (gssize) length);
  pipe.read = g_async_queue_new_full ((GDestroyNotify) g_ptr_array_unref);
  pipe.room = g_async_queue_new_full (room_free);
  for (guint i = 0; i < QUEUE_ROOM; i++)
    g_async_queue_push (pipe.room, ROOM_TOKEN);
  reading = g_thread_new ("tgn-import", read_games, &pipe);

  for (guint seen = 1, done = FALSE; !done;)
    {
      GPtrArray *batch = g_async_queue_pop (pipe.read);

      for (guint i = 0; i < batch->len && !done; i++, seen++)
        {
          Read *read = batch->pdata[i];

          done = is_end (read);
          if (!done && seen % REPORT_EVERY == 0)
            {
              if (g_cancellable_set_error_if_cancelled (cancellable, error))
                ok = FALSE;
              else if (progress)
                progress (read->offset, length, progress_data);
            }
          if (ok && !done)
            ok = import_one (self, read, source_name, counts, errors, error);
          done |= !ok;
        }
      g_async_queue_push (pipe.room, batch);
    }
  /* Stopped early: the reader is told, and let through if it waits for
   * room. */
  g_atomic_int_set (&pipe.stop, 1);
  g_async_queue_push (pipe.room, ROOM_TOKEN);
  g_thread_join (reading);
  g_async_queue_unref (pipe.read);
  g_async_queue_unref (pipe.room);
  tb_tgn_reader_free (pipe.reader);

  if (!ok)
    {
      tb_store_rollback (self);
      return FALSE;
    }
  if (progress)
    progress (length, length, progress_data);
  if (!tb_store_commit (self, error))
    return FALSE;
  /* Many new games: the query planner's statistics are redone. */
  if (counts->imported > 1000)
    tb_store_exec (self, "ANALYZE", NULL);
  return TRUE;
}

gboolean
tb_store_export (TbStore *self, const gint64 *ids, guint n_ids, GString *out, GPtrArray *problems,
                 GError **error)
{
  guint left_out = 0, missing = 0;
  gboolean first = TRUE;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; i < n_ids; i++)
    {
      g_autoptr (GError) problem = NULL;
      g_autoptr (TbGame) game = tb_store_load_game (self, ids[i], &problem);

      if (game == NULL)
        {
          left_out++;
          missing += g_error_matches (problem, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND);
          if (problems)
            g_ptr_array_add (problems, g_steal_pointer (&problem));
          continue;
        }
      if (!first)
        g_string_append_c (out, '\n');
      first = FALSE;
      tb_tgn_write_to (game, out);
    }
  if (left_out == 0)
    return TRUE;
  g_set_error (error, TB_STORE_ERROR,
               missing == left_out ? TB_STORE_ERROR_NOT_FOUND : TB_STORE_ERROR_BAD_GAME,
               "%s: %u of %u games could not be read and were left out", self->path, left_out,
               n_ids);
  return FALSE;
}
