/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-game.c: the model of one game: the move tree, the current line,
 * tags and annotations */
#include "config.h"

#include <string.h>

#include "tb-enums.h"
#include "tb-game.h"
/* Reading a record checks every move: parse_move and is_legal, directly. */
#include "tb-rules-table.h"
#include "tb-work.h"

struct _TbGameNode
{
  TbGameNode *parent;
  /* The continuations, as a list (a record read makes a node a move,
   * most with one child): the first is the main one.  The last, for a
   * record that gives a move thousands of variations. */
  TbGameNode *first_child;
  TbGameNode *last_child;
  TbGameNode *next_sibling;
  guint ply;             /* how many moves from the root */
  TbMove move;           /* the move that led here (none at the root) */
  char *comment;
  GByteArray *nags;
  int eval;              /* seat 1's expected score in thousandths, or -1: none */
  gboolean finished;     /* ended here by resignation, agreement or inactivity */
  TbOutcome finish;
};

typedef struct
{
  char *name;
  char *value;
} Tag;

struct _TbGame
{
  GObject parent_instance;

  TbVariant *variant;
  guint starter;
  TbPosition *setup;        /* a set-up start position, or NULL for the usual one */
  TbGameNode *root;
  TbLine *line;             /* root .. current, for positions and repetition */
  GPtrArray *line_nodes;    /* root .. current .. end of the main continuation */
  TbMove *legal;            /* the legal moves at the current position */
  guint n_legal;
  TbOutcome outcome;        /* at the current position */
  gboolean known;           /* legal, n_legal and outcome are up to date (a
                             * quiet game works them out when asked) */
  TbMove vouched;           /* found playable here by tb_game_parse_move */
  GArray *tags;             /* of Tag, in the order first set */
  GPtrArray *tag_names;     /* NULL-terminated view of the names */
  GHashTable *tag_index;    /* name -> its index in tags + 1, once there are
                             * many (a record may hold 100,000) */
  gboolean quiet;           /* a record being read: no signals (tb_game_set_quiet) */
};

