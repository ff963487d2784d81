/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-placement.c: taking a piece from the hand, turning it and holding it
 * over the board */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tb-placement.h"

void
tb_placement_init (TbPlacement *placement)
{
  *placement = (TbPlacement) { -1, 0, -1, -1, TB_MOVE_NONE, FALSE, 0 };
}

static const TbShapeDesc *
held_shape (const TbPlacement *placement, TbGame *game)
{
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;

  if (placement->shape < 0 || (guint) placement->shape >= board->n_shapes)
    return NULL;
  return &board->shapes[placement->shape];
}

void
tb_placement_grab_square (const TbBoardDesc *board, guint shape, guint turn, int *row, int *col)
{
  const TbShapeDesc *d = &board->shapes[shape];
  double mr = 0, mc = 0, best = G_MAXDOUBLE;

  turn %= MAX (d->n_turns, 1);
  for (guint i = 0; i < d->n_cells; i++)
    {
      mr += (double) d->cells[turn][i][0] / d->n_cells;
      mc += (double) d->cells[turn][i][1] / d->n_cells;
    }
  *row = *col = 0;
  for (guint i = 0; i < d->n_cells; i++)
    {
      double dist = hypot (d->cells[turn][i][0] - mr, d->cells[turn][i][1] - mc);

      if (dist < best - 1e-6)
        {
          best = dist;
          *row = d->cells[turn][i][0];
          *col = d->cells[turn][i][1];
        }
    }
}

/* The groups of the pieces a legal move turns over. */
static guint32
turning_groups (TbGame *game, TbMove move)
{
  TbVariant *v = tb_game_get_variant (game);
  const TbPosition *pos = tb_game_get_position (game);
  TbEffect effects[TB_MAX_EFFECTS];
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n_effects = tb_variant_move_effects (v, pos, move, effects);
  guint n_pieces = tb_variant_describe_pieces (v, pos, pieces);
  guint32 groups = 0;

  for (guint i = 0; i < n_effects; i++)
    for (guint k = 0; k < n_pieces && effects[i].kind == TB_EFFECT_FLIP; k++)
      if (pieces[k].cell == effects[i].from && pieces[k].group)
        groups |= 1u << (pieces[k].group - 1);
  return groups;
}

/* Works out where the piece lies and what laying it would do. */
static void
update (TbPlacement *placement, TbGame *game)
{
  TbVariant *v = tb_game_get_variant (game);
  const TbBoardDesc *board = &v->board;
  const TbShapeDesc *d = held_shape (placement, game);
  int grab_row, grab_col, height = 0, width = 0, row, col;

  placement->anchor = -1;
  placement->move = TB_MOVE_NONE;
  placement->legal = FALSE;
  placement->turning = 0;
  if (d == NULL || placement->cell < 0 || board->cols == 0)
    return;
  for (guint i = 0; i < d->n_cells; i++)
    {
      height = MAX (height, d->cells[placement->turn][i][0] + 1);
      width = MAX (width, d->cells[placement->turn][i][1] + 1);
    }
  tb_placement_grab_square (board, (guint) placement->shape, placement->turn, &grab_row, &grab_col);
  /* Moved in just enough to lie on the board. */
  row = CLAMP (placement->cell / (int) board->cols - grab_row, 0, (int) board->rows - height);
  col = CLAMP (placement->cell % (int) board->cols - grab_col, 0, (int) board->cols - width);
  placement->anchor = row * (int) board->cols + col;
  placement->move = tb_variant_placement (v, tb_game_get_position (game),
                                          (guint) placement->shape, placement->turn,
                                          placement->anchor);
  placement->legal = placement->move != TB_MOVE_NONE && tb_game_is_legal (game, placement->move);
  if (placement->legal)
    placement->turning = turning_groups (game, placement->move);
}

gboolean
tb_placement_take (TbPlacement *placement, TbGame *game, guint shape)
{
  TbVariant *v = tb_game_get_variant (game);

  if (tb_game_is_over (game) || shape >= v->board.n_shapes ||
      !(tb_variant_hand (v, tb_game_get_position (game), tb_game_get_to_move (game)) &
        (1u << shape)))
    return FALSE;
  placement->shape = (int) shape;
  placement->turn = 0;
  update (placement, game);
  return TRUE;
}

void
tb_placement_turn (TbPlacement *placement, TbGame *game, gboolean clockwise)
{
  const TbShapeDesc *d = held_shape (placement, game);

  if (d == NULL)
    return;
  placement->turn = (placement->turn + (clockwise ? 1 : d->n_turns - 1)) % d->n_turns;
  update (placement, game);
}

