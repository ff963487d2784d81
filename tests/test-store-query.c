/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-query.c: the history's searches give the games a person
 * would pick by hand
 *
 * Two hundred games of varied games, players, dates, results, ends,
 * lengths and comments; every filter alone and several together, every
 * sort both ways, and pages at several offsets: each answer is checked
 * against the same filter and order worked out here in C.  The store
 * chooses how to read the games by the filter and the page
 * (tb-store-query.c); this holds every way to the same answer, on the
 * games and on many copies of them, and when the indexes it reads are
 * gone.  The players a search compares with, kept between searches,
 * follow another connection's changes.
 */
#include "config.h"

#include <string.h>

#include "tb-random.h"
#include "tb-store.h"
#include "tb-store-private.h"
#include "tb-test-games.h"
#include "tb-test-store.h"
#include "tb-text-fold.h"

#define N_GAMES 200
#define COMMENT "a fine attraction"
/* Letters a search must fold, and characters that are no wildcards. */
#define OTHER_COMMENT "Coup DÉCISIF à 50% d_un \"trait\""

typedef struct
{
  gint64 id;
  char ruleset[16];
  char player1[16];
  char player2[16];
  char date[16];
  const char *result;
  const char *termination;
  guint plies;
  const char *comment;   /* or NULL */
  const char *event;     /* the tags a tag search reads */
  const char *site;
  char round[8];
} Stored;

static const char *const rulesets[] = { "versus-61", "oraia", "ra" };
/* "?" and "-" say that there is none: nothing to find. */
static const char *const events[] = { "Open de Besançon", "Championnat d’Île-de-France",
                                      "Club 100%", "?", "Straße Cup" };
static const char *const sites[] = { "Besançon", "Paris", "?", "İstanbul" };
static const char *const names[] = { "Alice", "bob", "Carol", "alice", "Dan", "Élodie Martin",
                                     "Claire Dubois", "İlkay Straße", "x%y_z" };

/* The result and end of a game resigned or agreed, or going on. */
static void
finish_some (TbGame *game, TbRandom *rng, Stored *s)
{
  switch (tb_random_below (rng, 4))
    {
    case 0:
      tb_game_finish (game, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RESIGNED);
      s->result = "1-0", s->termination = "resigned";
      break;
    case 1:
      tb_game_finish (game, TB_RESULT_SEAT2_WINS, TB_TERMINATION_RESIGNED);
      s->result = "0-1", s->termination = "resigned";
      break;
    case 2:
      tb_game_finish (game, TB_RESULT_DRAW, TB_TERMINATION_DRAW_AGREED);
      s->result = "1/2-1/2", s->termination = "draw-agreed";
      break;
    default:
      s->result = "*", s->termination = "";
    }
}

static void
add_games (TbStore *store, Stored *stored)
{
  TbRandom rng;

  tb_random_init (&rng, 11);
  for (guint i = 0; i < N_GAMES; i++)
    {
      Stored *s = &stored[i];
      g_autoptr (TbGame) game = NULL;
      g_autoptr (GError) error = NULL;
      guint plies = tb_random_below (&rng, 6);

      g_strlcpy (s->ruleset, rulesets[tb_random_below (&rng, G_N_ELEMENTS (rulesets))],
                 sizeof s->ruleset);
      game = tt_new_game (s->ruleset, NULL);
      for (s->plies = 0; s->plies < plies && !tb_game_is_over (game); s->plies++)
        tt_play_move (game, tt_random_move (game, &rng));
      g_strlcpy (s->player1, names[tb_random_below (&rng, G_N_ELEMENTS (names))],
                 sizeof s->player1);
      g_strlcpy (s->player2, names[tb_random_below (&rng, G_N_ELEMENTS (names))],
                 sizeof s->player2);
      /* Few dates, so that many games tie on the date. */
      g_snprintf (s->date, sizeof s->date, "2026.0%u.1%u", 1 + tb_random_below (&rng, 3),
                  tb_random_below (&rng, 3));
      /* And some dates of unknown parts, which sort before the known. */
      if (i % 9 == 4)
        g_strlcpy (s->date, i % 2 ? "????.??.??" : "2026.??.??", sizeof s->date);
      else if (i % 13 == 5)
        memcpy (s->date + 8, "??", 2);
      tb_game_set_tag (game, "Player1", s->player1);
      tb_game_set_tag (game, "Player2", s->player2);
      tb_game_set_tag (game, "Date", s->date);
      if (s->plies > 0 && tb_random_below (&rng, 4) == 0)
        s->comment = tb_random_below (&rng, 2) ? COMMENT : OTHER_COMMENT;
      if (s->comment)
        tb_game_set_comment (game, 1, s->comment);
      finish_some (game, &rng, s);
      s->event = events[tb_random_below (&rng, G_N_ELEMENTS (events))];
      s->site = sites[tb_random_below (&rng, G_N_ELEMENTS (sites))];
      g_snprintf (s->round, sizeof s->round, "%u", tb_random_below (&rng, 12));
      if (strcmp (s->round, "0") == 0)
        strcpy (s->round, "-");
      tb_game_set_tag (game, "Event", s->event);
      tb_game_set_tag (game, "Site", s->site);
      tb_game_set_tag (game, "Round", s->round);
      s->id = tb_store_add_game (store, game, &error);
      g_assert_no_error (error);
    }
}

/* Whether name is what was typed (folded: any case and accents): the
 * whole of it in double quotes, else any part. */
