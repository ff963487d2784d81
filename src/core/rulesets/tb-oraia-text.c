/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-oraia-text.c: Oraïa cell names and move tokens (NOTATION.md §2.3,
 * §3), explanations, drawing and the position text
 *
 * Position text: "to-move=1 starter=1 r=0 1@P0 2*@C final-turn=1": each
 * pawn as seat@cell, * when charged; r the disc's turn.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-oraia-private.h"
#include "tb-position-text.h"

void
or_cell_name (int cell, char *buf)
{
  if (cell == OR_C)
    g_strlcpy (buf, "C", TB_CELL_NAME_LEN);
  else
    {
      int index = or_is_crown (cell) ? cell : or_ring_index (cell);

      /* By hand, as tb_hex_cell_name: every move of every record. */
      buf[0] = or_is_crown (cell) ? 'P' : or_is_inner (cell) ? 'I' : 'O';
      if (index >= 10)
        {
          buf[1] = (char) ('0' + index / 10);
          buf[2] = (char) ('0' + index % 10);
          buf[3] = '\0';
        }
      else
        {
          buf[1] = (char) ('0' + index);
          buf[2] = '\0';
        }
    }
}

int
or_parse_cell (const char *text, const char **end)
{
  char ring = (char) g_ascii_toupper (text[0]);
  int cell;

  if (ring == 'C')
    cell = OR_C;
  else if ((ring == 'P' || ring == 'I' || ring == 'O') && text[1] >= '0' && text[1] <= '7')
    cell = ring == 'P' ? OR_P (text[1] - '0') : ring == 'I' ? OR_I (text[1] - '0')
                                                            : OR_O (text[1] - '0');
  else
    return -1;
  if (end)
    *end = text + (ring == 'C' ? 1 : 2);
  return cell;
}

void
or_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out)
{
  int path[OR_MAX_HOPS + 1];
  guint len = or_move_path (OR_DATA (v), OR_POS (pos), move, path);

  for (guint i = 0; i < len; i++)
    {
      char name[TB_CELL_NAME_LEN];

      or_cell_name (path[i], name);
      if (i)
        g_string_append_c (out, '-');
      g_string_append (out, name);
    }
  if (or_move_turn (move) == OR_TURN_RIGHT)
    g_string_append (out, "=R");
  else if (or_move_turn (move) == OR_TURN_LEFT)
    g_string_append (out, "=L");
}

/* Whether a -> b is a step in this position (the crown's depend on the
 * disc's turn). */
static gboolean
is_step (const OrData *data, const OrPosition *pos, int a, int b)
{
  if (or_is_crown (a))
    return b == or_facing_outer (pos, a);
  if (or_is_crown (b))
    return or_is_outer (a) && or_facing_crown (pos, a) == b;
  for (guint i = 0; i < data->n_adjacent[a]; i++)
    if (data->adjacent[a][i] == b)
      return TRUE;
  return FALSE;
}

/* The index of the hop a -> b, or -1. */
static int
hop_index (const OrData *data, const OrPosition *pos, int a, int b)
{
  if (or_is_crown (a))
    return b == OR_I (or_ring_index (or_facing_outer (pos, a))) ? 0 : -1;
  if (or_is_inner (a) && or_is_crown (b))
    return b == or_facing_crown (pos, OR_O (or_ring_index (a))) ? OR_ARRIVAL_HOP : -1;
  for (guint j = 0; j < data->n_hops[a]; j++)
    if (data->hops[a][j].land == b)
      return (int) j;
  return -1;
}

/* Cells and the turn out of "O6-O0-O2-C=R". */
static gboolean
read_path (const char *text, int path[OR_MAX_HOPS + 1], guint *len, guint *turn)
{
  const char *p = text;

  *len = 0;
  *turn = OR_TURN_NONE;
  while (g_ascii_isspace (*p))
    p++;
  for (;;)
    {
      int cell = or_parse_cell (p, &p);

      if (cell < 0 || *len > OR_MAX_HOPS)
        return FALSE;
      path[(*len)++] = cell;
      if (*p != '-')
        break;
      p++;
    }
  if (*p == '=' && (g_ascii_toupper (p[1]) == 'R' || g_ascii_toupper (p[1]) == 'L'))
    {
      *turn = g_ascii_toupper (p[1]) == 'R' ? OR_TURN_RIGHT : OR_TURN_LEFT;
      p += 2;
    }
  while (g_ascii_isspace (*p))
    p++;
  return *p == '\0' && *len >= 2 && (*turn == OR_TURN_NONE || path[*len - 1] == OR_C);
}

