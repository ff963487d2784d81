/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ra-reference.c: an independent, deliberately simple reference
 * implementation of RA (shared/rules/ra.md with its defaults and the three
 * movement flags of §9, plus the passing rule and the repetition addition
 * of shared/rules/README.md).
 *
 * Clarity over speed: axial coordinates (q, r), loops over the 6
 * directions, positions as a small struct copied by value, the whole
 * position history kept for the repetition rule.
 */
#include "ra-reference.h"

#include <string.h>

#define RR_RADIUS 6
#define RR_SIDE (2 * RR_RADIUS + 1)

typedef struct
{
  int q;
  int r;
} RrCell;

/* ra.md §2.3: E, W, NE, NW, SE, SW. */
static const RrCell rr_directions[6] = {
  { +1, 0 }, { -1, 0 }, { +1, -1 }, { 0, -1 }, { 0, +1 }, { -1, +1 },
};

/* ra.md §2.4: the RA cell of each seat (index 0 unused). */
static const RrCell rr_ra_cells[3] = { { 0, 0 }, { -3, 0 }, { +3, 0 } };

/* ra.md §7: points for entering the enemy RA with k pawns. */
static const int rr_ra_value[4] = { 0, 1, 3, 6 };

#define RR_ANNIHILATION_POINTS 3

/* One position: what stands where, and who is to move. */
typedef struct
{
  gint8 owner[RR_SIDE][RR_SIDE];  /* [q + 6][r + 6]: 0 empty, else 1 or 2 */
  gint8 height[RR_SIDE][RR_SIDE]; /* 0 when empty, else 1..3 */
  int to_move;
} RrPosition;

typedef struct
{
  gboolean pass;
  RrCell from;
  int k;
  RrCell to;
} RrMove;

struct _RrGame
{
  RrPosition pos;
  gboolean join_short;
  gboolean stop_before_blocker;
  gboolean edge_any;
  gboolean over;
  const char *result;
  const char *termination;
  int score[3];     /* index 1, 2: points of this game */
  GArray *history;  /* RrPosition: the first position and every one after a ply */
};

/* ---------------------------------------------------------------- geometry */

static RrCell
cell_step (RrCell c, RrCell dir, int times)
{
  RrCell p = { c.q + times * dir.q, c.r + times * dir.r };
  return p;
}

static gboolean
cell_equal (RrCell a, RrCell b)
{
  return a.q == b.q && a.r == b.r;
}

static gboolean
on_board (RrCell c)
{
  int s = -c.q - c.r;
  return ABS (c.q) <= RR_RADIUS && ABS (c.r) <= RR_RADIUS && ABS (s) <= RR_RADIUS;
}

/* An edge cell: on the board with at least one off-board neighbour. */
static gboolean
is_edge_cell (RrCell c)
{
  if (!on_board (c))
    return FALSE;
  for (int i = 0; i < 6; i++)
    if (!on_board (cell_step (c, rr_directions[i], 1)))
      return TRUE;
  return FALSE;
}

static int
owner_at (const RrPosition *pos, RrCell c)
{
  g_assert (on_board (c));
  return pos->owner[c.q + RR_RADIUS][c.r + RR_RADIUS];
}

static int
height_at (const RrPosition *pos, RrCell c)
{
  g_assert (on_board (c));
  return pos->height[c.q + RR_RADIUS][c.r + RR_RADIUS];
}

static void
set_stack (RrPosition *pos, RrCell c, int owner, int height)
{
  g_assert (on_board (c));
  g_assert ((owner == 0) == (height == 0));
  g_assert (height >= 0 && height <= 3);
  pos->owner[c.q + RR_RADIUS][c.r + RR_RADIUS] = (gint8) owner;
  pos->height[c.q + RR_RADIUS][c.r + RR_RADIUS] = (gint8) height;
}

static gboolean
positions_equal (const RrPosition *a, const RrPosition *b)
{
  return a->to_move == b->to_move
         && memcmp (a->owner, b->owner, sizeof a->owner) == 0
         && memcmp (a->height, b->height, sizeof a->height) == 0;
}

