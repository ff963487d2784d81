/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-history-page.c: the stored games, and what is done with them
 *
 * History lists the stored games; opening one replays it; from a replay
 * a game can be resumed, continued (a new game that records where it
 * came from), exported or deleted (with an undo toast).  The games
 * selected can be analysed (tb-batch-analysis.h: a bar under the page
 * while it works).  Every read and write is a store job: the page never
 * waits for the disk.
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-batch-analysis.h"
#include "tb-history-page.h"
#include "tb-import-dialog.h"
#include "tb-record-export.h"
#include "tb-store-job.h"
#include "tb-toast.h"

struct _TbHistoryPage
{
  GtkWidget parent_instance;

  TbSession *session;
  TbGame *deleted_game;      /* for the Undo of its toast */
  gboolean importing;
  guint open_at;             /* the ply a game being read opens at, or
                              * G_MAXUINT: its end */

  /* Template widgets */
  GtkStack *views;
  TbHistoryView *history_view;
  TbReplayView *replay_view;
  TbBatchAnalysis *batch_analysis;
};

G_DEFINE_FINAL_TYPE (TbHistoryPage, tb_history_page, GTK_TYPE_WIDGET)

static TbStore *
store_of (TbHistoryPage *self)
{
  return self->session ? tb_context_get_store (tb_session_get_context (self->session)) : NULL;
}

/* ---- the list ---- */

void
tb_history_page_show_list (TbHistoryPage *self)
{
  g_return_if_fail (TB_IS_HISTORY_PAGE (self));

  tb_history_view_reload (self->history_view);
  gtk_stack_set_visible_child_name (self->views, "list");
}

void
tb_history_page_show_all (TbHistoryPage *self)
{
  g_return_if_fail (TB_IS_HISTORY_PAGE (self));

  tb_history_view_clear_filters (self->history_view);
  tb_history_page_show_list (self);
}

void
tb_history_page_show_position (TbHistoryPage *self, gint64 key)
{
  g_return_if_fail (TB_IS_HISTORY_PAGE (self));

  tb_history_view_set_position_filter (self->history_view, key);
  tb_history_page_show_list (self);
}

void
tb_history_page_show_player (TbHistoryPage *self, const char *ruleset, const char *player)
{
  g_return_if_fail (TB_IS_HISTORY_PAGE (self));

  /* That player's games in that game, all of them: not those that the
   * dates, the result or the seat searched for before would leave. */
  tb_history_view_clear_filters (self->history_view);
  tb_history_view_set_ruleset_filter (self->history_view, ruleset);
  tb_history_view_set_player_filter (self->history_view, player);
  tb_history_page_show_list (self);
}

static void
show_list_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_history_page_show_list (TB_HISTORY_PAGE (widget));
}

/* ---- replaying ---- */

static void
on_game_read (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStoredGame) stored = tb_store_job_load_game_finish (result, &error);
  TbOutcome outcome;

  if (stored == NULL)
    {
      tb_toast_show_text (GTK_WIDGET (self), error->message);
      return;
    }
  tb_replay_view_show (self->replay_view, store_of (self), stored->id, stored->game);
  if (self->open_at != G_MAXUINT)
    tb_replay_view_go_to (self->replay_view, self->open_at);
  tb_game_get_final_outcome (stored->game, &outcome);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.resume-game",
                                 outcome.result == TB_RESULT_NONE);
  gtk_stack_set_visible_child_name (self->views, "replay");
  gtk_widget_grab_focus (GTK_WIDGET (self->replay_view));
}

static void
on_open_game (TbHistoryPage *self, gint64 id)
{
  self->open_at = G_MAXUINT;
  tb_store_job_load_game (store_of (self), id, NULL, on_game_read, g_object_ref (self));
}

/* A game the explorer lists, replayed from the ply it reached the
 * position at. */
