/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ra-rules.c: one test per rule sentence of the RA seed text
 * (004_2378f898238f15e0.txt), the test vectors of rules/ra.md §10, the
 * options of §9, passing and void games (rules/README.md).
 *
 * Cells: 127-hex board, file = a + q + 6, rank = 7 - r; the RA of seat 1
 * (White) is d7, seat 2's (Red) is j7; g7 is the centre.  Position text:
 * seat:height@cell.
 */
#include "config.h"

#include <string.h>

#include "tb-test-util.h"

static void
assert_over (TbLine *line, TbResult result, TbTermination termination, int score1, int score2)
{
  TbVariant *v = tb_line_get_variant (line);
  TbOutcome outcome;
  int scores[2];

  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.result, ==, result);
  g_assert_cmpint (outcome.termination, ==, termination);
  tb_variant_score (v, tb_line_get_position (line), scores);
  g_assert_cmpint (scores[0], ==, score1);
  g_assert_cmpint (scores[1], ==, score2);
}

static guint
count_prefix (GStrv legal, const char *prefix)
{
  guint n = 0;

  for (guint i = 0; legal[i]; i++)
    n += g_str_has_prefix (legal[i], prefix);
  return n;
}

/* "Chaque joueur place ses pions, trois par trois, sur les cases autour de
 * sa propre zone."  And "9 pions par joueur". */
static void
test_seed_three_stacks_of_three_around_own_ra (void)
{
  g_autoptr (TbLine) line = tt_line ("ra", NULL, NULL);
  g_autofree char *position = tt_position (line);
  TbVariant *v = tb_line_get_variant (line);

  g_assert_cmpstr (position, ==,
                   "to-move=1 1:3@e9 2:3@k9 1:3@f7 2:3@h7 1:3@c5 2:3@i5");
  g_assert_true (v->board.cells[tb_board_desc_find_cell (&v->board, "d7")].marks &
                 TB_MARK_RA_SEAT1);
  g_assert_true (v->board.cells[tb_board_desc_find_cell (&v->board, "j7")].marks &
                 TB_MARK_RA_SEAT2);
}

/* "1 échiquier hexagonal avec 114 cases": 127 implemented (ra.md §2.2). */
static void
test_seed_hexagonal_board (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("ra"));

  g_assert_cmpuint (v->board.n_cells, ==, 127);
  g_assert_cmpint (v->board.cell_shape, ==, TB_CELL_HEX);
}

/* "À tout coup, chaque joueur peut déplacer 1 pion ou un groupe de pions,
 * toujours en ligne droite." */
static void
test_seed_one_pawn_or_a_group_in_a_straight_line (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:3@g9 2:1@a1");
  g_auto (GStrv) legal = tt_legal (line);

  /* One, two or three of the stack, in each of the six directions. */
  g_assert_cmpuint (count_prefix (legal, "1g9-"), ==, 6);
  g_assert_cmpuint (count_prefix (legal, "2g9-"), ==, 6);
  g_assert_cmpuint (count_prefix (legal, "3g9-"), ==, 6);
  g_assert_cmpuint (g_strv_length (legal), ==, 18);
  g_assert_false (tt_is_legal (line, "1g9-h8"));   /* not a line */
}

/* "1 pion individuel avance de trois cases ; un groupe de deux pions
 * avance de deux cases ; un groupe de trois pions avance d'une case." */
static void
test_seed_one_goes_three_two_go_two_three_go_one (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:3@g7 2:1@a1");

  g_assert_true (tt_is_legal (line, "1g7-g4"));
  g_assert_true (tt_is_legal (line, "2g7-g5"));
  g_assert_true (tt_is_legal (line, "3g7-g6"));
  /* "Des mouvements inférieurs … ne sont jamais admis" in open space. */
  g_assert_false (tt_is_legal (line, "1g7-g5"));
  g_assert_false (tt_is_legal (line, "1g7-g6"));
  g_assert_false (tt_is_legal (line, "2g7-g6"));
  g_assert_false (tt_is_legal (line, "2g7-g4"));
}

/* "Pendant le mouvement il est toujours possible de créer ou de séparer
 * les différents groupes" and "seuls, par 2 ou par 3". */
