/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-move-picker.c: choosing moves cell by cell, as the board widget
 * does, without a display: selecting and choosing in Versus, why a
 * destination is refused, how many pawns of an RA stack move, Oraïa's
 * jumps through a chosen cell and the turn of the disc, taking, turning
 * and laying a Retournement piece. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-move-picker.h"
#include "tb-test-util.h"

#define SHAPE_I1 0
#define SHAPE_I2 1
#define SHAPE_V3 3

typedef struct
{
  TbGame *game;
  TbMovePicker *picker;
  GPtrArray *chosen;     /* the moves chosen, as tokens */
  GPtrArray *announced;
  GPtrArray *refused;    /* "" for a refusal without words */
} Picker;

static void
on_move_chosen (TbMovePicker *picker, guint64 move, Picker *p)
{
  g_ptr_array_add (p->chosen, tb_game_format_move (p->game, move));
}

static void
on_announce (TbMovePicker *picker, const char *text, Picker *p)
{
  g_ptr_array_add (p->announced, g_strdup (text));
}

static void
on_refused (TbMovePicker *picker, const char *text, Picker *p)
{
  g_ptr_array_add (p->refused, g_strdup (text ? text : ""));
}

static void
picker_start (Picker *p, TbGame *game)
{
  p->game = game;
  p->picker = tb_move_picker_new ();
  p->chosen = g_ptr_array_new_with_free_func (g_free);
  p->announced = g_ptr_array_new_with_free_func (g_free);
  p->refused = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (p->picker, "move-chosen", G_CALLBACK (on_move_chosen), p);
  g_signal_connect (p->picker, "announce", G_CALLBACK (on_announce), p);
  g_signal_connect (p->picker, "refused", G_CALLBACK (on_refused), p);
  tb_move_picker_set_game (p->picker, game);
}

static void
picker_finish (Picker *p)
{
  g_clear_object (&p->picker);
  g_clear_object (&p->game);
  g_ptr_array_unref (p->chosen);
  g_ptr_array_unref (p->announced);
  g_ptr_array_unref (p->refused);
}

static TbGame *
game_new (const char *ruleset, guint starter)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (ruleset));

  return tb_game_new (v, starter);
}

static TbGame *
game_at (const char *ruleset, const char *text)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (ruleset));
  g_autoptr (GError) error = NULL;
  g_autofree TbPosition *pos = tb_variant_parse_position (v, text, &error);

  g_assert_no_error (error);
  return tb_game_new_at (v, pos);
}

static int
cell (Picker *p, const char *name)
{
  const TbBoardDesc *board = &tb_game_get_variant (p->game)->board;

  for (guint i = 0; i < board->n_cells; i++)
    if (g_strcmp0 (board->cells[i].name, name) == 0)
      return (int) i;
  g_assert_not_reached ();
}

static void
activate (Picker *p, const char *name)
{
  tb_move_picker_activate (p->picker, cell (p, name));
}

static const char *
last (GPtrArray *texts)
{
  g_assert_cmpuint (texts->len, >, 0);
  return texts->pdata[texts->len - 1];
}

static gboolean
is_destination (Picker *p, const char *name)
{
  gboolean dest[TB_MAX_CELLS] = { FALSE };

  tb_move_picker_mark_destinations (p->picker, dest, NULL);
  return dest[cell (p, name)];
}

/* A click on a piece selects it and says where it can go; a click on one
 * of those cells chooses the move. */
static void
test_versus_select_and_choose (void)
{
  Picker p;

  picker_start (&p, game_new ("versus-61", 1));
  activate (&p, "g9");    /* Light's: not the mover's, and no move */
  g_assert_cmpint (tb_move_picker_get_selected (p.picker), ==, -1);
  activate (&p, "c1");
  g_assert_cmpint (tb_move_picker_get_selected (p.picker), ==, cell (&p, "c1"));
  g_assert_true (g_str_has_prefix (last (p.announced), "c1 selected: it can go to "));
  g_assert_nonnull (strstr (last (p.announced), "e3"));
  g_assert_true (is_destination (&p, "e3"));
  g_assert_true (tb_move_picker_can_move_to (p.picker, cell (&p, "e3")));
  activate (&p, "e3");
  g_assert_cmpuint (p.chosen->len, ==, 1);
  g_assert_cmpstr (last (p.chosen), ==, "c1-e3");
  /* The choice is the owner's to play; the picker lets go. */
  g_assert_cmpint (tb_move_picker_get_selected (p.picker), ==, -1);
  g_assert_cmpuint (tb_game_get_ply (p.game), ==, 0);
  picker_finish (&p);
}

