/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-retournement-private.h: Retournement positions, bitsets and tables,
 * shared by the files of the ruleset (rules/retournement.md)
 *
 * The board is a square of side S (8..13, 11 by default); cell
 * row * S + col, row 0 at the top (rank 1), col 0 on the left (file a).
 * Sets of cells are bitsets of three 64-bit words (169 cells at most):
 * the legal placements of a piece in one orientation are found for every
 * anchor at once by shifting the set of empty cells and the set of cells
 * next to an opposing piece by the offsets of the piece's cells.
 */
#pragma once

#include "tb-rules-table.h"
#include "tb-zobrist.h"

G_BEGIN_DECLS

#define RT_MIN_SIZE 8
#define RT_MAX_SIZE 13
#define RT_DEFAULT_SIZE 11
#define RT_MAX_CELLS (RT_MAX_SIZE * RT_MAX_SIZE)
#define RT_N_SHAPES 13
#define RT_MAX_SHAPE_CELLS 5
#define RT_MAX_ORIENTATIONS 4
#define RT_MAX_PLACED (2 * RT_N_SHAPES)
#define RT_ALL_SHAPES ((1u << RT_N_SHAPES) - 1)
#define RT_ZOBRIST_TAG 4

/* ---- bitsets ---- */

#define RT_WORDS 3

typedef struct
{
  guint64 w[RT_WORDS];
} RtBits;

static inline RtBits
rt_and (RtBits a, RtBits b)
{
  return (RtBits) { { a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2] } };
}

static inline RtBits
rt_or (RtBits a, RtBits b)
{
  return (RtBits) { { a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2] } };
}

/* a without b */
static inline RtBits
rt_minus (RtBits a, RtBits b)
{
  return (RtBits) { { a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2] } };
}

static inline gboolean
rt_empty (RtBits a)
{
  return (a.w[0] | a.w[1] | a.w[2]) == 0;
}

static inline gboolean
rt_meet (RtBits a, RtBits b)
{
  return ((a.w[0] & b.w[0]) | (a.w[1] & b.w[1]) | (a.w[2] & b.w[2])) != 0;
}

static inline gboolean
rt_has (RtBits a, int cell)
{
  return (a.w[cell >> 6] >> (cell & 63)) & 1;
}

static inline void
rt_add (RtBits *a, int cell)
{
  a->w[cell >> 6] |= G_GUINT64_CONSTANT (1) << (cell & 63);
}

static inline guint
rt_count (RtBits a)
{
  return (guint) (__builtin_popcountll (a.w[0]) + __builtin_popcountll (a.w[1]) +
                  __builtin_popcountll (a.w[2]));
}

G_STATIC_ASSERT (4 * RT_MAX_SIZE + 4 < 64);

/* Cell i of the result is cell i + n of a (toward lower cells); n < 64. */
static inline RtBits
rt_down (RtBits a, guint n)
{
  if (n == 0)
    return a;
  return (RtBits) { { (a.w[0] >> n) | (a.w[1] << (64 - n)), (a.w[1] >> n) | (a.w[2] << (64 - n)),
                      a.w[2] >> n } };
}

/* Cell i + n of the result is cell i of a (toward higher cells); n < 64. */
static inline RtBits
rt_up (RtBits a, guint n)
{
  if (n == 0)
    return a;
  return (RtBits) { { a.w[0] << n, (a.w[1] << n) | (a.w[0] >> (64 - n)),
                      (a.w[2] << n) | (a.w[1] >> (64 - n)) } };
}

/* The lowest cell of a non-empty set. */
static inline int
rt_first (RtBits a)
{
  for (int k = 0; k < RT_WORDS; k++)
    if (a.w[k])
      return k * 64 + __builtin_ctzll (a.w[k]);
  return -1;
}

/* Takes the lowest cell out of a set and returns it; -1 when empty. */
static inline int
rt_pop (RtBits *a)
{
  int cell = rt_first (*a);

  if (cell >= 0)
    a->w[cell >> 6] &= a->w[cell >> 6] - 1;
  return cell;
}

/* ---- pieces ---- */

/* One of the 13 shapes of rules/retournement.md §1.2, as drawn there. */
typedef struct
{
  const char *code;        /* "V3": the move token's piece code */
  const char *name;        /* N_("V-tromino") */
  guint8 n_cells;
  gint8 cells[RT_MAX_SHAPE_CELLS][2];  /* (row, col) of the base orientation */
} RtShape;

extern const RtShape rt_shapes[RT_N_SHAPES];

/* A shape turned a quarter at a time; orientations that cover the same
 * cells as an earlier one are left out (an I3 has two). */
typedef struct
{
  guint8 shape;
  guint8 turn;             /* 0..n-1 within its shape; the next is a quarter turn clockwise */
  guint8 height, width;
  guint8 n_cells;
  gint8 cells[RT_MAX_SHAPE_CELLS][2];  /* (row, col), sorted, top-left at (0, 0) */
  guint8 offset[RT_MAX_SHAPE_CELLS];   /* row * S + col */
  RtBits anchors;          /* the top-left cells where the whole piece is on the board */
} RtOrientation;