static void
on_open_game_at (TbHistoryPage *self, gint64 id, guint ply)
{
  self->open_at = ply;
  tb_store_job_load_game (store_of (self), id, NULL, on_game_read, g_object_ref (self));
}

void
tb_history_page_open_game_at (TbHistoryPage *self, gint64 id, guint ply)
{
  g_return_if_fail (TB_IS_HISTORY_PAGE (self));
  on_open_game_at (self, id, ply);
}

/* ---- from a replay ---- */

static void
play_on (TbHistoryPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-play", NULL);
}

static void
on_resumed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;
  g_autoptr (GError) error = NULL;

  if (tb_session_resume_finish (TB_SESSION (source), result, &error))
    play_on (self);
  else if (error)
    tb_toast_show_text (GTK_WIDGET (self), error->message);
}

/* An unfinished game, played on where it was left (not a copy). */
static void
resume_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (widget);

  tb_session_resume_async (self->session, tb_replay_view_get_id (self->replay_view), NULL,
                           on_resumed, g_object_ref (self));
}

/* A new game with the replayed one's moves up to the ply shown, its
 * players and options; kept as a new game that records its origin. */
static void
continue_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (widget);
  g_autoptr (GError) error = NULL;

  if (tb_session_continue_from (self->session, tb_replay_view_get_game (self->replay_view),
                                tb_replay_view_get_id (self->replay_view), &error))
    play_on (self);
  else
    tb_toast_show_text (widget, error->message);
}

static void
on_restored (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;
  g_autoptr (GError) error = NULL;

  if (tb_store_job_save_game_finish (result, &error) == 0)
    tb_toast_show_text (GTK_WIDGET (self), error->message);
  tb_history_view_reload (self->history_view);
}

static void
undo_delete_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (widget);

  if (self->deleted_game == NULL)
    return;
  /* Added again as it was (its GameId too). */
  tb_store_job_save_game (store_of (self), 0, self->deleted_game, -1, NULL, on_restored,
                          g_object_ref (self));
  g_clear_object (&self->deleted_game);
  gtk_widget_action_set_enabled (widget, "history.undo-delete", FALSE);
}

/* The toast lives in the window's overlay, outside the page: its button
 * acts on the page. */
static void
on_undo_clicked (TbHistoryPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "history.undo-delete", NULL);
}

static void
on_deleted (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;
  g_autoptr (GError) error = NULL;
  AdwToast *toast;

  if (!tb_store_job_finish (result, &error))
    {
      tb_toast_show_text (GTK_WIDGET (self), error->message);
      return;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.undo-delete", TRUE);
  toast = adw_toast_new (_("Game deleted"));
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_clicked), self,
                           G_CONNECT_SWAPPED);
  tb_toast_show (GTK_WIDGET (self), toast);
  tb_history_page_show_list (self);
}

static void
delete_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (widget);

  /* Kept a while, for Undo. */
  g_set_object (&self->deleted_game, tb_replay_view_get_game (self->replay_view));
  tb_store_job_delete_game (store_of (self), tb_replay_view_get_id (self->replay_view), NULL,
                            on_deleted, g_object_ref (self));
}

/* ---- export ---- */

static void
export_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (widget);
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 id = tb_replay_view_get_id (self->replay_view);
  TbGame *game = tb_replay_view_get_game (self->replay_view);
  g_autofree char *name = g_strdup_printf ("%s.tgn", tb_rules_get_id (tb_game_get_rules (game)));

  g_array_append_val (ids, id);
  tb_record_export_choose (widget, store_of (self), ids, name);
}

/* The ids of the games selected, in the list's order (all: the ids of
 * the games the filters show); empty when none is. */
static GArray *
selected_ids (TbHistoryPage *self, GArray *all)
{
  g_autoptr (GtkBitset) selected = tb_history_view_get_selection (self->history_view);
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  GtkBitsetIter iter;
  guint position;

  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position);
       more && position < all->len; more = gtk_bitset_iter_next (&iter, &position))
    g_array_append_val (ids, g_array_index (all, gint64, position));
  return ids;
}

