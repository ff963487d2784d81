/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-seat-list.h: the two players of the game on the board, in the game
 * panel: colour, name, score (or, in a match, the running totals; or the
 * pieces brought home), whose turn it is, and a spinner while the
 * computer thinks for a seat */
#pragma once

#include <gtk/gtk.h>

#include "tb-session.h"

G_BEGIN_DECLS

#define TB_TYPE_SEAT_LIST (tb_seat_list_get_type ())
G_DECLARE_FINAL_TYPE (TbSeatList, tb_seat_list, TB, SEAT_LIST, GtkWidget)

/* Follows the session's game, its position and the computer's thinking. */
void tb_seat_list_set_session (TbSeatList *self, TbSession *session);

G_END_DECLS
