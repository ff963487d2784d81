/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-position-key.c: the keys of positions and the board symmetries
 * they see through */
#include "config.h"

#include <string.h>

#include "tb-line.h"
#include "tb-position-key.h"
#include "tb-test-games.h"

/* The symmetries each board has, and why (tb-position-key.c). */
static void
test_symmetries_found (void)
{
  static const struct
  {
    const char *ruleset;
    guint n;
  } expected[] = {
    { "versus-61", 1 }, { "versus-91", 1 }, { "ra", 2 }, { "oraia", 8 }, { "retournement", 8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr (TbVariant) variant = tb_variant_new_from_text (expected[i].ruleset, NULL, NULL);
      const TbPositionKeys *keys = tb_position_keys_get (variant);

      g_test_message ("%s: %u symmetries", expected[i].ruleset,
                      tb_position_keys_n_symmetries (keys));
      g_assert_cmpuint (tb_position_keys_n_symmetries (keys), ==, expected[i].n);
      g_assert_cmpstr (tb_position_keys_symmetry_name (keys, 0), ==, "identity");
    }
}

/* Oraïa's pinwheel arms turn one way: its reflections are not kept. */
static void
test_pinwheel_has_no_reflection (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbVariant) variant = tb_variant_new_from_text ("oraia", "geometry=pinwheel", &error);
  const TbPositionKeys *keys;

  if (variant == NULL)
    {
      g_test_skip (error->message);
      return;
    }
  keys = tb_position_keys_get (variant);
  g_assert_cmpuint (tb_position_keys_n_symmetries (keys), ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_null (strstr (tb_position_keys_symmetry_name (keys, i), "reflection"));
}

/* The legal moves of pos, each as the ruleset writes it in its position. */
static GPtrArray *
legal_texts (TbVariant *variant, const TbPosition *pos)
{
  g_autoptr (TbLine) line = tb_line_new (variant, 1);
  g_autofree TbMove *moves = g_new (TbMove, variant->max_moves);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  guint n;

  tb_line_reset_to (line, pos);
  n = tb_line_moves (line, moves, NULL);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (texts, tb_variant_format_move (variant, pos, moves[i]));
  g_ptr_array_sort (texts, (GCompareFunc) g_strcmp0);
  return texts;
}

static int
compare_texts (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The rules respect every symmetry kept: the image of a position has the
 * images of its moves, and its key. */
static void
check_position (TbVariant *variant, const TbPositionKeys *keys, const TbPosition *pos)
{
  g_autofree char *text = tb_variant_format_position (variant, pos);
  g_autoptr (GPtrArray) moves = legal_texts (variant, pos);
  TbPositionKey key;

  tb_position_key (keys, pos, &key);
  for (guint s = 0; s < tb_position_keys_n_symmetries (keys); s++)
    {
      g_autofree char *image_text = tb_position_keys_map_text (keys, s, text);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) image_moves = NULL;
      g_autoptr (GPtrArray) mapped = g_ptr_array_new_with_free_func (g_free);
      TbPosition *image = tb_variant_parse_position (variant, image_text, &error);
      TbPositionKey image_key;

      g_assert_no_error (error);
      tb_position_key (keys, image, &image_key);
      g_assert_cmpint (image_key.key, ==, key.key);
      image_moves = legal_texts (variant, image);
      for (guint i = 0; i < moves->len; i++)
        g_ptr_array_add (mapped, tb_position_keys_map_text (keys, s, moves->pdata[i]));
      g_ptr_array_sort (mapped, compare_texts);
      g_ptr_array_sort (image_moves, compare_texts);
      g_assert_cmpuint (mapped->len, ==, image_moves->len);
      for (guint i = 0; i < mapped->len; i++)
        g_assert_cmpstr (mapped->pdata[i], ==, image_moves->pdata[i]);
      tb_position_free (image);
    }
}

static void
test_rules_respect_symmetries (gconstpointer data)
{
  const char *ruleset = data;
  g_autoptr (TbVariant) variant = tb_variant_new_from_text (ruleset, NULL, NULL);
  const TbPositionKeys *keys = tb_position_keys_get (variant);
  TbRandom rng;

  tb_random_init (&rng, 24);
  for (guint g = 0; g < 6; g++)
    {
      g_autoptr (TbGame) game = tt_new_game (ruleset, NULL);

      for (guint ply = 0; ply < 60 && !tb_game_is_over (game); ply++)
        {
          check_position (variant, keys, tb_game_get_position (game));
          tt_play_move (game, tt_random_move (game, &rng));
        }
    }
}

/* A key is stored on disk: it must not change. */
static void
test_keys_are_stable (void)
{
  g_autoptr (TbVariant) variant = tb_variant_new_from_text ("ra", NULL, NULL);
  g_autoptr (TbLine) line = tb_line_new (variant, 1);
  TbPositionKey key;

  tb_position_key (tb_position_keys_get (variant), tb_line_get_position (line), &key);
  g_test_message ("ra start: %" G_GINT64_FORMAT, key.key);
  g_assert_cmpint (key.key, ==, key.literal);
  /* The key of the start as first stored (schema 7, the sum of the
   * items' hashes): a change here makes every database's positions
   * unfindable. */
  g_assert_cmpint (key.key, ==, G_GINT64_CONSTANT (6339825470613937708));
}

/* A game's entries: one a ply of the main line and the last, moves in
 * the canonical orientation that map back to the moves played (or, in a
 * position that is its own image, to an image of it: the same position
 * after). */
static void
test_entries (gconstpointer data)
{
  const char *ruleset = data;
  g_autoptr (TbGame) game = tt_annotated_random_game (ruleset, NULL, 7, 40);
  g_autoptr (GArray) entries = tb_position_entries (game, G_MAXUINT);
  TbVariant *variant = tb_game_get_variant (game);
  const TbPositionKeys *keys = tb_position_keys_get (variant);
  g_autoptr (TbLine) line = tb_line_new (variant, tb_game_get_starter (game));
  const TbGameNode *node = tb_game_get_root (game);
  guint ply = 0;

  for (;; ply++)
    {
      TbPositionEntry *entry = &g_array_index (entries, TbPositionEntry, ply);
      const TbPosition *pos = tb_line_get_position (line);
      g_autofree char *back = NULL;
      TbPositionKey key;
      TbMove move, played;
      TbPosition *a, *b;
      TbPositionKey ka, kb;

      g_assert_cmpuint (ply, <, entries->len);
      tb_position_key (keys, pos, &key);
      g_assert_cmpint (entry->key, ==, key.key);
      g_assert_cmpuint (entry->ply, ==, ply);
      if (tb_game_node_get_n_children (node) == 0)
        break;
      node = tb_game_node_get_child (node, 0);
      played = tb_game_node_get_move (node);
      back = tb_position_key_move_back (keys, &key, entry->move);
      g_assert_true (tb_line_parse_move (line, back, &move, NULL));
      a = tb_position_dup (variant, pos);
      b = tb_position_dup (variant, pos);
      tb_variant_apply (variant, pos, move, a);
      tb_variant_apply (variant, pos, played, b);
      tb_position_key (keys, a, &ka);
      tb_position_key (keys, b, &kb);
      g_assert_cmpint (ka.key, ==, kb.key);
      if (key.orient == 0 && tb_position_keys_n_symmetries (keys) == 1)
        g_assert_cmpuint (move, ==, played);
      tb_position_free (a);
      tb_position_free (b);
      tb_line_push (line, played);
    }
  g_assert_cmpstr (g_array_index (entries, TbPositionEntry, ply).move, ==, "");
  g_assert_cmpuint (entries->len, ==, ply + 1);
  g_assert_cmpuint (ply, >, 5);
}

int
main (int argc, char *argv[])
{
  static const char *const rulesets[] = { "versus-61", "versus-91", "ra", "oraia",
                                          "retournement" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/position-key/symmetries", test_symmetries_found);
  g_test_add_func ("/position-key/pinwheel", test_pinwheel_has_no_reflection);
  g_test_add_func ("/position-key/stable", test_keys_are_stable);
  for (guint i = 0; i < G_N_ELEMENTS (rulesets); i++)
    {
      g_autofree char *path = g_strdup_printf ("/position-key/respected/%s", rulesets[i]);
      g_autofree char *entries = g_strdup_printf ("/position-key/entries/%s", rulesets[i]);

      g_test_add_data_func (path, rulesets[i], test_rules_respect_symmetries);
      g_test_add_data_func (entries, rulesets[i], test_entries);
    }
  return g_test_run ();
}
