/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game.c: TbGame, the model of one game
 *
 * Playing, undo and redo against an independent TbLine; the property
 * notifications and signals views rely on (each fires exactly when its
 * value changes); the move tree (main line, variations, navigation);
 * finishing by agreement; the end by the rules; tags and comments.
 */
#include "config.h"

#include <string.h>

#include "tb-game.h"
#include "tb-random.h"
#include "tb-rules-table.h"
#include "tb-test-util.h"

/* A 20-ply game that fills the four targets: 5-5, a draw. */
static const char *const targets_filled_moves[] = {
  "b1-c2", "h9-h8", "d1-d2", "g9-g5", "a1-a2", "e3-e4", "a2-b3", "e4-f5", "c2-b2", "h8-i8",
  "b2-c3", "i9-h9", "b3-b4", "g5-i5", "b4-b5", "f2-f3", "c3-d4", "f3-g4", "d4-d5", "g4-h5",
  NULL
};

/* A 16-ply game that ends with Light 9 points ahead, out of reach. */
static const char *const unreachable_lead_moves[] = {
  "c1-c7", "g9-g3", "c7-f7", "g3-g4", "b1-c1", "g4-i6", "f7-e7", "g4-h5",
  "f8-g9", "i6-e6", "d8-c7", "e6-c4", "e7-a3", "c6-b5", "a3-a2", "e6-d5", NULL
};

/* Both VERSUS step out and back twice: the start position occurs for the
 * third time after ply 8. */
static const char *const shuffle_moves[] = {
  "c1-c2", "g9-g8", "c2-c1", "g8-g9", "c1-c2", "g9-g8", "c2-c1", "g8-g9", NULL
};

static TbGame *
new_game (const char *ruleset_id)
{
  g_autoptr (TbVariant) variant = tb_variant_new_from_text (ruleset_id, NULL, NULL);

  g_assert_nonnull (variant);
  return tb_game_new (variant, 1);
}

static void
play (TbGame *game, const char *move)
{
  g_autoptr (GError) error = NULL;

  if (!tb_game_play_text (game, move, &error))
    g_error ("ply %u, %s: %s", tb_game_get_ply (game) + 1, move, error->message);
}

static void
play_all (TbGame *game, const char *const *moves)
{
  for (guint i = 0; moves[i]; i++)
    play (game, moves[i]);
}

/* The move of text in the game's current position (well formed, legal or
 * not). */
static TbMove
parse (TbGame *game, const char *text)
{
  TbVariant *v = tb_game_get_variant (game);
  TbMove move;

  g_assert_true (v->rules->parse_move (v, tb_game_get_position (game), text, &move, NULL));
  return move;
}

static char *
position_text (TbGame *game)
{
  return tb_variant_format_position (tb_game_get_variant (game), tb_game_get_position (game));
}

static char *
move_text (TbGame *game, guint ply)
{
  return tb_game_get_move_text (game, ply);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The game's legal moves, as text, sorted, joined by spaces. */
static char *
legal_text (TbGame *game)
{
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (game, &n);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (texts, tb_game_format_move (game, moves[i]));
  g_ptr_array_sort (texts, compare_strings);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

/* The properties say what the getters say. */
static void
assert_properties (TbGame *game)
{
  guint to_move, ply, n_plies, starter;
  TbResult result;
  TbTermination termination;
  gboolean can_undo, can_redo;
  g_autoptr (TbVariant) variant = NULL;

  g_object_get (game, "to-move", &to_move, "result", &result, "termination", &termination,
                "ply", &ply, "n-plies", &n_plies, "can-undo", &can_undo, "can-redo", &can_redo,
                "starter", &starter, "variant", &variant, NULL);
  g_assert_cmpuint (to_move, ==, tb_game_get_to_move (game));
  g_assert_cmpint (result, ==, tb_game_get_result (game));
  g_assert_cmpint (termination, ==, tb_game_get_termination (game));
  g_assert_cmpuint (ply, ==, tb_game_get_ply (game));
  g_assert_cmpuint (n_plies, ==, tb_game_get_n_plies (game));
  g_assert_cmpint (can_undo, ==, tb_game_can_undo (game));
  g_assert_cmpint (can_redo, ==, tb_game_can_redo (game));
  g_assert_cmpuint (starter, ==, tb_game_get_starter (game));
  g_assert_true (variant == tb_game_get_variant (game));
}

/* The same position, side to move and legal moves as line. */
static void
assert_matches_line (TbGame *game, TbLine *line)
{
  g_autofree char *game_position = position_text (game);
  g_autofree char *line_position = tt_position (line);
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *line_legal = g_strjoinv (" ", legal);
  g_autofree char *game_legal = legal_text (game);
  TbOutcome outcome;
  gboolean over = tb_line_is_over (line, &outcome);

  g_assert_cmpstr (game_position, ==, line_position);
  g_assert_cmpstr (game_legal, ==, line_legal);
  g_assert_cmpuint (tb_game_get_ply (game), ==, tb_line_get_ply (line));
  g_assert_cmpint (tb_game_is_over (game), ==, over);
  g_assert_cmpint (tb_game_get_result (game), ==, outcome.result);
  g_assert_cmpint (tb_game_get_termination (game), ==, outcome.termination);
  g_assert_cmpuint (tb_game_get_to_move (game), ==,
                    over ? 0 : tb_position_to_move (tb_line_get_position (line)));
  assert_properties (game);
}

/* Counts "notify" per property and the two signals. */
typedef struct
{
  GHashTable *notified;  /* property name -> count */
  guint moves_played;
  guint last_ply;
  TbMove last_move;
  guint positions_changed;
} Recorder;

static void
on_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  Recorder *r = data;
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (r->notified, pspec->name));

  g_hash_table_insert (r->notified, (gpointer) pspec->name, GUINT_TO_POINTER (count + 1));
}

static void
on_move_played (TbGame *game, guint ply, guint64 move, gpointer data)
{
  Recorder *r = data;

  /* The move is already current when the signal comes. */
  g_assert_cmpuint (ply, ==, tb_game_get_ply (game));
  g_assert_cmpuint (move, ==, tb_game_get_move (game, ply));
  r->moves_played++;
  r->last_ply = ply;
  r->last_move = move;
}

