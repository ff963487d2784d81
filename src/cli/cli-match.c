/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-match.c: tablier-cli match, games between two players (random or a
 * computer level) to measure the levels against each other
 *
 * A takes seat 1 in even games and seat 2 in odd ones.  Games may run on
 * several threads (--jobs); each game's moves depend only on the seed and
 * the game's number, so the results do not depend on the threads.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-commands.h"
#include "tb-ai.h"
#include "tb-tgn.h"
#include "tb-zobrist.h"

typedef struct
{
  const char *spec;
  TbAiLimits limits;
  int level;            /* 0 for random */
} Player;

typedef struct
{
  TbOutcome outcome;    /* result NONE: stopped at the ply limit */
  GArray *moves;        /* TbMove */
  double a_points;      /* 1, 0.5 or 0 for A */
  GArray *times_us[2];  /* per move of A and of B */
} GameRecord;

typedef struct
{
  TbVariant *variant;
  const TbPosition *position;   /* a set-up start, or NULL */
  guint starter;
  Player players[2];            /* A, B */
  guint64 seed;
  guint opening_plies;          /* played at random first, for varied games */
  guint max_plies;
  guint n_games;
  GameRecord *games;
  gint next_game;               /* atomic */
} Match;

static gboolean
parse_spec (const TbRules *rules, const char *spec, Player *player, GError **error)
{
  player->spec = spec;
  if (g_strcmp0 (spec, "random") == 0)
    {
      memset (&player->limits, 0, sizeof player->limits);
      player->limits.engine = TB_AI_RANDOM;
      player->level = 0;
      return TRUE;
    }
  if (spec && g_str_has_prefix (spec, "ai:"))
    {
      guint64 level;
      /* ai:5-old: the level as it played before its searches learnt
       * what they learnt in 2026-11, to measure what it gains;
       * ai:5-no-reuse: the level without its tree reuse
       * (TbAiLimits.reuse), to measure it. */
      gboolean old = g_str_has_suffix (spec, "-old");
      gboolean no_reuse = g_str_has_suffix (spec, "-no-reuse");
      gsize suffix = old ? 4 : no_reuse ? 9 : 0;
      g_autofree char *number = g_strndup (spec + 3, strlen (spec + 3) - suffix);

      if (!g_ascii_string_to_unsigned (number, 10, TB_AI_MIN_LEVEL, TB_AI_MAX_LEVEL, &level,
                                       NULL))
        {
          g_set_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LEVEL,
                       "'%s': the level goes from %d to %d", spec, TB_AI_MIN_LEVEL,
                       TB_AI_MAX_LEVEL);
          return FALSE;
        }
      player->level = (int) level;
      if (old)
        return tb_ai_level_limits_old (rules, (guint) level, &player->limits, error);
      if (!tb_ai_level_limits (rules, (guint) level, &player->limits, error))
        return FALSE;
      if (no_reuse)
        player->limits.reuse = FALSE;
      return TRUE;
    }
  /* For measuring the searches themselves: a budget of nodes or of
   * iterations, with no level around it. */
  if (spec && (g_str_has_prefix (spec, "ab:") || g_str_has_prefix (spec, "mcts:")))
    {
      gboolean mcts = spec[0] == 'm';
      guint64 budget;

      if (g_ascii_string_to_unsigned (spec + (mcts ? 5 : 3), 10, 1, G_MAXUINT32, &budget, NULL))
        {
          player->limits = (TbAiLimits) { mcts ? TB_AI_MCTS : TB_AI_ALPHA_BETA, 64, budget, 0, 0,
                                          0, mcts ? 40 : 0, 300 };
          player->level = 0;
          return TRUE;
        }
    }
  g_set_error (error, TB_AI_ERROR, TB_AI_ERROR_BAD_LEVEL,
               "'%s' is not a player (random, ai:LEVEL with LEVEL 1 to 5, ai:LEVEL-old, "
               "ai:LEVEL-no-reuse, ab:NODES or mcts:ITERATIONS)",
               spec ? spec : "");
  return FALSE;
}

