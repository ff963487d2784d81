/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hex.c: the hex-hex geometry of tb-hex.h on the three boards of
 * Tablier (radius 4, 5 and 6: versus-61, versus-91 and ra), against
 * NOTATION.md §2.1 and rules/versus.md §3.2.
 *
 * Axial (q, r), pointy-top cells, r grows southward; cell names are
 * file 'a' + q + R and rank R - r + 1.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tb-hex.h"

static const int radii[] = { 4, 5, 6 };

static TbHexBoard *
board_new (int radius)
{
  TbHexBoard *board = g_new (TbHexBoard, 1);

  tb_hex_board_init (board, radius);
  return board;
}

static gboolean
on_board (int radius, int q, int r)
{
  return MAX (MAX (abs (q), abs (r)), abs (q + r)) <= radius;
}

static char *
cell_name (const TbHexBoard *board, int cell)
{
  char buf[TB_CELL_NAME_LEN];

  tb_hex_cell_name (board, cell, buf);
  return g_strdup (buf);
}

static int
cell_named (const TbHexBoard *board, const char *name)
{
  return tb_hex_parse_cell (board, name, NULL);
}

static void
assert_cell_at (const TbHexBoard *board, const char *name, int q, int r)
{
  int cell = cell_named (board, name);
  g_autofree char *back = NULL;

  g_assert_cmpint (cell, >=, 0);
  g_assert_cmpint (board->q[cell], ==, q);
  g_assert_cmpint (board->r[cell], ==, r);
  g_assert_cmpint (tb_hex_cell (board, q, r), ==, cell);
  back = cell_name (board, cell);
  g_assert_cmpstr (back, ==, name);
}

/* 3R(R+1) + 1 cells: 61, 91 and 127; exactly the (q, r) with
 * max(|q|, |r|, |q+r|) <= R, numbered row by row from the north. */
static void
test_cell_counts_and_numbering (void)
{
  const int expected[] = { 61, 91, 127 };

  for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
    {
      int R = radii[i];
      g_autofree TbHexBoard *board = board_new (R);
      int n = 0;

      g_assert_cmpint (board->radius, ==, R);
      g_assert_cmpint (board->n_cells, ==, expected[i]);
      g_assert_cmpint (board->n_cells, ==, 3 * R * (R + 1) + 1);
      g_assert_cmpint (board->n_cells, <=, TB_HEX_MAX_CELLS);
      for (int r = -TB_HEX_MAX_RADIUS - 1; r <= TB_HEX_MAX_RADIUS + 1; r++)
        for (int q = -TB_HEX_MAX_RADIUS - 1; q <= TB_HEX_MAX_RADIUS + 1; q++)
          {
            int cell = tb_hex_cell (board, q, r);

            if (!on_board (R, q, r))
              {
                g_assert_cmpint (cell, ==, -1);
                continue;
              }
            /* Rows from the north (r = -R), west to east in a row. */
            g_assert_cmpint (cell, ==, n);
            g_assert_cmpint (board->q[cell], ==, q);
            g_assert_cmpint (board->r[cell], ==, r);
            n++;
          }
      g_assert_cmpint (n, ==, board->n_cells);
    }
}

/* NOTATION.md §2.1: a1 is the south-west corner; rank 1 holds a1..e1 on
 * the 61 board, the middle rank 5 holds a5..i5, rank 9 holds e9..i9. */
