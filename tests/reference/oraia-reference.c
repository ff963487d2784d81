/* SPDX-License-Identifier: GPL-3.0-or-later */
/* oraia-reference.c: an independent, deliberately simple reference
 * implementation of Oraïa (shared/rules/oraia.md with its defaults and four
 * option flags, plus the passing rule, the blocked game and the repetition
 * addition of shared/rules/README.md).
 *
 * Clarity over speed: the adjacencies and the collinear triples are written
 * out cell by cell from oraia.md §1.3 (and the pinwheel reading in the
 * header); a position is a small struct copied by value; moves are generated
 * by a plain depth-first search over the hops; the whole position history is
 * kept for the repetition rule.
 */
#include "oraia-reference.h"

#include <string.h>

/* ---------------------------------------------------------------- cells */

/* Cell indices: P0..P7 = 0..7, C = 8, I0..I7 = 9..16, O0..O7 = 17..24. */
#define OR_P(s) (s)
#define OR_C 8
#define OR_I(k) (9 + (k))
#define OR_O(k) (17 + (k))
#define OR_N_CELLS 25

static const char *const or_cell_names[OR_N_CELLS] = {
  "P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7",
  "C",
  "I0", "I1", "I2", "I3", "I4", "I5", "I6", "I7",
  "O0", "O1", "O2", "O3", "O4", "O5", "O6", "O7",
};

static gboolean
is_crown (int cell)
{
  return cell >= OR_P (0) && cell <= OR_P (7);
}

static gboolean
is_inner (int cell)
{
  return cell >= OR_I (0) && cell <= OR_I (7);
}

static gboolean
is_outer (int cell)
{
  return cell >= OR_O (0) && cell <= OR_O (7);
}

/* Exact upper-case name -> index, or -1. */
static int
cell_index (const char *name)
{
  for (int c = 0; c < OR_N_CELLS; c++)
    if (strcmp (name, or_cell_names[c]) == 0)
      return c;
  return -1;
}

/* Name in any case, surrounding white space allowed -> index, or -1. */
static int
cell_index_lenient (const char *name)
{
  if (name == NULL)
    return -1;
  char *up = g_ascii_strup (name, -1);
  g_strstrip (up);
  int c = cell_index (up);
  g_free (up);
  return c;
}

/* NOTATION.md §2.3: seat 1 starts on P0 P2 P4 P6, seat 2 on P1 P3 P5 P7. */
static gboolean
is_start_of (int cell, int seat)
{
  if (!is_crown (cell))
    return FALSE;
  return seat == 1 ? cell % 2 == 0 : cell % 2 == 1;
}

static int
mod8 (int x)
{
  return ((x % 8) + 8) % 8;
}

/* oraia.md §1.5: O_k faces P_{(k+r) mod 8}. */
static int
crown_facing_outer (int k, int rotation)
{
  return OR_P (mod8 (k + rotation));
}

/* ... and P_s faces O_{(s-r) mod 8}: returns that k. */
static int
spoke_facing_crown (int s, int rotation)
{
  return mod8 (s - rotation);
}

/* ------------------------------------------------------------ geometry */

/* Lines, for strict_single_line. */
enum
{
  OR_LINE_D0 = 0, /* diameter k = 0..3: OR_LINE_D0 + k */
  OR_LINE_INNER = 4,
  OR_LINE_OUTER = 5,
  OR_LINE_ARM0 = 6, /* pinwheel arm k = 0..7: OR_LINE_ARM0 + k */
};

typedef struct
{
  const char *a;
  const char *b;
} OrEdgeSpec;

typedef struct
{
  const char *a;
  const char *b; /* the jumped cell */
  const char *c;
  int line;
} OrTripleSpec;

/* oraia.md §1.3, spider web: the disc adjacencies (the crown is handled
 * separately because it depends on the rotation). */
