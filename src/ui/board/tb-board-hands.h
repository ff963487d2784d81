/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-hands.h: the trays beside the board and the piece held over
 * it, as the board widget shows them in games where pieces are laid from
 * a hand (Retournement)
 *
 * The board widget says what it knows (the game, the move being chosen,
 * the pointer); this file decides what the trays show: whose turn, which
 * pieces can be laid, a hidden hand, the piece held under the pointer or
 * where it would lie on the board. */
#pragma once

#include "tb-hand-layout.h"
#include "tb-move-picker.h"

G_BEGIN_DECLS

typedef struct
{
  TbGame *game;
  const TbPosition *position;       /* the one shown */
  TbMovePicker *picker;
  const TbBoardGeometry *geometry;
  const TbHandLayout *layout;
  gboolean dark;
  gboolean hide_opponent;           /* the hide-opponent-pieces setting */
  gboolean interactive;
  gboolean animating;               /* no held piece while a move is shown */
  int hover_slot;                   /* the mover's slot under the pointer, or -1 */
  gboolean pointer_in;
  double pointer_x, pointer_y;
} TbBoardHands;

void tb_board_hands_paint (const TbBoardHands *hands, cairo_t *cr, PangoLayout *pango);

/* What seat's tray holds, for screen readers ("Tray of White: 3 pieces,
 * I1, V3, X5"), or only how many when hidden. */
char *tb_board_hands_describe_tray (TbGame *game, const TbPosition *position, guint seat,
                                    gboolean hidden);

G_END_DECLS
