/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-query.c: the history's filters, sorting and pages, and the
 * games of a match
 *
 * One WHERE clause is built from the filter's parts that are set, with
 * every value bound as a parameter.  Rows come a page at a time: from an
 * offset, or after a row of the list (tb_store_query_after), by its sort
 * key, which SQLite seeks to in the sort's index instead of counting
 * through the rows before (keyset paging; add_after_condition,
 * seek_by_key and KeyPart say what it needs to seek).
 *
 * How a search reads the games is chosen here, not left to SQLite's
 * planner: its statistics give the games per value of an index on
 * average, not for the value asked, so a result of 1/2-1/2 (1 % of the
 * games) looks like 1-0 (45 %), and it would walk the sort's index
 * through most of the games or sort all of a date range.  The plans
 * (Reading), measured on 100,000 games (build-aux/bench-store):
 *  - no filter: the sort's own index, read from its start;
 *  - a player or a comment text: the few games they name are found by
 *    their own index (players' ids, the comments' trigrams), then the
 *    other parts are checked on them and they are sorted; a comment
 *    text, a tag or a position alone that names enough games for a page
 *    to come soon walks the sort's index instead, checking the ids (a
 *    game sorted is a row read, an entry walked is not); a player's
 *    games at either seat are counted on the players' indexes: those at
 *    the first seat, plus those at the second, less those at both;
 *  - a filter the sort's index checks alone (schema 16: a player, a
 *    result, and dates where the index holds them) walks that index
 *    while it reads fewer than sixteen entries for each game the other
 *    ways would read (walk_covered): no row is read but the page's;
 *  - other filters: counted on games_filter, an index of every column a
 *    filter compares (SQLite skips through its first column, the game,
 *    when no game is asked for); the page comes from walking the sort's
 *    index when the filter keeps enough games for a page to come soon
 *    (the games read to fill it, (offset + limit) x all / kept, fewer
 *    than the games kept), else from games_filter, sorted;
 *  - a sort by the game, the result or the end, which the filter does
 *    not fix, of a filter of the game, result, end alone: its games may
 *    gather at values far from the sort's start (one game's ends), which
 *    the counts of each value (game_counts, tb-store-counts.c) tell
 *    before walking; the page is then read a value at a time
 *    (read_rows_by_groups), each value read as a filter that fixes it.
 * An export reads the games' table itself (READ_TABLE): an index may be
 * damaged, and SQLite's check of the whole file does not run at every
 * opening.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"
#include "tb-text-fold.h"

void
tb_store_row_free (TbStoreRow *row)
{
  if (row == NULL)
    return;
  g_free (row->date);
  g_free (row->ruleset);
  g_free (row->player1);
  g_free (row->player2);
  g_free (row->result);
  g_free (row->termination);
  g_free (row);
}

typedef struct
{
  GString *where;      /* " AND …" for each part of the filter set */
  GPtrArray *values;   /* the texts to bind, in order (?1, ?2, …) */
  guint parts;         /* of the filter: a date range is one */
  char *chosen;        /* the ids of the games a selective part names, as
                        * a subquery whose column is game; or NULL */
  char *chosen_total;  /* an expression of how many games chosen names,
                        * when one is known without reading them (the
                        * counts of one tag's values), or NULL */
  char *chosen_condition; /* that part's condition in where, which the
                           * games chosen need not be checked by again */
  char *tag_each;       /* a tag's condition in where, looking at each
                         * game's tags (EXISTS), or NULL */
  char *tag_listed;     /* the same as a list of the tag's games,
                         * gathered once (tag_by_list) */
  gboolean termination; /* an end is asked for: its own index finds its
                         * games, rarely many */
  gboolean skip_empty;  /* games without a move left out (not a part) */
  gsize parts_length;   /* of where: the parts' conditions, before
                         * skip_empty's */
  char *players_either; /* a player asked for at either seat: the
                         * subquery of the players' ids, or NULL */
  GArray *player_ids;   /* a player asked for: the ids of the players
                         * found, or NULL */
  guint player_seat;    /* that player's seat, 1 or 2; 0 either */
  char *player_condition; /* the player's condition in where */
  const char *group;    /* the column a read by groups fixes, or NULL */
  const TbStoreFilter *filter; /* the query's, or NULL */
  TbStore *store;       /* read for the tag values a tag names */
  GError *error;        /* those values could not be read */
  guint listed;         /* ids written in the statement's lists (IN (…)),
                         * which SQLite puts in a table before the walk */
} Query;

typedef enum
{
  READ_SORT_INDEX,     /* walk the sort's index, checking the filter */
  READ_CHOSEN,         /* the games q->chosen names, checked and sorted */
  READ_FILTER_INDEX,   /* games_filter, checked, then sorted */
  READ_TERMINATION_INDEX, /* the games of one end, checked */
  READ_PLAYER_BY_INDEX, /* a player's games: each seat's index read, the
                         * page chosen on them (append_player_by_index) */
  READ_TABLE,          /* every row of the table */
} Reading;

/* condition holds ?%u once or twice: the value's parameter, whose number
 * is returned. */
static guint
add_condition (Query *q, const char *condition, const char *value)
{
  g_string_append (q->where, " AND ");
  g_ptr_array_add (q->values, g_strdup (value));
  g_string_append_printf (q->where, condition, q->values->len, q->values->len);
  return q->values->len;
}

static gboolean
is_set (const char *part)
{
  return part && *part;
}

static const char *
copy_part (const char *part)
{
  return part && *part ? g_strdup (part) : NULL;
}

void
tb_store_filter_copy_into (TbStoreFilter *copy, const TbStoreFilter *filter)
{
  *copy = (TbStoreFilter) {
    .ruleset = copy_part (filter->ruleset),
    .player = copy_part (filter->player),
    .result = copy_part (filter->result),
    .termination = copy_part (filter->termination),
    .date_from = copy_part (filter->date_from),
    .date_to = copy_part (filter->date_to),
    .text = copy_part (filter->text),
    .tag = copy_part (filter->tag),
    .tag_name = copy_part (filter->tag_name),
    .position = filter->position,
    .has_position = filter->has_position,
    .player_seat = filter->player_seat,
    .skip_empty = filter->skip_empty,
  };
}

void
tb_store_filter_clear (TbStoreFilter *filter)
{
  const char *parts[] = { filter->ruleset, filter->player, filter->result, filter->termination,
                          filter->date_from, filter->date_to, filter->text, filter->tag,
                          filter->tag_name };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_free ((char *) parts[i]);
  *filter = (TbStoreFilter) { 0 };
}

/* How many parts of the filter are set. */
static guint
filter_parts (const TbStoreFilter *filter)
{
  if (filter == NULL)
    return 0;
  return is_set (filter->ruleset) + is_set (filter->player) + is_set (filter->result) +
         is_set (filter->termination) + (is_set (filter->date_from) || is_set (filter->date_to)) +
         is_set (filter->text) + is_set (filter->tag) + (filter->has_position != FALSE);
}

/* "IN (3,17)" for ids ("IN ()" for NULL: they could not be read, and
 * the query fails in query_init, with statements that run). */
static char *
id_list (GArray *ids)
{
  GString *list = g_string_new ("IN (");

  for (guint i = 0; ids && i < ids->len; i++)
    g_string_append_printf (list, "%s%" G_GINT64_FORMAT, i ? "," : "",
                            g_array_index (ids, gint64, i));
  g_string_append_c (list, ')');
  return g_string_free (list, FALSE);
}

/* The games of the players whose folded name (players.key) holds what
 * was typed, or is it when it is typed in double quotes; at either seat,
 * or at one (1 or 2).  The players are found first, once for the query
 * (tb-store-named.c), and the games are reached by their ids: read in
 * each statement, 100,000 players took 40-74 ms to count a part of a
 * name and 38-67 ms for its first page, on 100,000 games. */
