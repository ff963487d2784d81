/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-oraia.c: Oraïa moves (leaving, steps, jump chains, arriving), the
 * turn of the disc, and the end of the game (rules/oraia.md §3-§4)
 */
#include "config.h"

#include <string.h>

#include "tb-oraia-private.h"

/* The search of one pawn's moves. */
typedef struct
{
  const OrData *data;
  const OrPosition *pos;
  guint seat;
  guint opponent;
  gboolean charged;    /* the pawn's charge before this move */
  guint32 visited;     /* cells landed on in this move, the start included */
  guint32 opponents;   /* the cells of the opponent's pawns */
  TbMove *moves;
  guint n;
} Search;

static inline gboolean
holds_opponent (const Search *s, int cell)
{
  return (s->pos->cell[cell] & OR_SEAT_MASK) == s->opponent;
}

/* A move ending on C charges the pawn and may turn the disc either way:
 * three moves (oraia.md §3.4). */
static void
add_move (Search *s, TbMove move, int land)
{
  s->moves[s->n++] = move;
  if (land == OR_C)
    {
      s->moves[s->n++] = move | ((TbMove) OR_TURN_RIGHT << 5);
      s->moves[s->n++] = move | ((TbMove) OR_TURN_LEFT << 5);
    }
}

/* move with one more hop (index hop) after depth hops. */
static inline TbMove
extend (TbMove move, guint depth, guint hop)
{
  move &= ~((TbMove) 0x1f << 8);
  return move | OR_JUMP | ((TbMove) (depth + 1) << 8) | ((TbMove) hop << (13 + 3 * depth));
}

static void chain (Search *s, int cell, TbMove move, guint depth, int line);

static void
land_and_go_on (Search *s, int land, TbMove move, guint depth, int line)
{
  g_assert (depth < OR_MAX_HOPS);
  s->visited |= 1u << land;
  add_move (s, move, land);
  chain (s, land, move, depth, line);
  s->visited &= ~(1u << land);
}

/* A charged pawn on I_k jumps an opponent on O_k onto the crown place it
 * faces, an empty start place of the opponent: the move ends there. */
static inline void
arrival_hop (Search *s, int cell, TbMove move, guint depth, int line)
{
  int k, place;

  /* Most pawns: not charged, or not on the inner ring. */
  if (!s->charged || !or_is_inner (cell) || !s->data->arrival_hop)
    return;
  k = or_ring_index (cell);
  place = or_facing_crown (s->pos, OR_O (k));
  if (s->data->strict_single_line && line >= 0 && line != k % 4)
    return;
  if (holds_opponent (s, OR_O (k)) && or_start_seat (place) == s->opponent && !s->pos->cell[place])
    add_move (s, extend (move, depth, OR_ARRIVAL_HOP), place);
}

/* Every chain of hops from cell (depth hops already in move), each hop
 * straight over an opposing pawn to an empty cell not yet landed on
 * (oraia.md §3.3); line: the chain's line when chains keep one line. */
static void
chain (Search *s, int cell, TbMove move, guint depth, int line)
{
  const OrData *data = s->data;
  guint over = 0;

  /* The hops over an opponent, in the order of the cell's list. */
  for (guint32 near = data->hop_over[cell] & s->opponents; near; near &= near - 1)
    over |= data->hops_over_cell[cell][__builtin_ctz (near)];
  for (; over; over &= over - 1)
    {
      guint j = (guint) __builtin_ctz (over);
      const OrHop *hop = &data->hops[cell][j];

      if (s->pos->cell[hop->land] || (s->visited & (1u << hop->land)))
        continue;
      for (guint w = 0; w < hop->n_ways; w++)
        {
          if (!holds_opponent (s, hop->over[w]))
            continue;
          if (!data->strict_single_line)
            {
              land_and_go_on (s, hop->land, extend (move, depth, j), depth + 1, -1);
              break;  /* either way over, the same move */
            }
          if (line < 0 || hop->line[w] == line)
            land_and_go_on (s, hop->land, extend (move, depth, j), depth + 1, hop->line[w]);
        }
    }
  arrival_hop (s, cell, move, depth, line);
}

/* A pawn still on its start place: to the cell in front, or over the
 * opponent there (the compulsory hop, oraia.md §3.2). */
