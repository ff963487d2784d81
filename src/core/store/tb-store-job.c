/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-job.c: the game database off the main loop
 *
 * One queue for every store, served by one thread at a time (a
 * GThreadPool of one): jobs run in the order they were asked for, so a
 * save asked before a query is in the database when the query runs.  A
 * job's GTask holds its store, which therefore outlives every job on it.
 */
#include "config.h"

#include "tb-store-job.h"
#include "tb-store-private.h"

typedef void (*JobFunc) (GTask *task, TbStore *store, gpointer data);

typedef struct
{
  GTask *task;
  JobFunc func;
} Job;

static void
run_job (gpointer data, gpointer unused)
{
  Job *job = data;
  TbStore *store = g_task_get_source_object (job->task);

  if (tb_store_is_closed (store))
    g_task_return_new_error (job->task, TB_STORE_ERROR, TB_STORE_ERROR_CLOSED,
                             "%s: the game database is closed", tb_store_get_path (store));
  else if (!g_task_return_error_if_cancelled (job->task))
    job->func (job->task, store, g_task_get_task_data (job->task));
  g_object_unref (job->task);
  g_free (job);
}

static GThreadPool *
job_queue (void)
{
  static GThreadPool *queue;

  if (g_once_init_enter (&queue))
    g_once_init_leave (&queue, g_thread_pool_new (run_job, NULL, 1, FALSE, NULL));
  return queue;
}

static void
queue_job (TbStore *store, JobFunc func, gpointer data, GDestroyNotify free_data,
           GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data,
           gpointer tag)
{
  Job *job = g_new (Job, 1);

  job->task = g_task_new (store, cancellable, callback, user_data);
  job->func = func;
  g_task_set_source_tag (job->task, tag);
  g_task_set_task_data (job->task, data, free_data);
  g_thread_pool_push (job_queue (), job, NULL);
}

gboolean
tb_store_job_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* result, or error when there is none. */
static void
return_result (GTask *task, gpointer result, GDestroyNotify free_result, GError *error)
{
  if (result)
    g_task_return_pointer (task, result, free_result);
  else
    g_task_return_error (task, error);
}

static void
return_id (GTask *task, gint64 id, GError *error)
{
  if (id == 0)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&id, sizeof id), g_free);
}

/* ---- one game ---- */

typedef struct
{
  gint64 id;
  TbStoreRecord *record;
} Save;

static void
save_free (Save *save)
{
  tb_store_record_free (save->record);
  g_free (save);
}

static void
save_game (GTask *task, TbStore *store, gpointer data)
{
  Save *save = data;
  GError *error = NULL;
  gint64 id;

  /* The id first: the order a call's arguments are worked out in is the
   * compiler's, and error may be read before the add sets it. */
  if (save->id == 0)
    {
      id = tb_store_add_record (store, save->record, &error);
      return_id (task, id, error);
    }
  else if (tb_store_save_record (store, save->id, save->record, &error))
    return_id (task, save->id, NULL);
  else
    return_id (task, 0, error);
}

void
tb_store_job_save_game (TbStore *store, gint64 id, TbGame *game, int current_ply,
                        GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  Save *save;

  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (TB_IS_GAME (game));

  save = g_new (Save, 1);
  save->id = id;
  /* Read now, on the caller's thread: the game goes on meanwhile. */
  save->record = tb_store_record_new (game, current_ply);
  queue_job (store, save_game, save, (GDestroyNotify) save_free, cancellable, callback,
             user_data, tb_store_job_save_game);
}

gint64
tb_store_job_save_game_finish (GAsyncResult *result, GError **error)
{
  g_autofree gint64 *id = g_task_propagate_pointer (G_TASK (result), error);

  return id ? *id : 0;
}

void
tb_stored_game_free (TbStoredGame *stored)
{
  if (stored == NULL)
    return;
  g_clear_object (&stored->game);
  g_clear_pointer (&stored->match, g_ptr_array_unref);
  g_free (stored);
}

/* The games of game's match, from the first up to game itself (which
 * ends the array); NULL when it has no match or one of them does not
 * read (the game then goes on alone). */
static GPtrArray *
load_match (TbStore *store, TbGame *game, gint64 id)
{
  const char *match_id = tb_game_get_tag (game, "Match");
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);

  if (match_id == NULL || !tb_rules_plays_matches (tb_game_get_rules (game)) ||
      (ids = tb_store_match_game_ids (store, match_id, NULL)) == NULL)
    return NULL;
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 other = g_array_index (ids, gint64, i);
      TbGame *loaded = other == id ? g_object_ref (game) : tb_store_load_game (store, other, NULL);

      if (loaded == NULL)
        return NULL;
      g_ptr_array_add (games, loaded);
      if (other == id)
        return g_steal_pointer (&games);
    }
  return NULL;
}

