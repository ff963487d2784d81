/* tb-window.c: the play window */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-ai.h"
#include "tb-move-describe.h"
#include "tb-new-game-dialog.h"
#include "tb-ai-draw.h"
#include "tb-window-private.h"


G_DEFINE_FINAL_TYPE (TbWindow, tb_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_CONTEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_seats (TbWindow *self)
{
  int scores[2] = { 0, 0 };
  gboolean scored = tb_game_get_score (self->game, scores);
  guint to_move = tb_game_get_to_move (self->game);

  /* In a match the running totals matter more than this game's points. */
  if (self->match)
    tb_match_get_totals (self->match, scores);

  for (guint seat = 1; seat <= 2; seat++)
    {
      TbSeatRow *row = self->seat_rows[seat - 1];
      TbVariant *v = tb_game_get_variant (self->game);
      const TbPosition *pos = tb_game_get_position (self->game);
      guint done, total;
      int board[2], bonus[2];

      if (tb_variant_seat_progress (v, pos, seat, &done, &total))
        tb_seat_row_set_progress (row, done, total);
      else
        tb_seat_row_set_score (row, scored ? scores[seat - 1] : -1);
      if (!self->match && tb_variant_score_parts (v, pos, board, bonus))
        {
          g_autofree char *detail = NULL;

          /* Translators: a Retournement score in its two parts: the points of the
           * pieces showing the player's colour, and those of the pieces the
           * opponent has not laid: "31 on the board + 13 in Red’s hand". */
          detail = g_strdup_printf (_("%d on the board + %d in %s’s hand"), board[seat - 1],
                                    bonus[seat - 1], tb_seat_label (self->game, 3 - seat));
          tb_seat_row_set_detail (row, detail);
        }
      tb_seat_row_set_to_move (row, to_move == seat);
    }
}

static void on_can_undo_redo (TbGame *game, GParamSpec *pspec, TbWindow *self);
static void update_pass_bar (TbWindow *self);
static void start_computer (TbWindow *self);
static void update_window_actions (TbWindow *self);

void
tb_window_update_actions (TbWindow *self)
{
  update_window_actions (self);
}
static void show_play_page (TbWindow *self);

/* The game's actions make sense on the play page only, with a game. */
static void
update_window_actions (TbWindow *self)
{
  gboolean playing = self->game &&
                     g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "play") == 0;
  static const char *const game_actions[] = { "win.undo", "win.redo", "win.hint", "win.pass",
                                              "win.turn", "win.turn-piece",
                                              "win.put-back-piece", "win.toggle-panel",
                                              "win.resign", "win.offer-draw", "win.enter-move" };

  for (guint i = 0; i < G_N_ELEMENTS (game_actions); i++)
    if (!playing)
      gtk_widget_action_set_enabled (GTK_WIDGET (self), game_actions[i], FALSE);
  if (playing)
    {
      on_can_undo_redo (self->game, NULL, self);
      tb_window_update_controls (self);
      update_pass_bar (self);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.toggle-panel", TRUE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.turn", TRUE);
    }
}

static gboolean
computer_to_move (TbWindow *self)
{
  guint seat = tb_game_get_to_move (self->game);

  return seat && tb_game_get_computer_level (self->game, seat) > 0;
}

/* The board takes clicks only from a person whose turn it is; a hint is
 * for a person too. */
