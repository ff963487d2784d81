/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-versus-options.c: the reconstructed points of rules/versus.md §11
 * as options (each default and its alternatives), and the repetition
 * addition of rules/README.md.
 */
#include "config.h"

#include <string.h>

#include "tb-test-util.h"

static char *
target_names (const char *ruleset, const char *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) v = tb_variant_new_from_text (ruleset, options, &error);
  GString *names = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint c = 0; c < v->board.n_cells; c++)
    if (v->board.cells[c].marks & TB_MARK_TARGET)
      g_string_append_printf (names, "%s%s", names->len ? " " : "", v->board.cells[c].name);
  return g_string_free (names, FALSE);
}

/* A1: which cells of the central axis are targets. */
static void
test_a1_target_cells_option (void)
{
  static const struct
  {
    const char *ruleset, *options, *expected;
  } cases[] = {
    { "versus-61", NULL, "b5 d5 f5 h5" },
    { "versus-61", "targets=1-2", "c5 d5 f5 g5" },
    { "versus-61", "targets=2-4", "a5 c5 g5 i5" },
    { "versus-61", "targets=3-4", "a5 b5 h5 i5" },
    { "versus-91", NULL, "a6 c6 e6 g6 i6 k6" },
    { "versus-91", "targets=2-3", "a6 c6 d6 h6 i6 k6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *names = target_names (cases[i].ruleset, cases[i].options);
      g_assert_cmpstr (names, ==, cases[i].expected);
    }

  /* The VERSUS may then stop where the default has a target, not on the
   * option's targets. */
  {
    g_autoptr (TbLine) line = tt_line_at ("versus-61", "targets=2-4",
                                          "to-move=1 V1@e5 V2@i9 P2/2@a1");
    g_assert_true (tt_is_legal (line, "e5-d5"));
    g_assert_false (tt_is_legal (line, "e5-c5"));
  }
}

/* A2: where the 5-pawn stands on the 91 board. */
static void
test_a2_start_order_option (void)
{
  static const struct
  {
    const char *options, *south_row;
  } cases[] = {
    { NULL, "P1/1@a1 P4/1@b1 V1@c1 P5/1@d1 P3/1@e1 P2/1@f1" },
    { "setup-order=1-4-5-v-3-2", "P1/1@a1 P4/1@b1 P5/1@c1 V1@d1 P3/1@e1 P2/1@f1" },
    { "setup-order=5-1-4-v-3-2", "P5/1@a1 P1/1@b1 P4/1@c1 V1@d1 P3/1@e1 P2/1@f1" },
    { "setup-order=1-4-v-3-2-5", "P1/1@a1 P4/1@b1 V1@c1 P3/1@d1 P2/1@e1 P5/1@f1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TbLine) line = tt_line ("versus-91", cases[i].options, NULL);
      g_autofree char *position = tt_position (line);

      g_assert_true (g_str_has_suffix (position, cases[i].south_row));
    }
}

/* A3: a pawn may be pulled onto an empty target (default) or, with the
 * option off, is not attracted at all. */
static void
test_a3_pull_onto_target_option (void)
{
  const char *position = "to-move=1 V1@d2 V2@i9 P2/2@d6";
  g_autoptr (TbLine) yes = tt_line_at ("versus-61", NULL, position);
  g_autoptr (TbLine) no = tt_line_at ("versus-61", "pull-onto-target=no", position);
  int scores[2];
  TbVariant *v = tb_line_get_variant (yes);

  /* From d3 the NW ray passes d4, d5 (an empty target), then meets d6. */
  tt_play (yes, "d2-d3");
  tt_assert_piece (yes, "d5", "P2/1");
  tb_variant_score (v, tb_line_get_position (yes), scores);
  g_assert_cmpint (scores[0], ==, 2);
  tt_play (no, "d2-d3");
  tt_assert_piece (no, "d6", "P2/2");
  tt_assert_piece (no, "d5", "");
}

/* A4: pawns on targets block sight and movement (default), or are
 * transparent to the VERSUS with the option off. */
static void
test_a4_frozen_pawns_block_option (void)
{
  const char *position = "to-move=1 V1@d2 V2@i9 P3/2@d5 P2/2@d7";
  g_autoptr (TbLine) blocks = tt_line_at ("versus-61", NULL, position);
  g_autoptr (TbLine) transparent = tt_line_at ("versus-61", "frozen-pawns-block=no", position);

  tt_play (blocks, "d2-d3");
  tt_assert_piece (blocks, "d7", "P2/2");
  g_assert_false (tt_is_legal (blocks, "d3-d6"));
  tt_play (transparent, "d2-d3");
  tt_assert_piece (transparent, "d6", "P2/1");  /* seen through d5, pulled from d7 */
  tt_assert_piece (transparent, "d5", "P3/2");  /* the frozen pawn itself is untouched */
}

/* A5: after two attractions running, is a spared turn "playing
 * elsewhere"?  Default yes; "strict": only a turn the pawn was not in
 * sight. */
static void
test_a5_streak_reset_option (void)
{
  /* d = 2: dominant seat 2; Dark has attracted it twice running. */
  const char *position = "to-move=1 V1@a3 V2@i9 P2/2!20@e6 P1/1@a1 P4/2@i5";
  g_autoptr (TbLine) any = tt_line_at ("versus-61", NULL, position);
  g_autoptr (TbLine) strict = tt_line_at ("versus-61", "streak-reset=strict", position);

  tt_play (any, "a3-e3");
  tt_play (strict, "a3-e3");
  tt_assert_piece_streaks (any, "e6", "P2/2");
  tt_assert_piece_streaks (strict, "e6", "P2/2!20");
  /* Light moves; Dark's VERSUS comes back in sight of e6. */
  tt_play (any, "i5-i6");
  tt_play (strict, "i5-i6");
  tt_play (any, "e3-e2");
  tt_play (strict, "e3-e2");
  tt_assert_piece (any, "e5", "P2/1");
  tt_assert_piece (strict, "e6", "P2/2");
}

/* A6: "un joueur ne peut plus déplacer aucune de ses pièces": checked for
 * the player to move (default), or for both players after every move. */
static void
test_a6_no_moves_check_option (void)
{
  const char *position = "to-move=1 V1@a1 V2@i9 P2/1@h9 P2/1@h8 P3/1@i8 P4/1@b5 P1/1@a2";
  g_autoptr (TbLine) to_move = tt_line_at ("versus-61", NULL, position);
  g_autoptr (TbLine) both = tt_line_at ("versus-61", "no-moves-check=both", position);
  TbOutcome outcome;

  /* Light is walled in, but Dark is to move. */
  g_assert_false (tb_line_is_over (to_move, NULL));
  g_assert_true (tb_line_is_over (both, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_NO_MOVES);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT1_WINS);
}

/* The repetition addition: the third occurrence of a position ends the
 * game and the points on the targets decide; the start counts as the
 * first occurrence. */
static void
test_repetition_third_occurrence_ends_the_game (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL, "to-move=1 V1@e1 V2@e9 P4/1@b5 P1/1@a1 P4/2@i9");
  const char *shuffle[] = { "a1-a2", "i9-i8", "a2-a1", "i8-i9" };
  TbOutcome outcome;

  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (shuffle); i++)
      {
        g_assert_false (tb_line_is_over (line, NULL));
        tt_play (line, shuffle[i]);
      }
  g_assert_cmpuint (tb_line_get_occurrences (line), ==, 3);
  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_REPETITION);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT1_WINS);  /* 4 points to 0 */
}

