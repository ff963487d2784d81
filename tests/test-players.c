/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-players.c: players in the game database
 *
 * Ratings come from the finished rated games of a game, in date order
 * (casual and unfinished games left out); a database of the first schema
 * gains the columns; a correspondence record adds the other player's new
 * moves to the stored game, and a record with another past or of another
 * game is refused with where it is; a player who does not move is
 * reminded at 4 days, once, and loses at 7 (an injected clock).
 */
#include "config.h"

#include <string.h>

#include "tb-store.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-tgn.h"

#define DAY (24 * 60 * 60)

static const char *const opening[] = { "c1-e3", "g9-g7", "b1-c2", "h9-h8", NULL };

static TbGame *
game_between (const char *player1, const char *player2, const char *date, TbResult result)
{
  TbGame *game = tt_new_game ("versus-61", NULL);

  tb_game_set_tag (game, "Player1", player1);
  tb_game_set_tag (game, "Player2", player2);
  tb_game_set_tag (game, "Date", date);
  tt_play_moves (game, opening);
  if (result != TB_RESULT_NONE)
    tb_game_finish (game, result, result == TB_RESULT_DRAW ? TB_TERMINATION_DRAW_AGREED
                                                           : TB_TERMINATION_RESIGNED);
  return game;
}

static gint64
add (TbStore *store, TbGame *game)
{
  g_autoptr (GError) error = NULL;
  gint64 id = tb_store_add_game (store, game, &error);

  g_assert_no_error (error);
  return id;
}

/* Added out of date order, with a casual game and an unfinished one:
 * Alice beats Bob (1516, 1484), then Carol draws Alice (1515.264,
 * 1500.736); the rest counts for nothing. */
static void
test_ratings (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) later = game_between ("Carol", "Alice", "2026.03.01", TB_RESULT_DRAW);
  g_autoptr (TbGame) first = game_between ("Alice", "Bob", "2026.01.01", TB_RESULT_SEAT1_WINS);
  g_autoptr (TbGame) casual = game_between ("Bob", "Alice", "2026.02.01", TB_RESULT_SEAT1_WINS);
  g_autoptr (TbGame) going_on = game_between ("Bob", "Alice", "2026.02.02", TB_RESULT_NONE);
  g_autoptr (TbGame) other_game = tt_new_game ("ra", NULL);
  g_autoptr (TbEloTable) table = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) rulesets = NULL;
  const TbEloPlayer *alice, *bob, *carol;

  tb_game_set_tag (casual, TB_TAG_RATED, "no");
  add (store, later);
  add (store, first);
  add (store, casual);
  add (store, going_on);
  add (store, other_game);

  table = tb_store_ratings (store, "versus-61", &error);
  g_assert_no_error (error);
  alice = tb_elo_table_lookup (table, "Alice");
  bob = tb_elo_table_lookup (table, "Bob");
  carol = tb_elo_table_lookup (table, "Carol");
  g_assert_cmpfloat_with_epsilon (alice->rating, 1515.26397, 1e-3);
  g_assert_cmpfloat_with_epsilon (bob->rating, 1484.0, 1e-3);
  g_assert_cmpfloat_with_epsilon (carol->rating, 1500.73603, 1e-3);
  g_assert_cmpuint (alice->games, ==, 2);
  g_assert_cmpuint (bob->games, ==, 1);

  /* Only games with a rated result make a ruleset appear. */
  rulesets = tb_store_rated_rulesets (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (rulesets), ==, 1);
  g_assert_cmpstr (rulesets[0], ==, "versus-61");
}

/* A database of the first schema is brought up: its games are rated, and
 * none is a correspondence game. */
static void
test_migration_from_version_1 (Fixture *f, gconstpointer data)
{
  g_autofree char *version = NULL, *flags = NULL;
  g_autoptr (TbEloTable) table = NULL;
  g_autoptr (GError) error = NULL;

  load_fixture (f->path, "schema-v1.sql");
  raw_exec (f->path, "UPDATE games SET result = '1-0' WHERE player1 = 'Alice'");
  {
    g_autoptr (TbStore) store = open_store (f);
    table = tb_store_ratings (store, "ra", &error);
    g_assert_no_error (error);
  }
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpint (atoi (version), ==, TB_STORE_SCHEMA_VERSION);
  flags = raw_query (f->path, "SELECT group_concat(rated || correspondence || (moved = updated)) "
                              "FROM (SELECT DISTINCT rated, correspondence, moved, updated "
                              "FROM games)");
  g_assert_cmpstr (flags, ==, "101");
  g_assert_cmpfloat_with_epsilon (tb_elo_table_lookup (table, "Alice")->rating, 1516.0, 1e-3);
}