static void
leaving_moves (Search *s, int place)
{
  int front = or_facing_outer (s->pos, place);
  int inner = OR_I (or_ring_index (front));

  if (!s->pos->cell[front])
    add_move (s, or_step (place, front), front);
  else if (holds_opponent (s, front) && !s->pos->cell[inner])
    {
      s->visited = (1u << place) | (1u << inner);
      land_and_go_on (s, inner, extend ((TbMove) place, 0, 0), 1,
                      s->data->strict_single_line ? or_ring_index (front) % 4 : -1);
    }
}

static void
disc_moves (Search *s, int cell)
{
  const OrData *data = s->data;

  /* Each step is written whatever, and kept when its cell is empty
   * (three moves onto C): a branch on the cells mispredicted at most
   * steps.  The list has room past its end (OR_MAX_MOVES). */
  for (guint i = 0; i < data->n_adjacent[cell]; i++)
    {
      int next = data->adjacent[cell][i];
      TbMove step = or_step (cell, next);

      s->moves[s->n] = step;
      s->moves[s->n + 1] = step | ((TbMove) OR_TURN_RIGHT << 5);
      s->moves[s->n + 2] = step | ((TbMove) OR_TURN_LEFT << 5);
      s->n += (s->pos->cell[next] == 0) * (1 + 2 * (next == OR_C));
    }
  if (s->charged && or_is_outer (cell))
    {
      /* Home: the empty start place of the opponent in front. */
      int place = or_facing_crown (s->pos, cell);

      if (or_start_seat (place) == s->opponent && !s->pos->cell[place])
        add_move (s, or_step (cell, place), place);
    }
  s->visited = 1u << cell;
  if (data->hop_over[cell] & s->opponents)
    chain (s, cell, (TbMove) cell, 0, -1);
  else
    arrival_hop (s, cell, (TbMove) cell, 0, -1);
}

/* The cells holding seat's pawns, as bits. */
static inline guint32
pawn_cells (const OrPosition *pos, guint seat)
{
  return pos->pawns[seat - 1];
}

static guint
pawn_moves (const OrData *data, const OrPosition *pos, guint seat, guint32 opponents, int cell,
            TbMove *moves)
{
  Search s = { data, pos, seat, 3 - seat, (pos->cell[cell] & OR_CHARGED) != 0, 0, opponents,
               moves, 0 };

  if (!or_is_crown (cell))
    disc_moves (&s, cell);
  else if (or_start_seat (cell) == seat)
    leaving_moves (&s, cell);
  /* Pawns home on the opponent's places never move again. */
  if (data->pinwheel && data->strict_single_line)
    {
      /* Two ways over to the same cell, on two lines, may give the same
       * move twice: keep one. */
      guint kept = 0;

      for (guint i = 0; i < s.n; i++)
        {
          gboolean seen = FALSE;

          for (guint j = 0; j < kept && !seen; j++)
            seen = moves[j] == moves[i];
          if (!seen)
            moves[kept++] = moves[i];
        }
      s.n = kept;
    }
  g_assert (s.n < OR_MAX_MOVES / 4);
  return s.n;
}

/* The start places of seat, as bits: the even crown places for seat 1,
 * the odd ones for seat 2 (or_start_seat). */
static inline guint32
home_places (guint seat)
{
  return seat == 1 ? 0x55 : 0xaa;
}

guint
or_player_moves (const OrData *data, const OrPosition *pos, guint seat, TbMove *moves)
{
  guint32 mine = pawn_cells (pos, seat), theirs = pawn_cells (pos, 3 - seat);
  guint n = 0;

  /* The pawn left on C must move (oraia.md §3.1). */
  if (mine & (1u << OR_C))
    {
      n = pawn_moves (data, pos, seat, theirs, OR_C, moves);
      if (n > 0 || !data->centre_free_when_stuck)
        return n;
    }
  /* Pawns home on the opponent's start places never move again. */
  for (guint32 todo = mine & ~(1u << OR_C) & ~home_places (3 - seat); todo; todo &= todo - 1)
    n += pawn_moves (data, pos, seat, theirs, __builtin_ctz (todo), moves + n);
  return n;
}

