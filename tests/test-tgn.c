/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tgn.c: the TGN record format of NOTATION.md §4
 *
 * Round trips (write, read, write again gives the same text and the same
 * game tree), the layout of the movetext (move numbers, lines under 80
 * characters), the main line alone as the game store keeps it, the
 * example record of §4, and every malformed record the reader must refuse
 * with the line and column of the first problem.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tb-game.h"
#include "tb-random.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-test-util.h"
#include "tb-match.h"
#include "tb-tgn.h"

/* The tags every record below starts with; the movetext starts on line 11. */
#define HEADER_TAGS(result) \
  "[Event \"?\"]\n" \
  "[Site \"?\"]\n" \
  "[Date \"????.??.??\"]\n" \
  "[Round \"-\"]\n" \
  "[Player1 \"?\"]\n" \
  "[Player2 \"?\"]\n" \
  "[Result \"" result "\"]\n" \
  "[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n"
#define HEADER(result) HEADER_TAGS (result) "\n"

/* A 16-ply game that ends with Light's lead out of reach (0-9). */
static const char *const unreachable_lead_moves[] = {
  "c1-c7", "g9-g3", "c7-f7", "g3-g4", "b1-c1", "g4-i6", "f7-e7", "g4-h5",
  "f8-g9", "i6-e6", "d8-c7", "e6-c4", "e7-a3", "c6-b5", "a3-a2", "e6-d5", NULL
};

/* A 20-ply game that fills the four targets, 5-5. */
static const char *const targets_filled_moves[] = {
  "b1-c2", "h9-h8", "d1-d2", "g9-g5", "a1-a2", "e3-e4", "a2-b3", "e4-f5", "c2-b2", "h8-i8",
  "b2-c3", "i9-h9", "b3-b4", "g5-i5", "b4-b5", "f2-f3", "c3-d4", "f3-g4", "d4-d5", "g4-h5",
  NULL
};

/* Both VERSUS step out and back twice: the start position occurs for the
 * third time after ply 8. */
static const char *const shuffle_moves[] = {
  "c1-c2", "g9-g8", "c2-c1", "g8-g9", "c1-c2", "g9-g8", "c2-c1", "g8-g9", NULL
};

/* The movetext, from the blank line after the tags. */
static const char *
movetext_of (const char *record)
{
  const char *blank = strstr (record, "\n\n");

  g_assert_nonnull (blank);
  return blank + 2;
}

/* NOTATION.md §4: "N." before every move of the player who moved first,
 * "N..." before the other player's move only right after a comment or a
 * variation (its opening or its end), and no number anywhere else. */
static void
assert_move_numbers (const char *record)
{
  const char *p = movetext_of (record);
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  enum { START, COMMENT, OPEN, CLOSE, MOVE, NAG } before = START;
  g_autofree char *number = NULL;
  guint ply = 0, n_moves = 0;

  for (;;)
    {
      while (g_ascii_isspace (*p))
        p++;
      g_assert_true (*p != '\0');  /* a result token ends the movetext */
      if (*p == '{')
        {
          p = strchr (p, '}');
          g_assert_nonnull (p);
          p++;
          before = COMMENT;
        }
      else if (*p == ';')
        {
          p = strchr (p, '\n');
          g_assert_nonnull (p);
          before = COMMENT;
        }
      else if (*p == '(')
        {
          g_assert_null (number);
          g_assert_cmpuint (ply, >, 0);
          g_array_append_val (stack, ply);
          ply--;
          p++;
          before = OPEN;
        }
      else if (*p == ')')
        {
          g_assert_null (number);
          g_assert_cmpuint (stack->len, >, 0);
          ply = g_array_index (stack, guint, stack->len - 1);
          g_array_set_size (stack, stack->len - 1);
          p++;
          before = CLOSE;
        }
      else if (*p == '$')
        {
          g_assert_null (number);
          p++;
          while (g_ascii_isdigit (*p))
            p++;
          before = NAG;
        }
      else
        {
          const char *end = p;
          g_autofree char *word = NULL;
          TbResult result;

          while (*end && !g_ascii_isspace (*end) && !strchr ("(){};$", *end))
            end++;
          word = g_strndup (p, (gsize) (end - p));
          p = end;
          if (tb_result_from_string (word, &result))
            {
              g_assert_null (number);
              g_assert_cmpuint (stack->len, ==, 0);
              break;
            }
          if (g_ascii_isdigit (word[0]) && strchr (word, '.'))
            {
              g_assert_null (number);
              number = g_steal_pointer (&word);
              continue;
            }
          ply++;
          n_moves++;
          if (ply % 2 == 1 || before == START || before == COMMENT || before == OPEN ||
              before == CLOSE)
            {
              g_autofree char *expected = g_strdup_printf ("%u.%s", (ply + 1) / 2,
                                                           ply % 2 == 1 ? "" : "..");
              g_assert_cmpstr (number, ==, expected);
            }
          else
            g_assert_null (number);
          g_clear_pointer (&number, g_free);
          before = MOVE;
        }
    }
}

/* Movetext lines stay under 80 characters (the comments of these tests
 * have no word that long), and none starts with '[' or '%', which tools
 * that read records a line at a time take for a tag pair or an escape.
 * (A tag pair is one line whatever its length.) */
static void
assert_movetext_lines (const char *record)
{
  g_auto (GStrv) lines = g_strsplit (movetext_of (record), "\n", -1);

  for (guint i = 0; lines[i]; i++)
    {
      if (g_utf8_strlen (lines[i], -1) >= 80)
        g_error ("line too long: %s", lines[i]);
      if (lines[i][0] == '[' || lines[i][0] == '%')
        g_error ("a line starts with '%c': %s", lines[i][0], lines[i]);
    }
}

/* Reads the one game of text; fails on any error. */
static TbGame *
read_one (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = tb_tgn_read_all (text, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  return g_object_ref (games->pdata[0]);
}

/* write, read, write: the same text, the same tree, tags and outcome. */
static TbGame *
assert_round_trip (TbGame *game)
{
  g_autofree char *first = tb_tgn_write (game);
  g_autofree char *second = NULL;
  g_autoptr (TbGame) read = NULL;
  TbOutcome outcome, read_outcome;

  read = read_one (first);
  second = tb_tgn_write (read);
  g_assert_cmpstr (second, ==, first);
  g_assert_true (tb_variant_equal (tb_game_get_variant (read), tb_game_get_variant (game)));
  g_assert_cmpuint (tb_game_get_starter (read), ==, tb_game_get_starter (game));
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (read));
  tt_assert_same_tags (game, read);
  g_assert_cmpuint (tb_game_get_main_line_length (read), ==,
                    tb_game_get_main_line_length (game));
  tb_game_get_final_outcome (game, &outcome);
  tb_game_get_final_outcome (read, &read_outcome);
  g_assert_cmpint (read_outcome.result, ==, outcome.result);
  g_assert_cmpint (read_outcome.termination, ==, outcome.termination);
  /* The reader leaves the game at the end of its main line. */
  g_assert_cmpuint (tb_game_get_ply (read), ==, tb_game_get_main_line_length (read));
  g_assert_cmpint (tb_game_get_result (read), ==, outcome.result);
  assert_move_numbers (first);
  assert_movetext_lines (first);
  return g_steal_pointer (&read);
}

static void
test_round_trip_random_annotated_games (void)
{
  static const struct
  {
    const char *ruleset_id;
    guint max_plies;
  } cases[] = {
    { "versus-61", 60 },
    { "versus-61", 1000 },
    { "versus-91", 80 },
    { "versus-91", 1500 },
    { "ra", 60 },
    { "ra", 1000 },
    { "oraia", 60 },
    { "oraia", 1000 },
    { "retournement", 12 },
    { "retournement", 100 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint64 seed = 1; seed <= 12; seed++)
      {
        g_autoptr (TbGame) game =
          tt_annotated_random_game (cases[c].ruleset_id, NULL, seed * 7919 + c, cases[c].max_plies);
        g_autoptr (TbGame) read = NULL;

        g_test_message ("%s seed %" G_GUINT64_FORMAT, cases[c].ruleset_id, seed);
        read = assert_round_trip (game);
      }
}

/* The games of an RA match, Red starting: the Starter, Match, Round and
 * MatchScore tags and the points survive a round trip. */
static void
test_round_trip_ra_match (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("ra"));
  g_autoptr (TbMatch) match = tb_match_new (v, 2);
  TbRandom rng;

  tb_random_init (&rng, 99);
  for (guint g = 0; g < 3; g++)
    {
      TbGame *game = g == 0 ? tb_match_get_current_game (match)
                            : tb_match_start_next_game (match);

      while (!tb_game_is_over (game))
        tt_play_move (game, tt_random_move (game, &rng));
    }
  for (guint g = 0; g < 3; g++)
    {
      TbGame *game = tb_match_get_game (match, g);
      g_autoptr (TbGame) read = assert_round_trip (game);
      g_autofree char *record = tb_tgn_write (game);
      int points[2], read_points[2];

      g_assert_cmpstr (tb_game_get_tag (read, "Match"), ==, tb_match_get_id (match));
      g_assert_cmpstr (tb_game_get_tag (read, "MatchScore"), ==,
                       tb_game_get_tag (game, "MatchScore"));
      g_assert_cmpuint (tb_game_get_starter (read), ==, tb_game_get_starter (game));
      g_assert_cmpint (strstr (record, "[Starter \"2\"]") != NULL, ==,
                       tb_game_get_starter (game) == 2);
      tb_game_get_final_score (game, points);
      tb_game_get_final_score (read, read_points);
      g_assert_cmpint (points[0], ==, read_points[0]);
      g_assert_cmpint (points[1], ==, read_points[1]);
    }
  g_assert_cmpuint (tb_game_get_starter (tb_match_get_game (match, 0)), ==, 2);
}

/* Games from set-up positions (the rules help's scripted boards, RA
 * positions with a forced pass): the position travels in X_Tablier_SetUp,
 * the side to move with it, and the moves replay from there. */
static void
test_round_trip_set_up_positions (void)
{
  static const struct
  {
    const char *ruleset, *position;
    const char *moves[4];
  } cases[] = {
    { "versus-61", "to-move=2 V1@e1 V2@e9 P3/1@c5 P2/2@g7", { "e9-e8", "e1-e2", NULL } },
    { "ra", "to-move=1 1:1@m13 2:2@l13 2:2@m12 2:2@l12", { "pass", "1l13-i13", NULL } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (cases[c].ruleset));
      TbPosition *start = tb_variant_parse_position (v, cases[c].position, NULL);
      g_autoptr (TbGame) game = tb_game_new_at (v, start);
      g_autoptr (TbGame) read = NULL;
      g_autofree char *record = NULL;
      g_autofree char *setup = NULL;

      for (guint i = 0; cases[c].moves[i]; i++)
        {
          g_autoptr (GError) error = NULL;

          tb_game_play_text (game, cases[c].moves[i], &error);
          g_assert_no_error (error);
        }
      record = tb_tgn_write (game);
      g_assert_nonnull (strstr (record, "[X_Tablier_SetUp "));
      g_assert_null (strstr (record, "[Starter "));
      read = assert_round_trip (game);
      g_assert_nonnull (tb_game_get_setup (read));
      setup = tb_variant_format_position (v, tb_game_get_setup (read));
      {
        g_autofree char *canonical = tb_variant_format_position (v, start);
        g_assert_cmpstr (setup, ==, canonical);
      }
      g_assert_cmpuint (tb_game_get_starter (read), ==, tb_position_to_move (start));
      tb_position_free (start);
    }
}

