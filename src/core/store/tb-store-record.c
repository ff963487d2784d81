/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-record.c: everything the store writes for a game, read at once
 *
 * A record is what a game becomes in the database: its tags as the
 * record's tag pairs, its main line as move tokens, the comments and NAGs
 * of its moves (and, when it has any or branches, its whole movetext),
 * and the values of the columns the history shows, filters and sorts by.
 * It is read from the game when made and never changes after, so that it
 * can be written on another thread while the game goes on (a TbGame is
 * not thread-safe); writing it is tb-store-games.c's.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"
#include "tb-text-fold.h"
#include "tb-tgn.h"

const char *
tb_store_header_result (const char *header)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2" };
  const char *tag = strstr (header, "[Result \"");

  for (guint i = 0; tag && i < G_N_ELEMENTS (results); i++)
    if (g_str_has_prefix (tag + strlen ("[Result \""), results[i]) &&
        tag[strlen ("[Result \"") + strlen (results[i])] == '"')
      return results[i];
  return "*";
}

TbGame *
tb_store_game_of_parts (const char *header, const char *line, const char *movetext,
                        GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (TbTgnReader) reader = NULL;
  g_autoptr (GError) local = NULL;
  TbGame *game;

  if (movetext)
    text = g_strconcat (header, "\n", movetext, NULL);
  else
    text = g_strconcat (header, "\n", line, *line ? " " : "", tb_store_header_result (header),
                        "\n", NULL);
  reader = tb_tgn_reader_new (text, -1);
  game = tb_tgn_reader_next (reader, &local);
  if (game == NULL)
    g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME, "%s",
                 local ? local->message : "no game in the record");
  return game;
}

TbGame *
tb_store_record_read_game (const TbStoreRecord *record, GError **error)
{
  return tb_store_game_of_parts (record->header->str, record->line->str, record->movetext, error);
}

static void
note_free (TbStoreNote *note)
{
  g_free (note->comment);
  g_free (note->nags);
  g_free (note);
}

static TbStoreNote *
node_note (const TbGameNode *node, guint ply)
{
  guint n_nags;
  const guint8 *nags = tb_game_node_get_nags (node, &n_nags);
  TbStoreNote *note;

  if (n_nags == 0 && tb_game_node_get_comment (node) == NULL)
    return NULL;
  note = g_new0 (TbStoreNote, 1);
  note->ply = ply;
  note->comment = g_strdup (tb_game_node_get_comment (node));
  if (n_nags)
    {
      GString *text = g_string_new (NULL);

      for (guint i = 0; i < n_nags; i++)
        g_string_append_printf (text, "%s$%u", i ? " " : "", nags[i]);
      note->nags = g_string_free (text, FALSE);
    }
  return note;
}

/* The main line's comments and NAGs, and whether it branches or has
 * evaluations: a game with any keeps its whole movetext too (where the
 * evaluations are, as [%eval] comments: the annotations' rows hold the
 * person's words alone, which a search looks in). */
static gboolean
read_notes (TbStoreRecord *record, TbGame *game)
{
  const TbGameNode *node = tb_game_get_root (game);
  gboolean branches = FALSE;
  gboolean evals = tb_game_node_get_eval (node) != TB_EVAL_NONE;
  guint ply = 0;
  TbStoreNote *note;

  if ((note = node_note (node, 0)))
    g_ptr_array_add (record->notes, note);
  while (tb_game_node_get_n_children (node) > 0)
    {
      branches |= tb_game_node_get_n_children (node) > 1;
      node = tb_game_node_get_child (node, 0);
      evals |= tb_game_node_get_eval (node) != TB_EVAL_NONE;
      if ((note = node_note (node, ++ply)))
        g_ptr_array_add (record->notes, note);
    }
  record->plies = ply;
  return branches || evals || record->notes->len > 0;
}

static void
read_moves (TbStoreRecord *record, TbGame *game)
{
  record->header = g_string_sized_new (512);
  /* About six bytes a move (c1-c4 and a space). */
  record->line = g_string_sized_new (8 * tb_game_get_n_plies (game) + 16);
  record->notes = g_ptr_array_new_with_free_func ((GDestroyNotify) note_free);
  tb_tgn_write_tags (game, record->header);
  tb_tgn_write_main_line (game, record->line);
  if (read_notes (record, game))
    {
      GString *movetext = g_string_sized_new (record->line->len + 256);

      tb_tgn_write_movetext (game, movetext);
      record->movetext = g_string_free (movetext, FALSE);
    }
}

char *
tb_store_fingerprint (const char *header, const char *line, gsize line_length)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  const char *tag = header;

  while (*tag)
    {
      const char *end = strchr (tag, '\n');
      gsize length = end ? (gsize) (end - tag) + 1 : strlen (tag);

      if (g_str_has_prefix (tag, "[Player1 ") || g_str_has_prefix (tag, "[Player2 "))
        {
          /* "Élodie Martin" and "ELODIE  MARTIN" are one player: the
           * same game under both names is one game (schema 8). */
          g_autofree char *line = g_strndup (tag, length);
          g_autofree char *folded = tb_text_fold (line);

          g_checksum_update (sum, (const guchar *) folded, -1);
        }
      else if (!g_str_has_prefix (tag, "[GameId "))
        g_checksum_update (sum, (const guchar *) tag, (gssize) length);
      tag += length;
    }
  g_checksum_update (sum, (const guchar *) line, (gssize) line_length);
  return g_strdup (g_checksum_get_string (sum));
}

