/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-retournement-rules.c: one test per sentence of the Retournement
 * seed text (002_d4811a23901473ed.txt), the example rebuilt in
 * rules/retournement.md §5, the pieces of §1.2, passing and the end
 * (rules/README.md), and the options of §7.
 *
 * Cells: columns a..k left to right, rows 1..11 top to bottom.  Position
 * text: WHO-LAID COLOUR:PIECE:CELLS, W white, R red ("WR:V3:e5-f5-e6" is
 * White's corner tromino now showing red).
 */
#include "config.h"

#include <string.h>

#include "tb-perft.h"
#include "tb-rules-table.h"
#include "tb-test-util.h"

#define SHAPE_CODES "I1 I2 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5"

static const int default_values[13] = { 1, 2, 3, 3, 4, 3, 4, 4, 4, 4, 4, 4, 4 };

/* "W" or "R" for the colour showing on cell, lower case once its piece is
 * locked; "" for an empty hole. */
static char *
colour_at (TbLine *line, const char *cell)
{
  TbVariant *v = tb_line_get_variant (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (v, tb_line_get_position (line), pieces);
  int index = tb_board_desc_find_cell (&v->board, cell);

  g_assert_cmpint (index, >=, 0);
  for (guint i = 0; i < n; i++)
    if (pieces[i].cell == index)
      {
        gboolean locked = (pieces[i].flags & TB_PIECE_LOCKED) != 0;

        if (pieces[i].owner == 1)
          return g_strdup (locked ? "w" : "W");
        return g_strdup (locked ? "r" : "R");
      }
  return g_strdup ("");
}

#define assert_colour(line, cell, expected) \
  G_STMT_START { \
    g_autofree char *colour_ = colour_at ((line), (cell)); \
    g_assert_cmpstr (colour_, ==, (expected)); \
  } G_STMT_END

/* The colours of a block of cells, row by row: "WW.R/.W..". */
static char *
picture (TbLine *line, char first_col, char last_col, int first_row, int last_row)
{
  GString *out = g_string_new (NULL);

  for (int row = first_row; row <= last_row; row++)
    {
      if (row > first_row)
        g_string_append_c (out, '/');
      for (char col = first_col; col <= last_col; col++)
        {
          g_autofree char *cell = g_strdup_printf ("%c%d", col, row);
          g_autofree char *colour = colour_at (line, cell);

          g_string_append (out, *colour ? colour : ".");
        }
    }
  return g_string_free (out, FALSE);
}

#define assert_picture(line, c0, c1, r0, r1, expected) \
  G_STMT_START { \
    g_autofree char *picture_ = picture ((line), (c0), (c1), (r0), (r1)); \
    g_assert_cmpstr (picture_, ==, (expected)); \
  } G_STMT_END

static void
assert_score (TbLine *line, int white, int red)
{
  TbVariant *v = tb_line_get_variant (line);
  int scores[2];

  tb_variant_score (v, tb_line_get_position (line), scores);
  g_assert_cmpint (scores[0], ==, white);
  g_assert_cmpint (scores[1], ==, red);
}

/* The codes of the shapes a seat still holds, "I1 I2 …". */
static char *
hand_of (TbLine *line, guint seat)
{
  TbVariant *v = tb_line_get_variant (line);
  guint32 hand = tb_variant_hand (v, tb_line_get_position (line), seat);
  GString *out = g_string_new (NULL);

  for (guint s = 0; s < v->board.n_shapes; s++)
    if (hand & (1u << s))
      g_string_append_printf (out, "%s%s", out->len ? " " : "", v->board.shapes[s].code);
  return g_string_free (out, FALSE);
}

/* How many legal moves lay the piece code. */
static guint
count_placements (TbLine *line, const char *code)
{
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *prefix = g_strconcat (code, ":", NULL);
  guint n = 0;

  for (guint i = 0; legal[i]; i++)
    n += g_str_has_prefix (legal[i], prefix);
  return n;
}

static char *
explain (TbLine *line, const char *move_text)
{
  TbVariant *v = tb_line_get_variant (line);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  TbMove move;

  g_assert_true (v->rules->parse_move (v, tb_line_get_position (line), move_text, &move, &error));
  g_assert_no_error (error);
  tb_variant_explain_illegal (v, tb_line_get_position (line), move, out);
  return g_strdup (out->str);
}

/* ---- Contenu de la boîte ---- */

/* "1 plateau de jeu perforé." (a square grid of holes, 11 × 11 by
 * default: retournement.md §1.1) */
static void
test_seed_a_perforated_board (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);

  g_assert_cmpuint (v->board.n_cells, ==, 121);
  g_assert_cmpuint (v->board.rows, ==, 11);
  g_assert_cmpuint (v->board.cols, ==, 11);
  g_assert_cmpint (v->board.cell_shape, ==, TB_CELL_ROUND);
  /* a1 top left, k11 bottom right (NOTATION.md §2.2). */
  g_assert_cmpint (tb_board_desc_find_cell (&v->board, "a1"), ==, 0);
  g_assert_cmpint (tb_board_desc_find_cell (&v->board, "k1"), ==, 10);
  g_assert_cmpint (tb_board_desc_find_cell (&v->board, "a2"), ==, 11);
  g_assert_cmpint (tb_board_desc_find_cell (&v->board, "k11"), ==, 120);
  g_assert_cmpfloat (v->board.cells[120].x, >, v->board.cells[0].x);
  g_assert_cmpfloat (v->board.cells[120].y, >, v->board.cells[0].y);
}

/* "2 fois 13 pièces de formes différentes (26 en tout), à recto rouge et
 * verso blanc." (the 13 mirror-symmetric shapes of 1 to 5 squares) */
static void
test_seed_thirteen_different_shapes_each (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  static const guint n_cells[13] = { 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5, 5 };
  static const guint n_turns[13] = { 1, 2, 2, 4, 2, 1, 4, 2, 4, 4, 4, 4, 1 };
  g_autofree char *white = hand_of (line, 1);
  g_autofree char *red = hand_of (line, 2);
  guint cells = 0;

  g_assert_cmpuint (v->board.n_shapes, ==, 13);
  g_assert_cmpstr (white, ==, SHAPE_CODES);
  g_assert_cmpstr (red, ==, SHAPE_CODES);
  for (guint s = 0; s < 13; s++)
    {
      const TbShapeDesc *shape = &v->board.shapes[s];

      g_assert_cmpuint (shape->n_cells, ==, n_cells[s]);
      g_assert_cmpuint (shape->n_turns, ==, n_turns[s]);
      cells += shape->n_cells;
      /* Every turn is a quarter turn clockwise of the one before. */
      for (guint t = 0; t < shape->n_turns; t++)
        for (guint i = 0; i < shape->n_cells; i++)
          {
            gint8 row = shape->cells[t][i][0], col = shape->cells[t][i][1];

            g_assert_cmpint (row, >=, 0);
            g_assert_cmpint (col, >=, 0);
            g_assert_cmpint (row, <, 5);
            g_assert_cmpint (col, <, 5);
          }
      /* Two different shapes never cover the same cells. */
      for (guint o = 0; o < s; o++)
        g_assert_true (v->board.shapes[o].n_cells != shape->n_cells ||
                       memcmp (v->board.shapes[o].cells, shape->cells,
                               sizeof shape->cells) != 0);
    }
  g_assert_cmpuint (cells, ==, 51);   /* 102 holes for both sets */
  g_assert_cmpstr (tb_rules_get_seat_name (v->rules, 1), ==, "White");
  g_assert_cmpstr (tb_rules_get_seat_name (v->rules, 2), ==, "Red");
}

/* "Chaque pièce comporte un chiffre gravé indiquant sa valeur. La valeur
 * totale des pièces du jeu est de 88 points." */
static void
test_seed_values_add_up_to_88 (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  int total = 0;

  for (guint s = 0; s < 13; s++)
    {
      g_assert_cmpint (v->board.shapes[s].value, ==, default_values[s]);
      total += 2 * v->board.shapes[s].value;
    }
  g_assert_cmpint (total, ==, 88);
  /* Nobody has laid anything: each has the other's 44 unplaced points. */
  assert_score (line, 44, 44);
}

/* ---- Principe du jeu ---- */

/* "Chaque joueur doit poser judicieusement ses pièces contre les pièces
 * adverses pour les retourner dans sa couleur et gagner un maximum de
 * points." */
static void
test_seed_lay_against_to_turn_and_gain_points (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I4:c3-d3-e3-f3"));

  /* White's 4 on the board and Red's 44 unlaid; Red, White's other 40. */
  assert_score (line, 48, 40);
  tt_play (line, "I1:c4");
  assert_colour (line, "c3", "R");
  assert_colour (line, "f3", "R");
  /* Red: I4 (4) and I1 (1) on the board, White's 44 unplaced less the
   * 4 laid; White: nothing on the board, Red's 43 unplaced. */
  assert_score (line, 43, 45);
}

/* ---- Préparation du jeu ---- */

/* "Placer le plateau entre les joueurs." (the board starts empty) */
static void
test_seed_the_board_starts_empty (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  g_autofree char *position = tt_position (line);

  g_assert_cmpuint (tb_variant_describe_pieces (v, tb_line_get_position (line), pieces), ==, 0);
  g_assert_cmpstr (position, ==, "to-move=1");
}

/* "Distribuer toutes les pièces entre les joueurs de façon que chacun ait
 * les mêmes." */
static void
test_seed_both_hands_the_same (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("X5:b1-a2-b2-c2-b3"));
  g_autofree char *white = hand_of (line, 1);
  g_autofree char *red = hand_of (line, 2);

  g_assert_cmpstr (white, ==, "I1 I2 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5");
  g_assert_cmpstr (red, ==, SHAPE_CODES);
  /* Red lays its own X5, though White's is on the board. */
  g_assert_cmpuint (count_placements (line, "X5"), >, 0);
}

