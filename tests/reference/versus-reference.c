/* SPDX-License-Identifier: GPL-3.0-or-later */
/* versus-reference.c: an independent, deliberately simple reference
 * implementation of Versus (shared/rules/versus.md with every default,
 * plus the repetition addition of shared/rules/README.md).
 *
 * Clarity over speed: axial coordinates (q, r), loops over the 6
 * directions, positions as a small struct copied by value, whole-position
 * history kept as strings for the repetition rule.
 */
#include "versus-reference.h"

#include <string.h>

#define VR_MAX_RADIUS 5
#define VR_SIDE (2 * VR_MAX_RADIUS + 1)
#define VR_MAX_TARGETS 6

typedef struct
{
  int q;
  int r;
} VrPos;

/* The six directions of versus.md §3.2: E, W, NE, NW, SE, SW. */
static const VrPos vr_directions[6] = {
  { +1, 0 }, { -1, 0 }, { +1, -1 }, { 0, -1 }, { 0, +1 }, { -1, +1 },
};

typedef enum
{
  VR_EMPTY = 0,
  VR_VERSUS,
  VR_PAWN,
} VrKind;

typedef struct
{
  VrKind kind;
  int seat;       /* VERSUS: its owner; pawn: its controller (1 or 2) */
  int d;          /* pawn: portions of seat 1's colour, 0..5 */
  int streak[3];  /* pawn: streak[1], streak[2] of versus.md §7 (index 0 unused) */
} VrPiece;

typedef struct
{
  VrPos from;
  VrPos to;
} VrMove;

struct _VrGame
{
  int radius;
  int n_targets;
  VrPos targets[VR_MAX_TARGETS];
  VrPiece cells[VR_SIDE][VR_SIDE]; /* indexed [q + radius][r + radius] */
  int to_move;
  gboolean over;
  const char *result;
  const char *termination;
  GPtrArray *history; /* position keys (char *), the start and every position after a move */
};

/* ---------------------------------------------------------------- geometry */

static VrPos
pos_add (VrPos a, VrPos b)
{
  VrPos p = { a.q + b.q, a.r + b.r };
  return p;
}

static VrPos
pos_sub (VrPos a, VrPos b)
{
  VrPos p = { a.q - b.q, a.r - b.r };
  return p;
}

static gboolean
pos_equal (VrPos a, VrPos b)
{
  return a.q == b.q && a.r == b.r;
}

static gboolean
on_board (const VrGame *game, VrPos p)
{
  int s = -p.q - p.r;
  return ABS (p.q) <= game->radius && ABS (p.r) <= game->radius && ABS (s) <= game->radius;
}

static gboolean
is_target (const VrGame *game, VrPos p)
{
  for (int i = 0; i < game->n_targets; i++)
    if (pos_equal (game->targets[i], p))
      return TRUE;
  return FALSE;
}

/* The piece on p; p must be on the board. */
static VrPiece *
piece_at (VrGame *game, VrPos p)
{
  g_assert (on_board (game, p));
  return &game->cells[p.q + game->radius][p.r + game->radius];
}

static const VrPiece *
piece_at_const (const VrGame *game, VrPos p)
{
  g_assert (on_board (game, p));
  return &game->cells[p.q + game->radius][p.r + game->radius];
}

static gboolean
is_empty (const VrGame *game, VrPos p)
{
  return piece_at_const (game, p)->kind == VR_EMPTY;
}

/* ------------------------------------------------------------ cell names */

static char *
cell_name (const VrGame *game, VrPos p)
{
  return g_strdup_printf ("%c%d", 'a' + p.q + game->radius, game->radius - p.r + 1);
}

/* Parses exactly a cell name (lower case letter + decimal rank, no extra
 * characters) that lies on the board. */
static gboolean
parse_cell (const VrGame *game, const char *text, VrPos *out)
{
  if (text == NULL || text[0] < 'a' || text[0] > 'z')
    return FALSE;
  const char *digits = text + 1;
  if (*digits == '\0' || *digits == '0')
    return FALSE;
  int rank = 0;
  for (const char *c = digits; *c != '\0'; c++)
    {
      if (*c < '0' || *c > '9')
        return FALSE;
      rank = rank * 10 + (*c - '0');
      if (rank > 100)
        return FALSE;
    }
  VrPos p;
  p.q = (text[0] - 'a') - game->radius;
  p.r = game->radius + 1 - rank;
  if (!on_board (game, p))
    return FALSE;
  *out = p;
  return TRUE;
}