static const OrEdgeSpec spider_edges[] = {
  /* straight: C - I_k */
  { "C", "I0" }, { "C", "I1" }, { "C", "I2" }, { "C", "I3" },
  { "C", "I4" }, { "C", "I5" }, { "C", "I6" }, { "C", "I7" },
  /* straight: I_k - O_k */
  { "I0", "O0" }, { "I1", "O1" }, { "I2", "O2" }, { "I3", "O3" },
  { "I4", "O4" }, { "I5", "O5" }, { "I6", "O6" }, { "I7", "O7" },
  /* curved: inner circle */
  { "I0", "I1" }, { "I1", "I2" }, { "I2", "I3" }, { "I3", "I4" },
  { "I4", "I5" }, { "I5", "I6" }, { "I6", "I7" }, { "I7", "I0" },
  /* curved: outer circle */
  { "O0", "O1" }, { "O1", "O2" }, { "O2", "O3" }, { "O3", "O4" },
  { "O4", "O5" }, { "O5", "O6" }, { "O6", "O7" }, { "O7", "O0" },
};

/* oraia.md §1.3, spider web: the collinear triples (each used both ways). */
static const OrTripleSpec spider_triples[] = {
  /* spokes O_k, I_k, C: diameter k mod 4 */
  { "O0", "I0", "C", OR_LINE_D0 + 0 }, { "O1", "I1", "C", OR_LINE_D0 + 1 },
  { "O2", "I2", "C", OR_LINE_D0 + 2 }, { "O3", "I3", "C", OR_LINE_D0 + 3 },
  { "O4", "I4", "C", OR_LINE_D0 + 0 }, { "O5", "I5", "C", OR_LINE_D0 + 1 },
  { "O6", "I6", "C", OR_LINE_D0 + 2 }, { "O7", "I7", "C", OR_LINE_D0 + 3 },
  /* through the centre: I_k, C, I_{k+4} */
  { "I0", "C", "I4", OR_LINE_D0 + 0 }, { "I1", "C", "I5", OR_LINE_D0 + 1 },
  { "I2", "C", "I6", OR_LINE_D0 + 2 }, { "I3", "C", "I7", OR_LINE_D0 + 3 },
  /* inner arc I_{k-1}, I_k, I_{k+1} */
  { "I7", "I0", "I1", OR_LINE_INNER }, { "I0", "I1", "I2", OR_LINE_INNER },
  { "I1", "I2", "I3", OR_LINE_INNER }, { "I2", "I3", "I4", OR_LINE_INNER },
  { "I3", "I4", "I5", OR_LINE_INNER }, { "I4", "I5", "I6", OR_LINE_INNER },
  { "I5", "I6", "I7", OR_LINE_INNER }, { "I6", "I7", "I0", OR_LINE_INNER },
  /* outer arc O_{k-1}, O_k, O_{k+1} */
  { "O7", "O0", "O1", OR_LINE_OUTER }, { "O0", "O1", "O2", OR_LINE_OUTER },
  { "O1", "O2", "O3", OR_LINE_OUTER }, { "O2", "O3", "O4", OR_LINE_OUTER },
  { "O3", "O4", "O5", OR_LINE_OUTER }, { "O4", "O5", "O6", OR_LINE_OUTER },
  { "O5", "O6", "O7", OR_LINE_OUTER }, { "O6", "O7", "O0", OR_LINE_OUTER },
};

/* Pinwheel (header): spokes and diameters as above, no circles, 8 arms
 * O_k - I_{k+1} - C. */
static const OrEdgeSpec pinwheel_edges[] = {
  /* straight: C - I_k */
  { "C", "I0" }, { "C", "I1" }, { "C", "I2" }, { "C", "I3" },
  { "C", "I4" }, { "C", "I5" }, { "C", "I6" }, { "C", "I7" },
  /* straight: I_k - O_k */
  { "I0", "O0" }, { "I1", "O1" }, { "I2", "O2" }, { "I3", "O3" },
  { "I4", "O4" }, { "I5", "O5" }, { "I6", "O6" }, { "I7", "O7" },
  /* curved arms: O_k - I_{k+1} (the arm goes on along I_{k+1} - C) */
  { "O0", "I1" }, { "O1", "I2" }, { "O2", "I3" }, { "O3", "I4" },
  { "O4", "I5" }, { "O5", "I6" }, { "O6", "I7" }, { "O7", "I0" },
};

