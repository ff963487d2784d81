/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-versus-rules.c: one test per rule sentence of the two Versus seed
 * texts (S0 = 000_31647a6bb990c03e.txt, the boxed game; S1 =
 * 001_49922fd1ddb7d7ab.txt, the online rules), and the worked examples of
 * rules/versus.md §10.
 *
 * Cells: 61 board, file = a + q + 4, rank = 5 - r (e5 is the centre,
 * targets b5 d5 f5 h5).  Pieces in position text: V<seat>, P<d>/<controller>
 * with d = portions of seat 1's colour = the pawn's value to seat 1.
 */
#include "config.h"

#include <string.h>

#include "tb-test-util.h"

static void
assert_over (TbLine *line, TbResult result, TbTermination termination)
{
  TbOutcome outcome;
  g_auto (GStrv) legal = tt_legal (line);

  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.result, ==, result);
  g_assert_cmpint (outcome.termination, ==, termination);
  g_assert_null (legal[0]);
}

static void
assert_not_over (TbLine *line)
{
  g_assert_false (tb_line_is_over (line, NULL));
}

static void
assert_score (TbLine *line, int seat1, int seat2)
{
  TbVariant *v = tb_line_get_variant (line);
  int scores[2];

  tb_variant_score (v, tb_line_get_position (line), scores);
  g_assert_cmpint (scores[0], ==, seat1);
  g_assert_cmpint (scores[1], ==, seat2);
}

/* S0 "Éléments de jeu : 1 tablier de jeu de 61 cases hexagonales, 8 pions
 * et 2 VERSUS." */
static void
test_s0_board_has_61_hexes_8_pawns_2_versus (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (v, tb_line_get_position (line), pieces);
  guint pawns = 0, versus = 0;

  g_assert_cmpuint (v->board.n_cells, ==, 61);
  g_assert_cmpint (v->board.cell_shape, ==, TB_CELL_HEX);
  for (guint i = 0; i < n; i++)
    {
      pawns += pieces[i].kind == TB_PIECE_PAWN;
      versus += pieces[i].kind == TB_PIECE_VERSUS;
    }
  g_assert_cmpuint (pawns, ==, 8);
  g_assert_cmpuint (versus, ==, 2);
}

/* S0 "But du jeu : marquer plus de points que son adversaire en plaçant
 * les pions de sa couleur sur les 4 cases cibles repérées en clair." */
static void
test_s0_four_target_cells (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  const char *expected[] = { "b5", "d5", "f5", "h5" };
  guint n_targets = 0;

  for (guint c = 0; c < v->board.n_cells; c++)
    if (v->board.cells[c].marks & TB_MARK_TARGET)
      {
        g_assert_cmpstr (v->board.cells[c].name, ==, expected[n_targets]);
        n_targets++;
      }
  g_assert_cmpuint (n_targets, ==, 4);
}

/* S0 "chacun prend 4 pions et son VERSUS. La couleur du joueur est celle
 * du centre du pion" and "place ses pièces de gauche à droite : 1, 4,
 * VERSUS, 3, 2, sur les hexagones de la ligne du bord extérieure". */
static void
test_s0_setup_left_to_right_1_4_versus_3_2 (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
  g_autofree char *position = tt_position (line);

  /* Seat 1 (south) from a1 eastward, seat 2 (north) from i9 westward,
   * each pawn worth its number to its owner, who controls it. */
  g_assert_cmpstr (position, ==,
                   "to-move=1 P3/2@e9 P2/2@f9 V2@g9 P1/2@h9 P4/2@i9 "
                   "P1/1@a1 P4/1@b1 V1@c1 P3/1@d1 P2/1@e1");
}

/* S0 "Chaque pion possède, sur ses 2 faces, cinq portions de couleurs qui
 * en précisent sa valeur, de 1 à 4, selon le joueur qui contrôle ce pion.
 * Exemple : ce pion vaut 4 pour le joueur clair et sur son autre face, 1
 * pour le joueur foncé." */
