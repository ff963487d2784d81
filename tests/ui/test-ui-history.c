/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-history.c: the History and replay pages under a display, on a
 * temporary database of 300 games: the count, lazy loading, filters and
 * sorting; a game opened and stepped through (buttons and keys), its
 * comments edited and saved, continued from a move, deleted and brought
 * back; TGN files imported with a bad game reported.
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tb-game-picker.h"
#include "tb-history-cell.h"
#include "tb-history-page.h"
#include "tb-players-window.h"
#include "tb-rules-window.h"
#include "tb-search-suggestions.h"
#include "tb-store.h"
#include "tb-tgn.h"
#include "ui-test-util.h"

#define N_GAMES 600

static const char *const names[] = { "Alice", "Bob", "Chloé", "Dan" };
static const char *const rulesets[] = { "versus-61", "ra", "oraia" };
static const char *const sites[] = { "Besançon", "Paris", "?" };

typedef struct
{
  Fixture f;
  char *dir;
  TbStore *store;   /* the test's own connection; the window has another */
  guint expected;   /* the games the list should show (shows_expected) */
  const char *player_shown;  /* the player every players' cell should show */
} HistoryFixture;

/* Random games with players and dates of their own. */
static void
fill_store (TbStore *store)
{
  GRand *rng = g_rand_new_with_seed (5);

  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup (rulesets[i % 3]));
      g_autoptr (TbGame) game = tb_game_new (variant, 1);
      g_autoptr (GError) error = NULL;
      g_autofree char *date = g_strdup_printf ("2026.%02u.%02u", 1 + i % 12, 1 + i % 28);
      guint plies = 4 + g_rand_int_range (rng, 0, 40);

      for (guint p = 0; p < plies && !tb_game_is_over (game); p++)
        {
          guint n;
          const TbMove *moves = tb_game_get_legal_moves (game, &n);

          tb_game_play (game, moves[g_rand_int_range (rng, 0, (gint32) n)], NULL);
        }
      tb_game_set_tag (game, "Player1", names[i % 4]);
      tb_game_set_tag (game, "Player2", names[(i / 4) % 4]);
      tb_game_set_tag (game, "Date", date);
      tb_game_set_tag (game, "Site", sites[i % 5 % 3]);
      tb_store_add_game (store, game, &error);
      g_assert_no_error (error);
    }
  g_rand_free (rng);
}

static void
set_up (HistoryFixture *h, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  h->dir = g_dir_make_tmp ("tablier-ui-history-XXXXXX", &error);
  path = g_build_filename (h->dir, "games.db", NULL);
  h->store = tb_store_open (path, &error);
  g_assert_no_error (error);
  fill_store (h->store);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      setup->dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                  : ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_settings_set_int (settings, "window-width", setup->width);
  g_settings_set_int (settings, "window-height", setup->height);
  h->f.app = test_app;
  {
    /* The window's store is used by store jobs, on a thread of theirs. */
    g_autoptr (TbStore) window_store = tb_store_open (path, &error);

    g_assert_no_error (error);
    h->f.context = tb_context_new_full (settings, window_store, NULL);
  }
  h->f.window = tb_window_new (GTK_APPLICATION (h->f.app), h->f.context);
  gtk_window_present (GTK_WINDOW (h->f.window));
  wait_for_paint (GTK_WIDGET (h->f.window));
}

static void
tear_down (HistoryFixture *h, gconstpointer data)
{
  GtkWindow *window;

  while ((window = find_toplevel (ADW_TYPE_MESSAGE_DIALOG)))
    {
      gtk_window_destroy (window);
      iterate_for (20);
    }
  gtk_window_destroy (GTK_WINDOW (h->f.window));
  iterate_for (50);
  g_clear_object (&h->f.context);
  g_clear_object (&h->store);
  tt_remove_dir (h->dir);
  g_free (h->dir);
}

static TbHistoryView *
history (HistoryFixture *h)
{
  return tb_history_page_get_view (tb_window_get_history_page (h->f.window));
}

static TbReplayView *
replay (HistoryFixture *h)
{
  return tb_history_page_get_replay (tb_window_get_history_page (h->f.window));
}

/* "picker", "play", "history" (the list) or "replay". */
static const char *
visible_page (HistoryFixture *h)
{
  const char *page = tb_window_get_page (h->f.window);

  if (g_strcmp0 (page, "history") != 0)
    return page;
  if (g_strcmp0 (tb_history_page_get_shown (tb_window_get_history_page (h->f.window)), "list"))
    return "replay";
  return "history";
}

static gboolean
list_settled (gpointer data)
{
  return !tb_history_model_get_busy (tb_history_view_get_model (history (data)));
}

/* The list once what was asked of it (a filter, a sort, a reload) has
 * been read. */
static guint
shown (HistoryFixture *h)
{
  iterate_until (list_settled, h, 10000);
  return g_list_model_get_n_items (G_LIST_MODEL (tb_history_view_get_model (history (h))));
}

static gboolean
shows_expected (gpointer data)
{
  HistoryFixture *h = data;

  return list_settled (h) &&
         g_list_model_get_n_items (G_LIST_MODEL (tb_history_view_get_model (history (h)))) ==
           h->expected;
}

static gboolean
on_page (gpointer data)
{
  HistoryFixture *h = data;

  return g_strcmp0 (visible_page (h), g_object_get_data (G_OBJECT (h->f.window), "page")) == 0;
}

/* Opening a game reads it first (a store job): the page comes after. */
static void
wait_for_page (HistoryFixture *h, const char *page)
{
  g_object_set_data (G_OBJECT (h->f.window), "page", (gpointer) page);
  iterate_until (on_page, h, 10000);
  wait_for_pages_settled (h->f.window);
}

static gboolean
replay_saved (gpointer data)
{
  return !tb_replay_view_get_saving (data);
}

static guint
count_in_store (TbStore *store, TbStoreFilter filter)
{
  g_autoptr (GError) error = NULL;
  guint n = tb_store_count (store, &filter, &error);

  g_assert_no_error (error);
  return n;
}

