/* tb-board-desc.c: lookups in a board description */
#include "config.h"

#include "tb-board-desc.h"

int
tb_board_desc_find_cell (const TbBoardDesc *board, const char *name)
{
  for (guint i = 0; i < board->n_cells; i++)
    if (g_ascii_strcasecmp (board->cells[i].name, name) == 0)
      return (int) i;
  return -1;
}