/* "Les joueurs choisissent une couleur : rouge ou blanc ; chacun posera
 * toujours ses pièces du côté de sa couleur sur le plateau." */
static void
test_seed_pieces_laid_own_colour_up (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("O4:e5-f5-e6-f6"));

  assert_picture (line, 'e', 'f', 5, 6, "WW/WW");
  tt_play (line, "I3:g4-g5-g6");
  assert_picture (line, 'e', 'g', 4, 6, "..R/RRR/RRR");
}

/* ---- Règle du jeu ---- */

/* "Les joueurs jouent à tour de rôle." */
static void
test_seed_turns_alternate (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);

  g_assert_cmpuint (tb_position_to_move (tb_line_get_position (line)), ==, 1);
  tt_play (line, "I1:f6");
  g_assert_cmpuint (tb_position_to_move (tb_line_get_position (line)), ==, 2);
  tt_play (line, "I1:f7");
  g_assert_cmpuint (tb_position_to_move (tb_line_get_position (line)), ==, 1);
}

/* "Le joueur qui a les pièces blanches commence. Il en pose une n'importe
 * où dans les trous du plateau." */
static void
test_seed_white_begins_anywhere (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("retournement"));
  g_autoptr (TbLine) line = tb_line_new (v, 1);
  g_autoptr (GError) error = NULL;

  g_assert_false (tb_rules_has_starter_choice (v->rules));
  g_assert_false (tb_variant_check_starter (v, 2, &error));
  g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_STARTER);
  /* Every piece, every way round, on every hole it fits: 3,142
   * placements (rules/README.md, perft(1)). */
  g_assert_cmpuint (tb_perft (line, 1), ==, 3142);
  g_assert_true (tt_is_legal (line, "I1:a1"));
  g_assert_true (tt_is_legal (line, "I1:k11"));
  g_assert_true (tt_is_legal (line, "X5:f5-e6-f6-g6-f7"));
  g_assert_true (tt_is_legal (line, "I5:k1-k2-k3-k4-k5"));
  g_assert_cmpuint (count_placements (line, "I1"), ==, 121);
  g_assert_cmpuint (count_placements (line, "V3"), ==, 4 * 10 * 10);
}

