/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-checkpointer.c: SQLite's write-ahead log copied into the file
 * on a thread of its own while an import writes
 *
 * In WAL mode every commit appends to the log, and a checkpoint copies
 * the log's pages into the file and syncs both.  SQLite checkpoints on
 * the writing connection, after the commit that passes wal_autocheckpoint
 * pages: the import's writer then waits for the disk (127 fdatasync, 12.5
 * s of 67 for 100,000 games, with a log of 64 MB).  Here a second
 * connection checkpoints beside it (PASSIVE: never in the writer's way),
 * on the core the reading thread leaves idle when the writer is the
 * slower; the writer checkpoints only if the log outgrows a bound, which
 * keeps it from growing without end when this thread falls behind.  When
 * the second connection cannot be opened, the writer checkpoints alone,
 * with a smaller bound.  Stopped, the writer's checkpoints are SQLite's
 * again and the log is truncated.
 */
#include "config.h"

#include "tb-store-private.h"

/* The writer checkpoints itself past this many pages of log: 256 MB
 * beside this thread; 64 MB alone (at SQLite's 1,000 pages, the 100,000
 * games of bench-store made 340 checkpoints, some 23 s of waiting for the
 * disk in 80 s). */
#define WRITER_CHECKPOINT_PAGES 65536
#define WRITER_ALONE_CHECKPOINT_PAGES 16384
#define SQLITE_CHECKPOINT_PAGES 1000
/* This thread looks again after so long when nothing was left to copy. */
#define IDLE_USEC (20 * 1000)

struct _TbStoreCheckpointer
{
  TbStore *store;
  sqlite3 *db;         /* this thread's own connection, or NULL: none */
  GThread *thread;
  GMutex lock;
  GCond wake;         /* signalled when stop is set */
  gint stop;
};

static void
wait_a_moment (TbStoreCheckpointer *self, gint64 usec)
{
  gint64 until = g_get_monotonic_time () + usec;

  g_mutex_lock (&self->lock);
  while (!g_atomic_int_get (&self->stop) && g_cond_wait_until (&self->wake, &self->lock, until))
    ;
  g_mutex_unlock (&self->lock);
}

static gpointer
checkpoint_while_writing (gpointer data)
{
  TbStoreCheckpointer *self = data;
  int last_copied = -1;

  while (!g_atomic_int_get (&self->stop))
    {
      int log = 0, copied = 0;
      int rc = sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_PASSIVE, &log,
                                          &copied);
      gboolean more = rc == SQLITE_OK && copied < log && copied != last_copied;

      last_copied = copied;
      /* More to copy, and some was: on at once.  Otherwise (all copied,
       * the log started anew, pages a reader still needs, a lock) a
       * moment's rest. */
      if (!more)
        wait_a_moment (self, IDLE_USEC);
    }
  return NULL;
}

TbStoreCheckpointer *
tb_store_checkpointer_start (TbStore *store)
{
  TbStoreCheckpointer *self = g_new0 (TbStoreCheckpointer, 1);

  self->store = g_object_ref (store);
  if (sqlite3_open_v2 (store->file, &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                       NULL) != SQLITE_OK)
    {
      g_clear_pointer (&self->db, sqlite3_close);
      tb_store_exec (store, "PRAGMA wal_autocheckpoint = "
                            G_STRINGIFY (WRITER_ALONE_CHECKPOINT_PAGES), NULL);
      return self;
    }
  g_mutex_init (&self->lock);
  g_cond_init (&self->wake);
  tb_store_exec (store, "PRAGMA wal_autocheckpoint = " G_STRINGIFY (WRITER_CHECKPOINT_PAGES),
                 NULL);
  self->thread = g_thread_new ("tb-checkpoint", checkpoint_while_writing, self);
  return self;
}

void
tb_store_checkpointer_stop (TbStoreCheckpointer *self)
{
  if (self->thread)
    {
      g_mutex_lock (&self->lock);
      g_atomic_int_set (&self->stop, TRUE);
      g_cond_signal (&self->wake);
      g_mutex_unlock (&self->lock);
      g_thread_join (self->thread);
      g_mutex_clear (&self->lock);
      g_cond_clear (&self->wake);
    }
  g_clear_pointer (&self->db, sqlite3_close);
  tb_store_exec (self->store, "PRAGMA wal_autocheckpoint = " G_STRINGIFY (SQLITE_CHECKPOINT_PAGES)
                              "; PRAGMA wal_checkpoint (TRUNCATE)", NULL);
  g_object_unref (self->store);
  g_free (self);
}
