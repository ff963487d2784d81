/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-tags.c: the games found by their tags, and the names and
 * values offered as a search is typed
 *
 * The tags follow the games through every change: a game saved with
 * another event, a game deleted (by Tablier, or by another program that
 * dropped the triggers), a database of schema 7 brought up to date; the
 * values a search compares with, kept between searches, follow another
 * program's changes, and so do the counts of each value's games.  The
 * suggestions are checked for their order: the names that begin with
 * what is typed, then those with a word that does, then the others.
 * Every filter and sort with a tag is checked against the same computed
 * in C in test-store-query.c.  The fingerprints that find a game stored
 * already fold the players' names; the upgrade makes them anew, except
 * for a damaged record.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"
#include "tb-tgn.h"
#include "tb-test-games.h"
#include "tb-test-store.h"

static gint64
add_game (TbStore *store, const char *player1, const char *event, const char *site)
{
  g_autoptr (TbGame) game = tt_new_game ("ra", NULL);
  g_autoptr (GError) error = NULL;
  gint64 id;

  tb_game_set_tag (game, "Player1", player1);
  tb_game_set_tag (game, "Player2", "?");
  tb_game_set_tag (game, "Event", event);
  tb_game_set_tag (game, "Site", site);
  id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  return id;
}

/* The ids of the games whose tag name (NULL: any) holds text, in order. */
static char *
found (TbStore *store, const char *name, const char *text)
{
  TbStoreFilter filter = { .tag = text, .tag_name = name };
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = tb_store_query_ids (store, &filter, TB_STORE_SORT_DATE, FALSE, 0,
                                               G_MAXUINT, &error);
  g_autoptr (GString) text_ids = g_string_new (NULL);

  g_assert_no_error (error);
  g_assert_cmpuint (tb_store_count (store, &filter, &error), ==, ids->len);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (text_ids, "%s%" G_GINT64_FORMAT, i ? " " : "",
                            g_array_index (ids, gint64, i));
  return g_string_free (g_steal_pointer (&text_ids), FALSE);
}

#define assert_found(store, name, text, expected) \
  G_STMT_START { \
    g_autofree char *ids_ = found (store, name, text); \
    g_assert_cmpstr (ids_, ==, expected); \
  } G_STMT_END

static void
test_tags_follow_the_games (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  gint64 open = add_game (store, "A", "Open de Besançon", "Paris");
  gint64 cup = add_game (store, "B", "Coupe de Paris", "Besançon");
  gint64 club = add_game (store, "C", "?", "?");

  assert_found (store, NULL, "BESANCON", "1 2");
  assert_found (store, "Event", "besançon", "1");
  assert_found (store, "Site", "paris", "1");
  /* "?" is an unknown event: nothing to find. */
  assert_found (store, NULL, "?", "");

  /* Saved with another event: found by the new one only. */
  {
    g_autoptr (TbGame) game = tb_store_load_game (store, club, &error);

    g_assert_no_error (error);
    tb_game_set_tag (game, "Event", "Club de Besançon");
    tb_store_save_game (store, club, game, &error);
    g_assert_no_error (error);
  }
  assert_found (store, "Event", "besancon", "1 3");
  assert_found (store, NULL, "club", "3");

  /* Deleted: its tags go with it. */
  tb_store_delete_game (store, open, &error);
  g_assert_no_error (error);
  assert_found (store, NULL, "besancon", "2 3");
  {
    g_autofree char *rows = raw_query (f->path, "SELECT count(*) FROM game_tags WHERE game = 1");

    g_assert_cmpstr (rows, ==, "0");
  }

  /* Deleted by another program that dropped the triggers: the next
   * opening takes the game's tags away. */
  g_clear_object (&store);
  raw_exec (f->path, "DROP TRIGGER games_deleted; DELETE FROM games WHERE id = 2");
  store = open_store (f);
  assert_found (store, NULL, "besancon", "3");
  {
    g_autofree char *rows = raw_query (f->path, "SELECT count(*) FROM game_tags WHERE game = 2");

    g_assert_cmpstr (rows, ==, "0");
  }
  (void) cup;
}

/* The values a search compares with are kept between searches: a value
 * another program adds is found at once all the same, and a table of
 * values that cannot be read fails the search, saying so, rather than
 * finding nothing. */
