/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-oraia-rules.c: one test per sentence of the Oraïa seed text
 * (003_cd7afc6f75753c34.txt), the figures rebuilt in rules/oraia.md §5,
 * the options of §7, passing and repetition (rules/README.md).
 *
 * Cells: crown P0..P7 (Blue starts on the even ones, Red on the odd
 * ones), centre C, inner ring I0..I7, outer ring O0..O7; with the disc
 * turned r, O_k faces P_(k+r).  Position text: seat@cell, * = charged.
 */
#include "config.h"

#include <string.h>

#include "tb-test-util.h"

static void
assert_outcome (TbLine *line, TbResult result, TbTermination termination)
{
  TbOutcome outcome;

  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.result, ==, result);
  g_assert_cmpint (outcome.termination, ==, termination);
}

/* The legal moves of the pawn on cell, joined by spaces. */
static char *
moves_from (TbLine *line, const char *cell)
{
  g_auto (GStrv) legal = tt_legal (line);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *prefix = g_strconcat (cell, "-", NULL);

  for (guint i = 0; legal[i]; i++)
    if (g_str_has_prefix (legal[i], prefix))
      g_string_append_printf (out, "%s%s", out->len ? " " : "", legal[i]);
  return g_strdup (out->str);
}

/* "La TERRE : la couronne verte (base de départ et d'arrivée). L'AIR : le
 * disque mobile percé de 17 cases. L'EAU : 4 pions bleus. Le FEU : 4
 * pions rouges." */
static void
test_seed_crown_disc_of_17_and_four_pawns_each (void)
{
  g_autoptr (TbLine) line = tt_line ("oraia", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (v, tb_line_get_position (line), pieces);
  guint disc = 0, blue = 0, red = 0;

  for (guint c = 0; c < v->board.n_cells; c++)
    disc += (v->board.cells[c].marks & TB_MARK_DISC) != 0;
  g_assert_cmpuint (disc, ==, 17);
  g_assert_cmpuint (v->board.n_cells, ==, 25);
  for (guint i = 0; i < n; i++)
    {
      blue += pieces[i].owner == 1;
      red += pieces[i].owner == 2;
    }
  g_assert_cmpuint (blue, ==, 4);
  g_assert_cmpuint (red, ==, 4);
  g_assert_cmpstr (tb_rules_get_seat_name (v->rules, 1), ==, "Blue");
  g_assert_cmpstr (tb_rules_get_seat_name (v->rules, 2), ==, "Red");
}

/* "les dispose aux emplacements correspondants sur la couronne verte …,
 * le petit point de couleur visible. Le disque mobile est placé à
 * l'intérieur de la couronne verte, une case devant chaque pion." */
static void
test_seed_setup_alternating_small_dot_a_cell_in_front (void)
{
  g_autoptr (TbLine) line = tt_line ("oraia", NULL, NULL);
  g_autofree char *position = tt_position (line);
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *joined = g_strjoinv (" ", legal);

  g_assert_cmpstr (position, ==,
                   "to-move=1 starter=1 r=0 1@P0 2@P1 1@P2 2@P3 1@P4 2@P5 1@P6 2@P7");
  g_assert_cmpstr (joined, ==, "P0-O0 P2-O2 P4-O4 P6-O6");
}

/* "Les deux joueurs décident de celui qui va débuter la partie." */
static void
test_seed_players_choose_who_starts (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("oraia"));
  g_autoptr (TbLine) line = tb_line_new (v, 2);
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *joined = g_strjoinv (" ", legal);

  g_assert_true (tb_rules_has_starter_choice (v->rules));
  g_assert_cmpstr (joined, ==, "P1-O1 P3-O3 P5-O5 P7-O7");
}

/* "BUT DU JEU : S'installer le premier sur toutes les cases de départ des
 * pièces de l'adversaire" (FIG. 3: Blue on P1 P3 P5 P7 has won). */
static void
test_seed_first_on_all_opponent_places_wins (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("oraia", NULL, "to-move=2 starter=1 1*@P1 1*@P3 1*@P5 1*@P7 2@O0 2@I4");

  assert_outcome (line, TB_RESULT_SEAT1_WINS, TB_TERMINATION_ALL_ARRIVED);
}

/* "Avant d'atteindre son but, chaque pion doit OBLIGATOIREMENT s'arrêter
 * au centre : à ce moment, il se retourne, gros point de couleur
 * visible." */
