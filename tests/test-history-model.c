/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-history-model.c: the stored games as a list model read by store
 * jobs: the count and the first page come together, the rows of a page
 * not read yet fill in where they are, a new filter or sort keeps the
 * old rows until its own are there, an answer to a filter already
 * replaced is dropped, the ids of the whole list come in its order, and
 * every row is where the store's pages put it, the list scrolled through
 * (keyset paging) or jumped about in.
 */
#include "config.h"

#include "tb-history-model.h"
#include "tb-store-job.h"
#include "tb-test-store.h"

#define N_GAMES 300
#define PAGE 64

static const char *const players[] = { "Alice", "Bob", "Chloé" };

static void
fill (TbStore *store)
{
  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
      g_autoptr (TbGame) game = tb_game_new (v, 1);
      g_autofree char *date = g_strdup_printf ("2026.%02u.%02u", 1 + i % 12, 1 + i % 28);
      g_autoptr (GError) error = NULL;

      tb_game_set_tag (game, "Player1", players[i % 3]);
      tb_game_set_tag (game, "Player2", "Dan");
      tb_game_set_tag (game, "Date", date);
      tb_game_set_tag (game, "Event", i % 4 ? "Open de Besançon" : "Coupe de Paris");
      tb_store_add_game (store, game, &error);
      g_assert_no_error (error);
    }
}

static gboolean
settled (gpointer model)
{
  return !tb_history_model_get_busy (model);
}

static gboolean
loaded (gpointer item)
{
  return tb_history_item_get_loaded (item);
}

typedef struct
{
  Fixture store;
  TbStore *reader;          /* the test's own connection */
  TbHistoryModel *model;    /* on a connection of its own, used by jobs */
  guint changes;
} Model;

static void
on_items_changed (GListModel *list, guint position, guint removed, guint added, Model *m)
{
  m->changes++;
}

static void
model_set_up (Model *m, gconstpointer data)
{
  g_autoptr (TbStore) jobs_store = NULL;

  fixture_set_up (&m->store, data);
  m->reader = open_store (&m->store);
  fill (m->reader);
  jobs_store = open_store (&m->store);
  m->model = tb_history_model_new (jobs_store);
  g_signal_connect (m->model, "items-changed", G_CALLBACK (on_items_changed), m);
}

static void
model_tear_down (Model *m, gconstpointer data)
{
  g_clear_object (&m->model);
  g_clear_object (&m->reader);
  fixture_tear_down (&m->store, data);
}

static guint
count (Model *m, const TbStoreFilter *filter)
{
  g_autoptr (GError) error = NULL;
  guint n = tb_store_count (m->reader, filter, &error);

  g_assert_no_error (error);
  return n;
}

/* Nothing is read on the main loop: the model starts empty and busy,
 * then has every game, its first page read. */
