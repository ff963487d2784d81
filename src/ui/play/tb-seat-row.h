/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-seat-row.h: one player in the game panel: colour, name, score and
 * whether it is their turn */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TB_TYPE_SEAT_ROW (tb_seat_row_get_type ())
G_DECLARE_FINAL_TYPE (TbSeatRow, tb_seat_row, TB, SEAT_ROW, AdwActionRow)

TbSeatRow *tb_seat_row_new (const char *name, const char *colour_name, const char *colour);
/* -1 hides the score (games that keep no points). */
void tb_seat_row_set_score (TbSeatRow *self, int score);
/* Pieces that reached their goal, out of total ("2/4"): Oraïa's pawns home. */
void tb_seat_row_set_progress (TbSeatRow *self, guint done, guint total);
void tb_seat_row_set_to_move (TbSeatRow *self, gboolean to_move);
/* A spinner: the computer is thinking for this seat. */
void tb_seat_row_set_thinking (TbSeatRow *self, gboolean thinking);
/* A line under the name: how the score is made up; NULL for none. */
void tb_seat_row_set_detail (TbSeatRow *self, const char *detail);

G_END_DECLS
