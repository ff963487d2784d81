/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-explorer.c: the opening explorer counts what a scan of every
 * game finds
 *
 * Two hundred games of each ruleset, played among few moves so that they
 * share their openings, a fifth of them the images of others under a
 * symmetry of the board; for positions reached in them, the explorer's
 * moves, counts and games are checked against a replay of every game
 * here in C, which finds the position's images by their texts.  The
 * positions many games reached are counted ahead, the others from their
 * rows: both are asked about.  Then after saves that change games and
 * deletes, after an import, and after the migrations from schema 6,
 * which indexes the games already stored, and from schema 12, which
 * counted every position ahead.
 */
#include "config.h"

#include <string.h>

#include "tb-line.h"
#include "tb-position-key.h"
#include "tb-random.h"
#include "tb-store-job.h"
#include "tb-store-private.h"
#include "tb-store.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-tgn.h"

#define GAMES_PER_RULESET 200
#define QUERIES_PER_RULESET 40

static const char *const rulesets[] = { "versus-61", "versus-91", "ra", "oraia", "retournement" };

typedef struct
{
  gint64 id;            /* 0: deleted */
  TbGame *game;
  GArray *keys;         /* of gint64: each ply's key, the last position's included */
  GPtrArray *texts;     /* each ply's position text, items sorted */
  GPtrArray *moves;     /* each ply's move text ("" at the end) */
} Kept;

static void
kept_free (Kept *k)
{
  g_object_unref (k->game);
  g_array_unref (k->keys);
  g_ptr_array_unref (k->texts);
  g_ptr_array_unref (k->moves);
  g_free (k);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* A position text with its items sorted: the same text for the same
 * position, whatever the order a symmetry left them in. */
static char *
sorted_text (const char *text)
{
  g_auto (GStrv) items = g_strsplit (text, " ", -1);

  qsort (items, g_strv_length (items), sizeof (char *), compare_strings);
  return g_strjoinv (" ", items);
}

/* Replays the main line, keeping each position's key, text and move. */
static void
replay (Kept *k)
{
  TbVariant *variant = tb_game_get_variant (k->game);
  const TbPositionKeys *keys = tb_position_keys_get (variant);
  g_autoptr (TbLine) line = tb_line_new (variant, tb_game_get_starter (k->game));
  const TbGameNode *node = tb_game_get_root (k->game);

  g_clear_pointer (&k->keys, g_array_unref);
  g_clear_pointer (&k->texts, g_ptr_array_unref);
  g_clear_pointer (&k->moves, g_ptr_array_unref);
  k->keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  k->texts = g_ptr_array_new_with_free_func (g_free);
  k->moves = g_ptr_array_new_with_free_func (g_free);
  for (;;)
    {
      const TbPosition *pos = tb_line_get_position (line);
      g_autofree char *text = tb_variant_format_position (variant, pos);
      TbPositionKey key;

      tb_position_key (keys, pos, &key);
      g_array_append_val (k->keys, key.key);
      g_ptr_array_add (k->texts, sorted_text (text));
      if (tb_game_node_get_n_children (node) == 0)
        break;
      node = tb_game_node_get_child (node, 0);
      g_ptr_array_add (k->moves, tb_variant_format_move (variant, pos,
                                                         tb_game_node_get_move (node)));
      tb_line_push (line, tb_game_node_get_move (node));
    }
  g_ptr_array_add (k->moves, g_strdup (""));
}

/* Plays among the first three legal moves: games that share openings
 * (and, the first three being few, positions deeper than the first). */
static TbGame *
narrow_game (const char *ruleset, TbRandom *rng)
{
  TbGame *game = tt_new_game (ruleset, NULL);
  guint plies = 2 + tb_random_below (rng, 24);

  /* Some go past the plies the explorer knows. */
  if (tb_random_below (rng, 4) == 0)
    plies += TB_STORE_EXPLORER_PLIES;

  for (guint i = 0; i < plies && !tb_game_is_over (game); i++)
    {
      guint n;
      const TbMove *moves = tb_game_get_legal_moves (game, &n);

      tt_play_move (game, moves[tb_random_below (rng, MIN (n, 3))]);
    }
  return game;
}

/* The image of game under symmetry s: each move's image played. */
static TbGame *
image_game (TbGame *game, guint s)
{
  const TbPositionKeys *keys = tb_position_keys_get (tb_game_get_variant (game));
  TbGame *image = tt_new_game (tb_rules_get_id (tb_game_get_rules (game)), NULL);
  guint n = tb_game_get_main_line_length (game);

  tb_game_go_to_ply (game, 0);
  for (guint ply = 1; ply <= n; ply++)
    {
      g_autofree char *text = tb_game_get_move_text (game, ply);
      g_autofree char *mapped = tb_position_keys_map_text (keys, s, text);
      g_autoptr (GError) error = NULL;

      tb_game_play_text (image, mapped, &error);
      g_assert_no_error (error);
    }
  return image;
}

static void
finish_some (TbGame *game, TbRandom *rng)
{
  static const TbResult results[] = { TB_RESULT_SEAT1_WINS, TB_RESULT_SEAT2_WINS,
                                      TB_RESULT_DRAW };
  guint pick = tb_random_below (rng, 4);

  if (tb_game_is_over (game) || pick == 3)
    return;
  tb_game_finish (game, results[pick],
                  pick == 2 ? TB_TERMINATION_DRAW_AGREED : TB_TERMINATION_RESIGNED);
}

static void
store_game (TbStore *store, GPtrArray *kept, TbGame *game)
{
  g_autoptr (GError) error = NULL;
  Kept *k = g_new0 (Kept, 1);

  k->game = game;
  k->id = tb_store_add_game (store, game, &error);
  g_assert_no_error (error);
  replay (k);
  g_ptr_array_add (kept, k);
}

static GPtrArray *
add_games (TbStore *store)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func ((GDestroyNotify) kept_free);
  TbRandom rng;

  tb_random_init (&rng, 24);
  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    {
      g_autoptr (TbVariant) variant = tb_variant_new_from_text (rulesets[r], NULL, NULL);
      guint n_symmetries = tb_position_keys_n_symmetries (tb_position_keys_get (variant));
      guint first = kept->len;

      for (guint i = 0; i < GAMES_PER_RULESET; i++)
        {
          TbGame *game;

          if (n_symmetries > 1 && i % 5 == 4)
            {
              Kept *of = kept->pdata[first + tb_random_below (&rng, i)];

              game = image_game (of->game, 1 + tb_random_below (&rng, n_symmetries - 1));
            }
          else
            game = narrow_game (rulesets[r], &rng);
          finish_some (game, &rng);
          store_game (store, kept, game);
        }
    }
  return kept;
}