static void
test_names_on_the_61_board (void)
{
  g_autofree TbHexBoard *board = board_new (4);
  const char *rank1[] = { "a1", "b1", "c1", "d1", "e1" };
  const char *rank5[] = { "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "i5" };
  const char *rank9[] = { "e9", "f9", "g9", "h9", "i9" };

  assert_cell_at (board, "a1", -4, +4);
  for (guint i = 0; i < G_N_ELEMENTS (rank1); i++)
    assert_cell_at (board, rank1[i], -4 + (int) i, +4);
  for (guint i = 0; i < G_N_ELEMENTS (rank5); i++)
    assert_cell_at (board, rank5[i], -4 + (int) i, 0);
  for (guint i = 0; i < G_N_ELEMENTS (rank9); i++)
    assert_cell_at (board, rank9[i], (int) i, -4);
  /* The centre, the start cells of versus.md §4.1 and the targets. */
  assert_cell_at (board, "e5", 0, 0);
  assert_cell_at (board, "c1", -2, +4);
  assert_cell_at (board, "g9", +2, -4);
  assert_cell_at (board, "b5", -3, 0);
  assert_cell_at (board, "h5", +3, 0);
  /* The ends of the ranks are off the board. */
  g_assert_cmpint (cell_named (board, "f1"), ==, -1);
  g_assert_cmpint (cell_named (board, "d9"), ==, -1);
  g_assert_cmpint (cell_named (board, "j5"), ==, -1);
}

/* 91 board: rank 1 is a1..f1, the middle rank 6 is a6..k6, rank 11 is
 * f11..k11. */
static void
test_names_on_the_91_board (void)
{
  g_autofree TbHexBoard *board = board_new (5);

  for (int i = 0; i < 6; i++)
    {
      char name[TB_CELL_NAME_LEN];

      g_snprintf (name, sizeof name, "%c1", 'a' + i);
      assert_cell_at (board, name, -5 + i, +5);
      g_snprintf (name, sizeof name, "%c11", 'f' + i);
      assert_cell_at (board, name, i, -5);
    }
  for (int i = 0; i < 11; i++)
    {
      char name[TB_CELL_NAME_LEN];

      g_snprintf (name, sizeof name, "%c6", 'a' + i);
      assert_cell_at (board, name, -5 + i, 0);
    }
  assert_cell_at (board, "f6", 0, 0);
  assert_cell_at (board, "k11", +5, -5);
  g_assert_cmpint (cell_named (board, "g1"), ==, -1);
  g_assert_cmpint (cell_named (board, "e11"), ==, -1);
  g_assert_cmpint (cell_named (board, "l6"), ==, -1);
}

/* 127 board (RA): the RA cells d7 and j7 are (-3, 0) and (+3, 0). */
static void
test_names_on_the_127_board (void)
{
  g_autofree TbHexBoard *board = board_new (6);

  assert_cell_at (board, "d7", -3, 0);
  assert_cell_at (board, "j7", +3, 0);
  assert_cell_at (board, "g7", 0, 0);
  assert_cell_at (board, "a1", -6, +6);
  assert_cell_at (board, "g1", 0, +6);
  assert_cell_at (board, "g13", 0, -6);
  assert_cell_at (board, "m13", +6, -6);
  assert_cell_at (board, "m7", +6, 0);
  g_assert_cmpint (cell_named (board, "h1"), ==, -1);
  g_assert_cmpint (cell_named (board, "n7"), ==, -1);
}

/* Every cell's name reads back as that cell, in any case and with white
 * space around it; names are unique. */
static void
test_name_parse_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
    {
      int R = radii[i];
      g_autofree TbHexBoard *board = board_new (R);
      g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (int c = 0; c < board->n_cells; c++)
        {
          g_autofree char *name = cell_name (board, c);
          g_autofree char *upper = g_ascii_strup (name, -1);
          g_autofree char *spaced = g_strdup_printf ("  %s \t", upper);
          char expected[TB_CELL_NAME_LEN];
          const char *end = NULL;

          /* file 'a' + q + R, rank R - r + 1 */
          g_snprintf (expected, sizeof expected, "%c%d", 'a' + board->q[c] + R,
                      R - board->r[c] + 1);
          g_assert_cmpstr (name, ==, expected);
          g_assert_cmpuint (strlen (name), <, TB_CELL_NAME_LEN);
          g_assert_false (g_hash_table_contains (seen, name));
          g_hash_table_add (seen, g_strdup (name));

          g_assert_cmpint (cell_named (board, name), ==, c);
          g_assert_cmpint (cell_named (board, upper), ==, c);
          g_assert_cmpint (cell_named (board, spaced), ==, c);
          /* With end, the reader stops right after the name. */
          g_assert_cmpint (tb_hex_parse_cell (board, name, &end), ==, c);
          g_assert_true (end == name + strlen (name));
        }
    }
}

