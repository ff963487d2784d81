/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-autosave.c: keeps one game saved in the game database */
#include "config.h"

#include "tb-autosave.h"
#include "tb-store-job.h"

struct _TbAutosave
{
  GObject parent_instance;

  TbStore *store;
  TbGame *game;
  gulong position_changed_id;
  gint64 id;
  int stored_ply;      /* the ply the game is saved at, or -1: where it stands */
  gboolean writing;    /* a save job runs */
  gboolean wanted;     /* the game changed since that job read it */
  gboolean failing;    /* the last save failed: told once, not at every move */
  guint busy_tries;    /* saves in a row that found another writer in the way */
  guint retry_id;      /* the source of the next try, or 0 */
};

G_DEFINE_FINAL_TYPE (TbAutosave, tb_autosave, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_BUSY,
  N_PROPS
};

enum
{
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Autosaves with a save to write, in the whole process. */
static gint n_busy;

static void write_save (TbAutosave *self);

static void
set_busy (TbAutosave *self, gboolean writing, gboolean wanted)
{
  gboolean was_busy = tb_autosave_get_busy (self);

  self->writing = writing;
  self->wanted = wanted;
  if (was_busy == tb_autosave_get_busy (self))
    return;
  if (was_busy)
    g_atomic_int_dec_and_test (&n_busy);
  else
    g_atomic_int_inc (&n_busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* Another writer (an import merging its positions, another Tablier) may
 * hold the file longer than a save waits for it (two seconds): the save
 * is tried again after a pause, and said to have failed only after this
 * many tries, about a minute.  The game was not saved meanwhile, and the
 * application waits for it before it quits. */
#define BUSY_TRIES 30
#define BUSY_PAUSE_MS 500

static gboolean
retry_save (gpointer data)
{
  TbAutosave *self = data;

  self->retry_id = 0;
  write_save (self);
  return G_SOURCE_REMOVE;
}

/* Whether the save that failed with error is tried again (it holds the
 * autosave's reference until then). */
static gboolean
try_again (TbAutosave *self, const GError *error)
{
  if (!g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_BUSY) ||
      ++self->busy_tries >= BUSY_TRIES)
    return FALSE;
  g_debug ("the game's save waits for another writer: %s", error->message);
  self->retry_id = g_timeout_add_full (G_PRIORITY_DEFAULT, BUSY_PAUSE_MS, retry_save,
                                       g_object_ref (self), g_object_unref);
  return TRUE;
}

/* A save is written: the next one starts if the game changed meanwhile.
 * The job held a reference, so the autosave outlives its owner until
 * every change is written. */
static void
on_written (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbAutosave) self = data;
  g_autoptr (GError) error = NULL;
  gint64 id = tb_store_job_save_game_finish (result, &error);

  if (id == 0 && try_again (self, error))
    return;
  self->busy_tries = 0;
  if (id == 0)
    {
      g_warning ("the game was not saved: %s", error->message);
      if (!self->failing)
        g_signal_emit (self, signals[FAILED], 0, error);
    }
  else if (self->id != id)
    {
      self->id = id;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
    }
  self->failing = id == 0;
  if (self->wanted)
    write_save (self);
  else
    set_busy (self, FALSE, FALSE);
}

static void
write_save (TbAutosave *self)
{
  /* A game new to the database is known by its GameId from now on (the
   * records sent of a correspondence game carry it). */
  if (self->id == 0 && tb_game_get_tag (self->game, "GameId") == NULL)
    {
      g_autofree char *uuid = g_uuid_string_random ();

      tb_game_set_tag (self->game, "GameId", uuid);
    }
  set_busy (self, TRUE, FALSE);
  tb_store_job_save_game (self->store, self->id, self->game, self->stored_ply, NULL, on_written,
                          g_object_ref (self));
}

void
tb_autosave_save (TbAutosave *self)
{
  g_return_if_fail (TB_IS_AUTOSAVE (self));

  /* One job at a time: an add must have given the id before an update;
   * changes made meanwhile are read by the next job. */
  if (self->writing)
    set_busy (self, TRUE, TRUE);
  else
    write_save (self);
}

void
tb_autosave_stop (TbAutosave *self)
{
  g_return_if_fail (TB_IS_AUTOSAVE (self));

  g_clear_signal_handler (&self->position_changed_id, self->game);
}

static void
tb_autosave_dispose (GObject *object)
{
  TbAutosave *self = TB_AUTOSAVE (object);

  if (self->game)
    tb_autosave_stop (self);
  g_clear_object (&self->game);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tb_autosave_parent_class)->dispose (object);
}

static void
tb_autosave_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbAutosave *self = TB_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, tb_autosave_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_autosave_class_init (TbAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tb_autosave_dispose;
  object_class->get_property = tb_autosave_get_property;

  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A save failed after one that did not (a full disk): said once, with
   * why. */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
tb_autosave_init (TbAutosave *self)
{
  self->stored_ply = -1;
}

static TbAutosave *
autosave_new (TbStore *store, TbGame *game, gint64 id)
{
  TbAutosave *self = g_object_new (TB_TYPE_AUTOSAVE, NULL);

  self->store = g_object_ref (store);
  self->game = g_object_ref (game);
  self->id = id;
  return self;
}

TbAutosave *
tb_autosave_new (TbStore *store, TbGame *game, gint64 id)
{
  TbAutosave *self;

  g_return_val_if_fail (TB_IS_STORE (store), NULL);
  g_return_val_if_fail (TB_IS_GAME (game), NULL);

  self = autosave_new (store, game, id);
  self->position_changed_id = g_signal_connect_swapped (game, "position-changed",
                                                        G_CALLBACK (tb_autosave_save), self);
  tb_autosave_save (self);
  return self;
}

TbAutosave *
tb_autosave_new_at_ply (TbStore *store, TbGame *game, gint64 id, guint ply)
{
  TbAutosave *self;

  g_return_val_if_fail (TB_IS_STORE (store), NULL);
  g_return_val_if_fail (TB_IS_GAME (game), NULL);
  g_return_val_if_fail (id > 0, NULL);

  self = autosave_new (store, game, id);
  self->stored_ply = (int) ply;
  return self;
}

TbGame *
tb_autosave_get_game (TbAutosave *self)
{
  g_return_val_if_fail (TB_IS_AUTOSAVE (self), NULL);
  return self->game;
}

gint64
tb_autosave_get_id (TbAutosave *self)
{
  g_return_val_if_fail (TB_IS_AUTOSAVE (self), 0);
  return self->id;
}

gboolean
tb_autosave_get_busy (TbAutosave *self)
{
  g_return_val_if_fail (TB_IS_AUTOSAVE (self), FALSE);
  return self->writing || self->wanted;
}

gboolean
tb_autosave_any_busy (void)
{
  return g_atomic_int_get (&n_busy) > 0;
}

gboolean
tb_autosave_wait_all (guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (tb_autosave_any_busy ())
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}