/* Positions are compared by what stands where: two identical pawns that
 * swap cells give the same position. */
static void
test_repetition_compares_what_stands_where (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", NULL,
                "to-move=1 V1@e1 V2@e9 P1/1@a1 P1/1@b1 P4/2@i9 P4/2@h9");
  /* Dark rotates a1 -> b2, b1 -> a1, b2 -> b1; Light i9 -> h8, h9 -> i9,
   * h8 -> h9: each pair of pawns has swapped. */
  const char *cycle[] = { "a1-b2", "i9-h8", "b1-a1", "h9-i9", "b2-b1", "h8-h9" };

  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (cycle); i++)
      tt_play (line, cycle[i]);
  g_assert_cmpuint (tb_line_get_occurrences (line), ==, 3);
  g_assert_true (tb_line_is_over (line, NULL));
}

/* The streak counters are part of the position (rules/README.md). */
static void
test_repetition_counts_streaks (void)
{
  g_autoptr (TbLine) plain = tt_line_at ("versus-61", NULL, "to-move=1 V1@e1 V2@e9 P3/1@c5");
  g_autoptr (TbLine) streak = tt_line_at ("versus-61", NULL, "to-move=1 V1@e1 V2@e9 P3/1!20@c5");
  g_autoptr (TbLine) light = tt_line_at ("versus-61", NULL, "to-move=2 V1@e1 V2@e9 P3/1@c5");

  g_assert_cmpuint (tb_position_hash (tb_line_get_position (plain)), !=,
                    tb_position_hash (tb_line_get_position (streak)));
  g_assert_cmpuint (tb_position_hash (tb_line_get_position (plain)), !=,
                    tb_position_hash (tb_line_get_position (light)));
}

