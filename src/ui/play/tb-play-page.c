/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-play-page.c: the page where a game is played
 *
 * Looking back: a click on an earlier move in the move list shows the
 * board as it was after it, read-only, under a banner that leads back to
 * the game (a move not yet undone is simply redone up to there).
 *
 * Confirming moves (the confirm-moves setting, as on the online Versus
 * site): a move chosen on the board or typed is shown done but played
 * only on Confirm or Enter (the board's bars, tb-board-bars.c).
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-explorer-panel.h"
#include "tb-history-page.h"
#include "tb-move-describe.h"
#include "tb-move-entry.h"
#include "tb-move-list.h"
#include "tb-play-dialogs.h"
#include "tb-play-page.h"
#include "tb-record-export.h"
#include "tb-seat-list.h"
#include "tb-toast.h"

struct _TbPlayPage
{
  GtkWidget parent_instance;

  TbSession *session;
  TbGame *game;               /* the session's, watched */
  TbMovePicker *picker;       /* the board's */
  gboolean end_announced;
  AdwToast *record_toast;     /* "Send the record to …", while shown */
  GCancellable *hint_cancellable;
  guint fold_idle;
  guint focus_idle;

  /* Template widgets */
  AdwWindowTitle *window_title;
  AdwFlap *flap;
  GtkWidget *header_undo;
  GtkWidget *header_redo;
  GtkActionBar *narrow_bar;
  GtkRevealer *look_revealer;
  GtkLabel *look_label;
  TbBoardView *board_view;
  TbBoardBars *bars;
  TbSeatList *seat_list;
  GtkLabel *match_label;
  GtkLabel *status_label;
  TbMoveEntry *move_entry;
  TbMoveList *move_list;
  TbExplorerPanel *explorer;
};

G_DEFINE_FINAL_TYPE (TbPlayPage, tb_play_page, GTK_TYPE_WIDGET)

/* ---- the status line, the title and the match ---- */

static void
set_status (TbPlayPage *self, const char *text)
{
  gtk_label_set_text (self->status_label, text);
}

/* What to do first, for a new game. */
static const char *
start_hint (TbGame *game)
{
  if (tb_rules_has_hands (tb_game_get_rules (game)))
    return _("Take a piece from your tray with a click or with keys 1 to 5 (its size), turn it "
             "with R, and lay it with a click or the arrow keys and Enter.");
  return _("Click one of your pieces, or reach it with the arrow keys and press Enter, to see "
           "where it can go; then choose where it should go the same way.");
}

/* The move that led to ply told in words, or at the start what to do;
 * at the end of the game, the result after the last move. */
static void
describe_ply (TbPlayPage *self, guint ply)
{
  g_autofree char *description = ply ? tb_describe_move (self->game, ply) : NULL;
  g_autofree char *text = NULL;

  if (ply == tb_game_get_ply (self->game) && tb_game_is_over (self->game))
    {
      g_autofree char *state = tb_describe_state (self->game);

      text = description ? g_strdup_printf ("%s %s", description, state) : g_strdup (state);
      set_status (self, text);
      return;
    }
  set_status (self, ply ? description : start_hint (self->game));
}

static void
update_title (TbPlayPage *self)
{
  guint thinking = tb_session_get_thinking (self->session);
  TbMatch *match = tb_session_get_match (self->session);
  /* Translators: the computer is choosing its move: "Red is thinking…". */
  g_autofree char *state = thinking ? g_strdup_printf (_("%s is thinking…"),
                                                       tb_seat_colour (self->game, thinking))
                                    : tb_describe_state (self->game);
  g_autofree char *totals = match ? tb_describe_match (match) : NULL;

  if (match)
    {
      /* Translators: the number of the game in a match, then its state:
       * "Game 2 · White to move". */
      g_autofree char *subtitle = g_strdup_printf (_("Game %u · %s"),
                                                   tb_match_get_n_games (match), state);
      adw_window_title_set_subtitle (self->window_title, subtitle);
    }
  else
    adw_window_title_set_subtitle (self->window_title, state);
  gtk_widget_set_visible (GTK_WIDGET (self->match_label), match != NULL);
  gtk_label_set_text (self->match_label, totals ? totals : "");
}

/* ---- what the player may do ---- */

static gboolean
is_looking_back (TbPlayPage *self)
{
  return tb_board_view_get_shown_ply (self->board_view) >= 0;
}

/* The board takes clicks only from a person whose turn it is; a hint is
 * for a person too; only a person resigns or offers a draw, in the game
 * as it stands. */
static void
update_controls (TbPlayPage *self)
{
  gboolean person = tb_session_is_persons_turn (self->session);
  gboolean looking = is_looking_back (self);
  gboolean offer = tb_session_can_offer (self->session);

  tb_board_view_set_interactive (self->board_view, person);
  tb_move_entry_set_can_play (self->move_entry, person && !looking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.hint", person && !looking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.enter-move", person && !looking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.resign", offer);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.offer-draw", offer);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.undo", tb_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.redo", tb_game_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.next-game",
                                 tb_session_can_start_next_game (self->session));
}

