/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-picker.c: choosing a move cell by cell */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-enums.h"
#include "tb-move-picker.h"

/* Moves ending on one cell that a choice may still tell apart. */
#define MAX_CANDIDATES 64

struct _TbMovePicker
{
  GObject parent_instance;

  TbGame *game;
  gulong position_changed_id;

  int selected;            /* cell, or -1 */
  guint amounts;           /* the amounts the moves from selected allow (bits) */
  guint amount;            /* the chosen one */

  TbPickerPending pending;
  TbMove candidates[MAX_CANDIDATES];
  guint n_candidates;

  TbPlacement placement;
  guint32 playable;        /* the shapes the player to move can lay */
  char *hint;
};

G_DEFINE_FINAL_TYPE (TbMovePicker, tb_move_picker, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SELECTED,
  PROP_AVAILABLE_AMOUNTS,
  PROP_MOVE_AMOUNT,
  PROP_PENDING,
  PROP_HELD_PIECE,
  PROP_HINT,
  N_PROPS
};

enum
{
  MOVE_CHOSEN,
  ANNOUNCE,
  REFUSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static TbVariant *
variant_of (TbMovePicker *self)
{
  return tb_game_get_variant (self->game);
}

/* ---- the legal moves, cell by cell ---- */

/* How many pieces of its stack a move takes; 0 where nothing splits. */
static guint
move_amount (TbMovePicker *self, TbMove move)
{
  return tb_variant_move_amount (variant_of (self), tb_game_get_position (self->game), move);
}

/* Whether move goes from -> to (to < 0: anywhere) taking amount pieces
 * (0: any). */
static gboolean
move_matches (TbMovePicker *self, TbMove move, int from, int to, guint amount)
{
  int f, t;

  if (move == TB_MOVE_PASS)
    return FALSE;
  tb_variant_move_cells (variant_of (self), tb_game_get_position (self->game), move, &f, &t);
  return f == from && (to < 0 || t == to) && (amount == 0 || move_amount (self, move) == amount);
}

static TbMove
find_move (TbMovePicker *self, int from, int to, guint amount)
{
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);

  for (guint i = 0; i < n; i++)
    if (move_matches (self, moves[i], from, to, amount))
      return moves[i];
  return TB_MOVE_NONE;
}

/* The amounts the legal moves from cell allow, as bits. */
static guint
amounts_from (TbMovePicker *self, int cell)
{
  guint n, bits = 0;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);

  for (guint i = 0; i < n; i++)
    if (move_matches (self, moves[i], cell, -1, 0))
      bits |= 1u << move_amount (self, moves[i]);
  return bits;
}

/* The cells a move lands on, in order (from its MOVE effects). */
static guint
move_path (TbMovePicker *self, TbMove move, int *cells)
{
  TbEffect effects[TB_MAX_EFFECTS];
  guint n = tb_variant_move_effects (variant_of (self), tb_game_get_position (self->game), move,
                                     effects);
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
move_turn (TbMovePicker *self, TbMove move)
{
  TbEffect effects[TB_MAX_EFFECTS];
  guint n = tb_variant_move_effects (variant_of (self), tb_game_get_position (self->game), move,
                                     effects);

  for (guint i = 0; i < n; i++)
    if (effects[i].kind == TB_EFFECT_ROTATE)
      return effects[i].amount;
  return 0;
}

static gboolean
same_path (TbMovePicker *self, TbMove a, TbMove b)
{
  int pa[TB_MAX_EFFECTS + 1], pb[TB_MAX_EFFECTS + 1];
  guint la = move_path (self, a, pa), lb = move_path (self, b, pb);

  return la == lb && memcmp (pa, pb, la * sizeof (int)) == 0;
}

/* ---- state ---- */

static void
set_amounts (TbMovePicker *self, guint amounts, guint amount)
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

static void
set_pending (TbMovePicker *self, TbPickerPending pending)
{
  if (self->pending == pending)
    return;
  self->pending = pending;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
}

/* Tells screen readers (through the owner's status line) what the
 * selection allows: "c1 selected: it can go to c2, c3, c4." */
static void
announce_selection (TbMovePicker *self)
{
  const TbBoardDesc *board = &variant_of (self)->board;
  gboolean dest[TB_MAX_CELLS] = { FALSE };
  g_autoptr (GString) names = g_string_new (NULL);
  g_autofree char *text = NULL;

  tb_move_picker_mark_destinations (self, dest, NULL);
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

/* Selecting a stack selects all of it: the largest amount it may move. */
void
tb_move_picker_select (TbMovePicker *self, int cell)
{
  guint amounts = 0, amount = 0;

  g_return_if_fail (TB_IS_MOVE_PICKER (self));

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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
  if (cell >= 0 && self->game)
    announce_selection (self);
}

/* ---- choosing among moves that end on one cell ---- */

static void
choose (TbMovePicker *self, TbMove move)
{
  self->n_candidates = 0;
  set_pending (self, TB_PICKER_PENDING_NONE);
  tb_move_picker_select (self, -1);
  g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint64) move);
}

