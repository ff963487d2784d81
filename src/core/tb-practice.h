/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-practice.h: practice from one's own mistakes
 *
 * Each move of a player's analysed games marked a mistake (?) or a
 * blunder (??) is an exercise: the position before it, the player to
 * move, to find a better move.  The analysis left the better move as a
 * variation with its evaluation (tb_game_analysis_apply): that is the
 * solution.  Another move is accepted when its expected score is within
 * the game's margin of the best (tb_practice_margin).  Each try is kept
 * in the store, and the exercises failed last time come first.
 */
#pragma once

#include <gio/gio.h>

#include "tb-game.h"
#include "tb-store.h"

G_BEGIN_DECLS

typedef struct
{
  gint64 game_id;
  guint ply;                    /* the move to better: the position is before it */
  guint seat;                   /* the player to move, who made the mistake */
  TbGame *game;                 /* the stored game, shared by its exercises */
  TbLine *line;                 /* at the exercise's position */
  TbMove played;                /* the move made then */
  guint8 nag;                   /* 2 (?) or 4 (??) */
  TbMove better;                /* the analysis' better move */
  double better_expected;       /* its expected score for seat, 0 to 1 */
  double played_expected;       /* the move played's, for seat */
  TbStorePracticeResult result; /* the tries so far (tries 0: none) */
} TbPracticeExercise;

TbPracticeExercise *tb_practice_exercise_copy (const TbPracticeExercise *exercise);
void tb_practice_exercise_free (TbPracticeExercise *exercise);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbPracticeExercise, tb_practice_exercise_free)

/* How much less than the best move's expected score a move may keep and
 * be accepted, for the player to move (docs/architecture.md says why):
 * less than an inaccuracy of the game's analysis. */
double tb_practice_margin (const TbRules *rules);

/* The exercises of game (stored as id) for player (the whole name, any
 * case and accents; NULL: both players), in the order of the moves: an
 * array of TbPracticeExercise, without results. */
GPtrArray *tb_practice_exercises_of_game (TbGame *game, gint64 id, const char *player);

/* Orders exercises for a session: those whose last try failed first,
 * then those never tried, then those solved; within each, the games and
 * moves in order. */
void tb_practice_sort (GPtrArray *exercises);

/* Every exercise of player's analysed games of ruleset (NULL: of every
 * game), with its results, in the order of tb_practice_sort; NULL and
 * error when the store fails. */
GPtrArray *tb_practice_load (TbStore *store, const char *ruleset, const char *player,
                             GError **error);
/* The same as a store job. */
void tb_practice_load_async (TbStore *store, const char *ruleset, const char *player,
                             GCancellable *cancellable, GAsyncReadyCallback callback,
                             gpointer user_data);
GPtrArray *tb_practice_load_finish (GAsyncResult *result, GError **error);

/* tb_store_practice_counts as a store job: _finish gives its table. */
void tb_practice_counts_async (TbStore *store, const char *ruleset, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
GHashTable *tb_practice_counts_finish (GAsyncResult *result, GError **error);

typedef struct
{
  gboolean accepted;
  double expected;       /* what the move keeps for the player to move, 0 to 1 */
  double best;           /* the best move's, by the same search */
  double loss;           /* best - expected, at least 0 */
} TbPracticeVerdict;

/* The nodes a judgement searches by default: those of the default
 * analysis (the same verdict on every machine). */
guint64 tb_practice_default_nodes (const TbRules *rules);

/* Judges move (legal in the exercise's position).  The analysis' better
 * move is accepted as it is, the move played refused; another is scored
 * by tb_ai_analyse of the position with nodes per search (0: the
 * default), within the same search as the best move when it is among
 * its best lines, else by a search of the position after it (the two
 * searches run on two threads).  FALSE when cancelled. */
gboolean tb_practice_judge (const TbPracticeExercise *exercise, TbMove move, guint64 nodes,
                            GCancellable *cancellable, TbPracticeVerdict *verdict,
                            GError **error);
/* The same off the main thread, on a copy of the exercise (it may be
 * freed meanwhile). */
void tb_practice_judge_async (const TbPracticeExercise *exercise, TbMove move, guint64 nodes,
                              GCancellable *cancellable, GAsyncReadyCallback callback,
                              gpointer user_data);
gboolean tb_practice_judge_finish (GAsyncResult *result, TbPracticeVerdict *verdict,
                                   GError **error);

/* Keeps a try at exercise (solved or not, now) in its results at once
 * and, by a store job, in the store. */
void tb_practice_record_async (TbStore *store, TbPracticeExercise *exercise, gboolean solved,
                               GCancellable *cancellable, GAsyncReadyCallback callback,
                               gpointer user_data);
gboolean tb_practice_record_finish (GAsyncResult *result, GError **error);

/* A move of the exercise's position as text ("b4-b5"). */
char *tb_practice_format_move (const TbPracticeExercise *exercise, TbMove move);
/* The start of the better move's text, for a hint: "b4-…" (up to and
 * with its first separator: the cell, or the piece, it starts from). */
char *tb_practice_hint_text (const TbPracticeExercise *exercise);

G_END_DECLS
