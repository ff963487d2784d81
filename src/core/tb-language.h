/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-language.h: the language preference, applied at start-up. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Makes gettext use language ("en", "fr"; "system" or NULL: leave the
 * system's), before any string is translated.  Returns FALSE when the
 * language cannot be used here (no locale to carry it). */
gboolean tb_language_apply (const char *language);

G_END_DECLS
