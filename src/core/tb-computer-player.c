/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-computer-player.c: plays the seats of a game that the computer holds */
#include "config.h"

#include "tb-ai.h"
#include "tb-computer-player.h"

struct _TbComputerPlayer
{
  GObject parent_instance;

  TbGame *game;
  gulong position_changed_id;
  guint delay_ms;
  gboolean seeded;
  guint64 seed;

  guint thinking;              /* the seat, or 0 */
  GCancellable *cancellable;
  gint64 started;              /* when the position appeared */
  guint reply_id;              /* waiting out the delay before playing */
  TbMove reply;
  guint idle_id;
  /* Each seat's search goes on from its previous move's (TbAiLimits.reuse);
   * a seat's tree is the thread's while it thinks. */
  TbAiTree *kept[2];
};

G_DEFINE_FINAL_TYPE (TbComputerPlayer, tb_computer_player, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_DELAY,
  PROP_THINKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_thinking (TbComputerPlayer *self, guint seat)
{
  if (self->thinking == seat)
    return;
  self->thinking = seat;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
stop (TbComputerPlayer *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->reply_id, g_source_remove);
  set_thinking (self, 0);
}

static gboolean
play_reply (gpointer data)
{
  TbComputerPlayer *self = data;
  g_autoptr (GError) error = NULL;

  self->reply_id = 0;
  set_thinking (self, 0);
  /* The game may be over by now (a resignation); then nothing is played. */
  if (!tb_game_play (self->game, self->reply, &error))
    g_debug ("the computer's move was not played: %s", error->message);
  return G_SOURCE_REMOVE;
}

static void
on_thought (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbComputerPlayer) self = data;
  g_autoptr (GError) error = NULL;
  TbAiResult out;
  TbAiTree *kept = NULL;
  gint64 waited;

  if (!tb_ai_think_kept_finish (result, &out, &kept, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_warning ("the computer could not choose a move: %s", error->message);
          set_thinking (self, 0);
        }
      return;
    }
  if (self->thinking > 0)
    {
      tb_ai_tree_free (self->kept[self->thinking - 1]);
      self->kept[self->thinking - 1] = kept;
    }
  else
    tb_ai_tree_free (kept);
  self->reply = out.move;
  waited = (g_get_monotonic_time () - self->started) / 1000;
  if (waited >= self->delay_ms)
    play_reply (self);
  else
    self->reply_id = g_timeout_add ((guint) (self->delay_ms - waited), play_reply, self);
}

static void
think (TbComputerPlayer *self, guint seat, guint level)
{
  TbAiLimits limits;

  if (!tb_ai_level_limits (tb_game_get_rules (self->game), level, &limits, NULL))
    return;
  self->cancellable = g_cancellable_new ();
  self->started = g_get_monotonic_time ();
  set_thinking (self, seat);
  tb_ai_think_kept_async (self->game, &limits,
                          self->seeded ? self->seed + tb_game_get_ply (self->game)
                                       : ((guint64) g_random_int () << 32 | g_random_int ()),
                          self->kept[seat - 1] ? g_steal_pointer (&self->kept[seat - 1])
                                               : tb_ai_tree_new (),
                          self->cancellable, on_thought, g_object_ref (self));
}

/* Whatever was being thought about is now out of date. */
static void
reconsider (TbComputerPlayer *self)
{
  guint seat, level;

  stop (self);
  if (self->game == NULL || tb_game_is_over (self->game) ||
      tb_game_get_ply (self->game) != tb_game_get_n_plies (self->game))
    return;
  seat = tb_game_get_to_move (self->game);
  level = tb_game_get_computer_level (self->game, seat);
  if (level > 0)
    think (self, seat, level);
}

static void
on_position_changed (TbGame *game, TbComputerPlayer *self)
{
  reconsider (self);
}

static gboolean
first_look (gpointer data)
{
  TbComputerPlayer *self = data;

  self->idle_id = 0;
  reconsider (self);
  return G_SOURCE_REMOVE;
}

static void
tb_computer_player_dispose (GObject *object)
{
  TbComputerPlayer *self = TB_COMPUTER_PLAYER (object);

  stop (self);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_pointer (&self->kept[0], tb_ai_tree_free);
  g_clear_pointer (&self->kept[1], tb_ai_tree_free);
  G_OBJECT_CLASS (tb_computer_player_parent_class)->dispose (object);
}

static void
tb_computer_player_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  TbComputerPlayer *self = TB_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_DELAY:
      g_value_set_uint (value, self->delay_ms);
      break;
    case PROP_THINKING:
      g_value_set_uint (value, self->thinking);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_computer_player_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  TbComputerPlayer *self = TB_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      self->position_changed_id = g_signal_connect (self->game, "position-changed",
                                                    G_CALLBACK (on_position_changed), self);
      /* A game whose first move is the computer's starts from the main loop. */
      self->idle_id = g_idle_add (first_look, self);
      break;
    case PROP_DELAY:
      tb_computer_player_set_delay (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_computer_player_class_init (TbComputerPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tb_computer_player_dispose;
  object_class->get_property = tb_computer_player_get_property;
  object_class->set_property = tb_computer_player_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, TB_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DELAY] =
    g_param_spec_uint ("delay", NULL, NULL, 0, 60000, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] =
    g_param_spec_uint ("thinking", NULL, NULL, 0, 2, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tb_computer_player_init (TbComputerPlayer *self)
{
}

TbComputerPlayer *
tb_computer_player_new (TbGame *game)
{
  g_return_val_if_fail (TB_IS_GAME (game), NULL);
  return g_object_new (TB_TYPE_COMPUTER_PLAYER, "game", game, NULL);
}

TbGame *
tb_computer_player_get_game (TbComputerPlayer *self)
{
  g_return_val_if_fail (TB_IS_COMPUTER_PLAYER (self), NULL);
  return self->game;
}

guint
tb_computer_player_get_delay (TbComputerPlayer *self)
{
  g_return_val_if_fail (TB_IS_COMPUTER_PLAYER (self), 0);
  return self->delay_ms;
}

void
tb_computer_player_set_delay (TbComputerPlayer *self, guint delay_ms)
{
  g_return_if_fail (TB_IS_COMPUTER_PLAYER (self));

  if (self->delay_ms == delay_ms)
    return;
  self->delay_ms = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
}

void
tb_computer_player_set_seed (TbComputerPlayer *self, guint64 seed)
{
  g_return_if_fail (TB_IS_COMPUTER_PLAYER (self));
  self->seeded = TRUE;
  self->seed = seed;
}

guint
tb_computer_player_get_thinking (TbComputerPlayer *self)
{
  g_return_val_if_fail (TB_IS_COMPUTER_PLAYER (self), 0);
  return self->thinking;
}
