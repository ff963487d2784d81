/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-random.h: a small, fast, seedable generator (xoshiro256**)
 *
 * GRand is a Mersenne Twister behind a function call and a lock-free but
 * heavy state; random playouts draw a number per ply, so they use this.
 * The same seed gives the same sequence on every machine.
 */
#pragma once

#include <glib.h>

#include "tb-zobrist.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 s[4];
} TbRandom;

static inline void
tb_random_init (TbRandom *rng, guint64 seed)
{
  for (int i = 0; i < 4; i++)
    rng->s[i] = tb_zobrist_key (seed + (guint64) i);
}

static inline guint64
tb_random_rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
tb_random_next (TbRandom *rng)
{
  guint64 *s = rng->s;
  guint64 result = tb_random_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = tb_random_rotl (s[3], 45);
  return result;
}

/* Uniform in [0, n), n > 0 (Lemire's multiply-shift; the bias is far
 * below anything a game can notice). */
static inline guint
tb_random_below (TbRandom *rng, guint n)
{
  return (guint) (((tb_random_next (rng) >> 32) * (guint64) n) >> 32);
}

G_END_DECLS
