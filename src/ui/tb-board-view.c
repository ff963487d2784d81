/* tb-board-view.c: drawing a game, choosing moves by clicking, and the
 * move animations */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tb-board-cells.h"
#include "tb-board-paint.h"
#include "tb-board-view.h"
#include "tb-cell-describe.h"
#include "tb-hand-paint.h"
#include "tb-move-describe.h"
#include "tb-placement.h"

struct _TbBoardView
{
  GtkWidget parent_instance;

  TbGame *game;
  gulong move_played_id;
  gulong position_changed_id;

  gboolean interactive;
  gboolean show_legal_moves;
  gboolean show_coordinates;
  char *animation_speed;

  int selected;          /* cell, or -1 */
  guint amounts;         /* the amounts the moves from selected allow (bits) */
  guint amount;          /* the chosen one */
  int hover;             /* cell, or -1 */
  int last_from;         /* the last move, for a subtle mark */
  int last_to;

  TbBoardGeometry geometry;

  /* The board without its pieces, drawn once per size and style: a frame
   * then only draws what is on it (see tb_board_paint_static). */
  GdkTexture *board_texture;
  TbPieceCache *piece_cache;
  TbBoardGeometry board_texture_geometry;
  const TbVariant *board_texture_variant;
  int board_texture_width, board_texture_height, board_texture_scale;
  gboolean board_texture_dark, board_texture_coordinates;

  /* A widget per cell, for screen readers and the keyboard focus, while
   * the board is interactive; the cell the focus rests on (or last did). */
  TbBoardCells *cells;
  int focus_cell;

  /* Games where players lay pieces from a hand (Retournement): the trays,
   * the piece held, the pointer it follows. */
  gboolean has_hands;     /* the game lays pieces from hands, and they are shown */
  gboolean hands_hidden;  /* a thumbnail: the board alone */
  gboolean hide_opponent_pieces;
  TbHandLayout hand_layout;
  TbPlacement placement;
  guint32 playable;      /* the shapes the player to move can lay */
  int hover_slot;        /* the slot under the pointer in the mover's tray, or -1 */
  gboolean pointer_in;
  double pointer_x, pointer_y;
  char *hint;

  TbMove suggestion;     /* a hint shown on the board until the position changes */
  int natural_size;      /* what it asks for; 0: the default */

  /* Several legal moves end on the clicked cell: by different jumps (the
   * player clicks a cell to jump through) or by the turn of the disc
   * (the player chooses it). */
  TbBoardPending pending;
  TbMove candidates[64];
  guint n_candidates;

  /* The running animation: the pieces before the move and what happens. */
  int anim_turn;         /* the disc's turn before the move */
  TbPieceDesc anim_pieces[TB_MAX_PIECES];
  guint n_anim_pieces;
  TbEffect effects[TB_MAX_EFFECTS];
  guint n_effects;
  guint n_phases;
  double anim_value;      /* 0 .. n_phases */
  AdwAnimation *animation;

  /* What the board shows instead of the game's position: an earlier ply
   * (a look back, read-only), or the result of a move proposed for
   * confirmation. */
  int shown_ply;          /* or -1 */
  TbMove proposal;
  TbPosition *proposal_position;
};

G_DEFINE_FINAL_TYPE (TbBoardView, tb_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_INTERACTIVE,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_COORDINATES,
  PROP_ANIMATION_SPEED,
  PROP_AVAILABLE_AMOUNTS,
  PROP_MOVE_AMOUNT,
  PROP_PENDING,
  PROP_HIDE_OPPONENT_PIECES,
  PROP_HELD_PIECE,
  PROP_HINT,
  PROP_PROPOSAL,
  N_PROPS
};

enum
{
  MOVE_CHOSEN,
  ANNOUNCE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void describe_cells (TbBoardView *self);

/* Milliseconds per animation phase at "normal" speed. */
#define PHASE_MS 320.0

static double
phase_duration_ms (TbBoardView *self)
{
  const char *speed = self->animation_speed;

  if (g_strcmp0 (speed, "off") == 0)
    return 0;
  if (g_strcmp0 (speed, "slow") == 0)
    return PHASE_MS * 2.0;
  if (g_strcmp0 (speed, "fast") == 0)
    return PHASE_MS * 0.5;
  return PHASE_MS;
}

static void
stop_animation (TbBoardView *self)
{
  if (self->animation)
    {
      g_signal_handlers_disconnect_by_data (self->animation, self);
      adw_animation_reset (self->animation);
      g_clear_object (&self->animation);
    }
  self->n_effects = 0;
}

gboolean
tb_board_view_is_animating (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);
  return self->animation != NULL &&
         adw_animation_get_state (self->animation) == ADW_ANIMATION_PLAYING;
}

/* Where the animation stands: the phase and the progress in it, 0..1.
 * The animation's value runs from 0 to the number of phases. */
static gboolean
animation_progress (TbBoardView *self, guint *phase, double *t)
{
  if (self->n_effects == 0 || !tb_board_view_is_animating (self) ||
      self->anim_value >= self->n_phases)
    return FALSE;
  *phase = (guint) MAX (0, floor (self->anim_value));
  *t = CLAMP (self->anim_value - *phase, 0.0, 1.0);
  return TRUE;
}