static const OrTripleSpec pinwheel_triples[] = {
  /* spokes O_k, I_k, C: diameter k mod 4 */
  { "O0", "I0", "C", OR_LINE_D0 + 0 }, { "O1", "I1", "C", OR_LINE_D0 + 1 },
  { "O2", "I2", "C", OR_LINE_D0 + 2 }, { "O3", "I3", "C", OR_LINE_D0 + 3 },
  { "O4", "I4", "C", OR_LINE_D0 + 0 }, { "O5", "I5", "C", OR_LINE_D0 + 1 },
  { "O6", "I6", "C", OR_LINE_D0 + 2 }, { "O7", "I7", "C", OR_LINE_D0 + 3 },
  /* through the centre: I_k, C, I_{k+4} */
  { "I0", "C", "I4", OR_LINE_D0 + 0 }, { "I1", "C", "I5", OR_LINE_D0 + 1 },
  { "I2", "C", "I6", OR_LINE_D0 + 2 }, { "I3", "C", "I7", OR_LINE_D0 + 3 },
  /* arms O_k, I_{k+1}, C: arm k */
  { "O0", "I1", "C", OR_LINE_ARM0 + 0 }, { "O1", "I2", "C", OR_LINE_ARM0 + 1 },
  { "O2", "I3", "C", OR_LINE_ARM0 + 2 }, { "O3", "I4", "C", OR_LINE_ARM0 + 3 },
  { "O4", "I5", "C", OR_LINE_ARM0 + 4 }, { "O5", "I6", "C", OR_LINE_ARM0 + 5 },
  { "O6", "I7", "C", OR_LINE_ARM0 + 6 }, { "O7", "I0", "C", OR_LINE_ARM0 + 7 },
};

#define OR_MAX_TRIPLES 64

typedef struct
{
  int a;
  int b;
  int c;
  int line;
} OrTriple;

/* The geometry in index form: adjacency matrix of the disc, and every
 * directed triple (a over b to c). */
typedef struct
{
  gboolean adjacent[OR_N_CELLS][OR_N_CELLS];
  OrTriple triples[OR_MAX_TRIPLES];
  int n_triples;
} OrGeometry;

static void
build_geometry (OrGeometry *geo, gboolean pinwheel)
{
  memset (geo, 0, sizeof *geo);
  const OrEdgeSpec *edges = pinwheel ? pinwheel_edges : spider_edges;
  gsize n_edges = pinwheel ? G_N_ELEMENTS (pinwheel_edges) : G_N_ELEMENTS (spider_edges);
  const OrTripleSpec *triples = pinwheel ? pinwheel_triples : spider_triples;
  gsize n_triples = pinwheel ? G_N_ELEMENTS (pinwheel_triples) : G_N_ELEMENTS (spider_triples);

  for (gsize i = 0; i < n_edges; i++)
    {
      int a = cell_index (edges[i].a);
      int b = cell_index (edges[i].b);
      g_assert (a >= 0 && b >= 0 && a != b);
      g_assert (!geo->adjacent[a][b]);
      geo->adjacent[a][b] = TRUE;
      geo->adjacent[b][a] = TRUE;
    }
  for (gsize i = 0; i < n_triples; i++)
    {
      int a = cell_index (triples[i].a);
      int b = cell_index (triples[i].b);
      int c = cell_index (triples[i].c);
      g_assert (a >= 0 && b >= 0 && c >= 0);
      /* A triple is two consecutive segments of one drawn line. */
      g_assert (geo->adjacent[a][b] && geo->adjacent[b][c] && !geo->adjacent[a][c]);
      g_assert (geo->n_triples + 2 <= OR_MAX_TRIPLES);
      OrTriple forward = { a, b, c, triples[i].line };
      OrTriple backward = { c, b, a, triples[i].line };
      geo->triples[geo->n_triples++] = forward;
      geo->triples[geo->n_triples++] = backward;
    }
}