/* The positions that OPENINGS_FROM rows of the first plies or more have
 * are counted ahead, and those of fewer are not: positions shared by a
 * few games are found all the same. */
static void
assert_counted_ahead (const char *path)
{
  g_autofree char *missing = raw_query (path, "SELECT count (*) FROM (SELECT key FROM positions"
                                              "  WHERE deep = 0 GROUP BY key HAVING count (*) >= "
                                              G_STRINGIFY (OPENINGS_FROM) ")"
                                              "  WHERE key NOT IN (SELECT key FROM openings)");
  g_autofree char *extra = raw_query (path, "SELECT count (*) FROM (SELECT DISTINCT key"
                                            "  FROM openings) AS o WHERE (SELECT count (*)"
                                            "  FROM positions AS p WHERE p.key = o.key"
                                            "  AND p.deep = 0) < " G_STRINGIFY (OPENINGS_FROM));
  g_autofree char *ahead = raw_query (path, "SELECT count (DISTINCT key) FROM openings");
  g_autofree char *shared = raw_query (path, "SELECT count (*) FROM (SELECT key FROM positions"
                                             "  WHERE deep = 0 GROUP BY key"
                                             "  HAVING count (DISTINCT game) >= 2)"
                                             "  WHERE key NOT IN (SELECT key FROM openings)");

  g_assert_cmpstr (missing, ==, "0");
  g_assert_cmpstr (extra, ==, "0");
  g_assert_cmpint (atoi (ahead), >, 0);
  g_assert_cmpint (atoi (shared), >, 0);
}

/* ---- the scan ---- */

typedef struct
{
  guint games, wins1, draws, wins2, mirrored;
} Counts;