static gboolean
name_matches (const char *name, const char *typed)
{
  gsize length = strlen (typed);
  gboolean exact = length >= 2 && typed[0] == '"' && typed[length - 1] == '"';
  g_autofree char *inner = exact ? g_strndup (typed + 1, length - 2) : g_strdup (typed);
  g_autofree char *folded_name = tb_text_fold (name);
  g_autofree char *folded_typed = tb_text_fold (inner);

  return exact ? strcmp (folded_name, folded_typed) == 0
               : strstr (folded_name, folded_typed) != NULL;
}

static gboolean
player_matches (const Stored *s, const TbStoreFilter *f)
{
  if (f->player == NULL)
    return TRUE;
  return (f->player_seat != 2 && name_matches (s->player1, f->player)) ||
         (f->player_seat != 1 && name_matches (s->player2, f->player));
}

/* Whether the comment holds text, whatever the case. */
static gboolean
comment_matches (const Stored *s, const char *text)
{
  g_autofree char *comment = s->comment ? g_utf8_casefold (s->comment, -1) : NULL;
  g_autofree char *wanted = g_utf8_casefold (text, -1);

  return comment && strstr (comment, wanted);
}

/* Whether the tag name's value is one a search finds and holds typed
 * (folded: any case and accents). */
static gboolean
value_matches (const char *name, const char *value, const TbStoreFilter *f)
{
  g_autofree char *folded_value = tb_text_fold (value);
  g_autofree char *folded_typed = tb_text_fold (f->tag);

  if (f->tag_name && strcmp (f->tag_name, name) != 0)
    return FALSE;
  if (strcmp (value, "?") == 0 || strcmp (value, "-") == 0)
    return FALSE;
  return strstr (folded_value, folded_typed) != NULL;
}

static gboolean
tag_matches (const Stored *s, const TbStoreFilter *f)
{
  return f->tag == NULL || value_matches ("Event", s->event, f) ||
         value_matches ("Site", s->site, f) || value_matches ("Round", s->round, f);
}

/* The game's date as the store orders it: a part wholly unknown as
 * zeros, before every known one ("2026.??.??" as "2026.00.00"). */
static const char *
sort_date (const Stored *s, char copy[16])
{
  g_strlcpy (copy, s->date, 16);
  if (strlen (copy) == 10)
    for (const char *p = copy; *p; p += strcspn (p, "."), p += *p == '.')
      {
        gsize length = strcspn (p, ".");

        if (strspn (p, "?") == length)
          memset ((char *) p, '0', length);
      }
  return copy;
}

static gboolean
matches (const Stored *s, const TbStoreFilter *f)
{
  char date[16];

  sort_date (s, date);
  return (!f->ruleset || strcmp (s->ruleset, f->ruleset) == 0) && player_matches (s, f) &&
         (!f->result || strcmp (s->result, f->result) == 0) &&
         (!f->termination || strcmp (s->termination, f->termination) == 0) &&
         (!f->date_from || strcmp (date, f->date_from) >= 0) &&
         (!f->date_to || strcmp (date, f->date_to) <= 0) &&
         (!f->text || comment_matches (s, f->text)) && tag_matches (s, f) &&
         /* The history leaves out a game left before its first move. */
         (!f->skip_empty || s->plies > 0 || strcmp (s->result, "*") != 0);
}

static TbStoreSort sort_by;

static int
compare_numbers (gint64 a, gint64 b)
{
  return a < b ? -1 : a > b;
}

/* The orders of tb-store-query.c: each key, then the date (but for the
 * players and the length), then the id; the keys alone here. */
static int
compare_keys (const Stored *a, const Stored *b)
{
  int by = 0;

  switch (sort_by)
    {
    case TB_STORE_SORT_GAME:
      by = strcmp (a->ruleset, b->ruleset);
      break;
    case TB_STORE_SORT_PLAYERS:
      /* Names sort without case, as the players' column does. */
      by = g_ascii_strcasecmp (a->player1, b->player1);
      return by ? by : g_ascii_strcasecmp (a->player2, b->player2);
    case TB_STORE_SORT_RESULT:
      by = strcmp (a->result, b->result);
      break;
    case TB_STORE_SORT_TERMINATION:
      by = strcmp (a->termination, b->termination);
      break;
    case TB_STORE_SORT_LENGTH:
      return compare_numbers (a->plies, b->plies);
    case TB_STORE_SORT_DATE:
    default:
      break;
    }
  if (by == 0)
    {
      char date_a[16], date_b[16];

      by = strcmp (sort_date (a, date_a), sort_date (b, date_b));
    }
  return by;
}

static int
compare_ascending (gconstpointer pa, gconstpointer pb)
{
  const Stored *a = *(const Stored *const *) pa, *b = *(const Stored *const *) pb;
  int by = compare_keys (a, b);

  return by ? by : compare_numbers (a->id, b->id);
}

static int
compare_descending (gconstpointer a, gconstpointer b)
{
  return -compare_ascending (a, b);
}

/* One page of the store's answer against the one worked out here. */
static void
check_page (TbStore *store, const TbStoreFilter *filter, GPtrArray *expected,
            gboolean descending, guint offset, guint limit)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = tb_store_query (store, filter, sort_by, descending, offset,
                                               limit, &error);
  guint wanted = offset < expected->len ? MIN (limit, expected->len - offset) : 0;

  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, wanted);
  for (guint i = 0; i < rows->len; i++)
    {
      const TbStoreRow *row = rows->pdata[i];
      const Stored *s = expected->pdata[offset + i];

      g_assert_cmpint (row->id, ==, s->id);
      g_assert_cmpstr (row->player1, ==, s->player1);
      g_assert_cmpstr (row->result, ==, s->result);
      g_assert_cmpuint (row->plies, ==, s->plies);
    }
}