/* Every legal move from -> to (with the chosen amount). */
static void
collect_candidates (TbMovePicker *self, int from, int to)
{
  guint n;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);

  self->n_candidates = 0;
  for (guint i = 0; i < n && self->n_candidates < MAX_CANDIDATES; i++)
    if (move_matches (self, moves[i], from, to, self->amount))
      self->candidates[self->n_candidates++] = moves[i];
}

/* One move left: it is chosen; the same jump with different turns: the
 * turn is asked for; different jumps: a cell to jump through. */
static void
resolve_candidates (TbMovePicker *self)
{
  gboolean one_path = TRUE;

  if (self->n_candidates == 1)
    {
      choose (self, self->candidates[0]);
      return;
    }
  for (guint i = 1; i < self->n_candidates; i++)
    one_path &= same_path (self, self->candidates[0], self->candidates[i]);
  set_pending (self, one_path ? TB_PICKER_PENDING_TURN : TB_PICKER_PENDING_PATH);
}

/* Keeps the candidates that keep() accepts; FALSE when none would stay. */
static gboolean
keep_candidates (TbMovePicker *self, gboolean (*keep) (TbMovePicker *, TbMove, int), int arg)
{
  guint kept = 0;

  for (guint i = 0; i < self->n_candidates; i++)
    if (keep (self, self->candidates[i], arg))
      self->candidates[kept++] = self->candidates[i];
  if (kept == 0)
    return FALSE;
  self->n_candidates = kept;
  return TRUE;
}

static gboolean
jumps_through (TbMovePicker *self, TbMove move, int cell)
{
  int path[TB_MAX_EFFECTS + 1];
  guint len = move_path (self, move, path);

  for (guint j = 1; j + 1 < len; j++)
    if (path[j] == cell)
      return TRUE;
  return FALSE;
}

static gboolean
has_length (TbMovePicker *self, TbMove move, int length)
{
  int path[TB_MAX_EFFECTS + 1];

  return (int) move_path (self, move, path) == length;
}

/* A click while a path is being chosen: the jumps through cell, or, on
 * the destination itself, the shortest way there. */
static gboolean
choose_via (TbMovePicker *self, int cell)
{
  int from, to, path[TB_MAX_EFFECTS + 1];
  guint shortest = G_MAXUINT;

  tb_variant_move_cells (variant_of (self), tb_game_get_position (self->game),
                         self->candidates[0], &from, &to);
  if (cell == to)
    {
      for (guint i = 0; i < self->n_candidates; i++)
        shortest = MIN (shortest, move_path (self, self->candidates[i], path));
      keep_candidates (self, has_length, (int) shortest);
    }
  else if (!keep_candidates (self, jumps_through, cell))
    return FALSE;
  resolve_candidates (self);
  return TRUE;
}

/* ---- clicks ---- */

/* Whether the player to move has a piece on cell (movable or not). */
static gboolean
own_piece_at (TbMovePicker *self, int cell)
{
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n = tb_variant_describe_pieces (variant_of (self), tb_game_get_position (self->game),
                                        pieces);

  for (guint i = 0; i < n; i++)
    if (pieces[i].cell == cell && pieces[i].owner == tb_game_get_to_move (self->game))
      return TRUE;
  return FALSE;
}