static int
pawn_count (const RrPosition *pos, int seat)
{
  int total = 0;
  for (int q = -RR_RADIUS; q <= RR_RADIUS; q++)
    for (int r = -RR_RADIUS; r <= RR_RADIUS; r++)
      {
        RrCell c = { q, r };
        if (on_board (c) && owner_at (pos, c) == seat)
          total += height_at (pos, c);
      }
  return total;
}

/* ------------------------------------------------------------ cell names */

static char *
cell_name (RrCell c)
{
  return g_strdup_printf ("%c%d", 'a' + c.q + RR_RADIUS, RR_RADIUS - c.r + 1);
}

/* Parses exactly a lower case cell name (letter + decimal rank without
 * leading zero, nothing else) that lies on the board. */
static gboolean
parse_cell (const char *text, RrCell *out)
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
  RrCell c = { (text[0] - 'a') - RR_RADIUS, RR_RADIUS + 1 - rank };
  if (!on_board (c))
    return FALSE;
  *out = c;
  return TRUE;
}

/* Accepts surrounding white space and upper case (NOTATION.md §3). */
static gboolean
parse_cell_lenient (const char *text, RrCell *out)
{
  if (text == NULL)
    return FALSE;
  char *copy = g_ascii_strdown (text, -1);
  g_strstrip (copy);
  gboolean ok = parse_cell (copy, out);
  g_free (copy);
  return ok;
}

/* ------------------------------------------------------------ move generation */

/* Adds (from, k, to) unless the same move is already listed. `seen` is
 * indexed [k][to.q + 6][to.r + 6] and belongs to one `from`. */
static void
add_move (GArray *moves, gboolean seen[4][RR_SIDE][RR_SIDE], RrCell from, int k, RrCell to)
{
  g_assert (on_board (to));
  g_assert (!cell_equal (from, to));
  if (seen[k][to.q + RR_RADIUS][to.r + RR_RADIUS])
    return;
  seen[k][to.q + RR_RADIUS][to.r + RR_RADIUS] = TRUE;
  RrMove m = { FALSE, from, k, to };
  g_array_append_val (moves, m);
}

/* All moves of `seat` in `pos` (whoever is to move there), by the table of
 * ra.md §5.3 and the flags of §9. */
static GArray *
generate_moves (const RrGame *game, const RrPosition *pos, int seat)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (RrMove));
  RrCell own_ra = rr_ra_cells[seat];
  RrCell enemy_ra = rr_ra_cells[3 - seat];

  for (int q = -RR_RADIUS; q <= RR_RADIUS; q++)
    for (int r = -RR_RADIUS; r <= RR_RADIUS; r++)
      {
        RrCell from = { q, r };
        if (!on_board (from) || owner_at (pos, from) != seat)
          continue;
        int n = height_at (pos, from);
        gboolean seen[4][RR_SIDE][RR_SIDE];
        memset (seen, 0, sizeof seen);

        for (int k = 1; k <= n; k++)
          {
            int range = 4 - k; /* §5.1 */
            for (int i = 0; i < 6; i++)
              {
                RrCell dir = rr_directions[i];
                for (int d = 1; d <= range; d++)
                  {
                    RrCell c = cell_step (from, dir, d);
                    RrCell before = cell_step (from, dir, d - 1);

                    if (!on_board (c))
                      {
                        /* Edge exception: a short stop before the edge. */
                        if (d >= 2)
                          add_move (moves, seen, from, k, before);
                        break;
                      }
                    if (cell_equal (c, own_ra))
                      break; /* own RA: closed, no stop in front of it */
                    if (cell_equal (c, enemy_ra))
                      {
                        add_move (moves, seen, from, k, c); /* RA entry */
                        break;
                      }
                    int o = owner_at (pos, c);
                    if (o != 0)
                      {
                        int m = height_at (pos, c);
                        /* §9 #6 variant: stop in front of any stack. */
                        if (game->stop_before_blocker && d >= 2)
                          add_move (moves, seen, from, k, before);
                        if (o == seat)
                          {
                            /* Merge up to 3; §9 #5 variant: only at full
                             * range when short joins are off. */
                            if (m + k <= 3 && (game->join_short || d == range))
                              add_move (moves, seen, from, k, c);
                          }
                        else
                          {
                            if (k >= m) /* capture, §6 */
                              add_move (moves, seen, from, k, c);
                          }
                        break; /* never past a stack */
                      }
                    /* Empty cell. */
                    if (d == range)
                      add_move (moves, seen, from, k, c); /* full-length move */
                    else if (game->edge_any && is_edge_cell (c))
                      add_move (moves, seen, from, k, c); /* §9 #7 variant */
                  }
              }
          }
      }
  return moves;
}

