/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game-edit.c: editing a game's tree, as the replay's analysis board
 * does: a move played at an earlier ply becomes a variation, a variation
 * is promoted or cut (and put back), and a move's glyph is set or cycled
 * by the '!' and '?' keys.  Every undo gives back the tree exactly: it is
 * compared with a twin game made the same way and never edited. */
#include "config.h"

#include "tb-game.h"
#include "tb-test-games.h"

/* The main line of a VERSUS 61 game, six plies. */
static const char *const six_plies[] = {
  "c1-c2", "g9-g8", "c2-c3", "g8-g7", "d1-d2", "f9-f8", NULL
};

static TbMove
parse (TbGame *game, const char *text)
{
  g_autoptr (GError) error = NULL;
  TbMove move = TB_MOVE_NONE;

  if (!tb_game_parse_move (game, text, &move, &error))
    g_error ("%s: %s", text, error->message);
  return move;
}

/* Plays text where the game stands as the replay does: a new move is a
 * variation there, a known one is followed. */
static const TbGameNode *
play_there (TbGame *game, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tb_game_play_full (game, parse (game, text), TB_PLAY_ADD_VARIATION, &error));
  g_assert_no_error (error);
  return tb_game_get_current_node (game);
}

/* The text of the main line, "c1-c2 g9-g8 …", from the game's tree. */
static char *
main_line_text (TbGame *game)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const TbGameNode *here = tb_game_get_current_node (game);
  const TbGameNode *node = tb_game_get_root (game);

  tb_game_go_to_node (game, node);
  for (node = tb_game_node_get_child (node, 0); node; node = tb_game_node_get_child (node, 0))
    {
      g_autofree char *move = tb_game_format_move (game, tb_game_node_get_move (node));

      g_string_append_printf (text, "%s%s", text->len ? " " : "", move);
      tb_game_go_to_node (game, node);
    }
  tb_game_go_to_node (game, here);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The six plies, a variation of the 4th ply (Dark's "f9-f8" and Light's
 * "a1-a2" instead of "g8-g7"), and one inside it at its second move
 * ("b1-b2" instead of "a1-a2"). */
static TbGame *
game_with_variations (const TbGameNode **variation, const TbGameNode **inner)
{
  TbGame *game = tt_new_game ("versus-61", NULL);

  tt_play_moves (game, six_plies);
  tb_game_go_to_ply (game, 3);
  *variation = play_there (game, "f9-f8");
  play_there (game, "a1-a2");
  tb_game_go_to_node (game, *variation);
  *inner = play_there (game, "b1-b2");
  return game;
}

static void
test_play_at_earlier_ply_adds_a_variation (void)
{
  g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);
  const TbGameNode *at_3, *main_4, *variation;
  g_autofree char *before = NULL, *after = NULL;

  tt_play_moves (game, six_plies);
  before = main_line_text (game);
  tb_game_go_to_ply (game, 3);
  at_3 = tb_game_get_current_node (game);
  main_4 = tb_game_node_get_child (at_3, 0);
  variation = play_there (game, "f9-f8");

  /* The main line is untouched; the move is a second continuation. */
  after = main_line_text (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (tb_game_node_get_n_children (at_3), ==, 2);
  g_assert_true (tb_game_node_get_child (at_3, 0) == main_4);
  g_assert_true (tb_game_node_get_child (at_3, 1) == variation);
  g_assert_true (tb_game_node_get_variation_start (variation) == variation);
  g_assert_null (tb_game_node_get_variation_start (main_4));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 4);
  /* The main line's move played again is followed, not made twice. */
  tb_game_go_to_ply (game, 3);
  g_assert_true (play_there (game, "g8-g7") == main_4);
  g_assert_cmpuint (tb_game_node_get_n_children (at_3), ==, 2);
}