/* The whole list read page by page, each from the last row of the one
 * before (keyset paging), and a page some rows past a row, against the
 * order worked out here. */
static void
check_keyset_pages (TbStore *store, const TbStoreFilter *filter, GPtrArray *expected,
                    gboolean descending, guint limit)
{
  g_autoptr (GPtrArray) previous = NULL;
  guint read = 0;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      const TbStoreRow *after = previous && previous->len ? previous->pdata[previous->len - 1]
                                                          : NULL;
      GPtrArray *rows = tb_store_query_after (store, filter, sort_by, descending, after, 0, limit,
                                              -1, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (rows->len, ==, MIN (limit, expected->len - read));
      for (guint i = 0; i < rows->len; i++)
        g_assert_cmpint (((TbStoreRow *) rows->pdata[i])->id, ==,
                         ((Stored *) expected->pdata[read + i])->id);
      read += rows->len;
      g_clear_pointer (&previous, g_ptr_array_unref);
      previous = rows;
      if (rows->len < limit)
        break;
    }
  g_assert_cmpuint (read, ==, expected->len);

  /* Jumps: from a row, so many rows on (the count known or not). */
  for (guint j = 0; j < 3 && expected->len > 1; j++)
    {
      g_autoptr (GError) error = NULL;
      guint from = j == 0 ? 1 : expected->len / (j + 2);
      guint offset = j == 0 ? 1 : expected->len / 3 + j;
      guint first_wanted = from + 1 + offset;
      g_autoptr (GPtrArray) row = tb_store_query (store, filter, sort_by, descending, from, 1,
                                                  &error);
      g_autoptr (GPtrArray) rows = NULL;

      g_assert_no_error (error);
      rows = tb_store_query_after (store, filter, sort_by, descending, row->pdata[0], offset,
                                   limit, j == 1 ? -1 : (gint64) expected->len, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (rows->len, ==,
                        first_wanted < expected->len ? MIN (limit, expected->len - first_wanted)
                                                     : 0);
      for (guint i = 0; i < rows->len; i++)
        g_assert_cmpint (((TbStoreRow *) rows->pdata[i])->id, ==,
                         ((Stored *) expected->pdata[first_wanted + i])->id);
    }
}

/* The ids an export writes, read from the games' table from offset,
 * against wanted (of gint64): the same page worked out here. */
static void
assert_ids_page (TbStore *store, const TbStoreFilter *filter, gboolean descending, guint offset,
                 guint limit, GArray *wanted)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = tb_store_query_ids (store, filter, sort_by, descending, offset, limit,
                                               &error);

  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, wanted->len);
  for (guint i = 0; i < ids->len; i++)
    g_assert_cmpint (g_array_index (ids, gint64, i), ==, g_array_index (wanted, gint64, i));
}

static void
check_ids (TbStore *store, const TbStoreFilter *filter, GPtrArray *expected,
           gboolean descending, guint offset, guint limit)
{
  g_autoptr (GArray) wanted = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = offset; i < expected->len && i - offset < limit; i++)
    g_array_append_val (wanted, ((Stored *) expected->pdata[i])->id);
  assert_ids_page (store, filter, descending, offset, limit, wanted);
}

/* How many of the first n stored games the filter keeps, worked out here. */
static guint
expected_count (const Stored *stored, guint n, const TbStoreFilter *filter)
{
  guint count = 0;

  for (guint i = 0; i < n; i++)
    count += matches (&stored[i], filter);
  return count;
}

/* Checks the filter's answer; returns how many games it finds. */
static guint
check_filter (TbStore *store, const Stored *stored, const TbStoreFilter *filter)
{
  g_autoptr (GPtrArray) expected = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < N_GAMES; i++)
    if (matches (&stored[i], filter))
      g_ptr_array_add (expected, (gpointer) &stored[i]);
  if (g_test_verbose ())
    g_test_message ("player %s, text %s, tag %s=%s: %u games", filter->player, filter->text,
                    filter->tag_name, filter->tag, expected->len);
  g_assert_cmpuint (tb_store_count (store, filter, &error), ==, expected->len);
  g_assert_no_error (error);

  for (sort_by = TB_STORE_SORT_DATE; sort_by <= TB_STORE_SORT_LENGTH; sort_by++)
    for (int descending = 0; descending < 2; descending++)
      {
        g_ptr_array_sort (expected, descending ? compare_descending : compare_ascending);
        check_page (store, filter, expected, descending, 0, 25);
        check_page (store, filter, expected, descending, 20, 25);
        check_page (store, filter, expected, descending, expected->len / 2, 1000);
        check_page (store, filter, expected, descending, expected->len, 10);
        check_keyset_pages (store, filter, expected, descending, 7);
        check_ids (store, filter, expected, descending, 0, G_MAXUINT);
        check_ids (store, filter, expected, descending, 20, 25);
        /* The same a value of the sort's first column at a time, as a
         * walk that gives up on a large collection reads it. */
        store->groups_first = TRUE;
        check_page (store, filter, expected, descending, 0, 25);
        check_page (store, filter, expected, descending, 20, 25);
        check_page (store, filter, expected, descending, expected->len / 2, 1000);
        check_keyset_pages (store, filter, expected, descending, 7);
        store->groups_first = FALSE;
      }

  return expected->len;
}

