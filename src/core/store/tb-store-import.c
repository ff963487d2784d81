/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-import.c: TGN records into the store
 *
 * An import reads the games of a text one after another with the TGN
 * reader (which checks every move), in a thread of its own, while the
 * calling thread adds them, in chunks of a quarter of a second at most: one
 * transaction would be faster by little, and would hold off every other
 * writer (a move played in the application) for the whole import.  A
 * cancel keeps the games read before it; a failure of the database loses
 * the chunk being written only.  A record of a game already stored brings
 * what it has that the stored game lacks (tb-store-merge.c); a bad game
 * is reported with its line and column, and the next game is read.
 */
#include "config.h"

#include "tb-store-private.h"
#include "tb-tgn.h"

/* Games are handed over in batches (one wake-up of the other thread for
 * each game cost a tenth of an import), and so many batches may wait for
 * the database at most: 4,096 records, some 40 MB, which the reading
 * thread makes while the writer merges positions or commits.  (256 games
 * kept whole, at some 80 KB each, had 100,000 games imported in 82-85 s;
 * 4,096 records, 77-80 s; 16,384, 81-88 s, their memory costing more
 * than the wait it saves.) */
#define BATCH 32
#define QUEUE_ROOM 128
#define ROOM_TOKEN GUINT_TO_POINTER (1)


/* What the reading thread hands over, in batches (GPtrArray): a game, or
 * the error of a bad one, or (neither) the end. */
typedef struct
{
  TbStoreRecord *record; /* a game's, made and its positions' keys worked
                          * out on the reading thread; the game itself is
                          * dropped there (it weighs some 80 KB, its record
                          * a few), and read again from the record in the
                          * rare merge that needs it */
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
  tb_store_record_free (read->record);
  g_free (read->error);
  g_free (read);
}

static gboolean
is_end (const Read *read)
{
  return read->record == NULL && read->error == NULL;
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
  g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &bad);
  Read *read = g_new0 (Read, 1);

  if (game)
    {
      read->record = tb_store_record_new (game, -1);
      tb_store_record_work_out_positions (read->record);
    }
  read->error = bad ? g_strdup (bad->message) : NULL;
  read->offset = tb_tgn_reader_get_offset (reader);
  read->line = tb_tgn_reader_get_game_line (reader);
  return read;
}

/* The reading thread: checking every move, making the records and
 * working out their positions' keys (together more than half of an
 * import) run beside the inserts, on the other core. */
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

typedef struct
{
  TbStore *store;
  const char *source_name;
  TbImportCounts *counts;
  GPtrArray *errors;             /* or NULL */
  TbImportCounts committed;      /* the counts as of the last commit */
  guint committed_errors;
  gint64 chunk_start;            /* monotonic time */
  guint chunk_games;
  gint64 uncounted;              /* the first game added since the last count */
} Importer;

/* ---- the games' counts ---- */

/* The games go in with the triggers off (tb_store_count_added_games says
 * why), and are counted at once before each commit, and before a merge,
 * which changes a stored game with the triggers on. */
static gboolean
stop_counting (Importer *im, GError **error)
{
  tb_store_fire_triggers (im->store, FALSE);
  return tb_store_next_game_id (im->store, &im->uncounted, error);
}

static gboolean
count_added (Importer *im, GError **error)
{
  gboolean counted = tb_store_count_added_games (im->store, im->uncounted, error);

  tb_store_fire_triggers (im->store, TRUE);
  return counted;
}

/* A record of a game already stored (the same GameId, or the same tags
 * and moves) brings what it has that the stored game lacks: new moves (a
 * correspondence game goes on so), comments, NAGs, variations
 * (tb-store-merge.c).  Nothing is dropped. */
