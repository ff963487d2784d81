/* SPDX-License-Identifier: GPL-3.0-or-later */
/* retournement-reference.c: an independent, deliberately simple reference
 * implementation of Retournement (shared/rules/retournement.md with its
 * defaults, the passing rule and the blocked / all-placed ends of
 * shared/rules/README.md, the cell names and move tokens of
 * shared/NOTATION.md §2.2 and §3).
 *
 * Clarity over speed: a grid of piece numbers, an array of the pieces laid
 * so far, hands as booleans, plain loops.  The orientations of each shape
 * are made by turning its base cells a quarter turn four times and keeping
 * the distinct cell sets.  A position is a small struct copied by value.
 */
#include "retournement-reference.h"

#include <stdlib.h>
#include <string.h>

#define RT_MAX_SIZE 13
#define RT_MIN_SIZE 8
#define RT_DEFAULT_SIZE 11
#define RT_N_SHAPES 13
#define RT_MAX_CELLS 5
#define RT_MAX_ORIENTATIONS 4
#define RT_MAX_PIECES (2 * RT_N_SHAPES)

#define RT_WHITE 1
#define RT_RED 2

/* ---------------------------------------------------------------- shapes */

typedef struct
{
  int r;
  int c;
} RtCell;

typedef struct
{
  const char *code;
  int n_cells;
  RtCell base[RT_MAX_CELLS]; /* retournement.md §1.2, (row, column) */
  int value;                 /* the default value */
} RtShape;

/* retournement.md §1.2, in the order of NOTATION.md §3. */
static const RtShape rt_shapes[RT_N_SHAPES] = {
  { "I1", 1, { { 0, 0 } }, 1 },
  { "I2", 2, { { 0, 0 }, { 0, 1 } }, 2 },
  { "I3", 3, { { 0, 0 }, { 0, 1 }, { 0, 2 } }, 3 },
  { "V3", 3, { { 0, 0 }, { 1, 0 }, { 1, 1 } }, 3 },
  { "I4", 4, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 } }, 4 },
  { "O4", 4, { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 } }, 3 },
  { "T4", 4, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 } }, 4 },
  { "I5", 5, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 } }, 4 },
  { "T5", 5, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 }, { 2, 1 } }, 4 },
  { "U5", 5, { { 0, 0 }, { 0, 2 }, { 1, 0 }, { 1, 1 }, { 1, 2 } }, 4 },
  { "V5", 5, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 1 }, { 2, 2 } }, 4 },
  { "W5", 5, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }, 4 },
  { "X5", 5, { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 2, 1 } }, 4 },
};

/* One orientation: cells moved so that the smallest row and the smallest
 * column are 0, sorted by row then column. */
typedef struct
{
  RtCell cells[RT_MAX_CELLS];
  int height;
  int width;
} RtOrientation;

static RtOrientation rt_orientations[RT_N_SHAPES][RT_MAX_ORIENTATIONS];
static int rt_n_orientations[RT_N_SHAPES];

static int
cell_compare (const void *a, const void *b)
{
  const RtCell *x = a;
  const RtCell *y = b;
  if (x->r != y->r)
    return x->r < y->r ? -1 : 1;
  if (x->c != y->c)
    return x->c < y->c ? -1 : 1;
  return 0;
}

/* Moves cells to row 0 / column 0 and sorts them by row then column. */
static void
normalise (RtCell *cells, int n)
{
  int min_r = cells[0].r;
  int min_c = cells[0].c;
  for (int i = 1; i < n; i++)
    {
      min_r = MIN (min_r, cells[i].r);
      min_c = MIN (min_c, cells[i].c);
    }
  for (int i = 0; i < n; i++)
    {
      cells[i].r -= min_r;
      cells[i].c -= min_c;
    }
  qsort (cells, n, sizeof (RtCell), cell_compare);
}

static gboolean
same_cells (const RtCell *a, const RtCell *b, int n)
{
  for (int i = 0; i < n; i++)
    if (a[i].r != b[i].r || a[i].c != b[i].c)
      return FALSE;
  return TRUE;
}

