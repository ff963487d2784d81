/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-test-util.h: helpers shared by the headless tests */
#pragma once

#include <gio/gio.h>

#include "tb-line.h"

G_BEGIN_DECLS

/* A line of ruleset_id (default options, or "k=v,…") after the moves of
 * the NULL-terminated list; aborts the test on an illegal move. */
TbLine *tt_line (const char *ruleset_id, const char *options, const char *const *moves);
/* A line that starts from a set-up position (the ruleset's text format). */
TbLine *tt_line_at (const char *ruleset_id, const char *options, const char *position);

/* The legal moves in canonical text, sorted; NULL-terminated. */
GStrv tt_legal (TbLine *line);
gboolean tt_is_legal (TbLine *line, const char *move);
/* Plays a move that must be legal. */
void tt_play (TbLine *line, const char *move);
/* What stands on cell in the ruleset's position text ("P3/2", "V1"), or
 * "" when the cell is empty; streak marks are kept ("P3/2!02"). */
char *tt_piece_at (TbLine *line, const char *cell);
/* The position text of the current position. */
char *tt_position (TbLine *line);

/* The piece without its streak marks ("P3/2"). */
char *tt_piece_kind_at (TbLine *line, const char *cell);

#define tt_assert_piece(line, cell, expected) \
  G_STMT_START { \
    g_autofree char *tt_piece_ = tt_piece_kind_at ((line), (cell)); \
    g_assert_cmpstr (tt_piece_, ==, (expected)); \
  } G_STMT_END

/* The piece with its streak marks ("P3/2!01"). */
#define tt_assert_piece_streaks(line, cell, expected) \
  G_STMT_START { \
    g_autofree char *tt_piece_ = tt_piece_at ((line), (cell)); \
    g_assert_cmpstr (tt_piece_, ==, (expected)); \
  } G_STMT_END

#define TT_MOVES(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* Runs the default main context until done (data), failing the test
 * after 20 s: a job that never finishes is a failure, not a hang. */
void tt_iterate_until (gboolean (*done) (gpointer), gpointer data);
/* A GAsyncReadyCallback that keeps a reference to the result in
 * *(GAsyncResult **) data, for tt_await_result. */
void tt_keep_result (GObject *source, GAsyncResult *result, gpointer data);
/* Runs the main context until *slot holds a result (tt_keep_result). */
void tt_await_result (GAsyncResult **slot);

/* Removes a temporary folder of the tests and the files in it. */
void tt_remove_dir (const char *dir);

G_END_DECLS