G_DEFINE_FINAL_TYPE (TbGame, tb_game, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_VARIANT,
  PROP_STARTER,
  PROP_TO_MOVE,
  PROP_RESULT,
  PROP_TERMINATION,
  PROP_PLY,
  PROP_N_PLIES,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum
{
  MOVE_PLAYED,
  POSITION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static TbGameNode *
node_new (TbGameNode *parent, TbMove move)
{
  TbGameNode *node = g_new0 (TbGameNode, 1);

  node->parent = parent;
  node->ply = parent ? parent->ply + 1 : 0;
  node->move = move;
  node->eval = -1;
  return node;
}

static void
node_free (TbGameNode *node)
{
  if (node->nags)
    g_byte_array_unref (node->nags);
  g_free (node->comment);
  g_free (node);
}

static TbGameNode *
node_child (const TbGameNode *node, guint index)
{
  TbGameNode *child = node->first_child;

  for (; child && index > 0; index--)
    child = child->next_sibling;
  tb_work_add (1);
  return child;
}

static TbGameNode *
current_node (TbGame *self)
{
  return self->line_nodes->pdata[tb_line_get_ply (self->line)];
}

/* The current line becomes the path to the current node followed by its
 * main continuation (after a move, or a jump into another variation). */
static void
extend_line_from_current (TbGame *self)
{
  g_ptr_array_set_size (self->line_nodes, tb_line_get_ply (self->line) + 1);
  for (TbGameNode *node = current_node (self)->first_child; node; node = node->first_child)
    {
      g_ptr_array_add (self->line_nodes, node);
      tb_work_add (1);
    }
}

/* The legal moves and the end of the game at the current position. */
static void
work_out_moves (TbGame *self)
{
  TbGameNode *node = current_node (self);

  self->n_legal = tb_line_moves (self->line, self->legal, &self->outcome);
  if (node->finished)
    {
      self->outcome = node->finish;
      self->n_legal = 0;
    }
  self->known = TRUE;
}

static void
ensure_known (TbGame *self)
{
  if (!self->known)
    work_out_moves (self);
}

/* What may change with the current position, and be notified. */
typedef struct
{
  guint to_move;
  TbOutcome outcome;
  guint ply;
  guint n_plies;
  gboolean can_undo;
  gboolean can_redo;
} Observed;

static void
observe (TbGame *self, Observed *o)
{
  o->to_move = tb_game_get_to_move (self);
  o->outcome = self->outcome;
  o->ply = tb_game_get_ply (self);
  o->n_plies = tb_game_get_n_plies (self);
  o->can_undo = tb_game_can_undo (self);
  o->can_redo = tb_game_can_redo (self);
}

/* What every change of the current position recomputes; notifies only
 * what changed since old.  A quiet game (a record being read) recomputes
 * nothing until asked: making every legal move at every ply was most of
 * a record's reading. */
static void
refresh (TbGame *self, const Observed *old)
{
  self->vouched = TB_MOVE_NONE;
  if (self->quiet)
    {
      self->known = FALSE;
      return;
    }
  work_out_moves (self);
  if (old->to_move != tb_game_get_to_move (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_MOVE]);
  if (old->outcome.result != self->outcome.result)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
  if (old->outcome.termination != self->outcome.termination)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TERMINATION]);
  if (old->ply != tb_game_get_ply (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
  if (old->n_plies != tb_game_get_n_plies (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLIES]);
  if (old->can_undo != tb_game_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (old->can_redo != tb_game_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

/* Runs a change of the current position between a look at the observable
 * state and the notifications. */
#define CHANGE_POSITION(self, body) \
  G_STMT_START { \
    Observed old_ = { 0 }; \
    if (!(self)->quiet) \
      { \
        observe ((self), &old_); \
        g_object_freeze_notify (G_OBJECT (self)); \
      } \
    body; \
    refresh ((self), &old_); \
    if (!(self)->quiet) \
      g_object_thaw_notify (G_OBJECT (self)); \
  } G_STMT_END

static void
tb_game_constructed (GObject *object)
{
  TbGame *self = TB_GAME (object);

  G_OBJECT_CLASS (tb_game_parent_class)->constructed (object);

  g_assert (self->variant != NULL);
  self->root = node_new (NULL, TB_MOVE_NONE);
  self->line = tb_line_new (self->variant, self->starter);
  self->line_nodes = g_ptr_array_new ();
  g_ptr_array_add (self->line_nodes, self->root);
  self->legal = g_new (TbMove, self->variant->max_moves);
  work_out_moves (self);

  for (const char *const *name = (const char *const[]) { "Event", "Site", "Date", "Round",
                                                         "Player1", "Player2", NULL };
       *name; name++)
    tb_game_set_tag (self, *name, strcmp (*name, "Date") == 0 ? "????.??.??"
                                  : strcmp (*name, "Round") == 0 ? "-" : "?");
}

static void
free_tree (TbGameNode *root)
{
  /* Iterative, so a record with a very long line cannot exhaust the stack. */
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      TbGameNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      for (TbGameNode *child = node->first_child; child; child = child->next_sibling)
        g_ptr_array_add (stack, child);
      node_free (node);
    }
}

static void
clear_tag (gpointer data)
{
  Tag *tag = data;

  g_free (tag->name);
  g_free (tag->value);
}

static void
tb_game_finalize (GObject *object)
{
  TbGame *self = TB_GAME (object);

  free_tree (self->root);
  tb_line_free (self->line);
  g_clear_pointer (&self->setup, tb_position_free);
  g_ptr_array_unref (self->line_nodes);
  g_free (self->legal);
  g_clear_pointer (&self->tag_index, g_hash_table_unref);
  g_array_unref (self->tags);
  g_ptr_array_unref (self->tag_names);
  tb_variant_unref (self->variant);

  G_OBJECT_CLASS (tb_game_parent_class)->finalize (object);
}

static void
tb_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbGame *self = TB_GAME (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      g_value_set_boxed (value, self->variant);
      break;
    case PROP_STARTER:
      g_value_set_uint (value, self->starter);
      break;
    case PROP_TO_MOVE:
      g_value_set_uint (value, tb_game_get_to_move (self));
      break;
    case PROP_RESULT:
      g_value_set_enum (value, tb_game_get_result (self));
      break;
    case PROP_TERMINATION:
      g_value_set_enum (value, tb_game_get_termination (self));
      break;
    case PROP_PLY:
      g_value_set_uint (value, tb_game_get_ply (self));
      break;
    case PROP_N_PLIES:
      g_value_set_uint (value, tb_game_get_n_plies (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, tb_game_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, tb_game_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TbGame *self = TB_GAME (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      self->variant = g_value_dup_boxed (value);
      break;
    case PROP_STARTER:
      self->starter = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_game_class_init (TbGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = tb_game_constructed;
  object_class->finalize = tb_game_finalize;
  object_class->get_property = tb_game_get_property;
  object_class->set_property = tb_game_set_property;

  properties[PROP_VARIANT] =
    g_param_spec_boxed ("variant", NULL, NULL, TB_TYPE_VARIANT,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STARTER] =
    g_param_spec_uint ("starter", NULL, NULL, 1, 2, 1,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TO_MOVE] = g_param_spec_uint ("to-move", NULL, NULL, 0, 2, 1, ro);
  properties[PROP_RESULT] =
    g_param_spec_enum ("result", NULL, NULL, TB_TYPE_RESULT, TB_RESULT_NONE, ro);
  properties[PROP_TERMINATION] =
    g_param_spec_enum ("termination", NULL, NULL, TB_TYPE_TERMINATION,
                       TB_TERMINATION_NONE, ro);
  properties[PROP_PLY] = g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_PLIES] = g_param_spec_uint ("n-plies", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A move was played at the current position and is now current. */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT64);
  /* The current position changed, by a move, undo, redo or navigation. */
  signals[POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);
}

static void
tb_game_init (TbGame *self)
{
  self->starter = 1;
  self->tags = g_array_new (FALSE, FALSE, sizeof (Tag));
  g_array_set_clear_func (self->tags, clear_tag);
  self->tag_names = g_ptr_array_new ();
  g_ptr_array_add (self->tag_names, NULL);
}

TbGame *
tb_game_new (TbVariant *variant, guint starter)
{
  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (tb_variant_check_starter (variant, starter, NULL), NULL);

  return g_object_new (TB_TYPE_GAME, "variant", variant, "starter", starter, NULL);
}

TbGame *
tb_game_new_at (TbVariant *variant, const TbPosition *start)
{
  TbGame *self;

  g_return_val_if_fail (variant != NULL && start != NULL, NULL);

  self = g_object_new (TB_TYPE_GAME, "variant", variant, "starter",
                       tb_position_to_move (start), NULL);
  self->setup = tb_position_dup (variant, start);
  tb_line_reset_to (self->line, self->setup);
  work_out_moves (self);
  return self;
}

const TbPosition *
tb_game_get_setup (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return self->setup;
}

/* Puts line back at the start of this game. */
static void
reset_line (TbGame *self, TbLine *line)
{
  if (self->setup)
    tb_line_reset_to (line, self->setup);
  else
    tb_line_reset (line, self->starter);
}

TbLine *
tb_game_new_line (TbGame *self)
{
  TbLine *line;

  g_return_val_if_fail (TB_IS_GAME (self), NULL);

  line = tb_line_new (self->variant, self->starter);
  reset_line (self, line);
  return line;
}

TbLine *
tb_game_new_line_to_current (TbGame *self)
{
  TbLine *line = tb_game_new_line (self);

  for (guint ply = 1; ply <= tb_game_get_ply (self); ply++)
    tb_line_push (line, tb_game_get_move (self, ply));
  return line;
}

TbVariant *
tb_game_get_variant (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return self->variant;
}

const TbRules *
tb_game_get_rules (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return self->variant->rules;
}

guint
tb_game_get_starter (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), 1);
  return self->starter;
}

const TbPosition *
tb_game_get_position (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return tb_line_get_position (self->line);
}

guint
tb_game_get_to_move (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), 0);
  ensure_known (self);
  if (self->outcome.result != TB_RESULT_NONE)
    return 0;
  return tb_position_to_move (tb_line_get_position (self->line));
}

gboolean
tb_game_is_over (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);
  ensure_known (self);
  return self->outcome.result != TB_RESULT_NONE;
}

TbResult
tb_game_get_result (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), TB_RESULT_NONE);
  ensure_known (self);
  return self->outcome.result;
}