static void
test_values_kept_between_searches (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  TbStoreFilter filter = { .tag = "lyon" };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GArray) ids = NULL;

  add_game (store, "A", "Open de Besançon", "Paris");
  add_game (store, "B", "Coupe de Paris", "Paris");
  assert_found (store, NULL, "lyon", "");
  assert_found (store, NULL, "paris", "1 2");
  raw_exec (f->path, "INSERT INTO tag_values (name, value, key) VALUES ('Site', 'Lyon', 'lyon');"
                     "INSERT INTO game_tags (value, game) VALUES (last_insert_rowid (), 2)");
  assert_found (store, NULL, "lyon", "2");
  assert_found (store, "Site", "LYON", "2");
  assert_found (store, "Event", "lyon", "");

  raw_exec (f->path, "ALTER TABLE tag_values RENAME TO tag_values_away");
  g_assert_cmpuint (tb_store_count (store, &filter, &error), ==, 0);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, f->path));
  g_assert_nonnull (strstr (error->message, "tags' values"));
  g_clear_error (&error);
  rows = tb_store_query (store, &filter, TB_STORE_SORT_DATE, FALSE, 0, 10, &error);
  g_assert_null (rows);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED);
  g_clear_error (&error);
  ids = tb_store_query_ids (store, &filter, TB_STORE_SORT_DATE, FALSE, 0, 10, &error);
  g_assert_null (ids);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED);
  g_clear_error (&error);
  raw_exec (f->path, "ALTER TABLE tag_values_away RENAME TO tag_values");
  assert_found (store, NULL, "lyon", "2");
}

/* The games of a tag's value, as the file counts them (schema 15). */
#define assert_value_games(f, name, value, expected) \
  G_STMT_START { \
    g_autofree char *games_ = raw_query ((f)->path, "SELECT games FROM tag_values" \
                                                    " WHERE name = '" name "' AND value = '" value "'"); \
    g_assert_cmpstr (games_, ==, expected); \
  } G_STMT_END

static void
set_event (TbStore *store, gint64 id, const char *event)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) game = tb_store_load_game (store, id, &error);

  g_assert_no_error (error);
  tb_game_set_tag (game, "Event", event);
  tb_store_save_game (store, id, game, &error);
  g_assert_no_error (error);
}

/* Each value counts its games (schema 15), and a search of one tag alone
 * is counted from them (found () checks the count against the games
 * read): the counts follow a save with another value, a delete, links
 * another program adds; a file whose count triggers another program
 * dropped, or of schema 14, has them made anew at the next opening. */
static void
test_values_count_their_games (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  gint64 first = add_game (store, "A", "Open de Besançon", "Paris");

  add_game (store, "B", "Open de Besançon", "Lyon");
  add_game (store, "C", "Coupe de Paris", "Paris");
  assert_found (store, "Event", "open", "1 2");
  assert_value_games (f, "Event", "Open de Besançon", "2");
  assert_value_games (f, "Site", "Paris", "2");

  set_event (store, 3, "Open de Besançon");
  assert_found (store, "Event", "besancon", "1 2 3");
  assert_value_games (f, "Event", "Open de Besançon", "3");
  assert_value_games (f, "Event", "Coupe de Paris", "0");
  assert_found (store, "Event", "coupe", "");

  tb_store_delete_game (store, first, &error);
  g_assert_no_error (error);
  assert_found (store, "Event", "besancon", "2 3");
  assert_value_games (f, "Event", "Open de Besançon", "2");

  /* Another program links a game: counted by the file's trigger. */
  raw_exec (f->path, "INSERT INTO game_tags (value, game)"
                     "  SELECT id, 3 FROM tag_values WHERE value = 'Lyon'");
  assert_value_games (f, "Site", "Lyon", "2");

  /* Another program drops a count trigger and links a game: the next
   * opening puts it back and counts anew. */
  g_clear_object (&store);
  raw_exec (f->path, "DROP TRIGGER tag_counted; INSERT INTO game_tags (value, game)"
                     "  SELECT id, 2 FROM tag_values WHERE value = 'Coupe de Paris'");
  store = open_store (f);
  assert_value_games (f, "Event", "Coupe de Paris", "1");
  assert_found (store, "Event", "coupe", "2");

  /* Schema 14 had no counts: the upgrade makes them. */
  g_clear_object (&store);
  make_older (f->path, 14);
  store = open_store (f);
  assert_value_games (f, "Event", "Open de Besançon", "2");
  assert_value_games (f, "Site", "Paris", "1");
  assert_found (store, "Site", "paris", "3");
}