/* ---- looking back ---- */

static void
update_look_banner (TbPlayPage *self)
{
  int ply = tb_board_view_get_shown_ply (self->board_view);
  g_autofree char *text = NULL;

  gtk_revealer_set_reveal_child (self->look_revealer, ply >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.back-to-game", ply >= 0);
  update_controls (self);
  if (ply < 0)
    return;
  if (ply == 0)
    text = g_strdup (_("You are looking at the start position."));
  else
    {
      g_autofree char *move = tb_describe_numbered_move (self->game, (guint) ply);
      /* Translators: looking back at an earlier position: "You are
       * looking at move 6. c1-c3." or "… move 6… g9-g7." for the second
       * player's (numbered as in the move list: a move is a turn of
       * each player). */
      text = g_strdup_printf (_("You are looking at move %s."), move);
    }
  gtk_label_set_text (self->look_label, text);
}

static void
look_at (TbPlayPage *self, int ply)
{
  tb_board_view_set_shown_ply (self->board_view, ply);
  update_look_banner (self);
  if (ply > 0)
    describe_ply (self, (guint) ply);
}

static void
on_ply_activated (TbPlayPage *self, guint ply)
{
  guint current = tb_game_get_ply (self->game);

  if (ply > current)
    {
      /* Moves undone and not yet replayed: redo up to there. */
      look_at (self, -1);
      tb_game_go_to_ply (self->game, ply);
      return;
    }
  look_at (self, ply == current ? -1 : (int) ply);
  tb_move_list_select_ply (self->move_list, ply);
}

static void
back_to_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);
  guint ply = tb_game_get_ply (self->game);

  look_at (self, -1);
  tb_move_list_select_ply (self->move_list, ply);
  if (ply > 0)
    describe_ply (self, ply);
}

/* ---- the game's changes ---- */

static void
withdraw_record_offer (TbPlayPage *self)
{
  if (self->record_toast)
    adw_toast_dismiss (self->record_toast);
  g_clear_weak_pointer (&self->record_toast);
}

/* The toast lives in the window's overlay, outside the page: its button
 * acts on the page. */
static void
on_save_record_clicked (TbPlayPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "play.send-record", NULL);
}

/* After each move of a correspondence game: save the record to send. */
static void
offer_record (TbPlayPage *self)
{
  guint to_move = tb_game_get_to_move (self->game);
  g_autofree char *text = NULL;
  AdwToast *toast;

  if (to_move)
    /* Translators: after a move of a correspondence game: "Send the record to Bob." */
    text = g_strdup_printf (_("Send the record to %s."), tb_seat_label (self->game, to_move));
  else
    text = g_strdup (_("The game is over: send the record to your opponent."));
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Save Record…"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_save_record_clicked), self,
                           G_CONNECT_SWAPPED);
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_set_weak_pointer (&self->record_toast, toast);
  tb_toast_show (GTK_WIDGET (self), toast);
}

static void
on_move_played (TbPlayPage *self, guint ply)
{
  describe_ply (self, ply);
  withdraw_record_offer (self);
  if (tb_session_is_correspondence (self->session))
    offer_record (self);
}

