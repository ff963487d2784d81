/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-store.c: the game database's answers, timed (issue 7's targets:
 * any history filter or sort on 100,000 games within 50 ms, a stored game
 * opened within 50 ms; issue 24's: a position looked up in the opening
 * explorer within 20 ms).  Not a test: build-aux/bench-store runs it on the
 * database it has just imported.
 *
 *   bench-store DATABASE [--queries-only]
 *
 * --queries-only times the history's queries alone: for a database whose
 * games' rows were copied by SQL to make it larger (a million games),
 * which have no record to open.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tb-store.h"

typedef struct
{
  const char *name;
  TbStoreFilter filter;
} Case;

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* This process's CPU time: on a shared machine the wall time measures the
 * others' load as much as the query. */
static double
cpu_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

typedef struct
{
  double count_cpu;    /* the count alone */
  double page_cpu;     /* the first page alone */
  double wall;         /* both */
} Timing;

/* The count and the first page, as the history asks for them. */
static Timing
time_query (TbStore *store, const TbStoreFilter *filter, TbStoreSort sort, gboolean descending,
            guint *count)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  double start = now_ms (), cpu = cpu_ms (), counted;
  Timing timing;

  *count = tb_store_count (store, filter, &error);
  counted = cpu_ms ();
  rows = tb_store_query_counted (store, filter, sort, descending, 0, 50, *count, &error);
  if (rows == NULL)
    g_error ("%s", error->message);
  timing.page_cpu = cpu_ms () - counted;
  timing.count_cpu = counted - cpu;
  timing.wall = now_ms () - start;
  return timing;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* A page in the middle of the list: by OFFSET, counted through from the
 * first row, and by key, after the row before it (as the history reads
 * the next page); CPU ms of each, the median of three. */
static void
time_middle_page (TbStore *store, const TbStoreFilter *filter, TbStoreSort sort,
                  gboolean descending, guint count, double *by_offset, double *by_key)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) before = NULL;
  double offsets[3], keys[3];

  *by_offset = *by_key = 0;
  if (count < 2)
    return;
  before = tb_store_query_counted (store, filter, sort, descending, count / 2 - 1, 1, count,
                                   &error);
  if (before == NULL || before->len == 0)
    g_error ("no middle row");
  for (guint i = 0; i < 3; i++)
    {
      double cpu = cpu_ms ();
      g_autoptr (GPtrArray) a = tb_store_query_counted (store, filter, sort, descending,
                                                        count / 2, 50, count, &error);
      g_autoptr (GPtrArray) b = NULL;

      offsets[i] = cpu_ms () - cpu;
      cpu = cpu_ms ();
      b = tb_store_query_after (store, filter, sort, descending, before->pdata[0], 0, 50, count,
                                &error);
      keys[i] = cpu_ms () - cpu;
      if (a == NULL || b == NULL || a->len != b->len ||
          (a->len && ((TbStoreRow *) a->pdata[0])->id != ((TbStoreRow *) b->pdata[0])->id))
        g_error ("the middle page by key is not the one by offset");
    }
  qsort (offsets, 3, sizeof (double), compare_doubles);
  qsort (keys, 3, sizeof (double), compare_doubles);
  *by_offset = offsets[1];
  *by_key = keys[1];
}

static int
compare_timings (gconstpointer a, gconstpointer b)
{
  const Timing *x = a, *y = b;
  double sx = x->count_cpu + x->page_cpu, sy = y->count_cpu + y->page_cpu;

  return sx < sy ? -1 : sx > sy;
}


/* Positions of stored games (a ply within the explorer's, picked the same
 * way each run) looked up in the explorer as the panel asks: the moves,
 * and the first page of the games.  The median and the worst, CPU and
 * wall. */
