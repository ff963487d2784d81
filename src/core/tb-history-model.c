/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-model.c: the stored games as a list model, read off the
 * main loop */
#include "config.h"

#include "tb-history-model.h"
#include "tb-store-job.h"

/* Rows read at once, and pages kept (about 3,200 rows at most). */
#define PAGE_SIZE 64
#define MAX_PAGES 50

/* ---- one row ---- */

struct _TbHistoryItem
{
  GObject parent_instance;
  TbStoreRow *row;           /* NULL until read */
  gboolean stale;            /* row is of the list before a change, until read again */
};

G_DEFINE_FINAL_TYPE (TbHistoryItem, tb_history_item, G_TYPE_OBJECT)

/* The row's columns are read from "row", notified once when it arrives
 * (a cell made from several columns is made once, not once each: GTK
 * keeps 200 rows of a list, and a filter changes them all). */
enum
{
  ITEM_PROP_0,
  ITEM_PROP_LOADED,
  ITEM_PROP_ID,
  ITEM_PROP_ROW,
  N_ITEM_PROPS
};

static GParamSpec *item_properties[N_ITEM_PROPS];

static void
tb_history_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbHistoryItem *self = TB_HISTORY_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_LOADED:
      g_value_set_boolean (value, tb_history_item_get_loaded (self));
      break;
    case ITEM_PROP_ID:
      g_value_set_int64 (value, tb_history_item_get_id (self));
      break;
    case ITEM_PROP_ROW:
      g_value_set_pointer (value, (gpointer) tb_history_item_get_row (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_history_item_finalize (GObject *object)
{
  g_clear_pointer (&TB_HISTORY_ITEM (object)->row, tb_store_row_free);
  G_OBJECT_CLASS (tb_history_item_parent_class)->finalize (object);
}

static void
tb_history_item_class_init (TbHistoryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tb_history_item_finalize;
  object_class->get_property = tb_history_item_get_property;
  item_properties[ITEM_PROP_LOADED] = g_param_spec_boolean ("loaded", NULL, NULL, FALSE, flags);
  item_properties[ITEM_PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  /* A const TbStoreRow *, NULL until read. */
  item_properties[ITEM_PROP_ROW] = g_param_spec_pointer ("row", NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
tb_history_item_init (TbHistoryItem *self)
{
}

/* The row arrived (or was forgotten): every property changes at once. */
static void
tb_history_item_fill (TbHistoryItem *self, TbStoreRow *row)
{
  g_object_freeze_notify (G_OBJECT (self));
  g_clear_pointer (&self->row, tb_store_row_free);
  self->row = row;
  self->stale = FALSE;
  for (guint i = ITEM_PROP_LOADED; i < N_ITEM_PROPS; i++)
    g_object_notify_by_pspec (G_OBJECT (self), item_properties[i]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The list changed, and the row will be read again: what a view made
 * of it stays until then, unnotified (it is off screen: the view goes
 * back to the top), but the item is one not read yet, so that nothing
 * opens the game it was.  Emptied and notified, then filled and notified
 * again, the 136 rows of the list that GTK keeps off screen cost a third
 * of a filter change. */
static void
tb_history_item_forget (TbHistoryItem *self)
{
  self->stale = self->row != NULL;
}

gboolean
tb_history_item_get_loaded (TbHistoryItem *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_ITEM (self), FALSE);
  return self->row != NULL && !self->stale;
}

gint64
tb_history_item_get_id (TbHistoryItem *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_ITEM (self), 0);
  return tb_history_item_get_loaded (self) ? self->row->id : 0;
}

const TbStoreRow *
tb_history_item_get_row (TbHistoryItem *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_ITEM (self), NULL);
  return tb_history_item_get_loaded (self) ? self->row : NULL;
}

/* ---- the list ---- */

struct _TbHistoryModel
{
  GObject parent_instance;

  TbStore *store;
  TbStoreFilter filter;      /* its strings owned */
  TbStoreSort sort;
  gboolean descending;
  guint n_items;
  GHashTable *pages;         /* page number -> GPtrArray of TbHistoryItem */
  GHashTable *ends;          /* page number -> the page's last item, read in this
                              * generation: the next page is read after its key */
  guint generation;          /* a reload's: answers to an older one are dropped */
  guint jobs;                /* reads under way */
  GCancellable *cancellable; /* cancelled by the next reload */
  gboolean forgot;           /* pages were forgotten: a view may hold rows not in them */
};

enum
{
  SIGNAL_REPLACED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TbHistoryModel, tb_history_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_init))

enum
{
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  TbHistoryModel *model;
  guint generation;
  guint page;
  GPtrArray *items;          /* the page's placeholders; NULL for a reload */
} Read;

static Read *
read_new (TbHistoryModel *self, GPtrArray *items)
{
  Read *read = g_new0 (Read, 1);

  read->model = g_object_ref (self);
  read->generation = self->generation;
  read->items = items ? g_ptr_array_ref (items) : NULL;
  if (self->jobs++ == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  return read;
}

static void
read_free (Read *read)
{
  TbHistoryModel *self = read->model;

  if (--self->jobs == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  g_clear_pointer (&read->items, g_ptr_array_unref);
  g_object_unref (self);
  g_free (read);
}

static GType
get_item_type (GListModel *model)
{
  return TB_TYPE_HISTORY_ITEM;
}

static guint
get_n_items (GListModel *model)
{
  return TB_HISTORY_MODEL (model)->n_items;
}

static GPtrArray *
placeholders (guint n)
{
  GPtrArray *items = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_object_new (TB_TYPE_HISTORY_ITEM, NULL));
  return items;
}

/* A whole page read in this generation: the next is read after its last
 * row's key. */
static void
remember_end (TbHistoryModel *self, guint page, GPtrArray *items, guint rows)
{
  if (items->len == PAGE_SIZE && rows >= PAGE_SIZE)
    g_hash_table_insert (self->ends, GUINT_TO_POINTER (page),
                         g_object_ref (items->pdata[PAGE_SIZE - 1]));
}

/* The rows fill the page's placeholders, still on screen or not. */
static void
on_page_read (GObject *source, GAsyncResult *result, gpointer data)
{
  Read *read = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = tb_store_job_query_finish (result, NULL, &error);

  if (rows == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("%s", error->message);
    }
  else if (read->generation == read->model->generation)
    {
      for (guint i = 0; i < rows->len && i < read->items->len; i++)
        tb_history_item_fill (read->items->pdata[i], g_steal_pointer (&rows->pdata[i]));
      remember_end (read->model, read->page, read->items, rows->len);
    }
  /* What was not read again (a failure, or fewer rows than the count
   * said: games deleted meanwhile) is shown empty; a read that a newer
   * change cancelled leaves its rows to that change. */
  if (read->generation == read->model->generation)
    for (guint i = rows ? rows->len : 0; i < read->items->len; i++)
      if (TB_HISTORY_ITEM (read->items->pdata[i])->stale)
        tb_history_item_fill (read->items->pdata[i], NULL);
  read_free (read);
}

/* The nearest page before page whose end was read in this generation, or
 * -1. */
static gint64
nearest_end (TbHistoryModel *self, guint page)
{
  GHashTableIter iter;
  gpointer key;
  gint64 nearest = -1;

  g_hash_table_iter_init (&iter, self->ends);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (GPOINTER_TO_UINT (key) < page && (gint64) GPOINTER_TO_UINT (key) > nearest)
      nearest = GPOINTER_TO_UINT (key);
  return nearest;
}

/* A page is read after the key of the last row of the nearest page before
 * it that was read (keyset paging: the next page as the list scrolls
 * costs what the first does), the pages between skipped by OFFSET; from
 * the first row, by OFFSET, when none was. */
static void
read_page_into (TbHistoryModel *self, guint page, GPtrArray *items)
{
  gint64 end = nearest_end (self, page);
  Read *read = read_new (self, items);
  const TbStoreRow *after = NULL;
  guint offset = page * PAGE_SIZE;

  read->page = page;
  if (end >= 0)
    {
      after = tb_history_item_get_row (g_hash_table_lookup (self->ends,
                                                            GUINT_TO_POINTER ((guint) end)));
      offset = (page - (guint) end - 1) * PAGE_SIZE;
    }
  /* The list's count, known (it chooses how the page is read): not
   * counted again for each page, a count reads an index through.  A
   * page read again in place before the new count is set gets the old
   * one, which only guides that choice. */
  tb_store_job_query_after (self->store, &self->filter, self->sort, self->descending, after,
                            offset, PAGE_SIZE, self->n_items, self->cancellable, on_page_read,
                            read);
}

static GPtrArray *
read_page (TbHistoryModel *self, guint page)
{
  GPtrArray *items = placeholders (MIN (PAGE_SIZE, self->n_items - page * PAGE_SIZE));

  read_page_into (self, page, items);
  return items;
}

static gpointer
get_item (GListModel *model, guint position)
{
  TbHistoryModel *self = TB_HISTORY_MODEL (model);
  guint page = position / PAGE_SIZE;
  GPtrArray *items;

  if (position >= self->n_items)
    return NULL;
  items = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (page));
  if (items == NULL)
    {
      /* Scrolled far: forget what was read, rather than keep it all. */
      if (g_hash_table_size (self->pages) >= MAX_PAGES)
        {
          g_hash_table_remove_all (self->pages);
          self->forgot = TRUE;
        }
      items = read_page (self, page);
      g_hash_table_insert (self->pages, GUINT_TO_POINTER (page), items);
    }
  return g_object_ref (g_ptr_array_index (items, position % PAGE_SIZE));
}

static void
list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* The first page comes with the count: the list changes once, in two
 * steps (all gone, then all new): told both at once, GTK 4.8's list
 * views look at every new item for one to reuse, which would read every
 * stored game.  (The count must be right at each step.) */
static void
replace_all (TbHistoryModel *self, GPtrArray *first_rows, guint count)
{
  guint old = self->n_items;
  GPtrArray *first = placeholders (MIN (count, first_rows->len));

  for (guint i = 0; i < first->len; i++)
    tb_history_item_fill (first->pdata[i], g_steal_pointer (&first_rows->pdata[i]));
  remember_end (self, 0, first, first_rows->len);
  g_hash_table_remove_all (self->pages);
  self->forgot = FALSE;
  if (count)
    g_hash_table_insert (self->pages, GUINT_TO_POINTER (0), first);
  else
    g_ptr_array_unref (first);
  self->n_items = 0;
  if (old)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, 0);
  self->n_items = count;
  if (count)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, count);
}

/* A page kept for a list of count rows: as long as the new list needs,
 * every row to be read again.  The first page's first rows are filled at
 * once, its others emptied; the other pages' rows are forgotten until
 * read again (tb_history_item_forget says why). */
static void
renew_page (GPtrArray *items, guint page, guint count, guint filled)
{
  guint length = MIN (PAGE_SIZE, count - page * PAGE_SIZE);

  if (items->len > length)
    g_ptr_array_set_size (items, length);
  for (guint i = filled; i < items->len; i++)
    {
      if (page > 0)
        tb_history_item_forget (items->pdata[i]);
      else
        tb_history_item_fill (items->pdata[i], NULL);
    }
  while (items->len < length)
    g_ptr_array_add (items, g_object_new (TB_TYPE_HISTORY_ITEM, NULL));
}

/* Whether someone besides the model holds an item of the page: a view
 * showing its row (GTK's list items hold their items), the selection.
 * The view asks again for the rows it no longer holds (get_item), so a
 * page no one else holds can be dropped at a change of the list, to be
 * read when asked for; read again at once, the 50 pages kept after a
 * few jumps deep into a list took 500-1,300 ms by OFFSET before the
 * list was settled (build-aux/bench-ui, history-filter-wall after
 * history-jump).  The count of references is read as it stands: GLib
 * has no call for it, and toggle references would tell every change of
 * it, for every row, when only this moment's matters. */
static gboolean
page_is_held (GPtrArray *items)
{
  for (guint i = 0; i < items->len; i++)
    if (g_atomic_int_get (&G_OBJECT (items->pdata[i])->ref_count) > 1)
      return TRUE;
  return FALSE;
}

/* The new list in the rows already made: those a view shows stay the same
 * objects, filled anew (and read again off the main loop), and only the
 * list's end is told changed.  Told that every row went and came, GTK 4.8
 * spent 400 ms of the main thread on 100,000 games remaking the rows on
 * screen (build-aux/bench-ui, history-filter-cpu).  When pages were
 * forgotten, a view may hold rows the model no longer knows: the list is
 * then replaced whole. */
static void
replace_in_place (TbHistoryModel *self, GPtrArray *first_rows, guint count)
{
  guint old = self->n_items;
  GHashTableIter iter;
  gpointer key, value;
  GPtrArray *first;

  g_hash_table_iter_init (&iter, self->pages);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint page = GPOINTER_TO_UINT (key);

      if (page * PAGE_SIZE >= count || (page > 0 && !page_is_held (value)))
        {
          /* Not of the new list, should anything show them after all. */
          for (guint i = 0; i < ((GPtrArray *) value)->len; i++)
            tb_history_item_forget (((GPtrArray *) value)->pdata[i]);
          g_hash_table_iter_remove (&iter);
          continue;
        }
      renew_page (value, page, count, page == 0 ? first_rows->len : 0);
      if (page > 0)
        read_page_into (self, page, value);
    }
  first = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (0));
  if (first == NULL && count > 0)
    {
      first = placeholders (MIN (count, PAGE_SIZE));
      g_hash_table_insert (self->pages, GUINT_TO_POINTER (0), first);
    }
  for (guint i = 0; first && i < first->len && i < first_rows->len; i++)
    tb_history_item_fill (first->pdata[i], g_steal_pointer (&first_rows->pdata[i]));
  if (first)
    remember_end (self, 0, first, first_rows->len);
  self->n_items = count;
  if (count < old)
    g_list_model_items_changed (G_LIST_MODEL (self), count, old - count, 0);
  else if (count > old)
    g_list_model_items_changed (G_LIST_MODEL (self), old, 0, count - old);
}