/* The filters that are meant to find nothing. */
static gboolean
finds_nothing (const TbStoreFilter *filter)
{
  return g_strcmp0 (filter->text, "no such words") == 0 || g_strcmp0 (filter->text, "x") == 0 ||
         g_strcmp0 (filter->player, "\"Claire\"") == 0 || g_strcmp0 (filter->tag, "?") == 0 ||
         (g_strcmp0 (filter->tag_name, "Round") == 0 && g_strcmp0 (filter->tag, "-") == 0) || g_strcmp0 (filter->tag_name, "Annotator") == 0;
}

/* Every filter of the history, alone and together. */
static const TbStoreFilter filters[] = {
  { 0 },
  { .ruleset = "oraia" },
  { .player = "ALICE" },
  { .player = "Dan" },
  { .result = "*" },
  { .result = "1/2-1/2" },
  { .termination = "resigned" },
  { .date_from = "2026.02.10" },
  { .date_to = "2026.02.11" },
  { .date_from = "2026.01.11", .date_to = "2026.02.11" },
  { .text = "attraction" },
  { .text = "no such words" },
  { .ruleset = "ra", .player = "bob" },
  { .ruleset = "versus-61", .result = "0-1", .date_from = "2026.02.01" },
  { .player = "carol", .termination = "draw-agreed", .text = "fine" },
  /* Any part of a name, whatever its case and accents. */
  { .player = "elodie" },
  { .player = "ÉLODIE MARTIN" },
  { .player = "claire" },
  { .player = "ARTI" },
  { .player = "ILKAY" },
  { .player = "ılkay" },
  { .player = "ilkay strasse" },
  { .player = "a" },
  /* The whole name in quotes; one seat. */
  { .player = "\"alice\"" },
  { .player = "\"Claire\"" },
  { .player = "alice", .player_seat = 1 },
  { .player = "e", .player_seat = 2, .ruleset = "ra" },
  /* % and _ are characters, not wildcards. */
  { .player = "%" },
  { .player = "_" },
  { .player = "x%y" },
  /* Comments: any case, accents kept, quotes and wildcards literal;
   * texts shorter than three characters too. */
  { .text = "décisif" },
  { .text = "DÉCISIF À 50%" },
  { .text = "50%" },
  { .text = "d_un" },
  { .text = "\"trait\"" },
  { .text = "%" },
  { .text = "_" },
  { .text = "fi" },
  { .text = "x" },
  { .skip_empty = TRUE },
  { .ruleset = "ra", .skip_empty = TRUE },
  { .result = "*", .skip_empty = TRUE },
  { .player = "alice", .skip_empty = TRUE },
  { .player = "\"bob\"", .player_seat = 2, .skip_empty = TRUE },
  { .text = "fine", .skip_empty = TRUE },
  /* Tags: any part of a value, any case and accents, in one tag or any;
   * "?" and "-" (none) are found by nothing. */
  { .tag = "besancon" },
  { .tag = "BESANÇON", .tag_name = "Site" },
  { .tag = "besançon", .tag_name = "Event" },
  { .tag = "ile-de" },
  { .tag = "strasse" },
  { .tag = "istanbul" },
  { .tag = "100%" },
  { .tag = "%" },
  { .tag = "1", .tag_name = "Round" },
  { .tag = "1" },
  { .tag = "?" },
  { .tag = "-" },      /* in "Île-de-France", not in a round left "-" */
  { .tag = "-", .tag_name = "Round" },
  { .tag = "paris", .tag_name = "Annotator" },
  { .tag = "open", .player = "alice", .ruleset = "ra" },
  { .tag = "paris", .text = "attraction" },
};

