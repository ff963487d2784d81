/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-test-games.c: games for the tests of records and of the store:
 * random games with comments, NAGs and nested variations, and the
 * comparison of two game trees */
#include "config.h"

#include "tb-random.h"
#include "tb-test-games.h"

static const char *const comments[] = {
  "short",
  "UTF-8: é à ï, and more: « Versus »",
  "a comment with a } brace in it",
  "The VERSUS slides along the central axis, crosses an empty target without "
  "stopping, and pulls the pawn it sees at the end of the ray one cell toward "
  "itself: a long comment that must be wrapped over several lines of the "
  "record without losing a single word of it.",
  "a long comment with a } brace that cannot be a brace comment, so it is written "
  "as rest-of-line comments, wrapped as the rest of the record is, however long.\n\n"
  "Its second paragraph comes after a line of its own; [Event \"x\"] and %y too.",
  "line\nbreaks   and\ttabs  become one space;\n \t\n a blank line ends a paragraph, "
  "and no line starts with [Event \"x\"] or %escape: [a [b [c [d [e [f [g [h [i [j [k "
  "[l [m [n [o [p [q [r %s %t %u %v %w %x %y %z [a [b [c [d [e [f [g [h [i [j [k [l",
};

TbGame *
tt_new_game (const char *ruleset_id, const char *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) variant = tb_variant_new_from_text (ruleset_id, options, &error);

  g_assert_no_error (error);
  return tb_game_new (variant, 1);
}

void
tt_play_moves (TbGame *game, const char *const *moves)
{
  for (guint i = 0; moves[i]; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!tb_game_play_text (game, moves[i], &error))
        g_error ("ply %u, %s: %s", tb_game_get_ply (game) + 1, moves[i], error->message);
    }
}

TbMove
tt_random_move (TbGame *game, TbRandom *rng)
{
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (game, &n);

  g_assert_cmpuint (n, >, 0);
  return moves[tb_random_below (rng, n)];
}

void
tt_play_move (TbGame *game, TbMove move)
{
  g_autoptr (GError) error = NULL;

  tb_game_play_full (game, move, TB_PLAY_ADD_VARIATION, &error);
  g_assert_no_error (error);
}

/* The nodes of the main line after node, node included. */
static GPtrArray *
line_nodes (const TbGameNode *node)
{
  GPtrArray *nodes = g_ptr_array_new ();

  for (; node; node = tb_game_node_get_child (node, 0))
    g_ptr_array_add (nodes, (gpointer) node);
  return nodes;
}

static void
annotate (TbGame *game, const TbGameNode *node, TbRandom *rng)
{
  if (tb_random_below (rng, 5) == 0)
    tb_game_set_node_comment (game, node, comments[tb_random_below (rng, G_N_ELEMENTS (comments))]);
  if (tb_random_below (rng, 7) == 0)
    {
      guint n = 1 + tb_random_below (rng, 2);

      for (guint i = 0; i < n; i++)
        tb_game_add_node_nag (game, node, (guint8) (1 + tb_random_below (rng, 20)));
    }
  /* An analysed position: 0 and 1 themselves sometimes. */
  if (tb_random_below (rng, 4) == 0)
    tb_game_set_node_eval (game, node, tb_random_below (rng, 1001) / 1000.0);
}

/* Adds a variation replacing the move of node: another legal move and a
 * few more, then, while depth allows, a variation inside it. */
static void
add_variation (TbGame *game, const TbGameNode *node, guint depth, TbRandom *rng)
{
  const TbGameNode *parent = tb_game_node_get_parent (node);
  g_autoptr (GPtrArray) added = g_ptr_array_new ();
  guint n, length;
  const TbMove *moves;
  TbMove move = TB_MOVE_NONE;

  tb_game_go_to_node (game, parent);
  moves = tb_game_get_legal_moves (game, &n);
  for (guint tries = 0; tries < 8 && move == TB_MOVE_NONE && n > 1; tries++)
    {
      TbMove candidate = moves[tb_random_below (rng, n)];
      gboolean known = FALSE;

      for (guint i = 0; i < tb_game_node_get_n_children (parent); i++)
        known |= tb_game_node_get_move (tb_game_node_get_child (parent, i)) == candidate;
      if (!known)
        move = candidate;
    }
  if (move == TB_MOVE_NONE)
    return;
  tt_play_move (game, move);
  g_ptr_array_add (added, (gpointer) tb_game_get_current_node (game));
  length = 1 + tb_random_below (rng, 6);
  for (guint i = 1; i < length && !tb_game_is_over (game); i++)
    {
      tt_play_move (game, tt_random_move (game, rng));
      g_ptr_array_add (added, (gpointer) tb_game_get_current_node (game));
    }
  for (guint i = 0; i < added->len; i++)
    annotate (game, added->pdata[i], rng);
  if (depth > 1)
    add_variation (game, added->pdata[tb_random_below (rng, added->len)], depth - 1, rng);
}