static void
animation_step (double value, gpointer user_data)
{
  TbBoardView *self = user_data;

  self->anim_value = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
animation_done (TbBoardView *self)
{
  self->n_effects = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Animates move from before, phase by phase (the move, then each pull,
 * flip or capture).  AdwAnimation honours the system's "reduce
 * animation" setting (gtk-enable-animations) by going straight to the
 * end; the speed preference sets the length of a phase. */
static void
start_animation (TbBoardView *self, const TbPosition *before, TbMove move)
{
  TbVariant *v = tb_game_get_variant (self->game);
  double phase_ms = phase_duration_ms (self);

  stop_animation (self);
  if (phase_ms <= 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->n_anim_pieces = tb_variant_describe_pieces (v, before, self->anim_pieces);
  self->anim_turn = tb_variant_disc_turn (v, before);
  self->n_effects = tb_variant_move_effects (v, before, move, self->effects);
  self->n_phases = 0;
  for (guint i = 0; i < self->n_effects; i++)
    self->n_phases = MAX (self->n_phases, self->effects[i].phase + 1u);
  if (self->n_phases == 0)
    return;
  self->anim_value = 0;
  self->animation =
    adw_timed_animation_new (GTK_WIDGET (self), 0, self->n_phases,
                             (guint) (phase_ms * self->n_phases),
                             adw_callback_animation_target_new (animation_step, self, NULL));
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->animation), ADW_LINEAR);
  g_signal_connect_swapped (self->animation, "done", G_CALLBACK (animation_done), self);
  adw_animation_play (self->animation);
}

/* The position the board shows: a look back at an earlier ply, the
 * result of a proposed move, or the game's own. */
static const TbPosition *
shown_position (TbBoardView *self)
{
  if (self->shown_ply >= 0)
    return tb_game_get_position_at (self->game, (guint) self->shown_ply);
  if (self->proposal_position)
    return self->proposal_position;
  return tb_game_get_position (self->game);
}

static void select_cell (TbBoardView *self, int cell);
static void set_amounts (TbBoardView *self, guint amounts, guint amount);
static void reset_placement (TbBoardView *self);

/* The last move, marked on the board: where it came from and went; a
 * pass marks nothing. */
static void
mark_last_move (TbBoardView *self, guint ply)
{
  TbVariant *v = tb_game_get_variant (self->game);
  TbMove move = ply > 0 ? tb_game_get_move (self->game, ply) : TB_MOVE_NONE;

  self->last_from = self->last_to = -1;
  if (move != TB_MOVE_NONE && move != TB_MOVE_PASS)
    tb_variant_move_cells (v, tb_game_get_position_at (self->game, ply - 1), move,
                           &self->last_from, &self->last_to);
}

static void clear_proposal (TbBoardView *self);

static void
on_move_played (TbGame *game, guint ply, guint64 move, TbBoardView *self)
{
  /* A confirmed proposal has been shown, and animated, already. */
  gboolean shown = self->proposal == move;

  clear_proposal (self);
  mark_last_move (self, ply);
  if (!shown)
    start_animation (self, tb_game_get_position_at (game, ply - 1), move);
}

static void
on_position_changed (TbGame *game, TbBoardView *self)
{
  guint ply = tb_game_get_ply (game);

  select_cell (self, -1);
  tb_board_view_cancel_pending (self);
  reset_placement (self);
  clear_proposal (self);
  self->shown_ply = -1;
  self->suggestion = TB_MOVE_NONE;
  /* Undo, redo and jumps in the move list are shown at once. */
  if (ply == 0 || !tb_board_view_is_animating (self))
    mark_last_move (self, ply);
  describe_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* How many pieces of its stack a move takes; 0 where nothing splits. */
static guint
move_amount (TbBoardView *self, TbMove move)
{
  TbVariant *v = tb_game_get_variant (self->game);

  return tb_variant_move_amount (v, tb_game_get_position (self->game), move);
}

/* A legal move from -> to (to < 0: any) taking amount pieces (0: any). */
static TbMove
find_move (TbBoardView *self, int from, int to, guint amount)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbPosition *pos = tb_game_get_position (self->game);
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);

  for (guint i = 0; i < n; i++)
    {
      int f, t;

      if (moves[i] == TB_MOVE_PASS)
        continue;
      tb_variant_move_cells (v, pos, moves[i], &f, &t);
      if (f == from && (to < 0 || t == to) && (amount == 0 || move_amount (self, moves[i]) == amount))
        return moves[i];
    }
  return TB_MOVE_NONE;
}

/* The amounts the legal moves from cell allow, as bits. */
static guint
amounts_from (TbBoardView *self, int cell)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbPosition *pos = tb_game_get_position (self->game);
  guint n, bits = 0;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);

  for (guint i = 0; i < n; i++)
    {
      int f, t;

      if (moves[i] == TB_MOVE_PASS)
        continue;
      tb_variant_move_cells (v, pos, moves[i], &f, &t);
      if (f == cell)
        bits |= 1u << move_amount (self, moves[i]);
    }
  return bits;
}

/* The cells a move lands on, in order (from its MOVE effects). */
static guint
move_path (TbBoardView *self, TbMove move, int *cells)
{
  TbVariant *v = tb_game_get_variant (self->game);
  TbEffect effects[TB_MAX_EFFECTS];
  guint n = tb_variant_move_effects (v, tb_game_get_position (self->game), move, effects);
  guint len = 0;

  for (guint i = 0; i < n; i++)
    if (effects[i].kind == TB_EFFECT_MOVE)
      {
        if (len == 0)
          cells[len++] = effects[i].from;
        cells[len++] = effects[i].to;
      }
  return len;
}

/* How a move turns the disc: 0 not, 1 clockwise, 2 anticlockwise. */
static guint
move_turn (TbBoardView *self, TbMove move)
{
  TbVariant *v = tb_game_get_variant (self->game);
  TbEffect effects[TB_MAX_EFFECTS];
  guint n = tb_variant_move_effects (v, tb_game_get_position (self->game), move, effects);

  for (guint i = 0; i < n; i++)
    if (effects[i].kind == TB_EFFECT_ROTATE)
      return effects[i].amount;
  return 0;
}

static gboolean
same_path (TbBoardView *self, TbMove a, TbMove b)
{
  int pa[TB_MAX_EFFECTS + 1], pb[TB_MAX_EFFECTS + 1];
  guint la = move_path (self, a, pa), lb = move_path (self, b, pb);

  return la == lb && memcmp (pa, pb, la * sizeof (int)) == 0;
}

static void
set_pending (TbBoardView *self, TbBoardPending pending)
{
  if (self->pending == pending)
    return;
  self->pending = pending;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
}

static void
choose (TbBoardView *self, TbMove move)
{
  self->n_candidates = 0;
  set_pending (self, TB_BOARD_PENDING_NONE);
  select_cell (self, -1);
  g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint64) move);
}

/* Every legal move from -> to (with the chosen amount). */
static void
collect_candidates (TbBoardView *self, int from, int to)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbPosition *pos = tb_game_get_position (self->game);
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);

  self->n_candidates = 0;
  for (guint i = 0; i < n && self->n_candidates < G_N_ELEMENTS (self->candidates); i++)
    {
      int f, t;

      if (moves[i] == TB_MOVE_PASS)
        continue;
      tb_variant_move_cells (v, pos, moves[i], &f, &t);
      if (f == from && t == to && (self->amount == 0 || move_amount (self, moves[i]) == self->amount))
        self->candidates[self->n_candidates++] = moves[i];
    }
}

/* One move left: play it; the same jump with different turns: ask for the
 * turn; different jumps: ask for a cell to jump through. */
