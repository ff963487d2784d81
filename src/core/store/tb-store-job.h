/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-job.h: the game database off the main loop
 *
 * Every job runs on the store's worker thread, one after another in the
 * order they were asked for, and reports on the caller's main context
 * (GTask), so that a slow disk never holds up a frame.  The UI reaches
 * the database only through these jobs and through TbSession, which
 * uses them.  A TbStore is one SQLite connection, used by one thread at
 * a time: a store given to jobs is not also called directly.
 *
 * The import is the exception: it runs on a connection of its own, in a
 * thread of its own, so that the queue (a move being saved, the history
 * being scrolled) is not stuck behind a large file.
 */
#pragma once

#include <gio/gio.h>

#include "tb-elo.h"
#include "tb-store.h"

G_BEGIN_DECLS

/* ---- one game ---- */

/* Saves game as it stands at the call (current_ply -1: where it stands),
 * over the stored game id, or as a new game when id is 0; the game may
 * change as soon as the call returns.  _finish gives the game's id, or 0
 * and error. */
void tb_store_job_save_game (TbStore *store, gint64 id, TbGame *game, int current_ply,
                             GCancellable *cancellable, GAsyncReadyCallback callback,
                             gpointer user_data);
gint64 tb_store_job_save_game_finish (GAsyncResult *result, GError **error);

typedef struct
{
  gint64 id;        /* the game's row */
  TbGame *game;     /* the game, at the ply it was left at */
  GPtrArray *match; /* with a Match tag: the games of its match up to it,
                     * in the order played, the last being game; or NULL */
} TbStoredGame;

void tb_stored_game_free (TbStoredGame *stored);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbStoredGame, tb_stored_game_free)

/* Reads the stored game id (0: the unfinished game played last) and, when
 * it is one of a match, the earlier games of that match.  _finish gives
 * NULL and error when it cannot be read, NULL without error when id is 0
 * and no game is unfinished. */
void tb_store_job_load_game (TbStore *store, gint64 id, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data);
TbStoredGame *tb_store_job_load_game_finish (GAsyncResult *result, GError **error);

gboolean tb_store_job_finish (GAsyncResult *result, GError **error);

/* Records that game id was continued from origin_id after origin_ply
 * moves; _finish with tb_store_job_finish. */
void tb_store_job_set_origin (TbStore *store, gint64 id, gint64 origin_id, guint origin_ply,
                              GCancellable *cancellable, GAsyncReadyCallback callback,
                              gpointer user_data);
/* _finish with tb_store_job_finish. */
void tb_store_job_delete_game (TbStore *store, gint64 id, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);

/* ---- any work on the store ---- */

/* Work of another module (the practice, tb-practice.h) on the store's
 * thread, in the queue's order: func returns its result (NULL and error
 * when it fails). */
typedef gpointer (*TbStoreJobFunc) (TbStore *store, gpointer data, GError **error);
void tb_store_job_run (TbStore *store, TbStoreJobFunc func, gpointer data, GDestroyNotify free_data,
                       GDestroyNotify free_result, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data);
gpointer tb_store_job_run_finish (GAsyncResult *result, GError **error);

/* ---- the history ---- */

/* A page of the games filter matches (copied at the call), and with
 * count TRUE how many it matches in all.  _finish gives an array of
 * TbStoreRow and sets *count (when asked for). */
void tb_store_job_query (TbStore *store, const TbStoreFilter *filter, TbStoreSort sort,
                         gboolean descending, guint offset, guint limit, gboolean count,
                         GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data);
/* The same from the row after `after` (copied at the call; NULL: from
 * the first), as tb_store_query_after; count is the filter's count when
 * the caller knows it (it chooses how the page is read, and is not
 * counted again), -1 when it does not, or TB_STORE_JOB_COUNT for the
 * count to come with the page; _finish as for tb_store_job_query. */
