/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-work.h: the steps taken reading and writing records, counted
 *
 * Reading or writing a record of N bytes must take time in proportion to
 * N, whatever the bytes.  The loops of the lexer, the reader, the writer
 * and of the game tree and tags they go through add what they walk over
 * (bytes, nodes, tags, moves replayed) to this count, so that a test can
 * check that a record eight times longer costs about eight times more
 * without a clock (tests/test-limits.c).  Per thread: an import reads on
 * a thread of its own.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Defined in tb-tgn-lexer.c, where every record starts. */
extern _Thread_local guint64 tb_work_steps;

static inline void
tb_work_add (guint64 steps)
{
  tb_work_steps += steps;
}

G_END_DECLS
