/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-seat-list.c: the two players of the game on the board */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-move-describe.h"
#include "tb-seat-list.h"
#include "tb-seat-row.h"

struct _TbSeatList
{
  GtkWidget parent_instance;

  GtkListBox *rows;
  TbSeatRow *seat_rows[2];
  TbSession *session;
  TbGame *game;             /* the session's, watched */
  gulong position_changed_id;
};

G_DEFINE_FINAL_TYPE (TbSeatList, tb_seat_list, GTK_TYPE_WIDGET)

/* Retournement's score in its two parts, under each name. */
static void
show_score_parts (TbSeatList *self, const TbPosition *pos)
{
  TbVariant *v = tb_game_get_variant (self->game);
  int board[2], bonus[2];

  if (!tb_variant_score_parts (v, pos, board, bonus))
    return;
  for (guint seat = 1; seat <= 2; seat++)
    {
      /* Translators: a Retournement score in its two parts, under a
       * player's name: the points of the pieces showing the player's
       * colour, and those of the pieces the opponent has not laid: "31 on
       * the board + 13 left in the opponent’s hand". */
      g_autofree char *detail = g_strdup_printf (_("%d on the board + %d in the opponent’s hand"),
                                                 board[seat - 1], bonus[seat - 1]);

      tb_seat_row_set_detail (self->seat_rows[seat - 1], detail);
    }
}

/* The points, or in a match the running totals (they matter more than
 * this game's), or the pieces brought home. */
static void
update_scores (TbSeatList *self)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbPosition *pos = tb_game_get_position (self->game);
  TbMatch *match = tb_session_get_match (self->session);
  int scores[2] = { 0, 0 };
  gboolean scored = tb_game_get_score (self->game, scores);
  guint to_move = tb_game_get_to_move (self->game);

  if (match)
    tb_match_get_totals (match, scores);
  for (guint seat = 1; seat <= 2; seat++)
    {
      TbSeatRow *row = self->seat_rows[seat - 1];
      guint done, total;

      if (tb_variant_seat_progress (v, pos, seat, &done, &total))
        tb_seat_row_set_progress (row, done, total);
      else
        tb_seat_row_set_score (row, scored ? scores[seat - 1] : -1);
      tb_seat_row_set_to_move (row, to_move == seat);
    }
  if (match == NULL)
    show_score_parts (self, pos);
}

static void
on_thinking_changed (TbSeatList *self)
{
  guint seat = tb_session_get_thinking (self->session);

  for (guint s = 1; s <= 2; s++)
    if (self->seat_rows[s - 1])
      tb_seat_row_set_thinking (self->seat_rows[s - 1], seat == s);
}

static void
fill_rows (TbSeatList *self)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  const TbRules *rules = tb_game_get_rules (self->game);

  for (guint seat = 1; seat <= 2; seat++)
    {
      if (self->seat_rows[seat - 1])
        gtk_list_box_remove (self->rows, GTK_WIDGET (self->seat_rows[seat - 1]));
      self->seat_rows[seat - 1] = tb_seat_row_new (tb_seat_label (self->game, seat),
                                                   _(tb_rules_get_seat_name (rules, seat)),
                                                   board->seat_colors[seat - 1]);
      gtk_list_box_append (self->rows, GTK_WIDGET (self->seat_rows[seat - 1]));
    }
}

static void
on_game_replaced (TbSeatList *self)
{
  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_set_object (&self->game, tb_session_get_game (self->session));
  if (self->game == NULL)
    return;
  self->position_changed_id = g_signal_connect_swapped (self->game, "position-changed",
                                                        G_CALLBACK (update_scores), self);
  fill_rows (self);
  update_scores (self);
  on_thinking_changed (self);
}

void
tb_seat_list_set_session (TbSeatList *self, TbSession *session)
{
  g_return_if_fail (TB_IS_SEAT_LIST (self));
  g_return_if_fail (TB_IS_SESSION (session));

  g_assert (self->session == NULL);
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "notify::game", G_CALLBACK (on_game_replaced), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::thinking", G_CALLBACK (on_thinking_changed), self,
                           G_CONNECT_SWAPPED);
  on_game_replaced (self);
}

static void
tb_seat_list_dispose (GObject *object)
{
  TbSeatList *self = TB_SEAT_LIST (object);

  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_object (&self->session);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_SEAT_LIST);
  G_OBJECT_CLASS (tb_seat_list_parent_class)->dispose (object);
}

static void
tb_seat_list_class_init (TbSeatListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_seat_list_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-seat-list.ui");
  gtk_widget_class_bind_template_child (widget_class, TbSeatList, rows);
}

static void
tb_seat_list_init (TbSeatList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