static void
add_player_condition (Query *q, const char *typed, guint seat)
{
  gsize length = strlen (typed);
  gboolean exact = length >= 2 && typed[0] == '"' && typed[length - 1] == '"';
  gboolean one_seat = seat == 1 || seat == 2;
  g_autofree char *inner = exact ? g_strndup (typed + 1, length - 2) : g_strdup (typed);
  g_autofree char *folded = tb_text_fold (inner);
  GArray *ids = tb_store_find_players (q->store, folded, exact, &q->error);
  g_autofree char *players = id_list (ids);
  g_autofree char *condition = NULL;

  /* Each list is in the condition, and in the games chosen, once a seat. */
  q->listed += (ids ? ids->len : 0) * (one_seat ? 1 : 2);
  if (one_seat)
    condition = g_strconcat (seat == 1 ? "player1_id " : "player2_id ", players, NULL);
  else
    condition = g_strconcat ("(player1_id ", players, " OR player2_id ", players, ")", NULL);
  g_string_append_printf (q->where, " AND %s", condition);
  /* The same games, found by the players' ids. */
  g_free (q->chosen);
  if (one_seat)
    q->chosen = g_strconcat ("SELECT id AS game FROM games WHERE ",
                             seat == 1 ? "player1_id " : "player2_id ", players, NULL);
  else
    q->chosen = g_strconcat ("SELECT id AS game FROM games WHERE player1_id ", players,
                             " UNION SELECT id FROM games WHERE player2_id ", players, NULL);
  if (!one_seat)
    q->players_either = g_strdup (players);
  q->player_ids = ids;
  q->player_seat = one_seat ? seat : 0;
}

/* The games with a comment that holds text (any case), found by the
 * comments' trigrams; a text shorter than a trigram is looked for in
 * every comment.  Quotes, % and _ are the user's characters, not
 * operators. */
#define TEXT_GAMES \
  "rowid / " COMMENT_PLY_LIMIT " AS game FROM comment_text WHERE comment_text MATCH ?%u"
#define SHORT_TEXT_GAMES "game FROM annotations WHERE comment LIKE ?%u ESCAPE '\\'"
/* The games a comment or a position names are checked by their id, not
 * sought by it (+id): the indexes a sort walks hold the id after their
 * order (schema 16), and SQLite would otherwise seek every game named
 * under every length, 30 ms for the first page of a comment's 1,700
 * games sorted by length instead of 3. */

/* The games of a part gathered once (tb_store_gather_hits): checked by
 * their table's ids, and chosen from it, their number known.  Chosen with
 * their number as a limit, which tells SQLite how few they are: a table
 * of the connection has no statistics, and joined to the games it was
 * taken for a large one, for which SQLite first read every game into a
 * Bloom filter (11-20 ms for the 52 games of a round of 100,000). */
static void
add_gathered (Query *q, TbStoreHitsKind kind, gint64 n_games)
{
  const char *table = tb_store_hits_table (kind);

  g_string_append_printf (q->where, " AND +id IN (SELECT game FROM %s)", table);
  if (q->chosen == NULL)
    {
      q->chosen = g_strdup_printf ("SELECT game FROM %s LIMIT %" G_GINT64_FORMAT, table, n_games);
      q->chosen_total = g_strdup_printf ("%" G_GINT64_FORMAT, n_games);
    }
}

/* The comments' games as the query reads them every time, when they
 * cannot be gathered once (tb_store_gather_hits). */
static void
add_text_matched (Query *q, const char *pattern, gboolean short_text)
{
  guint param;

  if (short_text)
    param = add_condition (q, "+id IN (SELECT " SHORT_TEXT_GAMES ")", pattern);
  else
    param = add_condition (q, "+id IN (SELECT " TEXT_GAMES ")", pattern);
  /* A player's games, when one is asked for too, are fewer to check. */
  if (q->chosen == NULL)
    q->chosen = g_strdup_printf (short_text ? "SELECT DISTINCT " SHORT_TEXT_GAMES
                                            : "SELECT DISTINCT " TEXT_GAMES, param);
}

static void
add_text_condition (Query *q, const char *text)
{
  gboolean short_text = g_utf8_strlen (text, -1) < 3;
  g_autoptr (GString) pattern = g_string_new (NULL);
  g_autofree char *games_sql = NULL;
  gint64 n_games;

  if (short_text)
    {
      g_autofree char *like = tb_text_like_anywhere (text);

      g_string_assign (pattern, like);
    }
  else
    {
      g_string_append_c (pattern, '"');
      for (const char *p = text; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (pattern, '"');
          g_string_append_c (pattern, *p);
        }
      g_string_append_c (pattern, '"');
    }
  games_sql = g_strdup_printf (short_text ? "SELECT DISTINCT " SHORT_TEXT_GAMES
                                          : "SELECT DISTINCT " TEXT_GAMES, 1);
  if (!tb_store_gather_hits (q->store, TB_STORE_HITS_COMMENTS, games_sql, pattern->str, NULL, 0,
                             &n_games))
    {
      add_text_matched (q, pattern->str, short_text);
      return;
    }
  add_gathered (q, TB_STORE_HITS_COMMENTS, n_games);
}

static guint games_about (TbStore *self);

/* A tag's games are gathered once for the search (tb_store_gather_hits)
 * when they are at most this many and a quarter of the collection: more
 * (an event of most games) are checked game by game as the sort's index
 * is walked, which meets a page of them soon.  Gathering takes some 0.2
 * ms a thousand games, once (an event of 100,000 games: 21 ms); on a
 * million games the 26,200 games of a part of a round took 1.8-8.8 ms
 * for a first page looked at game by game, and 0.4-1.7 gathered. */
#define TAG_GATHER_MAX 50000

/* The games with a tag (one named, or any) whose folded value holds what
 * was typed.  The values that do are found first, once for the query
 * (tb-store-named.c): its statements then name their ids, and reach
 * the games by them.  (Read by each statement, the values cost as much
 * as the games: a rare round of 25,000 took 12 ms to count and 12 more
 * for its first page; and a walk of the sort's index spent its budget on
 * them, which made it give up for a read of every game the tag holds,
 * 106 ms for an event of 100,000 games.) */

static void
add_tag_condition (Query *q, const char *name, const char *typed)
{
  g_autofree char *folded = tb_text_fold (typed);
  gboolean several_tags = FALSE;
  g_autoptr (GArray) ids = tb_store_find_tag_values (q->store, is_set (name) ? name : NULL,
                                                     folded, &several_tags, &q->error);
  g_autofree char *list = id_list (ids);
  g_autofree char *values = g_strconcat ("value ", list, NULL);
  g_autofree char *condition = NULL;
  g_autofree char *games_sql = g_strconcat ("SELECT game FROM game_tags WHERE ", values, NULL);
  g_autofree char *about_sql = g_strconcat ("SELECT coalesce (sum (games), 0) FROM tag_values "
                                            "WHERE id ", list, NULL);
  gint64 n_games;

  /* Gathered once, when they are few enough (TAG_GATHER_MAX). */
  if (ids && tb_store_gather_hits (q->store, TB_STORE_HITS_TAGS, games_sql, NULL, about_sql,
                                   MIN (TAG_GATHER_MAX, games_about (q->store) / 4), &n_games))
    {
      add_gathered (q, TB_STORE_HITS_TAGS, n_games);
      return;
    }
  q->listed += ids ? ids->len : 0;
  /* Checked game by game, by the index by game (a game has a few tags),
   * not as a list of every game the tag holds: an event's may be most of
   * the collection, and the first page, walking the sort's index, then
   * reads 50 games, not 100,000 (0.3 ms instead of 20).  The value is
   * checked against the list (+value: not sought in the index), or SQLite
   * probes the index with each value the text matched, for every game:
   * 35 s for the rounds holding "1", of 25,000 rounds. */
  condition = g_strconcat ("EXISTS (SELECT 1 FROM game_tags INDEXED BY "
                           "game_tags_by_game WHERE game = games.id AND +", values, ")", NULL);
  g_string_append_printf (q->where, " AND %s", condition);
  q->tag_each = g_strdup (condition);
  q->tag_listed = g_strconcat ("+id IN (SELECT game FROM game_tags WHERE ", values, ")", NULL);

  /* A player's or a comment's games, when one is asked for too, are
   * kept.  A game has one value of a tag: the values of one tag hold
   * each game once, and its games are counted as they are (4 ms for
   * 100,000); those of several tags, once each. */
  if (q->chosen != NULL)
    return;
  q->chosen = g_strconcat (several_tags ? "SELECT DISTINCT game" : "SELECT game",
                           " FROM game_tags WHERE ", values, NULL);
  /* And counted from the values' counts (schema 15), without reading
   * those games (7 ms for an event of 100,000). */
  if (!several_tags)
    q->chosen_total = g_strconcat ("(SELECT coalesce (sum (games), 0) FROM tag_values WHERE id ",
                                   list, ")", NULL);
}

/* The games that reached a position of the explorer (tb-store-explorer.c):
 * its rows are keyed by the position's key, so the few games found are
 * the ones checked, unless a player's or a comment's are fewer still. */
static void
add_position_condition (Query *q, gint64 key)
{
  g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT, key);
  guint param = add_condition (q, "+id IN (SELECT " POSITION_GAMES ")", value);

  if (q->chosen == NULL)
    q->chosen = g_strdup_printf ("SELECT DISTINCT " POSITION_GAMES, param);
}

