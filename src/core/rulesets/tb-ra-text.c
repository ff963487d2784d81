/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-ra-text.c: RA move text (kFROM-TO), explanations, drawing and the
 * position text
 *
 * Position text: "to-move=1 1:3@c5 2:1@h7 entry=1:2", each stack as
 * seat:height@cell; entry= records a group that entered the enemy RA.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-position-text.h"
#include "tb-ra-private.h"

void
ra_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out)
{
  const TbHexBoard *hex = &RA_DATA (v)->hex;
  char from[TB_CELL_NAME_LEN], to[TB_CELL_NAME_LEN];

  tb_hex_cell_name (hex, ra_move_from (move), from);
  tb_hex_cell_name (hex, ra_move_to (move), to);
  tb_position_text_append_uint (out, ra_move_k (move));
  g_string_append (out, from);
  g_string_append_c (out, '-');
  g_string_append (out, to);
}

gboolean
ra_parse_move (const TbVariant *v, const TbPosition *pos, const char *text, TbMove *move,
               GError **error)
{
  const TbHexBoard *hex = &RA_DATA (v)->hex;
  const char *p = text;
  int from, to;
  guint k;

  while (g_ascii_isspace (*p))
    p++;
  k = (guint) (*p - '0');
  if (k >= 1 && k <= 3 && (from = tb_hex_parse_cell (hex, p + 1, &p)) >= 0)
    {
      while (g_ascii_isspace (*p))
        p++;
      if (*p == '-' && (to = tb_hex_parse_cell (hex, p + 1, &p)) >= 0 && to != from)
        {
          while (g_ascii_isspace (*p))
            p++;
          if (*p == '\0')
            {
              *move = ra_move (from, to, k);
              return TRUE;
            }
        }
    }
  g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT,
               _("'%s' is not a move of %s (kFROM-TO: how many pawns 1-3, then cells of this "
                 "board, such as 3f7-g7)"), text, _(v->rules->name));
  return FALSE;
}

/* Where to lies from from: the direction and the number of steps, or
 * FALSE when it is not on a straight line. */
static gboolean
find_line (const TbHexBoard *hex, int from, int to, int *dir, guint *steps)
{
  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    for (guint s = 0; s < hex->ray_len[from][d]; s++)
      if (hex->ray[from][d][s] == to)
        {
          *dir = d;
          *steps = s + 1;
          return TRUE;
        }
  return FALSE;
}

static const char *
explain_path (const RaData *data, const RaPosition *pos, guint seat, int from, int dir,
              guint steps)
{
  for (guint s = 1; s < steps; s++)
    {
      int c = data->hex.ray[from][dir][s - 1];

      if (c == data->ra[seat - 1])
        return _("a player’s own RA can be neither entered nor crossed");
      if (c == data->ra[2 - seat])
        return _("a group entering the enemy RA stops there");
      if (pos->cell[c])
        return _("a group never jumps over a stack");
    }
  return NULL;
}

static const char *
explain_landing (const RaData *data, const RaPosition *pos, guint seat, int to, guint k,
                 guint steps)
{
  guint8 target = ra_is_stack (pos->cell[to]) ? pos->cell[to] : 0;

  if (to == data->ra[seat - 1])
    return _("a player’s own RA can be neither entered nor crossed");
  if (steps > 4 - k)
    return _("a group goes no farther than 3, 2 or 1 cells for 1, 2 or 3 pawns");
  if (target && ra_owner (target) == seat)
    return ra_height (target) + k > 3
             ? _("a stack holds at most three pawns")
             : _("in this variant a group joins a stack only at its full distance");
  if (target)
    return _("a group captures only a stack no taller than itself");
  return _("a group goes exactly 3, 2 or 1 cells for 1, 2 or 3 pawns, shorter only at the "
           "edge, into the enemy RA, onto a friendly stack or to capture");
}

void
ra_explain_illegal (const TbVariant *v, const TbPosition *p, TbMove move, GString *out)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  guint seat = pos->head.to_move;
  int from = ra_move_from (move), to = ra_move_to (move), dir;
  guint k = ra_move_k (move), steps;
  guint8 state = pos->cell[from];
  const char *why;

  if (!ra_is_stack (state))
    why = _("there is no stack on that cell");
  else if (ra_owner (state) != seat)
    why = _("that stack belongs to the other player");
  else if (k > ra_height (state))
    why = _("that stack has fewer pawns than that");
  else if (!find_line (&data->hex, from, to, &dir, &steps))
    why = _("a group moves in a straight line");
  else if (!(why = explain_path (data, pos, seat, from, dir, steps)))
    why = explain_landing (data, pos, seat, to, k, steps);
  g_string_append (out, why);
}

void
ra_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to)
{
  *from = ra_move_from (move);
  *to = ra_move_to (move);
}

guint
ra_move_amount (const TbVariant *v, const TbPosition *pos, TbMove move)
{
  return ra_move_k (move);
}