static void
play_game (Match *m, guint index)
{
  GameRecord *record = &m->games[index];
  g_autoptr (TbLine) line = tb_line_new (m->variant, m->starter);
  g_autofree TbMove *moves = g_new (TbMove, m->variant->max_moves);
  guint a_seat = index % 2 == 0 ? 1 : 2;
  /* Each player's search may go on from its previous move's. */
  g_autoptr (TbAiTree) kept_a = tb_ai_tree_new ();
  g_autoptr (TbAiTree) kept_b = tb_ai_tree_new ();

  if (m->position)
    tb_line_reset_to (line, m->position);
  record->moves = g_array_new (FALSE, FALSE, sizeof (TbMove));
  record->times_us[0] = g_array_new (FALSE, FALSE, sizeof (gint64));
  record->times_us[1] = g_array_new (FALSE, FALSE, sizeof (gint64));
  while (tb_line_moves (line, moves, &record->outcome) > 0 && record->moves->len < m->max_plies)
    {
      guint seat = tb_position_to_move (tb_line_get_position (line));
      guint who = seat == a_seat ? 0 : 1;
      guint64 seed = tb_zobrist_key (m->seed * 1000003u + index * 7919u + record->moves->len);
      TbAiLimits random_play = { TB_AI_RANDOM };
      TbAiResult result;

      /* Nothing can fail here: the game is not over and nothing cancels.
       * Games i and i + 1 open the same way, each player on each side. */
      if (record->moves->len < m->opening_plies)
        seed = tb_zobrist_key (m->seed * 1000003u + (index / 2) * 7919u + record->moves->len);
      tb_ai_think_kept (line, record->moves->len < m->opening_plies ? &random_play
                                                                    : &m->players[who].limits,
                        seed, who == 0 ? kept_a : kept_b, NULL, &result, NULL);
      tb_line_push (line, result.move);
      g_array_append_val (record->moves, result.move);
      g_array_append_val (record->times_us[who], result.time_us);
    }
  if (record->outcome.result == TB_RESULT_NONE || record->outcome.result == TB_RESULT_DRAW)
    record->a_points = 0.5;
  else
    record->a_points = (record->outcome.result == TB_RESULT_SEAT1_WINS) == (a_seat == 1) ? 1 : 0;
}

static gpointer
worker (gpointer data)
{
  Match *m = data;
  guint index;

  while ((index = (guint) g_atomic_int_add (&m->next_game, 1)) < m->n_games)
    play_game (m, index);
  return NULL;
}

static double
elo_of (double score)
{
  return -400.0 * log10 (1.0 / score - 1.0);
}

static int
compare_times (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* "a-move-ms: mean 12.3, p95 40.1" over every move a player made. */
static void
print_times (Match *m, guint who)
{
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (gint64));
  double sum = 0;

  for (guint g = 0; g < m->n_games; g++)
    g_array_append_vals (all, m->games[g].times_us[who]->data, m->games[g].times_us[who]->len);
  if (all->len == 0)
    return;
  g_array_sort (all, compare_times);
  for (guint i = 0; i < all->len; i++)
    sum += g_array_index (all, gint64, i);
  printf ("%s-move-ms: mean %.1f, p95 %.1f, max %.1f\n", who == 0 ? "a" : "b",
          sum / all->len / 1000.0,
          g_array_index (all, gint64, (guint) (0.95 * (all->len - 1))) / 1000.0,
          g_array_index (all, gint64, all->len - 1) / 1000.0);
}

/* The Wilson interval of a score over n games at 95 %: unlike the normal
 * approximation it stays honest at 0 % and 100 %. */
static void
wilson_interval (double score, guint n, double *low, double *high)
{
  double z = 1.96, centre = (score + z * z / (2 * n)) / (1 + z * z / n);
  double half = z * sqrt (score * (1 - score) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);

  *low = centre - half;
  *high = centre + half;
}