static void
on_done (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

static const TbStoreRow *
row_at (HistoryFixture *h, guint position, TbHistoryItem **keep)
{
  shown (h);
  *keep = g_list_model_get_item (G_LIST_MODEL (tb_history_view_get_model (history (h))), position);
  g_assert_nonnull (*keep);
  /* A row of a page not read yet fills in when the page comes. */
  iterate_until ((gboolean (*) (gpointer)) tb_history_item_get_loaded, *keep, 10000);
  return tb_history_item_get_row (*keep);
}


/* The cells under widget showing a date (digits and separators) that
 * are given less room than their text needs. */
static guint
count_cut_dates (GtkWidget *widget)
{
  guint cut = 0;

  if (TB_IS_HISTORY_CELL (widget) && gtk_widget_get_mapped (widget) &&
      g_regex_match_simple ("^[0-9]{1,4}[./-][0-9]{1,2}[./-][0-9]{1,4}$",
                            tb_history_cell_get_label (TB_HISTORY_CELL (widget)), 0, 0) &&
      tb_history_cell_is_cut (TB_HISTORY_CELL (widget)))
    cut++;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    cut += count_cut_dates (c);
  return cut;
}

/* The players' cells on screen (as wide as 24 average characters): how
 * many read something, and how many of those hold the name wanted. */
typedef struct
{
  const char *name;
  guint shown;
  guint with_name;
} PlayersCells;

static void
count_players_cells (GtkWidget *widget, PlayersCells *cells)
{
  if (TB_IS_HISTORY_CELL (widget) && gtk_widget_get_mapped (widget))
    {
      const char *label = tb_history_cell_get_label (TB_HISTORY_CELL (widget));
      int width_chars = 0;

      g_object_get (widget, "width-chars", &width_chars, NULL);
      if (width_chars == 24 && *label)
        {
          cells->shown++;
          cells->with_name += strstr (label, cells->name) != NULL;
        }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    count_players_cells (c, cells);
}

/* Every players' cell on screen shows a game of the player: the cells a
 * filter change kept show their new rows once these are read. */
static gboolean
players_cells_show (gpointer data)
{
  HistoryFixture *h = data;
  PlayersCells cells = { h->player_shown, 0, 0 };

  count_players_cells (GTK_WIDGET (history (h)), &cells);
  return cells.shown > 0 && cells.with_name == cells.shown;
}

/* Dates typed as a person types them: a month from, a month of one
 * digit to (all of it), the separators any; a month that does not exist
 * is marked, for the eye and for assistive technologies, and the list
 * keeps to the other date; cleared, every game again. */
static void
check_dates_typed (HistoryFixture *h)
{
  GtkEditable *from = GTK_EDITABLE (find_named (GTK_WIDGET (history (h)), "date-from"));
  GtkEditable *to = GTK_EDITABLE (find_named (GTK_WIDGET (history (h)), "date-to"));

  gtk_editable_set_text (from, "2026-03");
  gtk_editable_set_text (to, "2026/4");
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) {
                                                     .date_from = "2026.03.00",
                                                     .date_to = "2026.04.31" }));
  g_assert_cmpuint (shown (h), ==, N_GAMES / 6);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (to), "error"));
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (to)));
  gtk_editable_set_text (to, "2026-13");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (to), "error"));
  g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (to)));
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) {
                                                     .date_from = "2026.03.00",
                                                     .date_to = "9999.12.31" }));
  gtk_editable_set_text (from, "");
  gtk_editable_set_text (to, "");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (to), "error"));
  g_assert_cmpuint (shown (h), ==, N_GAMES);
}

