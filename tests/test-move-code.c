/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-move-code.c: move tokens as codes and main lines as bytes (the
 * store's form of a line, tb-move-code.h): every legal token of every
 * ruleset met in random games has a code of its own that reads back to
 * the same bytes, and any line, canonical or not, comes back byte for
 * byte. */
#include "config.h"

#include <string.h>

#include "tb-move-code.h"
#include "tb-random.h"
#include "tb-test-games.h"

static const char *const rulesets[] = { "versus-61", "versus-91", "ra", "oraia", "retournement" };

/* Every token legal in the positions of a few random games: a code, its
 * own (no two tokens share one), and the token again from it. */
static void
test_every_legal_token (gconstpointer data)
{
  const char *ruleset_id = data;
  guint8 ruleset = tb_move_code_ruleset (ruleset_id);
  g_autoptr (GHashTable) tokens = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                         g_free);
  TbRandom rng;

  g_assert_cmpuint (ruleset, >, 0);
  tb_random_init (&rng, 10);
  for (guint game_index = 0; game_index < 12; game_index++)
    {
      g_autoptr (TbGame) game = tt_new_game (ruleset_id, NULL);

      for (guint ply = 0; ply < 300 && !tb_game_is_over (game); ply++)
        {
          guint n;
          const TbMove *moves = tb_game_get_legal_moves (game, &n);

          for (guint i = 0; i < n; i++)
            {
              g_autofree char *token = tb_game_format_move (game, moves[i]);
              gint64 code = (gint64) tb_move_code_encode (ruleset, token, strlen (token));
              g_autoptr (GString) back = g_string_new (NULL);
              const char *known;

              g_assert_cmpint (code, >, 0);
              g_assert_true (tb_move_code_decode (ruleset, (guint64) code, back));
              g_assert_cmpstr (back->str, ==, token);
              known = g_hash_table_lookup (tokens, &code);
              if (known)
                g_assert_cmpstr (known, ==, token);
              else
                g_hash_table_insert (tokens, g_memdup2 (&code, sizeof code), g_strdup (token));
            }
          tt_play_move (game, tt_random_move (game, &rng));
        }
    }
  g_test_message ("%s: %u tokens", ruleset_id, g_hash_table_size (tokens));
  g_assert_cmpuint (g_hash_table_size (tokens), >, 20);
}

/* A stored main line comes back as it was, and is smaller. */
static void
assert_line_round_trip (const char *ruleset_id, const char *line)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (GString) back = g_string_new ("before:");

  g_assert_true (tb_move_code_encode_line (ruleset_id, line, strlen (line), bytes));
  g_assert_true (tb_move_code_decode_line (bytes->data, bytes->len, back));
  g_assert_cmpstr (back->str + strlen ("before:"), ==, line);
}

static void
test_lines (void)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();

  assert_line_round_trip ("versus-61", "");
  assert_line_round_trip ("versus-91", "f1-f2 i11-d6 k11-k10 a1-a1");
  assert_line_round_trip ("ra", "3c5-c4 2i5-k7 1f9-i12 2l12-l13 pass");
  assert_line_round_trip ("oraia", "P6-O6 I3-C=L C-I6 O3-C-O0 I1-C=R O6-O0-O2-C=R pass");
  assert_line_round_trip ("retournement", "V3:e5-f5-e6 I1:a1 X5:b2-a3-b3-c3-b4 pass");
  /* What the grammar does not write is kept as text: a leading zero,
   * another case, a cell off the board's square, a count RA never has,
   * spaces doubled, at the ends, nothing at all. */
  assert_line_round_trip ("versus-61", "a01-a2 A1-a2 j1-a2 a10-a1 e1-e2");
  assert_line_round_trip ("ra", "0a1-a2 10a1-a2 1a1-a2-a3 1n1-a1");
  assert_line_round_trip ("oraia", "I8-I1 C I1 I1-C=X P7-P7= c-I1");
  assert_line_round_trip ("retournement", "Z9:a1 V3: I1:l1 I1:a1-");
  assert_line_round_trip ("versus-61", "e1-e2  e2-e3 ");
  assert_line_round_trip ("versus-61", " ");
  assert_line_round_trip ("versus-61", " e1-e2");
  assert_line_round_trip ("ra", "é ü {comment} *");

  /* Two bytes a Versus move, three an RA move. */
  g_assert_true (tb_move_code_encode_line ("versus-91", "k11-k10 k10-k11", 15, bytes));
  g_assert_cmpuint (bytes->len, ==, 1 + 2 + 2);
  g_byte_array_set_size (bytes, 0);
  g_assert_true (tb_move_code_encode_line ("ra", "3m13-a1", 7, bytes));
  g_assert_cmpuint (bytes->len, ==, 1 + 3);

  /* A ruleset without codes: the caller keeps the text. */
  g_byte_array_set_size (bytes, 0);
  g_assert_false (tb_move_code_encode_line ("chess", "e2-e4", 5, bytes));
  g_assert_cmpuint (bytes->len, ==, 0);
}

/* Bytes that are no line (damaged) are refused, and nothing is added. */
static void
test_damaged_lines (void)
{
  static const guint8 unknown_ruleset[] = { 9, 2 };
  static const guint8 cut_varint[] = { 1, 0x85 };
  static const guint8 cut_text[] = { 1, 0, 5, 'a', 'b' };
  static const guint8 no_such_code[] = { 1, 0xff, 0xff, 0x7f };
  static const guint8 *const damaged[] = { unknown_ruleset, cut_varint, cut_text, no_such_code };
  static const gsize lengths[] = { 2, 2, 5, 4 };
  g_autoptr (GString) out = g_string_new ("kept");

  g_assert_false (tb_move_code_decode_line (NULL, 0, out));
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_assert_false (tb_move_code_decode_line (damaged[i], lengths[i], out));
      g_assert_cmpstr (out->str, ==, "kept");
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rulesets); i++)
    {
      g_autofree char *path = g_strdup_printf ("/move-code/every-legal-token/%s", rulesets[i]);

      g_test_add_data_func (path, rulesets[i], test_every_legal_token);
    }
  g_test_add_func ("/move-code/lines", test_lines);
  g_test_add_func ("/move-code/damaged-lines", test_damaged_lines);
  return g_test_run ();
}