static gboolean
has_move (const RrGame *game, const RrPosition *pos, int seat)
{
  GArray *moves = generate_moves (game, pos, seat);
  gboolean any = moves->len > 0;
  g_array_unref (moves);
  return any;
}

/* The legal moves of the side to move: its moves, or the single forced
 * pass when it has none. Empty when the game is over. */
static GArray *
current_moves (const RrGame *game)
{
  if (game->over)
    return g_array_new (FALSE, FALSE, sizeof (RrMove));
  GArray *moves = generate_moves (game, &game->pos, game->pos.to_move);
  if (moves->len == 0)
    {
      /* The game would be over (void) if the opponent could not move
       * either, so a pass is legal here. */
      RrMove pass = { TRUE, { 0, 0 }, 0, { 0, 0 } };
      g_array_append_val (moves, pass);
    }
  return moves;
}

/* ------------------------------------------------------------ game ends */

static void
finish (RrGame *game, const char *termination, int scorer, int points)
{
  game->over = TRUE;
  game->termination = termination;
  if (scorer == 0)
    {
      game->result = "1/2-1/2";
    }
  else
    {
      game->score[scorer] = points;
      game->result = scorer == 1 ? "1-0" : "0-1";
    }
}

/* Called whenever a position has been reached (at creation and after
 * every ply that did not end the game): records it, then applies the
 * blocked-game rule and the repetition addition. */
static void
record_and_check (RrGame *game)
{
  g_array_append_val (game->history, game->pos);

  int seat = game->pos.to_move;
  if (!has_move (game, &game->pos, seat) && !has_move (game, &game->pos, 3 - seat))
    {
      finish (game, "void", 0, 0);
      return;
    }

  guint occurrences = 0;
  for (guint i = 0; i < game->history->len; i++)
    if (positions_equal (&g_array_index (game->history, RrPosition, i), &game->pos))
      occurrences++;
  if (occurrences >= 3)
    finish (game, "repetition", 0, 0);
}

/* ------------------------------------------------------------ creation */

static RrGame *
game_alloc (int to_move, gboolean join_short, gboolean stop_before_blocker, gboolean edge_any)
{
  RrGame *game = g_new0 (RrGame, 1);
  memset (&game->pos, 0, sizeof game->pos);
  game->pos.to_move = to_move;
  game->join_short = join_short;
  game->stop_before_blocker = stop_before_blocker;
  game->edge_any = edge_any;
  game->over = FALSE;
  game->result = "*";
  game->termination = "";
  game->history = g_array_new (FALSE, FALSE, sizeof (RrPosition));
  return game;
}

RrGame *
rr_game_new (int starter, gboolean join_short, gboolean stop_before_blocker, gboolean edge_any)
{
  if (starter != 1 && starter != 2)
    return NULL;
  RrGame *game = game_alloc (starter, join_short, stop_before_blocker, edge_any);

  /* ra.md §2.5: three stacks of three at distance 2 from the own RA;
   * seat 2's cells are the point reflection of seat 1's. */
  static const RrCell seat1_stacks[3] = { { -1, 0 }, { -2, -2 }, { -4, +2 } };
  for (int i = 0; i < 3; i++)
    {
      RrCell c = seat1_stacks[i];
      RrCell mirror = { -c.q, -c.r };
      set_stack (&game->pos, c, 1, 3);
      set_stack (&game->pos, mirror, 2, 3);
    }

  record_and_check (game);
  return game;
}