static void
test_seed_stop_at_the_centre_before_arriving (void)
{
  g_autoptr (TbLine) plain = tt_line_at ("oraia", NULL, "to-move=1 1@O1 2@O4");
  g_autoptr (TbLine) charged = tt_line_at ("oraia", NULL, "to-move=1 1*@O1 2@O4");
  g_autoptr (TbLine) stop = tt_line_at ("oraia", NULL, "to-move=1 1@I3 2@O6");

  g_assert_false (tt_is_legal (plain, "O1-P1"));
  g_assert_true (tt_is_legal (charged, "O1-P1"));
  tt_play (stop, "I3-C");
  tt_assert_piece (stop, "C", "1*");
}

/* "le joueur a la possibilité immédiate de bouleverser la partie, en
 * tournant le disque mobile d'1/8 de tour, dans un sens ou dans l'autre" */
static void
test_seed_turn_the_disc_an_eighth_either_way_or_not (void)
{
  static const struct
  {
    const char *move;
    const char *rotation;
  } cases[] = { { "I3-C", "r=0" }, { "I3-C=R", "r=1" }, { "I3-C=L", "r=7" } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1@I3 2@O6");
      g_autofree char *position = NULL;

      tt_play (line, cases[i].move);
      position = tt_position (line);
      g_assert_nonnull (strstr (position, cases[i].rotation));
    }
  /* Pawns on the disc turn with it (they keep their cell's name); the
   * crown stays: after =R, the charged O0 faces P1, an empty start place
   * of Red's, where it faced Blue's own P0 before. */
  {
    g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1@I3 1*@O0 2@O6");

    g_assert_false (tt_is_legal (line, "O0-P0"));
    tt_play (line, "I3-C=R");
    tt_play (line, "O6-O5");
    tt_play (line, "C-I3");
    tt_play (line, "O5-O6");
    g_assert_true (tt_is_legal (line, "O0-P1"));
  }
}

/* "Qu'il ait tourné le disque ou non, au tour suivant, ce joueur devra
 * OBLIGATOIREMENT jouer le pion resté au centre." */
static void
test_seed_the_pawn_left_on_the_centre_moves_next (void)
{
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1*@C 1@O5 1@P2 2@O3");
  g_auto (GStrv) legal = tt_legal (line);

  for (guint i = 0; legal[i]; i++)
    g_assert_true (g_str_has_prefix (legal[i], "C-"));
  g_assert_cmpuint (g_strv_length (legal), >, 0);
}

/* "1/ A chaque coup, le joueur déplace un seul de ses pions d'une case, en
 * suivant les traits rectilignes ou courbes sur le disque mobile." */
static void
test_seed_step_one_cell_along_straight_or_curved_lines (void)
{
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1@O2 1@I5 2@P7");
  g_autofree char *outer = moves_from (line, "O2");
  g_autofree char *inner = moves_from (line, "I5");

  /* O2: its spoke to I2 and the outer circle; I5: C, O5 and the inner
   * circle. */
  g_assert_cmpstr (outer, ==, "O2-I2 O2-O1 O2-O3");
  g_assert_cmpstr (inner, ==, "I5-C I5-C=L I5-C=R I5-I4 I5-I6 I5-O5");
}

/* "2/ Un pion peut sauter un, voire plusieurs pions ADVERSES, à condition
 * qu'une case vide les sépare … Attention : pas de changement de direction
 * EN COURS de saut" — FIG. 1, rebuilt (oraia.md §5): Red on O6 jumps O7,
 * O1 and I2 to reach C; I7, I1 and I3 are the forbidden cells. */
static void
test_seed_figure_1_chain_to_the_centre (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("oraia", NULL, "to-move=2 starter=1 1@O7 1@O1 1@I2 1@P4 2@O6 2@P3 2@P5 2@P7");
  g_autofree char *red = moves_from (line, "O6");

  g_assert_cmpstr (red, ==, "O6-I6 O6-O0 O6-O0-O2 O6-O0-O2-C O6-O0-O2-C=L O6-O0-O2-C=R O6-O5");
  tt_play (line, "O6-O0-O2-C=R");
  tt_assert_piece (line, "C", "2*");
  {
    g_autofree char *position = tt_position (line);
    g_assert_nonnull (strstr (position, "r=1"));
  }
}