static void
test_seed_groups_split_and_merge_up_to_three (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:3@g7 1:1@g4 1:2@h4 2:1@a1");

  tt_play (line, "1g7-g4");                     /* split 1 off, merge into 2 */
  tt_assert_piece (line, "g7", "1:2");
  tt_assert_piece (line, "g4", "1:2");
  tt_play (line, "1a1-a4");
  /* Two more on the stack of 2 on h4 would make 4: at most 3 on a cell. */
  g_assert_false (tt_is_legal (line, "2g4-h4"));
  g_assert_true (tt_is_legal (line, "1g4-h4"));
}

/* "Sauter ses pions, ou des pions ennemis, n'est pas permis." */
static void
test_seed_no_jumping (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:1@g7 1:3@g6 2:3@h7 2:1@a1");

  g_assert_false (tt_is_legal (line, "1g7-g4"));  /* over its own stack */
  g_assert_false (tt_is_legal (line, "1g7-j7"));  /* over the enemy stack */
  g_assert_false (tt_is_legal (line, "1g7-i7"));
}

/* "La zone RA ne peut pas être parcourue": one's own RA is closed; the
 * enemy RA can be entered, never crossed. */
static void
test_seed_ra_cannot_be_crossed (void)
{
  g_autoptr (TbLine) own = tt_line_at ("ra", NULL, "to-move=1 1:1@c7 2:1@a1");
  g_autoptr (TbLine) enemy = tt_line_at ("ra", NULL, "to-move=1 1:1@h7 2:1@a1");

  g_assert_false (tt_is_legal (own, "1c7-d7"));
  g_assert_false (tt_is_legal (own, "1c7-e7"));
  g_assert_false (tt_is_legal (own, "1c7-f7"));
  g_assert_true (tt_is_legal (enemy, "1h7-j7"));
  g_assert_false (tt_is_legal (enemy, "1h7-k7"));
}

/* "… sauf en atteignant le bord du plateau": a group stops short when the
 * next cell is off the board (ra.md §10.1: the four edge stops). */
static void
test_seed_short_move_at_the_edge (void)
{
  g_autoptr (TbLine) line = tt_line ("ra", NULL, NULL);
  const char *edge_stops[] = { "1e9-c9", "1e9-e11", "1c5-a5", "1c5-a3" };

  for (guint i = 0; i < G_N_ELEMENTS (edge_stops); i++)
    g_assert_true (tt_is_legal (line, edge_stops[i]));
  /* Along the edge a group may not stop early on an edge cell. */
  {
    g_autoptr (TbLine) edge = tt_line_at ("ra", NULL, "to-move=1 1:1@a7 2:1@m7");
    g_assert_true (tt_is_legal (edge, "1a7-a4"));
    g_assert_false (tt_is_legal (edge, "1a7-a6"));
    g_assert_false (tt_is_legal (edge, "1a7-a5"));
  }
}

/* "… en entrant dans la zone Ra ennemie" and "Toute partie se termine
 * quand un des joueurs arrive à entrer dans la zone Ra avec un pion au
 * moins. Avec un pion, on gagne 1 point, avec 2 pions, 3 points, avec 3
 * pions, 6 points." */