static void
print_summary (Match *m)
{
  guint wins = 0, draws = 0, losses = 0, unfinished = 0, plies = 0;
  double mean = 0, low, high, clamp = 0.5 / m->n_games;

  for (guint g = 0; g < m->n_games; g++)
    {
      double x = m->games[g].a_points;

      wins += x == 1;
      draws += x == 0.5;
      losses += x == 0;
      unfinished += m->games[g].outcome.result == TB_RESULT_NONE;
      plies += m->games[g].moves->len;
      mean += x / m->n_games;
    }
  wilson_interval (mean, m->n_games, &low, &high);
  printf ("A: %u wins, %u draws, %u losses\n", wins, draws, losses);
  printf ("score: %.1f%%\n", 100 * mean);
  /* A clean sweep has no finite Elo: it is shown as if half a game had
   * gone the other way. */
  printf ("elo: %+.0f (95%% interval %+.0f to %+.0f)\n",
          elo_of (CLAMP (mean, clamp, 1 - clamp)), elo_of (CLAMP (low, clamp, 1 - clamp)),
          elo_of (CLAMP (high, clamp, 1 - clamp)));
  printf ("games: %u, plies: %.1f per game, unfinished: %u\n", m->n_games,
          (double) plies / m->n_games, unfinished);
  print_times (m, 0);
  print_times (m, 1);
}

static gboolean
write_records (Match *m, const char *path, GError **error)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

  for (guint g = 0; g < m->n_games; g++)
    {
      g_autoptr (TbGame) game = m->position ? tb_game_new_at (m->variant, m->position)
                                            : tb_game_new (m->variant, m->starter);
      guint a_seat = g % 2 == 0 ? 1 : 2;
      g_autofree char *round = g_strdup_printf ("%u", g + 1);

      tb_game_set_tag (game, "Event", "tablier-cli match");
      tb_game_set_tag (game, "Date", date);
      tb_game_set_tag (game, "Round", round);
      for (guint seat = 1; seat <= 2; seat++)
        {
          const Player *p = &m->players[seat == a_seat ? 0 : 1];
          g_autofree char *name = g_strdup_printf ("%s (%s)", seat == a_seat ? "A" : "B", p->spec);
          g_autofree char *level = g_strdup_printf ("%d", p->level);

          tb_game_set_tag (game, seat == 1 ? "Player1" : "Player2", name);
          tb_game_set_tag (game, seat == 1 ? "Player1Type" : "Player2Type", "program");
          if (p->level)
            tb_game_set_tag (game, seat == 1 ? "Player1Level" : "Player2Level", level);
        }
      for (guint i = 0; i < m->games[g].moves->len; i++)
        if (!tb_game_play (game, g_array_index (m->games[g].moves, TbMove, i), error))
          return FALSE;
      if (g > 0)
        g_string_append_c (out, '\n');
      tb_tgn_write_to (game, out);
    }
  return g_file_set_contents (path, out->str, (gssize) out->len, error);
}

static void
match_clear (Match *m)
{
  for (guint g = 0; m->games && g < m->n_games; g++)
    {
      g_clear_pointer (&m->games[g].moves, g_array_unref);
      g_clear_pointer (&m->games[g].times_us[0], g_array_unref);
      g_clear_pointer (&m->games[g].times_us[1], g_array_unref);
    }
  g_free (m->games);
}

static void
run_match (Match *m, guint jobs)
{
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();

  m->games = g_new0 (GameRecord, m->n_games);
  for (guint j = 1; j < jobs; j++)
    g_ptr_array_add (threads, g_thread_new ("match", worker, m));
  worker (m);
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (threads->pdata[j]);
}

/* Where the records go is checked before the games are played, not
 * found wrong after hours of them. */