void
tb_placement_hold_at (TbPlacement *placement, TbGame *game, int cell)
{
  placement->cell = cell;
  update (placement, game);
}

void
tb_placement_step (TbPlacement *placement, TbGame *game, int rows, int cols)
{
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;
  int row, col;

  if (board->cols == 0)
    return;
  if (placement->cell < 0)
    {
      row = (int) board->rows / 2;
      col = (int) board->cols / 2;
    }
  else
    {
      row = CLAMP (placement->cell / (int) board->cols + rows, 0, (int) board->rows - 1);
      col = CLAMP (placement->cell % (int) board->cols + cols, 0, (int) board->cols - 1);
    }
  tb_placement_hold_at (placement, game, row * (int) board->cols + col);
}

guint
tb_placement_cells (const TbPlacement *placement, TbGame *game, int cells[TB_MAX_SHAPE_CELLS])
{
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;
  const TbShapeDesc *d = held_shape (placement, game);

  if (d == NULL || placement->anchor < 0)
    return 0;
  for (guint i = 0; i < d->n_cells; i++)
    cells[i] = placement->anchor + d->cells[placement->turn][i][0] * (int) board->cols +
               d->cells[placement->turn][i][1];
  return d->n_cells;
}

guint32
tb_placement_playable_shapes (TbGame *game)
{
  TbVariant *v = tb_game_get_variant (game);
  const TbPosition *pos = tb_game_get_position (game);
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (game, &n);
  guint32 shapes = 0;

  for (guint i = 0; i < n; i++)
    {
      TbEffect effects[TB_MAX_EFFECTS];

      if (moves[i] != TB_MOVE_PASS && tb_variant_move_effects (v, pos, moves[i], effects) > 0 &&
          effects[0].kind == TB_EFFECT_PLACE)
        shapes |= 1u << effects[0].amount;
    }
  return shapes;
}

void
tb_placement_targets (const TbPlacement *placement, TbGame *game, gboolean *cells)
{
  TbVariant *v = tb_game_get_variant (game);
  const TbBoardDesc *board = &v->board;
  const TbPosition *pos = tb_game_get_position (game);
  g_autoptr (GHashTable) legal = g_hash_table_new (g_int64_hash, g_int64_equal);
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (game, &n);
  int grab_row, grab_col;

  if (placement->shape < 0)
    return;
  for (guint i = 0; i < n; i++)
    g_hash_table_add (legal, (gpointer) &moves[i]);
  tb_placement_grab_square (board, (guint) placement->shape, placement->turn, &grab_row, &grab_col);
  for (guint anchor = 0; anchor < board->n_cells; anchor++)
    {
      TbMove move = tb_variant_placement (v, pos, (guint) placement->shape, placement->turn,
                                          (int) anchor);

      if (move != TB_MOVE_NONE && g_hash_table_contains (legal, &move))
        cells[anchor + grab_row * board->cols + grab_col] = TRUE;
    }
}

char *
tb_placement_describe (const TbPlacement *placement, TbGame *game)
{
  TbVariant *v = tb_game_get_variant (game);
  const TbShapeDesc *d = held_shape (placement, game);
  g_autoptr (GString) why = NULL;
  guint turned = 0;

  if (d == NULL)
    return g_strdup ("");
  if (placement->move == TB_MOVE_NONE)
    /* Translators: %s is a piece code such as V3. */
    return g_strdup_printf (_("Hold the %s over the board (arrow keys or pointer), turn it "
                              "with R or a right click, and lay it with Enter or a click."), d->code);
  if (placement->legal)
    {
      for (guint32 g = placement->turning; g; g &= g - 1)
        turned++;
      if (turned == 0)
        return g_strdup_printf (_("The first piece goes anywhere: Enter or a click lays the %s "
                                  "here."),
                                d->code);
      /* Translators: "Enter or a click lays the V3 here: it turns 2 pieces over." */
      return g_strdup_printf (ngettext ("Enter or a click lays the %s here: it turns %u piece "
                                        "over.",
                                        "Enter or a click lays the %s here: it turns %u pieces "
                                        "over.",
                                        turned),
                              d->code, turned);
    }
  why = g_string_new (NULL);
  tb_variant_explain_illegal (v, tb_game_get_position (game), placement->move, why);
  if (why->len > 0 && g_ascii_islower (why->str[0]))
    why->str[0] = g_ascii_toupper (why->str[0]);
  g_string_append_c (why, '.');
  return g_strdup (why->str);
}