/* From the selected piece to a cell it cannot go to: the rules say why
 * ("The VERSUS never jumps over a piece."), so that people learn the game
 * by trying.  The move is written as a token, plain (FROM-TO) or with the
 * amount taken (RA's kFROM-TO), for the ruleset to judge. */
static void
explain_refusal (TbMovePicker *self, int from, int to)
{
  const TbBoardDesc *board = &variant_of (self)->board;
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
      g_signal_emit (self, signals[REFUSED], 0, text);
      return;
    }
}

void
tb_move_picker_activate (TbMovePicker *self, int cell)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  if (self->game == NULL || tb_game_is_over (self->game))
    return;
  if (self->pending == TB_PICKER_PENDING_PATH && cell >= 0 && choose_via (self, cell))
    return;
  tb_move_picker_cancel_pending (self);
  if (cell >= 0 && self->selected >= 0 && find_move (self, self->selected, cell, self->amount))
    {
      collect_candidates (self, self->selected, cell);
      resolve_candidates (self);
      return;
    }
  /* A piece becomes the selection, even one that cannot move (trying it
   * says why); anything else clears it (click another piece or cell to
   * change your mind), saying why the selected piece could not go there. */
  if (cell >= 0 && cell != self->selected &&
      (find_move (self, cell, -1, 0) || own_piece_at (self, cell)))
    tb_move_picker_select (self, cell);
  else
    {
      if (cell >= 0 && self->selected >= 0 && cell != self->selected)
        explain_refusal (self, self->selected, cell);
      tb_move_picker_select (self, -1);
    }
}

int
tb_move_picker_get_selected (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), -1);
  return self->selected;
}

gboolean
tb_move_picker_can_move_from (TbMovePicker *self, int cell)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), FALSE);
  return self->game && cell >= 0 && find_move (self, cell, -1, 0) != TB_MOVE_NONE;
}

gboolean
tb_move_picker_can_move_to (TbMovePicker *self, int cell)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), FALSE);
  return self->game && cell >= 0 && self->selected >= 0 &&
         find_move (self, self->selected, cell, self->amount) != TB_MOVE_NONE;
}

int
tb_move_picker_first_movable (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), -1);

  if (self->game == NULL || tb_game_is_over (self->game))
    return -1;
  for (guint i = 0; i < variant_of (self)->board.n_cells; i++)
    if (find_move (self, (int) i, -1, 0))
      return (int) i;
  return -1;
}

/* While a choice is pending: the destination and the cells that tell
 * the jumps apart. */
static void
mark_pending (TbMovePicker *self, gboolean *dest, gboolean *via)
{
  int from, to, path[TB_MAX_EFFECTS + 1];

  tb_variant_move_cells (variant_of (self), tb_game_get_position (self->game),
                         self->candidates[0], &from, &to);
  dest[to] = TRUE;
  if (self->pending != TB_PICKER_PENDING_PATH || via == NULL)
    return;
  for (guint i = 0; i < self->n_candidates; i++)
    {
      guint len = move_path (self, self->candidates[i], path);

      for (guint j = 1; j + 1 < len; j++)
        via[path[j]] = TRUE;
    }
}

void
tb_move_picker_mark_destinations (TbMovePicker *self, gboolean *dest, gboolean *via)
{
  guint n;
  const TbMove *moves;

  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  if (self->game == NULL)
    return;
  if (self->pending != TB_PICKER_PENDING_NONE && self->n_candidates > 0)
    {
      mark_pending (self, dest, via);
      return;
    }
  if (self->selected < 0)
    return;
  moves = tb_game_get_legal_moves (self->game, &n);
  for (guint i = 0; i < n; i++)
    if (move_matches (self, moves[i], self->selected, -1, self->amount))
      {
        int f, t;

        tb_variant_move_cells (variant_of (self), tb_game_get_position (self->game), moves[i],
                               &f, &t);
        if (t >= 0)
          dest[t] = TRUE;
      }
}

guint
tb_move_picker_get_available_amounts (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), 0);
  return self->amounts;
}

guint
tb_move_picker_get_move_amount (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), 0);
  return self->amount;
}