static void
init_orientations (void)
{
  static gsize done = 0;
  if (!g_once_init_enter (&done))
    return;
  for (int s = 0; s < RT_N_SHAPES; s++)
    {
      int n = rt_shapes[s].n_cells;
      RtCell turned[RT_MAX_CELLS];
      memcpy (turned, rt_shapes[s].base, sizeof turned);
      rt_n_orientations[s] = 0;
      for (int turn = 0; turn < 4; turn++)
        {
          RtCell cells[RT_MAX_CELLS];
          memcpy (cells, turned, sizeof cells);
          normalise (cells, n);
          gboolean seen = FALSE;
          for (int o = 0; o < rt_n_orientations[s]; o++)
            if (same_cells (rt_orientations[s][o].cells, cells, n))
              seen = TRUE;
          if (!seen)
            {
              RtOrientation *orientation = &rt_orientations[s][rt_n_orientations[s]++];
              memcpy (orientation->cells, cells, sizeof cells);
              orientation->height = 0;
              orientation->width = 0;
              for (int i = 0; i < n; i++)
                {
                  orientation->height = MAX (orientation->height, cells[i].r + 1);
                  orientation->width = MAX (orientation->width, cells[i].c + 1);
                }
            }
          /* A quarter turn: (r, c) -> (c, -r). */
          for (int i = 0; i < n; i++)
            {
              int r = turned[i].r;
              turned[i].r = turned[i].c;
              turned[i].c = -r;
            }
        }
    }
  g_once_init_leave (&done, 1);
}

/* ---------------------------------------------------------------- state */

typedef struct
{
  int shape;
  int placer; /* 1 or 2: who laid it */
  int colour; /* 1 or 2: the face showing */
  RtCell cells[RT_MAX_CELLS];
} RtPiece;

/* A placement: shape and board cells sorted by row then column; shape -1
 * means "pass". */
typedef struct
{
  int shape;
  RtCell cells[RT_MAX_CELLS];
} RtMove;

struct _RtRefGame
{
  int size;
  int values[RT_N_SHAPES];
  int grid[RT_MAX_SIZE][RT_MAX_SIZE]; /* index into pieces, -1 empty */
  RtPiece pieces[RT_MAX_PIECES];
  int n_pieces;
  gboolean hand[3][RT_N_SHAPES]; /* [seat][shape]: still to lay */
  int to_move;
  gboolean must_pass; /* the mover cannot lay, the opponent can */
  gboolean over;
  const char *termination;
};

static const int rt_dr[4] = { -1, 1, 0, 0 };
static const int rt_dc[4] = { 0, 0, -1, 1 };

static gboolean
on_board (const RtRefGame *game, int r, int c)
{
  return r >= 0 && r < game->size && c >= 0 && c < game->size;
}

static int
opponent (int seat)
{
  return 3 - seat;
}

/* Whether `seat` may lay `move` (a shape and board cells): the shape is in
 * its hand, every cell is on the board and empty, and either the board is
 * empty or some cell is next (by a side) to a cell of a piece showing the
 * opponent's colour. */
static gboolean
placement_ok (const RtRefGame *game, int seat, const RtMove *move)
{
  if (move->shape < 0 || !game->hand[seat][move->shape])
    return FALSE;
  int n = rt_shapes[move->shape].n_cells;
  for (int i = 0; i < n; i++)
    {
      if (!on_board (game, move->cells[i].r, move->cells[i].c))
        return FALSE;
      if (game->grid[move->cells[i].r][move->cells[i].c] >= 0)
        return FALSE;
    }
  if (game->n_pieces == 0)
    return TRUE;
  for (int i = 0; i < n; i++)
    for (int d = 0; d < 4; d++)
      {
        int r = move->cells[i].r + rt_dr[d];
        int c = move->cells[i].c + rt_dc[d];
        if (!on_board (game, r, c))
          continue;
        int id = game->grid[r][c];
        if (id >= 0 && game->pieces[id].colour == opponent (seat))
          return TRUE;
      }
  return FALSE;
}