/* The filter's parts that are set, as conditions (q->where). */
static void add_parts (Query *q, const TbStoreFilter *filter);

static void
add_filter (Query *q, const TbStoreFilter *filter)
{
  q->parts = filter_parts (filter);
  add_parts (q, filter);
  q->parts_length = q->where->len;
  /* Not a part: the index of the other parts serves it as well. */
  q->skip_empty = filter && filter->skip_empty;
  if (q->skip_empty)
    /* The result first: an index of results answers without the row. */
    g_string_append (q->where, " AND (result <> '*' OR plies > 0)");
}

/* After a part's condition was added from where's length before: when
 * it named the games chosen, its condition is kept apart. */
static void
note_chosen (Query *q, gsize before, gboolean had_chosen)
{
  if (!had_chosen && q->chosen && q->chosen_condition == NULL)
    q->chosen_condition = g_strdup (q->where->str + before);
}

/* The conditions of the parts of the filter that are set. */
static void
add_parts (Query *q, const TbStoreFilter *filter)
{
  gsize before;
  gboolean had_chosen;

  if (q->parts == 0)
    return;
  if (is_set (filter->ruleset))
    add_condition (q, "ruleset = ?%u", filter->ruleset);
  if (is_set (filter->player))
    {
      before = q->where->len, had_chosen = q->chosen != NULL;
      add_player_condition (q, filter->player, filter->player_seat);
      note_chosen (q, before, had_chosen);
      q->player_condition = g_strdup (q->where->str + before);
    }
  if (is_set (filter->result))
    add_condition (q, "result = ?%u", filter->result);
  if (is_set (filter->termination))
    {
      add_condition (q, "termination = ?%u", filter->termination);
      q->termination = TRUE;
    }
  if (is_set (filter->date_from))
    add_condition (q, "date >= ?%u", filter->date_from);
  if (is_set (filter->date_to))
    add_condition (q, "date <= ?%u", filter->date_to);
  if (is_set (filter->text))
    {
      before = q->where->len, had_chosen = q->chosen != NULL;
      add_text_condition (q, filter->text);
      note_chosen (q, before, had_chosen);
    }
  if (is_set (filter->tag))
    {
      before = q->where->len, had_chosen = q->chosen != NULL;
      add_tag_condition (q, filter->tag_name, filter->tag);
      note_chosen (q, before, had_chosen);
    }
  if (filter->has_position)
    {
      before = q->where->len, had_chosen = q->chosen != NULL;
      add_position_condition (q, filter->position);
      note_chosen (q, before, had_chosen);
    }
}

/* The index each sort reads in its order (the row id ends every index). */
static const char *const sort_indexes[] = {
  [TB_STORE_SORT_DATE] = "games_by_date",
  [TB_STORE_SORT_GAME] = "games_by_ruleset",
  [TB_STORE_SORT_PLAYERS] = "games_by_player1",
  [TB_STORE_SORT_RESULT] = "games_by_result",
  [TB_STORE_SORT_TERMINATION] = "games_by_termination",
  [TB_STORE_SORT_LENGTH] = "games_by_length",
};

/* Whether the filter asks for one value of the sort's first column (a
 * game sorted by game…): the key is then compared from the second
 * column, after that value, which SQLite seeks by. */
static gboolean
first_column_fixed (const TbStoreFilter *filter, TbStoreSort sort)
{
  if (filter == NULL)
    return FALSE;
  switch (sort)
    {
    case TB_STORE_SORT_GAME:
      return is_set (filter->ruleset);
    case TB_STORE_SORT_RESULT:
      return is_set (filter->result);
    case TB_STORE_SORT_TERMINATION:
      return is_set (filter->termination);
    default:
      return FALSE;
    }
}

/* The column of the filter that the index a sort walks begins with, when
 * there is such an index: by date, the game's, result's and end's own
 * (ruleset, result or termination, then date); by length, a game's and
 * a result's (schema 10).  Its games are then all the filter's of that
 * column, whose values the others gather at; NULL: the sort's index of
 * every game. */
static const char *
walk_column (const Query *q, TbStoreSort sort)
{
  const TbStoreFilter *f = q->filter;

  if (f == NULL)
    return NULL;
  /* A sort by the game, result or end the filter fixes walks that
   * value's games by date, all of them kept but for the filter's other
   * parts. */
  if (first_column_fixed (f, sort))
    return sort == TB_STORE_SORT_GAME ? "ruleset" : sort == TB_STORE_SORT_RESULT ? "result"
                                                                               : "termination";
  if (sort != TB_STORE_SORT_DATE && sort != TB_STORE_SORT_LENGTH)
    return NULL;
  if (is_set (f->ruleset))
    return "ruleset";
  if (is_set (f->result))
    return "result";
  if (sort == TB_STORE_SORT_DATE && is_set (f->termination))
    return "termination";
  return NULL;
}

static const char *
sort_index (const Query *q, TbStoreSort sort)
{
  const char *column = walk_column (q, sort);

  if (column == NULL)
    return sort_indexes[sort];
  if (sort == TB_STORE_SORT_LENGTH)
    return strcmp (column, "ruleset") == 0 ? "games_by_ruleset_length" : "games_by_result_length";
  return strcmp (column, "ruleset") == 0  ? "games_by_ruleset"
         : strcmp (column, "result") == 0 ? "games_by_result"
                                          : "games_by_termination";
}

/* The games the walk of sort_index may read: all those of the filter's
 * value of walk_column, counted (game_counts); 0 for every game. */
static guint
walk_span (TbStore *self, const Query *q, TbStoreSort sort)
{
  const char *column = walk_column (q, sort);
  TbStoreFilter only = { 0 };

  if (column == NULL)
    return 0;
  if (strcmp (column, "ruleset") == 0)
    only.ruleset = q->filter->ruleset;
  else if (strcmp (column, "result") == 0)
    only.result = q->filter->result;
  else
    only.termination = q->filter->termination;
  return tb_store_count_by_months (self, &only, NULL);
}

/* Whether the query fixes column (one value), by its filter or its group. */
static gboolean
fixes (const Query *q, const char *column)
{
  const TbStoreFilter *f = q->filter;
  const char *value = f == NULL                            ? NULL
                      : strcmp (column, "ruleset") == 0   ? f->ruleset
                      : strcmp (column, "result") == 0    ? f->result
                                                          : f->termination;

  return is_set (value) || g_strcmp0 (q->group, column) == 0;
}

/* games_filter begins with the game, the result and the end: a query that
 * fixes one of them but not those before is given their values (a few,
 * from game_counts, which has a row for each value a game has), so that
 * SQLite seeks to each instead of reading the index from the start of
 * the first column it fixes.  One game's games of an end, sorted by end:
 * the whole game's 25,000 entries were read for 378 kept, 3 ms of 4. */
static void
seek_filter_index (GString *sql, const Query *q)
{
  static const char *const columns[] = { "ruleset", "result", "termination" };
  int last = -1;

  for (int i = 0; i < (int) G_N_ELEMENTS (columns); i++)
    if (fixes (q, columns[i]))
      last = i;
  for (int i = 0; i < last; i++)
    if (!fixes (q, columns[i]))
      g_string_append_printf (sql, " AND %s IN (SELECT DISTINCT %s FROM game_counts)", columns[i],
                              columns[i]);
}

/* select, then " FROM … WHERE …" as reading says. */
static void
append_from_where (GString *sql, const Query *q, Reading reading, TbStoreSort sort)
{
  switch (reading)
    {
    case READ_SORT_INDEX:
      g_string_append_printf (sql, " FROM games INDEXED BY %s", sort_index (q, sort));
      break;
    case READ_CHOSEN:
      g_string_append_printf (sql, " FROM (%s) AS chosen CROSS JOIN games "
                                   "ON games.id = chosen.game", q->chosen);
      /* The games chosen are not checked again by the part that chose
       * them (a comment's words were matched twice). */
      if (q->chosen_condition)
        {
          g_autoptr (GString) where = g_string_new (q->where->str);

          g_string_replace (where, q->chosen_condition, "", 1);
          g_string_append_printf (sql, " WHERE 1%s", where->str);
          return;
        }
      break;
    case READ_FILTER_INDEX:
      g_string_append (sql, " FROM games INDEXED BY games_filter");
      g_string_append_printf (sql, " WHERE 1%s", q->where->str);
      seek_filter_index (sql, q);
      return;
    case READ_TERMINATION_INDEX:
      g_string_append (sql, " FROM games INDEXED BY games_by_termination");
      break;
    case READ_TABLE:
    default:
      g_string_append (sql, " FROM games NOT INDEXED");
      break;
    }
  g_string_append_printf (sql, " WHERE 1%s", q->where->str);
}