static void
resolve_candidates (TbBoardView *self)
{
  gboolean one_path = TRUE;

  if (self->n_candidates == 1)
    {
      choose (self, self->candidates[0]);
      return;
    }
  for (guint i = 1; i < self->n_candidates; i++)
    one_path &= same_path (self, self->candidates[0], self->candidates[i]);
  set_pending (self, one_path ? TB_BOARD_PENDING_TURN : TB_BOARD_PENDING_PATH);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A click while a path is being chosen: keep the jumps through cell, or,
 * on the destination itself, the shortest way there. */
static gboolean
choose_via (TbBoardView *self, int cell)
{
  guint kept = 0, shortest = G_MAXUINT;
  int from, to;
  TbVariant *v = tb_game_get_variant (self->game);

  tb_variant_move_cells (v, tb_game_get_position (self->game), self->candidates[0], &from, &to);
  if (cell == to)
    {
      int path[TB_MAX_EFFECTS + 1];

      for (guint i = 0; i < self->n_candidates; i++)
        shortest = MIN (shortest, move_path (self, self->candidates[i], path));
      for (guint i = 0; i < self->n_candidates; i++)
        if (move_path (self, self->candidates[i], path) == shortest)
          self->candidates[kept++] = self->candidates[i];
      self->n_candidates = kept;
      resolve_candidates (self);
      return TRUE;
    }

  for (guint i = 0; i < self->n_candidates; i++)
    {
      int path[TB_MAX_EFFECTS + 1];
      guint len = move_path (self, self->candidates[i], path);
      gboolean through = FALSE;

      for (guint j = 1; j + 1 < len; j++)
        through |= path[j] == cell;
      if (through)
        self->candidates[kept++] = self->candidates[i];
    }
  if (kept == 0)
    return FALSE;
  self->n_candidates = kept;
  resolve_candidates (self);
  return TRUE;
}

/* While a path is chosen: only the destination and the cells that tell
 * the jumps apart are shown. */
static void
paint_pending (TbBoardView *self, TbBoardPaint *paint, gboolean *dest, gboolean *via)
{
  int to, from;
  TbVariant *v = tb_game_get_variant (self->game);

  if (self->pending == TB_BOARD_PENDING_NONE || self->n_candidates == 0)
    return;
  memset (dest, 0, sizeof (gboolean) * TB_MAX_CELLS);
  tb_variant_move_cells (v, tb_game_get_position (self->game), self->candidates[0], &from, &to);
  dest[to] = TRUE;
  if (self->pending != TB_BOARD_PENDING_PATH)
    return;
  for (guint i = 0; i < self->n_candidates; i++)
    {
      int path[TB_MAX_EFFECTS + 1];
      guint len = move_path (self, self->candidates[i], path);

      for (guint j = 1; j + 1 < len; j++)
        via[path[j]] = TRUE;
    }
  paint->via = via;
}

static void
mark_destinations (TbBoardView *self, gboolean *dest)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbPosition *pos = tb_game_get_position (self->game);
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);

  for (guint i = 0; i < n; i++)
    {
      int f, t;

      if (moves[i] == TB_MOVE_PASS)
        continue;
      tb_variant_move_cells (v, pos, moves[i], &f, &t);
      if (f == self->selected && t >= 0 &&
          (self->amount == 0 || move_amount (self, moves[i]) == self->amount))
        dest[t] = TRUE;
    }
}

/* How far the disc has turned, in radians: the position's, or on its way
 * during the animation of a turn. */
static double
disc_angle (TbBoardView *self, gboolean animating, guint phase, double t)
{
  TbVariant *v = tb_game_get_variant (self->game);

  if (!tb_rules_has_disc (v->rules))
    return 0;
  if (!animating)
    return G_PI / 4 * tb_variant_disc_turn (v, shown_position (self));
  for (guint i = 0; i < self->n_effects; i++)
    {
      const TbEffect *e = &self->effects[i];
      double done = e->phase < phase ? 1 : e->phase == phase ? t : 0;

      if (e->kind == TB_EFFECT_ROTATE)
        return G_PI / 4 * (self->anim_turn + (e->amount == 1 ? done : -done));
    }
  return G_PI / 4 * self->anim_turn;
}

/* ---- laying pieces from a hand (Retournement) ---- */

static void
set_hint (TbBoardView *self, char *hint)
{
  if (g_strcmp0 (self->hint, hint) == 0)
    {
      g_free (hint);
      return;
    }
  g_free (self->hint);
  self->hint = hint;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT]);
}

static void
placement_changed (TbBoardView *self)
{
  set_hint (self, self->placement.shape >= 0 && self->game
                    ? tb_placement_describe (&self->placement, self->game) : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Nothing held; the trays show what the player to move can lay. */
static void
reset_placement (TbBoardView *self)
{
  gboolean was_held = self->placement.shape >= 0;

  tb_placement_init (&self->placement);
  self->playable = 0;
  if (self->has_hands && self->game && !tb_game_is_over (self->game))
    self->playable = tb_placement_playable_shapes (self->game);
  placement_changed (self);
  if (was_held)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD_PIECE]);
}

/* Under a tray's name: how many pieces are left in it ("9 pieces"). */
static char *
tray_count (guint32 hand, gboolean hidden)
{
  guint n;

  for (n = 0; hand; hand &= hand - 1)
    n++;
  if (hidden)
    /* Translators: under a tray whose pieces are hidden. */
    return g_strdup_printf (ngettext ("%u hidden piece", "%u hidden pieces", n), n);
  /* Translators: under a tray: the pieces a player has not laid yet. */
  return g_strdup_printf (ngettext ("%u piece", "%u pieces", n), n);
}

/* The piece held: on the board where it would go, elsewhere under the
 * pointer, at the board's scale. */
static void
paint_held (TbBoardView *self, cairo_t *cr, PangoLayout *layout)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbShapeDesc *d = &v->board.shapes[self->placement.shape];
  TbTileCell cells[TB_MAX_SHAPE_CELLS];
  guint n = 0;

  if (self->placement.anchor >= 0)
    {
      int board_cells[TB_MAX_SHAPE_CELLS];

      n = tb_placement_cells (&self->placement, self->game, board_cells);
      for (guint i = 0; i < n; i++)
        tb_board_geometry_cell_center (&self->geometry, &v->board, board_cells[i], &cells[i].x,
                                       &cells[i].y);
    }
  else if (self->pointer_in)
    {
      int grab_row, grab_col;

      tb_placement_grab_square (&v->board, (guint) self->placement.shape, self->placement.turn,
                                &grab_row, &grab_col);
      for (n = 0; n < d->n_cells; n++)
        {
          cells[n].x = self->pointer_x + (d->cells[self->placement.turn][n][1] - grab_col) *
                                           self->geometry.scale;
          cells[n].y = self->pointer_y + (d->cells[self->placement.turn][n][0] - grab_row) *
                                           self->geometry.scale;
        }
    }
  tb_hand_paint_held (cr, layout, &v->board, cells, n, self->geometry.scale,
                      tb_game_get_to_move (self->game), d->value, self->placement.anchor >= 0,
                      self->placement.legal);
}

