/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-view.c: drawing a game, and turning clicks and keys into cells
 *
 * What a click means is the move picker's to say; how a move is shown
 * happening, the animation's; what the trays look like, the hands
 * painter's.  This widget draws the position (the board layer once, the
 * pieces every frame), lays out the cells that screen readers and the
 * keyboard focus use, and shows what it is asked to instead of the
 * game's position: an earlier ply, or a move proposed for confirmation.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "tb-board-animation.h"
#include "tb-board-cells.h"
#include "tb-board-hands.h"
#include "tb-board-paint.h"
#include "tb-board-texture.h"
#include "tb-board-view-private.h"
#include "tb-cell-describe.h"


G_DEFINE_FINAL_TYPE (TbBoardView, tb_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_INTERACTIVE,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_COORDINATES,
  PROP_ANIMATION_SPEED,
  PROP_HIDE_OPPONENT_PIECES,
  PROP_PROPOSAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- what is shown ---- */

static void
on_choice_changed (TbBoardView *self)
{
  tb_board_input_describe_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_move_played (TbGame *game, guint ply, guint64 move, TbBoardView *self)
{
  /* A confirmed proposal has been shown, and animated, already. */
  gboolean shown = self->proposal == move;

  tb_board_input_clear_proposal (self);
  tb_board_input_mark_last_move (self, ply);
  if (!shown)
    tb_board_view_animate (self, tb_game_get_position_at (game, ply - 1), move);
}

static void
on_position_changed (TbGame *game, TbBoardView *self)
{
  guint ply = tb_game_get_ply (game);

  tb_board_input_clear_proposal (self);
  self->shown_ply = -1;
  self->suggestion = TB_MOVE_NONE;
  /* Undo, redo and jumps in the move list are shown at once. */
  if (ply == 0 || !tb_board_view_is_animating (self))
    tb_board_input_mark_last_move (self, ply);
  on_choice_changed (self);
}

/* ---- layout and drawing ---- */

/* A cell per board cell, except on thumbnails; they take the keyboard
 * focus in every game, so that a screen reader can read the board cell by
 * cell (where pieces come from trays, the focus follows the held piece).
 * They stay while the computer thinks, so that the focus stays where the
 * player left it. */
static void
update_cells (TbBoardView *self)
{
  guint n = self->game && !self->hands_hidden ? tb_game_get_variant (self->game)->board.n_cells
                                              : 0;

  tb_board_cells_set_count (self->cells, n, TRUE);
  tb_board_cells_set_trays (self->cells, n > 0 && self->has_hands);
  if ((guint) self->focus_cell >= n)
    self->focus_cell = -1;
  tb_board_input_describe_cells (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Where the board (and the trays) lie in the widget: worked out on every
 * allocation and change of game, so that clicks and tests find the cells
 * before the next frame is drawn. */
static void
update_geometry (TbBoardView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  const TbBoardDesc *board;

  if (self->game == NULL || width <= 0 || height <= 0)
    {
      self->geometry.scale = 0;
      return;
    }
  board = &tb_game_get_variant (self->game)->board;
  if (self->has_hands)
    tb_hand_layout_fit (&self->hand_layout, &self->geometry, board, width, height,
                        self->show_coordinates);
  else
    tb_board_geometry_fit (&self->geometry, board, width, height, self->show_coordinates);
}

static void
tb_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);

  update_geometry (self);
  if (self->game)
    tb_board_cells_allocate (self->cells, &self->geometry,
                             &tb_game_get_variant (self->game)->board);
  if (self->game && self->has_hands)
    tb_board_cells_allocate_trays (self->cells, &self->hand_layout);
}

/* The cell whose widget has the keyboard focus, when the focus should be
 * seen (the user moves it with keys), or -1. */
static int
focus_ring_cell (TbBoardView *self)
{
  GtkWidget *cell = tb_board_cells_get (self->cells, self->focus_cell);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (cell == NULL || !gtk_widget_has_focus (cell))
    return -1;
  if (GTK_IS_WINDOW (root) && !gtk_window_get_focus_visible (GTK_WINDOW (root)))
    return -1;
  return self->focus_cell;
}

/* The hint, as the painter wants it: cells of a piece to lay, or a move
 * from one cell to another. */
static void
paint_suggestion (TbBoardView *self, TbBoardPaint *paint)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbPosition *pos = tb_game_get_position (self->game);
  TbEffect effects[TB_MAX_EFFECTS];
  guint n;

  paint->hint_from = paint->hint_to = -1;
  if (self->suggestion == TB_MOVE_NONE || self->suggestion == TB_MOVE_PASS)
    return;
  n = tb_variant_move_effects (v, pos, self->suggestion, effects);
  for (guint i = 0; i < n && paint->n_hint_cells < TB_MAX_SHAPE_CELLS; i++)
    if (effects[i].kind == TB_EFFECT_PLACE)
      paint->hint_cells[paint->n_hint_cells++] = effects[i].to;
  if (paint->n_hint_cells == 0)
    tb_variant_move_cells (v, pos, self->suggestion, &paint->hint_from, &paint->hint_to);
}

/* Where the selected piece may go, where the held piece may be laid, and
 * the cells that tell jumps apart: shown with the legal-moves setting;
 * a pending choice is shown always. */
static void
mark_choice (TbBoardView *self, TbBoardPaint *paint, gboolean *dest, gboolean *via)
{
  TbPickerPending pending = tb_move_picker_get_pending (self->picker);
  const TbPlacement *held = tb_move_picker_get_placement (self->picker);

  if (self->show_legal_moves || pending != TB_PICKER_PENDING_NONE)
    tb_move_picker_mark_destinations (self->picker, dest, via);
  if (held->shape >= 0 && self->show_legal_moves)
    tb_placement_targets (held, self->game, dest);
  paint->destinations = dest;
  if (pending == TB_PICKER_PENDING_PATH)
    paint->via = via;
  if (held->legal)
    {
      paint->turning_groups = held->turning;
      paint->turning_owner = tb_game_get_to_move (self->game);
    }
}

/* The pieces: as they stand, or on their way while a move is shown. */
static void
set_pieces (TbBoardView *self, TbBoardPaint *paint, TbPieceDesc *pieces)
{
  guint phase = 0;
  double t = 0;

  if (tb_board_animation_progress (&self->animation, &phase, &t))
    {
      paint->pieces = self->animation.pieces;
      paint->n_pieces = self->animation.n_pieces;
      paint->effects = self->animation.effects;
      paint->n_effects = self->animation.n_effects;
      paint->phase = phase;
      paint->t = t;
      self->geometry.disc_angle = G_PI / 4 *
                                  tb_board_animation_disc_turn (&self->animation, phase, t);
      return;
    }
  paint->n_pieces = tb_variant_describe_pieces (paint->variant, tb_board_view_shown_position (self), pieces);
  paint->pieces = pieces;
  self->geometry.disc_angle = G_PI / 4 * tb_variant_disc_turn (paint->variant,
                                                               tb_board_view_shown_position (self));
}

static void
paint_hands (TbBoardView *self, cairo_t *cr, PangoLayout *pango, gboolean dark)
{
  TbBoardHands hands = {
    .game = self->game,
    .position = tb_board_view_shown_position (self),
    .picker = self->picker,
    .geometry = &self->geometry,
    .layout = &self->hand_layout,
    .dark = dark,
    .hide_opponent = self->hide_opponent_pieces,
    .interactive = self->interactive,
    .animating = tb_board_animation_is_running (&self->animation),
    .hover_slot = self->hover_slot,
    .pointer_in = self->pointer_in,
    .pointer_x = self->pointer_x,
    .pointer_y = self->pointer_y,
  };

  tb_board_hands_paint (&hands, cr, pango);
}

static void
tb_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  AdwStyleManager *style = adw_style_manager_get_default ();
  TbBoardPaint paint = { 0 };
  gboolean dest[TB_MAX_CELLS] = { FALSE }, via[TB_MAX_CELLS] = { FALSE };
  TbPieceDesc pieces[TB_MAX_PIECES];
  GdkTexture *board;
  cairo_t *cr;

  if (self->game == NULL || width <= 0 || height <= 0)
    return;
  update_geometry (self);
  paint.variant = tb_game_get_variant (self->game);
  paint.geometry = &self->geometry;
  paint.selected = tb_move_picker_get_selected (self->picker);
  paint.focus = focus_ring_cell (self);
  paint.hover = self->interactive && !self->has_hands ? self->hover : -1;
  paint.last_from = self->last_from;
  paint.last_to = self->last_to;
  paint.show_coordinates = self->show_coordinates;
  paint.dark = adw_style_manager_get_dark (style);
  paint.high_contrast = adw_style_manager_get_high_contrast (style);
  paint_suggestion (self, &paint);
  mark_choice (self, &paint, dest, via);
  set_pieces (self, &paint, pieces);
  paint.layout = gtk_widget_create_pango_layout (widget, NULL);
  paint.piece_cache = self->piece_cache;

  board = tb_board_texture_get (&self->board_texture, &paint, width, height,
                                gtk_widget_get_scale_factor (widget));
  gtk_snapshot_append_texture (snapshot, board, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  tb_board_paint_dynamic (&paint, cr);
  if (self->has_hands)
    paint_hands (self, cr, paint.layout, paint.dark);
  g_object_unref (paint.layout);
  cairo_destroy (cr);
}

/* ---- the keyboard focus ---- */

/* The board gives its focus to a cell, when it has cells that take it. */
static gboolean
tb_board_view_grab_focus (GtkWidget *widget)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);
  int start = tb_board_input_starting_focus_cell (self);
  GtkWidget *cell = self->cells ? tb_board_cells_get (self->cells, start) : NULL;

  if (cell)
    return gtk_widget_grab_focus (cell);
  return GTK_WIDGET_CLASS (tb_board_view_parent_class)->grab_focus (widget);
}

