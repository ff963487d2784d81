/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-context.c: the services a window needs */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tb-context.h"

struct _TbContext
{
  GObject parent_instance;
  GSettings *settings;
  TbStore *store;
  char *store_notice;
};

G_DEFINE_FINAL_TYPE (TbContext, tb_context, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SETTINGS,
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

/* The user's game database; a damaged one is moved aside and the user
 * told where it went, and without any the games are played but not
 * kept. */
static TbStore *
open_user_store (char **notice)
{
  g_autofree char *path = tb_store_default_path ();
  g_autofree char *moved = NULL;
  g_autoptr (GError) error = NULL;
  TbStore *store = tb_store_open_recovering (path, &moved, NULL, NULL, &error);

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

TbContext *
tb_context_new_for_user (GSettings *settings)
{
  g_autoptr (TbStore) store = NULL;
  g_autofree char *notice = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  store = open_user_store (&notice);
  return tb_context_new_full (settings, store, notice);
}
