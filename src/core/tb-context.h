/* tb-context.h: the services a window needs, passed rather than global
 *
 * One construct-only object holding the settings (and, as they arrive, the
 * game store and the engine pool), so tests build a context with a memory
 * settings backend and a temporary database.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TB_TYPE_CONTEXT (tb_context_get_type ())
G_DECLARE_FINAL_TYPE (TbContext, tb_context, TB, CONTEXT, GObject)

TbContext *tb_context_new (GSettings *settings);
GSettings *tb_context_get_settings (TbContext *self);

G_END_DECLS
