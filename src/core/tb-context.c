/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-context.c: the services a window needs
 *
 * The user's game database is opened in a worker thread (an older one is
 * brought up to date there, which may take seconds), never on the main
 * thread: the window shows meanwhile, and says why the games wait.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tb-context.h"

struct _TbContext
{
  GObject parent_instance;
  GSettings *settings;
  TbStore *store;
  char *store_notice;
  gboolean opening;    /* the user's database is being opened */
  gboolean upgrading;  /* …and brought up to date */
};

G_DEFINE_FINAL_TYPE (TbContext, tb_context, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_STORE,
  PROP_STORE_NOTICE,
  PROP_OPENING,
  PROP_UPGRADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tb_context_dispose (GObject *object)
{
  TbContext *self = TB_CONTEXT (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tb_context_parent_class)->dispose (object);
}

static void
tb_context_finalize (GObject *object)
{
  g_free (TB_CONTEXT (object)->store_notice);
  G_OBJECT_CLASS (tb_context_parent_class)->finalize (object);
}

static void
tb_context_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbContext *self = TB_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    case PROP_STORE_NOTICE:
      g_value_set_string (value, self->store_notice);
      break;
    case PROP_OPENING:
      g_value_set_boolean (value, self->opening);
      break;
    case PROP_UPGRADING:
      g_value_set_boolean (value, self->upgrading);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_context_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TbContext *self = TB_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_context_class_init (TbContextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tb_context_dispose;
  object_class->finalize = tb_context_finalize;
  object_class->get_property = tb_context_get_property;
  object_class->set_property = tb_context_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, TB_TYPE_STORE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STORE_NOTICE] =
    g_param_spec_string ("store-notice", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPENING] =
    g_param_spec_boolean ("opening", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UPGRADING] =
    g_param_spec_boolean ("upgrading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tb_context_init (TbContext *self)
{
}

TbContext *
tb_context_new_full (GSettings *settings, TbStore *store, const char *store_notice)
{
  TbContext *self = tb_context_new (settings);

  g_set_object (&self->store, store);
  self->store_notice = g_strdup (store_notice);
  return self;
}

TbStore *
tb_context_get_store (TbContext *self)
{
  g_return_val_if_fail (TB_IS_CONTEXT (self), NULL);
  return self->store;
}

const char *
tb_context_get_store_notice (TbContext *self)
{
  g_return_val_if_fail (TB_IS_CONTEXT (self), NULL);
  return self->store_notice;
}

TbContext *
tb_context_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  return g_object_new (TB_TYPE_CONTEXT, "settings", settings, NULL);
}

GSettings *
tb_context_get_settings (TbContext *self)
{
  g_return_val_if_fail (TB_IS_CONTEXT (self), NULL);
  return self->settings;
}

gboolean
tb_context_get_opening (TbContext *self)
{
  g_return_val_if_fail (TB_IS_CONTEXT (self), FALSE);
  return self->opening;
}

gboolean
tb_context_get_upgrading (TbContext *self)
{
  g_return_val_if_fail (TB_IS_CONTEXT (self), FALSE);
  return self->upgrading;
}

/* ---- the user's database, opened in a worker thread ---- */

typedef struct
{
  TbStore *store;
  char *notice;
} Opened;

static void
opened_free (Opened *opened)
{
  g_clear_object (&opened->store);
  g_free (opened->notice);
  g_free (opened);
}

/* On the main thread: the window can say why the games wait. */
static gboolean
show_upgrading (gpointer data)
{
  TbContext *self = data;

  if (self->opening && !self->upgrading)
    {
      self->upgrading = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UPGRADING]);
    }
  return G_SOURCE_REMOVE;
}

/* On the opening thread, before an older database is brought up to date. */
static void
on_upgrading (int from_version, gpointer data)
{
  GTask *task = data;

  g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT, show_upgrading,
                              g_object_ref (g_task_get_source_object (task)), g_object_unref);
}

/* A database that cannot be written (a read-only file or folder): its
 * games can still be looked at. */
static TbStore *
open_read_only (const char *path, char **notice)
{
  g_autoptr (GError) error = NULL;
  TbStore *store = tb_store_open_full (path, TB_STORE_OPEN_READ_ONLY, NULL, NULL, &error);

  if (store)
    *notice = g_strdup (_("Your game database cannot be written to. Your games can be looked "
                          "at, but new ones are not kept."));
  return store;
}

/* The user's game database; a damaged one, or a file that is not one, is
 * moved aside and the user told where it went, and without any the games
 * are played but not kept. */
static TbStore *
open_user_store (GTask *task, const char *path, char **notice)
{
  g_autofree char *moved = NULL;
  g_autoptr (GError) error = NULL;
  TbStore *store = tb_store_open_recovering (path, &moved, on_upgrading, task, &error);

  if (store == NULL && g_error_matches (error, TB_STORE_ERROR, TB_STORE_ERROR_READ_ONLY))
    store = open_read_only (path, notice);
  if (store == NULL)
    {
      g_warning ("%s", error->message);
      /* Translators: the game database cannot be used; %s says why. */
      *notice = g_strdup_printf (_("Games cannot be kept this time: %s"), error->message);
    }
  else if (moved)
    /* Translators: %s is the file name the damaged database was given. */
    *notice = g_strdup_printf (_("Your game database could not be read. It was kept as “%s”, "
                                 "and a new one was started."), moved);
  return store;
}

static void
open_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Opened *opened = g_new0 (Opened, 1);

  opened->store = open_user_store (task, data, &opened->notice);
  g_task_return_pointer (task, opened, (GDestroyNotify) opened_free);
}

static void
on_store_opened (GObject *source, GAsyncResult *result, gpointer data)
{
  TbContext *self = TB_CONTEXT (source);
  Opened *opened = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Every value is set before the first notification, and they come in
   * this order (a frozen notify queue would give them in reverse). */
  self->store = g_steal_pointer (&opened->store);
  self->store_notice = g_steal_pointer (&opened->notice);
  self->opening = FALSE;
  self->upgrading = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE_NOTICE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UPGRADING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING]);
  opened_free (opened);
}

TbContext *
tb_context_new_for_user (GSettings *settings)
{
  TbContext *self;
  g_autoptr (GTask) task = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = tb_context_new (settings);
  self->opening = TRUE;
  task = g_task_new (self, NULL, on_store_opened, NULL);
  g_task_set_source_tag (task, tb_context_new_for_user);
  /* Found here: the environment is not for a worker thread to read. */
  g_task_set_task_data (task, tb_store_default_path (), g_free);
  g_task_run_in_thread (task, open_in_thread);
  return self;
}

void
tb_context_wait_opened (TbContext *self)
{
  g_return_if_fail (TB_IS_CONTEXT (self));

  /* The result comes through the main context the opening began in. */
  while (self->opening)
    g_main_context_iteration (NULL, TRUE);
}
