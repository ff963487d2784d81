/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus-private.h: Versus positions and tables, shared by the files
 * of the ruleset (rules/versus.md)
 */
#pragma once

#include <string.h>

#include "tb-hex.h"
#include "tb-rules-table.h"
#include "tb-zobrist.h"

G_BEGIN_DECLS

#define VS_MAX_CELLS 91
#define VS_MAX_PIECES 12
#define VS_MAX_MOVES 128
#define VS_ZOBRIST_TAG 1
#define VS_NO_PIECE 0xff

/* A piece's state in one byte (what stands on a cell, for hashing too):
 * bits 0-2: d, the portions in seat 1's colour (0..5), or VS_VERSUS;
 * bit 3: controlled (pawn) or owned (VERSUS) by seat 2;
 * bits 4-5 and 6-7: the attraction streak of seat 1 and of seat 2 on this
 * pawn (versus.md §7: 0, 1 or 2). */
#define VS_KIND_MASK 0x07
#define VS_VERSUS 0x07
#define VS_SEAT2 0x08
#define VS_STREAK_SHIFT(seat) ((seat) == 1 ? 4 : 6)
#define VS_STREAK_MASK(seat) (0x03 << VS_STREAK_SHIFT (seat))

static inline gboolean
vs_is_versus (guint8 info)
{
  return (info & VS_KIND_MASK) == VS_VERSUS;
}

static inline guint
vs_controller (guint8 info)
{
  return (info & VS_SEAT2) ? 2 : 1;
}

static inline guint
vs_portions (guint8 info)
{
  return info & VS_KIND_MASK;
}

/* What a pawn is worth to seat (versus.md §2.2). */
static inline guint
vs_value (guint8 info, guint seat)
{
  return seat == 1 ? vs_portions (info) : 5 - vs_portions (info);
}

/* The seat whose colour has most portions (versus.md §2.3). */
static inline guint
vs_dominant (guint8 info)
{
  return vs_portions (info) >= 3 ? 1 : 2;
}

static inline guint
vs_streak (guint8 info, guint seat)
{
  return (info >> VS_STREAK_SHIFT (seat)) & 0x03;
}

/* A set of cells as bits: 61 or 91 cells in two words (the board's cell
 * numbers, row by row from the north): a pawn's steps are a mask of its
 * empty neighbours; the slides and lines of sight read the axis lines
 * (VS_N_AXES) instead. */
typedef unsigned __int128 VsBits;

static inline VsBits
vs_bit (int cell)
{
  return (VsBits) 1 << cell;
}

/* The cells of a set: on the 61 cells, the low word alone; on the 91,
 * both words counted side by side without a branch on the high one (a
 * pawn's neighbours fall on either side of bit 64 as it moves). */
