/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-perft.h: counting move sequences, and random-play benchmarks */
#pragma once

#include "tb-line.h"

G_BEGIN_DECLS

/* The number of move sequences of exactly depth plies from the line's
 * current position (a forced pass is a ply; a finished game has none). */
guint64 tb_perft (TbLine *line, guint depth);

/* Rates are per CPU-second (user + sys of the process): the machine may
 * be shared, and wall time would count the others' work.  The wall time
 * is kept beside it to show the load. */
typedef struct
{
  double plies_per_second;
  double playouts_per_second;
  double plies_per_wall_second;
  double cpu_seconds;
  double wall_seconds;
  double movegen_ns;     /* mean CPU time of one legal-move generation */
  double movegen_mid_ns; /* the same, over positions of the middle third of their game */
  guint64 plies;
  guint64 playouts;
} TbBenchResult;

/* Random games from the start for about seconds of CPU time, on this
 * thread. */
void tb_bench_random_play (TbVariant *variant, double seconds, guint64 seed,
                           TbBenchResult *result);

G_END_DECLS