static void
on_position_changed (TbGame *game, gpointer data)
{
  Recorder *r = data;

  r->positions_changed++;
}

static void
recorder_attach (Recorder *r, TbGame *game)
{
  r->notified = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify), r);
  g_signal_connect (game, "move-played", G_CALLBACK (on_move_played), r);
  g_signal_connect (game, "position-changed", G_CALLBACK (on_position_changed), r);
}

static void
recorder_detach (Recorder *r, TbGame *game)
{
  g_signal_handlers_disconnect_by_data (game, r);
  g_hash_table_unref (r->notified);
}

static void
recorder_reset (Recorder *r)
{
  g_hash_table_remove_all (r->notified);
  r->moves_played = 0;
  r->positions_changed = 0;
  r->last_ply = 0;
  r->last_move = TB_MOVE_NONE;
}

/* The properties notified since the last reset, sorted, each once at
 * most; "" when none. */
static char *
recorder_notified (Recorder *r)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer name, count;

  g_hash_table_iter_init (&iter, r->notified);
  while (g_hash_table_iter_next (&iter, &name, &count))
    {
      /* A change notifies once, however many steps it took. */
      g_assert_cmpuint (GPOINTER_TO_UINT (count), ==, 1);
      g_ptr_array_add (names, name);
    }
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

#define assert_notified(r, expected) \
  G_STMT_START { \
    g_autofree char *notified_ = recorder_notified (r); \
    g_assert_cmpstr (notified_, ==, (expected)); \
    recorder_reset (r); \
  } G_STMT_END

static void
test_new_game_is_at_the_start (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
  guint n;

  assert_matches_line (game, line);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 0);
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 1);
  g_assert_cmpuint (tb_game_get_starter (game), ==, 1);
  g_assert_false (tb_game_can_undo (game));
  g_assert_false (tb_game_can_redo (game));
  g_assert_false (tb_game_undo (game));
  g_assert_false (tb_game_redo (game));
  g_assert_false (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_NONE);
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_NONE);
  tb_game_get_legal_moves (game, &n);
  g_assert_cmpuint (n, ==, 20);
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 0);
  g_assert_true (tb_game_get_current_node (game) == tb_game_get_root (game));
  g_assert_null (tb_game_node_get_parent (tb_game_get_root (game)));
  g_assert_cmpstr (tb_rules_get_id (tb_game_get_rules (game)), ==, "versus-61");
}

/* Play, undo, redo and jumps keep the position and the legal moves of the
 * same moves played on a TbLine. */
/* A resignation after an undo ends the game where it stands: the moves
 * undone are no longer its continuation, and the record's result is
 * the resignation's. */
static void
test_finish_after_undo_drops_the_moves_undone (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  TbOutcome outcome;

  for (guint i = 0; i < 3; i++)
    {
      guint n;
      const TbMove *moves = tb_game_get_legal_moves (game, &n);

      g_assert_true (tb_game_play (game, moves[0], NULL));
    }
  g_assert_true (tb_game_undo (game));
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 3);
  tb_game_finish (game, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 2);
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 2);
  g_assert_false (tb_game_can_redo (game));
  tb_game_get_final_outcome (game, &outcome);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT2_WINS);
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_RESIGNED);
}

static void
test_play_undo_redo_keep_positions_and_legality (void)
{
  for (guint r = 0; r < 2; r++)
    {
      const char *ruleset_id = r ? "versus-91" : "versus-61";
      g_autoptr (TbGame) game = new_game (ruleset_id);
      g_autoptr (TbLine) line = tt_line (ruleset_id, NULL, NULL);
      g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GPtrArray) positions = g_ptr_array_new_with_free_func (g_free);
      TbRandom rng;

      tb_random_init (&rng, 17 + r);
      g_ptr_array_add (positions, position_text (game));
      while (tb_game_get_ply (game) < 60 && !tb_game_is_over (game))
        {
          guint n;
          const TbMove *moves = tb_game_get_legal_moves (game, &n);
          TbMove move = moves[tb_random_below (&rng, n)];
          char *text = tb_game_format_move (game, move);
          g_autoptr (GError) error = NULL;

          g_assert_true (tb_game_is_legal (game, move));
          g_assert_true (tb_game_play (game, move, &error));
          g_assert_no_error (error);
          tt_play (line, text);
          g_ptr_array_add (texts, text);
          g_ptr_array_add (positions, position_text (game));
          assert_matches_line (game, line);
          g_assert_cmpuint (tb_game_get_n_plies (game), ==, tb_game_get_ply (game));
          g_assert_false (tb_game_can_redo (game));
          g_assert_true (tb_game_can_undo (game));
        }

      /* Back to the start, one ply at a time. */
      while (tb_game_can_undo (game))
        {
          g_autofree char *here = NULL;

          g_assert_true (tb_game_undo (game));
          tb_line_pop (line);
          assert_matches_line (game, line);
          here = position_text (game);
          g_assert_cmpstr (here, ==, positions->pdata[tb_game_get_ply (game)]);
          g_assert_true (tb_game_can_redo (game));
          g_assert_cmpuint (tb_game_get_n_plies (game), ==, texts->len);
        }
      g_assert_cmpuint (tb_game_get_ply (game), ==, 0);

      /* And forward again. */
      while (tb_game_can_redo (game))
        {
          g_assert_true (tb_game_redo (game));
          tt_play (line, texts->pdata[tb_game_get_ply (game) - 1]);
          assert_matches_line (game, line);
        }
      g_assert_cmpuint (tb_game_get_ply (game), ==, texts->len);

      /* Jumps, and the positions of the plies behind the current one. */
      for (guint i = 0; i < 20; i++)
        {
          guint ply = tb_random_below (&rng, texts->len + 1);
          g_autofree char *here = NULL;

          tb_game_go_to_ply (game, ply);
          g_assert_cmpuint (tb_game_get_ply (game), ==, ply);
          here = position_text (game);
          g_assert_cmpstr (here, ==, positions->pdata[ply]);
          for (guint before = 0; before <= ply; before++)
            {
              const TbPosition *pos = tb_game_get_position_at (game, before);
              g_autofree char *at = tb_variant_format_position (tb_game_get_variant (game), pos);

              g_assert_cmpstr (at, ==, positions->pdata[before]);
            }
        }
    }
}

