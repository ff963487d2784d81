/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-games.c: a game's rows, written and read back
 *
 * A game becomes a row of games (the columns the history shows, filters
 * and sorts by), a row of records (its tags as the record's tag pairs,
 * its main line as move tokens) and a row of annotations per commented
 * move; a game with comments, NAGs or variations also keeps its whole
 * movetext, so that nothing of it is lost.  What is written is a
 * TbStoreRecord (tb-store-record.c), read from the game beforehand: a
 * write reads nothing of the game.  Reading a game back builds its record
 * and reads it with the TGN reader: every move is checked again, and a
 * damaged row is an error, never a crash.
 */
#include "config.h"

#include <string.h>

#include "tb-move-code.h"
#include "tb-store-private.h"
#include "tb-text-fold.h"
#include "tb-tgn.h"

/* The id of the player of this name, added when new (remembered: an
 * import meets the same players in game after game). */
static gint64
player_id (TbStore *self, const char *name, GError **error)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  g_autofree char *folded = NULL;
  gint64 id = GPOINTER_TO_SIZE (g_hash_table_lookup (self->player_ids, key));
  sqlite3_stmt *stmt;

  if (id)
    return id;
  /* The folded name is what a search compares (tb-store-query.c). */
  stmt = tb_store_statement (self, "INSERT INTO players (name, key) VALUES (?1, ?2) "
                                   "ON CONFLICT (name) DO NOTHING", error);
  if (stmt == NULL)
    return 0;
  folded = tb_text_fold (name);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, folded, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot add the player");
      return 0;
    }
  stmt = tb_store_statement (self, "SELECT id FROM players WHERE name = ?1", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      tb_store_set_error (self, error, "cannot find the player");
      sqlite3_reset (stmt);
      return 0;
    }
  id = sqlite3_column_int64 (stmt, 0);
  /* Reset at once: a statement left on a row would hold its read
   * transaction, and this connection would not see other writers. */
  sqlite3_reset (stmt);
  g_hash_table_insert (self->player_ids, g_steal_pointer (&key), GSIZE_TO_POINTER (id));
  return id;
}

static gboolean
ensure_match (TbStore *self, const TbStoreRecord *record, GError **error)
{
  sqlite3_stmt *stmt;

  if (record->match_id == NULL)
    return TRUE;
  stmt = tb_store_statement (self, "INSERT INTO matches (id, ruleset) VALUES (?1, ?2) "
                                   "ON CONFLICT (id) DO NOTHING", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, record->match_id, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, record->ruleset, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot add the match");
      return FALSE;
    }
  return TRUE;
}

/* The comments and NAGs of game id: those of a game saved before are
 * replaced (fresh: a game just added has none). */
static gboolean
write_notes (TbStore *self, gint64 id, const TbStoreRecord *record, gboolean fresh,
             GError **error)
{
  sqlite3_stmt *stmt;

  if (!fresh)
    {
      stmt = tb_store_statement (self, "DELETE FROM annotations WHERE game = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          tb_store_set_error (self, error, "cannot write the comments");
          return FALSE;
        }
    }
  for (guint i = 0; i < record->notes->len; i++)
    {
      const TbStoreNote *note = g_ptr_array_index (record->notes, i);

      stmt = tb_store_statement (self, "INSERT INTO annotations (game, ply, comment, nags) "
                                       "VALUES (?1, ?2, ?3, ?4)", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      sqlite3_bind_int (stmt, 2, (int) note->ply);
      sqlite3_bind_text (stmt, 3, note->comment, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 4, note->nags, -1, SQLITE_STATIC);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          tb_store_set_error (self, error, "cannot write the comments");
          return FALSE;
        }
    }
  return TRUE;
}

/* The columns of games every write of a game sets, bound from ?2 on
 * (?1 is the id or the GameId). */
#define GAME_COLUMNS \
  "ruleset, date, player1, player2, player1_id, player2_id, result, termination, score, " \
  "plies, current_ply, match_id, updated, rated, correspondence"
#define GAME_VALUES "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16"
#define PLIES_PARAMETER "?11"
#define NOW_PARAMETER "?14"

