/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-retournement-text.c: Retournement cell names and move tokens
 * (NOTATION.md §2.2, §3), explanations, drawing and the position text
 *
 * Position text: "to-move=2 WR:V3:e5-f5-e6 RR:I1:f6": each piece on the
 * board as who laid it (W or R), the colour it shows (W or R), then its
 * move token.  The hands hold whatever each player has not laid.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tb-position-text.h"
#include "tb-retournement-private.h"

void
rt_cell_name (const RtData *data, int cell, char *buf)
{
  g_snprintf (buf, TB_CELL_NAME_LEN, "%c%d", 'a' + cell % (int) data->size,
              cell / (int) data->size + 1);
}

/* "e5" (or "E5") at text; the cell, or -1 off this board. */
static int
parse_cell (const RtData *data, const char *text, const char **end)
{
  int col = g_ascii_tolower (text[0]) - 'a';
  int row = 0;
  const char *p = text + 1;

  if (col < 0 || col >= RT_MAX_SIZE || !g_ascii_isdigit (*p))
    return -1;
  while (g_ascii_isdigit (*p) && row < 100)
    row = row * 10 + (*p++ - '0');
  *end = p;
  if (col >= (int) data->size || row < 1 || row > (int) data->size)
    return -2;
  return (row - 1) * (int) data->size + col;
}

static void
append_cells (const RtData *data, RtBits cells, GString *out)
{
  int cell;
  gboolean first = TRUE;

  /* Cells in index order are sorted by row then column (NOTATION.md §3). */
  while ((cell = rt_pop (&cells)) >= 0)
    {
      char name[TB_CELL_NAME_LEN];

      rt_cell_name (data, cell, name);
      g_string_append_printf (out, "%s%s", first ? "" : "-", name);
      first = FALSE;
    }
}

static void
append_token (const RtData *data, guint orientation, int anchor, GString *out)
{
  g_string_append_printf (out, "%s:", rt_shapes[data->orientations[orientation].shape].code);
  append_cells (data, rt_footprint (data, orientation, anchor), out);
}

void
rt_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out)
{
  append_token (RT_DATA (v), rt_move_orientation (move), rt_move_anchor (move), out);
}

static int
shape_by_code (const char *code, gsize len)
{
  for (guint s = 0; s < RT_N_SHAPES; s++)
    if (len == 2 && g_ascii_strncasecmp (rt_shapes[s].code, code, 2) == 0)
      return (int) s;
  return -1;
}

/* The orientation of shape whose cells, moved to the top-left, are cells;
 * the anchor where that puts them.  FALSE when they are not the shape. */
static gboolean
find_orientation (const RtData *data, guint shape, RtBits cells, guint *orientation, int *anchor)
{
  int s = (int) data->size, min_row = s, min_col = s, cell;
  RtBits rest = cells;

  while ((cell = rt_pop (&rest)) >= 0)
    {
      min_row = MIN (min_row, cell / s);
      min_col = MIN (min_col, cell % s);
    }
  for (guint o = data->first_orientation[shape]; o < data->first_orientation[shape + 1]; o++)
    {
      int a = min_row * s + min_col;
      RtBits at;

      if (!rt_has (data->orientations[o].anchors, a))
        continue;
      at = rt_footprint (data, o, a);
      if (memcmp (&at, &cells, sizeof at) == 0)
        {
          *orientation = o;
          *anchor = a;
          return TRUE;
        }
    }
  return FALSE;
}

/* "V3:e5-f5-e6" into a shape and a set of cells; the reason it is not. */
static const char *
read_token (const RtData *data, const char *text, int *shape, RtBits *cells, guint *n_cells)
{
  const char *colon = strchr (text, ':'), *p, *code = text;
  gsize code_len;

  memset (cells, 0, sizeof *cells);
  *n_cells = 0;
  while (g_ascii_isspace (*code))
    code++;
  if (colon == NULL)
    return N_("expected PIECE:CELLS, such as V3:e5-f5-e6");
  code_len = (gsize) (colon - code);
  while (code_len > 0 && g_ascii_isspace (code[code_len - 1]))
    code_len--;
  if ((*shape = shape_by_code (code, code_len)) < 0)
    return N_("unknown piece (the pieces are I1 I2 I3 V3 I4 O4 T4 I5 T5 U5 V5 W5 X5)");
  p = colon + 1;
  while (g_ascii_isspace (*p))
    p++;
  for (;;)
    {
      int cell = parse_cell (data, p, &p);

      if (cell == -1)
        return N_("expected cells such as e5 joined by '-'");
      if (cell == -2)
        return N_("a cell is off the board");
      if (rt_has (*cells, cell))
        return N_("a cell is named twice");
      rt_add (cells, cell);
      if (++*n_cells > RT_MAX_SHAPE_CELLS)
        return N_("too many cells for a piece");
      if (*p != '-')
        break;
      p++;
    }
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0')
    return N_("unexpected text after the cells");
  if (*n_cells != rt_shapes[*shape].n_cells)
    return "the number of cells is not the piece's";
  return NULL;
}