static void
test_notifications_fire_exactly_when_values_change (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  Recorder r = { 0 };

  recorder_attach (&r, game);

  play (game, "c1-c2");
  assert_notified (&r, "can-undo n-plies ply to-move");
  play (game, "g9-g8");
  assert_notified (&r, "n-plies ply to-move");
  play (game, "a1-a2");
  assert_notified (&r, "n-plies ply to-move");

  g_assert_true (tb_game_undo (game));
  assert_notified (&r, "can-redo ply to-move");
  g_assert_true (tb_game_undo (game));
  assert_notified (&r, "ply to-move");
  g_assert_true (tb_game_undo (game));
  assert_notified (&r, "can-undo ply to-move");
  g_assert_false (tb_game_undo (game));
  assert_notified (&r, "");

  g_assert_true (tb_game_redo (game));
  assert_notified (&r, "can-undo ply to-move");
  /* Two plies at once: to-move comes back to 2, but ply changed. */
  tb_game_go_to_ply (game, 3);
  assert_notified (&r, "can-redo ply");
  tb_game_go_to_ply (game, 3);
  assert_notified (&r, "");
  g_assert_false (tb_game_redo (game));
  assert_notified (&r, "");
  tb_game_go_to_ply (game, 0);
  assert_notified (&r, "can-redo can-undo ply to-move");

  /* Playing the main move again is a redo; another move shortens the
   * current line from 3 plies to 2 (then 2 to 2: no change). */
  tb_game_go_to_ply (game, 1);
  recorder_reset (&r);
  play (game, "g9-g8");
  assert_notified (&r, "ply to-move");
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 3);
  tb_game_undo (game);
  recorder_reset (&r);
  play (game, "h9-h8");
  assert_notified (&r, "can-redo n-plies ply to-move");
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 2);
  tb_game_undo (game);
  recorder_reset (&r);
  play (game, "g9-g7");
  assert_notified (&r, "can-redo ply to-move");
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 2);

  /* Finishing: the outcome and the side to move, nothing else. */
  tb_game_finish (game, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
  assert_notified (&r, "result termination to-move");
  tb_game_undo (game);
  assert_notified (&r, "can-redo ply result termination to-move");
  tb_game_redo (game);
  assert_notified (&r, "can-redo ply result termination to-move");

  /* Failed plays change nothing and say nothing. */
  g_assert_false (tb_game_play (game, parse (game, "a2-a3"), NULL));
  assert_notified (&r, "");

  recorder_detach (&r, game);
}

static void
test_end_by_the_rules_notifies_outcome (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  Recorder r = { 0 };

  for (guint i = 0; targets_filled_moves[i + 1]; i++)
    play (game, targets_filled_moves[i]);
  recorder_attach (&r, game);
  play (game, targets_filled_moves[19]);
  assert_notified (&r, "n-plies ply result termination to-move");
  tb_game_undo (game);
  assert_notified (&r, "can-redo ply result termination to-move");
  recorder_detach (&r, game);
}

static void
test_move_played_carries_ply_and_move (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  Recorder r = { 0 };
  TbMove move;

  recorder_attach (&r, game);
  move = parse (game, "c1-e3");
  play (game, "c1-e3");
  g_assert_cmpuint (r.moves_played, ==, 1);
  g_assert_cmpuint (r.last_ply, ==, 1);
  g_assert_cmpuint (r.last_move, ==, move);

  move = parse (game, "g9-g7");
  g_assert_true (tb_game_play (game, move, NULL));
  g_assert_cmpuint (r.moves_played, ==, 2);
  g_assert_cmpuint (r.last_ply, ==, 2);
  g_assert_cmpuint (r.last_move, ==, move);

  /* Undo, redo and jumps are not moves played. */
  tb_game_undo (game);
  tb_game_redo (game);
  tb_game_go_to_ply (game, 0);
  g_assert_cmpuint (r.moves_played, ==, 2);

  /* A move played again (the same node) or in a variation is. */
  play (game, "c1-e3");
  g_assert_cmpuint (r.moves_played, ==, 3);
  g_assert_cmpuint (r.last_ply, ==, 1);
  move = parse (game, "g9-g8");
  g_assert_true (tb_game_play_full (game, move, TB_PLAY_ADD_VARIATION, NULL));
  g_assert_cmpuint (r.moves_played, ==, 4);
  g_assert_cmpuint (r.last_ply, ==, 2);
  g_assert_cmpuint (r.last_move, ==, move);
  recorder_detach (&r, game);
}

static void
test_position_changed_on_every_move_of_the_current_position (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  Recorder r = { 0 };

  recorder_attach (&r, game);
  play_all (game, (const char *const[]) { "c1-c2", "g9-g8", "a1-a2", NULL });
  g_assert_cmpuint (r.positions_changed, ==, 3);
  tb_game_undo (game);
  g_assert_cmpuint (r.positions_changed, ==, 4);
  tb_game_redo (game);
  g_assert_cmpuint (r.positions_changed, ==, 5);
  tb_game_go_to_ply (game, 1);
  g_assert_cmpuint (r.positions_changed, ==, 6);
  tb_game_go_to_ply (game, 1);  /* already there */
  g_assert_cmpuint (r.positions_changed, ==, 6);
  tb_game_go_to_node (game, tb_game_get_root (game));
  g_assert_cmpuint (r.positions_changed, ==, 7);
  tb_game_go_to_node (game, tb_game_get_root (game));
  g_assert_cmpuint (r.positions_changed, ==, 7);
  g_assert_false (tb_game_undo (game));
  g_assert_cmpuint (r.positions_changed, ==, 7);
  g_assert_false (tb_game_play (game, parse (game, "a1-a3"), NULL));
  g_assert_cmpuint (r.positions_changed, ==, 7);
  tb_game_finish (game, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED);
  g_assert_cmpuint (r.positions_changed, ==, 8);
  g_assert_cmpuint (r.moves_played, ==, 3);
  recorder_detach (&r, game);
}

/* TB_PLAY_MAIN_LINE: after undo, another move becomes the main line and
 * the old continuation stays as its first variation. */