/* ------------------------------------------------------------ positions */

/* One position: what stands where, the rotation, who is to move and
 * whether this is the equal-tempo extra turn. */
typedef struct
{
  int owner[OR_N_CELLS];        /* 0 empty, else 1 or 2 */
  gboolean charged[OR_N_CELLS]; /* FALSE when empty */
  int rotation;                 /* 0..7 */
  int to_move;
  gboolean extra_turn;
} OrPosition;

static gboolean
positions_equal (const OrPosition *a, const OrPosition *b)
{
  for (int c = 0; c < OR_N_CELLS; c++)
    if (a->owner[c] != b->owner[c] || a->charged[c] != b->charged[c])
      return FALSE;
  return a->rotation == b->rotation && a->to_move == b->to_move
         && a->extra_turn == b->extra_turn;
}

/* Pawns of seat on the opponent's start positions. */
static int
home_count (const OrPosition *pos, int seat)
{
  int n = 0;
  for (int c = OR_P (0); c <= OR_P (7); c++)
    if (pos->owner[c] == seat && is_start_of (c, 3 - seat))
      n++;
  return n;
}

/* ------------------------------------------------------------ moves */

#define OR_MAX_PATH 32

typedef struct
{
  gboolean pass;
  int n;                 /* cells in path: 2 for a step, 1 + hops for a chain */
  int path[OR_MAX_PATH]; /* path[0] = the pawn's cell, then every landing cell */
  int turn;              /* 0, +1 (=R) or -1 (=L); only when the move ends on C */
} OrMove;

struct _OrGame
{
  OrPosition pos;
  OrFlags flags;
  OrGeometry geo;
  int starter;
  gboolean over;
  const char *result;
  const char *termination;
  GArray *history; /* OrPosition: the first position and every one after a ply */
};

static char *
move_token (const OrMove *m)
{
  if (m->pass)
    return g_strdup ("pass");
  GString *s = g_string_new (NULL);
  for (int i = 0; i < m->n; i++)
    {
      if (i > 0)
        g_string_append_c (s, '-');
      g_string_append (s, or_cell_names[m->path[i]]);
    }
  if (m->turn == +1)
    g_string_append (s, "=R");
  else if (m->turn == -1)
    g_string_append (s, "=L");
  return g_string_free (s, FALSE);
}

/* Adds the move along `path`; a move that ends on C comes in three
 * variants (no turn, =R, =L: oraia.md §3.4). */
static void
add_move (GArray *out, const int *path, int n)
{
  static const int turns[3] = { 0, +1, -1 };
  int variants = path[n - 1] == OR_C ? 3 : 1;
  for (int v = 0; v < variants; v++)
    {
      OrMove m;
      memset (&m, 0, sizeof m);
      m.pass = FALSE;
      m.n = n;
      memcpy (m.path, path, n * sizeof (int));
      m.turn = turns[v];
      g_array_append_val (out, m);
    }
}

/* Every continuation of a jump chain whose landing cells so far are
 * path[0..n-1] (oraia.md §3.3). `line` is the line of the first hop (for
 * strict_single_line), `charged` the flag of the moving pawn. */