/* Accepts surrounding white space and upper case (NOTATION.md §3). */
static gboolean
parse_cell_lenient (const VrGame *game, const char *text, VrPos *out)
{
  if (text == NULL)
    return FALSE;
  char *copy = g_ascii_strdown (text, -1);
  g_strstrip (copy);
  gboolean ok = parse_cell (game, copy, out);
  g_free (copy);
  return ok;
}

/* ------------------------------------------------------------ pawn values */

/* versus.md §2.2: value of a pawn to a seat. */
static int
pawn_value (const VrPiece *pawn, int seat)
{
  return seat == 1 ? pawn->d : 5 - pawn->d;
}

/* versus.md §2.3 */
static int
pawn_dominant (const VrPiece *pawn)
{
  return pawn->d >= 3 ? 1 : 2;
}

/* ------------------------------------------------------------ position key */

/* The whole position as a string: what stands on each cell (pawns by d,
 * controller and both streak counters, not by identity), then the side to
 * move. */
static char *
position_key (const VrGame *game)
{
  GString *key = g_string_new (NULL);
  for (int q = -game->radius; q <= game->radius; q++)
    for (int r = -game->radius; r <= game->radius; r++)
      {
        VrPos p = { q, r };
        if (!on_board (game, p))
          continue;
        const VrPiece *piece = piece_at_const (game, p);
        switch (piece->kind)
          {
          case VR_EMPTY:
            g_string_append (key, ".");
            break;
          case VR_VERSUS:
            g_string_append_printf (key, "V%d", piece->seat);
            break;
          case VR_PAWN:
            g_string_append_printf (key, "P%d%d%d%d", piece->d, piece->seat,
                                    piece->streak[1], piece->streak[2]);
            break;
          default:
            g_assert_not_reached ();
          }
        g_string_append (key, "|");
      }
  g_string_append_printf (key, "to-move:%d", game->to_move);
  return g_string_free (key, FALSE);
}

/* ------------------------------------------------------------ creation */

static void
put_pawn (VrGame *game, VrPos p, int controller, int d)
{
  VrPiece *piece = piece_at (game, p);
  memset (piece, 0, sizeof *piece);
  piece->kind = VR_PAWN;
  piece->seat = controller;
  piece->d = d;
}

static void
put_versus (VrGame *game, VrPos p, int owner)
{
  VrPiece *piece = piece_at (game, p);
  memset (piece, 0, sizeof *piece);
  piece->kind = VR_VERSUS;
  piece->seat = owner;
}

VrGame *
vr_game_new (const char *ruleset_id)
{
  /* Each player's home row from his own left; 0 = VERSUS, k = pawn worth k
   * to its owner (versus.md §4, NOTATION.md §2.1). */
  static const int order61[] = { 1, 4, 0, 3, 2 };
  static const int order91[] = { 1, 4, 0, 5, 3, 2 };
  const int *order;
  int radius;

  if (g_strcmp0 (ruleset_id, "versus-61") == 0)
    {
      radius = 4;
      order = order61;
    }
  else if (g_strcmp0 (ruleset_id, "versus-91") == 0)
    {
      radius = 5;
      order = order91;
    }
  else
    return NULL;

  VrGame *game = g_new0 (VrGame, 1);
  game->radius = radius;

  /* Targets on the middle row r = 0 (versus.md §3.4): q = ±1, ±3 on the
   * 61 board, plus the corners q = ±5 on the 91 board. */
  static const int target_q61[] = { -3, -1, 1, 3 };
  static const int target_q91[] = { -5, -3, -1, 1, 3, 5 };
  const int *target_q = radius == 4 ? target_q61 : target_q91;
  game->n_targets = radius == 4 ? 4 : 6;
  for (int i = 0; i < game->n_targets; i++)
    {
      VrPos t = { target_q[i], 0 };
      game->targets[i] = t;
    }

  /* The home rows have radius + 1 cells. Seat 1 (south, r = +R) from
   * west to east: q = -R .. 0. Seat 2 (north, r = -R) from east to
   * west: q = R .. 0. */
  for (int i = 0; i <= radius; i++)
    {
      VrPos south = { -radius + i, radius };
      VrPos north = { radius - i, -radius };
      if (order[i] == 0)
        {
          put_versus (game, south, 1);
          put_versus (game, north, 2);
        }
      else
        {
          int k = order[i];
          put_pawn (game, south, 1, k);     /* worth k to seat 1: d = k */
          put_pawn (game, north, 2, 5 - k); /* worth k to seat 2: d = 5 - k */
        }
    }

  game->to_move = 1;
  game->over = FALSE;
  game->result = "*";
  game->termination = "";
  game->history = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (game->history, position_key (game));
  return game;
}

