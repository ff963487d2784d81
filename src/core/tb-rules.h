/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules.h: the one interface every game implements
 *
 * A ruleset is a table of functions (TbRules) over small plain position
 * structs.  Nothing else in Tablier knows how a game is played: the model,
 * the board widget, the notation, the AI and tablier-cli all go through
 * this table.  Positions are copied on make (apply writes a fresh copy),
 * hashed incrementally, and move generation never allocates.
 *
 * The table itself is the core's (rulesets/tb-rules-table.h): here TbRules
 * is opaque, and the functions below ask it, answering for the hooks a
 * game lacks so that no caller tests for them.
 */
#pragma once

#include <glib-object.h>

#include "tb-board-desc.h"
#include "tb-options.h"

G_BEGIN_DECLS

/* A move, packed by its ruleset; 0 is never a move. */
typedef guint64 TbMove;
#define TB_MOVE_NONE ((TbMove) 0)
/* The forced pass of RA, Oraïa and Retournement. */
#define TB_MOVE_PASS G_MAXUINT64

typedef enum
{
  TB_RESULT_NONE,        /* "*": still being played */
  TB_RESULT_SEAT1_WINS,  /* "1-0" */
  TB_RESULT_SEAT2_WINS,  /* "0-1" */
  TB_RESULT_DRAW,        /* "1/2-1/2" */
} TbResult;

/* The words of the Termination tag (NOTATION.md §4). */
typedef enum
{
  TB_TERMINATION_NONE,
  TB_TERMINATION_TARGETS_FILLED,
  TB_TERMINATION_UNREACHABLE_LEAD,
  TB_TERMINATION_NO_MOVES,
  TB_TERMINATION_REPETITION,
  TB_TERMINATION_RA_ENTRY,
  TB_TERMINATION_ANNIHILATION,
  TB_TERMINATION_VOID,
  TB_TERMINATION_ALL_PLACED,
  TB_TERMINATION_BLOCKED,
  TB_TERMINATION_ALL_ARRIVED,
  TB_TERMINATION_RESIGNED,
  TB_TERMINATION_DRAW_AGREED,
  TB_TERMINATION_INACTIVITY,
  TB_TERMINATION_MOVE_LIMIT,
  TB_N_TERMINATIONS
} TbTermination;

typedef struct
{
  TbResult result;
  TbTermination termination;
} TbOutcome;

/* Every ruleset's position struct starts with this header, so generic code
 * reads the hash and the side to move without a call. */
typedef struct
{
  guint64 hash;     /* Zobrist hash of what stands where + side to move */
  guint8 to_move;   /* 1 or 2 */
  guint8 reserved[7];
} TbPositionHeader;

/* An opaque position: a ruleset's struct seen through its header. */
typedef struct _TbPosition TbPosition;

typedef struct _TbVariant TbVariant;
/* A ruleset: one of the static tables tb_rules_list() gives; opaque. */
typedef struct _TbRules TbRules;

/* What the board widget animates and the status line announces, in the
 * order it happens.  Effects with the same phase happen together. */
typedef enum
{
  TB_EFFECT_MOVE,       /* the mover goes from -> to */
  TB_EFFECT_PULL,       /* a piece is pulled from -> to, then flipped to new_owner */
  TB_EFFECT_FLIP,       /* the piece on from is flipped to new_owner */
  TB_EFFECT_REMOVE,     /* the piece(s) on from leave the board */
  TB_EFFECT_SPARED,     /* the piece on from would have been affected but a rule spares it */
  TB_EFFECT_ROTATE,     /* the disc turns: amount 1 clockwise, 2 anticlockwise */
  TB_EFFECT_PLACE,      /* a tile of the laid piece appears on to; amount: its shape */
} TbEffectKind;

typedef struct
{
  TbEffectKind kind;
  guint8 phase;
  guint8 new_owner;  /* MOVE/PULL/FLIP: the owner after; REMOVE: the owner of what leaves */
  guint8 amount;     /* MOVE: how many of the stack go (0: the whole piece); REMOVE: how many leave */
  gint16 from;
  gint16 to;
} TbEffect;

#define TB_MAX_EFFECTS 32