/* FIG. 2: Red has turned the disc 1/8 clockwise; Blue's charged pawn on
 * O2, which faced its own P2, now faces P3, emptied by Red: an immediate
 * way out. */
static void
test_seed_figure_2_the_turn_opens_an_exit (void)
{
  const char *pawns = " 1*@O2 1@P0 1@P4 1@P6 2*@C 2@P1 2@P5 2@P7";
  g_autofree char *before = g_strconcat ("to-move=1 starter=2 r=0", pawns, NULL);
  g_autofree char *after = g_strconcat ("to-move=1 starter=2 r=1", pawns, NULL);
  g_autoptr (TbLine) unturned = tt_line_at ("oraia", NULL, before);
  g_autoptr (TbLine) turned = tt_line_at ("oraia", NULL, after);

  g_assert_false (tt_is_legal (unturned, "O2-P2"));  /* one's own start place */
  g_assert_true (tt_is_legal (turned, "O2-P3"));
}

/* "Lorsqu'un pion débute son voyage, il vient dans la case juste devant
 * lui, sauf si un pion adverse s'y trouve, auquel cas il saute
 * par-dessus." */
static void
test_seed_leaving_to_the_front_cell_or_over_the_opponent (void)
{
  g_autoptr (TbLine) over = tt_line_at ("oraia", NULL, "to-move=1 1@P0 2@O0 2@P3");
  g_autoptr (TbLine) blocked = tt_line_at ("oraia", NULL, "to-move=1 1@P0 2@O0 2@I0 2@P3");
  g_autoptr (TbLine) own = tt_line_at ("oraia", NULL, "to-move=1 1@P0 1@O0 2@P3");
  g_autofree char *hop = moves_from (over, "P0");
  g_autofree char *none = moves_from (blocked, "P0");
  g_autofree char *behind_own = moves_from (own, "P0");

  g_assert_cmpstr (hop, ==, "P0-I0");
  g_assert_cmpstr (none, ==, "");
  g_assert_cmpstr (behind_own, ==, "");
}

/* "Un pion peut débuter son voyage sans attendre que ses « copains de même
 * couleur » soient arrivés." */
static void
test_seed_pawns_leave_in_any_order (void)
{
  g_autoptr (TbLine) line = tt_line ("oraia", NULL, TT_MOVES ("P0-O0", "P1-O1"));

  g_assert_true (tt_is_legal (line, "P2-O2"));
  g_assert_true (tt_is_legal (line, "P4-O4"));
  g_assert_true (tt_is_legal (line, "O0-I0"));
}

/* "Les pions de même couleur ne peuvent pas sauter les uns par-dessus les
 * autres." */
static void
test_seed_no_jumping_over_ones_own (void)
{
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1@O0 1@O1 2@P3");

  g_assert_false (tt_is_legal (line, "O0-O2"));
}

/* "Les pions, une fois retournés, garderont leur plein de couleur … même
 * s'ils passent ou s'arrêtent de nouveau au centre" and "Lorsqu'un pion
 * s'arrête de nouveau au centre, il a la possibilité immédiate de tourner
 * le disque". */
static void
test_seed_charged_for_good_and_turning_again (void)
{
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1*@I3 2@O6");

  g_assert_true (tt_is_legal (line, "I3-C=R"));
  tt_play (line, "I3-C=L");
  tt_play (line, "O6-O5");
  tt_play (line, "C-I6");
  tt_assert_piece (line, "I6", "1*");
}

/* "A tout moment de la partie, un pion peut passer au centre, sans s'y
 * arrêter, pour sauter plusieurs pions ; dans ce cas, le joueur n'aura pas
 * la possibilité de tourner le disque mobile." */
static void
test_seed_passing_through_the_centre_no_turn (void)
{
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1@O3 2@I3 2@I7 2@P1");

  g_assert_true (tt_is_legal (line, "O3-C"));
  g_assert_true (tt_is_legal (line, "O3-C-O7"));
  g_assert_false (tt_is_legal (line, "O3-C-O7=R"));
  tt_play (line, "O3-C-O7");
  tt_assert_piece (line, "O7", "1");   /* not charged: it did not stop */
  {
    g_autofree char *position = tt_position (line);
    g_assert_nonnull (strstr (position, "r=0"));
  }
}

/* "Les emplacements des pions aménagés sur la couronne verte sont
 * uniquement les points de départ et d'arrivée." */