/* The columns of each sort's order, as a row value, and how many of them
 * are texts to bind (the others, plies and id, are numbers). */
static const struct
{
  const char *columns;
  guint texts;
} sort_keys[] = {
  [TB_STORE_SORT_DATE] = { "date, id", 1 },
  [TB_STORE_SORT_GAME] = { "ruleset, date, id", 2 },
  [TB_STORE_SORT_PLAYERS] = { "player1, player2, id", 2 },
  [TB_STORE_SORT_RESULT] = { "result, date, id", 2 },
  [TB_STORE_SORT_TERMINATION] = { "termination, date, id", 2 },
  [TB_STORE_SORT_LENGTH] = { "plies, id", 0 },
};

/* Which rows after a key a condition keeps: those after it in the sort's
 * order, or for the sort by length, which SQLite does not seek by (plies,
 * id) in its index of plies alone (it sought the length and read every
 * game of that length before the key: half the collection, when most
 * games end at the same move limit), the rows of the key's length after
 * it (sought as plies = ? AND rowid > ?), then those of the lengths
 * beyond. */
typedef enum
{
  KEY_AFTER,
  KEY_SAME_LENGTH,
  KEY_LONGER,
} KeyPart;

/* The games after row in the sort's order: a comparison of row values,
 * which SQLite answers by seeking in the sort's index (or games_filter)
 * rather than reading the games before.  Not a part of the filter: the
 * count does not see it.  The names compare without case, as the
 * players' column does (its collation is the comparison's). */
/* The sort key's columns from the first (or the second: fixed), each
 * behind + unless sought: a column behind + is not looked up in an index,
 * so that a reading of another index than the sort's (games_filter, for
 * a filter that keeps few games) seeks by the filter, not by the key. */
static char *
key_columns (TbStoreSort sort, gboolean fixed, gboolean sought)
{
  g_auto (GStrv) columns = g_strsplit (sort_keys[sort].columns, ", ", -1);

  return g_strjoinv (sought ? ", " : ", +", columns + (fixed ? 1 : 0));
}

/* The texts of row's sort key, in the order of its columns. */
static void
key_texts (TbStoreSort sort, const TbStoreRow *row, const char *texts[2])
{
  switch (sort)
    {
    case TB_STORE_SORT_GAME:
      texts[0] = row->ruleset, texts[1] = row->date;
      break;
    case TB_STORE_SORT_PLAYERS:
      texts[0] = row->player1, texts[1] = row->player2;
      break;
    case TB_STORE_SORT_RESULT:
      texts[0] = row->result, texts[1] = row->date;
      break;
    case TB_STORE_SORT_TERMINATION:
      texts[0] = row->termination, texts[1] = row->date;
      break;
    case TB_STORE_SORT_DATE:
      texts[0] = row->date;
      break;
    case TB_STORE_SORT_LENGTH:
    default:
      break;
    }
}

static void
add_after_condition (Query *q, TbStoreSort sort, gboolean descending, const TbStoreRow *row,
                     gboolean fixed, KeyPart part, gboolean sought)
{
  const char *plus = sought ? "" : "+";
  g_autoptr (GString) condition = g_string_new (NULL);
  g_autofree char *columns = NULL;
  const char *texts[2] = { NULL, NULL };

  if (part == KEY_SAME_LENGTH)
    g_string_printf (condition, " AND %splies = %u AND %sid %s %" G_GINT64_FORMAT, plus,
                     row->plies, plus, descending ? "<" : ">", row->id);
  else if (part == KEY_LONGER)
    g_string_printf (condition, " AND %splies %s %u", plus, descending ? "<" : ">", row->plies);
  else
    {
      columns = key_columns (sort, fixed, sought);
      key_texts (sort, row, texts);
      g_string_printf (condition, " AND (%s%s) %s (", plus, columns, descending ? "<" : ">");
      for (guint i = fixed ? 1 : 0; i < sort_keys[sort].texts; i++)
        {
          /* The row's date is the tag's; the index holds it as stored. */
          g_ptr_array_add (q->values, texts[i] == row->date ? tb_store_date_stored (row->date)
                                                            : g_strdup (texts[i] ? texts[i] : ""));
          g_string_append_printf (condition, "?%u, ", q->values->len);
        }
      if (sort == TB_STORE_SORT_LENGTH)
        g_string_append_printf (condition, "%u, ", row->plies);
      g_string_append_printf (condition, "%" G_GINT64_FORMAT ")", row->id);
    }
  /* First: of two bounds on the index's first column (a range of dates
   * too), SQLite seeks by the first, and walked from the range's start
   * to the key when it came second. */
  g_string_prepend (q->where, condition->str);
}

static const char *
order_by (TbStoreSort sort, gboolean descending)
{
  static const char *const ascending[] = {
    [TB_STORE_SORT_DATE] = " ORDER BY date, id",
    [TB_STORE_SORT_GAME] = " ORDER BY ruleset, date, id",
    [TB_STORE_SORT_PLAYERS] = " ORDER BY player1, player2, id",
    [TB_STORE_SORT_RESULT] = " ORDER BY result, date, id",
    [TB_STORE_SORT_TERMINATION] = " ORDER BY termination, date, id",
    [TB_STORE_SORT_LENGTH] = " ORDER BY plies, id",
  };
  static const char *const descending_[] = {
    [TB_STORE_SORT_DATE] = " ORDER BY date DESC, id DESC",
    [TB_STORE_SORT_GAME] = " ORDER BY ruleset DESC, date DESC, id DESC",
    [TB_STORE_SORT_PLAYERS] = " ORDER BY player1 DESC, player2 DESC, id DESC",
    [TB_STORE_SORT_RESULT] = " ORDER BY result DESC, date DESC, id DESC",
    [TB_STORE_SORT_TERMINATION] = " ORDER BY termination DESC, date DESC, id DESC",
    [TB_STORE_SORT_LENGTH] = " ORDER BY plies DESC, id DESC",
  };

  if ((guint) sort > TB_STORE_SORT_LENGTH)
    sort = TB_STORE_SORT_DATE;
  return descending ? descending_[sort] : ascending[sort];
}

/* sql without its index hints (" INDEXED BY name", all of them: any may
 * name the index dropped), or NULL without one. */
static char *
without_index_hint (const char *sql)
{
  GString *unhinted = g_string_new (NULL);
  const char *hint;

  if (strstr (sql, " INDEXED BY ") == NULL)
    return g_string_free (unhinted, TRUE);
  while ((hint = strstr (sql, " INDEXED BY ")) != NULL)
    {
      g_string_append_len (unhinted, sql, hint - sql);
      sql = hint + strlen (" INDEXED BY ");
      while (g_ascii_isalnum (*sql) || *sql == '_')
        sql++;
    }
  g_string_append (unhinted, sql);
  return g_string_free (unhinted, FALSE);
}

/* Statements built here vary with the filter: prepared for one use.  An
 * index another program dropped makes its hint an error: the statement
 * is then left to SQLite's planner, slower but right. */
static sqlite3_stmt *
prepare (TbStore *self, const Query *q, const char *sql, GError **error)
{
  sqlite3_stmt *stmt;
  g_autofree char *unhinted = NULL;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK &&
      ((unhinted = without_index_hint (sql)) == NULL ||
       sqlite3_prepare_v2 (self->db, unhinted, -1, &stmt, NULL) != SQLITE_OK))
    {
      tb_store_set_error (self, error, "cannot search the games");
      return NULL;
    }
  for (guint i = 0; i < q->values->len; i++)
    sqlite3_bind_text (stmt, (int) i + 1, g_ptr_array_index (q->values, i), -1, SQLITE_STATIC);
  return stmt;
}

/* FALSE and error when what the filter names cannot be read (its tag
 * values). */
static gboolean
query_init (Query *q, TbStore *store, const TbStoreFilter *filter, GError **error)
{
  q->where = g_string_new (NULL);
  q->values = g_ptr_array_new_with_free_func (g_free);
  q->filter = filter;
  q->store = store;
  add_filter (q, filter);
  if (q->error == NULL)
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&q->error));
  return FALSE;
}

