/* tb-window-history.c: the play window's History and replay pages, and
 * the import and export of TGN records
 *
 * History lists the stored games; opening one replays it; from a replay
 * a game can be continued (a new game that records where it came from),
 * exported or deleted (with an undo toast).  Imports run in a thread
 * with a progress bar and Cancel; files dropped on the window are
 * imported too.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-import-job.h"
#include "tb-tgn.h"
#include "tb-players-window.h"
#include "tb-window-private.h"

static TbStore *
store_of (TbWindow *self)
{
  return tb_context_get_store (self->context);
}

static void
show_page (TbWindow *self, const char *name)
{
  gtk_stack_set_visible_child_name (self->pages, name);
  tb_window_update_actions (self);
}

static void
show_history_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  tb_window_leave_play (self);
  tb_history_view_reload (self->history_view);
  show_page (self, "history");
}

/* The games of one player (a row of the Players window): the history,
 * filtered on that game and player. */
static void
show_player_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  const char *ruleset, *player;

  g_variant_get (parameter, "(&s&s)", &ruleset, &player);
  tb_window_leave_play (self);
  tb_history_view_set_ruleset_filter (self->history_view, ruleset);
  tb_history_view_set_player_filter (self->history_view, player);
  tb_history_view_reload (self->history_view);
  show_page (self, "history");
  gtk_window_present (GTK_WINDOW (self));
}

static void
show_players_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  g_autofree char *ruleset = NULL;

  if (store_of (self) == NULL)
    return;
  ruleset = self->game ? g_strdup (tb_rules_get_id (tb_game_get_rules (self->game)))
                       : g_settings_get_string (tb_context_get_settings (self->context),
                                                "last-ruleset");
  if (self->players_window == NULL)
    {
      self->players_window = tb_players_window_new (GTK_WINDOW (self), store_of (self), ruleset);
      g_object_add_weak_pointer (G_OBJECT (self->players_window),
                                 (gpointer *) &self->players_window);
    }
  else
    tb_players_window_show_game (self->players_window, ruleset);
  gtk_window_present (GTK_WINDOW (self->players_window));
}

static void on_game_opened (TbWindow *self);

static void
on_open_game (TbWindow *self, gint64 id)
{
  g_autoptr (GError) error = NULL;

  if (!tb_replay_view_open (self->replay_view, store_of (self), id, &error))
    {
      tb_window_show_toast (self, error->message);
      return;
    }
  on_game_opened (self);
  show_page (self, "replay");
  gtk_widget_grab_focus (GTK_WIDGET (self->replay_view));
}

/* ---- from a replay ---- */

/* A new game with the replayed one's moves up to the ply shown, its
 * players and options; kept as a new game that records its origin. */
static void
continue_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  TbGame *replayed = tb_replay_view_get_game (self->replay_view);
  g_autoptr (TbGame) game = NULL;
  g_autoptr (GError) error = NULL;
  guint ply = tb_game_get_ply (replayed);
  static const char *const kept_tags[] = { "Player1", "Player2", "Player1Type", "Player2Type",
                                           "Player1Level", "Player2Level", NULL };

  game = tb_game_get_setup (replayed)
           ? tb_game_new_at (tb_game_get_variant (replayed), tb_game_get_setup (replayed))
           : tb_game_new (tb_game_get_variant (replayed), tb_game_get_starter (replayed));
  for (guint i = 0; kept_tags[i]; i++)
    if (tb_game_get_tag (replayed, kept_tags[i]))
      tb_game_set_tag (game, kept_tags[i], tb_game_get_tag (replayed, kept_tags[i]));
  for (guint i = 1; i <= ply; i++)
    if (!tb_game_play (game, tb_game_get_move (replayed, i), &error))
      {
        tb_window_show_toast (self, error->message);
        return;
      }
  tb_window_set_game (self, game);
  if (self->game_id && store_of (self) &&
      !tb_store_set_origin (store_of (self), self->game_id,
                            tb_replay_view_get_id (self->replay_view), ply, &error))
    g_warning ("%s", error->message);
}

/* An unfinished game, played on where it was left (not a copy). */
static void
resume_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  gint64 id = tb_replay_view_get_id (self->replay_view);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) game = tb_store_load_game (store_of (self), id, &error);

  if (game == NULL)
    {
      tb_window_show_toast (self, error->message);
      return;
    }
  tb_window_resume_game (self, game, id);
}

static void
on_game_opened (TbWindow *self)
{
  TbGame *game = tb_replay_view_get_game (self->replay_view);
  TbOutcome outcome;

  tb_game_get_final_outcome (game, &outcome);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resume-game",
                                 outcome.result == TB_RESULT_NONE);
}

