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
/* With the user's game database (tb_store_default_path), opened in a
 * worker thread: "opening" is TRUE until it is done, then "store" and
 * "store-notice" are set (notified before "opening").  "upgrading" is
 * TRUE while an older database is brought up to date (a copy of it kept
 * first).  A damaged file, or one that is not a Tablier database, is
 * moved aside and a new one started; one that cannot be written is opened
 * read-only; the notice says so. */
TbContext *tb_context_new_for_user (GSettings *settings);
GSettings *tb_context_get_settings (TbContext *self);
/* NULL while opening, and when games cannot be kept. */
TbStore *tb_context_get_store (TbContext *self);
const char *tb_context_get_store_notice (TbContext *self);
gboolean tb_context_get_opening (TbContext *self);
gboolean tb_context_get_upgrading (TbContext *self);
/* Runs the default main context until the user's database is open
 * ("opening" FALSE): the application must not end while the thread that
 * opens (and may be upgrading) it runs. */
void tb_context_wait_opened (TbContext *self);

G_END_DECLS