static void
test_every_filter_and_sort (Fixture *f, gconstpointer data)
{
  static Stored stored[N_GAMES];
  g_autoptr (TbStore) store = open_store (f);

  add_games (store, stored);
  /* Some games of each kind the history leaves out, and some it keeps. */
  {
    guint empty = 0, resigned_at_once = 0;

    for (guint i = 0; i < N_GAMES; i++)
      {
        empty += stored[i].plies == 0 && strcmp (stored[i].result, "*") == 0;
        resigned_at_once += stored[i].plies == 0 && strcmp (stored[i].result, "*") != 0;
      }
    g_assert_cmpuint (empty, >, 0);
    g_assert_cmpuint (resigned_at_once, >, 0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      guint found = check_filter (store, stored, &filters[i]);

      /* Each search is tried on games it should find. */
      g_assert_cmpuint (found == 0, ==, finds_nothing (&filters[i]));
    }

  /* Another program dropped the indexes the searches ask for: slower,
   * the same answers. */
  raw_exec (f->path, "DROP INDEX games_filter; DROP INDEX games_by_termination;"
                     "DROP INDEX games_by_date");
  for (guint i = 0; i < G_N_ELEMENTS (filters); i += 3)
    check_filter (store, stored, &filters[i]);
}

/* ---- the same at scale ---- */

/* The ids of the copies: copy k of the game of id i is i + k * COPY_STRIDE
 * (above every first id), so that ordering copies by id orders them by
 * copy, then by the first game's id. */
#define COPY_STRIDE 1024

typedef struct
{
  const Stored *game;   /* the game copied */
  guint copy;           /* 0: the game itself */
} Copy;

static gint64
copy_id (const Copy *c)
{
  return c->game->id + (gint64) c->copy * COPY_STRIDE;
}

/* Each stored game copied until there are copies of each (the games, their
 * tags and their comments, which the triggers index), by SQL: what the
 * searches read of a collection of copies * N_GAMES games. */
static void
copy_games (const char *path, guint copies)
{
  g_autofree char *sql = g_strdup_printf (
    "PRAGMA cache_size = -262144; BEGIN;"
    "CREATE TEMP TABLE copies (n INTEGER PRIMARY KEY);"
    "WITH RECURSIVE k (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < %u)"
    "  INSERT INTO copies SELECT n FROM k;"
    "INSERT INTO games (id, game_uuid, ruleset, date, player1, player2, player1_id, player2_id,"
    "  result, termination, score, plies, current_ply, created, updated, rated, correspondence)"
    "  SELECT g.id + c.n * %d, g.game_uuid || '/' || c.n, g.ruleset, g.date, g.player1,"
    "  g.player2, g.player1_id, g.player2_id, g.result, g.termination, g.score, g.plies,"
    "  g.current_ply, g.created, g.updated, g.rated, g.correspondence"
    "  FROM copies AS c, games AS g WHERE g.id < %d ORDER BY c.n, g.id;"
    "INSERT INTO game_tags (value, game) SELECT t.value, t.game + c.n * %d"
    "  FROM copies AS c, game_tags AS t WHERE t.game < %d;"
    "INSERT INTO annotations (game, ply, comment, nags)"
    "  SELECT a.game + c.n * %d, a.ply, a.comment, a.nags"
    "  FROM copies AS c, annotations AS a WHERE a.game < %d;"
    "COMMIT; ANALYZE;",
    copies - 1, COPY_STRIDE, COPY_STRIDE, COPY_STRIDE, COPY_STRIDE, COPY_STRIDE, COPY_STRIDE);

  raw_exec (path, sql);
}

/* The copies the filter keeps, in the sort's order: the games found
 * sorted, then each run of games of the same keys (the sort's, without
 * the id) given copy by copy, as their ids order them. */
static GArray *
expected_copies (const Stored *stored, guint copies, const TbStoreFilter *filter,
                 gboolean descending)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();
  GArray *order;

  for (guint i = 0; i < N_GAMES; i++)
    if (matches (&stored[i], filter))
      g_ptr_array_add (found, (gpointer) &stored[i]);
  g_ptr_array_sort (found, compare_ascending);
  order = g_array_sized_new (FALSE, FALSE, sizeof (Copy), found->len * copies);
  for (guint start = 0, end; start < found->len; start = end)
    {
      for (end = start + 1;
           end < found->len && compare_keys (found->pdata[start], found->pdata[end]) == 0; end++)
        ;
      for (guint k = 0; k < copies; k++)
        for (guint i = start; i < end; i++)
          g_array_append_val (order, ((Copy) { found->pdata[i], k }));
    }
  /* The orders are total: the descending one is the other backwards. */
  for (guint i = 0; descending && i < order->len / 2; i++)
    {
      Copy c = g_array_index (order, Copy, i);

      g_array_index (order, Copy, i) = g_array_index (order, Copy, order->len - 1 - i);
      g_array_index (order, Copy, order->len - 1 - i) = c;
    }
  return order;
}

static void
assert_rows_are (GPtrArray *rows, GArray *expected, guint from, guint wanted)
{
  g_assert_cmpuint (rows->len, ==, wanted);
  for (guint i = 0; i < rows->len; i++)
    {
      const TbStoreRow *row = rows->pdata[i];
      const Copy *c = &g_array_index (expected, Copy, from + i);

      g_assert_cmpint (row->id, ==, copy_id (c));
      g_assert_cmpstr (row->player1, ==, c->game->player1);
      g_assert_cmpstr (row->result, ==, c->game->result);
      g_assert_cmpuint (row->plies, ==, c->game->plies);
    }
}

static void
check_copies_page (TbStore *store, const TbStoreFilter *filter, GArray *expected,
                   gboolean descending, guint offset, guint limit)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = tb_store_query (store, filter, sort_by, descending, offset,
                                               limit, &error);

  g_assert_no_error (error);
  assert_rows_are (rows, expected, offset,
                   offset < expected->len ? MIN (limit, expected->len - offset) : 0);
}

/* A few pages by key: from the start, and on from a row in the middle
 * (some rows skipped, as a jump of the scroll bar asks). */
static void
check_copies_keyset (TbStore *store, const TbStoreFilter *filter, GArray *expected,
                     gboolean descending, guint limit)
{
  guint starts[] = { 0, expected->len / 3 };

  for (guint s = 0; s < G_N_ELEMENTS (starts) && starts[s] < expected->len; s++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) previous = s == 0 ? NULL
                                              : tb_store_query (store, filter, sort_by,
                                                                descending, starts[s], 1, &error);
      guint read = starts[s] + (s > 0);

      g_assert_no_error (error);
      for (guint page = 0; page < 4 && read < expected->len; page++)
        {
          const TbStoreRow *after = previous ? previous->pdata[previous->len - 1] : NULL;
          guint skip = page == 0 && s > 0 ? 5 : 0;
          GPtrArray *rows = tb_store_query_after (store, filter, sort_by, descending, after,
                                                  skip, limit, -1, &error);

          g_assert_no_error (error);
          read += skip;
          assert_rows_are (rows, expected, read,
                           read < expected->len ? MIN (limit, expected->len - read) : 0);
          read += rows->len;
          g_clear_pointer (&previous, g_ptr_array_unref);
          previous = rows;
          if (rows->len == 0)
            break;
        }
    }
}

static void
check_copies_ids (TbStore *store, const TbStoreFilter *filter, GArray *expected,
                  gboolean descending, guint offset, guint limit)
{
  g_autoptr (GArray) wanted = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = offset; i < expected->len && i - offset < limit; i++)
    {
      gint64 id = copy_id (&g_array_index (expected, Copy, i));

      g_array_append_val (wanted, id);
    }
  assert_ids_page (store, filter, descending, offset, limit, wanted);
}