static void
test_seed_crown_places_only_to_start_and_arrive (void)
{
  /* A pawn that left never comes back to its start place; a charged pawn
   * arrives only on an empty start place of the opponent; arrived pawns
   * stay. */
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1 1*@O0 1*@O1 1@P3 2@P2 2@O5");

  g_autofree char *arrived = moves_from (line, "P3");

  g_assert_false (tt_is_legal (line, "O0-P0"));
  g_assert_true (tt_is_legal (line, "O1-P1"));
  g_assert_cmpstr (arrived, ==, "");
}

/* "Lorsqu'un joueur n'a aucune possibilité de jeu, il passe son tour.
 * (uniquement dans ce cas)" */
static void
test_seed_pass_only_when_stuck (void)
{
  g_autoptr (TbLine) stuck =
    tt_line_at ("oraia", NULL, "to-move=1 1@P0 1*@P1 1*@P3 1*@P5 2@O0 2@I0 2@P7 2@O4");
  g_autoptr (TbLine) free_to_move = tt_line ("oraia", NULL, NULL);
  g_auto (GStrv) legal = tt_legal (stuck);

  g_assert_cmpuint (g_strv_length (legal), ==, 1);
  g_assert_cmpstr (legal[0], ==, "pass");
  g_assert_false (tt_is_legal (free_to_move, "pass"));
  tt_play (stuck, "pass");
  g_assert_cmpuint (tb_position_to_move (tb_line_get_position (stuck)), ==, 2);
}

/* "Les joueurs seront ex aequo, lorsque celui qui a commencé la partie
 * placera son dernier pion juste avant l'autre joueur" (oraia.md §4: the
 * extra turn only when it can still equalise). */
static void
test_seed_equal_tempo (void)
{
  /* Blue started; both have three home and a charged pawn at the door. */
  const char *both = "to-move=1 starter=1 1*@P1 1*@P3 1*@P5 1*@O7 2*@P0 2*@P2 2*@P4 2*@O6";
  /* Red has only two home: it cannot equalise. */
  const char *red_behind = "to-move=1 starter=1 1*@P1 1*@P3 1*@P5 1*@O7 2*@P0 2*@P2 2*@O6 2@I3";
  g_autoptr (TbLine) draw = tt_line_at ("oraia", NULL, both);
  g_autoptr (TbLine) declined = tt_line_at ("oraia", NULL, both);
  g_autoptr (TbLine) at_once = tt_line_at ("oraia", NULL, red_behind);
  g_autoptr (TbLine) second_first = NULL;

  tt_play (draw, "O7-P7");
  g_assert_false (tb_line_is_over (draw, NULL));      /* Red's extra turn */
  tt_play (draw, "O6-P6");
  assert_outcome (draw, TB_RESULT_DRAW, TB_TERMINATION_ALL_ARRIVED);

  tt_play (declined, "O7-P7");
  tt_play (declined, "O6-O5");
  assert_outcome (declined, TB_RESULT_SEAT1_WINS, TB_TERMINATION_ALL_ARRIVED);

  tt_play (at_once, "O7-P7");
  assert_outcome (at_once, TB_RESULT_SEAT1_WINS, TB_TERMINATION_ALL_ARRIVED);

  /* The second player finishing first wins at once. */
  second_first = tt_line_at ("oraia", NULL,
                             "to-move=2 starter=1 1*@P1 1*@P3 1*@P5 1*@I7 2*@P0 2*@P2 2*@P4 2*@O6");
  tt_play (second_first, "O6-P6");
  assert_outcome (second_first, TB_RESULT_SEAT2_WINS, TB_TERMINATION_ALL_ARRIVED);
}

/* rules/README.md: neither player can move: a draw, "blocked". */
static void
test_readme_blocked (void)
{
  g_autoptr (TbLine) line = tt_line_at ("oraia", NULL, "to-move=1");

  assert_outcome (line, TB_RESULT_DRAW, TB_TERMINATION_BLOCKED);
}

/* The repetition addition: the third occurrence draws. */
static void
test_readme_repetition_draws (void)
{
  g_autoptr (TbLine) line = tt_line ("oraia", NULL, TT_MOVES ("P0-O0", "P1-O1"));
  const char *shuffle[] = { "O0-I0", "O1-I1", "I0-O0", "I1-O1" };

  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (shuffle); i++)
      {
        g_assert_false (tb_line_is_over (line, NULL));
        tt_play (line, shuffle[i]);
      }
  assert_outcome (line, TB_RESULT_DRAW, TB_TERMINATION_REPETITION);
}