/* The record's texts outlive the statement's step: bound without a copy. */
static gboolean
bind_game (TbStore *self, sqlite3_stmt *stmt, const TbStoreRecord *record, GError **error)
{
  gint64 id1 = player_id (self, record->player1, error);
  gint64 id2 = id1 ? player_id (self, record->player2, error) : 0;

  if (id1 == 0 || id2 == 0 || !ensure_match (self, record, error))
    return FALSE;
  sqlite3_bind_text (stmt, 2, record->ruleset, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, record->date, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, record->player1, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 5, record->player2, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 6, id1);
  sqlite3_bind_int64 (stmt, 7, id2);
  sqlite3_bind_text (stmt, 8, record->result, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 9, record->termination, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 10, record->score, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 11, (int) record->plies);
  sqlite3_bind_int (stmt, 12, (int) record->current_ply);
  sqlite3_bind_text (stmt, 13, record->match_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 14, g_get_real_time () / G_USEC_PER_SEC);
  sqlite3_bind_int (stmt, 15, record->rated);
  sqlite3_bind_int (stmt, 16, record->correspondence);
  return TRUE;
}

/* The record of game id: added, or written over the old one; header is
 * the record's, or more when a GameId was made for it. */
static gboolean
write_record (TbStore *self, gint64 id, const TbStoreRecord *record, const char *header,
              GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (
    self, "INSERT INTO records (game, fingerprint, header, line, variations, checksum) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (game) DO UPDATE SET "
          "fingerprint = excluded.fingerprint, header = excluded.header, "
          "line = excluded.line, variations = excluded.variations, "
          "checksum = excluded.checksum", error);
  g_autofree char *fingerprint = g_strndup (record->fingerprint, TB_STORE_FINGERPRINT_BYTES * 2);
  g_autoptr (GByteArray) line = g_byte_array_sized_new (record->line->len / 2 + 8);
  g_autofree char *checksum = NULL;

  if (stmt == NULL)
    return FALSE;
  /* Over the line's text, as it reads back: its form is the store's. */
  checksum = tb_store_checksum (id, fingerprint, header, record->line->str, record->movetext);
  sqlite3_bind_int64 (stmt, 1, id);
  tb_store_bind_fingerprint (stmt, 2, record->fingerprint);
  sqlite3_bind_text (stmt, 3, header, -1, SQLITE_STATIC);
  if (tb_move_code_encode_line (record->ruleset, record->line->str, record->line->len, line))
    sqlite3_bind_blob (stmt, 4, line->data, (int) line->len, SQLITE_STATIC);
  else
    sqlite3_bind_text (stmt, 4, record->line->str, (int) record->line->len, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 5, record->movetext, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 6, tb_store_checksum_number (checksum));
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot write the game's record");
      return FALSE;
    }
  return tb_store_write_tags (self, id, header, error);
}

static gboolean
is_stored (TbStore *self, const TbStoreRecord *record)
{
  return (!record->new_uuid && tb_store_find_game_id (self, record->game_uuid) != 0) ||
         tb_store_find_fingerprint (self, record->fingerprint) != 0;
}

gint64
tb_store_insert_record (TbStore *self, const TbStoreRecord *record, gboolean *duplicate,
                        GError **error)
{
  g_autofree char *header = NULL;
  sqlite3_stmt *stmt;
  gint64 id;

  if (duplicate && (*duplicate = is_stored (self, record)))
    return 0;
  /* A GameId made for the record: the header gets it too. */
  if (record->new_uuid)
    header = g_strdup_printf ("%s[GameId \"%s\"]\n", record->header->str, record->game_uuid);
  stmt = tb_store_statement (self, "INSERT INTO games (game_uuid, created, moved, "
                                   GAME_COLUMNS ") VALUES (?1, " NOW_PARAMETER ", "
                                   NOW_PARAMETER ", " GAME_VALUES ")", error);
  if (stmt == NULL || !bind_game (self, stmt, record, error))
    return 0;
  sqlite3_bind_text (stmt, 1, record->game_uuid, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot add the game");
      return 0;
    }
  id = sqlite3_last_insert_rowid (self->db);
  return write_record (self, id, record, header ? header : record->header->str, error) &&
         write_notes (self, id, record, TRUE, error) &&
         tb_store_write_positions (self, id, record, error) ? id : 0;
}