void
tb_window_update_controls (TbWindow *self)
{
  gboolean person = !tb_game_is_over (self->game) && !computer_to_move (self);
  gboolean looking = tb_window_is_looking_back (self);

  gboolean live = !tb_game_is_over (self->game) &&
                  tb_game_get_ply (self->game) == tb_game_get_n_plies (self->game);
  gboolean people = tb_game_get_computer_level (self->game, 1) == 0 ||
                    tb_game_get_computer_level (self->game, 2) == 0;

  tb_board_view_set_interactive (self->board_view, person);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", person && !looking);
  gtk_widget_set_sensitive (GTK_WIDGET (self->move_entry), person && !looking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.enter-move", person && !looking);
  /* Only a person resigns or offers a draw, in the game as it stands. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resign", live && people);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.offer-draw", live && people);
}

static void
update_match_label (TbWindow *self)
{
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->match_label), self->match != NULL);
  if (self->match == NULL)
    return;
  text = tb_describe_match (self->match);
  gtk_label_set_text (self->match_label, text);
}

static void show_game (TbWindow *self, TbGame *game);
static void show_stored_game (TbWindow *self, TbGame *game, gint64 id);

/* The match a stored game belongs to (RA), taken up again with its
 * earlier games, so that the running totals go on; NULL when it has none
 * or its games do not read. */
static TbMatch *
stored_match (TbWindow *self, TbGame *game, gint64 id)
{
  TbStore *store = tb_context_get_store (self->context);
  const char *match_id = tb_game_get_tag (game, "Match");
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);

  if (store == NULL || match_id == NULL || !tb_rules_plays_matches (tb_game_get_rules (game)) ||
      (ids = tb_store_match_game_ids (store, match_id, NULL)) == NULL)
    return NULL;
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 other = g_array_index (ids, gint64, i);
      /* The game played is the window's own object: the match follows it. */
      TbGame *loaded = other == id ? g_object_ref (game) : tb_store_load_game (store, other, NULL);

      if (loaded == NULL)
        return NULL;
      g_ptr_array_add (games, loaded);
      if (other == id)
        break;
    }
  return games->len ? tb_match_new_resumed (games) : NULL;
}

void
tb_window_resume_game (TbWindow *self, TbGame *game, gint64 id)
{
  g_clear_object (&self->match);
  self->match = stored_match (self, game, id);
  show_stored_game (self, game, id);
}

static void
start_next_game (TbWindow *self)
{
  if (self->match && tb_match_can_start_next_game (self->match))
    show_game (self, tb_match_start_next_game (self->match));
}

static void
announce_end (TbWindow *self)
{
  g_autofree char *state = tb_describe_state (self->game);
  g_autofree char *body = NULL;
  gboolean next = self->match && tb_match_can_start_next_game (self->match);
  AdwMessageDialog *dialog;

  if (self->end_announced)
    return;
  self->end_announced = TRUE;
  if (self->match)
    {
      g_autofree char *match = tb_describe_match (self->match);
      body = g_strdup_printf ("%s\n\n%s", state, match);
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       self->match && !next ? _("Match Over")
                                                                            : _("Game Over"),
                                                       body ? body : state));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  if (next)
    {
      adw_message_dialog_add_response (dialog, "next-game", _("N_ext Game"));
      g_signal_connect_swapped (dialog, "response::next-game", G_CALLBACK (start_next_game), self);
    }
  else
    {
      adw_message_dialog_add_response (dialog, "next-game",
                                       self->match ? _("_New Match…") : _("_New Game…"));
      g_signal_connect_swapped (dialog, "response::next-game", G_CALLBACK (tb_window_new_game),
                                self);
    }
  adw_message_dialog_set_response_appearance (dialog, "next-game", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "next-game");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
update_state (TbWindow *self)
{
  guint thinking = self->computer ? tb_computer_player_get_thinking (self->computer) : 0;
  /* Translators: the computer is choosing its move: "Red is thinking…". */
  g_autofree char *state = thinking ? g_strdup_printf (_("%s is thinking…"),
                                                       tb_seat_label (self->game, thinking))
                                    : tb_describe_state (self->game);

  if (self->match)
    {
      /* Translators: the number of the game in a match, then its state:
       * "Game 2 · White to move". */
      g_autofree char *subtitle = g_strdup_printf (_("Game %u · %s"),
                                                   tb_match_get_n_games (self->match), state);
      adw_window_title_set_subtitle (self->window_title, subtitle);
    }
  else
    adw_window_title_set_subtitle (self->window_title, state);
  update_seats (self);
  update_match_label (self);
  if (!tb_game_is_over (self->game))
    self->end_announced = FALSE;
}

static GtkWidget *
move_row_new (TbWindow *self, guint ply)
{
  g_autofree char *text = NULL;
  g_autofree char *move = ply ? tb_game_get_move_text (self->game, ply) : NULL;
  GtkWidget *label;

  if (ply == 0)
    text = g_strdup (_("Start position"));
  else if (ply % 2 == 1)
    text = g_strdup_printf ("%u. %s", (ply + 1) / 2, move);
  else
    text = g_strdup_printf ("%u… %s", (ply + 1) / 2, move);
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, ply % 2 ? "starter-move" : "second-move");
  if (ply == 0)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
