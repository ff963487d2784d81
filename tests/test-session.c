/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c: a game played through a TbSession, without a display:
 * every move reaches the database (off the main loop, the latest state
 * last, even when the game is replaced at once), a match is taken up
 * again with its earlier games, the computer's answer to a draw offer
 * comes later without holding up the main loop, hints and answers about
 * a position that is gone are dropped, a continued game records where
 * it came from, and a resume gives way to a game begun meanwhile. */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <sqlite3.h>

#include "tb-autosave.h"
#include "tb-session.h"
#include "tb-store-job.h"
#include "tb-test-store.h"

typedef struct
{
  Fixture store;
  TbContext *context;
  TbSession *session;
} Session;

static TbContext *
context_new (TbStore *store)
{
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend (APP_ID, backend);

  return tb_context_new_full (settings, store, NULL);
}

static void
session_set_up (Session *s, gconstpointer data)
{
  g_autoptr (TbStore) store = NULL;

  fixture_set_up (&s->store, data);
  store = open_store (&s->store);
  s->context = context_new (store);
  s->session = tb_session_new (s->context);
}

static void
session_tear_down (Session *s, gconstpointer data)
{
  g_clear_object (&s->session);
  g_clear_object (&s->context);
  fixture_tear_down (&s->store, data);
}

static gboolean
is_saved (gpointer data)
{
  return !tb_session_get_saving (data);
}

static TbGame *
new_game (const char *ruleset, guint level1, guint level2)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (ruleset));
  TbGame *game = tb_game_new (v, 1);

  tb_game_set_computer_level (game, 1, level1);
  tb_game_set_computer_level (game, 2, level2);
  return game;
}

static void
play (TbSession *session, const char *move)
{
  g_autoptr (GError) error = NULL;
  TbMove parsed;

  g_assert_true (tb_game_parse_move (tb_session_get_game (session), move, &parsed, &error));
  g_assert_true (tb_session_play (session, parsed, &error));
  g_assert_no_error (error);
}

/* The game as the database holds it, read on a connection of its own. */
static TbGame *
stored_game (Session *s, gint64 id)
{
  g_autoptr (TbStore) reader = open_store (&s->store);
  g_autoptr (GError) error = NULL;
  TbGame *game = tb_store_load_game (reader, id, &error);

  g_assert_no_error (error);
  return game;
}

static void
assert_same_moves (TbGame *stored, TbGame *played)
{
  g_assert_cmpuint (tb_game_get_n_plies (stored), ==, tb_game_get_n_plies (played));
  for (guint ply = 1; ply <= tb_game_get_n_plies (played); ply++)
    g_assert_cmpuint (tb_game_get_move (stored, ply), ==, tb_game_get_move (played, ply));
}

static const char *const versus_moves[] = { "c1-e3", "g9-g7", "e1-e2", "h9-h8", "d1-d2", NULL };

/* Each move is in the database once the session says it is saved. */
static void
test_every_move_saved (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 0);

  tb_session_start (s->session, game);
  tt_iterate_until (is_saved, s->session);
  g_assert_cmpint (tb_session_get_id (s->session), >, 0);
  for (guint i = 0; versus_moves[i]; i++)
    {
      g_autoptr (TbGame) stored = NULL;

      play (s->session, versus_moves[i]);
      tt_iterate_until (is_saved, s->session);
      stored = stored_game (s, tb_session_get_id (s->session));
      assert_same_moves (stored, game);
      g_assert_cmpuint (tb_game_get_ply (stored), ==, i + 1);
    }
  /* An undo is a change too: the game is kept where it stands. */
  g_assert_true (tb_session_undo (s->session));
  tt_iterate_until (is_saved, s->session);
  {
    g_autoptr (TbGame) stored = stored_game (s, tb_session_get_id (s->session));

    g_assert_cmpuint (tb_game_get_ply (stored), ==, 4);
  }
}

/* Moves played faster than saves, then another game at once: the first
 * game's last state still reaches the database. */