static void
test_other_move_after_undo_becomes_main_line (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  const TbGameNode *root = tb_game_get_root (game);
  const TbGameNode *first, *old, *replacement;
  g_autofree char *second = NULL;

  play_all (game, (const char *const[]) { "c1-c2", "g9-g8", "a1-a2", NULL });
  first = tb_game_node_get_child (root, 0);
  old = tb_game_node_get_child (first, 0);
  tb_game_go_to_ply (game, 1);
  play (game, "h9-h8");
  replacement = tb_game_get_current_node (game);

  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 2);
  g_assert_false (tb_game_can_redo (game));
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 2);
  second = move_text (game, 2);
  g_assert_cmpstr (second, ==, "h9-h8");
  g_assert_cmpuint (tb_game_node_get_n_children (first), ==, 2);
  g_assert_true (tb_game_node_get_child (first, 0) == replacement);
  g_assert_true (tb_game_node_get_child (first, 1) == old);
  g_assert_true (tb_game_node_get_parent (replacement) == first);
  /* The old continuation is intact. */
  g_assert_cmpuint (tb_game_node_get_n_children (old), ==, 1);
  tb_game_go_to_node (game, tb_game_node_get_child (old, 0));
  {
    g_autofree char *m2 = move_text (game, 2), *m3 = move_text (game, 3);

    g_assert_cmpstr (m2, ==, "g9-g8");
    g_assert_cmpstr (m3, ==, "a1-a2");
  }

  /* Playing the old move again brings it back as the main line. */
  tb_game_go_to_ply (game, 1);
  play (game, "g9-g8");
  g_assert_true (tb_game_node_get_child (first, 0) == old);
  g_assert_true (tb_game_node_get_child (first, 1) == replacement);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 3);
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 3);
}

/* The same move again after undo is the node that was there (a redo that
 * keeps what follows), not a new one. */
static void
test_same_move_after_undo_reuses_the_node (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  const TbGameNode *first, *second;

  play_all (game, (const char *const[]) { "c1-c2", "g9-g8", "a1-a2", "g8-g7", NULL });
  first = tb_game_node_get_child (tb_game_get_root (game), 0);
  second = tb_game_node_get_child (first, 0);
  tb_game_set_comment (game, 3, "kept");
  tb_game_add_node_nag (game, second, 3);
  tb_game_go_to_ply (game, 1);
  play (game, "g9-g8");

  g_assert_true (tb_game_get_current_node (game) == second);
  g_assert_cmpuint (tb_game_node_get_n_children (first), ==, 1);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 4);
  g_assert_true (tb_game_can_redo (game));
  g_assert_cmpstr (tb_game_get_comment (game, 3), ==, "kept");
  {
    guint n;
    const guint8 *nags = tb_game_node_get_nags (second, &n);

    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpuint (nags[0], ==, 3);
  }
  /* The same with TB_PLAY_ADD_VARIATION. */
  tb_game_go_to_ply (game, 1);
  g_assert_true (tb_game_play_full (game, parse (game, "g9-g8"), TB_PLAY_ADD_VARIATION, NULL));
  g_assert_true (tb_game_get_current_node (game) == second);
  g_assert_cmpuint (tb_game_node_get_n_children (first), ==, 1);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 4);
}

/* TB_PLAY_ADD_VARIATION puts a new move after the existing ones and never
 * reorders them. */
static void
test_add_variation_appends (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  const TbGameNode *root = tb_game_get_root (game);
  const TbGameNode *main_move, *a, *b;

  play_all (game, (const char *const[]) { "c1-c2", "g9-g8", NULL });
  main_move = tb_game_node_get_child (root, 0);
  tb_game_go_to_ply (game, 0);
  g_assert_true (tb_game_play_full (game, parse (game, "c1-c3"), TB_PLAY_ADD_VARIATION, NULL));
  a = tb_game_get_current_node (game);
  tb_game_go_to_ply (game, 0);
  g_assert_true (tb_game_play_full (game, parse (game, "a1-a2"), TB_PLAY_ADD_VARIATION, NULL));
  b = tb_game_get_current_node (game);

  g_assert_cmpuint (tb_game_node_get_n_children (root), ==, 3);
  g_assert_true (tb_game_node_get_child (root, 0) == main_move);
  g_assert_true (tb_game_node_get_child (root, 1) == a);
  g_assert_true (tb_game_node_get_child (root, 2) == b);
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 2);
  /* The current line is the new variation. */
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 1);
  {
    g_autofree char *text = move_text (game, 1);

    g_assert_cmpstr (text, ==, "a1-a2");
  }
  /* Playing an existing variation again in this mode keeps the order. */
  tb_game_go_to_ply (game, 0);
  g_assert_true (tb_game_play_full (game, parse (game, "c1-c3"), TB_PLAY_ADD_VARIATION, NULL));
  g_assert_true (tb_game_get_current_node (game) == a);
  g_assert_true (tb_game_node_get_child (root, 1) == a);
  g_assert_true (tb_game_node_get_child (root, 0) == main_move);
}

/* A new variation is a new continuation even when one has the same move;
 * the order of the continuations holds through every way of adding one,
 * and going from one line to another gives the position of its moves. */
