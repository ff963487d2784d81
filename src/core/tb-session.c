/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-session.c: one game being played, and everything around it */
#include "config.h"

#include "tb-ai.h"
#include "tb-autosave.h"
#include "tb-computer-player.h"
#include "tb-enums.h"
#include "tb-session.h"
#include "tb-store-job.h"

/* The hint's search is counted in nodes and seeded with this, so that
 * every press in a position shows the same move (tb_ai_hint_limits). */
#define HINT_SEED 1

struct _TbSession
{
  GObject parent_instance;

  TbContext *context;
  TbGame *game;
  gulong position_changed_id;
  TbMatch *match;
  guint n_games;              /* games played so far, counted to know a resume came late */
  TbAutosave *autosave;       /* NULL without a store that can be written */
  TbComputerPlayer *computer; /* while active */
  gboolean active;
  gboolean seeded;
  guint64 seed;

  /* A continued game records where it came from once it has an id. */
  gint64 origin_id;
  guint origin_ply;

  /* Cancelled when the position changes: what they worked on is gone. */
  GCancellable *position_cancellable;
};

G_DEFINE_FINAL_TYPE (TbSession, tb_session, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CONTEXT,
  PROP_GAME,
  PROP_ID,
  PROP_SAVING,
  PROP_ACTIVE,
  PROP_THINKING,
  N_PROPS
};

enum
{
  GAME_REPLACED,
  SAVE_FAILED,
  DRAW_ANSWERED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static TbStore *
store_of (TbSession *self)
{
  return tb_context_get_store (self->context);
}

/* Where games are saved: nowhere while the user's database opens, nor
 * when it could only be opened read-only. */
static TbStore *
writable_store (TbSession *self)
{
  TbStore *store = store_of (self);

  return store && !tb_store_is_read_only (store) ? store : NULL;
}

/* ---- the computer player ---- */

static void
on_thinking_changed (TbSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
stop_computer (TbSession *self)
{
  if (self->computer == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->computer, self);
  g_clear_object (&self->computer);
  on_thinking_changed (self);
}

static void
start_computer (TbSession *self)
{
  stop_computer (self);
  if (self->game == NULL || !self->active)
    return;
  self->computer = tb_computer_player_new (self->game);
  if (self->seeded)
    tb_computer_player_set_seed (self->computer, self->seed);
  g_settings_bind (tb_context_get_settings (self->context), "computer-delay", self->computer,
                   "delay", G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->computer, "notify::thinking", G_CALLBACK (on_thinking_changed),
                            self);
}

/* ---- saving ---- */

static void
on_id_changed (TbSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
  if (self->origin_id && tb_session_get_id (self))
    {
      tb_store_job_set_origin (store_of (self), tb_session_get_id (self), self->origin_id,
                               self->origin_ply, NULL, NULL, NULL);
      self->origin_id = 0;
    }
}

static void
on_saving_changed (TbSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVING]);
}

static void
on_save_failed (TbSession *self, GError *error)
{
  g_signal_emit (self, signals[SAVE_FAILED], 0, error);
}

/* The game's autosave; the last one lets go but writes what it has. */
static void
watch_saves (TbSession *self, gint64 id)
{
  if (self->autosave)
    {
      g_signal_handlers_disconnect_by_data (self->autosave, self);
      tb_autosave_stop (self->autosave);
      g_clear_object (&self->autosave);
    }
  if (writable_store (self) == NULL)
    return;
  self->autosave = tb_autosave_new (writable_store (self), self->game, id);
  g_signal_connect_swapped (self->autosave, "notify::id", G_CALLBACK (on_id_changed), self);
  g_signal_connect_swapped (self->autosave, "notify::busy", G_CALLBACK (on_saving_changed), self);
  g_signal_connect_swapped (self->autosave, "failed", G_CALLBACK (on_save_failed), self);
}

/* The user's database opened after the game began (it opens in a
 * worker thread): the game is saved from now on. */
static void
on_store_changed (TbSession *self)
{
  if (self->game && self->autosave == NULL && writable_store (self))
    watch_saves (self, 0);
}

/* Written once the user's database is open, as it stands then: a game
 * let go (another began, or its window closed) before the database was
 * open. */