void
vr_game_free (VrGame *game)
{
  if (game == NULL)
    return;
  g_ptr_array_unref (game->history);
  g_free (game);
}

VrGame *
vr_game_copy (const VrGame *game)
{
  VrGame *copy = g_new (VrGame, 1);
  *copy = *game;
  copy->history = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < game->history->len; i++)
    g_ptr_array_add (copy->history, g_strdup (g_ptr_array_index (game->history, i)));
  return copy;
}

/* ------------------------------------------------------------ move generation */

/* All legal moves of `seat` in the current position (ignoring whether the
 * game is over). */
static GArray *
generate_moves (const VrGame *game, int seat)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (VrMove));
  for (int q = -game->radius; q <= game->radius; q++)
    for (int r = -game->radius; r <= game->radius; r++)
      {
        VrPos from = { q, r };
        if (!on_board (game, from))
          continue;
        const VrPiece *piece = piece_at_const (game, from);
        if (piece->kind == VR_EMPTY || piece->seat != seat)
          continue;

        if (piece->kind == VR_PAWN)
          {
            /* Pawns on targets are frozen (§5.4). */
            if (is_target (game, from))
              continue;
            /* One step to an adjacent empty cell, targets included (§5.3). */
            for (int k = 0; k < 6; k++)
              {
                VrPos to = pos_add (from, vr_directions[k]);
                if (on_board (game, to) && is_empty (game, to))
                  {
                    VrMove m = { from, to };
                    g_array_append_val (moves, m);
                  }
              }
          }
        else
          {
            /* VERSUS: slide over empty cells; may cross empty targets, may
             * not stop on one, never passes a piece (§5.5). */
            for (int k = 0; k < 6; k++)
              {
                VrPos to = pos_add (from, vr_directions[k]);
                while (on_board (game, to) && is_empty (game, to))
                  {
                    if (!is_target (game, to))
                      {
                        VrMove m = { from, to };
                        g_array_append_val (moves, m);
                      }
                    to = pos_add (to, vr_directions[k]);
                  }
              }
          }
      }
  return moves;
}

static gboolean
has_legal_move (const VrGame *game, int seat)
{
  GArray *moves = generate_moves (game, seat);
  gboolean any = moves->len > 0;
  g_array_unref (moves);
  return any;
}

/* ------------------------------------------------------------ scoring */

static void
compute_score (const VrGame *game, int *seat1, int *seat2)
{
  int score[3] = { 0, 0, 0 };
  for (int i = 0; i < game->n_targets; i++)
    {
      const VrPiece *piece = piece_at_const (game, game->targets[i]);
      if (piece->kind == VR_PAWN)
        score[piece->seat] += pawn_value (piece, piece->seat);
    }
  *seat1 = score[1];
  *seat2 = score[2];
}

static int
compare_int_desc (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a;
  int y = *(const int *) b;
  return (x < y) - (x > y);
}