/* Every placement of `seat`, appended to `out` when not NULL; stops at the
 * first one when first_only.  Returns how many were found. */
static guint64
generate (const RtRefGame *game, int seat, GArray *out, gboolean first_only)
{
  guint64 count = 0;
  for (int s = 0; s < RT_N_SHAPES; s++)
    {
      if (!game->hand[seat][s])
        continue;
      for (int o = 0; o < rt_n_orientations[s]; o++)
        {
          const RtOrientation *orientation = &rt_orientations[s][o];
          for (int r0 = 0; r0 + orientation->height <= game->size; r0++)
            for (int c0 = 0; c0 + orientation->width <= game->size; c0++)
              {
                RtMove move = { s, { { 0, 0 } } };
                for (int i = 0; i < rt_shapes[s].n_cells; i++)
                  {
                    move.cells[i].r = r0 + orientation->cells[i].r;
                    move.cells[i].c = c0 + orientation->cells[i].c;
                  }
                if (!placement_ok (game, seat, &move))
                  continue;
                count++;
                if (out != NULL)
                  g_array_append_val (out, move);
                if (first_only)
                  return count;
              }
        }
    }
  return count;
}

static gboolean
can_lay (const RtRefGame *game, int seat)
{
  return generate (game, seat, NULL, TRUE) > 0;
}

static gboolean
hand_empty (const RtRefGame *game, int seat)
{
  for (int s = 0; s < RT_N_SHAPES; s++)
    if (game->hand[seat][s])
      return FALSE;
  return TRUE;
}

/* README.md "Passing and blocked games": over when both hands are empty
 * (all-placed) or when neither seat can lay (blocked); otherwise the mover
 * must pass when it cannot lay. */
static void
update_status (RtRefGame *game)
{
  game->must_pass = FALSE;
  game->over = FALSE;
  game->termination = "";
  if (hand_empty (game, RT_WHITE) && hand_empty (game, RT_RED))
    {
      game->over = TRUE;
      game->termination = "all-placed";
      return;
    }
  if (can_lay (game, game->to_move))
    return;
  if (can_lay (game, opponent (game->to_move)))
    {
      game->must_pass = TRUE;
      return;
    }
  game->over = TRUE;
  game->termination = "blocked";
}

/* Lays a piece for `placer` showing `colour`, without any rule check. */
static void
put_piece (RtRefGame *game, int shape, int placer, int colour, const RtCell *cells)
{
  int id = game->n_pieces++;
  RtPiece *piece = &game->pieces[id];
  piece->shape = shape;
  piece->placer = placer;
  piece->colour = colour;
  memcpy (piece->cells, cells, sizeof piece->cells);
  for (int i = 0; i < rt_shapes[shape].n_cells; i++)
    game->grid[cells[i].r][cells[i].c] = id;
  game->hand[placer][shape] = FALSE;
}

/* Plays a legal move (a placement or a pass) for the mover. */
static void
apply (RtRefGame *game, const RtMove *move)
{
  int mover = game->to_move;
  if (move->shape >= 0)
    {
      put_piece (game, move->shape, mover, mover, move->cells);
      /* Flip every piece showing the opponent's colour that shares a side
       * with the new piece (the new piece shows the mover's colour, so it
       * is never flipped itself). */
      for (int i = 0; i < rt_shapes[move->shape].n_cells; i++)
        for (int d = 0; d < 4; d++)
          {
            int r = move->cells[i].r + rt_dr[d];
            int c = move->cells[i].c + rt_dc[d];
            if (!on_board (game, r, c))
              continue;
            int id = game->grid[r][c];
            if (id >= 0 && game->pieces[id].colour == opponent (mover))
              game->pieces[id].colour = mover;
          }
    }
  game->to_move = opponent (mover);
  update_status (game);
}

/* --------------------------------------------------------------- tokens */

static void
append_cell_name (GString *out, RtCell cell)
{
  g_string_append_printf (out, "%c%d", 'a' + cell.c, cell.r + 1);
}