/* Every filter and sort on a collection of many copies of the stored
 * games: 2,000 games in the suite, a million with -m slow.  The store
 * reads a large collection otherwise than a small one (walks of an
 * index that give up, the counts of the months, a player's games merged
 * by date): each way gives the same answers as the small one's. */
static void
test_every_filter_and_sort_at_scale (Fixture *f, gconstpointer data)
{
  static Stored stored[N_GAMES];
  guint copies = g_test_slow () ? 5000 : 10;
  g_autoptr (TbStore) store = open_store (f);

  G_STATIC_ASSERT (COPY_STRIDE > N_GAMES);
  add_games (store, stored);
  g_clear_object (&store);
  copy_games (f->path, copies);
  store = open_store (f);
  /* In the suite, a third of the filters (each filter is checked at
   * length on the first N_GAMES games, every-filter-and-sort). */
  for (guint i = 0; i < G_N_ELEMENTS (filters); i += g_test_slow () ? 1 : 3)
    {
      g_autoptr (GError) error = NULL;
      guint count = 0;

      for (sort_by = TB_STORE_SORT_DATE; sort_by <= TB_STORE_SORT_LENGTH; sort_by++)
        for (int descending = 0; descending < 2; descending++)
          {
            g_autoptr (GArray) expected = expected_copies (stored, copies, &filters[i],
                                                           descending);

            count = expected->len;
            check_copies_page (store, &filters[i], expected, descending, 0, 25);
            check_copies_page (store, &filters[i], expected, descending, 20, 25);
            check_copies_page (store, &filters[i], expected, descending, expected->len / 2, 100);
            check_copies_page (store, &filters[i], expected, descending,
                               expected->len - MIN (expected->len, 10), 25);
            check_copies_keyset (store, &filters[i], expected, descending, 50);
            check_copies_ids (store, &filters[i], expected, descending, expected->len / 2, 1000);
          }
      g_assert_cmpuint (tb_store_count (store, &filters[i], &error), ==, count);
      g_assert_no_error (error);
      g_assert_cmpuint (count == 0, ==, finds_nothing (&filters[i]));
      if (g_test_verbose ())
        g_test_message ("filter %u: %u games", i, count);
    }
}

/* The counts are summed from game_counts for the filters of its columns
 * (tb-store-query.c): they follow a game finished, its date changed, a
 * game deleted, and a database whose counting triggers another program
 * dropped before changing games is counted right when opened again. */
static void
test_counts_follow_changes (Fixture *f, gconstpointer data)
{
  static Stored stored[N_GAMES];
  const TbStoreFilter filters[] = {
    { 0 },
    { .skip_empty = TRUE },
    { .ruleset = "oraia" },
    { .result = "*" },
    { .result = "1-0", .skip_empty = TRUE },
    { .termination = "resigned" },
    { .date_from = "2026.02.10" },
    { .ruleset = "ra", .result = "*", .date_to = "2026.02.11", .skip_empty = TRUE },
    /* Months summed between two cut; dates of unknown parts, or short. */
    { .date_from = "2026.01.15", .date_to = "2026.03.05" },
    { .date_from = "2026.01.15", .date_to = "2026.03.05", .result = "1-0" },
    { .date_from = "2025.12.31", .skip_empty = TRUE },
    /* The empty games of the months cut taken off their count. */
    { .date_from = "2026.01.11", .date_to = "2026.03.11", .skip_empty = TRUE },
    { .date_from = "2026.02.11", .date_to = "2026.02.12", .skip_empty = TRUE },
    { .date_from = "2026.02.10", .date_to = "2026.02.??" },
    { .date_to = "2026.02" },
    { .date_from = "2026" },
    { .date_from = "2026.??" },
    { .date_to = "2026.02.??" },
    /* The unknown parts, before the known ones. */
    { .date_to = "2026.00.00" },
    { .date_from = "2026.02.00", .date_to = "2026.02.00" },
    { .date_from = "2026.01", .result = "1-0" },
    /* Not UTF-8: the games' own count, compared byte by byte. */
    { .date_from = "2026.0\xff.01" },
  };
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  guint live = N_GAMES;

  add_games (store, stored);
  for (guint i = 0; i < N_GAMES; i += 7)
    {
      Stored *s = &stored[i];
      g_autoptr (TbGame) game = tb_store_load_game (store, s->id, &error);

      g_assert_no_error (error);
      if (strcmp (s->result, "*") == 0)
        {
          tb_game_finish (game, TB_RESULT_SEAT1_WINS, TB_TERMINATION_RESIGNED);
          s->result = "1-0", s->termination = "resigned";
        }
      if (i % 3 == 0)
        g_snprintf (s->date, sizeof s->date, "2026.03.0%u", i % 10);
      else
        g_strlcpy (s->date, i % 3 == 1 ? "2026.??.??" : "2026.02.??", sizeof s->date);
      tb_game_set_tag (game, "Date", s->date);
      g_assert_true (tb_store_save_game (store, s->id, game, &error));
      g_assert_no_error (error);
    }
  for (guint i = 3; i < live; i += 11)
    {
      g_assert_true (tb_store_delete_game (store, stored[i].id, &error));
      g_assert_no_error (error);
      stored[i] = stored[--live];
    }
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    g_assert_cmpuint (tb_store_count (store, &filters[i], &error), ==,
                      expected_count (stored, live, &filters[i]));

  /* Triggers dropped, games deleted and a result changed behind the
   * store's back: the counts are made again at the next opening. */
  g_clear_object (&store);
  raw_exec (f->path, "DROP TRIGGER game_counted; DROP TRIGGER game_uncounted;"
                     "DROP TRIGGER game_recounted;");
  {
    g_autofree char *sql = g_strdup_printf ("DELETE FROM games WHERE id = %" G_GINT64_FORMAT ";"
                                            "UPDATE games SET result = '0-1', termination = "
                                            "'resigned' WHERE id = %" G_GINT64_FORMAT,
                                            stored[0].id, stored[1].id);

    raw_exec (f->path, sql);
    stored[1].result = "0-1", stored[1].termination = "resigned";
    stored[0] = stored[--live];
  }
  store = open_store (f);
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    g_assert_cmpuint (tb_store_count (store, &filters[i], &error), ==,
                      expected_count (stored, live, &filters[i]));
  g_assert_no_error (error);
}

