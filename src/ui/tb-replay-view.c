/* tb-replay-view.c: a stored game, replayed
 *
 * The board (read-only) beside a panel: the moves, the comment of the
 * move shown, and the buttons to step through.  A comment is saved as the
 * user types (each change a short save), and the stored game keeps the
 * ply it was left at, so that replaying an unfinished game does not move
 * its place.  Continue, Export and Delete are the window's actions
 * (win.continue-from-here, win.export-game, win.delete-game).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-board-view.h"
#include "tb-move-describe.h"
#include "tb-a11y.h"
#include "tb-replay-view.h"

struct _TbReplayView
{
  GtkWidget parent_instance;

  TbStore *store;
  gint64 id;
  AdwFlap *flap;
  TbGame *game;
  guint stored_ply;          /* where the stored game stands */
  gboolean filling;          /* the comment is being shown, not typed */

  AdwWindowTitle *title;
  TbBoardView *board;
  GtkListBox *moves;
  GtkTextBuffer *comment;
  GtkLabel *comment_label;
  GtkWidget *buttons[4];     /* first, back, forward, last */
  GtkWidget *panel_button;
};

G_DEFINE_FINAL_TYPE (TbReplayView, tb_replay_view, GTK_TYPE_WIDGET)

/* ---- the move list ---- */

static void
fill_moves (TbReplayView *self)
{
  GtkWidget *child;
  guint n = tb_game_get_n_plies (self->game);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->moves))))
    gtk_list_box_remove (self->moves, child);
  for (guint ply = 0; ply <= n; ply++)
    {
      g_autofree char *move = ply ? tb_game_get_move_text (self->game, ply) : NULL;
      g_autofree char *text = ply == 0 ? g_strdup (_("Start position"))
                              : ply % 2 ? g_strdup_printf ("%u. %s", (ply + 1) / 2, move)
                                        : g_strdup_printf ("%u… %s", (ply + 1) / 2, move);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (self->moves, label);
    }
}

static void
show_comment (TbReplayView *self)
{
  guint ply = tb_game_get_ply (self->game);
  const char *comment = tb_game_get_comment (self->game, ply);
  g_autofree char *heading = NULL;

  self->filling = TRUE;
  gtk_text_buffer_set_text (self->comment, comment ? comment : "", -1);
  self->filling = FALSE;
  heading = ply ? g_strdup_printf (_("Comment on move %u"), ply) : g_strdup (_("Comment on the game"));
  gtk_label_set_text (self->comment_label, heading);
}

static void
on_position_changed (TbReplayView *self)
{
  guint ply = tb_game_get_ply (self->game);
  guint n = tb_game_get_n_plies (self->game);

  gtk_list_box_select_row (self->moves, gtk_list_box_get_row_at_index (self->moves, (int) ply));
  gtk_widget_set_sensitive (self->buttons[0], ply > 0);
  gtk_widget_set_sensitive (self->buttons[1], ply > 0);
  gtk_widget_set_sensitive (self->buttons[2], ply < n);
  gtk_widget_set_sensitive (self->buttons[3], ply < n);
  show_comment (self);
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, TbReplayView *self)
{
  tb_replay_view_go_to (self, (guint) gtk_list_box_row_get_index (row));
}

/* ---- stepping ---- */

static void
step (TbReplayView *self, int where)
{
  guint ply, n;

  if (self->game == NULL)
    return;
  ply = tb_game_get_ply (self->game);
  n = tb_game_get_n_plies (self->game);
  switch (where)
    {
    case 0:
      ply = 0;
      break;
    case 1:
      ply = ply ? ply - 1 : 0;
      break;
    case 2:
      ply = MIN (ply + 1, n);
      break;
    default:
      ply = n;
    }
  tb_replay_view_go_to (self, ply);
}

static void
on_step_clicked (GtkButton *button, TbReplayView *self)
{
  step (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "where")));
}

static gboolean
step_shortcut (GtkWidget *widget, GVariant *args, gpointer data)
{
  step (TB_REPLAY_VIEW (widget), g_variant_get_int32 (args));
  return TRUE;
}