static void
test_promote_makes_the_variation_the_main_line (void)
{
  const TbGameNode *variation, *inner, *reply, *promoted;
  g_autoptr (TbGame) game = game_with_variations (&variation, &inner);
  const TbGameNode *others[2];
  g_autoptr (TbGame) twin = game_with_variations (&others[0], &others[1]);
  g_autofree char *main_line = NULL, *inner_main = NULL;
  guint old_index = 99;

  /* Promoted from its second move: the whole variation is promoted. */
  reply = tb_game_node_get_child (variation, 0);
  tb_game_go_to_node (game, reply);
  promoted = tb_game_promote_variation (game, reply, &old_index);
  g_assert_true (promoted == variation);
  g_assert_cmpuint (old_index, ==, 1);
  main_line = main_line_text (game);
  g_assert_cmpstr (main_line, ==, "c1-c2 g9-g8 c2-c3 f9-f8 a1-a2");
  /* The position shown stays; the current line is the new main line. */
  g_assert_true (tb_game_get_current_node (game) == reply);
  g_assert_true (tb_game_is_at_main_line_end (game));
  /* The old main line is the variation now. */
  g_assert_cmpuint (tb_game_node_get_index (variation), ==, 0);
  g_assert_nonnull (tb_game_node_get_variation_start (
    tb_game_node_get_child (tb_game_node_get_parent (variation), 1)));

  /* A variation inside it is promoted within it, one level. */
  g_assert_true (tb_game_promote_variation (game, inner, &old_index) == inner);
  g_assert_cmpuint (old_index, ==, 1);
  inner_main = main_line_text (game);
  g_assert_cmpstr (inner_main, ==, "c1-c2 g9-g8 c2-c3 f9-f8 b1-b2");
  /* On the main line: nothing to promote. */
  g_assert_null (tb_game_promote_variation (game, inner, &old_index));

  /* Undone in reverse order: the very same tree. */
  tb_game_move_node (game, inner, 1);
  tb_game_move_node (game, variation, 1);
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (twin));
  g_assert_true (tb_game_node_get_child (tb_game_node_get_parent (variation), 1) == variation);
}

/* game_with_variations with a third continuation at ply 3 (after the
 * variation) and a comment and a glyph on the inner variation's move. */
static TbGame *
game_with_three (const TbGameNode **variation, const TbGameNode **inner,
                 const TbGameNode **third)
{
  TbGame *game = game_with_variations (variation, inner);

  tb_game_go_to_node (game, tb_game_node_get_parent (*variation));
  *third = play_there (game, "h9-i9");
  tb_game_set_node_comment (game, *inner, "kept through the cut");
  tb_game_set_node_move_nag (game, *inner, 5);
  return game;
}

static void
test_cut_and_restore (void)
{
  const TbGameNode *variation, *inner, *third, *parent, *others[3];
  g_autoptr (TbGame) game = game_with_three (&variation, &inner, &third);
  g_autoptr (TbGame) twin = game_with_three (&others[0], &others[1], &others[2]);
  TbGameCut *cut;

  parent = tb_game_node_get_parent (variation);
  /* Cut while the position shown is inside it: shown from its parent. */
  tb_game_go_to_node (game, inner);
  cut = tb_game_cut (game, variation);
  g_assert_true (tb_game_get_current_node (game) == parent);
  g_assert_cmpuint (tb_game_node_get_n_children (parent), ==, 2);
  g_assert_true (tb_game_node_get_child (parent, 1) == third);
  g_assert_cmpuint (tb_game_node_get_index (third), ==, 1);
  /* Put back: in the middle again, with all it held. */
  tb_game_restore_cut (game, cut);
  g_assert_true (tb_game_node_get_child (parent, 1) == variation);
  tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (twin));

  /* Cut while shown elsewhere (the main line's end): the place stays. */
  tb_game_go_to_ply (game, 0);
  tb_game_go_to_node (game, tb_game_node_get_child (parent, 0));
  cut = tb_game_cut (game, third);
  g_assert_true (tb_game_get_current_node (game) == tb_game_node_get_child (parent, 0));
  g_assert_cmpuint (tb_game_node_get_n_children (parent), ==, 2);
  /* Not put back (the undo toast went away): freed with what it held. */
  tb_game_cut_free (cut);
  g_assert_cmpuint (tb_game_node_get_n_children (parent), ==, 2);
}

/* On random annotated games, every node of the tree is cut and put back,
 * and every variation promoted and put back: the tree is as before. */