static void
paint_hands (TbBoardView *self, cairo_t *cr, PangoLayout *layout, gboolean dark,
             gboolean animating)
{
  TbVariant *v = tb_game_get_variant (self->game);
  const TbPosition *pos = shown_position (self);
  gboolean over = tb_game_is_over (self->game);
  TbHandPaint paint = { &v->board, &self->hand_layout, layout, dark };
  g_autofree char *count1 = NULL, *count2 = NULL;

  paint.to_move = over ? 0 : tb_game_get_to_move (self->game);
  /* Hidden: the tray of the player not to move, while the game lasts. */
  paint.hidden_seat = self->hide_opponent_pieces && !over ? 3 - paint.to_move : 0;
  paint.playable = self->playable;
  paint.held_shape = self->placement.shape;
  paint.hover_shape = self->interactive ? self->hover_slot : -1;
  for (guint seat = 1; seat <= 2; seat++)
    {
      paint.hand[seat - 1] = tb_variant_hand (v, pos, seat);
      paint.names[seat - 1] = tb_seat_label (self->game, seat);
    }
  paint.counts[0] = count1 = tray_count (paint.hand[0], paint.hidden_seat == 1);
  paint.counts[1] = count2 = tray_count (paint.hand[1], paint.hidden_seat == 2);
  tb_hand_paint (&paint, cr);
  if (self->placement.shape >= 0 && self->interactive && !animating)
    paint_held (self, cr, layout);
}

/* The hint, as the painter wants it: cells of a piece to lay, or a move
 * from one cell to another. */
static void
paint_suggestion (TbBoardView *self, TbBoardPaint *paint)
{
  TbVariant *v = tb_game_get_variant (self->game);
  TbEffect effects[TB_MAX_EFFECTS];
  guint n;

  paint->hint_from = paint->hint_to = -1;
  if (self->suggestion == TB_MOVE_NONE || self->suggestion == TB_MOVE_PASS)
    return;
  n = tb_variant_move_effects (v, tb_game_get_position (self->game), self->suggestion, effects);
  for (guint i = 0; i < n && paint->n_hint_cells < TB_MAX_SHAPE_CELLS; i++)
    if (effects[i].kind == TB_EFFECT_PLACE)
      paint->hint_cells[paint->n_hint_cells++] = effects[i].to;
  if (paint->n_hint_cells == 0)
    tb_variant_move_cells (v, tb_game_get_position (self->game), self->suggestion,
                           &paint->hint_from, &paint->hint_to);
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

/* What screen readers say of each cell: what is on it, and whether it is
 * the selection or one of its destinations. */
static void
describe_cells (TbBoardView *self)
{
  guint n_cells = tb_board_cells_get_count (self->cells);
  TbPieceDesc pieces[TB_MAX_PIECES];
  gboolean dest[TB_MAX_CELLS] = { FALSE };
  TbVariant *v;
  guint n_pieces;

  if (self->game == NULL || n_cells == 0)
    return;
  v = tb_game_get_variant (self->game);
  n_pieces = tb_variant_describe_pieces (v, shown_position (self), pieces);
  if (self->selected >= 0)
    mark_destinations (self, dest);
  for (guint i = 0; i < n_cells; i++)
    {
      TbCellState state = ((int) i == self->selected ? TB_CELL_STATE_SELECTED : 0) |
                          (dest[i] ? TB_CELL_STATE_DESTINATION : 0);
      g_autofree char *label = tb_describe_cell (self->game, (int) i, pieces, n_pieces, state);

      tb_board_cells_describe (self->cells, (int) i, label, state & TB_CELL_STATE_SELECTED);
    }
}

/* A cell per board cell, except on thumbnails; they take the keyboard
 * focus unless the game lays pieces from trays (there the board itself
 * has the focus and moves the held piece).  They stay while the computer
 * thinks, so that the focus stays where the player left it. */
static void
update_cells (TbBoardView *self)
{
  guint n = self->game && !self->hands_hidden ? tb_game_get_variant (self->game)->board.n_cells
                                              : 0;

  tb_board_cells_set_count (self->cells, n, !self->has_hands);
  if ((guint) self->focus_cell >= n)
    self->focus_cell = -1;
  describe_cells (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Tells screen readers (through the owner's status line) what the
 * selection allows: "c1 selected: it can go to c2, c3, c4." */
static void
announce_selection (TbBoardView *self)
{
  const TbBoardDesc *board;
  gboolean dest[TB_MAX_CELLS] = { FALSE };
  g_autoptr (GString) names = g_string_new (NULL);
  g_autofree char *text = NULL;

  if (self->selected < 0 || self->game == NULL)
    return;
  board = &tb_game_get_variant (self->game)->board;
  mark_destinations (self, dest);
  for (guint i = 0; i < board->n_cells; i++)
    if (dest[i])
      {
        if (names->len)
          /* Translators: between the cells of a list: "c2, c3". */
          g_string_append (names, _(", "));
        g_string_append (names, board->cells[i].name);
      }
  if (names->len == 0)
    /* Translators: announced when a piece that has no move is chosen. */
    text = g_strdup_printf (_("%s selected: it cannot move."), board->cells[self->selected].name);
  else
    /* Translators: announced when a piece is chosen: "c1 selected: it can go to c2, c3." */
    text = g_strdup_printf (_("%s selected: it can go to %s."), board->cells[self->selected].name,
                            names->str);
  g_signal_emit (self, signals[ANNOUNCE], 0, text);
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
}

/* The board layer as a texture, drawn again only when what it shows has
 * changed. */
static GdkTexture *
board_texture (TbBoardView *self, const TbBoardPaint *paint, int width, int height)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr (GBytes) bytes = NULL;

  if (self->board_texture && self->board_texture_variant == paint->variant &&
      memcmp (&self->board_texture_geometry, paint->geometry, sizeof (TbBoardGeometry)) == 0 &&
      self->board_texture_width == width && self->board_texture_height == height &&
      self->board_texture_scale == scale && self->board_texture_dark == paint->dark &&
      self->board_texture_coordinates == paint->show_coordinates)
    return self->board_texture;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  tb_board_paint_static (paint, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * height * scale);
  g_clear_object (&self->board_texture);
  /* Cairo's ARGB32 is GDK's default memory format (premultiplied, native). */
  self->board_texture = gdk_memory_texture_new (width * scale, height * scale,
                                                GDK_MEMORY_DEFAULT, bytes,
                                                cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  self->board_texture_variant = paint->variant;
  self->board_texture_geometry = *paint->geometry;
  self->board_texture_width = width;
  self->board_texture_height = height;
  self->board_texture_scale = scale;
  self->board_texture_dark = paint->dark;
  self->board_texture_coordinates = paint->show_coordinates;
  return self->board_texture;
}

static void
tb_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  TbBoardPaint paint = { 0 };
  gboolean dest[TB_MAX_CELLS] = { FALSE };
  gboolean via[TB_MAX_CELLS] = { FALSE };
  gboolean animating;
  TbPieceDesc pieces[TB_MAX_PIECES];
  cairo_t *cr;
  guint phase = 0;
  double t = 0;

  if (self->game == NULL || width <= 0 || height <= 0)
    return;

  paint.variant = tb_game_get_variant (self->game);
  update_geometry (self);
  paint.geometry = &self->geometry;
  paint.selected = self->selected;
  paint.focus = focus_ring_cell (self);
  paint.hover = self->interactive && !self->has_hands ? self->hover : -1;
  paint.last_from = self->last_from;
  paint.last_to = self->last_to;
  paint_suggestion (self, &paint);
  paint.show_coordinates = self->show_coordinates;
  paint.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  paint.high_contrast = adw_style_manager_get_high_contrast (adw_style_manager_get_default ());
  if (self->selected >= 0 && self->show_legal_moves)
    mark_destinations (self, dest);
  if (self->placement.shape >= 0 && self->show_legal_moves)
    tb_placement_targets (&self->placement, self->game, dest);
  paint.destinations = dest;

  animating = animation_progress (self, &phase, &t);
  self->geometry.disc_angle = disc_angle (self, animating, phase, t);
  paint_pending (self, &paint, dest, via);
  if (animating)
    {
      paint.pieces = self->anim_pieces;
      paint.n_pieces = self->n_anim_pieces;
      paint.effects = self->effects;
      paint.n_effects = self->n_effects;
      paint.phase = phase;
      paint.t = t;
    }
  else
    {
      paint.n_pieces = tb_variant_describe_pieces (paint.variant, shown_position (self), pieces);
      paint.pieces = pieces;
      if (self->placement.legal)
        {
          paint.turning_groups = self->placement.turning;
          paint.turning_owner = tb_game_get_to_move (self->game);
        }
    }

  paint.layout = gtk_widget_create_pango_layout (widget, NULL);
  paint.piece_cache = self->piece_cache;
  gtk_snapshot_append_texture (snapshot, board_texture (self, &paint, width, height),
                               &GRAPHENE_RECT_INIT (0, 0, width, height));
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  tb_board_paint_dynamic (&paint, cr);
  if (self->has_hands)
    paint_hands (self, cr, paint.layout, paint.dark, animating);
  g_object_unref (paint.layout);
  cairo_destroy (cr);
}

static void
set_amounts (TbBoardView *self, guint amounts, guint amount)
{
  if (self->amounts != amounts)
    {
      self->amounts = amounts;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE_AMOUNTS]);
    }
  if (self->amount != amount)
    {
      self->amount = amount;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_AMOUNT]);
    }
}

