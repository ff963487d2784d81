/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-tgn-reader.c: any text given to the TGN reader.
 *
 * Whatever the bytes, reading ends (no crash, no hang), and every game it
 * accepts is written back as a record that reads again as the same game:
 * same tags and same moves. */
#include "fuzz-target.h"

#include "tb-tgn.h"

static void
check_round_trip (TbGame *game)
{
  g_autofree char *record = tb_tgn_write (game);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) again = tb_tgn_read_all (record, -1, &error);
  TbGame *copy;
  g_autofree char *record_again = NULL;

  FUZZ_CHECK (again != NULL, "a game read does not read back: %s\n%s",
              error ? error->message : "?", record);
  FUZZ_CHECK (again->len == 1, "one game written, %u read back", again->len);
  copy = again->pdata[0];
  FUZZ_CHECK (tb_game_get_ply (copy) == tb_game_get_ply (game), "plies differ after a round trip");
  record_again = tb_tgn_write (copy);
  FUZZ_CHECK (g_strcmp0 (record, record_again) == 0, "the record changes when read back:\n%s\n%s",
              record, record_again);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new ((const char *) data, (gssize) size);
  guint games = 0;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      if (game == NULL && error == NULL)
        break;
      if (game)
        check_round_trip (game);
      /* A reader always moves on: at most one game or error per byte. */
      FUZZ_CHECK (++games <= size + 1, "the reader does not move on");
    }
  return 0;
}