static void
test_filters_and_sorting (HistoryFixture *h, gconstpointer data)
{
  GtkEditable *typed_player;
  const WindowSetup *setup = data;
  g_autofree char *count = g_strdup_printf ("%u games", N_GAMES);
  g_autofree char *shot = shot_name (setup, "history");
  g_autoptr (TbHistoryItem) first = NULL, second = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL));
  wait_for_pages_settled (h->f.window);
  g_assert_cmpstr (visible_page (h), ==, "history");
  g_assert_cmpuint (shown (h), ==, N_GAMES);
  if (g_strcmp0 (g_getenv ("TABLIER_TEST_LANGUAGE"), "fr") != 0)
    g_assert_cmpstr (tb_history_view_get_count_text (history (h)), ==, count);
  /* Only what is on screen was read and kept, not all of it. */
  g_assert_cmpuint (tb_history_model_get_rows_held (tb_history_view_get_model (history (h))),
                    <=, N_GAMES / 2);
  g_test_message ("rows held: %u", tb_history_model_get_rows_held (tb_history_view_get_model (history (h))));
  /* Narrow, the game and the end make room for the others, the length
   * among them. */
  iterate_for (100);
  {
    GtkColumnView *list = GTK_COLUMN_VIEW (find_descendant (GTK_WIDGET (history (h)),
                                                            GTK_TYPE_COLUMN_VIEW));
    GListModel *columns = gtk_column_view_get_columns (list);
    gboolean narrow = setup->width < 600;
    const gboolean visible[] = { TRUE, !narrow, TRUE, TRUE, !narrow, TRUE };

    g_assert_cmpint (tb_history_view_get_narrow (history (h)), ==, narrow);
    for (guint i = 0; i < G_N_ELEMENTS (visible); i++)
      {
        g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

        g_assert_cmpint (gtk_column_view_column_get_visible (column), ==, visible[i]);
      }
    /* No date is cut, in any language ("28/12/2…" in French, once). */
    wait_for_paint (GTK_WIDGET (list));
    g_assert_cmpuint (count_cut_dates (GTK_WIDGET (list)), ==, 0);
  }
  save_screenshot (GTK_WIDGET (h->f.window), shot);

  /* Each filter, then together: the counts the database gives. */
  tb_history_view_set_ruleset_filter (history (h), "ra");
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) { .ruleset = "ra" }));
  g_assert_cmpuint (shown (h), ==, N_GAMES / 3);
  tb_history_view_set_player_filter (history (h), "chloé");
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) {
                                                     .ruleset = "ra", .player = "Chloé" }));
  g_assert_cmpuint (shown (h), >, 0);
  h->player_shown = "Chloé";
  iterate_until (players_cells_show, h, 5000);
  g_assert_true (players_cells_show (h));
  /* One seat of the player, then the other; either again. */
  {
    GtkDropDown *seat = GTK_DROP_DOWN (find_named (GTK_WIDGET (history (h)), "seat-choice"));
    guint either = shown (h), by_seat = 0;

    g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (seat)));
    for (guint s = 1; s <= 2; s++)
      {
        gtk_drop_down_set_selected (seat, s);
        g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) {
                                                           .ruleset = "ra", .player = "Chloé",
                                                           .player_seat = s }));
        g_assert_cmpuint (shown (h), <, either);
        by_seat += shown (h);
      }
    /* Every game of hers at one seat or the other (at both, twice). */
    g_assert_cmpuint (by_seat, >=, either);
    gtk_drop_down_set_selected (seat, 0);
    g_assert_cmpuint (shown (h), ==, either);
  }
  tb_history_view_set_result_filter (history (h), "*");
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) {
                                                     .ruleset = "ra", .player = "Chloé",
                                                     .result = "*" }));
  tb_history_view_set_ruleset_filter (history (h), NULL);
  tb_history_view_set_player_filter (history (h), NULL);
  tb_history_view_set_result_filter (history (h), NULL);
  g_assert_cmpuint (shown (h), ==, N_GAMES);
  /* No player, no seat to choose. */
  g_assert_false (gtk_widget_get_sensitive (find_named (GTK_WIDGET (history (h)), "seat-choice")));

  /* Typed as a person types it: part of the name, no accent, capitals;
   * the list follows once typing pauses. */
  typed_player = GTK_EDITABLE (find_named (GTK_WIDGET (history (h)), "player-search"));
  gtk_editable_set_text (typed_player, "CHLO");
  h->expected = count_in_store (h->store, (TbStoreFilter) { .player = "Chloé" });
  g_assert_cmpuint (h->expected, >, 0);
  g_assert_cmpuint (h->expected, <, N_GAMES);
  iterate_until (shows_expected, h, 5000);
  gtk_editable_set_text (typed_player, "");
  h->expected = N_GAMES;
  iterate_until (shows_expected, h, 5000);
  check_dates_typed (h);

  /* A player's games from the Players window: all of them in that game,
   * whatever other filters were set before. */
  tb_history_view_set_result_filter (history (h), "*");
  gtk_editable_set_text (GTK_EDITABLE (find_named (GTK_WIDGET (history (h)), "date-from")),
                         "2026-06");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-player-games",
                                             "(ss)", "ra", "Chloé"));
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) {
                                                     .ruleset = "ra", .player = "\"Chloé\"" }));
  g_assert_cmpuint (shown (h), >, 0);
  tb_history_view_set_ruleset_filter (history (h), NULL);
  tb_history_view_set_player_filter (history (h), NULL);
  g_assert_cmpuint (shown (h), ==, N_GAMES);

  /* A click on a column's header sorts by it, in the database. */
  tb_history_view_sort_by (history (h), "length", TRUE);
  g_assert_cmpuint (row_at (h, 0, &first)->plies, >=, row_at (h, 1, &second)->plies);
  g_clear_object (&first);
  g_clear_object (&second);
  tb_history_view_sort_by (history (h), "players", FALSE);
  g_assert_cmpstr (row_at (h, 0, &first)->player1, ==, "Alice");
  g_clear_object (&first);
  tb_history_view_sort_by (history (h), "date", FALSE);
  g_assert_cmpstr (row_at (h, 0, &first)->date, ==, "2026.01.01");

  /* Games selected (to export them): their ids, in order. */
  {
    GtkColumnView *list = GTK_COLUMN_VIEW (find_descendant (GTK_WIDGET (history (h)),
                                                            GTK_TYPE_COLUMN_VIEW));
    GtkSelectionModel *selection = gtk_column_view_get_model (list);
    g_autoptr (GtkBitset) selected = NULL;
    g_autoptr (GArray) ids = NULL;
    g_autoptr (GAsyncResult) result = NULL;
    g_autoptr (TbHistoryItem) third = NULL;

    gtk_selection_model_select_item (selection, 0, TRUE);
    gtk_selection_model_select_item (selection, 2, FALSE);
    selected = tb_history_view_get_selection (history (h));
    g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 2);
    g_assert_true (gtk_bitset_contains (selected, 0) && gtk_bitset_contains (selected, 2));
    /* What an export writes: the ids of the list, in its order. */
    tb_history_model_list_ids_async (tb_history_view_get_model (history (h)), NULL, on_done,
                                     &result);
    iterate_until (has_result, &result, 10000);
    ids = tb_history_model_list_ids_finish (tb_history_view_get_model (history (h)), result, NULL);
    g_assert_cmpuint (ids->len, ==, N_GAMES);
    g_assert_cmpint (g_array_index (ids, gint64, 0), ==, tb_history_item_get_id (first));
    g_assert_cmpint (g_array_index (ids, gint64, 2), ==, row_at (h, 2, &third)->id);
  }
}

/* The list scrolled to its start (top) or end, its rows read and painted. */
static void
scroll_list (HistoryFixture *h, gboolean top)
{
  GtkAdjustment *adjustment = find_list_adjustment (GTK_WIDGET (history (h)));

  /* GTK's list guesses the heights of rows it has not made: again, until
   * the end stays the end. */
  for (guint i = 0; i < 5; i++)
    {
      gtk_adjustment_set_value (adjustment, top ? 0 : gtk_adjustment_get_upper (adjustment));
      wait_for_paint (GTK_WIDGET (h->f.window));
      iterate_until (list_settled, h, 10000);
      wait_for_paint (GTK_WIDGET (h->f.window));
    }
}

/* Whether a mapped cell under widget shows text. */
static gboolean
shows_cell (GtkWidget *widget, const char *text)
{
  if (TB_IS_HISTORY_CELL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (tb_history_cell_get_label (TB_HISTORY_CELL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (shows_cell (c, text))
      return TRUE;
  return FALSE;
}

/* Games whose date is partly or wholly unknown come before every dated
 * game, as collection programs order them: last under "latest first" (a
 * game of unknown year came first), first under "oldest first", their
 * date shown as what is known ("2026") or a dash. */
static void
test_unknown_dates (HistoryFixture *h, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "history-unknown-dates");
  static const char *const dates[] = { "2026.??.??", "????.??.??" };
  g_autoptr (TbHistoryItem) last = NULL, before_last = NULL, first = NULL, second = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("ra"));
      g_autoptr (TbGame) game = tb_game_new (variant, 1);
      g_autoptr (GError) error = NULL;

      tb_game_set_tag (game, "Player1", "Zoé");
      tb_game_set_tag (game, "Player2", names[i]);
      tb_game_set_tag (game, "Date", dates[i]);
      tb_game_finish (game, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
      tb_store_add_game (h->store, game, &error);
      g_assert_no_error (error);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL));
  wait_for_pages_settled (h->f.window);
  tb_history_view_reload (history (h));
  h->expected = N_GAMES + G_N_ELEMENTS (dates);
  iterate_until (shows_expected, h, 10000);

  tb_history_view_sort_by (history (h), "date", TRUE);
  g_assert_cmpstr (row_at (h, N_GAMES + 1, &last)->date, ==, "????.??.??");
  g_assert_cmpstr (row_at (h, N_GAMES, &before_last)->date, ==, "2026.??.??");
  g_assert_cmpstr (row_at (h, N_GAMES - 1, &first)->date, !=, "2026.??.??");
  g_clear_object (&first);

  tb_history_view_sort_by (history (h), "date", FALSE);
  g_assert_cmpstr (row_at (h, 0, &first)->date, ==, "????.??.??");
  g_assert_cmpstr (row_at (h, 1, &second)->date, ==, "2026.??.??");
  scroll_list (h, TRUE);
  g_assert_true (shows_cell (GTK_WIDGET (history (h)), "—"));
  g_assert_true (shows_cell (GTK_WIDGET (history (h)), "2026"));
  save_screenshot (GTK_WIDGET (h->f.window), shot);
}

