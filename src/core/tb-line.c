/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-line.c: a line of play with repetition counting */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-line.h"
/* Every move played or checked goes through here: the table, directly. */
#include "tb-rules-table.h"

/* Occurrence counts by position hash: linear probing with backward-shift
 * deletion, so pushing and popping millions of positions (perft, random
 * playouts) never leaves the table full of dead entries.  A slot holds a
 * count only in the line's current epoch: a new game empties the table
 * by starting the next one (a random playout a few hundred plies long
 * would otherwise clear the whole table, sized for the longest line
 * so far, after every game). */
typedef struct
{
  guint64 hash;
  guint32 count;  /* 0 = free slot */
  guint32 epoch;  /* the count holds when this is TbLine.epoch */
} RepSlot;

struct _TbLine
{
  TbVariant *variant;
  guint starter;
  guint ply;           /* index of the current position */
  guint capacity;      /* positions the buffers hold */
  guint8 *positions;   /* capacity * position_size bytes */
  TbMove *moves;       /* moves[i] led to position i; moves[0] unused */
  RepSlot *slots;
  guint n_slots;       /* a power of two, at least 2 * capacity */
  TbMove *listed;      /* tb_line_count_moves's list, for rulesets that cannot count */
  TbMoveCounts counts; /* what the ruleset's count_moves left for its nth_move */
  gboolean counted;    /* every position up to ply is in slots */
  guint occurrences;   /* of the position at ply: asked at every ply, known when counted */
  guint32 epoch;       /* of the slots that hold a count (RepSlot), never 0 */
};

static inline TbPosition *
position_at (const TbLine *line, guint ply)
{
  return (TbPosition *) (line->positions + (gsize) ply * line->variant->position_size);
}

static inline guint
slot_home (const TbLine *line, guint64 hash)
{
  return (guint) (hash ^ (hash >> 32)) & (line->n_slots - 1);
}

static inline gboolean
slot_used (const TbLine *line, const RepSlot *slot)
{
  return slot->count != 0 && slot->epoch == line->epoch;
}

static RepSlot *
find_slot (const TbLine *line, guint64 hash)
{
  guint mask = line->n_slots - 1;
  guint i = slot_home (line, hash);

  while (slot_used (line, &line->slots[i]) && line->slots[i].hash != hash)
    i = (i + 1) & mask;
  return &line->slots[i];
}

static guint
count_of (const TbLine *line, guint64 hash)
{
  const RepSlot *slot = find_slot (line, hash);

  return slot_used (line, slot) ? slot->count : 0;
}

/* Returns the hash's new count. */
static guint
count_up (TbLine *line, guint64 hash)
{
  RepSlot *slot = find_slot (line, hash);

  if (!slot_used (line, slot))
    *slot = (RepSlot) { hash, 0, line->epoch };
  return ++slot->count;
}

static void
count_down (TbLine *line, guint64 hash)
{
  guint mask = line->n_slots - 1;
  RepSlot *slot = find_slot (line, hash);
  guint hole, j;

  g_assert (slot_used (line, slot));
  if (--slot->count > 0)
    return;

  /* Close the hole: move back every later entry of the probe run that
   * would no longer be found past it. */
  hole = (guint) (slot - line->slots);
  for (j = (hole + 1) & mask; slot_used (line, &line->slots[j]); j = (j + 1) & mask)
    {
      guint home = slot_home (line, line->slots[j].hash);
      gboolean reachable = (j > hole) ? (home > hole && home <= j)
                                      : (home > hole || home <= j);
      if (reachable)
        continue;
      line->slots[hole] = line->slots[j];
      line->slots[j].count = 0;
      hole = j;
    }
}

static void
rebuild_counts (TbLine *line)
{
  memset (line->slots, 0, sizeof (RepSlot) * line->n_slots);
  line->epoch = 1;
  for (guint i = 0; i <= line->ply; i++)
    count_up (line, tb_position_hash (position_at (line, i)));
}

static void
grow (TbLine *line)
{
  gsize size = line->variant->position_size;
  gboolean first = line->capacity == 0;

  line->capacity = line->capacity ? line->capacity * 2 : 64;
  line->positions = g_realloc_n (line->positions, line->capacity, size);
  line->moves = g_renew (TbMove, line->moves, line->capacity);
  line->n_slots = line->capacity * 4;
  g_free (line->slots);
  line->slots = g_new0 (RepSlot, line->n_slots);
  /* A new line holds no position yet (tb_line_reset counts its start);
   * counting now would read the hash of uninitialised memory. */
  if (!first)
    rebuild_counts (line);
}