/* The counts the insert triggers keep, as they stand in the file: each
 * game's group in game_counts, each tag value's games, each comment in
 * the comments' index; "" when they all agree with the rows. */
static char *
miscounted (const char *path)
{
  return raw_query (path,
                    "SELECT coalesce (group_concat (what), '') FROM ("
                    " SELECT 'game_counts' AS what FROM (SELECT * FROM game_counts EXCEPT"
                    "  SELECT ruleset, result, termination, substr (date, 1, 7),"
                    "   (plies = 0 AND result = '*'), count(*) FROM games GROUP BY 1, 2, 3, 4, 5)"
                    " UNION SELECT 'games uncounted' FROM (SELECT ruleset, result, termination,"
                    "   substr (date, 1, 7), (plies = 0 AND result = '*'), count(*) FROM games"
                    "   GROUP BY 1, 2, 3, 4, 5 EXCEPT SELECT * FROM game_counts)"
                    " UNION SELECT 'tag ' || value FROM tag_values"
                    "  WHERE games <> (SELECT count(*) FROM game_tags WHERE value = tag_values.id)"
                    " UNION SELECT 'comment_text' WHERE (SELECT count(*) FROM comment_text) <>"
                    "  (SELECT count(*) FROM annotations WHERE comment <> '' AND ply < 1048576))");
}

/* An import adds its games with the triggers off, and counts them at
 * once (tb-store-import.c): the counts come out as the triggers make
 * them, through a game stored twice in the text (the second time with a
 * move more: merged with the triggers on, between games added without
 * them), and the triggers work again after it. */
static void
test_import_counts_as_the_triggers (Fixture *f, gconstpointer data)
{
  static const char *const rulesets[] = { "versus-61", "ra", "oraia", "retournement" };
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) empty = tt_new_game ("ra", NULL);
  g_autofree char *links = NULL, *comments = NULL, *groups = NULL, *left = NULL;
  g_autofree char *after_import = NULL, *after_delete = NULL;
  TbImportCounts counts;
  TbRandom rng;

  tb_game_set_tag (empty, "GameId", "0b8f5a64-7d2c-4c1e-9f3a-5e6d7c8b9a01");
  tb_game_set_tag (empty, "Event", "Open 1");
  for (guint i = 0; i < 40; i++)
    {
      g_autoptr (TbGame) game =
        tt_annotated_random_game (rulesets[i % G_N_ELEMENTS (rulesets)], NULL, 500 + i, 10 + i);
      g_autofree char *event = g_strdup_printf ("Open %u", i % 3);
      g_autofree char *site = g_strdup_printf ("Site %u", i % 4);
      g_autofree char *record = NULL;

      tb_game_set_tag (game, "Event", event);
      tb_game_set_tag (game, "Site", site);
      record = tb_tgn_write (game);
      g_string_append_printf (text, "%s\n", record);
      if (i == 10 || i == 30)
        {
          g_autofree char *empty_record = tb_tgn_write (empty);

          g_string_append_printf (text, "%s\n", empty_record);
          /* The same game, a move on: its second time in the text. */
          if (i == 10)
            {
              tb_random_init (&rng, 7);
              tt_play_move (empty, tt_random_move (empty, &rng));
            }
        }
    }
  g_assert_true (tb_store_import_text (store, text->str, text->len, "all.tgn", &counts, NULL,
                                       NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 41);
  g_assert_cmpuint (counts.updated, ==, 1);
  g_assert_cmpuint (counts.errors, ==, 0);

  after_import = miscounted (f->path);
  g_assert_cmpstr (after_import, ==, "");
  /* Counted, not empty: every game has a site, the annotated games
   * comments, and the stored-twice game is no longer empty. */
  links = raw_query (f->path, "SELECT sum (games) FROM tag_values WHERE name = 'Site'");
  g_assert_cmpstr (links, ==, "40");
  comments = raw_query (f->path, "SELECT count(*) > 40 FROM comment_text");
  g_assert_cmpstr (comments, ==, "1");
  groups = raw_query (f->path, "SELECT count(*) FROM game_counts WHERE empty");
  g_assert_cmpstr (groups, ==, "0");

  /* The triggers work again: a game deleted is uncounted. */
  g_assert_true (tb_store_delete_game (store, tb_store_find_game_id (store,
                                         "0b8f5a64-7d2c-4c1e-9f3a-5e6d7c8b9a01"), &error));
  g_assert_no_error (error);
  after_delete = miscounted (f->path);
  g_assert_cmpstr (after_delete, ==, "");
  left = raw_query (f->path, "SELECT sum (games) FROM game_counts");
  g_assert_cmpstr (left, ==, "40");
}

