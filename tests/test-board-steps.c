/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-steps.c: moving a keyboard focus over every board in its own
 * directions (issue 5: Left/Right along a row; on hexagons Up and Down on
 * one diagonal, with Shift on the other). */
#include "config.h"

#include "tb-board-desc.h"
#include "tb-rules.h"

static int
cell (const TbBoardDesc *board, const char *name)
{
  int index = tb_board_desc_find_cell (board, name);

  g_assert_cmpint (index, >=, 0);
  return index;
}

static void
assert_step (const TbBoardDesc *board, const char *from, TbStep step, gboolean turned,
             const char *to)
{
  int reached = tb_board_desc_step (board, cell (board, from), step, turned);

  g_assert_cmpstr (board->cells[reached].name, ==, to);
}

/* Hexagons have no neighbour straight up: the straight steps (Ctrl+Up,
 * Ctrl+Down) go two rows at a time, up-left then up-right, and stop at
 * the edge; on squares, straight up the screen as Up. */
static void
test_straight_steps (void)
{
  g_autoptr (TbVariant) hex = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbVariant) grid = tb_variant_new_default (tb_rules_lookup ("retournement"));

  assert_step (&hex->board, "e5", TB_STEP_STRAIGHT_UP, FALSE, "f7");
  assert_step (&hex->board, "f7", TB_STEP_STRAIGHT_DOWN, FALSE, "e5");
  assert_step (&hex->board, "e5", TB_STEP_STRAIGHT_DOWN, FALSE, "d3");
  assert_step (&hex->board, "e9", TB_STEP_STRAIGHT_UP, FALSE, "e9");
  assert_step (&grid->board, "e5", TB_STEP_STRAIGHT_UP, FALSE, "e4");
}

/* Around the centre of the 61-cell board, the six neighbours. */
static void
test_hex_steps_reach_the_six_neighbours (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  const TbBoardDesc *board = &v->board;

  assert_step (board, "e5", TB_STEP_LEFT, FALSE, "d5");
  assert_step (board, "e5", TB_STEP_RIGHT, FALSE, "f5");
  assert_step (board, "e5", TB_STEP_UP, FALSE, "e6");
  assert_step (board, "e5", TB_STEP_UP, TRUE, "f6");
  assert_step (board, "e5", TB_STEP_DOWN, FALSE, "e4");
  assert_step (board, "e5", TB_STEP_DOWN, TRUE, "d4");
}

/* At the edge a step goes nowhere rather than jumping across. */
static void
test_hex_steps_stop_at_the_edge (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  const TbBoardDesc *board = &v->board;

  assert_step (board, "a1", TB_STEP_LEFT, FALSE, "a1");
  assert_step (board, "a1", TB_STEP_DOWN, FALSE, "a1");
  assert_step (board, "a1", TB_STEP_DOWN, TRUE, "a1");
}

/* Up then Down comes back, on both diagonals, from every cell of every hex
 * board. */
static void
test_hex_up_and_down_undo_each_other (void)
{
  const char *hex_boards[] = { "versus-61", "versus-91", "ra" };

  for (guint b = 0; b < G_N_ELEMENTS (hex_boards); b++)
    {
      g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (hex_boards[b]));
      const TbBoardDesc *board = &v->board;

      g_assert_cmpint (board->cell_shape, ==, TB_CELL_HEX);
      for (guint i = 0; i < board->n_cells; i++)
        {
          int up = tb_board_desc_step (board, (int) i, TB_STEP_UP, FALSE);
          int other = tb_board_desc_step (board, (int) i, TB_STEP_UP, TRUE);

          if (up != (int) i)
            g_assert_cmpint (tb_board_desc_step (board, up, TB_STEP_DOWN, FALSE), ==, i);
          if (other != (int) i)
            g_assert_cmpint (tb_board_desc_step (board, other, TB_STEP_DOWN, TRUE), ==, i);
        }
    }
}

/* A square grid steps straight, and with Shift on the diagonals. */
static void
test_grid_steps_go_straight (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("retournement"));
  const TbBoardDesc *board = &v->board;
  int middle = (int) (board->rows / 2 * board->cols + board->cols / 2);

  g_assert_cmpuint (board->rows, >, 2);
  int cols = (int) board->cols;

  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_UP, FALSE), ==, middle - cols);
  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_DOWN, FALSE), ==, middle + cols);
  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_LEFT, FALSE), ==, middle - 1);
  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_RIGHT, FALSE), ==, middle + 1);
  /* Shift turns an eighth clockwise: Up goes up-right, Left up-left. */
  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_UP, TRUE), ==, middle - cols + 1);
  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_RIGHT, TRUE), ==, middle + cols + 1);
  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_DOWN, TRUE), ==, middle + cols - 1);
  g_assert_cmpint (tb_board_desc_step (board, middle, TB_STEP_LEFT, TRUE), ==, middle - cols - 1);
}

/* A keyboard user reaches every cell of every game's board from any
 * cell, the round board of Oraïa included. */
static void
test_every_cell_is_reachable (void)
{
  guint n_rules;
  const TbRules *const *rules = tb_rules_list (&n_rules);

  for (guint r = 0; r < n_rules; r++)
    {
      g_autoptr (TbVariant) v = tb_variant_new_default (rules[r]);
      const TbBoardDesc *board = &v->board;
      gboolean seen[TB_MAX_CELLS] = { FALSE };
      int queue[TB_MAX_CELLS];
      guint head = 0, tail = 0, n_seen = 1;

      queue[tail++] = 0;
      seen[0] = TRUE;
      while (head < tail)
        {
          int from = queue[head++];

          for (guint k = 0; k < 8; k++)
            {
              int to = tb_board_desc_step (board, from, (TbStep) (k / 2), k % 2);

              if (!seen[to])
                {
                  seen[to] = TRUE;
                  queue[tail++] = to;
                  n_seen++;
                }
            }
        }
      g_test_message ("%s: %u of %u cells reached", tb_rules_get_id (rules[r]), n_seen,
                      board->n_cells);
      g_assert_cmpuint (n_seen, ==, board->n_cells);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board-steps/hex/six-neighbours", test_hex_steps_reach_the_six_neighbours);
  g_test_add_func ("/board-steps/hex/edge", test_hex_steps_stop_at_the_edge);
  g_test_add_func ("/board-steps/hex/up-and-down-undo", test_hex_up_and_down_undo_each_other);
  g_test_add_func ("/board-steps/grid/straight", test_grid_steps_go_straight);
  g_test_add_func ("/board-steps/straight-up-and-down", test_straight_steps);
  g_test_add_func ("/board-steps/every-cell-reachable", test_every_cell_is_reachable);
  return g_test_run ();
}
