/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-store.h: the game database, for the commands that read it */
#pragma once

#include "cli-common.h"
#include "tb-store.h"

G_BEGIN_DECLS

/* The database of --db (NULL: the application's), read-only unless
 * writing; NULL after saying why, *status set (2 for a --db that names no
 * Tablier database). */
TbStore *cli_open_store (const char *db, gboolean writing, int *status);

G_END_DECLS