/* The lengths' cells on screen: how many, how many empty, the largest. */
typedef struct
{
  guint shown;
  guint empty;
  guint largest;
} LengthCells;

static void
count_length_cells (GtkWidget *widget, LengthCells *cells)
{
  g_autofree char *sample = NULL;

  /* The length's cells are as wide as "888" (tb-history-columns.c). */
  if (TB_IS_HISTORY_CELL (widget) && gtk_widget_get_mapped (widget))
    g_object_get (widget, "sample", &sample, NULL);
  if (g_strcmp0 (sample, "888") == 0)
    {
      const char *label = tb_history_cell_get_label (TB_HISTORY_CELL (widget));

      cells->shown++;
      cells->empty += *label == '\0';
      cells->largest = MAX (cells->largest, (guint) atoi (label));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    count_length_cells (c, cells);
}

/* Scrolled to the end and back, then sorted: the pages read at the end,
 * which no row on screen holds, are left to be read when asked for, not
 * read again at once (500-1,300 ms with 100,000 games); scrolled to the
 * end again, the rows are the new order's, every one read. */
static void
test_sorted_after_scrolling (HistoryFixture *h, gconstpointer data)
{
  TbHistoryModel *model;
  g_autoptr (GPtrArray) last = NULL;
  g_autoptr (GError) error = NULL;
  LengthCells cells = { 0 };
  guint smallest_last = G_MAXUINT, largest_last = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL));
  wait_for_pages_settled (h->f.window);
  g_assert_cmpuint (shown (h), ==, N_GAMES);
  model = tb_history_view_get_model (history (h));
  scroll_list (h, FALSE);
  scroll_list (h, TRUE);
  g_assert_cmpuint (tb_history_model_get_rows_held (model), >=, N_GAMES / 2);

  tb_history_view_sort_by (history (h), "length", TRUE);
  shown (h);
  g_test_message ("rows held after the sort: %u", tb_history_model_get_rows_held (model));
  g_assert_cmpuint (tb_history_model_get_rows_held (model), <, N_GAMES / 2);

  scroll_list (h, FALSE);
  count_length_cells (GTK_WIDGET (history (h)), &cells);
  /* The longest game on screen at the end is among the shortest 100;
   * the order before the sort (by date) would show longer ones there. */
  last = tb_store_query (h->store, &(TbStoreFilter) { .skip_empty = TRUE }, TB_STORE_SORT_LENGTH,
                         TRUE, N_GAMES - 100, 100, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < last->len; i++)
    {
      const TbStoreRow *row = last->pdata[i];

      /* In moves, as the column shows them. */
      smallest_last = MIN (smallest_last, (row->plies + 1) / 2);
      largest_last = MAX (largest_last, (row->plies + 1) / 2);
    }
  g_test_message ("lengths on screen: %u, up to %u; the last 100: %u to %u", cells.shown,
                  cells.largest, smallest_last, largest_last);
  g_assert_cmpuint (cells.shown, >, 0);
  g_assert_cmpuint (cells.empty, ==, 0);
  g_assert_cmpuint (cells.largest, <=, largest_last);
}

static void
test_replay (HistoryFixture *h, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "replay");
  g_autoptr (TbHistoryItem) item = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) stored = NULL;
  TbGame *game;
  gint64 id;
  guint n, before;

  gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL);
  id = row_at (h, 0, &item)->id;
  tb_history_view_activate (history (h), 0);
  wait_for_page (h, "replay");
  g_assert_cmpint (tb_replay_view_get_id (replay (h)), ==, id);
  game = tb_replay_view_get_game (replay (h));
  n = tb_game_get_n_plies (game);
  g_assert_cmpuint (n, >, 2);
  /* Opened at the end; Home, Right, Left and End step through. */
  g_assert_cmpuint (tb_game_get_ply (game), ==, n);
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (h)), GDK_KEY_Home, 0, NULL));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (h)), GDK_KEY_Right, 0, NULL));
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (h)), GDK_KEY_Right, 0, NULL));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (h)), GDK_KEY_Left, 0, NULL));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  /* The move list shows where the replay stands. */
  {
    GtkListBox *moves = GTK_LIST_BOX (find_descendant (GTK_WIDGET (replay (h)),
                                                       GTK_TYPE_LIST_BOX));
    g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (moves)), ==, 1);
  }

  /* A comment on move 1, saved as typed. */
  tb_replay_view_set_comment (replay (h), "A fine opening");
  iterate_until (replay_saved, replay (h), 10000);
  stored = tb_store_load_game (h->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tb_game_get_comment (stored, 1), ==, "A fine opening");
  save_screenshot (GTK_WIDGET (h->f.window), shot);
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (h)), GDK_KEY_End, 0, NULL));
  g_assert_cmpuint (tb_game_get_ply (game), ==, n);

  /* Continued from move 2: a new game of two moves, that knows where it
   * came from. */
  tb_replay_view_go_to (replay (h), 2);
  before = tb_store_count_all (h->store);
  g_assert_true (gtk_widget_activate_action (test_history_page (h->f.window),
                                             "history.continue-from-here", NULL));
  wait_for_page (h, "play");
  g_assert_cmpuint (tb_game_get_n_plies (test_game (h->f.window)), ==, 2);
  wait_for_store (h->f.window);
  g_assert_cmpuint (tb_store_count_all (h->store), ==, before + 1);
  {
    guint ply = 0;
    gint64 newest = tb_store_last_unfinished (h->store);

    g_assert_cmpint (tb_store_get_origin (h->store, newest, &ply), ==, id);
    g_assert_cmpuint (ply, ==, 2);
  }

  /* An unfinished game is resumed itself, where it stood: no copy. */
  gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL);
  tb_history_view_set_result_filter (history (h), "*");
  shown (h);
  tb_history_view_activate (history (h), 0);
  wait_for_page (h, "replay");
  before = tb_store_count_all (h->store);
  {
    gint64 unfinished = tb_replay_view_get_id (replay (h));
    g_autoptr (TbGame) kept = tb_store_load_game (h->store, unfinished, &error);

    g_assert_true (gtk_widget_activate_action (test_history_page (h->f.window),
                                               "history.resume-game", NULL));
    wait_for_page (h, "play");
    g_assert_cmpuint (tb_game_get_ply (test_game (h->f.window)), ==,
                      tb_game_get_ply (kept));
    wait_for_store (h->f.window);
    g_assert_cmpuint (tb_store_count_all (h->store), ==, before);
  }
  tb_history_view_set_result_filter (history (h), NULL);

  /* Deleted, then brought back by the toast's Undo. */
  gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL);
  shown (h);
  tb_history_view_activate (history (h), 0);
  wait_for_page (h, "replay");
  before = tb_store_count_all (h->store);
  g_assert_true (gtk_widget_activate_action (test_history_page (h->f.window),
                                             "history.delete-game", NULL));
  wait_for_page (h, "history");
  g_assert_cmpuint (tb_store_count_all (h->store), ==, before - 1);
  g_assert_cmpuint (shown (h), ==, before - 1);
  g_assert_true (gtk_widget_activate_action (test_history_page (h->f.window),
                                             "history.undo-delete", NULL));
  wait_for_store (h->f.window);
  g_assert_cmpuint (tb_store_count_all (h->store), ==, before);
  g_assert_cmpuint (shown (h), ==, before);
}

