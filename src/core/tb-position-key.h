/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-position-key.h: what the opening explorer knows a position by
 *
 * A position's key is a 64-bit hash of its position text (the sum of
 * the hashes of the items of tb_variant_format_position, whose order a
 * symmetry changes) with the ruleset and its options:
 * it is written to the database, so it must mean the same position for
 * good, which the Zobrist hash of tb_position_hash does not promise (its
 * feature numbers are the engine's to change).  Positions that are the
 * same under a symmetry of the board that the rules respect share one
 * key: that of their canonical image, the smallest key over the images.
 * The orientation says which symmetry maps a position onto its canonical
 * image; moves are stored in the canonical image's orientation and mapped
 * back into the orientation of the board asked about.
 */
#pragma once

#include "tb-game.h"
#include "tb-rules.h"

G_BEGIN_DECLS

/* The symmetries of a variant, found once (tb-position-key.c says how)
 * and kept for the program's life; any thread may ask. */
typedef struct _TbPositionKeys TbPositionKeys;

const TbPositionKeys *tb_position_keys_get (TbVariant *variant);
/* How many symmetries, the identity (orientation 0) included. */
guint tb_position_keys_n_symmetries (const TbPositionKeys *keys);
/* Symmetry i's name, for tests and messages: "identity", "rotation 90",
 * "reflection 0"… */
const char *tb_position_keys_symmetry_name (const TbPositionKeys *keys, guint i);

typedef struct
{
  gint64 key;      /* of the canonical image */
  guint orient;    /* the symmetry that maps the position onto it; the
                    * lowest when several do */
  gint64 literal;  /* the key of the position itself, unmapped */
} TbPositionKey;

void tb_position_key (const TbPositionKeys *keys, const TbPosition *pos, TbPositionKey *out);
/* The text of move, played from pos, in the orientation of pos's
 * canonical image; of the symmetries that map pos onto it, the one that
 * gives the smallest text, so that moves the same under them are one. */
char *tb_position_key_move (const TbPositionKeys *keys, const TbPosition *pos,
                            const TbPositionKey *key, TbMove move);
/* A move text of the canonical orientation in that of the position key
 * was made from. */
char *tb_position_key_move_back (const TbPositionKeys *keys, const TbPositionKey *key,
                                 const char *move);
/* Any text of the variant (position or move) mapped by symmetry i. */
char *tb_position_keys_map_text (const TbPositionKeys *keys, guint i, const char *text);

/* A position of a game's main line, and what was played from it. */
typedef struct
{
  gint64 key;
  gint64 literal;
  guint ply;
  guint orient;
  char *move;      /* in the canonical orientation; "" at the line's end */
} TbPositionEntry;

/* A game's main line as plain data, read on the game's thread, for
 * another to work out its entries: the keys cost some microseconds a
 * ply, which a long game's save must not spend on the main thread. */
typedef struct _TbMainLine TbMainLine;

TbMainLine *tb_main_line_new (TbGame *game);
void tb_main_line_free (TbMainLine *line);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbMainLine, tb_main_line_free)

/* The positions of the main line's first max_plies plies (ply 0 to
 * max_plies - 1), its last one included when the line ends before; free
 * with g_array_unref.  Only those are worked out: a position's key costs
 * some microseconds. */
GArray *tb_main_line_entries (const TbMainLine *line, guint max_plies);
/* The same for game's main line, at once. */
GArray *tb_position_entries (TbGame *game, guint max_plies);

G_END_DECLS