static void
test_count_comes_with_the_first_page (Model *m, gconstpointer data)
{
  g_autoptr (TbHistoryItem) first = NULL;

  g_assert_true (tb_history_model_get_busy (m->model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==, 0);
  tt_iterate_until (settled, m->model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==, N_GAMES);
  g_assert_cmpuint (tb_history_model_get_rows_held (m->model), ==, PAGE);
  first = g_list_model_get_item (G_LIST_MODEL (m->model), 0);
  g_assert_true (tb_history_item_get_loaded (first));
  /* The latest game first. */
  g_assert_cmpstr (tb_history_item_get_row (first)->date, ==, "2026.12.28");
}

/* A row of a page not read yet is a placeholder that fills in where it
 * stands, its properties notified; only what was asked for is read. */
static void
test_rows_fill_in (Model *m, gconstpointer data)
{
  g_autoptr (TbHistoryItem) far = NULL;
  g_autoptr (TbHistoryItem) again = NULL;
  const TbStoreRow *row = NULL;

  tt_iterate_until (settled, m->model);
  far = g_list_model_get_item (G_LIST_MODEL (m->model), 200);
  g_assert_false (tb_history_item_get_loaded (far));
  g_assert_cmpint (tb_history_item_get_id (far), ==, 0);
  tt_iterate_until (loaded, far);
  g_object_get (far, "row", &row, NULL);
  g_assert_cmpstr (row->player2, ==, "Dan");
  g_assert_cmpint (tb_history_item_get_id (far), >, 0);
  /* The same object on the next look: views keep what they bound. */
  again = g_list_model_get_item (G_LIST_MODEL (m->model), 200);
  g_assert_true (again == far);
  g_assert_cmpuint (tb_history_model_get_rows_held (m->model), ==, 2 * PAGE);
}

static void
on_replaced (TbHistoryModel *model, guint *replaced)
{
  (*replaced)++;
}

static void
on_tail_changed (GListModel *list, guint position, guint removed, guint added, guint *at)
{
  *at = position;
}

/* A new filter: the old rows stay until the new count comes; then the
 * rows a view holds stay the same objects, filled with the new list's
 * games, and only the end of the list is told changed (the rows of
 * 100,000 games were all remade at each filter, 400 ms of the main
 * thread).  "replaced" says the rows are other games now. */
static void
test_filter_keeps_the_rows_on_screen (Model *m, gconstpointer data)
{
  TbStoreFilter alice = { .player = "alice" };
  g_autoptr (TbHistoryItem) first = NULL;
  g_autoptr (TbHistoryItem) again = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GError) error = NULL;
  guint replaced = 0, at = G_MAXUINT;

  tt_iterate_until (settled, m->model);
  first = g_list_model_get_item (G_LIST_MODEL (m->model), 0);
  m->changes = 0;
  g_signal_connect (m->model, "replaced", G_CALLBACK (on_replaced), &replaced);
  g_signal_connect (m->model, "items-changed", G_CALLBACK (on_tail_changed), &at);
  tb_history_model_set_filter (m->model, &alice);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==, N_GAMES);
  tt_iterate_until (settled, m->model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==,
                    count (m, &alice));
  g_assert_cmpuint (count (m, &alice), ==, N_GAMES / 3);
  g_assert_cmpuint (m->changes, ==, 1);
  g_assert_cmpuint (at, ==, N_GAMES / 3);
  g_assert_cmpuint (replaced, ==, 1);
  /* The same row object, now Alice's latest game. */
  again = g_list_model_get_item (G_LIST_MODEL (m->model), 0);
  g_assert_true (again == first);
  rows = tb_store_query (m->reader, &alice, TB_STORE_SORT_DATE, TRUE, 0, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tb_history_item_get_id (first), ==, ((TbStoreRow *) rows->pdata[0])->id);

  /* A sort: as many rows, nothing told changed, the rows refilled. */
  m->changes = 0;
  tb_history_model_set_sort (m->model, TB_STORE_SORT_PLAYERS, FALSE);
  tt_iterate_until (settled, m->model);
  g_assert_cmpuint (m->changes, ==, 0);
  g_assert_cmpuint (replaced, ==, 2);
  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = tb_store_query (m->reader, &alice, TB_STORE_SORT_PLAYERS, FALSE, 0, 1, &error);
  g_assert_cmpint (tb_history_item_get_id (first), ==, ((TbStoreRow *) rows->pdata[0])->id);

  /* Every game again: the end grows back. */
  tb_history_model_set_filter (m->model, &(TbStoreFilter) { 0 });
  tt_iterate_until (settled, m->model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==, N_GAMES);
  g_assert_cmpuint (m->changes, ==, 1);
}

/* Every part of a filter reaches the database, and the model keeps its
 * own copy: the caller's strings are gone when the query runs. */
static void
test_every_part_of_the_filter_kept (Model *m, gconstpointer data)
{
  const TbStoreFilter filters[] = {
    { .ruleset = "ra" },
    { .player = "alice" },
    { .player = "alice", .player_seat = 2 },
    { .result = "1-0" },
    { .termination = "resigned" },
    { .date_from = "2026.06.01" },
    { .date_to = "2026.03.31" },
    { .text = "no comment" },
    { .tag = "paris" },
    { .tag = "paris", .tag_name = "Site" },
    { .skip_empty = TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      TbStoreFilter copy;

      tb_store_filter_copy_into (&copy, &filters[i]);
      tb_history_model_set_filter (m->model, &copy);
      tb_store_filter_clear (&copy);
      tt_iterate_until (settled, m->model);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==,
                        count (m, &filters[i]));
    }
  /* Each part finds fewer games than all, or the check proves nothing. */
  for (guint i = 0; i + 1 < G_N_ELEMENTS (filters); i++)
    g_assert_cmpuint (count (m, &filters[i]), <, N_GAMES);
  g_assert_cmpuint (count (m, &(TbStoreFilter) { .tag = "paris" }), ==, N_GAMES / 4);
}

