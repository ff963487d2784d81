/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-table.h: the table each ruleset fills, seen by the core alone
 *
 * Outside src/core a ruleset is an opaque TbRules, asked through the
 * accessors of tb-rules.h, which answer for the hooks a game lacks.  The
 * rulesets fill this table, and the core's hot paths (the AI, TbLine,
 * perft, reading records) call it directly: one indirection less per move
 * counts there.  This folder is in the core library's include path but not
 * in the one libtablier_core_dep gives the UI and the CLI, so a `rules->`
 * there does not compile.
 */
#pragma once

#include <string.h>

#include "tb-rules.h"

G_BEGIN_DECLS

/* For games where players lay pieces from a hand (Retournement: the
 * board's shapes). */
typedef struct
{
  /* The shapes seat still holds, as bits. */
  guint32 (*hand) (const TbVariant *v, const TbPosition *pos, guint seat);
  /* The move that lays shape, turned turn quarters, with the top-left of
   * its box on anchor; TB_MOVE_NONE when it would leave the board (the
   * move may still be illegal). */
  TbMove (*placement) (const TbVariant *v, const TbPosition *pos, guint shape, guint turn,
                       int anchor);
  /* The score in its two parts: the points on the board and those of the
   * opponent's pieces left in hand. */
  void (*score_parts) (const TbVariant *v, const TbPosition *pos, int board[2], int bonus[2]);
} TbHandRules;

/* For games played on a turning disc (Oraïa). */
typedef struct
{
  /* How far the disc has turned, in eighths clockwise; cells marked
   * TB_MARK_DISC are drawn turned by that much. */
  int (*disc_turn) (const TbVariant *v, const TbPosition *pos);
} TbDiscRules;

/* What only showing the game needs: the board widget, the status line and
 * tablier-cli show.  Nothing that decides a game goes here. */
typedef struct
{
  /* Which cell a move starts from and ends on, for click-to-move (never
   * called with TB_MOVE_NONE or TB_MOVE_PASS); -1 where there is none. */
  void (*move_cells) (const TbVariant *v, const TbPosition *pos, TbMove move,
                      int *from, int *to);
  /* Optional: how many pieces of the stack on from the move takes (RA);
   * NULL when moves never split a piece. */
  guint (*move_amount) (const TbVariant *v, const TbPosition *pos, TbMove move);

  /* What happens on the board when move is played from pos. */
  guint (*move_effects) (const TbVariant *v, const TbPosition *pos, TbMove move,
                         TbEffect effects[TB_MAX_EFFECTS]);

  /* The pieces of pos, for drawing. */
  guint (*describe_pieces) (const TbVariant *v, const TbPosition *pos,
                            TbPieceDesc pieces[TB_MAX_PIECES]);

  /* Optional: how many of a seat's pieces have reached their goal, out of
   * how many (Oraïa: pawns home). */
  void (*seat_progress) (const TbVariant *v, const TbPosition *pos, guint seat, guint *done,
                         guint *total);

  /* A text picture of pos, for tablier-cli show. */
  void (*show) (const TbVariant *v, const TbPosition *pos, GString *out);
} TbPresentationRules;

/* Copies a position of size bytes (a multiple of 8, known at compile
 * time) 16 bytes at a time: the apply of the hot rulesets copies one a
 * move, and memcpy of a few hundred bytes became `rep movs`, slow to
 * start. */
static inline void
tb_position_copy (void *out, const void *pos, gsize size)
{
  guint8 *to = out;
  const guint8 *from = pos;
  gsize i;

#pragma GCC unroll 32
  for (i = 0; i + 16 <= size; i += 16)
    __builtin_memcpy (to + i, from + i, 16);
  if (size % 16)
    __builtin_memcpy (to + i, from + i, 8);
}

/* What a ruleset's count_moves leaves for its nth_move: partial counts
 * of its own choosing (RA: the moves of each stack). */
#define TB_MOVE_COUNT_PARTS 64
typedef struct
{
  guint16 part[TB_MOVE_COUNT_PARTS];
} TbMoveCounts;

/* Bit counts without the POPCNT instruction, which the baseline x86-64
 * of the distributions lacks (__builtin_popcountll would call libgcc's
 * table walk, slower than these few operations). */