static void
on_position_changed (TbPlayPage *self)
{
  guint ply = tb_game_get_ply (self->game);

  tb_board_view_set_shown_ply (self->board_view, -1);
  update_look_banner (self);
  update_title (self);
  g_cancellable_cancel (self->hint_cancellable);
  /* Whatever changed it (a move, undo, redo, a game resumed, its end),
   * the status tells the position now: never the move before. */
  describe_ply (self, ply);
  if (!tb_game_is_over (self->game))
    self->end_announced = FALSE;
  else if (!self->end_announced)
    {
      self->end_announced = TRUE;
      tb_play_dialogs_announce_end (GTK_WIDGET (self), self->session);
    }
}

static gboolean take_focus_later (gpointer data);

static void
on_game_replaced (TbPlayPage *self)
{
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, tb_session_get_game (self->session));
  withdraw_record_offer (self);
  if (self->game == NULL)
    return;
  self->end_announced = FALSE;
  adw_window_title_set_title (self->window_title, _(tb_rules_get_name (tb_game_get_rules (self->game))));
  g_signal_connect_swapped (self->game, "move-played", G_CALLBACK (on_move_played), self);
  g_signal_connect_swapped (self->game, "position-changed", G_CALLBACK (on_position_changed),
                            self);
  tb_board_view_set_game (self->board_view, self->game);
  tb_move_entry_set_game (self->move_entry, self->game);
  tb_move_list_set_game (self->move_list, self->game);
  tb_explorer_panel_set_game (self->explorer,
                              tb_context_get_store (tb_session_get_context (self->session)),
                              self->game);
  set_status (self, "");
  on_position_changed (self);
  /* Once the window has settled (a dialog closed, a toast withdrawn):
   * grabbing the focus in the middle of it upsets the toast overlay. */
  if (self->focus_idle == 0)
    self->focus_idle = g_idle_add (take_focus_later, self);
}

static void
on_thinking_changed (TbPlayPage *self)
{
  if (self->game == NULL)
    return;
  update_title (self);
  update_controls (self);
}

static void
on_save_failed (TbPlayPage *self, GError *error)
{
  /* Translators: %s says why (a full disk, say). */
  g_autofree char *text = g_strdup_printf (_("The game cannot be saved: %s"), error->message);
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 0);
  tb_toast_show (GTK_WIDGET (self), toast);
}

/* The computer's answer to a draw offer, with its reason. */
static void
on_draw_answered (TbPlayPage *self, guint seat, TbDrawAnswer answer)
{
  const char *name = tb_seat_label (self->game, seat);
  g_autofree char *text = NULL;

  switch (answer)
    {
    case TB_DRAW_ACCEPT:
      /* Translators: the computer's answer to a draw offer: "Red accepts the draw: …". */
      text = g_strdup_printf (_("%s accepts the draw: the game is level."), name);
      break;
    case TB_DRAW_DECLINE_AHEAD:
      text = g_strdup_printf (_("%s declines the draw: it thinks it is ahead."), name);
      break;
    case TB_DRAW_DECLINE_DECISIVE:
      text = g_strdup_printf (_("%s declines the draw: it sees how the game ends."), name);
      break;
    case TB_DRAW_DECLINE_BEHIND:
    default:
      text = g_strdup_printf (_("%s declines the draw: the game is not level."), name);
    }
  tb_toast_show_text (GTK_WIDGET (self), text);
  /* After the end's own words, which the draw wrote there. */
  set_status (self, text);
}

/* ---- moves chosen on the board or typed ---- */

static void
on_move_chosen (TbPlayPage *self, guint64 move)
{
  GSettings *settings = tb_context_get_settings (tb_session_get_context (self->session));
  g_autoptr (GError) error = NULL;

  if (g_settings_get_boolean (settings, "confirm-moves"))
    tb_board_view_propose (self->board_view, move);
  else if (!tb_session_play (self->session, move, &error))
    tb_toast_show_text (GTK_WIDGET (self), error->message);
}

static void
on_move_entered (TbPlayPage *self, guint64 move)
{
  on_move_chosen (self, move);
}

static void
on_move_rejected (TbPlayPage *self, const char *why)
{
  set_status (self, why);
}

/* What the board has to say: the selected piece's destinations, why a
 * move is refused. */
static void
on_picker_announce (TbPlayPage *self, const char *text)
{
  set_status (self, text);
}

