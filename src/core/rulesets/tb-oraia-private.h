/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-oraia-private.h: Oraïa positions and tables, shared by the files of
 * the ruleset (rules/oraia.md)
 */
#pragma once

#include "tb-rules-table.h"
#include "tb-zobrist.h"

G_BEGIN_DECLS

/* Cells: the crown P0..P7, the centre C, the inner ring I0..I7 and the
 * outer ring O0..O7.  Disc cells are named in the disc's own frame. */
#define OR_P(s) ((s) & 7)
#define OR_C 8
#define OR_I(k) (9 + ((k) & 7))
#define OR_O(k) (17 + ((k) & 7))
#define OR_CELLS 25
#define OR_MAX_MOVES 1024
#define OR_MAX_HOPS 17
#define OR_ZOBRIST_TAG 3

static inline gboolean
or_is_crown (int cell)
{
  return cell < 8;
}

static inline gboolean
or_is_inner (int cell)
{
  return cell >= 9 && cell < 17;
}

static inline gboolean
or_is_outer (int cell)
{
  return cell >= 17;
}

/* The index k of I_k or O_k. */
static inline int
or_ring_index (int cell)
{
  return or_is_inner (cell) ? cell - 9 : cell - 17;
}

/* A cell in one byte: 0 empty, else the seat (1 or 2) of its pawn, plus
 * OR_CHARGED once the pawn has been turned over at the centre. */
#define OR_SEAT_MASK 0x03
#define OR_CHARGED 0x04

/* Seat 1 (Blue) starts on the even crown places, seat 2 (Red) on the odd
 * ones; each goes home to the other's. */
static inline guint
or_start_seat (int crown)
{
  return (crown & 1) ? 2 : 1;
}

typedef struct
{
  TbPositionHeader head;
  guint8 cell[OR_CELLS];
  guint8 rotation;     /* r: O_k faces P_{(k + r) mod 8} */
  guint8 starter;      /* who began the game (the equal-tempo rule) */
  guint8 home[2];      /* pawns arrived on the opponent's start places */
  guint8 final_turn;   /* the second player's extra turn (oraia.md §4) */
  /* Kept up to date move by move (or_rehash makes them anew): the cells
   * of each seat's pawns, as bits, which every generation needs. */
  guint32 pawns[2];
} OrPosition;

/* A hop from a cell to a landing cell, over one of up to two cells (the
 * pinwheel reaches C from O_k over I_k or over I_{k+1}): moves name only
 * landing cells, and nothing is captured, so both are the same hop. */
typedef struct
{
  guint8 land;
  guint8 n_ways;
  guint8 over[2];
  guint8 line[2];
} OrHop;

#define OR_MAX_CELL_HOPS 8
#define OR_ARRIVAL_HOP 7     /* the hop index of I_k over O_k to the crown */

typedef enum
{
  OR_LINE_DIAMETER0,   /* ..3: the four diameters, crown ends included */
  OR_LINE_INNER = 4,
  OR_LINE_OUTER = 5,
  OR_LINE_ARM0 = 6,    /* ..13: the pinwheel's arms O_k - I_{k+1} - C */
} OrLine;

typedef struct
{
  gboolean pinwheel;
  gboolean strict_single_line;
  gboolean arrival_hop;
  gboolean centre_free_when_stuck;
  /* Steps between disc cells, and hops between them (the crown's steps
   * and hops depend on the rotation and are worked out as needed). */
  guint8 n_adjacent[OR_CELLS];
  guint8 adjacent[OR_CELLS][8];
  guint8 n_hops[OR_CELLS];
  OrHop hops[OR_CELLS][OR_MAX_CELL_HOPS];
  /* The cells the hops from a cell go over, as bits: with no opponent on
   * any, a chain stops at once (most positions, most pawns). */
  guint32 hop_over[OR_CELLS];
  /* Bit j of hops_over_cell[a][b]: the hop j from a goes over b (one of
   * its ways), so that a chain tries only the hops over an opponent. */
  guint8 hops_over_cell[OR_CELLS][OR_CELLS];
  /* For the evaluation: a charged pawn's steps home from each cell, for
   * each set of outer cells facing a free start place of the opponent
   * (bit k for O_k), the way out included; the disc's lines alone decide
   * them, so they are worked out once (or_build_exit_steps). */
  guint8 exit_steps[256][OR_CELLS];
} OrData;