static gboolean
pawn_has_move (const OrData *data, const OrPosition *pos, guint seat, int cell, TbMove move)
{
  TbMove moves[OR_MAX_MOVES];

  return tb_moves_contain (moves,
                           pawn_moves (data, pos, seat, pawn_cells (pos, 3 - seat), cell, moves),
                           move);
}

/* Only the moving pawn's moves are made, as or_player_moves would: the
 * pawn on C first. */
gboolean
or_is_legal (const TbVariant *v, const TbPosition *p, TbMove move)
{
  const OrData *data = OR_DATA (v);
  const OrPosition *pos = OR_POS (p);
  guint seat = pos->head.to_move;
  int from = or_move_from (move);
  TbMove moves[OR_MAX_MOVES];

  if ((pos->cell[OR_C] & OR_SEAT_MASK) == seat)
    {
      if (from == OR_C)
        return pawn_has_move (data, pos, seat, OR_C, move);
      if (!data->centre_free_when_stuck ||
          pawn_moves (data, pos, seat, pawn_cells (pos, 3 - seat), OR_C, moves) > 0)
        return FALSE;
    }
  return from != OR_C && from < OR_CELLS && (pos->cell[from] & OR_SEAT_MASK) == seat &&
         pawn_has_move (data, pos, seat, from, move);
}

guint
or_legal_moves (const TbVariant *v, const TbPosition *p, TbMove *moves)
{
  const OrData *data = OR_DATA (v);
  const OrPosition *pos = OR_POS (p);
  guint seat = pos->head.to_move;
  guint n = or_player_moves (data, pos, seat, moves);

  /* Stuck: pass if the opponent can move; if neither can, none (blocked). */
  if (n == 0 && or_player_moves (data, pos, 3 - seat, moves) > 0)
    {
      moves[0] = TB_MOVE_PASS;
      return 1;
    }
  return n;
}

guint
or_move_path (const OrData *data, const OrPosition *pos, TbMove move, int path[OR_MAX_HOPS + 1])
{
  int cell = or_move_from (move);
  guint n_hops;

  path[0] = cell;
  if (!or_move_is_jump (move))
    {
      path[1] = (int) ((move >> 8) & 0x1f);
      return 2;
    }
  n_hops = or_move_n_hops (move);
  for (guint i = 0; i < n_hops; i++)
    {
      guint j = or_move_hop (move, i);

      if (or_is_crown (cell))
        cell = OR_I (or_ring_index (or_facing_outer (pos, cell)));  /* leaving over the front */
      else if (j == OR_ARRIVAL_HOP && or_is_inner (cell))
        cell = or_facing_crown (pos, OR_O (or_ring_index (cell)));
      else
        cell = data->hops[cell][j].land;
      path[i + 1] = cell;
    }
  return n_hops + 1;
}

static void
set_cell (OrPosition *pos, int cell, guint8 state)
{
  if (pos->cell[cell])
    {
      pos->head.hash ^= or_cell_key (cell, pos->cell[cell]);
      pos->pawns[(pos->cell[cell] & OR_SEAT_MASK) - 1] &= ~(1u << cell);
    }
  if (state)
    {
      pos->head.hash ^= or_cell_key (cell, state);
      pos->pawns[(state & OR_SEAT_MASK) - 1] |= 1u << cell;
    }
  pos->cell[cell] = state;
}

/* The second player may take one more turn when it can still equalise:
 * three pawns home and a move that brings the fourth (oraia.md §4). */
static gboolean
can_equalise (const OrData *data, const OrPosition *pos, guint other)
{
  TbMove moves[OR_MAX_MOVES];
  guint n;

  if (pos->home[other - 1] != 3)
    return FALSE;
  n = or_player_moves (data, pos, other, moves);
  for (guint i = 0; i < n; i++)
    {
      int path[OR_MAX_HOPS + 1];
      guint len = or_move_path (data, pos, moves[i], path);

      if (or_is_crown (path[len - 1]))
        return TRUE;
    }
  return FALSE;
}