typedef struct
{
  TbHistoryItem *far;
  gboolean forgotten;      /* far, when the new list came */
  guint notified;          /* far's row */
} Far;

static void
on_far_replaced (TbHistoryModel *model, Far *far)
{
  far->forgotten = !tb_history_item_get_loaded (far->far) &&
                   tb_history_item_get_id (far->far) == 0 &&
                   tb_history_item_get_row (far->far) == NULL;
}

static void
on_far_notified (TbHistoryItem *item, GParamSpec *pspec, Far *far)
{
  far->notified++;
}

/* A row far down the list, read before a new filter and held (as a view
 * holds the rows it shows), is read again with the new list's game at
 * its place.  Meanwhile it is a row not read (it
 * opens nothing), and it is told changed once, when its new game comes:
 * told emptied and then filled, the rows off screen cost a third of a
 * change. */
static void
test_rows_read_again_after_a_filter (Model *m, gconstpointer data)
{
  TbStoreFilter bob = { .player = "bob" };
  g_autoptr (TbHistoryItem) far = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GError) error = NULL;
  Far seen = { 0 };

  tt_iterate_until (settled, m->model);
  far = g_list_model_get_item (G_LIST_MODEL (m->model), PAGE + 3);
  tt_iterate_until (loaded, far);
  seen.far = far;
  g_signal_connect (m->model, "replaced", G_CALLBACK (on_far_replaced), &seen);
  g_signal_connect (far, "notify::row", G_CALLBACK (on_far_notified), &seen);
  tb_history_model_set_filter (m->model, &bob);
  tt_iterate_until (settled, m->model);
  g_assert_true (seen.forgotten);
  g_assert_cmpuint (seen.notified, ==, 1);
  g_signal_handlers_disconnect_by_data (m->model, &seen);
  g_signal_handlers_disconnect_by_data (far, &seen);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), >, PAGE + 3);
  g_assert_true (tb_history_item_get_loaded (far));
  rows = tb_store_query (m->reader, &bob, TB_STORE_SORT_DATE, TRUE, PAGE + 3, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tb_history_item_get_id (far), ==, ((TbStoreRow *) rows->pdata[0])->id);
}

/* A page read before a new filter whose rows nobody holds any more (no
 * view shows them) is not read again at once: dropped, it is read when
 * asked for, with the new list's games. */
static void
test_rows_not_held_read_when_asked (Model *m, gconstpointer data)
{
  TbStoreFilter bob = { .player = "bob" };
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GError) error = NULL;
  TbHistoryItem *far;

  tt_iterate_until (settled, m->model);
  far = g_list_model_get_item (G_LIST_MODEL (m->model), PAGE + 3);
  tt_iterate_until (loaded, far);
  g_object_unref (far);
  g_assert_cmpuint (tb_history_model_get_rows_held (m->model), ==, 2 * PAGE);
  tb_history_model_set_filter (m->model, &bob);
  tt_iterate_until (settled, m->model);
  g_assert_cmpuint (tb_history_model_get_rows_held (m->model), ==, PAGE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), >, PAGE + 3);
  far = g_list_model_get_item (G_LIST_MODEL (m->model), PAGE + 3);
  tt_iterate_until (loaded, far);
  rows = tb_store_query (m->reader, &bob, TB_STORE_SORT_DATE, TRUE, PAGE + 3, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tb_history_item_get_id (far), ==, ((TbStoreRow *) rows->pdata[0])->id);
  g_object_unref (far);
}

/* Filters typed one after another before any answer: only the last
 * one's answer counts (the first read and Bob's are dropped, so the list,
 * empty at first, never changes). */