static gboolean
import_done (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL &&
         g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (
                      find_toplevel (ADW_TYPE_MESSAGE_DIALOG))), "Importing Games") != 0 &&
         g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (
                      find_toplevel (ADW_TYPE_MESSAGE_DIALOG))), "Importation des parties") != 0;
}

static void
test_import (HistoryFixture *h, gconstpointer data)
{
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) good = tb_game_new (variant, 1);
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL, *bad = NULL, *text = NULL, *path = NULL;
  g_autoptr (GFile) file = NULL;
  GtkWindow *dialog;
  guint before = tb_store_count_all (h->store);

  gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL);
  tb_game_play_text (good, "c1-c3", &error);
  tb_game_set_tag (good, "Player1", "Imported");
  record = tb_tgn_write (good);
  bad = g_strdup (record);
  memcpy (strstr (bad, "c1-c3"), "c1-z9", 5);
  tb_game_play_text (good, "g9-g7", &error);
  g_free (text);
  {
    g_autofree char *second = tb_tgn_write (good);
    text = g_strconcat (record, "\n", bad, "\n", second, NULL);
  }
  path = g_build_filename (h->dir, "mixed.tgn", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  file = g_file_new_for_path (path);

  tb_window_import_files (h->f.window, &file, 1);
  iterate_until (import_done, NULL, 20000);
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  /* Two imported; the bad one named by file, line and column. */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "mixed.tgn:"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "c1-z9"));
  /* In the interface's language, naming the game as its card does, not
   * by the id of its ruleset. */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            g_dgettext (GETTEXT_PACKAGE, tb_rules_get_name (tb_game_get_rules (good)))));
  g_assert_null (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "versus-61"));
  if (g_strcmp0 (g_getenv ("TABLIER_TEST_LANGUAGE"), "fr") == 0)
    g_assert_null (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), " is not "));
  save_screenshot (GTK_WIDGET (dialog), "import-report");
  g_assert_cmpuint (tb_store_count_all (h->store), ==, before + 2);
  g_assert_cmpuint (shown (h), ==, before + 2);
}

static gboolean
window_game_at_two (gpointer data)
{
  HistoryFixture *h = data;
  TbGame *game = test_game (h->f.window);

  return game && tb_game_get_ply (game) == 2;
}

/* A correspondence game on the board, and the other player's record
 * imported: their move comes onto the board (and a move played then is
 * saved after it, not over it). */
static void
test_correspondence_reply (HistoryFixture *h, gconstpointer data)
{
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  g_autoptr (TbGame) game = tb_game_new (variant, 1);
  g_autoptr (TbGame) reply = tb_game_new (variant, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *record = NULL, *path = NULL;
  const char *const tags[] = { "Player1", "Player2", "Date", "GameId", TB_TAG_CORRESPONDENCE };

  tb_game_set_tag (game, "Player1", "Alice");
  tb_game_set_tag (game, "Player2", "Bob");
  tb_game_set_tag (game, TB_TAG_CORRESPONDENCE, "yes");
  tb_window_set_game (h->f.window, game);
  g_assert_true (tb_game_play_text (test_game (h->f.window), "c1-e3", &error));
  iterate_for (50);
  /* The window plays on the game it was given, now stored. */
  g_assert_true (test_game (h->f.window) == game);
  g_assert_nonnull (tb_game_get_tag (game, "GameId"));

  for (guint i = 0; i < G_N_ELEMENTS (tags); i++)
    tb_game_set_tag (reply, tags[i], tb_game_get_tag (game, tags[i]));
  g_assert_true (tb_game_play_text (reply, "c1-e3", &error));
  g_assert_true (tb_game_play_text (reply, "g9-g7", &error));
  record = tb_tgn_write (reply);
  path = g_build_filename (h->dir, "reply.tgn", NULL);
  g_assert_true (g_file_set_contents (path, record, -1, NULL));
  file = g_file_new_for_path (path);
  tb_window_import_files (h->f.window, &file, 1);
  iterate_until (window_game_at_two, h, 20000);
  g_assert_cmpuint (tb_game_get_ply (test_game (h->f.window)), ==, 2);
  /* The offer to send the record, now out of date, has gone. */
  iterate_for (600);
  save_screenshot (GTK_WIDGET (h->f.window), "correspondence-reply");
}

static gboolean
ratings_shown (gpointer data)
{
  return !tb_players_window_get_loading (data);
}

/* Finished rated games of Versus: Alice beats Bob twice, draws Chloé. */
static void
add_rated_games (TbStore *store)
{
  const char *const pairs[][3] = { { "Alice", "Bob", "1-0" }, { "Bob", "Alice", "0-1" },
                                   { "Chloé", "Alice", "1/2-1/2" } };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("versus-61"));
      g_autoptr (TbGame) game = tb_game_new (variant, 1);
      g_autoptr (GError) error = NULL;
      gboolean draw = g_str_equal (pairs[i][2], "1/2-1/2");

      tb_game_set_tag (game, "Player1", pairs[i][0]);
      tb_game_set_tag (game, "Player2", pairs[i][1]);
      tb_game_set_tag (game, "Date", "2027.01.01");
      tb_game_finish (game, draw ? TB_RESULT_DRAW
                                 : g_str_equal (pairs[i][2], "1-0") ? TB_RESULT_SEAT1_WINS
                                                                     : TB_RESULT_SEAT2_WINS,
                      draw ? TB_TERMINATION_DRAW_AGREED : TB_TERMINATION_RESIGNED);
      tb_store_add_game (store, game, &error);
      g_assert_no_error (error);
    }
}

