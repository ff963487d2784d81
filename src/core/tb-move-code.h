/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-code.h: move tokens as small integers, and a main line as bytes
 *
 * The store keeps a game's main line in this form (docs/tgn.md, "The
 * stored line").  A token's code is worked out from its text alone,
 * by its ruleset's token grammar (cells by their names, pieces by their
 * order in the notation): it does not depend on a position nor on the
 * order an engine generates its moves in, so a code means the same token
 * for good.  A token the grammar does not cover is kept as text (code 0
 * and its bytes), so that every line reads back byte for byte.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The ruleset's number in a stored line's first byte (1..), or 0 when
 * its tokens have no codes. */
guint8 tb_move_code_ruleset (const char *ruleset_id);

/* The token's code (1 and above), or 0 when the ruleset's grammar does
 * not give it one.  Reading it back gives the same bytes. */
guint64 tb_move_code_encode (guint8 ruleset, const char *token, gsize length);
/* The token of code appended to out; FALSE when no token has it. */
gboolean tb_move_code_decode (guint8 ruleset, guint64 code, GString *out);

/* A main line (tokens separated by one space) as bytes appended to out:
 * the ruleset's number, then each token's code as a variable-length
 * integer (7 bits a byte, the low ones first), a token without a code as
 * 0, its length and its bytes.  FALSE (out unchanged) for a ruleset
 * without codes. */
gboolean tb_move_code_encode_line (const char *ruleset_id, const char *line, gsize length,
                                   GByteArray *out);
/* The text of a line so encoded appended to out; FALSE when the bytes
 * are not such a line (damaged). */
gboolean tb_move_code_decode_line (const guint8 *data, gsize length, GString *out);

G_END_DECLS
