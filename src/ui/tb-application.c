/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-application.c: the Tablier application */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-application.h"
#include "tb-autosave.h"
#include "tb-correspondence-watch.h"
#include "tb-preferences-window.h"
#include "tb-record-file.h"
#include "tb-store-job.h"
#include "tb-tgn.h"
#include "tb-window.h"

struct _TbApplication
{
  AdwApplication parent_instance;
  TbContext *context;
  gboolean restart;  /* quit to start again */
  guint watch_source;  /* the hourly look at correspondence games */
  GCancellable *cancellable;  /* files being read, given up when Tablier quits */
};

G_DEFINE_FINAL_TYPE (TbApplication, tb_application, ADW_TYPE_APPLICATION)

static TbWindow *
active_window (TbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  return TB_IS_WINDOW (window) ? TB_WINDOW (window) : NULL;
}

static void
tb_application_activate (GApplication *app)
{
  TbApplication *self = TB_APPLICATION (app);
  TbWindow *window = active_window (self);

  if (window == NULL)
    window = tb_window_new (GTK_APPLICATION (self), self->context);
  gtk_window_present (GTK_WINDOW (window));
}

static void
show_open_error (TbApplication *self, GtkWindow *window, GFile *file, const char *message)
{
  g_autofree char *name = g_file_get_parse_name (file);
  /* Translators: the file could not be opened; %s is its name. */
  g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);
  GtkWindow *parent = window ? window : gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* In a worker thread: the first game of the file, or why there is none.
 * Reading and parsing a large file takes a while, and a file may be no
 * record at all (a device, a FIFO): the window goes on meanwhile. */
static void
read_first_game (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (TbTgnReader) reader = NULL;
  TbGame *game = NULL;
  gsize length;

  text = tb_record_file_load (data, TB_RECORD_FILE_MAX_SIZE, &length, cancellable, &error);
  if (text)
    {
      reader = tb_tgn_reader_new (text, (gssize) length);
      game = tb_tgn_reader_next (reader, &error);
      if (game == NULL && error == NULL)
        g_set_error_literal (&error, TB_TGN_ERROR, TB_TGN_ERROR_SYNTAX,
                             _("The file holds no game."));
    }
  if (game)
    g_task_return_pointer (task, game, g_object_unref);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/* A file being opened, and the window opened for it (a weak reference:
 * the window may be closed first). */
typedef struct
{
  GWeakRef window;
  GFile *file;
} Opening;

static void
opening_free (Opening *opening)
{
  g_weak_ref_clear (&opening->window);
  g_object_unref (opening->file);
  g_free (opening);
}

static void
on_first_game_read (GObject *source, GAsyncResult *result, gpointer data)
{
  TbApplication *self = TB_APPLICATION (source);
  Opening *opening = data;
  g_autoptr (GtkWidget) window = g_weak_ref_get (&opening->window);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) game = g_task_propagate_pointer (G_TASK (result), &error);

  if (window && gtk_widget_in_destruction (window))
    g_clear_object (&window);
  if (game && window)
    tb_window_set_game (TB_WINDOW (window), game);
  else if (game == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_open_error (self, GTK_WINDOW (window), opening->file, error->message);
  opening_free (opening);
}

/* Opens the first game of each record file in a window, at its end. */
static void
tb_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  TbApplication *self = TB_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      TbWindow *window = tb_window_new (GTK_APPLICATION (self), self->context);
      Opening *opening = g_new0 (Opening, 1);
      g_autoptr (GTask) task = g_task_new (self, self->cancellable, on_first_game_read, opening);

      g_weak_ref_init (&opening->window, window);
      opening->file = g_object_ref (files[i]);
      gtk_window_present (GTK_WINDOW (window));
      g_task_set_task_data (task, g_object_ref (files[i]), g_object_unref);
      g_task_run_in_thread (task, read_first_game);
    }
}