TbTermination
tb_game_get_termination (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), TB_TERMINATION_NONE);
  ensure_known (self);
  return self->outcome.termination;
}

gboolean
tb_game_get_score (TbGame *self, int scores[2])
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);

  return tb_variant_score (self->variant, tb_game_get_position (self), scores);
}

const TbMove *
tb_game_get_legal_moves (TbGame *self, guint *n_moves)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  ensure_known (self);
  *n_moves = self->n_legal;
  return self->legal;
}

gboolean
tb_game_is_legal (TbGame *self, TbMove move)
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);

  ensure_known (self);
  return tb_moves_contain (self->legal, self->n_legal, move);
}

/* Whether move may be played now.  A quiet game asks the ruleset about
 * this move alone where it can: one legal move is enough to know the game
 * does not end for want of moves. */
static gboolean
can_play (TbGame *self, TbMove move)
{
  const TbRules *rules = self->variant->rules;
  TbOutcome end;

  if (!self->known && move != TB_MOVE_PASS && rules->is_legal && !current_node (self)->finished)
    return rules->is_legal (self->variant, tb_game_get_position (self), move) &&
           !tb_line_is_over_with_a_move (self->line, &end);
  return !tb_game_is_over (self) && tb_game_is_legal (self, move);
}

static void
append_child (TbGameNode *node, TbGameNode *child)
{
  if (node->last_child)
    node->last_child->next_sibling = child;
  else
    node->first_child = child;
  node->last_child = child;
}

static void
prepend_child (TbGameNode *node, TbGameNode *child)
{
  child->next_sibling = node->first_child;
  node->first_child = child;
  if (node->last_child == NULL)
    node->last_child = child;
}

/* The child of node for move, made when new (always for
 * TB_PLAY_NEW_VARIATION): the main continuation when played on the main
 * line, else the last one. */
static TbGameNode *
add_child (TbGameNode *node, TbMove move, TbPlayMode mode)
{
  TbGameNode *child = node->first_child, *before = NULL;

  if (mode != TB_PLAY_NEW_VARIATION)
    for (; child && child->move != move; child = child->next_sibling)
      {
        before = child;
        tb_work_add (1);
      }
  if (mode == TB_PLAY_NEW_VARIATION || child == NULL)
    {
      child = node_new (node, move);
      if (mode == TB_PLAY_MAIN_LINE)
        prepend_child (node, child);   /* a new move: the main line from now on */
      else
        append_child (node, child);
      return child;
    }
  if (mode != TB_PLAY_MAIN_LINE || before == NULL)
    return child;
  /* A known variation played again: the main line from now on. */
  before->next_sibling = child->next_sibling;
  if (node->last_child == child)
    node->last_child = before;
  prepend_child (node, child);
  return child;
}

gboolean
tb_game_play_full (TbGame *self, TbMove move, TbPlayMode mode, GError **error)
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);

  if ((move == TB_MOVE_NONE || move != self->vouched) && !can_play (self, move))
    {
      if (tb_game_is_over (self))
        g_set_error_literal (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER,
                             "the game is over");
      else
        g_set_error_literal (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE,
                             "not a legal move in this position");
      return FALSE;
    }

  CHANGE_POSITION (self, {
    TbGameNode *child = add_child (current_node (self), move, mode);

    g_ptr_array_set_size (self->line_nodes, tb_line_get_ply (self->line) + 1);
    g_ptr_array_add (self->line_nodes, child);
    tb_line_push (self->line, move);
    extend_line_from_current (self);
  });
  if (self->quiet)
    return TRUE;
  g_signal_emit (self, signals[MOVE_PLAYED], 0, tb_game_get_ply (self), (guint64) move);
  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  return TRUE;
}

