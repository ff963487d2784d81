/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game-card.h: a game on the start screen: a live board of its start
 * position, its name, credits and length, and Rules / Play */
#pragma once

#include <adwaita.h>

#include "tb-rules.h"

G_BEGIN_DECLS

#define TB_TYPE_GAME_CARD (tb_game_card_get_type ())
G_DECLARE_FINAL_TYPE (TbGameCard, tb_game_card, TB, GAME_CARD, GtkBox)

/* Its Play button activates picker.play with the ruleset's id. */
GtkWidget *tb_game_card_new (const TbRules *rules);

G_END_DECLS