typedef struct
{
  guint size;              /* S */
  guint n_cells;           /* S * S */
  guint8 value[RT_N_SHAPES];
  int set_total;           /* the values of one set added up (44) */
  guint n_orientations;
  RtOrientation orientations[RT_N_SHAPES * RT_MAX_ORIENTATIONS];
  guint8 first_orientation[RT_N_SHAPES + 1];  /* a shape's are [first[s], first[s + 1]) */
  /* Bit k: some orientation of the shape has a cell k after its anchor
   * (row * S + col; below 64), so that a search shifts the board's sets
   * by the offsets of the shapes in hand alone, once each. */
  guint64 shape_offsets[RT_N_SHAPES];
  RtBits board;            /* every cell */
  RtBits not_first_col;    /* every cell but those of file a */
  RtBits not_last_col;
} RtData;

#define RT_DATA(v) ((const RtData *) (v)->data)
#define RT_POS(p) ((const RtPosition *) (p))

/* A piece on the board: where, which way, who laid it and its face up. */
typedef struct
{
  guint8 anchor;           /* the top-left cell of its orientation's box */
  guint8 orientation;
  guint8 placer;           /* the seat that laid it (its hand is one piece lighter) */
  guint8 colour;           /* the seat whose colour shows */
} RtPlaced;

typedef struct
{
  TbPositionHeader head;
  RtBits occupied;
  RtBits colour[2];        /* cells showing seat 1's / seat 2's colour */
  RtBits cells[RT_MAX_PLACED];  /* the cells of each piece on the board */
  RtPlaced placed[RT_MAX_PLACED];
  guint16 hand[2];         /* bit s: shape s is still in seat 1's / seat 2's hand */
  guint8 n_placed;
  guint8 reserved;
} RtPosition;

/* Move layout: bits 0-7 the anchor cell, 8-13 the orientation, bit 15 set
 * so that no move is 0. */
#define RT_MOVE_FLAG 0x8000

static inline TbMove
rt_move (guint orientation, int anchor)
{
  return (TbMove) anchor | ((TbMove) orientation << 8) | RT_MOVE_FLAG;
}

static inline int
rt_move_anchor (TbMove move)
{
  return (int) (move & 0xff);
}

static inline guint
rt_move_orientation (TbMove move)
{
  return (guint) ((move >> 8) & 0x3f);
}

static inline guint64
rt_placed_key (const RtPlaced *placed)
{
  return tb_zobrist_key (TB_ZOBRIST_FEATURE (RT_ZOBRIST_TAG, placed->anchor,
                                             (placed->orientation << 2) |
                                             ((placed->placer - 1) << 1) | (placed->colour - 1)));
}

/* The cells a piece covers at an anchor. */
RtBits rt_footprint (const RtData *data, guint orientation, int anchor);
/* The cells next to a set of cells by a side, the set itself included. */
RtBits rt_grow (const RtData *data, RtBits cells);
/* Whether a piece can never be touched again: every cell next to it by a
 * side is taken or off the board (retournement.md §3.1). */
gboolean rt_is_locked (const RtData *data, const RtPosition *pos, guint piece);
/* The piece covering cell, or -1. */
int rt_piece_at (const RtPosition *pos, int cell);
/* The tile of a piece that shows its value: the one nearest its middle. */
int rt_label_cell (const RtData *data, RtBits cells);

/* tb-retournement-setup.c */
gboolean rt_variant_init (TbVariant *variant, GError **error);
void rt_start (const TbVariant *v, guint starter, TbPosition *out);
void rt_rehash (RtPosition *pos);

/* tb-retournement.c */
guint rt_player_moves (const RtData *data, const RtPosition *pos, guint seat, TbMove *moves);
gboolean rt_player_can_move (const RtData *data, const RtPosition *pos, guint seat);
guint rt_count_moves (const TbVariant *v, const TbPosition *pos, TbMoveCounts *counts);
TbMove rt_nth_move (const TbVariant *v, const TbPosition *pos, const TbMoveCounts *counts,
                    guint i);
guint rt_legal_moves (const TbVariant *v, const TbPosition *pos, TbMove *moves);
void rt_apply (const TbVariant *v, const TbPosition *pos, TbMove move, TbPosition *out);
gboolean rt_outcome (const TbVariant *v, const TbPosition *pos, guint n_legal, TbOutcome *out);
void rt_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out);
void rt_score (const TbVariant *v, const TbPosition *pos, int scores[2]);
void rt_score_parts (const TbVariant *v, const TbPosition *pos, int board[2], int bonus[2]);
guint rt_move_effects (const TbVariant *v, const TbPosition *pos, TbMove move,
                       TbEffect effects[TB_MAX_EFFECTS]);
/* The pieces a placement would turn over, as bits of piece indexes. */
guint32 rt_turned_pieces (const RtData *data, const RtPosition *pos, guint seat, RtBits cells);

/* tb-retournement-text.c */
void rt_cell_name (const RtData *data, int cell, char *buf);
void rt_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
gboolean rt_parse_move (const TbVariant *v, const TbPosition *pos, const char *text,
                        TbMove *move, GError **error);
void rt_explain_illegal (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
void rt_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to);
guint rt_describe_pieces (const TbVariant *v, const TbPosition *pos,
                          TbPieceDesc pieces[TB_MAX_PIECES]);
void rt_show (const TbVariant *v, const TbPosition *pos, GString *out);
void rt_format_position (const TbVariant *v, const TbPosition *pos, GString *out);
gboolean rt_parse_position (const TbVariant *v, const char *text, TbPosition *out,
                            GError **error);

/* tb-retournement-eval.c */
int rt_evaluate (const TbVariant *v, const TbPosition *pos);

G_END_DECLS
