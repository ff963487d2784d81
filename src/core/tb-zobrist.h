/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-zobrist.h: Zobrist keys computed on the fly
 *
 * A key per feature (a piece state on a cell, the side to move, …) is
 * what Zobrist hashing needs; instead of a large random table, the key is
 * a strong 64-bit mix (splitmix64) of the feature number: as good as a
 * table, deterministic on every machine, and no cache misses.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline guint64
tb_zobrist_key (guint64 feature)
{
  guint64 z = feature + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Feature numbers: a ruleset tag in the high bits keeps games apart. */
#define TB_ZOBRIST_FEATURE(ruleset_tag, cell, state) \
  (((guint64) (ruleset_tag) << 40) | ((guint64) (cell) << 16) | (guint64) (state))
#define TB_ZOBRIST_SEAT2_TO_MOVE tb_zobrist_key (G_GUINT64_CONSTANT (0xffffffffff))

G_END_DECLS