static void
extend_chain (const OrGame *game, const OrPosition *pos, int seat, gboolean charged,
              int *path, int n, gboolean *visited, int line, GArray *out)
{
  int opponent = 3 - seat;
  int cur = path[n - 1];
  g_assert (n + 1 < OR_MAX_PATH);

  /* Hops on the disc: over an opposing pawn, straight along a drawn line,
   * onto an empty cell not yet visited in this move. */
  for (int i = 0; i < game->geo.n_triples; i++)
    {
      const OrTriple *t = &game->geo.triples[i];
      if (t->a != cur)
        continue;
      if (pos->owner[t->b] != opponent)
        continue;
      if (pos->owner[t->c] != 0 || visited[t->c])
        continue;
      if (game->flags.strict_single_line && line >= 0 && t->line != line)
        continue;
      path[n] = t->c;
      visited[t->c] = TRUE;
      add_move (out, path, n + 1);
      extend_chain (game, pos, seat, charged, path, n + 1, visited, line >= 0 ? line : t->line,
                    out);
      visited[t->c] = FALSE;
    }

  /* The arrival hop: a charged pawn on I_k over an opposing pawn on O_k onto
   * the facing crown position, an empty opponent start. The move ends. */
  if (game->flags.arrival_hop && charged && is_inner (cur))
    {
      int k = cur - OR_I (0);
      int o = OR_O (k);
      int p = crown_facing_outer (k, pos->rotation);
      int hop_line = OR_LINE_D0 + k % 4;
      if (pos->owner[o] == opponent && pos->owner[p] == 0 && is_start_of (p, opponent)
          && !(game->flags.strict_single_line && line >= 0 && line != hop_line))
        {
          path[n] = p;
          add_move (out, path, n + 1);
        }
    }
}

/* Every move of the pawn of `seat` standing on `cell`. */
static void
pawn_moves (const OrGame *game, const OrPosition *pos, int seat, int cell, GArray *out)
{
  int opponent = 3 - seat;
  int path[OR_MAX_PATH];
  gboolean visited[OR_N_CELLS];
  memset (visited, 0, sizeof visited);
  gboolean charged = pos->charged[cell];

  if (is_crown (cell))
    {
      /* An arrived pawn never moves again; a pawn on its own start leaves
       * (oraia.md §3.2). */
      if (!is_start_of (cell, seat))
        return;
      int k = spoke_facing_crown (cell - OR_P (0), pos->rotation);
      int o = OR_O (k);
      int i = OR_I (k);
      if (pos->owner[o] == 0)
        {
          path[0] = cell;
          path[1] = o;
          add_move (out, path, 2);
        }
      else if (pos->owner[o] == opponent && pos->owner[i] == 0)
        {
          /* The compulsory hop P over O_k to I_k, possibly continued. */
          path[0] = cell;
          path[1] = i;
          visited[cell] = TRUE;
          visited[i] = TRUE;
          add_move (out, path, 2);
          extend_chain (game, pos, seat, charged, path, 2, visited, OR_LINE_D0 + k % 4, out);
        }
      /* Own pawn on the facing cell: this pawn cannot leave now. */
      return;
    }

  /* Steps along the drawn lines, any direction, onto an empty cell. */
  for (int n = 0; n < OR_N_CELLS; n++)
    if (game->geo.adjacent[cell][n] && pos->owner[n] == 0)
      {
        path[0] = cell;
        path[1] = n;
        add_move (out, path, 2);
      }

  /* Arriving by a step: a charged pawn on O_k onto the facing crown
   * position, if it is an empty opponent start. */
  if (charged && is_outer (cell))
    {
      int p = crown_facing_outer (cell - OR_O (0), pos->rotation);
      if (is_start_of (p, opponent) && pos->owner[p] == 0)
        {
          path[0] = cell;
          path[1] = p;
          add_move (out, path, 2);
        }
    }

  /* Jump chains. */
  path[0] = cell;
  visited[cell] = TRUE;
  extend_chain (game, pos, seat, charged, path, 1, visited, -1, out);
}

/* Every move of `seat` in `pos` (never "pass"), possibly with duplicates of
 * the same token (in pinwheel, O_k to C over I_k or over I_{k+1}). */
static GArray *
seat_moves (const OrGame *game, const OrPosition *pos, int seat)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (OrMove));

  /* oraia.md §3.1: a pawn on C must be the one moved. */
  if (pos->owner[OR_C] == seat)
    {
      pawn_moves (game, pos, seat, OR_C, out);
      if (out->len > 0 || !game->flags.centre_free_when_stuck)
        return out;
    }
  for (int c = 0; c < OR_N_CELLS; c++)
    if (c != OR_C && pos->owner[c] == seat)
      pawn_moves (game, pos, seat, c, out);
  return out;
}