RrGame *
rr_game_new_default (int starter)
{
  return rr_game_new (starter, TRUE, FALSE, FALSE);
}

/* One "seat:height@cell" item. */
static gboolean
parse_stack_item (const char *item, int *seat, int *height, RrCell *cell)
{
  if (strlen (item) < 5 || item[1] != ':' || item[3] != '@')
    return FALSE;
  if (item[0] != '1' && item[0] != '2')
    return FALSE;
  if (item[2] < '1' || item[2] > '3')
    return FALSE;
  *seat = item[0] - '0';
  *height = item[2] - '0';
  return parse_cell_lenient (item + 4, cell);
}

RrGame *
rr_game_new_from_stacks (int to_move, const char *stacks, gboolean join_short,
                         gboolean stop_before_blocker, gboolean edge_any)
{
  if ((to_move != 1 && to_move != 2) || stacks == NULL)
    return NULL;
  RrGame *game = game_alloc (to_move, join_short, stop_before_blocker, edge_any);

  char **items = g_strsplit_set (stacks, " \t\r\n", -1);
  gboolean ok = TRUE;
  for (int i = 0; ok && items[i] != NULL; i++)
    {
      if (items[i][0] == '\0')
        continue;
      int seat, height;
      RrCell c;
      if (!parse_stack_item (items[i], &seat, &height, &c)
          || cell_equal (c, rr_ra_cells[1]) || cell_equal (c, rr_ra_cells[2])
          || owner_at (&game->pos, c) != 0)
        ok = FALSE;
      else
        set_stack (&game->pos, c, seat, height);
    }
  g_strfreev (items);

  int pawns1 = pawn_count (&game->pos, 1);
  int pawns2 = pawn_count (&game->pos, 2);
  if ((pawns1 == 0) != (pawns2 == 0))
    ok = FALSE;

  if (!ok)
    {
      rr_game_free (game);
      return NULL;
    }
  record_and_check (game);
  return game;
}

void
rr_game_free (RrGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->history);
  g_free (game);
}

RrGame *
rr_game_copy (const RrGame *game)
{
  RrGame *copy = g_new (RrGame, 1);
  *copy = *game;
  copy->history = g_array_new (FALSE, FALSE, sizeof (RrPosition));
  g_array_append_vals (copy->history, game->history->data, game->history->len);
  return copy;
}

/* ------------------------------------------------------------ playing */

/* Applies a legal move (or the forced pass) of the side to move. */
static void
apply_move (RrGame *game, RrMove move)
{
  int mover = game->pos.to_move;
  int opponent = 3 - mover;

  if (move.pass)
    {
      game->pos.to_move = opponent;
      record_and_check (game);
      return;
    }

  /* Take k pawns off `from`. */
  int n = height_at (&game->pos, move.from);
  g_assert (owner_at (&game->pos, move.from) == mover && move.k >= 1 && move.k <= n);
  if (n == move.k)
    set_stack (&game->pos, move.from, 0, 0);
  else
    set_stack (&game->pos, move.from, mover, n - move.k);

  game->pos.to_move = opponent;

  /* RA entry (§7): the group leaves the board and the game ends. */
  if (cell_equal (move.to, rr_ra_cells[opponent]))
    {
      finish (game, "ra-entry", mover, rr_ra_value[move.k]);
      return;
    }

  int o = owner_at (&game->pos, move.to);
  int m = height_at (&game->pos, move.to);
  if (o == mover)
    set_stack (&game->pos, move.to, mover, m + move.k); /* merge */
  else
    set_stack (&game->pos, move.to, mover, move.k);     /* empty or capture */

  if (pawn_count (&game->pos, opponent) == 0)
    {
      finish (game, "annihilation", mover, RR_ANNIHILATION_POINTS);
      return;
    }

  record_and_check (game);
}