static void
test_new_variation_stays_apart (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  const TbGameNode *root = tb_game_get_root (game);
  const TbGameNode *nodes[5];
  g_autoptr (TbLine) line = NULL;
  g_autofree char *position = NULL, *expected = NULL;
  const TbGameNode *child;
  guint i = 0;

  g_assert_true (tb_game_play_full (game, parse (game, "c1-c2"), TB_PLAY_NEW_VARIATION, NULL));
  nodes[0] = tb_game_get_current_node (game);
  tb_game_go_to_ply (game, 0);
  g_assert_true (tb_game_play_full (game, parse (game, "c1-c2"), TB_PLAY_NEW_VARIATION, NULL));
  nodes[1] = tb_game_get_current_node (game);
  g_assert_true (nodes[1] != nodes[0]);
  tb_game_go_to_ply (game, 0);
  g_assert_true (tb_game_play_full (game, parse (game, "c1-c3"), TB_PLAY_ADD_VARIATION, NULL));
  nodes[2] = tb_game_get_current_node (game);
  /* Played on the main line, the last one comes first... */
  tb_game_go_to_ply (game, 0);
  g_assert_true (tb_game_play (game, parse (game, "c1-c3"), NULL));
  g_assert_true (tb_game_get_current_node (game) == nodes[2]);
  /* ...and what is added after goes last. */
  tb_game_go_to_ply (game, 0);
  g_assert_true (tb_game_play_full (game, parse (game, "a1-a2"), TB_PLAY_NEW_VARIATION, NULL));
  nodes[3] = tb_game_get_current_node (game);
  play_all (game, (const char *const[]) { "g9-g8", NULL });
  nodes[4] = tb_game_get_current_node (game);

  g_assert_cmpuint (tb_game_node_get_n_children (root), ==, 4);
  for (child = tb_game_node_get_child (root, 0); child;
       child = tb_game_node_get_next_sibling (child), i++)
    {
      const TbGameNode *order[] = { nodes[2], nodes[0], nodes[1], nodes[3] };

      g_assert_true (child == order[i]);
    }
  g_assert_cmpuint (i, ==, 4);

  tb_game_go_to_node (game, nodes[1]);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  tb_game_go_to_node (game, nodes[4]);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  line = tb_game_new_line (game);
  tb_line_push (line, tb_game_node_get_move (nodes[3]));
  tb_line_push (line, tb_game_node_get_move (nodes[4]));
  position = tb_variant_format_position (tb_game_get_variant (game), tb_game_get_position (game));
  expected = tb_variant_format_position (tb_game_get_variant (game), tb_line_get_position (line));
  g_assert_cmpstr (position, ==, expected);
}

/* go_to_node into a variation makes it the current line: undo and redo
 * follow it, not the main line. */
static void
test_go_to_node_then_undo_redo_follow_the_variation (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES ("c1-c2", "h9-h8", "b1-b2",
                                                                  "g9-g8", "a1-a2"));
  static const char *const variation[] = { "h9-h8", "b1-b2", "g9-g8", "a1-a2", NULL };
  const TbGameNode *first, *v1, *v2, *v4;

  play_all (game, (const char *const[]) { "c1-c2", "g9-g8", "a1-a2", "e9-e8", "d1-d2", NULL });
  first = tb_game_node_get_child (tb_game_get_root (game), 0);
  tb_game_go_to_node (game, first);
  for (guint i = 0; variation[i]; i++)
    g_assert_true (tb_game_play_full (game, parse (game, variation[i]), TB_PLAY_ADD_VARIATION,
                                      NULL));
  v4 = tb_game_get_current_node (game);
  v1 = tb_game_node_get_child (first, 1);
  v2 = tb_game_node_get_child (v1, 0);
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 5);

  /* Into the middle of the variation: the current line runs to its end. */
  tb_game_go_to_node (game, tb_game_get_root (game));
  tb_game_go_to_node (game, v2);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 5);
  g_assert_true (tb_game_can_redo (game));
  for (guint ply = 2; ply <= 5; ply++)
    {
      g_autofree char *text = move_text (game, ply);

      g_assert_cmpstr (text, ==, variation[ply - 2]);
    }
  tb_line_pop (line);
  tb_line_pop (line);
  assert_matches_line (game, line);

  g_assert_true (tb_game_undo (game));
  g_assert_true (tb_game_get_current_node (game) == v1);
  g_assert_true (tb_game_undo (game));
  g_assert_true (tb_game_get_current_node (game) == first);
  /* Redo goes back down the variation, not the main line. */
  g_assert_true (tb_game_redo (game));
  g_assert_true (tb_game_get_current_node (game) == v1);
  g_assert_true (tb_game_redo (game));
  g_assert_true (tb_game_redo (game));
  g_assert_true (tb_game_redo (game));
  g_assert_true (tb_game_get_current_node (game) == v4);
  g_assert_false (tb_game_redo (game));
  tt_play (line, "g9-g8");
  tt_play (line, "a1-a2");
  assert_matches_line (game, line);

  /* Back to the main line's end. */
  {
    const TbGameNode *end = tb_game_get_root (game);

    while (tb_game_node_get_n_children (end))
      end = tb_game_node_get_child (end, 0);
    tb_game_go_to_node (game, end);
    g_assert_cmpuint (tb_game_get_ply (game), ==, 5);
    g_assert_true (tb_game_get_current_node (game) == end);
    {
      g_autofree char *text = move_text (game, 2);

      g_assert_cmpstr (text, ==, "g9-g8");
    }
  }
}

/* tb_game_finish ends the game where it is; undo leaves the finished
 * node and redo comes back to it: the finish is part of that node. */
static void
test_finish_ends_the_game_and_is_kept_on_its_node (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  g_autoptr (GError) error = NULL;
  const TbGameNode *node;
  TbOutcome outcome;
  guint n;

  play_all (game, (const char *const[]) { "c1-c2", "g9-g8", "a1-a2", NULL });
  node = tb_game_get_current_node (game);
  g_assert_false (tb_game_node_get_finish (node, NULL));
  tb_game_finish (game, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RESIGNED);

  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_SEAT1_WINS);
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_RESIGNED);
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 0);
  tb_game_get_legal_moves (game, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_false (tb_game_is_legal (game, parse (game, "g8-g7")));
  g_assert_false (tb_game_play (game, parse (game, "g8-g7"), &error));
  g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 3);
  assert_properties (game);
  g_assert_true (tb_game_node_get_finish (node, &outcome));
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT1_WINS);
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_RESIGNED);
  tb_game_get_final_outcome (game, &outcome);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT1_WINS);
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_RESIGNED);

  /* Undo: playing again. */
  g_assert_true (tb_game_can_undo (game));
  g_assert_true (tb_game_undo (game));
  g_assert_false (tb_game_is_over (game));
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 1);
  tb_game_get_legal_moves (game, &n);
  g_assert_cmpuint (n, >, 0);
  g_assert_true (tb_game_can_redo (game));
  /* The record still ends with the resignation. */
  tb_game_get_final_outcome (game, &outcome);
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_RESIGNED);

  /* Redo, a jump, or the same move again: finished again. */
  g_assert_true (tb_game_redo (game));
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_RESIGNED);
  tb_game_go_to_ply (game, 0);
  tb_game_go_to_ply (game, 3);
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_SEAT1_WINS);
  tb_game_undo (game);
  play (game, "a1-a2");
  g_assert_true (tb_game_get_current_node (game) == node);
  g_assert_true (tb_game_is_over (game));

  /* Another move instead: the resignation stays in the variation. */
  tb_game_undo (game);
  play (game, "b1-b2");
  g_assert_false (tb_game_is_over (game));
  tb_game_get_final_outcome (game, &outcome);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_NONE);
  g_assert_true (tb_game_node_get_finish (node, NULL));
}

