/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-explorer.c: the opening explorer beside a replayed game, under
 * a display: shown by its shortcut (and remembered), its counts those of
 * the store, its row of the game's next move followed, and a game of its
 * list opened at the ply it reached the position; screenshots light and
 * dark, 360 and 1400 pixels wide.
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>

#include "tb-explorer-panel.h"
#include "tb-history-page.h"
#include "tb-position-key.h"
#include "tb-replay-view.h"
#include "ui-test-util.h"

#define N_GAMES 60

typedef struct
{
  Fixture f;
  char *dir;
  TbStore *store;       /* the test's own connection; the window has another */
  GSettings *settings;
  gint64 mirrored_id;   /* a game stored with its mirror image */
} ExplorerFixture;

/* RA games among the first three legal moves, so that they share their
 * openings; every fifth the mirror image of the one before (RA's board
 * is the same mirrored about its middle row). */
static void
fill_store (ExplorerFixture *e)
{
  GRand *rng = g_rand_new_with_seed (24);
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("ra"));
  const TbPositionKeys *keys = tb_position_keys_get (variant);
  g_autoptr (TbGame) last = NULL;

  g_assert_cmpuint (tb_position_keys_n_symmetries (keys), ==, 2);
  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autoptr (TbGame) game = tb_game_new (variant, 1);
      g_autoptr (GError) error = NULL;
      gint64 id;

      if (i % 5 == 4)
        for (guint ply = 1; ply <= tb_game_get_n_plies (last); ply++)
          {
            g_autofree char *text = tb_game_get_move_text (last, ply);
            g_autofree char *image = tb_position_keys_map_text (keys, 1, text);

            tb_game_play_text (game, image, &error);
            g_assert_no_error (error);
          }
      else
        for (guint p = 0, plies = 6 + g_rand_int_range (rng, 0, 20);
             p < plies && !tb_game_is_over (game); p++)
          {
            guint n;
            const TbMove *moves = tb_game_get_legal_moves (game, &n);

            tb_game_play (game, moves[g_rand_int_range (rng, 0, (gint32) MIN (n, 3))], NULL);
          }
      tb_game_set_tag (game, "Player1", i % 2 ? "Alice" : "Bob");
      tb_game_set_tag (game, "Player2", i % 2 ? "Chloé" : "Dan");
      if (!tb_game_is_over (game))
        tb_game_finish (game, i % 3 ? TB_RESULT_SEAT1_WINS : TB_RESULT_SEAT2_WINS,
                        TB_TERMINATION_RESIGNED);
      id = tb_store_add_game (e->store, game, &error);
      g_assert_no_error (error);
      if (i % 5 == 3)
        e->mirrored_id = id;
      g_set_object (&last, game);
    }
  g_rand_free (rng);
}

static void
set_up (ExplorerFixture *e, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  e->settings = g_settings_new_with_backend (APP_ID, backend);
  e->dir = g_dir_make_tmp ("tablier-ui-explorer-XXXXXX", &error);
  path = g_build_filename (e->dir, "games.db", NULL);
  e->store = tb_store_open (path, &error);
  g_assert_no_error (error);
  fill_store (e);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      setup->dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                  : ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_settings_set_int (e->settings, "window-width", setup->width);
  g_settings_set_int (e->settings, "window-height", setup->height);
  e->f.app = test_app;
  {
    g_autoptr (TbStore) window_store = tb_store_open (path, &error);

    g_assert_no_error (error);
    e->f.context = tb_context_new_full (e->settings, window_store, NULL);
  }
  e->f.window = tb_window_new (GTK_APPLICATION (e->f.app), e->f.context);
  gtk_window_present (GTK_WINDOW (e->f.window));
  wait_for_paint (GTK_WIDGET (e->f.window));
}

static void
tear_down (ExplorerFixture *e, gconstpointer data)
{

  gtk_window_destroy (GTK_WINDOW (e->f.window));
  iterate_for (50);
  g_clear_object (&e->f.context);
  g_clear_object (&e->store);
  g_clear_object (&e->settings);
  tt_remove_dir (e->dir);
  g_free (e->dir);
}

static TbReplayView *
replay (ExplorerFixture *e)
{
  return tb_history_page_get_replay (tb_window_get_history_page (e->f.window));
}

