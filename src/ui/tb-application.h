/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-application.h: the Tablier application: actions, About, windows */
#pragma once

#include <adwaita.h>

#include "tb-context.h"

G_BEGIN_DECLS

#define TB_TYPE_APPLICATION (tb_application_get_type ())
G_DECLARE_FINAL_TYPE (TbApplication, tb_application, TB, APPLICATION, AdwApplication)

/* context NULL: the real settings of io.github.tablier.Tablier. */
TbApplication *tb_application_new (TbContext *context, GApplicationFlags flags);
TbContext *tb_application_get_context (TbApplication *self);
/* Whether the application quit to start again (app.restart). */
gboolean tb_application_wants_restart (TbApplication *self);


G_END_DECLS
