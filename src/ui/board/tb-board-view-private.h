/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-view-private.h: the board widget's parts, shared by its two
 * files: tb-board-view.c (what it shows) and tb-board-input.c (what the
 * person does on it); the first calls the second, never the other way */
#pragma once

#include "tb-board-animation.h"
#include "tb-board-cells.h"
#include "tb-board-texture.h"
#include "tb-board-view.h"
#include "tb-hand-layout.h"
#include "tb-piece-cache.h"

G_BEGIN_DECLS

struct _TbBoardView
{
  GtkWidget parent_instance;

  TbGame *game;
  gulong move_played_id;
  gulong position_changed_id;
  TbMovePicker *picker;

  gboolean interactive;
  gboolean show_legal_moves;
  gboolean show_coordinates;
  gboolean hide_opponent_pieces;
  char *animation_speed;

  int hover;             /* cell, or -1 */
  int last_from;         /* the last move, for a subtle mark */
  int last_to;
  TbMove suggestion;     /* a hint shown on the board until the position changes */
  int natural_size;      /* what it asks for; 0: the default */

  TbBoardGeometry geometry;
  TbBoardTexture board_texture;
  TbPieceCache *piece_cache;
  TbBoardAnimation animation;

  /* A widget per cell, for screen readers and the keyboard focus, while
   * the board is interactive; the cell the focus rests on (or last did). */
  TbBoardCells *cells;
  int focus_cell;

  /* Games where players lay pieces from a hand (Retournement): the trays
   * and the pointer the held piece follows. */
  gboolean has_hands;     /* the game lays pieces from hands, and they are shown */
  gboolean hands_hidden;  /* a thumbnail: the board alone */
  TbHandLayout hand_layout;
  int hover_slot;        /* the slot under the pointer in the mover's tray, or -1 */
  gboolean pointer_in;
  double pointer_x, pointer_y;

  /* What the board shows instead of the game's position: an earlier ply
   * (a look back, read-only), or the result of a move proposed for
   * confirmation. */
  int shown_ply;          /* or -1 */
  TbMove proposal;
  TbPosition *proposal_position;
};


/* The position the board shows: a look back at an earlier ply, the
 * result of a proposed move, or the game's own. */
static inline const TbPosition *
tb_board_view_shown_position (TbBoardView *self)
{
  if (self->shown_ply >= 0)
    return tb_game_get_position_at (self->game, (guint) self->shown_ply);
  if (self->proposal_position)
    return self->proposal_position;
  return tb_game_get_position (self->game);
}

/* The cell under a point, or -1. */
static inline int
tb_board_view_cell_under (TbBoardView *self, double x, double y)
{
  if (self->game == NULL || self->geometry.scale <= 0)
    return -1;
  return tb_board_geometry_cell_at (&self->geometry, &tb_game_get_variant (self->game)->board, x,
                                    y);
}

/* Shows move happening from before, at the speed of the setting. */
static inline void
tb_board_view_animate (TbBoardView *self, const TbPosition *before, TbMove move)
{
  tb_board_animation_start (&self->animation, GTK_WIDGET (self), tb_game_get_variant (self->game),
                            before, move, tb_board_animation_phase_ms (self->animation_speed));
}

/* tb-board-input.c: the pointer, the keys, the cells of the keyboard focus
 * and what they say, and moves proposed for confirmation. */
void tb_board_input_add_controllers (TbBoardView *self);
/* The cell the keyboard starts from: where it was, the selection, or
 * the first piece that can move. */
int tb_board_input_starting_focus_cell (TbBoardView *self);
/* What screen readers say of each cell, told again. */
void tb_board_input_describe_cells (TbBoardView *self);
/* The last move (the one that led to ply), marked on the board. */
void tb_board_input_mark_last_move (TbBoardView *self, guint ply);
/* The proposed move, if any, is no longer shown. */
void tb_board_input_clear_proposal (TbBoardView *self);

G_END_DECLS