/* "Le deuxième joueur pose également une pièce de façon qu'elle touche,
 * par un côté ou plusieurs, la pièce adverse. Il retourne alors cette
 * pièce adverse, qui devient ainsi à sa couleur, en la replaçant
 * exactement dans sa position initiale." */
static void
test_seed_second_player_touches_and_turns_in_place (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I2:e5-f5"));
  g_auto (GStrv) legal = tt_legal (line);

  /* Every placement of Red touches the domino by a side. */
  for (guint i = 0; legal[i]; i++)
    {
      g_autoptr (TbLine) after = tt_line ("retournement", NULL, TT_MOVES ("I2:e5-f5", legal[i]));

      assert_colour (after, "e5", "R");
      assert_colour (after, "f5", "R");
    }
  g_assert_false (tt_is_legal (line, "I1:h5"));
  /* Touched by two sides at once: still one turn, the same holes. */
  tt_play (line, "V3:e6-f6-f7");
  assert_picture (line, 'd', 'g', 4, 8, "..../.RR./.RR./..R./....");
  {
    g_autofree char *position = tt_position (line);

    g_assert_nonnull (strstr (position, "WR:I2:e5-f5"));
  }
}

/* "Le premier joueur pose une autre pièce de façon qu'elle touche au moins
 * par un côté une ou plusieurs pièces adverses, et la (ou les) retourne à
 * sa couleur." */
static void
test_seed_touching_several_turns_them_all (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I1:e5", "I1:f5"));

  assert_picture (line, 'e', 'f', 5, 6, "RR/..");
  /* White's domino touches both red monominoes by a side: both turn. */
  tt_play (line, "I2:e6-f6");
  assert_picture (line, 'e', 'f', 5, 6, "WW/WW");
}

/* "La partie se poursuit ainsi, les joueurs essayant à chaque fois de
 * toucher un maximum de pièces adverses pour les mettre à leur couleur et
 * acquérir les pièces valant le plus de points." */
static void
test_seed_points_follow_the_colour (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("X5:b1-a2-b2-c2-b3"));

  assert_score (line, 44 + 4, 44 - 4 + 0);   /* on the board for White; 40 unlaid for Red */
  tt_play (line, "I1:b4");
  /* The X5 (4 points) is Red's now, and the I1 (1). */
  assert_score (line, 43, 45);
}

/* "Au cours du jeu, les pièces des joueurs sont donc retournées plusieurs
 * fois." */
static void
test_seed_pieces_turn_many_times (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I5:a6-b6-c6-d6-e6"));

  tt_play (line, "I1:a7");
  assert_colour (line, "c6", "R");
  tt_play (line, "I1:b7");
  assert_colour (line, "c6", "W");
  tt_play (line, "I2:c7-d7");
  assert_colour (line, "c6", "R");
  tt_play (line, "I2:e7-f7");
  assert_colour (line, "c6", "W");
}

/* "Cependant, quand une pièce est complètement cernée, elle ne peut être
 * retournée et sa couleur ne change plus." */