static void
time_explorer (TbStore *store, GArray *ids)
{
  g_autoptr (GArray) cpus = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) walls = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  guint most_games = 0;

  for (guint i = 0; i < 500 && ids->len > 0; i++)
    {
      g_autoptr (GError) error = NULL;
      gint64 id = g_array_index (ids, gint64, g_rand_int_range (rand, 0, (gint32) ids->len));
      g_autoptr (TbGame) game = tb_store_load_game (store, id, &error);
      g_autoptr (TbStoreExplorer) explorer = NULL;
      g_autoptr (GArray) page = NULL;
      guint plies;
      double start, cpu, ms;

      if (game == NULL)
        g_error ("%s", error->message);
      plies = MIN (tb_game_get_main_line_length (game) + 1, TB_STORE_EXPLORER_PLIES);
      /* Half the looks at the first 8 plies, where the games gather. */
      tb_game_go_to_ply (game, (guint) g_rand_int_range (rand, 0, (gint32) (i % 2 ? MIN (plies, 8)
                                                                                 : plies)));
      start = now_ms ();
      cpu = cpu_ms ();
      explorer = tb_store_explore (store, tb_game_get_variant (game),
                                   tb_game_get_position (game), &error);
      if (explorer)
        page = tb_store_explore_games (store, tb_game_get_variant (game),
                                       tb_game_get_position (game), 0, 50, &error);
      if (page == NULL)
        g_error ("%s", error->message);
      ms = cpu_ms () - cpu;
      g_array_append_val (cpus, ms);
      ms = now_ms () - start;
      g_array_append_val (walls, ms);
      most_games = MAX (most_games, explorer->total.games);
    }
  if (cpus->len == 0)
    return;
  g_array_sort (cpus, compare_doubles);
  g_array_sort (walls, compare_doubles);
  printf ("explore a position: median %.2f ms CPU, %.2f ms wall; worst %.2f ms CPU, "
          "%.2f ms wall (%u positions, the most reached by %u games)\n",
          g_array_index (cpus, double, cpus->len / 2), g_array_index (walls, double, walls->len / 2),
          g_array_index (cpus, double, cpus->len - 1),
          g_array_index (walls, double, walls->len - 1), cpus->len, most_games);
}

/* What the search fields offer as a name is typed (10 names, as the
 * window asks): the median and worst CPU time of five tries each. */
static void
time_suggestions (TbStore *store)
{
  static const char *const typed[] = { "cam", "roux", "e", "1" };

  for (guint t = 0; t < G_N_ELEMENTS (typed); t++)
    for (int tags = 0; tags < 2; tags++)
      {
        double ms[5];

        for (guint i = 0; i < G_N_ELEMENTS (ms); i++)
          {
            g_autoptr (GError) error = NULL;
            double start = cpu_ms ();
            g_autoptr (GPtrArray) offered =
              tags ? tb_store_suggest_tag_values (store, NULL, typed[t], 10, &error)
                   : tb_store_suggest_players (store, typed[t], 10, &error);

            if (offered == NULL)
              g_error ("%s", error->message);
            ms[i] = cpu_ms () - start;
          }
        qsort (ms, G_N_ELEMENTS (ms), sizeof ms[0], compare_doubles);
        printf ("suggest %-7s \"%s\": median %.2f ms CPU, worst %.2f\n", tags ? "tags" : "players",
                typed[t], ms[2], ms[4]);
      }
}