#define OR_DATA(v) ((const OrData *) (v)->data)
#define OR_POS(p) ((const OrPosition *) (p))

/* Move layout: bits 0-4 from; 5-6 the turn (0 none, 1 =R, 2 =L); bit 7 a
 * jump; a step has its cell in bits 8-12; a jump its hop count in 8-12
 * and, from bit 13, three bits per hop: the index of the hop in the list
 * of the cell it starts from. */
#define OR_TURN_NONE 0
#define OR_TURN_RIGHT 1   /* clockwise: r + 1 */
#define OR_TURN_LEFT 2    /* anticlockwise: r - 1 */
#define OR_JUMP 0x80

static inline int
or_move_from (TbMove move)
{
  return (int) (move & 0x1f);
}

static inline guint
or_move_turn (TbMove move)
{
  return (guint) ((move >> 5) & 3);
}

static inline gboolean
or_move_is_jump (TbMove move)
{
  return (move & OR_JUMP) != 0;
}

static inline guint
or_move_n_hops (TbMove move)
{
  return (guint) ((move >> 8) & 0x1f);
}

static inline guint
or_move_hop (TbMove move, guint i)
{
  return (guint) ((move >> (13 + 3 * i)) & 7);
}

static inline TbMove
or_step (int from, int to)
{
  return (TbMove) from | ((TbMove) to << 8);
}

static inline guint64
or_cell_key (int cell, guint8 state)
{
  return tb_zobrist_key (TB_ZOBRIST_FEATURE (OR_ZOBRIST_TAG, cell, state));
}

#define OR_ROTATION_KEY(r) tb_zobrist_key (TB_ZOBRIST_FEATURE (OR_ZOBRIST_TAG, 0xfe, (r)))
#define OR_FINAL_TURN_KEY tb_zobrist_key (TB_ZOBRIST_FEATURE (OR_ZOBRIST_TAG, 0xfd, 1))

/* The crown place the outer cell O_k faces, and the outer cell facing P_s. */
static inline int
or_facing_crown (const OrPosition *pos, int outer)
{
  return OR_P (or_ring_index (outer) + pos->rotation);
}

static inline int
or_facing_outer (const OrPosition *pos, int crown)
{
  return OR_O (crown - pos->rotation);
}

/* tb-oraia-setup.c */
gboolean or_variant_init (TbVariant *variant, GError **error);
void or_start (const TbVariant *v, guint starter, TbPosition *out);
/* The hash and the pawns' bits made anew from the cells. */
void or_rehash (OrPosition *pos);

/* tb-oraia.c */
guint or_player_moves (const OrData *data, const OrPosition *pos, guint seat, TbMove *moves);
guint or_legal_moves (const TbVariant *v, const TbPosition *pos, TbMove *moves);
gboolean or_is_legal (const TbVariant *v, const TbPosition *pos, TbMove move);
void or_apply (const TbVariant *v, const TbPosition *pos, TbMove move, TbPosition *out);
gboolean or_outcome (const TbVariant *v, const TbPosition *pos, guint n_legal, TbOutcome *out);
void or_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out);
guint or_move_effects (const TbVariant *v, const TbPosition *pos, TbMove move,
                       TbEffect effects[TB_MAX_EFFECTS]);
/* The cells a move lands on, in order (the last is where it ends). */
guint or_move_path (const OrData *data, const OrPosition *pos, TbMove move, int path[OR_MAX_HOPS + 1]);

/* tb-oraia-text.c */
void or_cell_name (int cell, char *buf);
int or_parse_cell (const char *text, const char **end);
void or_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
gboolean or_parse_move (const TbVariant *v, const TbPosition *pos, const char *text,
                        TbMove *move, GError **error);
void or_explain_illegal (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
void or_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to);
guint or_describe_pieces (const TbVariant *v, const TbPosition *pos,
                          TbPieceDesc pieces[TB_MAX_PIECES]);
void or_show (const TbVariant *v, const TbPosition *pos, GString *out);
void or_format_position (const TbVariant *v, const TbPosition *pos, GString *out);
gboolean or_parse_position (const TbVariant *v, const char *text, TbPosition *out,
                            GError **error);

/* tb-oraia-eval.c */
void or_build_exit_steps (OrData *data);
int or_evaluate (const TbVariant *v, const TbPosition *pos);

G_END_DECLS