static void
test_s0_pawn_value_depends_on_controller (void)
{
  /* Light's pawn worth 4 (d = 1) on h9; Dark pulls and flips it. */
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
  TbVariant *v = tb_line_get_variant (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n;

  tt_assert_piece (line, "h9", "P1/2");
  tt_play (line, "c1-h6");
  tt_assert_piece (line, "h8", "P1/1");
  n = tb_variant_describe_pieces (v, tb_line_get_position (line), pieces);
  for (guint i = 0; i < n; i++)
    if (strcmp (v->board.cells[pieces[i].cell].name, "h8") == 0)
      {
        g_assert_cmpuint (pieces[i].owner, ==, 1);
        g_assert_cmpuint (pieces[i].value, ==, 1);
        g_assert_cmpuint (pieces[i].n_portions, ==, 5);
        g_assert_cmpuint (pieces[i].portions, ==, 1);
      }
}

/* S0 "Couleur foncée débute toujours la partie." S1 "Bleu commence
 * toujours la partie." */
static void
test_s0_s1_first_player_always_starts (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) v61 = tb_variant_new_from_text ("versus-61", NULL, NULL);
  g_autoptr (TbVariant) v91 = tb_variant_new_from_text ("versus-91", NULL, NULL);
  g_autoptr (TbLine) line = tb_line_new (v61, 1);

  g_assert_cmpstr (tb_rules_get_seat_name (v61->rules, 1), ==, "Dark");
  g_assert_cmpstr (tb_rules_get_seat_name (v91->rules, 1), ==, "Blue");
  g_assert_cmpstr (tb_rules_get_seat_name (v91->rules, 2), ==, "Brown");
  g_assert_cmpuint (tb_position_to_move (tb_line_get_position (line)), ==, 1);
  g_assert_false (tb_variant_check_starter (v61, 2, &error));
  g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_STARTER);
  g_assert_false (tb_variant_check_starter (v91, 2, NULL));
}

/* S0 "Chacun joue à son tour en déplaçant obligatoirement une des pièces
 * qu'il contrôle : pion ou VERSUS." */
static void
test_s0_move_one_piece_you_control (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES ("c1-e3"));
  g_auto (GStrv) legal = tt_legal (line);

  /* e8 was flipped to Dark: Light may not move it; no pass exists. */
  tt_assert_piece (line, "e8", "P3/1");
  for (guint i = 0; legal[i]; i++)
    {
      g_autofree char *from = g_strndup (legal[i], strchr (legal[i], '-') - legal[i]);
      g_autofree char *piece = tt_piece_at (line, from);

      g_assert_true (g_str_has_suffix (piece, "/2") || strcmp (piece, "V2") == 0);
    }
  g_assert_false (tt_is_legal (line, "e8-e7"));
  g_assert_false (tt_is_legal (line, "pass"));
  tt_play (line, "i9-i8");
  /* Dark now moves the pawn he took. */
  g_assert_true (tt_is_legal (line, "e8-e7"));
}

/* S0 "un pion se déplace d'une seule case à la fois, dans tous les sens et
 * sur une case libre." S1 "Les pions se déplacent d'une seule case à la
 * fois dans le sens que l'on souhaite." */
static void
test_s0_s1_pawn_moves_one_cell_any_direction_to_empty (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@a1 V2@i9 P3/1@e5 P2/2@f5 P2/1@e3");
  g_auto (GStrv) legal = tt_legal (line);
  /* e5's six neighbours: f5 holds a pawn; the other five are free. */
  const char *expected[] = { "e5-d4", "e5-d5", "e5-e4", "e5-e6", "e5-f6", NULL };
  guint n = 0;

  for (guint i = 0; legal[i]; i++)
    if (g_str_has_prefix (legal[i], "e5-"))
      g_assert_cmpstr (legal[i], ==, expected[n++]);
  g_assert_cmpuint (n, ==, 5);
  g_assert_false (tt_is_legal (line, "e5-e7"));
  g_assert_false (tt_is_legal (line, "e5-f5"));
}