select_current_move (TbWindow *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->moves_list,
                                                      (int) tb_game_get_ply (self->game));

  gtk_list_box_select_row (self->moves_list, row);
  if (row)
    {
      /* Keep the current move in view. */
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->moves_scroller);
      graphene_rect_t bounds;

      if (gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->moves_list), &bounds))
        gtk_adjustment_clamp_page (adj, bounds.origin.y, bounds.origin.y + bounds.size.height);
    }
}

static void
rebuild_move_list (TbWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->moves_list))))
    gtk_list_box_remove (self->moves_list, child);
  for (guint ply = 0; ply <= tb_game_get_n_plies (self->game); ply++)
    gtk_list_box_append (self->moves_list, move_row_new (self, ply));
  select_current_move (self);
}

static void
on_move_row_activated (GtkListBox *list, GtkListBoxRow *row, TbWindow *self)
{
  tb_window_review_row_activated (self, (guint) gtk_list_box_row_get_index (row));
}

static void
on_move_played (TbGame *game, guint ply, guint64 move, TbWindow *self)
{
  g_autofree char *description = tb_describe_move (game, ply);

  gtk_label_set_text (self->status_label, description);
  tb_window_correspondence_move_played (self);
}

/* A player with no move but a pass is told so, and passes with a click
 * (not automatically: undo must be able to go back past a pass). */
static void
update_pass_bar (TbWindow *self)
{
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);
  gboolean must_pass = n == 1 && moves[0] == TB_MOVE_PASS;

  if (must_pass)
    {
      /* Translators: "White cannot move and must pass." */
      g_autofree char *text = g_strdup_printf (_("%s cannot move and must pass."),
                                               tb_seat_label (self->game,
                                                              tb_game_get_to_move (self->game)));
      gtk_label_set_text (self->pass_label, text);
    }
  gtk_revealer_set_reveal_child (self->pass_revealer, must_pass);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pass", must_pass);
}

/* What to do first, for a new game. */
static const char *
start_hint (TbGame *game)
{
  if (tb_rules_has_hands (tb_game_get_rules (game)))
    return _("Click a piece of your tray, turn it with R, a right click or the scroll wheel, "
             "and click the board to lay it.");
  return _("Click one of your pieces to see where it can go, then click where it should go.");
}

/* The game is kept in the store as it goes: every move, undo, redo and
 * end is a save of its own (a crash loses at most the move being made). */
static void
keep_game (TbWindow *self)
{
  TbStore *store = tb_context_get_store (self->context);
  g_autoptr (GError) error = NULL;
  gboolean kept;

  if (store == NULL)
    return;
  if (self->game_id == 0)
    kept = (self->game_id = tb_store_add_game (store, self->game, &error)) != 0;
  else
    kept = tb_store_save_game (store, self->game_id, self->game, &error);
  if (!kept && !self->save_failed)
    {
      /* Translators: %s says why (a full disk, say). */
      g_autofree char *text = g_strdup_printf (_("The game cannot be saved: %s"), error->message);
      AdwToast *toast = adw_toast_new (text);

      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      self->save_failed = TRUE;
    }
  else if (kept)
    self->save_failed = FALSE;
}

static void
on_position_changed (TbGame *game, TbWindow *self)
{
  guint n_rows = 0;

  keep_game (self);
  tb_window_review_position_changed (self);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->moves_list)); c;
       c = gtk_widget_get_next_sibling (c))
    n_rows++;
  if (n_rows != tb_game_get_n_plies (game) + 1)
    rebuild_move_list (self);
  else
    select_current_move (self);
  update_state (self);
  update_pass_bar (self);
  tb_window_update_controls (self);
  g_cancellable_cancel (self->hint_cancellable);

  if (tb_game_get_ply (game) == 0)
    gtk_label_set_text (self->status_label, start_hint (game));
  else if (tb_game_get_ply (game) < tb_game_get_n_plies (game))
    {
      g_autofree char *description = tb_describe_move (game, tb_game_get_ply (game));
      gtk_label_set_text (self->status_label, description);
    }
  if (tb_game_is_over (game))
    announce_end (self);
}

static void
on_can_undo_redo (TbGame *game, GParamSpec *pspec, TbWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", tb_game_can_undo (game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", tb_game_can_redo (game));
}

static void
on_move_chosen (TbBoardView *view, guint64 move, TbWindow *self)
{
  tb_window_review_move_chosen (self, move);
}