/* Enough variety that the features the other tests count on do occur. */
static void
test_random_games_cover_every_annotation (void)
{
  gboolean seen_semicolon = FALSE, seen_brace = FALSE, seen_nested = FALSE;
  gboolean seen_first_move_variation = FALSE, seen_second_seat_number = FALSE;
  gboolean seen_nag = FALSE, seen_utf8 = FALSE, seen_finished = FALSE;

  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (TbGame) game = tt_annotated_random_game ("versus-61", NULL, seed * 7919 + 1, 1000);
      g_autofree char *text = tb_tgn_write (game);
      const char *movetext = movetext_of (text);

      seen_semicolon |= strstr (movetext, "; ") != NULL;
      seen_brace |= strstr (movetext, "{") != NULL;
      seen_nested |= g_regex_match_simple ("\\([^)]*\\(", movetext, 0, 0);
      seen_first_move_variation |= g_str_has_prefix (movetext, "1. ") &&
                                   strstr (movetext, "(1. ") != NULL;
      seen_second_seat_number |= strstr (movetext, "...") != NULL;
      seen_nag |= strchr (movetext, '$') != NULL;
      seen_utf8 |= strstr (movetext, "é à ï") != NULL;
      seen_finished |= strstr (text, "[Result \"*\"]") == NULL;
    }
  g_assert_true (seen_semicolon);
  g_assert_true (seen_brace);
  g_assert_true (seen_nested);
  g_assert_true (seen_first_move_variation);
  g_assert_true (seen_second_seat_number);
  g_assert_true (seen_nag);
  g_assert_true (seen_utf8);
  g_assert_true (seen_finished);
}

/* PlyCount is written in records, checked when read (the main line's
 * plies, from a set-up position too), and never stored. */
static void
test_ply_count (void)
{
  g_autoptr (TbGame) game = tt_annotated_random_game ("oraia", NULL, 22, 40);
  g_autofree char *text = tb_tgn_write (game);
  g_autofree char *expected = g_strdup_printf ("[PlyCount \"%u\"]\n",
                                               tb_game_get_main_line_length (game));
  g_autoptr (TbGame) read = assert_round_trip (game);
  g_autoptr (TbGame) none = read_one (HEADER_TAGS ("*") "[PlyCount \"0\"]\n\n*\n");
  g_autoptr (TbGame) set_up = read_one (HEADER_TAGS ("*") "[PlyCount \"2\"]\n"
                                        "[X_Tablier_SetUp \"to-move=2 V1@e1 V2@e9 P3/1@c5\"]\n\n"
                                        "1... e9-e8 2. e1-e2 *\n");

  g_assert_cmpuint (tb_game_node_get_n_children (tb_game_get_root (game)), >, 1);
  g_assert_nonnull (strstr (text, expected));
  g_assert_null (tb_game_get_tag (read, "PlyCount"));
  g_assert_cmpuint (tb_game_get_main_line_length (none), ==, 0);
  g_assert_cmpuint (tb_game_get_main_line_length (set_up), ==, 2);
}

/* The games an earlier Tablier stored (tests/store-fixtures/schema-v2.sql,
 * its fingerprints made without PlyCount), exported now with PlyCount and
 * without their GameId, are found already there by their fingerprints:
 * nothing is imported twice. */
static void
test_ply_count_keeps_store_fingerprints (Fixture *f, gconstpointer data)
{
  g_autofree char *export_file = g_test_build_filename (G_TEST_DIST, "store-fixtures",
                                                        "schema-v2-export.tgn", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GString) exported = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) game_id = g_regex_new ("^\\[GameId .*\\n", G_REGEX_MULTILINE, 0, NULL);
  g_autofree char *without_ids = NULL;
  TbImportCounts counts;

  g_assert_true (g_file_get_contents (export_file, &text, NULL, NULL));
  load_fixture (f->path, "schema-v2.sql");
  store = open_store (f);
  exported = g_string_new (NULL);
  g_assert_true (tb_store_export (store, (const gint64[]) { 1 }, 1, exported, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported->str, "[PlyCount \""));
  g_assert_nonnull (strstr (text, "[PlyCount \""));
  without_ids = g_regex_replace_literal (game_id, text, -1, 0, "", 0, NULL);
  g_assert_null (strstr (without_ids, "GameId"));
  g_assert_true (tb_store_import_text (store, without_ids, strlen (without_ids), "again.tgn",
                                       &counts, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.skipped, ==, 12);
  g_assert_cmpuint (counts.imported, ==, 0);
  g_assert_cmpuint (counts.errors, ==, 0);
}

/* Comments keep their paragraphs: in braces a blank line apart, as
 * rest-of-line comments (a comment that holds '}') a line ";" apart; the
 * words of a paragraph are wrapped like the moves. */
static void
test_comment_paragraphs_round_trip (void)
{
  g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);
  g_autoptr (TbGame) read = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GString) long_comment = g_string_new (NULL);

  tt_play_moves (game, (const char *const[]) { "c1-e3", "g9-g7", NULL });
  tb_game_set_comment (game, 1, "one\n\ntwo");
  tb_game_set_comment (game, 2, "x } y\n\nz");
  text = tb_tgn_write (game);
  g_assert_cmpstr (movetext_of (text), ==, "1. c1-e3 {one\n\ntwo} 1... g9-g7 ; x } y\n;\n; z\n*\n");
  read = assert_round_trip (game);
  g_assert_cmpstr (tb_game_get_comment (read, 1), ==, "one\n\ntwo");
  g_assert_cmpstr (tb_game_get_comment (read, 2), ==, "x } y\n\nz");

  /* Long paragraphs of both kinds, wrapped. */
  for (guint i = 0; i < 3; i++)
    {
      if (i > 0)
        g_string_append (long_comment, "\n\n");
      for (guint j = 0; j < 40; j++)
        g_string_append_printf (long_comment, "%sword%u", j ? " " : "", j);
    }
  tb_game_set_comment (game, 1, long_comment->str);
  g_string_append (long_comment, " }");
  tb_game_set_comment (game, 2, long_comment->str);
  g_clear_object (&read);
  read = assert_round_trip (game);
  g_assert_cmpstr (tb_game_get_comment (read, 2), ==, long_comment->str);
}

/* No line of the movetext starts with '[' or '%', whichever words of a
 * comment come at the start of a line; and the comment reads back the
 * same. */
static void
test_write_no_line_starts_a_tag_or_an_escape (void)
{
  g_autoptr (TbGame) game = tt_new_game ("ra", NULL);
  g_autoptr (GString) comment = g_string_new (NULL);

  for (guint length = 1; length < 12; length++)
    {
      g_autoptr (TbGame) read = NULL;

      g_string_truncate (comment, 0);
      for (guint i = 0; i < 200; i++)
        g_string_append_printf (comment, "%s%c%.*s", i ? " " : "", i % 3 ? '[' : '%', length,
                                "Event\"x\"]abc");
      g_string_append (comment, "\n\n[Game \"ra\"]\n\n%paragraph");
      tb_game_set_comment (game, 0, comment->str);
      read = assert_round_trip (game);
    }
}

/* Comments as other programs write them. */
static void
test_reader_joins_comments_into_paragraphs (void)
{
  static const struct
  {
    const char *movetext;
    const char *comment;
  } cases[] = {
    { "{a}\n{b} *", "a b" },
    { "{a} {b} *", "a b" },
    { "{a\n\n   b\n c} *", "a\n\nb c" },
    { "{a\r\n\r\nb} *", "a\n\nb" },
    { "; a\n;\n; b\n*", "a\n\nb" },
    { "; a\n; b\n*", "a b" },
    { "{a\n}\n\n{b} *", "a\n\nb" },
    { "{\n\n} *", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *record = g_strconcat (HEADER ("*"), cases[i].movetext, "\n", NULL);
      g_autoptr (TbGame) game = read_one (record);

      g_assert_cmpstr (tb_game_get_comment (game, 0), ==, cases[i].comment);
    }
}

/* The exact layout of a small annotated game. */
static void
test_write_layout_of_an_annotated_game (void)
{
  g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);
  g_autoptr (TbGame) read = NULL;
  g_autofree char *text = NULL;
  const TbGameNode *first, *second;

  tt_play_moves (game, (const char *const[]) { "c1-e3", "g9-g7", "b1-c2", "f9-f8", NULL });
  first = tb_game_node_get_child (tb_game_get_root (game), 0);
  second = tb_game_node_get_child (first, 0);
  tb_game_set_node_comment (game, first, "pulls e9 to e8");
  tb_game_add_node_nag (game, second, 1);
  /* A variation of Light's first move, with one inside it for Dark's
   * reply, and a variation of the very first move. */
  tb_game_go_to_node (game, first);
  tt_play_moves (game, (const char *const[]) { "g9-g8", "a1-a2", NULL });
  tb_game_go_to_ply (game, 2);
  tb_game_set_comment (game, 2, "quiet");
  tt_play_moves (game, (const char *const[]) { "a1-b2", NULL });
  tb_game_go_to_node (game, tb_game_get_root (game));
  tt_play_moves (game, (const char *const[]) { "c1-c2", NULL });
  /* Playing made each new move the main line; put the first ones back. */
  tb_game_go_to_node (game, tb_game_get_root (game));
  tt_play_moves (game, (const char *const[]) { "c1-e3", "g9-g7", "b1-c2", NULL });
  tb_game_go_to_ply (game, 1);
  tb_game_set_comment (game, 0, "a game from NOTATION.md");

  text = tb_tgn_write (game);
  g_assert_cmpstr (movetext_of (text), ==,
                   "{a game from NOTATION.md} 1. c1-e3 {pulls e9 to e8} (1. c1-c2) 1... g9-g7 $1\n"
                   "(1... g9-g8 {quiet} 2. a1-b2 (2. a1-a2)) 2. b1-c2 f9-f8 *\n");
  read = assert_round_trip (game);
}

/* The computer's evaluations go in the record as [%eval] comments, each
 * before the person's comment, and read back apart from it: the person's
 * words are the same after the round trip. */
