/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-window.c: the application window: pages in a stack, and toasts */
#include "config.h"

#include <time.h>

#include <glib/gi18n.h>

#include "tb-a11y.h"
#include "tb-game-picker.h"
#include "tb-new-game-dialog.h"
#include "tb-players-window.h"
#include "tb-practice-view.h"
#include "tb-rules-window.h"
#include "tb-shortcuts.h"
#include "tb-window.h"

struct _TbWindow
{
  AdwApplicationWindow parent_instance;

  TbContext *context;
  TbSession *session;
  TbRulesWindow *rules_window;      /* while it is open */
  TbPlayersWindow *players_window;  /* while it is open */

  GPtrArray *waiting_imports;        /* of GFile: dropped while the database opens */
  gulong waiting_save;               /* the game over to analyse once saved */
  GCancellable *closing;             /* cancelled when the window goes */

  /* Template widgets */
  GtkStack *pages;
  AdwWindowTitle *picker_title;
  TbGamePicker *picker;
  TbPlayPage *play_page;
  TbHistoryPage *history_page;
  TbPracticeView *practice_view;
  char *before_practice;             /* the page to go back to */
};

G_DEFINE_FINAL_TYPE (TbWindow, tb_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_CONTEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- pages ---- */

static void on_practice_closed (TbWindow *self);

/* A page made when first asked for, added to the pages (its buttons'
 * names tidied, as the template's were when the window was made);
 * returned as given. */
static gpointer
add_page (TbWindow *self, gpointer page, const char *name, const char *title)
{
  gtk_stack_add_titled (self->pages, GTK_WIDGET (page), name, title);
  tb_a11y_tidy_buttons (GTK_WIDGET (page));
  return page;
}

/* The play page, made and added to the pages when first asked for: the
 * window opens on the game picker, and making the page, its board and
 * panels took 13 ms of the first frame (perf, build-aux/bench-ui). */
static TbPlayPage *
play_page (TbWindow *self)
{
  if (self->play_page == NULL)
    {
      self->play_page = add_page (self, g_object_new (TB_TYPE_PLAY_PAGE, NULL), "play", _("Game"));
      tb_play_page_set_session (self->play_page, self->session);
    }
  return self->play_page;
}

/* The history page, made and added to the pages when first asked for:
 * with its lists, the replay and the explorer, it is most of the
 * window's widgets, and it reads the database; none of it is needed for
 * the first frame. */
static TbHistoryPage *
history_page (TbWindow *self)
{
  if (self->history_page == NULL)
    {
      self->history_page = add_page (self, g_object_new (TB_TYPE_HISTORY_PAGE, NULL), "history",
                                     _("History"));
      tb_history_page_set_session (self->history_page, self->session);
    }
  return self->history_page;
}

/* The practice page, likewise. */
static TbPracticeView *
practice_view (TbWindow *self)
{
  if (self->practice_view == NULL)
    {
      self->practice_view = add_page (self, g_object_new (TB_TYPE_PRACTICE_VIEW, NULL),
                                      "practice", _("Practice"));
      tb_practice_view_bind_settings (self->practice_view,
                                      tb_context_get_settings (self->context));
      g_signal_connect_swapped (self->practice_view, "closed", G_CALLBACK (on_practice_closed),
                                self);
    }
  return self->practice_view;
}

/* The game in progress (if any) is offered first on the start screen,
 * then the other unfinished games. */
static void
offer_current_game (TbWindow *self)
{
  TbGame *game = tb_session_get_game (self->session);
  TbStore *store = tb_context_get_store (self->context);

  tb_game_picker_set_current_game (self->picker, game && !tb_game_is_over (game) ? game : NULL);
  if (store)
    tb_game_picker_list_unfinished (self->picker, store, game ? tb_session_get_id (self->session)
                                                              : 0);
}

void
tb_window_show_games (TbWindow *self)
{
  g_return_if_fail (TB_IS_WINDOW (self));

  offer_current_game (self);
  gtk_stack_set_visible_child_name (self->pages, "picker");
}

/* The board takes the keyboard at once. */
static void
show_play (TbWindow *self)
{
  TbPlayPage *page;

  if (tb_session_get_game (self->session) == NULL)
    return;
  page = play_page (self);
  gtk_stack_set_visible_child_name (self->pages, "play");
  gtk_widget_grab_focus (GTK_WIDGET (tb_play_page_get_board_view (page)));
}

/* Opened anew (Ctrl+H, the menu): every game, not the filters a jump
 * from the Players window left. */
static void
show_history (TbWindow *self)
{
  tb_history_page_show_all (history_page (self));
  gtk_stack_set_visible_child_name (self->pages, "history");
}

/* The start screen's "More Unfinished Games": the history, filtered. */
static void
show_unfinished_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  show_history (self);
  tb_history_view_set_result_filter (tb_history_page_get_view (history_page (self)), "*");
}