static void
test_seed_entering_the_enemy_ra_ends_the_game (void)
{
  static const struct
  {
    const char *move;
    int points;
  } cases[] = { { "1i7-j7", 1 }, { "2i7-j7", 3 }, { "3i7-j7", 6 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:3@i7 2:1@a1");

      tt_play (line, cases[i].move);
      assert_over (line, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RA_ENTRY, cases[i].points, 0);
    }
  /* A single pawn enters at the end of its three cells. */
  {
    g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:1@g7 2:1@a1");

    tt_play (line, "1g7-j7");
    assert_over (line, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RA_ENTRY, 1, 0);
  }
  /* Red enters White's RA the same way. */
  {
    g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=2 2:2@e7 1:1@m7");

    tt_play (line, "2e7-d7");
    assert_over (line, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RA_ENTRY, 0, 3);
  }
}

/* "… en entrant dans un groupe": a group may stop short to join a
 * friendly stack (the default of ra.md §9 #5). */
static void
test_seed_short_move_into_a_friendly_group (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:1@g7 1:1@g6 2:1@a1");

  g_assert_true (tt_is_legal (line, "1g7-g6"));
  tt_play (line, "1g7-g6");
  tt_assert_piece (line, "g6", "1:2");
}

/* "… ou en éliminant un ennemi" and "Quand un joueur conduit ses pions
 * dans des cases ennemies, les pions qui s'y trouvent sont éliminés. Le
 * rapport nécessaire pour l'élimination doit être d'égalité ou de
 * supériorité." */
static void
test_seed_capture_with_equal_or_more (void)
{
  const char *position = "to-move=1 1:2@g7 2:2@g6 2:3@f7 2:1@h7 2:1@a1";
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, position);

  g_assert_true (tt_is_legal (line, "2g7-g6"));    /* 2 takes 2 (a short move) */
  g_assert_false (tt_is_legal (line, "1g7-g6"));   /* 1 cannot take 2 */
  g_assert_false (tt_is_legal (line, "2g7-f7"));   /* 2 cannot take 3 */
  g_assert_true (tt_is_legal (line, "1g7-h7"));    /* 1 takes 1 */
  tt_play (line, "2g7-g6");
  tt_assert_piece (line, "g6", "1:2");
  g_assert_false (tb_line_is_over (line, NULL));
  /* Capturing is optional: the plain move is still there. */
  {
    g_autoptr (TbLine) other = tt_line_at ("ra", NULL, position);
    g_assert_false (tt_is_legal (other, "1g7-g4"));   /* blocked by g6 */
    g_assert_false (tt_is_legal (other, "2g7-i7"));   /* blocked by h7 */
    g_assert_true (tt_is_legal (other, "1g7-g10"));
  }
}

/* "Si un joueur reste sans aucun pion, son adversaire gagne de 3 points." */
static void
test_seed_no_pawn_left_gives_three_points (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=2 2:1@g7 1:1@f7 2:2@a1");

  tt_play (line, "1g7-f7");
  assert_over (line, TB_RESULT_SEAT2_WINS, TB_TERMINATION_ANNIHILATION, 0, 3);
}

/* ra.md §10.1: 50 legal moves per side at the start, 46 full-length and 4
 * edge stops, no capture, join or entry; the blocked direction. */
static void
test_vector_start_position (void)
{
  for (guint starter = 1; starter <= 2; starter++)
    {
      g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("ra"));
      g_autoptr (TbLine) line = tb_line_new (v, starter);
      g_auto (GStrv) legal = tt_legal (line);

      g_assert_cmpuint (g_strv_length (legal), ==, 50);
    }
  {
    g_autoptr (TbLine) line = tt_line ("ra", NULL, NULL);

    /* f7 eastward: the single pawn and the pair meet Red's 3-stack on h7. */
    g_assert_false (tt_is_legal (line, "1f7-g7"));
    g_assert_false (tt_is_legal (line, "1f7-h7"));
    g_assert_false (tt_is_legal (line, "2f7-g7"));
    g_assert_true (tt_is_legal (line, "3f7-g7"));
  }
}

/* ra.md §10.2: João Neto's worked example in axial coordinates. */
static const char *neto_position =
  "1:3@h12 1:1@j12 1:1@f7 1:1@j6 2:2@h7 2:1@i6 2:3@d4";