/* S0 "une pièce ne passe jamais par-dessus une autre pièce ; une pièce en
 * protège une autre." S1 "ne passent jamais par-dessus une autre pièce". */
static void
test_s0_s1_pieces_never_jump (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@e1 V2@i9 P3/1@e3 P2/2@a5");

  g_assert_true (tt_is_legal (line, "e1-e2"));
  g_assert_false (tt_is_legal (line, "e1-e4"));
  g_assert_false (tt_is_legal (line, "e1-e6"));
}

/* "une pièce en protège une autre": a piece between the VERSUS and an
 * opposing pawn shields it from attraction (S0 "vision directe … sans
 * aucune autre pièce de jeu entre eux"; S1 (5)). */
static void
test_s0_s1_a_piece_shields_another (void)
{
  /* Dark's VERSUS goes to e2; on its NW ray Dark's own pawn e4 stands in
   * front of Light's e7; on its W ray nothing stands before Light's a2. */
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@f2 V2@i9 P3/1@e4 P2/2@e7 P4/2@a2");

  tt_play (line, "f2-e2");
  tt_assert_piece (line, "e7", "P2/2");
  tt_assert_piece (line, "b2", "P4/1");
  tt_assert_piece (line, "a2", "");
}

/* S0 "le VERSUS se déplace uniquement en ligne droite, dans l'une des six
 * directions … d'autant de cases que l'on veut si elles sont libres ; il
 * peut passer sur une case cible libre mais il ne peut pas s'y arrêter."
 * versus.md §10: W from e5, past d5 (target) to c5, past b5 (target) to
 * a5. */
static void
test_s0_s1_versus_slides_crosses_but_never_stops_on_targets (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@e5 V2@i9 P2/2@a1");

  g_assert_true (tt_is_legal (line, "e5-c5"));
  g_assert_true (tt_is_legal (line, "e5-a5"));
  g_assert_false (tt_is_legal (line, "e5-d5"));
  g_assert_false (tt_is_legal (line, "e5-b5"));
  /* Straight lines only, any distance. */
  g_assert_true (tt_is_legal (line, "e5-e9"));
  g_assert_true (tt_is_legal (line, "e5-e1"));
  g_assert_false (tt_is_legal (line, "e5-i9"));          /* occupied */
  g_assert_true (tt_is_legal (line, "e5-h8"));
  g_assert_false (tt_is_legal (line, "e5-f7"));          /* not a line */
}

/* S0 "En fin de déplacement, le VERSUS attire vers lui, d'une case, tout
 * pion contrôlé par le joueur adverse, situé en alignement et en vision
 * directe, sur une des six directions autour de lui-même ; ensuite le
 * VERSUS retourne le ou les pions concernés."  S1: "tous les pions". */
static void
test_s0_s1_versus_attracts_every_opposing_pawn_in_sight (void)
{
  /* Dark's VERSUS crosses b5 and d5 to stop on e5. */
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@a5 V2@i5 P3/2@e7 P2/2@g7 P4/2@c7 P2/1@e2");

  tt_play (line, "a5-e5");
  tt_assert_piece (line, "e6", "P3/1");  /* NW ray: pulled one cell, flipped */
  tt_assert_piece (line, "e7", "");
  tt_assert_piece (line, "f6", "P2/1");  /* NE ray, at the same time */
  tt_assert_piece (line, "c7", "P4/2");  /* on no line of e5 */
  tt_assert_piece (line, "e2", "P2/1");  /* own pawns are never attracted */
  tt_assert_piece (line, "i5", "V2");    /* a VERSUS is never attracted */
}

/* Pawns are pulled along every one of the six directions, at any
 * distance, all in the same move. */