static void
show_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_window_show_games (TB_WINDOW (widget));
}

static void
show_play_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  show_play (TB_WINDOW (widget));
}

static void
show_history_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  show_history (TB_WINDOW (widget));
}

/* The games of one player (a row of the Players window): the history,
 * filtered on that game and player. */
static void
show_player_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  const char *ruleset, *player;

  g_variant_get (parameter, "(&s&s)", &ruleset, &player);
  tb_history_page_show_player (history_page (self), ruleset, player);
  gtk_stack_set_visible_child_name (self->pages, "history");
  gtk_window_present (GTK_WINDOW (self));
}

/* The games that reached a position (the play page's explorer): the
 * history, filtered on that position alone, each game to be opened there. */
static void
show_position_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  show_history (self);
  tb_history_page_show_position (history_page (self), g_variant_get_int64 (parameter));
}

/* The game just finished (the game-over dialog's Analyse), analysed in
 * the history and replayed there; its last save written first, so that
 * the analysis is of the whole game and is not overwritten by it. */
static void
analyse_played_game (TbWindow *self)
{
  gint64 id = tb_session_get_id (self->session);

  if (tb_session_get_saving (self->session) || id == 0)
    {
      if (self->waiting_save == 0)
        self->waiting_save = g_signal_connect_swapped (self->session, "notify::saving",
                                                       G_CALLBACK (analyse_played_game), self);
      return;
    }
  g_clear_signal_handler (&self->waiting_save, self->session);
  tb_history_page_analyse_games (history_page (self), &id, 1);
  tb_history_page_open_game_at (history_page (self), id, G_MAXUINT);
  gtk_stack_set_visible_child_name (self->pages, "history");
}

static void
analyse_played_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  analyse_played_game (TB_WINDOW (widget));
}

/* Practice from one player's mistakes in one game's analysed games (the
 * Players window's Practise, the history filtered to a player). */
static void
practise_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  TbStore *store = tb_context_get_store (self->context);
  const char *ruleset, *player;
  const char *shown = gtk_stack_get_visible_child_name (self->pages);

  if (store == NULL)
    return;
  g_variant_get (parameter, "(&s&s)", &ruleset, &player);
  if (g_strcmp0 (shown, "practice") != 0)
    {
      g_free (self->before_practice);
      self->before_practice = g_strdup (shown);
    }
  tb_practice_view_start (practice_view (self), store, *ruleset ? ruleset : NULL, player);
  gtk_stack_set_visible_child_name (self->pages, "practice");
  gtk_window_present (GTK_WINDOW (self));
}

static void
on_practice_closed (TbWindow *self)
{
  gtk_stack_set_visible_child_name (self->pages,
                                    self->before_practice ? self->before_practice : "picker");
}

TbPracticeView *
tb_window_get_practice_view (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return practice_view (self);
}

/* ---- games ---- */

void
tb_window_set_game (TbWindow *self, TbGame *game)
{
  g_return_if_fail (TB_IS_WINDOW (self));
  g_return_if_fail (TB_IS_GAME (game));

  tb_session_start (self->session, game);
  show_play (self);
}

static void
on_new_game_started (TbNewGameDialog *dialog, TbGame *game, TbWindow *self)
{
  tb_window_set_game (self, game);
}