/* The Players window: best first, with their records; a row opens the
 * history on that player's games of that game. */
static void
test_players (HistoryFixture *h, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = g_strdup_printf ("players-%s", setup->dark ? "dark" : "light");
  TbPlayersWindow *players;
  GtkListBox *list;
  GtkListBoxRow *first;
  add_rated_games (h->store);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-players", NULL));
  iterate_for (100);
  players = TB_PLAYERS_WINDOW (find_toplevel (TB_TYPE_PLAYERS_WINDOW));
  g_assert_nonnull (players);
  tb_players_window_show_game (players, "versus-61");
  iterate_until (ratings_shown, players, 10000);
  list = tb_players_window_get_list (players);
  g_assert_nonnull (list);
  first = gtk_list_box_get_row_at_index (list, 0);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (first)), ==, "1. Alice");
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 2));
  g_assert_null (gtk_list_box_get_row_at_index (list, 3));
  save_screenshot (GTK_WIDGET (players), shot);

  /* A game nobody has finished: said so. */
  tb_players_window_show_game (players, "retournement");
  iterate_until (ratings_shown, players, 10000);
  g_assert_null (tb_players_window_get_list (players));

  tb_players_window_show_game (players, "versus-61");
  iterate_until (ratings_shown, players, 10000);
  list = tb_players_window_get_list (players);
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 0));
  iterate_for (100);
  g_assert_cmpstr (visible_page (h), ==, "history");
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, (TbStoreFilter) {
                                                     .ruleset = "versus-61", .player = "Alice",
                                                     .skip_empty = TRUE }));
  /* Opened again (Ctrl+H): every game, that player's filter gone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL));
  g_assert_cmpuint (shown (h), ==, tb_store_count_all (h->store));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_descendant (
                     GTK_WIDGET (history (h)), GTK_TYPE_SEARCH_ENTRY))), ==, "");
  gtk_window_destroy (GTK_WINDOW (players));
}

/* Whether some label under widget reads text. */
static gboolean
has_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  if (TB_IS_HISTORY_CELL (widget) &&
      g_strcmp0 (tb_history_cell_get_label (TB_HISTORY_CELL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

static gboolean
rules_window_open (gpointer data)
{
  return find_toplevel (TB_TYPE_RULES_WINDOW) != NULL;
}

/* Two games played by people who left their seats' names as they were
 * (stored as "?"), one of them left before its first move: the list
 * leaves the empty one out, names the other's players by colour and its
 * winner; its replay says who played which colour and how it ended, and
 * F1 there opens its rules, not those of the game played last. */
static void
test_unnamed_players (HistoryFixture *h, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "history-unnamed");
  g_autofree char *replay_shot = shot_name (setup, "replay-result");
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("oraia"));
  g_autoptr (TbGame) empty = tb_game_new (variant, 1);
  g_autoptr (TbGame) played = tb_game_new (variant, 1);
  g_autoptr (TbHistoryItem) item = NULL;
  g_autoptr (GError) error = NULL;
  const TbRules *rules = tb_rules_lookup ("oraia");
  const char *first = g_dgettext (GETTEXT_PACKAGE, tb_rules_get_seat_name (rules, 1));
  const char *second = g_dgettext (GETTEXT_PACKAGE, tb_rules_get_seat_name (rules, 2));
  g_autofree char *players = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s – %s"), first,
                                              second);
  g_autofree char *won = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s won"), second);
  const char *summary;
  GtkWindow *rules_window;

  tb_game_set_tag (empty, "Date", "2027.01.02");
  tb_store_add_game (h->store, empty, &error);
  g_assert_no_error (error);
  for (guint p = 0; p < 6; p++)
    {
      guint n;
      const TbMove *moves = tb_game_get_legal_moves (played, &n);

      tb_game_play (played, moves[0], NULL);
    }
  tb_game_finish (played, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
  tb_game_set_tag (played, "Date", "2027.01.01");
  tb_store_add_game (h->store, played, &error);
  g_assert_no_error (error);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL));
  wait_for_pages_settled (h->f.window);
  g_assert_cmpuint (shown (h), ==, N_GAMES + 1);
  tb_history_view_sort_by (history (h), "date", TRUE);
  g_assert_cmpint (row_at (h, 0, &item)->plies, ==, 6);
  iterate_for (100);
  g_assert_true (has_label (GTK_WIDGET (history (h)), players));
  g_assert_true (has_label (GTK_WIDGET (history (h)), won));
  g_assert_false (has_label (GTK_WIDGET (history (h)), "? – ?"));
  g_assert_false (has_label (GTK_WIDGET (history (h)), "0-1"));
  save_screenshot (GTK_WIDGET (h->f.window), shot);

  tb_history_view_activate (history (h), 0);
  wait_for_page (h, "replay");
  iterate_for (400);  /* the history's own pages cross-fade too */
  summary = gtk_label_get_text (GTK_LABEL (find_with_class (GTK_WIDGET (replay (h)),
                                                            "replay-summary")));
  g_assert_nonnull (strstr (summary, first));
  g_assert_nonnull (strstr (summary, second));
  {
    g_autofree char *result = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE,
                                                           "%s wins. %s resigned."),
                                               second, first);
    g_assert_nonnull (strstr (summary, result));
  }
  /* Narrow, the panel is folded away: the title says the result too. */
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (
                              find_descendant (GTK_WIDGET (replay (h)), ADW_TYPE_WINDOW_TITLE))),
                            won));
  save_screenshot (GTK_WIDGET (h->f.window), replay_shot);

  /* F1: the rules of the game replayed, though Versus was played last. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-rules", "s", ""));
  iterate_until (rules_window_open, NULL, 5000);
  rules_window = find_toplevel (TB_TYPE_RULES_WINDOW);
  iterate_for (200);
  g_assert_nonnull (tb_rules_window_get_page (TB_RULES_WINDOW (rules_window)));
  g_assert_cmpstr (tb_rules_window_get_page (TB_RULES_WINDOW (rules_window))->ruleset, ==,
                   "oraia");
  gtk_window_destroy (rules_window);
}

/* The rows of the start screen's Continue list, in order. */
static GPtrArray *
continue_rows (HistoryFixture *h)
{
  GtkWidget *picker = find_descendant (GTK_WIDGET (h->f.window), TB_TYPE_GAME_PICKER);
  GtkWidget *list = find_descendant (picker, GTK_TYPE_LIST_BOX);
  GPtrArray *rows = g_ptr_array_new ();

  for (GtkWidget *row = gtk_widget_get_first_child (list); row;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row) && gtk_widget_get_visible (row))
      g_ptr_array_add (rows, row);
  return rows;
}