static void
test_replaced_game_keeps_last_moves (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) first = new_game ("versus-61", 0, 0);
  g_autoptr (TbGame) second = new_game ("oraia", 0, 0);
  g_autoptr (TbGame) stored = NULL;
  gint64 first_id;

  tb_session_start (s->session, first);
  for (guint i = 0; versus_moves[i]; i++)
    play (s->session, versus_moves[i]);
  tb_session_start (s->session, second);
  /* The first game's autosave, let go of, still writes what it has (the
   * application waits for that before it quits). */
  g_assert_true (tb_autosave_any_busy ());
  g_assert_true (tb_autosave_wait_all (20000));
  g_assert_false (tb_session_get_saving (s->session));
  {
    g_autoptr (TbStore) reader = open_store (&s->store);

    first_id = tb_store_find_game_id (reader, tb_game_get_tag (first, "GameId"));
  }
  g_assert_cmpint (first_id, >, 0);
  g_assert_cmpint (first_id, !=, tb_session_get_id (s->session));
  stored = stored_game (s, first_id);
  assert_same_moves (stored, first);
}

static gboolean
session_has_game (gpointer data)
{
  return tb_session_get_game (data) != NULL;
}

/* An RA match goes on in a new session from where it was left: the
 * unfinished game played last, with the earlier games of its match. */
static void
test_match_resumed (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("ra", 0, 0);
  g_autoptr (TbSession) later = tb_session_new (s->context);
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;
  TbMatch *match;
  TbGame *second;

  tb_session_start (s->session, game);
  g_assert_nonnull (tb_session_get_match (s->session));
  play (s->session, "3c5-c4");
  tb_session_resign (s->session, 2);
  g_assert_true (tb_session_can_start_next_game (s->session));
  tb_session_start_next_game (s->session);
  second = tb_session_get_game (s->session);
  g_assert_true (second != game);
  g_assert_cmpstr (tb_game_get_tag (second, "Match"), ==, tb_game_get_tag (game, "Match"));
  tt_iterate_until (is_saved, s->session);

  tb_session_resume_async (later, 0, NULL, tt_keep_result, &result);
  tt_await_result (&result);
  g_assert_true (tb_session_resume_finish (later, result, &error));
  g_assert_no_error (error);
  g_assert_true (session_has_game (later));
  g_assert_cmpint (tb_session_get_id (later), ==, tb_session_get_id (s->session));
  match = tb_session_get_match (later);
  g_assert_nonnull (match);
  g_assert_cmpuint (tb_match_get_n_games (match), ==, 2);
  g_assert_cmpstr (tb_match_get_id (match), ==, tb_game_get_tag (game, "Match"));
  /* The current game of the match is the one the session plays. */
  g_assert_true (tb_match_get_current_game (match) == tb_session_get_game (later));
}

/* Nothing unfinished to resume: FALSE, and no error. */
static void
test_nothing_to_resume (Session *s, gconstpointer data)
{
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;

  tb_session_resume_async (s->session, 0, NULL, tt_keep_result, &result);
  tt_await_result (&result);
  g_assert_false (tb_session_resume_finish (s->session, result, &error));
  g_assert_no_error (error);
  g_assert_null (tb_session_get_game (s->session));
}

/* A resume given up while the game was read (its window closed, the
 * application quitting and the database about to close): no game is
 * played, and nothing is saved. */
/* A Versus game left after its first move, saved: the one to resume. */
static void
leave_unfinished (Session *s)
{
  g_autoptr (TbGame) left = new_game ("versus-61", 0, 0);

  tb_session_start (s->session, left);
  play (s->session, "c1-e3");
  tt_iterate_until (is_saved, s->session);
}