static void
test_eval_commands_round_trip (void)
{
  g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);
  g_autoptr (TbGame) read = NULL;
  g_autofree char *text = NULL;

  tt_play_moves (game, (const char *const[]) { "c1-e3", "g9-g7", "b1-c2", NULL });
  tb_game_set_node_eval (game, tb_game_get_root (game), 0.5);
  tb_game_set_comment (game, 1, "a quiet start");
  tb_game_set_node_eval (game, tb_game_node_get_child (tb_game_get_root (game), 0), 0.6204);
  tb_game_set_comment (game, 2, "a } in the comment");
  tb_game_go_to_ply (game, 2);
  tb_game_set_node_eval (game, tb_game_get_current_node (game), 1.0);
  text = tb_tgn_write (game);
  g_assert_cmpstr (movetext_of (text), ==,
                   "{[%eval 0.500]} 1. c1-e3 {[%eval 0.620]} {a quiet start} 1... g9-g7\n"
                   "{[%eval 1.000]} ; a } in the comment\n2. b1-c2 *\n");
  read = assert_round_trip (game);
  g_assert_cmpfloat (tb_game_get_eval (read, 0), ==, 0.5);
  g_assert_cmpfloat (tb_game_get_eval (read, 1), ==, 0.62);
  g_assert_cmpfloat (tb_game_get_eval (read, 2), ==, 1.0);
  g_assert_cmpfloat (tb_game_get_eval (read, 3), ==, TB_EVAL_NONE);
  g_assert_cmpstr (tb_game_get_comment (read, 0), ==, NULL);
  g_assert_cmpstr (tb_game_get_comment (read, 1), ==, "a quiet start");
  g_assert_cmpstr (tb_game_get_comment (read, 2), ==, "a } in the comment");
}

/* A command inside a person's comment is read too, and taken out of it;
 * one whose value is not 0 to 1 with three decimals at most is the
 * person's words and stays. */
static void
test_eval_command_read_in_comments (void)
{
  static const struct
  {
    const char *comment;
    double eval;
    const char *kept;
  } cases[] = {
    { "{[%eval 0.25]}", 0.25, NULL },
    { "{[%eval 1]}", 1.0, NULL },
    { "{[%eval\n  0.125]}", 0.125, NULL },
    { "{well [%eval 0.7] played}", 0.7, "well played" },
    { "{[%eval 0.1] [%eval 0.9]}", 0.9, NULL },
    { "{[%eval 1.5]}", TB_EVAL_NONE, "[%eval 1.5]" },
    { "{[%eval -0.5]}", TB_EVAL_NONE, "[%eval -0.5]" },
    { "{[%eval 0.1234]}", TB_EVAL_NONE, "[%eval 0.1234]" },
    { "{[%eval +0.3]}", TB_EVAL_NONE, "[%eval +0.3]" },
    { "{[%eval 0.]}", TB_EVAL_NONE, "[%eval 0.]" },
    { "{[%eval 0.5}", TB_EVAL_NONE, "[%eval 0.5" },
    { "{[%evaluate 0.5]}", TB_EVAL_NONE, "[%evaluate 0.5]" },
    { "{[%eval0.5]}", TB_EVAL_NONE, "[%eval0.5]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *record = g_strdup_printf (HEADER_TAGS ("*") "[PlyCount \"1\"]\n\n"
                                                 "1. c1-e3 %s *\n", cases[i].comment);
      g_autoptr (TbGame) game = read_one (record);

      g_test_message ("%s", cases[i].comment);
      g_assert_cmpfloat (tb_game_get_eval (game, 1), ==, cases[i].eval);
      g_assert_cmpstr (tb_game_get_comment (game, 1), ==, cases[i].kept);
    }
}

static void
test_write_tags_in_notation_order (void)
{
  g_autoptr (TbGame) game = tt_new_game ("versus-61", "targets=2-4,repetition=no");
  g_autoptr (TbGame) read = NULL;
  g_autofree char *text = NULL;

  tb_game_set_tag (game, "X_Foo", "bar");
  tb_game_set_tag (game, "Event", "Club \"Les Hexes\" \\ Nantes");
  tb_game_set_tag (game, "Player2Level", "3");
  tb_game_set_tag (game, "Site", "Nantes FRA");
  tb_game_set_tag (game, "Date", "2026.11.21");
  tb_game_set_tag (game, "Round", "3");
  tb_game_set_tag (game, "Player1", "Alice");
  tb_game_set_tag (game, "Player2", "Tablier (level 3)");
  tb_game_set_tag (game, "Player2Type", "program");
  tb_game_set_tag (game, "Player1Type", "human");
  tb_game_set_tag (game, "Player1Level", "5");
  tb_game_set_tag (game, "X_Bar_Baz", "with \"quotes\" and é");
  tb_game_set_tag (game, "Annotator", "Bob");
  tt_play_moves (game, (const char *const[]) { "c1-e3", NULL });

  text = tb_tgn_write (game);
  g_assert_cmpstr (text, ==,
                   "[Event \"Club \\\"Les Hexes\\\" \\\\ Nantes\"]\n"
                   "[Site \"Nantes FRA\"]\n"
                   "[Date \"2026.11.21\"]\n"
                   "[Round \"3\"]\n"
                   "[Player1 \"Alice\"]\n"
                   "[Player2 \"Tablier (level 3)\"]\n"
                   "[Result \"*\"]\n"
                   "[Game \"versus-61\"]\n"
                   "[TgnVersion \"1\"]\n"
                   "[Score \"0-0\"]\n"
                   "[Player1Type \"human\"]\n"
                   "[Player2Type \"program\"]\n"
                   "[Player1Level \"5\"]\n"
                   "[Player2Level \"3\"]\n"
                   "[PlyCount \"1\"]\n"
                   "[Annotator \"Bob\"]\n"
                   "[X_Tablier_Options \"targets=2-4,repetition=no\"]\n"
                   "[X_Foo \"bar\"]\n"
                   "[X_Bar_Baz \"with \\\"quotes\\\" and é\"]\n"
                   "\n"
                   "1. c1-e3 *\n");
  /* The store's tag pairs are the record's but PlyCount (its
   * fingerprints stay those of older records). */
  {
    g_autoptr (GString) tags = g_string_new (NULL);
    g_autoptr (GString) expected = g_string_new_len (text, strstr (text, "\n\n") + 1 - text);

    g_assert_cmpuint (g_string_replace (expected, "[PlyCount \"1\"]\n", "", 0), ==, 1);
    tb_tgn_write_tags (game, tags);
    g_assert_cmpstr (tags->str, ==, expected->str);
  }
  read = assert_round_trip (game);
  g_assert_cmpstr (tb_game_get_tag (read, "Event"), ==, "Club \"Les Hexes\" \\ Nantes");
  g_assert_cmpstr (tb_game_get_tag (read, "X_Foo"), ==, "bar");
  g_assert_cmpstr (tb_game_get_tag (read, "Player2Level"), ==, "3");
  g_assert_cmpstr (tb_game_get_tag (read, "Player1Type"), ==, "human");
  g_assert_cmpstr (tb_game_get_tag (read, "Player1Level"), ==, "5");
  /* Derived tags are not stored: they come from the moves. */
  g_assert_null (tb_game_get_tag (read, "Result"));
  g_assert_null (tb_game_get_tag (read, "Score"));
  g_assert_null (tb_game_get_tag (read, "PlyCount"));
  g_assert_null (tb_game_get_tag (read, "X_Tablier_Options"));
  g_assert_cmpint (tb_variant_get_option (tb_game_get_variant (read), "repetition"), ==, 0);
}

static void
test_round_trip_non_default_options (void)
{
  static const struct
  {
    const char *ruleset_id;
    const char *options;
  } cases[] = {
    { "versus-61", "targets=2-4" },
    { "versus-61", "pull-onto-target=no,frozen-pawns-block=no,streak-reset=strict" },
    { "versus-91", "setup-order=5-1-4-v-3-2,no-moves-check=both,repetition=no" },
    { "versus-91", "targets=3-4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TbGame) game =
        tt_annotated_random_game (cases[i].ruleset_id, cases[i].options, 100 + i, 300);
      g_autoptr (TbGame) read = assert_round_trip (game);
      g_autofree char *text = tb_tgn_write (game);
      g_autofree char *options = tb_variant_options_to_text (tb_game_get_variant (read));
      g_autoptr (TbVariant) expected =
        tb_variant_new_from_text (cases[i].ruleset_id, cases[i].options, NULL);
      g_autofree char *expected_text = tb_variant_options_to_text (expected);

      g_assert_nonnull (strstr (text, "[X_Tablier_Options \""));
      g_assert_cmpstr (options, ==, expected_text);
    }
}

/* Plays random games with a player who leaves the other one as few moves
 * as possible, until one ends with termination. */
static TbGame *
find_game_ending_with (TbTermination termination)
{
  for (guint64 seed = 1; seed <= 200; seed++)
    {
      g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);
      TbRandom rng;

      tb_random_init (&rng, seed);
      while (!tb_game_is_over (game) && tb_game_get_ply (game) < 600)
        {
          guint n, n_best = 0, best = G_MAXUINT;
          const TbMove *legal = tb_game_get_legal_moves (game, &n);
          g_autofree TbMove *moves = g_memdup2 (legal, n * sizeof (TbMove));
          g_autofree TbMove *choices = g_new (TbMove, n);

          if (tb_random_below (&rng, 5) == 0)
            {
              tt_play_move (game, moves[tb_random_below (&rng, n)]);
              continue;
            }
          for (guint i = 0; i < n; i++)
            {
              guint replies, value;

              tt_play_move (game, moves[i]);
              tb_game_get_legal_moves (game, &replies);
              value = !tb_game_is_over (game) ? replies
                      : tb_game_get_termination (game) == termination ? 0 : 1000;
              tb_game_undo (game);
              if (value < best)
                {
                  best = value;
                  n_best = 0;
                }
              if (value == best)
                choices[n_best++] = moves[i];
            }
          tt_play_move (game, choices[tb_random_below (&rng, n_best)]);
        }
      if (tb_game_get_termination (game) == termination)
        {
          /* The tries left variations behind: keep the main line only. */
          TbGame *clean = tt_new_game ("versus-61", NULL);

          for (guint ply = 1; ply <= tb_game_get_ply (game); ply++)
            tt_play_move (clean, tb_game_get_move (game, ply));
          return clean;
        }
    }
  g_assert_not_reached ();
}

static void
assert_finished_round_trip (TbGame *game, TbResult result, TbTermination termination)
{
  g_autofree char *text = tb_tgn_write (game);
  g_autofree char *result_tag = g_strdup_printf ("[Result \"%s\"]\n",
                                                 tb_result_to_string (result));
  g_autofree char *termination_tag = g_strdup_printf ("[Termination \"%s\"]\n",
                                                      tb_termination_to_string (termination));
  g_autofree char *result_token = g_strdup_printf ("%s\n", tb_result_to_string (result));
  g_autoptr (TbGame) read = NULL;

  g_assert_nonnull (strstr (text, result_tag));
  g_assert_nonnull (strstr (text, termination_tag));
  g_assert_true (g_str_has_suffix (text, result_token));
  g_assert_true (strchr (" \n", text[strlen (text) - strlen (result_token) - 1]));
  read = assert_round_trip (game);
  g_assert_true (tb_game_is_over (read));
  g_assert_cmpint (tb_game_get_result (read), ==, result);
  g_assert_cmpint (tb_game_get_termination (read), ==, termination);
  g_assert_cmpuint (tb_game_get_to_move (read), ==, 0);
}

static void
test_round_trip_finished_by_the_rules (void)
{
  g_autoptr (TbGame) filled = tt_new_game ("versus-61", NULL);
  g_autoptr (TbGame) lead = tt_new_game ("versus-61", NULL);
  g_autoptr (TbGame) repeated = tt_new_game ("versus-61", NULL);
  g_autoptr (TbGame) limited = tt_new_game ("versus-61", "move-limit=2");
  g_autoptr (TbGame) stuck = find_game_ending_with (TB_TERMINATION_NO_MOVES);
  g_autoptr (TbGame) stuck_91 = NULL;

  tt_play_moves (filled, targets_filled_moves);
  assert_finished_round_trip (filled, TB_RESULT_DRAW, TB_TERMINATION_TARGETS_FILLED);
  tt_play_moves (lead, unreachable_lead_moves);
  assert_finished_round_trip (lead, TB_RESULT_SEAT2_WINS, TB_TERMINATION_UNREACHABLE_LEAD);
  tt_play_moves (repeated, shuffle_moves);
  assert_finished_round_trip (repeated, TB_RESULT_DRAW, TB_TERMINATION_REPETITION);
  tt_play_moves (limited, (const char *const[]) { "c1-c2", "g9-g8", "c2-c1", "g8-g9", NULL });
  assert_finished_round_trip (limited, TB_RESULT_DRAW, TB_TERMINATION_MOVE_LIMIT);
  g_assert_true (tb_game_is_over (stuck));
  assert_finished_round_trip (stuck, tb_game_get_result (stuck), TB_TERMINATION_NO_MOVES);

  /* An annotated game that ends by the rules on the larger board. */
  for (guint64 seed = 1; stuck_91 == NULL; seed++)
    {
      g_autoptr (TbGame) game = tt_annotated_random_game ("versus-91", NULL, seed, 5000);

      if (tb_game_node_get_n_children (tb_game_get_root (game)) > 0)
        {
          TbOutcome outcome;

          tb_game_get_final_outcome (game, &outcome);
          if (outcome.result != TB_RESULT_NONE)
            stuck_91 = g_steal_pointer (&game);
        }
    }
  {
    g_autoptr (TbGame) read = assert_round_trip (stuck_91);
    g_assert_true (tb_game_is_over (read));
  }
}

/* Retournement: the example of rules/retournement.md §5 as a record, the
 * score in its tag, a whole game to its end and back, and a placement
 * that touches nothing refused where it stands. */
static void
test_retournement_records (void)
{
  static const char illegal[] =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n"
    "[Player1 \"?\"]\n[Player2 \"?\"]\n[Result \"*\"]\n[Game \"retournement\"]\n"
    "[TgnVersion \"1\"]\n\n1. V3:e5-f5-e6 I1:a1 *\n";
  g_autoptr (TbGame) game = tt_new_game ("retournement", NULL);
  g_autoptr (TbGame) finished = NULL;
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (illegal, -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) refused = tb_tgn_reader_next (reader, &error);
  g_autofree char *text = NULL;
  static const char *const example[] = { "V3:e5-f5-e6", "I1:f6", "I3:g5-g6-g7", "I2:f7-f8", NULL };

  tt_play_moves (game, example);
  text = tb_tgn_write (game);
  g_assert_nonnull (strstr (text, "[Game \"retournement\"]"));
  g_assert_nonnull (strstr (text, "[Score \"44-44\"]"));
  g_assert_cmpstr (movetext_of (text), ==, "1. V3:e5-f5-e6 I1:f6 2. I3:g5-g6-g7 I2:f7-f8 *\n");
  {
    g_autoptr (TbGame) read = assert_round_trip (game);
  }

  g_assert_null (refused);
  g_assert_error (error, TB_TGN_ERROR, TB_TGN_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==,
                   "11:16: illegal move 'I1:a1' for seat 2 at ply 2: "
                   "a piece must touch a piece of the opponent’s colour by a side");

  for (guint64 seed = 1; finished == NULL; seed++)
    {
      g_autoptr (TbGame) candidate = tt_annotated_random_game ("retournement", NULL, seed, 200);
      TbOutcome outcome;

      tb_game_get_final_outcome (candidate, &outcome);
      if (outcome.termination == TB_TERMINATION_BLOCKED)
        finished = g_steal_pointer (&candidate);
    }
  {
    g_autoptr (TbGame) read = assert_round_trip (finished);

    g_assert_true (tb_game_is_over (read));
    g_assert_cmpint (tb_game_get_termination (read), ==, TB_TERMINATION_BLOCKED);
  }
}

static void
test_round_trip_finished_by_the_players (void)
{
  static const struct
  {
    guint plies;
    TbResult result;
    TbTermination termination;
  } cases[] = {
    { 7, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RESIGNED },     /* Light resigns */
    { 6, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED },     /* Dark resigns */
    { 10, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED },
    { 0, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED },        /* before any move */
    { 8, TB_RESULT_SEAT2_WINS, TB_TERMINATION_INACTIVITY },   /* Dark to move, idle */
    { 9, TB_RESULT_SEAT1_WINS, TB_TERMINATION_INACTIVITY },   /* Light to move, idle */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TbGame) game = tt_new_game (i % 2 ? "versus-91" : "versus-61", NULL);
      TbRandom rng;

      tb_random_init (&rng, 40 + i);
      while (tb_game_get_ply (game) < cases[i].plies)
        tt_play_move (game, tt_random_move (game, &rng));
      tb_game_set_comment (game, tb_game_get_ply (game), "the last move");
      tb_game_finish (game, cases[i].result, cases[i].termination);
      assert_finished_round_trip (game, cases[i].result, cases[i].termination);
    }
}