/* The explorer of the page shown: the replay's, or the play page's. */
static TbExplorerPanel *
panel (ExplorerFixture *e)
{
  GtkWidget *page = g_strcmp0 (tb_window_get_page (e->f.window), "play") == 0 ?
                      test_play_page (e->f.window) : GTK_WIDGET (replay (e));

  return TB_EXPLORER_PANEL (find_descendant (page, TB_TYPE_EXPLORER_PANEL));
}

static TbGame *
shown_game (ExplorerFixture *e)
{
  return g_strcmp0 (tb_window_get_page (e->f.window), "play") == 0 ?
           test_game (e->f.window) : tb_replay_view_get_game (replay (e));
}

static gboolean
answered (gpointer data)
{
  return !tb_explorer_panel_get_busy (data) && tb_explorer_panel_get_shown (data) != NULL;
}

static gboolean
replaying (gpointer data)
{
  ExplorerFixture *e = data;
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (e->f.window), "id"));

  return tb_replay_view_get_id (replay (e)) == id &&
         g_strcmp0 (tb_history_page_get_shown (tb_window_get_history_page (e->f.window)),
                    "replay") == 0;
}

/* Opens game id as the history's list does. */
static void
open_game (ExplorerFixture *e, gint64 id)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (e->f.window), "win.show-history", NULL));
  g_signal_emit_by_name (tb_history_page_get_view (tb_window_get_history_page (e->f.window)),
                         "open-game", id);
  g_object_set_data (G_OBJECT (e->f.window), "id", GSIZE_TO_POINTER (id));
  iterate_until (replaying, e, 10000);
  wait_for_pages_settled (e->f.window);
}

/* What the panel shows is what the store answers for the board's
 * position, move by move. */
static const TbStoreExplorer *
check_counts (ExplorerFixture *e)
{
  TbGame *game = shown_game (e);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStoreExplorer) want = NULL;
  const TbStoreExplorer *shown;
  GtkWidget *list = find_with_class (GTK_WIDGET (panel (e)), "explorer-moves");
  guint rows = 0;

  iterate_until (answered, panel (e), 10000);
  shown = tb_explorer_panel_get_shown (panel (e));
  want = tb_store_explore (e->store, tb_game_get_variant (game), tb_game_get_position (game),
                           &error);
  g_assert_no_error (error);
  g_assert_cmpuint (shown->total.games, ==, want->total.games);
  g_assert_cmpuint (shown->total.mirrored, ==, want->total.mirrored);
  g_assert_cmpuint (shown->moves->len, ==, want->moves->len);
  for (guint i = 0; i < want->moves->len; i++)
    {
      const TbStoreExplorerMove *a = shown->moves->pdata[i], *b = want->moves->pdata[i];

      g_assert_cmpstr (a->move, ==, b->move);
      g_assert_cmpuint (a->games, ==, b->games);
      g_assert_cmpuint (a->wins1, ==, b->wins1);
      g_assert_cmpuint (a->wins2, ==, b->wins2);
    }
  for (GtkWidget *row = gtk_widget_get_first_child (list); row;
       row = gtk_widget_get_next_sibling (row))
    rows++;
  g_assert_cmpuint (rows, ==, want->moves->len);
  return shown;
}

/* The row of the game's next move: the one that can be activated. */
static GtkListBoxRow *
next_move_row (ExplorerFixture *e)
{
  GtkWidget *list = find_with_class (GTK_WIDGET (panel (e)), "explorer-moves");

  for (GtkWidget *row = gtk_widget_get_first_child (list); row;
       row = gtk_widget_get_next_sibling (row))
    if (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)))
      return GTK_LIST_BOX_ROW (row);
  return NULL;
}

static gboolean
flap_out (gpointer data)
{
  AdwFlap *flap = ADW_FLAP (find_descendant (data, ADW_TYPE_FLAP));

  return adw_flap_get_reveal_progress (flap) >= 1.0;
}

static TbHistoryView *
history (ExplorerFixture *e)
{
  return tb_history_page_get_view (tb_window_get_history_page (e->f.window));
}

typedef struct
{
  ExplorerFixture *e;
  guint expected;
} Listing;