static void
test_s0_s1_attraction_range_unlimited_on_six_rays (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@a5 V2@g9 P1/2@e9 P1/2@i9 P1/2@i5 P1/2@e1 P1/2@a1 P1/2@b4");

  tt_play (line, "a5-e5");
  /* NW ray: e9 -> e8; NE: i9 -> h8; E: i5 -> h5 (pulled onto a target,
   * flipped and frozen there); SE: e1 -> e2; SW: a1 -> b2; W: a5 is empty
   * now; b4 is on no ray. */
  tt_assert_piece (line, "e8", "P1/1");
  tt_assert_piece (line, "h8", "P1/1");
  tt_assert_piece (line, "h5", "P1/1");
  tt_assert_piece (line, "e2", "P1/1");
  tt_assert_piece (line, "b2", "P1/1");
  tt_assert_piece (line, "b4", "P1/2");
}

/* S0 "on ne peut plus ni déplacer, ni agir sur un pion situé sur une des
 * cases cibles du tablier." S1 the same for the six targets. */
static void
test_s0_s1_pawn_on_target_is_frozen (void)
{
  /* Dark's pawn on d5 cannot move; Light's pawn on h5 is in clear sight
   * of Dark's VERSUS once it stops on e5 (f5 and g5 empty between), yet it
   * is neither pulled nor flipped. */
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@e1 V2@i9 P3/1@d5 P2/2@h5");
  g_auto (GStrv) legal = tt_legal (line);

  for (guint i = 0; legal[i]; i++)
    g_assert_false (g_str_has_prefix (legal[i], "d5-"));
  tt_play (line, "e1-e5");
  tt_assert_piece (line, "h5", "P2/2");
  tt_assert_piece (line, "g5", "");
  tt_assert_piece (line, "d5", "P3/1");
}

/* S0 "On ne peut pas retourner le ou les pions adverses pour en prendre le
 * contrôle avec le VERSUS si on ne peut pas le ou les attirer d'une case
 * vers le VERSUS." S1 (4). */
static void
test_s0_s1_adjacent_pawn_neither_pulled_nor_flipped (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@a3 V2@i9 P2/2@e3");

  tt_play (line, "a3-d3");
  tt_assert_piece (line, "e3", "P2/2");
  tt_assert_piece (line, "d3", "V1");
}

/* S0 "Un pion qui est déplacé dans une des lignes du VERSUS n'est pas
 * attiré par le VERSUS car ce dernier ne s'est pas déplacé." */
static void
test_s0_pawn_stepping_into_a_line_is_not_attracted (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=2 V1@e2 V2@i9 P2/2@f8 P1/1@a1");

  tt_play (line, "f8-e8");      /* now in line with Dark's VERSUS (e2 … e8) */
  tt_assert_piece (line, "e8", "P2/2");
  tt_play (line, "a1-a2");      /* a pawn move of Dark: still nothing */
  tt_assert_piece (line, "e8", "P2/2");
  tt_play (line, "i9-i8");      /* Light's VERSUS moves: it attracts Dark's pawns only */
  tt_assert_piece (line, "e8", "P2/2");
  tt_play (line, "e2-e3");      /* Dark's VERSUS moves: now it attracts */
  tt_assert_piece (line, "e7", "P2/1");
}

/* S0/S1 repeated attractions: "le joueur qui n'a pas la dominante couleur
 * devra céder au bout de deux attractions consécutives de sa part, quitte
 * à y revenir ensuite après avoir été jouer ailleurs.  Si son déplacement
 * suivant les deux attractions consécutives permet encore d'attirer le
 * pion …, ce déplacement sera réalisable mais ne déclenchera pas une
 * troisième attraction pour le pion concerné."  versus.md §7 example. */