static void
count (GHashTable *table, const char *move, TbResult result, gboolean mirrored)
{
  Counts *c = g_hash_table_lookup (table, move);

  if (c == NULL)
    g_hash_table_insert (table, g_strdup (move), (c = g_new0 (Counts, 1)));
  c->games++;
  c->wins1 += result == TB_RESULT_SEAT1_WINS;
  c->draws += result == TB_RESULT_DRAW;
  c->wins2 += result == TB_RESULT_SEAT2_WINS;
  c->mirrored += mirrored;
}

/* The symmetries under which the position (text sorted) is itself. */
static GArray *
stabiliser (const TbPositionKeys *keys, const char *text)
{
  GArray *stab = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint s = 0; s < tb_position_keys_n_symmetries (keys); s++)
    {
      g_autofree char *mapped = tb_position_keys_map_text (keys, s, text);
      g_autofree char *sorted = sorted_text (mapped);

      if (strcmp (sorted, text) == 0)
        g_array_append_val (stab, s);
    }
  return stab;
}

/* A move of the position, written as the smallest of its images under the
 * symmetries that leave the position as it is: moves the same there. */
static char *
normal_move (const TbPositionKeys *keys, GArray *stab, const char *move)
{
  char *best = NULL;

  for (guint i = 0; i < stab->len; i++)
    {
      char *mapped = tb_position_keys_map_text (keys, g_array_index (stab, guint, i), move);

      if (best == NULL || strcmp (mapped, best) < 0)
        g_free (best), best = mapped;
      else
        g_free (mapped);
    }
  return best;
}

/* The symmetry that maps the position of text onto that of target. */
static guint
symmetry_onto (const TbPositionKeys *keys, const char *text, const char *target)
{
  for (guint s = 0; s < tb_position_keys_n_symmetries (keys); s++)
    {
      g_autofree char *mapped = tb_position_keys_map_text (keys, s, text);
      g_autofree char *sorted = sorted_text (mapped);

      if (strcmp (sorted, target) == 0)
        return s;
    }
  g_assert_not_reached ();
}

typedef struct
{
  gint64 id;
  guint ply;
  gboolean mirrored;
} Reached;

/* What the scan of one game adds: a move's game counts once for each
 * orientation it played it in, as the explorer counts. */
static void
scan_game (const Kept *k, const TbPositionKeys *keys, gint64 key, const char *target,
           GArray *stab, GHashTable *moves, GHashTable *total, GArray *reached)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  TbOutcome outcome;
  gboolean found = FALSE;

  tb_game_get_final_outcome (k->game, &outcome);
  /* The explorer knows the first plies only. */
  for (guint ply = 0; ply < MIN (k->keys->len, TB_STORE_EXPLORER_PLIES); ply++)
    {
      const char *text = k->texts->pdata[ply];
      gboolean mirrored = strcmp (text, target) != 0;
      guint s;
      g_autofree char *mapped = NULL;
      g_autofree char *move = NULL;
      g_autofree char *seen_total = NULL;
      g_autofree char *seen_move = NULL;

      if (g_array_index (k->keys, gint64, ply) != key)
        continue;
      s = symmetry_onto (keys, text, target);
      if (!found)
        {
          Reached r = { k->id, ply, mirrored };

          g_array_append_val (reached, r);
          found = TRUE;
        }
      seen_total = g_strdup_printf ("*\n%s", text);
      if (g_hash_table_add (seen, g_steal_pointer (&seen_total)))
        count (total, "*", outcome.result, mirrored);
      if (*(const char *) k->moves->pdata[ply] == '\0')
        continue;
      mapped = tb_position_keys_map_text (keys, s, k->moves->pdata[ply]);
      move = normal_move (keys, stab, mapped);
      seen_move = g_strdup_printf ("%s\n%s", move, text);
      if (g_hash_table_add (seen, g_steal_pointer (&seen_move)))
        count (moves, move, outcome.result, mirrored);
    }
}

static void
assert_counts (const Counts *want, const TbStoreExplorerMove *got)
{
  g_assert_nonnull (want);
  g_assert_cmpuint (got->games, ==, want->games);
  g_assert_cmpuint (got->wins1, ==, want->wins1);
  g_assert_cmpuint (got->draws, ==, want->draws);
  g_assert_cmpuint (got->wins2, ==, want->wins2);
  g_assert_cmpuint (got->mirrored, ==, want->mirrored);
}