gboolean
or_parse_move (const TbVariant *v, const TbPosition *p, const char *text, TbMove *move,
               GError **error)
{
  const OrData *data = OR_DATA (v);
  const OrPosition *pos = OR_POS (p);
  int path[OR_MAX_HOPS + 1];
  guint len, turn;

  if (read_path (text, path, &len, &turn))
    {
      if (len == 2 && is_step (data, pos, path[0], path[1]))
        {
          *move = or_step (path[0], path[1]) | ((TbMove) turn << 5);
          return TRUE;
        }
      *move = (TbMove) path[0] | ((TbMove) turn << 5);
      for (guint i = 1; i < len; i++)
        {
          int j = hop_index (data, pos, path[i - 1], path[i]);

          if (j < 0)
            break;
          *move = (*move & ~((TbMove) 0x1f << 8)) | OR_JUMP | ((TbMove) i << 8) |
                  ((TbMove) j << (13 + 3 * (i - 1)));
          if (i == len - 1)
            return TRUE;
        }
    }
  g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT,
               _("'%s' is not a move of %s (cells P0-P7, C, I0-I7, O0-O7 joined by '-', each a "
                 "step or a hop, and =R or =L after a move ending on C)"),
               text, _(v->rules->name));
  return FALSE;
}

/* Why a path starting from a pawn of the mover's cannot be played. */
static const char *
explain_path (const OrData *data, const OrPosition *pos, guint seat, const int *path, guint len)
{
  guint8 state = pos->cell[path[0]];

  if (or_is_crown (path[0]) && or_start_seat (path[0]) != seat)
    return _("a pawn that has arrived stays there");
  for (guint i = 1; i < len; i++)
    {
      int a = path[i - 1], b = path[i];

      if (or_is_crown (b) && !(state & OR_CHARGED))
        return _("a pawn must stop on the centre before it can arrive");
      if (or_is_crown (b) && or_start_seat (b) == seat)
        return _("a pawn arrives only on a start place of the opponent");
      if (pos->cell[b] && b != path[0])
        return _("a pawn moves only to an empty cell");
      if (!is_step (data, pos, a, b) && hop_index (data, pos, a, b) < 0)
        return _("a jump goes straight over one pawn along a line");
    }
  return NULL;
}

void
or_explain_illegal (const TbVariant *v, const TbPosition *p, TbMove move, GString *out)
{
  const OrData *data = OR_DATA (v);
  const OrPosition *pos = OR_POS (p);
  guint seat = pos->head.to_move;
  int from = or_move_from (move);
  int path[OR_MAX_HOPS + 1];
  guint len = or_move_path (data, pos, move, path);
  const char *why = NULL;

  if ((pos->cell[from] & OR_SEAT_MASK) == 0)
    why = _("there is no pawn on that cell");
  else if ((pos->cell[from] & OR_SEAT_MASK) != seat)
    why = _("that pawn belongs to the other player");
  else if ((pos->cell[OR_C] & OR_SEAT_MASK) == seat && from != OR_C)
    why = _("the pawn on the centre must move first");
  else if (!(why = explain_path (data, pos, seat, path, len)))
    why = or_move_is_jump (move) ? _("a pawn jumps only over the opponent’s pawns, onto empty "
                                     "cells it has not yet landed on")
                                 : _("a pawn leaves to the cell in front of it, or jumps the "
                                     "opponent’s pawn there");
  g_string_append (out, why);
}

void
or_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to)
{
  int path[OR_MAX_HOPS + 1];
  guint len = or_move_path (OR_DATA (v), OR_POS (pos), move, path);

  *from = path[0];
  *to = path[len - 1];
}

guint
or_describe_pieces (const TbVariant *v, const TbPosition *p, TbPieceDesc pieces[TB_MAX_PIECES])
{
  const OrPosition *pos = OR_POS (p);
  guint n = 0;

  for (int cell = 0; cell < OR_CELLS; cell++)
    {
      TbPieceDesc *piece;

      if (!pos->cell[cell])
        continue;
      piece = &pieces[n++];
      memset (piece, 0, sizeof *piece);
      piece->cell = (gint16) cell;
      piece->kind = TB_PIECE_PAWN;
      piece->owner = pos->cell[cell] & OR_SEAT_MASK;
      piece->height = 1;
      if (pos->cell[cell] & OR_CHARGED)
        piece->flags |= TB_PIECE_CHARGED;
    }
  return n;
}

static void
show_ring (const OrPosition *pos, const char *label, int first, GString *out)
{
  g_string_append_printf (out, "%-7s", label);
  for (int k = 0; k < 8; k++)
    {
      guint8 state = pos->cell[first + k];

      if (state)
        g_string_append_printf (out, " %d%c", state & OR_SEAT_MASK, state & OR_CHARGED ? '*' : ' ');
      else
        g_string_append (out, " . ");
    }
  g_string_append_c (out, '\n');
}