static void
test_s0_s1_repeated_attractions_give_way_after_two (void)
{
  /* P = the d=3 pawn on e5 (dominant colour: seat 1, Dark); Q = i9. */
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=2 V1@g4 V2@g8 P3/1@e5 P4/1@i9 P1/1@a1");

  tt_play (line, "g8-e8");                 /* 1. Light attracts P (streak 1) */
  tt_assert_piece_streaks (line, "e6", "P3/2!01");
  tt_play (line, "g4-e4");                 /* 2. Dark takes it back */
  tt_assert_piece_streaks (line, "e5", "P3/1!11");
  tt_play (line, "e8-e7");                 /* 3. Light again (streak 2) */
  tt_assert_piece_streaks (line, "e6", "P3/2!12");
  tt_play (line, "e4-e3");                 /* 4. Dark again */
  tt_assert_piece_streaks (line, "e5", "P3/1!22");
  /* 5. Light's VERSUS goes to g7, in sight of P: legal, P is not
   * attracted a third time, but Q on another ray is attracted normally. */
  g_assert_true (tt_is_legal (line, "e7-g7"));
  tt_play (line, "e7-g7");
  tt_assert_piece_streaks (line, "e5", "P3/1!20");   /* spared; the spared turn resets */
  tt_assert_piece_streaks (line, "h8", "P4/2!01");
  tt_play (line, "a1-a2");                   /* 6. Dark plays elsewhere */
  tt_assert_piece_streaks (line, "e5", "P3/1");
  tt_play (line, "g7-e7");                   /* 7. Light may attract P again */
  tt_assert_piece_streaks (line, "e6", "P3/2!01");
}

/* The dominant colour's player is never limited (§7). */
static void
test_s0_s1_dominant_player_never_gives_way (void)
{
  /* d = 3: dominant seat 1; Dark has attracted it twice running. */
  g_autoptr (TbLine) dominant =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@a3 V2@i9 P3/2!20@e6 P1/1@a1");
  /* d = 2: dominant seat 2; Dark is limited. */
  g_autoptr (TbLine) limited =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@a3 V2@i9 P2/2!20@e6 P1/1@a1");

  tt_play (dominant, "a3-e3");
  tt_assert_piece_streaks (dominant, "e5", "P3/1!20");
  tt_play (limited, "a3-e3");
  tt_assert_piece_streaks (limited, "e6", "P2/2");
}

/* S0 fin de jeu: "un pion est placé sur chacune des quatre cases cibles". */
static void
test_s0_end_when_every_target_holds_a_pawn (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@a1 V2@i9 P4/1@b5 P1/2@d5 P2/1@f5 P3/2@h4 P1/1@e1");

  assert_not_over (line);
  tt_play (line, "e1-e2");
  tt_play (line, "h4-h5");
  /* Dark: 4 (b5) + 2 (f5) = 6; Light: 4 (d5) + 2 (h5) = 6. */
  assert_score (line, 6, 6);
  assert_over (line, TB_RESULT_DRAW, TB_TERMINATION_TARGETS_FILLED);
}

/* S0 "le joueur qui mène au score ne peut plus être ni rejoint ni
 * dépassé" (§8.1: score(leader) > score(trailing) + the E best values the
 * trailing player could still bring). */
static void
test_s0_s1_end_when_lead_cannot_be_caught (void)
{
  /* Dark 4+4 = 8 on b5, d5; Light 0; two targets left; the free pawns are
   * worth at most 4 and 3 to Light: 7 < 8, over.  With Light's best two
   * worth 4 + 4 = 8 a tie is possible: not over. */
  g_autoptr (TbLine) over =
    tt_line_at ("versus-61", NULL,
                "to-move=2 V1@a1 V2@i9 P4/1@b5 P4/1@d5 P1/2@e3 P2/2@e7 P3/1@c2");
  g_autoptr (TbLine) tie_possible =
    tt_line_at ("versus-61", NULL,
                "to-move=2 V1@a1 V2@i9 P4/1@b5 P4/1@d5 P1/2@e3 P1/2@e7 P3/1@c2");

  assert_over (over, TB_RESULT_SEAT1_WINS, TB_TERMINATION_UNREACHABLE_LEAD);
  assert_not_over (tie_possible);
}

/* S0 "un joueur ne peut plus déplacer aucune de ses pièces de jeu."  S1
 * "Un des joueurs ne peut plus déplacer aucune pièce".  Default: the
 * player to move is checked; the score decides. */
