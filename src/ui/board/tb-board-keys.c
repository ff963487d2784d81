/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-keys.c: what the keys do to the move being chosen */
#include "config.h"

#include "tb-board-keys.h"

static gboolean
held_piece_key (TbMovePicker *picker, guint keyval)
{
  const TbPlacement *placement = tb_move_picker_get_placement (picker);

  switch (keyval)
    {
    case GDK_KEY_r:
    case GDK_KEY_R:
      tb_move_picker_turn_piece (picker, keyval == GDK_KEY_r);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_Right:
    case GDK_KEY_Up:
    case GDK_KEY_Down:
      tb_move_picker_step_piece (picker,
                                 keyval == GDK_KEY_Up ? -1 : keyval == GDK_KEY_Down ? 1 : 0,
                                 keyval == GDK_KEY_Left ? -1 : keyval == GDK_KEY_Right ? 1 : 0);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (placement->cell < 0)
        tb_move_picker_step_piece (picker, 0, 0);
      else
        tb_move_picker_lay_piece (picker);
      return TRUE;
    case GDK_KEY_Escape:
      tb_move_picker_put_back_piece (picker);
      return TRUE;
    default:
      return FALSE;
    }
}

gboolean
tb_board_keys_placement (TbMovePicker *picker, guint keyval)
{
  if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_5)
    {
      tb_move_picker_take_next_of_size (picker, keyval - GDK_KEY_0);
      return TRUE;
    }
  if (tb_move_picker_get_held_piece (picker) < 0)
    return FALSE;
  return held_piece_key (picker, keyval);
}

gboolean
tb_board_keys_pending (TbMovePicker *picker, guint keyval)
{
  if (tb_move_picker_get_pending (picker) == TB_PICKER_PENDING_NONE)
    return FALSE;
  if (keyval == GDK_KEY_Escape)
    {
      tb_move_picker_cancel_pending (picker);
      return TRUE;
    }
  if (tb_move_picker_get_pending (picker) != TB_PICKER_PENDING_TURN)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      return tb_move_picker_choose_turn (picker, 2);
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      return tb_move_picker_choose_turn (picker, 1);
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
    case GDK_KEY_Down:
      return tb_move_picker_choose_turn (picker, 0);
    default:
      return FALSE;
    }
}

gboolean
tb_board_keys_amount (TbMovePicker *picker, guint keyval)
{
  guint amount;

  if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_9)
    amount = keyval - GDK_KEY_0;
  else if (keyval >= GDK_KEY_KP_1 && keyval <= GDK_KEY_KP_9)
    amount = keyval - GDK_KEY_KP_0;
  else
    return FALSE;
  if (!(tb_move_picker_get_available_amounts (picker) & (1u << amount)))
    return FALSE;
  tb_move_picker_set_move_amount (picker, amount);
  return TRUE;
}