static void
test_resume_cancelled (Session *s, gconstpointer data)
{
  g_autoptr (TbSession) later = tb_session_new (s->context);
  g_autoptr (GCancellable) closing = g_cancellable_new ();
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;

  leave_unfinished (s);
  tb_session_resume_async (later, 0, closing, tt_keep_result, &result);
  g_cancellable_cancel (closing);
  tt_await_result (&result);
  g_assert_false (tb_session_resume_finish (later, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (tb_session_get_game (later));
  g_assert_false (tb_session_get_saving (later));
}

/* A game begun while the last unfinished one was being read (a record
 * opened at start): it stays, and the resume says it gave way. */
static void
test_resume_gives_way (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) opened = new_game ("oraia", 0, 0);
  g_autoptr (TbSession) later = tb_session_new (s->context);
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;

  leave_unfinished (s);
  tb_session_resume_async (later, 0, NULL, tt_keep_result, &result);
  tb_session_start (later, opened);
  tt_await_result (&result);
  g_assert_false (tb_session_resume_finish (later, result, &error));
  g_assert_no_error (error);
  g_assert_true (tb_session_get_game (later) == opened);
}

typedef struct
{
  guint seat;
  TbDrawAnswer answer;
  gboolean answered;
} DrawAnswer;

static void
on_draw_answered (TbSession *session, guint seat, TbDrawAnswer answer, DrawAnswer *out)
{
  out->seat = seat;
  out->answer = answer;
  out->answered = TRUE;
}

static gboolean
is_answered (gpointer data)
{
  return ((DrawAnswer *) data)->answered;
}

/* The computer's answer is worked out in a worker thread: the offer
 * returns at once, the answer comes through the main loop. */
static void
test_draw_offer_answered_later (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 1);
  DrawAnswer answer = { 0 };

  tb_session_start (s->session, game);
  g_signal_connect (s->session, "draw-answered", G_CALLBACK (on_draw_answered), &answer);
  g_assert_cmpuint (tb_session_get_offering_seat (s->session), ==, 1);
  g_assert_true (tb_session_offer_draw (s->session));
  g_assert_false (answer.answered);
  g_assert_false (tb_game_is_over (game));
  tt_iterate_until (is_answered, &answer);
  /* The start is level: the computer (seat 2) accepts, and it is drawn. */
  g_assert_cmpuint (answer.seat, ==, 2);
  g_assert_cmpint (answer.answer, ==, TB_DRAW_ACCEPT);
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_DRAW);
  g_assert_cmpint (tb_game_get_termination (game), ==, TB_TERMINATION_DRAW_AGREED);
}

/* An answer about a position that is gone is not given. */
static void
test_draw_answer_dropped_after_move (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 1);
  DrawAnswer answer = { 0 };

  tb_session_start (s->session, game);
  g_signal_connect (s->session, "draw-answered", G_CALLBACK (on_draw_answered), &answer);
  g_assert_true (tb_session_offer_draw (s->session));
  play (s->session, "c1-e3");
  tt_wait_for_store_jobs (tb_context_get_store (s->context));
  /* Long enough for the answer's thread (it holds the session). */
  for (guint i = 0; i < 200 && G_OBJECT (s->session)->ref_count > 1; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  g_main_context_iteration (NULL, FALSE);
  g_assert_false (answer.answered);
  g_assert_false (tb_game_is_over (game));
}

/* Two people: the other one is asked (FALSE), and agreeing draws. */
static void
test_draw_between_people (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 0);

  tb_session_start (s->session, game);
  g_assert_false (tb_session_offer_draw (s->session));
  g_assert_false (tb_game_is_over (game));
  tb_session_agree_draw (s->session);
  g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_DRAW);
}

/* Against the computer, undo goes back to the person's own last move. */
static void
test_undo_against_computer (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 2);

  tb_session_start (s->session, game);
  play (s->session, "c1-e3");
  play (s->session, "g9-g7");
  play (s->session, "e1-e2");
  g_assert_true (tb_session_is_against_computer (s->session));
  g_assert_true (tb_session_undo (s->session));
  /* The person (seat 1) is to move again, before their e1-e2. */
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
  g_assert_true (tb_session_undo (s->session));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_true (tb_session_redo (s->session));
  g_assert_cmpuint (tb_game_get_ply (game), ==, 2);
}

static gboolean
is_thinking (gpointer data)
{
  return tb_session_get_thinking (data) != 0;
}

static gboolean
computer_has_moved (gpointer data)
{
  return tb_game_get_ply (tb_session_get_game (data)) >= 2;
}

