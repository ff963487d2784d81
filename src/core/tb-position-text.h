/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-position-text.h: reading the one-line position texts of the rulesets
 *
 * Every ruleset writes positions as "to-move=N ITEM ITEM …" (see its
 * *-position or *-text file for its items); this reads the shared frame.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef gboolean (*TbPositionItemFunc) (gpointer data, const char *item, GError **error);

/* Sets *to_move (1 when the text does not say) and hands every other item
 * to add_item; stops at the first error. */
gboolean tb_position_text_read (const char *text, guint8 *to_move, TbPositionItemFunc add_item,
                                gpointer data, GError **error);

/* n in decimal appended to out, by hand: the store writes a position's
 * text for each ply of every game it imports (its key), and printf was
 * a tenth of an import's reading thread. */
void tb_position_text_append_uint (GString *out, guint n);

/* Sets a TB_RULES_ERROR_BAD_POSITION error "'item': why" and returns FALSE. */
gboolean tb_position_text_error (GError **error, const char *item, const char *why);

G_END_DECLS