TbLine *
tb_line_new (TbVariant *variant, guint starter)
{
  TbLine *line = g_new0 (TbLine, 1);

  line->variant = tb_variant_ref (variant);
  line->epoch = 1;
  grow (line);
  tb_line_reset (line, starter);
  return line;
}

TbLine *
tb_line_copy (const TbLine *line)
{
  TbLine *copy = g_new0 (TbLine, 1);
  gsize size = line->variant->position_size;

  copy->variant = tb_variant_ref (line->variant);
  copy->starter = line->starter;
  copy->ply = line->ply;
  copy->capacity = line->capacity;
  copy->positions = g_memdup2 (line->positions, (gsize) line->capacity * size);
  copy->moves = g_memdup2 (line->moves, sizeof (TbMove) * line->capacity);
  copy->n_slots = line->n_slots;
  copy->slots = g_memdup2 (line->slots, sizeof (RepSlot) * line->n_slots);
  copy->counted = line->counted;
  copy->occurrences = line->occurrences;
  copy->epoch = line->epoch;
  return copy;
}

void
tb_line_free (TbLine *line)
{
  if (line == NULL)
    return;
  tb_variant_unref (line->variant);
  g_free (line->positions);
  g_free (line->moves);
  g_free (line->slots);
  g_free (line->listed);
  g_free (line);
}

/* Empties the counts of a line whose every position is counted: the
 * next epoch (RepSlot), or when the epochs have gone round, a cleared
 * table. */
static void
uncount_all (TbLine *line)
{
  if (++line->epoch == 0)
    {
      memset (line->slots, 0, sizeof (RepSlot) * line->n_slots);
      line->epoch = 1;
    }
}

void
tb_line_reset (TbLine *line, guint starter)
{
  if (line->counted)
    uncount_all (line);
  line->starter = starter;
  line->ply = 0;
  memset (position_at (line, 0), 0, line->variant->position_size);
  line->variant->rules->start (line->variant, starter, position_at (line, 0));
  line->moves[0] = TB_MOVE_NONE;
  line->occurrences = count_up (line, tb_position_hash (position_at (line, 0)));
  line->counted = TRUE;
}

void
tb_line_reset_to (TbLine *line, const TbPosition *pos)
{
  line->starter = tb_position_to_move (pos);
  line->ply = 0;
  memcpy (position_at (line, 0), pos, line->variant->position_size);
  line->moves[0] = TB_MOVE_NONE;
  rebuild_counts (line);
  line->counted = TRUE;
  line->occurrences = count_of (line, tb_position_hash (position_at (line, 0)));
}

TbVariant *
tb_line_get_variant (const TbLine *line)
{
  return line->variant;
}

guint
tb_line_get_starter (const TbLine *line)
{
  return line->starter;
}

guint
tb_line_get_ply (const TbLine *line)
{
  return line->ply;
}

const TbPosition *
tb_line_get_position (const TbLine *line)
{
  return position_at (line, line->ply);
}

const TbPosition *
tb_line_get_position_at (const TbLine *line, guint ply)
{
  g_return_val_if_fail (ply <= line->ply, NULL);
  return position_at (line, ply);
}

TbMove
tb_line_get_move_at (const TbLine *line, guint ply)
{
  g_return_val_if_fail (ply >= 1 && ply <= line->ply, TB_MOVE_NONE);
  return line->moves[ply];
}

guint
tb_line_get_occurrences (const TbLine *line)
{
  return line->occurrences;
}

/* Whether the game is over here, its player having n legal moves. */
static gboolean
line_outcome (TbLine *line, guint n, TbOutcome *outcome)
{
  const TbVariant *v = line->variant;
  const TbPosition *pos = position_at (line, line->ply);

  if (v->rules->outcome (v, pos, n, outcome))
    return TRUE;
  if (v->repetition_limit && tb_line_get_occurrences (line) >= v->repetition_limit)
    {
      v->rules->repetition_outcome (v, pos, outcome);
      return TRUE;
    }
  /* Counted from the line's first position: a set-up position starts the
   * count afresh. */
  if (v->ply_limit && line->ply >= v->ply_limit)
    {
      v->rules->repetition_outcome (v, pos, outcome);
      outcome->termination = TB_TERMINATION_MOVE_LIMIT;
      return TRUE;
    }
  outcome->result = TB_RESULT_NONE;
  outcome->termination = TB_TERMINATION_NONE;
  return FALSE;
}

guint
tb_line_moves (TbLine *line, TbMove *moves, TbOutcome *outcome)
{
  const TbVariant *v = line->variant;
  TbOutcome ignored;
  guint n = v->rules->legal_moves (v, position_at (line, line->ply), moves);

  return line_outcome (line, n, outcome ? outcome : &ignored) ? 0 : n;
}