void
tb_window_new_game (TbWindow *self, const char *ruleset_id)
{
  TbNewGameDialog *dialog;

  g_return_if_fail (TB_IS_WINDOW (self));

  dialog = tb_new_game_dialog_new (GTK_WINDOW (self), self->context);
  if (ruleset_id)
    tb_new_game_dialog_set_game_chosen (dialog, ruleset_id);
  g_signal_connect_object (dialog, "game-started", G_CALLBACK (on_new_game_started), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_picker_play (TbWindow *self, const char *ruleset_id)
{
  tb_window_new_game (self, ruleset_id);
}

static void
on_picker_resume (TbWindow *self)
{
  show_play (self);
}

static void
on_stored_resumed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbWindow) self = data;
  g_autoptr (GError) error = NULL;

  if (tb_session_resume_finish (TB_SESSION (source), result, &error))
    show_play (self);
  else if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("%s", error->message);
}

/* Another unfinished game, chosen on the start screen. */
static void
on_picker_resume_stored (TbWindow *self, gint64 id)
{
  tb_session_resume_async (self->session, id, self->closing, on_stored_resumed,
                           g_object_ref (self));
}

/* The unfinished game played last, ready to continue from the picker. */
static void
on_last_game_resumed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbWindow) self = data;
  g_autoptr (GError) error = NULL;

  if (!tb_session_resume_finish (TB_SESSION (source), result, &error) && error)
    {
      /* The window closed meanwhile. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_warning ("%s", error->message);
    }
  if (g_strcmp0 (tb_window_get_page (self), "picker") == 0)
    offer_current_game (self);
}

/* ---- other windows ---- */

/* The game the rules are wanted for: the one named, the one on the board
 * (played or replayed), or the one played last. */
static char *
wanted_ruleset (TbWindow *self, GVariant *parameter)
{
  const char *named = parameter ? g_variant_get_string (parameter, NULL) : "";
  const char *page = tb_window_get_page (self);
  TbGame *game = tb_session_get_game (self->session);

  if (*named)
    return g_strdup (named);
  if (g_strcmp0 (page, "history") == 0 &&
      g_strcmp0 (tb_history_page_get_shown (history_page (self)), "replay") == 0)
    game = tb_replay_view_get_game (tb_history_page_get_replay (history_page (self)));
  else if (g_strcmp0 (page, "play") != 0)
    game = NULL;
  if (game)
    return g_strdup (tb_rules_get_id (tb_game_get_rules (game)));
  return g_settings_get_string (tb_context_get_settings (self->context), "last-ruleset");
}

static void
show_rules_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  g_autofree char *ruleset = wanted_ruleset (self, parameter);

  if (tb_rules_lookup (ruleset) == NULL)
    {
      g_free (ruleset);
      ruleset = g_strdup ("versus-61");
    }
  if (self->rules_window == NULL)
    {
      self->rules_window = tb_rules_window_new (GTK_WINDOW (self));
      g_object_add_weak_pointer (G_OBJECT (self->rules_window), (gpointer *) &self->rules_window);
    }
  tb_rules_window_show_game (self->rules_window, ruleset);
  gtk_window_present (GTK_WINDOW (self->rules_window));
}

static void
show_players_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  TbStore *store = tb_context_get_store (self->context);
  g_autofree char *ruleset = NULL;

  if (store == NULL)
    return;
  ruleset = wanted_ruleset (self, NULL);
  if (self->players_window == NULL)
    {
      self->players_window = tb_players_window_new (GTK_WINDOW (self), store, ruleset);
      g_object_add_weak_pointer (G_OBJECT (self->players_window),
                                 (gpointer *) &self->players_window);
    }
  else
    tb_players_window_show_game (self->players_window, ruleset);
  gtk_window_present (GTK_WINDOW (self->players_window));
}

/* ---- records ---- */

void
tb_window_import_files (TbWindow *self, GFile **files, guint n_files)
{
  g_return_if_fail (TB_IS_WINDOW (self));

  /* The database is still opening: imported once it is open. */
  if (tb_context_get_opening (self->context))
    {
      for (guint i = 0; i < n_files; i++)
        g_ptr_array_add (self->waiting_imports, g_object_ref (files[i]));
      return;
    }
  tb_history_page_import_files (history_page (self), files, n_files);
}

static void
import_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_history_page_choose_import (history_page (TB_WINDOW (widget)));
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, TbWindow *self)
{
  GSList *list = g_value_get_boxed (value);
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l; l = l->next)
    g_ptr_array_add (files, l->data);
  tb_window_import_files (self, (GFile **) files->pdata, files->len);
  return files->len > 0;
}