static void
save_when_open (TbContext *context, GParamSpec *pspec, TbGame *game)
{
  TbStore *store = tb_context_get_store (context);

  if (store && !tb_store_is_read_only (store))
    {
      g_autoptr (TbAutosave) autosave = tb_autosave_new (store, game, 0);

      /* Its save job holds it until the game is written. */
      tb_autosave_stop (autosave);
    }
  g_signal_handlers_disconnect_by_func (context, save_when_open, game);
}

static void
unref_game (gpointer game, GClosure *closure)
{
  g_object_unref (game);
}

static void
let_go_of_game (TbSession *self)
{
  if (self->game == NULL || self->autosave || !tb_context_get_opening (self->context))
    return;
  g_signal_connect_data (self->context, "notify::opening", G_CALLBACK (save_when_open),
                         g_object_ref (self->game), unref_game, 0);
}

/* ---- which game ---- */

static void
forget_position (TbSession *self)
{
  g_cancellable_cancel (self->position_cancellable);
  g_clear_object (&self->position_cancellable);
  self->position_cancellable = g_cancellable_new ();
}

static void
replace_game (TbSession *self, TbGame *game, gint64 id, TbMatch *match)
{
  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  let_go_of_game (self);
  forget_position (self);
  self->n_games++;
  g_set_object (&self->game, game);
  g_set_object (&self->match, match);
  self->origin_id = 0;
  self->position_changed_id = g_signal_connect_swapped (game, "position-changed",
                                                        G_CALLBACK (forget_position), self);
  watch_saves (self, id);
  start_computer (self);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
  g_signal_emit (self, signals[GAME_REPLACED], 0, game);
  g_object_thaw_notify (G_OBJECT (self));
}

void
tb_session_start (TbSession *self, TbGame *game)
{
  g_autoptr (TbMatch) match = NULL;

  g_return_if_fail (TB_IS_SESSION (self));
  g_return_if_fail (TB_IS_GAME (game));

  if (tb_rules_plays_matches (tb_game_get_rules (game)))
    match = tb_match_new_with_game (game);
  replace_game (self, game, 0, match);
}

static void
on_resume_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  TbSession *self = g_task_get_source_object (task);
  g_autoptr (TbMatch) match = NULL;
  GError *error = NULL;
  g_autoptr (TbStoredGame) stored = tb_store_job_load_game_finish (result, &error);

  if (stored == NULL)
    {
      if (error)
        g_task_return_error (task, error);
      else
        g_task_return_boolean (task, FALSE);
      return;
    }
  /* Given up while it was read (its window closed: the application
   * quitting, its database closing): nothing is played nor saved. */
  if (g_task_return_error_if_cancelled (task))
    return;
  /* Another game began while this one was read (a record opened at
   * start, a new game): the later choice stands. */
  if (GPOINTER_TO_UINT (g_task_get_task_data (task)) != self->n_games)
    {
      g_task_return_boolean (task, FALSE);
      return;
    }
  if (stored->match)
    match = tb_match_new_resumed (stored->match);
  replace_game (self, stored->game, stored->id, match);
  g_task_return_boolean (task, TRUE);
}