gboolean
rt_parse_move (const TbVariant *v, const TbPosition *pos, const char *text, TbMove *move,
               GError **error)
{
  const RtData *data = RT_DATA (v);
  int shape, anchor;
  guint n_cells, orientation;
  RtBits cells;
  const char *why = read_token (data, text, &shape, &cells, &n_cells);

  if (why == NULL && !find_orientation (data, (guint) shape, cells, &orientation, &anchor))
    why = N_("the cells do not have the piece’s shape");
  if (why)
    {
      g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT,
                   /* Translators: the game's name, then why. */
                   _("'%s' is not a move of %s: %s"), text, _(v->rules->name), _(why));
      return FALSE;
    }
  *move = rt_move (orientation, anchor);
  return TRUE;
}

/* The cells that touch a set only at a corner, and those next to it. */
static RtBits
diagonal_neighbours (const RtData *data, RtBits cells)
{
  guint s = data->size;
  RtBits left = rt_and (cells, data->not_first_col), right = rt_and (cells, data->not_last_col);
  RtBits d = rt_or (rt_up (left, s - 1), rt_up (right, s + 1));

  d = rt_or (d, rt_or (rt_down (left, s + 1), rt_down (right, s - 1)));
  return rt_and (d, data->board);
}

void
rt_explain_illegal (const TbVariant *v, const TbPosition *p, TbMove move, GString *out)
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint seat = pos->head.to_move;
  guint o = rt_move_orientation (move);
  RtBits cells = rt_footprint (data, o, rt_move_anchor (move));
  RtBits around = rt_minus (rt_grow (data, cells), cells);
  guint shape = data->orientations[o].shape;

  if (!(pos->hand[seat - 1] & (1u << shape)))
    g_string_append (out, _("that piece has already been laid"));
  else if (rt_meet (cells, pos->occupied))
    g_string_append (out, _("a piece goes only on empty holes"));
  else if (pos->n_placed > 0 && !rt_meet (around, pos->colour[2 - seat]))
    {
      RtBits diagonal = rt_minus (diagonal_neighbours (data, cells), around);

      if (rt_meet (diagonal, pos->colour[2 - seat]))
        g_string_append (out, _("touching an opposing piece at a corner is not enough: it "
                                "must touch one by a side"));
      else
        g_string_append (out, _("a piece must touch a piece of the opponent’s colour by a "
                                "side"));
    }
  else
    g_string_append (out, _("that piece cannot be laid there"));
}

void
rt_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to)
{
  /* Nothing moves: the laid piece's tile that carries its value. */
  *from = *to = -1;
  if (move == TB_MOVE_PASS)
    return;
  *to = rt_label_cell (RT_DATA (v), rt_footprint (RT_DATA (v), rt_move_orientation (move),
                                                   rt_move_anchor (move)));
}

guint
rt_describe_pieces (const TbVariant *v, const TbPosition *p, TbPieceDesc pieces[TB_MAX_PIECES])
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint n = 0;

  for (guint i = 0; i < pos->n_placed; i++)
    {
      guint shape = data->orientations[pos->placed[i].orientation].shape;
      gboolean locked = rt_is_locked (data, pos, i);
      int label = rt_label_cell (data, pos->cells[i]);
      RtBits cells = pos->cells[i];
      int cell;

      while ((cell = rt_pop (&cells)) >= 0)
        {
          TbPieceDesc *piece = &pieces[n++];

          memset (piece, 0, sizeof *piece);
          piece->cell = (gint16) cell;
          piece->kind = TB_PIECE_TILE;
          piece->owner = pos->placed[i].colour;
          piece->value = data->value[shape];
          piece->height = 1;
          piece->group = (guint8) (i + 1);
          piece->shape = (guint8) shape;
          piece->flags = (locked ? TB_PIECE_LOCKED : 0) | (cell == label ? TB_PIECE_LABEL : 0);
        }
    }
  return n;
}

static void
show_hand (const RtData *data, const RtPosition *pos, guint seat, GString *out)
{
  int value = 0;

  g_string_append_printf (out, "%s hand:", seat == 1 ? "White" : "Red");
  for (guint s = 0; s < RT_N_SHAPES; s++)
    if (pos->hand[seat - 1] & (1u << s))
      {
        g_string_append_printf (out, " %s", rt_shapes[s].code);
        value += data->value[s];
      }
  g_string_append_printf (out, " (%d points)\n", value);
}

/* The board as letters: W and R the colours showing, lower case once a
 * piece is locked for good; then the hands and the score. */