static void
undo_delete_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (self->deleted_game == NULL)
    return;
  if (tb_store_add_game (store_of (self), self->deleted_game, &error) == 0)
    tb_window_show_toast (self, error->message);
  g_clear_object (&self->deleted_game);
  tb_history_view_reload (self->history_view);
  gtk_widget_action_set_enabled (widget, "win.undo-delete", FALSE);
}

static void
delete_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  AdwToast *toast;

  if (!tb_store_delete_game (store_of (self), tb_replay_view_get_id (self->replay_view), &error))
    {
      tb_window_show_toast (self, error->message);
      return;
    }
  /* Kept a while, for Undo: added again as it was (its GameId too). */
  g_set_object (&self->deleted_game, tb_replay_view_get_game (self->replay_view));
  gtk_widget_action_set_enabled (widget, "win.undo-delete", TRUE);
  toast = adw_toast_new (_("Game deleted"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo-delete");
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  tb_history_view_reload (self->history_view);
  show_page (self, "history");
}

/* ---- export ---- */

static void
write_export (TbWindow *self, GFile *file, const GString *text)
{
  g_autoptr (GError) error = NULL;

  if (!g_file_replace_contents (file, text->str, text->len, NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, &error))
    tb_window_show_toast (self, error->message);
}

static void
on_export_chosen (GtkNativeDialog *chooser, int response, TbWindow *self)
{
  g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  GArray *ids = g_object_get_data (G_OBJECT (chooser), "ids");

  if (response == GTK_RESPONSE_ACCEPT && file)
    {
      if (tb_store_export (store_of (self), (gint64 *) ids->data, ids->len, text, &error))
        write_export (self, file, text);
      else
        tb_window_show_toast (self, error->message);
    }
  g_object_unref (chooser);
}

static GtkFileFilter *
tgn_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game records (TGN)"));
  gtk_file_filter_add_pattern (filter, "*.tgn");
  gtk_file_filter_add_mime_type (filter, "application/x-tablier-game");
  return filter;
}

void
tb_window_choose_export_file (TbWindow *self, GArray *ids, const char *name)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Export Games"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));

  g_object_set_data_full (G_OBJECT (chooser), "ids", ids, (GDestroyNotify) g_array_unref);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), tgn_filter ());
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 id = tb_replay_view_get_id (self->replay_view);
  TbGame *game = tb_replay_view_get_game (self->replay_view);
  g_autofree char *name = g_strdup_printf ("%s.tgn", tb_rules_get_id (tb_game_get_rules (game)));

  g_array_append_val (ids, id);
  tb_window_choose_export_file (self, ids, name);
}

static void
export_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  TbStoreFilter filter;
  g_autoptr (GError) error = NULL;
  GArray *ids = tb_history_view_get_selected_ids (self->history_view);

  /* The games selected, or else all those the filters show. */
  if (ids->len > 0)
    {
      tb_window_choose_export_file (self, ids, "tablier-games.tgn");
      return;
    }
  g_array_unref (ids);
  tb_history_view_get_filter (self->history_view, &filter);
  ids = tb_store_query_ids (store_of (self), &filter, &error);
  if (ids == NULL)
    {
      tb_window_show_toast (self, error->message);
      return;
    }
  tb_window_choose_export_file (self, ids, "tablier-games.tgn");
}

/* ---- import ---- */

static void
on_import_progress (double fraction, gpointer data)
{
  TbWindow *self = data;

  if (self->import_bar)
    gtk_progress_bar_set_fraction (self->import_bar, fraction);
}

static char *
report_text (const TbImportReport *report)
{
  GString *text = g_string_new (NULL);

  /* A correspondence reply alone says only that. */
  if (report->counts.imported || !report->counts.updated)
    g_string_append_printf (text, ngettext ("%u game imported", "%u games imported",
                                            report->counts.imported),
                            report->counts.imported);
  if (report->counts.skipped)
    {
      g_string_append (text, ", ");
      g_string_append_printf (text, ngettext ("%u already there", "%u already there",
                                              report->counts.skipped),
                              report->counts.skipped);
    }
  if (report->counts.updated)
    {
      if (text->len)
        g_string_append (text, ", ");
      /* Translators: correspondence games whose record brought new moves. */
      g_string_append_printf (text, ngettext ("%u game given new moves",
                                              "%u games given new moves",
                                              report->counts.updated),
                              report->counts.updated);
    }
  g_string_append (text, ".");
  if (report->cancelled)
    g_string_append_printf (text, " %s", _("The import was cancelled."));
  for (guint i = 0; i < report->errors->len && i < 10; i++)
    g_string_append_printf (text, "\n%s", (const char *) g_ptr_array_index (report->errors, i));
  if (report->errors->len > 10)
    g_string_append_printf (text, "\n%s", _("…"));
  return g_string_free (text, FALSE);
}

/* The other player's record may have brought the move of the game on
 * the board: it is read again, or the next save would write the old one
 * over it. */