static void
test_s0_s1_end_when_a_player_cannot_move (void)
{
  /* Light's VERSUS is walled in the i9 corner and has no pawn. */
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@a1 V2@i9 P2/1@h9 P2/1@h8 P3/1@i8 P4/1@b5 P1/1@a2");

  assert_not_over (line);
  tt_play (line, "a2-a3");
  assert_score (line, 4, 0);
  assert_over (line, TB_RESULT_SEAT1_WINS, TB_TERMINATION_NO_MOVES);
}

/* S0 "Gain de la partie : chaque pion placé sur une case cible rapporte au
 * joueur qui le contrôle, un nombre de points équivalent au nombre de
 * portions à sa couleur."  S1 the same. */
static void
test_s0_s1_pawns_on_targets_score_their_portions (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@a1 V2@i9 P1/2@b5 P4/1@d5 P3/2@f5 P2/1@e4 P4/2@e6");

  /* b5: d=1 for Light = 4; d5: 4 for Dark; f5: d=3 for Light = 2; pawns
   * off the targets score nothing. */
  assert_score (line, 4, 6);
}

/* S0 "Le gagnant est celui qui a le plus grand nombre de points ; s'il y
 * a égalité, la partie est dite « force égalité »." */
static void
test_s0_s1_most_points_wins_equal_is_a_draw (void)
{
  g_autoptr (TbLine) draw =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@a1 V2@i9 P4/1@b5 P1/2@d5 P2/2@f5 P3/1@h5");
  g_autoptr (TbLine) light_wins =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@a1 V2@i9 P4/1@b5 P1/2@d5 P2/2@f5 P2/1@h5");

  assert_over (draw, TB_RESULT_DRAW, TB_TERMINATION_TARGETS_FILLED);
  assert_score (light_wins, 6, 7);
  assert_over (light_wins, TB_RESULT_SEAT2_WINS, TB_TERMINATION_TARGETS_FILLED);
}

/* S0 variante: "un tablier de 91 cases : il comporte en bords extérieurs
 * une rangée supplémentaire de cases incluant 2 cases cibles en plus des 4
 * existantes."  S1 "6 sont repérées sur l'axe central". */
static void
test_s0_s1_board_91_adds_a_ring_and_two_targets (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_from_text ("versus-91", NULL, NULL);
  const char *expected[] = { "a6", "c6", "e6", "g6", "i6", "k6" };
  guint n_targets = 0;

  g_assert_cmpuint (v->board.n_cells, ==, 91);
  for (guint c = 0; c < v->board.n_cells; c++)
    if (v->board.cells[c].marks & TB_MARK_TARGET)
      {
        /* All on the central axis, rank 6 (r = 0). */
        g_assert_cmpstr (v->board.cells[c].name, ==, expected[n_targets]);
        n_targets++;
      }
  g_assert_cmpuint (n_targets, ==, 6);
}

/* S0 "Chaque joueur possède un 5ème pion qui vaut 5 points et 0 point sur
 * sa face inverse."  S1 "Douze pièces de jeu : deux VERSUS … dix pions";
 * "Chaque joueur démarre le jeu avec son VERSUS et 5 pions qu'il
 * contrôle." */
static void
test_s0_s1_board_91_fifth_pawn_worth_5_or_0 (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-91", NULL, NULL);
  g_autofree char *position = tt_position (line);

  /* Default order 1, 4, VERSUS, 5, 3, 2 from each player's left. */
  g_assert_cmpstr (position, ==,
                   "to-move=1 P3/2@f11 P2/2@g11 P0/2@h11 V2@i11 P1/2@j11 P4/2@k11 "
                   "P1/1@a1 P4/1@b1 V1@c1 P5/1@d1 P3/1@e1 P2/1@f1");
}

/* S1 "Entre les deux faces d'un pion, seule la couleur du centre change ;
 * un pion a donc une valeur différente selon le joueur qui le contrôle." */