gint64
tb_store_add_record (TbStore *self, const TbStoreRecord *record, GError **error)
{
  gint64 id;

  g_return_val_if_fail (TB_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);

  if (!tb_store_begin (self, error))
    return 0;
  id = tb_store_insert_record (self, record, NULL, error);
  if (id == 0)
    {
      tb_store_rollback (self);
      return 0;
    }
  return tb_store_commit (self, error) ? id : 0;
}

/* A game added without a GameId goes on with the one it was stored
 * under, so that its next save finds it. */
static void
keep_game_uuid (TbGame *game, const TbStoreRecord *record, gint64 id)
{
  if (id != 0 && record->new_uuid && tb_game_get_tag (game, "GameId") == NULL)
    tb_game_set_tag (game, "GameId", record->game_uuid);
}

gint64
tb_store_insert_game (TbStore *self, TbGame *game, gboolean *duplicate, GError **error)
{
  g_autoptr (TbStoreRecord) record = tb_store_record_new (game, -1);
  gint64 id = tb_store_insert_record (self, record, duplicate, error);

  keep_game_uuid (game, record, id);
  return id;
}

gint64
tb_store_add_game (TbStore *self, TbGame *game, GError **error)
{
  g_autoptr (TbStoreRecord) record = NULL;
  gint64 id;

  g_return_val_if_fail (TB_IS_STORE (self), 0);
  g_return_val_if_fail (TB_IS_GAME (game), 0);

  record = tb_store_record_new (game, -1);
  id = tb_store_add_record (self, record, error);
  keep_game_uuid (game, record, id);
  return id;
}

/* The positions of game id taken off (tb-store-positions.c), worked out
 * from the game as it is stored, before its row changes or goes. */
static gboolean
forget_positions (TbStore *self, gint64 id, GError **error)
{
  g_autoptr (TbGame) stored = tb_store_load_game (self, id, NULL);

  return tb_store_forget_positions (self, id, stored, error);
}

/* Runs a statement that changes game id ("save", "delete"): an error
 * when it fails or when there is no such game. */
static gboolean
step_on_game (TbStore *self, sqlite3_stmt *stmt, gint64 id, const char *verb, GError **error)
{
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      g_autofree char *doing = g_strdup_printf ("cannot %s the game", verb);

      tb_store_set_error (self, error, doing);
      return FALSE;
    }
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND,
                   "%s: no game %" G_GINT64_FORMAT " to %s", self->path, id, verb);
      return FALSE;
    }
  return TRUE;
}

gboolean
tb_store_update_record (TbStore *self, gint64 id, const TbStoreRecord *record, GError **error)
{
  /* The time of the last move changes with the number of moves (an
   * undo too: the player to move changed). */
  sqlite3_stmt *stmt = tb_store_statement (self, "UPDATE games SET moved = CASE WHEN plies = "
                                                 PLIES_PARAMETER " THEN moved ELSE "
                                                 NOW_PARAMETER " END, (" GAME_COLUMNS ") = ("
                                                 GAME_VALUES ") WHERE id = ?1", error);

  /* The positions are counted with the result of the row: taken off
   * with the old one. */
  if (stmt == NULL || !forget_positions (self, id, error) ||
      !bind_game (self, stmt, record, error))
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return step_on_game (self, stmt, id, "save", error) &&
         write_record (self, id, record, record->header->str, error) &&
         write_notes (self, id, record, FALSE, error) &&
         tb_store_write_positions (self, id, record, error);
}

gboolean
tb_store_update_game (TbStore *self, gint64 id, TbGame *game, GError **error)
{
  g_autoptr (TbStoreRecord) record = tb_store_record_new (game, -1);

  return tb_store_update_record (self, id, record, error);
}

gboolean
tb_store_save_record (TbStore *self, gint64 id, const TbStoreRecord *record, GError **error)
{
  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  if (!tb_store_begin (self, error))
    return FALSE;
  if (!tb_store_update_record (self, id, record, error))
    {
      tb_store_rollback (self);
      return FALSE;
    }
  return tb_store_commit (self, error);
}

