/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-export.c: stored games out as TGN records
 *
 * An export writes the games as they are read, a block of them at a
 * time, so that an export of any size takes little memory.  Writing a
 * record (its moves' codes turned into tokens, its checksum checked) is
 * most of an export's time: two threads write the blocks, each with a
 * connection of its own, and the caller's thread sends them out in their
 * order.
 */
#include "config.h"

#include "tb-store-private.h"

/* Games a block: each thread writes whole blocks. */
#define EXPORT_BLOCK 256

/* One block's games as text, and those left out. */
typedef struct
{
  GString *text;          /* each game after the first preceded by an empty line */
  GPtrArray *problems;    /* GError, in the order of the games */
  guint left_out;
  guint missing;          /* of them, not there at all */
} Block;

static Block *
block_new (void)
{
  Block *block = g_new0 (Block, 1);

  block->text = g_string_sized_new (EXPORT_BLOCK * 2048);
  block->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  return block;
}

static void
block_free (Block *block)
{
  g_string_free (block->text, TRUE);
  g_ptr_array_unref (block->problems);
  g_free (block);
}

/* What the games to export are: their ids, and which are an id listed
 * before (the games' table gave an id twice: two of its rows say they are
 * that game, and only one of them can be read by it). */
typedef struct
{
  const gint64 *ids;
  guint n_ids;
  gboolean *repeated;
  guint n_blocks;
} Export;

static void
find_repeated (Export *export)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

  export->repeated = g_new0 (gboolean, export->n_ids);
  for (guint i = 0; i < export->n_ids; i++)
    export->repeated[i] = !g_hash_table_add (seen, (gpointer) &export->ids[i]);
}

static void
left_out (Block *block, GError *problem)
{
  block->left_out++;
  block->missing += g_error_matches (problem, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND);
  g_ptr_array_add (block->problems, problem);
}

/* Block b of the export, written with store. */
static Block *
write_block (TbStore *store, const Export *export, guint b)
{
  Block *block = block_new ();
  guint end = MIN (export->n_ids, (b + 1) * EXPORT_BLOCK);

  for (guint i = b * EXPORT_BLOCK; i < end; i++)
    {
      GError *problem = NULL;
      gsize before = block->text->len;

      if (export->repeated[i])
        {
          g_set_error (&problem, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME,
                       "%s: game %" G_GINT64_FORMAT " is damaged (two rows hold it: one game "
                       "there cannot be read)", store->path, export->ids[i]);
          store->damaged = TRUE;
          left_out (block, problem);
          continue;
        }
      if (before > 0)
        g_string_append_c (block->text, '\n');
      if (!tb_store_export_record (store, export->ids[i], block->text, &problem))
        {
          g_string_truncate (block->text, before);
          left_out (block, problem);
        }
    }
  return block;
}

/* ---- the threads ---- */

/* Blocks written and not yet sent out, at most. */
#define BLOCKS_AHEAD 4

/* The blocks, written by two threads as they come free, each with a
 * connection of its own, and sent out in their order by the caller's. */
typedef struct
{
  const Export *export;
  GMutex lock;
  GCond changed;
  guint next_block;         /* the next one a thread takes */
  guint next_sent;          /* the next one to go out */
  Block **written;          /* by number, until sent */
  gboolean stop;            /* the text cannot be written: no more blocks */
} Work;

typedef struct
{
  Work *work;
  TbStore *store;
} Writer;

static gboolean
may_take (Work *work)
{
  return work->stop || work->next_block >= work->export->n_blocks ||
         work->next_block < work->next_sent + BLOCKS_AHEAD;
}

static gpointer
write_blocks (gpointer data)
{
  Writer *writer = data;
  Work *work = writer->work;

  g_mutex_lock (&work->lock);
  for (;;)
    {
      guint b;
      Block *block;

      while (!may_take (work))
        g_cond_wait (&work->changed, &work->lock);
      if (work->stop || work->next_block >= work->export->n_blocks)
        break;
      b = work->next_block++;
      g_mutex_unlock (&work->lock);
      block = write_block (writer->store, work->export, b);
      g_mutex_lock (&work->lock);
      work->written[b] = block;
      g_cond_broadcast (&work->changed);
    }
  g_mutex_unlock (&work->lock);
  return NULL;
}

/* Block b once written, taken off the work. */
static Block *
wait_for_block (Work *work, guint b)
{
  Block *block;

  g_mutex_lock (&work->lock);
  while (work->written[b] == NULL)
    g_cond_wait (&work->changed, &work->lock);
  block = g_steal_pointer (&work->written[b]);
  work->next_sent = b + 1;
  g_cond_broadcast (&work->changed);
  g_mutex_unlock (&work->lock);
  return block;
}