static void
test_vector_worked_example (void)
{
  g_autofree char *white = g_strconcat ("to-move=1 ", neto_position, NULL);
  g_autofree char *red = g_strconcat ("to-move=2 ", neto_position, NULL);
  g_autoptr (TbLine) w = tt_line_at ("ra", NULL, white);
  g_autoptr (TbLine) r = tt_line_at ("ra", NULL, red);
  g_autoptr (TbLine) w_strict = tt_line_at ("ra", "join-short=no", white);

  g_assert_true (tt_is_legal (w, "1j6-j7"));       /* a short move into the enemy RA */
  g_assert_true (tt_is_legal (r, "1d4-d7"));       /* split 1 off, 3 cells to White's RA */
  g_assert_true (tt_is_legal (r, "2h7-f7"));       /* capture at full distance */
  g_assert_true (tt_is_legal (r, "1h7-f7"));       /* a short capture */
  g_assert_true (tt_is_legal (r, "1i6-j6"));       /* a short capture */
  g_assert_true (tt_is_legal (w, "2h12-j12"));     /* 2 join 1: a stack of 3 */
  g_assert_true (tt_is_legal (w, "1h12-j12"));     /* JOIN_SHORT: the seed's reading */
  g_assert_false (tt_is_legal (w_strict, "1h12-j12"));
  g_assert_true (tt_is_legal (w_strict, "2h12-j12"));
  tt_play (w, "1j6-j7");
  assert_over (w, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RA_ENTRY, 1, 0);
}

/* ra.md §9 #6: stopping in front of a stack, off by default. */
static void
test_option_stop_before_blocker (void)
{
  const char *position = "to-move=1 1:1@g7 2:3@g4 2:1@a1";
  g_autoptr (TbLine) off = tt_line_at ("ra", NULL, position);
  g_autoptr (TbLine) on = tt_line_at ("ra", "stop-before-blocker=yes", position);

  g_assert_false (tt_is_legal (off, "1g7-g5"));
  g_assert_true (tt_is_legal (on, "1g7-g5"));
  g_assert_false (tt_is_legal (on, "1g7-g6"));
}

/* ra.md §9 #7: a short stop on any edge cell, off by default. */
static void
test_option_edge_any (void)
{
  const char *position = "to-move=1 1:1@a7 2:1@m7";
  g_autoptr (TbLine) off = tt_line_at ("ra", NULL, position);
  g_autoptr (TbLine) on = tt_line_at ("ra", "edge-any=yes", position);
  g_auto (GStrv) legal = tt_legal (on);

  g_assert_false (tt_is_legal (off, "1a7-a6"));
  g_assert_true (tt_is_legal (on, "1a7-a6"));
  g_assert_true (tt_is_legal (on, "1a7-a5"));
  g_assert_true (tt_is_legal (on, "1a7-a4"));
  /* Never the same move twice. */
  for (guint i = 0; legal[i]; i++)
    for (guint j = i + 1; legal[j]; j++)
      g_assert_cmpstr (legal[i], !=, legal[j]);
}

/* rules/README.md: a player who cannot move passes when the opponent can;
 * the pass is a ply, and the only legal move. */
static void
test_readme_forced_pass (void)
{
  g_autoptr (TbLine) line = tt_line_at ("ra", NULL, "to-move=1 1:1@a1 2:2@b1 2:2@b2 2:2@a2");
  g_auto (GStrv) legal = tt_legal (line);

  g_assert_cmpuint (g_strv_length (legal), ==, 1);
  g_assert_cmpstr (legal[0], ==, "pass");
  tt_play (line, "pass");
  g_assert_cmpuint (tb_line_get_ply (line), ==, 1);
  g_assert_cmpuint (tb_position_to_move (tb_line_get_position (line)), ==, 2);
  g_assert_false (tt_is_legal (line, "pass"));
}

/* rules/README.md: the third repetition voids the game (0-0, replayed). */
static void
test_readme_repetition_voids_the_game (void)
{
  g_autoptr (TbLine) line = tt_line ("ra", NULL, NULL);
  const char *shuffle[] = { "1c5-c8", "1k9-k6", "1c8-c5", "1k6-k9" };

  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (shuffle); i++)
      {
        g_assert_false (tb_line_is_over (line, NULL));
        tt_play (line, shuffle[i]);
      }
  assert_over (line, TB_RESULT_DRAW, TB_TERMINATION_REPETITION, 0, 0);
}

/* rules/README.md: when neither player can move the game is void, and a
 * void game scores 0-0, whatever is (or is not) on the board: a set-up
 * with no pawns at all is not an annihilation of either side. */
static void
test_readme_void_game_scores_nothing (void)
{
  static const char *const positions[] = {
    "to-move=1",
    "to-move=2",
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autoptr (TbLine) line = tt_line_at ("ra", NULL, positions[i]);
      g_auto (GStrv) legal = tt_legal (line);

      g_assert_cmpuint (g_strv_length (legal), ==, 0);
      assert_over (line, TB_RESULT_DRAW, TB_TERMINATION_VOID, 0, 0);
    }
}

