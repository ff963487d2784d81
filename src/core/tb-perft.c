/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-perft.c: perft and the random-play benchmark */
#include "config.h"

#include <string.h>
#include <time.h>

#include "tb-perft.h"
#include "tb-random.h"
/* A benchmark of the move generator: the table, directly. */
#include "tb-rules-table.h"

static guint64
perft_at (TbLine *line, guint depth, TbMove *moves, guint stride)
{
  guint n = tb_line_moves (line, moves, NULL);
  guint64 total = 0;

  if (depth == 1 || n == 0)
    return n;
  for (guint i = 0; i < n; i++)
    {
      tb_line_push (line, moves[i]);
      total += perft_at (line, depth - 1, moves + stride, stride);
      tb_line_pop (line);
    }
  return total;
}

guint64
tb_perft (TbLine *line, guint depth)
{
  guint stride = tb_line_get_variant (line)->max_moves;
  g_autofree TbMove *moves = NULL;

  if (depth == 0)
    return 1;
  /* One move buffer per depth, allocated once. */
  moves = g_new (TbMove, (gsize) stride * depth);
  return perft_at (line, depth, moves, stride);
}

#define SAMPLE_POSITIONS 4096

/* Positions of random games, packed one after another; mid[i] says
 * whether position i lies in the middle third of its game. */
typedef struct
{
  guint8 *positions;
  gboolean *mid;
  guint n;
} Sample;

static void
sample_random_games (TbVariant *variant, guint64 seed, Sample *sample)
{
  gsize size = variant->position_size;
  g_autofree TbMove *moves = g_new (TbMove, variant->max_moves);
  g_autoptr (TbLine) line = tb_line_new (variant, 1);
  TbRandom rng;
  guint n;

  sample->positions = g_malloc (SAMPLE_POSITIONS * size);
  sample->mid = g_new0 (gboolean, SAMPLE_POSITIONS);
  sample->n = 0;
  tb_random_init (&rng, seed + 1);
  while (sample->n < SAMPLE_POSITIONS)
    {
      guint game_start = sample->n, length;

      tb_line_reset (line, 1);
      while (sample->n < SAMPLE_POSITIONS && (n = tb_line_moves (line, moves, NULL)) > 0)
        {
          memcpy (sample->positions + sample->n++ * size, tb_line_get_position (line), size);
          tb_line_push (line, moves[tb_random_below (&rng, n)]);
        }
      length = sample->n - game_start;
      for (guint i = game_start + length / 3; i < game_start + 2 * length / 3; i++)
        sample->mid[i] = TRUE;
    }
}

/* CPU time (user + sys) of this thread in microseconds: on a shared
 * machine wall time counts the other workers' turns too, and said 14,745 ns
 * for a generation that takes 1,100.  The benchmark runs on one thread;
 * the thread's clock is also the cheaper to read (the process's sums
 * every thread's). */
static gint64
cpu_time_usec (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time ();
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* The mean CPU time of a generation over the sampled positions (mid_only:
 * those of the middle third), a quarter of a CPU-second of repeats. */
static double
time_movegen (TbVariant *variant, const Sample *sample, gboolean mid_only)
{
  gsize size = variant->position_size;
  g_autofree TbMove *moves = g_new (TbMove, variant->max_moves);
  guint64 calls = 0;
  gint64 start = cpu_time_usec ();

  do
    for (guint i = 0; i < sample->n; i++)
      if (!mid_only || sample->mid[i])
        {
          variant->rules->legal_moves (variant, (const TbPosition *) (sample->positions + i * size),
                                       moves);
          calls++;
        }
  while (cpu_time_usec () - start < G_USEC_PER_SEC / 4);
  return (cpu_time_usec () - start) * 1000.0 / calls;
}

/* Playouts between two reads of the clock: a few milliseconds at most. */
#define PLAYOUTS_A_CLOCK_READ 16

void
tb_bench_random_play (TbVariant *variant, double seconds, guint64 seed, TbBenchResult *result)
{
  g_autoptr (TbLine) line = tb_line_new (variant, 1);
  TbRandom rng;
  gint64 start = cpu_time_usec (), wall_start = g_get_monotonic_time ();
  gint64 deadline = start + (gint64) (seconds * G_USEC_PER_SEC);
  gint64 elapsed;

  tb_random_init (&rng, seed);
  result->plies = result->playouts = 0;
  do
    {
      guint n;

      tb_line_reset (line, 1);
      /* Counted, then the chosen move made alone: what a playout needs. */
      while ((n = tb_line_count_moves (line, NULL)) > 0)
        {
          tb_line_push (line, tb_line_nth_move (line, tb_random_below (&rng, n)));
          result->plies++;
        }
      result->playouts++;
    }
  /* The clock is a system call: read after every playout, it was some
   * 4.5 % of a Retournement second (its playouts are short). */
  while (result->playouts % PLAYOUTS_A_CLOCK_READ != 0 || cpu_time_usec () < deadline);
  elapsed = MAX (cpu_time_usec () - start, 1);
  result->cpu_seconds = elapsed / (double) G_USEC_PER_SEC;
  result->wall_seconds = MAX (g_get_monotonic_time () - wall_start, 1) / (double) G_USEC_PER_SEC;
  result->plies_per_second = result->plies / result->cpu_seconds;
  result->playouts_per_second = result->playouts / result->cpu_seconds;
  result->plies_per_wall_second = result->plies / result->wall_seconds;

  /* Move generation alone: the mean over a sample of the positions of
   * random games (not one game's, which would say more about that game). */
  {
    Sample sample;

    sample_random_games (variant, seed, &sample);
    result->movegen_ns = time_movegen (variant, &sample, FALSE);
    result->movegen_mid_ns = time_movegen (variant, &sample, TRUE);
    g_free (sample.positions);
    g_free (sample.mid);
  }
}
