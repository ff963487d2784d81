/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-draw-offer.c: the computer takes a draw only when the game is
 * level and no forced end is in sight. */
#include "tb-ai-draw.h"
#include "tb-test-util.h"

/* Dark leads 8-0 with targets still free (rules page, "out-of-reach"). */
#define DARK_AHEAD \
  "to-move=1 P2/2@e8 V2@f8 P1/2@h7 P3/2@g6 P4/1@b5 P4/1@d5 P3/1@e4 P2/1@c3 V1@d2 P1/1@a1"
/* Dark fills the last target and wins with its next move ("last-target"). */
#define DARK_WINS_NEXT \
  "to-move=1 P2/2@e8 V2@f8 P4/2@g7 P4/1@b5 P1/2@d5 P3/2@f5 P3/1@g4 P2/1@e3 P1/1@c2 V1@d1"

static void
test_start_is_level (void)
{
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
  int score = 999;

  g_assert_cmpint (tb_ai_answer_draw (line, 2, &score), ==, TB_DRAW_ACCEPT);
  g_assert_cmpint (ABS (score), <=, TB_DRAW_LEVEL_MARGIN);
  g_assert_cmpint (tb_ai_answer_draw (line, 1, NULL), ==, TB_DRAW_ACCEPT);
}

static void
test_ahead_and_behind_decline (void)
{
  g_autoptr (TbLine) line = tt_line_at ("versus-61", NULL, DARK_AHEAD);
  int dark = 0, light = 0;
  TbDrawAnswer for_dark = tb_ai_answer_draw (line, 1, &dark);
  TbDrawAnswer for_light = tb_ai_answer_draw (line, 2, &light);

  g_assert_cmpint (dark, >, TB_DRAW_LEVEL_MARGIN);
  g_assert_cmpint (light, ==, -dark);
  /* Ahead, or a win in sight: no draw either way. */
  g_assert_true (for_dark == TB_DRAW_DECLINE_AHEAD || for_dark == TB_DRAW_DECLINE_DECISIVE);
  g_assert_true (for_light == TB_DRAW_DECLINE_BEHIND || for_light == TB_DRAW_DECLINE_DECISIVE);
}

static void
test_forced_end_declines (void)
{
  g_autoptr (TbLine) line = tt_line_at ("versus-61", NULL, DARK_WINS_NEXT);

  g_assert_cmpint (tb_ai_answer_draw (line, 1, NULL), ==, TB_DRAW_DECLINE_DECISIVE);
  g_assert_cmpint (tb_ai_answer_draw (line, 2, NULL), ==, TB_DRAW_DECLINE_DECISIVE);
}

/* The same position, the same answer (a deterministic search). */
static void
test_same_answer_twice (void)
{
  const char *const moves[] = { "c1-e3", "g9-g7", NULL };
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, moves);
  int first, second;

  g_assert_cmpint (tb_ai_answer_draw (line, 1, &first), ==, tb_ai_answer_draw (line, 1, &second));
  g_assert_cmpint (first, ==, second);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/draw-offer/start-is-level", test_start_is_level);
  g_test_add_func ("/draw-offer/ahead-and-behind-decline", test_ahead_and_behind_decline);
  g_test_add_func ("/draw-offer/forced-end-declines", test_forced_end_declines);
  g_test_add_func ("/draw-offer/same-answer-twice", test_same_answer_twice);
  return g_test_run ();
}