static void
query_clear (Query *q)
{
  if (q->where)
    g_string_free (q->where, TRUE);
  g_clear_pointer (&q->values, g_ptr_array_unref);
  g_clear_pointer (&q->chosen, g_free);
  g_clear_pointer (&q->chosen_condition, g_free);
  g_clear_pointer (&q->tag_each, g_free);
  g_clear_pointer (&q->tag_listed, g_free);
  g_clear_pointer (&q->chosen_total, g_free);
  g_clear_pointer (&q->players_either, g_free);
  g_clear_pointer (&q->player_ids, g_array_unref);
  g_clear_pointer (&q->player_condition, g_free);
  g_clear_error (&q->error);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Query, query_clear)

/* An expression of the number of games q->chosen names.  The games of
 * players at either seat are those at the first, plus those at the
 * second, less those at both: three counts on the players' indexes,
 * where their union made a table of every game named (5 ms for 9,800
 * games of 100,000, 84 ms for 98,000 of a million). */
static char *
chosen_count (const Query *q)
{
  if (q->chosen_total)
    return g_strdup (q->chosen_total);
  if (q->players_either == NULL)
    return g_strdup_printf ("(SELECT count(*) FROM (%s))", q->chosen);
  return g_strdup_printf (
    "((SELECT count(*) FROM games WHERE player1_id %s)"
    " + (SELECT count(*) FROM games WHERE player2_id %s)"
    " - (SELECT count(*) FROM games WHERE player1_id %s AND player2_id %s))",
    q->players_either, q->players_either, q->players_either, q->players_either);
}

/* An expression of how many of the players' games the rest of the filter
 * keeps, counted on each seat's index by date (schema 18: it holds the
 * game, the result, the length and the other seat's player; the rest
 * is checked on the rows for a column it does not hold): those at the
 * first seat, plus those at the second, less those at both.  Counted
 * from the rows, a player's 5,330 games of a million with a game and a
 * result took 7-10 ms of CPU. */
static char *
count_by_seats (const Query *q)
{
  g_autoptr (GString) rest = g_string_new (q->where->str);
  g_autofree char *ids = id_list (q->player_ids);
  const char *seat_count = "(SELECT count(*) FROM games INDEXED BY games_by_player%u_date"
                           " WHERE player%u_id %s%s%s)";
  g_autofree char *first = NULL, *second = NULL, *both = NULL, *both_ids = NULL;

  g_string_replace (rest, q->player_condition, "", 1);
  if (q->player_seat != 0)
    return g_strdup_printf (seat_count, q->player_seat, q->player_seat, ids, "", rest->str);
  first = g_strdup_printf (seat_count, 1, 1, ids, "", rest->str);
  second = g_strdup_printf (seat_count, 2, 2, ids, "", rest->str);
  both_ids = g_strconcat (" AND player2_id ", ids, NULL);
  both = g_strdup_printf (seat_count, 1, 1, ids, both_ids, rest->str);
  return g_strdup_printf ("(%s + %s - %s)", first, second, both);
}

/* Whether the store has a game left before its first move: one look in
 * the index of the results by length (SQLite's choice: no INDEXED BY,
 * which would fail on a file whose index another program dropped). */
static gboolean
has_empty_games (TbStore *self, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (
    self, "SELECT EXISTS (SELECT 1 FROM games WHERE result = '*' AND plies = 0)", error);
  gboolean any = TRUE;

  if (stmt && sqlite3_step (stmt) == SQLITE_ROW)
    any = sqlite3_column_int (stmt, 0) != 0;
  if (stmt)
    sqlite3_reset (stmt);
  return any;
}

/* The games the query keeps, read as reading says. */
static guint
count_read (TbStore *self, const Query *q, Reading reading, GError **error)
{
  g_autoptr (GString) sql = g_string_new ("SELECT count(*)");
  g_autofree char *named = q->chosen ? chosen_count (q) : NULL;
  sqlite3_stmt *stmt;
  guint count = 0;

  if (q->where->len == 0)
    g_string_append (sql, " FROM games");
  else if (q->parts == 0)
    append_from_where (sql, q, READ_FILTER_INDEX, TB_STORE_SORT_DATE);
  else if (q->parts == 1 && reading == READ_CHOSEN &&
           (!q->skip_empty || !has_empty_games (self, NULL)))
    /* The games named are those kept: no row of theirs is read. */
    g_string_printf (sql, "SELECT %s", named);
  else if (q->parts == 1 && reading == READ_CHOSEN)
    /* Those the history leaves out taken off: few, found in the index of
     * the results by length, instead of every game named read through
     * (a player's name in part, 12 ms for 9,800 games of 100,000). */
    g_string_printf (sql,
                     "SELECT %s - (SELECT count(*) FROM games"
                     " INDEXED BY games_by_result_length WHERE result = '*' AND plies = 0"
                     "%.*s)",
                     named, (int) q->parts_length, q->where->str);
  else if (reading == READ_CHOSEN && q->player_ids && q->player_ids->len > 0)
    {
      g_autofree char *by_seats = count_by_seats (q);

      g_string_printf (sql, "SELECT %s", by_seats);
    }
  else
    append_from_where (sql, q, reading, TB_STORE_SORT_DATE);
  stmt = prepare (self, q, sql->str, error);
  if (stmt == NULL)
    return 0;
  if (sqlite3_step (stmt) == SQLITE_ROW)
    count = (guint) sqlite3_column_int64 (stmt, 0);
  else
    tb_store_set_error (self, error, "cannot count the games");
  sqlite3_finalize (stmt);
  return count;
}

static guint
count_query (TbStore *self, const Query *q, GError **error)
{
  /* All the games are counted at once; a filter of the game, result,
   * end and dates from their counts per month (tb-store-counts.c). */
  if (q->where->len > 0 && tb_store_can_count_by_months (q->filter))
    return tb_store_count_by_months (self, q->filter, error);
  return count_read (self, q,
                     q->chosen        ? READ_CHOSEN
                     : q->termination ? READ_TERMINATION_INDEX
                                      : READ_FILTER_INDEX,
                     error);
}

/* Gives up a statement once SQLite has run this many more steps of it
 * (sqlite3_progress_handler), the budget being counted in thousands. */
#define STEPS_A_TICK 1000

static int
over_budget (void *data)
{
  guint *ticks_left = data;

  return (*ticks_left)-- == 0;
}

guint
tb_store_count (TbStore *self, const TbStoreFilter *filter, GError **error)
{
  g_auto (Query) q = { 0 };

  g_return_val_if_fail (TB_IS_STORE (self), 0);

  if (!query_init (&q, self, filter, error))
    return 0;
  return count_query (self, &q, error);
}

/* About how many games there are: the largest id, found at once (a count
 * reads an index through). */
static guint
games_about (TbStore *self)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT max(id) FROM games", NULL);
  guint about = 0;

  if (stmt && sqlite3_step (stmt) == SQLITE_ROW)
    about = (guint) MIN (sqlite3_column_int64 (stmt, 0), (gint64) G_MAXUINT);
  if (stmt)
    sqlite3_reset (stmt);
  return about;
}

/* How a page is read when walking the sort's index is not the way. */
static Reading
fallback_reading (const Query *q)
{
  return q->chosen ? READ_CHOSEN : READ_FILTER_INDEX;
}

#define WALK_LOOKUP_COST 8

/* Whether the games kept are sorted from games_filter's columns alone
 * (prepare_page): the players' names are not there, and an end's games
 * are read by their rows. */
static gboolean
sorts_on_index (const Query *q, TbStoreSort sort)
{
  return fallback_reading (q) == READ_FILTER_INDEX && sort != TB_STORE_SORT_PLAYERS;
}

/* How a page of the query is best read (see the top of this file), and
 * (span: the games of the sort's index that the walk may read, when the
 * query fixes its first column; 0: all of them; looks_up: whether the
 * walk reads each game's row to check a part of the filter its index
 * does not hold)
 * for a walk of the sort's index, the SQLite steps (in thousands) it may
 * take: the walk's estimate assumes the games kept are spread evenly
 * through the sort, and they may not be (a game's own ends, its own
 * lengths); past its budget it is given up for the other way. */
/* Whether the filter's one part is games chosen by their ids (a
 * comment's text, a tag, a position), which the walk of an index checks
 * without the games' rows; a player's are chosen by the rows' players. */
static gboolean
checks_on_index (const Query *q)
{
  return q->parts == 1 && q->chosen && q->filter && !is_set (q->filter->player);
}

/* The ticks a walk of to_walk games may take: some 50 steps a game read,
 * four times the estimate; and the steps that put the statement's lists
 * of ids in their tables first (a few an id). */
static guint
walk_budget (const Query *q, gdouble to_walk)
{
  return (guint) MIN ((4 * 50 * to_walk + 8.0 * q->listed) / STEPS_A_TICK + 1, G_MAXUINT / 2);
}