int
main (int argc, char **argv)
{
  static const char *const sort_names[] = { "date", "game", "players", "result",
                                            "termination", "length" };
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStore) store = NULL;
  g_autoptr (GArray) loads = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) ids = NULL;
  double worst = 0, worst_count = 0, worst_page = 0, worst_offset = 0, worst_key = 0;
  const Case cases[] = {
    { "all", { 0 } },
    { "game", { .ruleset = "oraia" } },
    { "player", { .player = "\"Camille Roux\"" } },
    { "player-part", { .player = "camille" } },
    { "player-seat", { .player = "roux", .player_seat = 2 } },
    { "result-draw", { .result = "1/2-1/2" } },
    { "result-unfinished", { .result = "*" } },
    { "termination", { .termination = "repetition" } },
    { "dates-year", { .date_from = "2020.01.01", .date_to = "2020.12.31" } },
    { "dates-all", { .date_from = "2016.01.01", .date_to = "2026.12.31" } },
    /* As typed: "From 2020" alone, "To 2019" alone (tb_store_date_search). */
    { "dates-from-typed", { .date_from = "2020.00", .date_to = "9999.12.31" } },
    { "dates-to-typed", { .date_from = "0001.01.01", .date_to = "2019.12.31" } },
    { "comment-text", { .text = "sacrifice" } },
    /* The collection's event is every game's; its rounds 4 games' each. */
    { "tag-event", { .tag = "match" } },
    { "tag-event-named", { .tag = "MATCH", .tag_name = "Event" } },
    { "tag-round", { .tag = "1234", .tag_name = "Round" } },
    { "tag-any-part", { .tag = "77" } },
    { "game+player+result", { .ruleset = "ra", .player = "Léa Martin", .result = "1-0" } },
    { "game+dates+result", { .ruleset = "versus-91", .date_from = "2018.01.01",
                             .result = "0-1" } },
  };

  gboolean queries_only = FALSE;
  g_autofree char *only_case = NULL;
  const GOptionEntry entries[] = {
    { "queries-only", 0, 0, G_OPTION_ARG_NONE, &queries_only,
      "Time the history's queries alone (a database grown by copying rows)", NULL },
    { "case", 0, 0, G_OPTION_ARG_STRING, &only_case,
      "Time this filter alone (such as tag-any-part), every sort of it: to profile one", "NAME" },
    { NULL }
  };
  g_autoptr (GOptionContext) options = g_option_context_new ("DATABASE");

  g_option_context_set_summary (options, "Times the history's queries, opening stored games "
                                         "and the opening explorer on a game database.");
  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error) || argc != 2)
    {
      fprintf (stderr, "bench-store: %s\n",
               error ? error->message : "give one DATABASE (see --help)");
      return 2;
    }
  if (only_case)
    {
      gboolean known = FALSE;

      for (guint c = 0; c < G_N_ELEMENTS (cases) && !known; c++)
        known = g_str_equal (only_case, cases[c].name);
      if (!known)
        {
          fprintf (stderr, "bench-store: --case: no case named %s\n", only_case);
          return 2;
        }
    }
  store = tb_store_open (argv[1], &error);
  if (store == NULL)
    g_error ("%s", error->message);
  printf ("games: %u\n", tb_store_count_all (store));

  /* As the history asks: without the games left before their first
   * move (tb-history-view.c). */
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    ((Case *) &cases[c])->filter.skip_empty = TRUE;
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint sort = 0; sort < G_N_ELEMENTS (sort_names) &&
                         (only_case == NULL || g_str_equal (only_case, cases[c].name));
         sort++)
      for (int descending = 0; descending < 2; descending++)
        {
          guint count;
          Timing t[3];
          double by_offset, by_key;

          /* The median of three: one answer that the machine delayed is
           * not the query's time. */
          for (guint i = 0; i < G_N_ELEMENTS (t); i++)
            t[i] = time_query (store, &cases[c].filter, sort, descending, &count);
          qsort (t, G_N_ELEMENTS (t), sizeof t[0], compare_timings);
          worst_count = MAX (worst_count, t[1].count_cpu);
          worst_page = MAX (worst_page, t[1].page_cpu);
          worst = MAX (worst, t[1].wall);
          time_middle_page (store, &cases[c].filter, sort, descending, count, &by_offset,
                            &by_key);
          worst_offset = MAX (worst_offset, by_offset);
          worst_key = MAX (worst_key, by_key);
          if (sort == 0 || t[1].page_cpu > 1 || t[1].count_cpu > 5 || by_key > 1)
            printf ("filter %-20s sort %-12s %-4s %7u games  count %6.2f ms CPU, "
                    "first page %6.2f ms CPU, %7.2f ms wall; middle page by offset %6.2f ms "
                    "CPU, by key %6.2f ms CPU\n", cases[c].name,
                    sort_names[sort], descending ? "desc" : "asc", count, t[1].count_cpu,
                    t[1].page_cpu, t[1].wall, by_offset, by_key);
        }
  printf ("worst: count %.2f ms CPU, first page %.2f ms CPU, both %.2f ms wall\n", worst_count,
          worst_page, worst);
  printf ("worst middle page: by offset %.2f ms CPU, by key %.2f ms CPU\n", worst_offset,
          worst_key);
  if (only_case)
    return 0;
  time_suggestions (store);

  if (queries_only)
    return 0;
  ids = tb_store_query_ids (store, NULL, TB_STORE_SORT_DATE, FALSE, 0, G_MAXUINT, &error);
  for (guint i = 0; i < 200 && ids->len > 0; i++)
    {
      gint64 id = g_array_index (ids, gint64, (i * 7919u) % ids->len);
      double start = now_ms (), ms;
      g_autoptr (TbGame) game = tb_store_load_game (store, id, &error);

      if (game == NULL)
        g_error ("%s", error->message);
      ms = now_ms () - start;
      g_array_append_val (loads, ms);
    }
  g_array_sort (loads, compare_doubles);
  if (loads->len)
    printf ("open a game: median %.2f ms, max %.2f ms (%u games)\n",
            g_array_index (loads, double, loads->len / 2),
            g_array_index (loads, double, loads->len - 1), loads->len);
  time_explorer (store, ids);
  return 0;
}