static int
compare_ids (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The history filtered to the position lists the games the scan found,
 * and each opens at the ply where it reached the position. */
static void
check_history_of_position (TbStore *store, TbVariant *variant, const TbPosition *pos,
                           GArray *reached)
{
  TbPositionKey key;
  TbStoreFilter filter = { .has_position = TRUE };
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = NULL;

  tb_position_key (tb_position_keys_get (variant), pos, &key);
  filter.position = key.key;
  g_assert_cmpuint (tb_store_count (store, &filter, &error), ==, reached->len);
  g_assert_no_error (error);
  ids = tb_store_query_ids (store, &filter, TB_STORE_SORT_DATE, TRUE, 0, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_array_sort (ids, compare_ids);
  g_assert_cmpuint (ids->len, ==, reached->len);
  for (guint i = 0; i < reached->len; i++)
    {
      const Reached *want = &g_array_index (reached, Reached, i);

      g_assert_cmpint (g_array_index (ids, gint64, i), ==, want->id);
      g_assert_cmpint (tb_store_position_ply (store, want->id, key.key, &error), ==, want->ply);
      g_assert_no_error (error);
    }
  /* A game that did not reach it (no game has this id). */
  g_assert_cmpint (tb_store_position_ply (store, G_MAXINT64, key.key, &error), ==, -1);
  g_assert_no_error (error);
}

/* The explorer's games, page by page, are those the scan found. */
static void
check_games (TbStore *store, TbVariant *variant, const TbPosition *pos, GArray *reached)
{
  gint64 after = 0;
  guint i = 0;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) page = tb_store_explore_games (store, variant, pos, after, 7, &error);

      g_assert_no_error (error);
      for (guint j = 0; j < page->len; j++, i++)
        {
          TbStoreExplorerGame *got = &g_array_index (page, TbStoreExplorerGame, j);
          Reached *want = &g_array_index (reached, Reached, i);

          g_assert_cmpuint (i, <, reached->len);
          g_assert_cmpint (got->id, ==, want->id);
          g_assert_cmpuint (got->ply, ==, want->ply);
          g_assert_cmpint (got->mirrored, ==, want->mirrored);
        }
      if (page->len < 7)
        break;
      after = g_array_index (page, TbStoreExplorerGame, page->len - 1).id;
    }
  g_assert_cmpuint (i, ==, reached->len);
  check_history_of_position (store, variant, pos, reached);
}

/* Position ply of k, asked of the explorer and worked out by the scan;
 * the number of mirrored games found, and *unknown incremented when no
 * game was (a position past the explorer's plies). */
static guint
check_position (TbStore *store, GPtrArray *kept, const Kept *of, guint ply, guint *unknown)
{
  TbVariant *variant = tb_game_get_variant (of->game);
  const TbPositionKeys *keys = tb_position_keys_get (variant);
  const char *target = of->texts->pdata[ply];
  gint64 key = g_array_index (of->keys, gint64, ply);
  g_autoptr (GArray) stab = stabiliser (keys, target);
  g_autoptr (GHashTable) moves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GHashTable) total = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GArray) reached = g_array_new (FALSE, FALSE, sizeof (Reached));
  g_autoptr (TbLine) line = tb_line_new (variant, tb_game_get_starter (of->game));
  g_autoptr (TbStoreExplorer) explorer = NULL;
  g_autoptr (GError) error = NULL;
  guint n_moves = 0;

  for (guint i = 0; i < kept->len; i++)
    {
      const Kept *k = kept->pdata[i];

      if (k->id != 0 && tb_variant_equal (tb_game_get_variant (k->game), variant))
        scan_game (k, keys, key, target, stab, moves, total, reached);
    }
  for (guint i = 0; i < ply; i++)
    {
      tb_line_play_text (line, of->moves->pdata[i], NULL, &error);
      g_assert_no_error (error);
    }
  explorer = tb_store_explore (store, variant, tb_line_get_position (line), &error);
  g_assert_no_error (error);
  /* A position only reached past the explorer's plies: no game. */
  if (g_hash_table_size (total) == 0 && ++*unknown)
    g_hash_table_insert (total, g_strdup ("*"), g_new0 (Counts, 1));
  assert_counts (g_hash_table_lookup (total, "*"), &explorer->total);
  for (guint i = 0; i < explorer->moves->len; i++)
    {
      const TbStoreExplorerMove *got = explorer->moves->pdata[i];
      g_autofree char *move = normal_move (keys, stab, got->move);
      TbMove legal;

      /* Each in the orientation of the position asked about. */
      g_assert_true (tb_line_parse_move (line, got->move, &legal, NULL));
      assert_counts (g_hash_table_lookup (moves, move), got);
      n_moves++;
      if (i > 0)
        g_assert_cmpuint (got->games, <=,
                          ((TbStoreExplorerMove *) explorer->moves->pdata[i - 1])->games);
    }
  g_assert_cmpuint (n_moves, ==, g_hash_table_size (moves));
  check_games (store, variant, tb_line_get_position (line), reached);
  return explorer->total.mirrored;
}

