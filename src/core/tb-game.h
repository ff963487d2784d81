/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game.h: the model of one game
 *
 * A ruleset variant, who started, the tags of the record (players, event,
 * …), and the moves as a tree: the main line and its variations, with a
 * comment and NAGs on every move.  The current node is where play and
 * undo/redo happen; the current line is the path to it followed by its
 * main continuation (what a move list shows).  Views observe the signals;
 * the model never calls a view.
 */
#pragma once

#include <glib-object.h>

#include "tb-line.h"

G_BEGIN_DECLS

#define TB_TYPE_GAME (tb_game_get_type ())

/* Private tags of Tablier's records (NOTATION.md §4 allows X_Tablier_*):
 * a casual game, left out of the ratings, says Rated "no"; a game played
 * by exchanging records says Correspondence "yes". */
#define TB_TAG_RATED "X_Tablier_Rated"
#define TB_TAG_CORRESPONDENCE "X_Tablier_Correspondence"
G_DECLARE_FINAL_TYPE (TbGame, tb_game, TB, GAME, GObject)

typedef struct _TbGameNode TbGameNode;

typedef enum
{
  TB_PLAY_MAIN_LINE,       /* a new move becomes the main line (play, undo, play) */
  TB_PLAY_ADD_VARIATION,   /* a new move is added after the existing ones */
  TB_PLAY_NEW_VARIATION,   /* a new continuation after the existing ones, even when one of
                            * them has the same move (a record's variations stay apart) */
} TbPlayMode;

TbGame *tb_game_new (TbVariant *variant, guint starter);
/* A game from a set-up position (its side to move starts). */
TbGame *tb_game_new_at (TbVariant *variant, const TbPosition *start);
/* The set-up start position, or NULL when the game starts as usual. */
const TbPosition *tb_game_get_setup (TbGame *self);
/* A new line at the start of this game (set-up or usual). */
TbLine *tb_game_new_line (TbGame *self);
/* A new line played from the start to the position shown now: a copy a
 * worker thread can play on while the game changes. */
TbLine *tb_game_new_line_to_current (TbGame *self);

TbVariant *tb_game_get_variant (TbGame *self);
const TbRules *tb_game_get_rules (TbGame *self);
guint tb_game_get_starter (TbGame *self);

/* The current position. */
const TbPosition *tb_game_get_position (TbGame *self);
guint tb_game_get_to_move (TbGame *self);          /* 0 when the game is over here */
gboolean tb_game_is_over (TbGame *self);
TbResult tb_game_get_result (TbGame *self);
TbTermination tb_game_get_termination (TbGame *self);
gboolean tb_game_get_score (TbGame *self, int scores[2]);  /* FALSE if no points kept */
const TbMove *tb_game_get_legal_moves (TbGame *self, guint *n_moves);
gboolean tb_game_is_legal (TbGame *self, TbMove move);

/* Playing. */
gboolean tb_game_play (TbGame *self, TbMove move, GError **error);
gboolean tb_game_play_full (TbGame *self, TbMove move, TbPlayMode mode, GError **error);
gboolean tb_game_play_text (TbGame *self, const char *text, GError **error);
/* Reads a move token in the current position; errors say what is wrong
 * (not a move of this game, or why it is illegal). */
gboolean tb_game_parse_move (TbGame *self, const char *text, TbMove *move, GError **error);
/* Ends the game here without a move: resignation, agreed draw, inactivity;
 * moves undone and not replayed are dropped (the game ends here). */
void tb_game_finish (TbGame *self, TbResult result, TbTermination termination);
/* The position move (a legal move) would lead to from the current one,
 * without playing it (a move shown for confirmation), or NULL when it is
 * not legal; free it with tb_position_free. */
TbPosition *tb_game_preview_move (TbGame *self, TbMove move);
/* The move's canonical text in the current position. */
char *tb_game_format_move (TbGame *self, TbMove move);

/* The current line: plies 1..n_plies; the current position is at ply. */
guint tb_game_get_ply (TbGame *self);
guint tb_game_get_n_plies (TbGame *self);
TbMove tb_game_get_move (TbGame *self, guint ply);
/* The canonical text of the move at ply of the current line. */
char *tb_game_get_move_text (TbGame *self, guint ply);
const TbPosition *tb_game_get_position_at (TbGame *self, guint ply);  /* ply <= current */
void tb_game_go_to_ply (TbGame *self, guint ply);
gboolean tb_game_can_undo (TbGame *self);
gboolean tb_game_can_redo (TbGame *self);
gboolean tb_game_undo (TbGame *self);
gboolean tb_game_redo (TbGame *self);

/* The end of the main line: what the record's Result says. */
void tb_game_get_final_outcome (TbGame *self, TbOutcome *outcome);
gboolean tb_game_get_final_score (TbGame *self, int scores[2]);  /* FALSE if no points kept */
guint tb_game_get_main_line_length (TbGame *self);
/* While quiet (a record being read: nobody watches yet), the game emits
 * no signal and no notification; made loud again, it notifies every
 * property and "position-changed" once. */
void tb_game_set_quiet (TbGame *self, gboolean quiet);
/* Whether the game stands at the last move of its main line (as after
 * playing, or reading a record): its positions then are the main line's. */
gboolean tb_game_is_at_main_line_end (TbGame *self);

/* Tags of the record, in the order they were set (NOTATION.md §4);
 * Result, Termination, Score and PlyCount are derived, never stored. */