/* Selecting a stack selects all of it: the largest amount it may move. */
static void
select_cell (TbBoardView *self, int cell)
{
  guint amounts = 0, amount = 0;

  if (self->selected == cell)
    return;
  self->selected = cell;
  if (cell >= 0 && self->game)
    {
      amounts = amounts_from (self, cell) & ~1u;
      if (amounts)
        amount = g_bit_nth_msf (amounts, -1);
    }
  set_amounts (self, amounts, amount);
  describe_cells (self);
  announce_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Lays the held piece where it is, if it may go there. */
static gboolean
lay_held_piece (TbBoardView *self)
{
  TbMove move = self->placement.move;

  if (self->placement.shape < 0 || move == TB_MOVE_NONE)
    return FALSE;
  if (!self->placement.legal)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint64) move);
  return TRUE;
}

/* A click on a piece of the mover's tray takes it (or puts it back); on
 * the board it lays the held piece there. */
static void
placement_click (TbBoardView *self, double x, double y)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  int slot = tb_hand_layout_slot_at (&self->hand_layout, board, tb_game_get_to_move (self->game),
                                     x, y);
  int cell = tb_board_view_cell_at (self, x, y);

  if (slot >= 0 && slot == self->placement.shape)
    tb_board_view_put_back_piece (self);
  else if (slot >= 0)
    tb_board_view_take_piece (self, (guint) slot);
  else if (self->placement.shape >= 0 && cell >= 0)
    {
      tb_placement_hold_at (&self->placement, self->game, cell);
      placement_changed (self);
      lay_held_piece (self);
    }
}

/* Follows the pointer: the slot under it, the held piece over the board. */
static void
placement_motion (TbBoardView *self, double x, double y)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  guint seat = tb_game_get_to_move (self->game);
  int slot = tb_hand_layout_slot_at (&self->hand_layout, board, seat, x, y);
  int cell = tb_board_view_cell_at (self, x, y);
  const char *cursor = NULL;
  TbVariant *v = tb_game_get_variant (self->game);

  self->pointer_in = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  if (slot >= 0 && !(tb_variant_hand (v, tb_game_get_position (self->game), seat) & (1u << slot)))
    slot = -1;
  self->hover_slot = tb_game_is_over (self->game) ? -1 : slot;
  if (self->placement.shape >= 0 && cell != self->placement.cell)
    {
      tb_placement_hold_at (&self->placement, self->game, cell);
      placement_changed (self);
    }
  if (self->hover_slot >= 0)
    cursor = "pointer";
  else if (self->placement.shape >= 0 && self->placement.anchor >= 0)
    cursor = self->placement.legal ? "pointer" : "not-allowed";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->interactive ? cursor : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The next piece of n squares in the mover's hand after the held one. */
static void
take_next_of_size (TbBoardView *self, guint n_cells)
{
  TbVariant *v = tb_game_get_variant (self->game);
  guint32 hand = tb_variant_hand (v, tb_game_get_position (self->game),
                                  tb_game_get_to_move (self->game));
  guint n = v->board.n_shapes;
  guint start = self->placement.shape >= 0 ? (guint) self->placement.shape + 1 : 0;

  for (guint k = 0; k < n; k++)
    {
      guint shape = (start + k) % n;

      if ((hand & (1u << shape)) && v->board.shapes[shape].n_cells == n_cells)
        {
          tb_board_view_take_piece (self, shape);
          return;
        }
    }
  gtk_widget_error_bell (GTK_WIDGET (self));
}

/* R turns the held piece (shift R the other way), the arrows move it,
 * Return lays it, Escape puts it back; 1 to 5 take a piece of that many
 * squares. */