void
tb_window_show_toast (TbWindow *self, const char *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
fill_seats (TbWindow *self)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;

  for (guint seat = 1; seat <= 2; seat++)
    {
      const char *name = tb_rules_get_seat_name (tb_game_get_rules (self->game), seat);

      if (self->seat_rows[seat - 1])
        gtk_list_box_remove (self->seats_box, GTK_WIDGET (self->seat_rows[seat - 1]));
      self->seat_rows[seat - 1] = tb_seat_row_new (tb_seat_label (self->game, seat), _(name),
                                                   board->seat_colors[seat - 1]);
      gtk_list_box_append (self->seats_box, GTK_WIDGET (self->seat_rows[seat - 1]));
    }
}

/* While the computer thinks, its seat's row turns a spinner and the
 * status line says so. */
/* While the computer thinks, its seat's row turns a spinner and the
 * header says so; the status line keeps telling the last move. */
static void
on_thinking_changed (TbComputerPlayer *computer, GParamSpec *pspec, TbWindow *self)
{
  guint seat = tb_computer_player_get_thinking (computer);

  for (guint s = 1; s <= 2; s++)
    if (self->seat_rows[s - 1])
      tb_seat_row_set_thinking (self->seat_rows[s - 1], seat == s);
  update_state (self);
}

static void
start_computer (TbWindow *self)
{
  if (self->computer)
    g_signal_handlers_disconnect_by_data (self->computer, self);
  g_clear_object (&self->computer);
  self->computer = tb_computer_player_new (self->game);
  g_settings_bind (tb_context_get_settings (self->context), "computer-delay", self->computer,
                   "delay", G_SETTINGS_BIND_GET);
  g_signal_connect (self->computer, "notify::thinking", G_CALLBACK (on_thinking_changed), self);
}

/* Shows and plays game, which may be the next one of the current match. */
static void
show_stored_game (TbWindow *self, TbGame *game, gint64 id)
{
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  self->game_id = id;
  self->end_announced = FALSE;

  adw_window_title_set_title (self->window_title, _(tb_rules_get_name (tb_game_get_rules (game))));
  g_signal_connect (game, "move-played", G_CALLBACK (on_move_played), self);
  g_signal_connect (game, "position-changed", G_CALLBACK (on_position_changed), self);
  g_signal_connect (game, "notify::can-undo", G_CALLBACK (on_can_undo_redo), self);
  g_signal_connect (game, "notify::can-redo", G_CALLBACK (on_can_undo_redo), self);
  start_computer (self);
  fill_seats (self);
  tb_board_view_set_game (self->board_view, game);
  tb_move_entry_set_game (self->move_entry, game);
  gtk_label_set_text (self->status_label, "");
  on_can_undo_redo (game, NULL, self);
  on_position_changed (game, self);
  show_play_page (self);
}

/* A game new to the store: kept from its first position on. */
static void
show_game (TbWindow *self, TbGame *game)
{
  show_stored_game (self, game, 0);
}

void
tb_window_set_game (TbWindow *self, TbGame *game)
{
  g_return_if_fail (TB_IS_WINDOW (self));
  g_return_if_fail (TB_IS_GAME (game));

  /* A game of a ruleset that plays matches opens a new match. */
  g_clear_object (&self->match);
  if (tb_rules_plays_matches (tb_game_get_rules (game)))
    self->match = tb_match_new_with_game (game);
  show_game (self, game);
}

TbMatch *
tb_window_get_match (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return self->match;
}

/* The amount control follows the board's selection, and the other way. */
static void
on_amounts_changed (TbWindow *self)
{
  guint amounts = tb_board_view_get_available_amounts (self->board_view);
  guint amount = tb_board_view_get_move_amount (self->board_view);

  /* Shown when the selected stack may move more than one way. */
  gtk_revealer_set_reveal_child (self->amount_revealer, (amounts & (amounts - 1)) != 0);
  for (guint k = 1; k <= 3; k++)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->amount_buttons[k - 1]), amounts & (1u << k));
      if (k == amount)
        gtk_toggle_button_set_active (self->amount_buttons[k - 1], TRUE);
    }
}

/* What the board has to say (the destinations of the selected piece). */
static void
on_board_announce (TbWindow *self, const char *text)
{
  gtk_label_set_text (self->status_label, text);
}