/* The Score tag is the score at the end of the main line, wherever the
 * game's current position is. */
static void
test_write_does_not_depend_on_current_position (void)
{
  g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);
  g_autofree char *at_end = NULL;

  tt_play_moves (game, unreachable_lead_moves);
  at_end = tb_tgn_write (game);
  g_assert_nonnull (strstr (at_end, "[Score \"0-9\"]\n"));
  for (guint ply = 0; ply < tb_game_get_n_plies (game); ply += 5)
    {
      g_autofree char *text = NULL;

      tb_game_go_to_ply (game, ply);
      text = tb_tgn_write (game);
      g_assert_cmpstr (text, ==, at_end);
    }
}

/* The last node of the main line, and the first move of a variation (or
 * NULL when the game has none). */
static const TbGameNode *
main_line_end (TbGame *game, const TbGameNode **variation)
{
  const TbGameNode *node = tb_game_get_root (game);

  *variation = NULL;
  while (tb_game_node_get_n_children (node) > 0)
    {
      if (*variation == NULL && tb_game_node_get_n_children (node) > 1)
        *variation = tb_game_node_get_child (node, 1);
      node = tb_game_node_get_child (node, 0);
    }
  return node;
}

/* The main line as the game store keeps it: the tokens of its moves, one
 * space apart, wherever the game stands (at the main line's end it reads
 * the game's own positions, elsewhere it replays); and the movetext alone
 * is the record's after its tag pairs. */
static void
test_write_main_line (void)
{
  static const char *const ids[] = { "versus-61", "versus-91", "ra", "oraia", "retournement" };

  for (guint i = 0; i < 10; i++)
    {
      g_autoptr (TbGame) game = tt_annotated_random_game (ids[i % G_N_ELEMENTS (ids)], NULL,
                                                          900 + i, 10 + 7 * i);
      g_autoptr (GString) at_end = g_string_new (NULL);
      g_autoptr (GString) at_start = g_string_new (NULL);
      g_autoptr (GString) movetext = g_string_new (NULL);
      g_autofree char *record = tb_tgn_write (game);
      const TbGameNode *variation;
      const TbGameNode *end = main_line_end (game, &variation);
      g_auto (GStrv) tokens = NULL;

      tb_tgn_write_main_line (game, at_start);
      tb_game_go_to_node (game, end);
      g_assert_true (tb_game_is_at_main_line_end (game));
      tb_tgn_write_main_line (game, at_end);
      g_assert_cmpstr (at_start->str, ==, at_end->str);
      tokens = g_strsplit (at_end->str, " ", -1);
      g_assert_cmpuint (g_strv_length (tokens), ==, tb_game_get_ply (game));
      for (guint ply = 1; tokens[ply - 1]; ply++)
        tt_assert_move_text (game, ply, tokens[ply - 1]);
      /* In a variation (tt_annotated_random_game adds some to each game). */
      g_assert_nonnull (variation);
      g_string_truncate (at_start, 0);
      tb_game_go_to_node (game, variation);
      tb_tgn_write_main_line (game, at_start);
      g_assert_cmpstr (at_start->str, ==, at_end->str);
      tb_tgn_write_movetext (game, movetext);
      g_assert_cmpstr (strstr (record, "\n\n") + 2, ==, movetext->str);
    }
}

static void
test_write_main_line_of_no_move (void)
{
  g_autoptr (TbGame) game = tt_new_game ("ra", NULL);
  g_autoptr (GString) line = g_string_new (NULL);

  tb_tgn_write_main_line (game, line);
  g_assert_cmpstr (line->str, ==, "");
}

/* A stored header comes out in the record's order whatever its own:
 * the seven and derived tags as stored, the players' types and levels,
 * PlyCount counted anew (a stored one dropped), the later tags, the
 * variant's, then the others as stored; a tag given twice keeps both. */
static void
test_write_stored_orders_the_header (void)
{
  static const char header[] = "[X_Tablier_SetUp \"s\"]\n"
                               "[GameId \"g\"]\n"
                               "[Custom \"c\"]\n"
                               "[Player2Type \"human\"]\n"
                               "[Event \"e\"]\n"
                               "[PlyCount \"99\"]\n"
                               "[Annotator \"a\"]\n"
                               "[X_Tablier_Options \"o\"]\n"
                               "[Player1Type \"program\"]\n"
                               "[Result \"*\"]\n"
                               "[Annotator \"b\"]\n"
                               "[Another \"x\"]\n";
  static const char expected[] = "[Event \"e\"]\n"
                                 "[Result \"*\"]\n"
                                 "[Player1Type \"program\"]\n"
                                 "[Player2Type \"human\"]\n"
                                 "[PlyCount \"3\"]\n"
                                 "[Annotator \"a\"]\n"
                                 "[Annotator \"b\"]\n"
                                 "[GameId \"g\"]\n"
                                 "[X_Tablier_Options \"o\"]\n"
                                 "[X_Tablier_SetUp \"s\"]\n"
                                 "[Custom \"c\"]\n"
                                 "[Another \"x\"]\n"
                                 "\n"
                                 "1. c1-e3 g9-g7 2. e3-e5 *\n";
  g_autoptr (GString) out = g_string_new (NULL);

  tb_tgn_write_stored (header, "c1-e3 g9-g7 e3-e5", NULL, "*", out);
  g_assert_cmpstr (out->str, ==, expected);
}