gboolean
tb_store_save_game_at (TbStore *self, gint64 id, TbGame *game, int current_ply, GError **error)
{
  g_autoptr (TbStoreRecord) record = NULL;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (TB_IS_GAME (game), FALSE);

  record = tb_store_record_new (game, current_ply);
  return tb_store_save_record (self, id, record, error);
}

gboolean
tb_store_save_game (TbStore *self, gint64 id, TbGame *game, GError **error)
{
  return tb_store_save_game_at (self, id, game, -1, error);
}

/* A row of records as read: the line decoded, the fingerprint and the
 * checksum as they were (a record of schema 11 keeps them as bytes and a
 * number; one that failed its checksum at that upgrade as text). */
typedef struct
{
  const char *header;
  const char *line;         /* the tokens' text */
  const char *movetext;     /* or NULL */
  char *fingerprint;        /* in hexadecimal */
  const char *checksum;     /* the text of an older record's, or NULL */
  gboolean numbered;        /* its checksum is checksum_number (schema 11) */
  gint64 checksum_number;
  gboolean line_read;       /* FALSE: its bytes are no line (damaged) */
  GString *line_text;       /* the line decoded, which line points into */
} StoredRecord;

static void
stored_record_clear (StoredRecord *stored)
{
  g_free (stored->fingerprint);
  if (stored->line_text)
    g_string_free (stored->line_text, TRUE);
}

static const char *
column_or_empty (sqlite3_stmt *stmt, int column)
{
  const char *text = (const char *) sqlite3_column_text (stmt, column);

  return text ? text : "";
}

/* The record as written, or an error: a damaged record is never read as
 * another game. */
static gboolean
check_record (TbStore *self, gint64 id, const StoredRecord *stored, GError **error)
{
  g_autofree char *checksum = NULL;

  if (stored->line_read)
    {
      checksum = tb_store_checksum (id, stored->fingerprint, stored->header, stored->line,
                                    stored->movetext);
      if (stored->numbered ? tb_store_checksum_number (checksum) == stored->checksum_number
                           : g_strcmp0 (checksum, stored->checksum) == 0)
        return TRUE;
    }
  /* The next opening checks the whole file. */
  self->damaged = TRUE;
  g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME,
               "%s: game %" G_GINT64_FORMAT " is damaged (its record does not match its "
               "checksum)", self->path, id);
  return FALSE;
}

/* The game of a record, read by the TGN reader: every move checked. */
static TbGame *
read_record (TbStore *self, gint64 id, const StoredRecord *stored, GError **error)
{
  g_autoptr (GError) local = NULL;
  TbGame *game;

  if (!stored->line_read)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME,
                   "%s: game %" G_GINT64_FORMAT " no longer reads (its line's bytes are damaged)",
                   self->path, id);
      return NULL;
    }
  game = tb_store_game_of_parts (stored->header, stored->line, stored->movetext, &local);
  if (game == NULL)
    g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME,
                 "%s: game %" G_GINT64_FORMAT " no longer reads (%s)", self->path, id,
                 local ? local->message : "no game in its record");
  return game;
}

/* The record on stmt's row (header, line, movetext, fingerprint,
 * checksum in its first columns), or FALSE when the game has none. */
static gboolean
stored_record (TbStore *self, gint64 id, sqlite3_stmt *stmt, StoredRecord *stored,
               GError **error)
{
  if (sqlite3_column_type (stmt, 0) == SQLITE_NULL)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME,
                   "%s: game %" G_GINT64_FORMAT " is damaged (its record is missing)",
                   self->path, id);
      return FALSE;
    }
  *stored = (StoredRecord) {
    .header = column_or_empty (stmt, 0),
    .movetext = (const char *) sqlite3_column_text (stmt, 2),
    .fingerprint = tb_store_column_fingerprint (stmt, 3),
    .numbered = sqlite3_column_type (stmt, 4) == SQLITE_INTEGER,
    .checksum_number = sqlite3_column_int64 (stmt, 4),
    .line_read = TRUE,
  };
  if (!stored->numbered)
    stored->checksum = (const char *) sqlite3_column_text (stmt, 4);
  if (sqlite3_column_type (stmt, 1) == SQLITE_BLOB)
    {
      const guint8 *bytes = sqlite3_column_blob (stmt, 1);
      gsize length = (gsize) sqlite3_column_bytes (stmt, 1);

      stored->line_text = g_string_sized_new (2 * length + 16);
      stored->line_read = tb_move_code_decode_line (bytes, length, stored->line_text);
      stored->line = stored->line_text->str;
    }
  else
    stored->line = column_or_empty (stmt, 1);
  return TRUE;
}