/* All the games of each end, as tb_store_count_groups gives them. */
static void
assert_ends_counted (TbStore *store, const Stored *stored, guint n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) groups = tb_store_count_groups (store, NULL, "termination", TRUE, &error);
  guint total = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < groups->len; i++)
    {
      const TbStoreCountGroup *group = groups->pdata[i];
      guint games = 0;

      for (guint j = 0; j < n; j++)
        games += strcmp (stored[j].termination, group->value) == 0;
      g_assert_cmpuint (group->count, ==, games);
      /* From the last end to the first. */
      if (i > 0)
        g_assert_cmpstr (((const TbStoreCountGroup *) groups->pdata[i - 1])->value, >,
                         group->value);
      total += group->count;
    }
  g_assert_cmpuint (total, ==, n);
}

/* All the games' counts by value, which a sort by the game, the result
 * or the end reads at each page, are kept between pages: until the file
 * changes, by this store or by another program. */
static void
test_counts_by_value_follow_changes (Fixture *f, gconstpointer data)
{
  static Stored stored[N_GAMES];
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (GError) error = NULL;
  g_autofree char *sql = NULL;
  guint live = N_GAMES;

  add_games (store, stored);
  assert_ends_counted (store, stored, live);
  /* Another program ends a game going on, and deletes one. */
  for (guint i = 0; i < live; i++)
    if (strcmp (stored[i].result, "*") == 0)
      {
        sql = g_strdup_printf ("UPDATE games SET result = '1/2-1/2', termination = 'draw-agreed'"
                               " WHERE id = %" G_GINT64_FORMAT, stored[i].id);
        stored[i].result = "1/2-1/2", stored[i].termination = "draw-agreed";
        break;
      }
  raw_exec (f->path, sql);
  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("DELETE FROM games WHERE id = %" G_GINT64_FORMAT, stored[0].id);
  raw_exec (f->path, sql);
  stored[0] = stored[--live];
  assert_ends_counted (store, stored, live);
  /* This store deletes one. */
  g_assert_true (tb_store_delete_game (store, stored[1].id, &error));
  g_assert_no_error (error);
  stored[1] = stored[--live];
  assert_ends_counted (store, stored, live);
}

/* The players a search compares with are kept between searches: a
 * player another connection adds (an import's) is found at once all the
 * same; a whole name is found by its index; and a table of players that
 * cannot be read fails the search, saying so, rather than finding
 * nothing. */
static void
test_players_kept_between_searches (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  g_autoptr (TbStore) other = open_store (f);
  g_autoptr (TbGame) game = tt_new_game ("ra", NULL);
  TbStoreFilter part = { .player = "ZOE" }, whole = { .player = "\"zoé blanc\"" };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;

  g_assert_cmpuint (tb_store_count (store, &part, &error), ==, 0);
  g_assert_no_error (error);
  tb_game_set_tag (game, "Player1", "Zoé Blanc");
  tb_store_add_game (other, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tb_store_count (store, &part, &error), ==, 1);
  g_assert_cmpuint (tb_store_count (store, &whole, &error), ==, 1);
  g_assert_no_error (error);

  raw_exec (f->path, "ALTER TABLE players RENAME TO players_away");
  g_assert_cmpuint (tb_store_count (store, &part, &error), ==, 0);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "players' names"));
  g_clear_error (&error);
  rows = tb_store_query (store, &whole, TB_STORE_SORT_DATE, FALSE, 0, 10, &error);
  g_assert_null (rows);
  g_assert_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED);
  g_clear_error (&error);
  raw_exec (f->path, "ALTER TABLE players_away RENAME TO players");
  rows = tb_store_query (store, &part, TB_STORE_SORT_DATE, FALSE, 0, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_cmpstr (((TbStoreRow *) rows->pdata[0])->player1, ==, "Zoé Blanc");
}

/* A file whose indexes another program dropped is searched and counted
 * all the same (slower): no statement names an index it cannot do
 * without. */
static void
test_indexes_dropped (Fixture *f, gconstpointer data)
{
  static Stored stored[N_GAMES];
  const TbStoreFilter filters[] = {
    { .skip_empty = TRUE },
    { .player = "a", .skip_empty = TRUE },
    { .player = "\"bob\"" },
    { .text = "fine", .skip_empty = TRUE },
    { .result = "*", .skip_empty = TRUE },
    { .ruleset = "ra", .termination = "resigned" },
    { .date_from = "2026.01.11", .date_to = "2026.03.11", .skip_empty = TRUE },
    /* Two hints in one statement: the tags' and the sort's. */
    { .tag = "paris" },
  };
  g_autoptr (TbStore) store = open_store (f);

  add_games (store, stored);
  g_clear_object (&store);
  raw_exec (f->path, "DROP INDEX games_by_result_length; DROP INDEX games_by_player_ids;"
                     "DROP INDEX games_by_player2_date; DROP INDEX games_filter;"
                     "DROP INDEX games_by_player1_date;"
                     "DROP INDEX games_by_termination; DROP INDEX games_by_date;"
                     "DROP INDEX game_tags_by_game;");
  store = open_store (f);
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    check_filter (store, stored, &filters[i]);
}