/* The board waits for the player: the turn of the disc, or which jump. */
static void
on_pending_changed (TbWindow *self)
{
  TbBoardPending pending = tb_board_view_get_pending (self->board_view);

  gtk_revealer_set_reveal_child (self->turn_revealer, pending == TB_BOARD_PENDING_TURN);
  if (pending == TB_BOARD_PENDING_PATH)
    gtk_label_set_text (self->status_label,
                        _("Several jumps lead there: click a circled cell to jump through it, "
                          "or the destination again for the shortest way."));
  else if (pending == TB_BOARD_PENDING_TURN)
    gtk_label_set_text (self->status_label,
                        _("The pawn stops on the centre: turn the disc an eighth, or not."));
}

/* The bar under the board names the piece taken from the hand. */
static void
on_held_piece_changed (TbWindow *self)
{
  int shape = tb_board_view_get_held_piece (self->board_view);
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;

  gtk_revealer_set_reveal_child (self->piece_revealer, shape >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.turn-piece", shape >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.put-back-piece", shape >= 0);
  if (shape >= 0)
    {
      const TbShapeDesc *d = &board->shapes[shape];
      /* Translators: the piece held: its code, its name and its value: "V3 · corner
       * tromino · 3 points". */
      g_autofree char *text = g_strdup_printf (ngettext ("%s · %s · %d point",
                                                         "%s · %s · %d points", d->value),
                                               d->code, _(d->name), d->value);

      gtk_label_set_text (self->piece_label, text);
    }
}

/* While a piece is held, the status says what laying it would do. */
static void
on_hint_changed (TbWindow *self)
{
  const char *hint = tb_board_view_get_hint (self->board_view);
  guint ply = tb_game_get_ply (self->game);

  if (hint)
    gtk_label_set_text (self->status_label, hint);
  else if (ply == 0)
    gtk_label_set_text (self->status_label, start_hint (self->game));
  else
    {
      g_autofree char *description = tb_describe_move (self->game, ply);

      gtk_label_set_text (self->status_label, description);
    }
}

static void
turn_piece_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  if (TB_WINDOW (widget)->game)
    tb_board_view_turn_piece (TB_WINDOW (widget)->board_view, g_variant_get_boolean (parameter));
}

static void
put_back_piece_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  if (TB_WINDOW (widget)->game)
    tb_board_view_put_back_piece (TB_WINDOW (widget)->board_view);
}

static void
turn_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  if (self->game == NULL)
    return;
  tb_board_view_choose_turn (self->board_view, g_variant_get_uint32 (parameter));
}

static void
on_amount_button_toggled (GtkToggleButton *button, TbWindow *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  for (guint k = 1; k <= 3; k++)
    if (button == self->amount_buttons[k - 1])
      tb_board_view_set_move_amount (self->board_view, k);
}

static void
on_new_game_started (TbNewGameDialog *dialog, TbGame *game, TbWindow *self)
{
  tb_window_set_game (self, game);
}

void
tb_window_new_game (TbWindow *self)
{
  g_return_if_fail (TB_IS_WINDOW (self));
  tb_window_new_game_of (self, NULL);
}

void
tb_window_new_game_of (TbWindow *self, const char *ruleset_id)
{
  TbNewGameDialog *dialog;

  g_return_if_fail (TB_IS_WINDOW (self));

  dialog = tb_new_game_dialog_new (GTK_WINDOW (self), self->context);
  if (ruleset_id)
    tb_new_game_dialog_select_ruleset (dialog, ruleset_id);
  g_signal_connect_object (dialog, "game-started", G_CALLBACK (on_new_game_started), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The start screen, with the game in progress (if any) offered first;
 * the computer stops thinking while nobody looks at the board. */
void
tb_window_leave_play (TbWindow *self)
{
  if (self->computer)
    g_signal_handlers_disconnect_by_data (self->computer, self);
  g_clear_object (&self->computer);
  if (self->game)
    g_cancellable_cancel (self->hint_cancellable);
}

void
tb_window_show_games (TbWindow *self)
{
  g_return_if_fail (TB_IS_WINDOW (self));

  tb_window_leave_play (self);
  tb_game_picker_set_current_game (self->picker, self->game && !tb_game_is_over (self->game)
                                                   ? self->game : NULL);
  gtk_stack_set_visible_child_name (self->pages, "picker");
  update_window_actions (self);
}

static void
show_play_page (TbWindow *self)
{
  if (self->computer == NULL)
    start_computer (self);
  gtk_stack_set_visible_child_name (self->pages, "play");
  update_window_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
on_picker_play (TbWindow *self, const char *ruleset_id)
{
  tb_window_new_game_of (self, ruleset_id);
}

static void
on_picker_resume (TbWindow *self)
{
  if (self->game)
    show_play_page (self);
}

static void
show_games_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_window_show_games (TB_WINDOW (widget));
}

/* Against the computer, undo and redo go from one of the person's turns
 * to the next (the computer's moves in between go too). */
static gboolean
against_the_computer (TbWindow *self)
{
  return (tb_game_get_computer_level (self->game, 1) > 0) !=
         (tb_game_get_computer_level (self->game, 2) > 0);
}

static void
undo_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (!tb_game_undo (self->game))
    return;
  while (against_the_computer (self) && computer_to_move (self) && tb_game_can_undo (self->game))
    tb_game_undo (self->game);
}

static void
redo_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (!tb_game_redo (self->game))
    return;
  while (against_the_computer (self) && computer_to_move (self) && tb_game_can_redo (self->game))
    tb_game_redo (self->game);
}