/* versus.md §8.1 item 2: the most seat `trailing` could still reach. */
static int
max_reachable (const VrGame *game, int trailing, int current)
{
  int empty_targets = 0;
  for (int i = 0; i < game->n_targets; i++)
    if (is_empty (game, game->targets[i]))
      empty_targets++;

  GArray *values = g_array_new (FALSE, FALSE, sizeof (int));
  for (int q = -game->radius; q <= game->radius; q++)
    for (int r = -game->radius; r <= game->radius; r++)
      {
        VrPos p = { q, r };
        if (!on_board (game, p) || is_target (game, p))
          continue;
        const VrPiece *piece = piece_at_const (game, p);
        if (piece->kind == VR_PAWN)
          {
            int v = pawn_value (piece, trailing);
            g_array_append_val (values, v);
          }
      }
  g_array_sort (values, compare_int_desc);

  int total = current;
  for (guint i = 0; i < values->len && (int) i < empty_targets; i++)
    total += g_array_index (values, int, i);
  g_array_unref (values);
  return total;
}

/* ------------------------------------------------------------ playing */

/* Applies a legal move for the side to move, then the attraction, the
 * streak update, the change of side, the history and the end checks. */
static void
apply_move (VrGame *game, VrMove move)
{
  int mover = game->to_move;
  int opponent = 3 - mover;

  VrPiece moving = *piece_at (game, move.from);
  memset (piece_at (game, move.from), 0, sizeof (VrPiece));
  *piece_at (game, move.to) = moving;

  /* attracted[q][r]: a pawn pulled this turn now stands here. */
  gboolean attracted[VR_SIDE][VR_SIDE];
  memset (attracted, 0, sizeof attracted);

  if (moving.kind == VR_VERSUS)
    {
      /* versus.md §6, one ray at a time. */
      VrPos v = move.to;
      for (int k = 0; k < 6; k++)
        {
          VrPos e = vr_directions[k];
          VrPos x = pos_add (v, e);
          int dist = 1;
          while (on_board (game, x) && is_empty (game, x))
            {
              x = pos_add (x, e);
              dist++;
            }
          if (!on_board (game, x))
            continue;
          VrPiece *piece = piece_at (game, x);
          if (piece->kind != VR_PAWN)
            continue;
          if (piece->seat == mover)
            continue;
          if (is_target (game, x))
            continue;
          if (dist == 1)
            continue;
          /* §7: the non-dominant player gives way after two consecutive
           * attractions of his own. */
          if (pawn_dominant (piece) != mover && piece->streak[mover] >= 2)
            continue;

          VrPos dest = pos_sub (x, e);
          VrPiece pulled = *piece;
          memset (piece, 0, sizeof (VrPiece));
          pulled.seat = mover; /* flipped */
          *piece_at (game, dest) = pulled;
          attracted[dest.q + game->radius][dest.r + game->radius] = TRUE;
        }
    }

  /* §7 streak update: +1 (max 2) for every pawn the mover attracted this
   * turn, 0 for every other pawn (including a spared one). */
  for (int q = -game->radius; q <= game->radius; q++)
    for (int r = -game->radius; r <= game->radius; r++)
      {
        VrPos p = { q, r };
        if (!on_board (game, p))
          continue;
        VrPiece *piece = piece_at (game, p);
        if (piece->kind != VR_PAWN)
          continue;
        if (attracted[q + game->radius][r + game->radius])
          piece->streak[mover] = MIN (2, piece->streak[mover] + 1);
        else
          piece->streak[mover] = 0;
      }

  game->to_move = opponent;
  char *key = position_key (game);
  g_ptr_array_add (game->history, key);

  /* End checks, versus.md §8.1 order, then the repetition addition. */
  int s1, s2;
  compute_score (game, &s1, &s2);

  gboolean all_filled = TRUE;
  for (int i = 0; i < game->n_targets; i++)
    if (piece_at (game, game->targets[i])->kind != VR_PAWN)
      all_filled = FALSE;

  gboolean unreachable = FALSE;
  if (s1 > s2 && s1 > max_reachable (game, 2, s2))
    unreachable = TRUE;
  if (s2 > s1 && s2 > max_reachable (game, 1, s1))
    unreachable = TRUE;

  guint occurrences = 0;
  for (guint i = 0; i < game->history->len; i++)
    if (strcmp (g_ptr_array_index (game->history, i), key) == 0)
      occurrences++;

  if (all_filled)
    game->termination = "targets-filled";
  else if (unreachable)
    game->termination = "unreachable-lead";
  else if (!has_legal_move (game, game->to_move))
    game->termination = "no-moves";
  else if (occurrences >= 3)
    game->termination = "repetition";
  else
    return;

  game->over = TRUE;
  if (s1 > s2)
    game->result = "1-0";
  else if (s2 > s1)
    game->result = "0-1";
  else
    game->result = "1/2-1/2";
}