/* Players read by their indexes at most (READ_PLAYER_BY_INDEX): each is two
 * walks merged with the others', and the statement grows with them: for
 * the 20 players of a name in part (100,000 games, bench-store) its
 * preparation took as long as reading and sorting their 9,800 games
 * (1-1.5 ms). */
#define PLAYERS_BY_INDEX_MAX 4

/* Whether q's players are few enough to be read by their indexes. */
static gboolean
has_players_by_index (const Query *q)
{
  return q->player_ids && q->player_ids->len > 0 && q->player_ids->len <= PLAYERS_BY_INDEX_MAX;
}

/* Whether every part of the filter is checked on the sort's index alone
 * (schema 16: each holds the players' ids, the result and the length; all
 * but those of the players and the length hold the date), none of the
 * games' rows read but those kept. */
static gboolean
walk_covered (const Query *q, TbStoreSort sort)
{
  const TbStoreFilter *f = q->filter;
  gboolean dated = sort != TB_STORE_SORT_PLAYERS && sort != TB_STORE_SORT_LENGTH;

  return f && q->parts > 0 && !is_set (f->ruleset) && !is_set (f->termination) &&
         !is_set (f->text) && !is_set (f->tag) && !f->has_position &&
         (dated || (!is_set (f->date_from) && !is_set (f->date_to)));
}

/* A game walked on an index that holds what the filter checks costs some
 * sixteen times less than a game chosen, whose row is read and sorted:
 * on 100,000 games a player's 533 games sorted by result took 1.5 ms so,
 * the walk of 9,400 entries 0.7; on a million, 9-12 ms against 1.5. */
#define WALK_COVERED_GAIN 16

/* A game walked whose tags are looked at (EXISTS over the index by game)
 * costs some three and a half times a game of the tag gathered into a
 * list once (the walk then probes the list): on 100,000 games, the 2,620
 * games of the rounds holding "77" (655 values) took 4.6-5.9 ms to walk
 * for a first page looking at each game's tags, 3.0 ms gathered first
 * (sqlite3's shell, the same statements).  The list costs its games,
 * each: an event's 100,000 games were 20 ms, against 0.3 ms walked. */
#define TAG_LOOK_COST 3.5

/* A tag's condition checked against the tag's games gathered once, when
 * they are few enough for the walk to come out cheaper (kept: the
 * games the filter keeps; to_walk: those the walk reads). */
static void
tag_by_list (Query *q, gdouble kept, gdouble to_walk)
{
  if (q->tag_each && kept < TAG_LOOK_COST * to_walk)
    g_string_replace (q->where, q->tag_each, q->tag_listed, 1);
}

static Reading
page_reading (TbStore *self, Query *q, TbStoreSort sort, guint offset, guint limit,
              gint64 count, guint span, gboolean looks_up, guint *walk_ticks, GError **error)
{
  gdouble kept, to_walk;

  *walk_ticks = 0;
  if (q->parts == 0)
    return READ_SORT_INDEX;
  kept = count >= 0 ? (gdouble) count : (gdouble) count_query (self, q, error);
  /* Walking the sort's index reads about (offset + limit) x all / kept
   * games to fill the page: fewer than the kept games, which the other
   * way reads and sorts. */
  to_walk = (offset + (gdouble) limit) * (span ? span : games_about (self)) / MAX (kept, 1);
  /* A game walked whose row is read to check the filter costs some eight
   * times a game sorted from games_filter, which holds the columns: on a
   * million games a walk of 2,600 rows took 36 ms, the sort of the 4,750
   * games kept 1.3 ms. */
  /* A filter of one comment text, tag or position is checked on the
   * sort's index (the game's id in the games chosen), where the games
   * chosen would each be looked up. */
  if (checks_on_index (q) && to_walk < WALK_LOOKUP_COST * kept)
    {
      *walk_ticks = walk_budget (q, to_walk);
      tag_by_list (q, kept, to_walk);
      return READ_SORT_INDEX;
    }
  if ((looks_up ? WALK_LOOKUP_COST : 1) * to_walk < kept)
    {
      *walk_ticks = walk_budget (q, to_walk);
      return READ_SORT_INDEX;
    }
  /* A player's games by date are read from their own indexes instead
   * (READ_PLAYER_BY_INDEX), cheaper still. */
  if (walk_covered (q, sort) && to_walk < WALK_COVERED_GAIN * kept &&
      !(sort == TB_STORE_SORT_DATE && has_players_by_index (q)))
    {
      *walk_ticks = walk_budget (q, to_walk);
      return READ_SORT_INDEX;
    }
  return fallback_reading (q);
}

/* The ids and sort keys of a player's games that the rest of the filter
 * keeps, from each seat's index by date (schema 14), as a compound that
 * SQLite merges in date order when it is sorted so, or sorts from the
 * indexes alone (schema 18: they hold the game, the result and the
 * length, and the other seat's player): a page reads its own games'
 * rows only, where READ_CHOSEN reads every game of the player and sorts
 * them.  At one seat, its index alone; at either, the two merged
 * (UNION: a game with the player at both seats once).  Several players
 * (a name in part) are each read so. */
static void
append_player_by_index (GString *sql, const Query *q, TbStoreSort sort, GArray *ids)
{
  g_autoptr (GString) rest = g_string_new (q->where->str);
  gboolean first = TRUE;

  /* The seat's index says the player; the rest is checked on it, or on
   * the rows for a column it does not hold (the end; the names a sort
   * by players reads are read from the rows of the games kept). */
  g_string_replace (rest, q->player_condition, "", 1);
  for (guint i = 0; i < ids->len; i++)
    for (guint seat = 1; seat <= 2; seat++)
      {
        if (q->player_seat != 0 && q->player_seat != seat)
          continue;
        if (!first)
          g_string_append (sql, " UNION ");
        first = FALSE;
        g_string_append_printf (sql, "SELECT %s FROM games INDEXED BY games_by_player%u_date"
                                     " WHERE player%u_id = %" G_GINT64_FORMAT "%s",
                                sort_keys[sort].columns, seat, seat,
                                g_array_index (ids, gint64, i), rest->str);
      }
}

/* The ids of the players q asks for, or NULL: none, or too many
 * (PLAYERS_BY_INDEX_MAX). */
static GArray *
players_by_index (const Query *q)
{
  return has_players_by_index (q) ? g_array_ref (q->player_ids) : NULL;
}

/* A page's statement, read as reading says.  From games_filter, the page
 * is chosen on the index alone (it holds every column a sort but the
 * players' reads) and only its games' rows are read: sorting all the
 * games kept, rows and all, took 100 ms for 25,000 of them. */
static sqlite3_stmt *
prepare_page (TbStore *self, const Query *q, Reading reading, TbStoreSort sort,
              gboolean descending, guint offset, guint limit, GArray *players, GError **error)
{
  g_autoptr (GString) sql =
    g_string_new ("SELECT id, date, ruleset, player1, player2, result, termination, plies");
  g_autofree char *page = g_strdup_printf (" LIMIT %u OFFSET %u",
                                           MIN (limit, (guint) G_MAXINT), offset);

  if (reading == READ_PLAYER_BY_INDEX)
    {
      g_string_append (sql, " FROM games WHERE id IN (SELECT id FROM (");
      append_player_by_index (sql, q, sort, players);
      g_string_append_printf (sql, "%s%s))%s", order_by (sort, descending), page,
                              order_by (sort, descending));
    }
  else if (reading == READ_FILTER_INDEX && sort != TB_STORE_SORT_PLAYERS)
    {
      g_string_append (sql, " FROM games WHERE id IN (SELECT id");
      append_from_where (sql, q, reading, sort);
      g_string_append_printf (sql, "%s%s)%s", order_by (sort, descending), page,
                              order_by (sort, descending));
    }
  else
    {
      append_from_where (sql, q, reading, sort);
      g_string_append_printf (sql, "%s%s", order_by (sort, descending), page);
    }
  return prepare (self, q, sql->str, error);
}

static char *
column_text (sqlite3_stmt *stmt, int column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);

  return g_strdup (text ? (const char *) text : "");
}

static TbStoreRow *
read_row (sqlite3_stmt *stmt)
{
  TbStoreRow *row = g_new0 (TbStoreRow, 1);

  row->id = sqlite3_column_int64 (stmt, 0);
  row->date = tb_store_date_shown ((const char *) sqlite3_column_text (stmt, 1));
  row->ruleset = column_text (stmt, 2);
  row->player1 = column_text (stmt, 3);
  row->player2 = column_text (stmt, 4);
  row->result = column_text (stmt, 5);
  row->termination = column_text (stmt, 6);
  row->plies = (guint) sqlite3_column_int (stmt, 7);
  return row;
}