gboolean
tb_game_play (TbGame *self, TbMove move, GError **error)
{
  return tb_game_play_full (self, move, TB_PLAY_MAIN_LINE, error);
}

gboolean
tb_game_parse_move (TbGame *self, const char *text, TbMove *move, GError **error)
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);

  if (current_node (self)->finished)
    {
      g_set_error_literal (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER, "the game is over");
      return FALSE;
    }
  /* The usual case (a record read, a move typed): checked against the
   * legal moves the game keeps, or the moving piece's, not all made
   * again.  Anything else goes the long way, which says what is wrong. */
  if (strlen (text) < 64 && !g_ascii_isspace (*text) && g_ascii_strcasecmp (text, "pass") != 0)
    {
      TbMove parsed;

      if (self->variant->rules->parse_move (self->variant, tb_game_get_position (self), text,
                                            &parsed, NULL) &&
          can_play (self, parsed))
        {
          /* Played next, as a rule: not checked twice. */
          self->vouched = parsed;
          *move = parsed;
          return TRUE;
        }
    }
  return tb_line_parse_move (self->line, text, move, error);
}

gboolean
tb_game_play_text (TbGame *self, const char *text, GError **error)
{
  TbMove move;

  return tb_game_parse_move (self, text, &move, error) && tb_game_play (self, move, error);
}

void
tb_game_finish (TbGame *self, TbResult result, TbTermination termination)
{
  g_return_if_fail (TB_IS_GAME (self));
  g_return_if_fail (result != TB_RESULT_NONE);
  g_return_if_fail (!tb_game_is_over (self));

  CHANGE_POSITION (self, {
    TbGameNode *node = current_node (self);

    /* Moves undone and not replayed (a resignation after an undo): the
     * game ends here, so they are no longer its continuation. */
    for (TbGameNode *child = node->first_child, *next; child; child = next)
      {
        next = child->next_sibling;
        free_tree (child);
      }
    node->first_child = node->last_child = NULL;
    g_ptr_array_set_size (self->line_nodes, tb_line_get_ply (self->line) + 1);
    node->finished = TRUE;
    node->finish.result = result;
    node->finish.termination = termination;
  });
  if (!self->quiet)
    g_signal_emit (self, signals[POSITION_CHANGED], 0);
}

char *
tb_game_format_move (TbGame *self, TbMove move)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return tb_variant_format_move (self->variant, tb_game_get_position (self), move);
}

guint
tb_game_get_ply (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), 0);
  return tb_line_get_ply (self->line);
}

guint
tb_game_get_n_plies (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), 0);
  return self->line_nodes->len - 1;
}

TbMove
tb_game_get_move (TbGame *self, guint ply)
{
  g_return_val_if_fail (TB_IS_GAME (self), TB_MOVE_NONE);
  g_return_val_if_fail (ply >= 1 && ply < self->line_nodes->len, TB_MOVE_NONE);
  return ((TbGameNode *) self->line_nodes->pdata[ply])->move;
}

char *
tb_game_get_move_text (TbGame *self, guint ply)
{
  g_autoptr (TbLine) scratch = NULL;
  const TbPosition *before;

  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  g_return_val_if_fail (ply >= 1 && ply < self->line_nodes->len, NULL);

  if (ply <= tb_line_get_ply (self->line))
    before = tb_line_get_position_at (self->line, ply - 1);
  else
    {
      /* Beyond the current position: replay to just before it. */
      scratch = tb_game_new_line (self);
      for (guint i = 1; i < ply; i++)
        tb_line_push (scratch, tb_game_get_move (self, i));
      before = tb_line_get_position (scratch);
    }
  return tb_variant_format_move (self->variant, before, tb_game_get_move (self, ply));
}

const TbPosition *
tb_game_get_position_at (TbGame *self, guint ply)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return tb_line_get_position_at (self->line, ply);
}

/* Back or forward along the current line to ply. */
static void
walk_line_to (TbGame *self, guint ply)
{
  while (tb_line_get_ply (self->line) > ply)
    {
      tb_line_pop (self->line);
      tb_work_add (1);
    }
  while (tb_line_get_ply (self->line) < ply)
    {
      TbGameNode *next = self->line_nodes->pdata[tb_line_get_ply (self->line) + 1];

      tb_line_push (self->line, next->move);
      tb_work_add (1);
    }
}

void
tb_game_go_to_ply (TbGame *self, guint ply)
{
  g_return_if_fail (TB_IS_GAME (self));
  g_return_if_fail (ply < self->line_nodes->len);

  if (ply == tb_game_get_ply (self))
    return;
  CHANGE_POSITION (self, walk_line_to (self, ply));
  if (!self->quiet)
    g_signal_emit (self, signals[POSITION_CHANGED], 0);
}

gboolean
tb_game_can_undo (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);
  return tb_line_get_ply (self->line) > 0;
}

gboolean
tb_game_can_redo (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);
  return tb_line_get_ply (self->line) + 1 < self->line_nodes->len;
}