void
tb_move_picker_set_move_amount (TbMovePicker *self, guint amount)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  if (amount == self->amount || amount >= 32 || !(self->amounts & (1u << amount)))
    return;
  self->amount = amount;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_AMOUNT]);
  /* Fewer pawns go elsewhere: the destinations told are this amount's. */
  if (self->selected >= 0 && self->game)
    announce_selection (self);
}

TbPickerPending
tb_move_picker_get_pending (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), TB_PICKER_PENDING_NONE);
  return self->pending;
}

gboolean
tb_move_picker_choose_turn (TbMovePicker *self, guint turn)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), FALSE);

  if (self->pending != TB_PICKER_PENDING_TURN)
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
tb_move_picker_cancel_pending (TbMovePicker *self)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  self->n_candidates = 0;
  set_pending (self, TB_PICKER_PENDING_NONE);
}

/* ---- laying pieces from a hand ---- */

static void
set_hint (TbMovePicker *self, char *hint)
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
placement_changed (TbMovePicker *self)
{
  set_hint (self, self->placement.shape >= 0 && self->game
                    ? tb_placement_describe (&self->placement, self->game) : NULL);
}

/* Nothing held; what the player to move can lay is worked out again. */
static void
reset_placement (TbMovePicker *self)
{
  gboolean was_held = self->placement.shape >= 0;

  tb_placement_init (&self->placement);
  self->playable = 0;
  if (tb_move_picker_has_hands (self) && !tb_game_is_over (self->game))
    self->playable = tb_placement_playable_shapes (self->game);
  placement_changed (self);
  if (was_held)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD_PIECE]);
}

gboolean
tb_move_picker_has_hands (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), FALSE);
  return self->game && tb_rules_has_hands (tb_game_get_rules (self->game));
}

const TbPlacement *
tb_move_picker_get_placement (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), NULL);
  return &self->placement;
}

int
tb_move_picker_get_held_piece (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), -1);
  return self->placement.shape;
}

guint32
tb_move_picker_get_playable_shapes (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), 0);
  return self->playable;
}

gboolean
tb_move_picker_take_piece (TbMovePicker *self, guint shape)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), FALSE);

  if (self->game == NULL || !tb_placement_take (&self->placement, self->game, shape))
    return FALSE;
  placement_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD_PIECE]);
  return TRUE;
}

gboolean
tb_move_picker_take_next_of_size (TbMovePicker *self, guint n_cells)
{
  TbVariant *v;
  guint32 hand;
  guint start;

  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), FALSE);

  if (!tb_move_picker_has_hands (self))
    return FALSE;
  v = variant_of (self);
  hand = tb_variant_hand (v, tb_game_get_position (self->game), tb_game_get_to_move (self->game));
  start = self->placement.shape >= 0 ? (guint) self->placement.shape + 1 : 0;
  for (guint k = 0; k < v->board.n_shapes; k++)
    {
      guint shape = (start + k) % v->board.n_shapes;

      if ((hand & (1u << shape)) && v->board.shapes[shape].n_cells == n_cells)
        return tb_move_picker_take_piece (self, shape);
    }
  g_signal_emit (self, signals[REFUSED], 0, NULL);
  return FALSE;
}

void
tb_move_picker_turn_piece (TbMovePicker *self, gboolean clockwise)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  if (self->placement.shape < 0)
    return;
  tb_placement_turn (&self->placement, self->game, clockwise);
  placement_changed (self);
}

void
tb_move_picker_put_back_piece (TbMovePicker *self)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  if (self->placement.shape < 0)
    return;
  tb_placement_init (&self->placement);
  placement_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD_PIECE]);
}

void
tb_move_picker_hold_at (TbMovePicker *self, int cell)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  if (self->placement.shape < 0 || cell == self->placement.cell)
    return;
  tb_placement_hold_at (&self->placement, self->game, cell);
  placement_changed (self);
}

void
tb_move_picker_step_piece (TbMovePicker *self, int rows, int cols)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  if (self->placement.shape < 0)
    return;
  tb_placement_step (&self->placement, self->game, rows, cols);
  placement_changed (self);
}

gboolean
tb_move_picker_lay_piece (TbMovePicker *self)
{
  TbMove move;

  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), FALSE);

  move = self->placement.move;
  if (self->placement.shape < 0 || move == TB_MOVE_NONE)
    return FALSE;
  if (!self->placement.legal)
    {
      g_signal_emit (self, signals[REFUSED], 0, NULL);
      return FALSE;
    }
  g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint64) move);
  return TRUE;
}