static gboolean
seat_has_move (const OrGame *game, const OrPosition *pos, int seat)
{
  GArray *moves = seat_moves (game, pos, seat);
  gboolean any = moves->len > 0;
  g_array_unref (moves);
  return any;
}

/* The position after a move of the side to move (no end-of-game logic). */
static OrPosition
position_after (const OrPosition *pos, const OrMove *m)
{
  OrPosition next = *pos;
  int mover = pos->to_move;
  if (!m->pass)
    {
      int from = m->path[0];
      int to = m->path[m->n - 1];
      g_assert (next.owner[from] == mover && next.owner[to] == 0);
      next.owner[to] = mover;
      next.charged[to] = next.charged[from];
      next.owner[from] = 0;
      next.charged[from] = FALSE;
      if (to == OR_C)
        {
          next.charged[to] = TRUE;
          next.rotation = mod8 (next.rotation + m->turn);
        }
      else
        g_assert (m->turn == 0);
    }
  next.to_move = 3 - mover;
  return next;
}

/* Does `seat` (in pos, whoever is to move there) have a legal move that
 * brings its 4th pawn home? */
static gboolean
has_finishing_move (const OrGame *game, const OrPosition *pos, int seat)
{
  OrPosition as_mover = *pos;
  as_mover.to_move = seat;
  GArray *moves = seat_moves (game, &as_mover, seat);
  gboolean found = FALSE;
  for (guint i = 0; i < moves->len && !found; i++)
    {
      OrPosition next = position_after (&as_mover, &g_array_index (moves, OrMove, i));
      if (home_count (&next, seat) == 4)
        found = TRUE;
    }
  g_array_unref (moves);
  return found;
}

/* The legal moves of the side to move, one per token: empty when over;
 * just "pass" when the side to move has no move (the opponent then has
 * one, else the game would be over as blocked). */
static GArray *
current_moves (const OrGame *game)
{
  GArray *legal = g_array_new (FALSE, FALSE, sizeof (OrMove));
  if (game->over)
    return legal;

  int seat = game->pos.to_move;
  GArray *moves = seat_moves (game, &game->pos, seat);
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < moves->len; i++)
    {
      OrMove *m = &g_array_index (moves, OrMove, i);
      char *token = move_token (m);
      if (g_hash_table_contains (seen, token))
        g_free (token);
      else
        {
          g_hash_table_add (seen, token);
          g_array_append_val (legal, *m);
        }
    }
  g_hash_table_unref (seen);
  g_array_unref (moves);

  if (legal->len == 0 && seat_has_move (game, &game->pos, 3 - seat))
    {
      OrMove pass;
      memset (&pass, 0, sizeof pass);
      pass.pass = TRUE;
      g_array_append_val (legal, pass);
    }
  return legal;
}

/* ------------------------------------------------------------ game end */

static void
finish (OrGame *game, const char *termination, int winner)
{
  game->over = TRUE;
  game->termination = termination;
  game->result = winner == 1 ? "1-0" : winner == 2 ? "0-1" : "1/2-1/2";
}

/* Called whenever a position has been reached that is not over by
 * arrivals: records it, then applies the blocked-game rule and the
 * repetition addition. */
static void
record_and_check (OrGame *game)
{
  g_array_append_val (game->history, game->pos);

  int seat = game->pos.to_move;
  if (!seat_has_move (game, &game->pos, seat) && !seat_has_move (game, &game->pos, 3 - seat))
    {
      finish (game, "blocked", 0);
      return;
    }

  guint occurrences = 0;
  for (guint i = 0; i < game->history->len; i++)
    if (positions_equal (&g_array_index (game->history, OrPosition, i), &game->pos))
      occurrences++;
  if (occurrences >= 3)
    finish (game, "repetition", 0);
}