static gboolean
moves_equal (RrMove a, RrMove b)
{
  if (a.pass || b.pass)
    return a.pass == b.pass;
  return a.k == b.k && cell_equal (a.from, b.from) && cell_equal (a.to, b.to);
}

gboolean
rr_game_play (RrGame *game, const char *token)
{
  if (game == NULL || token == NULL || game->over)
    return FALSE;

  char *copy = g_ascii_strdown (token, -1);
  g_strstrip (copy);

  RrMove move = { FALSE, { 0, 0 }, 0, { 0, 0 } };
  gboolean ok = FALSE;
  if (strcmp (copy, "pass") == 0)
    {
      move.pass = TRUE;
      ok = TRUE;
    }
  else if (copy[0] >= '1' && copy[0] <= '3')
    {
      move.k = copy[0] - '0';
      char **parts = g_strsplit (copy + 1, "-", -1);
      ok = g_strv_length (parts) == 2 && parse_cell (parts[0], &move.from)
           && parse_cell (parts[1], &move.to);
      g_strfreev (parts);
    }
  g_free (copy);
  if (!ok)
    return FALSE;

  gboolean legal = FALSE;
  GArray *moves = current_moves (game);
  for (guint i = 0; i < moves->len; i++)
    if (moves_equal (g_array_index (moves, RrMove, i), move))
      legal = TRUE;
  g_array_unref (moves);
  if (!legal)
    return FALSE;

  apply_move (game, move);
  return TRUE;
}

static char *
move_token (RrMove m)
{
  if (m.pass)
    return g_strdup ("pass");
  char *from = cell_name (m.from);
  char *to = cell_name (m.to);
  char *token = g_strdup_printf ("%d%s-%s", m.k, from, to);
  g_free (from);
  g_free (to);
  return token;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
rr_game_legal (RrGame *game)
{
  GPtrArray *tokens = g_ptr_array_new ();
  GArray *moves = current_moves (game);
  for (guint i = 0; i < moves->len; i++)
    g_ptr_array_add (tokens, move_token (g_array_index (moves, RrMove, i)));
  g_array_unref (moves);
  g_ptr_array_sort (tokens, compare_strings);
  for (guint i = 1; i < tokens->len; i++)
    g_assert (strcmp (g_ptr_array_index (tokens, i - 1), g_ptr_array_index (tokens, i)) < 0);
  g_ptr_array_add (tokens, NULL);
  return (char **) g_ptr_array_free (tokens, FALSE);
}

gboolean
rr_game_is_over (RrGame *game)
{
  return game->over;
}

const char *
rr_game_result (RrGame *game)
{
  return game->result;
}

const char *
rr_game_termination (RrGame *game)
{
  return game->termination;
}

void
rr_game_score (RrGame *game, int *seat1, int *seat2)
{
  if (seat1 != NULL)
    *seat1 = game->score[1];
  if (seat2 != NULL)
    *seat2 = game->score[2];
}

int
rr_game_to_move (RrGame *game)
{
  return game->pos.to_move;
}

guint64
rr_game_perft (RrGame *game, int depth)
{
  if (depth <= 0)
    return 1;
  if (game->over)
    return 0;

  GArray *moves = current_moves (game);
  guint64 total = 0;
  if (depth == 1)
    {
      /* Each legal move (the forced pass included) is one sequence. */
      total = moves->len;
    }
  else
    {
      for (guint i = 0; i < moves->len; i++)
        {
          RrGame *child = rr_game_copy (game);
          apply_move (child, g_array_index (moves, RrMove, i));
          total += rr_game_perft (child, depth - 1);
          rr_game_free (child);
        }
    }
  g_array_unref (moves);
  return total;
}

char *
rr_game_cell_contents (RrGame *game, const char *cell)
{
  RrCell c;
  if (!parse_cell_lenient (cell, &c))
    return NULL;
  int o = owner_at (&game->pos, c);
  if (o == 0)
    return g_strdup ("");
  return g_strdup_printf ("%d:%d", o, height_at (&game->pos, c));
}