/* The games selected, or else all those the filters show, in the list's
 * order. */
static void
on_ids_listed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) all = tb_history_model_list_ids_finish (TB_HISTORY_MODEL (source), result,
                                                             &error);
  GArray *ids;

  if (all == NULL)
    {
      tb_toast_show_text (GTK_WIDGET (self), error->message);
      return;
    }
  ids = selected_ids (self, all);
  if (ids->len == 0)
    {
      g_array_unref (ids);
      ids = g_array_ref (all);
    }
  tb_record_export_choose (GTK_WIDGET (self), store_of (self), ids, "tablier-games.tgn");
}

static void
export_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (widget);
  TbHistoryModel *model = tb_history_view_get_model (self->history_view);

  if (model)
    tb_history_model_list_ids_async (model, NULL, on_ids_listed, g_object_ref (self));
}

/* ---- analysis ---- */

void
tb_history_page_analyse_games (TbHistoryPage *self, const gint64 *ids, guint n_ids)
{
  g_return_if_fail (TB_IS_HISTORY_PAGE (self));

  if (store_of (self))
    tb_batch_analysis_add (self->batch_analysis, store_of (self), ids, n_ids);
}

static void
on_ids_to_analyse (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) all = tb_history_model_list_ids_finish (TB_HISTORY_MODEL (source), result,
                                                             &error);
  g_autoptr (GArray) ids = all ? selected_ids (self, all) : NULL;

  if (all == NULL)
    tb_toast_show_text (GTK_WIDGET (self), error->message);
  else if (ids->len == 0)
    tb_toast_show_text (GTK_WIDGET (self), _("Select the games to analyse"));
  else
    tb_history_page_analyse_games (self, (const gint64 *) ids->data, ids->len);
}

/* The games selected in the list (not all those shown: a long history
 * would take hours). */
static void
analyse_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (widget);
  TbHistoryModel *model = tb_history_view_get_model (self->history_view);

  if (model)
    tb_history_model_list_ids_async (model, NULL, on_ids_to_analyse, g_object_ref (self));
}

/* A game analysed and saved: the replay, if it shows it, reads it again
 * (its copy has none of the analysis), at the ply it shows; the list,
 * if shown, stays. */
static void
on_game_analysed (TbHistoryPage *self, gint64 id)
{
  TbGame *shown = tb_replay_view_get_game (self->replay_view);

  if (shown && tb_replay_view_get_id (self->replay_view) == id &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->views), "replay") == 0)
    on_open_game_at (self, id, tb_game_get_ply (shown));
}

TbBatchAnalysis *
tb_history_page_get_batch_analysis (TbHistoryPage *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_PAGE (self), NULL);
  return self->batch_analysis;
}

/* ---- import ---- */

/* The other player's record may have brought the move of the game on
 * the board (or an annotated copy its comments): the session reads it
 * again. */
static void
on_imported (const TbImportReport *report, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;

  self->importing = FALSE;
  tb_history_view_reload (self->history_view);
  if (report && (report->counts.updated || report->counts.annotated))
    tb_session_reload (self->session);
}

gboolean
tb_history_page_import_files (TbHistoryPage *self, GFile **files, guint n_files)
{
  g_return_val_if_fail (TB_IS_HISTORY_PAGE (self), FALSE);

  if (store_of (self) == NULL || n_files == 0 || self->importing)
    return FALSE;
  self->importing = TRUE;
  tb_import_dialog_run (GTK_WIDGET (self), store_of (self), files, n_files, on_imported,
                        g_object_ref (self));
  return TRUE;
}

static void
on_import_chosen (GtkNativeDialog *chooser, int response, gpointer data)
{
  g_autoptr (TbHistoryPage) self = data;
  g_autoptr (GListModel) chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
        g_ptr_array_add (files, g_list_model_get_item (chosen, i));
      tb_history_page_import_files (self, (GFile **) files->pdata, files->len);
    }
  g_object_unref (chooser);
}