/* Positions of stored games, the first plies more often (every game of
 * the ruleset reaches the start); how many no game reached within the
 * explorer's plies. */
static guint
check_explorer (TbStore *store, GPtrArray *kept)
{
  TbRandom rng;
  guint mirrored = 0, unknown = 0;

  tb_random_init (&rng, 7);
  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    for (guint q = 0; q < QUERIES_PER_RULESET; q++)
      {
        const Kept *k = kept->pdata[r * GAMES_PER_RULESET +
                                    tb_random_below (&rng, GAMES_PER_RULESET)];
        guint ply;

        if (k->id == 0)
          continue;
        /* Deeper than the explorer's plies too, which only the
         * games that reached them sooner count. */
        ply = tb_random_below (&rng, MIN (k->keys->len, q % 2 ? 4 : TB_STORE_EXPLORER_PLIES + 20));
        mirrored += check_position (store, kept, k, ply, &unknown);
      }
  /* The images of games were found with the games. */
  g_assert_cmpuint (mirrored, >, 0);
  return unknown;
}

static void
test_explorer_counts (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GPtrArray) kept = add_games (store);

  assert_counted_ahead (f->path);
  /* Positions past the explorer's plies were asked about too. */
  g_assert_cmpuint (check_explorer (store, kept), >, 0);
}

/* Saves that change a game's moves or result, and deletes (the store's,
 * by the positions' keys, and another program's), keep the counts
 * right. */
static void
test_explorer_follows_changes (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GPtrArray) kept = add_games (store);
  g_autofree char *orphans = NULL;
  g_autofree char *empty = NULL;
  TbRandom rng;

  tb_random_init (&rng, 5);
  for (guint i = 0; i < kept->len; i++)
    {
      Kept *k = kept->pdata[i];
      g_autoptr (GError) error = NULL;

      switch (tb_random_below (&rng, 6))
        {
        case 0:
          tb_store_delete_game (store, k->id, &error);
          k->id = 0;
          break;
        case 1:
          /* Two moves more, and an end. */
          tb_game_go_to_ply (k->game, 0);
          while (tb_game_can_redo (k->game))
            tb_game_redo (k->game);
          for (guint j = 0; j < 2 && !tb_game_is_over (k->game); j++)
            tt_play_move (k->game, tt_random_move (k->game, &rng));
          if (!tb_game_is_over (k->game))
            tb_game_finish (k->game, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
          tb_store_save_game (store, k->id, k->game, &error);
          replay (k);
          break;
        default:
          break;
        }
      g_assert_no_error (error);
    }
  /* Another program's delete: positions have no index by game (schema
   * 10), the trigger finds the game's rows all the same. */
  for (guint i = 0; i < kept->len; i++)
    {
      Kept *k = kept->pdata[i];
      g_autofree char *sql = NULL;

      if (k->id == 0)
        continue;
      sql = g_strdup_printf ("DELETE FROM games WHERE id = %" G_GINT64_FORMAT, k->id);
      raw_exec (f->path, sql);
      k->id = 0;
      break;
    }
  check_explorer (store, kept);
  orphans = raw_query (f->path, "SELECT count (*) FROM positions WHERE game NOT IN "
                                "(SELECT id FROM games)");
  empty = raw_query (f->path, "SELECT count (*) FROM openings WHERE games <= 0");
  g_assert_cmpstr (orphans, ==, "0");
  g_assert_cmpstr (empty, ==, "0");
}

/* A game whose record no longer reads has no line to find its positions
 * by: deleting it, the store finds them by reading the whole table
 * (positions has no index by game), and the counts stay right. */