static void
test_seed_a_surrounded_piece_never_turns_again (void)
{
  /* The example of §5: after Red's fourth move the monomino on f6 has
   * f5, e6, g6 and f7 covered: locked red. */
  g_autoptr (TbLine) line =
    tt_line ("retournement", NULL,
             TT_MOVES ("V3:e5-f5-e6", "I1:f6", "I3:g5-g6-g7", "I2:f7-f8"));
  g_auto (GStrv) legal = NULL;

  assert_colour (line, "f6", "r");
  assert_colour (line, "e5", "W");
  /* Nothing White can lay turns it: every placement leaves f6 red. */
  legal = tt_legal (line);
  g_assert_nonnull (legal[0]);
  for (guint i = 0; legal[i]; i++)
    {
      g_autoptr (TbLine) after = tt_line ("retournement", NULL,
                                          TT_MOVES ("V3:e5-f5-e6", "I1:f6", "I3:g5-g6-g7",
                                                    "I2:f7-f8", legal[i]));

      assert_colour (after, "f6", "r");
    }
  /* The board's edge is a wall too: a corner monomino with its two
   * neighbours covered is locked. */
  {
    g_autoptr (TbLine) corner = tt_line ("retournement", NULL,
                                         TT_MOVES ("I1:a1", "I1:b1", "I2:a2-b2"));

    assert_colour (corner, "a1", "w");
    assert_colour (corner, "b1", "W");
  }
}

/* ---- Nota ---- */

/* "Chaque joueur peut poser une pièce contre les siennes, mais avec
 * obligation de toucher, et donc retourner, au moins une pièce adverse." */
static void
test_seed_against_own_pieces_only_with_an_opposing_one (void)
{
  g_autoptr (TbLine) line =
    tt_line ("retournement", NULL, TT_MOVES ("I3:c5-d5-e5", "I1:f5", "I1:b5"));
  g_autofree char *why = NULL;

  /* Red to move: its f5 stands next to White's tromino c5-e5. */
  assert_picture (line, 'b', 'f', 5, 5, "WWWWR");
  /* Against its own piece alone: not allowed. */
  g_assert_false (tt_is_legal (line, "I2:g5-h5"));
  why = explain (line, "I2:g5-h5");
  g_assert_cmpstr (why, ==, "a piece must touch a piece of the opponent’s colour by a side");
  /* Against its own and an opposing one: allowed, and only the
   * opponent's turns. */
  g_assert_true (tt_is_legal (line, "I2:e6-f6"));
  tt_play (line, "I2:e6-f6");
  assert_picture (line, 'b', 'f', 5, 6, "WRRRR/...RR");
}

/* "Une pièce touchant une pièce adverse par un angle n'autorise pas le
 * retournement de la pièce." */
static void
test_seed_corner_contact_does_not_turn (void)
{
  g_autoptr (TbLine) square = tt_line ("retournement", NULL, TT_MOVES ("O4:e5-f5-e6-f6"));
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I1:e5", "I1:e6"));
  g_autofree char *why = explain (square, "I1:g7");

  /* Only at a corner: not a contact at all. */
  g_assert_false (tt_is_legal (square, "I1:g7"));
  g_assert_cmpstr (why, ==, "touching an opposing piece at a corner is not enough: it must "
                            "touch one by a side");
  /* By a side of e6 and only a corner of e5: e6 turns, e5 does not. */
  assert_picture (line, 'e', 'f', 5, 7, "R./R./..");
  tt_play (line, "I2:f6-f7");
  assert_picture (line, 'e', 'f', 5, 7, "R./WW/.W");
}

/* "Les pièces déjà posées sur le plateau ne peuvent être ni ôtées, ni
 * déplacées." */
static void
test_seed_laid_pieces_never_move (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("T4:d4-e4-f4-e5"));
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *why = explain (line, "I1:e5");

  for (guint i = 0; legal[i]; i++)
    g_assert_null (strstr (legal[i], "e5"));
  g_assert_cmpstr (why, ==, "a piece goes only on empty holes");
  tt_play (line, "I1:e6");
  tt_play (line, "I1:e7");
  {
    g_autofree char *position = tt_position (line);

    g_assert_cmpstr (position, ==, "to-move=2 WR:T4:d4-e4-f4-e5 RW:I1:e6 WW:I1:e7");
  }
}

/* "Il peut subsister, au cours du jeu, des espaces vides entre les
 * pièces." */
static void
test_seed_gaps_may_remain (void)
{
  g_autoptr (TbLine) line =
    tt_line ("retournement", NULL, TT_MOVES ("I3:d5-e5-f5", "I2:d6-d7"));

  /* White lays on f6, leaving e6 empty between d6 and f6. */
  g_assert_true (tt_is_legal (line, "I1:f6"));
  tt_play (line, "I1:f6");
  assert_picture (line, 'd', 'f', 5, 6, "WWW/R.W");
  /* The hole stays open: it may be filled later, or never. */
  g_assert_true (tt_is_legal (line, "I1:e6"));
  tt_play (line, "I3:g4-g5-g6");
  assert_colour (line, "e6", "");
}

/* "Aucune pièce ne doit déborder des limites du plateau." */
static void
test_seed_no_piece_beyond_the_edge (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  g_autoptr (GError) error = NULL;
  TbMove move;

  g_assert_false (v->rules->parse_move (v, tb_line_get_position (line), "I2:k1-l1", &move,
                                        &error));
  g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT);
  g_assert_nonnull (strstr (error->message, "off the board"));
  g_clear_error (&error);
  g_assert_false (v->rules->parse_move (v, tb_line_get_position (line), "I2:a11-a12", &move,
                                        &error));
  g_assert_nonnull (strstr (error->message, "off the board"));
  /* The I5 fits 7 ways along a row of 11, no more. */
  g_assert_cmpuint (count_placements (line, "I5"), ==, 2 * 7 * 11);
  /* The placement of a piece beyond the edge is no move at all. */
  g_assert_cmpuint (tb_variant_placement (v, tb_line_get_position (line), 7, 0, 7), ==,
                    TB_MOVE_NONE);
  g_assert_cmpuint (tb_variant_placement (v, tb_line_get_position (line), 7, 0, 6), !=,
                    TB_MOVE_NONE);
}

