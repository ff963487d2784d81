/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-import.c: any text imported into a game database.
 *
 * The import never fails for the database's sake (a bad record is one
 * error among the others), every game the reader meets is counted once
 * (imported, already there, given new moves, or an error), and the
 * database stays sound. */
#include "fuzz-target.h"

#include <glib/gstdio.h>

#include "tb-store.h"
#include "tb-tgn.h"

/* A fresh database now and then, so that it does not grow for ever. */
#define INPUTS_PER_DATABASE 200

static TbStore *store;
static char *dir;
static guint inputs;

/* Closes the database and removes its files. */
static void
drop_store (void)
{
  g_autofree char *path = NULL, *wal = NULL, *shm = NULL, *in_use = NULL;

  if (store == NULL)
    return;
  path = g_strdup (tb_store_get_path (store));
  wal = g_strconcat (path, "-wal", NULL);
  shm = g_strconcat (path, "-shm", NULL);
  in_use = g_strconcat (path, ".in-use", NULL);
  g_clear_object (&store);
  g_remove (path);
  g_remove (wal);
  g_remove (shm);
  /* The mark a writer leaves beside the file: without it the folder
   * could not go. */
  g_remove (in_use);
}

static void
remove_dir (void)
{
  drop_store ();
  g_rmdir (dir);
}

static void
fresh_store (void)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  drop_store ();
  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("tablier-fuzz-import-XXXXXX", NULL);
      atexit (remove_dir);
    }
  path = g_build_filename (dir, "games.db", NULL);
  store = tb_store_open (path, &error);
  FUZZ_CHECK (store != NULL, "cannot open a database: %s", error ? error->message : "?");
}

static guint
games_in (const uint8_t *data, size_t size)
{
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new ((const char *) data, (gssize) size);
  guint n = 0;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      if (game == NULL && error == NULL)
        return n;
      n++;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  TbImportCounts counts;

  if (store == NULL || ++inputs % INPUTS_PER_DATABASE == 0)
    fresh_store ();
  FUZZ_CHECK (tb_store_import_text (store, (const char *) data, size, "fuzz.tgn", &counts, errors,
                                    NULL, NULL, NULL, &error),
              "the import failed: %s", error ? error->message : "?");
  /* A game that gives a stored one its comments is counted annotated. */
  FUZZ_CHECK (counts.imported + counts.skipped + counts.errors + counts.updated +
                counts.annotated == games_in (data, size),
              "games counted %u + %u + %u + %u + %u, read %u", counts.imported, counts.skipped,
              counts.errors, counts.updated, counts.annotated, games_in (data, size));
  FUZZ_CHECK (errors->len == counts.errors, "%u errors counted, %u told", counts.errors,
              errors->len);
  for (guint i = 0; i < errors->len; i++)
    FUZZ_CHECK (g_str_has_prefix (errors->pdata[i], "fuzz.tgn:"), "an error says not where: %s",
                (const char *) errors->pdata[i]);
  return 0;
}