/* A database of schema 7 had no tags' tables: the upgrade tags the
 * games it holds. */
static void
test_upgrade_tags_the_games (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *version = NULL;

  add_game (store, "A", "Open de Besançon", "Paris");
  add_game (store, "B", "Straße Cup", "İstanbul");
  g_clear_object (&store);
  make_older (f->path, 7);
  store = open_store (f);
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpstr (version, ==, G_STRINGIFY (TB_STORE_SCHEMA_VERSION));
  assert_found (store, NULL, "strasse", "2");
  assert_found (store, "Site", "istanbul", "2");
  assert_found (store, "Event", "besancon", "1");
}

/* What is offered for typed: players' names (tag NULL) or a tag's
 * values, joined by "|". */
/* A game of seat 1's name, as a TGN record. */
static char *
record_of (const char *player1)
{
  return g_strdup_printf ("[Event \"Open\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n"
                          "[Round \"-\"]\n[Player1 \"%s\"]\n[Player2 \"Bob\"]\n"
                          "[Result \"*\"]\n[Game \"versus-61\"]\n[TgnVersion \"1\"]\n\n"
                          "1. c1-e3 g9-g7 *\n", player1);
}

static guint
import_record (TbStore *store, const char *text)
{
  TbImportCounts counts = { 0 };
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;

  tb_store_import_text (store, text, strlen (text), "test.tgn", &counts, errors, NULL, NULL,
                        NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (errors->len, ==, 0);
  return counts.imported;
}

/* The same game under another spelling of a player's name (case,
 * accents, spaces) is the game already stored. */
static void
test_names_folded_in_fingerprints (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *accented = record_of ("Élodie Martin");
  g_autofree char *plain = record_of ("ELODIE  martin");
  g_autofree char *other = record_of ("Élodie Martine");

  g_assert_cmpuint (import_record (store, accented), ==, 1);
  g_assert_cmpuint (import_record (store, plain), ==, 0);
  g_assert_cmpuint (import_record (store, other), ==, 1);
}

/* The fingerprint schema 7 made: the tags as written, GameId aside. */
static char *
fingerprint_of_schema_7 (const char *header, const char *line)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_auto (GStrv) tags = g_strsplit (header, "\n", -1);

  for (guint i = 0; tags[i]; i++)
    if (*tags[i] && !g_str_has_prefix (tags[i], "[GameId "))
      {
        g_checksum_update (sum, (const guchar *) tags[i], -1);
        g_checksum_update (sum, (const guchar *) "\n", 1);
      }
  g_checksum_update (sum, (const guchar *) line, -1);
  return g_strdup (g_checksum_get_string (sum));
}

/* The upgrade to schema 8 makes the fingerprints anew, and the checksums
 * that cover them, but a damaged record stays damaged. */