gboolean
vr_game_play (VrGame *game, const char *token)
{
  if (game == NULL || token == NULL || game->over)
    return FALSE;

  char *copy = g_ascii_strdown (token, -1);
  g_strstrip (copy);
  char **parts = g_strsplit (copy, "-", -1);
  g_free (copy);

  VrMove move;
  gboolean ok = g_strv_length (parts) == 2
                && parse_cell (game, parts[0], &move.from)
                && parse_cell (game, parts[1], &move.to);
  g_strfreev (parts);
  if (!ok)
    return FALSE;

  gboolean legal = FALSE;
  GArray *moves = generate_moves (game, game->to_move);
  for (guint i = 0; i < moves->len; i++)
    {
      VrMove m = g_array_index (moves, VrMove, i);
      if (pos_equal (m.from, move.from) && pos_equal (m.to, move.to))
        legal = TRUE;
    }
  g_array_unref (moves);
  if (!legal)
    return FALSE;

  apply_move (game, move);
  return TRUE;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
vr_game_legal (VrGame *game)
{
  GPtrArray *tokens = g_ptr_array_new ();
  if (!game->over)
    {
      GArray *moves = generate_moves (game, game->to_move);
      for (guint i = 0; i < moves->len; i++)
        {
          VrMove m = g_array_index (moves, VrMove, i);
          char *from = cell_name (game, m.from);
          char *to = cell_name (game, m.to);
          g_ptr_array_add (tokens, g_strdup_printf ("%s-%s", from, to));
          g_free (from);
          g_free (to);
        }
      g_array_unref (moves);
    }
  g_ptr_array_sort (tokens, compare_strings);
  g_ptr_array_add (tokens, NULL);
  return (char **) g_ptr_array_free (tokens, FALSE);
}

gboolean
vr_game_is_over (VrGame *game)
{
  return game->over;
}

const char *
vr_game_result (VrGame *game)
{
  return game->result;
}

const char *
vr_game_termination (VrGame *game)
{
  return game->termination;
}

void
vr_game_score (VrGame *game, int *seat1, int *seat2)
{
  int s1, s2;
  compute_score (game, &s1, &s2);
  if (seat1 != NULL)
    *seat1 = s1;
  if (seat2 != NULL)
    *seat2 = s2;
}

int
vr_game_to_move (VrGame *game)
{
  return game->to_move;
}

guint64
vr_game_perft (VrGame *game, int depth)
{
  if (depth <= 0)
    return 1;
  if (game->over)
    return 0;

  guint64 total = 0;
  GArray *moves = generate_moves (game, game->to_move);
  for (guint i = 0; i < moves->len; i++)
    {
      VrGame *child = vr_game_copy (game);
      apply_move (child, g_array_index (moves, VrMove, i));
      total += vr_game_perft (child, depth - 1);
      vr_game_free (child);
    }
  g_array_unref (moves);
  return total;
}

char *
vr_game_cell_contents (VrGame *game, const char *cell)
{
  VrPos p;
  if (!parse_cell_lenient (game, cell, &p))
    return NULL;
  const VrPiece *piece = piece_at_const (game, p);
  switch (piece->kind)
    {
    case VR_EMPTY:
      return g_strdup ("");
    case VR_VERSUS:
      return g_strdup_printf ("V%d", piece->seat);
    case VR_PAWN:
      return g_strdup_printf ("P%d:%d", piece->d, piece->seat);
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

int
vr_game_streak (VrGame *game, const char *cell, int seat)
{
  VrPos p;
  if ((seat != 1 && seat != 2) || !parse_cell_lenient (game, cell, &p))
    return -1;
  const VrPiece *piece = piece_at_const (game, p);
  if (piece->kind != VR_PAWN)
    return -1;
  return piece->streak[seat];
}