guint
tb_line_count_moves (TbLine *line, TbOutcome *outcome)
{
  const TbVariant *v = line->variant;
  const TbPosition *pos = position_at (line, line->ply);
  TbOutcome ignored;
  guint n;

  if (v->rules->count_moves)
    n = v->rules->count_moves (v, pos, &line->counts);
  else
    {
      if (line->listed == NULL)
        line->listed = g_new (TbMove, v->max_moves);
      n = v->rules->legal_moves (v, pos, line->listed);
    }
  return line_outcome (line, n, outcome ? outcome : &ignored) ? 0 : n;
}

TbMove
tb_line_nth_move (TbLine *line, guint i)
{
  const TbVariant *v = line->variant;

  if (v->rules->nth_move)
    return v->rules->nth_move (v, position_at (line, line->ply), &line->counts, i);
  g_return_val_if_fail (line->listed != NULL, TB_MOVE_NONE);
  return line->listed[i];
}

gboolean
tb_line_is_over_with_a_move (TbLine *line, TbOutcome *outcome)
{
  return line_outcome (line, 1, outcome);
}

gboolean
tb_line_is_over (TbLine *line, TbOutcome *outcome)
{
  g_autofree TbMove *moves = g_new (TbMove, line->variant->max_moves);
  TbOutcome ignored;

  if (outcome == NULL)
    outcome = &ignored;
  tb_line_moves (line, moves, outcome);
  return outcome->result != TB_RESULT_NONE;
}

void
tb_line_push (TbLine *line, TbMove move)
{
  const TbVariant *v = line->variant;

  if (line->ply + 1 >= line->capacity)
    grow (line);
  v->rules->apply (v, position_at (line, line->ply), move, position_at (line, line->ply + 1));
  line->ply++;
  line->moves[line->ply] = move;
  line->occurrences = count_up (line, tb_position_hash (position_at (line, line->ply)));
}

void
tb_line_pop (TbLine *line)
{
  g_return_if_fail (line->ply > 0);

  count_down (line, tb_position_hash (position_at (line, line->ply)));
  line->ply--;
  line->occurrences = count_of (line, tb_position_hash (position_at (line, line->ply)));
}

gboolean
tb_line_play (TbLine *line, TbMove move, GError **error)
{
  g_autofree TbMove *moves = g_new (TbMove, line->variant->max_moves);
  guint n = tb_line_moves (line, moves, NULL);

  if (n == 0)
    {
      g_set_error_literal (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER,
                           "the game is over");
      return FALSE;
    }
  if (tb_moves_contain (moves, n, move))
    {
      tb_line_push (line, move);
      return TRUE;
    }
  g_set_error_literal (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE,
                       _("not a legal move in this position"));
  return FALSE;
}

gboolean
tb_line_parse_move (TbLine *line, const char *text, TbMove *move, GError **error)
{
  const TbVariant *v = line->variant;
  g_autofree TbMove *moves = g_new (TbMove, v->max_moves);
  g_autofree char *token = g_strstrip (g_strdup (text));
  TbOutcome outcome;
  guint n = tb_line_moves (line, moves, &outcome);

  if (g_ascii_strcasecmp (token, "pass") == 0)
    *move = TB_MOVE_PASS;
  else if (!v->rules->parse_move (v, tb_line_get_position (line), token, move, error))
    return FALSE;

  if (n == 0 && outcome.termination == TB_TERMINATION_MOVE_LIMIT)
    {
      /* Most likely a record of a longer game from before the limit, or
       * from elsewhere: say how to read it. */
      g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER,
                   "the game is already over: each player has made the %u moves of the move "
                   "limit (a longer game reads with the option move-limit=0)",
                   v->ply_limit / 2);
      return FALSE;
    }
  if (n == 0)
    {
      g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER,
                   "the game is already over (%s)", tb_termination_to_string (outcome.termination));
      return FALSE;
    }
  if (tb_moves_contain (moves, n, *move))
    return TRUE;
  if (*move == TB_MOVE_PASS)
    g_set_error_literal (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE,
                         _("pass is only legal when no move is possible"));
  else
    {
      /* Say why, in the ruleset's words: "the VERSUS … never stop on it". */
      g_autoptr (GString) why = g_string_new (NULL);

      if (!tb_variant_explain_illegal (v, tb_line_get_position (line), *move, why))
        g_string_assign (why, _("not a legal move in this position"));
      g_set_error_literal (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE, why->str);
    }
  return FALSE;
}

gboolean
tb_line_play_text (TbLine *line, const char *text, TbMove *move, GError **error)
{
  TbMove parsed;

  if (!tb_line_parse_move (line, text, &parsed, error))
    return FALSE;
  tb_line_push (line, parsed);
  if (move)
    *move = parsed;
  return TRUE;
}
