/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus-text.c: Versus move text, explanations, drawing and the two
 * ruleset tables
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-versus-private.h"

void
vs_format_move (const TbVariant *v, const TbPosition *pos, TbMove move, GString *out)
{
  const TbHexBoard *hex = &VS_DATA (v)->hex;
  char from[TB_CELL_NAME_LEN], to[TB_CELL_NAME_LEN];

  tb_hex_cell_name (hex, vs_move_from (move), from);
  tb_hex_cell_name (hex, vs_move_to (move), to);
  g_string_append (out, from);
  g_string_append_c (out, '-');
  g_string_append (out, to);
}

static const char *
skip_space (const char *p)
{
  while (g_ascii_isspace (*p))
    p++;
  return p;
}

gboolean
vs_parse_move (const TbVariant *v, const TbPosition *pos, const char *text, TbMove *move,
               GError **error)
{
  const TbHexBoard *hex = &VS_DATA (v)->hex;
  const char *p = text;
  int from, to;

  from = tb_hex_parse_cell (hex, p, &p);
  if (from >= 0)
    {
      p = skip_space (p);
      if (*p == '-')
        {
          to = tb_hex_parse_cell (hex, p + 1, &p);
          if (to >= 0 && *skip_space (p) == '\0' && to != from)
            {
              *move = vs_move (from, to);
              return TRUE;
            }
        }
    }
  g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT,
               _("'%s' is not a move of %s (FROM-TO with cells of this board, such as c1-c4)"),
               text, _(v->rules->name));
  return FALSE;
}

/* Where the VERSUS would stop on its way from -> to: to itself when the
 * way is clear, the first blocking cell otherwise; -1 when to is not on a
 * straight line from from. */
static int
versus_path_end (const VsData *data, const VsPosition *pos, int from, int to)
{
  const TbHexBoard *hex = &data->hex;

  for (int d = 0; d < TB_HEX_N_DIRS; d++)
    for (int k = 0; k < hex->ray_len[from][d]; k++)
      {
        int x = hex->ray[from][d][k];

        if (x == to)
          return to;
        if (pos->board[x] && (data->frozen_block || !data->is_target[x]))
          {
            for (int j = k + 1; j < hex->ray_len[from][d]; j++)
              if (hex->ray[from][d][j] == to)
                return x;
            break;
          }
      }
  return -1;
}

void
vs_explain_illegal (const TbVariant *v, const TbPosition *p, TbMove move, GString *out)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);
  int from = vs_move_from (move), to = vs_move_to (move);
  int piece = pos->board[from] - 1;

  if (piece < 0)
    g_string_append (out, _("there is no piece on that cell"));
  else if (vs_controller (pos->info[piece]) != pos->head.to_move)
    g_string_append (out, _("that piece is controlled by the other player"));
  else if (pos->board[to])
    g_string_append (out, _("pieces only move to an empty cell"));
  else if (!vs_is_versus (pos->info[piece]) && data->is_target[from])
    g_string_append (out, _("a pawn on a target is frozen for good"));
  else if (!vs_is_versus (pos->info[piece]))
    g_string_append (out, _("a pawn moves one cell at a time"));
  else if (data->is_target[to])
    g_string_append (out, _("the VERSUS may cross a target but never stop on it"));
  else if (versus_path_end (data, pos, from, to) < 0)
    g_string_append (out, _("the VERSUS moves in a straight line"));
  else
    g_string_append (out, _("the VERSUS never jumps over a piece"));
}

void
vs_move_cells (const TbVariant *v, const TbPosition *pos, TbMove move, int *from, int *to)
{
  *from = vs_move_from (move);
  *to = vs_move_to (move);
}

guint
vs_describe_pieces (const TbVariant *v, const TbPosition *p, TbPieceDesc pieces[TB_MAX_PIECES])
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);

  for (guint i = 0; i < pos->n_pieces; i++)
    {
      guint8 info = pos->info[i];
      TbPieceDesc *piece = &pieces[i];
      guint owner = vs_controller (info);

      memset (piece, 0, sizeof *piece);
      piece->cell = pos->cell[i];
      piece->owner = (guint8) owner;
      piece->height = 1;
      if (vs_is_versus (info))
        piece->kind = TB_PIECE_VERSUS;
      else
        {
          piece->kind = TB_PIECE_PAWN;
          piece->portions = (guint8) vs_portions (info);
          piece->n_portions = 5;
          piece->value = (guint8) vs_value (info, owner);
          if (data->is_target[piece->cell])
            piece->flags |= TB_PIECE_FROZEN;
        }
    }
  return pos->n_pieces;
}

/* One cell of the text picture, three characters wide. */
typedef struct
{
  const VsData *data;
  const VsPosition *pos;
} ShowData;

static void
show_cell (gconstpointer user_data, int cell, GString *out)
{
  const ShowData *show = user_data;
  const VsData *data = show->data;
  const VsPosition *pos = show->pos;
  int piece = pos->board[cell] - 1;
  guint8 info;

  if (piece < 0)
    {
      g_string_append (out, data->is_target[cell] ? " o " : " . ");
      return;
    }
  info = pos->info[piece];
  if (vs_is_versus (info))
    g_string_append_printf (out, "V%u ", vs_controller (info));
  else
    g_string_append_printf (out, "%u%u%c", vs_controller (info),
                            vs_value (info, vs_controller (info)),
                            data->is_target[cell] ? '*' : ' ');
}

void
vs_show (const TbVariant *v, const TbPosition *p, GString *out)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);
  ShowData show = { data, pos };
  int R = data->hex.radius;
  int scores[2];

  tb_hex_show (&data->hex, show_cell, &show, out);
  g_string_append_printf (out, "%*s", 2 * R + 4, "");
  for (int q = -R; q <= 0; q++)
    g_string_append_printf (out, "%c   ", 'a' + q + R);
  g_string_append (out, "(files a.., rank 1 at the bottom)\n");
  vs_score (v, p, scores);
  g_string_append_printf (out, "to move: %u   score: %d-%d\n", pos->head.to_move,
                          scores[0], scores[1]);
  g_string_append (out, "legend: . empty  o empty target  V1/V2 VERSUS  "
                        "SV pawn controlled by seat S worth V to S  * frozen on a target\n");
}