static void
test_s1_flip_changes_only_the_centre (void)
{
  /* Brown's 5-pawn (d = 0: worth 5 to Brown, 0 to Blue) pulled by Blue. */
  g_autoptr (TbLine) line =
    tt_line_at ("versus-91", NULL, "to-move=1 V1@f1 V2@k11 P0/2@f8");

  tt_play (line, "f1-f2");   /* f2's NW ray: f3, f4, f5, f6, f7, then the pawn on f8 */
  tt_assert_piece (line, "f7", "P0/1");  /* same portions, Blue's centre */
}

/* The worked examples of versus.md §10: Dark's twelve opening VERSUS
 * moves and what each attracts. */
typedef struct
{
  const char *move;
  const char *pulled_from;  /* NULL: no attraction */
  const char *pulled_to;
  const char *piece_after;
} OpeningCase;

static const OpeningCase opening_cases[] = {
  { "c1-e3", "e9", "e8", "P3/1" },  /* (0,2): B2 pulled, worth 3 to Dark */
  { "c1-f4", "f9", "f8", "P2/1" },  /* (1,1): B3 */
  { "c1-h6", "h9", "h8", "P1/1" },  /* (3,-1): B4 */
  { "c1-i7", "i9", "i8", "P4/1" },  /* (4,-2): B1 */
  { "c1-c3", "i9", "h8", "P4/1" },  /* (-2,2): B1 along the NE ray */
  { "c1-c4", "h9", "g8", "P1/1" },  /* (-2,1): B4 */
  { "c1-c6", "f9", "e8", "P2/1" },  /* (-2,-1): B3 */
  { "c1-c7", "e9", "d8", "P3/1" },  /* (-2,-2): B2 */
  { "c1-d2", NULL, NULL, NULL },    /* (-1,3) */
  { "c1-g5", NULL, NULL, NULL },    /* (2,0) */
  { "c1-c2", NULL, NULL, NULL },    /* (-2,3) */
  { "c1-c5", NULL, NULL, NULL },    /* (-2,0) */
};

static void
test_example_opening_versus_moves (void)
{
  g_autoptr (TbLine) start = tt_line ("versus-61", NULL, NULL);
  g_autofree char *initial = tt_position (start);

  for (guint i = 0; i < G_N_ELEMENTS (opening_cases); i++)
    {
      const OpeningCase *c = &opening_cases[i];
      g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES (c->move));
      g_autofree char *after = tt_position (line);

      g_test_message ("%s", c->move);
      if (c->pulled_from == NULL)
        {
          /* Only the VERSUS moved: the light pawns are all where they were. */
          for (const char *const *cell = (const char *const[]) { "e9", "f9", "h9", "i9", NULL };
               *cell; cell++)
            {
              g_autofree char *before = tt_piece_at (start, *cell);
              tt_assert_piece (line, *cell, before);
            }
          continue;
        }
      tt_assert_piece (line, c->pulled_from, "");
      tt_assert_piece (line, c->pulled_to, c->piece_after);
    }
  /* The first player can capture on move 1 and the SE ray of e3 is blocked
   * by his own pawn on e1. */
  {
    g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES ("c1-e3"));
    tt_assert_piece (line, "e1", "P2/1");
  }
}