/* ---- the window ---- */

/* What happened to the game database (a damaged file moved aside), said
 * once the window shows: too long, and too important, for a toast. */
static void
tell_store_notice (TbWindow *self)
{
  AdwMessageDialog *dialog;

  g_signal_handlers_disconnect_by_func (self, tell_store_notice, NULL);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Game Database"),
                                                       tb_context_get_store_notice (self->context)));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
bind_settings (TbWindow *self)
{
  GSettings *settings = tb_context_get_settings (self->context);

  g_settings_bind (settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
}

/* The game database is open (or games cannot be kept): what uses it
 * starts, and the user is told what happened to it. */
static void
start_with_store (TbWindow *self)
{
  TbStore *store = tb_context_get_store (self->context);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-history", store != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-position-games", store != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-games",
                                 store && !tb_store_is_read_only (store));
  /* A game begun while the database opened is not replaced. */
  if (tb_session_get_game (self->session) == NULL)
    tb_session_resume_async (self->session, 0, self->closing, on_last_game_resumed,
                             g_object_ref (self));
  if (tb_context_get_store_notice (self->context) == NULL)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    tell_store_notice (self);
  else
    g_signal_connect (self, "map", G_CALLBACK (tell_store_notice), NULL);
}

/* An older database is brought up to date (a copy of it kept first):
 * the start screen says why the games wait. */
static void
on_upgrading (TbWindow *self)
{
  adw_window_title_set_subtitle (self->picker_title, tb_context_get_upgrading (self->context)
                                                       ? _("Upgrading your game database…")
                                                       : _("Choose a game"));
}

/* The files dropped meanwhile are imported now (tb_history_page_import_files
 * ignores them when there is no store to import into). */
static void
on_store_opened (TbWindow *self)
{
  g_autoptr (GPtrArray) files = NULL;

  if (tb_context_get_opening (self->context))
    return;
  g_signal_handlers_disconnect_by_func (self->context, on_store_opened, self);
  files = g_steal_pointer (&self->waiting_imports);
  self->waiting_imports = g_ptr_array_new_with_free_func (g_object_unref);
  start_with_store (self);
  if (files->len)
    tb_history_page_import_files (history_page (self), (GFile **) files->pdata, files->len);
}

static void
tb_window_constructed (GObject *object)
{
  TbWindow *self = TB_WINDOW (object);

  G_OBJECT_CLASS (tb_window_parent_class)->constructed (object);

  g_assert (self->context != NULL);
  /* Every button of the pages, made from their templates by now. */
  tb_a11y_tidy_buttons (GTK_WIDGET (self));
  bind_settings (self);
  self->session = tb_session_new (self->context);
  tb_window_show_games (self);
  if (!tb_context_get_opening (self->context))
    {
      start_with_store (self);
      return;
    }
  /* Opened in a worker thread: nothing of it until it is open. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-history", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-position-games", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-games", FALSE);
  g_signal_connect_object (self->context, "notify::upgrading", G_CALLBACK (on_upgrading), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->context, "notify::opening", G_CALLBACK (on_store_opened), self,
                           G_CONNECT_SWAPPED);
  on_upgrading (self);
}

static void
tb_window_dispose (GObject *object)
{
  TbWindow *self = TB_WINDOW (object);

  g_cancellable_cancel (self->closing);
  g_clear_object (&self->closing);
  gtk_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_WINDOW);
  g_clear_pointer (&self->waiting_imports, g_ptr_array_unref);
  g_clear_pointer (&self->before_practice, g_free);
  if (self->session)
    g_clear_signal_handler (&self->waiting_save, self->session);
  g_clear_object (&self->session);
  g_clear_object (&self->context);
  G_OBJECT_CLASS (tb_window_parent_class)->dispose (object);
}

/* Closed (gtk_window_destroy unrealizes it at once; it is disposed only
 * when the callbacks holding it have run): a game still being resumed
 * is not, since the application may be quitting and the database
 * closing after the jobs queued now. */
static void
tb_window_unrealize (GtkWidget *widget)
{
  TbWindow *self = TB_WINDOW (widget);

  g_cancellable_cancel (self->closing);
  g_clear_object (&self->closing);
  self->closing = g_cancellable_new ();
  GTK_WIDGET_CLASS (tb_window_parent_class)->unrealize (widget);
}

static void
tb_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, TB_WINDOW (object)->context);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_CONTEXT:
      TB_WINDOW (object)->context = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