/* The history's list shows the games expected, read. */
static gboolean
lists (gpointer data)
{
  Listing *l = data;
  TbHistoryModel *model = tb_history_view_get_model (history (l->e));
  g_autoptr (TbHistoryItem) first = NULL;

  if (tb_history_model_get_busy (model) ||
      g_strcmp0 (tb_history_page_get_shown (tb_window_get_history_page (l->e->f.window)),
                 "list") != 0 ||
      g_list_model_get_n_items (G_LIST_MODEL (model)) != l->expected)
    return FALSE;
  first = g_list_model_get_item (G_LIST_MODEL (model), 0);
  return first && tb_history_item_get_loaded (first);
}

/* The panel's button lists the games of the position in the history
 * (expected of them), with a bar that says so; the first that is not
 * avoid is opened, and its id returned. */
static gint64
list_games_of_position (ExplorerFixture *e, guint expected, gint64 avoid, const char *shot)
{
  GtkWidget *games_button = find_descendant (GTK_WIDGET (panel (e)), GTK_TYPE_BUTTON);
  Listing listing = { e, expected };
  TbHistoryModel *model;
  guint at = 0;

  /* The panel's only button. */
  g_assert_true (gtk_widget_get_visible (games_button));
  g_signal_emit_by_name (games_button, "clicked");
  wait_for_pages_settled (e->f.window);
  iterate_until (lists, &listing, 15000);
  g_assert_true (gtk_widget_get_visible (
    gtk_widget_get_parent (find_named (GTK_WIDGET (history (e)), "clear-position"))));
  save_screenshot (GTK_WIDGET (e->f.window), shot);
  model = tb_history_view_get_model (history (e));
  for (;; at++)
    {
      g_autoptr (TbHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), at);

      g_assert_nonnull (item);
      if (tb_history_item_get_id (item) != avoid)
        {
          tb_history_view_activate (history (e), at);
          return tb_history_item_get_id (item);
        }
    }
}

/* The ply at which game id reached the position shown, as the store
 * says. */
static guint
ply_of_position (ExplorerFixture *e, gint64 id, TbGame *at)
{
  TbPositionKey key;
  g_autoptr (GError) error = NULL;
  int ply;

  tb_position_key (tb_position_keys_get (tb_game_get_variant (at)), tb_game_get_position (at),
                   &key);
  ply = tb_store_position_ply (e->store, id, key.key, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ply, >=, 0);
  return (guint) ply;
}

static void
test_explorer (ExplorerFixture *e, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "explorer");
  g_autofree char *games_shot = shot_name (setup, "explorer-games");
  const TbStoreExplorer *shown;
  TbGame *game;
  gint64 id;
  guint ply;

  /* The mirrored pair's first game, at its start. */
  open_game (e, e->mirrored_id);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel (e))));
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (e)), GDK_KEY_e, GDK_CONTROL_MASK,
                                       NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel (e))));
  g_assert_true (g_settings_get_boolean (e->settings, "show-explorer"));
  game = tb_replay_view_get_game (replay (e));
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (e)), GDK_KEY_Home, 0, NULL));
  shown = check_counts (e);
  /* Every game reached the start. */
  g_assert_cmpuint (shown->total.games, ==, N_GAMES);

  /* The game's next move, followed from its row. */
  gtk_widget_activate (GTK_WIDGET (next_move_row (e)));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
  shown = check_counts (e);
  /* Its image was found with it. */
  g_assert_cmpuint (shown->total.mirrored, >, 0);
  gtk_widget_activate (GTK_WIDGET (next_move_row (e)));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  shown = check_counts (e);
  g_assert_cmpuint (shown->total.games, >=, 2);
  /* On a narrow window the panel came out over the board, sliding. */
  iterate_until (flap_out, replay (e), 10000);
  save_screenshot (GTK_WIDGET (e->f.window), shot);

  /* The games that reached the position, in the history; another game
   * than the one replayed opened where it reached it. */
  {
    g_autoptr (TbGame) here = g_object_ref (game);

    id = list_games_of_position (e, shown->total.games, e->mirrored_id, games_shot);
    ply = ply_of_position (e, id, here);
  }
  g_object_set_data (G_OBJECT (e->f.window), "id", GSIZE_TO_POINTER (id));
  iterate_until (replaying, e, 10000);
  g_assert_cmpint (tb_replay_view_get_id (replay (e)), ==, id);
  g_assert_cmpuint (tb_game_get_ply (tb_replay_view_get_game (replay (e))), ==, ply);
  check_counts (e);
  /* The bar's button lists every game again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (e->f.window), "win.show-history", NULL));
  gtk_widget_activate (find_named (GTK_WIDGET (history (e)), "clear-position"));
  {
    Listing all = { e, N_GAMES };

    iterate_until (lists, &all, 15000);
  }

  /* Hidden again by the same shortcut, and remembered so. */
  g_assert_true (activate_key_binding (GTK_WIDGET (replay (e)), GDK_KEY_e, GDK_CONTROL_MASK,
                                       NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel (e))));
  g_assert_false (g_settings_get_boolean (e->settings, "show-explorer"));
}