/* With the addition off, the shuffle goes on. */
static void
test_repetition_option_off (void)
{
  g_autoptr (TbLine) line =
    tt_line_at ("versus-61", "repetition=no", "to-move=1 V1@e1 V2@e9 P1/1@a1 P4/2@i9");
  const char *shuffle[] = { "a1-a2", "i9-i8", "a2-a1", "i8-i9" };

  for (guint round = 0; round < 5; round++)
    for (guint i = 0; i < G_N_ELEMENTS (shuffle); i++)
      tt_play (line, shuffle[i]);
  g_assert_cmpuint (tb_line_get_occurrences (line), ==, 6);
  g_assert_false (tb_line_is_over (line, NULL));
}

/* The move-limit addition: when each player has made move-limit moves,
 * counted from the line's first position, the game ends and the points on
 * the targets decide, as at the third repetition. */
static void
test_move_limit_ends_the_game (void)
{
  const char *position = "to-move=1 V1@e1 V2@e9 P4/1@b5 P1/1@a1 P4/2@i9";
  g_autoptr (TbLine) line = tt_line_at ("versus-61", "move-limit=3,repetition=no", position);
  const char *moves[] = { "a1-a2", "i9-i8", "a2-a3", "i8-i7", "a3-a4", "i7-i6" };
  g_autofree TbMove *legal = g_new (TbMove, tb_line_get_variant (line)->max_moves);
  TbOutcome outcome;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_false (tb_line_is_over (line, NULL));
      tt_play (line, moves[i]);
    }
  g_assert_true (tb_line_is_over (line, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_MOVE_LIMIT);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT1_WINS);  /* 4 points to 0 */
  g_assert_cmpuint (tb_line_moves (line, legal, NULL), ==, 0);
  g_assert_cmpstr (tb_termination_to_string (outcome.termination), ==, "move-limit");
}

/* The ends of the rules come first: a pawn that fills the last target on
 * the limit's ply ends the game by the targets; any other move ends it by
 * the limit, the points deciding (3-3 here). */
static void
test_move_limit_yields_to_the_rules (void)
{
  const char *position = "to-move=1 V1@e1 V2@e9 P2/1@b5 P2/2@d5 P1/1@f5 P1/2@h6 P1/1@a1";
  g_autoptr (TbLine) filled = tt_line_at ("versus-61", "move-limit=1", position);
  g_autoptr (TbLine) quiet = tt_line_at ("versus-61", "move-limit=1", position);
  TbOutcome outcome;

  tt_play (filled, "a1-a2");
  tt_play (quiet, "a1-a2");
  g_assert_false (tb_line_is_over (filled, NULL));
  tt_play (filled, "h6-h5");
  tt_play (quiet, "h6-h7");
  g_assert_true (tb_line_is_over (filled, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_TARGETS_FILLED);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT2_WINS);
  g_assert_true (tb_line_is_over (quiet, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_MOVE_LIMIT);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_DRAW);
}