/* "Il est conseillé aux joueurs de cacher les pièces qu'il leur reste à
 * poser pour ne pas faciliter le jeu de l'adversaire." (each hand is
 * known apart, so a window may hide the opponent's) */
static void
test_seed_each_hand_apart (void)
{
  g_autoptr (TbLine) line =
    tt_line ("retournement", NULL, TT_MOVES ("I5:a6-b6-c6-d6-e6", "T4:a7-b7-c7-b8"));
  g_autofree char *white = hand_of (line, 1);
  g_autofree char *red = hand_of (line, 2);

  g_assert_cmpstr (white, ==, "I1 I2 I3 V3 I4 O4 T4 T5 U5 V5 W5 X5");
  g_assert_cmpstr (red, ==, "I1 I2 I3 V3 I4 O4 I5 T5 U5 V5 W5 X5");
  /* A piece already laid is not laid again. */
  g_assert_cmpuint (count_placements (line, "I5"), ==, 0);
}

/* ---- Fin de la partie ---- */

/* Plays the first legal move (sorted) until the game ends. */
static void
play_first_moves (TbLine *line)
{
  guint plies = 0;

  while (!tb_line_is_over (line, NULL))
    {
      g_auto (GStrv) legal = tt_legal (line);

      tt_play (line, legal[0]);
      g_assert_cmpuint (++plies, <, 200);
    }
}

/* The score from the pieces on the board and the hands, worked out here. */
static void
expected_scores (TbLine *line, int scores[2])
{
  TbVariant *v = tb_line_get_variant (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (v, tb_line_get_position (line), pieces);

  scores[0] = scores[1] = 0;
  for (guint i = 0; i < n; i++)
    if (pieces[i].flags & TB_PIECE_LABEL)
      scores[pieces[i].owner - 1] += pieces[i].value;
  for (guint seat = 1; seat <= 2; seat++)
    {
      guint32 hand = tb_variant_hand (v, tb_line_get_position (line), seat);

      for (guint s = 0; s < 13; s++)
        if (hand & (1u << s))
          scores[2 - seat] += v->board.shapes[s].value;
    }
}

/* "La partie s'arrête quand les deux joueurs ont posé toutes leurs
 * pièces" */
static void
test_seed_ends_when_all_pieces_are_laid (void)
{
  /* On 13 × 13 there is room for every piece. */
  g_autoptr (TbLine) line = tt_line ("retournement", "board-size=13", NULL);
  TbOutcome outcome;
  int scores[2];
  g_autofree char *white = NULL, *red = NULL;

  play_first_moves (line);
  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_ALL_PLACED);
  g_assert_cmpuint (tb_line_get_ply (line), >=, 26);
  white = hand_of (line, 1);
  red = hand_of (line, 2);
  g_assert_cmpstr (white, ==, "");
  g_assert_cmpstr (red, ==, "");
  expected_scores (line, scores);
  assert_score (line, scores[0], scores[1]);
  g_assert_cmpint (scores[0] + scores[1], ==, 88);
}

/* "ou quand les pièces qu'il leur reste n'ont plus la place d'être posées
 * sur le plateau." */
static void
test_seed_ends_when_nothing_fits (void)
{
  /* 8 × 8 holds 64 holes for 102 squares: the game blocks. */
  g_autoptr (TbLine) line = tt_line ("retournement", "board-size=8", NULL);
  TbOutcome outcome;
  g_autofree char *white = NULL, *red = NULL;
  int scores[2];

  play_first_moves (line);
  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_BLOCKED);
  white = hand_of (line, 1);
  red = hand_of (line, 2);
  g_assert_true (*white || *red);
  /* No pass is recorded when neither can lay a piece. */
  {
    g_auto (GStrv) legal = tt_legal (line);

    g_assert_null (legal[0]);
  }
  expected_scores (line, scores);
  assert_score (line, scores[0], scores[1]);
  /* The pieces left in hand count: the board alone holds less than 88. */
  {
    TbVariant *v = tb_line_get_variant (line);
    int board[2], bonus[2];

    tb_variant_score_parts (v, tb_line_get_position (line), board, bonus);
    g_assert_cmpint (bonus[0] + bonus[1], >, 0);
    g_assert_cmpint (board[0] + bonus[0], ==, scores[0]);
    g_assert_cmpint (board[1] + bonus[1], ==, scores[1]);
  }
}

/* "Tant qu'un joueur peut poser des pièces, il le fait même si
 * l'adversaire est bloqué." */