show_help_overlay_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_shortcuts_present (GTK_APPLICATION_WINDOW (widget));
}

static void
install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-games", NULL, show_games_action);
  gtk_widget_class_install_action (widget_class, "win.show-play", NULL, show_play_action);
  gtk_widget_class_install_action (widget_class, "win.show-history", NULL, show_history_action);
  gtk_widget_class_install_action (widget_class, "win.show-unfinished", NULL,
                                   show_unfinished_action);
  gtk_widget_class_install_action (widget_class, "win.show-player-games", "(ss)",
                                   show_player_games_action);
  gtk_widget_class_install_action (widget_class, "win.show-position-games", "x",
                                   show_position_games_action);
  gtk_widget_class_install_action (widget_class, "win.show-players", NULL, show_players_action);
  gtk_widget_class_install_action (widget_class, "win.practise", "(ss)", practise_action);
  gtk_widget_class_install_action (widget_class, "win.analyse-played-game", NULL,
                                   analyse_played_game_action);
  gtk_widget_class_install_action (widget_class, "win.show-rules", "s", show_rules_action);
  gtk_widget_class_install_action (widget_class, "win.import-games", NULL, import_games_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_help_overlay_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK,
                                       "win.show-history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "win.import-games", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "win.show-rules", "s", "");
}

static void
tb_window_class_init (TbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tb_window_constructed;
  object_class->dispose = tb_window_dispose;
  object_class->get_property = tb_window_get_property;
  object_class->set_property = tb_window_set_property;
  widget_class->unrealize = tb_window_unrealize;

  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, TB_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TB_TYPE_GAME_PICKER);
  g_type_ensure (TB_TYPE_PLAY_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TbWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, picker_title);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, picker);
  gtk_widget_class_bind_template_callback (widget_class, on_picker_play);
  gtk_widget_class_bind_template_callback (widget_class, on_picker_resume);
  gtk_widget_class_bind_template_callback (widget_class, on_picker_resume_stored);
  install_actions (widget_class);
}

/* For the start-up benchmark (build-aux/bench-ui): the application quits
 * once the window has painted its first frame, and says when that was
 * against the launch the benchmark gives (TABLIER_LAUNCHED_AT, a
 * g_get_monotonic_time() of its own: the clock is the system's), so that
 * its figure is the paint's, not the exit's; and the process's
 * processor time until then, all threads. */
static void
quit_after_paint (GdkFrameClock *clock, TbWindow *self)
{
  const char *launched = g_getenv ("TABLIER_LAUNCHED_AT");

  struct timespec cpu;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu);
  if (launched)
    g_print ("first-frame-ms %.1f cpu-ms %.1f\n",
             (g_get_monotonic_time () - g_ascii_strtoll (launched, NULL, 10)) / 1000.0,
             cpu.tv_sec * 1e3 + cpu.tv_nsec / 1e6);
  g_signal_handlers_disconnect_by_func (clock, quit_after_paint, self);
  g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

static void
on_mapped_for_benchmark (TbWindow *self)
{
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                    G_CALLBACK (quit_after_paint), self);
}

static void
tb_window_init (TbWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->closing = g_cancellable_new ();
  self->waiting_imports = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  if (g_getenv ("TABLIER_QUIT_AFTER_FIRST_FRAME"))
    g_signal_connect (self, "map", G_CALLBACK (on_mapped_for_benchmark), NULL);
}

TbWindow *
tb_window_new (GtkApplication *application, TbContext *context)
{
  return g_object_new (TB_TYPE_WINDOW, "application", application, "context", context, NULL);
}

TbContext *
tb_window_get_context (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return self->context;
}

TbSession *
tb_window_get_session (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return self->session;
}

TbPlayPage *
tb_window_get_play_page (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return play_page (self);
}

TbHistoryPage *
tb_window_get_history_page (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return history_page (self);
}

const char *
tb_window_get_page (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->pages);
}
