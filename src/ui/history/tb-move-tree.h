/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-tree.h: the replay's moves with their variations, to edit
 *
 * One row a move: the main line, and after a move the variations that
 * replace it, indented, each with a button that folds it.  Activating a
 * row goes to its move.  A menu on each row (right click, long press, the
 * Menu key or Shift+F10) promotes the variation, deletes it (a toast
 * offers Undo), sets the move's glyph or asks for its comment; the '!'
 * and '?' keys cycle the glyph (tb_nag_after_key).
 *
 * Signals: "edited": the tree or an annotation changed (the owner saves);
 * "comment-requested": the menu's Comment… item.
 */
#pragma once

#include <adwaita.h>

#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_MOVE_TREE (tb_move_tree_get_type ())
G_DECLARE_FINAL_TYPE (TbMoveTree, tb_move_tree, TB, MOVE_TREE, GtkWidget)

/* Shows game's tree, following its position (NULL: none). */
void tb_move_tree_set_game (TbMoveTree *self, TbGame *game);
/* Makes the rows again: needed after the game's tree or annotations were
 * changed elsewhere (an analysis applied), as a cut made elsewhere would
 * leave rows of freed moves; moves played are followed by themselves. */
void tb_move_tree_refresh (TbMoveTree *self);
/* The '!' or '?' key pressed on the move shown. */
void tb_move_tree_press_glyph_key (TbMoveTree *self, char key);
/* The row showing node, or NULL (folded rows have one too, hidden). */
GtkWidget *tb_move_tree_get_row (TbMoveTree *self, const TbGameNode *node);
/* Whether the row of the move shown is selected and wholly in view. */
gboolean tb_move_tree_shows_current (TbMoveTree *self);
/* Opens the menu of the move shown (as the Menu key does). */
void tb_move_tree_open_menu (TbMoveTree *self);

G_END_DECLS
