/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-versus-position.c: Versus positions as one line of text
 *
 *   to-move=1 V1@c1 V2@g9 P3/1@d1 P2/2!02@e8
 *
 * V<seat>@CELL is a VERSUS; P<d>/<controller>@CELL a pawn with d portions
 * of seat 1's colour (its value to seat 1), controlled by seat 1 or 2,
 * and !<s1><s2> its attraction streaks (§7) when not zero.
 */
#include "config.h"

#include <string.h>

#include "tb-position-text.h"
#include "tb-versus-private.h"

void
vs_format_position (const TbVariant *v, const TbPosition *p, GString *out)
{
  const VsData *data = VS_DATA (v);
  const VsPosition *pos = VS_POS (p);

  g_string_append (out, "to-move=");
  tb_position_text_append_uint (out, pos->head.to_move);
  for (int cell = 0; cell < data->hex.n_cells; cell++)
    {
      int piece = pos->board[cell] - 1;
      char name[TB_CELL_NAME_LEN];
      guint8 info;

      if (piece < 0)
        continue;
      info = pos->info[piece];
      tb_hex_cell_name (&data->hex, cell, name);
      if (vs_is_versus (info))
        {
          g_string_append (out, " V");
          tb_position_text_append_uint (out, vs_controller (info));
        }
      else
        {
          g_string_append (out, " P");
          tb_position_text_append_uint (out, vs_portions (info));
          g_string_append_c (out, '/');
          tb_position_text_append_uint (out, vs_controller (info));
          if (vs_streak (info, 1) || vs_streak (info, 2))
            {
              g_string_append_c (out, '!');
              tb_position_text_append_uint (out, vs_streak (info, 1));
              tb_position_text_append_uint (out, vs_streak (info, 2));
            }
        }
      g_string_append_c (out, '@');
      g_string_append (out, name);
    }
}

/* "V1" or "P3/2!02" into a piece byte. */
static gboolean
parse_piece (const char *text, guint8 *info)
{
  if (text[0] == 'V' && (text[1] == '1' || text[1] == '2') && text[2] == '\0')
    {
      *info = VS_VERSUS | (text[1] == '2' ? VS_SEAT2 : 0);
      return TRUE;
    }
  if (text[0] != 'P' || text[1] < '0' || text[1] > '5' || text[2] != '/' ||
      (text[3] != '1' && text[3] != '2'))
    return FALSE;
  *info = (guint8) ((text[1] - '0') | (text[3] == '2' ? VS_SEAT2 : 0));
  if (text[4] == '\0')
    return TRUE;
  if (text[4] != '!' || text[5] < '0' || text[5] > '2' || text[6] < '0' || text[6] > '2' ||
      text[7] != '\0')
    return FALSE;
  *info |= (guint8) (((text[5] - '0') << VS_STREAK_SHIFT (1)) |
                     ((text[6] - '0') << VS_STREAK_SHIFT (2)));
  return TRUE;
}

typedef struct
{
  const VsData *data;
  VsPosition *pos;
  guint n_versus[2];
} Reading;

static gboolean
add_item (gpointer user_data, const char *item, GError **error)
{
  Reading *reading = user_data;
  const VsData *data = reading->data;
  VsPosition *pos = reading->pos;
  guint *n_versus = reading->n_versus;
  g_auto (GStrv) parts = g_strsplit (item, "@", 2);
  guint8 info;
  int cell;

  if (g_strv_length (parts) != 2 || !parse_piece (parts[0], &info))
    return tb_position_text_error (error, item, "expected V<seat>@CELL or P<d>/<seat>[!<s1><s2>]@CELL");
  cell = tb_hex_parse_cell (&data->hex, parts[1], NULL);
  if (cell < 0)
    return tb_position_text_error (error, item, "not a cell of this board");
  if (pos->board[cell])
    return tb_position_text_error (error, item, "that cell already holds a piece");
  if (pos->n_pieces == VS_MAX_PIECES)
    return tb_position_text_error (error, item, "too many pieces");
  if (vs_is_versus (info) && n_versus[vs_controller (info) - 1]++ > 0)
    return tb_position_text_error (error, item, "a player has one VERSUS");
  if (vs_is_versus (info) && data->is_target[cell])
    return tb_position_text_error (error, item, "a VERSUS never stands on a target");
  pos->board[cell] = (guint8) (pos->n_pieces + 1);
  pos->cell[pos->n_pieces] = (guint8) cell;
  pos->info[pos->n_pieces] = info;
  pos->n_pieces++;
  pos->head.hash ^= vs_piece_key (cell, info);
  return TRUE;
}

gboolean
vs_parse_position (const TbVariant *v, const char *text, TbPosition *out, GError **error)
{
  VsPosition *pos = (VsPosition *) out;
  Reading reading = { VS_DATA (v), pos, { 0, 0 } };

  memset (pos, 0, sizeof *pos);
  if (!tb_position_text_read (text, &pos->head.to_move, add_item, &reading, error))
    return FALSE;
  if (pos->head.to_move == 2)
    pos->head.hash ^= TB_ZOBRIST_SEAT2_TO_MOVE;
  vs_summarize (reading.data, pos);
  return TRUE;
}