void
tb_session_resume_async (TbSession *self, gint64 id, GCancellable *cancellable,
                         GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;

  g_return_if_fail (TB_IS_SESSION (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tb_session_resume_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (self->n_games), NULL);
  if (store_of (self) == NULL)
    {
      g_task_return_boolean (task, FALSE);
      g_object_unref (task);
      return;
    }
  tb_store_job_load_game (store_of (self), id, cancellable, on_resume_loaded, task);
}

gboolean
tb_session_resume_finish (TbSession *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* A new game with the moves of replayed up to its ply. */
static TbGame *
copy_up_to_ply (TbGame *replayed, GError **error)
{
  static const char *const kept_tags[] = { "Player1", "Player2", "Player1Type", "Player2Type",
                                           "Player1Level", "Player2Level", NULL };
  g_autoptr (TbGame) game = NULL;

  game = tb_game_get_setup (replayed)
           ? tb_game_new_at (tb_game_get_variant (replayed), tb_game_get_setup (replayed))
           : tb_game_new (tb_game_get_variant (replayed), tb_game_get_starter (replayed));
  for (guint i = 0; kept_tags[i]; i++)
    if (tb_game_get_tag (replayed, kept_tags[i]))
      tb_game_set_tag (game, kept_tags[i], tb_game_get_tag (replayed, kept_tags[i]));
  for (guint ply = 1; ply <= tb_game_get_ply (replayed); ply++)
    if (!tb_game_play (game, tb_game_get_move (replayed, ply), error))
      return NULL;
  return g_steal_pointer (&game);
}

gboolean
tb_session_continue_from (TbSession *self, TbGame *replayed, gint64 replayed_id, GError **error)
{
  g_autoptr (TbGame) game = NULL;

  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  g_return_val_if_fail (TB_IS_GAME (replayed), FALSE);

  game = copy_up_to_ply (replayed, error);
  if (game == NULL)
    return FALSE;
  tb_session_start (self, game);
  /* Recorded when the new game's first save gives it an id. */
  self->origin_id = replayed_id;
  self->origin_ply = tb_game_get_ply (replayed);
  return TRUE;
}

gboolean
tb_session_can_start_next_game (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  return self->match && tb_match_can_start_next_game (self->match);
}

void
tb_session_start_next_game (TbSession *self)
{
  g_autoptr (TbMatch) match = NULL;

  g_return_if_fail (TB_IS_SESSION (self));

  if (!tb_session_can_start_next_game (self))
    return;
  match = g_object_ref (self->match);
  replace_game (self, tb_match_start_next_game (match), 0, match);
}

static void
on_reloaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbSession) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStoredGame) stored = tb_store_job_load_game_finish (result, &error);

  if (stored == NULL)
    {
      g_warning ("the game could not be read again: %s", error ? error->message : "gone");
      return;
    }
  /* Still the game read, and the record brought moves. */
  if (stored->id == tb_session_get_id (self) &&
      tb_game_get_ply (stored->game) != tb_game_get_ply (self->game))
    replace_game (self, stored->game, stored->id, self->match);
}

void
tb_session_reload (TbSession *self)
{
  g_return_if_fail (TB_IS_SESSION (self));

  if (tb_session_get_id (self) == 0 || !tb_session_is_correspondence (self))
    return;
  tb_store_job_load_game (store_of (self), tb_session_get_id (self), NULL, on_reloaded,
                          g_object_ref (self));
}

/* ---- playing ---- */

gboolean
tb_session_get_active (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  return self->active;
}

void
tb_session_set_active (TbSession *self, gboolean active)
{
  g_return_if_fail (TB_IS_SESSION (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  if (active)
    start_computer (self);
  else
    stop_computer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

guint
tb_session_get_thinking (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), 0);
  return self->computer ? tb_computer_player_get_thinking (self->computer) : 0;
}

void
tb_session_set_seed (TbSession *self, guint64 seed)
{
  g_return_if_fail (TB_IS_SESSION (self));

  self->seeded = TRUE;
  self->seed = seed;
  if (self->computer)
    tb_computer_player_set_seed (self->computer, seed);
}

static gboolean
computer_to_move (TbSession *self)
{
  guint seat = tb_game_get_to_move (self->game);

  return seat && tb_game_get_computer_level (self->game, seat) > 0;
}

gboolean
tb_session_is_persons_turn (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  return self->game && !tb_game_is_over (self->game) && !computer_to_move (self);
}

gboolean
tb_session_is_against_computer (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  return self->game && (tb_game_get_computer_level (self->game, 1) > 0) !=
                         (tb_game_get_computer_level (self->game, 2) > 0);
}

gboolean
tb_session_can_offer (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);

  /* After an undo too: the game then ends where it stands. */
  if (self->game == NULL || tb_game_is_over (self->game))
    return FALSE;
  return tb_game_get_computer_level (self->game, 1) == 0 ||
         tb_game_get_computer_level (self->game, 2) == 0;
}

gboolean
tb_session_play (TbSession *self, TbMove move, GError **error)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  return tb_game_play (self->game, move, error);
}