static gboolean
placement_key (TbBoardView *self, guint keyval)
{
  gboolean held = self->placement.shape >= 0;

  switch (keyval)
    {
    case GDK_KEY_r:
    case GDK_KEY_R:
      if (!held)
        return FALSE;
      tb_board_view_turn_piece (self, keyval == GDK_KEY_r);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_Right:
    case GDK_KEY_Up:
    case GDK_KEY_Down:
      if (!held)
        return FALSE;
      tb_placement_step (&self->placement, self->game,
                         keyval == GDK_KEY_Up ? -1 : keyval == GDK_KEY_Down ? 1 : 0,
                         keyval == GDK_KEY_Left ? -1 : keyval == GDK_KEY_Right ? 1 : 0);
      placement_changed (self);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (!held)
        return FALSE;
      if (self->placement.cell < 0)
        {
          tb_placement_step (&self->placement, self->game, 0, 0);
          placement_changed (self);
        }
      else
        lay_held_piece (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (!held)
        return FALSE;
      tb_board_view_put_back_piece (self);
      return TRUE;
    default:
      if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_5)
        {
          take_next_of_size (self, keyval - GDK_KEY_0);
          return TRUE;
        }
      return FALSE;
    }
}

static void
on_secondary_pressed (GtkGestureClick *gesture, int n_press, double x, double y,
                      TbBoardView *self)
{
  if (self->interactive && self->placement.shape >= 0)
    {
      tb_board_view_turn_piece (self, TRUE);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

/* Whether the player to move has a piece on cell (movable or not). */
static gboolean
own_piece_at (TbBoardView *self, int cell)
{
  TbVariant *v = tb_game_get_variant (self->game);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (v, tb_game_get_position (self->game), pieces);

  for (guint i = 0; i < n; i++)
    if (pieces[i].cell == cell && pieces[i].owner == tb_game_get_to_move (self->game))
      return TRUE;
  return FALSE;
}

/* A click from the selected piece to a cell it cannot go to: the rules
 * say why ("The VERSUS never jumps over a piece."), so that people learn
 * the game by trying.  The move is written as a token, plain (FROM-TO) or
 * with the amount taken (RA's kFROM-TO), for the ruleset to judge. */
static gboolean
explain_refusal (TbBoardView *self, int from, int to)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  g_autofree char *plain = g_strdup_printf ("%s-%s", board->cells[from].name,
                                            board->cells[to].name);
  g_autofree char *counted = g_strdup_printf ("%u%s", MAX (self->amount, 1u), plain);
  const char *tokens[] = { plain, counted };

  for (guint i = 0; i < G_N_ELEMENTS (tokens); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      TbMove move;

      if (tb_game_parse_move (self->game, tokens[i], &move, &error) ||
          !g_error_matches (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE))
        continue;
      /* Translators: why a move is refused; %s is the reason ("a pawn on a
       * target is frozen for good"). */
      text = g_strdup_printf (_("%s: %s."), tokens[i], error->message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      g_signal_emit (self, signals[ANNOUNCE], 0, text);
      return TRUE;
    }
  return FALSE;
}

/* What a click or Enter on a cell does: play the selected piece there,
 * choose a jump or a turn, or select (or unselect) a piece. */
static void
activate_cell (TbBoardView *self, int cell)
{
  TbMove move;

  if (self->pending == TB_BOARD_PENDING_PATH && cell >= 0 && choose_via (self, cell))
    return;
  if (self->pending != TB_BOARD_PENDING_NONE)
    tb_board_view_cancel_pending (self);
  if (cell >= 0 && self->selected >= 0 &&
      (move = find_move (self, self->selected, cell, self->amount)))
    {
      collect_candidates (self, self->selected, cell);
      resolve_candidates (self);
      return;
    }
  /* A piece that can move becomes the selection; anything else clears it
   * (click another piece or destination to change your mind), saying why
   * the selected piece could not go there. */
  if (cell >= 0 && cell != self->selected &&
      (find_move (self, cell, -1, 0) || own_piece_at (self, cell)))
    /* A piece that cannot move is selected too: trying it says why. */
    select_cell (self, cell);
  else
    {
      if (cell >= 0 && self->selected >= 0 && cell != self->selected)
        explain_refusal (self, self->selected, cell);
      select_cell (self, -1);
    }
}

static void
on_click_released (GtkGestureClick *gesture, int n_press, double x, double y,
                   TbBoardView *self)
{
  int cell = tb_board_view_cell_at (self, x, y);
  GtkWidget *cell_widget = self->has_hands ? NULL : tb_board_cells_get (self->cells, cell);

  if (!self->interactive || self->game == NULL || tb_game_is_over (self->game) ||
      self->shown_ply >= 0)
    return;
  /* The keyboard goes on from the clicked cell. */
  gtk_widget_grab_focus (cell_widget ? cell_widget : GTK_WIDGET (self));
  if (tb_board_view_is_animating (self))
    stop_animation (self);
  /* A click elsewhere changes one's mind about a proposed move. */
  if (self->proposal != TB_MOVE_NONE)
    {
      tb_board_view_propose (self, TB_MOVE_NONE);
      if (!self->has_hands)
        select_cell (self, -1);
    }
  if (self->has_hands)
    {
      placement_click (self, x, y);
      return;
    }
  activate_cell (self, cell);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, TbBoardView *self)
{
  int cell = tb_board_view_cell_at (self, x, y);

  if (self->has_hands && self->game)
    {
      placement_motion (self, x, y);
      return;
    }
  if (cell == self->hover)
    return;
  self->hover = cell;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   (self->interactive && self->game && cell >= 0 &&
                                    (find_move (self, cell, -1, 0) ||
                                     (self->selected >= 0 &&
                                      find_move (self, self->selected, cell, self->amount))))
                                     ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *motion, TbBoardView *self)
{
  self->hover = -1;
  self->hover_slot = -1;
  self->pointer_in = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Left and Right turn the disc that way, Return leaves it; Escape goes
 * back. */
static gboolean
pending_key (TbBoardView *self, guint keyval)
{
  if (keyval == GDK_KEY_Escape)
    {
      tb_board_view_cancel_pending (self);
      return TRUE;
    }
  if (self->pending != TB_BOARD_PENDING_TURN)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      return tb_board_view_choose_turn (self, 2);
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      return tb_board_view_choose_turn (self, 1);
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
    case GDK_KEY_Down:
      return tb_board_view_choose_turn (self, 0);
    default:
      return FALSE;
    }
}

/* The cell the keyboard starts from: where it was, the selection, or
 * the first piece that can move. */
static int
starting_focus_cell (TbBoardView *self)
{
  guint n = tb_board_cells_get_count (self->cells);

  if (self->focus_cell >= 0)
    return self->focus_cell;
  if (self->selected >= 0)
    return self->selected;
  for (guint i = 0; self->game && !tb_game_is_over (self->game) && i < n; i++)
    if (find_move (self, (int) i, -1, 0))
      return (int) i;
  return n > 0 ? 0 : -1;
}

/* The arrows move the focus over the cells in the board's directions
 * (Shift turns them, see tb_board_desc_step); Return and Space do what a
 * click does; Escape lets go of the selection. */
static gboolean
cell_key (TbBoardView *self, guint keyval, GdkModifierType state)
{
  const TbBoardDesc *board = &tb_game_get_variant (self->game)->board;
  gboolean turned = (state & GDK_SHIFT_MASK) != 0;
  int from = starting_focus_cell (self);
  TbStep step;

  if (from < 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      step = TB_STEP_LEFT;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      step = TB_STEP_RIGHT;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      step = TB_STEP_UP;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      step = TB_STEP_DOWN;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
      if (!self->interactive || tb_game_is_over (self->game) || self->shown_ply >= 0)
        return FALSE;
      /* Enter confirms a proposed move: the owner's shortcut does it. */
      if (self->proposal != TB_MOVE_NONE)
        return FALSE;
      if (tb_board_view_is_animating (self))
        stop_animation (self);
      activate_cell (self, from);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected < 0)
        return FALSE;
      select_cell (self, -1);
      return TRUE;
    default:
      return FALSE;
    }
  gtk_widget_grab_focus (tb_board_cells_get (self->cells, tb_board_desc_step (board, from, step,
                                                                              turned)));
  return TRUE;
}

/* 1, 2, 3: how many pieces of the selected stack move. */
static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                TbBoardView *self)
{
  guint amount;

  /* Escape takes back a move proposed for confirmation. */
  if (keyval == GDK_KEY_Escape && self->proposal != TB_MOVE_NONE)
    {
      tb_board_view_propose (self, TB_MOVE_NONE);
      return GDK_EVENT_STOP;
    }
  if (self->has_hands && self->interactive && self->game && !tb_game_is_over (self->game))
    return placement_key (self, keyval) ? GDK_EVENT_STOP : GDK_EVENT_PROPAGATE;
  if (self->pending != TB_BOARD_PENDING_NONE && pending_key (self, keyval))
    return GDK_EVENT_STOP;
  if (self->game && tb_board_cells_get_count (self->cells) > 0 && cell_key (self, keyval, state))
    return GDK_EVENT_STOP;
  if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_9)
    amount = keyval - GDK_KEY_0;
  else if (keyval >= GDK_KEY_KP_1 && keyval <= GDK_KEY_KP_9)
    amount = keyval - GDK_KEY_KP_0;
  else
    return GDK_EVENT_PROPAGATE;
  if (!(self->amounts & (1u << amount)))
    return GDK_EVENT_PROPAGATE;
  tb_board_view_set_move_amount (self, amount);
  return GDK_EVENT_STOP;
}