/* Tab enters the board at one cell and leaves it from there: the arrows,
 * not Tab, go from cell to cell. */
static gboolean
tb_board_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);

  if (self->cells == NULL || tb_board_cells_get_count (self->cells) == 0)
    return GTK_WIDGET_CLASS (tb_board_view_parent_class)->focus (widget, direction);
  if (gtk_widget_get_focus_child (widget) != NULL)
    return FALSE;
  return gtk_widget_grab_focus (widget);
}

static void
tb_board_view_set_focus_child (GtkWidget *widget, GtkWidget *child)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);
  int cell = child && self->cells ? tb_board_cells_index_of (self->cells, child) : -1;

  GTK_WIDGET_CLASS (tb_board_view_parent_class)->set_focus_child (widget, child);
  if (cell >= 0)
    self->focus_cell = cell;
  gtk_widget_queue_draw (widget);
}

/* ---- the widget ---- */

static void
tb_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);

  /* Small enough for a 360 px wide window; the board scales to fit. */
  *minimum = MIN (160, self->natural_size ? self->natural_size : 160);
  *natural = self->natural_size ? self->natural_size : 400;
}

static void
on_style_changed (TbBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
tb_board_view_dispose (GObject *object)
{
  TbBoardView *self = TB_BOARD_VIEW (object);

  tb_board_animation_stop (&self->animation);
  tb_board_view_set_game (self, NULL);
  if (self->picker)
    g_signal_handlers_disconnect_by_data (self->picker, self);
  g_clear_object (&self->picker);
  g_clear_pointer (&self->cells, tb_board_cells_free);
  tb_board_texture_clear (&self->board_texture);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  G_OBJECT_CLASS (tb_board_view_parent_class)->dispose (object);
}

static void
tb_board_view_finalize (GObject *object)
{
  TbBoardView *self = TB_BOARD_VIEW (object);

  g_free (self->animation_speed);
  tb_position_free (self->proposal_position);
  tb_piece_cache_free (self->piece_cache);
  G_OBJECT_CLASS (tb_board_view_parent_class)->finalize (object);
}

static void
tb_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbBoardView *self = TB_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_ANIMATION_SPEED:
      g_value_set_string (value, self->animation_speed);
      break;
    case PROP_HIDE_OPPONENT_PIECES:
      g_value_set_boolean (value, self->hide_opponent_pieces);
      break;
    case PROP_PROPOSAL:
      g_value_set_uint64 (value, self->proposal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_board_view_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  TbBoardView *self = TB_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      tb_board_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_INTERACTIVE:
      tb_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_LEGAL_MOVES:
      tb_board_view_set_show_legal_moves (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      tb_board_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATION_SPEED:
      tb_board_view_set_animation_speed (self, g_value_get_string (value));
      break;
    case PROP_HIDE_OPPONENT_PIECES:
      tb_board_view_set_hide_opponent_pieces (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_board_view_class_init (TbBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tb_board_view_dispose;
  object_class->finalize = tb_board_view_finalize;
  object_class->get_property = tb_board_view_get_property;
  object_class->set_property = tb_board_view_set_property;
  widget_class->snapshot = tb_board_view_snapshot;
  widget_class->size_allocate = tb_board_view_size_allocate;
  widget_class->measure = tb_board_view_measure;
  widget_class->grab_focus = tb_board_view_grab_focus;
  widget_class->focus = tb_board_view_focus;
  widget_class->set_focus_child = tb_board_view_set_focus_child;

  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, TB_TYPE_GAME, rw);
  properties[PROP_INTERACTIVE] = g_param_spec_boolean ("interactive", NULL, NULL, FALSE, rw);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE, rw);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, FALSE, rw);
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_string ("animation-speed", NULL, NULL, "normal", rw);
  properties[PROP_HIDE_OPPONENT_PIECES] =
    g_param_spec_boolean ("hide-opponent-pieces", NULL, NULL, FALSE, rw);
  /* A move shown for confirmation, or TB_MOVE_NONE (0). */
  properties[PROP_PROPOSAL] =
    g_param_spec_uint64 ("proposal", NULL, NULL, 0, G_MAXUINT64, TB_MOVE_NONE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

/* Whatever the choice of a move changes is redrawn and told anew. */
static void
watch_picker (TbBoardView *self)
{
  static const char *const changes[] = { "notify::selected", "notify::move-amount",
                                         "notify::pending", "notify::held-piece",
                                         "notify::hint" };

  self->picker = tb_move_picker_new ();
  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    g_signal_connect_swapped (self->picker, changes[i], G_CALLBACK (on_choice_changed), self);
}

static void
tb_board_view_init (TbBoardView *self)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  self->hover = self->last_from = self->last_to = self->hover_slot = -1;
  self->focus_cell = self->shown_ply = -1;
  self->cells = tb_board_cells_new (GTK_WIDGET (self));
  self->piece_cache = tb_piece_cache_new ();
  self->show_legal_moves = TRUE;
  self->animation_speed = g_strdup ("normal");
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  watch_picker (self);
  tb_board_input_add_controllers (self);
  g_signal_connect_swapped (style, "notify::dark", G_CALLBACK (on_style_changed), self);
  g_signal_connect_swapped (style, "notify::high-contrast", G_CALLBACK (on_style_changed), self);
}

GtkWidget *
tb_board_view_new (void)
{
  return g_object_new (TB_TYPE_BOARD_VIEW, NULL);
}

/* ---- properties ---- */

TbGame *
tb_board_view_get_game (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), NULL);
  return self->game;
}