static void
test_seed_plays_on_while_the_other_is_blocked (void)
{
  /* White's monomino on a1 is locked; every other piece shows red: Red
   * has nothing to touch and passes; White lays on. */
  g_autoptr (TbLine) line =
    tt_line_at ("retournement", NULL, "to-move=2 WW:I1:a1 RR:I2:b1-c1 RR:I3:a2-a3-a4");
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *joined = g_strjoinv (" ", legal);

  g_assert_cmpstr (joined, ==, "pass");
  g_assert_false (tb_line_is_over (line, NULL));
  tt_play (line, "pass");
  g_assert_cmpuint (count_placements (line, "I1"), ==, 0);   /* White's I1 is laid */
  g_assert_true (tt_is_legal (line, "I2:b2-c2"));
  tt_play (line, "I2:b2-c2");
  /* White turned the red b1 domino and a2 tromino: Red can lay again. */
  assert_picture (line, 'a', 'c', 1, 2, "wWW/WWW");
  {
    g_auto (GStrv) again = tt_legal (line);

    g_assert_nonnull (again[0]);
    g_assert_cmpstr (again[0], !=, "pass");
  }
}

/* ---- Les points ---- */

/* "Les joueurs comptent alors les points des pièces de leur couleur sur le
 * plateau." */
static void
test_seed_count_the_pieces_of_your_colour (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I4:a1-b1-c1-d1", "O4:a2-b2-a3-b3"));
  TbVariant *v = tb_line_get_variant (line);
  int board[2], bonus[2];

  tb_variant_score_parts (v, tb_line_get_position (line), board, bonus);
  /* Red shows I4 (4) and O4 (3); White nothing. */
  g_assert_cmpint (board[0], ==, 0);
  g_assert_cmpint (board[1], ==, 7);
}

/* "Chacun ajoute à son score la valeur des pièces non posées par
 * l'adversaire." */
static void
test_seed_add_the_opponents_unlaid_pieces (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I4:a1-b1-c1-d1", "O4:a2-b2-a3-b3"));
  TbVariant *v = tb_line_get_variant (line);
  int board[2], bonus[2];

  tb_variant_score_parts (v, tb_line_get_position (line), board, bonus);
  g_assert_cmpint (bonus[0], ==, 44 - 3);   /* Red has laid its O4 */
  g_assert_cmpint (bonus[1], ==, 44 - 4);   /* White its I4 */
  assert_score (line, 41, 47);
}

/* ---- Le gagnant ---- */

/* "Le joueur gagnant est celui qui totalise plus de 44 points." (44-44:
 * a draw, retournement.md §4) */
static void
test_seed_more_than_44_wins (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("retournement"));
  g_autoptr (TbLine) line = tb_line_new (v, 1);
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  guint seen[3] = { 0, 0, 0 };
  guint64 state = 20261121;

  /* Random games: every finished one goes to whoever has more than 44. */
  for (guint game = 0; game < 400 && (seen[0] == 0 || seen[1] == 0 || seen[2] == 0); game++)
    {
      TbOutcome outcome;
      int scores[2];
      guint n;

      tb_line_reset (line, 1);
      while ((n = tb_line_moves (line, moves, NULL)) > 0)
        {
          state = state * 6364136223846793005ull + 1442695040888963407ull;
          tb_line_push (line, moves[(state >> 33) % n]);
        }
      g_assert_true (tb_line_is_over (line, &outcome));
      expected_scores (line, scores);
      g_assert_cmpint (scores[0] + scores[1], ==, 88);
      if (scores[0] > 44)
        g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT1_WINS);
      else if (scores[1] > 44)
        g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT2_WINS);
      else
        g_assert_cmpint (outcome.result, ==, TB_RESULT_DRAW);
      seen[scores[0] > 44 ? 0 : scores[1] > 44 ? 1 : 2]++;
    }
  /* A White win, a Red win and a 44-44 draw all happened. */
  g_assert_cmpuint (seen[0], >, 0);
  g_assert_cmpuint (seen[1], >, 0);
  g_assert_cmpuint (seen[2], >, 0);
}

/* ---- The example of §5 ---- */

static void
test_example_of_a_start (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);

  tt_play (line, "V3:e5-f5-e6");
  assert_picture (line, 'd', 'h', 5, 8, ".WW../.W.../...../.....");
  tt_play (line, "I1:f6");
  /* "Retournement = 2 pièces rouges" */
  assert_picture (line, 'd', 'h', 5, 8, ".RR../.RR../...../.....");
  tt_play (line, "I3:g5-g6-g7");
  /* "Retournement = 3 pièces blanches" */
  assert_picture (line, 'd', 'h', 5, 8, ".WWW./.WWW./...W./.....");
  tt_play (line, "I2:f7-f8");
  /* "1 pièce blanche, 3 pièces rouges; la pièce 2, cernée, ne peut plus
   * être retournée et restera rouge." */
  assert_picture (line, 'd', 'h', 5, 8, ".WWR./.WrR./..RR./..R..");
  assert_score (line, 44, 44);
}

/* ---- Passing and the end, rules/README.md ---- */

/* Every piece shows white and White is to move: with no red piece to
 * touch White passes, and Red, who can touch them, plays on. */
static void
test_pass_with_no_opposing_piece (void)
{
  g_autoptr (TbLine) line = tt_line_at ("retournement", NULL, "to-move=1 WW:I1:a1 RW:I2:b1-c1");
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *joined = g_strjoinv (" ", legal);

  g_assert_cmpstr (joined, ==, "pass");
  tt_play (line, "pass");
  g_assert_true (tt_is_legal (line, "I1:a2"));
}

/* ---- Options, rules/retournement.md §7 ---- */