const char *tb_game_get_tag (TbGame *self, const char *name);
void tb_game_set_tag (TbGame *self, const char *name, const char *value);
void tb_game_remove_tag (TbGame *self, const char *name);
const char *const *tb_game_get_tag_names (TbGame *self);
/* "Player1"/"Player2", or the seat's colour when unknown. */
const char *tb_game_get_player_name (TbGame *self, guint seat);
/* The computer's level (1..5) playing seat, from the Player1Type and
 * Player1Level tags; 0 for a person.  Setting 0 makes the seat a person. */
guint tb_game_get_computer_level (TbGame *self, guint seat);
void tb_game_set_computer_level (TbGame *self, guint seat, guint level);

/* Annotations of the move at ply of the current line (ply 0: the game).
 * A comment is kept as paragraphs "\n\n" apart, each of words one space
 * apart: a line break alone or a run of spaces becomes one space, a blank
 * line a paragraph's end; NULL for nothing but space. */
const char *tb_game_get_comment (TbGame *self, guint ply);
void tb_game_set_comment (TbGame *self, guint ply, const char *comment);

/* The tree, for readers and writers of records. */
const TbGameNode *tb_game_get_root (TbGame *self);
const TbGameNode *tb_game_get_current_node (TbGame *self);
void tb_game_go_to_node (TbGame *self, const TbGameNode *node);
guint tb_game_node_get_n_children (const TbGameNode *node);
const TbGameNode *tb_game_node_get_child (const TbGameNode *node, guint index);
/* The continuation after node among its parent's, or NULL: a walk through
 * them all without counting from the first each time. */
const TbGameNode *tb_game_node_get_next_sibling (const TbGameNode *node);
const TbGameNode *tb_game_node_get_parent (const TbGameNode *node);
TbMove tb_game_node_get_move (const TbGameNode *node);
const char *tb_game_node_get_comment (const TbGameNode *node);
const guint8 *tb_game_node_get_nags (const TbGameNode *node, guint *n_nags);
gboolean tb_game_node_get_finish (const TbGameNode *node, TbOutcome *outcome);
void tb_game_set_node_comment (TbGame *self, const TbGameNode *node, const char *comment);
void tb_game_add_node_nag (TbGame *self, const TbGameNode *node, guint8 nag);
/* Removes every nag of this number from node's. */
void tb_game_remove_node_nag (TbGame *self, const TbGameNode *node, guint8 nag);

/* The computer's evaluation of the position after a node's move (at the
 * root: the start): seat 1's expected score, 0 to 1, kept to three
 * decimals apart from the comment (a record writes it as a [%eval]
 * command in the comment, docs/tgn.md); TB_EVAL_NONE when not analysed.
 * A negative eval clears it. */
#define TB_EVAL_NONE (-1.0)
double tb_game_node_get_eval (const TbGameNode *node);
void tb_game_set_node_eval (TbGame *self, const TbGameNode *node, double eval);
/* The same at ply of the current line. */
double tb_game_get_eval (TbGame *self, guint ply);
/* The NAGs of the move at ply of the current line. */
const guint8 *tb_game_get_nags (TbGame *self, guint ply, guint *n_nags);
/* The glyph of a move NAG, $1 to $6 ("!", "?", "!!", "??", "!?", "?!"),
 * or NULL for the others. */
const char *tb_nag_glyph (guint nag);

/* The move glyph of node ($1 to $6), 0 when it has none. */
guint tb_game_node_get_move_nag (const TbGameNode *node);
/* Gives node the move glyph nag ($1 to $6) in place of the one it had
 * (a move is good or a mistake, not both); 0 takes it away.  Its other
 * NAGs stay. */
void tb_game_set_node_move_nag (TbGame *self, const TbGameNode *node, guint nag);
/* The move glyph after pressing key ('!' or '?') on a move that has nag:
 * the key's glyph added to the one there when that makes a glyph ("!"
 * then "!" is "!!", "?" then "!" is "?!"), none when the key repeats a
 * doubled glyph ("!!" then "!"), else the key's glyph alone. */
guint tb_nag_after_key (guint nag, char key);

/* Editing the tree (the replay's analysis board).  A variation is a line
 * that leaves its parent's main continuation; each operation keeps the
 * current position where it was (or at the cut's parent when it was
 * inside what is cut) and emits "position-changed". */

/* Where node stands among its parent's continuations (0: the main one). */
guint tb_game_node_get_index (const TbGameNode *node);
/* The first move of the variation node is in: node or its nearest
 * ancestor that is not the main continuation; NULL on the main line. */
const TbGameNode *tb_game_node_get_variation_start (const TbGameNode *node);
/* Puts node at index among its parent's continuations (clamped to the
 * last), the others keeping their order; returns where it was. */
guint tb_game_move_node (TbGame *self, const TbGameNode *node, guint index);
/* Makes the variation node is in the main continuation where it leaves
 * it (one level: a variation inside a variation becomes that variation's
 * main line).  Returns its first move, and where it stood in *old_index
 * (undone by tb_game_move_node), or NULL when node is on the main line. */
const TbGameNode *tb_game_promote_variation (TbGame *self, const TbGameNode *node,
                                             guint *old_index);

/* A subtree cut from a game, to be put back (undo) or freed. */
typedef struct _TbGameCut TbGameCut;
/* Cuts node and all that follows it out of the tree (never the root). */
TbGameCut *tb_game_cut (TbGame *self, const TbGameNode *node);
/* Puts a cut back where it was, and frees the TbGameCut (not the nodes):
 * the tree is again what it was before the cut, as long as the cut's
 * parent was not cut meanwhile. */
void tb_game_restore_cut (TbGame *self, TbGameCut *cut);
void tb_game_cut_free (TbGameCut *cut);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbGameCut, tb_game_cut_free)

G_END_DECLS