/* A cell the selected piece cannot reach: the rules say why, nothing is
 * chosen, the selection goes. */
static void
test_versus_refusal_explained (void)
{
  Picker p;

  picker_start (&p, game_new ("versus-61", 1));
  activate (&p, "c1");
  activate (&p, "e9");
  g_assert_cmpuint (p.chosen->len, ==, 0);
  g_assert_cmpuint (p.refused->len, ==, 1);
  g_assert_true (g_str_has_prefix (last (p.refused), "c1-e9: "));
  g_assert_cmpint (tb_move_picker_get_selected (p.picker), ==, -1);
  picker_finish (&p);
}

/* Any change of position starts the choice afresh. */
static void
test_position_change_resets (void)
{
  Picker p;

  picker_start (&p, game_new ("versus-61", 1));
  activate (&p, "c1");
  g_assert_true (tb_game_play_text (p.game, "c1-e3", NULL));
  g_assert_cmpint (tb_move_picker_get_selected (p.picker), ==, -1);
  g_assert_false (is_destination (&p, "e3"));
  picker_finish (&p);
}

/* RA: a stack moves all its pawns by default; another amount changes
 * the destinations; an amount the stack cannot move is not taken. */
static void
test_ra_amounts (void)
{
  Picker p;

  picker_start (&p, game_new ("ra", 2));
  activate (&p, "h7");
  g_assert_cmpuint (tb_move_picker_get_available_amounts (p.picker), ==, 0xe);
  g_assert_cmpuint (tb_move_picker_get_move_amount (p.picker), ==, 3);
  g_assert_false (is_destination (&p, "k10"));
  tb_move_picker_set_move_amount (p.picker, 5);
  g_assert_cmpuint (tb_move_picker_get_move_amount (p.picker), ==, 3);
  tb_move_picker_set_move_amount (p.picker, 1);
  g_assert_cmpuint (tb_move_picker_get_move_amount (p.picker), ==, 1);
  g_assert_true (is_destination (&p, "k10"));
  activate (&p, "k10");
  g_assert_cmpstr (last (p.chosen), ==, "1h7-k10");
  g_assert_cmpuint (tb_move_picker_get_available_amounts (p.picker), ==, 0);
  picker_finish (&p);
}

/* Oraïa, FIG. 1: three jumps end on the centre; the turn of the disc is
 * asked for, and chosen. */
static void
test_oraia_turn (void)
{
  Picker p;

  picker_start (&p, game_at ("oraia", "to-move=2 starter=1 1@O7 1@O1 1@I2 1@P4 2@O6 2@P3 2@P5 "
                                      "2@P7"));
  activate (&p, "O6");
  activate (&p, "C");
  g_assert_cmpint (tb_move_picker_get_pending (p.picker), ==, TB_PICKER_PENDING_TURN);
  g_assert_cmpuint (p.chosen->len, ==, 0);
  g_assert_true (is_destination (&p, "C"));
  g_assert_true (tb_move_picker_choose_turn (p.picker, 1));
  g_assert_cmpstr (last (p.chosen), ==, "O6-O0-O2-C=R");
  g_assert_cmpint (tb_move_picker_get_pending (p.picker), ==, TB_PICKER_PENDING_NONE);
  g_assert_false (tb_move_picker_choose_turn (p.picker, 1));
  picker_finish (&p);
}

/* Two jumps end on the centre: the cells that tell them apart are
 * marked; one of them keeps its jump, the destination again the
 * shortest. */
static void
test_oraia_path (void)
{
  const char *text = "to-move=1 1@O0 2@I0 2@O1 2@I2 2@P3 1@P4";
  gboolean dest[TB_MAX_CELLS] = { FALSE }, via[TB_MAX_CELLS] = { FALSE };
  Picker p;

  picker_start (&p, game_at ("oraia", text));
  activate (&p, "O0");
  activate (&p, "C");
  g_assert_cmpint (tb_move_picker_get_pending (p.picker), ==, TB_PICKER_PENDING_PATH);
  tb_move_picker_mark_destinations (p.picker, dest, via);
  g_assert_true (dest[cell (&p, "C")]);
  g_assert_true (via[cell (&p, "O2")]);
  activate (&p, "O2");
  g_assert_cmpint (tb_move_picker_get_pending (p.picker), ==, TB_PICKER_PENDING_TURN);
  g_assert_true (tb_move_picker_choose_turn (p.picker, 0));
  g_assert_cmpstr (last (p.chosen), ==, "O0-O2-C");

  activate (&p, "O0");
  activate (&p, "C");
  activate (&p, "C");
  g_assert_true (tb_move_picker_choose_turn (p.picker, 2));
  g_assert_cmpstr (last (p.chosen), ==, "O0-C=L");
  picker_finish (&p);
}