/* A random game of up to max_plies (to its end when it comes first), with
 * comments, NAGs and variations nested up to 3 deep, among them
 * variations of the first move and of the second one. */
TbGame *
tt_annotated_random_game (const char *ruleset_id, const char *options, guint64 seed,
                       guint max_plies)
{
  TbGame *game = tt_new_game (ruleset_id, options);
  g_autoptr (GPtrArray) main_line = NULL;
  TbRandom rng;

  tb_random_init (&rng, seed);
  while (!tb_game_is_over (game) && tb_game_get_ply (game) < max_plies)
    tt_play_move (game, tt_random_move (game, &rng));
  main_line = line_nodes (tb_game_get_root (game));
  for (guint i = 0; i < main_line->len; i++)
    annotate (game, main_line->pdata[i], &rng);
  if (main_line->len > 2)
    {
      add_variation (game, main_line->pdata[1], 3, &rng);
      add_variation (game, main_line->pdata[2], 2, &rng);
    }
  for (guint i = 3; i < main_line->len; i++)
    if (tb_random_below (&rng, 12) == 0)
      add_variation (game, main_line->pdata[i], 1 + tb_random_below (&rng, 3), &rng);
  tb_game_go_to_ply (game, 0);
  return game;
}

/* Both trees have the same moves, comments, NAGs and finishes in the same
 * order. */
void
tt_assert_same_tree (const TbGameNode *a, const TbGameNode *b)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, (gpointer) a);
  g_ptr_array_add (stack, (gpointer) b);
  while (stack->len > 0)
    {
      const TbGameNode *y = g_ptr_array_steal_index (stack, stack->len - 1);
      const TbGameNode *x = g_ptr_array_steal_index (stack, stack->len - 1);
      guint n_x, n_y;
      const guint8 *nags_x = tb_game_node_get_nags (x, &n_x);
      const guint8 *nags_y = tb_game_node_get_nags (y, &n_y);
      TbOutcome finish_x, finish_y;
      gboolean finished_x = tb_game_node_get_finish (x, &finish_x);

      g_assert_cmpuint (tb_game_node_get_move (x), ==, tb_game_node_get_move (y));
      g_assert_cmpstr (tb_game_node_get_comment (x), ==, tb_game_node_get_comment (y));
      g_assert_cmpmem (nags_x, n_x, nags_y, n_y);
      g_assert_cmpfloat (tb_game_node_get_eval (x), ==, tb_game_node_get_eval (y));
      g_assert_cmpint (finished_x, ==, tb_game_node_get_finish (y, &finish_y));
      if (finished_x)
        {
          g_assert_cmpint (finish_x.result, ==, finish_y.result);
          g_assert_cmpint (finish_x.termination, ==, finish_y.termination);
        }
      g_assert_cmpuint (tb_game_node_get_n_children (x), ==, tb_game_node_get_n_children (y));
      for (guint i = 0; i < tb_game_node_get_n_children (x); i++)
        {
          g_ptr_array_add (stack, (gpointer) tb_game_node_get_child (x, i));
          g_ptr_array_add (stack, (gpointer) tb_game_node_get_child (y, i));
        }
    }
}

void
tt_assert_same_tags (TbGame *a, TbGame *b)
{
  const char *const *names_a = tb_game_get_tag_names (a);
  const char *const *names_b = tb_game_get_tag_names (b);

  g_assert_cmpuint (g_strv_length ((char **) names_a), ==, g_strv_length ((char **) names_b));
  for (guint i = 0; names_a[i]; i++)
    g_assert_cmpstr (tb_game_get_tag (a, names_a[i]), ==, tb_game_get_tag (b, names_a[i]));
}


void
tt_assert_move_text (TbGame *game, guint ply, const char *text)
{
  g_autofree char *token = tb_game_get_move_text (game, ply);

  g_assert_cmpstr (token, ==, text);
}
