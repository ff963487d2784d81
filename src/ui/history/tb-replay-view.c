/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-replay-view.c: a stored game, replayed
 *
 * The board beside a panel: the moves, the comment of the move shown,
 * the opening explorer when asked for (tb-explorer-panel.h), and the
 * buttons to step through.  A move played on the board is a variation
 * where the replay stands, edited in the move tree (tb-move-tree.h); the
 * evaluation bar (tb-eval-bar.h) stands beside the board.  A comment is saved as
 * the user types (tb-autosave.h: one save at a time, the latest last),
 * and the stored game keeps the ply it was left at, so that replaying an
 * unfinished game does not move its place.  Resume, Continue, Export and
 * Delete are the history page's actions (history.*).
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-a11y.h"
#include "tb-analysis-panel.h"
#include "tb-autosave.h"
#include "tb-board-view.h"
#include "tb-eval-bar.h"
#include "tb-eval-graph.h"
#include "tb-explorer-panel.h"
#include "tb-history-text.h"
#include "tb-move-describe.h"
#include "tb-move-tree.h"
#include "tb-replay-view.h"
#include "tb-toast.h"

struct _TbReplayView
{
  GtkWidget parent_instance;

  gint64 id;
  TbGame *game;
  TbAutosave *autosave;      /* writes the comments */
  gboolean filling;          /* the comment is being shown, not typed */

  /* Template widgets */
  AdwWindowTitle *title;
  TbBoardView *board;
  GtkTextView *comment_view;
  GtkLabel *comment_label;
  GtkLabel *summary_label;
  TbMoveTree *move_tree;
  TbEvalBar *eval_bar;
  GtkWidget *menu_button;
  TbEvalGraph *eval_graph;
  TbAnalysisPanel *analysis_panel;
  AdwFlap *flap;
  TbExplorerPanel *explorer;
};

G_DEFINE_FINAL_TYPE (TbReplayView, tb_replay_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SHOW_EXPLORER,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum
{
  SIGNAL_SHOW_GAMES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_comment (TbReplayView *self)
{
  guint ply = tb_game_get_ply (self->game);
  const char *comment = tb_game_get_comment (self->game, ply);
  g_autofree char *heading = NULL;

  self->filling = TRUE;
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->comment_view),
                            comment ? comment : "", -1);
  self->filling = FALSE;
  if (ply)
    {
      g_autofree char *move = tb_describe_numbered_move (self->game, ply);

      /* Translators: the heading of a move's comment: "Comment on move
       * 6. h6-g5" (numbered as in the move list). */
      heading = g_strdup_printf (_("Comment on move %s"), move);
    }
  else
    heading = g_strdup (_("Comment on the game"));
  gtk_label_set_text (self->comment_label, heading);
}

static void
on_position_changed (TbReplayView *self)
{
  guint ply = tb_game_get_ply (self->game);
  guint n = tb_game_get_n_plies (self->game);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.first", ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.back", ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.forward", ply < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.last", ply < n);
  show_comment (self);
}

static void
on_ply_activated (TbReplayView *self, guint ply)
{
  tb_replay_view_go_to (self, ply);
}

/* Variations, glyphs or the tree changed: saved as comments are. */
static void
on_tree_edited (TbReplayView *self)
{
  if (self->autosave)
    tb_autosave_save (self->autosave);
  tb_eval_graph_refresh (self->eval_graph);
}

/* An analysis was applied to the game: saved, and its marks shown. */
static void
on_analysed (TbReplayView *self)
{
  if (self->autosave)
    tb_autosave_save (self->autosave);
  tb_move_tree_refresh (self->move_tree);
  tb_eval_graph_refresh (self->eval_graph);
  tb_eval_bar_refresh (self->eval_bar);
}

/* ---- the analysis board (tb-move-tree.h) ---- */

/* A move played on the board where the replay stands: a variation there
 * (never over the main line), or the move already there, followed. */
static void
on_move_chosen (TbReplayView *self, guint64 move)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL)
    return;
  if (!tb_game_play_full (self->game, move, TB_PLAY_ADD_VARIATION, &error))
    tb_toast_show_text (GTK_WIDGET (self), error->message);
  else
    on_tree_edited (self);
}

static void
on_comment_requested (TbReplayView *self)
{
  adw_flap_set_reveal_flap (self->flap, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->comment_view));
}

static void
glyph_key_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_move_tree_press_glyph_key (TB_REPLAY_VIEW (widget)->move_tree,
                                *g_variant_get_string (parameter, NULL));
}

/* ---- the explorer ---- */