/* The computer plays only while the session is active. */
static void
test_computer_plays_while_active (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 1);

  tb_session_start (s->session, game);
  tb_session_set_seed (s->session, 7);
  play (s->session, "c1-e3");
  g_assert_cmpuint (tb_session_get_thinking (s->session), ==, 0);
  tb_session_set_active (s->session, TRUE);
  tt_iterate_until (is_thinking, s->session);
  g_assert_cmpuint (tb_session_get_thinking (s->session), ==, 2);
  tt_iterate_until (computer_has_moved, s->session);
  g_assert_cmpuint (tb_session_get_thinking (s->session), ==, 0);
  g_assert_true (tb_session_is_persons_turn (s->session));
}

/* A hint for a position that changed is cancelled. */
static void
test_hint_cancelled_by_move (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 0);
  g_autoptr (GAsyncResult) first = NULL, second = NULL;
  g_autoptr (GError) error = NULL;
  TbMove move = TB_MOVE_NONE;

  tb_session_start (s->session, game);
  tb_session_hint_async (s->session, NULL, tt_keep_result, &first);
  play (s->session, "c1-e3");
  tt_await_result (&first);
  g_assert_false (tb_session_hint_finish (s->session, first, &move, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  tb_session_hint_async (s->session, NULL, tt_keep_result, &second);
  tt_await_result (&second);
  g_assert_true (tb_session_hint_finish (s->session, second, &move, &error));
  g_assert_no_error (error);
  g_assert_true (tb_game_is_legal (game, move));
}

/* Every press of the hint shows the same move: it used to be level 3's
 * search with a random seed, and in Retournement six presses gave six
 * moves. */
static void
test_hint_same_at_every_press (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("retournement", 0, 0);
  TbMove moves[2];

  tb_session_start (s->session, game);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr (GAsyncResult) result = NULL;
      g_autoptr (GError) error = NULL;

      tb_session_hint_async (s->session, NULL, tt_keep_result, &result);
      tt_await_result (&result);
      g_assert_true (tb_session_hint_finish (s->session, result, &moves[i], &error));
      g_assert_no_error (error);
      g_assert_true (tb_game_is_legal (game, moves[i]));
    }
  g_assert_cmpuint (moves[0], ==, moves[1]);
}

/* Continuing a replayed game: a new game with its moves up to the ply
 * shown, which records where it came from. */
static void
test_continue_records_origin (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 0);
  g_autoptr (TbGame) replayed = NULL;
  g_autoptr (GError) error = NULL;
  gint64 origin;
  guint ply = 0;

  tb_session_start (s->session, game);
  for (guint i = 0; versus_moves[i]; i++)
    play (s->session, versus_moves[i]);
  tt_iterate_until (is_saved, s->session);
  origin = tb_session_get_id (s->session);
  replayed = stored_game (s, origin);
  tb_game_go_to_ply (replayed, 3);

  g_assert_true (tb_session_continue_from (s->session, replayed, origin, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tb_game_get_n_plies (tb_session_get_game (s->session)), ==, 3);
  tt_iterate_until (is_saved, s->session);
  tt_wait_for_store_jobs (tb_context_get_store (s->context));
  g_assert_cmpint (tb_session_get_id (s->session), !=, origin);
  {
    g_autoptr (TbStore) reader = open_store (&s->store);

    g_assert_cmpint (tb_store_get_origin (reader, tb_session_get_id (s->session), &ply), ==,
                     origin);
  }
  g_assert_cmpuint (ply, ==, 3);
}

/* A correspondence game whose stored record gained a move (the other
 * player's file was imported) is read again. */
