/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tgn.h: reading and writing TGN game records (NOTATION.md §4)
 *
 * A PGN-like text: tag pairs, then movetext with move numbers, comments,
 * NAGs and variations, then a result token; many games per file.  The
 * reader replays and validates every move, and reports the first problem
 * of each game as "LINE:COL: message", then carries on with the next game.
 * Reading and writing take time in proportion to the record.
 */
#pragma once

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TGN_ERROR (tb_tgn_error_quark ())
GQuark tb_tgn_error_quark (void);

typedef enum
{
  TB_TGN_ERROR_ENCODING,        /* not UTF-8, or a NUL byte */
  TB_TGN_ERROR_SYNTAX,          /* unterminated string or comment, stray character… */
  TB_TGN_ERROR_BAD_TAG,         /* malformed, repeated or invalid tag */
  TB_TGN_ERROR_MISSING_TAG,
  TB_TGN_ERROR_UNKNOWN_GAME,
  TB_TGN_ERROR_UNSUPPORTED_VERSION,
  TB_TGN_ERROR_BAD_MOVE,        /* not a move of this game */
  TB_TGN_ERROR_ILLEGAL_MOVE,
  TB_TGN_ERROR_RESULT_MISMATCH,
  TB_TGN_ERROR_TOO_DEEP,        /* variations nested deeper than TB_TGN_MAX_NESTING */
} TbTgnError;

/* Variations nest at most this deep; deeper records are refused. */
#define TB_TGN_MAX_NESTING 64

typedef struct _TbTgnReader TbTgnReader;

/* Reads from text, which must outlive the reader (it is not copied: a
 * file of 100,000 games is 150 MB); length -1 when NUL-terminated.  A NUL
 * byte inside length is an encoding error, not the end of the text. */
TbTgnReader *tb_tgn_reader_new (const char *text, gssize length);
void tb_tgn_reader_free (TbTgnReader *reader);

/* The next game; NULL at the end (error unset) or when this game is bad
 * (error set, "LINE:COL: message", one line): the next call goes on with
 * the game after it.  A bad game costs itself alone: a byte that is not
 * UTF-8 (or NUL) is an error of the game it is in, and a comment, a
 * variation or a string left open ends at the next line that starts with
 * a tag pair, where the reader takes up the next game.  A tag pair is one
 * line: one left open (a string, a ']') ends with it.  A game's tag pairs
 * end at a blank line or before a second Game tag that starts a line:
 * what follows is the next game's (the one before had no moves, an
 * error), whether the game was bad already or not. */
TbGame *tb_tgn_reader_next (TbTgnReader *reader, GError **error);
/* Where the last error was found, 1-based (column in characters). */
guint tb_tgn_reader_get_error_line (TbTgnReader *reader);
/* The line (1-based) where the last game read began. */
guint tb_tgn_reader_get_game_line (TbTgnReader *reader);
/* How far the reader has come, in bytes (for progress bars). */
gsize tb_tgn_reader_get_offset (TbTgnReader *reader);
guint tb_tgn_reader_get_error_column (TbTgnReader *reader);

/* Every game of text, or NULL and the first error. */
GPtrArray *tb_tgn_read_all (const char *text, gssize length, GError **error);

/* One game as a record, ending with a newline; games of a file are
 * separated by one blank line. */
char *tb_tgn_write (TbGame *game);
void tb_tgn_write_to (TbGame *game, GString *out);
/* The tag pairs alone, one a line, as the game store keeps them and makes
 * the fingerprint that finds a game already stored: without PlyCount,
 * which a record has (tb_tgn_write) and older ones did not, so that the
 * record of a game, old or new, is the same game to the store. */
void tb_tgn_write_tags (TbGame *game, GString *out);
/* Whether a tag is derived from the moves and the game (Result, Score,
 * PlyCount…): checked by the reader, written by the writer, never one of
 * a game's own tags. */
gboolean tb_tgn_is_derived_tag (const char *name);
/* The movetext alone (what follows the tag pairs and their blank line),
 * ending with the result and a newline. */
void tb_tgn_write_movetext (TbGame *game, GString *out);
/* The main line's moves as tokens separated by one space, without move
 * numbers, annotations or result ("" for no move): how the game store
 * keeps a game's moves. */
void tb_tgn_write_main_line (TbGame *game, GString *out);
/* The record tb_tgn_write_to writes for a game, made from what the game
 * store keeps of it (tb_tgn_write_tags' header, tb_tgn_write_main_line's
 * line, tb_tgn_write_movetext's movetext or NULL when the game has no
 * annotation and no variation, and its result) without reading the moves
 * again: how the store exports thousands of games a second. */
void tb_tgn_write_stored (const char *header, const char *line, const char *movetext,
                          const char *result, GString *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbTgnReader, tb_tgn_reader_free)

G_END_DECLS