static TbImportCounts
import_text (TbStore *store, const char *text, GPtrArray *errors)
{
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;

  g_assert_true (tb_store_import_text (store, text, strlen (text), "reply.tgn", &counts, errors,
                                       NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return counts;
}

/* The record the other player sends back: the stored game with more
 * moves, or with some changed. */
static char *
record_with (TbGame *stored, const char *const *moves)
{
  g_autoptr (TbGame) copy = tt_new_game ("versus-61", NULL);
  const char *const tags[] = { "Player1", "Player2", "Date", "GameId", TB_TAG_CORRESPONDENCE };

  for (guint i = 0; i < G_N_ELEMENTS (tags); i++)
    tb_game_set_tag (copy, tags[i], tb_game_get_tag (stored, tags[i]));
  tt_play_moves (copy, moves);
  return tb_tgn_write (copy);
}

static void
test_correspondence_merge (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_between ("Alice", "Bob", "2026.11.01", TB_RESULT_NONE);
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) merged = NULL;
  const char *const longer[] = { "c1-e3", "g9-g7", "b1-c2", "h9-h8", "e3-e4", "g7-g6", NULL };
  const char *const changed[] = { "c1-e3", "g9-g7", "d1-d2", "h9-h8", "e3-e4", NULL };
  const char *const shorter[] = { "c1-e3", "g9-g7", NULL };
  g_autofree char *reply = NULL, *altered = NULL, *older = NULL, *stranger = NULL;
  TbImportCounts counts;
  gint64 id;

  tb_game_set_tag (game, TB_TAG_CORRESPONDENCE, "yes");
  id = add (store, game);
  reply = record_with (game, longer);
  counts = import_text (store, reply, errors);
  g_assert_cmpuint (counts.updated, ==, 1);
  g_assert_cmpuint (counts.imported, ==, 0);
  g_assert_cmpuint (tb_store_count_all (store), ==, 1);
  merged = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_game_get_ply (merged), ==, 6);

  /* The same record again, or an older one: nothing new. */
  counts = import_text (store, reply, errors);
  g_assert_cmpuint (counts.skipped, ==, 1);
  older = record_with (game, shorter);
  counts = import_text (store, older, errors);
  g_assert_cmpuint (counts.skipped, ==, 1);
  g_assert_cmpuint (errors->len, ==, 0);

  /* A record whose third move differs: refused, with where and why. */
  altered = record_with (game, changed);
  counts = import_text (store, altered, errors);
  g_assert_cmpuint (counts.errors, ==, 1);
  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_true (g_str_has_prefix (errors->pdata[0], "reply.tgn:1:1: GameId "));
  g_assert_nonnull (strstr (errors->pdata[0], "move 3 is b1-c2 here but d1-d2 in this record"));

  /* Another game under the same GameId: refused. */
  tb_game_set_tag (game, "Player2", "Mallory");
  stranger = record_with (game, longer);
  counts = import_text (store, stranger, errors);
  g_assert_cmpuint (counts.errors, ==, 1);
  g_assert_nonnull (strstr (errors->pdata[1], "is already another game here"));

  /* The stored game is as the good record left it. */
  g_clear_object (&merged);
  merged = tb_store_load_game (store, id, &error);
  g_assert_cmpuint (tb_game_get_ply (merged), ==, 6);
  g_assert_cmpstr (tb_game_get_tag (merged, "Player2"), ==, "Bob");
}

static void
on_remind (TbStore *store, gint64 id, guint days, gpointer data)
{
  GArray *reminders = data;

  g_array_append_val (reminders, days);
}

static void
check_at (TbStore *store, gint64 now, GArray *reminders, guint *ended)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (tb_store_check_correspondence (store, now, on_remind, reminders, ended, &error));
  g_assert_no_error (error);
}

/* Bob (to move) is reminded on the 4th day, once, and loses on the 7th;
 * a game not played by correspondence is never touched. */
static void
test_inactivity (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbGame) game = game_between ("Alice", "Bob", "2026.11.01", TB_RESULT_NONE);
  g_autoptr (TbGame) at_home = game_between ("Alice", "Bob", "2026.11.01", TB_RESULT_NONE);
  g_autoptr (GArray) reminders = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (TbGame) ended_game = NULL, untouched = NULL;
  g_autoptr (GError) error = NULL;
  const gint64 t0 = 1800000000;
  gint64 id, home_id;
  TbOutcome outcome;
  guint ended;

  tb_game_set_tag (game, TB_TAG_CORRESPONDENCE, "yes");
  tt_play_moves (game, (const char *const[]) { "e3-e4", NULL });
  id = add (store, game);
  home_id = add (store, at_home);
  g_assert_true (tb_store_set_moved (store, id, t0, &error));
  g_assert_true (tb_store_set_moved (store, home_id, t0, &error));

  check_at (store, t0 + 4 * DAY - 1, reminders, &ended);
  g_assert_cmpuint (reminders->len, ==, 0);
  check_at (store, t0 + 4 * DAY, reminders, &ended);
  g_assert_cmpuint (reminders->len, ==, 1);
  g_assert_cmpuint (g_array_index (reminders, guint, 0), ==, 4);
  check_at (store, t0 + 5 * DAY, reminders, &ended);
  check_at (store, t0 + 7 * DAY - 1, reminders, &ended);
  g_assert_cmpuint (reminders->len, ==, 1);
  g_assert_cmpuint (ended, ==, 0);

  check_at (store, t0 + 7 * DAY, reminders, &ended);
  g_assert_cmpuint (ended, ==, 1);
  ended_game = tb_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_true (tb_game_is_over (ended_game));
  tb_game_get_final_outcome (ended_game, &outcome);
  g_assert_cmpint (outcome.result, ==, TB_RESULT_SEAT1_WINS);
  g_assert_cmpint (outcome.termination, ==, TB_TERMINATION_INACTIVITY);
  check_at (store, t0 + 30 * DAY, reminders, &ended);
  g_assert_cmpuint (ended, ==, 0);
  g_assert_cmpuint (reminders->len, ==, 1);

  untouched = tb_store_load_game (store, home_id, &error);
  g_assert_false (tb_game_is_over (untouched));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/players/ratings", Fixture, NULL, fixture_set_up, test_ratings, fixture_tear_down);
  g_test_add ("/players/migration-from-version-1", Fixture, NULL, fixture_set_up,
              test_migration_from_version_1, fixture_tear_down);
  g_test_add ("/players/correspondence-merge", Fixture, NULL, fixture_set_up,
              test_correspondence_merge, fixture_tear_down);
  g_test_add ("/players/inactivity", Fixture, NULL, fixture_set_up, test_inactivity,
              fixture_tear_down);
  return g_test_run ();
}