void
tb_board_view_set_game (TbBoardView *self, TbGame *game)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || TB_IS_GAME (game));

  if (self->game == game)
    return;
  tb_board_animation_stop (&self->animation);
  if (self->game)
    {
      g_clear_signal_handler (&self->move_played_id, self->game);
      g_clear_signal_handler (&self->position_changed_id, self->game);
    }
  g_set_object (&self->game, game);
  self->has_hands = game && tb_rules_has_hands (tb_game_get_rules (game)) && !self->hands_hidden;
  self->last_from = self->last_to = -1;
  /* The picker hears of a new position before the board shows it. */
  tb_move_picker_set_game (self->picker, game);
  if (game)
    {
      self->move_played_id = g_signal_connect (game, "move-played",
                                               G_CALLBACK (on_move_played), self);
      self->position_changed_id = g_signal_connect (game, "position-changed",
                                                    G_CALLBACK (on_position_changed), self);
    }
  self->focus_cell = -1;
  update_cells (self);
  if (game)
    on_position_changed (game, self);
  update_geometry (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

TbMovePicker *
tb_board_view_get_picker (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), NULL);
  return self->picker;
}

gboolean
tb_board_view_get_interactive (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
}

/* The shared body of the boolean setters: store, redraw, notify. */
static gboolean
set_flag (TbBoardView *self, gboolean *field, gboolean value, int prop)
{
  value = !!value;
  if (*field == value)
    return FALSE;
  *field = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  return TRUE;
}