/* By default the limit is 500 moves each; 0 lifts it. */
static void
test_move_limit_default_and_off (void)
{
  const char *position = "to-move=1 V1@e1 V2@e9 P1/1@a1 P4/2@i9";
  g_autoptr (TbLine) limited = tt_line_at ("versus-61", "repetition=no", position);
  g_autoptr (TbLine) unlimited = tt_line_at ("versus-61", "repetition=no,move-limit=0", position);
  const char *shuffle[] = { "a1-a2", "i9-i8", "a2-a1", "i8-i9" };
  TbOutcome outcome;

  for (guint round = 0; round < 300; round++)
    for (guint i = 0; i < G_N_ELEMENTS (shuffle); i++)
      {
        if (tb_line_get_ply (limited) < 1000)
          {
            g_assert_false (tb_line_is_over (limited, NULL));
            tt_play (limited, shuffle[i]);
          }
        g_assert_false (tb_line_is_over (unlimited, NULL));
        tt_play (unlimited, shuffle[i]);
      }
  g_assert_cmpuint (tb_line_get_ply (limited), ==, 1000);
  g_assert_true (tb_line_is_over (limited, &outcome));
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_MOVE_LIMIT);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_DRAW);
  g_assert_cmpuint (tb_line_get_ply (unlimited), ==, 1200);
  g_assert_false (tb_line_is_over (unlimited, NULL));
}

/* Options are named, listed with their defaults, and bad ones are refused
 * with a message naming them. */
static void
test_options_listed_and_validated (void)
{
  static const struct
  {
    const char *text;
    const char *message_part;
  } bad[] = {
    { "targets=9-9", "targets" },
    { "colour=blue", "unknown option 'colour'" },
    { "repetition=perhaps", "repetition" },
    { "repetition", "key=value" },
    { "move-limit=-1", "move-limit" },
    { "move-limit=lots", "move-limit" },
  };
  const TbRules *rules = tb_rules_lookup ("versus-91");
  guint n_options;
  const TbOptionSpec *options = tb_rules_get_options (rules, &n_options);
  const char *keys[] = { "targets", "setup-order", "pull-onto-target", "frozen-pawns-block",
                         "streak-reset", "no-moves-check", "repetition", "move-limit" };

  g_assert_cmpuint (n_options, ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_cmpstr (options[i].key, ==, keys[i]);
      g_assert_nonnull (options[i].label);
      g_assert_nonnull (options[i].description);
    }
  g_assert_cmpint (options[6].origin, ==, TB_OPTION_ADDITION);
  g_assert_cmpint (options[7].origin, ==, TB_OPTION_ADDITION);
  g_assert_cmpint (options[7].default_value, ==, 500);
  g_assert_cmpint (options[0].origin, ==, TB_OPTION_RECONSTRUCTED);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbVariant) v = tb_variant_new_from_text ("versus-91", bad[i].text, &error);

      g_assert_null (v);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, bad[i].message_part));
    }
  /* Non-default values survive a round trip through their text. */
  {
    g_autoptr (TbVariant) v = tb_variant_new_from_text ("versus-91",
                                                        "targets=2-4, repetition=off", NULL);
    g_autofree char *text = tb_variant_options_to_text (v);

    g_assert_cmpstr (text, ==, "targets=2-4,repetition=no");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/versus/option/a1-target-cells", test_a1_target_cells_option);
  g_test_add_func ("/versus/option/a2-start-order", test_a2_start_order_option);
  g_test_add_func ("/versus/option/a3-pull-onto-target", test_a3_pull_onto_target_option);
  g_test_add_func ("/versus/option/a4-frozen-pawns-block", test_a4_frozen_pawns_block_option);
  g_test_add_func ("/versus/option/a5-streak-reset", test_a5_streak_reset_option);
  g_test_add_func ("/versus/option/a6-no-moves-check", test_a6_no_moves_check_option);
  g_test_add_func ("/versus/addition/repetition-third-occurrence-ends-the-game",
                   test_repetition_third_occurrence_ends_the_game);
  g_test_add_func ("/versus/addition/repetition-compares-what-stands-where",
                   test_repetition_compares_what_stands_where);
  g_test_add_func ("/versus/addition/repetition-counts-streaks", test_repetition_counts_streaks);
  g_test_add_func ("/versus/addition/repetition-option-off", test_repetition_option_off);
  g_test_add_func ("/versus/addition/move-limit-ends-the-game", test_move_limit_ends_the_game);
  g_test_add_func ("/versus/addition/move-limit-yields-to-the-rules",
                   test_move_limit_yields_to_the_rules);
  g_test_add_func ("/versus/addition/move-limit-default-and-off", test_move_limit_default_and_off);
  g_test_add_func ("/versus/options/listed-and-validated", test_options_listed_and_validated);

  return g_test_run ();
}