static void
test_many_games_in_one_file_read_in_order (void)
{
  g_autoptr (GString) file = g_string_new (NULL);
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) read = NULL;
  g_autoptr (TbTgnReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  guint n = 0;

  for (guint i = 0; i < 9; i++)
    {
      TbGame *game = tt_annotated_random_game (i % 3 == 2 ? "versus-91" : "versus-61",
                                            i == 4 ? "targets=1-4" : NULL, 500 + i,
                                            i % 2 ? 40 : 2000);

      if (i > 0)
        g_string_append_c (file, '\n');
      tb_tgn_write_to (game, file);
      g_ptr_array_add (games, game);
    }
  read = tb_tgn_read_all (file->str, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->len, ==, games->len);
  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *expected = tb_tgn_write (games->pdata[i]);
      g_autofree char *got = tb_tgn_write (read->pdata[i]);

      g_assert_cmpstr (got, ==, expected);
      tt_assert_same_tree (tb_game_get_root (games->pdata[i]), tb_game_get_root (read->pdata[i]));
    }

  /* The same, one game at a time. */
  reader = tb_tgn_reader_new (file->str, -1);
  for (;;)
    {
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      g_assert_no_error (error);
      if (game == NULL)
        break;
      g_assert_true (tb_variant_equal (tb_game_get_variant (game),
                                       tb_game_get_variant (games->pdata[n])));
      n++;
    }
  g_assert_cmpuint (n, ==, games->len);
}

/* NOTATION.md §4, the example record, as it is written there. */
#define NOTATION_EXAMPLE_TAGS \
  "[Event \"Casual game\"]\n" \
  "[Site \"Nantes FRA\"]\n" \
  "[Date \"2026.11.21\"]\n" \
  "[Round \"-\"]\n" \
  "[Player1 \"Alice\"]\n" \
  "[Player2 \"Tablier (level 3)\"]\n" \
  "[Result \"*\"]\n" \
  "[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n" \
  "[Player2Type \"program\"]\n" \
  "[Player2Level \"3\"]\n" \
  "\n"

static void
test_notation_example_reads_and_replays (void)
{
  static const char example[] = NOTATION_EXAMPLE_TAGS
    "1. c1-e3 {pulls e9 to e8} g9-g7 2. b1-b2 *\n";
  static const char first_moves[] = NOTATION_EXAMPLE_TAGS
    "1. c1-e3 {pulls e9 to e8} g9-g7 *\n";
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (example, -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) refused = tb_tgn_reader_next (reader, &error);
  g_autoptr (TbGame) game = read_one (first_moves);
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES ("c1-e3", "g9-g7"));
  g_autofree char *text = NULL;
  g_autofree char *move1 = NULL, *move2 = NULL;
  g_autofree char *expected = NULL, *got = NULL;

  /* As written, the example's third move is not legal: Light's VERSUS on
   * g7 sees Dark's pawn on a1 along its south-west ray (f6 e5 d4 c3 b2
   * are empty once Dark's VERSUS has left c1) and pulls it to b2
   * (versus.md §6), so b1-b2 has no empty cell to go to. */
  g_assert_null (refused);
  g_assert_error (error, TB_TGN_ERROR, TB_TGN_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==,
                   "13:36: illegal move 'b1-b2' for seat 1 at ply 3: "
                   "pieces only move to an empty cell");
  tt_assert_piece (line, "b2", "P1/2");
  g_assert_false (tt_is_legal (line, "b1-b2"));

  /* Its tags and the moves before it read and replay. */
  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "versus-61");
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 2);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  move1 = tb_game_get_move_text (game, 1);
  move2 = tb_game_get_move_text (game, 2);
  g_assert_cmpstr (move1, ==, "c1-e3");
  g_assert_cmpstr (move2, ==, "g9-g7");
  g_assert_cmpstr (tb_game_get_comment (game, 1), ==, "pulls e9 to e8");
  g_assert_null (tb_game_get_comment (game, 2));
  g_assert_cmpstr (tb_game_get_tag (game, "Event"), ==, "Casual game");
  g_assert_cmpstr (tb_game_get_tag (game, "Site"), ==, "Nantes FRA");
  g_assert_cmpstr (tb_game_get_tag (game, "Date"), ==, "2026.11.21");
  g_assert_cmpstr (tb_game_get_tag (game, "Round"), ==, "-");
  g_assert_cmpstr (tb_game_get_tag (game, "Player1"), ==, "Alice");
  g_assert_cmpstr (tb_game_get_tag (game, "Player2"), ==, "Tablier (level 3)");
  g_assert_cmpstr (tb_game_get_tag (game, "Player2Type"), ==, "program");
  g_assert_cmpstr (tb_game_get_tag (game, "Player2Level"), ==, "3");
  g_assert_false (tb_game_is_over (game));
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 1);
  /* The comment is right: the first move pulled e9 to e8 (and flipped it). */
  expected = tt_position (line);
  got = tb_variant_format_position (tb_game_get_variant (game), tb_game_get_position (game));
  g_assert_cmpstr (got, ==, expected);
  {
    g_autoptr (TbLine) after_first = tt_line ("versus-61", NULL, TT_MOVES ("c1-e3"));

    tt_assert_piece (after_first, "e8", "P3/1");
    tt_assert_piece (after_first, "e9", "");
  }

  /* Written back, with the number the rule asks for after a comment. */
  text = tb_tgn_write (game);
  g_assert_cmpstr (movetext_of (text), ==, "1. c1-e3 {pulls e9 to e8} 1... g9-g7 *\n");
}

/* The reader accepts the looser forms of PGN: suffix annotations, move
 * numbers glued to moves, upper-case cells, ';' comments and no numbers. */
static void
test_reader_accepts_pgn_variants (void)
{
  static const char record[] =
    HEADER ("*")
    "; a comment line before the moves\n"
    "1.C1-E3! g9-g7?! 2.b1-c2 $14 (2. d1-d2 ; why not\n"
    ") f9-f8 *\n";
  g_autoptr (TbGame) game = read_one (record);
  const TbGameNode *root = tb_game_get_root (game);
  const TbGameNode *first = tb_game_node_get_child (root, 0);
  const TbGameNode *second = tb_game_node_get_child (first, 0);
  const TbGameNode *third = tb_game_node_get_child (second, 0);
  guint n;
  const guint8 *nags;

  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 4);
  g_assert_cmpstr (tb_game_node_get_comment (root), ==, "a comment line before the moves");
  nags = tb_game_node_get_nags (first, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (nags[0], ==, 1);
  nags = tb_game_node_get_nags (second, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (nags[0], ==, 6);
  nags = tb_game_node_get_nags (third, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (nags[0], ==, 14);
  g_assert_cmpuint (tb_game_node_get_n_children (second), ==, 2);
  g_assert_cmpstr (tb_game_node_get_comment (tb_game_node_get_child (second, 1)), ==, "why not");
}

/* Move numbers in the forms of other programs' PGN files, each read as
 * the same game: no numbers, numbers glued to the moves, "N." or "N..."
 * before either player's move, and "..." on its own after a number. */
static void
test_reader_accepts_move_number_forms (void)
{
  static const char *const movetexts[] = {
    "1. c1-e3 g9-g7 (1... g9-g8) 2. b1-c2 *\n",
    "c1-e3 g9-g7 (g9-g8) b1-c2 *\n",
    "1.c1-e3 1...g9-g7 (1...g9-g8) 2.b1-c2 *\n",
    "1. c1-e3 1. g9-g7 (1. g9-g8) 2... b1-c2 *\n",
    "1. c1-e3 1. ... g9-g7 (1. ... g9-g8) 2. b1-c2 *\n",
    "1. c1-e3 ... g9-g7 (... g9-g8) 2. b1-c2 2. *\n",
    "01. c1-e3 g9-g7 (001... g9-g8) 2. b1-c2 *\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (movetexts); i++)
    {
      g_autofree char *record = g_strconcat (HEADER ("*"), movetexts[i], NULL);
      g_autoptr (TbGame) game = read_one (record);
      g_autofree char *text = tb_tgn_write (game);

      g_assert_cmpstr (movetext_of (text), ==, "1. c1-e3 g9-g7 (1... g9-g8) 2. b1-c2 *\n");
    }
}

/* PGN's escape lines: a line that starts with '%' is ignored whole,
 * wherever it is between tokens (before a game, among its tags, in its
 * moves, after it), and the lines after it keep their numbers.  A '%'
 * anywhere else is no escape: in a comment it is the comment's, after a
 * move it is a word that is no move. */
static void
test_reader_ignores_escape_lines (void)
{
  static const char record[] =
    "% written by another program [Game \"x\"] 1-0\n"
    "[Annotator \"a\"]\n%[Annotator \"again\"]\n" HEADER_TAGS ("*");
  g_autoptr (GString) text = g_string_new (record);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  const TbGameNode *first;

  g_string_append (text, "\n1. c1-c2\n%(1. c1-c3) ... 7. { *\ng9-g8 {a note\n%kept} *\n"
                         "%after the game\n\n" HEADER ("*") "1. c1-c2 *\n%the end");
  games = tb_tgn_read_all (text->str, (gssize) text->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (tb_game_get_main_line_length (games->pdata[0]), ==, 2);
  first = tb_game_node_get_child (tb_game_get_root (games->pdata[0]), 0);
  g_assert_cmpuint (tb_game_node_get_n_children (tb_game_get_root (games->pdata[0])), ==, 1);
  g_assert_nonnull (strstr (tb_game_node_get_comment (tb_game_node_get_child (first, 0)),
                            "%kept"));
  g_assert_cmpstr (tb_game_get_tag (games->pdata[0], "Annotator"), ==, "a");

  g_clear_pointer (&games, g_ptr_array_unref);
  games = tb_tgn_read_all ("%x\n\n%y\n" HEADER ("*") "1. a1-a3 *\n", -1, &error);
  g_assert_error (error, TB_TGN_ERROR, TB_TGN_ERROR_ILLEGAL_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "14:4: "));
  g_clear_error (&error);
  games = tb_tgn_read_all (HEADER ("*") "1. c1-c2 %x *\n", -1, &error);
  g_assert_error (error, TB_TGN_ERROR, TB_TGN_ERROR_BAD_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "11:10: "));
}

/* A variation read after '(' is never the main line. */
static void
test_reader_keeps_the_main_line_first (void)
{
  static const char record[] =
    HEADER ("*")
    "1. c1-c2 (1. c1-c3) (1. c1-c4 g9-f8) 1... g9-g7 2. d1-d2 (2. e1-e2) *\n";
  g_autoptr (TbGame) game = read_one (record);
  const TbGameNode *root = tb_game_get_root (game);
  g_autofree char *text = tb_tgn_write (game);
  static const char *const main_line[] = { "c1-c2", "g9-g7", "d1-d2" };

  g_assert_cmpuint (tb_game_node_get_n_children (root), ==, 3);
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 3);
  for (guint ply = 1; ply <= 3; ply++)
    {
      g_autofree char *move = tb_game_get_move_text (game, ply);

      g_assert_cmpstr (move, ==, main_line[ply - 1]);
    }
  g_assert_cmpstr (movetext_of (text), ==, movetext_of (record));
}

/* Variations that begin with the same moves stay apart, as written, and
 * so does one that begins with the move it replaces. */
static void
test_reader_keeps_variations_apart (void)
{
  static const char record[] =
    HEADER ("*")
    "1. c1-c2 (1. c1-c3 g9-g8) (1. c1-c3 g9-g7) (1. c1-c2 f9-f8) 1... g9-g7 *\n";
  g_autoptr (TbGame) game = read_one (record);
  const TbGameNode *root = tb_game_get_root (game);
  g_autofree char *text = tb_tgn_write (game);
  static const char *const replies[] = { "g9-g7", "g9-g8", "g9-g7", "f9-f8" };
  const TbGameNode *first = tb_game_node_get_child (root, 0);

  g_assert_cmpuint (tb_game_node_get_n_children (root), ==, 4);
  for (guint i = 0; i < 4; i++, first = tb_game_node_get_next_sibling (first))
    {
      const TbGameNode *reply = tb_game_node_get_child (first, 0);
      g_autoptr (TbLine) line = tb_game_new_line (game);
      g_autofree char *token = NULL;

      g_assert_true (first == tb_game_node_get_child (root, i));
      g_assert_cmpuint (tb_game_node_get_n_children (first), ==, 1);
      tb_line_push (line, tb_game_node_get_move (first));
      token = tb_variant_format_move (tb_game_get_variant (game), tb_line_get_position (line),
                                      tb_game_node_get_move (reply));
      g_assert_cmpstr (token, ==, replies[i]);
    }
  g_assert_null (first);
  g_assert_cmpstr (movetext_of (text), ==, movetext_of (record));
}

/* Variations nest TB_TGN_MAX_NESTING deep, not deeper. */
static char *
nested_record (guint depth)
{
  GString *text = g_string_new (HEADER ("*") "1. a1-a2");

  for (guint i = 0; i < depth; i++)
    g_string_append_printf (text, " (1. %s", i % 2 ? "a1-a2" : "a1-b2");
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ')');
  g_string_append (text, " *\n");
  return g_string_free (text, FALSE);
}