static void
test_upgrade_makes_fingerprints_anew (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autofree char *accented = record_of ("Élodie Martin");
  g_autofree char *plain = record_of ("ELODIE MARTIN");
  g_autofree char *second = record_of ("Bob");
  g_autoptr (GError) error = NULL;

  import_record (store, accented);
  import_record (store, second);
  g_clear_object (&store);
  make_older (f->path, 7);
  for (gint64 id = 1; id <= 2; id++)
    {
      g_autofree char *header_sql = g_strdup_printf ("SELECT header FROM records WHERE game = %"
                                                     G_GINT64_FORMAT, id);
      g_autofree char *line_sql = g_strdup_printf ("SELECT line FROM records WHERE game = %"
                                                   G_GINT64_FORMAT, id);
      g_autofree char *header = raw_query (f->path, header_sql);
      g_autofree char *line = raw_query (f->path, line_sql);
      g_autofree char *old = fingerprint_of_schema_7 (header, line);
      g_autofree char *sum = tb_store_checksum (id, old, header, line, NULL);
      g_autofree char *update = g_strdup_printf ("UPDATE records SET fingerprint = '%s', "
                                                 "checksum = '%s' WHERE game = %" G_GINT64_FORMAT,
                                                 old, sum, id);

      raw_exec (f->path, update);
    }
  /* The second game damaged behind Tablier's back. */
  raw_exec (f->path, "UPDATE records SET line = 'c1-e3' WHERE game = 2");

  store = open_store (f);
  {
    g_autoptr (TbGame) game = tb_store_load_game (store, 1, &error);

    g_assert_no_error (error);
    g_assert_nonnull (game);
  }
  g_assert_cmpuint (import_record (store, plain), ==, 0);
  {
    g_autoptr (TbGame) game = tb_store_load_game (store, 2, &error);

    g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME);
    g_assert_null (game);
  }
}

static char *
offered (TbStore *store, const char *tag, const char *typed, guint limit)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) strings = tag ? tb_store_suggest_tag_values (store, tag, typed, limit,
                                                                     &error)
                                      : tb_store_suggest_players (store, typed, limit, &error);

  g_assert_no_error (error);
  g_ptr_array_add (strings, NULL);
  return g_strjoinv ("|", (char **) strings->pdata);
}

#define assert_offered(store, tag, typed, limit, expected) \
  G_STMT_START { \
    g_autofree char *offered_ = offered (store, tag, typed, limit); \
    g_assert_cmpstr (offered_, ==, expected); \
  } G_STMT_END

static void
test_suggestions (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  const char *players[] = { "Omar Khayyam", "Élodie Martin", "Marc Petit", "marie curie", "Bob" };

  for (guint i = 0; i < G_N_ELEMENTS (players); i++)
    add_game (store, players[i], i % 2 ? "Open de Paris" : "Paris Masters", "?");

  /* The names that begin with it, a name with a word that does, then a
   * name that holds it; the unnamed seat ("?") is never offered. */
  assert_offered (store, NULL, "MAR", 10, "Marc Petit|marie curie|Élodie Martin|Omar Khayyam");
  assert_offered (store, NULL, "elo", 10, "Élodie Martin");
  /* None begins with it: in the order of their folded names, at most 2. */
  assert_offered (store, NULL, "ar", 2, "Élodie Martin|Marc Petit");
  assert_offered (store, NULL, "?", 10, "");
  /* % is a character, not a wildcard. */
  assert_offered (store, NULL, "%", 10, "");
  assert_offered (store, "Event", "paris", 10, "Paris Masters|Open de Paris");
  assert_offered (store, "Site", "paris", 10, "");
  /* Of any tag: a value two tags have is offered once. */
  add_game (store, "Eve", "Lyon", "Paris Masters");
  add_game (store, "Eve", "Lyon", "Paris");
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) any = tb_store_suggest_tag_values (store, NULL, "PARIS", 10, &error);
    g_autofree char *joined = NULL;

    g_assert_no_error (error);
    g_ptr_array_add (any, NULL);
    joined = g_strjoinv ("|", (char **) any->pdata);
    g_assert_cmpstr (joined, ==, "Paris|Paris Masters|Open de Paris");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store-tags/tags-follow-the-games", test_tags_follow_the_games);
  ADD ("/store-tags/values-kept-between-searches", test_values_kept_between_searches);
  ADD ("/store-tags/values-count-their-games", test_values_count_their_games);
  ADD ("/store-tags/import-counts-as-the-triggers", test_import_counts_as_the_triggers);
  ADD ("/store-tags/upgrade-tags-the-games", test_upgrade_tags_the_games);
  ADD ("/store-tags/suggestions", test_suggestions);
  ADD ("/store-tags/names-folded-in-fingerprints", test_names_folded_in_fingerprints);
  ADD ("/store-tags/upgrade-makes-fingerprints-anew", test_upgrade_makes_fingerprints_anew);
  return g_test_run ();
}
