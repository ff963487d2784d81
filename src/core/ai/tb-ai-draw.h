/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ai-draw.h: whether the computer takes a draw it is offered.
 *
 * It accepts only when its search finds the game level (within half a
 * point) and no decisive end in sight, and says why it answers as it
 * does (the play view writes it in the status line). */
#pragma once

#include "tb-line.h"

G_BEGIN_DECLS

typedef enum
{
  TB_DRAW_ACCEPT,            /* the game is level */
  TB_DRAW_DECLINE_AHEAD,     /* it thinks it is ahead */
  TB_DRAW_DECLINE_BEHIND,    /* it is behind, but the game is far from over */
  TB_DRAW_DECLINE_DECISIVE,  /* a forced end is in sight, for one side or the other */
} TbDrawAnswer;

/* How far from level (hundredths of a point) a game still counts as level. */
#define TB_DRAW_LEVEL_MARGIN 50

/* The answer of the computer playing seat to a draw offer in the position
 * line stands at; *score (when not NULL) gets its evaluation, for seat. */
TbDrawAnswer tb_ai_answer_draw (TbLine *line, guint seat, int *score);

G_END_DECLS