/* The stored game id, read while its statement is on its row; checked
 * against its checksum unless a migration makes the record anew. */
static TbGame *
load_row (TbStore *self, gint64 id, sqlite3_stmt *stmt, gboolean check, GError **error)
{
  StoredRecord stored = { 0 };
  guint ply = (guint) sqlite3_column_int (stmt, 5);
  TbGame *game = NULL;
  gboolean read;

  read = stored_record (self, id, stmt, &stored, error) &&
         (!check || check_record (self, id, &stored, error)) &&
         (game = read_record (self, id, &stored, error)) != NULL;
  stored_record_clear (&stored);
  if (!read)
    return NULL;
  /* Where play stood: the moves after it can be redone. */
  tb_game_go_to_ply (game, 0);
  while (tb_game_get_ply (game) < ply && tb_game_redo (game))
    ;
  return game;
}

/* sql (?1: the game's id) stepped to game id's row: the statement on it,
 * to be reset once read, or NULL and an error that names the game. */
static sqlite3_stmt *
step_to_game (TbStore *self, gint64 id, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, sql, error);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return stmt;
  if (rc == SQLITE_DONE)
    g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND,
                 "%s: no game %" G_GINT64_FORMAT, self->path, id);
  else
    {
      /* An export names each game it leaves out. */
      g_autofree char *doing = g_strdup_printf ("cannot read game %" G_GINT64_FORMAT, id);

      tb_store_set_error (self, error, doing);
    }
  sqlite3_reset (stmt);
  return NULL;
}

static TbGame *
load_game (TbStore *self, gint64 id, gboolean check, GError **error)
{
  sqlite3_stmt *stmt = step_to_game (self, id, "SELECT header, line, variations, fingerprint, "
                                               "checksum, current_ply FROM games LEFT JOIN "
                                               "records ON records.game = games.id "
                                               "WHERE id = ?1", error);
  TbGame *game;

  if (stmt == NULL)
    return NULL;
  game = load_row (self, id, stmt, check, error);
  sqlite3_reset (stmt);
  return game;
}

gboolean
tb_store_export_record (TbStore *self, gint64 id, GString *out, GError **error)
{
  sqlite3_stmt *stmt = step_to_game (self, id, "SELECT header, line, variations, fingerprint, "
                                               "checksum FROM games LEFT JOIN records "
                                               "ON records.game = games.id WHERE id = ?1",
                                     error);
  StoredRecord stored = { 0 };
  gboolean done = FALSE;

  if (stmt == NULL)
    return FALSE;
  if (stored_record (self, id, stmt, &stored, error) &&
      check_record (self, id, &stored, error))
    {
      /* Checked when stored, and unchanged since (its checksum): written
       * as kept, not read again. */
      tb_tgn_write_stored (stored.header, stored.line, stored.movetext,
                           tb_store_header_result (stored.header), out);
      done = TRUE;
    }
  stored_record_clear (&stored);
  sqlite3_reset (stmt);
  return done;
}

TbGame *
tb_store_load_game (TbStore *self, gint64 id, GError **error)
{
  g_return_val_if_fail (TB_IS_STORE (self), NULL);
  return load_game (self, id, TRUE, error);
}

gboolean
tb_store_rewrite_record (TbStore *self, gint64 id, GError **error)
{
  g_autoptr (GError) unread = NULL;
  g_autoptr (TbGame) game = load_game (self, id, FALSE, &unread);
  g_autoptr (TbStoreRecord) record = NULL;

  if (game == NULL)
    {
      /* A record that does not read is left as it is: reading it says so. */
      if (g_error_matches (unread, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME) ||
          g_error_matches (unread, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&unread));
      return FALSE;
    }
  record = tb_store_record_new (game, -1);
  return write_record (self, id, record, record->header->str, error);
}