static void
load_game (GTask *task, TbStore *store, gpointer data)
{
  gint64 id = *(gint64 *) data;
  TbStoredGame *stored;
  GError *error = NULL;
  TbGame *game;

  if (id == 0 && (id = tb_store_last_unfinished (store)) == 0)
    {
      g_task_return_pointer (task, NULL, NULL);
      return;
    }
  game = tb_store_load_game (store, id, &error);
  if (game == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  stored = g_new0 (TbStoredGame, 1);
  stored->id = id;
  stored->game = game;
  stored->match = load_match (store, game, id);
  g_task_return_pointer (task, stored, (GDestroyNotify) tb_stored_game_free);
}

void
tb_store_job_load_game (TbStore *store, gint64 id, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));

  queue_job (store, load_game, g_memdup2 (&id, sizeof id), g_free, cancellable, callback,
             user_data, tb_store_job_load_game);
}

TbStoredGame *
tb_store_job_load_game_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

typedef struct
{
  gint64 id;
  gint64 origin_id;
  guint origin_ply;
} Origin;

static void
set_origin (GTask *task, TbStore *store, gpointer data)
{
  Origin *origin = data;
  GError *error = NULL;

  if (tb_store_set_origin (store, origin->id, origin->origin_id, origin->origin_ply, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tb_store_job_set_origin (TbStore *store, gint64 id, gint64 origin_id, guint origin_ply,
                         GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data)
{
  Origin *origin;

  g_return_if_fail (TB_IS_STORE (store));

  origin = g_new (Origin, 1);
  *origin = (Origin) { id, origin_id, origin_ply };
  queue_job (store, set_origin, origin, g_free, cancellable, callback, user_data,
             tb_store_job_set_origin);
}

static void
delete_game (GTask *task, TbStore *store, gpointer data)
{
  GError *error = NULL;

  if (tb_store_delete_game (store, *(gint64 *) data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
tb_store_job_delete_game (TbStore *store, gint64 id, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));

  queue_job (store, delete_game, g_memdup2 (&id, sizeof id), g_free, cancellable, callback,
             user_data, tb_store_job_delete_game);
}

/* ---- the history ---- */

/* A filter whose strings the job owns. */
typedef struct
{
  TbStoreFilter filter;
  TbStoreSort sort;
  gboolean descending;
  TbStoreRow *after;   /* or NULL: from the first row */
  gint64 known_count;  /* the filter's count when known, or -1 */
  guint offset;
  guint limit;
  gboolean count;
} Query;

static Query *
query_new (const TbStoreFilter *filter)
{
  Query *q = g_new0 (Query, 1);

  tb_store_filter_copy_into (&q->filter, filter);
  return q;
}

static void
query_free (Query *q)
{
  tb_store_filter_clear (&q->filter);
  tb_store_row_free (q->after);
  g_free (q);
}

typedef struct
{
  GPtrArray *rows;
  guint count;
} Page;

static void
page_free (Page *page)
{
  g_clear_pointer (&page->rows, g_ptr_array_unref);
  g_free (page);
}

static void
query_page (GTask *task, TbStore *store, gpointer data)
{
  Query *q = data;
  g_autoptr (GError) error = NULL;
  Page *page = g_new0 (Page, 1);

  if (q->count)
    page->count = tb_store_count (store, &q->filter, &error);
  /* The count, when known, chooses how the page is read. */
  if (error == NULL)
    page->rows = tb_store_query_after (store, &q->filter, q->sort, q->descending, q->after,
                                       q->offset, q->limit,
                                       q->count ? (gint64) page->count : q->known_count,
                                       &error);
  if (page->rows == NULL)
    {
      page_free (page);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, page, (GDestroyNotify) page_free);
}

static TbStoreRow *
row_copy (const TbStoreRow *row)
{
  TbStoreRow *copy = g_new0 (TbStoreRow, 1);

  copy->id = row->id;
  copy->date = g_strdup (row->date);
  copy->ruleset = g_strdup (row->ruleset);
  copy->player1 = g_strdup (row->player1);
  copy->player2 = g_strdup (row->player2);
  copy->result = g_strdup (row->result);
  copy->termination = g_strdup (row->termination);
  copy->plies = row->plies;
  return copy;
}

void
tb_store_job_query (TbStore *store, const TbStoreFilter *filter, TbStoreSort sort,
                    gboolean descending, guint offset, guint limit, gboolean count,
                    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  tb_store_job_query_after (store, filter, sort, descending, NULL, offset, limit,
                            count ? TB_STORE_JOB_COUNT : -1, cancellable, callback, user_data);
}

void
tb_store_job_query_after (TbStore *store, const TbStoreFilter *filter, TbStoreSort sort,
                          gboolean descending, const TbStoreRow *after, guint offset, guint limit,
                          gint64 count, GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data)
{
  Query *q;

  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (filter != NULL);

  q = query_new (filter);
  q->after = after ? row_copy (after) : NULL;
  q->known_count = count >= 0 ? count : -1;
  q->sort = sort;
  q->descending = descending;
  q->offset = offset;
  q->limit = limit;
  q->count = count == TB_STORE_JOB_COUNT;
  queue_job (store, query_page, q, (GDestroyNotify) query_free, cancellable, callback, user_data,
             tb_store_job_query);
}

GPtrArray *
tb_store_job_query_finish (GAsyncResult *result, guint *count, GError **error)
{
  Page *page = g_task_propagate_pointer (G_TASK (result), error);
  GPtrArray *rows;

  if (page == NULL)
    return NULL;
  if (count)
    *count = page->count;
  rows = g_steal_pointer (&page->rows);
  page_free (page);
  return rows;
}

/* ---- records out ---- */

typedef struct
{
  GArray *ids;
  GFile *file;
} Export;

static void
export_free (Export *export)
{
  g_array_unref (export->ids);
  g_object_unref (export->file);
  g_free (export);
}

/* The error of an export that left games out: its first line says how
 * many, and one line follows for each. */
static GError *
left_out_error (const GError *left_out, GPtrArray *problems)
{
  g_autoptr (GString) text = g_string_new (left_out->message);

  for (guint i = 0; i < problems->len; i++)
    g_string_append_printf (text, "\n%s", ((GError *) problems->pdata[i])->message);
  return g_error_new_literal (left_out->domain, left_out->code, text->str);
}

/* The file being written, and the job's cancellable, which stops it. */
typedef struct
{
  GOutputStream *stream;
  GCancellable *cancellable;
} ExportSink;

static gboolean
write_to_stream (const char *text, gsize length, gpointer data, GError **error)
{
  ExportSink *sink = data;

  return g_output_stream_write_all (sink->stream, text, length, NULL, sink->cancellable, error);
}

/* Every game that reads is written, even when others do not, into the
 * file as the games are read: an export of any size takes little memory.
 * The file is replaced only once all is written: a write that fails (a
 * full disk) or a cancelled export leaves it as it was. */
static void
export_games (GTask *task, TbStore *store, gpointer data)
{
  Export *export = data;
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_autoptr (GFileOutputStream) stream = NULL;
  g_autoptr (GError) failed = NULL;
  ExportSink sink;
  GError *error = NULL;

  stream = g_file_replace (export->file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                           cancellable, &error);
  if (stream == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  sink = (ExportSink) { G_OUTPUT_STREAM (stream), cancellable };
  if (!tb_store_export_to (store, (const gint64 *) (gpointer) export->ids->data,
                           export->ids->len, write_to_stream, &sink, problems, &failed) &&
      failed->domain != TB_STORE_ERROR)
    {
      /* Closed cancelled: the file is not replaced. */
      g_autoptr (GCancellable) abandon = g_cancellable_new ();

      g_cancellable_cancel (abandon);
      g_output_stream_close (G_OUTPUT_STREAM (stream), abandon, NULL);
      g_task_return_error (task, g_steal_pointer (&failed));
      return;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, &error))
    g_task_return_error (task, error);
  else if (failed)
    g_task_return_error (task, left_out_error (failed, problems));
  else
    g_task_return_boolean (task, TRUE);
}

void
tb_store_job_export (TbStore *store, GArray *ids, GFile *file, GCancellable *cancellable,
                     GAsyncReadyCallback callback, gpointer user_data)
{
  Export *export;

  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (ids != NULL);
  g_return_if_fail (G_IS_FILE (file));

  export = g_new (Export, 1);
  export->ids = g_array_ref (ids);
  export->file = g_object_ref (file);
  queue_job (store, export_games, export, (GDestroyNotify) export_free, cancellable, callback,
             user_data, tb_store_job_export);
}

/* ---- players and correspondence ---- */

static void
ratings (GTask *task, TbStore *store, gpointer data)
{
  GError *error = NULL;
  TbEloTable *table = tb_store_ratings (store, data, &error);

  return_result (task, table, (GDestroyNotify) tb_elo_table_free, error);
}

void
tb_store_job_ratings (TbStore *store, const char *ruleset, GCancellable *cancellable,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (ruleset != NULL);

  queue_job (store, ratings, g_strdup (ruleset), g_free, cancellable, callback, user_data,
             tb_store_job_ratings);
}

TbEloTable *
tb_store_job_ratings_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
reminder_free (TbReminder *reminder)
{
  g_clear_object (&reminder->game);
  g_free (reminder);
}

void
tb_correspondence_report_free (TbCorrespondenceReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->reminders, g_ptr_array_unref);
  g_free (report);
}

/* The store's reminder: the game is read, for the notification to name
 * the game and the player to move. */
static void
add_reminder (TbStore *store, gint64 id, guint days, gpointer data)
{
  TbCorrespondenceReport *report = data;
  TbGame *game = tb_store_load_game (store, id, NULL);
  TbReminder *reminder;

  if (game == NULL)
    return;
  reminder = g_new (TbReminder, 1);
  *reminder = (TbReminder) { id, days, game };
  g_ptr_array_add (report->reminders, reminder);
}

static void
check_correspondence (GTask *task, TbStore *store, gpointer data)
{
  TbCorrespondenceReport *report = g_new0 (TbCorrespondenceReport, 1);
  GError *error = NULL;

  report->reminders = g_ptr_array_new_with_free_func ((GDestroyNotify) reminder_free);
  if (tb_store_check_correspondence (store, *(gint64 *) data, add_reminder, report,
                                     &report->ended, &error))
    g_task_return_pointer (task, report, (GDestroyNotify) tb_correspondence_report_free);
  else
    {
      tb_correspondence_report_free (report);
      g_task_return_error (task, error);
    }
}

void
tb_store_job_check_correspondence (TbStore *store, gint64 now, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));

  queue_job (store, check_correspondence, g_memdup2 (&now, sizeof now), g_free, cancellable,
             callback, user_data, tb_store_job_check_correspondence);
}

TbCorrespondenceReport *
tb_store_job_check_correspondence_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- the opening explorer ---- */

typedef struct
{
  TbVariant *variant;
  TbPosition *pos;       /* a copy: the board goes on meanwhile */
  gint64 after_id;
  guint limit;
} Explore;

static Explore *
explore_new (TbVariant *variant, const TbPosition *pos, gint64 after_id, guint limit)
{
  Explore *e = g_new (Explore, 1);

  e->variant = tb_variant_ref (variant);
  e->pos = tb_position_dup (variant, pos);
  e->after_id = after_id;
  e->limit = limit;
  return e;
}

static void
explore_free (Explore *e)
{
  tb_position_free (e->pos);
  tb_variant_unref (e->variant);
  g_free (e);
}

static void
explore (GTask *task, TbStore *store, gpointer data)
{
  Explore *e = data;
  GError *error = NULL;

  return_result (task, tb_store_explore (store, e->variant, e->pos, &error),
                 (GDestroyNotify) tb_store_explorer_free, error);
}

void
tb_store_job_explore (TbStore *store, TbVariant *variant, const TbPosition *pos,
                      GCancellable *cancellable, GAsyncReadyCallback callback,
                      gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (variant != NULL && pos != NULL);

  queue_job (store, explore, explore_new (variant, pos, 0, 0), (GDestroyNotify) explore_free,
             cancellable, callback, user_data, tb_store_job_explore);
}

TbStoreExplorer *
tb_store_job_explore_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
explore_games (GTask *task, TbStore *store, gpointer data)
{
  Explore *e = data;
  GError *error = NULL;

  return_result (task, tb_store_explore_games (store, e->variant, e->pos, e->after_id, e->limit,
                                               &error),
                 (GDestroyNotify) g_array_unref, error);
}

void
tb_store_job_explore_games (TbStore *store, TbVariant *variant, const TbPosition *pos,
                            gint64 after_id, guint limit, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (variant != NULL && pos != NULL);

  queue_job (store, explore_games, explore_new (variant, pos, after_id, limit),
             (GDestroyNotify) explore_free, cancellable, callback, user_data,
             tb_store_job_explore_games);
}

GArray *
tb_store_job_explore_games_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- where a game reached a position ---- */

typedef struct
{
  gint64 id;
  gint64 key;
} PositionPly;

static void
position_ply (GTask *task, TbStore *store, gpointer data)
{
  PositionPly *p = data;
  GError *error = NULL;
  int ply = tb_store_position_ply (store, p->id, p->key, &error);

  if (ply == -2)
    g_task_return_error (task, error);
  else
    g_task_return_int (task, ply);
}

void
tb_store_job_position_ply (TbStore *store, gint64 id, gint64 key, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data)
{
  PositionPly *p = g_new (PositionPly, 1);

  g_return_if_fail (TB_IS_STORE (store));

  *p = (PositionPly) { id, key };
  queue_job (store, position_ply, p, g_free, cancellable, callback, user_data,
             tb_store_job_position_ply);
}

int
tb_store_job_position_ply_finish (GAsyncResult *result, GError **error)
{
  gssize ply = g_task_propagate_int (G_TASK (result), error);

  return ply < -1 ? -2 : (int) ply;
}

/* ---- suggestions as a search is typed ---- */

typedef struct
{
  gboolean tags;    /* a tag's values, not players' names */
  char *tag_name;   /* NULL: any tag's */
  char *typed;
  guint limit;
} Suggest;

static void
suggest_free (Suggest *s)
{
  g_free (s->tag_name);
  g_free (s->typed);
  g_free (s);
}

static void
suggest (GTask *task, TbStore *store, gpointer data)
{
  Suggest *s = data;
  GError *error = NULL;
  GPtrArray *found = s->tags ? tb_store_suggest_tag_values (store, s->tag_name, s->typed,
                                                            s->limit, &error)
                             : tb_store_suggest_players (store, s->typed, s->limit, &error);

  return_result (task, found, (GDestroyNotify) g_ptr_array_unref, error);
}

static void
queue_suggest (TbStore *store, gboolean tags, const char *tag_name, const char *typed,
               guint limit, GCancellable *cancellable, GAsyncReadyCallback callback,
               gpointer user_data, gpointer source_tag)
{
  Suggest *s = g_new0 (Suggest, 1);

  s->tags = tags;
  s->tag_name = g_strdup (tag_name);
  s->typed = g_strdup (typed);
  s->limit = limit;
  queue_job (store, suggest, s, (GDestroyNotify) suggest_free, cancellable, callback, user_data,
             source_tag);
}

void
tb_store_job_suggest_players (TbStore *store, const char *typed, guint limit,
                              GCancellable *cancellable, GAsyncReadyCallback callback,
                              gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (typed != NULL);

  queue_suggest (store, FALSE, NULL, typed, limit, cancellable, callback, user_data,
                 tb_store_job_suggest_players);
}

void
tb_store_job_suggest_tag_values (TbStore *store, const char *tag_name, const char *typed,
                                 guint limit, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (typed != NULL);

  queue_suggest (store, TRUE, tag_name, typed, limit, cancellable, callback, user_data,
                 tb_store_job_suggest_tag_values);
}

GPtrArray *
tb_store_job_suggest_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
nothing (GTask *task, TbStore *store, gpointer data)
{
  g_task_return_boolean (task, TRUE);
}

void
tb_store_job_wait (TbStore *store, GCancellable *cancellable, GAsyncReadyCallback callback,
                   gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));

  queue_job (store, nothing, NULL, NULL, cancellable, callback, user_data, tb_store_job_wait);
}