/* Names that are no cell of the board are refused. */
static void
test_bad_names_are_rejected (void)
{
  const char *always_bad[] = {
    "", " ", "z1", "a0", "a", "1", "1a", "a10x", "a-1", "aa1", "@1", "a1000", "c 1", "é1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
    {
      g_autofree TbHexBoard *board = board_new (radii[i]);

      for (guint k = 0; k < G_N_ELEMENTS (always_bad); k++)
        {
          int cell = cell_named (board, always_bad[k]);

          if (cell != -1)
            g_test_message ("radius %d reads '%s' as a cell", radii[i], always_bad[k]);
          g_assert_cmpint (cell, ==, -1);
        }
    }
  /* Off-board corners of the bounding parallelogram, and ranks past the
   * last one. */
  {
    g_autofree TbHexBoard *b61 = board_new (4);
    g_autofree TbHexBoard *b91 = board_new (5);
    g_autofree TbHexBoard *b127 = board_new (6);

    g_assert_cmpint (cell_named (b61, "a9"), ==, -1);
    g_assert_cmpint (cell_named (b61, "i1"), ==, -1);
    g_assert_cmpint (cell_named (b61, "e10"), ==, -1);
    g_assert_cmpint (cell_named (b61, "j9"), ==, -1);
    g_assert_cmpint (cell_named (b91, "a11"), ==, -1);
    g_assert_cmpint (cell_named (b91, "k1"), ==, -1);
    g_assert_cmpint (cell_named (b91, "f12"), ==, -1);
    g_assert_cmpint (cell_named (b127, "a13"), ==, -1);
    g_assert_cmpint (cell_named (b127, "m1"), ==, -1);
    g_assert_cmpint (cell_named (b127, "g14"), ==, -1);
    /* A name followed by more text is not a name. */
    g_assert_cmpint (cell_named (b61, "e5x"), ==, -1);
    g_assert_cmpint (cell_named (b61, "e5-e6"), ==, -1);
  }
}

/* The direction table matches the enum, and opposite directions cancel. */
static void
test_direction_vectors (void)
{
  const int dq[] = { +1, +1, 0, -1, -1, 0 };
  const int dr[] = { 0, -1, -1, 0, +1, +1 };

  g_assert_cmpint (TB_HEX_E, ==, 0);
  g_assert_cmpint (TB_HEX_SE, ==, 5);
  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    {
      g_assert_cmpint (tb_hex_dq[d], ==, dq[d]);
      g_assert_cmpint (tb_hex_dr[d], ==, dr[d]);
      g_assert_cmpint (tb_hex_dq[d] + tb_hex_dq[TB_HEX_OPPOSITE (d)], ==, 0);
      g_assert_cmpint (tb_hex_dr[d] + tb_hex_dr[TB_HEX_OPPOSITE (d)], ==, 0);
    }
}

/* neighbour[c][d] is c + dir(d) or -1 off the board, and the relation is
 * symmetric with the opposite direction. */
static void
test_neighbours_are_symmetric (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
    {
      int R = radii[i];
      g_autofree TbHexBoard *board = board_new (R);
      guint links = 0;

      for (int c = 0; c < board->n_cells; c++)
        for (int d = 0; d < TB_HEX_N_DIRS; d++)
          {
            int q = board->q[c] + tb_hex_dq[d];
            int r = board->r[c] + tb_hex_dr[d];
            int n = board->neighbour[c][d];

            if (!on_board (R, q, r))
              {
                g_assert_cmpint (n, ==, -1);
                continue;
              }
            g_assert_cmpint (n, ==, tb_hex_cell (board, q, r));
            g_assert_cmpint (board->neighbour[n][TB_HEX_OPPOSITE (d)], ==, c);
            g_assert_cmpint (tb_hex_distance (board, c, n), ==, 1);
            links++;
          }
      /* Every inner edge counted twice: 3 (3R^2 + R) edges in a hex-hex. */
      g_assert_cmpuint (links, ==, 2 * 3 * (3 * R * R + R));
    }
}

/* ray[c][d] lists c + k·dir(d), k = 1, 2, …, nearest first, up to the
 * edge and no further. */
static void
test_rays_run_straight_to_the_edge (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
    {
      int R = radii[i];
      g_autofree TbHexBoard *board = board_new (R);

      for (int c = 0; c < board->n_cells; c++)
        for (int d = 0; d < TB_HEX_N_DIRS; d++)
          {
            int k = 1;

            while (on_board (R, board->q[c] + k * tb_hex_dq[d], board->r[c] + k * tb_hex_dr[d]))
              {
                int expected = tb_hex_cell (board, board->q[c] + k * tb_hex_dq[d],
                                            board->r[c] + k * tb_hex_dr[d]);

                g_assert_cmpint (k, <=, board->ray_len[c][d]);
                g_assert_cmpint (board->ray[c][d][k - 1], ==, expected);
                g_assert_cmpint (tb_hex_distance (board, c, expected), ==, k);
                k++;
              }
            g_assert_cmpint (board->ray_len[c][d], ==, k - 1);
            g_assert_cmpint (board->ray_len[c][d], <=, 2 * R);
            /* The first step of a ray is the neighbour. */
            if (board->ray_len[c][d] > 0)
              g_assert_cmpint (board->ray[c][d][0], ==, board->neighbour[c][d]);
            else
              g_assert_cmpint (board->neighbour[c][d], ==, -1);
            /* Opposite rays of a cell span the whole line: 2R + 1 cells on
             * the lines through the centre. */
            if (board->q[c] == 0 && board->r[c] == 0)
              g_assert_cmpint (board->ray_len[c][d], ==, R);
          }
    }
}

/* tb_hex_distance is the axial distance (|dq| + |dr| + |dq + dr|) / 2. */
static void
test_distance_is_the_axial_formula (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
    {
      g_autofree TbHexBoard *board = board_new (radii[i]);

      for (int a = 0; a < board->n_cells; a++)
        for (int b = 0; b < board->n_cells; b++)
          {
            int dq = board->q[a] - board->q[b];
            int dr = board->r[a] - board->r[b];

            g_assert_cmpint (tb_hex_distance (board, a, b), ==,
                             (abs (dq) + abs (dr) + abs (dq + dr)) / 2);
            g_assert_cmpint (tb_hex_distance (board, a, b), ==, tb_hex_distance (board, b, a));
          }
      /* The two ends of a long diagonal are 2R apart. */
      g_assert_cmpint (tb_hex_distance (board, tb_hex_cell (board, -radii[i], radii[i]),
                                        tb_hex_cell (board, radii[i], -radii[i])),
                       ==, 2 * radii[i]);
    }
}

/* Cell centres at x = √3 (q + r/2), y = 1.5 r (unit circumradius,
 * pointy-top); the bounds hold every corner of every hexagon, tightly. */
static void
test_description_centres_and_bounds (void)
{
  const double eps = 1e-4;
  const double sqrt3 = sqrt (3.0);
  /* The six corners of a pointy-top hexagon of circumradius 1. */
  const double corner_x[] = { 0, sqrt3 / 2, sqrt3 / 2, 0, -sqrt3 / 2, -sqrt3 / 2 };
  const double corner_y[] = { -1, -0.5, 0.5, 1, 0.5, -0.5 };

  for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
    {
      int R = radii[i];
      g_autofree TbHexBoard *board = board_new (R);
      g_autofree TbBoardDesc *desc = g_new0 (TbBoardDesc, 1);
      double min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE;
      double max_x = -G_MAXDOUBLE, max_y = -G_MAXDOUBLE;

      tb_hex_describe (board, desc);
      g_assert_cmpint (desc->cell_shape, ==, TB_CELL_HEX);
      g_assert_cmpfloat_with_epsilon (desc->cell_size, 1.0, eps);
      g_assert_cmpuint (desc->n_cells, ==, (guint) board->n_cells);
      for (int c = 0; c < board->n_cells; c++)
        {
          const TbCellDesc *cell = &desc->cells[c];
          double x = sqrt3 * (board->q[c] + board->r[c] / 2.0);
          double y = 1.5 * board->r[c];
          g_autofree char *name = cell_name (board, c);

          g_assert_cmpfloat_with_epsilon (cell->x, x, eps);
          g_assert_cmpfloat_with_epsilon (cell->y, y, eps);
          g_assert_cmpstr (cell->name, ==, name);
          g_assert_cmpint (tb_board_desc_find_cell (desc, name), ==, c);
          for (int k = 0; k < 6; k++)
            {
              double px = cell->x + desc->cell_size * corner_x[k];
              double py = cell->y + desc->cell_size * corner_y[k];

              g_assert_cmpfloat (px, >=, desc->min_x - eps);
              g_assert_cmpfloat (px, <=, desc->max_x + eps);
              g_assert_cmpfloat (py, >=, desc->min_y - eps);
              g_assert_cmpfloat (py, <=, desc->max_y + eps);
              min_x = MIN (min_x, px);
              max_x = MAX (max_x, px);
              min_y = MIN (min_y, py);
              max_y = MAX (max_y, py);
            }
        }
      /* Tight: no margin beyond the outermost corners. */
      g_assert_cmpfloat_with_epsilon (desc->min_x, min_x, eps);
      g_assert_cmpfloat_with_epsilon (desc->max_x, max_x, eps);
      g_assert_cmpfloat_with_epsilon (desc->min_y, min_y, eps);
      g_assert_cmpfloat_with_epsilon (desc->max_y, max_y, eps);
      /* The board is 2R + 1 cells wide on the middle row and 3R + 2 tall. */
      g_assert_cmpfloat_with_epsilon (desc->max_x - desc->min_x, sqrt3 * (2 * R + 1), eps);
      g_assert_cmpfloat_with_epsilon (desc->max_y - desc->min_y, 3.0 * R + 2, eps);
      /* North is up: rank 1 (south) has the largest y. */
      g_assert_cmpfloat (desc->cells[cell_named (board, "a1")].y, >,
                         desc->cells[0].y);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hex/cell-counts-61-91-127-and-numbering-from-the-north",
                   test_cell_counts_and_numbering);
  g_test_add_func ("/hex/names/61-board-a1-south-west-ranks-1-5-9", test_names_on_the_61_board);
  g_test_add_func ("/hex/names/91-board-ranks-1-6-11", test_names_on_the_91_board);
  g_test_add_func ("/hex/names/127-board-ra-cells-d7-j7", test_names_on_the_127_board);
  g_test_add_func ("/hex/names/every-name-parses-back-any-case-and-spaces",
                   test_name_parse_round_trip);
  g_test_add_func ("/hex/names/bad-names-are-rejected", test_bad_names_are_rejected);
  g_test_add_func ("/hex/directions/opposites-cancel", test_direction_vectors);
  g_test_add_func ("/hex/neighbours/symmetric-with-the-opposite-direction",
                   test_neighbours_are_symmetric);
  g_test_add_func ("/hex/rays/run-straight-to-the-edge", test_rays_run_straight_to_the_edge);
  g_test_add_func ("/hex/distance/axial-formula", test_distance_is_the_axial_formula);
  g_test_add_func ("/hex/describe/centres-and-tight-bounds",
                   test_description_centres_and_bounds);

  return g_test_run ();
}
