/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-position-text.c: the shared frame of position texts */
#include "config.h"

#include <string.h>

#include "tb-position-text.h"
#include "tb-rules.h"

void
tb_position_text_append_uint (GString *out, guint n)
{
  char digits[12];
  guint i = sizeof digits;

  do
    {
      digits[--i] = (char) ('0' + n % 10);
      n /= 10;
    }
  while (n > 0);
  g_string_append_len (out, digits + i, (gssize) (sizeof digits - i));
}

gboolean
tb_position_text_error (GError **error, const char *item, const char *why)
{
  g_set_error (error, TB_RULES_ERROR, TB_RULES_ERROR_BAD_POSITION, "'%s': %s", item, why);
  return FALSE;
}

gboolean
tb_position_text_read (const char *text, guint8 *to_move, TbPositionItemFunc add_item,
                       gpointer data, GError **error)
{
  g_auto (GStrv) items = g_strsplit_set (text, " \t\n", -1);

  *to_move = 1;
  for (guint i = 0; items[i]; i++)
    {
      if (*items[i] == '\0')
        continue;
      if (g_str_has_prefix (items[i], "to-move="))
        {
          if (strcmp (items[i] + 8, "1") != 0 && strcmp (items[i] + 8, "2") != 0)
            return tb_position_text_error (error, items[i], "to-move is 1 or 2");
          *to_move = (guint8) (items[i][8] - '0');
        }
      else if (!add_item (data, items[i], error))
        return FALSE;
    }
  return TRUE;
}