static char *
move_token (const RtMove *move)
{
  if (move->shape < 0)
    return g_strdup ("pass");
  GString *out = g_string_new (rt_shapes[move->shape].code);
  g_string_append_c (out, ':');
  for (int i = 0; i < rt_shapes[move->shape].n_cells; i++)
    {
      if (i > 0)
        g_string_append_c (out, '-');
      append_cell_name (out, move->cells[i]);
    }
  return g_string_free (out, FALSE);
}

/* "e5", "E5", "k11": a letter then a row number without leading zero, no
 * white space.  FALSE when malformed or off this board. */
static gboolean
parse_cell (const RtRefGame *game, const char *text, RtCell *cell)
{
  if (text[0] == '\0')
    return FALSE;
  char letter = g_ascii_tolower (text[0]);
  if (letter < 'a' || letter >= 'a' + game->size)
    return FALSE;
  const char *digits = text + 1;
  if (digits[0] < '1' || digits[0] > '9')
    return FALSE;
  int row = 0;
  for (const char *p = digits; *p != '\0'; p++)
    {
      if (*p < '0' || *p > '9')
        return FALSE;
      row = row * 10 + (*p - '0');
      if (row > game->size)
        return FALSE;
    }
  cell->r = row - 1;
  cell->c = letter - 'a';
  return TRUE;
}

/* "PIECE:CELLS" (any case, cells in any order, no white space): the shape
 * and the cells sorted by row then column.  FALSE when the code is unknown,
 * a cell is malformed, off the board or repeated, or the cells are not one
 * of the orientations of the shape.  Says nothing about legality. */
static gboolean
parse_placement (const RtRefGame *game, const char *text, RtMove *move)
{
  const char *colon = strchr (text, ':');
  if (colon == NULL)
    return FALSE;
  char *code = g_strndup (text, colon - text);
  int shape = -1;
  for (int s = 0; s < RT_N_SHAPES; s++)
    if (g_ascii_strcasecmp (code, rt_shapes[s].code) == 0)
      shape = s;
  g_free (code);
  if (shape < 0)
    return FALSE;

  int n = rt_shapes[shape].n_cells;
  char **parts = g_strsplit (colon + 1, "-", -1);
  gboolean ok = g_strv_length (parts) == (guint) n;
  RtCell cells[RT_MAX_CELLS] = { { 0, 0 } };
  for (int i = 0; ok && i < n; i++)
    ok = parse_cell (game, parts[i], &cells[i]);
  g_strfreev (parts);
  if (!ok)
    return FALSE;
  qsort (cells, n, sizeof (RtCell), cell_compare);
  for (int i = 1; i < n; i++)
    if (cell_compare (&cells[i - 1], &cells[i]) == 0)
      return FALSE;

  RtCell shape_cells[RT_MAX_CELLS];
  memcpy (shape_cells, cells, sizeof shape_cells);
  normalise (shape_cells, n);
  gboolean matches = FALSE;
  for (int o = 0; o < rt_n_orientations[shape]; o++)
    if (same_cells (rt_orientations[shape][o].cells, shape_cells, n))
      matches = TRUE;
  if (!matches)
    return FALSE;

  move->shape = shape;
  memset (move->cells, 0, sizeof move->cells);
  memcpy (move->cells, cells, n * sizeof (RtCell));
  return TRUE;
}

/* ------------------------------------------------------------------ API */

static RtRefGame *
new_empty (int size, const int *values)
{
  if (size < RT_MIN_SIZE || size > RT_MAX_SIZE)
    return NULL;
  init_orientations ();
  RtRefGame *game = g_new0 (RtRefGame, 1);
  game->size = size;
  for (int s = 0; s < RT_N_SHAPES; s++)
    game->values[s] = values != NULL ? values[s] : rt_shapes[s].value;
  for (int r = 0; r < RT_MAX_SIZE; r++)
    for (int c = 0; c < RT_MAX_SIZE; c++)
      game->grid[r][c] = -1;
  for (int s = 0; s < RT_N_SHAPES; s++)
    {
      game->hand[RT_WHITE][s] = TRUE;
      game->hand[RT_RED][s] = TRUE;
    }
  game->to_move = RT_WHITE;
  game->termination = "";
  return game;
}

