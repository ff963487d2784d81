/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ra-private.h: RA positions and tables, shared by the files of the
 * ruleset (rules/ra.md)
 */
#pragma once

#include <string.h>

#include "tb-hex.h"
#include "tb-rules-table.h"
#include "tb-zobrist.h"

G_BEGIN_DECLS

#define RA_CELLS 127
#define RA_MAX_STACKS 9      /* a player has 9 pawns: at most 9 stacks */
#define RA_MAX_MOVES 512   /* far above the most a position has, so templates may overwrite */
#define RA_ZOBRIST_TAG 2

/* A cell in one byte: 0 empty, else the stack's height (1..3), plus
 * RA_SEAT2 when it belongs to seat 2.  Two kinds of marks make the move
 * generator's walk uniform: the RA cells hold RA_MARK (plus RA_SEAT2 for
 * seat 2's RA) in every position, and one extra cell past the last,
 * RA_OFF_CELL, stands for "off the board". */
#define RA_HEIGHT_MASK 0x03
#define RA_SEAT2 0x04
#define RA_MARK 0x08
#define RA_OFF 0x10
/* Every cell byte is below this: the move generator indexes its
 * templates by the byte itself. */
#define RA_N_BYTES 32
#define RA_OFF_CELL RA_CELLS
/* A cell past the off-board one that stays empty: what the move
 * generator reads as the "first cell that is not empty" when none is in
 * reach, so that every direction takes the same path. */
#define RA_EMPTY_CELL (RA_CELLS + 1)

/* The occupancy of the board as bits, once per line axis (E-W, NE-SW,
 * SE-NW): along each axis the cells of a line are consecutive bits, a set
 * guard bit after every line (and three before the first) stands for the
 * edge, and the RA cells are always set.  Seven bits around a cell then
 * say where the first cell that is not empty lies in both directions of
 * the axis, with one read (ra_window): three reads a stack instead of
 * eighteen cell loads.  143 bits an axis; read 8 bytes at a time, so the
 * rows are padded. */
#define RA_N_AXES 3
#define RA_LINE_BYTES 32
/* The forward direction of each axis; the other two directions are their
 * opposites (tb-ra.c reads the axes in this order). */
#define RA_AXIS_FORWARD { TB_HEX_E, TB_HEX_NE, TB_HEX_SE }


static inline gboolean
ra_is_stack (guint8 cell)
{
  return cell != 0 && !(cell & (RA_MARK | RA_OFF));
}

static inline guint
ra_owner (guint8 cell)
{
  return (cell & RA_SEAT2) ? 2 : 1;
}

static inline guint
ra_height (guint8 cell)
{
  return cell & RA_HEIGHT_MASK;
}

static inline guint8
ra_stack (guint seat, guint height)
{
  return (guint8) (height | (seat == 2 ? RA_SEAT2 : 0));
}

typedef struct
{
  TbPositionHeader head;
  guint8 cell[RA_CELLS + 2];        /* + the off-board and the empty sentinels */
  guint8 stacks[2][RA_MAX_STACKS];  /* the cells of each seat's stacks, any order */
  guint8 n_stacks[2];
  guint8 pawns[2];                  /* pawns left on the board */
  guint8 entry;                     /* 0, or the group that entered the enemy RA (ra_stack) */
  guint8 lines[RA_N_AXES][RA_LINE_BYTES] __attribute__ ((aligned (8)));  /* see RA_N_AXES */
} RaPosition;

/* What a group can do along one direction depends only on where the first
 * cell that is not empty lies (t = 0, 1, 2, or 3 for none in reach), what
 * it holds for the mover (a class below) and the stack's height: a
 * template lists those moves as (k << 2 | step) entries. */
typedef enum
{
  RA_CLASS_EMPTY,
  RA_CLASS_OWN_1, RA_CLASS_OWN_2, RA_CLASS_OWN_3,
  RA_CLASS_ENEMY_1, RA_CLASS_ENEMY_2, RA_CLASS_ENEMY_3,
  RA_CLASS_OFF,
  RA_CLASS_OWN_RA,
  RA_CLASS_ENEMY_RA,
  RA_N_CLASSES
} RaClass;

#define RA_TEMPLATE_MAX 6

typedef struct
{
  guint8 count;
  guint8 entry[RA_TEMPLATE_MAX];
} RaTemplate;

typedef struct
{
  guint8 offset;
  guint8 shift;
} RaWindowRead;

typedef struct
{
  TbHexBoard hex;
  int ra[2];                   /* the RA cell of seat 1 and of seat 2 */
  guint8 is_edge[RA_CELLS];    /* a cell with an off-board neighbour */
  /* The first three cells from each cell in each direction, RA_OFF_CELL
   * past the edge (every group moves at most three), then RA_EMPTY_CELL. */
  guint8 ray3[RA_CELLS][TB_HEX_N_DIRS][4];
  /* The moves to those three cells, without their pawn count. */
  guint32 ray_move[RA_CELLS][TB_HEX_N_DIRS][4];
  /* The bit of each cell on each axis (RA_N_AXES). */
  guint8 line_bit[RA_N_AXES][RA_CELLS];
  /* Where ra_window reads each cell's seven bits: the byte of
   * RaPosition.lines (the axes one after the other) and the shift, made
   * once instead of from line_bit at every read. */
  RaWindowRead window_read[RA_CELLS][RA_N_AXES];
  /* ra_cell_key of every stack byte (its low three bits), looked up when
   * a move changes a cell instead of mixed anew. */
  guint64 stack_keys[RA_CELLS][8];
  guint8 line_guards[RA_N_AXES][RA_LINE_BYTES];  /* the empty board: guards and RA cells */
  gboolean join_short;
  gboolean stop_before_blocker;
  gboolean edge_any;
  guint8 class_of[2][256];                        /* per mover: cell byte -> RaClass */
  RaTemplate templates[4][RA_N_CLASSES][3];       /* [t][class][height - 1] */
  /* The same templates packed for the move generator, one word each
   * (byte 0 the count, bytes 1-6 the entries), by mover, height, t and
   * the cell byte itself (no class lookup on the way); and their counts
   * alone, for counting, by the cell byte then t (one address from
   * both). */
  guint64 packed[2][4][4][RA_N_BYTES];
  guint8 counts[2][4][RA_N_BYTES][4];
  /* Per seven-bit window (ra_window): the step of the first cell that is
   * not empty forward ([0]) and backward ([1]), 3 for none; two tables
   * rather than one byte to split, which costs more than a load. */
  guint8 window_stop[2][128];
} RaData;