/* Beside a game being played the explorer tells, and plays nothing; a
 * game of its list is replayed in the history. */
static void
test_explorer_in_play (ExplorerFixture *e, gconstpointer data)
{
  const WindowSetup *setup = data;
  g_autofree char *shot = shot_name (setup, "explorer-play");
  g_autoptr (TbVariant) variant = tb_variant_new_default (tb_rules_lookup ("ra"));
  g_autoptr (TbGame) fresh = tb_game_new (variant, 1);
  g_autofree char *games_shot = shot_name (setup, "explorer-play-games");
  const TbStoreExplorer *shown;
  gint64 id;

  tb_window_set_game (e->f.window, fresh);
  wait_for_pages_settled (e->f.window);
  g_assert_cmpstr (tb_window_get_page (e->f.window), ==, "play");
  g_assert_true (activate_key_binding (test_play_page (e->f.window), GDK_KEY_e,
                                       GDK_CONTROL_MASK, NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel (e))));
  g_assert_true (g_settings_get_boolean (e->settings, "show-explorer"));
  shown = check_counts (e);
  /* Every stored game reached the start, the one begun here too once
   * the session stored it. */
  g_assert_cmpuint (shown->total.games, ==, tb_store_count_all (e->store));
  g_assert_cmpuint (shown->total.games, >=, N_GAMES);
  g_assert_cmpuint (shown->moves->len, >, 0);
  /* No row plays a move for the player. */
  g_assert_null (next_move_row (e));
  iterate_until (flap_out, test_play_page (e->f.window), 10000);
  save_screenshot (GTK_WIDGET (e->f.window), shot);

  /* Every game reached the start: one opened there.  The game begun
   * here has no move yet: the history leaves it out. */
  id = list_games_of_position (e, N_GAMES, 0, games_shot);
  g_object_set_data (G_OBJECT (e->f.window), "id", GSIZE_TO_POINTER (id));
  iterate_until (replaying, e, 10000);
  g_assert_cmpuint (tb_game_get_ply (tb_replay_view_get_game (replay (e))), ==, 0);
  /* The setting holds for the replay too. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel (e))));
}

static const WindowSetup narrow_light_setup = { FALSE, 360, 700, TRUE };
static const WindowSetup narrow_dark_setup = { TRUE, 360, 700, TRUE };
static const WindowSetup large_light_setup = { FALSE, 1400, 900, TRUE };
static const WindowSetup large_dark_setup = { TRUE, 1400, 900, TRUE };

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

#define ADD_EXPLORER(path, setup) \
  g_test_add (path, ExplorerFixture, &setup, set_up, test_explorer, tear_down)
  ADD_EXPLORER ("/ui/explorer/large-light", large_light_setup);
  ADD_EXPLORER ("/ui/explorer/large-dark", large_dark_setup);
  ADD_EXPLORER ("/ui/explorer/narrow-light", narrow_light_setup);
  ADD_EXPLORER ("/ui/explorer/narrow-dark", narrow_dark_setup);
  g_test_add ("/ui/explorer/play/large-light", ExplorerFixture, &large_light_setup, set_up,
              test_explorer_in_play, tear_down);
  g_test_add ("/ui/explorer/play/narrow-dark", ExplorerFixture, &narrow_dark_setup, set_up,
              test_explorer_in_play, tear_down);

  return ui_test_run ();
}