/* Retournement: a piece is taken from the mover's hand only, turned,
 * held where it may not go (the hint says why, laying is refused), then
 * where it turns two pieces over, and laid. */
static void
test_retournement_take_turn_lay (void)
{
  Picker p;
  g_autofree char *why = g_strdup_printf ("%s.", _("a piece must touch a piece of the "
                                                   "opponent’s colour by a side"));
  g_autofree char *turns = g_strdup_printf (ngettext ("Enter or a click lays the %s here: it "
                                                      "turns %u piece over.",
                                                      "Enter or a click lays the %s here: it "
                                                      "turns %u pieces over.", 2), "I2", 2);

  why[0] = g_ascii_toupper (why[0]);
  picker_start (&p, game_at ("retournement", "to-move=1 WR:V3:e4-e5-f5 RR:I1:f6"));
  g_assert_true (tb_move_picker_has_hands (p.picker));
  g_assert_false (tb_move_picker_take_piece (p.picker, SHAPE_V3));   /* laid already */
  g_assert_true (tb_move_picker_take_piece (p.picker, SHAPE_I2));
  g_assert_cmpint (tb_move_picker_get_held_piece (p.picker), ==, SHAPE_I2);
  tb_move_picker_hold_at (p.picker, cell (&p, "a2"));
  g_assert_cmpstr (tb_move_picker_get_hint (p.picker), ==, why);
  g_assert_false (tb_move_picker_lay_piece (p.picker));
  g_assert_cmpuint (p.refused->len, ==, 1);
  g_assert_cmpint (tb_move_picker_get_held_piece (p.picker), ==, SHAPE_I2);

  tb_move_picker_turn_piece (p.picker, TRUE);
  g_assert_cmpuint (tb_move_picker_get_placement (p.picker)->turn, ==, 1);
  tb_move_picker_hold_at (p.picker, cell (&p, "g5"));
  g_assert_cmpstr (tb_move_picker_get_hint (p.picker), ==, turns);
  g_assert_true (tb_move_picker_lay_piece (p.picker));
  g_assert_cmpuint (p.chosen->len, ==, 1);
  g_assert_true (g_str_has_prefix (last (p.chosen), "I2:"));

  tb_move_picker_put_back_piece (p.picker);
  g_assert_cmpint (tb_move_picker_get_held_piece (p.picker), ==, -1);
  g_assert_null (tb_move_picker_get_hint (p.picker));
  picker_finish (&p);
}

/* The keys 1 to 5 take the next piece of that many squares; none left
 * of a size is a refusal. */
static void
test_retournement_take_by_size (void)
{
  Picker p;

  picker_start (&p, game_new ("retournement", 1));
  g_assert_true (tb_move_picker_take_next_of_size (p.picker, 1));
  g_assert_cmpint (tb_move_picker_get_held_piece (p.picker), ==, SHAPE_I1);
  g_assert_true (tb_move_picker_take_next_of_size (p.picker, 3));
  g_assert_cmpuint (tb_game_get_variant (p.game)->board.shapes[
                      tb_move_picker_get_held_piece (p.picker)].n_cells, ==, 3);
  g_assert_false (tb_move_picker_take_next_of_size (p.picker, 9));
  g_assert_cmpuint (p.refused->len, ==, 1);
  /* The first piece goes anywhere: every shape is playable. */
  g_assert_cmpuint (tb_move_picker_get_playable_shapes (p.picker), !=, 0);
  picker_finish (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/move-picker/versus/select-and-choose", test_versus_select_and_choose);
  g_test_add_func ("/move-picker/versus/refusal-explained", test_versus_refusal_explained);
  g_test_add_func ("/move-picker/position-change-resets", test_position_change_resets);
  g_test_add_func ("/move-picker/ra/amounts", test_ra_amounts);
  g_test_add_func ("/move-picker/oraia/turn", test_oraia_turn);
  g_test_add_func ("/move-picker/oraia/path", test_oraia_path);
  g_test_add_func ("/move-picker/retournement/take-turn-lay", test_retournement_take_turn_lay);
  g_test_add_func ("/move-picker/retournement/take-by-size", test_retournement_take_by_size);
  return g_test_run ();
}