void
tb_board_view_set_interactive (TbBoardView *self, gboolean interactive)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  if (set_flag (self, &self->interactive, interactive, PROP_INTERACTIVE) && !interactive)
    {
      tb_move_picker_select (self->picker, -1);
      tb_move_picker_put_back_piece (self->picker);
    }
}

gboolean
tb_board_view_get_show_legal_moves (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);
  return self->show_legal_moves;
}

void
tb_board_view_set_show_legal_moves (TbBoardView *self, gboolean show)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  set_flag (self, &self->show_legal_moves, show, PROP_SHOW_LEGAL_MOVES);
}

gboolean
tb_board_view_get_show_coordinates (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);
  return self->show_coordinates;
}

void
tb_board_view_set_show_coordinates (TbBoardView *self, gboolean show)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  if (set_flag (self, &self->show_coordinates, show, PROP_SHOW_COORDINATES))
    update_geometry (self);
}

const char *
tb_board_view_get_animation_speed (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), NULL);
  return self->animation_speed;
}

void
tb_board_view_set_animation_speed (TbBoardView *self, const char *speed)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  if (g_strcmp0 (self->animation_speed, speed) == 0)
    return;
  g_free (self->animation_speed);
  self->animation_speed = g_strdup (speed ? speed : "normal");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

