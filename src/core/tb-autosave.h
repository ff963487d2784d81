/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-autosave.h: keeps one game saved in the game database
 *
 * Every change of the game's position (a move, undo, redo, the end) is
 * saved by a store job, off the main loop: one save at a time, and the
 * latest state always last, so that a crash loses at most the move being
 * made.  A new game is added to the database by its first save and gets
 * its id then.
 *
 * The autosave lives until its last save is written, even when its owner
 * lets go of it first (a new game replaced this one a moment after a
 * move): no change is ever dropped.
 */
#pragma once

#include "tb-game.h"
#include "tb-store.h"

G_BEGIN_DECLS

#define TB_TYPE_AUTOSAVE (tb_autosave_get_type ())
G_DECLARE_FINAL_TYPE (TbAutosave, tb_autosave, TB, AUTOSAVE, GObject)

/* Watches game and saves it over the stored game id (0: a game not yet
 * stored, added at the first save).  The first save is asked for at
 * once. */
TbAutosave *tb_autosave_new (TbStore *store, TbGame *game, gint64 id);
/* Saves the stored game id when asked (tb_autosave_save) and only then,
 * as standing at ply whatever ply the game shows: a game replayed and
 * annotated keeps its place. */
TbAutosave *tb_autosave_new_at_ply (TbStore *store, TbGame *game, gint64 id, guint ply);

TbGame *tb_autosave_get_game (TbAutosave *self);
/* The game's row, 0 until its first save is written ("id", notified). */
gint64 tb_autosave_get_id (TbAutosave *self);
/* Whether a save is being written or waits to be ("busy", notified). */
gboolean tb_autosave_get_busy (TbAutosave *self);
/* Asks for a save of the game as it stands (changes of position do it
 * themselves; tags changed without a move do not). */
void tb_autosave_save (TbAutosave *self);
/* The game stops being watched (its last change is still written). */
void tb_autosave_stop (TbAutosave *self);

/* Whether any autosave of the process still has a save to write (the
 * application waits for none before it quits). */
gboolean tb_autosave_any_busy (void);
/* Runs the main context until no autosave is busy, or timeout_ms went
 * by; FALSE then. */
gboolean tb_autosave_wait_all (guint timeout_ms);

G_END_DECLS
