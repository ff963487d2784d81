/* tb-store-games.c: a game into rows and back
 *
 * A game becomes a row of games (the columns the history shows, filters
 * and sorts by), a row of records (its tags as the record's tag pairs,
 * its main line as move tokens) and a row of annotations per commented
 * move.  A game with comments, NAGs or variations also keeps its whole
 * movetext, as the TGN writer makes it, so that nothing of it is lost.  Reading a game back builds
 * its record and reads it with the TGN reader: every move is checked
 * again, and a damaged row is an error, never a crash.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"
#include "tb-tgn.h"

typedef struct
{
  GString *header;       /* the tag pairs, one a line */
  GString *line;         /* the main line's tokens, space-separated */
  char *movetext;        /* the annotated movetext, or NULL when there is none */
  GPtrArray *notes;      /* of Note: the annotated plies of the main line */
  char *fingerprint;     /* made when first asked for (rows_fingerprint) */
  guint plies;
  guint current_ply;
} GameRows;

typedef struct
{
  guint ply;
  char *comment;
  char *nags;
} Note;

static void
note_free (Note *note)
{
  g_free (note->comment);
  g_free (note->nags);
  g_free (note);
}

static void
game_rows_clear (GameRows *rows)
{
  if (rows->header)
    g_string_free (rows->header, TRUE);
  if (rows->line)
    g_string_free (rows->line, TRUE);
  g_free (rows->movetext);
  g_free (rows->fingerprint);
  g_clear_pointer (&rows->notes, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (GameRows, game_rows_clear)

static Note *
node_note (const TbGameNode *node, guint ply)
{
  guint n_nags;
  const guint8 *nags = tb_game_node_get_nags (node, &n_nags);
  Note *note;

  if (n_nags == 0 && tb_game_node_get_comment (node) == NULL)
    return NULL;
  note = g_new0 (Note, 1);
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

/* The movetext of the game's record: what follows its tag pairs. */
static char *
record_movetext (TbGame *game)
{
  g_autofree char *record = tb_tgn_write (game);
  const char *gap = strstr (record, "\n\n");

  return g_strdup (gap ? gap + 2 : "");
}

static void
game_rows_init (GameRows *rows, TbGame *game)
{
  TbVariant *v = tb_game_get_variant (game);
  gboolean at_end = tb_game_is_at_main_line_end (game);
  g_autoptr (TbLine) line = at_end ? NULL : tb_game_new_line (game);
  const TbGameNode *node = tb_game_get_root (game);
  gboolean branches = FALSE;
  Note *note;

  rows->header = g_string_sized_new (512);
  /* About six bytes a move (c1-c4 and a space). */
  rows->line = g_string_sized_new (8 * tb_game_get_n_plies (game) + 16);
  rows->notes = g_ptr_array_new_with_free_func ((GDestroyNotify) note_free);
  rows->movetext = NULL;
  rows->fingerprint = NULL;
  rows->plies = 0;
  tb_tgn_write_tags (game, rows->header);

  if ((note = node_note (node, 0)))
    g_ptr_array_add (rows->notes, note);
  while (tb_game_node_get_n_children (node) > 0)
    {
      TbMove move;

      branches |= tb_game_node_get_n_children (node) > 1;
      node = tb_game_node_get_child (node, 0);
      move = tb_game_node_get_move (node);
      if (rows->plies++)
        g_string_append_c (rows->line, ' ');
      /* The game's own positions when it stands at the main line's end
       * (a record just read, a game just played): no replay. */
      if (at_end)
        tb_variant_append_move (v, tb_game_get_position_at (game, rows->plies - 1), move,
                                rows->line);
      else
        {
          tb_variant_append_move (v, tb_line_get_position (line), move, rows->line);
          tb_line_push (line, move);
        }
      if ((note = node_note (node, rows->plies)))
        g_ptr_array_add (rows->notes, note);
    }
  rows->current_ply = MIN (tb_game_get_ply (game), rows->plies);
  if (branches || rows->notes->len > 0)
    rows->movetext = record_movetext (game);
}

/* Its tags but GameId, and its moves: what makes two records the same
 * game.  Owned by rows. */
static const char *
rows_fingerprint (GameRows *rows)
{
  g_autoptr (GChecksum) sum = NULL;
  const char *tag = rows->header->str;

  if (rows->fingerprint)
    return rows->fingerprint;
  sum = g_checksum_new (G_CHECKSUM_SHA256);
  while (*tag)
    {
      const char *end = strchr (tag, '\n');
      gsize length = end ? (gsize) (end - tag) + 1 : strlen (tag);

      if (!g_str_has_prefix (tag, "[GameId "))
        g_checksum_update (sum, (const guchar *) tag, (gssize) length);
      tag += length;
    }
  g_checksum_update (sum, (const guchar *) rows->line->str, (gssize) rows->line->len);
  rows->fingerprint = g_strdup (g_checksum_get_string (sum));
  return rows->fingerprint;
}

char *
tb_store_fingerprint (TbGame *game)
{
  g_auto (GameRows) rows = { 0 };

  game_rows_init (&rows, game);
  return g_strdup (rows_fingerprint (&rows));
}

static const char *
tag_or (TbGame *game, const char *name, const char *fallback)
{
  const char *value = tb_game_get_tag (game, name);

  return value && *value ? value : fallback;
}

/* The id of the player of this name, added when new (remembered: an
 * import meets the same players in game after game). */
static gint64
player_id (TbStore *self, const char *name, GError **error)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  gint64 id = GPOINTER_TO_SIZE (g_hash_table_lookup (self->player_ids, key));
  sqlite3_stmt *stmt;

  if (id)
    return id;
  stmt = tb_store_statement (self, "INSERT INTO players (name) VALUES (?1) "
                                   "ON CONFLICT (name) DO NOTHING", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
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
ensure_match (TbStore *self, TbGame *game, GError **error)
{
  const char *match = tb_game_get_tag (game, "Match");
  sqlite3_stmt *stmt;

  if (match == NULL || *match == '\0')
    return TRUE;
  stmt = tb_store_statement (self, "INSERT INTO matches (id, ruleset) VALUES (?1, ?2) "
                                   "ON CONFLICT (id) DO NOTHING", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, match, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, tb_rules_get_id (tb_game_get_rules (game)), -1, SQLITE_STATIC);
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
write_notes (TbStore *self, gint64 id, const GameRows *rows, gboolean fresh, GError **error)
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
  for (guint i = 0; i < rows->notes->len; i++)
    {
      const Note *note = g_ptr_array_index (rows->notes, i);

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

static gboolean
bind_game (TbStore *self, sqlite3_stmt *stmt, TbGame *game, const GameRows *rows,
           GError **error)
{
  const char *player1 = tag_or (game, "Player1", "?");
  const char *player2 = tag_or (game, "Player2", "?");
  gint64 id1 = player_id (self, player1, error);
  gint64 id2 = id1 ? player_id (self, player2, error) : 0;
  TbOutcome outcome;
  int scores[2];
  char score[32];

  if (id1 == 0 || id2 == 0 || !ensure_match (self, game, error))
    return FALSE;
  tb_game_get_final_outcome (game, &outcome);
  sqlite3_bind_text (stmt, 2, tb_rules_get_id (tb_game_get_rules (game)), -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, tag_or (game, "Date", "????.??.??"), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, player1, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 5, player2, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 6, id1);
  sqlite3_bind_int64 (stmt, 7, id2);
  sqlite3_bind_text (stmt, 8, tb_result_to_string (outcome.result), -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 9, outcome.termination == TB_TERMINATION_NONE
                                ? "" : tb_termination_to_string (outcome.termination),
                     -1, SQLITE_STATIC);
  if (tb_game_get_final_score (game, scores))
    {
      g_snprintf (score, sizeof score, "%d-%d", scores[0], scores[1]);
      sqlite3_bind_text (stmt, 10, score, -1, SQLITE_TRANSIENT);
    }
  sqlite3_bind_int (stmt, 11, (int) rows->plies);
  sqlite3_bind_int (stmt, 12, (int) rows->current_ply);
  if (tb_game_get_tag (game, "Match") && *tb_game_get_tag (game, "Match"))
    sqlite3_bind_text (stmt, 13, tb_game_get_tag (game, "Match"), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 14, g_get_real_time () / G_USEC_PER_SEC);
  sqlite3_bind_int (stmt, 15, g_strcmp0 (tb_game_get_tag (game, TB_TAG_RATED), "no") != 0);
  sqlite3_bind_int (stmt, 16,
                    g_strcmp0 (tb_game_get_tag (game, TB_TAG_CORRESPONDENCE), "yes") == 0);
  return TRUE;
}

/* The record of game id: added, or written over the old one. */
static gboolean
write_record (TbStore *self, gint64 id, GameRows *rows, GError **error)
{
  sqlite3_stmt *stmt = tb_store_statement (
    self, "INSERT INTO records (game, fingerprint, header, line, variations) "
          "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (game) DO UPDATE SET "
          "fingerprint = excluded.fingerprint, header = excluded.header, "
          "line = excluded.line, variations = excluded.variations", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_text (stmt, 2, rows_fingerprint (rows), -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, rows->header->str, (int) rows->header->len, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, rows->line->str, (int) rows->line->len, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 5, rows->movetext, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot write the game's record");
      return FALSE;
    }
  return TRUE;
}

gint64
tb_store_insert_game (TbStore *self, TbGame *game, gboolean *duplicate, GError **error)
{
  g_auto (GameRows) rows = { 0 };
  sqlite3_stmt *stmt;
  const char *uuid = tb_game_get_tag (game, "GameId");
  gint64 id;

  if (duplicate)
    *duplicate = FALSE;
  game_rows_init (&rows, game);
  if (duplicate && uuid && (id = tb_store_find_game_id (self, uuid)) != 0)
    {
      /* A record of a stored game: its new moves (correspondence), or
       * nothing when it has none. */
      switch (tb_store_merge_game (self, id, game, rows.line->str, error))
        {
        case TB_STORE_MERGE_ADDED:
          return id;
        case TB_STORE_MERGE_NOTHING_NEW:
          *duplicate = TRUE;
          return 0;
        case TB_STORE_MERGE_CONFLICT:
        case TB_STORE_MERGE_FAILED:
        default:
          return 0;
        }
    }
  if (duplicate && tb_store_find_fingerprint (self, rows_fingerprint (&rows)))
    {
      *duplicate = TRUE;
      return 0;
    }
  if (uuid == NULL)
    {
      /* Given after the rows: the header gets it on the next save; the
       * row has it from now on. */
      g_autofree char *fresh = g_uuid_string_random ();

      tb_game_set_tag (game, "GameId", fresh);
      g_string_append_printf (rows.header, "[GameId \"%s\"]\n", fresh);
    }
  stmt = tb_store_statement (self, "INSERT INTO games (game_uuid, created, moved, "
                                   GAME_COLUMNS ") VALUES (?1, " NOW_PARAMETER ", "
                                   NOW_PARAMETER ", " GAME_VALUES ")", error);
  if (stmt == NULL || !bind_game (self, stmt, game, &rows, error))
    return 0;
  sqlite3_bind_text (stmt, 1, tb_game_get_tag (game, "GameId"), -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot add the game");
      return 0;
    }
  id = sqlite3_last_insert_rowid (self->db);
  return write_record (self, id, &rows, error) && write_notes (self, id, &rows, TRUE, error)
           ? id : 0;
}

gint64
tb_store_add_game (TbStore *self, TbGame *game, GError **error)
{
  gint64 id;

  g_return_val_if_fail (TB_IS_STORE (self), 0);
  g_return_val_if_fail (TB_IS_GAME (game), 0);

  if (!tb_store_begin (self, error))
    return 0;
  id = tb_store_insert_game (self, game, NULL, error);
  if (id == 0)
    {
      tb_store_rollback (self);
      return 0;
    }
  return tb_store_commit (self, error) ? id : 0;
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
tb_store_save_game (TbStore *self, gint64 id, TbGame *game, GError **error)
{
  return tb_store_save_game_at (self, id, game, -1, error);
}

/* Writes game over row id, in the transaction the caller holds. */
static gboolean
update_game (TbStore *self, gint64 id, TbGame *game, int current_ply, GError **error)
{
  g_auto (GameRows) rows = { 0 };
  sqlite3_stmt *stmt;

  game_rows_init (&rows, game);
  if (current_ply >= 0)
    rows.current_ply = MIN ((guint) current_ply, rows.plies);
  /* The time of the last move changes with the number of moves (an
   * undo too: the player to move changed). */
  stmt = tb_store_statement (self, "UPDATE games SET moved = CASE WHEN plies = "
                                   PLIES_PARAMETER " THEN moved ELSE " NOW_PARAMETER " END, ("
                                   GAME_COLUMNS ") = (" GAME_VALUES ") WHERE id = ?1", error);
  if (stmt == NULL || !bind_game (self, stmt, game, &rows, error))
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return step_on_game (self, stmt, id, "save", error) &&
         write_record (self, id, &rows, error) && write_notes (self, id, &rows, FALSE, error);
}

gboolean
tb_store_update_game (TbStore *self, gint64 id, TbGame *game, GError **error)
{
  return update_game (self, id, game, -1, error);
}

gboolean
tb_store_save_game_at (TbStore *self, gint64 id, TbGame *game, int current_ply, GError **error)
{
  g_return_val_if_fail (TB_IS_STORE (self), FALSE);
  g_return_val_if_fail (TB_IS_GAME (game), FALSE);

  if (!tb_store_begin (self, error))
    return FALSE;
  if (!update_game (self, id, game, current_ply, error))
    {
      tb_store_rollback (self);
      return FALSE;
    }
  return tb_store_commit (self, error);
}

/* The record of a stored row, for the TGN reader. */
static char *
stored_record (sqlite3_stmt *stmt)
{
  const char *header = (const char *) sqlite3_column_text (stmt, 0);
  const char *line = (const char *) sqlite3_column_text (stmt, 1);
  const char *movetext = (const char *) sqlite3_column_text (stmt, 2);
  const char *result = (const char *) sqlite3_column_text (stmt, 3);

  if (movetext)
    return g_strconcat (header, "\n", movetext, NULL);
  return g_strconcat (header, "\n", line, *line ? " " : "", result, "\n", NULL);
}

TbGame *
tb_store_load_game (TbStore *self, gint64 id, GError **error)
{
  sqlite3_stmt *stmt;
  g_autofree char *record = NULL;
  g_autoptr (TbTgnReader) reader = NULL;
  g_autoptr (GError) local = NULL;
  TbGame *game;
  guint ply;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  stmt = tb_store_statement (self, "SELECT header, line, variations, result, current_ply "
                                   "FROM games JOIN records ON records.game = games.id "
                                   "WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  switch (sqlite3_step (stmt))
    {
    case SQLITE_ROW:
      break;
    case SQLITE_DONE:
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND,
                   "%s: no game %" G_GINT64_FORMAT, self->path, id);
      return NULL;
    default:
      tb_store_set_error (self, error, "cannot read the game");
      return NULL;
    }
  record = stored_record (stmt);
  ply = (guint) sqlite3_column_int (stmt, 4);
  sqlite3_reset (stmt);

  reader = tb_tgn_reader_new (record, -1);
  game = tb_tgn_reader_next (reader, &local);
  if (game == NULL)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME,
                   "%s: game %" G_GINT64_FORMAT " no longer reads (%s)", self->path, id,
                   local ? local->message : "no game in its record");
      return NULL;
    }
  /* Where play stood: the moves after it can be redone. */
  tb_game_go_to_ply (game, 0);
  while (tb_game_get_ply (game) < ply && tb_game_redo (game))
    ;
  return game;
}

gboolean
tb_store_delete_game (TbStore *self, gint64 id, GError **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TB_IS_STORE (self), FALSE);

  stmt = tb_store_statement (self, "DELETE FROM games WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return step_on_game (self, stmt, id, "delete", error);
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
  return single_id (self, "SELECT game FROM records WHERE fingerprint = ?1", fingerprint);
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