static inline guint
tb_popcount64 (guint64 x)
{
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) +
      ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f);
  return (guint) ((x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* The few functions where an engine counts bits, compiled twice: for
 * x86-64 processors with the POPCNT instruction (every one made since
 * about 2010) and for the baseline x86-64 the distributions build for;
 * the loader picks one (an ifunc).  In the first, tb_hot_popcount64 is
 * that one instruction; in the baseline, libgcc's table walk. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define TB_HOT_CLONES __attribute__ ((target_clones ("popcnt", "default")))
#else
#define TB_HOT_CLONES
#endif

/* Bit counts in a TB_HOT_CLONES function (elsewhere, tb_popcount64). */
static inline guint
tb_hot_popcount64 (guint64 x)
{
  return (guint) __builtin_popcountll (x);
}

/* For nth_move: which of n counts the index *i falls in (the sum of the
 * counts must be above it), and *i made relative to that part, without a
 * branch on the counts: random indices would mispredict at every step. */
static inline guint
tb_select_part (const guint16 *counts, guint n, guint *i)
{
  guint sum = 0, chosen = 0, before = 0;

  for (guint k = 0; k < n; k++)
    {
      guint passed;

      sum += counts[k];
      passed = sum <= *i;
      chosen += passed;
      before = passed ? sum : before;
    }
  *i -= before;
  return chosen;
}

/* The same from where each part starts (starts[0] = 0, nondecreasing;
 * a part past the last holds a start above every index): the comparisons
 * do not wait on one another's sums, as tb_select_part's do. */
static inline guint
tb_select_start (const guint16 *starts, guint n, guint *i)
{
  guint k = 0;

  for (guint j = 1; j < n; j++)
    k += starts[j] <= *i;
  *i -= starts[k];
  return k;
}

/* The same over 16 starts at once, in two vector comparisons (SSE2 on
 * x86-64, what the target offers elsewhere): starts[0] = 0, and every
 * start below TB_START_PAST, which pads the parts past the last. */
#define TB_START_PAST G_MAXINT16
typedef gint16 TbStartLanes __attribute__ ((vector_size (16)));

static inline guint
tb_select_start16 (const guint16 *starts, guint *i)
{
  TbStartLanes low, high, below;
  guint64 halves[2], sum;

  memcpy (&low, starts, sizeof low);
  memcpy (&high, starts + 8, sizeof high);
  /* Each lane -1 where the start is at or below *i: two per lane at most. */
  below = (TbStartLanes) (low <= (gint16) *i) + (TbStartLanes) (high <= (gint16) *i);
  below = -below;
  memcpy (halves, &below, sizeof halves);
  sum = halves[0] + halves[1];
  sum = (sum * G_GUINT64_CONSTANT (0x0001000100010001)) >> 48;
  *i -= starts[sum - 1];
  return (guint) sum - 1;
}

struct _TbRules
{
  const char *id;            /* "versus-61": the Game tag and the CLI name */
  const char *name;          /* N_("Versus (61 hexes)"), translated by the caller */
  const char *family;        /* "versus": the rules help page and the thumbnail */
  const char *summary;       /* N_("4 targets, …"): one line for the game picker */
  const char *credits;       /* N_("Michel Pinon · Asyncron Games · 2008"): authors, publisher, year */
  const char *duration;      /* N_("20 to 30 minutes"): how long a game lasts */
  const char *seat_names[2]; /* N_("Dark"), N_("Light") */
  gboolean starter_choice;   /* seat 2 may start (RA, Oraïa) */
  gboolean keeps_score;      /* prints score: and writes the Score tag */
  gboolean plays_matches;    /* games follow one another in a match (RA) */

  /* The options; "repetition" and "move-limit", where a ruleset has them,
   * are the additions of rules/README.md that tb_variant_new() applies. */
  const TbOptionSpec *options;
  guint n_options;

  gsize position_size;       /* bytes of the ruleset's position struct */

  /* Build the ruleset's precomputed tables for these option values into
   * variant->data, and set variant->max_moves and variant->board; returns
   * FALSE with error when the combination is not allowed.  What every
   * ruleset does alike, tb_variant_new() does. */
  gboolean (*variant_init) (TbVariant *variant, GError **error);
  /* Optional: frees variant->data; NULL when g_free() is enough. */
  void (*variant_clear) (TbVariant *variant);

  void (*start) (const TbVariant *v, guint starter, TbPosition *out);

  /* Writes every legal move into moves (room for v->max_moves) and returns
   * how many; never allocates.  Does not look at the end of the game:
   * callers ask outcome() first (TbLine does). */
  guint (*legal_moves) (const TbVariant *v, const TbPosition *pos, TbMove *moves);

  /* Optional, together: how many moves legal_moves() writes, and then the
   * i-th of them (i < that count), without writing the list: a random
   * playout picks one move a ply, and counting is cheaper than listing.
   * count_moves leaves in counts what nth_move needs to go straight to
   * its move (per piece, say); tb_line_count_moves() and
   * tb_line_nth_move() list where they are missing.  Must agree with
   * legal_moves() exactly, order included; tests/test-is-legal.c holds
   * every ruleset to it. */
  guint (*count_moves) (const TbVariant *v, const TbPosition *pos, TbMoveCounts *counts);
  TbMove (*nth_move) (const TbVariant *v, const TbPosition *pos, const TbMoveCounts *counts,
                      guint i);

  /* Optional: whether move (never TB_MOVE_PASS) is one legal_moves()
   * writes, found without making them all (reading records checks every
   * move: the moving piece's moves are enough).  Must agree with
   * legal_moves() exactly; tests/test-is-legal.c holds every ruleset to
   * it.  tb_variant_is_legal() makes the list where it is missing. */
  gboolean (*is_legal) (const TbVariant *v, const TbPosition *pos, TbMove move);

  /* Copy-make: out receives pos with move played; move must be legal. */
  void (*apply) (const TbVariant *v, const TbPosition *pos, TbMove move, TbPosition *out);

  /* Ends that depend on the position alone, given how many legal moves the
   * side to move has (only whether it is 0 may matter: callers that know
   * of one legal move pass 1).  Returns TRUE and fills out when the game
   * is over. */
  gboolean (*outcome) (const TbVariant *v, const TbPosition *pos, guint n_legal, TbOutcome *out);

  /* The result when an addition of rules/README.md ends the game: a
   * position occurs for the third time (termination `repetition`), or the
   * move limit is reached (TbLine then names the end `move-limit`). */
  void (*repetition_outcome) (const TbVariant *v, const TbPosition *pos, TbOutcome *out);

  /* scores[0] for seat 1, scores[1] for seat 2; only when keeps_score. */
  void (*score) (const TbVariant *v, const TbPosition *pos, int scores[2]);

  /* Canonical move text (NOTATION.md §3) and its reader.  parse_move
   * understands the accepted forms; it does not check legality. */
  void (*format_move) (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out);
  gboolean (*parse_move) (const TbVariant *v, const TbPosition *pos, const char *text,
                          TbMove *move, GError **error);

  /* Optional: says why move (well formed, but not in the legal list) is
   * illegal, in a few words: "the VERSUS cannot stop on a target". */
  void (*explain_illegal) (const TbVariant *v, const TbPosition *pos, TbMove move,
                           GString *out);

  /* A position as one line of text and back: scripted positions of the
   * tests and of the rules help.  Format per ruleset (see its file). */
  void (*format_position) (const TbVariant *v, const TbPosition *pos, GString *out);
  gboolean (*parse_position) (const TbVariant *v, const char *text, TbPosition *out,
                              GError **error);

  /* Optional, for the computer players: how good pos is for the side to
   * move, in hundredths of a point (a pawn on a target, a pawn kept, a
   * piece's value): positive when it is ahead.  Only used away from the
   * end of the game, whose result the search scores itself. */
  int (*evaluate) (const TbVariant *v, const TbPosition *pos);
  /* Optional, for the computer players: whether move (legal in pos,
   * never TB_MOVE_PASS) changes what evaluate() cannot foresee: a capture,
   * an entry, a pull onto or off a target.  The search follows these
   * moves past its horizon (quiescence), so that it does not judge a
   * position in the middle of an exchange.  NULL: none are. */
  gboolean (*is_tactical) (const TbVariant *v, const TbPosition *pos, TbMove move);

  /* Every ruleset is shown; the accessors still answer without it. */
  const TbPresentationRules *presentation;
  /* NULL for games without a hand of pieces to lay. */
  const TbHandRules *hands;
  /* NULL for games without a turning disc. */
  const TbDiscRules *disc;
};

G_END_DECLS