/* oraia.md §7: the options, each changing what it should. */
static void
test_options (void)
{
  const char *fig1 = "to-move=2 starter=1 1@O7 1@O1 1@I2 1@P4 2@O6 2@P3 2@P5 2@P7";
  g_autoptr (TbLine) strict = tt_line_at ("oraia", "strict-single-line=yes", fig1);
  g_autoptr (TbLine) pinwheel = tt_line_at ("oraia", "geometry=pinwheel", "to-move=1 1@O2 2@P7");
  const char *hop = "to-move=1 1*@I1 2@O1 2@P3";
  g_autoptr (TbLine) hop_on = tt_line_at ("oraia", NULL, hop);
  g_autoptr (TbLine) hop_off = tt_line_at ("oraia", "arrival-hop=no", hop);
  g_autofree char *arms = moves_from (pinwheel, "O2");

  /* One line only: around the outer circle, but not on to the centre. */
  g_assert_true (tt_is_legal (strict, "O6-O0-O2"));
  g_assert_false (tt_is_legal (strict, "O6-O0-O2-C"));
  /* The pinwheel: O2's spoke to I2 and its arm to I3; no circle. */
  g_assert_cmpstr (arms, ==, "O2-I2 O2-I3");
  g_assert_true (tt_is_legal (hop_on, "I1-P1"));
  g_assert_false (tt_is_legal (hop_off, "I1-P1"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/oraia/seed/crown-disc-of-17-and-four-pawns-each",
                   test_seed_crown_disc_of_17_and_four_pawns_each);
  g_test_add_func ("/oraia/seed/setup-alternating-small-dot-a-cell-in-front",
                   test_seed_setup_alternating_small_dot_a_cell_in_front);
  g_test_add_func ("/oraia/seed/players-choose-who-starts", test_seed_players_choose_who_starts);
  g_test_add_func ("/oraia/seed/first-on-all-opponent-places-wins",
                   test_seed_first_on_all_opponent_places_wins);
  g_test_add_func ("/oraia/seed/stop-at-the-centre-before-arriving",
                   test_seed_stop_at_the_centre_before_arriving);
  g_test_add_func ("/oraia/seed/turn-the-disc-an-eighth-either-way-or-not",
                   test_seed_turn_the_disc_an_eighth_either_way_or_not);
  g_test_add_func ("/oraia/seed/the-pawn-left-on-the-centre-moves-next",
                   test_seed_the_pawn_left_on_the_centre_moves_next);
  g_test_add_func ("/oraia/seed/step-one-cell-along-straight-or-curved-lines",
                   test_seed_step_one_cell_along_straight_or_curved_lines);
  g_test_add_func ("/oraia/seed/figure-1-chain-to-the-centre", test_seed_figure_1_chain_to_the_centre);
  g_test_add_func ("/oraia/seed/figure-2-the-turn-opens-an-exit",
                   test_seed_figure_2_the_turn_opens_an_exit);
  g_test_add_func ("/oraia/seed/leaving-to-the-front-cell-or-over-the-opponent",
                   test_seed_leaving_to_the_front_cell_or_over_the_opponent);
  g_test_add_func ("/oraia/seed/pawns-leave-in-any-order", test_seed_pawns_leave_in_any_order);
  g_test_add_func ("/oraia/seed/no-jumping-over-ones-own", test_seed_no_jumping_over_ones_own);
  g_test_add_func ("/oraia/seed/charged-for-good-and-turning-again",
                   test_seed_charged_for_good_and_turning_again);
  g_test_add_func ("/oraia/seed/passing-through-the-centre-no-turn",
                   test_seed_passing_through_the_centre_no_turn);
  g_test_add_func ("/oraia/seed/crown-places-only-to-start-and-arrive",
                   test_seed_crown_places_only_to_start_and_arrive);
  g_test_add_func ("/oraia/seed/pass-only-when-stuck", test_seed_pass_only_when_stuck);
  g_test_add_func ("/oraia/seed/equal-tempo", test_seed_equal_tempo);
  g_test_add_func ("/oraia/readme/blocked", test_readme_blocked);
  g_test_add_func ("/oraia/readme/repetition-draws", test_readme_repetition_draws);
  g_test_add_func ("/oraia/options", test_options);

  return g_test_run ();
}