/* A ruleset with its option values and the tables built from them.
 * Immutable once made; reference counted. */
struct _TbVariant
{
  const TbRules *rules;
  int *option_values;         /* one per rules->options entry */
  gsize position_size;        /* bytes of the ruleset's position struct */
  guint max_moves;            /* room legal_moves() needs */
  guint repetition_limit;     /* 3, or 0 when the repetition addition is off */
  guint ply_limit;            /* plies after which the game ends (the move-limit
                               * addition), or 0: no limit */
  TbBoardDesc board;          /* cells, marks and geometry, for drawing */
  gpointer data;              /* the ruleset's own precomputed tables */
};

#define TB_RULES_ERROR (tb_rules_error_quark ())
GQuark tb_rules_error_quark (void);

typedef enum
{
  TB_RULES_ERROR_UNKNOWN_RULESET,
  TB_RULES_ERROR_BAD_OPTION,
  TB_RULES_ERROR_BAD_STARTER,
  TB_RULES_ERROR_BAD_MOVE_TEXT,
  TB_RULES_ERROR_ILLEGAL_MOVE,
  TB_RULES_ERROR_GAME_OVER,
  TB_RULES_ERROR_BAD_POSITION,
} TbRulesError;

/* The registry. */
const TbRules *const *tb_rules_list (guint *n_rules);
const TbRules *tb_rules_lookup (const char *id);

/* What a ruleset is, for the game picker, the new-game dialog, the rules
 * help and tablier-cli.  Names, summaries, credits, durations and seat
 * names are untranslated N_() strings: callers translate them. */
const char *tb_rules_get_id (const TbRules *rules);
const char *tb_rules_get_name (const TbRules *rules);
const char *tb_rules_get_family (const TbRules *rules);
const char *tb_rules_get_summary (const TbRules *rules);
const char *tb_rules_get_credits (const TbRules *rules);
const char *tb_rules_get_duration (const TbRules *rules);
/* seat: 1 or 2. */
const char *tb_rules_get_seat_name (const TbRules *rules, guint seat);
gboolean tb_rules_has_starter_choice (const TbRules *rules);
gboolean tb_rules_keeps_score (const TbRules *rules);
gboolean tb_rules_plays_matches (const TbRules *rules);
/* Whether players lay pieces from a hand: tb_variant_hand() and
 * tb_variant_placement() then answer. */
gboolean tb_rules_has_hands (const TbRules *rules);
/* Whether the board turns: tb_variant_disc_turn() then answers. */
gboolean tb_rules_has_disc (const TbRules *rules);
/* The ruleset's options, *n_options of them (possibly none). */
const TbOptionSpec *tb_rules_get_options (const TbRules *rules, guint *n_options);

/* Variants. */
TbVariant *tb_variant_new (const TbRules *rules, const int *option_values, GError **error);
TbVariant *tb_variant_new_default (const TbRules *rules);
TbVariant *tb_variant_new_from_text (const char *ruleset_id, const char *options_text,
                                     GError **error);
TbVariant *tb_variant_ref (TbVariant *variant);
void tb_variant_unref (TbVariant *variant);
int tb_variant_get_option (const TbVariant *variant, const char *key);
char *tb_variant_options_to_text (const TbVariant *variant);
gboolean tb_variant_equal (const TbVariant *a, const TbVariant *b);
#define TB_TYPE_VARIANT (tb_variant_get_type ())
GType tb_variant_get_type (void) G_GNUC_CONST;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbVariant, tb_variant_unref)

/* Small helpers over the table. */
static inline guint64
tb_position_hash (const TbPosition *pos)
{
  return ((const TbPositionHeader *) pos)->hash;
}

static inline guint
tb_position_to_move (const TbPosition *pos)
{
  return ((const TbPositionHeader *) pos)->to_move;
}

TbPosition *tb_position_new (const TbVariant *variant);
TbPosition *tb_position_dup (const TbVariant *variant, const TbPosition *pos);
void tb_position_free (TbPosition *pos);

gboolean tb_variant_check_starter (const TbVariant *variant, guint starter, GError **error);
char *tb_variant_format_move (const TbVariant *variant, const TbPosition *pos, TbMove move);
/* The same, appended to out. */
void tb_variant_append_move (const TbVariant *variant, const TbPosition *pos, TbMove move,
                             GString *out);