static void
play_pawn (const OrData *data, OrPosition *out, TbMove move, guint seat)
{
  int path[OR_MAX_HOPS + 1];
  guint len = or_move_path (data, out, move, path);
  int from = path[0], to = path[len - 1];
  guint8 state = out->cell[from];
  guint turn = or_move_turn (move);

  set_cell (out, from, 0);
  if (to == OR_C)
    state |= OR_CHARGED;
  set_cell (out, to, state);
  if (or_is_crown (to))
    out->home[seat - 1]++;
  if (turn != OR_TURN_NONE)
    {
      out->head.hash ^= OR_ROTATION_KEY (out->rotation);
      out->rotation = (guint8) ((out->rotation + (turn == OR_TURN_RIGHT ? 1 : 7)) % 8);
      out->head.hash ^= OR_ROTATION_KEY (out->rotation);
    }
}

void
or_apply (const TbVariant *v, const TbPosition *p, TbMove move, TbPosition *o)
{
  const OrData *data = OR_DATA (v);
  OrPosition *out = (OrPosition *) o;
  guint seat = OR_POS (p)->head.to_move;

  memcpy (out, p, sizeof *out);
  if (move != TB_MOVE_PASS)
    play_pawn (data, out, move, seat);
  out->head.to_move = (guint8) (3 - seat);
  out->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;

  /* The equal-tempo rule: the extra turn, once played, is over. */
  if (out->final_turn)
    {
      out->final_turn = 0;
      out->head.hash ^= OR_FINAL_TURN_KEY;
    }
  else if (seat == out->starter && out->home[seat - 1] == 4 &&
           can_equalise (data, out, 3 - seat))
    {
      out->final_turn = 1;
      out->head.hash ^= OR_FINAL_TURN_KEY;
    }
}

gboolean
or_outcome (const TbVariant *v, const TbPosition *p, guint n_legal, TbOutcome *out)
{
  const OrPosition *pos = OR_POS (p);
  guint starter = pos->starter, other = 3 - starter;
  guint a = pos->home[starter - 1], b = pos->home[other - 1];

  out->termination = TB_TERMINATION_ALL_ARRIVED;
  if (a == 4 && b == 4)
    out->result = TB_RESULT_DRAW;  /* ex aequo */
  else if (b == 4)
    out->result = other == 1 ? TB_RESULT_SEAT1_WINS : TB_RESULT_SEAT2_WINS;
  else if (a == 4 && !pos->final_turn)
    out->result = starter == 1 ? TB_RESULT_SEAT1_WINS : TB_RESULT_SEAT2_WINS;
  else if (n_legal == 0)
    {
      /* Neither player can move: a draw (rules/README.md). */
      out->result = TB_RESULT_DRAW;
      out->termination = TB_TERMINATION_BLOCKED;
    }
  else
    return FALSE;
  return TRUE;
}

void
or_repetition_outcome (const TbVariant *v, const TbPosition *pos, TbOutcome *out)
{
  out->result = TB_RESULT_DRAW;
  out->termination = TB_TERMINATION_REPETITION;
}

guint
or_move_effects (const TbVariant *v, const TbPosition *p, TbMove move,
                 TbEffect effects[TB_MAX_EFFECTS])
{
  const OrData *data = OR_DATA (v);
  const OrPosition *pos = OR_POS (p);
  int path[OR_MAX_HOPS + 1];
  guint len, n = 0, seat = pos->head.to_move;

  if (move == TB_MOVE_PASS)
    return 0;
  /* Hop by hop, then the turn over at the centre, then the disc. */
  len = or_move_path (data, pos, move, path);
  for (guint i = 1; i < len; i++)
    effects[n++] = (TbEffect) { TB_EFFECT_MOVE, (guint8) (i - 1), (guint8) seat, 0,
                                (gint16) path[i - 1], (gint16) path[i] };
  if (path[len - 1] == OR_C && !(pos->cell[path[0]] & OR_CHARGED))
    effects[n++] = (TbEffect) { TB_EFFECT_FLIP, (guint8) (len - 1), (guint8) seat, 0,
                                OR_C, OR_C };
  if (or_move_turn (move) != OR_TURN_NONE)
    effects[n++] = (TbEffect) { TB_EFFECT_ROTATE, (guint8) len, (guint8) seat,
                                (guint8) or_move_turn (move), OR_C, OR_C };
  return n;
}