static void
test_reader_nesting_limit (void)
{
  g_autofree char *deepest = nested_record (TB_TGN_MAX_NESTING);
  g_autofree char *too_deep = nested_record (TB_TGN_MAX_NESTING + 1);
  g_autoptr (TbGame) game = read_one (deepest);
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (too_deep, -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) refused = tb_tgn_reader_next (reader, &error);
  /* "1. a1-a2" then " (1. a1-b2" per level: the last '(' is at column
   * 9 + 10 * TB_TGN_MAX_NESTING + 1. */
  g_autofree char *prefix = g_strdup_printf ("11:%u: ", 10 + 10 * TB_TGN_MAX_NESTING);

  /* Each level replaces the first move of the one around it: all are
   * first moves, kept apart even where they are the same move. */
  g_assert_cmpuint (tb_game_node_get_n_children (tb_game_get_root (game)), ==,
                    1 + TB_TGN_MAX_NESTING);
  g_assert_null (refused);
  g_assert_error (error, TB_TGN_ERROR, TB_TGN_ERROR_TOO_DEEP);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

typedef struct
{
  const char *name;
  const char *text;
  gssize length;           /* -1: NUL-terminated */
  TbTgnError code;
  const char *position;    /* "LINE:COL" */
  const char *mentions[4]; /* words the message must hold */
  /* Where the error is when another game follows ("LINE:COL" in the bad
   * game; NULL: the same; "-": the bad game swallows the next one). */
  const char *recover_position;
} BadRecord;

static const BadRecord bad_records[] = {
  { "unterminated-string",
    "[Event \"Casual game]\n" HEADER_TAGS ("*") "\n*\n", -1,
    TB_TGN_ERROR_SYNTAX, "1:8", { "unterminated string" } },
  { "unterminated-comment",
    HEADER ("*") "1. c1-c2 {never closed\ng9-g8 *\n", -1,
    TB_TGN_ERROR_SYNTAX, "11:10", { "unterminated comment" } },
  /* A result word with a suffix is a move that does not read, not the
   * end of the game: reading goes on to the real result. */
  { "result-word-with-a-suffix",
    HEADER ("*") "1. c1-c2 1-0! g9-g8 *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:10", { "1-0" } },
  { "stray-closing-brace",
    HEADER ("*") "1. c1-c2 } g9-g8 *\n", -1,
    TB_TGN_ERROR_SYNTAX, "11:10", { "'}'" } },
  { "tag-missing-bracket",
    "[Event \"x\"\n[Site \"?\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n"
    "[TgnVersion \"1\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "2:1", { "']'" } },
  { "tag-missing-value",
    "[Event]\n" HEADER ("*") "*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "1:7", { "quoted value" } },
  { "tag-name-bad-character",
    "[Ev-ent \"x\"]\n" HEADER ("*") "*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "1:2", { "tag name" } },
  { "tag-given-twice",
    HEADER_TAGS ("*") "[Site \"Nantes\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:2", { "Site", "twice" } },
  { "unknown-game",
    "[Event \"?\"]\n[Result \"*\"]\n[Game \"chess\"]\n[TgnVersion \"1\"]\n\n*\n", -1,
    TB_TGN_ERROR_UNKNOWN_GAME, "3:7", { "chess" } },
  { "missing-game",
    "[Event \"?\"]\n[Site \"?\"]\n[Result \"*\"]\n[TgnVersion \"1\"]\n\n1. c1-c2 *\n", -1,
    TB_TGN_ERROR_MISSING_TAG, "1:1", { "Game" } },
  { "tgn-version-2",
    "[Event \"?\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n[TgnVersion \"2\"]\n\n*\n", -1,
    TB_TGN_ERROR_UNSUPPORTED_VERSION, "4:13", { "TgnVersion" } },
  { "illegal-move-seat-1",
    HEADER ("*") "1. a1-a3 *\n", -1,
    TB_TGN_ERROR_ILLEGAL_MOVE, "11:4", { "a1-a3", "seat 1", "ply 1", "one cell at a time" } },
  { "illegal-move-versus-on-target",
    HEADER ("*") "1. c1-c4 e9-e8 2. c4-d5 *\n", -1,
    TB_TGN_ERROR_ILLEGAL_MOVE, "11:19", { "c4-d5", "seat 1", "ply 3", "never stop on it" } },
  { "illegal-move-seat-2",
    HEADER ("*") "1. c1-c2 c2-c3 *\n", -1,
    TB_TGN_ERROR_ILLEGAL_MOVE, "11:10",
    { "c2-c3", "seat 2", "ply 2", "controlled by the other player" } },
  { "illegal-move-in-variation",
    HEADER ("*") "1. c1-c2 e9-e8 (1... f9-f8) (1... g9-g8) 2. a1-a2 (2. c2-c3\n"
    "g9-g8) (2. c2-c4 f9-f8 (2... e8-e7 3. c4-d5)) *\n", -1,
    TB_TGN_ERROR_ILLEGAL_MOVE, "12:39", { "c4-d5", "seat 1", "ply 5", "target" } },
  { "move-after-the-end",
    HEADER ("1/2-1/2") "1. c1-c2 g9-g8 2. c2-c1 g8-g9 3. c1-c2 g9-g8 4. c2-c1 g8-g9\n"
    "5. a1-a2 1/2-1/2\n", -1,
    TB_TGN_ERROR_ILLEGAL_MOVE, "12:4", { "a1-a2", "over", "repetition" } },
  { "move-after-the-move-limit",
    HEADER_TAGS ("1/2-1/2") "[X_Tablier_Options \"move-limit=1\"]\n\n"
    "1. c1-c2 g9-g8 2. c2-c1 1/2-1/2\n", -1,
    TB_TGN_ERROR_ILLEGAL_MOVE, "12:19", { "c2-c1", "move limit", "move-limit=0" } },
  { "malformed-move",
    HEADER ("*") "1. c1-z4 *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:4", { "c1-z4" } },
  /* A move number that does not match the moves before it: a move lost
   * or doubled in the record (a number is checked, its form is free). */
  { "move-number-wrong",
    HEADER ("*") "7. c1-e3 *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:1", { "move number 7 where 1 was expected" } },
  { "move-number-wrong-for-the-second-move",
    HEADER ("*") "1. c1-e3 99... g9-g7 *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:10", { "move number 99 where 1 was expected" } },
  { "move-number-glued-wrong",
    HEADER ("*") "1. c1-e3 g9-g7 3.b1-c2 *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:16", { "move number 3 where 2 was expected" } },
  { "move-number-wrong-in-variation",
    HEADER ("*") "1. c1-e3 g9-g7 (2... g9-g8) *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:17", { "move number 2 where 1 was expected" } },
  { "move-number-wrong-before-the-result",
    HEADER ("*") "1. c1-e3 g9-g7 3. *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:16", { "move number 3 where 2 was expected" } },
  { "move-number-too-long",
    HEADER ("*") "1. c1-e3 100000000000000000001... g9-g7 *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:10", { "move number 100000000000000000001 where 1" } },
  { "not-a-move",
    HEADER ("*") "1. c1-c2 hello *\n", -1,
    TB_TGN_ERROR_BAD_MOVE, "11:10", { "hello" } },
  { "result-contradicts-final-position",
    HEADER ("1-0")
    "1. c1-c7 g9-g3 2. c7-f7 g3-g4 3. b1-c1 g4-i6 4. f7-e7 g4-h5 5. f8-g9 i6-e6\n"
    "6. d8-c7 e6-c4 7. e7-a3 c6-b5 8. a3-a2 e6-d5 1-0\n", -1,
    TB_TGN_ERROR_RESULT_MISMATCH, "7:9", { "1-0", "0-1", "unreachable-lead" } },
  { "result-but-not-over",
    HEADER ("1-0") "1. c1-c2 g9-g8 1-0\n", -1,
    TB_TGN_ERROR_RESULT_MISMATCH, "7:9", { "not over" } },
  { "termination-contradicts-result",
    HEADER_TAGS ("1/2-1/2") "[Termination \"resigned\"]\n\n1. c1-c2 1/2-1/2\n", -1,
    TB_TGN_ERROR_RESULT_MISMATCH, "10:14", { "Termination" } },
  /* The message lists the words: the user has no other place to find them. */
  { "termination-unknown-word",
    HEADER_TAGS ("1-0") "[Termination \"xyz\"]\n\n1. c1-c2 1-0\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:14", { "'xyz'", "targets-filled", "resigned", "move-limit" } },
  { "result-token-disagrees-with-tag",
    HEADER ("*") "1. c1-c2 g9-g8 1-0\n", -1,
    TB_TGN_ERROR_RESULT_MISMATCH, "11:16", { "1-0", "*" } },
  { "missing-result-token",
    HEADER ("*") "1. c1-c2 g9-g8\n", -1,
    TB_TGN_ERROR_SYNTAX, "12:1", { "result token" }, "13:1" },
  { "close-without-open",
    HEADER ("*") "1. c1-c2 ) g9-g8 *\n", -1,
    TB_TGN_ERROR_SYNTAX, "11:10", { "')'" } },
  { "result-inside-variation",
    HEADER ("*") "1. c1-c2 (1. c1-c3 *\n", -1,
    TB_TGN_ERROR_SYNTAX, "11:20", { "')'" } },
  { "invalid-utf8",
    HEADER ("*") "1. c1-c2 {é \xff} g9-g8 *\n", -1,
    TB_TGN_ERROR_ENCODING, "11:13", { "0xff", "UTF-8" } },
  { "invalid-utf8-in-tag",
    "[Event \"caf\xc3\"]\n" HEADER_TAGS ("*") "\n*\n", -1,
    TB_TGN_ERROR_ENCODING, "1:12", { "0xc3" } },
  { "nul-byte",
    HEADER ("*") "1. c1-c2 \0 g9-g8 *\n", sizeof HEADER ("*") + 18,
    TB_TGN_ERROR_ENCODING, "11:10", { "NUL" } },
  /* Within a comment or a string too: the NUL is the error, not the end
   * of the text (which would leave them unterminated). */
  { "nul-byte-in-comment",
    HEADER ("*") "1. c1-c2 {a\0b} g9-g8 *\n",
    sizeof (HEADER ("*") "1. c1-c2 {a\0b} g9-g8 *\n") - 1,
    TB_TGN_ERROR_ENCODING, "11:12", { "NUL" } },
  { "nul-byte-in-tag-value",
    "[Annotator \"a\0b\"]\n" HEADER ("*") "*\n",
    sizeof ("[Annotator \"a\0b\"]\n" HEADER ("*") "*\n") - 1,
    TB_TGN_ERROR_ENCODING, "1:14", { "NUL" } },
  { "starter-2-in-versus",
    HEADER_TAGS ("*") "[Starter \"2\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:10", { "Starter: in versus-61, seat 1 always starts" } },
  { "starter-not-a-seat",
    HEADER_TAGS ("*") "[Starter \"x\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:10", { "Starter", "1 or 2" } },
  { "setup-bad-position",
    HEADER_TAGS ("*") "[X_Tablier_SetUp \"to-move=1 V1@z9\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:18", { "X_Tablier_SetUp: ", "z9" } },
  { "setup-with-starter",
    HEADER_TAGS ("*") "[Starter \"1\"]\n[X_Tablier_SetUp \"to-move=1 V1@c1 V2@g9\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:10", { "Starter", "X_Tablier_SetUp" } },
  { "options-bad-value",
    HEADER_TAGS ("*") "[X_Tablier_Options \"targets=9-9\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:20", { "X_Tablier_Options: option targets", "9-9" } },
  { "options-unknown-key",
    HEADER_TAGS ("*") "[X_Tablier_Options \"targets=1-3,gravity=yes\"]\n\n*\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:20", { "X_Tablier_Options: ", "gravity" } },
  { "ply-count-contradicts-the-moves",
    HEADER_TAGS ("*") "[PlyCount \"7\"]\n\n1. c1-c2 g9-g8 (1... g9-g7 2. c2-c3) 2. c2-c1 *\n", -1,
    TB_TGN_ERROR_RESULT_MISMATCH, "10:11", { "PlyCount", "7", "3 plies" } },
  { "ply-count-not-a-number",
    HEADER_TAGS ("*") "[PlyCount \"-3\"]\n\n1. c1-c2 *\n", -1,
    TB_TGN_ERROR_BAD_TAG, "10:11", { "PlyCount", "number" } },
  { "score-contradicts-final-position",
    HEADER_TAGS ("*") "[Score \"1-0\"]\n\n1. c1-c2 *\n", -1,
    TB_TGN_ERROR_RESULT_MISMATCH, "10:8", { "Score", "0-0" } },
};

static void
test_reader_rejects_malformed_record (gconstpointer data)
{
  const BadRecord *bad = data;
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (bad->text, bad->length);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) after = NULL;
  g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);
  g_autoptr (TbGame) next = NULL;
  g_autofree char *prefix = g_strconcat (bad->position, ": ", NULL);
  g_autofree char *position = NULL;

  g_test_message ("%s", error ? error->message : "(no error)");
  g_assert_null (game);
  g_assert_error (error, TB_TGN_ERROR, (gint) bad->code);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_null (strchr (error->message, '\n'));
  position = g_strdup_printf ("%u:%u", tb_tgn_reader_get_error_line (reader),
                              tb_tgn_reader_get_error_column (reader));
  g_assert_cmpstr (position, ==, bad->position);
  for (guint i = 0; i < G_N_ELEMENTS (bad->mentions) && bad->mentions[i]; i++)
    if (strstr (error->message, bad->mentions[i]) == NULL)
      g_error ("'%s' does not mention '%s'", error->message, bad->mentions[i]);
  /* Users have the documentation, not the developers' notes. */
  g_assert_null (strstr (error->message, "NOTATION"));

  /* Nothing is left of the bad game. */
  next = tb_tgn_reader_next (reader, &after);
  g_assert_no_error (after);
  g_assert_null (next);
}

/* The reader goes on after a bad game: good, bad, good gives two games
 * and one error at the bad game's position. */
static void
test_reader_goes_on_after_a_bad_game (gconstpointer data)
{
  const BadRecord *bad = data;
  g_autoptr (GString) file = g_string_new (NULL);
  g_autoptr (TbGame) first = tt_new_game ("versus-61", NULL);
  g_autoptr (TbGame) last = tt_new_game ("versus-91", NULL);
  g_autoptr (TbTgnReader) reader = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) position = g_strsplit (bad->recover_position ? bad->recover_position
                                                               : bad->position, ":", 2);
  guint first_lines = 0, n_errors = 0;

  tb_game_set_tag (first, "Event", "first");
  tt_play_moves (first, (const char *const[]) { "c1-e3", "g9-g7", NULL });
  tb_game_set_tag (last, "Event", "last");
  tt_play_moves (last, (const char *const[]) { "c1-c2", NULL });
  tb_tgn_write_to (first, file);
  g_string_append_c (file, '\n');
  for (const char *p = file->str; *p; p++)
    first_lines += *p == '\n';
  g_string_append_len (file, bad->text, bad->length);
  g_string_append_c (file, '\n');
  tb_tgn_write_to (last, file);

  reader = tb_tgn_reader_new (file->str, (gssize) file->len);
  for (;;)
    {
      g_autoptr (GError) local = NULL;
      TbGame *game = tb_tgn_reader_next (reader, &local);

      if (game)
        g_ptr_array_add (games, game);
      else if (local)
        {
          g_autofree char *expected = g_strdup_printf ("%u:%s: ",
                                                       first_lines + atoi (position[0]),
                                                       position[1]);

          g_test_message ("%s", local->message);
          g_assert_error (local, TB_TGN_ERROR, (gint) bad->code);
          g_assert_true (g_str_has_prefix (local->message, expected));
          n_errors++;
        }
      else
        break;
    }
  g_assert_cmpuint (n_errors, ==, 1);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (tb_game_get_tag (games->pdata[0], "Event"), ==, "first");
  g_assert_cmpstr (tb_game_get_tag (games->pdata[1], "Event"), ==, "last");
  g_assert_cmpuint (tb_game_get_main_line_length (games->pdata[0]), ==, 2);
  g_assert_cmpuint (tb_game_get_main_line_length (games->pdata[1]), ==, 1);

  /* tb_tgn_read_all stops at the first error. */
  g_assert_null (tb_tgn_read_all (file->str, (gssize) file->len, &error));
  g_assert_error (error, TB_TGN_ERROR, (gint) bad->code);
}

/* A byte that is not UTF-8 costs the game it is in: the games before and
 * after it are read, and the error says where the byte is. */
static void
test_reader_bad_byte_costs_its_game (void)
{
  static const char text[] = HEADER ("*") "1. c1-c2 *\n\n" HEADER ("*") "1. c1-c3 {\xfe} *\n\n"
                             HEADER ("*") "1. c1-c4 *\n";
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (text, -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) again = NULL;
  g_autoptr (TbGame) first = tb_tgn_reader_next (reader, &again);
  g_autoptr (TbGame) bad = tb_tgn_reader_next (reader, &error);
  g_autoptr (TbGame) last = NULL;
  g_autofree char *move = NULL;

  g_assert_no_error (again);
  g_assert_nonnull (first);
  g_assert_null (bad);
  g_assert_error (error, TB_TGN_ERROR, TB_TGN_ERROR_ENCODING);
  g_assert_true (g_str_has_prefix (error->message, "23:11: "));
  g_assert_cmpuint (tb_tgn_reader_get_game_line (reader), ==, 13);
  last = tb_tgn_reader_next (reader, &again);
  g_assert_no_error (again);
  g_assert_nonnull (last);
  move = tb_game_get_move_text (last, 1);
  g_assert_cmpstr (move, ==, "c1-c4");
  g_assert_null (tb_tgn_reader_next (reader, &again));
  g_assert_no_error (again);
}

/* The games of text: how many read, how many of them with the tag named
 * tag (read whole, not from their second tag pair), how many errors, each
 * error's line between first_line and last_line. */
static void
count_games (const char *text, const char *tag, guint first_line, guint last_line,
             guint *games, guint *tagged, guint *errors)
{
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (text, -1);

  *games = *tagged = *errors = 0;
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      if (game)
        {
          (*games)++;
          *tagged += tb_game_get_tag (game, tag) != NULL;
        }
      else if (error)
        {
          g_test_message ("%s", error->message);
          g_assert_cmpint (atoi (error->message), >=, first_line);
          g_assert_cmpint (atoi (error->message), <=, last_line);
          (*errors)++;
        }
      else
        break;
    }
}

