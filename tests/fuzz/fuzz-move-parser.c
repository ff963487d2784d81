/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-move-parser.c: any text given as a move, to every ruleset.
 *
 * At the start and after a few moves: parsing never crashes; a move that
 * parses and is legal is played, and its canonical token parses back to
 * the same move; an illegal one is explained. */
#include "fuzz-target.h"

#include <string.h>

#include "tb-game.h"

static void
try_token (TbGame *game, const char *token)
{
  g_autoptr (GError) error = NULL;
  TbMove move;

  if (tb_game_parse_move (game, token, &move, &error))
    {
      g_autofree char *canonical = tb_game_format_move (game, move);
      TbMove again;

      FUZZ_CHECK (tb_game_parse_move (game, canonical, &again, NULL) && again == move,
                  "'%s' reads as %s, which does not read back", token, canonical);
      FUZZ_CHECK (tb_game_play (game, move, NULL), "a legal move cannot be played");
      tb_game_undo (game);
    }
  else
    FUZZ_CHECK (error != NULL && error->message[0] != '\0', "a refusal without a reason");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *token = g_strndup ((const char *) data, size);
  guint n;
  const TbRules *const *all = tb_rules_list (&n);

  /* Tokens are short: long inputs only make the run slower. */
  if (size > 256 || !g_utf8_validate (token, -1, NULL))
    return 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TbVariant) variant = tb_variant_new_default (all[i]);
      g_autoptr (TbGame) game = tb_game_new (variant, 1);

      for (guint ply = 0; ply < 6 && !tb_game_is_over (game); ply++)
        {
          guint n_legal;
          const TbMove *legal = tb_game_get_legal_moves (game, &n_legal);

          try_token (game, token);
          /* On to another position: the input picks the move. */
          tb_game_play (game, legal[(size + ply * 7) % n_legal], NULL);
        }
    }
  return 0;
}