/* versus.md §10 / NOTATION.md: perft(1) lists exactly these openings. */
static void
test_example_opening_move_list (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *joined = g_strjoinv (" ", legal);

  g_assert_cmpstr (joined, ==,
                   "a1-a2 a1-b2 b1-b2 b1-c2 c1-c2 c1-c3 c1-c4 c1-c5 c1-c6 c1-c7 c1-d2 "
                   "c1-e3 c1-f4 c1-g5 c1-h6 c1-i7 d1-d2 d1-e2 e1-e2 e1-f2");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/versus/s0/board-has-61-hexes-8-pawns-2-versus",
                   test_s0_board_has_61_hexes_8_pawns_2_versus);
  g_test_add_func ("/versus/s0/four-target-cells", test_s0_four_target_cells);
  g_test_add_func ("/versus/s0/setup-left-to-right-1-4-versus-3-2",
                   test_s0_setup_left_to_right_1_4_versus_3_2);
  g_test_add_func ("/versus/s0/pawn-value-depends-on-controller",
                   test_s0_pawn_value_depends_on_controller);
  g_test_add_func ("/versus/s0-s1/first-player-always-starts",
                   test_s0_s1_first_player_always_starts);
  g_test_add_func ("/versus/s0/move-one-piece-you-control", test_s0_move_one_piece_you_control);
  g_test_add_func ("/versus/s0-s1/pawn-moves-one-cell-any-direction-to-empty",
                   test_s0_s1_pawn_moves_one_cell_any_direction_to_empty);
  g_test_add_func ("/versus/s0-s1/pieces-never-jump", test_s0_s1_pieces_never_jump);
  g_test_add_func ("/versus/s0-s1/a-piece-shields-another", test_s0_s1_a_piece_shields_another);
  g_test_add_func ("/versus/s0-s1/versus-slides-crosses-but-never-stops-on-targets",
                   test_s0_s1_versus_slides_crosses_but_never_stops_on_targets);
  g_test_add_func ("/versus/s0-s1/versus-attracts-every-opposing-pawn-in-sight",
                   test_s0_s1_versus_attracts_every_opposing_pawn_in_sight);
  g_test_add_func ("/versus/s0-s1/attraction-range-unlimited-on-six-rays",
                   test_s0_s1_attraction_range_unlimited_on_six_rays);
  g_test_add_func ("/versus/s0-s1/pawn-on-target-is-frozen", test_s0_s1_pawn_on_target_is_frozen);
  g_test_add_func ("/versus/s0-s1/adjacent-pawn-neither-pulled-nor-flipped",
                   test_s0_s1_adjacent_pawn_neither_pulled_nor_flipped);
  g_test_add_func ("/versus/s0/pawn-stepping-into-a-line-is-not-attracted",
                   test_s0_pawn_stepping_into_a_line_is_not_attracted);
  g_test_add_func ("/versus/s0-s1/repeated-attractions-give-way-after-two",
                   test_s0_s1_repeated_attractions_give_way_after_two);
  g_test_add_func ("/versus/s0-s1/dominant-player-never-gives-way",
                   test_s0_s1_dominant_player_never_gives_way);
  g_test_add_func ("/versus/s0/end-when-every-target-holds-a-pawn",
                   test_s0_end_when_every_target_holds_a_pawn);
  g_test_add_func ("/versus/s0-s1/end-when-lead-cannot-be-caught",
                   test_s0_s1_end_when_lead_cannot_be_caught);
  g_test_add_func ("/versus/s0-s1/end-when-a-player-cannot-move",
                   test_s0_s1_end_when_a_player_cannot_move);
  g_test_add_func ("/versus/s0-s1/pawns-on-targets-score-their-portions",
                   test_s0_s1_pawns_on_targets_score_their_portions);
  g_test_add_func ("/versus/s0-s1/most-points-wins-equal-is-a-draw",
                   test_s0_s1_most_points_wins_equal_is_a_draw);
  g_test_add_func ("/versus/s0-s1/board-91-adds-a-ring-and-two-targets",
                   test_s0_s1_board_91_adds_a_ring_and_two_targets);
  g_test_add_func ("/versus/s0-s1/board-91-fifth-pawn-worth-5-or-0",
                   test_s0_s1_board_91_fifth_pawn_worth_5_or_0);
  g_test_add_func ("/versus/s1/flip-changes-only-the-centre", test_s1_flip_changes_only_the_centre);
  g_test_add_func ("/versus/example/opening-versus-moves", test_example_opening_versus_moves);
  g_test_add_func ("/versus/example/opening-move-list", test_example_opening_move_list);

  return g_test_run ();
}