static void
test_correspondence_reloaded (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 0);
  g_autoptr (TbGame) theirs = NULL;
  g_autoptr (GError) error = NULL;

  tb_game_set_tag (game, TB_TAG_CORRESPONDENCE, "yes");
  tb_session_start (s->session, game);
  play (s->session, "c1-e3");
  tt_iterate_until (is_saved, s->session);
  g_assert_true (tb_session_is_correspondence (s->session));
  tt_wait_for_store_jobs (tb_context_get_store (s->context));
  /* Their move, written by another connection. */
  theirs = stored_game (s, tb_session_get_id (s->session));
  g_assert_true (tb_game_play_text (theirs, "g9-g7", &error));
  {
    g_autoptr (TbStore) other = open_store (&s->store);

    g_assert_true (tb_store_save_game (other, tb_session_get_id (s->session), theirs, &error));
    g_assert_no_error (error);
  }
  tb_session_reload (s->session);
  tt_wait_for_store_jobs (tb_context_get_store (s->context));
  g_main_context_iteration (NULL, FALSE);
  g_assert_true (tb_session_get_game (s->session) != game);
  g_assert_cmpuint (tb_game_get_ply (tb_session_get_game (s->session)), ==, 2);
}

/* Without a database, games are played and not kept. */
static void
test_without_store (void)
{
  g_autoptr (TbContext) context = context_new (NULL);
  g_autoptr (TbSession) session = tb_session_new (context);
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 0);

  tb_session_start (session, game);
  play (session, "c1-e3");
  g_assert_false (tb_session_get_saving (session));
  g_assert_cmpint (tb_session_get_id (session), ==, 0);
  g_assert_cmpuint (tb_game_get_ply (game), ==, 1);
}

#define ADD(path, func) \
  g_test_add (path, Session, NULL, session_set_up, func, session_tear_down)

static gboolean
release_lock (gpointer db)
{
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  return G_SOURCE_REMOVE;
}

static void
count_failure (TbAutosave *autosave, const GError *error, guint *failures)
{
  (*failures)++;
}

/* Another program holds the database longer than a save waits (an
 * import merging its positions): the save is tried again until it gets
 * in, and is not said to have failed. */
static void
test_save_waits_for_other_writer (Session *s, gconstpointer data)
{
  g_autoptr (TbGame) game = new_game ("versus-61", 0, 0);
  g_autoptr (TbStore) store = open_store (&s->store);
  g_autoptr (TbAutosave) autosave = NULL;
  guint failures = 0;
  sqlite3 *other;

  g_assert_cmpint (sqlite3_open (s->store.path, &other), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (other, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);
  /* Held past two of the save's waits. */
  g_timeout_add (4500, release_lock, other);
  autosave = tb_autosave_new (store, game, 0);
  g_signal_connect (autosave, "failed", G_CALLBACK (count_failure), &failures);
  g_assert_true (tb_autosave_get_busy (autosave));
  g_assert_true (tb_autosave_wait_all (30000));
  g_assert_cmpuint (failures, ==, 0);
  g_assert_cmpint (tb_autosave_get_id (autosave), >, 0);
  g_assert_cmpuint (tb_store_count_all (store), ==, 1);
  sqlite3_close (other);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ADD ("/session/save-waits-for-other-writer", test_save_waits_for_other_writer);
  ADD ("/session/every-move-saved", test_every_move_saved);
  ADD ("/session/replaced-game-keeps-last-moves", test_replaced_game_keeps_last_moves);
  ADD ("/session/match-resumed", test_match_resumed);
  ADD ("/session/nothing-to-resume", test_nothing_to_resume);
  ADD ("/session/resume-gives-way", test_resume_gives_way);
  ADD ("/session/resume-cancelled", test_resume_cancelled);
  ADD ("/session/draw-offer-answered-later", test_draw_offer_answered_later);
  ADD ("/session/draw-answer-dropped-after-move", test_draw_answer_dropped_after_move);
  ADD ("/session/draw-between-people", test_draw_between_people);
  ADD ("/session/undo-against-computer", test_undo_against_computer);
  ADD ("/session/computer-plays-while-active", test_computer_plays_while_active);
  ADD ("/session/hint-cancelled-by-move", test_hint_cancelled_by_move);
  ADD ("/session/hint-same-at-every-press", test_hint_same_at_every_press);
  ADD ("/session/continue-records-origin", test_continue_records_origin);
  ADD ("/session/correspondence-reloaded", test_correspondence_reloaded);
  g_test_add_func ("/session/without-store", test_without_store);
  return g_test_run ();
}