/* oraia.md §4, after a seat has (just) completed its 4th arrival: the
 * equal-tempo extra turn when the starter completed and the other seat has
 * 3 pawns home and a legal move bringing the 4th home; else a win. Returns
 * TRUE if the game goes on with the extra turn. */
static gboolean
completed (OrGame *game, int seat)
{
  int other = 3 - seat;
  if (seat == game->starter && game->pos.to_move == other && home_count (&game->pos, other) == 3
      && has_finishing_move (game, &game->pos, other))
    {
      game->pos.extra_turn = TRUE;
      return TRUE;
    }
  finish (game, "all-arrived", seat);
  return FALSE;
}

/* Applies a legal move (or the forced pass) of the side to move. */
static void
apply_move (OrGame *game, const OrMove *m)
{
  int mover = game->pos.to_move;
  gboolean was_extra_turn = game->pos.extra_turn;
  game->pos = position_after (&game->pos, m);

  if (was_extra_turn)
    {
      /* The equal-tempo extra turn has been played: draw if the mover
       * completed too, else the starter wins. */
      game->pos.extra_turn = FALSE;
      if (home_count (&game->pos, mover) == 4)
        finish (game, "all-arrived", 0);
      else
        finish (game, "all-arrived", game->starter);
      return;
    }

  if (home_count (&game->pos, mover) == 4 && !completed (game, mover))
    return;

  record_and_check (game);
}

/* ------------------------------------------------------------ creation */

static OrGame *
game_alloc (int starter, int to_move, int rotation, OrFlags flags)
{
  OrGame *game = g_new0 (OrGame, 1);
  memset (&game->pos, 0, sizeof game->pos);
  game->pos.to_move = to_move;
  game->pos.rotation = rotation;
  game->pos.extra_turn = FALSE;
  game->flags = flags;
  build_geometry (&game->geo, flags.pinwheel);
  game->starter = starter;
  game->over = FALSE;
  game->result = "*";
  game->termination = "";
  game->history = g_array_new (FALSE, FALSE, sizeof (OrPosition));
  return game;
}

OrFlags
or_flags_default (void)
{
  OrFlags flags = { FALSE, FALSE, TRUE, FALSE };
  return flags;
}

OrGame *
or_game_new (int starter, OrFlags flags)
{
  if (starter != 1 && starter != 2)
    return NULL;
  OrGame *game = game_alloc (starter, starter, 0, flags);
  for (int s = 0; s < 8; s++)
    game->pos.owner[OR_P (s)] = s % 2 == 0 ? 1 : 2;
  record_and_check (game);
  return game;
}

OrGame *
or_game_new_from_text (int starter, int to_move, int rotation, const char *pawns, OrFlags flags)
{
  if ((starter != 1 && starter != 2) || (to_move != 1 && to_move != 2) || rotation < 0
      || rotation > 7 || pawns == NULL)
    return NULL;
  OrGame *game = game_alloc (starter, to_move, rotation, flags);

  char **items = g_strsplit_set (pawns, " \t\r\n", -1);
  gboolean ok = TRUE;
  for (int i = 0; ok && items[i] != NULL; i++)
    {
      const char *item = items[i];
      if (item[0] == '\0')
        continue;
      if (item[0] != '1' && item[0] != '2')
        {
          ok = FALSE;
          break;
        }
      int seat = item[0] - '0';
      gboolean charged = item[1] == '*';
      const char *at = item + (charged ? 2 : 1);
      if (at[0] != '@')
        {
          ok = FALSE;
          break;
        }
      char *up = g_ascii_strup (at + 1, -1);
      int cell = cell_index (up);
      g_free (up);
      if (cell < 0 || game->pos.owner[cell] != 0 || (charged && is_start_of (cell, seat)))
        {
          ok = FALSE;
          break;
        }
      game->pos.owner[cell] = seat;
      game->pos.charged[cell] = charged;
    }
  g_strfreev (items);
  if (!ok)
    {
      or_game_free (game);
      return NULL;
    }

  int home1 = home_count (&game->pos, 1);
  int home2 = home_count (&game->pos, 2);
  if (home1 == 4 && home2 == 4)
    {
      g_array_append_val (game->history, game->pos);
      finish (game, "all-arrived", 0);
      return game;
    }
  if (home1 == 4 || home2 == 4)
    {
      if (!completed (game, home1 == 4 ? 1 : 2))
        {
          g_array_append_val (game->history, game->pos);
          return game;
        }
    }
  record_and_check (game);
  return game;
}