/* Who resigns: the person to move, or the one person against the
 * computer. */
static guint
resigning_seat (TbWindow *self)
{
  guint to_move = tb_game_get_to_move (self->game);

  if (tb_game_get_computer_level (self->game, to_move) > 0)
    return 3 - to_move;
  return to_move;
}

static void
on_resign_response (AdwMessageDialog *dialog, const char *response, TbWindow *self)
{
  guint seat;

  if (g_strcmp0 (response, "resign") != 0 || tb_game_is_over (self->game))
    return;
  seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "seat"));
  tb_game_finish (self->game, seat == 1 ? TB_RESULT_SEAT2_WINS : TB_RESULT_SEAT1_WINS,
                  TB_TERMINATION_RESIGNED);
}

static void
resign_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  g_autofree char *heading = NULL, *body = NULL;
  AdwMessageDialog *dialog;
  guint seat;

  if (self->game == NULL)
    return;
  seat = resigning_seat (self);
  /* Translators: the question before resigning: "Resign, White?". */
  heading = g_strdup_printf (_("Resign, %s?"), tb_seat_label (self->game, seat));
  /* Translators: what resigning means: "Red wins the game." */
  body = g_strdup_printf (_("%s wins the game."), tb_seat_label (self->game, 3 - seat));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));

  adw_message_dialog_add_responses (dialog, "cancel", _("_Keep Playing"), "resign", _("_Resign"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "resign", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "seat", GUINT_TO_POINTER (seat));
  g_signal_connect (dialog, "response", G_CALLBACK (on_resign_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_draw_response (AdwMessageDialog *dialog, const char *response, TbWindow *self)
{
  if (g_strcmp0 (response, "accept") == 0 && !tb_game_is_over (self->game))
    tb_game_finish (self->game, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED);
}

/* The computer's answer, with its reason, for the status line. */
static char *
describe_draw_answer (TbWindow *self, guint seat, gboolean *accepted)
{
  g_autoptr (TbLine) line = tb_game_new_line (self->game);
  const char *name = tb_seat_label (self->game, seat);

  for (guint ply = 1; ply <= tb_game_get_ply (self->game); ply++)
    tb_line_push (line, tb_game_get_move (self->game, ply));
  switch (tb_ai_answer_draw (line, seat, NULL))
    {
    case TB_DRAW_ACCEPT:
      *accepted = TRUE;
      /* Translators: the computer's answer to a draw offer: "Red accepts the draw: …". */
      return g_strdup_printf (_("%s accepts the draw: the game is level."), name);
    case TB_DRAW_DECLINE_AHEAD:
      *accepted = FALSE;
      return g_strdup_printf (_("%s declines the draw: it thinks it is ahead."), name);
    case TB_DRAW_DECLINE_DECISIVE:
      *accepted = FALSE;
      return g_strdup_printf (_("%s declines the draw: it sees how the game ends."), name);
    case TB_DRAW_DECLINE_BEHIND:
    default:
      *accepted = FALSE;
      return g_strdup_printf (_("%s declines the draw: the game is not level."), name);
    }
}

static void
offer_draw_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  g_autofree char *heading = NULL, *body = NULL;
  AdwMessageDialog *dialog;
  guint seat, other;

  if (self->game == NULL)
    return;
  seat = resigning_seat (self);
  other = 3 - seat;
  if (tb_game_get_computer_level (self->game, other) > 0)
    {
      gboolean accepted;
      g_autofree char *answer = describe_draw_answer (self, other, &accepted);

      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (answer));
      if (accepted)
        tb_game_finish (self->game, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED);
      /* After the end's own words, which the finish writes there. */
      gtk_label_set_text (self->status_label, answer);
      return;
    }
  /* Translators: a draw offered at one screen: "White offers a draw". */
  heading = g_strdup_printf (_("%s offers a draw"), tb_seat_label (self->game, seat));
  /* Translators: the question to the other player: "Red, do you accept?". */
  body = g_strdup_printf (_("%s, do you accept?"), tb_seat_label (self->game, other));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_responses (dialog, "decline", _("_Decline"), "accept", _("_Accept"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "accept", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (dialog, "decline");
  g_signal_connect (dialog, "response", G_CALLBACK (on_draw_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_hint_found (GObject *source, GAsyncResult *result, gpointer data)
{
  TbWindow *self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *move = NULL;
  TbAiResult found;

  if (!tb_ai_think_finish (result, &found, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->status_label, error->message);
      g_object_unref (self);
      return;
    }
  move = tb_game_format_move (self->game, found.move);
  tb_board_view_show_hint (self->board_view, found.move);
  /* Translators: the move the computer suggests: "Hint: c1-e3". */
  text = g_strdup_printf (_("Hint: %s"), move);
  gtk_label_set_text (self->status_label, text);
  g_object_unref (self);
}

/* H: the computer's choice (at the normal level) for the person to move,
 * shown on the board, not played. */
static void
hint_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);
  TbAiLimits limits;

  if (self->game == NULL)
    return;
  if (tb_game_is_over (self->game) || computer_to_move (self))
    return;
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  self->hint_cancellable = g_cancellable_new ();
  tb_ai_level_limits (tb_game_get_rules (self->game), 3, &limits, NULL);
  gtk_label_set_text (self->status_label, _("Looking for a good move…"));
  tb_ai_think_async (self->game, &limits, g_random_int (), self->hint_cancellable, on_hint_found,
                     g_object_ref (self));
}

static void
toggle_panel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

static void
pass_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbWindow *self = TB_WINDOW (widget);

  if (self->game == NULL)
    return;
  tb_game_play (self->game, TB_MOVE_PASS, NULL);
}

static void
next_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  start_next_game (TB_WINDOW (widget));
}

/* A narrow window (the panel folded away) keeps only the title in its
 * header; undo, redo and hint go to a bar at the bottom.  The flap folds
 * while it is being allocated, so the buttons move at the next idle:
 * changing them then and there would resize the header in the middle of
 * its allocation. */
static gboolean
apply_fold (gpointer data)
{
  TbWindow *self = data;
  gboolean folded = adw_flap_get_folded (self->flap);

  self->fold_idle = 0;
  gtk_widget_set_visible (self->header_undo, !folded);
  gtk_widget_set_visible (self->header_redo, !folded);
  gtk_action_bar_set_revealed (self->narrow_bar, folded);
  return G_SOURCE_REMOVE;
}

static void
on_folded_changed (TbWindow *self)
{
  if (self->fold_idle == 0)
    self->fold_idle = g_idle_add (apply_fold, self);
}

static void
bind_settings (TbWindow *self)
{
  GSettings *settings = tb_context_get_settings (self->context);

  g_settings_bind (settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-legal-moves", self->board_view, "show-legal-moves",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "show-coordinates", self->board_view, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "animation-speed", self->board_view, "animation-speed",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "hide-opponent-pieces", self->board_view, "hide-opponent-pieces",
                   G_SETTINGS_BIND_GET);
}

/* What happened to the game database (a damaged file moved aside), said
 * once the window shows: too long, and too important, for a toast. */
static void
tell_store_notice (TbWindow *self)
{
  AdwMessageDialog *dialog;

  g_signal_handlers_disconnect_by_func (self, tell_store_notice, NULL);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Game Database"),
                                                       tb_context_get_store_notice (self->context)));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The unfinished game played last, ready to continue from the picker. */
static void
resume_last_game (TbWindow *self)
{
  TbStore *store = tb_context_get_store (self->context);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) game = NULL;
  gint64 id = store ? tb_store_last_unfinished (store) : 0;

  if (id == 0)
    return;
  game = tb_store_load_game (store, id, &error);
  if (game == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }
  tb_window_resume_game (self, game, id);
}