static void
on_picker_refused (TbPlayPage *self, const char *why)
{
  gtk_widget_error_bell (GTK_WIDGET (self->board_view));
  if (why)
    set_status (self, why);
}

static void
on_bars_announce (TbPlayPage *self, const char *text)
{
  set_status (self, text);
}

/* The board waits for the player: the turn of the disc, or which jump. */
static void
on_pending_changed (TbPlayPage *self)
{
  TbPickerPending pending = tb_move_picker_get_pending (self->picker);

  if (pending == TB_PICKER_PENDING_PATH)
    set_status (self, _("Several jumps lead there: click a circled cell to jump through it, or "
                        "the destination again for the shortest way."));
  else if (pending == TB_PICKER_PENDING_TURN)
    set_status (self, _("The pawn stops on the centre: turn the disc an eighth, or not."));
}

/* While a piece is held, the status says what laying it would do. */
static void
on_placement_hint_changed (TbPlayPage *self)
{
  const char *hint = tb_move_picker_get_hint (self->picker);

  if (hint)
    set_status (self, hint);
  else
    describe_ply (self, tb_game_get_ply (self->game));
}

/* ---- actions ---- */

static void
undo_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_session_undo (TB_PLAY_PAGE (widget)->session);
}

static void
redo_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_session_redo (TB_PLAY_PAGE (widget)->session);
}

static void
resign_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_play_dialogs_ask_resign (widget, TB_PLAY_PAGE (widget)->session);
}

/* Against the computer the answer comes later (draw-answered); another
 * person at the screen is asked. */
static void
offer_draw_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);

  if (!tb_session_can_offer (self->session))
    return;
  if (tb_session_offer_draw (self->session))
    set_status (self, _("The computer considers the draw…"));
  else
    tb_play_dialogs_ask_draw (widget, self->session);
}

static void
on_hint_found (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbPlayPage) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *token = NULL;
  TbMove move;

  if (!tb_session_hint_finish (TB_SESSION (source), result, &move, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_status (self, error->message);
      return;
    }
  token = tb_game_format_move (self->game, move);
  tb_board_view_show_hint (self->board_view, move);
  /* Translators: the move the computer suggests: "Hint: c1-e3". */
  text = g_strdup_printf (_("Hint: %s"), token);
  set_status (self, text);
}

/* H: the computer's choice (at the normal level) for the person to move,
 * shown on the board, not played. */
static void
hint_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);

  if (!tb_session_is_persons_turn (self->session))
    return;
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  self->hint_cancellable = g_cancellable_new ();
  set_status (self, _("Looking for a good move…"));
  tb_session_hint_async (self->session, self->hint_cancellable, on_hint_found,
                         g_object_ref (self));
}

static void
next_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_session_start_next_game (TB_PLAY_PAGE (widget)->session);
}

static void
toggle_panel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

/* Shown or hidden (the show-explorer setting follows); brought out on a
 * narrow window, where the panel is folded away. */
static void
toggle_explorer_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);
  gboolean show = !gtk_widget_get_visible (GTK_WIDGET (self->explorer));

  gtk_widget_set_visible (GTK_WIDGET (self->explorer), show);
  if (show)
    adw_flap_set_reveal_flap (self->flap, TRUE);
}

/* A game the explorer lists, replayed in the history from where it
 * reached the position; the game being played waits on this page. */
static void
on_explorer_show_games (TbPlayPage *self, gint64 key)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-position-games", "x", key);
}

static void
enter_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);

  /* The panel may be folded away (a narrow window): bring it out. */
  adw_flap_set_reveal_flap (self->flap, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->move_entry));
}

/* A file name that says which game it is: "versus-61 Alice Bob.tgn". */
static char *
record_name (TbGame *game)
{
  g_autofree char *name = g_strdup_printf ("%s %s %s.tgn",
                                           tb_rules_get_id (tb_game_get_rules (game)),
                                           tb_seat_label (game, 1), tb_seat_label (game, 2));

  return g_strdelimit (g_steal_pointer (&name), "/\\:", '-');
}

static void
send_record_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);
  TbStore *store = tb_context_get_store (tb_session_get_context (self->session));
  gint64 id = tb_session_get_id (self->session);
  g_autofree char *name = NULL;
  GArray *ids;

  if (store == NULL || id == 0)
    return;
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_append_val (ids, id);
  name = record_name (self->game);
  tb_record_export_choose (widget, store, ids, name);
}