const char *
tb_move_picker_get_hint (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), NULL);
  return self->hint;
}

/* ---- the object ---- */

void
tb_move_picker_reset (TbMovePicker *self)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));

  tb_move_picker_select (self, -1);
  tb_move_picker_cancel_pending (self);
  reset_placement (self);
}

TbGame *
tb_move_picker_get_game (TbMovePicker *self)
{
  g_return_val_if_fail (TB_IS_MOVE_PICKER (self), NULL);
  return self->game;
}

void
tb_move_picker_set_game (TbMovePicker *self, TbGame *game)
{
  g_return_if_fail (TB_IS_MOVE_PICKER (self));
  g_return_if_fail (game == NULL || TB_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  /* Nothing of the old game's choice carries over. */
  self->selected = -1;
  set_amounts (self, 0, 0);
  g_set_object (&self->game, game);
  if (game)
    self->position_changed_id = g_signal_connect_swapped (game, "position-changed",
                                                          G_CALLBACK (tb_move_picker_reset),
                                                          self);
  tb_move_picker_reset (self);
}

static void
tb_move_picker_dispose (GObject *object)
{
  tb_move_picker_set_game (TB_MOVE_PICKER (object), NULL);
  G_OBJECT_CLASS (tb_move_picker_parent_class)->dispose (object);
}

static void
tb_move_picker_finalize (GObject *object)
{
  g_free (TB_MOVE_PICKER (object)->hint);
  G_OBJECT_CLASS (tb_move_picker_parent_class)->finalize (object);
}

static void
tb_move_picker_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbMovePicker *self = TB_MOVE_PICKER (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;
    case PROP_AVAILABLE_AMOUNTS:
      g_value_set_uint (value, self->amounts);
      break;
    case PROP_MOVE_AMOUNT:
      g_value_set_uint (value, self->amount);
      break;
    case PROP_PENDING:
      g_value_set_enum (value, self->pending);
      break;
    case PROP_HELD_PIECE:
      g_value_set_int (value, self->placement.shape);
      break;
    case PROP_HINT:
      g_value_set_string (value, self->hint);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_move_picker_set_property (GObject *object, guint prop_id, const GValue *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MOVE_AMOUNT:
      tb_move_picker_set_move_amount (TB_MOVE_PICKER (object), g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_move_picker_class_init (TbMovePickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tb_move_picker_dispose;
  object_class->finalize = tb_move_picker_finalize;
  object_class->get_property = tb_move_picker_get_property;
  object_class->set_property = tb_move_picker_set_property;

  properties[PROP_SELECTED] = g_param_spec_int ("selected", NULL, NULL, -1, TB_MAX_CELLS, -1,
                                                readable);
  properties[PROP_AVAILABLE_AMOUNTS] =
    g_param_spec_uint ("available-amounts", NULL, NULL, 0, G_MAXUINT, 0, readable);
  properties[PROP_MOVE_AMOUNT] =
    g_param_spec_uint ("move-amount", NULL, NULL, 0, 31, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PENDING] =
    g_param_spec_enum ("pending", NULL, NULL, TB_TYPE_PICKER_PENDING, TB_PICKER_PENDING_NONE,
                       readable);
  properties[PROP_HELD_PIECE] =
    g_param_spec_int ("held-piece", NULL, NULL, -1, TB_MAX_SHAPES, -1, readable);
  properties[PROP_HINT] = g_param_spec_string ("hint", NULL, NULL, NULL, readable);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A legal move was chosen; the owner plays it (or proposes it). */
  signals[MOVE_CHOSEN] =
    g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);
  /* Something to tell the player (and screen readers): what the selected
   * piece may do. */
  signals[ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /* What was asked for cannot be done; the text (or NULL) says why. */
  signals[REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
tb_move_picker_init (TbMovePicker *self)
{
  self->selected = -1;
  tb_placement_init (&self->placement);
}

TbMovePicker *
tb_move_picker_new (void)
{
  return g_object_new (TB_TYPE_MOVE_PICKER, NULL);
}