gboolean
tb_game_undo (TbGame *self)
{
  if (!tb_game_can_undo (self))
    return FALSE;
  tb_game_go_to_ply (self, tb_game_get_ply (self) - 1);
  return TRUE;
}

gboolean
tb_game_redo (TbGame *self)
{
  if (!tb_game_can_redo (self))
    return FALSE;
  tb_game_go_to_ply (self, tb_game_get_ply (self) + 1);
  return TRUE;
}

guint
tb_game_get_main_line_length (TbGame *self)
{
  guint n = 0;

  g_return_val_if_fail (TB_IS_GAME (self), 0);
  for (TbGameNode *node = node_child (self->root, 0); node; node = node_child (node, 0))
    n++;
  return n;
}

/* A line replayed to the end of the main line, and its last node. */
static TbLine *
main_line_end (TbGame *self, TbGameNode **last)
{
  TbLine *line = tb_game_new_line (self);
  TbGameNode *node = self->root;

  for (TbGameNode *next = node_child (node, 0); next; next = node_child (next, 0))
    {
      tb_line_push (line, next->move);
      node = next;
    }
  *last = node;
  return line;
}

void
tb_game_set_quiet (TbGame *self, gboolean quiet)
{
  g_return_if_fail (TB_IS_GAME (self));

  if (self->quiet == quiet)
    return;
  self->quiet = quiet;
  if (quiet)
    return;
  ensure_known (self);
  /* Made loud again: whatever changed meanwhile is said at once. */
  for (guint i = 1; i < N_PROPS; i++)
    if (properties[i])
      g_object_notify_by_pspec (G_OBJECT (self), properties[i]);
  g_signal_emit (self, signals[POSITION_CHANGED], 0);
}

gboolean
tb_game_is_at_main_line_end (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), FALSE);

  if (tb_line_get_ply (self->line) + 1 != self->line_nodes->len ||
      node_child (current_node (self), 0) != NULL)
    return FALSE;
  for (guint i = 1; i < self->line_nodes->len; i++)
    if (node_child (self->line_nodes->pdata[i - 1], 0) != self->line_nodes->pdata[i])
      return FALSE;
  return TRUE;
}

void
tb_game_get_final_outcome (TbGame *self, TbOutcome *outcome)
{
  g_autoptr (TbLine) line = NULL;
  TbGameNode *last;

  g_return_if_fail (TB_IS_GAME (self));

  /* Standing there already (after play, or a record read): no replay. */
  if (tb_game_is_at_main_line_end (self))
    {
      last = current_node (self);
      if (last->finished)
        *outcome = last->finish;
      else
        tb_line_is_over (self->line, outcome);
      return;
    }
  line = main_line_end (self, &last);
  if (last->finished)
    *outcome = last->finish;
  else
    tb_line_is_over (line, outcome);
}

gboolean
tb_game_get_final_score (TbGame *self, int scores[2])
{
  g_autoptr (TbLine) line = NULL;
  TbGameNode *last;

  g_return_val_if_fail (TB_IS_GAME (self), FALSE);

  if (!tb_rules_keeps_score (self->variant->rules))
    return FALSE;
  if (tb_game_is_at_main_line_end (self))
    return tb_variant_score (self->variant, tb_line_get_position (self->line), scores);
  line = main_line_end (self, &last);
  return tb_variant_score (self->variant, tb_line_get_position (line), scores);
}

/* A game's few tags are looked through one by one; past TAGS_INDEXED of
 * them, found by name in a hash table. */
#define TAGS_INDEXED 16

/* The index of the tag named name + 1, 0 when there is none. */
static guint
tag_place (TbGame *self, const char *name)
{
  if (self->tag_index)
    {
      tb_work_add (1);
      return GPOINTER_TO_UINT (g_hash_table_lookup (self->tag_index, name));
    }
  for (guint i = 0; i < self->tags->len; i++)
    {
      tb_work_add (1);
      if (strcmp (g_array_index (self->tags, Tag, i).name, name) == 0)
        return i + 1;
    }
  return 0;
}

/* Puts the tags from index from on in the hash table, once it is worth
 * one.  The keys are the names the tags own. */
static void
index_tags (TbGame *self, guint from)
{
  if (self->tag_index == NULL)
    {
      if (self->tags->len <= TAGS_INDEXED)
        return;
      self->tag_index = g_hash_table_new (g_str_hash, g_str_equal);
      from = 0;
    }
  for (guint i = from; i < self->tags->len; i++)
    g_hash_table_insert (self->tag_index, g_array_index (self->tags, Tag, i).name,
                         GUINT_TO_POINTER (i + 1));
}

static Tag *
find_tag (TbGame *self, const char *name)
{
  guint place = tag_place (self, name);

  return place ? &g_array_index (self->tags, Tag, place - 1) : NULL;
}

const char *
tb_game_get_tag (TbGame *self, const char *name)
{
  Tag *tag;

  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  tag = find_tag (self, name);
  return tag ? tag->value : NULL;
}

void
tb_game_set_tag (TbGame *self, const char *name, const char *value)
{
  Tag *tag;

  g_return_if_fail (TB_IS_GAME (self));
  g_return_if_fail (name != NULL && value != NULL);

  tag = find_tag (self, name);
  if (tag == NULL)
    {
      Tag new_tag = { g_strdup (name), g_strdup (value) };

      g_array_append_val (self->tags, new_tag);
      g_ptr_array_insert (self->tag_names, (int) self->tag_names->len - 1, new_tag.name);
      index_tags (self, self->tags->len - 1);
      return;
    }
  g_free (tag->value);
  tag->value = g_strdup (value);
}