static void
on_reloaded (GObject *source, GAsyncResult *result, gpointer data)
{
  Read *read = data;
  g_autoptr (GError) error = NULL;
  guint count = 0;
  g_autoptr (GPtrArray) rows = tb_store_job_query_finish (result, &count, &error);

  if (rows == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("%s", error->message);
    }
  else if (read->generation == read->model->generation)
    {
      if (read->model->forgot || read->model->n_items == 0)
        replace_all (read->model, rows, count);
      else
        replace_in_place (read->model, rows, count);
      g_signal_emit (read->model, signals[SIGNAL_REPLACED], 0);
    }
  read_free (read);
}

void
tb_history_model_reload (TbHistoryModel *self)
{
  g_return_if_fail (TB_IS_HISTORY_MODEL (self));

  self->generation++;
  /* The list may have changed: a row's neighbours are no longer known. */
  g_hash_table_remove_all (self->ends);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  tb_store_job_query (self->store, &self->filter, self->sort, self->descending, 0, PAGE_SIZE,
                      TRUE, self->cancellable, on_reloaded, read_new (self, NULL));
}

void
tb_history_model_set_filter (TbHistoryModel *self, const TbStoreFilter *filter)
{
  g_return_if_fail (TB_IS_HISTORY_MODEL (self));

  tb_store_filter_clear (&self->filter);
  tb_store_filter_copy_into (&self->filter, filter);
  tb_history_model_reload (self);
}

