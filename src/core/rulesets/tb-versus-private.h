/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus-private.h: Versus positions and tables, shared by the files
 * of the ruleset (rules/versus.md)
 */
#pragma once

#include "tb-hex.h"
#include "tb-rules-table.h"
#include "tb-zobrist.h"

G_BEGIN_DECLS

#define VS_MAX_CELLS 91
#define VS_MAX_PIECES 12
#define VS_MAX_MOVES 128
#define VS_ZOBRIST_TAG 1

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

typedef struct
{
  TbPositionHeader head;
  guint8 n_pieces;
  guint8 board[VS_MAX_CELLS];   /* piece index + 1; 0 = empty */
  guint8 cell[VS_MAX_PIECES];   /* where each piece stands */
  guint8 info[VS_MAX_PIECES];
} VsPosition;

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
} VsData;

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

/* tb-versus.c */
guint vs_legal_moves (const TbVariant *v, const TbPosition *pos, TbMove *moves);
gboolean vs_is_legal (const TbVariant *v, const TbPosition *pos, TbMove move);
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

G_END_DECLS