static void
reload_correspondence_game (TbWindow *self)
{
  g_autoptr (TbGame) stored = NULL;

  if (self->game_id == 0 || !tb_window_is_correspondence (self))
    return;
  stored = tb_store_load_game (store_of (self), self->game_id, NULL);
  if (stored && tb_game_get_ply (stored) != tb_game_get_ply (self->game))
    {
      tb_window_correspondence_withdraw_offer (self);
      tb_window_resume_game (self, stored, self->game_id);
    }
}

static void
on_import_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbImportReport) report = tb_import_job_finish (result, &error);
  g_autofree char *text = NULL;
  AdwMessageDialog *dialog;

  if (self->import_dialog)
    gtk_window_destroy (GTK_WINDOW (self->import_dialog));
  self->import_dialog = NULL;
  self->import_bar = NULL;
  g_clear_object (&self->import_cancellable);
  if (report == NULL)
    {
      tb_window_show_toast (self, error->message);
      return;
    }
  tb_history_view_reload (self->history_view);
  if (report->counts.updated)
    reload_correspondence_game (self);
  text = report_text (report);
  if (report->errors->len == 0 && !report->cancelled)
    {
      tb_window_show_toast (self, text);
      return;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Import"), text));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_import_cancel (TbWindow *self)
{
  g_cancellable_cancel (self->import_cancellable);
}

void
tb_window_import_files (TbWindow *self, GFile **files, guint n_files)
{
  GtkWidget *bar;

  g_return_if_fail (TB_IS_WINDOW (self));

  if (store_of (self) == NULL || n_files == 0 || self->import_cancellable)
    return;
  self->import_cancellable = g_cancellable_new ();
  bar = gtk_progress_bar_new ();
  self->import_bar = GTK_PROGRESS_BAR (bar);
  self->import_dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (self), _("Importing Games"), NULL));
  adw_message_dialog_set_extra_child (self->import_dialog, bar);
  adw_message_dialog_add_response (self->import_dialog, "cancel", _("_Cancel"));
  g_signal_connect_swapped (self->import_dialog, "response::cancel",
                            G_CALLBACK (on_import_cancel), self);
  gtk_window_present (GTK_WINDOW (self->import_dialog));
  tb_import_job_run_async (tb_store_get_path (store_of (self)), files, n_files,
                           on_import_progress, self, self->import_cancellable, on_import_done,
                           g_object_ref (self));
}

static void
on_import_chosen (GtkNativeDialog *chooser, int response, TbWindow *self)
{
  g_autoptr (GListModel) chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
        g_ptr_array_add (files, g_list_model_get_item (chosen, i));
      tb_window_import_files (self, (GFile **) files->pdata, files->len);
    }
  g_object_unref (chooser);
}

static void
import_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Import Games"), GTK_WINDOW (widget),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));

  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), tgn_filter ());
  g_signal_connect (chooser, "response", G_CALLBACK (on_import_chosen), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
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

/* ---- set-up ---- */

void
tb_window_history_init (TbWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  self->history_view = TB_HISTORY_VIEW (tb_history_view_new ());
  self->replay_view = TB_REPLAY_VIEW (tb_replay_view_new ());
  gtk_stack_add_titled (self->pages, GTK_WIDGET (self->history_view), "history", _("History"));
  gtk_stack_add_titled (self->pages, GTK_WIDGET (self->replay_view), "replay", _("Replay"));
  g_signal_connect_swapped (self->history_view, "open-game", G_CALLBACK (on_open_game), self);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo-delete", FALSE);
}

/* Once the context is known: the store the history lists. */
void
tb_window_history_set_store (TbWindow *self, TbStore *store)
{
  tb_history_view_set_store (self->history_view, store);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-history", store != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-games", store != NULL);
}

void
tb_window_history_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-history", NULL, show_history_action);
  gtk_widget_class_install_action (widget_class, "win.show-players", NULL, show_players_action);
  gtk_widget_class_install_action (widget_class, "win.show-player-games", "(ss)",
                                   show_player_games_action);
  gtk_widget_class_install_action (widget_class, "win.continue-from-here", NULL,
                                   continue_action);
  gtk_widget_class_install_action (widget_class, "win.resume-game", NULL, resume_action);
  gtk_widget_class_install_action (widget_class, "win.delete-game", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "win.undo-delete", NULL, undo_delete_action);
  gtk_widget_class_install_action (widget_class, "win.export-game", NULL, export_game_action);
  gtk_widget_class_install_action (widget_class, "win.export-games", NULL, export_games_action);
  gtk_widget_class_install_action (widget_class, "win.import-games", NULL, import_games_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK,
                                       "win.show-history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "win.import-games", NULL);
}

void
tb_window_history_dispose (TbWindow *self)
{
  g_cancellable_cancel (self->import_cancellable);
  g_clear_object (&self->deleted_game);
}