void
tb_history_model_set_sort (TbHistoryModel *self, TbStoreSort sort, gboolean descending)
{
  g_return_if_fail (TB_IS_HISTORY_MODEL (self));

  if (sort == self->sort && descending == self->descending)
    return;
  self->sort = sort;
  self->descending = descending;
  tb_history_model_reload (self);
}

gboolean
tb_history_model_get_busy (TbHistoryModel *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_MODEL (self), FALSE);
  return self->jobs > 0;
}

guint
tb_history_model_get_rows_held (TbHistoryModel *self)
{
  GHashTableIter iter;
  gpointer page;
  guint rows = 0;

  g_return_val_if_fail (TB_IS_HISTORY_MODEL (self), 0);

  g_hash_table_iter_init (&iter, self->pages);
  while (g_hash_table_iter_next (&iter, NULL, &page))
    for (guint i = 0; i < ((GPtrArray *) page)->len; i++)
      rows += tb_history_item_get_loaded (((GPtrArray *) page)->pdata[i]);
  return rows;
}

static void
on_ids_listed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  GError *error = NULL;
  g_autoptr (GPtrArray) rows = tb_store_job_query_finish (result, NULL, &error);
  GArray *ids;

  if (rows == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), rows->len);
  for (guint i = 0; i < rows->len; i++)
    g_array_append_val (ids, ((TbStoreRow *) rows->pdata[i])->id);
  g_task_return_pointer (task, ids, (GDestroyNotify) g_array_unref);
}