static gboolean
continue_listed (gpointer data)
{
  g_autoptr (GPtrArray) rows = continue_rows (data);

  return rows->len > 2;
}

static gboolean
game_on_board (gpointer data)
{
  HistoryFixture *h = data;

  return g_strcmp0 (visible_page (h), "play") == 0 &&
         tb_session_get_id (test_session (h->f.window)) ==
           (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (h->f.window), "wanted-id"));
}

/* The start screen offers the game in progress, then the other unfinished
 * games, newest first, and a way to the rest in the history. */
static void
test_continue_list (HistoryFixture *h, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "picker-continue");
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) unfinished = NULL;
  g_autoptr (GError) error = NULL;
  const TbStoreFilter filter = { .result = "*", .skip_empty = TRUE };
  gint64 current;

  wait_for_store (h->f.window);
  iterate_until (continue_listed, h, 10000);
  rows = continue_rows (h);
  unfinished = tb_store_query (h->store, &filter, TB_STORE_SORT_DATE, TRUE, 0, 10, &error);
  g_assert_no_error (error);
  /* The game played last (the one in progress) is not listed twice. */
  current = tb_session_get_id (test_session (h->f.window));
  for (guint i = 0; i < unfinished->len; i++)
    if (((TbStoreRow *) unfinished->pdata[i])->id == current)
      g_ptr_array_remove_index (unfinished, i);
  /* The game in progress, three others, and "More". */
  g_assert_cmpuint (rows->len, ==, 5);
  for (guint i = 1; i < 4; i++)
    g_assert_cmpint (*(gint64 *) g_object_get_data (rows->pdata[i], "game-id"), ==,
                     ((TbStoreRow *) unfinished->pdata[i - 1])->id);
  save_screenshot (GTK_WIDGET (h->f.window), shot);

  /* Another one: resumed on the board. */
  g_object_set_data (G_OBJECT (h->f.window), "wanted-id",
                     GSIZE_TO_POINTER (((TbStoreRow *) unfinished->pdata[1])->id));
  g_signal_emit_by_name (rows->pdata[2], "activated");
  iterate_until (game_on_board, h, 10000);
  g_assert_true (game_on_board (h));

  /* "More": the history of the unfinished games. */
  gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-games", NULL);
  wait_for_pages_settled (h->f.window);
  iterate_until (continue_listed, h, 10000);
  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = continue_rows (h);
  g_assert_true (gtk_widget_activate (rows->pdata[rows->len - 1]));
  wait_for_pages_settled (h->f.window);
  g_assert_cmpstr (visible_page (h), ==, "history");
  g_assert_cmpuint (shown (h), ==, count_in_store (h->store, filter));
}

/* ---- suggestions as a search is typed ---- */

typedef struct
{
  GtkWidget *entry;
  const char *expected;   /* the names offered, joined by "|" */
} Offer;

static TbSearchSuggestions *
suggestions_of (GtkWidget *entry)
{
  return g_object_get_data (G_OBJECT (entry), "tb-search-suggestions");
}