/* Scrolling over the board takes more or fewer pieces of the selected
 * stack, within what its moves allow. */
static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, TbBoardView *self)
{
  int step = dy > 0 ? -1 : dy < 0 ? 1 : 0;

  /* Over a game of laid pieces, scrolling turns the held piece. */
  if (self->placement.shape >= 0 && step != 0)
    {
      tb_board_view_turn_piece (self, step < 0);
      return GDK_EVENT_STOP;
    }
  if (self->amounts == 0 || step == 0)
    return GDK_EVENT_PROPAGATE;
  for (int amount = (int) self->amount + step; amount >= 1 && amount < 32; amount += step)
    if (self->amounts & (1u << amount))
      {
        tb_board_view_set_move_amount (self, (guint) amount);
        break;
      }
  return GDK_EVENT_STOP;
}

static void
on_style_changed (AdwStyleManager *manager, GParamSpec *pspec, TbBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

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
tb_board_view_dispose (GObject *object)
{
  TbBoardView *self = TB_BOARD_VIEW (object);

  stop_animation (self);
  tb_board_view_set_game (self, NULL);
  g_clear_pointer (&self->cells, tb_board_cells_free);
  g_clear_object (&self->board_texture);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  G_OBJECT_CLASS (tb_board_view_parent_class)->dispose (object);
}

/* The board gives its focus to a cell, when it has cells that take it. */
static gboolean
tb_board_view_grab_focus (GtkWidget *widget)
{
  TbBoardView *self = TB_BOARD_VIEW (widget);
  GtkWidget *cell = self->cells && !self->has_hands
                      ? tb_board_cells_get (self->cells, starting_focus_cell (self))
                      : NULL;

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

  if (self->cells == NULL || self->has_hands || tb_board_cells_get_count (self->cells) == 0)
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

static void
tb_board_view_finalize (GObject *object)
{
  TbBoardView *self = TB_BOARD_VIEW (object);

  g_free (self->animation_speed);
  g_free (self->hint);
  g_free (self->proposal_position);
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
    case PROP_AVAILABLE_AMOUNTS:
      g_value_set_uint (value, self->amounts);
      break;
    case PROP_MOVE_AMOUNT:
      g_value_set_uint (value, self->amount);
      break;
    case PROP_PENDING:
      g_value_set_uint (value, self->pending);
      break;
    case PROP_HIDE_OPPONENT_PIECES:
      g_value_set_boolean (value, self->hide_opponent_pieces);
      break;
    case PROP_HELD_PIECE:
      g_value_set_int (value, self->placement.shape);
      break;
    case PROP_HINT:
      g_value_set_string (value, self->hint);
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
    case PROP_MOVE_AMOUNT:
      tb_board_view_set_move_amount (self, g_value_get_uint (value));
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
  properties[PROP_AVAILABLE_AMOUNTS] =
    g_param_spec_uint ("available-amounts", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MOVE_AMOUNT] = g_param_spec_uint ("move-amount", NULL, NULL, 0, 31, 0, rw);
  properties[PROP_PENDING] =
    g_param_spec_uint ("pending", NULL, NULL, 0, 2, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIDE_OPPONENT_PIECES] =
    g_param_spec_boolean ("hide-opponent-pieces", NULL, NULL, FALSE, rw);
  /* The piece taken from the hand (an index into the board's shapes), or
   * -1; and what laying it where it is would do, in words. */
  properties[PROP_HELD_PIECE] =
    g_param_spec_int ("held-piece", NULL, NULL, -1, TB_MAX_SHAPES, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HINT] =
    g_param_spec_string ("hint", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A move shown for confirmation, or TB_MOVE_NONE (0). */
  properties[PROP_PROPOSAL] =
    g_param_spec_uint64 ("proposal", NULL, NULL, 0, G_MAXUINT64, TB_MOVE_NONE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The player chose a legal move by clicking; the owner plays it. */
  signals[MOVE_CHOSEN] =
    g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);
  /* Something to tell the player (and screen readers): what the selected
   * piece may do.  The owner shows it in its status line. */
  signals[ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
tb_board_view_init (TbBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL |
                                     GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);

  self->selected = self->hover = self->last_from = self->last_to = self->hover_slot = -1;
  self->focus_cell = self->shown_ply = -1;
  self->cells = tb_board_cells_new (GTK_WIDGET (self));
  self->piece_cache = tb_piece_cache_new ();
  tb_placement_init (&self->placement);
  self->show_legal_moves = TRUE;
  self->animation_speed = g_strdup ("normal");
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                    G_CALLBACK (on_style_changed), self);
  g_signal_connect (adw_style_manager_get_default (), "notify::high-contrast",
                    G_CALLBACK (on_style_changed), self);
}

GtkWidget *
tb_board_view_new (void)
{
  return g_object_new (TB_TYPE_BOARD_VIEW, NULL);
}

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
  stop_animation (self);
  if (self->game)
    {
      g_clear_signal_handler (&self->move_played_id, self->game);
      g_clear_signal_handler (&self->position_changed_id, self->game);
    }
  g_set_object (&self->game, game);
  self->has_hands = game && tb_rules_has_hands (tb_game_get_rules (game)) && !self->hands_hidden;
  self->selected = -1;
  set_amounts (self, 0, 0);
  self->last_from = self->last_to = -1;
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
      select_cell (self, -1);
      tb_board_view_put_back_piece (self);
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

guint
tb_board_view_get_available_amounts (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), 0);
  return self->amounts;
}

guint
tb_board_view_get_move_amount (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), 0);
  return self->amount;
}