void
tb_history_model_list_ids_async (TbHistoryModel *self, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;

  g_return_if_fail (TB_IS_HISTORY_MODEL (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tb_history_model_list_ids_async);
  tb_store_job_query (self->store, &self->filter, self->sort, self->descending, 0, G_MAXINT,
                      FALSE, cancellable, on_ids_listed, task);
}

GArray *
tb_history_model_list_ids_finish (TbHistoryModel *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
tb_history_model_get_property (GObject *object, guint prop_id, GValue *value,
                               GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, tb_history_model_get_busy (TB_HISTORY_MODEL (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_history_model_finalize (GObject *object)
{
  TbHistoryModel *self = TB_HISTORY_MODEL (object);

  g_hash_table_destroy (self->pages);
  g_hash_table_destroy (self->ends);
  tb_store_filter_clear (&self->filter);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tb_history_model_parent_class)->finalize (object);
}

static void
tb_history_model_class_init (TbHistoryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tb_history_model_finalize;
  object_class->get_property = tb_history_model_get_property;
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* A new list came (a filter, a sort, a reload): the rows a view shows
   * may be other games now, in the same objects. */
  signals[SIGNAL_REPLACED] = g_signal_new ("replaced", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
}

static void
tb_history_model_init (TbHistoryModel *self)
{
  self->pages = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  self->ends = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->cancellable = g_cancellable_new ();
  /* The latest games first. */
  self->sort = TB_STORE_SORT_DATE;
  self->descending = TRUE;
}

TbHistoryModel *
tb_history_model_new (TbStore *store)
{
  TbHistoryModel *self;

  g_return_val_if_fail (TB_IS_STORE (store), NULL);

  self = g_object_new (TB_TYPE_HISTORY_MODEL, NULL);
  self->store = g_object_ref (store);
  tb_history_model_reload (self);
  return self;
}