static void
test_explorer_forgets_unreadable_games (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GPtrArray) kept = add_games (store);
  g_autofree char *orphans = NULL;
  g_autofree char *empty = NULL;

  for (guint i = 0; i < kept->len; i += 97)
    {
      Kept *k = kept->pdata[i];
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) unread = NULL;
      g_autofree char *sql = g_strdup_printf ("UPDATE records SET header = header || ' ' "
                                              "WHERE game = %" G_GINT64_FORMAT, k->id);

      raw_exec (f->path, sql);
      unread = tb_store_load_game (store, k->id, &error);
      g_assert_null (unread);
      g_clear_error (&error);
      g_assert_true (tb_store_delete_game (store, k->id, &error));
      g_assert_no_error (error);
      k->id = 0;
    }
  check_explorer (store, kept);
  orphans = raw_query (f->path, "SELECT count (*) FROM positions WHERE game NOT IN "
                                "(SELECT id FROM games)");
  empty = raw_query (f->path, "SELECT count (*) FROM openings WHERE games <= 0");
  g_assert_cmpstr (orphans, ==, "0");
  g_assert_cmpstr (empty, ==, "0");
}

/* The kept games as one TGN text, each told apart by its Round (the
 * images and the narrow games repeat some). */
static GString *
kept_as_text (GPtrArray *kept)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < kept->len; i++)
    {
      Kept *k = kept->pdata[i];
      g_autofree char *round = g_strdup_printf ("%u", i + 1);

      tb_game_set_tag (k->game, "Round", round);
      if (i)
        g_string_append_c (text, '\n');
      tb_tgn_write_to (k->game, text);
    }
  return text;
}

/* The kept games imported into the store at path, which had none: their
 * ids, in the order of the text. */
static TbStore *
import_kept (const char *path, GPtrArray *kept)
{
  g_autoptr (GString) text = kept_as_text (kept);
  g_autoptr (GError) error = NULL;
  TbStore *store = tb_store_open (path, &error);
  TbImportCounts counts;

  g_assert_no_error (error);
  tb_store_import_text (store, text->str, text->len, "kept.tgn", &counts, NULL, NULL, NULL, NULL,
                        &error);
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, kept->len);
  for (guint i = 0; i < kept->len; i++)
    ((Kept *) kept->pdata[i])->id = i + 1;
  return store;
}

/* An import writes its positions apart and merges them at its end: the
 * explorer finds its games as it finds those saved one by one. */
static void
test_explorer_after_import (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "imported.db", NULL);
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autofree char *pending = NULL, *free_pages = NULL;

  {
    g_autoptr (TbStore) saved = open_store (f);

    kept = add_games (saved);
  }
  store = import_kept (path, kept);
  pending = raw_query (path, "SELECT count (*) FROM positions_pending");
  g_assert_cmpstr (pending, ==, "0");
  /* The pages they took are given back to the file system. */
  free_pages = raw_query (path, "PRAGMA freelist_count");
  g_assert_cmpstr (free_pages, ==, "0");
  assert_counted_ahead (path);
  g_assert_cmpuint (check_explorer (store, kept), >, 0);
}

/* An import that stopped short (the program killed between two chunks)
 * left rows pending: the next writer merges them. */
static void
test_explorer_pending_left (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "imported.db", NULL);
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autofree char *pending = NULL, *free_pages = NULL;

  {
    g_autoptr (TbStore) saved = open_store (f);

    kept = add_games (saved);
  }
  {
    g_autoptr (TbStore) imported = import_kept (path, kept);
  }
  /* As the import left them before its merge: no counts, rows pending. */
  raw_exec (path, "INSERT INTO positions_pending (game, ply, key, move, orient)"
                  "  SELECT game, ply, key, move, orient FROM positions;"
                  "DELETE FROM positions; DELETE FROM openings");
  store = tb_store_open (path, NULL);
  g_assert_nonnull (store);
  pending = raw_query (path, "SELECT count (*) FROM positions_pending");
  g_assert_cmpstr (pending, ==, "0");
  free_pages = raw_query (path, "PRAGMA freelist_count");
  g_assert_cmpstr (free_pages, ==, "0");
  assert_counted_ahead (path);
  check_explorer (store, kept);
}

/* A database of schema 6 gets its games' positions when brought up to
 * date. */