static inline guint
vs_popcount (VsBits bits, gboolean wide)
{
  guint64 low = (guint64) bits, high = (guint64) (bits >> 64), sum;

  if (!wide)
    return tb_popcount64 (low);
  low = low - ((low >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  high = high - ((high >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  low = (low & G_GUINT64_CONSTANT (0x3333333333333333)) +
        ((low >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  high = (high & G_GUINT64_CONSTANT (0x3333333333333333)) +
         ((high >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  /* Each four bits hold at most 4 + 4. */
  sum = low + high;
  sum = (sum & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f)) +
        ((sum >> 4) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f));
  return (guint) ((sum * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* What stops a VERSUS and its line of sight, as bits once per line axis
 * (E-W, NE-SW, SE-NW), as RA does: along an axis the cells of a line are
 * consecutive bits, with a set guard bit after every line and before the
 * first.  One 8-byte read around a cell then holds the first blocker in
 * both directions of the axis, or the edge, found with one bit scan and
 * no test: VS_WINDOW_BELOW bits below the cell, which a ray (at most 10
 * cells) never runs past. */
#define VS_N_AXES 3
#define VS_LINE_BYTES 24
#define VS_WINDOW_BELOW 16
/* The forward direction of each axis, the others being their opposites. */
#define VS_AXIS_FORWARD { TB_HEX_E, TB_HEX_NE, TB_HEX_SE }

typedef struct
{
  TbPositionHeader head;
  guint8 n_pieces;
  guint8 board[VS_MAX_CELLS];   /* piece index + 1; 0 = empty */
  guint8 cell[VS_MAX_PIECES];   /* where each piece stands */
  guint8 info[VS_MAX_PIECES];
  /* Kept up to date move by move (vs_summarize makes them anew): what
   * the end checks of every ply would otherwise count. */
  guint8 empty_targets;
  guint8 scores[2];             /* the points on the targets, per seat */
  guint8 free_pawns[6];         /* pawns off the targets, by portions (vs_portions) */
  /* How the points alone end the game here (TbTermination: the targets
   * filled, the lead that can no longer be caught, §8.1), or
   * TB_TERMINATION_NONE: what it depends on changes only when a pawn is
   * frozen, so it is worked out then, not at every ply. */
  guint8 decided;
  guint16 streaking[2];         /* per seat: the pieces whose streak (§7) is not 0 */
  guint16 pawns[2];             /* per seat: the pawns it controls that may still move */
  guint8 versus[2];             /* per seat: its VERSUS's piece index, VS_NO_PIECE if none */
  guint64 occupied[2];          /* the cells that hold a piece (VsBits, low word first) */
  /* The blockers (vs_blockers) once per line axis: see VS_N_AXES. */
  guint8 lines[VS_N_AXES][VS_LINE_BYTES] __attribute__ ((aligned (8)));
} VsPosition;

static inline VsBits
vs_occupied (const VsPosition *pos)
{
  return (VsBits) pos->occupied[1] << 64 | pos->occupied[0];
}

static inline void
vs_flip_occupied (VsPosition *pos, int cell)
{
  pos->occupied[cell >> 6] ^= G_GUINT64_CONSTANT (1) << (cell & 63);
}

typedef enum
{
  VS_STREAK_RESET_ANY_TURN,  /* any turn without attracting the pawn resets */
  VS_STREAK_RESET_STRICT,    /* a turn where the pawn was spared does not */
} VsStreakReset;

typedef enum
{
  VS_NO_MOVES_TO_MOVE,  /* only the player to move is checked */
  VS_NO_MOVES_BOTH,     /* either player stuck ends the game */
} VsNoMovesCheck;

typedef struct
{
  TbHexBoard hex;
  guint8 is_target[VS_MAX_CELLS];
  guint8 targets[6];
  guint n_targets;
  gboolean pull_onto_target;
  gboolean frozen_block;
  VsStreakReset streak_reset;
  VsNoMovesCheck no_moves_check;
  VsPosition start;  /* seat 1 to move */
  VsBits neighbours[VS_MAX_CELLS];                 /* the cells one step away */
  VsBits ray_bits[VS_MAX_CELLS][TB_HEX_N_DIRS];    /* the cells of hex.ray */
  /* How many cells of hex.ray[c][d] among the first k are not targets:
   * the VERSUS moves along d with its first blocker at step k + 1. */
  guint8 open_cells[VS_MAX_CELLS][TB_HEX_N_DIRS][2 * TB_HEX_MAX_RADIUS + 1];
  /* Where along hex.ray[c][d] the VERSUS's i-th stop is (the i-th cell
   * that is not a target): its i-th move along d, nearest first. */
  guint8 open_step[VS_MAX_CELLS][TB_HEX_N_DIRS][2 * TB_HEX_MAX_RADIUS];
  /* hex.neighbour, with the cell itself where there is none: a pawn's
   * own cell is never empty, so a step there is never made, without a
   * test for the edge. */
  guint8 step_to[VS_MAX_CELLS][TB_HEX_N_DIRS];
  /* For a set of directions (6 bits), the direction of its i-th member:
   * a pawn's i-th step without a branch on the random i. */
  guint8 nth_direction[64][TB_HEX_N_DIRS];
  /* The bit of each cell on each axis, and the empty board's lines (the
   * guards alone). */
  guint8 line_bit[VS_N_AXES][VS_MAX_CELLS];
  guint8 line_guards[VS_N_AXES][VS_LINE_BYTES];
  /* Where in VsPosition.lines (as one array) each cell's bit lies on
   * each axis, and its mask in that byte: vs_flip_lines's three flips
   * without working them out. */
  guint8 flip_byte[VS_MAX_CELLS][VS_N_AXES];
  guint8 flip_mask[VS_MAX_CELLS][VS_N_AXES];
  /* vs_piece_key of every cell and piece byte, looked up when a move
   * changes a piece instead of mixed anew (the same keys). */
  guint64 piece_keys[VS_MAX_CELLS][256];
  /* The zeros above the highest set bit of each byte (8 for 0). */
  guint8 leading_zeros8[256];
} VsData;

/* The axis of direction d and whether d runs forward along it
 * (VS_AXIS_FORWARD), known at compile time in an unrolled loop. */
static inline guint
vs_dir_axis (int d)
{
  return d == TB_HEX_E || d == TB_HEX_W ? 0 : d == TB_HEX_NE || d == TB_HEX_SW ? 1 : 2;
}

static inline gboolean
vs_dir_forward (int d)
{
  return d == TB_HEX_E || d == TB_HEX_NE || d == TB_HEX_SE;
}

/* The zeros above the highest set bit of a 16-bit word that is not 0,
 * from a table of a byte's: without LZCNT, which the x86-64 baseline
 * lacks, __builtin_clz is BSR, several times slower on AMD's cores. */
static inline guint
vs_leading_zeros16 (const VsData *data, guint bits)
{
  guint high = bits >> 8, in_high = data->leading_zeros8[high];
  guint in_low = 8 + data->leading_zeros8[bits & 0xff];

  return high ? in_high : in_low;
}

/* The empty cells from cell before the first blocker or the edge, along
 * axis a forward (*forward) and backward (*backward): one read of the
 * axis around the cell and two bit scans. */
static inline void
vs_axis_runs (const VsData *data, const VsPosition *pos, int cell, guint a, guint *forward,
              guint *backward)
{
  guint bit = data->line_bit[a][cell];
  guint at = (bit - VS_WINDOW_BELOW) & 7;
  guint64 word;

  memcpy (&word, pos->lines[a] + ((bit - VS_WINDOW_BELOW) >> 3), sizeof word);
  word = GUINT64_FROM_LE (word);
  /* A guard lies within a ray's length on either side: never 0. */
  *forward = (guint) __builtin_ctzll (word >> (at + VS_WINDOW_BELOW + 1));
  *backward = vs_leading_zeros16 (data, (guint) (word >> at) & 0xffff);
}

/* The same along direction d alone. */
static inline guint
vs_open_run (const VsData *data, const VsPosition *pos, int cell, int d)
{
  guint forward, backward;

  vs_axis_runs (data, pos, cell, vs_dir_axis (d), &forward, &backward);
  return vs_dir_forward (d) ? forward : backward;
}

/* The first blocker seen from cell along d, -1 at the edge, and how far
 * (in *dist, set when there is one). */
static inline int
vs_first_blocker (const VsData *data, const VsPosition *pos, int cell, int d, int *dist)
{
  guint run = vs_open_run (data, pos, cell, d);

  if (run >= data->hex.ray_len[cell][d])
    return -1;
  *dist = (int) run + 1;
  return data->hex.ray[cell][d][run];
}

/* Whether a piece on cell stops a VERSUS and its line of sight: every
 * piece, or (frozen pawns transparent) one off the targets. */
static inline gboolean
vs_blocks (const VsData *data, int cell)
{
  return data->frozen_block || !data->is_target[cell];
}

/* Flips the blocker bits of cell on the three axes. */
static inline void
vs_flip_lines (const VsData *data, VsPosition *pos, int cell)
{
  guint8 *lines = &pos->lines[0][0];

  for (guint a = 0; a < VS_N_AXES; a++)
    lines[data->flip_byte[cell][a]] ^= data->flip_mask[cell][a];
}

#define VS_DATA(v) ((const VsData *) (v)->data)
#define VS_POS(p) ((const VsPosition *) (p))

static inline TbMove
vs_move (int from, int to)
{
  return (TbMove) from | ((TbMove) to << 8);
}

static inline int
vs_move_from (TbMove move)
{
  return (int) (move & 0xff);
}

static inline int
vs_move_to (TbMove move)
{
  return (int) ((move >> 8) & 0xff);
}

static inline guint64
vs_piece_key (int cell, guint8 info)
{
  return tb_zobrist_key (TB_ZOBRIST_FEATURE (VS_ZOBRIST_TAG, cell, info));
}

/* tb-versus-setup.c */
gboolean vs_variant_init (TbVariant *variant, GError **error);
void vs_start (const TbVariant *v, guint starter, TbPosition *out);

/* tb-versus-moves.c */
void vs_build_bits (VsData *data);
guint vs_legal_moves (const TbVariant *v, const TbPosition *pos, TbMove *moves);
gboolean vs_is_legal (const TbVariant *v, const TbPosition *pos, TbMove move);
guint vs_side_count (const VsData *data, const VsPosition *pos, guint seat, TbMoveCounts *counts);
guint vs_count_moves (const TbVariant *v, const TbPosition *pos, TbMoveCounts *counts);
TbMove vs_nth_move (const TbVariant *v, const TbPosition *pos, const TbMoveCounts *counts,
                    guint i);

/* tb-versus.c */
void vs_summarize (const VsData *data, VsPosition *pos);
void vs_apply (const TbVariant *v, const TbPosition *pos, TbMove move, TbPosition *out);
gboolean vs_outcome (const TbVariant *v, const TbPosition *pos, guint n_legal, TbOutcome *out);
void vs_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out);
void vs_score (const TbVariant *v, const TbPosition *pos, int scores[2]);
guint vs_move_effects (const TbVariant *v, const TbPosition *pos, TbMove move,
                       TbEffect effects[TB_MAX_EFFECTS]);

/* tb-versus-text.c */
void vs_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
gboolean vs_parse_move (const TbVariant *v, const TbPosition *pos, const char *text,
                        TbMove *move, GError **error);
void vs_explain_illegal (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
void vs_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to);
guint vs_describe_pieces (const TbVariant *v, const TbPosition *pos,
                          TbPieceDesc pieces[TB_MAX_PIECES]);
void vs_show (const TbVariant *v, const TbPosition *pos, GString *out);

/* tb-versus-position.c */
void vs_format_position (const TbVariant *v, const TbPosition *pos, GString *out);
gboolean vs_parse_position (const TbVariant *v, const char *text, TbPosition *out,
                            GError **error);

/* tb-versus-eval.c */
int vs_evaluate (const TbVariant *v, const TbPosition *pos);
gboolean vs_is_tactical (const TbVariant *v, const TbPosition *pos, TbMove move);

G_END_DECLS