/* Whether move is one of moves[0..n). */
static inline gboolean
tb_moves_contain (const TbMove *moves, guint n, TbMove move)
{
  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

/* Whether move is among the legal moves of pos (the end of the game
 * aside: see TbLine), with the ruleset's is_legal where it has one. */
gboolean tb_variant_is_legal (const TbVariant *variant, const TbPosition *pos, TbMove move);
/* Copy-make: out (position_size bytes) receives pos with move played;
 * move must be legal. */
void tb_variant_apply (const TbVariant *variant, const TbPosition *pos, TbMove move,
                       TbPosition *out);
/* Whether the game keeps points; if so fills scores (seat 1, seat 2),
 * else leaves them as they are and returns FALSE. */
gboolean tb_variant_score (const TbVariant *variant, const TbPosition *pos, int scores[2]);
/* Appends to out why move (well formed, not legal here) is illegal, in
 * the ruleset's few words; FALSE, and nothing appended, when the ruleset
 * cannot say. */
gboolean tb_variant_explain_illegal (const TbVariant *variant, const TbPosition *pos,
                                     TbMove move, GString *out);
char *tb_variant_format_position (const TbVariant *variant, const TbPosition *pos);
/* A new position read from text, or NULL and error. */
TbPosition *tb_variant_parse_position (const TbVariant *variant, const char *text,
                                       GError **error);

/* Showing a game: the board widget, the status line, tablier-cli show. */

/* The cell move starts from and the one it ends on (-1 where there is
 * none); -1, -1 for TB_MOVE_PASS, TB_MOVE_NONE or a game not shown. */
void tb_variant_move_cells (const TbVariant *variant, const TbPosition *pos, TbMove move,
                            int *from, int *to);
/* How many pieces of its stack move takes; 0 when moves never split. */
guint tb_variant_move_amount (const TbVariant *variant, const TbPosition *pos, TbMove move);
/* What happens on the board when move is played, in order; 0 effects for
 * a game not shown. */
guint tb_variant_move_effects (const TbVariant *variant, const TbPosition *pos, TbMove move,
                               TbEffect effects[TB_MAX_EFFECTS]);
/* The pieces of pos, for drawing; none for a game not shown. */
guint tb_variant_describe_pieces (const TbVariant *variant, const TbPosition *pos,
                                  TbPieceDesc pieces[TB_MAX_PIECES]);
/* How far the disc has turned, in eighths clockwise; 0 without a disc. */
int tb_variant_disc_turn (const TbVariant *variant, const TbPosition *pos);
/* How many of seat's pieces have reached their goal, out of how many;
 * FALSE, done and total untouched, when the game counts none. */
gboolean tb_variant_seat_progress (const TbVariant *variant, const TbPosition *pos, guint seat,
                                   guint *done, guint *total);
/* Appends a text picture of pos to out; nothing for a game not shown. */
void tb_variant_show (const TbVariant *variant, const TbPosition *pos, GString *out);

/* Games played from a hand (tb_rules_has_hands()). */

/* The shapes seat still holds, as bits; 0 without hands. */
guint32 tb_variant_hand (const TbVariant *variant, const TbPosition *pos, guint seat);
/* The move that lays shape turned turn quarters with the top-left of its
 * box on anchor (it may still be illegal); TB_MOVE_NONE when it would
 * leave the board, and without hands. */
TbMove tb_variant_placement (const TbVariant *variant, const TbPosition *pos, guint shape,
                             guint turn, int anchor);
/* The score in two parts: points on the board, and the opponent's pieces
 * left in hand; FALSE, board and bonus untouched, without hands. */
gboolean tb_variant_score_parts (const TbVariant *variant, const TbPosition *pos, int board[2],
                                 int bonus[2]);

const char *tb_result_to_string (TbResult result);
gboolean tb_result_from_string (const char *text, TbResult *result);
const char *tb_termination_to_string (TbTermination termination);
gboolean tb_termination_from_string (const char *text, TbTermination *termination);

G_END_DECLS