void
or_game_free (OrGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->history);
  g_free (game);
}

OrGame *
or_game_copy (const OrGame *game)
{
  OrGame *copy = g_new (OrGame, 1);
  *copy = *game;
  copy->history = g_array_new (FALSE, FALSE, sizeof (OrPosition));
  g_array_append_vals (copy->history, game->history->data, game->history->len);
  return copy;
}

/* ------------------------------------------------------------ playing */

gboolean
or_game_play (OrGame *game, const char *token)
{
  if (game == NULL || token == NULL || game->over)
    return FALSE;

  /* Canonical form: upper-case cells and suffix, lower-case "pass". */
  char *wanted = g_ascii_strup (token, -1);
  g_strstrip (wanted);
  if (strcmp (wanted, "PASS") == 0)
    {
      g_free (wanted);
      wanted = g_strdup ("pass");
    }

  gboolean played = FALSE;
  GArray *moves = current_moves (game);
  for (guint i = 0; i < moves->len && !played; i++)
    {
      OrMove m = g_array_index (moves, OrMove, i);
      char *t = move_token (&m);
      if (strcmp (t, wanted) == 0)
        {
          apply_move (game, &m);
          played = TRUE;
        }
      g_free (t);
    }
  g_array_unref (moves);
  g_free (wanted);
  return played;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
or_game_legal (OrGame *game)
{
  GPtrArray *tokens = g_ptr_array_new ();
  GArray *moves = current_moves (game);
  for (guint i = 0; i < moves->len; i++)
    g_ptr_array_add (tokens, move_token (&g_array_index (moves, OrMove, i)));
  g_array_unref (moves);
  g_ptr_array_sort (tokens, compare_strings);
  for (guint i = 1; i < tokens->len; i++)
    g_assert (strcmp (g_ptr_array_index (tokens, i - 1), g_ptr_array_index (tokens, i)) < 0);
  g_ptr_array_add (tokens, NULL);
  return (char **) g_ptr_array_free (tokens, FALSE);
}

gboolean
or_game_is_over (OrGame *game)
{
  return game->over;
}

const char *
or_game_result (OrGame *game)
{
  return game->result;
}

const char *
or_game_termination (OrGame *game)
{
  return game->termination;
}

int
or_game_to_move (OrGame *game)
{
  return game->pos.to_move;
}

int
or_game_rotation (OrGame *game)
{
  return game->pos.rotation;
}

guint64
or_game_perft (OrGame *game, int depth)
{
  if (depth <= 0)
    return 1;
  if (game->over)
    return 0;

  GArray *moves = current_moves (game);
  guint64 total = 0;
  if (depth == 1)
    total = moves->len;
  else
    for (guint i = 0; i < moves->len; i++)
      {
        OrGame *child = or_game_copy (game);
        apply_move (child, &g_array_index (moves, OrMove, i));
        total += or_game_perft (child, depth - 1);
        or_game_free (child);
      }
  g_array_unref (moves);
  return total;
}

char *
or_game_cell_contents (OrGame *game, const char *cell)
{
  int c = cell_index_lenient (cell);
  if (c < 0)
    return NULL;
  if (game->pos.owner[c] == 0)
    return g_strdup ("");
  return g_strdup_printf ("%d%s", game->pos.owner[c], game->pos.charged[c] ? "*" : "");
}

int
or_game_home (OrGame *game, int seat)
{
  if (seat != 1 && seat != 2)
    return -1;
  return home_count (&game->pos, seat);
}