static void
close_store (GTask *task, TbStore *store, gpointer data)
{
  tb_store_stop_imports (store);
  tb_store_close (store);
  g_task_return_boolean (task, TRUE);
}

void
tb_store_job_close (TbStore *store, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TB_IS_STORE (store));

  queue_job (store, close_store, NULL, NULL, NULL, callback, user_data, tb_store_job_close);
}

/* ---- any work ---- */

typedef struct
{
  TbStoreJobFunc func;
  gpointer data;
  GDestroyNotify free_data;
  GDestroyNotify free_result;
} Run;

static void
run_free (Run *run)
{
  if (run->free_data)
    run->free_data (run->data);
  g_free (run);
}

static void
run_func (GTask *task, TbStore *store, gpointer data)
{
  Run *run = data;
  GError *error = NULL;
  gpointer result = run->func (store, run->data, &error);

  return_result (task, result, run->free_result, error);
}

void
tb_store_job_run (TbStore *store, TbStoreJobFunc func, gpointer data, GDestroyNotify free_data,
                  GDestroyNotify free_result, GCancellable *cancellable,
                  GAsyncReadyCallback callback, gpointer user_data)
{
  Run *run;

  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (func != NULL);

  run = g_new (Run, 1);
  *run = (Run) { func, data, free_data, free_result };
  queue_job (store, run_func, run, (GDestroyNotify) run_free, cancellable, callback, user_data,
             tb_store_job_run);
}

gpointer
tb_store_job_run_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == tb_store_job_run, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