/* A game of tag pairs alone, right before the next game (no blank line
 * between them): the next game's Game tag starts it, and the game without
 * moves is an error of its own, not a "tag given twice" of the next one
 * that swallowed it. */
static void
test_reader_game_without_moves_costs_itself (void)
{
  static const char text[] =
    "[Game \"versus-61\"]\n[Event \"none\"]\n"
    "[Game \"ra\"]\n[Event \"next\"]\n\n*\n";
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (text, -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) none = NULL;
  g_autoptr (TbGame) bad = tb_tgn_reader_next (reader, &error);
  g_autoptr (TbGame) next = tb_tgn_reader_next (reader, &none);

  g_assert_null (bad);
  g_assert_error (error, TB_TGN_ERROR, TB_TGN_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "3:1: the game of line 1 ends without"));
  g_assert_no_error (none);
  g_assert_nonnull (next);
  g_assert_cmpstr (tb_game_get_tag (next, "Event"), ==, "next");
}

/* Whatever is left open in a game (a comment, a variation, a string, a
 * tag), the reader takes up again at the next game, whose first tag pair
 * may be any: each bad game is one error, at its own line, and every good
 * game is read. */
static void
test_reader_goes_on_after_what_is_left_open (void)
{
  static const char *const bad[] = {
    "1. c1-c2 {never closed\n",
    "1. c1-c2 {never closed, and a line\n[that is no tag pair] } g9-g8 { nor [this \"x\"]\n",
    "1. c1-c2 (1. c1-c3 g9-g8\n",
    "1. c1-c2 (1. c1-c3 *\n",
    "1. c1-c2 (1. c1-c3 *) g9-g8 *\n",
    "1. c1-c2 \"a string\n",
    "1. c1-c2 {caf\xe9} g9-g8 *\n",
    "1. c1-\xe9" "2 g9-g8 *\n",
    /* Its next tag pairs follow at once: a blank line would end them. */
    "1. c1-c2\n[Annotator \"a tag pair in the moves, which start the next game\"]",
  };
  /* Tags the bad game has, and one it has not. */
  static const char *const first_tags[] = { "Event", "Round", "Site", "TimeControl" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    for (guint j = 0; j < G_N_ELEMENTS (first_tags); j++)
      {
        g_autoptr (GString) file = g_string_new (HEADER ("*") "1. c1-c2 *\n\n");
        guint games, tagged, errors;

        g_string_append (file, HEADER ("*"));
        g_string_append (file, bad[i]);
        for (guint k = 0; k < 2; k++)
          g_string_append_printf (file, "\n[%s \"v\"]\n[Game \"ra\"]\n[TgnVersion \"1\"]\n\n*\n",
                                  first_tags[j]);
        /* In the bad game, or where it is found to end. */
        count_games (file->str, first_tags[j], 23, 25, &games, &tagged, &errors);
        g_assert_cmpuint (errors, ==, 1);
        g_assert_cmpuint (games, ==, 3);
        g_assert_cmpuint (tagged, >=, 2);
      }
}

/* What is left open in a game's tag pairs (a string, a comment, a
 * variation, a ']'), in its first, middle or last tag pair, followed by
 * more tag pairs, by a blank line and the moves, by the moves at once or
 * by nothing: the bad game is one error, at its own lines, and the next
 * game is read, whatever its first tag pair (a tag pair of its own was
 * swallowed as the bad game's, so that a file lost its games silently). */
static void
test_reader_goes_on_after_a_tag_left_open (void)
{
  static const char *const bad[] = {
    "[Annotator \"x\n" HEADER ("*") "1. c1-c2 *\n",
    HEADER_TAGS ("*") "[Annotator \"x\n\n1. c1-c2 *\n",
    HEADER_TAGS ("*") "[Annotator \"x\n1. c1-c2 *\n",
    HEADER_TAGS ("*") "[Annotator \"x\n1. c1-c2 g9-g8\n",
    HEADER_TAGS ("*") "[Annotator \"x\n1. c1-c2 \"y\n",
    HEADER_TAGS ("*") "[Annotator \"x\n",
    "[Event \"?\"]\n[Annotator \"x]\n[Result \"*\"]\n[Game \"versus-61\"]\n1. c1-c2 *\n",
    "[Game \"versus-61\"]\n[Annotator \"x\n1. c1-c2 *\n",
    HEADER_TAGS ("*") "[Annotator {x\n1. c1-c2 *\n",
    HEADER_TAGS ("*") "[Annotator (x\n1. c1-c2 *\n",
    HEADER_TAGS ("*") "[Annotator \"x\"\n1. c1-c2 *\n",
    /* No moves at all: the blank line ends the tag pairs. */
    HEADER_TAGS ("*"),
  };
  /* Tags the bad game has (Round, Site, but not all of them have Event)
   * and one it has not. */
  static const char *const first_tags[] = { "Event", "Round", "Site", "TimeControl" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    for (guint j = 0; j < G_N_ELEMENTS (first_tags); j++)
      {
        g_autoptr (GString) file = g_string_new (HEADER ("*") "1. c1-c2 *\n\n");
        guint games, tagged, errors, bad_lines = 1;

        g_string_append (file, bad[i]);
        for (const char *p = bad[i]; *p; p++)
          bad_lines += *p == '\n';
        for (guint k = 0; k < 2; k++)
          g_string_append_printf (file, "\n[%s \"v\"]\n[Game \"ra\"]\n[TgnVersion \"1\"]\n\n*\n",
                                  first_tags[j]);
        g_test_message ("bad game %u, next games starting with %s", i, first_tags[j]);
        count_games (file->str, first_tags[j], 13, 13 + bad_lines, &games, &tagged, &errors);
        g_assert_cmpuint (errors, ==, 1);
        g_assert_cmpuint (games, ==, 3);
        g_assert_cmpuint (tagged, >=, 2);
      }
}

/* An error quotes a few dozen characters of what it is about, never a
 * token or a tag value of megabytes: one short line that still says what
 * and where. */
static void
test_reader_quotes_short (void)
{
  static const struct
  {
    const char *before, *after;  /* around 100,000 characters of piece */
    const char *piece;
    const char *shows;
  } cases[] = {
    { HEADER ("*") "1. ", " *\n", "c", "'cccccccccc" },
    { HEADER ("*") "1. c1-c2 ", " *\n", "c", "'cccccccccc" },
    { "[Game \"", "\"]\n\n*\n", "x", "'xxxxxxxxxx" },
    { HEADER_TAGS ("*") "[Score \"", "\"]\n\n*\n", "1", "says 1111111111" },
    { HEADER_TAGS ("*") "[PlyCount \"", "7\"]\n\n*\n", "0", "says 0000000000" },
    { HEADER_TAGS ("*") "[X_Tablier_Options \"targets=", "\"]\n\n*\n", "9", "X_Tablier_Options" },
    { HEADER_TAGS ("*") "[X_Tablier_Options \"", "\"]\n\n*\n", "a ", "X_Tablier_Options" },
    { HEADER_TAGS ("*") "[X_Tablier_SetUp \"to-move=1 V1@", "\"]\n\n*\n", "z", "X_Tablier_SetUp" },
    { "[X", " \"1\"]\n[X", "y", "tag Xyyyyyyyyy" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) text = g_string_new (cases[i].before);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) games = NULL;

      for (guint j = 0; j < 100000; j++)
        g_string_append (text, cases[i].piece);
      g_string_append (text, cases[i].after);
      /* The tag given twice: its pair again, and a game. */
      if (i == G_N_ELEMENTS (cases) - 1)
        {
          for (guint j = 0; j < 100000; j++)
            g_string_append (text, cases[i].piece);
          g_string_append (text, " \"2\"]\n[Game \"ra\"]\n\n*\n");
        }
      games = tb_tgn_read_all (text->str, (gssize) text->len, &error);
      g_assert_null (games);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_cmpuint (strlen (error->message), <, 400);
      g_assert_null (strchr (error->message, '\n'));
      g_assert_true (g_ascii_isdigit (error->message[0]));
      g_assert_nonnull (strstr (error->message, "…"));
      if (strstr (error->message, cases[i].shows) == NULL)
        g_error ("'%s' does not show '%s'", error->message, cases[i].shows);
    }
}

static void
test_reader_empty_text_has_no_games (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) none = tb_tgn_read_all ("", -1, &error);
  g_autoptr (GPtrArray) blank = tb_tgn_read_all ("\n\n  \n", -1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (blank->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tgn/round-trip/random-annotated-games",
                   test_round_trip_random_annotated_games);
  g_test_add_func ("/tgn/round-trip/random-games-cover-every-annotation",
                   test_random_games_cover_every_annotation);
  g_test_add_func ("/tgn/round-trip/non-default-options", test_round_trip_non_default_options);
  g_test_add_func ("/tgn/round-trip/ra-match", test_round_trip_ra_match);
  g_test_add_func ("/tgn/retournement-records", test_retournement_records);
  g_test_add_func ("/tgn/round-trip/set-up-positions", test_round_trip_set_up_positions);
  g_test_add_func ("/tgn/round-trip/finished-by-the-rules", test_round_trip_finished_by_the_rules);
  g_test_add_func ("/tgn/round-trip/finished-by-the-players",
                   test_round_trip_finished_by_the_players);
  g_test_add_func ("/tgn/write/layout-of-an-annotated-game",
                   test_write_layout_of_an_annotated_game);
  g_test_add_func ("/tgn/write/tags-in-notation-order", test_write_tags_in_notation_order);
  g_test_add_func ("/tgn/ply-count/written-checked-not-stored", test_ply_count);
  g_test_add ("/tgn/ply-count/keeps-store-fingerprints", Fixture, NULL, fixture_set_up,
              test_ply_count_keeps_store_fingerprints, fixture_tear_down);
  g_test_add_func ("/tgn/write/no-line-starts-a-tag-or-an-escape",
                   test_write_no_line_starts_a_tag_or_an_escape);
  g_test_add_func ("/tgn/round-trip/comment-paragraphs", test_comment_paragraphs_round_trip);
  g_test_add_func ("/tgn/read/joins-comments-into-paragraphs",
                   test_reader_joins_comments_into_paragraphs);
  g_test_add_func ("/tgn/write/does-not-depend-on-current-position",
                   test_write_does_not_depend_on_current_position);
  g_test_add_func ("/tgn/write/main-line", test_write_main_line);
  g_test_add_func ("/tgn/write/main-line-of-no-move", test_write_main_line_of_no_move);
  g_test_add_func ("/tgn/write/stored-header-in-record-order",
                   test_write_stored_orders_the_header);
  g_test_add_func ("/tgn/read/many-games-in-one-file-in-order",
                   test_many_games_in_one_file_read_in_order);
  g_test_add_func ("/tgn/read/notation-example-reads-and-replays",
                   test_notation_example_reads_and_replays);
  g_test_add_func ("/tgn/read/accepts-pgn-variants", test_reader_accepts_pgn_variants);
  g_test_add_func ("/tgn/read/ignores-escape-lines", test_reader_ignores_escape_lines);
  g_test_add_func ("/tgn/read/accepts-move-number-forms", test_reader_accepts_move_number_forms);
  g_test_add_func ("/tgn/read/keeps-the-main-line-first", test_reader_keeps_the_main_line_first);
  g_test_add_func ("/tgn/read/nesting-limit", test_reader_nesting_limit);
  g_test_add_func ("/tgn/read/keeps-variations-apart", test_reader_keeps_variations_apart);
  g_test_add_func ("/tgn/read/bad-byte-costs-its-game", test_reader_bad_byte_costs_its_game);
  g_test_add_func ("/tgn/read/quotes-short", test_reader_quotes_short);
  g_test_add_func ("/tgn/eval/round-trip", test_eval_commands_round_trip);
  g_test_add_func ("/tgn/eval/read-in-comments", test_eval_command_read_in_comments);
  g_test_add_func ("/tgn/read/game-without-moves-costs-itself",
                   test_reader_game_without_moves_costs_itself);
  g_test_add_func ("/tgn/read/goes-on-after-a-tag-left-open",
                   test_reader_goes_on_after_a_tag_left_open);
  g_test_add_func ("/tgn/read/goes-on-after-what-is-left-open",
                   test_reader_goes_on_after_what_is_left_open);
  g_test_add_func ("/tgn/read/empty-text-has-no-games", test_reader_empty_text_has_no_games);
  for (guint i = 0; i < G_N_ELEMENTS (bad_records); i++)
    {
      g_autofree char *path = g_strdup_printf ("/tgn/reject/%s", bad_records[i].name);

      g_test_add_data_func (path, &bad_records[i], test_reader_rejects_malformed_record);
      if (g_strcmp0 (bad_records[i].recover_position, "-") != 0)
        {
          g_autofree char *recover = g_strdup_printf ("/tgn/recover/%s", bad_records[i].name);

          g_test_add_data_func (recover, &bad_records[i], test_reader_goes_on_after_a_bad_game);
        }
    }

  return g_test_run ();
}