static void
test_every_cut_and_promotion_undone (void)
{
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (TbGame) game = tt_annotated_random_game ("versus-61", NULL, seed, 30);
      g_autoptr (TbGame) twin = tt_annotated_random_game ("versus-61", NULL, seed, 30);
      g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
      guint promoted = 0;

      g_ptr_array_add (nodes, (gpointer) tb_game_get_root (game));
      for (guint i = 0; i < nodes->len; i++)
        for (const TbGameNode *child = tb_game_node_get_child (nodes->pdata[i], 0); child;
             child = tb_game_node_get_next_sibling (child))
          g_ptr_array_add (nodes, (gpointer) child);
      for (guint i = 1; i < nodes->len; i++)
        {
          const TbGameNode *node = nodes->pdata[i], *start;
          guint old_index;

          tb_game_go_to_node (game, node);
          tb_game_restore_cut (game, tb_game_cut (game, node));
          g_assert_true (tb_game_get_current_node (game) == tb_game_node_get_parent (node));
          start = tb_game_promote_variation (game, node, &old_index);
          if (start)
            {
              g_assert_cmpuint (tb_game_node_get_index (start), ==, 0);
              g_assert_cmpuint (old_index, >, 0);
              tb_game_move_node (game, start, old_index);
              promoted++;
            }
          tt_assert_same_tree (tb_game_get_root (game), tb_game_get_root (twin));
        }
      g_assert_cmpuint (promoted, >, 0);
    }
}

/* A move has one glyph: setting one replaces it, other NAGs stay. */
static void
test_move_glyph_replaces_the_other (void)
{
  g_autoptr (TbGame) game = tt_new_game ("versus-61", NULL);
  const TbGameNode *node;
  const guint8 *nags;
  guint n_nags;

  tt_play_moves (game, six_plies);
  node = tb_game_get_current_node (game);
  tb_game_add_node_nag (game, node, 14);
  tb_game_set_node_move_nag (game, node, 2);
  tb_game_set_node_move_nag (game, node, 4);
  g_assert_cmpuint (tb_game_node_get_move_nag (node), ==, 4);
  nags = tb_game_node_get_nags (node, &n_nags);
  g_assert_cmpmem (nags, n_nags, ((guint8[]) { 4, 14 }), 2);
  tb_game_set_node_move_nag (game, node, 0);
  nags = tb_game_node_get_nags (node, &n_nags);
  g_assert_cmpmem (nags, n_nags, ((guint8[]) { 14 }), 1);
  g_assert_cmpuint (tb_game_node_get_move_nag (node), ==, 0);
}

/* The keys: each press gives the glyph a reader expects. */
static void
test_glyph_keys (void)
{
  static const struct
  {
    const char *before;
    char key;
    const char *after;
  } cases[] = {
    { "", '!', "!" },   { "!", '!', "!!" },  { "!!", '!', "" },  { "", '?', "?" },
    { "?", '?', "??" }, { "??", '?', "" },   { "!", '?', "!?" }, { "?", '!', "?!" },
    { "!?", '!', "!" }, { "?!", '?', "?" },  { "!!", '?', "?" }, { "??", '!', "!" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint before = 0;
      const char *after;

      for (guint nag = 1; nag <= 6; nag++)
        if (g_str_equal (tb_nag_glyph (nag), cases[i].before))
          before = nag;
      after = tb_nag_glyph (tb_nag_after_key (before, cases[i].key));
      g_assert_cmpstr (after ? after : "", ==, cases[i].after);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-edit/play-at-earlier-ply-adds-a-variation",
                   test_play_at_earlier_ply_adds_a_variation);
  g_test_add_func ("/game-edit/promote-makes-the-variation-the-main-line",
                   test_promote_makes_the_variation_the_main_line);
  g_test_add_func ("/game-edit/cut-and-restore", test_cut_and_restore);
  g_test_add_func ("/game-edit/every-cut-and-promotion-undone",
                   test_every_cut_and_promotion_undone);
  g_test_add_func ("/game-edit/move-glyph-replaces-the-other",
                   test_move_glyph_replaces_the_other);
  g_test_add_func ("/game-edit/glyph-keys", test_glyph_keys);
  return g_test_run ();
}