static gboolean
merge_one (Importer *im, gint64 id, const TbStoreRecord *record, Read *read, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (TbGame) game = tb_store_record_read_game (record, &local);
  TbImportCounts *counts = im->counts;
  TbStoreMerge outcome;

  if (game == NULL)
    {
      /* Read once already: only a fault of the program would end here. */
      count_error (counts, im->errors, g_strdup_printf ("%s:%u:1: %s", im->source_name,
                                                        read->line, local->message));
      return TRUE;
    }
  if (!count_added (im, error))
    return FALSE;
  outcome = tb_store_merge_record (im->store, id, record, game, &local);
  if (outcome != TB_STORE_MERGE_FAILED && !stop_counting (im, error))
    return FALSE;
  switch (outcome)
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
      count_error (counts, im->errors, g_strdup_printf ("%s:%u:1: %s", im->source_name,
                                                        read->line, local->message));
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
import_one (Importer *im, Read *read, GError **error)
{
  const TbStoreRecord *record = read->record;
  gint64 stored;

  if (read->record == NULL)
    {
      /* The reader's message starts with LINE:COL. */
      count_error (im->counts, im->errors, g_strdup_printf ("%s:%s", im->source_name, read->error));
      return TRUE;
    }
  stored = stored_copy (im->store, record);
  /* The same tags and moves, and no note of its own, or the same notes:
   * found without reading the stored game. */
  if (stored && tb_store_has_record (im->store, stored, record))
    im->counts->skipped++;
  else if (stored)
    return merge_one (im, stored, record, read, error);
  else if (tb_store_insert_record (im->store, record, NULL, error) != 0)
    im->counts->imported++;
  else
    return FALSE;
  return TRUE;
}

/* FTS5 writes the comments of each commit as a segment of the comments'
 * index (comment_text), which a search then reads one by one, until
 * enough of them are merged: the 100,000 games of bench-store left 14,
 * and a search for a word their comments hold took at worst 2.6-2.9 ms
 * to count and 4.2-4.4 for its first page, against 2.1-2.2 and 3.5-3.9
 * in one piece.  Merged into one after a large import (0.6 s for those
 * games, most of it writing); a failure leaves the index as it was, and
 * as right. */
static void
merge_comment_segments (TbStore *self)
{
  sqlite3_exec (self->db, "INSERT INTO comment_text (comment_text) VALUES ('optimize')", NULL,
                NULL, NULL);
}

/* ---- chunks ---- */

/* The games one pass through the database writes at most in one
 * transaction: so many, or this long, whichever comes first.  Between two,
 * other writers (a move played in the application) get their turn: they
 * wait a chunk at most, not the whole import.  Each commit costs (the
 * pages it wrote go to the log, the chunk's counts are added up): with
 * chunks of 500 games or a tenth of a second, the 100,000 games of
 * bench-store took 29.6-36.1 s (41.8-49.6 s of CPU), and 26.2-30.5 s
 * (37.7-43.6 s of CPU) with these, in the same run (load 2.1-2.5). */
#define CHUNK_GAMES 1500
#define CHUNK_USEC (250 * 1000)
/* What the import leaves between two chunks, for a writer waiting on
 * the lock (tb-store.c's busy handler looks every millisecond). */
#define CHUNK_PAUSE_USEC 3000

static gboolean
begin_chunk (Importer *im, GError **error)
{
  im->chunk_start = g_get_monotonic_time ();
  im->chunk_games = 0;
  return tb_store_begin (im->store, error) && stop_counting (im, error);
}

static gboolean
chunk_is_full (Importer *im)
{
  return im->chunk_games >= CHUNK_GAMES ||
         g_get_monotonic_time () - im->chunk_start >= CHUNK_USEC;
}

/* The games of the chunk are kept, and counted for good; their positions
 * merged when enough wait (or at the last chunk). */
static gboolean
end_chunk (Importer *im, gboolean last, GError **error)
{
  if (!count_added (im, error))
    return FALSE;
  if ((last || MERGE_IS_DUE (im->store)) &&
      !tb_store_merge_pending_positions (im->store, error))
    return FALSE;
  if (!tb_store_commit (im->store, error))
    return FALSE;
  im->committed = *im->counts;
  im->committed_errors = im->errors ? im->errors->len : 0;
  return TRUE;
}

/* The database failed: the chunk is lost, and its counts and errors. */
static void
drop_chunk (Importer *im)
{
  tb_store_rollback (im->store);
  tb_store_fire_triggers (im->store, TRUE);
  *im->counts = im->committed;
  if (im->errors)
    g_ptr_array_set_size (im->errors, im->committed_errors);
}

/* Between two chunks: committed, then, unless the import is cancelled,
 * a pause for other writers, the progress and the next chunk. */
static gboolean
next_chunk (Importer *im, const Read *read, gsize length, TbImportProgress progress,
            gpointer progress_data, GCancellable *cancellable, gboolean *cancelled,
            GError **error)
{
  if (!end_chunk (im, FALSE, error))
    return FALSE;
  if ((*cancelled = g_cancellable_is_cancelled (cancellable)))
    return TRUE;
  g_usleep (CHUNK_PAUSE_USEC);
  if (progress)
    progress (read->offset, length, progress_data);
  return begin_chunk (im, error);
}

/* ---- the reading thread's games, into the database ---- */

typedef struct
{
  gsize length;
  TbImportProgress progress;
  gpointer progress_data;
  GCancellable *cancellable;
  gboolean cancelled;
} Run;

/* Every game the reading thread hands over, until its end, a failure of
 * the database or a cancel (then the games read before are committed). */
static gboolean
import_all (Importer *im, Pipeline *pipe, Run *run, GError **error)
{
  gboolean ok = begin_chunk (im, error), done = !ok;

  while (!done)
    {
      GPtrArray *batch = g_async_queue_pop (pipe->read);

      for (guint i = 0; i < batch->len && !done; i++)
        {
          Read *read = batch->pdata[i];

          if ((done = is_end (read)))
            break;
          ok = import_one (im, read, error);
          im->chunk_games++;
          if (ok && chunk_is_full (im))
            ok = next_chunk (im, read, run->length, run->progress, run->progress_data,
                             run->cancellable, &run->cancelled, error);
          done = !ok || run->cancelled;
        }
      g_async_queue_push (pipe->room, batch);
    }
  if (!ok)
    drop_chunk (im);
  else if (!run->cancelled)
    ok = end_chunk (im, TRUE, error);
  return ok;
}

static void
start_reading (Pipeline *pipe, GThread **reading, const char *text, gsize length)
{
  pipe->reader = tb_tgn_reader_new (text, (gssize) length);
  pipe->read = g_async_queue_new_full ((GDestroyNotify) g_ptr_array_unref);
  pipe->room = g_async_queue_new_full (room_free);
  for (guint i = 0; i < QUEUE_ROOM; i++)
    g_async_queue_push (pipe->room, ROOM_TOKEN);
  *reading = g_thread_new ("tgn-import", read_games, pipe);
}

/* Stopped early or not, the reader is told, and let through if it waits
 * for room. */
static void
stop_reading (Pipeline *pipe, GThread *reading)
{
  g_atomic_int_set (&pipe->stop, 1);
  g_async_queue_push (pipe->room, ROOM_TOKEN);
  g_thread_join (reading);
  g_async_queue_unref (pipe->read);
  g_async_queue_unref (pipe->room);
  tb_tgn_reader_free (pipe->reader);
}

gboolean
tb_store_import_text (TbStore *self, const char *text, gsize length, const char *source_name,
                      TbImportCounts *counts, GPtrArray *errors, TbImportProgress progress,
                      gpointer progress_data, GCancellable *cancellable, GError **error)
{
  TbImportCounts local_counts = { 0 };
  Importer im = { self, source_name, counts ? counts : &local_counts, errors };
  Run run = { length, progress, progress_data, cancellable, FALSE };
  Pipeline pipe = { 0 };
  GThread *reading;
  TbStoreCheckpointer *checkpointer;
  gboolean ok;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  *im.counts = (TbImportCounts) { 0 };
  im.committed_errors = errors ? errors->len : 0;
  start_reading (&pipe, &reading, text, length);
  self->defer_positions = TRUE;
  /* An estimate is enough (counting the rows would read them all). */
  self->merged_positions = (guint64) tb_store_count_all (self) * TB_STORE_EXPLORER_PLIES;
  /* Its checkpoints, on a thread of their own. */
  checkpointer = tb_store_checkpointer_start (self);
  ok = import_all (&im, &pipe, &run, error);
  self->defer_positions = FALSE;
  stop_reading (&pipe, reading);
  /* Stopped short (cancelled, or the database failed): the chunks
   * committed before have their positions merged all the same, or at the
   * next opening. */
  if (!tb_store_settle_pending_positions (self, ok ? error : NULL))
    ok = FALSE;
  else if (ok && run.cancelled)
    ok = !g_cancellable_set_error_if_cancelled (cancellable, error);
  if (ok)
    {
      if (progress)
        progress (length, length, progress_data);
      /* Many new games: the query planner's statistics are redone, and
       * the comments' index is made one piece. */
      if (im.counts->imported >= 1000)
        {
          tb_store_analyze (self);
          merge_comment_segments (self);
        }
      /* Its positions waited in a table of their own, emptied now. */
      tb_store_give_back_free_pages (self);
    }
  tb_store_checkpointer_stop (checkpointer);
  return ok;
}