gboolean
tb_board_view_is_animating (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);
  return tb_board_animation_is_running (&self->animation);
}

gboolean
tb_board_view_get_hide_opponent_pieces (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);
  return self->hide_opponent_pieces;
}

void
tb_board_view_set_hide_opponent_pieces (TbBoardView *self, gboolean hide)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  set_flag (self, &self->hide_opponent_pieces, hide, PROP_HIDE_OPPONENT_PIECES);
}

void
tb_board_view_set_natural_size (TbBoardView *self, int size)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  self->natural_size = size;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
tb_board_view_set_show_hands (TbBoardView *self, gboolean show)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  self->hands_hidden = !show;
  self->has_hands = show && self->game && tb_rules_has_hands (tb_game_get_rules (self->game));
  /* A thumbnail is a picture: no cells, no focus. */
  gtk_widget_set_focusable (GTK_WIDGET (self), show);
  update_cells (self);
  update_geometry (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- where things are ---- */

gboolean
tb_board_view_get_cell_center (TbBoardView *self, int cell, double *x, double *y)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL || self->geometry.scale <= 0)
    return FALSE;
  tb_board_geometry_cell_center (&self->geometry, &tb_game_get_variant (self->game)->board,
                                 cell, x, y);
  return TRUE;
}

int
tb_board_view_cell_at (TbBoardView *self, double x, double y)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), -1);

  return tb_board_view_cell_under (self, x, y);
}

gboolean
tb_board_view_get_slot_center (TbBoardView *self, guint seat, guint shape, double *x, double *y)
{
  const TbBoardDesc *board;
  TbTileCell cells[TB_MAX_SHAPE_CELLS];
  guint n;

  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);

  if (!self->has_hands || self->hand_layout.unit <= 0)
    return FALSE;
  board = &tb_game_get_variant (self->game)->board;
  if (shape >= board->n_shapes)
    return FALSE;
  n = tb_hand_layout_slot_cells (&self->hand_layout, board, seat, shape, cells);
  *x = cells[tb_tile_label (cells, n)].x;
  *y = cells[tb_tile_label (cells, n)].y;
  return TRUE;
}

/* ---- hints, proposals and looks back ---- */

void
tb_board_view_show_hint (TbBoardView *self, TbMove move)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  self->suggestion = move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

TbMove
tb_board_view_get_hint_move (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), TB_MOVE_NONE);
  return self->suggestion;
}

void
tb_board_view_set_shown_ply (TbBoardView *self, int ply)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  g_return_if_fail (self->game != NULL);
  g_return_if_fail (ply < (int) tb_game_get_ply (self->game) + 1);

  if (ply == (int) tb_game_get_ply (self->game))
    ply = -1;
  if (ply == self->shown_ply)
    return;
  tb_board_animation_stop (&self->animation);
  tb_board_input_clear_proposal (self);
  tb_move_picker_select (self->picker, -1);
  self->shown_ply = ply;
  tb_board_input_mark_last_move (self, ply >= 0 ? (guint) ply : tb_game_get_ply (self->game));
  on_choice_changed (self);
}

int
tb_board_view_get_shown_ply (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), -1);
  return self->shown_ply;
}