/* Its positions taken off by their keys, and its row marked so, then
 * deleted: the trigger would read the whole of positions to find them
 * (CASCADE_TRIGGER in tb-store-schema.c). */
static gboolean
delete_game (TbStore *self, gint64 id, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "UPDATE games SET plies = "
                                                 G_STRINGIFY (TB_STORE_POSITIONS_FORGOTTEN)
                                                 " WHERE id = ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!step_on_game (self, stmt, id, "delete", error) ||
      !forget_positions (self, id, error))
    return FALSE;
  stmt = tb_store_statement (self, "DELETE FROM games WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return step_on_game (self, stmt, id, "delete", error);
}

gboolean
tb_store_delete_game (TbStore *self, gint64 id, GError **error)
{
  gboolean own = sqlite3_get_autocommit (self->db);

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);

  if (own && !tb_store_begin (self, error))
    return FALSE;
  if (!delete_game (self, id, error))
    {
      if (own)
        tb_store_rollback (self);
      return FALSE;
    }
  return !own || tb_store_commit (self, error);
}

static gint64
single_id (TbStore *self, const char *sql, const char *text)
{
  sqlite3_stmt *stmt = tb_store_statement (self, sql, NULL);
  gint64 id = 0;

  if (stmt == NULL)
    return 0;
  if (text)
    sqlite3_bind_text (stmt, 1, text, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return id;
}

gint64
tb_store_find_game_id (TbStore *self, const char *game_uuid)
{
  g_return_val_if_fail (TB_IS_STORE (self), 0);
  return single_id (self, "SELECT id FROM games WHERE game_uuid = ?1", game_uuid);
}

gint64
tb_store_find_fingerprint (TbStore *self, const char *fingerprint)
{
  /* A record whose game is gone (deleted by another program, before
   * deletes cascaded) is no game. */
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT game FROM records JOIN games "
                                                 "ON games.id = records.game "
                                                 "WHERE fingerprint = ?1", NULL);
  gint64 id = 0;

  if (stmt == NULL)
    return 0;
  tb_store_bind_fingerprint (stmt, 1, fingerprint);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return id;
}

gboolean
tb_store_has_record (TbStore *self, gint64 id, const TbStoreRecord *record)
{
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT fingerprint = ?2 AND "
                                                 "(?3 IS NULL OR variations IS ?3) "
                                                 "FROM records WHERE game = ?1", NULL);
  gboolean same = FALSE;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  tb_store_bind_fingerprint (stmt, 2, record->fingerprint);
  sqlite3_bind_text (stmt, 3, record->movetext, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    same = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  return same;
}

gint64
tb_store_last_unfinished (TbStore *self)
{
  g_return_val_if_fail (TB_IS_STORE (self), 0);
  return single_id (self, "SELECT id FROM games WHERE result = '*' "
                          "ORDER BY updated DESC, id DESC LIMIT 1", NULL);
}

guint
tb_store_count_all (TbStore *self)
{
  g_return_val_if_fail (TB_IS_STORE (self), 0);
  return (guint) single_id (self, "SELECT count(*) FROM games", NULL);
}

gboolean
tb_store_set_origin (TbStore *self, gint64 id, gint64 origin_id, guint origin_ply,
                     GError **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);

  stmt = tb_store_statement (self, "UPDATE games SET origin_id = ?2, origin_ply = ?3 "
                                   "WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, origin_id);
  sqlite3_bind_int (stmt, 3, (int) origin_ply);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot record where the game came from");
      return FALSE;
    }
  return TRUE;
}

gint64
tb_store_get_origin (TbStore *self, gint64 id, guint *origin_ply)
{
  sqlite3_stmt *stmt;
  gint64 origin = 0;

  g_return_val_if_fail (TB_IS_STORE (self), 0);

  stmt = tb_store_statement (self, "SELECT origin_id, origin_ply FROM games WHERE id = ?1", NULL);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      origin = sqlite3_column_int64 (stmt, 0);
      if (origin_ply)
        *origin_ply = (guint) sqlite3_column_int (stmt, 1);
    }
  sqlite3_reset (stmt);
  return origin;
}