void
tb_game_remove_tag (TbGame *self, const char *name)
{
  guint place;

  g_return_if_fail (TB_IS_GAME (self));

  place = tag_place (self, name);
  if (place == 0)
    return;
  if (self->tag_index)
    g_hash_table_remove (self->tag_index, name);
  g_ptr_array_remove_index (self->tag_names, place - 1);
  g_array_remove_index (self->tags, place - 1);
  /* The tags after it moved down one place. */
  if (self->tag_index)
    index_tags (self, place - 1);
}

const char *const *
tb_game_get_tag_names (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return (const char *const *) self->tag_names->pdata;
}

const char *
tb_game_get_player_name (TbGame *self, guint seat)
{
  const char *name;

  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  g_return_val_if_fail (seat == 1 || seat == 2, NULL);

  name = tb_game_get_tag (self, seat == 1 ? "Player1" : "Player2");
  if (name == NULL || *name == '\0' || strcmp (name, "?") == 0)
    return NULL;
  return name;
}

guint
tb_game_get_computer_level (TbGame *self, guint seat)
{
  const char *type, *level;
  guint64 value;

  g_return_val_if_fail (TB_IS_GAME (self), 0);
  g_return_val_if_fail (seat == 1 || seat == 2, 0);

  type = tb_game_get_tag (self, seat == 1 ? "Player1Type" : "Player2Type");
  if (g_strcmp0 (type, "program") != 0)
    return 0;
  level = tb_game_get_tag (self, seat == 1 ? "Player1Level" : "Player2Level");
  if (level && g_ascii_string_to_unsigned (level, 10, 1, 5, &value, NULL))
    return (guint) value;
  return 3;   /* a program of no stated level plays the normal one */
}

void
tb_game_set_computer_level (TbGame *self, guint seat, guint level)
{
  g_autofree char *text = g_strdup_printf ("%u", level);

  g_return_if_fail (TB_IS_GAME (self));
  g_return_if_fail ((seat == 1 || seat == 2) && level <= 5);

  tb_game_set_tag (self, seat == 1 ? "Player1Type" : "Player2Type", level ? "program" : "human");
  if (level)
    tb_game_set_tag (self, seat == 1 ? "Player1Level" : "Player2Level", text);
  else
    tb_game_remove_tag (self, seat == 1 ? "Player1Level" : "Player2Level");
}

/* A comment is paragraphs of words.  In a paragraph, line breaks and runs
 * of spaces are one space; white space that holds a blank line (two line
 * breaks or more) separates two paragraphs, and becomes "\n\n".  So a
 * comment survives the wrapped lines of a record unchanged (the writer
 * puts a blank line between paragraphs).  One pass: a record read may
 * give a move a megabyte of comment. */
static char *
normalize_comment (const char *comment)
{
  GString *text;
  gboolean space = FALSE;
  guint breaks = 0;
  const char *p;

  if (comment == NULL)
    return NULL;
  text = g_string_sized_new (strlen (comment));
  for (p = comment; *p; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        {
          space = TRUE;
          breaks += *p == '\n';
          continue;
        }
      if (space && text->len > 0)
        g_string_append (text, breaks >= 2 ? "\n\n" : " ");
      space = FALSE;
      breaks = 0;
      g_string_append_c (text, *p);
    }
  tb_work_add ((guint64) (p - comment));
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

void
tb_game_set_node_comment (TbGame *self, const TbGameNode *node, const char *comment)
{
  TbGameNode *n = (TbGameNode *) node;

  g_return_if_fail (TB_IS_GAME (self));
  g_free (n->comment);
  n->comment = normalize_comment (comment);
}

const char *
tb_game_get_comment (TbGame *self, guint ply)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  g_return_val_if_fail (ply < self->line_nodes->len, NULL);
  return ((TbGameNode *) self->line_nodes->pdata[ply])->comment;
}

void
tb_game_set_comment (TbGame *self, guint ply, const char *comment)
{
  g_return_if_fail (TB_IS_GAME (self));
  g_return_if_fail (ply < self->line_nodes->len);
  tb_game_set_node_comment (self, self->line_nodes->pdata[ply], comment);
}

void
tb_game_add_node_nag (TbGame *self, const TbGameNode *node, guint8 nag)
{
  TbGameNode *n = (TbGameNode *) node;

  g_return_if_fail (TB_IS_GAME (self));
  if (n->nags == NULL)
    n->nags = g_byte_array_new ();
  g_byte_array_append (n->nags, &nag, 1);
}

void
tb_game_remove_node_nag (TbGame *self, const TbGameNode *node, guint8 nag)
{
  TbGameNode *n = (TbGameNode *) node;

  g_return_if_fail (TB_IS_GAME (self));
  for (guint i = n->nags ? n->nags->len : 0; i > 0; i--)
    if (n->nags->data[i - 1] == nag)
      g_byte_array_remove_index (n->nags, i - 1);
}