void
rt_show (const TbVariant *v, const TbPosition *p, GString *out)
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint s = data->size;
  int board[2], bonus[2];

  g_string_append (out, "    ");
  for (guint col = 0; col < s; col++)
    g_string_append_printf (out, " %c", 'a' + col);
  g_string_append_c (out, '\n');
  for (guint row = 0; row < s; row++)
    {
      g_string_append_printf (out, "%3u ", row + 1);
      for (guint col = 0; col < s; col++)
        {
          int piece = rt_piece_at (pos, (int) (row * s + col));
          char c = '.';

          if (piece >= 0)
            {
              c = pos->placed[piece].colour == 1 ? 'W' : 'R';
              if (rt_is_locked (data, pos, (guint) piece))
                c = g_ascii_tolower (c);
            }
          g_string_append_printf (out, " %c", c);
        }
      g_string_append_c (out, '\n');
    }
  show_hand (data, pos, 1, out);
  show_hand (data, pos, 2, out);
  rt_score_parts (v, p, board, bonus);
  g_string_append_printf (out, "score: White %d + %d = %d, Red %d + %d = %d; to move: %u\n",
                          board[0], bonus[0], board[0] + bonus[0], board[1], bonus[1],
                          board[1] + bonus[1], pos->head.to_move);
  g_string_append (out, "legend: . empty hole  W/R white/red face up  w/r locked (surrounded)\n");
}

/* Pieces in the order of their first hole, so that one position has one
 * text whatever the order the pieces were laid in. */
void
rt_format_position (const TbVariant *v, const TbPosition *p, GString *out)
{
  const RtData *data = RT_DATA (v);
  const RtPosition *pos = RT_POS (p);
  guint order[RT_MAX_PLACED];

  for (guint i = 0; i < pos->n_placed; i++)
    {
      guint j = i;

      for (; j > 0 && rt_first (pos->cells[order[j - 1]]) > rt_first (pos->cells[i]); j--)
        order[j] = order[j - 1];
      order[j] = i;
    }
  g_string_append_printf (out, "to-move=%u", pos->head.to_move);
  for (guint k = 0; k < pos->n_placed; k++)
    {
      const RtPlaced *placed = &pos->placed[order[k]];

      g_string_append_printf (out, " %c%c:", placed->placer == 1 ? 'W' : 'R',
                              placed->colour == 1 ? 'W' : 'R');
      append_token (data, placed->orientation, placed->anchor, out);
    }
}

static guint
seat_letter (char c)
{
  c = g_ascii_toupper (c);
  return c == 'W' ? 1 : c == 'R' ? 2 : 0;
}

typedef struct
{
  const RtData *data;
  RtPosition *pos;
} ReadState;

static gboolean
add_item (gpointer user_data, const char *item, GError **error)
{
  ReadState *st = user_data;
  RtPosition *pos = st->pos;
  guint placer = seat_letter (item[0]), colour = item[0] ? seat_letter (item[1]) : 0;
  int shape, anchor;
  guint n_cells, orientation;
  RtBits cells;
  const char *why;
  RtPlaced *placed;

  if (placer == 0 || colour == 0 || item[2] != ':')
    return tb_position_text_error (error, item, "expected WHO-LAID COLOUR:PIECE:CELLS, such as "
                                                "WR:V3:e5-f5-e6 (W white, R red)");
  why = read_token (st->data, item + 3, &shape, &cells, &n_cells);
  if (why)
    return tb_position_text_error (error, item, why);
  if (!find_orientation (st->data, (guint) shape, cells, &orientation, &anchor))
    return tb_position_text_error (error, item, "the cells do not have the piece's shape");
  if (rt_meet (cells, pos->occupied))
    return tb_position_text_error (error, item, "a hole is covered twice");
  if (!(pos->hand[placer - 1] & (1u << shape)))
    return tb_position_text_error (error, item, "that player has only one of each piece");
  placed = &pos->placed[pos->n_placed];
  *placed = (RtPlaced) { (guint8) anchor, (guint8) orientation, (guint8) placer, (guint8) colour };
  pos->cells[pos->n_placed++] = cells;
  pos->occupied = rt_or (pos->occupied, cells);
  pos->colour[colour - 1] = rt_or (pos->colour[colour - 1], cells);
  pos->hand[placer - 1] &= (guint16) ~(1u << shape);
  return TRUE;
}

gboolean
rt_parse_position (const TbVariant *v, const char *text, TbPosition *out, GError **error)
{
  RtPosition *pos = (RtPosition *) out;
  ReadState st = { RT_DATA (v), pos };

  memset (pos, 0, sizeof *pos);
  pos->hand[0] = pos->hand[1] = RT_ALL_SHAPES;
  if (!tb_position_text_read (text, &pos->head.to_move, add_item, &st, error))
    return FALSE;
  rt_rehash (pos);
  return TRUE;
}