gboolean
tb_session_undo (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);

  if (self->game == NULL || !tb_game_undo (self->game))
    return FALSE;
  while (tb_session_is_against_computer (self) && computer_to_move (self) &&
         tb_game_can_undo (self->game))
    tb_game_undo (self->game);
  return TRUE;
}

gboolean
tb_session_redo (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);

  if (self->game == NULL || !tb_game_redo (self->game))
    return FALSE;
  while (tb_session_is_against_computer (self) && computer_to_move (self) &&
         tb_game_can_redo (self->game))
    tb_game_redo (self->game);
  return TRUE;
}

guint
tb_session_get_offering_seat (TbSession *self)
{
  guint to_move;

  g_return_val_if_fail (TB_IS_SESSION (self), 0);

  if (self->game == NULL || (to_move = tb_game_get_to_move (self->game)) == 0)
    return 0;
  if (tb_game_get_computer_level (self->game, to_move) > 0)
    return 3 - to_move;
  return to_move;
}

void
tb_session_resign (TbSession *self, guint seat)
{
  g_return_if_fail (TB_IS_SESSION (self));
  g_return_if_fail (seat == 1 || seat == 2);

  if (self->game == NULL || tb_game_is_over (self->game))
    return;
  tb_game_finish (self->game, seat == 1 ? TB_RESULT_SEAT2_WINS : TB_RESULT_SEAT1_WINS,
                  TB_TERMINATION_RESIGNED);
}

void
tb_session_agree_draw (TbSession *self)
{
  g_return_if_fail (TB_IS_SESSION (self));

  if (self->game && !tb_game_is_over (self->game))
    tb_game_finish (self->game, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED);
}

typedef struct
{
  TbLine *line;
  guint seat;     /* the computer's */
} DrawQuestion;

static void
draw_question_free (DrawQuestion *question)
{
  tb_line_free (question->line);
  g_free (question);
}

static void
answer_draw (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  DrawQuestion *question = data;

  g_task_return_int (task, tb_ai_answer_draw (question->line, question->seat, NULL));
}

/* Told only if the position is still the one asked about (a cancelled
 * task reports G_IO_ERROR_CANCELLED). */
static void
on_draw_answered (GObject *source, GAsyncResult *result, gpointer data)
{
  TbSession *self = TB_SESSION (source);
  DrawQuestion *question = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  gssize answer = g_task_propagate_int (G_TASK (result), &error);

  if (error)
    return;
  /* The game ends first: what the answer says comes after the end's own
   * words. */
  if (answer == TB_DRAW_ACCEPT)
    tb_session_agree_draw (self);
  g_signal_emit (self, signals[DRAW_ANSWERED], 0, question->seat, (TbDrawAnswer) answer);
}

gboolean
tb_session_offer_draw (TbSession *self)
{
  g_autoptr (GTask) task = NULL;
  DrawQuestion *question;
  guint seat;

  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);

  seat = tb_session_get_offering_seat (self);
  if (seat == 0 || tb_game_get_computer_level (self->game, 3 - seat) == 0)
    return FALSE;
  question = g_new (DrawQuestion, 1);
  question->seat = 3 - seat;
  question->line = tb_game_new_line_to_current (self->game);
  task = g_task_new (self, self->position_cancellable, on_draw_answered, NULL);
  g_task_set_source_tag (task, tb_session_offer_draw);
  g_task_set_task_data (task, question, (GDestroyNotify) draw_question_free);
  g_task_run_in_thread (task, answer_draw);
  return TRUE;
}

static void
on_hint_thought (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) task = data;
  GError *error = NULL;
  TbAiResult found;

  if (!tb_ai_think_finish (result, &found, &error))
    g_task_return_error (task, error);
  else if (!g_task_return_error_if_cancelled (task))
    g_task_return_pointer (task, g_memdup2 (&found.move, sizeof found.move), g_free);
}