RtRefGame *
rt_ref_new (int size, const int *values)
{
  RtRefGame *game = new_empty (size, values);
  if (game != NULL)
    update_status (game);
  return game;
}

static int
parse_seat_letter (char letter)
{
  switch (letter)
    {
    case 'W':
    case 'w':
      return RT_WHITE;
    case 'R':
    case 'r':
      return RT_RED;
    default:
      return 0;
    }
}

RtRefGame *
rt_ref_new_from_text (int size, const int *values, int to_move, const char *pieces)
{
  if (to_move != RT_WHITE && to_move != RT_RED)
    return NULL;
  RtRefGame *game = new_empty (size, values);
  if (game == NULL)
    return NULL;
  game->to_move = to_move;

  char **items = g_strsplit_set (pieces != NULL ? pieces : "", " \t\r\n", -1);
  gboolean ok = TRUE;
  for (int k = 0; ok && items[k] != NULL; k++)
    {
      const char *item = items[k];
      if (item[0] == '\0')
        continue;
      int placer = parse_seat_letter (item[0]);
      int colour = parse_seat_letter (item[1]);
      RtMove move = { -1, { { 0, 0 } } };
      ok = placer != 0 && colour != 0 && item[2] == ':'
           && parse_placement (game, item + 3, &move);
      if (!ok)
        break;
      if (!game->hand[placer][move.shape])
        ok = FALSE; /* that seat laid this shape twice */
      for (int i = 0; ok && i < rt_shapes[move.shape].n_cells; i++)
        if (game->grid[move.cells[i].r][move.cells[i].c] >= 0)
          ok = FALSE; /* overlap */
      if (ok)
        put_piece (game, move.shape, placer, colour, move.cells);
    }
  g_strfreev (items);
  if (!ok)
    {
      g_free (game);
      return NULL;
    }
  update_status (game);
  return game;
}

void
rt_ref_free (RtRefGame *game)
{
  g_free (game);
}

RtRefGame *
rt_ref_copy (const RtRefGame *game)
{
  return g_memdup2 (game, sizeof *game);
}

gboolean
rt_ref_play (RtRefGame *game, const char *token)
{
  if (token == NULL || game->over)
    return FALSE;
  char *text = g_strstrip (g_strdup (token));
  RtMove move = { -1, { { 0, 0 } } };
  gboolean ok;
  if (g_ascii_strcasecmp (text, "pass") == 0)
    ok = game->must_pass;
  else
    ok = !game->must_pass && parse_placement (game, text, &move)
         && placement_ok (game, game->to_move, &move);
  g_free (text);
  if (ok)
    apply (game, &move);
  return ok;
}