/* The score follows the outcome: a side left alone on the board (a set-up
 * may start so) has won by annihilation, and has its 3 points. */
static void
test_annihilation_scores_the_side_left (void)
{
  g_autoptr (TbLine) white = tt_line_at ("ra", NULL, "to-move=2 1:1@a1");
  g_autoptr (TbLine) red = tt_line_at ("ra", NULL, "to-move=1 2:2@m7");

  assert_over (white, TB_RESULT_SEAT1_WINS, TB_TERMINATION_ANNIHILATION, 3, 0);
  assert_over (red, TB_RESULT_SEAT2_WINS, TB_TERMINATION_ANNIHILATION, 0, 3);
}

/* The options of ra.md §9 are named and listed with their defaults. */
static void
test_options_listed (void)
{
  const TbRules *rules = tb_rules_lookup ("ra");
  guint n_options;
  const TbOptionSpec *options = tb_rules_get_options (rules, &n_options);
  const char *keys[] = { "join-short", "stop-before-blocker", "edge-any", "match-threshold",
                         "match-lead", "repetition" };
  const int defaults[] = { 1, 0, 0, 7, 2, 1 };

  g_assert_true (tb_rules_has_starter_choice (rules));
  g_assert_true (tb_rules_plays_matches (rules));
  g_assert_cmpuint (n_options, ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_cmpstr (options[i].key, ==, keys[i]);
      g_assert_cmpint (options[i].default_value, ==, defaults[i]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ra/seed/three-stacks-of-three-around-own-ra",
                   test_seed_three_stacks_of_three_around_own_ra);
  g_test_add_func ("/ra/seed/hexagonal-board", test_seed_hexagonal_board);
  g_test_add_func ("/ra/seed/one-pawn-or-a-group-in-a-straight-line",
                   test_seed_one_pawn_or_a_group_in_a_straight_line);
  g_test_add_func ("/ra/seed/one-goes-three-two-go-two-three-go-one",
                   test_seed_one_goes_three_two_go_two_three_go_one);
  g_test_add_func ("/ra/seed/groups-split-and-merge-up-to-three",
                   test_seed_groups_split_and_merge_up_to_three);
  g_test_add_func ("/ra/seed/no-jumping", test_seed_no_jumping);
  g_test_add_func ("/ra/seed/ra-cannot-be-crossed", test_seed_ra_cannot_be_crossed);
  g_test_add_func ("/ra/seed/short-move-at-the-edge", test_seed_short_move_at_the_edge);
  g_test_add_func ("/ra/seed/entering-the-enemy-ra-ends-the-game",
                   test_seed_entering_the_enemy_ra_ends_the_game);
  g_test_add_func ("/ra/seed/short-move-into-a-friendly-group",
                   test_seed_short_move_into_a_friendly_group);
  g_test_add_func ("/ra/seed/capture-with-equal-or-more", test_seed_capture_with_equal_or_more);
  g_test_add_func ("/ra/seed/no-pawn-left-gives-three-points",
                   test_seed_no_pawn_left_gives_three_points);
  g_test_add_func ("/ra/vector/start-position", test_vector_start_position);
  g_test_add_func ("/ra/vector/worked-example", test_vector_worked_example);
  g_test_add_func ("/ra/option/stop-before-blocker", test_option_stop_before_blocker);
  g_test_add_func ("/ra/option/edge-any", test_option_edge_any);
  g_test_add_func ("/ra/readme/forced-pass", test_readme_forced_pass);
  g_test_add_func ("/ra/readme/repetition-voids-the-game", test_readme_repetition_voids_the_game);
  g_test_add_func ("/ra/readme/void-game-scores-nothing", test_readme_void_game_scores_nothing);
  g_test_add_func ("/ra/annihilation-scores-the-side-left",
                   test_annihilation_scores_the_side_left);
  g_test_add_func ("/ra/options-listed", test_options_listed);

  return g_test_run ();
}