/* The page's rows, or NULL: an error, or (error unset) a walk given up. */
static GPtrArray *
read_page (TbStore *self, sqlite3_stmt *stmt, guint walk_ticks, GError **error)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) tb_store_row_free);
  guint ticks_left = walk_ticks;
  int status;

  if (walk_ticks)
    sqlite3_progress_handler (self->db, STEPS_A_TICK, over_budget, &ticks_left);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (rows, read_row (stmt));
  if (walk_ticks)
    sqlite3_progress_handler (self->db, 0, NULL, NULL);
  sqlite3_finalize (stmt);
  if (status == SQLITE_INTERRUPT && walk_ticks)
    return NULL;
  if (status != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot search the games");
      return NULL;
    }
  return g_steal_pointer (&rows);
}

/* The walk of the sort's index after a key starts at the key: with a
 * range of dates, SQLite would otherwise skip through the index's first
 * column from the range's start (skip-scan) and read every row before
 * the key.  The dates are then checked on the rows (a column behind + is
 * not looked up in an index), unless the sort is the date's, or the
 * query fixes the sort's first column (fixed), which the date follows in
 * its index: the range then ends the walk where the dates end.  A key
 * near the end of a game's year, sorted by game, walked the game's
 * later years to the end of its games (6-9 ms on 100,000 games, given
 * up and read again from games_filter; 0.1 ms sought). */
static void
seek_by_key (Query *q, TbStoreSort sort, gboolean fixed)
{
  if (sort == TB_STORE_SORT_DATE || (fixed && sort != TB_STORE_SORT_PLAYERS &&
                                     sort != TB_STORE_SORT_LENGTH))
    return;
  g_string_replace (q->where, " date >= ", " +date >= ", 0);
  g_string_replace (q->where, " date <= ", " +date <= ", 0);
}

GPtrArray *
tb_store_query_counted (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                        gboolean descending, guint offset, guint limit, gint64 count,
                        GError **error)
{
  return tb_store_query_after (self, filter, sort, descending, NULL, offset, limit, count, error);
}

static const char *group_column (TbStoreSort sort);
static gboolean reads_by_groups (const TbStoreFilter *filter, TbStoreSort sort,
                                 const TbStoreRow *after, guint offset);
/* The filter's games for each value of the sort's first column (groups)
 * and all the games for each (spans), counted once for the walk's
 * estimate and the read by values both (each count read game_counts,
 * three quarters of one game's games by end). */
typedef struct
{
  GPtrArray *groups;
  GPtrArray *spans;
} GroupCounts;

static void
group_counts_clear (GroupCounts *counts)
{
  g_clear_pointer (&counts->groups, g_ptr_array_unref);
  g_clear_pointer (&counts->spans, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GroupCounts, group_counts_clear)

static GPtrArray *read_rows_by_groups (TbStore *self, const TbStoreFilter *filter,
                                       TbStoreSort sort, gboolean descending,
                                       const TbStoreRow *after, guint offset, guint limit,
                                       GroupCounts *counts, GError **error);
static gboolean walk_is_long (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                              gboolean descending, const TbStoreRow *after, guint wanted,
                              GroupCounts *counts);

/* A value of the sort's first column that a read is kept to
 * (read_rows_by_groups). */
typedef struct
{
  const char *value;
  guint kept;          /* the filter's games that have it */
  guint span;          /* all the games that have it */
} Group;

/* Whether a walk of the sort's index after the key would pass the end of
 * a range of dates that keeps a small part of the games (kept of all):
 * the walk cannot seek by the dates past the sort's first column, and
 * from a key late in a value's range it reads that value's games beyond
 * the range to the next value (a game's later years, sorted by game:
 * given up after 2 ms), where a read of each value seeks the range
 * (seek_by_key).  A range of most games leaves few to pass, and the
 * counts of each value cost more than the walk. */
static gboolean
key_near_range_end (const TbStoreFilter *filter, const TbStoreRow *after, gboolean descending,
                    gint64 kept, gint64 all)
{
  return after && is_set (descending ? filter->date_from : filter->date_to) && kept >= 0 &&
         2 * kept < all;
}

/* The rows of the filter after the key (part of them, as part says), or
 * from the first row without one; with group, only those whose sort's
 * first column has its value (an end may be empty, which a filter cannot
 * ask for). */
static GPtrArray *
read_rows (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort, gboolean descending,
           const TbStoreRow *after, KeyPart part, const Group *group, guint offset, guint limit,
           gint64 count, GError **error)
{
  g_auto (Query) q = { 0 };
  g_auto (GroupCounts) counts = { 0 };
  g_autoptr (GError) local = NULL;
  g_autoptr (GArray) players = NULL;
  GPtrArray *rows;
  sqlite3_stmt *stmt;
  Reading reading;
  guint walk_ticks;

  if (group == NULL && self->groups_first && part == KEY_AFTER &&
      reads_by_groups (filter, sort, after, offset))
    return read_rows_by_groups (self, filter, sort, descending, after, offset, limit, &counts,
                                error);
  if (!query_init (&q, self, filter, error))
    return NULL;
  if (group)
    {
      g_autofree char *condition = g_strconcat (group_column (sort), " = ?%u", NULL);

      /* Not read by the end's own index when it is the group's: the
       * group may be most of it (an end of every game) and keep few. */
      add_condition (&q, condition, group->value);
      q.group = group_column (sort);
      q.parts++;
      count = group->kept;
    }
  /* The filter's count is of all its games: known before the condition
   * on the key, which leaves fewer. */
  if (count < 0 && after && q.parts > 0)
    count = count_query (self, &q, &local);
  /* Chosen before the key's condition, which it does not count. */
  reading = page_reading (self, &q, sort, offset, limit, count,
                          group ? group->span : walk_span (self, &q, sort),
                          q.parts > (group || walk_column (&q, sort) ? 1u : 0u) &&
                            sorts_on_index (&q, sort),
                          &walk_ticks, &local);
  /* A player's games: their own indexes give them in date order, and
   * hold the other sorts' keys but the players' names, which are read
   * from the rows of the games kept alone. */
  if (reading == READ_CHOSEN && q.player_ids && group == NULL &&
      (players = players_by_index (&q)) != NULL)
    reading = READ_PLAYER_BY_INDEX;
  /* A walk the counts say would be long is not tried (see
   * reads_by_groups); a filter that keeps few games sorts them all,
   * cheaper than reading them by value. */
  if (reading == READ_SORT_INDEX && group == NULL && part == KEY_AFTER && local == NULL &&
      reads_by_groups (filter, sort, after, offset) &&
      (key_near_range_end (filter, after, descending, count, (gint64) games_about (self)) ||
       walk_is_long (self, filter, sort, descending, after, offset + MIN (limit, 1000), &counts)))
    return read_rows_by_groups (self, filter, sort, descending, after, offset, limit, &counts,
                                error);
  if (after)
    add_after_condition (&q, sort, descending, after,
                         group != NULL || first_column_fixed (filter, sort), part,
                         reading == READ_SORT_INDEX || reading == READ_PLAYER_BY_INDEX);
  if (after && reading == READ_SORT_INDEX)
    seek_by_key (&q, sort, group != NULL || first_column_fixed (filter, sort));
  if (local == NULL &&
      (stmt = prepare_page (self, &q, reading, sort, descending, offset, limit, players,
                            &local)) &&
      (rows = read_page (self, stmt, walk_ticks, &local)))
    return rows;
  if (local)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  /* The walk went past its budget: the games kept gather far from the
   * sort's start.  A value of its first column at a time, when it has
   * few; else the games kept, sorted. */
  if (group == NULL && part == KEY_AFTER && reads_by_groups (filter, sort, after, offset))
    return read_rows_by_groups (self, filter, sort, descending, after, offset, limit, &counts,
                                error);
  stmt = prepare_page (self, &q, fallback_reading (&q), sort, descending, offset, limit, NULL,
                       error);
  return stmt ? read_page (self, stmt, 0, error) : NULL;
}

/* By length: the rows of the key's length after it, then those of the
 * lengths beyond (KeyPart says why), offset counted through both. */
static GPtrArray *
read_rows_by_length (TbStore *self, const TbStoreFilter *filter, gboolean descending,
                     const TbStoreRow *after, guint offset, guint limit, gint64 count,
                     GError **error)
{
  guint wanted = offset + MIN (limit, G_MAXUINT - offset);
  g_autoptr (GPtrArray) same = read_rows (self, filter, TB_STORE_SORT_LENGTH, descending, after,
                                          KEY_SAME_LENGTH, NULL, 0, wanted, count, error);
  g_autoptr (GPtrArray) longer = NULL;
  GPtrArray *rows;
  guint skipped;

  if (same == NULL)
    return NULL;
  if (same->len < wanted)
    {
      /* The rows of the key's length that the offset skipped, and those
       * it did not, taken from them. */
      skipped = MIN (offset, same->len);
      longer = read_rows (self, filter, TB_STORE_SORT_LENGTH, descending, after, KEY_LONGER, NULL,
                          offset - skipped, limit - (same->len - skipped), count, error);
      if (longer == NULL)
        return NULL;
    }
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) tb_store_row_free);
  for (guint i = offset; i < same->len; i++)
    g_ptr_array_add (rows, g_steal_pointer (&same->pdata[i]));
  for (guint i = 0; longer && i < longer->len && rows->len < limit; i++)
    g_ptr_array_add (rows, g_steal_pointer (&longer->pdata[i]));
  return rows;
}