/* ---- comments ---- */

static void
on_comment_changed (TbReplayView *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->filling || self->game == NULL)
    return;
  gtk_text_buffer_get_bounds (self->comment, &start, &end);
  text = gtk_text_buffer_get_text (self->comment, &start, &end, FALSE);
  tb_replay_view_set_comment (self, text);
}

void
tb_replay_view_set_comment (TbReplayView *self, const char *comment)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strstrip (g_strdup (comment ? comment : ""));

  g_return_if_fail (TB_IS_REPLAY_VIEW (self));

  tb_game_set_comment (self->game, tb_game_get_ply (self->game), *text ? text : NULL);
  if (!tb_store_save_game_at (self->store, self->id, self->game, (int) self->stored_ply, &error))
    g_warning ("%s", error->message);
}

/* ---- building ---- */

static GtkWidget *
step_button (TbReplayView *self, int where, const char *icon, const char *label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  g_object_set_data (G_OBJECT (button), "where", GINT_TO_POINTER (where));
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  g_signal_connect (button, "clicked", G_CALLBACK (on_step_clicked), self);
  self->buttons[where] = button;
  return button;
}

static GtkWidget *
build_header (TbReplayView *self)
{
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  GtkWidget *menu = gtk_menu_button_new ();
  GMenu *actions = g_menu_new ();

  self->title = ADW_WINDOW_TITLE (adw_window_title_new ("", ""));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "win.show-history");
  gtk_widget_set_tooltip_text (back, _("History"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (back), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("History"), -1);
  g_menu_append (actions, _("_Resume the Game"), "win.resume-game");
  g_menu_append (actions, _("_Continue from Here"), "win.continue-from-here");
  g_menu_append (actions, _("_Export…"), "win.export-game");
  g_menu_append (actions, _("_Delete"), "win.delete-game");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu), G_MENU_MODEL (actions));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "view-more-symbolic");
  gtk_widget_set_tooltip_text (menu, _("Game Menu"));
  tb_name_button_widget (menu, _("Game Menu"));
  g_object_unref (actions);
  self->panel_button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (self->panel_button), "sidebar-show-right-symbolic");
  gtk_widget_set_tooltip_text (self->panel_button, _("Moves and Comments"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->panel_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves and Comments"), -1);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), back);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), menu);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->panel_button);
  return header;
}

/* Under the board, in reach on every size of window. */
static GtkWidget *
build_steps (TbReplayView *self)
{
  GtkWidget *steps = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_box_append (GTK_BOX (steps), step_button (self, 0, "go-first-symbolic",
                                                _("First Move (Home)")));
  gtk_box_append (GTK_BOX (steps), step_button (self, 1, "go-previous-symbolic",
                                                _("Back (Left)")));
  gtk_box_append (GTK_BOX (steps), step_button (self, 2, "go-next-symbolic",
                                                _("Forward (Right)")));
  gtk_box_append (GTK_BOX (steps), step_button (self, 3, "go-last-symbolic",
                                                _("Last Move (End)")));
  gtk_widget_set_halign (steps, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_bottom (steps, 12);
  gtk_widget_add_css_class (steps, "linked");
  return steps;
}

static GtkWidget *
build_panel (TbReplayView *self)
{
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *comment_view = gtk_text_view_new ();
  GtkWidget *comment_frame = gtk_frame_new (NULL);

  self->comment_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->comment_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->comment_label), "heading");
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->comment_label));
  self->comment = gtk_text_view_get_buffer (GTK_TEXT_VIEW (comment_view));
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (comment_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (comment_view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (comment_view), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (comment_view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (comment_view), 6);
  gtk_widget_set_size_request (comment_view, -1, 72);
  gtk_accessible_update_property (GTK_ACCESSIBLE (comment_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Comment"), -1);
  g_signal_connect_swapped (self->comment, "changed", G_CALLBACK (on_comment_changed), self);
  gtk_frame_set_child (GTK_FRAME (comment_frame), comment_view);
  gtk_box_append (GTK_BOX (panel), comment_frame);

  self->moves = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->moves), "boxed-list");
  gtk_widget_add_css_class (GTK_WIDGET (self->moves), "move-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->moves), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Moves"), -1);
  g_signal_connect (self->moves, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->moves));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (panel), scroller);
  gtk_widget_add_css_class (panel, "side-panel");
  gtk_widget_set_size_request (panel, 300, -1);
  return panel;
}