/* ---- narrow windows ---- */

/* A narrow window (the panel folded away) keeps only the title in its
 * header; undo, redo and hint go to a bar at the bottom.  The flap folds
 * while it is being allocated, so the buttons move at the next idle:
 * changing them then and there would resize the header in the middle of
 * its allocation. */
static gboolean
apply_fold (gpointer data)
{
  TbPlayPage *self = data;
  gboolean folded = adw_flap_get_folded (self->flap);

  self->fold_idle = 0;
  gtk_widget_set_visible (self->header_undo, !folded);
  gtk_widget_set_visible (self->header_redo, !folded);
  gtk_action_bar_set_revealed (self->narrow_bar, folded);
  return G_SOURCE_REMOVE;
}

static void
on_folded_changed (TbPlayPage *self)
{
  if (self->fold_idle == 0)
    self->fold_idle = g_idle_add (apply_fold, self);
}

/* ---- the page ---- */

/* The board has the keyboard when a game starts or comes back on
 * screen, not the header's first button (Retournement needed five Tabs
 * to reach it).  Not while the page is hidden: the focus would go to a
 * page not shown. */
static void
take_focus (TbPlayPage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->game)
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static gboolean
take_focus_later (gpointer data)
{
  TbPlayPage *self = data;

  self->focus_idle = 0;
  take_focus (self);
  return G_SOURCE_REMOVE;
}

/* The computer plays only while the board is on screen. */
static void
tb_play_page_map (GtkWidget *widget)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);

  GTK_WIDGET_CLASS (tb_play_page_parent_class)->map (widget);
  if (self->session)
    tb_session_set_active (self->session, TRUE);
  take_focus (self);
}

static void
tb_play_page_unmap (GtkWidget *widget)
{
  TbPlayPage *self = TB_PLAY_PAGE (widget);

  if (self->session)
    tb_session_set_active (self->session, FALSE);
  g_cancellable_cancel (self->hint_cancellable);
  GTK_WIDGET_CLASS (tb_play_page_parent_class)->unmap (widget);
}

static void
bind_settings (TbPlayPage *self, GSettings *settings)
{
  static const char *const board_keys[] = { "show-legal-moves", "show-coordinates",
                                            "animation-speed", "hide-opponent-pieces" };

  for (guint i = 0; i < G_N_ELEMENTS (board_keys); i++)
    g_settings_bind (settings, board_keys[i], self->board_view, board_keys[i],
                     G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "show-explorer", self->explorer, "visible", G_SETTINGS_BIND_DEFAULT);
}

static void
connect_picker (TbPlayPage *self)
{
  static const struct
  {
    const char *signal;
    GCallback callback;
  } picker_signals[] = {
    { "move-chosen", G_CALLBACK (on_move_chosen) },
    { "announce", G_CALLBACK (on_picker_announce) },
    { "refused", G_CALLBACK (on_picker_refused) },
    { "notify::pending", G_CALLBACK (on_pending_changed) },
    { "notify::hint", G_CALLBACK (on_placement_hint_changed) },
  };

  self->picker = g_object_ref (tb_board_view_get_picker (self->board_view));
  for (guint i = 0; i < G_N_ELEMENTS (picker_signals); i++)
    g_signal_connect_object (self->picker, picker_signals[i].signal, picker_signals[i].callback,
                             self, G_CONNECT_SWAPPED);
}

void
tb_play_page_set_session (TbPlayPage *self, TbSession *session)
{
  g_return_if_fail (TB_IS_PLAY_PAGE (self));
  g_return_if_fail (TB_IS_SESSION (session));
  g_return_if_fail (self->session == NULL);

  self->session = g_object_ref (session);
  bind_settings (self, tb_context_get_settings (tb_session_get_context (session)));
  tb_seat_list_set_session (self->seat_list, session);
  tb_board_bars_attach (self->bars, self->board_view, session);
  g_signal_connect_object (session, "notify::game", G_CALLBACK (on_game_replaced), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::thinking", G_CALLBACK (on_thinking_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "save-failed", G_CALLBACK (on_save_failed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "draw-answered", G_CALLBACK (on_draw_answered), self,
                           G_CONNECT_SWAPPED);
  on_game_replaced (self);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    tb_session_set_active (session, TRUE);
}