char *
tb_store_checksum (gint64 game, const char *fingerprint, const char *header, const char *line,
                   const char *variations)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  /* The lengths first: no two records make the same text. */
  g_autofree char *lengths = g_strdup_printf ("%" G_GINT64_FORMAT " %zu %zu %zu %zd\n", game,
                                              strlen (fingerprint), strlen (header),
                                              strlen (line),
                                              variations ? (gssize) strlen (variations) : -1);

  g_checksum_update (sum, (const guchar *) lengths, -1);
  g_checksum_update (sum, (const guchar *) fingerprint, -1);
  g_checksum_update (sum, (const guchar *) header, -1);
  g_checksum_update (sum, (const guchar *) line, -1);
  if (variations)
    g_checksum_update (sum, (const guchar *) variations, -1);
  return g_strdup (g_checksum_get_string (sum));
}

static guint8
hex_digit (char c)
{
  return (guint8) g_ascii_xdigit_value (c);
}

void
tb_store_bind_fingerprint (sqlite3_stmt *stmt, int parameter, const char *fingerprint)
{
  guint8 bytes[TB_STORE_FINGERPRINT_BYTES];

  g_return_if_fail (strlen (fingerprint) >= 2 * TB_STORE_FINGERPRINT_BYTES);
  for (guint i = 0; i < TB_STORE_FINGERPRINT_BYTES; i++)
    bytes[i] = (guint8) (hex_digit (fingerprint[2 * i]) << 4 | hex_digit (fingerprint[2 * i + 1]));
  sqlite3_bind_blob (stmt, parameter, bytes, sizeof bytes, SQLITE_TRANSIENT);
}

char *
tb_store_column_fingerprint (sqlite3_stmt *stmt, int column)
{
  const guint8 *bytes;
  int length;
  char *hex;

  if (sqlite3_column_type (stmt, column) != SQLITE_BLOB)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, column);

      return g_strdup (text ? text : "");
    }
  bytes = sqlite3_column_blob (stmt, column);
  length = sqlite3_column_bytes (stmt, column);
  hex = g_malloc (2 * (gsize) length + 1);
  for (int i = 0; i < length; i++)
    {
      hex[2 * i] = "0123456789abcdef"[bytes[i] >> 4];
      hex[2 * i + 1] = "0123456789abcdef"[bytes[i] & 15];
    }
  hex[2 * length] = '\0';
  return hex;
}

gint64
tb_store_checksum_number (const char *checksum)
{
  guint64 number = 0;

  for (guint i = 0; i < 16 && g_ascii_isxdigit (checksum[i]); i++)
    number = number << 4 | hex_digit (checksum[i]);
  return (gint64) number;
}

static const char *
tag_or (TbGame *game, const char *name, const char *fallback)
{
  const char *value = tb_game_get_tag (game, name);

  return value && *value ? value : fallback;
}

static void
read_columns (TbStoreRecord *record, TbGame *game)
{
  TbOutcome outcome;
  int scores[2];

  record->ruleset = g_strdup (tb_rules_get_id (tb_game_get_rules (game)));
  record->date = tb_store_date_stored (tag_or (game, "Date", "????.??.??"));
  record->player1 = g_strdup (tag_or (game, "Player1", "?"));
  record->player2 = g_strdup (tag_or (game, "Player2", "?"));
  tb_game_get_final_outcome (game, &outcome);
  record->result = tb_result_to_string (outcome.result);
  record->termination = outcome.termination == TB_TERMINATION_NONE
                          ? "" : tb_termination_to_string (outcome.termination);
  if (tb_game_get_final_score (game, scores))
    record->score = g_strdup_printf ("%d-%d", scores[0], scores[1]);
  record->match_id = g_strdup (tag_or (game, "Match", NULL));
  record->rated = g_strcmp0 (tb_game_get_tag (game, TB_TAG_RATED), "no") != 0;
  record->correspondence = g_strcmp0 (tb_game_get_tag (game, TB_TAG_CORRESPONDENCE), "yes") == 0;
}

TbStoreRecord *
tb_store_record_new (TbGame *game, int current_ply)
{
  TbStoreRecord *record;
  const char *uuid;

  g_return_val_if_fail (TB_IS_GAME (game), NULL);

  record = g_new0 (TbStoreRecord, 1);
  read_moves (record, game);
  read_columns (record, game);
  record->fingerprint = tb_store_fingerprint (record->header->str, record->line->str,
                                             record->line->len);
  record->main_line = tb_main_line_new (game);
  record->current_ply = MIN (current_ply < 0 ? tb_game_get_ply (game) : (guint) current_ply,
                             record->plies);
  /* Made now for a game that has none, as the record must not change;
   * only a game that is added is given it. */
  uuid = tb_game_get_tag (game, "GameId");
  record->new_uuid = uuid == NULL;
  record->game_uuid = uuid ? g_strdup (uuid) : g_uuid_string_random ();
  return record;
}

void
tb_store_record_work_out_positions (TbStoreRecord *record)
{
  if (record->entries != NULL)
    return;
  record->entries = tb_main_line_entries (record->main_line, TB_STORE_EXPLORER_PLIES);
  /* Only the entries are written: the line is dropped now, as an import
   * keeps thousands of records waiting. */
  g_clear_pointer (&record->main_line, tb_main_line_free);
}

void
tb_store_record_free (TbStoreRecord *record)
{
  if (record == NULL)
    return;
  g_string_free (record->header, TRUE);
  g_string_free (record->line, TRUE);
  g_free (record->movetext);
  g_ptr_array_unref (record->notes);
  g_free (record->fingerprint);
  g_free (record->game_uuid);
  g_free (record->ruleset);
  g_free (record->date);
  g_free (record->player1);
  g_free (record->player2);
  g_free (record->score);
  g_free (record->match_id);
  tb_main_line_free (record->main_line);
  g_clear_pointer (&record->entries, g_array_unref);
  g_free (record);
}