#define TB_STORE_JOB_COUNT (-2)
void tb_store_job_query_after (TbStore *store, const TbStoreFilter *filter, TbStoreSort sort,
                               gboolean descending, const TbStoreRow *after, guint offset,
                               guint limit, gint64 count, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
GPtrArray *tb_store_job_query_finish (GAsyncResult *result, guint *count, GError **error);

/* ---- the opening explorer ---- */

/* The moves played from pos (of variant; copied at the call) across the
 * stored games, as tb_store_explore; _finish gives them, or NULL and
 * error. */
void tb_store_job_explore (TbStore *store, TbVariant *variant, const TbPosition *pos,
                           GCancellable *cancellable, GAsyncReadyCallback callback,
                           gpointer user_data);
TbStoreExplorer *tb_store_job_explore_finish (GAsyncResult *result, GError **error);

/* A page of the games that reached pos, as tb_store_explore_games;
 * _finish gives a GArray of TbStoreExplorerGame, or NULL and error. */
void tb_store_job_explore_games (TbStore *store, TbVariant *variant, const TbPosition *pos,
                                 gint64 after_id, guint limit, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data);
GArray *tb_store_job_explore_games_finish (GAsyncResult *result, GError **error);

/* The first ply at which game id reached a position of key, as
 * tb_store_position_ply: _finish gives it, -1 when it did not, or -2 and
 * error. */
void tb_store_job_position_ply (TbStore *store, gint64 id, gint64 key, GCancellable *cancellable,
                                GAsyncReadyCallback callback, gpointer user_data);
int tb_store_job_position_ply_finish (GAsyncResult *result, GError **error);

/* ---- completion ---- */

/* The players' names, or the values of the tag tag_name (NULL: any tag),
 * that hold typed, as tb_store_suggest_players and _tag_values; _finish
 * gives an array of strings, or NULL and error. */
void tb_store_job_suggest_players (TbStore *store, const char *typed, guint limit,
                                   GCancellable *cancellable, GAsyncReadyCallback callback,
                                   gpointer user_data);
void tb_store_job_suggest_tag_values (TbStore *store, const char *tag_name, const char *typed,
                                      guint limit, GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data);
GPtrArray *tb_store_job_suggest_finish (GAsyncResult *result, GError **error);

/* ---- records in and out ---- */

/* Writes the games ids (in that order) as one TGN file; _finish with
 * tb_store_job_finish.  A game that cannot be read (damaged) is left out
 * and the others are written: the error (TB_STORE_ERROR_BAD_GAME, or
 * NOT_FOUND when the games left out are all missing) then says on its
 * first line how many were left out, and names each on a line of its
 * own. */
void tb_store_job_export (TbStore *store, GArray *ids, GFile *file, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data);

typedef struct
{
  TbImportCounts counts;
  GPtrArray *errors;        /* "FILE:LINE:COL: message" */
  gboolean cancelled;
} TbImportReport;

void tb_import_report_free (TbImportReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbImportReport, tb_import_report_free)

/* Called on the main context with the fraction done (0..1). */
typedef void (*TbImportJobProgress) (double fraction, gpointer user_data);

/* Imports TGN files into the database at store's path, committed in
 * chunks (a cancelled import keeps every game read before the cancel, and
 * its report counts them).  _finish gives the report, or NULL and error
 * when the database failed. */
void tb_store_job_import (TbStore *store, GFile **files, guint n_files,
                          TbImportJobProgress progress, gpointer progress_data,
                          GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data);
TbImportReport *tb_store_job_import_finish (GAsyncResult *result, GError **error);

/* ---- players and correspondence ---- */

/* The Elo ratings of ruleset's players; _finish gives the table. */
void tb_store_job_ratings (TbStore *store, const char *ruleset, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data);
TbEloTable *tb_store_job_ratings_finish (GAsyncResult *result, GError **error);

typedef struct
{
  gint64 id;
  guint days;       /* without a move */
  TbGame *game;     /* the game waiting, at its last move */
} TbReminder;

typedef struct
{
  GPtrArray *reminders;  /* of TbReminder: games waiting at least 4 days */
  guint ended;           /* games ended after 7 days without a move */
} TbCorrespondenceReport;

void tb_correspondence_report_free (TbCorrespondenceReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbCorrespondenceReport, tb_correspondence_report_free)

/* Looks at the unfinished correspondence games at time now (seconds since
 * 1970): see tb_store_check_correspondence. */
void tb_store_job_check_correspondence (TbStore *store, gint64 now, GCancellable *cancellable,
                                        GAsyncReadyCallback callback, gpointer user_data);
TbCorrespondenceReport *tb_store_job_check_correspondence_finish (GAsyncResult *result,
                                                                  GError **error);

/* Calls done on the main context once every job asked for so far has
 * run (tests, and the window before it closes). */
void tb_store_job_wait (TbStore *store, GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data);

/* Closes the database once every job asked for so far has run and the
 * imports into it have stopped (cancelled: each keeps the games it
 * committed, and calls back first), then calls callback on the main
 * context (tb_store_job_finish: TRUE).  The file is closed and its
 * in-use mark emptied before callback, however long the store itself
 * lives on: a job's task lets go of it on the job thread a moment after
 * its callback is called, which a process that exits at once would cut
 * short, leaving the file marked open (the next start would then check
 * it whole).  A job asked afterwards fails with TB_STORE_ERROR_CLOSED. */
void tb_store_job_close (TbStore *store, GAsyncReadyCallback callback, gpointer user_data);

G_END_DECLS