guint
ra_describe_pieces (const TbVariant *v, const TbPosition *p, TbPieceDesc pieces[TB_MAX_PIECES])
{
  const RaPosition *pos = RA_POS (p);
  guint n = 0;

  for (guint seat = 1; seat <= 2; seat++)
    for (guint i = 0; i < pos->n_stacks[seat - 1]; i++)
      {
        int cell = pos->stacks[seat - 1][i];
        TbPieceDesc *piece = &pieces[n++];

        memset (piece, 0, sizeof *piece);
        piece->cell = (gint16) cell;
        piece->kind = TB_PIECE_STACK;
        piece->owner = (guint8) seat;
        piece->height = (guint8) ra_height (pos->cell[cell]);
        piece->value = piece->height;
      }
  return n;
}

typedef struct
{
  const RaData *data;
  const RaPosition *pos;
} ShowData;

static void
show_cell (gconstpointer user_data, int cell, GString *out)
{
  const ShowData *show = user_data;
  const RaData *data = show->data;
  guint8 state = show->pos->cell[cell];

  if (cell == data->ra[0] || cell == data->ra[1])
    g_string_append_printf (out, "R%d ", cell == data->ra[0] ? 1 : 2);
  else if (ra_is_stack (state))
    g_string_append_printf (out, "%u:%u", ra_owner (state), ra_height (state));
  else
    g_string_append (out, " . ");
}

void
ra_show (const TbVariant *v, const TbPosition *p, GString *out)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);
  ShowData show = { data, pos };
  int scores[2];

  tb_hex_show (&data->hex, show_cell, &show, out);
  ra_score (v, p, scores);
  g_string_append_printf (out, "to move: %u   pawns: %u-%u   score: %d-%d\n",
                          pos->head.to_move, pos->pawns[0], pos->pawns[1], scores[0], scores[1]);
  g_string_append (out, "legend: . empty  R1/R2 the RA of seat 1/2  S:H a stack of H pawns of "
                        "seat S (files a.., rank 1 at the bottom)\n");
}

void
ra_format_position (const TbVariant *v, const TbPosition *p, GString *out)
{
  const RaData *data = RA_DATA (v);
  const RaPosition *pos = RA_POS (p);

  g_string_append (out, "to-move=");
  tb_position_text_append_uint (out, pos->head.to_move);
  for (int cell = 0; cell < data->hex.n_cells; cell++)
    {
      char name[TB_CELL_NAME_LEN];

      if (!ra_is_stack (pos->cell[cell]))
        continue;
      tb_hex_cell_name (&data->hex, cell, name);
      g_string_append_c (out, ' ');
      tb_position_text_append_uint (out, ra_owner (pos->cell[cell]));
      g_string_append_c (out, ':');
      tb_position_text_append_uint (out, ra_height (pos->cell[cell]));
      g_string_append_c (out, '@');
      g_string_append (out, name);
    }
  if (pos->entry)
    g_string_append_printf (out, " entry=%u:%u", ra_owner (pos->entry), ra_height (pos->entry));
}

/* "S:H" into a stack byte. */
static gboolean
parse_stack (const char *text, guint8 *state)
{
  if ((text[0] != '1' && text[0] != '2') || text[1] != ':' || text[2] < '1' || text[2] > '3' ||
      text[3] != '\0')
    return FALSE;
  *state = ra_stack ((guint) (text[0] - '0'), (guint) (text[2] - '0'));
  return TRUE;
}

typedef struct
{
  const RaData *data;
  RaPosition *pos;
} Reading;

static gboolean
add_item (gpointer user_data, const char *item, GError **error)
{
  Reading *reading = user_data;
  const RaData *data = reading->data;
  RaPosition *pos = reading->pos;
  g_auto (GStrv) parts = g_strsplit (item, "@", 2);
  guint8 state;
  int cell;

  if (g_str_has_prefix (item, "entry="))
    {
      if (!parse_stack (item + 6, &pos->entry))
        return tb_position_text_error (error, item, "expected entry=S:H");
      return TRUE;
    }
  if (g_strv_length (parts) != 2 || !parse_stack (parts[0], &state))
    return tb_position_text_error (error, item, "expected S:H@CELL (seat 1 or 2, height 1 to 3)");
  cell = tb_hex_parse_cell (&data->hex, parts[1], NULL);
  if (cell < 0)
    return tb_position_text_error (error, item, "not a cell of this board");
  if (cell == data->ra[0] || cell == data->ra[1])
    return tb_position_text_error (error, item, "no stack stands on an RA cell");
  if (pos->cell[cell])
    return tb_position_text_error (error, item, "that cell already holds a stack");
  if (pos->pawns[ra_owner (state) - 1] + ra_height (state) > 9)
    return tb_position_text_error (error, item, "a player has 9 pawns");
  ra_add_stack (data, pos, cell, state);
  return TRUE;
}

gboolean
ra_parse_position (const TbVariant *v, const char *text, TbPosition *out, GError **error)
{
  const RaData *data = RA_DATA (v);
  RaPosition *pos = (RaPosition *) out;
  Reading reading = { data, pos };

  ra_clear_position (data, pos);
  if (!tb_position_text_read (text, &pos->head.to_move, add_item, &reading, error))
    return FALSE;
  if (pos->entry)
    pos->head.hash ^= RA_ENTRY_KEY (pos->entry);
  if (pos->head.to_move == 2)
    pos->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;
  return TRUE;
}