static void
test_explorer_after_migration (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autofree char *version = NULL;

  {
    g_autoptr (TbStore) older = open_store (f);

    kept = add_games (older);
  }
  make_older (f->path, 6);
  version = raw_query (f->path, "PRAGMA user_version");
  g_assert_cmpstr (version, ==, "6");
  store = open_store (f);
  assert_counted_ahead (f->path);
  check_explorer (store, kept);
}

/* Schema 12 counted every position of the first plies ahead: brought up
 * to date, only the positions many games reached keep their counts. */
static void
test_explorer_after_pruning (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  {
    g_autoptr (TbStore) older = open_store (f);

    kept = add_games (older);
  }
  make_older (f->path, 12);
  before = raw_query (f->path, "SELECT count (DISTINCT key) FROM openings");
  store = open_store (f);
  after = raw_query (f->path, "SELECT count (DISTINCT key) FROM openings");
  g_assert_cmpint (atoi (after), <, atoi (before) / 4);
  assert_counted_ahead (f->path);
  check_explorer (store, kept);
}

/* The explorer's jobs run on the store's thread (the UI's way in), and
 * answer what the store answers; the board may change meanwhile. */
static void
test_explorer_jobs (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GPtrArray) kept = add_games (store);
  const Kept *ra = kept->pdata[2 * GAMES_PER_RULESET];
  TbVariant *variant = tb_game_get_variant (ra->game);
  g_autoptr (TbLine) line = tb_line_new (variant, 1);
  g_autoptr (GAsyncResult) counted = NULL;
  g_autoptr (GAsyncResult) listed = NULL;
  g_autoptr (TbStoreExplorer) direct = NULL;
  g_autoptr (TbStoreExplorer) job = NULL;
  g_autoptr (GArray) games = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (tb_rules_get_id (variant->rules), ==, "ra");
  tb_store_job_explore (store, variant, tb_line_get_position (line), NULL, tt_keep_result,
                        &counted);
  tb_store_job_explore_games (store, variant, tb_line_get_position (line), 0, 10, NULL,
                              tt_keep_result, &listed);
  /* The position asked about was copied. */
  tb_line_play_text (line, ra->moves->pdata[0], NULL, &error);
  g_assert_no_error (error);
  tt_await_result (&counted);
  tt_await_result (&listed);
  job = tb_store_job_explore_finish (counted, &error);
  g_assert_no_error (error);
  games = tb_store_job_explore_games_finish (listed, &error);
  g_assert_no_error (error);
  tb_line_pop (line);
  direct = tb_store_explore (store, variant, tb_line_get_position (line), &error);
  g_assert_no_error (error);
  /* Every RA game reached the start. */
  g_assert_cmpuint (job->total.games, ==, GAMES_PER_RULESET);
  g_assert_cmpuint (job->moves->len, ==, direct->moves->len);
  for (guint i = 0; i < job->moves->len; i++)
    {
      TbStoreExplorerMove *a = job->moves->pdata[i], *b = direct->moves->pdata[i];

      g_assert_cmpstr (a->move, ==, b->move);
      g_assert_cmpuint (a->games, ==, b->games);
    }
  g_assert_cmpuint (games->len, ==, 10);
  g_assert_cmpint (g_array_index (games, TbStoreExplorerGame, 0).id, ==, ra->id);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/store-explorer/counts", Fixture, NULL, fixture_set_up, test_explorer_counts,
              fixture_tear_down);
  g_test_add ("/store-explorer/changes", Fixture, NULL, fixture_set_up,
              test_explorer_follows_changes, fixture_tear_down);
  g_test_add ("/store-explorer/unreadable-deleted", Fixture, NULL, fixture_set_up,
              test_explorer_forgets_unreadable_games, fixture_tear_down);
  g_test_add ("/store-explorer/migration", Fixture, NULL, fixture_set_up,
              test_explorer_after_migration, fixture_tear_down);
  g_test_add ("/store-explorer/pruned", Fixture, NULL, fixture_set_up,
              test_explorer_after_pruning, fixture_tear_down);
  g_test_add ("/store-explorer/import", Fixture, NULL, fixture_set_up,
              test_explorer_after_import, fixture_tear_down);
  g_test_add ("/store-explorer/pending-left", Fixture, NULL, fixture_set_up,
              test_explorer_pending_left, fixture_tear_down);
  g_test_add ("/store-explorer/jobs", Fixture, NULL, fixture_set_up, test_explorer_jobs,
              fixture_tear_down);
  return g_test_run ();
}