static void
test_finish_before_any_move (void)
{
  g_autoptr (TbGame) game = new_game ("versus-91");

  tb_game_finish (game, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED);
  g_assert_true (tb_game_is_over (game));
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 0);
  g_assert_false (tb_game_can_undo (game));
  g_assert_true (tb_game_node_get_finish (tb_game_get_root (game), NULL));
}

static void
test_tags_set_get_and_order (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  const char *const *names = tb_game_get_tag_names (game);
  static const char *const defaults[] = { "Event", "Site", "Date", "Round", "Player1",
                                          "Player2", NULL };

  /* The seven tag roster of PGN, less Result which is derived. */
  g_assert_cmpstrv (names, defaults);
  g_assert_cmpstr (tb_game_get_tag (game, "Event"), ==, "?");
  g_assert_cmpstr (tb_game_get_tag (game, "Date"), ==, "????.??.??");
  g_assert_cmpstr (tb_game_get_tag (game, "Round"), ==, "-");
  g_assert_null (tb_game_get_tag (game, "Annotator"));
  g_assert_null (tb_game_get_player_name (game, 1));
  g_assert_null (tb_game_get_player_name (game, 2));

  tb_game_set_tag (game, "X_Foo", "1");
  tb_game_set_tag (game, "Player2", "Tablier (level 3)");
  tb_game_set_tag (game, "Annotator", "Bob");
  tb_game_set_tag (game, "X_Foo", "2");
  names = tb_game_get_tag_names (game);
  g_assert_cmpstrv (names, ((const char *const[]) { "Event", "Site", "Date", "Round", "Player1",
                                                    "Player2", "X_Foo", "Annotator", NULL }));
  g_assert_cmpstr (tb_game_get_tag (game, "X_Foo"), ==, "2");
  g_assert_cmpstr (tb_game_get_tag (game, "Player2"), ==, "Tablier (level 3)");
  g_assert_cmpstr (tb_game_get_player_name (game, 2), ==, "Tablier (level 3)");
  g_assert_null (tb_game_get_player_name (game, 1));
  tb_game_set_tag (game, "Player1", "Alice");
  g_assert_cmpstr (tb_game_get_player_name (game, 1), ==, "Alice");
  tb_game_set_tag (game, "Player1", "");
  g_assert_null (tb_game_get_player_name (game, 1));
  g_assert_cmpstr (tb_game_get_tag (game, "Player1"), ==, "");

  /* A tag removed: the ones after it are still found, and set again in
   * place, and it comes back last. */
  tb_game_remove_tag (game, "Round");
  tb_game_remove_tag (game, "Round");
  g_assert_null (tb_game_get_tag (game, "Round"));
  tb_game_set_tag (game, "X_Foo", "3");
  tb_game_set_tag (game, "Round", "4");
  g_assert_cmpstr (tb_game_get_tag (game, "X_Foo"), ==, "3");
  g_assert_cmpstr (tb_game_get_tag (game, "Annotator"), ==, "Bob");
  g_assert_cmpstr (tb_game_get_tag (game, "Player2"), ==, "Tablier (level 3)");
  g_assert_cmpstrv (tb_game_get_tag_names (game),
                    ((const char *const[]) { "Event", "Site", "Date", "Player1", "Player2",
                                             "X_Foo", "Annotator", "Round", NULL }));

  /* The same with many tags (found by name in a table past a few). */
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("X_%u", i);

      tb_game_set_tag (game, name, name);
    }
  tb_game_remove_tag (game, "X_5");
  tb_game_remove_tag (game, "Site");
  tb_game_set_tag (game, "X_7", "seven");
  g_assert_null (tb_game_get_tag (game, "X_5"));
  g_assert_null (tb_game_get_tag (game, "Site"));
  g_assert_cmpstr (tb_game_get_tag (game, "X_7"), ==, "seven");
  g_assert_cmpstr (tb_game_get_tag (game, "Annotator"), ==, "Bob");
  for (guint i = 8; i < 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("X_%u", i);

      g_assert_cmpstr (tb_game_get_tag (game, name), ==, name);
      g_assert_cmpstr (tb_game_get_tag_names (game)[i + 6], ==, name);
    }
  g_assert_cmpuint (g_strv_length ((char **) tb_game_get_tag_names (game)), ==, 8 - 1 + 40 - 1);
}

/* Words one space apart, paragraphs a blank line apart. */
static void
test_comments_keep_paragraphs (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  const TbGameNode *first;

  play_all (game, (const char *const[]) { "c1-e3", "g9-g7", "b1-c2", NULL });
  first = tb_game_node_get_child (tb_game_get_root (game), 0);
  tb_game_set_comment (game, 1, "  pulls e9\nto e8,\r\n\tthen\t\twaits  ");
  g_assert_cmpstr (tb_game_get_comment (game, 1), ==, "pulls e9 to e8, then waits");
  g_assert_cmpstr (tb_game_node_get_comment (first), ==, "pulls e9 to e8, then waits");
  tb_game_set_comment (game, 0, "before the first move");
  g_assert_cmpstr (tb_game_get_comment (game, 0), ==, "before the first move");
  g_assert_cmpstr (tb_game_node_get_comment (tb_game_get_root (game)), ==,
                   "before the first move");
  tb_game_set_comment (game, 2, "é à ï } ;");
  g_assert_cmpstr (tb_game_get_comment (game, 2), ==, "é à ï } ;");
  /* Nothing but space is no comment. */
  tb_game_set_comment (game, 2, " \n\t ");
  g_assert_null (tb_game_get_comment (game, 2));
  tb_game_set_comment (game, 1, NULL);
  g_assert_null (tb_game_get_comment (game, 1));
  /* A ply after the current one, and a node directly. */
  tb_game_go_to_ply (game, 0);
  tb_game_set_comment (game, 3, "later\nmove");
  g_assert_cmpstr (tb_game_get_comment (game, 3), ==, "later move");
  tb_game_set_node_comment (game, first, "by\n\nnode");
  g_assert_cmpstr (tb_game_get_comment (game, 1), ==, "by\n\nnode");
  tb_game_set_comment (game, 1, "\n\n  first\r\n \t\r\n\n second  paragraph \n third\n\n");
  g_assert_cmpstr (tb_game_get_comment (game, 1), ==, "first\n\nsecond paragraph third");
}