static void
new_game_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TbApplication *self = user_data;
  TbWindow *window = active_window (self);

  if (window == NULL)
    {
      g_application_activate (G_APPLICATION (self));
      window = active_window (self);
    }
  tb_window_new_game (window, NULL);
}

static void
about_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TbApplication *self = user_data;
  const char *developers[] = { "The Tablier developers", NULL };
  const char *games[] = {
    /* Translators: credits of the games; titles, names and publishers stay as they are. */
    _("Versus by Michel Pinon, Asyncron Games, 2008"),
    _("RA by Marco Donadoni, International Team, 1981"),
    _("Oraïa by Pascal Robert and Jean Quilleret, 2002"),
    _("Retournement: a NATHAN game whose title is unknown"),
    NULL
  };
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());

  gtk_window_set_transient_for (GTK_WINDOW (about),
                                gtk_application_get_active_window (GTK_APPLICATION (self)));
  adw_about_window_set_application_name (about, _("Tablier"));
  adw_about_window_set_application_icon (about, APP_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_developer_name (about, "The Tablier developers");
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_website (about, "https://github.com/tablier/tablier");
  adw_about_window_set_comments (about,
                                 _("Play, record and study French abstract board games. The "
                                   "rule texts came without their figures; the points this "
                                   "project had to reconstruct are listed in each game’s rules."));
  /* Translators: a heading of the credits: the authors of the board games. */
  adw_about_window_add_credit_section (about, _("Games"), games);
  /* Translators: put your names here, one per line. */
  adw_about_window_set_translator_credits (about, _("translator-credits"));
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
preferences_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TbApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  /* The window's own settings (the same as the application's, except in
   * the display tests, which keep theirs in memory). */
  TbContext *context = TB_IS_WINDOW (parent) ? tb_window_get_context (TB_WINDOW (parent))
                                             : self->context;
  TbPreferencesWindow *window =
    tb_preferences_window_new (parent, tb_context_get_settings (context));

  gtk_window_present (GTK_WINDOW (window));
}

/* Quits, and main() starts Tablier again (a new language is read at
 * start-up); every game is already saved. */
static void
restart_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  TbApplication *self = user_data;

  self->restart = TRUE;
  g_application_quit (G_APPLICATION (self));
}

gboolean
tb_application_wants_restart (TbApplication *self)
{
  g_return_val_if_fail (TB_IS_APPLICATION (self), FALSE);
  return self->restart;
}

static void
apply_color_scheme (GSettings *settings, const char *key, gpointer user_data)
{
  g_autofree char *scheme = g_settings_get_string (settings, "color-scheme");
  AdwColorScheme value = ADW_COLOR_SCHEME_DEFAULT;

  if (g_strcmp0 (scheme, "light") == 0)
    value = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_strcmp0 (scheme, "dark") == 0)
    value = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), value);
}

static void
add_actions (TbApplication *self)
{
  static const GActionEntry entries[] = {
    { "new-game", new_game_action },
    { "about", about_action },
    { "quit", quit_action },
    { "preferences", preferences_action },
    { "restart", restart_action },
  };
  GSettings *settings = tb_context_get_settings (self->context);
  const char *settings_actions[] = { "show-legal-moves", "confirm-moves", "show-coordinates",
                                     "hide-opponent-pieces", "color-scheme" };
  const char *new_game_accels[] = { "<Control>n", NULL };
  const char *quit_accels[] = { "<Control>q", NULL };
  const char *preferences_accels[] = { "<Control>comma", NULL };
  /* GtkApplication sets these itself only for gtk/help-overlay.ui, which
   * the shortcuts window no longer is (tb-shortcuts.c). */
  const char *shortcuts_accels[] = { "<Control>question", NULL };

  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    {
      g_autoptr (GAction) action = g_settings_create_action (settings, settings_actions[i]);
      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-game", new_game_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences",
                                         preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay",
                                         shortcuts_accels);
}