static void
test_option_board_size (void)
{
  static const struct
  {
    const char *options;
    guint cells;
    guint64 placements;
  } sizes[] = {
    { "board-size=8", 64, 1465 },
    { "board-size=10", 100, 2513 },
    { "board-size=12", 144, 3841 },
    { "board-size=13", 169, 4610 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr (TbLine) line = tt_line ("retournement", sizes[i].options, NULL);
      TbVariant *v = tb_line_get_variant (line);

      g_assert_cmpuint (v->board.n_cells, ==, sizes[i].cells);
      g_assert_cmpuint (tb_perft (line, 1), ==, sizes[i].placements);
    }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (TbVariant) v = tb_variant_new_from_text ("retournement", "board-size=14", &error);

    g_assert_null (v);
    g_assert_error (error, TB_OPTIONS_ERROR, TB_OPTIONS_ERROR_BAD_VALUE);
  }
}

static void
test_option_piece_values (void)
{
  g_autoptr (TbLine) line =
    tt_line ("retournement", "value-x5=9,value-i1=0",
             TT_MOVES ("X5:b1-a2-b2-c2-b3"));
  TbVariant *v = tb_line_get_variant (line);

  g_assert_cmpint (v->board.shapes[12].value, ==, 9);
  g_assert_cmpint (v->board.shapes[0].value, ==, 0);
  /* Each set is worth 44 - 4 + 9 - 1 = 48. */
  assert_score (line, 9 + 48, 48 - 9);
  tt_play (line, "I1:b4");
  /* Turned red; the monomino is worth nothing. */
  assert_score (line, 48, 9 + 39);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (TbVariant) bad = tb_variant_new_from_text ("retournement", "value-v3=10", &error);

    g_assert_null (bad);
    g_assert_error (error, TB_OPTIONS_ERROR, TB_OPTIONS_ERROR_BAD_VALUE);
  }
}

/* ---- Notation and position text ---- */

static void
test_move_text_accepted_forms (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  const TbPosition *pos = tb_line_get_position (line);
  static const char *const forms[] = {
    "V3:e5-f5-e6", "v3:E5-F5-E6", " V3:e6-e5-f5 ", "V3 : f5-e6-e5",
  };

  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *canonical = NULL;
      TbMove move;

      g_assert_true (v->rules->parse_move (v, pos, forms[i], &move, &error));
      g_assert_no_error (error);
      canonical = tb_variant_format_move (v, pos, move);
      g_assert_cmpstr (canonical, ==, "V3:e5-f5-e6");
    }
}

static void
test_move_text_errors (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  const TbPosition *pos = tb_line_get_position (line);
  static const struct
  {
    const char *text;
    const char *why;
  } bad[] = {
    { "V3", "expected PIECE:CELLS" },
    { "Z9:a1", "unknown piece" },
    { "V3:e5-f5", "number of cells" },
    { "V3:e5-f5-g5", "shape" },
    { "I2:e5-e5", "named twice" },
    { "I2:e5-x5", "expected cells" },
    { "I1:a1 junk", "unexpected text" },
    { "I2:a0-a1", "off the board" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      TbMove move;

      g_assert_false (v->rules->parse_move (v, pos, bad[i].text, &move, &error));
      g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT);
      g_assert_nonnull (strstr (error->message, bad[i].text));
      if (strstr (error->message, bad[i].why) == NULL)
        g_error ("'%s': %s", bad[i].text, error->message);
    }
}

static void
test_explain_piece_already_laid (void)
{
  g_autoptr (TbLine) line = tt_line ("retournement", NULL, TT_MOVES ("I1:a1", "I1:a2"));
  g_autofree char *why = explain (line, "I1:a3");

  g_assert_cmpstr (why, ==, "that piece has already been laid");
}

static void
test_position_text_round_trip_and_errors (void)
{
  static const char *const bad[] = {
    "XX:I1:a1",             /* who laid it */
    "WW:I1:a1 RR:I2:a1-b1", /* a hole covered twice */
    "WW:I1:a1 WR:I1:c3",    /* White's I1 twice */
    "WW:V3:a1-b1-c1",       /* not a V3 */
    "to-move=3",
  };
  g_autoptr (TbLine) line =
    tt_line ("retournement", NULL,
             TT_MOVES ("V3:e5-f5-e6", "I1:f6", "I3:g5-g6-g7", "I2:f7-f8"));
  g_autofree char *text = tt_position (line);
  g_autoptr (TbLine) again = tt_line_at ("retournement", NULL, text);
  g_autofree char *text2 = tt_position (again);

  /* Pieces by their first hole, row by row. */
  g_assert_cmpstr (text, ==, "to-move=1 WW:V3:e5-f5-e6 WR:I3:g5-g6-g7 RR:I1:f6 RR:I2:f7-f8");
  g_assert_cmpstr (text2, ==, text);
  g_assert_cmpuint (tb_position_hash (tb_line_get_position (again)), ==,
                    tb_position_hash (tb_line_get_position (line)));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      TbPosition *pos = tb_variant_parse_position (tb_line_get_variant (line), bad[i], &error);

      g_assert_null (pos);
      g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_POSITION);
    }
}

/* The same pieces laid in another order: the same position, text and
 * hash. */
