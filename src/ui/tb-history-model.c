/* tb-history-model.c: the stored games as a lazily loaded list model */
#include "config.h"

#include "tb-history-model.h"

/* Rows read at once, and pages kept (about 3,200 rows at most). */
#define PAGE_SIZE 64
#define MAX_PAGES 50

struct _TbHistoryItem
{
  GObject parent_instance;
  TbStoreRow *row;
};

G_DEFINE_FINAL_TYPE (TbHistoryItem, tb_history_item, G_TYPE_OBJECT)

static void
tb_history_item_finalize (GObject *object)
{
  tb_store_row_free (TB_HISTORY_ITEM (object)->row);
  G_OBJECT_CLASS (tb_history_item_parent_class)->finalize (object);
}

static void
tb_history_item_class_init (TbHistoryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tb_history_item_finalize;
}

static void
tb_history_item_init (TbHistoryItem *self)
{
}

gint64
tb_history_item_get_id (TbHistoryItem *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_ITEM (self), 0);
  return self->row->id;
}

const TbStoreRow *
tb_history_item_get_row (TbHistoryItem *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_ITEM (self), NULL);
  return self->row;
}

struct _TbHistoryModel
{
  GObject parent_instance;

  TbStore *store;
  char *strings[7];          /* the filter's parts, owned */
  TbStoreFilter filter;      /* pointing into strings */
  TbStoreSort sort;
  gboolean descending;
  guint n_items;
  GHashTable *pages;         /* page number -> GPtrArray of TbHistoryItem */
};

static void list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TbHistoryModel, tb_history_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_init))

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
read_page (TbHistoryModel *self, guint page)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = tb_store_query (self->store, &self->filter, self->sort,
                                               self->descending, page * PAGE_SIZE, PAGE_SIZE,
                                               &error);
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  if (rows == NULL)
    {
      g_warning ("%s", error->message);
      return items;
    }
  {
    gsize n;
    TbStoreRow **taken = (TbStoreRow **) g_ptr_array_steal (rows, &n);

    for (gsize i = 0; i < n; i++)
      {
        TbHistoryItem *item = g_object_new (TB_TYPE_HISTORY_ITEM, NULL);

        item->row = taken[i];
        g_ptr_array_add (items, item);
      }
    g_free (taken);
  }
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
        g_hash_table_remove_all (self->pages);
      items = read_page (self, page);
      g_hash_table_insert (self->pages, GUINT_TO_POINTER (page), items);
    }
  if (position % PAGE_SIZE >= items->len)
    return NULL;   /* the database changed under us: reload will follow */
  return g_object_ref (g_ptr_array_index (items, position % PAGE_SIZE));
}

static void
list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

void
tb_history_model_reload (TbHistoryModel *self)
{
  g_autoptr (GError) error = NULL;
  guint old = self->n_items, count;

  g_return_if_fail (TB_IS_HISTORY_MODEL (self));

  g_hash_table_remove_all (self->pages);
  count = tb_store_count (self->store, &self->filter, &error);
  if (error)
    g_warning ("%s", error->message);
  /* All gone, then all new, in two steps: told both at once, GTK 4.8's
   * list views look at every new item for one to reuse, which would read
   * every stored game.  (The count must be right at each step.) */
  self->n_items = 0;
  if (old)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, 0);
  self->n_items = count;
  if (self->n_items)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, self->n_items);
}

void
tb_history_model_set_filter (TbHistoryModel *self, const TbStoreFilter *filter)
{
  const char *parts[7] = { filter->ruleset, filter->player, filter->result, filter->termination,
                           filter->date_from, filter->date_to, filter->text };

  g_return_if_fail (TB_IS_HISTORY_MODEL (self));

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_free (self->strings[i]);
      self->strings[i] = parts[i] && *parts[i] ? g_strdup (parts[i]) : NULL;
    }
  self->filter = (TbStoreFilter) { self->strings[0], self->strings[1], self->strings[2],
                                   self->strings[3], self->strings[4], self->strings[5],
                                   self->strings[6] };
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

guint
tb_history_model_get_rows_held (TbHistoryModel *self)
{
  GHashTableIter iter;
  gpointer page;
  guint rows = 0;

  g_return_val_if_fail (TB_IS_HISTORY_MODEL (self), 0);

  g_hash_table_iter_init (&iter, self->pages);
  while (g_hash_table_iter_next (&iter, NULL, &page))
    rows += ((GPtrArray *) page)->len;
  return rows;
}

static void
tb_history_model_finalize (GObject *object)
{
  TbHistoryModel *self = TB_HISTORY_MODEL (object);

  g_hash_table_destroy (self->pages);
  for (guint i = 0; i < G_N_ELEMENTS (self->strings); i++)
    g_free (self->strings[i]);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tb_history_model_parent_class)->finalize (object);
}

static void
tb_history_model_class_init (TbHistoryModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tb_history_model_finalize;
}

static void
tb_history_model_init (TbHistoryModel *self)
{
  self->pages = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  /* The latest games first. */
  self->sort = TB_STORE_SORT_DATE;
  self->descending = TRUE;
}

TbHistoryModel *
tb_history_model_new (TbStore *store)
{
  TbHistoryModel *self = g_object_new (TB_TYPE_HISTORY_MODEL, NULL);

  self->store = g_object_ref (store);
  tb_history_model_reload (self);
  return self;
}