TbSession *
tb_play_page_get_session (TbPlayPage *self)
{
  g_return_val_if_fail (TB_IS_PLAY_PAGE (self), NULL);
  return self->session;
}

TbBoardView *
tb_play_page_get_board_view (TbPlayPage *self)
{
  g_return_val_if_fail (TB_IS_PLAY_PAGE (self), NULL);
  return self->board_view;
}

TbBoardBars *
tb_play_page_get_board_bars (TbPlayPage *self)
{
  g_return_val_if_fail (TB_IS_PLAY_PAGE (self), NULL);
  return self->bars;
}

const char *
tb_play_page_get_status_text (TbPlayPage *self)
{
  g_return_val_if_fail (TB_IS_PLAY_PAGE (self), NULL);
  return gtk_label_get_text (self->status_label);
}

static void
tb_play_page_dispose (GObject *object)
{
  TbPlayPage *self = TB_PLAY_PAGE (object);

  g_clear_handle_id (&self->fold_idle, g_source_remove);
  g_clear_handle_id (&self->focus_idle, g_source_remove);
  g_clear_weak_pointer (&self->record_toast);
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  /* The board, disposed after, lets go of the piece held: not to be
   * heard by a page half gone. */
  if (self->picker)
    g_signal_handlers_disconnect_by_data (self->picker, self);
  g_clear_object (&self->picker);
  g_clear_object (&self->session);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_PLAY_PAGE);
  G_OBJECT_CLASS (tb_play_page_parent_class)->dispose (object);
}

static void
install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "play.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "play.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "play.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "play.resign", NULL, resign_action);
  gtk_widget_class_install_action (widget_class, "play.offer-draw", NULL, offer_draw_action);
  gtk_widget_class_install_action (widget_class, "play.next-game", NULL, next_game_action);
  gtk_widget_class_install_action (widget_class, "play.toggle-panel", NULL, toggle_panel_action);
  gtk_widget_class_install_action (widget_class, "play.enter-move", NULL, enter_move_action);
  gtk_widget_class_install_action (widget_class, "play.toggle-explorer", NULL,
                                   toggle_explorer_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "play.toggle-explorer", NULL);
  gtk_widget_class_install_action (widget_class, "play.back-to-game", NULL, back_to_game_action);
  gtk_widget_class_install_action (widget_class, "play.send-record", NULL, send_record_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "play.undo",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "play.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, 0, "play.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "play.toggle-panel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK,
                                       "play.enter-move", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "play.back-to-game",
                                       NULL);
}

static void
tb_play_page_class_init (TbPlayPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_play_page_dispose;
  widget_class->map = tb_play_page_map;
  widget_class->unmap = tb_play_page_unmap;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  g_type_ensure (TB_TYPE_BOARD_VIEW);
  g_type_ensure (TB_TYPE_BOARD_BARS);
  g_type_ensure (TB_TYPE_SEAT_LIST);
  g_type_ensure (TB_TYPE_MOVE_ENTRY);
  g_type_ensure (TB_TYPE_MOVE_LIST);
  g_type_ensure (TB_TYPE_EXPLORER_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-play-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, window_title);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, flap);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, header_undo);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, header_redo);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, narrow_bar);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, look_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, look_label);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, board_view);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, bars);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, seat_list);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, match_label);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, move_entry);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, move_list);
  gtk_widget_class_bind_template_child (widget_class, TbPlayPage, explorer);
  gtk_widget_class_bind_template_callback (widget_class, on_explorer_show_games);
  gtk_widget_class_bind_template_callback (widget_class, on_folded_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_bars_announce);
  gtk_widget_class_bind_template_callback (widget_class, on_move_entered);
  gtk_widget_class_bind_template_callback (widget_class, on_move_rejected);
  gtk_widget_class_bind_template_callback (widget_class, on_ply_activated);
  install_actions (widget_class);
}

static void
tb_play_page_init (TbPlayPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The moves are the player's: the explorer only tells. */
  tb_explorer_panel_set_follows (self->explorer, FALSE);
  connect_picker (self);
  apply_fold (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.back-to-game", FALSE);
}