static void
set_show_explorer (TbReplayView *self, gboolean show)
{
  if (show == gtk_widget_get_visible (GTK_WIDGET (self->explorer)))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->explorer), show);
  /* Asked for on a narrow window, where the panel is folded away. */
  if (show)
    adw_flap_set_reveal_flap (self->flap, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SHOW_EXPLORER]);
}

static void
on_explorer_show_games (TbReplayView *self, gint64 key)
{
  g_signal_emit (self, signals[SIGNAL_SHOW_GAMES], 0, key);
}

/* ---- stepping ---- */

static void
first_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_replay_view_go_to (TB_REPLAY_VIEW (widget), 0);
}

static void
back_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbReplayView *self = TB_REPLAY_VIEW (widget);
  guint ply = self->game ? tb_game_get_ply (self->game) : 0;

  if (ply > 0)
    tb_replay_view_go_to (self, ply - 1);
}

static void
forward_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbReplayView *self = TB_REPLAY_VIEW (widget);

  if (self->game)
    tb_replay_view_go_to (self, tb_game_get_ply (self->game) + 1);
}

static void
last_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbReplayView *self = TB_REPLAY_VIEW (widget);

  if (self->game)
    tb_replay_view_go_to (self, tb_game_get_n_plies (self->game));
}

/* ---- comments ---- */

static void
on_comment_changed (TbReplayView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->comment_view);
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->filling || self->game == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  tb_replay_view_set_comment (self, text);
}

void
tb_replay_view_set_comment (TbReplayView *self, const char *comment)
{
  g_autofree char *text = g_strstrip (g_strdup (comment ? comment : ""));

  g_return_if_fail (TB_IS_REPLAY_VIEW (self));
  g_return_if_fail (self->game != NULL);

  tb_game_set_comment (self->game, tb_game_get_ply (self->game), *text ? text : NULL);
  if (self->autosave)
    tb_autosave_save (self->autosave);
}

gboolean
tb_replay_view_get_saving (TbReplayView *self)
{
  g_return_val_if_fail (TB_IS_REPLAY_VIEW (self), FALSE);
  return self->autosave && tb_autosave_get_busy (self->autosave);
}

/* ---- the game ---- */

/* "White: Alice"; nothing for a seat without a name, which the game's
 * sentences already call by its colour. */
static void
append_seat (GString *text, TbGame *game, guint seat)
{
  const char *colour = _(tb_rules_get_seat_name (tb_game_get_rules (game), seat));
  const char *name = tb_game_get_player_name (game, seat);

  if (name == NULL)
    return;
  /* Translators: a seat's colour and who played it: "White: Alice". */
  g_string_append_printf (text, _("%s: %s"), colour, name);
  g_string_append_c (text, '\n');
}

/* The players by colour, then the result with its score and why the game
 * ended ("Alice wins 7–5. Every target holds a pawn."), from the end of
 * the game whatever move is shown. */
static void
show_summary (TbReplayView *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *state = NULL;

  append_seat (text, self->game, 1);
  append_seat (text, self->game, 2);
  if (tb_game_get_result (self->game) == TB_RESULT_NONE)
    g_string_append (text, _("Unfinished"));
  else
    g_string_append (text, (state = tb_describe_state (self->game)));
  gtk_label_set_text (self->summary_label, text->str);
}

static void
forget_game (TbReplayView *self)
{
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  tb_analysis_panel_set_game (self->analysis_panel, NULL);
  tb_eval_graph_set_game (self->eval_graph, NULL);
  tb_eval_bar_set_game (self->eval_bar, NULL);
  tb_move_tree_set_game (self->move_tree, NULL);
  g_clear_object (&self->game);
  /* A comment still being written is written all the same. */
  g_clear_object (&self->autosave);
}

void
tb_replay_view_show (TbReplayView *self, TbStore *store, gint64 id, TbGame *game)
{
  g_autofree char *players = NULL, *result = NULL;

  g_return_if_fail (TB_IS_REPLAY_VIEW (self));
  g_return_if_fail (TB_IS_STORE (store));
  g_return_if_fail (TB_IS_GAME (game));

  forget_game (self);
  self->game = g_object_ref (game);
  self->id = id;
  self->autosave = tb_autosave_new_at_ply (store, game, id, tb_game_get_ply (game));
  tb_game_go_to_ply (game, tb_game_get_n_plies (game));
  show_summary (self);

  adw_window_title_set_title (self->title, _(tb_rules_get_name (tb_game_get_rules (game))));
  /* Translators: the two players of a game replayed, and its result:
   * "Alice – Red · Red won". */
  players = g_strdup_printf (_("%s – %s · %s"), tb_seat_label (game, 1), tb_seat_label (game, 2),
                             (result = tb_history_result_text (
                                tb_rules_get_id (tb_game_get_rules (game)),
                                tb_result_to_string (tb_game_get_result (game)),
                                tb_seat_label (game, 1), tb_seat_label (game, 2))));
  adw_window_title_set_subtitle (self->title, players);
  tb_board_view_set_game (self->board, game);
  tb_move_tree_set_game (self->move_tree, game);
  tb_eval_graph_set_game (self->eval_graph, game);
  tb_eval_bar_set_game (self->eval_bar, game);
  tb_analysis_panel_set_game (self->analysis_panel, game);
  g_signal_connect_swapped (game, "position-changed", G_CALLBACK (on_position_changed), self);
  on_position_changed (self);
  tb_explorer_panel_set_game (self->explorer, store, game);
}