static gboolean
check_records_path (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;

  if (path == NULL || cli_check_output (path, &error))
    return TRUE;
  *status = cli_bad_input ("--tgn %s", error->message);
  return FALSE;
}

int
cli_match (int argc, char **argv)
{
  const CliCommand *command = &cli_commands[CLI_MATCH];
  g_autofree char *a = NULL, *b = NULL, *tgn = NULL;
  int games = 0, jobs = 1, max_plies = 2000, opening = 2, time_ms = 0, status = CLI_EXIT_OK;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "a", 0, 0, G_OPTION_ARG_STRING, &a,
      "Player A: random, ai:LEVEL, ai:LEVEL-old or ai:LEVEL-no-reuse", "SPEC" },
    { "b", 0, 0, G_OPTION_ARG_STRING, &b,
      "Player B: random, ai:LEVEL, ai:LEVEL-old or ai:LEVEL-no-reuse", "SPEC" },
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, "How many games", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the players (default 1)", "S" },
    { "tgn", 0, 0, G_OPTION_ARG_FILENAME, &tgn, "Write every game to this TGN file", "FILE" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, "Games played at once (default 1)", "N" },
    { "opening-plies", 0, 0, G_OPTION_ARG_INT, &opening,
      "Plies played at random at the start of each pair of games (default 2), so that "
      "deterministic players do not repeat one game", "N" },
    { "time", 0, 0, G_OPTION_ARG_INT, &time_ms,
      "Thinking time per move, in milliseconds, of the players that search by time "
      "(level 5; default theirs, 4800)", "MS" },
    { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies,
      "Stop a game after this many plies and count it a draw (default 2000)", "N" },
    { NULL }
  };
  CliGameArgs args = { 0 };
  g_autoptr (TbLine) start = NULL;
  g_autoptr (GError) error = NULL;
  gboolean set_up;
  Match m = { 0 };

  if (!cli_parse_args (command, &argc, &argv, entries, &args, &status))
    return status;
  if (argc != 2)
    status = cli_bad_usage (command, argc < 2 ? "missing RULESET" : "unexpected argument '%s'",
                            argv[argc > 2 ? 2 : 0]);
  else if (cli_check_range (command, "--games", games, 1, 100000, &status) &&
           cli_check_range (command, "--jobs", jobs, 1, 64, &status) &&
           cli_check_range (command, "--max-plies", max_plies, 1, G_MAXINT, &status) &&
           cli_check_range (command, "--opening-plies", opening, 0, max_plies, &status) &&
           cli_check_range (command, "--time", time_ms, 0, 600000, &status) &&
           check_records_path (tgn, &status))
    start = cli_replay (argv[1], &args, NULL, 0, &status);
  set_up = args.position != NULL;
  cli_game_args_clear (&args);
  if (start == NULL)
    return status;

  m.variant = tb_line_get_variant (start);
  m.position = set_up ? tb_line_get_position (start) : NULL;
  m.starter = tb_line_get_starter (start);
  m.seed = (guint64) seed;
  m.max_plies = (guint) max_plies;
  m.opening_plies = (guint) opening;
  m.n_games = (guint) games;
  if (!parse_spec (m.variant->rules, a, &m.players[0], &error) ||
      !parse_spec (m.variant->rules, b, &m.players[1], &error))
    return cli_bad_usage (command, "%s", error->message);
  /* Players that search by time (level 5) think for time_ms each. */
  for (guint i = 0; i < 2 && time_ms > 0; i++)
    if (m.players[i].limits.engine != TB_AI_RANDOM && m.players[i].limits.budget == 0)
      m.players[i].limits.time_us = (gint64) time_ms * 1000;

  run_match (&m, (guint) jobs);
  print_summary (&m);
  if (tgn && !write_records (&m, tgn, &error))
    status = (fprintf (stderr, "tablier-cli: %s: %s\n", tgn, error->message), CLI_EXIT_FAILURE);
  match_clear (&m);
  return status;
}