/* A second connection for a large export, or NULL. */
static TbStore *
second_connection (TbStore *self, const Export *export)
{
  TbStore *second = export->n_blocks > 1 ? tb_store_open_reader_beside (self) : NULL;

  /* It reads each record once: SQLite's default cache (2 MB) is
   * enough, not the 64 MB a writer keeps. */
  if (second)
    tb_store_exec (second, "PRAGMA cache_size = -2000", NULL);
  return second;
}

/* ---- the export ---- */

typedef struct
{
  TbStoreWriteFunc write;
  gpointer data;
  GPtrArray *problems;
  gboolean written;         /* a game went out: the next follows an empty line */
  guint left_out;
  guint missing;
} Out;

/* Block's text written out (FALSE and error when it cannot be), its
 * problems kept. */
static gboolean
send_block (Out *out, Block *block, GError **error)
{
  out->left_out += block->left_out;
  out->missing += block->missing;
  if (out->problems)
    {
      for (guint i = 0; i < block->problems->len; i++)
        g_ptr_array_add (out->problems, block->problems->pdata[i]);
      g_ptr_array_set_free_func (block->problems, NULL);
    }
  if (block->text->len == 0)
    return TRUE;
  if (out->written && !out->write ("\n", 1, out->data, error))
    return FALSE;
  out->written = TRUE;
  return out->write (block->text->str, block->text->len, out->data, error);
}

/* The blocks written by the threads, sent out in order by this one,
 * which the threads' connections are not used by meanwhile. */
static gboolean
send_blocks (Work *work, Out *out, GError **error)
{
  gboolean sent = TRUE;

  for (guint b = 0; b < work->export->n_blocks && sent; b++)
    {
      Block *block = wait_for_block (work, b);

      sent = send_block (out, block, error);
      block_free (block);
    }
  if (!sent)
    {
      g_mutex_lock (&work->lock);
      work->stop = TRUE;
      g_cond_broadcast (&work->changed);
      g_mutex_unlock (&work->lock);
    }
  return sent;
}

/* Every block, by the threads; their text sent out here. */
static gboolean
export_blocks (TbStore *self, const Export *export, Out *out, GError **error)
{
  Work work = { export };
  Writer writers[2] = { { &work, self }, { &work, second_connection (self, export) } };
  GThread *threads[2] = { NULL };
  gboolean sent;

  g_mutex_init (&work.lock);
  g_cond_init (&work.changed);
  work.written = g_new0 (Block *, export->n_blocks);
  for (guint i = 0; i < G_N_ELEMENTS (writers); i++)
    if (writers[i].store)
      threads[i] = g_thread_new ("tgn-export", write_blocks, &writers[i]);
  sent = send_blocks (&work, out, error);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    if (threads[i])
      g_thread_join (threads[i]);
  if (writers[1].store && writers[1].store->damaged)
    self->damaged = TRUE;
  g_clear_object (&writers[1].store);
  for (guint b = 0; b < export->n_blocks; b++)
    g_clear_pointer (&work.written[b], block_free);
  g_free (work.written);
  g_cond_clear (&work.changed);
  g_mutex_clear (&work.lock);
  return sent;
}

gboolean
tb_store_export_to (TbStore *self, const gint64 *ids, guint n_ids, TbStoreWriteFunc write,
                    gpointer data, GPtrArray *problems, GError **error)
{
  Export export = { ids, n_ids, NULL, (n_ids + EXPORT_BLOCK - 1) / EXPORT_BLOCK };
  Out out = { write, data, problems };
  gboolean sent;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (write != NULL, FALSE);

  find_repeated (&export);
  sent = export_blocks (self, &export, &out, error);
  g_free (export.repeated);
  if (!sent)
    return FALSE;
  if (out.left_out == 0)
    return TRUE;
  g_set_error (error, TB_STORE_ERROR,
               out.missing == out.left_out ? TB_STORE_ERROR_NOT_FOUND : TB_STORE_ERROR_BAD_GAME,
               "%s: %u of %u games could not be read and were left out", self->path,
               out.left_out, n_ids);
  return FALSE;
}

static gboolean
append_to_string (const char *text, gsize length, gpointer data, GError **error)
{
  g_string_append_len (data, text, (gssize) length);
  return TRUE;
}

gboolean
tb_store_export (TbStore *self, const gint64 *ids, guint n_ids, GString *out, GPtrArray *problems,
                 GError **error)
{
  g_return_val_if_fail (out != NULL, FALSE);
  return tb_store_export_to (self, ids, n_ids, append_to_string, out, problems, error);
}