/* The sort's first column when it has few values (the game, the result,
 * the end), or NULL. */
static const char *
group_column (TbStoreSort sort)
{
  switch (sort)
    {
    case TB_STORE_SORT_GAME:
      return "ruleset";
    case TB_STORE_SORT_RESULT:
      return "result";
    case TB_STORE_SORT_TERMINATION:
      return "termination";
    default:
      return NULL;
    }
}

static const char *
group_value (TbStoreSort sort, const TbStoreRow *row)
{
  return sort == TB_STORE_SORT_GAME ? row->ruleset
         : sort == TB_STORE_SORT_RESULT ? row->result
                                        : row->termination;
}

/* Whether a page whose walk of the sort's index gave up is read a value
 * of the sort's first column at a time (read_rows_by_groups): for a
 * filter of the game, result, end and dates that does not fix that
 * column.  Its games may gather at a few values far from the sort's
 * start (the ends of one game, the unfinished games' empty end), and
 * the sort of all the games kept took 13-23 ms at 100,000 games.  A key
 * with an offset (a far jump) is read the other way: the rows after the
 * key within its value are not counted. */
static gboolean
reads_by_groups (const TbStoreFilter *filter, TbStoreSort sort, const TbStoreRow *after,
                 guint offset)
{
  return group_column (sort) && filter_parts (filter) > 0 && !first_column_fixed (filter, sort) &&
         tb_store_can_count_by_months (filter) && !(after && offset > 0);
}

/* All the games of a value (spans: every value's, in order). */
static guint
span_of (const GPtrArray *spans, const char *value)
{
  for (guint i = 0; i < spans->len; i++)
    {
      const TbStoreCountGroup *span = spans->pdata[i];

      if (strcmp (span->value, value) == 0)
        return span->count;
    }
  return 0;
}

/* Whether a walk of the sort's index would read many games to fill the
 * page: more than four times those it keeps, found from the counts of
 * each value of the sort's first column (all the games of each value it
 * passes, a share of those of the value where the page ends).  Counted
 * only for a filter without dates: its other parts are columns a sort
 * reads by, whose values its games gather at; dates are not, and
 * counting by value the months they cut costs more than most walks. */
static gboolean
count_groups (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort, gboolean descending,
              GroupCounts *counts, GError **error)
{
  const char *column = group_column (sort);

  if (counts->groups == NULL &&
      (counts->groups = tb_store_count_groups (self, filter, column, descending, error)) == NULL)
    return FALSE;
  return counts->spans != NULL ||
         (counts->spans = tb_store_count_groups (self, NULL, column, descending, error)) != NULL;
}

static gboolean
walk_is_long (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort, gboolean descending,
              const TbStoreRow *after, guint wanted, GroupCounts *counts)
{
  GPtrArray *groups, *spans;
  gdouble walked = 0, need = wanted;

  if (is_set (filter->date_from) || is_set (filter->date_to))
    return FALSE;
  if (!count_groups (self, filter, sort, descending, counts, NULL))
    return FALSE;
  groups = counts->groups;
  spans = counts->spans;
  for (guint i = 0; i < spans->len && need > 0; i++)
    {
      const TbStoreCountGroup *span = spans->pdata[i];
      guint kept = span_of (groups, span->value);

      /* A value before the key's is not walked. */
      if (after && (descending ? -1 : 1) * strcmp (span->value, group_value (sort, after)) < 0)
        continue;
      if (need <= kept)
        walked += need * span->count / kept;
      else
        walked += span->count;
      need -= MIN (need, (gdouble) kept);
    }
  return walked > 4 * wanted;
}

/* The page a value of the sort's first column at a time, each value's
 * games counted (tb_store_count_groups) so that the offset skips whole
 * values unread, and each read with the value fixed: from the sort's
 * index at the value, or from the few games kept there, sorted. */
static GPtrArray *
read_rows_by_groups (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                     gboolean descending, const TbStoreRow *after, guint offset, guint limit,
                     GroupCounts *counts, GError **error)
{
  GPtrArray *groups, *spans;
  g_autoptr (GPtrArray) rows = NULL;

  if (!count_groups (self, filter, sort, descending, counts, error))
    return NULL;
  groups = counts->groups;
  spans = counts->spans;
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) tb_store_row_free);
  for (guint i = 0; i < groups->len && rows->len < limit; i++)
    {
      TbStoreCountGroup *group = groups->pdata[i];
      Group kept = { group->value, group->count, span_of (spans, group->value) };
      /* Where the value is against the key's, in the order read: -1
       * before it, 0 the key's own, 1 after it or without a key. */
      int from_key = after ? strcmp (group->value, group_value (sort, after)) : 1;
      g_autoptr (GPtrArray) part = NULL;

      /* The values before the key's, and those the offset passes. */
      if (after && descending)
        from_key = -from_key;
      if (from_key < 0)
        continue;
      if (from_key != 0 && offset >= group->count)
        {
          offset -= group->count;
          continue;
        }
      part = read_rows (self, filter, sort, descending, from_key == 0 ? after : NULL, KEY_AFTER,
                        &kept, offset, limit - rows->len, -1, error);
      if (part == NULL)
        return NULL;
      for (guint j = 0; j < part->len; j++)
        g_ptr_array_add (rows, g_steal_pointer (&part->pdata[j]));
      offset = 0;
    }
  return g_steal_pointer (&rows);
}

GPtrArray *
tb_store_query_after (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                      gboolean descending, const TbStoreRow *after, guint offset, guint limit,
                      gint64 count, GError **error)
{
  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  if ((guint) sort > TB_STORE_SORT_LENGTH)
    sort = TB_STORE_SORT_DATE;
  if (after && sort == TB_STORE_SORT_LENGTH)
    return read_rows_by_length (self, filter, descending, after, offset, limit, count, error);
  return read_rows (self, filter, sort, descending, after, KEY_AFTER, NULL, offset, limit, count,
                    error);
}

GPtrArray *
tb_store_query (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                gboolean descending, guint offset, guint limit, GError **error)
{
  return tb_store_query_counted (self, filter, sort, descending, offset, limit, -1, error);
}

GArray *
tb_store_query_ids (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                    gboolean descending, guint offset, guint limit, GError **error)
{
  g_auto (Query) q = { 0 };
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GString) sql = g_string_new ("SELECT id");
  sqlite3_stmt *stmt;
  int status;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  if (!query_init (&q, self, filter, error))
    return NULL;
  /* From the table itself, never an index: these are the games an export
   * writes, and a damaged index would hide some and give others twice
   * (SQLite's check of the whole file does not run at every opening). */
  append_from_where (sql, &q, READ_TABLE, sort);
  g_string_append (sql, order_by (sort, descending));
  g_string_append_printf (sql, " LIMIT %u OFFSET %u", MIN (limit, (guint) G_MAXINT), offset);
  stmt = prepare (self, &q, sql->str, error);
  if (stmt == NULL)
    return NULL;
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot search the games");
      return NULL;
    }
  return g_steal_pointer (&ids);
}

/* ---- the games of a match ---- */

GArray *
tb_store_match_game_ids (TbStore *self, const char *match_id, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  stmt = tb_store_statement (self, "SELECT id FROM games WHERE match_id = ?1 "
                                   "ORDER BY created, id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, match_id, -1, SQLITE_TRANSIENT);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the match");
      return NULL;
    }
  return g_steal_pointer (&ids);
}