void
tb_history_page_choose_import (TbHistoryPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter = tb_record_file_filter ();

  g_return_if_fail (TB_IS_HISTORY_PAGE (self));

  chooser = gtk_file_chooser_native_new (_("Import Games"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                                         _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  g_signal_connect (chooser, "response", G_CALLBACK (on_import_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- the page ---- */

static void
on_store_changed (TbHistoryPage *self)
{
  tb_history_view_set_store (self->history_view, store_of (self));
}

void
tb_history_page_set_session (TbHistoryPage *self, TbSession *session)
{
  g_return_if_fail (TB_IS_HISTORY_PAGE (self));
  g_return_if_fail (TB_IS_SESSION (session));
  g_return_if_fail (self->session == NULL);

  self->session = g_object_ref (session);
  tb_history_view_set_store (self->history_view, store_of (self));
  tb_replay_view_bind_settings (self->replay_view,
                                tb_context_get_settings (tb_session_get_context (session)));
  /* The user's database opens in a worker thread, maybe after the page. */
  g_signal_connect_object (tb_session_get_context (session), "notify::store",
                           G_CALLBACK (on_store_changed), self, G_CONNECT_SWAPPED);
}

const char *
tb_history_page_get_shown (TbHistoryPage *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_PAGE (self), NULL);
  return gtk_stack_get_visible_child_name (self->views);
}

TbHistoryView *
tb_history_page_get_view (TbHistoryPage *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_PAGE (self), NULL);
  return self->history_view;
}

TbReplayView *
tb_history_page_get_replay (TbHistoryPage *self)
{
  g_return_val_if_fail (TB_IS_HISTORY_PAGE (self), NULL);
  return self->replay_view;
}

static void
tb_history_page_dispose (GObject *object)
{
  TbHistoryPage *self = TB_HISTORY_PAGE (object);

  g_clear_object (&self->deleted_game);
  g_clear_object (&self->session);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_HISTORY_PAGE);
  G_OBJECT_CLASS (tb_history_page_parent_class)->dispose (object);
}

static void
tb_history_page_class_init (TbHistoryPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_history_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  g_type_ensure (TB_TYPE_HISTORY_VIEW);
  g_type_ensure (TB_TYPE_REPLAY_VIEW);
  g_type_ensure (TB_TYPE_BATCH_ANALYSIS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TbHistoryPage, views);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryPage, history_view);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryPage, replay_view);
  gtk_widget_class_bind_template_child (widget_class, TbHistoryPage, batch_analysis);
  gtk_widget_class_bind_template_callback (widget_class, on_game_analysed);
  gtk_widget_class_bind_template_callback (widget_class, on_open_game);

  gtk_widget_class_install_action (widget_class, "history.show-list", NULL, show_list_action);
  gtk_widget_class_install_action (widget_class, "history.export-games", NULL,
                                   export_games_action);
  gtk_widget_class_install_action (widget_class, "history.analyse-games", NULL,
                                   analyse_games_action);
  gtk_widget_class_install_action (widget_class, "history.resume-game", NULL, resume_action);
  gtk_widget_class_install_action (widget_class, "history.continue-from-here", NULL,
                                   continue_action);
  gtk_widget_class_install_action (widget_class, "history.export-game", NULL,
                                   export_game_action);
  gtk_widget_class_install_action (widget_class, "history.delete-game", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "history.undo-delete", NULL,
                                   undo_delete_action);
}

static void
tb_history_page_init (TbHistoryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->open_at = G_MAXUINT;
  g_signal_connect_swapped (self->replay_view, "show-games",
                            G_CALLBACK (tb_history_page_show_position), self);
  g_signal_connect_swapped (self->history_view, "open-game-at", G_CALLBACK (on_open_game_at),
                            self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.undo-delete", FALSE);
}