void
or_show (const TbVariant *v, const TbPosition *p, GString *out)
{
  const OrPosition *pos = OR_POS (p);
  guint8 centre = pos->cell[OR_C];

  g_string_append (out, "        0  1  2  3  4  5  6  7\n");
  show_ring (pos, "crown P", 0, out);
  g_string_append (out, "outer O");
  for (int k = 0; k < 8; k++)
    {
      guint8 state = pos->cell[OR_O (k)];

      if (state)
        g_string_append_printf (out, " %d%c", state & OR_SEAT_MASK, state & OR_CHARGED ? '*' : ' ');
      else
        g_string_append (out, " . ");
    }
  g_string_append_c (out, '\n');
  show_ring (pos, "inner I", OR_I (0), out);
  if (centre)
    g_string_append_printf (out, "centre C %d%c\n", centre & OR_SEAT_MASK,
                            centre & OR_CHARGED ? '*' : ' ');
  else
    g_string_append (out, "centre C .\n");
  g_string_append_printf (out, "disc turned r=%u: O_k faces P_(k+%u); to move: %u; home: %u-%u\n",
                          pos->rotation, pos->rotation, pos->head.to_move, pos->home[0],
                          pos->home[1]);
  g_string_append (out, "legend: . empty  S a pawn of seat S  * charged (turned over at C)\n");
}

void
or_format_position (const TbVariant *v, const TbPosition *p, GString *out)
{
  const OrPosition *pos = OR_POS (p);

  g_string_append (out, "to-move=");
  tb_position_text_append_uint (out, pos->head.to_move);
  g_string_append (out, " starter=");
  tb_position_text_append_uint (out, pos->starter);
  g_string_append (out, " r=");
  tb_position_text_append_uint (out, pos->rotation);
  for (int cell = 0; cell < OR_CELLS; cell++)
    {
      char name[TB_CELL_NAME_LEN];

      if (!pos->cell[cell])
        continue;
      or_cell_name (cell, name);
      g_string_append_c (out, ' ');
      tb_position_text_append_uint (out, (guint) (pos->cell[cell] & OR_SEAT_MASK));
      if (pos->cell[cell] & OR_CHARGED)
        g_string_append_c (out, '*');
      g_string_append_c (out, '@');
      g_string_append (out, name);
    }
  if (pos->final_turn)
    g_string_append (out, " final-turn=1");
}

static gboolean
read_number (const char *item, const char *key, int max, int *value)
{
  gint64 n;

  if (!g_str_has_prefix (item, key))
    return FALSE;
  if (!g_ascii_string_to_signed (item + strlen (key), 10, 0, max, &n, NULL))
    return FALSE;
  *value = (int) n;
  return TRUE;
}

static gboolean
add_item (gpointer user_data, const char *item, GError **error)
{
  OrPosition *pos = user_data;
  const char *at = strchr (item, '@');
  int value, cell;

  if (read_number (item, "starter=", 2, &value) && value >= 1)
    pos->starter = (guint8) value;
  else if (read_number (item, "r=", 7, &value))
    pos->rotation = (guint8) value;
  else if (read_number (item, "final-turn=", 1, &value))
    pos->final_turn = (guint8) value;
  else if (at == NULL || (item[0] != '1' && item[0] != '2') ||
           (at != item + 1 && !(at == item + 2 && item[1] == '*')))
    return tb_position_text_error (error, item, "expected S@CELL or S*@CELL (seat 1 or 2), "
                                               "r=N, starter=N or final-turn=1");
  else if ((cell = or_parse_cell (at + 1, NULL)) < 0 || at[1 + (cell == OR_C ? 1 : 2)] != '\0')
    return tb_position_text_error (error, item, "not a cell (P0-P7, C, I0-I7, O0-O7)");
  else if (pos->cell[cell])
    return tb_position_text_error (error, item, "that cell already holds a pawn");
  else
    {
      pos->cell[cell] = (guint8) ((item[0] - '0') | (item[1] == '*' ? OR_CHARGED : 0));
      if (or_is_crown (cell) && or_start_seat (cell) != (guint) (item[0] - '0'))
        pos->home[item[0] - '1']++;
    }
  return TRUE;
}

gboolean
or_parse_position (const TbVariant *v, const char *text, TbPosition *out, GError **error)
{
  OrPosition *pos = (OrPosition *) out;

  memset (pos, 0, sizeof *pos);
  pos->starter = 1;
  if (!tb_position_text_read (text, &pos->head.to_move, add_item, pos, error))
    return FALSE;
  for (guint seat = 1; seat <= 2; seat++)
    {
      guint pawns = 0;

      for (int cell = 0; cell < OR_CELLS; cell++)
        pawns += (pos->cell[cell] & OR_SEAT_MASK) == seat;
      if (pawns > 4)
        return tb_position_text_error (error, text, "a player has 4 pawns");
    }
  or_rehash (pos);
  return TRUE;
}