static void
test_older_answers_dropped (Model *m, gconstpointer data)
{
  TbStoreFilter bob = { .player = "Bob" };
  TbStoreFilter nobody = { .player = "Nobody" };

  tb_history_model_set_filter (m->model, &bob);
  tb_history_model_set_filter (m->model, &nobody);
  tt_iterate_until (settled, m->model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==, 0);
  g_assert_cmpuint (m->changes, ==, 0);
}

/* The model's row at position, once read. */
static gint64
id_at (Model *m, guint position)
{
  g_autoptr (TbHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (m->model), position);

  tt_iterate_until (loaded, item);
  return tb_history_item_get_id (item);
}

/* Every row where the store's pages put it, in each sort both ways,
 * whether the list is scrolled through (each page read after the last
 * row of the one before, by its key) or jumped about in (from the
 * nearest page read, then by offset); ties of date and name included. */
static void
test_every_row_in_its_place (Model *m, gconstpointer data)
{
  const TbStoreFilter filters[] = {
    { 0 }, { .player = "bob" }, { .player = "dan", .player_seat = 2 },
  };
  const guint jumps[] = { N_GAMES - 1, 3 * PAGE + 5, PAGE, 2 * PAGE - 1, 0 };

  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    for (TbStoreSort sort = TB_STORE_SORT_DATE; sort <= TB_STORE_SORT_LENGTH; sort++)
      for (int descending = 0; descending < 2; descending++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (GPtrArray) rows = tb_store_query (m->reader, &filters[f], sort, descending,
                                                       0, N_GAMES, &error);

          g_assert_no_error (error);
          tb_history_model_set_filter (m->model, &filters[f]);
          tb_history_model_set_sort (m->model, sort, descending);
          tt_iterate_until (settled, m->model);
          g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (m->model)), ==, rows->len);
          for (guint i = 0; i < rows->len; i++)
            g_assert_cmpint (id_at (m, i), ==, ((TbStoreRow *) rows->pdata[i])->id);

          /* Read anew (the same sort the other way and back), then jumps. */
          tb_history_model_set_sort (m->model, sort, !descending);
          tb_history_model_set_sort (m->model, sort, descending);
          tt_iterate_until (settled, m->model);
          for (guint j = 0; j < G_N_ELEMENTS (jumps); j++)
            if (jumps[j] < rows->len)
              g_assert_cmpint (id_at (m, jumps[j]), ==,
                               ((TbStoreRow *) rows->pdata[jumps[j]])->id);
        }
}

/* The ids of the whole list, in its order (what an export writes). */
static void
test_list_ids_in_order (Model *m, gconstpointer data)
{
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;

  tb_history_model_set_sort (m->model, TB_STORE_SORT_PLAYERS, FALSE);
  tt_iterate_until (settled, m->model);
  tb_history_model_list_ids_async (m->model, NULL, tt_keep_result, &result);
  tt_await_result (&result);
  ids = tb_history_model_list_ids_finish (m->model, result, &error);
  g_assert_no_error (error);
  rows = tb_store_query (m->reader, &(TbStoreFilter) { 0 }, TB_STORE_SORT_PLAYERS, FALSE, 0,
                         N_GAMES, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, rows->len);
  for (guint i = 0; i < ids->len; i++)
    g_assert_cmpint (g_array_index (ids, gint64, i), ==, ((TbStoreRow *) rows->pdata[i])->id);
}

#define ADD(path, func) g_test_add (path, Model, NULL, model_set_up, func, model_tear_down)

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ADD ("/history-model/count-comes-with-the-first-page", test_count_comes_with_the_first_page);
  ADD ("/history-model/rows-fill-in", test_rows_fill_in);
  ADD ("/history-model/filter-keeps-the-rows-on-screen", test_filter_keeps_the_rows_on_screen);
  ADD ("/history-model/rows-read-again-after-a-filter", test_rows_read_again_after_a_filter);
  ADD ("/history-model/rows-not-held-read-when-asked", test_rows_not_held_read_when_asked);
  ADD ("/history-model/every-part-of-the-filter-kept", test_every_part_of_the_filter_kept);
  ADD ("/history-model/older-answers-dropped", test_older_answers_dropped);
  ADD ("/history-model/list-ids-in-order", test_list_ids_in_order);
  ADD ("/history-model/every-row-in-its-place", test_every_row_in_its_place);
  return g_test_run ();
}
