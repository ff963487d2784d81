/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-context.h: the services a window needs, passed rather than global
 *
 * One construct-only object holding the settings (and, as they arrive, the
 * game store and the engine pool), so tests build a context with a memory
 * settings backend and a temporary database.
 */
#pragma once

#include <gio/gio.h>

#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_CONTEXT (tb_context_get_type ())
G_DECLARE_FINAL_TYPE (TbContext, tb_context, TB, CONTEXT, GObject)

TbContext *tb_context_new (GSettings *settings);
/* With the game database (NULL: games are not kept), and what the user
 * should be told about it (a damaged file moved aside; NULL: nothing). */
TbContext *tb_context_new_full (GSettings *settings, TbStore *store, const char *store_notice);
/* With the user's game database (tb_store_default_path): a damaged file
 * is moved aside and a new one started, and the notice says so. */
TbContext *tb_context_new_for_user (GSettings *settings);
GSettings *tb_context_get_settings (TbContext *self);
TbStore *tb_context_get_store (TbContext *self);
const char *tb_context_get_store_notice (TbContext *self);

G_END_DECLS