static GtkWidget *
suggestions_popover (GtkWidget *entry)
{
  for (GtkWidget *child = gtk_widget_get_first_child (entry); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return child;
  return NULL;
}

static char *
offered_text (GtkWidget *entry)
{
  GListModel *offered = tb_search_suggestions_get_offered (suggestions_of (entry));
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (offered); i++)
    g_string_append_printf (text, "%s%s", i ? "|" : "",
                            gtk_string_list_get_string (GTK_STRING_LIST (offered), i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
offers (gpointer data)
{
  Offer *offer = data;
  g_autofree char *text = offered_text (offer->entry);

  return gtk_widget_get_visible (suggestions_popover (offer->entry)) &&
         strcmp (text, offer->expected) == 0;
}

/* A key as the entry gets it: every key controller it has, the
 * suggestions' first, until one takes it. */
static gboolean
entry_key (GtkWidget *entry, guint keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (entry);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static void
type_into (GtkWidget *entry, const char *text)
{
  gtk_widget_grab_focus (entry);
  g_assert_true (gtk_widget_get_state_flags (entry) & GTK_STATE_FLAG_FOCUS_WITHIN);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static void
test_suggestions (HistoryFixture *h, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "history-suggestions");
  g_autofree char *list_shot = shot_name (setup, "history-suggestions-list");
  g_autofree char *filters_shot = shot_name (setup, "history-more-filters");
  g_autofree char *date_shot = shot_name (setup, "history-date-not-a-date");
  g_autofree char *seat_shot = shot_name (setup, "history-seat");
  GtkWidget *player = find_named (GTK_WIDGET (history (h)), "player-search");
  GtkWidget *tag = find_named (GTK_WIDGET (history (h)), "tag-search");
  Offer offer = { player, "Alice|Dan" };

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (h->f.window), "win.show-history", NULL));
  wait_for_pages_settled (h->f.window);

  /* The names that begin with it first; the list of games follows the
   * text typed meanwhile. */
  type_into (player, "A");
  iterate_until (offers, &offer, 15000);
  save_screenshot (GTK_WIDGET (h->f.window), shot);
  save_screenshot (suggestions_popover (player), list_shot);

  /* Part of a name, without its accent: Down and Enter choose it, and
   * the list shows that player's games only. */
  type_into (player, "CHLO");
  offer.expected = "Chloé";
  iterate_until (offers, &offer, 15000);
  g_assert_true (entry_key (player, GDK_KEY_Down));
  g_assert_true (entry_key (player, GDK_KEY_Return));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (player)), ==, "\"Chloé\"");
  g_assert_false (gtk_widget_get_visible (suggestions_popover (player)));
  h->expected = count_in_store (h->store, (TbStoreFilter) { .player = "\"Chloé\"" });
  g_assert_cmpuint (h->expected, >, 0);
  iterate_until (shows_expected, h, 15000);
  /* Escape puts the names away and leaves the text. */
  type_into (player, "d");
  offer.expected = "Dan";
  iterate_until (offers, &offer, 15000);
  g_assert_true (entry_key (player, GDK_KEY_Escape));
  g_assert_false (gtk_widget_get_visible (suggestions_popover (player)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (player)), ==, "d");
  gtk_editable_set_text (GTK_EDITABLE (player), "");

  /* A tag: the site's values, chosen by a click. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (find_named (GTK_WIDGET (history (h)), "more-filters")));
  /* Typed into once the popover is out, as a person would. */
  iterate_until (is_mapped, tag, 15000);
  wait_for_paint (tag);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (GTK_WIDGET (history (h)), "tag-choice")),
                              2 /* Site */);
  type_into (tag, "besan");
  offer = (Offer) { tag, "Besançon" };
  iterate_until (offers, &offer, 15000);
  g_signal_emit_by_name (find_descendant (suggestions_popover (tag), GTK_TYPE_LIST_BOX),
                         "row-activated",
                         gtk_list_box_get_row_at_index (
                           GTK_LIST_BOX (find_descendant (suggestions_popover (tag),
                                                          GTK_TYPE_LIST_BOX)), 0));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tag)), ==, "Besançon");
  h->expected = count_in_store (h->store, (TbStoreFilter) { .tag = "Besançon",
                                                            .tag_name = "Site" });
  g_assert_cmpuint (h->expected, >, 0);
  g_assert_cmpuint (h->expected, <, N_GAMES);
  iterate_until (shows_expected, h, 15000);
  save_screenshot (GTK_WIDGET (gtk_menu_button_get_popover (
                     GTK_MENU_BUTTON (find_named (GTK_WIDGET (history (h)), "more-filters")))),
                   filters_shot);
  /* Any tag, as tablier-cli's --tag: NAME=TEXT looks in that tag only. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (GTK_WIDGET (history (h)), "tag-choice")),
                              0 /* any tag */);
  type_into (tag, "site=besan");
  iterate_until (shows_expected, h, 15000);
  type_into (tag, "Round=besan");
  h->expected = 0;
  iterate_until (shows_expected, h, 15000);
  gtk_editable_set_text (GTK_EDITABLE (tag), "Besançon");
  /* A player's seat, offered once a player is searched for. */
  tb_history_view_set_player_filter (history (h), "Chloé");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (GTK_WIDGET (history (h)), "seat-choice")),
                              2);
  wait_for_paint (tag);
  save_screenshot (GTK_WIDGET (gtk_menu_button_get_popover (
                     GTK_MENU_BUTTON (find_named (GTK_WIDGET (history (h)), "more-filters")))),
                   seat_shot);
  /* A date that is none, marked. */
  type_into (find_named (GTK_WIDGET (history (h)), "date-to"), "2026-13");
  wait_for_paint (tag);
  save_screenshot (GTK_WIDGET (gtk_menu_button_get_popover (
                     GTK_MENU_BUTTON (find_named (GTK_WIDGET (history (h)), "more-filters")))),
                   date_shot);
  gtk_editable_set_text (GTK_EDITABLE (find_named (GTK_WIDGET (history (h)), "date-to")), "");
  g_assert_false (gtk_widget_has_css_class (find_named (GTK_WIDGET (history (h)), "date-to"),
                                            "error"));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (find_named (GTK_WIDGET (history (h)), "more-filters")));
}

static const WindowSetup narrow_dark_setup = { TRUE, 360, 640, TRUE };
static const WindowSetup wide_light_setup = { FALSE, 1000, 700, TRUE };
static const WindowSetup large_dark_setup = { TRUE, 1400, 900, TRUE };

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

#define ADD_HISTORY(path, setup, func) \
  g_test_add (path, HistoryFixture, &setup, set_up, func, tear_down)
  ADD_HISTORY ("/ui/history/filters-and-sorting/wide-light", wide_light_setup,
               test_filters_and_sorting);
  ADD_HISTORY ("/ui/history/filters-and-sorting/narrow-dark", narrow_dark_setup,
               test_filters_and_sorting);
  ADD_HISTORY ("/ui/history/replay/wide-light", wide_light_setup, test_replay);
  ADD_HISTORY ("/ui/history/sorted-after-scrolling/wide-light", wide_light_setup,
               test_sorted_after_scrolling);
  ADD_HISTORY ("/ui/history/suggestions/wide-light", wide_light_setup, test_suggestions);
  ADD_HISTORY ("/ui/history/suggestions/narrow-dark", narrow_dark_setup, test_suggestions);
  ADD_HISTORY ("/ui/history/suggestions/large-dark", large_dark_setup, test_suggestions);
  ADD_HISTORY ("/ui/history/replay/narrow-dark", narrow_dark_setup, test_replay);
  ADD_HISTORY ("/ui/history/filters-and-sorting/large-dark", large_dark_setup,
               test_filters_and_sorting);
  ADD_HISTORY ("/ui/history/replay/large-dark", large_dark_setup, test_replay);
  ADD_HISTORY ("/ui/history/import", wide_light_setup, test_import);
  ADD_HISTORY ("/ui/history/unknown-dates/wide-light", wide_light_setup, test_unknown_dates);
  ADD_HISTORY ("/ui/history/unknown-dates/narrow-dark", narrow_dark_setup, test_unknown_dates);
  ADD_HISTORY ("/ui/history/unknown-dates/large-dark", large_dark_setup, test_unknown_dates);
  ADD_HISTORY ("/ui/history/players/wide-light", wide_light_setup, test_players);
  ADD_HISTORY ("/ui/history/correspondence-reply", wide_light_setup, test_correspondence_reply);
  ADD_HISTORY ("/ui/history/players/narrow-dark", narrow_dark_setup, test_players);
  ADD_HISTORY ("/ui/history/unnamed-players/wide-light", wide_light_setup, test_unnamed_players);
  ADD_HISTORY ("/ui/history/continue-list/wide-light", wide_light_setup, test_continue_list);
  ADD_HISTORY ("/ui/history/continue-list/narrow-dark", narrow_dark_setup, test_continue_list);
  ADD_HISTORY ("/ui/history/unnamed-players/narrow-dark", narrow_dark_setup,
               test_unnamed_players);

  return ui_test_run ();
}