void
tb_board_view_set_move_amount (TbBoardView *self, guint amount)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  /* Only amounts the selected stack's moves allow; destinations follow. */
  if (amount == self->amount || !(self->amounts & (1u << amount)))
    return;
  self->amount = amount;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_AMOUNT]);
}

TbBoardPending
tb_board_view_get_pending (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), TB_BOARD_PENDING_NONE);
  return self->pending;
}

gboolean
tb_board_view_choose_turn (TbBoardView *self, guint turn)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);

  if (self->pending != TB_BOARD_PENDING_TURN)
    return FALSE;
  for (guint i = 0; i < self->n_candidates; i++)
    if (move_turn (self, self->candidates[i]) == turn)
      {
        choose (self, self->candidates[i]);
        return TRUE;
      }
  return FALSE;
}

void
tb_board_view_cancel_pending (TbBoardView *self)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  self->n_candidates = 0;
  set_pending (self, TB_BOARD_PENDING_NONE);
}

int
tb_board_view_get_selected_cell (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), -1);
  return self->selected;
}

void
tb_board_view_clear_selection (TbBoardView *self)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  select_cell (self, -1);
}

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

  if (self->game == NULL || self->geometry.scale <= 0)
    return -1;
  return tb_board_geometry_cell_at (&self->geometry, &tb_game_get_variant (self->game)->board,
                                    x, y);
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

int
tb_board_view_get_held_piece (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), -1);
  return self->placement.shape;
}

guint
tb_board_view_get_held_turn (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), 0);
  return self->placement.turn;
}

const char *
tb_board_view_get_hint (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), NULL);
  return self->hint;
}

gboolean
tb_board_view_take_piece (TbBoardView *self, guint shape)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);

  if (!self->interactive || self->game == NULL ||
      !tb_placement_take (&self->placement, self->game, shape))
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  placement_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD_PIECE]);
  return TRUE;
}

void
tb_board_view_turn_piece (TbBoardView *self, gboolean clockwise)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  if (self->placement.shape < 0)
    return;
  tb_placement_turn (&self->placement, self->game, clockwise);
  placement_changed (self);
}

void
tb_board_view_put_back_piece (TbBoardView *self)
{
  g_return_if_fail (TB_IS_BOARD_VIEW (self));

  if (self->placement.shape < 0)
    return;
  tb_placement_init (&self->placement);
  placement_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD_PIECE]);
}

gboolean
tb_board_view_get_slot_center (TbBoardView *self, guint seat, guint shape, double *x, double *y)
{
  TbTileCell cells[TB_MAX_SHAPE_CELLS];
  guint n;

  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), FALSE);

  if (!self->has_hands || self->hand_layout.unit <= 0 ||
      shape >= tb_game_get_variant (self->game)->board.n_shapes)
    return FALSE;
  n = tb_hand_layout_slot_cells (&self->hand_layout, &tb_game_get_variant (self->game)->board,
                                 seat, shape, cells);
  *x = cells[tb_tile_label (cells, n)].x;
  *y = cells[tb_tile_label (cells, n)].y;
  return TRUE;
}

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

int
tb_board_view_get_focus_cell (TbBoardView *self)
{
  GtkWidget *cell;

  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), -1);
  cell = tb_board_cells_get (self->cells, self->focus_cell);
  /* The window's focus widget, whether or not the window is active. */
  return cell && gtk_root_get_focus (gtk_widget_get_root (cell)) == cell ? self->focus_cell : -1;
}

/* ---- looking back and proposed moves ---- */

static void
clear_proposal (TbBoardView *self)
{
  if (self->proposal == TB_MOVE_NONE)
    return;
  self->proposal = TB_MOVE_NONE;
  g_clear_pointer (&self->proposal_position, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROPOSAL]);
}

void
tb_board_view_propose (TbBoardView *self, TbMove move)
{
  TbVariant *v;

  g_return_if_fail (TB_IS_BOARD_VIEW (self));
  g_return_if_fail (self->game != NULL);

  if (move == self->proposal)
    return;
  stop_animation (self);
  clear_proposal (self);
  v = tb_game_get_variant (self->game);
  if (move != TB_MOVE_NONE && tb_game_is_legal (self->game, move))
    {
      const TbPosition *live = tb_game_get_position (self->game);

      self->proposal = move;
      self->proposal_position = g_malloc0 (v->position_size);
      tb_variant_apply (v, live, move, self->proposal_position);
      self->last_from = self->last_to = -1;
      if (move != TB_MOVE_PASS)
        tb_variant_move_cells (v, live, move, &self->last_from, &self->last_to);
      start_animation (self, live, move);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROPOSAL]);
    }
  else
    mark_last_move (self, tb_game_get_ply (self->game));
  reset_placement (self);
  describe_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

TbMove
tb_board_view_get_proposal (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), TB_MOVE_NONE);
  return self->proposal;
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
  stop_animation (self);
  clear_proposal (self);
  select_cell (self, -1);
  self->shown_ply = ply;
  mark_last_move (self, ply >= 0 ? (guint) ply : tb_game_get_ply (self->game));
  describe_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
tb_board_view_get_shown_ply (TbBoardView *self)
{
  g_return_val_if_fail (TB_IS_BOARD_VIEW (self), -1);
  return self->shown_ply;
}