/* The text of any ply of the current line, behind or ahead of the current
 * position, is the text the move had when it was played. */
static void
test_move_text_before_and_after_current_ply (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  TbRandom rng;

  tb_random_init (&rng, 3);
  for (guint i = 0; i < 30 && !tb_game_is_over (game); i++)
    {
      guint n;
      const TbMove *moves = tb_game_get_legal_moves (game, &n);
      TbMove move = moves[tb_random_below (&rng, n)];

      g_ptr_array_add (texts, tb_game_format_move (game, move));
      g_assert_true (tb_game_play (game, move, NULL));
      g_assert_cmpuint (tb_game_get_move (game, tb_game_get_ply (game)), ==, move);
    }
  for (guint current = 0; current <= texts->len; current += 7)
    {
      tb_game_go_to_ply (game, current);
      for (guint ply = 1; ply <= texts->len; ply++)
        {
          g_autofree char *text = move_text (game, ply);

          g_assert_cmpstr (text, ==, texts->pdata[ply - 1]);
        }
    }
}

static void
assert_ended (TbGame *game, TbResult result, TbTermination termination, int seat1, int seat2)
{
  int scores[2];
  guint n;

  g_assert_true (tb_game_is_over (game));
  g_assert_cmpint (tb_game_get_result (game), ==, result);
  g_assert_cmpint (tb_game_get_termination (game), ==, termination);
  g_assert_cmpuint (tb_game_get_to_move (game), ==, 0);
  tb_game_get_legal_moves (game, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_true (tb_game_get_score (game, scores));
  g_assert_cmpint (scores[0], ==, seat1);
  g_assert_cmpint (scores[1], ==, seat2);
  g_assert_true (tb_game_can_undo (game));
  g_assert_false (tb_game_node_get_finish (tb_game_get_current_node (game), NULL));
}

static void
test_end_by_the_rules (void)
{
  g_autoptr (TbGame) filled = new_game ("versus-61");
  g_autoptr (TbGame) lead = new_game ("versus-61");
  TbOutcome outcome;

  for (guint i = 0; targets_filled_moves[i]; i++)
    {
      g_assert_false (tb_game_is_over (filled));
      g_assert_cmpuint (tb_game_get_to_move (filled), ==, i % 2 + 1);
      play (filled, targets_filled_moves[i]);
    }
  assert_ended (filled, TB_RESULT_DRAW, TB_TERMINATION_TARGETS_FILLED, 5, 5);
  assert_properties (filled);
  tb_game_get_final_outcome (filled, &outcome);
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_TARGETS_FILLED);
  tb_game_undo (filled);
  g_assert_false (tb_game_is_over (filled));
  g_assert_cmpuint (tb_game_get_to_move (filled), ==, 2);

  play_all (lead, unreachable_lead_moves);
  assert_ended (lead, TB_RESULT_SEAT2_WINS, TB_TERMINATION_UNREACHABLE_LEAD, 0, 9);
}

/* The third occurrence of a position ends the game (the repetition
 * addition); the points on the targets decide: 0-0, a draw. */
static void
test_third_repetition_ends_the_game (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  g_autofree char *start = position_text (game);

  for (guint i = 0; shuffle_moves[i]; i++)
    {
      g_assert_false (tb_game_is_over (game));
      play (game, shuffle_moves[i]);
    }
  {
    g_autofree char *end = position_text (game);

    g_assert_cmpstr (end, ==, start);
  }
  assert_ended (game, TB_RESULT_DRAW, TB_TERMINATION_REPETITION, 0, 0);

  /* Back one ply, the position has occurred twice only; another move
   * goes on. */
  tb_game_undo (game);
  g_assert_false (tb_game_is_over (game));
  play (game, "g8-g7");
  g_assert_false (tb_game_is_over (game));
  /* Back to the start of the line, the count starts again. */
  tb_game_go_to_ply (game, 4);
  g_assert_false (tb_game_is_over (game));

  /* Without the addition the shuffle goes on. */
  {
    g_autoptr (TbVariant) variant = tb_variant_new_from_text ("versus-61", "repetition=no", NULL);
    g_autoptr (TbGame) endless = tb_game_new (variant, 1);

    play_all (endless, shuffle_moves);
    play_all (endless, shuffle_moves);
    g_assert_false (tb_game_is_over (endless));
  }
}

/* A line used for game after game (random playouts) counts each game's
 * positions afresh: the shuffle ends in a third repetition every time,
 * not sooner for the games before; and a position popped off is counted
 * once less, in a later game as in the first. */
static void
test_reset_line_counts_afresh (void)
{
  g_autoptr (TbVariant) variant = tb_variant_new_from_text ("versus-61", NULL, NULL);
  g_autoptr (TbLine) line = tb_line_new (variant, 1);
  for (guint game = 0; game < 5; game++)
    {
      TbOutcome outcome;

      tb_line_reset (line, 1);
      for (guint i = 0; shuffle_moves[i]; i++)
        {
          g_autoptr (GError) error = NULL;

          /* The four positions of the shuffle come round every four plies. */
          g_assert_cmpuint (tb_line_get_occurrences (line), ==, i / 4 + 1);
          g_assert_true (tb_line_play_text (line, shuffle_moves[i], NULL, &error));
          g_assert_no_error (error);
        }
      g_assert_cmpuint (tb_line_get_occurrences (line), ==, 3);
      g_assert_true (tb_line_is_over (line, &outcome));
      g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_REPETITION);
      tb_line_pop (line);
      g_assert_cmpuint (tb_line_get_occurrences (line), ==, 2);
      g_assert_false (tb_line_is_over (line, NULL));
    }
}