void
tb_game_set_node_eval (TbGame *self, const TbGameNode *node, double eval)
{
  TbGameNode *n = (TbGameNode *) node;

  g_return_if_fail (TB_IS_GAME (self));
  /* Kept in thousandths: what a record writes (three decimals) reads back
   * the same. */
  n->eval = eval < 0.0 ? -1 : (int) (CLAMP (eval, 0.0, 1.0) * 1000.0 + 0.5);
}

double
tb_game_node_get_eval (const TbGameNode *node)
{
  return node->eval < 0 ? TB_EVAL_NONE : node->eval / 1000.0;
}

const guint8 *
tb_game_get_nags (TbGame *self, guint ply, guint *n_nags)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  g_return_val_if_fail (ply < self->line_nodes->len, NULL);
  return tb_game_node_get_nags (self->line_nodes->pdata[ply], n_nags);
}

const char *
tb_nag_glyph (guint nag)
{
  /* PGN's move glyphs, $1 to $6 (the TGN reader's suffixes). */
  static const char *const glyphs[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

  return nag < G_N_ELEMENTS (glyphs) ? glyphs[nag] : NULL;
}

double
tb_game_get_eval (TbGame *self, guint ply)
{
  g_return_val_if_fail (TB_IS_GAME (self), TB_EVAL_NONE);
  g_return_val_if_fail (ply < self->line_nodes->len, TB_EVAL_NONE);
  return tb_game_node_get_eval (self->line_nodes->pdata[ply]);
}

const TbGameNode *
tb_game_get_root (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return self->root;
}

const TbGameNode *
tb_game_get_current_node (TbGame *self)
{
  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  return current_node (self);
}

/* Whether node is on the current line (behind or ahead of the current
 * position). */
static gboolean
on_current_line (TbGame *self, const TbGameNode *node)
{
  return node->ply < self->line_nodes->len && self->line_nodes->pdata[node->ply] == node;
}

/* Only the way from the current position to node is replayed: back to
 * where their lines part, then forward.  A reader goes back after each
 * variation, and the line may be thousands of moves long. */
void
tb_game_go_to_node (TbGame *self, const TbGameNode *node)
{
  g_autoptr (GPtrArray) path = g_ptr_array_new ();
  const TbGameNode *common = node;

  g_return_if_fail (TB_IS_GAME (self));
  if (node == current_node (self))
    return;
  for (; !on_current_line (self, common); common = common->parent)
    g_ptr_array_add (path, (gpointer) common);
  tb_work_add (path->len);

  CHANGE_POSITION (self, {
    walk_line_to (self, common->ply);
    g_ptr_array_set_size (self->line_nodes, common->ply + 1);
    for (guint i = path->len; i > 0; i--)
      {
        TbGameNode *n = path->pdata[i - 1];

        tb_line_push (self->line, n->move);
        g_ptr_array_add (self->line_nodes, n);
      }
    extend_line_from_current (self);
  });
  if (!self->quiet)
    g_signal_emit (self, signals[POSITION_CHANGED], 0);
}

guint
tb_game_node_get_n_children (const TbGameNode *node)
{
  guint n = 0;

  for (const TbGameNode *child = node->first_child; child; child = child->next_sibling)
    n++;
  tb_work_add (n);
  return n;
}

const TbGameNode *
tb_game_node_get_child (const TbGameNode *node, guint index)
{
  return node_child (node, index);
}

const TbGameNode *
tb_game_node_get_next_sibling (const TbGameNode *node)
{
  return node->next_sibling;
}

const TbGameNode *
tb_game_node_get_parent (const TbGameNode *node)
{
  return node->parent;
}

TbMove
tb_game_node_get_move (const TbGameNode *node)
{
  return node->move;
}

const char *
tb_game_node_get_comment (const TbGameNode *node)
{
  return node->comment;
}

const guint8 *
tb_game_node_get_nags (const TbGameNode *node, guint *n_nags)
{
  *n_nags = node->nags ? node->nags->len : 0;
  return node->nags ? node->nags->data : NULL;
}

gboolean
tb_game_node_get_finish (const TbGameNode *node, TbOutcome *outcome)
{
  if (node->finished && outcome)
    *outcome = node->finish;
  return node->finished;
}

TbPosition *
tb_game_preview_move (TbGame *self, TbMove move)
{
  TbPosition *after;

  g_return_val_if_fail (TB_IS_GAME (self), NULL);

  if (!tb_game_is_legal (self, move))
    return NULL;
  after = tb_position_new (self->variant);
  tb_variant_apply (self->variant, tb_game_get_position (self), move, after);
  return after;
}

/* ---- move glyphs ---- */

static gboolean
is_move_nag (guint nag)
{
  return nag >= 1 && nag <= 6;
}

guint
tb_game_node_get_move_nag (const TbGameNode *node)
{
  for (guint i = 0; node->nags && i < node->nags->len; i++)
    if (is_move_nag (node->nags->data[i]))
      return node->nags->data[i];
  return 0;
}

void
tb_game_set_node_move_nag (TbGame *self, const TbGameNode *node, guint nag)
{
  TbGameNode *n = (TbGameNode *) node;

  g_return_if_fail (TB_IS_GAME (self));
  g_return_if_fail (nag == 0 || is_move_nag (nag));

  for (guint i = n->nags ? n->nags->len : 0; i > 0; i--)
    if (is_move_nag (n->nags->data[i - 1]))
      g_byte_array_remove_index (n->nags, i - 1);
  if (nag == 0)
    return;
  if (n->nags == NULL)
    n->nags = g_byte_array_new ();
  /* First: the glyph a record writes after the move. */
  g_byte_array_prepend (n->nags, (guint8[]) { (guint8) nag }, 1);
}

guint
tb_nag_after_key (guint nag, char key)
{
  const char *glyph = tb_nag_glyph (nag);
  char wanted[4] = { 0 };

  g_return_val_if_fail (key == '!' || key == '?', nag);

  if (glyph && strlen (glyph) == 1)
    {
      wanted[0] = glyph[0];
      wanted[1] = key;
    }
  else
    wanted[0] = key;
  /* "!!" and "??" again: the key pressed a third time takes it away. */
  if (glyph && glyph[0] == key && glyph[1] == key)
    return 0;
  for (guint candidate = 1; candidate <= 6; candidate++)
    if (strcmp (tb_nag_glyph (candidate), wanted) == 0)
      return candidate;
  return 0;
}

/* ---- editing the tree ---- */

struct _TbGameCut
{
  TbGameNode *parent;
  TbGameNode *node;      /* the subtree cut, owned until put back */
  guint index;           /* where it stood among parent's continuations */
};

guint
tb_game_node_get_index (const TbGameNode *node)
{
  guint index = 0;

  g_return_val_if_fail (node->parent != NULL, 0);
  for (const TbGameNode *child = node->parent->first_child; child != node;
       child = child->next_sibling)
    index++;
  tb_work_add (index);
  return index;
}

const TbGameNode *
tb_game_node_get_variation_start (const TbGameNode *node)
{
  for (; node->parent; node = node->parent)
    if (node->parent->first_child != node)
      return node;
  return NULL;
}

/* Takes node out of its parent's continuations. */
static void
unlink_child (TbGameNode *node)
{
  TbGameNode *parent = node->parent, *before = NULL;

  for (TbGameNode *child = parent->first_child; child != node; child = child->next_sibling)
    before = child;
  if (before)
    before->next_sibling = node->next_sibling;
  else
    parent->first_child = node->next_sibling;
  if (parent->last_child == node)
    parent->last_child = before;
  node->next_sibling = NULL;
}

/* Puts node (unlinked) at index among parent's continuations. */
static void
link_child (TbGameNode *parent, TbGameNode *node, guint index)
{
  TbGameNode *before = NULL;

  if (index == 0)
    {
      prepend_child (parent, node);
      return;
    }
  before = parent->first_child;
  for (guint i = 1; i < index && before && before->next_sibling; i++)
    before = before->next_sibling;
  if (before == NULL)
    {
      prepend_child (parent, node);
      return;
    }
  node->next_sibling = before->next_sibling;
  before->next_sibling = node;
  if (parent->last_child == before)
    parent->last_child = node;
}

/* The tree changed after the ply-th node of the current line: the line
 * goes back to ply and follows the main continuation from there. */
static void
relink_line (TbGame *self, guint ply)
{
  CHANGE_POSITION (self, {
    walk_line_to (self, ply);
    extend_line_from_current (self);
  });
  if (!self->quiet)
    g_signal_emit (self, signals[POSITION_CHANGED], 0);
}

guint
tb_game_move_node (TbGame *self, const TbGameNode *node, guint index)
{
  TbGameNode *n = (TbGameNode *) node;
  guint old_index;

  g_return_val_if_fail (TB_IS_GAME (self), 0);
  g_return_val_if_fail (node->parent != NULL, 0);

  old_index = tb_game_node_get_index (node);
  unlink_child (n);
  link_child (n->parent, n, index);
  relink_line (self, tb_game_get_ply (self));
  return old_index;
}

const TbGameNode *
tb_game_promote_variation (TbGame *self, const TbGameNode *node, guint *old_index)
{
  const TbGameNode *start;

  g_return_val_if_fail (TB_IS_GAME (self), NULL);

  start = tb_game_node_get_variation_start (node);
  if (start == NULL)
    return NULL;
  *old_index = tb_game_move_node (self, start, 0);
  return start;
}

TbGameCut *
tb_game_cut (TbGame *self, const TbGameNode *node)
{
  TbGameCut *cut;
  guint ply = tb_game_get_ply (self);

  g_return_val_if_fail (TB_IS_GAME (self), NULL);
  g_return_val_if_fail (node->parent != NULL, NULL);

  cut = g_new0 (TbGameCut, 1);
  cut->parent = node->parent;
  cut->node = (TbGameNode *) node;
  cut->index = tb_game_node_get_index (node);
  /* The position shown inside what is cut: shown from where it leaves. */
  if (on_current_line (self, node) && ply >= node->ply)
    ply = node->ply - 1;
  unlink_child (cut->node);
  relink_line (self, ply);
  return cut;
}

void
tb_game_restore_cut (TbGame *self, TbGameCut *cut)
{
  g_return_if_fail (TB_IS_GAME (self));
  g_return_if_fail (cut != NULL && cut->node != NULL);

  link_child (cut->parent, cut->node, cut->index);
  cut->node = NULL;
  relink_line (self, tb_game_get_ply (self));
  tb_game_cut_free (cut);
}

void
tb_game_cut_free (TbGameCut *cut)
{
  if (cut == NULL)
    return;
  if (cut->node)
    free_tree (cut->node);
  g_free (cut);
}
