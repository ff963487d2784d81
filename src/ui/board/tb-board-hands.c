/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-hands.c: the trays and the piece held, for the board widget */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-board-hands.h"
#include "tb-hand-paint.h"
#include "tb-move-describe.h"

/* Under a tray's name: how many pieces are left in it ("9 pieces"). */
static char *
tray_count (guint32 hand, gboolean hidden)
{
  guint n;

  for (n = 0; hand; hand &= hand - 1)
    n++;
  if (hidden)
    /* Translators: under a tray whose pieces are hidden. */
    return g_strdup_printf (ngettext ("%u hidden piece", "%u hidden pieces", n), n);
  /* Translators: under a tray: the pieces a player has not laid yet. */
  return g_strdup_printf (ngettext ("%u piece", "%u pieces", n), n);
}

char *
tb_board_hands_describe_tray (TbGame *game, const TbPosition *position, guint seat,
                              gboolean hidden)
{
  TbVariant *v = tb_game_get_variant (game);
  guint32 hand = tb_variant_hand (v, position, seat);
  g_autofree char *count = tray_count (hand, hidden);
  g_autoptr (GString) pieces = g_string_new (NULL);

  if (!hidden)
    for (guint shape = 0; shape < v->board.n_shapes; shape++)
      if (hand & (1u << shape))
        g_string_append_printf (pieces, "%s%s", pieces->len ? ", " : "",
                                v->board.shapes[shape].code);
  if (pieces->len)
    /* Translators: a tray for screen readers: "Tray of White: 3 pieces, I1, I2, V3". */
    return g_strdup_printf (_("Tray of %s: %s, %s"), tb_seat_label (game, seat), count,
                            pieces->str);
  /* Translators: a tray for screen readers: "Tray of Red: 13 hidden pieces". */
  return g_strdup_printf (_("Tray of %s: %s"), tb_seat_label (game, seat), count);
}

/* The piece held: on the board where it would go, elsewhere under the
 * pointer, at the board's scale. */
static void
paint_held (const TbBoardHands *hands, cairo_t *cr, PangoLayout *pango)
{
  const TbBoardDesc *board = &tb_game_get_variant (hands->game)->board;
  const TbPlacement *held = tb_move_picker_get_placement (hands->picker);
  const TbShapeDesc *d = &board->shapes[held->shape];
  double scale = hands->geometry->scale;
  TbTileCell cells[TB_MAX_SHAPE_CELLS];
  guint n = 0;

  if (held->anchor >= 0)
    {
      int board_cells[TB_MAX_SHAPE_CELLS];

      n = tb_placement_cells (held, hands->game, board_cells);
      for (guint i = 0; i < n; i++)
        tb_board_geometry_cell_center (hands->geometry, board, board_cells[i], &cells[i].x,
                                       &cells[i].y);
    }
  else if (hands->pointer_in)
    {
      int grab_row, grab_col;

      tb_placement_grab_square (board, (guint) held->shape, held->turn, &grab_row, &grab_col);
      for (n = 0; n < d->n_cells; n++)
        {
          cells[n].x = hands->pointer_x + (d->cells[held->turn][n][1] - grab_col) * scale;
          cells[n].y = hands->pointer_y + (d->cells[held->turn][n][0] - grab_row) * scale;
        }
    }
  tb_hand_paint_held (cr, pango, board, cells, n, scale, tb_game_get_to_move (hands->game),
                      d->value, held->anchor >= 0, held->legal);
}

void
tb_board_hands_paint (const TbBoardHands *hands, cairo_t *cr, PangoLayout *pango)
{
  TbVariant *v = tb_game_get_variant (hands->game);
  gboolean over = tb_game_is_over (hands->game);
  TbHandPaint paint = { &v->board, hands->layout, pango, hands->dark };
  g_autofree char *count1 = NULL, *count2 = NULL;

  paint.to_move = over ? 0 : tb_game_get_to_move (hands->game);
  /* Hidden: the tray of the player not to move, while the game lasts. */
  paint.hidden_seat = hands->hide_opponent && !over ? 3 - paint.to_move : 0;
  paint.playable = tb_move_picker_get_playable_shapes (hands->picker);
  paint.held_shape = tb_move_picker_get_held_piece (hands->picker);
  paint.hover_shape = hands->interactive ? hands->hover_slot : -1;
  for (guint seat = 1; seat <= 2; seat++)
    {
      paint.hand[seat - 1] = tb_variant_hand (v, hands->position, seat);
      paint.names[seat - 1] = tb_seat_label (hands->game, seat);
    }
  paint.counts[0] = count1 = tray_count (paint.hand[0], paint.hidden_seat == 1);
  paint.counts[1] = count2 = tray_count (paint.hand[1], paint.hidden_seat == 2);
  tb_hand_paint (&paint, cr);
  if (paint.held_shape >= 0 && hands->interactive && !hands->animating)
    paint_held (hands, cr, pango);
}