static void
test_same_position_by_another_order (void)
{
  g_autoptr (TbLine) a = tt_line ("retournement", NULL, TT_MOVES ("I2:e5-f5", "I1:g5", "I3:e6-f6-g6"));
  g_autoptr (TbLine) b = tt_line ("retournement", NULL, TT_MOVES ("I3:e6-f6-g6", "I1:g5", "I2:e5-f5"));
  g_autoptr (TbLine) c = tt_line ("retournement", NULL, TT_MOVES ("I2:e5-f5", "I1:g5", "I3:e4-f4-g4"));
  g_autofree char *pa = tt_position (a);
  g_autofree char *pb = tt_position (b);
  g_autofree char *pc = tt_position (c);

  g_assert_cmpstr (pa, ==, "to-move=2 WW:I2:e5-f5 RW:I1:g5 WW:I3:e6-f6-g6");
  g_assert_cmpstr (pb, ==, pa);
  g_assert_cmpuint (tb_position_hash (tb_line_get_position (a)), ==,
                    tb_position_hash (tb_line_get_position (b)));
  g_assert_cmpstr (pc, !=, pa);
  g_assert_cmpuint (tb_position_hash (tb_line_get_position (a)), !=,
                    tb_position_hash (tb_line_get_position (c)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/retournement/seed/a-perforated-board", test_seed_a_perforated_board);
  g_test_add_func ("/retournement/seed/thirteen-different-shapes-each",
                   test_seed_thirteen_different_shapes_each);
  g_test_add_func ("/retournement/seed/values-add-up-to-88", test_seed_values_add_up_to_88);
  g_test_add_func ("/retournement/seed/lay-against-to-turn-and-gain-points",
                   test_seed_lay_against_to_turn_and_gain_points);
  g_test_add_func ("/retournement/seed/the-board-starts-empty", test_seed_the_board_starts_empty);
  g_test_add_func ("/retournement/seed/both-hands-the-same", test_seed_both_hands_the_same);
  g_test_add_func ("/retournement/seed/pieces-laid-own-colour-up",
                   test_seed_pieces_laid_own_colour_up);
  g_test_add_func ("/retournement/seed/turns-alternate", test_seed_turns_alternate);
  g_test_add_func ("/retournement/seed/white-begins-anywhere", test_seed_white_begins_anywhere);
  g_test_add_func ("/retournement/seed/second-player-touches-and-turns-in-place",
                   test_seed_second_player_touches_and_turns_in_place);
  g_test_add_func ("/retournement/seed/touching-several-turns-them-all",
                   test_seed_touching_several_turns_them_all);
  g_test_add_func ("/retournement/seed/points-follow-the-colour",
                   test_seed_points_follow_the_colour);
  g_test_add_func ("/retournement/seed/pieces-turn-many-times", test_seed_pieces_turn_many_times);
  g_test_add_func ("/retournement/seed/a-surrounded-piece-never-turns-again",
                   test_seed_a_surrounded_piece_never_turns_again);
  g_test_add_func ("/retournement/seed/against-own-pieces-only-with-an-opposing-one",
                   test_seed_against_own_pieces_only_with_an_opposing_one);
  g_test_add_func ("/retournement/seed/corner-contact-does-not-turn",
                   test_seed_corner_contact_does_not_turn);
  g_test_add_func ("/retournement/seed/laid-pieces-never-move", test_seed_laid_pieces_never_move);
  g_test_add_func ("/retournement/seed/gaps-may-remain", test_seed_gaps_may_remain);
  g_test_add_func ("/retournement/seed/no-piece-beyond-the-edge",
                   test_seed_no_piece_beyond_the_edge);
  g_test_add_func ("/retournement/seed/each-hand-apart", test_seed_each_hand_apart);
  g_test_add_func ("/retournement/seed/ends-when-all-pieces-are-laid",
                   test_seed_ends_when_all_pieces_are_laid);
  g_test_add_func ("/retournement/seed/ends-when-nothing-fits", test_seed_ends_when_nothing_fits);
  g_test_add_func ("/retournement/seed/plays-on-while-the-other-is-blocked",
                   test_seed_plays_on_while_the_other_is_blocked);
  g_test_add_func ("/retournement/seed/count-the-pieces-of-your-colour",
                   test_seed_count_the_pieces_of_your_colour);
  g_test_add_func ("/retournement/seed/add-the-opponents-unlaid-pieces",
                   test_seed_add_the_opponents_unlaid_pieces);
  g_test_add_func ("/retournement/seed/more-than-44-wins", test_seed_more_than_44_wins);
  g_test_add_func ("/retournement/example/a-start", test_example_of_a_start);
  g_test_add_func ("/retournement/end/pass-with-no-opposing-piece",
                   test_pass_with_no_opposing_piece);
  g_test_add_func ("/retournement/options/board-size", test_option_board_size);
  g_test_add_func ("/retournement/options/piece-values", test_option_piece_values);
  g_test_add_func ("/retournement/text/accepted-forms", test_move_text_accepted_forms);
  g_test_add_func ("/retournement/text/errors", test_move_text_errors);
  g_test_add_func ("/retournement/text/explain-piece-already-laid",
                   test_explain_piece_already_laid);
  g_test_add_func ("/retournement/text/position-round-trip-and-errors",
                   test_position_text_round_trip_and_errors);
  g_test_add_func ("/retournement/same-position-by-another-order",
                   test_same_position_by_another_order);

  return g_test_run ();
}