/* Dates as typed, and the stored dates they bound (a part not known
 * as zeros): a year or a month taking in its unknown months or days
 * ("from 2026" starting at "2026.00"), each bound written out to a
 * month at least, so that it is counted from the months' counts; "from"
 * or "to" alone leaving out the unknown years. */
static void
test_date_search (void)
{
  static const struct
  {
    const char *from, *to, *date_from, *date_to;
    guint wrong;
  } cases[] = {
    { "2026", NULL, "2026.00", "9999.12.31", 0 },
    { " 2026-3 ", "2026/4", "2026.03.00", "2026.04.31", 0 },
    { "2026.03.14", "2026", "2026.03.14", "2026.12.31", 0 },
    { NULL, "2024-02-29", "0001.01.01", "2024.02.29", 0 },
    { "", "  ", NULL, NULL, 0 },
    { "2026.13", "2023-02-29", NULL, NULL, TB_STORE_DATE_FROM | TB_STORE_DATE_TO },
    { "2026-03", "26", "2026.03.00", "9999.12.31", TB_STORE_DATE_TO },
    { "0000", "2026.3.", NULL, NULL, TB_STORE_DATE_FROM | TB_STORE_DATE_TO },
    { "2026.003", "2026.1.2.3", NULL, NULL, TB_STORE_DATE_FROM | TB_STORE_DATE_TO },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *from = NULL, *to = NULL;

      g_assert_cmpuint (tb_store_date_search (cases[i].from, cases[i].to, &from, &to), ==,
                        cases[i].wrong);
      g_assert_cmpstr (from, ==, cases[i].date_from);
      g_assert_cmpstr (to, ==, cases[i].date_to);
    }
}

/* The dates of unknown parts sort before the known ones (a part not
 * known before every known one): a game of unknown year last under
 * "latest first", not first; the rows show the tags' dates; a search
 * from or until a year takes in its games of unknown month or day and
 * leaves out those of unknown year.  A file of schema 16, which kept
 * question marks, is brought to the same. */
static void
test_unknown_dates_sort_first (Fixture *f, gconstpointer data)
{
  static const char *const dates[] = { "2026.03.??", "????.??.??", "2025.12.31",
                                       "2026.??.??", "2026.03.14", "2026.??.05" };
  static const char *const latest_first[] = { "2026.03.14", "2026.03.??", "2026.??.05",
                                              "2026.??.??", "2025.12.31", "????.??.??" };

  {
    g_autoptr (TbStore) store = open_store (f);

    for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
      {
        g_autoptr (TbGame) game = tt_new_game ("ra", NULL);
        g_autoptr (GError) error = NULL;

        tb_game_set_tag (game, "Date", dates[i]);
        tb_store_add_game (store, game, &error);
        g_assert_no_error (error);
      }
  }
  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr (TbStore) store = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) rows = NULL;
      g_autofree char *from = NULL, *to = NULL;
      TbStoreFilter filter = { 0 };

      if (pass == 1)
        {
          g_autofree char *kept = NULL;

          make_older (f->path, 16);
          kept = raw_query (f->path, "SELECT group_concat (date, ' ') FROM games "
                                     "WHERE date GLOB '*[?]*'");
          g_assert_nonnull (strstr (kept, "????.??.??"));
        }
      store = open_store (f);
      rows = tb_store_query (store, NULL, TB_STORE_SORT_DATE, TRUE, 0, 10, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (latest_first));
      for (guint i = 0; i < rows->len; i++)
        g_assert_cmpstr (((TbStoreRow *) rows->pdata[i])->date, ==, latest_first[i]);

      tb_store_date_search ("2026", NULL, &from, &to);
      filter.date_from = from, filter.date_to = to;
      g_assert_cmpuint (tb_store_count (store, &filter, &error), ==, 4);
      g_clear_pointer (&from, g_free);
      g_clear_pointer (&to, g_free);
      tb_store_date_search (NULL, "2026.03", &from, &to);
      filter.date_from = from, filter.date_to = to;
      g_assert_cmpuint (tb_store_count (store, &filter, &error), ==, 5);
      g_assert_no_error (error);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store-query/date-search", test_date_search);
  g_test_add ("/store-query/every-filter-and-sort", Fixture, NULL, fixture_set_up,
              test_every_filter_and_sort, fixture_tear_down);
  g_test_add ("/store-query/every-filter-and-sort-at-scale", Fixture, NULL, fixture_set_up,
              test_every_filter_and_sort_at_scale, fixture_tear_down);
  g_test_add ("/store-query/counts-follow-changes", Fixture, NULL, fixture_set_up,
              test_counts_follow_changes, fixture_tear_down);
  g_test_add ("/store-query/counts-by-value-follow-changes", Fixture, NULL, fixture_set_up,
              test_counts_by_value_follow_changes, fixture_tear_down);
  g_test_add ("/store-query/players-kept-between-searches", Fixture, NULL, fixture_set_up,
              test_players_kept_between_searches, fixture_tear_down);
  g_test_add ("/store-query/indexes-dropped", Fixture, NULL, fixture_set_up,
              test_indexes_dropped, fixture_tear_down);
  g_test_add ("/store-query/unknown-dates-sort-first", Fixture, NULL, fixture_set_up,
              test_unknown_dates_sort_first, fixture_tear_down);
  return g_test_run ();
}