void
tb_replay_view_bind_settings (TbReplayView *self, GSettings *settings)
{
  g_return_if_fail (TB_IS_REPLAY_VIEW (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_bind (settings, "show-coordinates", self->board, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "show-explorer", self, "show-explorer", G_SETTINGS_BIND_DEFAULT);
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

static void
tb_replay_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbReplayView *self = TB_REPLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHOW_EXPLORER:
      g_value_set_boolean (value, gtk_widget_get_visible (GTK_WIDGET (self->explorer)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_replay_view_set_property (GObject *object, guint prop_id, const GValue *value,
                             GParamSpec *pspec)
{
  TbReplayView *self = TB_REPLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHOW_EXPLORER:
      set_show_explorer (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_replay_view_dispose (GObject *object)
{
  TbReplayView *self = TB_REPLAY_VIEW (object);

  if (self->explorer)
    tb_explorer_panel_set_game (self->explorer, NULL, NULL);
  forget_game (self);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_REPLAY_VIEW);
  G_OBJECT_CLASS (tb_replay_view_parent_class)->dispose (object);
}

static void
tb_replay_view_class_init (TbReplayViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_replay_view_dispose;
  G_OBJECT_CLASS (klass)->get_property = tb_replay_view_get_property;
  G_OBJECT_CLASS (klass)->set_property = tb_replay_view_set_property;
  /* The explorer panel's visibility, bound to the show-explorer setting. */
  props[PROP_SHOW_EXPLORER] = g_param_spec_boolean ("show-explorer", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                      G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (G_OBJECT_CLASS (klass), N_PROPS, props);
  /* show-games (gint64 key): the games that reached the explorer's
   * position (of this key), to be listed. */
  signals[SIGNAL_SHOW_GAMES] =
    g_signal_new ("show-games", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "replay");

  g_type_ensure (TB_TYPE_BOARD_VIEW);
  g_type_ensure (TB_TYPE_MOVE_TREE);
  g_type_ensure (TB_TYPE_EVAL_BAR);
  g_type_ensure (TB_TYPE_EVAL_GRAPH);
  g_type_ensure (TB_TYPE_ANALYSIS_PANEL);
  g_type_ensure (TB_TYPE_EXPLORER_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-replay-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, title);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, board);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, comment_view);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, comment_label);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, move_tree);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, eval_bar);
  gtk_widget_class_bind_template_callback (widget_class, on_tree_edited);
  gtk_widget_class_bind_template_callback (widget_class, on_comment_requested);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, menu_button);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, analysis_panel);
  gtk_widget_class_bind_template_callback (widget_class, on_analysed);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, flap);
  gtk_widget_class_bind_template_child (widget_class, TbReplayView, explorer);
  gtk_widget_class_bind_template_callback (widget_class, on_ply_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_explorer_show_games);

  gtk_widget_class_install_action (widget_class, "replay.first", NULL, first_action);
  gtk_widget_class_install_action (widget_class, "replay.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "replay.forward", NULL, forward_action);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, last_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "replay.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "replay.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "replay.forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "replay.last", NULL);
  /* '!' and '?' on the board too: the move shown gets its glyph. */
  gtk_widget_class_install_action (widget_class, "replay.glyph-key", "s", glyph_key_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_exclam, 0, "replay.glyph-key", "s",
                                       "!");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, 0, "replay.glyph-key",
                                       "s", "?");
  gtk_widget_class_install_property_action (widget_class, "replay.show-explorer",
                                            "show-explorer");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "replay.show-explorer", NULL);
}

static void
tb_replay_view_init (TbReplayView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* GTK 4.8 leaves the button inside a menu button nameless. */
  tb_name_button_widget (self->menu_button, _("Game Menu"));
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->comment_view), "changed",
                            G_CALLBACK (on_comment_changed), self);
  g_signal_connect_object (tb_board_view_get_picker (self->board), "move-chosen",
                           G_CALLBACK (on_move_chosen), self, G_CONNECT_SWAPPED);
}