static void
tb_replay_view_init (TbReplayView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *flap = adw_flap_new ();
  GtkWidget *board_box;

  gtk_box_append (GTK_BOX (box), build_header (self));
  self->board = TB_BOARD_VIEW (tb_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->board), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board"), -1);
  /* The panel beside the board, or over it on narrow windows (its
   * button shows it); the steps stay under the board. */
  board_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (board_box), GTK_WIDGET (self->board));
  gtk_box_append (GTK_BOX (board_box), build_steps (self));
  adw_flap_set_content (ADW_FLAP (flap), board_box);
  adw_flap_set_flap (ADW_FLAP (flap), build_panel (self));
  adw_flap_set_flap_position (ADW_FLAP (flap), GTK_PACK_END);
  adw_flap_set_fold_threshold_policy (ADW_FLAP (flap), ADW_FOLD_THRESHOLD_POLICY_NATURAL);
  gtk_widget_set_vexpand (flap, TRUE);
  self->flap = ADW_FLAP (flap);
  g_object_bind_property (flap, "reveal-flap", self->panel_button, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  gtk_box_append (GTK_BOX (box), flap);
  gtk_widget_set_parent (box, GTK_WIDGET (self));
}

static void
tb_replay_view_dispose (GObject *object)
{
  TbReplayView *self = TB_REPLAY_VIEW (object);
  GtkWidget *child;

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->game);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (tb_replay_view_parent_class)->dispose (object);
}

static void
tb_replay_view_class_init (TbReplayViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_replay_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "replay");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Home, 0, step_shortcut, "i", 0);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, step_shortcut, "i", 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, step_shortcut, "i", 2);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_End, 0, step_shortcut, "i", 3);
}

GtkWidget *
tb_replay_view_new (void)
{
  return g_object_new (TB_TYPE_REPLAY_VIEW, NULL);
}

gboolean
tb_replay_view_open (TbReplayView *self, TbStore *store, gint64 id, GError **error)
{
  TbGame *game;
  g_autofree char *players = NULL;

  g_return_val_if_fail (TB_IS_REPLAY_VIEW (self), FALSE);

  game = tb_store_load_game (store, id, error);
  if (game == NULL)
    return FALSE;
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  self->game = game;
  g_set_object (&self->store, store);
  self->id = id;
  self->stored_ply = tb_game_get_ply (game);
  tb_game_go_to_ply (game, tb_game_get_n_plies (game));

  adw_window_title_set_title (self->title, _(tb_rules_get_name (tb_game_get_rules (game))));
  /* Translators: the two players of a game replayed. */
  players = g_strdup_printf (_("%s – %s"), tb_seat_label (game, 1), tb_seat_label (game, 2));
  adw_window_title_set_subtitle (self->title, players);
  tb_board_view_set_game (self->board, game);
  tb_board_view_set_interactive (self->board, FALSE);
  fill_moves (self);
  g_signal_connect_swapped (game, "position-changed", G_CALLBACK (on_position_changed), self);
  on_position_changed (self);
  return TRUE;
}

gint64
tb_replay_view_get_id (TbReplayView *self)
{
  g_return_val_if_fail (TB_IS_REPLAY_VIEW (self), 0);
  return self->id;
}

TbGame *
tb_replay_view_get_game (TbReplayView *self)
{
  g_return_val_if_fail (TB_IS_REPLAY_VIEW (self), NULL);
  return self->game;
}

void
tb_replay_view_go_to (TbReplayView *self, guint ply)
{
  g_return_if_fail (TB_IS_REPLAY_VIEW (self));

  if (self->game && ply <= tb_game_get_n_plies (self->game))
    tb_game_go_to_ply (self->game, ply);
}
