/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-cell-describe.c: cells told in words */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-cell-describe.h"
#include "tb-move-describe.h"

static void
append_part (GString *out, const char *part)
{
  /* Translators: between the parts of a cell's description: "d5, target". */
  g_string_append (out, _(", "));
  g_string_append (out, part);
}

static void
append_marks (TbGame *game, guint marks, GString *out)
{
  if (marks & TB_MARK_TARGET)
    /* Translators: a Versus target cell, in a cell's description. */
    append_part (out, _("target"));
  if (marks & (TB_MARK_RA_SEAT1 | TB_MARK_RA_SEAT2))
    {
      /* Translators: the RA cell of a player: "Red’s RA". */
      g_autofree char *ra = g_strdup_printf (_("%s’s RA"),
                                             tb_seat_colour (game, marks & TB_MARK_RA_SEAT1 ? 1 : 2));

      append_part (out, ra);
    }
  if (marks & TB_MARK_CENTRE)
    /* Translators: the centre of Oraïa's board. */
    append_part (out, _("centre"));
}

static char *
piece_text (TbGame *game, const TbPieceDesc *piece)
{
  const char *seat = tb_seat_colour (game, piece->owner);

  switch (piece->kind)
    {
    case TB_PIECE_VERSUS:
      /* Translators: "Dark’s VERSUS", on a cell. */
      return g_strdup_printf (_("%s’s VERSUS"), seat);
    case TB_PIECE_STACK:
      /* Translators: an RA stack: "White’s stack of 2 pawns". */
      return g_strdup_printf (ngettext ("%s’s stack of %u pawn", "%s’s stack of %u pawns",
                                        piece->height),
                              seat, piece->height);
    case TB_PIECE_TILE:
      /* Translators: a square of a laid piece in Retournement. */
      return g_strdup_printf (_("%s’s piece"), seat);
    case TB_PIECE_PAWN:
    default:
      if (piece->n_portions > 0)
        /* Translators: a Versus pawn and what it is worth to the player
         * it belongs to: "Dark’s pawn, worth 3". */
        return g_strdup_printf (_("%s’s pawn, worth %u"), seat, piece->value);
      /* Translators: "Red’s pawn", on a cell. */
      return g_strdup_printf (_("%s’s pawn"), seat);
    }
}

char *
tb_describe_cell (TbGame *game, int cell, const TbPieceDesc *pieces, guint n_pieces,
                  TbCellState state)
{
  const TbBoardDesc *board = &tb_game_get_variant (game)->board;
  GString *out = g_string_new (board->cells[cell].name);
  gboolean empty = TRUE;

  append_marks (game, board->cells[cell].marks, out);
  for (guint i = 0; i < n_pieces; i++)
    {
      g_autofree char *text = NULL;

      if (pieces[i].cell != cell)
        continue;
      empty = FALSE;
      text = piece_text (game, &pieces[i]);
      append_part (out, text);
      if (pieces[i].flags & TB_PIECE_FROZEN)
        /* Translators: a pawn on a Versus target. */
        append_part (out, _("it can no longer move"));
      if (pieces[i].flags & TB_PIECE_CHARGED)
        /* Translators: an Oraïa pawn turned over at the centre. */
        append_part (out, _("charged"));
      if (pieces[i].flags & TB_PIECE_LOCKED)
        /* Translators: a Retournement piece that can no longer be turned. */
        append_part (out, _("surrounded"));
    }
  if (empty)
    /* Translators: a cell with nothing on it. */
    append_part (out, _("empty"));
  if (state & TB_CELL_STATE_SELECTED)
    /* Translators: the piece chosen to move. */
    append_part (out, _("selected"));
  if (state & TB_CELL_STATE_DESTINATION)
    /* Translators: where the selected piece may go. */
    append_part (out, _("legal destination"));
  return g_string_free (out, FALSE);
}