static void
tb_window_constructed (GObject *object)
{
  TbWindow *self = TB_WINDOW (object);

  G_OBJECT_CLASS (tb_window_parent_class)->constructed (object);

  g_assert (self->context != NULL);
  bind_settings (self);
  tb_window_history_set_store (self, tb_context_get_store (self->context));
  resume_last_game (self);
  tb_window_show_games (self);
  if (tb_context_get_store_notice (self->context))
    g_signal_connect (self, "map", G_CALLBACK (tell_store_notice), NULL);
}

static void
tb_window_dispose (GObject *object)
{
  TbWindow *self = TB_WINDOW (object);

  g_clear_handle_id (&self->fold_idle, g_source_remove);
  g_clear_weak_pointer (&self->record_toast);
  tb_window_history_dispose (self);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  if (self->computer)
    g_signal_handlers_disconnect_by_data (self->computer, self);
  g_clear_object (&self->computer);
  g_clear_object (&self->game);
  g_clear_object (&self->match);
  gtk_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_WINDOW);
  g_clear_object (&self->context);
  G_OBJECT_CLASS (tb_window_parent_class)->dispose (object);
}

static void
tb_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbWindow *self = TB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TbWindow *self = TB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
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

  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, TB_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TB_TYPE_BOARD_VIEW);
  g_type_ensure (TB_TYPE_GAME_PICKER);
  g_type_ensure (TB_TYPE_MOVE_ENTRY);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, picker);
  gtk_widget_class_bind_template_callback (widget_class, on_picker_play);
  gtk_widget_class_bind_template_callback (widget_class, on_picker_resume);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, header_undo);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, header_redo);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, narrow_bar);
  gtk_widget_class_bind_template_callback (widget_class, on_folded_changed);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, seats_box);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, match_label);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, amount_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, pass_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, turn_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, piece_revealer);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, piece_label);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, pass_label);
  gtk_widget_class_bind_template_child_full (widget_class, "amount1_button", FALSE,
                                             G_STRUCT_OFFSET (TbWindow, amount_buttons[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "amount2_button", FALSE,
                                             G_STRUCT_OFFSET (TbWindow, amount_buttons[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "amount3_button", FALSE,
                                             G_STRUCT_OFFSET (TbWindow, amount_buttons[2]));
  gtk_widget_class_bind_template_child (widget_class, TbWindow, moves_list);
  gtk_widget_class_bind_template_child (widget_class, TbWindow, moves_scroller);
  gtk_widget_class_bind_template_callback (widget_class, on_move_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_move_chosen);
  gtk_widget_class_bind_template_callback (widget_class, on_amounts_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_amount_button_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_pending_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_held_piece_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_hint_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_board_announce);

  tb_window_review_class_init (widget_class);
  tb_window_history_class_init (widget_class);
  tb_window_help_class_init (widget_class);
  tb_window_correspondence_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-panel", NULL, toggle_panel_action);
  gtk_widget_class_install_action (widget_class, "win.next-game", NULL, next_game_action);
  gtk_widget_class_install_action (widget_class, "win.pass", NULL, pass_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.show-games", NULL, show_games_action);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_action);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL, offer_draw_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, 0, "win.hint", NULL);
  gtk_widget_class_install_action (widget_class, "win.turn", "u", turn_action);
  gtk_widget_class_install_action (widget_class, "win.turn-piece", "b", turn_piece_action);
  gtk_widget_class_install_action (widget_class, "win.put-back-piece", NULL,
                                   put_back_piece_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-panel", NULL);
}

/* For the start-up benchmark (build-aux/bench-ui): the application quits
 * once the window has painted its first frame. */
static void
quit_after_paint (GdkFrameClock *clock, TbWindow *self)
{
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
  gtk_widget_init_template (GTK_WIDGET (self));
  apply_fold (self);
  tb_window_history_init (self);
  if (g_getenv ("TABLIER_QUIT_AFTER_FIRST_FRAME"))
    g_signal_connect (self, "map", G_CALLBACK (on_mapped_for_benchmark), NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.turn-piece", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.put-back-piece", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.confirm-move", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-move", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.back-to-game", FALSE);
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

TbGame *
tb_window_get_game (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return self->game;
}

TbBoardView *
tb_window_get_board_view (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return self->board_view;
}

TbComputerPlayer *
tb_window_get_computer (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return self->computer;
}

const char *
tb_window_get_status_text (TbWindow *self)
{
  g_return_val_if_fail (TB_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->status_label);
}