static void
test_play_when_over_fails (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) text_error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  Recorder r = { 0 };

  play_all (game, shuffle_moves);
  before = position_text (game);
  recorder_attach (&r, game);
  g_assert_false (tb_game_play (game, parse (game, "c1-c2"), &error));
  g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER);
  g_assert_false (tb_game_play_text (game, "c1-c2", &text_error));
  g_assert_error (text_error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER);
  after = position_text (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 8);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 8);
  g_assert_cmpuint (r.moves_played, ==, 0);
  g_assert_cmpuint (r.positions_changed, ==, 0);
  assert_notified (&r, "");
  recorder_detach (&r, game);
}

static void
test_illegal_move_fails_and_changes_nothing (void)
{
  g_autoptr (TbGame) game = new_game ("versus-61");
  g_autofree char *before = NULL;
  Recorder r = { 0 };
  static const char *const illegal[] = {
    "a1-a3",   /* a pawn moves one cell */
    "g9-g8",   /* not Dark's piece */
    "c4-d3",   /* not a straight line */
    "d1-e1",   /* occupied */
    "e5-e6",   /* no piece there */
  };

  play_all (game, (const char *const[]) { "c1-c4", "e9-e8", NULL });
  tb_game_go_to_ply (game, 2);
  before = position_text (game);
  recorder_attach (&r, game);
  for (guint i = 0; i < G_N_ELEMENTS (illegal) + 1; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GError) text_error = NULL;
      /* c4-d5: the VERSUS may not stop on a target. */
      const char *text = i < G_N_ELEMENTS (illegal) ? illegal[i] : "c4-d5";
      TbMove move = parse (game, text);
      g_autofree char *after = NULL;

      g_assert_false (tb_game_is_legal (game, move));
      g_assert_false (tb_game_play (game, move, &error));
      g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE);
      g_assert_false (tb_game_play_full (game, move, TB_PLAY_ADD_VARIATION, NULL));
      g_assert_false (tb_game_play_text (game, text, &text_error));
      g_assert_error (text_error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE);
      after = position_text (game);
      g_assert_cmpstr (after, ==, before);
    }
  /* Text that is no move at all. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (tb_game_play_text (game, "c1-z9", &error));
    g_assert_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT);
  }
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_cmpuint (tb_game_get_n_plies (game), ==, 2);
  g_assert_cmpuint (tb_game_node_get_n_children (tb_game_get_current_node (game)), ==, 0);
  g_assert_cmpuint (r.moves_played, ==, 0);
  g_assert_cmpuint (r.positions_changed, ==, 0);
  assert_notified (&r, "");
  recorder_detach (&r, game);
}

/* A move shown for confirmation: the position it leads to, from the
 * game, without playing it; an illegal move has none. */
static void
test_preview_move (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) game = tb_game_new (v, 1);
  g_autoptr (TbGame) played = tb_game_new (v, 1);
  TbMove move, illegal;
  TbPosition *after;

  g_assert_true (tb_game_parse_move (game, "c1-e3", &move, NULL));
  g_assert_true (tb_game_play (played, move, NULL));
  after = tb_game_preview_move (game, move);
  g_assert_nonnull (after);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_cmpuint (tb_position_hash (after), ==, tb_position_hash (tb_game_get_position (played)));
  g_assert_cmpmem (after, v->position_size, tb_game_get_position (played), v->position_size);
  tb_position_free (after);
  /* A well formed move of the other player is not legal here. */
  g_assert_true (tb_game_parse_move (played, "g9-g7", &illegal, NULL));
  g_assert_false (tb_game_is_legal (game, illegal));
  g_assert_null (tb_game_preview_move (game, illegal));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/new-game-is-at-the-start", test_new_game_is_at_the_start);
  g_test_add_func ("/game/finish-after-undo-drops-the-moves-undone",
                   test_finish_after_undo_drops_the_moves_undone);
  g_test_add_func ("/game/play-undo-redo-keep-positions-and-legality",
                   test_play_undo_redo_keep_positions_and_legality);
  g_test_add_func ("/game/notify/fire-exactly-when-values-change",
                   test_notifications_fire_exactly_when_values_change);
  g_test_add_func ("/game/notify/end-by-the-rules-notifies-outcome",
                   test_end_by_the_rules_notifies_outcome);
  g_test_add_func ("/game/signals/move-played-carries-ply-and-move",
                   test_move_played_carries_ply_and_move);
  g_test_add_func ("/game/signals/position-changed-on-every-change",
                   test_position_changed_on_every_move_of_the_current_position);
  g_test_add_func ("/game/tree/other-move-after-undo-becomes-main-line",
                   test_other_move_after_undo_becomes_main_line);
  g_test_add_func ("/game/tree/same-move-after-undo-reuses-the-node",
                   test_same_move_after_undo_reuses_the_node);
  g_test_add_func ("/game/tree/add-variation-appends", test_add_variation_appends);
  g_test_add_func ("/game/tree/new-variation-stays-apart", test_new_variation_stays_apart);
  g_test_add_func ("/game/tree/go-to-node-then-undo-redo-follow-the-variation",
                   test_go_to_node_then_undo_redo_follow_the_variation);
  g_test_add_func ("/game/finish/ends-the-game-and-is-kept-on-its-node",
                   test_finish_ends_the_game_and_is_kept_on_its_node);
  g_test_add_func ("/game/finish/before-any-move", test_finish_before_any_move);
  g_test_add_func ("/game/tags/set-get-and-order", test_tags_set_get_and_order);
  g_test_add_func ("/game/comments/keep-paragraphs", test_comments_keep_paragraphs);
  g_test_add_func ("/game/move-text-before-and-after-current-ply",
                   test_move_text_before_and_after_current_ply);
  g_test_add_func ("/game/end/by-the-rules", test_end_by_the_rules);
  g_test_add_func ("/game/preview-move", test_preview_move);
  g_test_add_func ("/game/end/third-repetition", test_third_repetition_ends_the_game);
  g_test_add_func ("/game/end/reset-line-counts-afresh", test_reset_line_counts_afresh);
  g_test_add_func ("/game/errors/play-when-over-fails", test_play_when_over_fails);
  g_test_add_func ("/game/errors/illegal-move-fails-and-changes-nothing",
                   test_illegal_move_fails_and_changes_nothing);

  return g_test_run ();
}