void
tb_session_hint_async (TbSession *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                       gpointer user_data)
{
  GTask *task;
  TbAiLimits limits;

  g_return_if_fail (TB_IS_SESSION (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tb_session_hint_async);
  if (!tb_session_is_persons_turn (self))
    {
      g_task_return_new_error (task, TB_AI_ERROR, TB_AI_ERROR_GAME_OVER,
                               "No person is to move");
      g_object_unref (task);
      return;
    }
  tb_ai_hint_limits (tb_game_get_rules (self->game), &limits);
  tb_ai_think_async (self->game, &limits, HINT_SEED, self->position_cancellable,
                     on_hint_thought, task);
}

gboolean
tb_session_hint_finish (TbSession *self, GAsyncResult *result, TbMove *move, GError **error)
{
  g_autofree TbMove *found = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  found = g_task_propagate_pointer (G_TASK (result), error);
  if (found == NULL)
    return FALSE;
  *move = *found;
  return TRUE;
}

gboolean
tb_session_is_correspondence (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  return self->game &&
         g_strcmp0 (tb_game_get_tag (self->game, TB_TAG_CORRESPONDENCE), "yes") == 0;
}

/* ---- the object ---- */

TbGame *
tb_session_get_game (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), NULL);
  return self->game;
}

TbMatch *
tb_session_get_match (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), NULL);
  return self->match;
}

gint64
tb_session_get_id (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), 0);
  return self->autosave ? tb_autosave_get_id (self->autosave) : 0;
}

gboolean
tb_session_get_saving (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), FALSE);
  return self->autosave && tb_autosave_get_busy (self->autosave);
}

TbContext *
tb_session_get_context (TbSession *self)
{
  g_return_val_if_fail (TB_IS_SESSION (self), NULL);
  return self->context;
}

static void
tb_session_dispose (GObject *object)
{
  TbSession *self = TB_SESSION (object);

  stop_computer (self);
  g_cancellable_cancel (self->position_cancellable);
  g_clear_object (&self->position_cancellable);
  if (self->game)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  if (self->autosave)
    {
      g_signal_handlers_disconnect_by_data (self->autosave, self);
      tb_autosave_stop (self->autosave);
      g_clear_object (&self->autosave);
    }
  else if (self->context)
    let_go_of_game (self);
  g_clear_object (&self->game);
  g_clear_object (&self->match);
  g_clear_object (&self->context);
  G_OBJECT_CLASS (tb_session_parent_class)->dispose (object);
}

static void
tb_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbSession *self = TB_SESSION (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ID:
      g_value_set_int64 (value, tb_session_get_id (self));
      break;
    case PROP_SAVING:
      g_value_set_boolean (value, tb_session_get_saving (self));
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_THINKING:
      g_value_set_uint (value, tb_session_get_thinking (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TbSession *self = TB_SESSION (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      self->context = g_value_dup_object (value);
      g_signal_connect_object (self->context, "notify::store", G_CALLBACK (on_store_changed), self,
                               G_CONNECT_SWAPPED);
      break;
    case PROP_ACTIVE:
      tb_session_set_active (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_session_class_init (TbSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tb_session_dispose;
  object_class->get_property = tb_session_get_property;
  object_class->set_property = tb_session_set_property;

  properties[PROP_CONTEXT] =
    g_param_spec_object ("context", NULL, NULL, TB_TYPE_CONTEXT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, TB_TYPE_GAME, readable);
  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, readable);
  properties[PROP_SAVING] = g_param_spec_boolean ("saving", NULL, NULL, FALSE, readable);
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] = g_param_spec_uint ("thinking", NULL, NULL, 0, 2, 0, readable);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Another game is played now (a new one, one resumed, the next of a
   * match, a newer state read back). */
  signals[GAME_REPLACED] =
    g_signal_new ("game-replaced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, TB_TYPE_GAME);
  /* A save failed after one that did not: said once, with why. */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /* The computer playing seat answered a draw offer (the game is drawn
   * already when it accepted). */
  signals[DRAW_ANSWERED] =
    g_signal_new ("draw-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_UINT, TB_TYPE_DRAW_ANSWER);
}

static void
tb_session_init (TbSession *self)
{
  self->position_cancellable = g_cancellable_new ();
}

TbSession *
tb_session_new (TbContext *context)
{
  g_return_val_if_fail (TB_IS_CONTEXT (context), NULL);
  return g_object_new (TB_TYPE_SESSION, "context", context, NULL);
}