/* Once the game database is open (in a worker thread, at start-up). */
static void
watch_correspondence (TbApplication *self)
{
  TbStore *store = tb_context_get_store (self->context);

  if (tb_context_get_opening (self->context) || store == NULL || self->watch_source)
    return;
  self->watch_source = tb_correspondence_watch_start (G_APPLICATION (self), store);
}

static void
tb_application_startup (GApplication *app)
{
  TbApplication *self = TB_APPLICATION (app);

  G_APPLICATION_CLASS (tb_application_parent_class)->startup (app);

  if (self->context == NULL)
    {
      g_autoptr (GSettings) settings = g_settings_new (APP_ID);

      self->context = tb_context_new_for_user (settings);
    }
  add_actions (self);
  g_signal_connect (tb_context_get_settings (self->context), "changed::color-scheme",
                    G_CALLBACK (apply_color_scheme), NULL);
  apply_color_scheme (tb_context_get_settings (self->context), "color-scheme", NULL);
  gtk_window_set_default_icon_name (APP_ID);
  if (tb_context_get_opening (self->context))
    g_signal_connect_object (self->context, "notify::opening", G_CALLBACK (watch_correspondence),
                             self, G_CONNECT_SWAPPED);
  else
    watch_correspondence (self);
}

static void
on_jobs_done (GObject *source, GAsyncResult *result, gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* The windows close, the jobs asked of the database run, and the
 * database is closed and marked so, so that the next start does not
 * check the whole file (tb-store-marker.c).  Closed by a job rather than
 * by the last reference: the job thread may hold one a moment longer
 * than the process lives. */
static void
let_go_of_store (TbApplication *self)
{
  TbStore *store = tb_context_get_store (self->context);
  gboolean done = FALSE;
  GList *windows;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (self))))
    gtk_window_destroy (windows->data);
  if (store == NULL)
    return;
  tb_store_job_close (store, on_jobs_done, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* The last moves may still be on their way to the database: they are
 * written before Tablier quits.  The database may still be opening (an
 * upgrade takes a while, and the start-up benchmark quits at the first
 * frame): the opening thread is not cut short, and the games played
 * meanwhile are saved once it is done. */
static void
tb_application_shutdown (GApplication *app)
{
  TbApplication *self = TB_APPLICATION (app);

  g_cancellable_cancel (self->cancellable);
  if (self->context)
    tb_context_wait_opened (self->context);
  if (!tb_autosave_wait_all (10000))
    g_warning ("the last moves could not be saved in time");
  if (self->context)
    let_go_of_store (self);
  G_APPLICATION_CLASS (tb_application_parent_class)->shutdown (app);
}

static void
tb_application_dispose (GObject *object)
{
  TbApplication *self = TB_APPLICATION (object);

  g_clear_handle_id (&self->watch_source, g_source_remove);
  g_clear_object (&self->context);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (tb_application_parent_class)->dispose (object);
}

static void
tb_application_class_init (TbApplicationClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tb_application_dispose;
  G_APPLICATION_CLASS (klass)->activate = tb_application_activate;
  G_APPLICATION_CLASS (klass)->startup = tb_application_startup;
  G_APPLICATION_CLASS (klass)->shutdown = tb_application_shutdown;
  G_APPLICATION_CLASS (klass)->open = tb_application_open;
}

static void
tb_application_init (TbApplication *self)
{
  self->cancellable = g_cancellable_new ();
}

TbApplication *
tb_application_new (TbContext *context, GApplicationFlags flags)
{
  TbApplication *self = g_object_new (TB_TYPE_APPLICATION,
                                      "application-id", APP_ID,
                                      "flags", flags,
                                      "resource-base-path", "/io/github/tablier/Tablier",
                                      NULL);

  if (context)
    self->context = g_object_ref (context);
  return self;
}

TbContext *
tb_application_get_context (TbApplication *self)
{
  g_return_val_if_fail (TB_IS_APPLICATION (self), NULL);
  return self->context;
}