#define RA_DATA(v) ((const RaData *) (v)->data)
#define RA_POS(p) ((const RaPosition *) (p))

/* k pawns from -> to. */
static inline TbMove
ra_move (int from, int to, guint k)
{
  return (TbMove) from | ((TbMove) to << 8) | ((TbMove) k << 16);
}

static inline int
ra_move_from (TbMove move)
{
  return (int) (move & 0xff);
}

static inline int
ra_move_to (TbMove move)
{
  return (int) ((move >> 8) & 0xff);
}

static inline guint
ra_move_k (TbMove move)
{
  return (guint) ((move >> 16) & 0x3);
}

static inline guint64
ra_cell_key (int cell, guint8 state)
{
  return tb_zobrist_key (TB_ZOBRIST_FEATURE (RA_ZOBRIST_TAG, cell, state));
}

#define RA_ENTRY_KEY(entry) tb_zobrist_key (TB_ZOBRIST_FEATURE (RA_ZOBRIST_TAG, 0xff, (entry)))

/* Points for entering the enemy RA with k pawns (ra.md §7). */
static inline int
ra_entry_points (guint k)
{
  return k == 1 ? 1 : k == 2 ? 3 : k == 3 ? 6 : 0;
}

/* Points for leaving the opponent without a pawn. */
#define RA_ANNIHILATION_POINTS 3

/* tb-ra-setup.c */
gboolean ra_variant_init (TbVariant *variant, GError **error);
void ra_start (const TbVariant *v, guint starter, TbPosition *out);
void ra_clear_position (const RaData *data, RaPosition *pos);
void ra_add_stack (const RaData *data, RaPosition *pos, int cell, guint8 state);
void ra_build_lines (RaData *data);

/* The seven bits of an axis centred on a cell, read where
 * RaData.window_read says (the cell's bit is always at least 3: the
 * guards come first). */
static inline guint
ra_window (const RaPosition *pos, RaWindowRead read)
{
  guint64 word;

  memcpy (&word, (const guint8 *) pos->lines + read.offset, sizeof word);
  return (guint) (GUINT64_FROM_LE (word) >> read.shift) & 0x7f;
}

/* Flips the occupancy bits of cell (empty <-> not empty). */
static inline void
ra_flip_lines (const RaData *data, RaPosition *pos, int cell)
{
  for (guint a = 0; a < RA_N_AXES; a++)
    {
      guint bit = data->line_bit[a][cell];

      pos->lines[a][bit >> 3] ^= (guint8) (1u << (bit & 7));
    }
}

/* tb-ra-moves.c */
void ra_build_templates (RaData *data);
guint ra_player_moves (const RaData *data, const RaPosition *pos, guint seat, TbMove *moves);
guint ra_legal_moves (const TbVariant *v, const TbPosition *pos, TbMove *moves);
guint ra_count_moves (const TbVariant *v, const TbPosition *pos, TbMoveCounts *counts);
TbMove ra_nth_move (const TbVariant *v, const TbPosition *pos, const TbMoveCounts *counts,
                    guint i);
gboolean ra_is_legal (const TbVariant *v, const TbPosition *pos, TbMove move);

/* tb-ra.c */
void ra_apply (const TbVariant *v, const TbPosition *pos, TbMove move, TbPosition *out);
gboolean ra_outcome (const TbVariant *v, const TbPosition *pos, guint n_legal, TbOutcome *out);
void ra_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out);
void ra_score (const TbVariant *v, const TbPosition *pos, int scores[2]);
guint ra_move_effects (const TbVariant *v, const TbPosition *pos, TbMove move,
                       TbEffect effects[TB_MAX_EFFECTS]);

/* tb-ra-text.c */
void ra_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
gboolean ra_parse_move (const TbVariant *v, const TbPosition *pos, const char *text,
                        TbMove *move, GError **error);
void ra_explain_illegal (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
void ra_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to);
guint ra_move_amount (const TbVariant *v, const TbPosition *pos, TbMove move);
guint ra_describe_pieces (const TbVariant *v, const TbPosition *pos,
                          TbPieceDesc pieces[TB_MAX_PIECES]);
void ra_show (const TbVariant *v, const TbPosition *pos, GString *out);
void ra_format_position (const TbVariant *v, const TbPosition *pos, GString *out);
gboolean ra_parse_position (const TbVariant *v, const char *text, TbPosition *out,
                            GError **error);

/* tb-ra-eval.c */
int ra_evaluate (const TbVariant *v, const TbPosition *pos);
gboolean ra_is_tactical (const TbVariant *v, const TbPosition *pos, TbMove move);

G_END_DECLS