static int
strv_compare (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
rt_ref_legal (RtRefGame *game)
{
  GPtrArray *tokens = g_ptr_array_new ();
  if (game->must_pass)
    g_ptr_array_add (tokens, g_strdup ("pass"));
  else if (!game->over)
    {
      GArray *moves = g_array_new (FALSE, FALSE, sizeof (RtMove));
      generate (game, game->to_move, moves, FALSE);
      for (guint i = 0; i < moves->len; i++)
        g_ptr_array_add (tokens, move_token (&g_array_index (moves, RtMove, i)));
      g_array_free (moves, TRUE);
      g_ptr_array_sort (tokens, strv_compare);
      /* Distinct orientations never give the same cells, so there are no
       * duplicates; check it anyway. */
      for (guint i = 1; i < tokens->len; i++)
        g_assert (strcmp (tokens->pdata[i - 1], tokens->pdata[i]) != 0);
    }
  g_ptr_array_add (tokens, NULL);
  return (char **) g_ptr_array_free (tokens, FALSE);
}

gboolean
rt_ref_is_over (RtRefGame *game)
{
  return game->over;
}

void
rt_ref_score (RtRefGame *game, int scores[2])
{
  scores[0] = 0;
  scores[1] = 0;
  for (int id = 0; id < game->n_pieces; id++)
    scores[game->pieces[id].colour - 1] += game->values[game->pieces[id].shape];
  for (int s = 0; s < RT_N_SHAPES; s++)
    {
      if (game->hand[RT_RED][s])
        scores[0] += game->values[s];
      if (game->hand[RT_WHITE][s])
        scores[1] += game->values[s];
    }
}

const char *
rt_ref_result (RtRefGame *game)
{
  if (!game->over)
    return "*";
  int scores[2];
  rt_ref_score (game, scores);
  /* More than half of the total of both sets wins; the scores always add
   * up to that total, so this is "more than the other". */
  int total = 0;
  for (int s = 0; s < RT_N_SHAPES; s++)
    total += 2 * game->values[s];
  if (2 * scores[0] > total)
    return "1-0";
  if (2 * scores[1] > total)
    return "0-1";
  return "1/2-1/2";
}

const char *
rt_ref_termination (RtRefGame *game)
{
  return game->termination;
}

int
rt_ref_to_move (RtRefGame *game)
{
  return game->to_move;
}

guint64
rt_ref_perft (RtRefGame *game, int depth)
{
  if (depth <= 0)
    return 1;
  if (game->over)
    return 0;
  if (game->must_pass)
    {
      if (depth == 1)
        return 1;
      RtRefGame child = *game;
      RtMove pass = { -1, { { 0, 0 } } };
      apply (&child, &pass);
      return rt_ref_perft (&child, depth - 1);
    }
  if (depth == 1)
    return generate (game, game->to_move, NULL, FALSE);
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (RtMove));
  generate (game, game->to_move, moves, FALSE);
  guint64 total = 0;
  for (guint i = 0; i < moves->len; i++)
    {
      RtRefGame child = *game;
      apply (&child, &g_array_index (moves, RtMove, i));
      total += rt_ref_perft (&child, depth - 1);
    }
  g_array_free (moves, TRUE);
  return total;
}

/* A cell name in any case, surrounding white space allowed. */
static gboolean
lookup_cell (RtRefGame *game, const char *name, RtCell *cell)
{
  if (name == NULL)
    return FALSE;
  char *text = g_strstrip (g_strdup (name));
  gboolean ok = parse_cell (game, text, cell);
  g_free (text);
  return ok;
}

const char *
rt_ref_cell (RtRefGame *game, const char *cell)
{
  RtCell at;
  if (!lookup_cell (game, cell, &at))
    return NULL;
  int id = game->grid[at.r][at.c];
  if (id < 0)
    return "";
  return game->pieces[id].colour == RT_WHITE ? "W" : "R";
}

gboolean
rt_ref_locked (RtRefGame *game, const char *cell)
{
  RtCell at;
  if (!lookup_cell (game, cell, &at))
    return FALSE;
  int id = game->grid[at.r][at.c];
  if (id < 0)
    return FALSE;
  const RtPiece *piece = &game->pieces[id];
  for (int i = 0; i < rt_shapes[piece->shape].n_cells; i++)
    for (int d = 0; d < 4; d++)
      {
        int r = piece->cells[i].r + rt_dr[d];
        int c = piece->cells[i].c + rt_dc[d];
        if (on_board (game, r, c) && game->grid[r][c] < 0)
          return FALSE;
      }
  return TRUE;
}

char *
rt_ref_hand (RtRefGame *game, int seat)
{
  GString *out = g_string_new ("");
  if (seat != RT_WHITE && seat != RT_RED)
    return g_string_free (out, FALSE);
  for (int s = 0; s < RT_N_SHAPES; s++)
    if (game->hand[seat][s])
      {
        if (out->len > 0)
          g_string_append_c (out, ' ');
        g_string_append (out, rt_shapes[s].code);
      }
  return g_string_free (out, FALSE);
}
