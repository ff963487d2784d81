/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-private.h: what the files of the game store share */
#pragma once

#include <sqlite3.h>

#include "tb-position-key.h"
#include "tb-store.h"

G_BEGIN_DECLS

/* What the file was when a copy of its rows was kept: another
 * connection's commit changes its data version, this one's writes its
 * count of changes (triggers' included). */
typedef struct
{
  gboolean set;
  guint version;     /* PRAGMA data_version */
  gint64 changes;    /* sqlite3_total_changes64 */
} TbStoreSeen;

typedef struct _TbStoreNamed TbStoreNamed;

/* The games a comment's text or a tag's value names, gathered once into a
 * temporary table of the connection (tb-store-hits.c). */
typedef enum
{
  TB_STORE_HITS_COMMENTS,
  TB_STORE_HITS_TAGS,
  TB_STORE_N_HITS
} TbStoreHitsKind;

typedef struct
{
  char *asked;       /* the statement that found them and its pattern, or NULL */
  gint64 n_games;
  gboolean created;  /* the table, on this connection */
  TbStoreSeen seen;
} TbStoreHits;

struct _TbStore
{
  GObject parent_instance;

  char *path;               /* as given: the name errors say */
  char *file;               /* made absolute: the name SQLite opens */
  gboolean read_only;
  gboolean damaged;         /* found so: the next opening checks the file */
  int marker_fd;            /* tb-store-marker.c, or -1 */
  sqlite3 *db;              /* NULL once closed (tb_store_close) */
  GHashTable *statements;   /* SQL text -> sqlite3_stmt, prepared once */
  GHashTable *player_ids;   /* name in ASCII lower case (as NOCASE compares)
                             * -> id, of the players met; emptied when a
                             * transaction is rolled back */
  GHashTable *tag_value_ids; /* "name\x1fvalue" -> id of the tag values met,
                             * emptied the same way */
  /* An import's positions go to positions_pending, merged into positions
   * in order of keys now and then (tb-store-positions.c). */
  gboolean defer_positions;
  guint pending_positions;  /* rows written there since the last merge */
  guint64 merged_positions; /* about the rows of positions, during an import */
  /* For the tests: a page that may be read a value of the sort's first
   * column at a time is, without walking the sort's index first (on a
   * few games the walk never gives up). */
  gboolean groups_first;
  /* All the games counted by each value of the game, the result or the
   * end, in either order (tb_store_count_groups without a filter): read
   * for each page of a sort by them, kept until the file changes
   * (spans_seen). */
  GPtrArray *spans[6];
  TbStoreSeen spans_seen;
  /* The tag values and the players a search compares with, kept until
   * the file changes (tb-store-named.c). */
  TbStoreNamed *tag_values;
  TbStoreNamed *players;
  TbStoreHits hits[TB_STORE_N_HITS];
  /* The changes written to the connection's own temporary tables, which
   * are no change of the file (tb_store_unchanged_since). */
  gint64 scratch_changes;
};

/* A prepared statement for sql (kept for the store's life), reset and
 * with its bindings cleared; NULL and error when it cannot be prepared. */
sqlite3_stmt *tb_store_statement (TbStore *self, const char *sql, GError **error);
/* Sets error from the connection's last failure, with what was being done. */
void tb_store_set_error (TbStore *self, GError **error, const char *doing);
/* Runs sql (no results), or sets error. */
gboolean tb_store_exec (TbStore *self, const char *sql, GError **error);
/* The query planner's statistics made anew (ANALYZE), the indexes that
 * hold nothing said so (tb-store.c says why). */
void tb_store_analyze (TbStore *self);
/* The pages left free (an import's pending positions, once merged),
 * given back to the file system: files made since auto-vacuum was set
 * (tb-store.c); older ones keep them for their next writes. */
void tb_store_give_back_free_pages (TbStore *self);

/* Whether this connection's writes fire the file's triggers (every other
 * connection's still do); the statements prepared are made anew at their
 * next use.  Off, the counts the insert triggers keep are made by
 * tb_store_count_added_games. */
void tb_store_fire_triggers (TbStore *self, gboolean fire);
/* The id the next game added will have (the ids go up: no AUTOINCREMENT,
 * but SQLite gives one more than the largest). */
gboolean tb_store_next_game_id (TbStore *self, gint64 *next, GError **error);

/* Closes the connection and lets go of the in-use mark (emptied when
 * the store was not found damaged); nothing may use self afterwards but
 * tb_store_is_closed and g_object_unref.  The job queue's own
 * (tb_store_job_close), where no job is running meanwhile. */
void tb_store_close (TbStore *self);
gboolean tb_store_is_closed (TbStore *self);
/* Cancels the imports running into store's file (tb-store-import-job.c)
 * and waits until they are done: each keeps what it committed. */
void tb_store_stop_imports (TbStore *store);

/* Begin, commit or roll back a transaction. */
gboolean tb_store_begin (TbStore *self, GError **error);
gboolean tb_store_commit (TbStore *self, GError **error);
void tb_store_rollback (TbStore *self);

/* ---- the schema (tb-store-schema.c) ---- */

typedef enum
{
  TB_STORE_FILE_EMPTY,     /* no table yet: a new database */
  TB_STORE_FILE_OLDER,     /* an older Tablier's, to bring up to date */
  TB_STORE_FILE_CURRENT,
} TbStoreFileKind;

/* What the open file is; an error when it is not a Tablier database, or
 * a damaged or newer one. */
gboolean tb_store_identify (TbStore *self, TbStoreFileKind *kind, int *version, GError **error);
/* Brings the schema up to TB_STORE_SCHEMA_VERSION from the version the
 * file has when the write lock is got (another Tablier may have upgraded
 * it since it was read as version), in one transaction.  in_file: the
 * file itself, not a copy in memory: a copy of an older file is kept
 * first (tb_store_keep_copy), and the space freed is given back to the
 * disk. */
gboolean tb_store_upgrade (TbStore *self, int version, gboolean in_file, GError **error);
/* The triggers that make deletes cascade and keep the comments' index,
 * put back if another program dropped one (and the index made anew). */
gboolean tb_store_ensure_cascade (TbStore *self, GError **error);
/* Counts the games from id first on, and their tags and comments, as the
 * triggers that insert them would have (tb_store_fire_triggers). */
gboolean tb_store_count_added_games (TbStore *self, gint64 first, GError **error);
/* A copy of the file, PATH.before-vN, before it is brought up to date:
 * its name, or NULL. */
char *tb_store_keep_copy (TbStore *self, GError **error);
/* A second connection to self's file, to read it on another thread:
 * opened as it is, self having checked it; NULL when self reads a copy
 * in memory. */
TbStore *tb_store_open_reader_beside (TbStore *self);
/* The connection replaced by one to a copy of the database in memory. */
gboolean tb_store_copy_to_memory (TbStore *self, GError **error);

/* ---- whether the last writer closed it (tb-store-marker.c) ---- */

/* A writer marks the database open; TRUE when the last writer did not
 * close it (or nothing can be known): the file is to be checked. */
gboolean tb_store_marker_take (TbStore *self);
/* The same for a reader, which marks nothing. */
gboolean tb_store_marker_peek (TbStore *self);
/* Once the connection is closed: the last writer to close marks it
 * closed, unless it found the file damaged (clean FALSE). */
void tb_store_marker_release (TbStore *self, gboolean clean);

/* A comment or NAGs of a game's main line. */
typedef struct
{
  guint ply;              /* 0: the game's own comment */
  char *comment;          /* or NULL */
  char *nags;             /* "$n $m", or NULL */
} TbStoreNote;

/* Made by tb-store-record.c, written by tb-store-games.c. */
struct _TbStoreRecord
{
  /* The row of records, and the annotations. */
  GString *header;        /* the tag pairs, one a line */
  GString *line;          /* the main line's tokens, space-separated */
  char *movetext;         /* the annotated movetext, or NULL when there is none */
  GPtrArray *notes;       /* of TbStoreNote: the annotated plies of the main line */
  char *fingerprint;      /* of the tags but GameId, and the moves */

  /* The row of games. */
  char *game_uuid;        /* the GameId tag, or one made for a game without */
  gboolean new_uuid;      /* made: not in header, and written only when added */
  char *ruleset;
  char *date;
  char *player1;
  char *player2;
  const char *result;     /* static strings */
  const char *termination;
  char *score;            /* "N-M", or NULL */
  char *match_id;         /* the Match tag, or NULL */
  guint plies;
  guint current_ply;
  gboolean rated;
  gboolean correspondence;

  /* The table of positions (tb-store-positions.c). */
  TbMainLine *main_line;  /* its positions' keys are worked out by the writer;
                           * NULL once they are (entries) */
  GArray *entries;        /* or those keys worked out ahead (TbPositionEntry), by
                           * tb_store_record_work_out_positions */
};

/* A thread that checkpoints the write-ahead log on a connection of its
 * own while a long write goes on (tb-store-checkpointer.c); stopped, the
 * writer checkpoints as SQLite does, and the log is truncated. */
typedef struct _TbStoreCheckpointer TbStoreCheckpointer;
TbStoreCheckpointer *tb_store_checkpointer_start (TbStore *store);
void tb_store_checkpointer_stop (TbStoreCheckpointer *checkpointer);

/* The result token of a record's tags: its Result tag's, or "*". */
const char *tb_store_header_result (const char *header);
/* The game a record's parts write (its tags, then its annotated movetext,
 * or else its main line's tokens and result), read again by the TGN
 * reader, every move checked: as a stored game is loaded.  NULL and the
 * reader's error when it does not read. */
TbGame *tb_store_game_of_parts (const char *header, const char *line, const char *movetext,
                                GError **error);
/* The game record was made from, read again from the record (an import
 * keeps records, not games, while they wait to be written). */
TbGame *tb_store_record_read_game (const TbStoreRecord *record, GError **error);

/* The record's position entries worked out now, on the caller's thread:
 * an import's reading thread does it, so that the writer, the slower of
 * the two, only writes them. */
void tb_store_record_work_out_positions (TbStoreRecord *record);

/* Its tags but GameId (header: one a line), and its moves: what makes
 * two records the same game. */
char *tb_store_fingerprint (const char *header, const char *line, gsize line_length);
/* Of everything a row of records keeps (variations may be NULL): what
 * the row was when written, checked when it is read. */
char *tb_store_checksum (gint64 game, const char *fingerprint, const char *header,
                         const char *line, const char *variations);
/* Schema 10 keeps a record's fingerprint as its first
 * TB_STORE_FINGERPRINT_BYTES bytes, a BLOB (128 bits: two different games
 * of a collection of millions share one with a chance under 10^-26; a
 * shared one would make an import skip a game), and its checksum as the
 * first 8 bytes of the SHA-256 computed with that fingerprint's
 * hexadecimal, an INTEGER (it finds damage, which no one makes to match
 * it: 64 bits miss one damaged record in 10^19). */
#define TB_STORE_FINGERPRINT_BYTES 16
/* fingerprint (hexadecimal, as tb_store_fingerprint makes it) bound as
 * the stored BLOB. */
void tb_store_bind_fingerprint (sqlite3_stmt *stmt, int parameter, const char *fingerprint);
/* The stored fingerprint of the column, in hexadecimal: a BLOB's bytes,
 * or an older record's text as it is. */
char *tb_store_column_fingerprint (sqlite3_stmt *stmt, int column);
/* The stored number of a checksum (tb_store_checksum's hexadecimal). */
gint64 tb_store_checksum_number (const char *checksum);

/* tb_fingerprint (header, line), tb_checksum (game, fingerprint,
 * header, line, variations) and tb_date_stored (date) in SQL, for the
 * migrations. */
void tb_store_add_functions (sqlite3 *db);

/* A Date tag as games.date keeps it, its parts not known as zeros, and
 * back (tb-store-dates.c says why). */
char *tb_store_date_stored (const char *tag);
char *tb_store_date_shown (const char *stored);

/* tb-store-counts.c: a count from game_counts, for a filter of the game,
 * result, end and dates alone (the first says whether it is one). */
gboolean tb_store_can_count_by_months (const TbStoreFilter *filter);
guint tb_store_count_by_months (TbStore *self, const TbStoreFilter *filter, GError **error);

typedef struct
{
  char *value;   /* of the column */
  guint count;   /* the filter's games that have it */
} TbStoreCountGroup;

void tb_store_count_group_free (TbStoreCountGroup *group);
/* The values of column the filter's games have (filter NULL: all the
 * games), with their counts, in the order asked; not to be changed (all
 * the games' are kept for the next call). */
GPtrArray *tb_store_count_groups (TbStore *self, const TbStoreFilter *filter, const char *column,
                                  gboolean descending, GError **error);
/* Forgets the counts kept (the file changed, or the store closes;
 * tb-store.c). */
void tb_store_forget_spans (TbStore *self);

/* Whether the file is as it was when *seen was last given to this (a
 * copy kept from it is still right), and *seen set to now.  Within a
 * transaction, never: what was read may yet be rolled back. */
gboolean tb_store_unchanged_since (TbStore *self, TbStoreSeen *seen);

/* The ids of the values of the tag name (of any tag when NULL) whose
 * folded text holds folded, and in *several_tags whether they are
 * values of more than one tag; NULL and error when the values cannot be
 * read (tb-store-named.c). */
GArray *tb_store_find_tag_values (TbStore *self, const char *name, const char *folded,
                                  gboolean *several_tags, GError **error);
/* The ids of the players whose folded name holds folded (whole: is it);
 * NULL and error when the players cannot be read. */
GArray *tb_store_find_players (TbStore *self, const char *folded, gboolean whole,
                               GError **error);
/* Calls found for each player (or tag value) whose folded name holds
 * folded, in the table's order: the name as shown, folded, and its
 * tag's name ("" for a player); FALSE and error when they cannot be
 * read. */
typedef void (*TbStoreNamedFound) (const char *shown, const char *key, const char *tag,
                                   gpointer data);
gboolean tb_store_each_named (TbStore *self, gboolean tag_values, const char *folded,
                              TbStoreNamedFound found, gpointer data, GError **error);
/* The games games_sql finds (a SELECT of one column, game, whose one
 * parameter, if any, is pattern) written to kind's table
 * (tb_store_hits_table), or kept there from the last call that asked
 * the same of an unchanged file, and in *n_games their number; FALSE
 * when they cannot be written, or when about_sql (when not NULL) counts
 * more than at_most of them, which are then not gathered
 * (tb-store-hits.c). */
gboolean tb_store_gather_hits (TbStore *self, TbStoreHitsKind kind, const char *games_sql,
                               const char *pattern, const char *about_sql, gint64 at_most,
                               gint64 *n_games);
const char *tb_store_hits_table (TbStoreHitsKind kind);
/* Forgets them (the store closes; tb-store.c). */
void tb_store_forget_hits (TbStore *self);

/* The players' or the tag values' names kept (tb-store-named.c reads
 * them; tb-store.c forgets them). */
struct _TbStoreNamed
{
  GArray *ids;             /* of gint64, one a name */
  GPtrArray *tags;         /* each name's tag's name (in tag_texts), for tag values */
  GStringChunk *tag_texts; /* each tag's name once */
  GString *keys;           /* the folded names one after the other, each
                            * ending with its '\0': searched at once */
  GArray *starts;          /* of guint: where each name's key starts in keys */
  GPtrArray *shown;        /* each name as it is shown (in shown_texts) */
  GStringChunk *shown_texts;
  TbStoreSeen seen;
};

void tb_store_named_free (TbStoreNamed *kept);
/* Forgets the names kept (the store closes). */
void tb_store_forget_named (TbStore *self);

/* A comment's row in the comments' full-text index (comment_text): its
 * game and ply in one number.  A ply past the limit (no game is that
 * long: Versus ends at 1,000 plies) is not indexed. */
#define COMMENT_PLY_LIMIT "1048576"
#define COMMENT_ROWID(game, ply) "(" game " * " COMMENT_PLY_LIMIT " + " ply ")"

/* ---- the positions of the games (tb-store-positions.c) ---- */

/* The moves played from the positions of the first OPENING_PLIES plies
 * that many games reached are counted in openings (key, move, orient) ->
 * games and results, kept by the writes that change positions: the
 * explorer then reads a few rows for them whatever the number of games
 * (the start position is reached by every game of its ruleset: counting
 * its rows of positions for each look would read 100,000 of them).  The
 * other positions are few games' each, and are counted from their rows
 * when asked about: counting them all ahead wrote a row of openings for
 * most rows of the first plies (530 bytes a game in a collection of
 * random games, and a third of an import's time).  A position is counted
 * ahead once OPENINGS_FROM rows of positions' first plies have its key
 * (COUNTED_AHEAD), and then stays so while any game reaches it; its
 * counts in openings are always all of its games' or none (the
 * explorer reads the rows of a position without any).  A game counts
 * once for each (key, move, orient) it has, however often; move '*'
 * counts the games that reached the position at all.  These take the
 * counts of game G, whose result is R (SQL expressions), off. */
#define OPENING_PLIES 16
#define OPENINGS_OF_GAME(game) \
  "SELECT key, move, orient FROM positions WHERE game = " game " AND deep = 0" \
  " AND move <> 0 UNION SELECT key, 0, orient FROM positions WHERE game = " game \
  " AND deep = 0"
/* One count of a game's: ?1 key, ?2 move, ?3 orient, ?4 ?5 ?6 whether
 * seat 1 won, drew, seat 2 won (tb-store-positions.c works out which a
 * game counts, as OPENINGS_OF_GAME finds them). */
#define COUNT_OPENING \
  "INSERT INTO openings (key, move, orient, games, wins1, draws, wins2)" \
  "  VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6)" \
  "  ON CONFLICT (key, move, orient) DO UPDATE SET games = games + 1," \
  "  wins1 = wins1 + excluded.wins1, draws = draws + excluded.draws," \
  "  wins2 = wins2 + excluded.wins2;"
/* A join, so that each row is found by its key (a row-value IN reads
 * the whole table). */
#define UNCOUNT_POSITIONS(game, result) \
  "UPDATE openings SET games = games - 1, wins1 = wins1 - (" result " = '1-0')," \
  "  draws = draws - (" result " = '1/2-1/2'), wins2 = wins2 - (" result " = '0-1')" \
  "  FROM (" OPENINGS_OF_GAME (game) ") AS gone WHERE openings.key = gone.key" \
  "  AND openings.move = gone.move AND openings.orient = gone.orient;"
#define DROP_EMPTY_OPENINGS(game) \
  "DELETE FROM openings WHERE games <= 0" \
  "  AND key IN (SELECT key FROM positions WHERE game = " game " AND deep = 0);"
#define DELETE_POSITIONS(game) \
  "DELETE FROM positions WHERE game = " game ";" \
  "DELETE FROM positions_pending WHERE game = " game ";"
/* Counted ahead: OPENINGS_FROM rows of the first plies have the key
 * (an SQL expression).  Those of a position stand together in positions'
 * primary key: a few steps of it. */
#define OPENINGS_FROM 64
#define COUNTED_AHEAD(key) \
  "(SELECT count (*) FROM (SELECT 1 FROM positions AS ahead WHERE ahead.key = " key \
  " AND ahead.deep = 0 LIMIT " G_STRINGIFY (OPENINGS_FROM) ")) >= " G_STRINGIFY (OPENINGS_FROM)
/* The counts of the positions whose keys KEYS (a SELECT) gives, made
 * from all their rows. */
#define COUNT_POSITIONS_OF(keys) \
  "INSERT INTO openings (key, move, orient, games, wins1, draws, wins2)" \
  "  SELECT d.key, d.move, d.orient, count (*), sum (g.result = '1-0')," \
  "    sum (g.result = '1/2-1/2'), sum (g.result = '0-1')" \
  "  FROM (SELECT game, key, move, orient FROM positions WHERE deep = 0 AND move <> 0" \
  "        AND key IN (" keys ")" \
  "        UNION SELECT game, key, 0, orient FROM positions WHERE deep = 0" \
  "        AND key IN (" keys ")) AS d" \
  "  JOIN games AS g ON g.id = d.game GROUP BY d.key, d.move, d.orient;"
/* The counts made anew from the positions. */
#define REBUILD_OPENINGS \
  "DELETE FROM openings;" \
  COUNT_POSITIONS_OF ("SELECT key FROM positions WHERE deep = 0 GROUP BY key" \
                      " HAVING count (*) >= " G_STRINGIFY (OPENINGS_FROM))

/* The moves of positions, positions_pending and openings (schema 10): a
 * token's code (tb-move-code.h) for the game's ruleset number, 0 for
 * none (a line's end in positions; in openings, the row that counts the
 * games that reached the position, '*'), or the token's text when it has
 * no code.  Bound from a token ("" or "*" for none). */
void tb_store_bind_move (sqlite3_stmt *stmt, int parameter, guint8 ruleset, const char *move);
/* The token of a stored move, "" for none; free with g_free. */
char *tb_store_column_move (sqlite3_stmt *stmt, int column, guint8 ruleset);

/* The games of the rows of a key (?%u: its parameter, bound as text), for
 * a filter of the history (tb-store-query.c). */
#define POSITION_GAMES "game FROM positions WHERE key = CAST (?%u AS INTEGER)"

/* The plies of a game's row whose positions the store has taken off just
 * before deleting it: the trigger that would look for them by reading
 * the whole table does not run (schema 10). */
#define TB_STORE_POSITIONS_FORGOTTEN -1

/* The positions of game id taken off, before its row changes or goes,
 * worked out from the game as it is stored (NULL when it no longer
 * reads: the whole table is read for them). */
gboolean tb_store_forget_positions (TbStore *self, gint64 id, TbGame *stored, GError **error);
/* The positions of record written for game id, its row written. */
gboolean tb_store_write_positions (TbStore *self, gint64 id, const TbStoreRecord *record,
                                   GError **error);
/* An import merges its pending rows when there are so many (some 6,500
 * games of 40 plies), and as many as positions holds: each merge writes
 * most pages of positions again, so that merges a fixed number of rows
 * apart made a large import's time grow with the square of its games. */
#define PENDING_ROWS (1u << 18)
#define MERGE_IS_DUE(self) \
  ((self)->pending_positions >= MAX ((guint64) PENDING_ROWS, (self)->merged_positions))
/* The positions an import left in positions_pending, merged into
 * positions and counted; within the caller's transaction. */
gboolean tb_store_merge_pending_positions (TbStore *self, GError **error);
/* The same, in a transaction of its own, when there are any (a writer's
 * opening: an import that stopped short left some). */
gboolean tb_store_settle_pending_positions (TbStore *self, GError **error);
/* The positions of stored game id indexed, at once (not pending), the
 * openings left to be counted again by the caller (REBUILD_OPENINGS). */
gboolean tb_store_index_game_positions (TbStore *self, gint64 id, TbGame *game, GError **error);

/* ---- the games' tags, for search (tb-store-tags.c) ---- */

/* The searched tags of header (the record's tag pairs) kept for game,
 * in place of the ones it had. */
gboolean tb_store_write_tags (TbStore *self, gint64 game, const char *header, GError **error);
/* Every stored game's tags, into tables that have none (schema 8). */
gboolean tb_store_tag_all_games (TbStore *self, GError **error);

/* Adds record inside a transaction the caller holds (tb-store-games.c).
 * With duplicate non-NULL, a game already stored (same GameId, or same
 * tags and moves) is not added: 0, no error, and *duplicate TRUE. */
gint64 tb_store_insert_record (TbStore *self, const TbStoreRecord *record, gboolean *duplicate,
                               GError **error);
/* Writes record over the stored game id, in the transaction the caller
 * holds. */
gboolean tb_store_update_record (TbStore *self, gint64 id, const TbStoreRecord *record,
                                 GError **error);
/* The same for a game, standing where it stands; a game added without a
 * GameId is given the one it was stored under. */
gint64 tb_store_insert_game (TbStore *self, TbGame *game, gboolean *duplicate, GError **error);
gboolean tb_store_update_game (TbStore *self, gint64 id, TbGame *game, GError **error);

gint64 tb_store_find_fingerprint (TbStore *self, const char *fingerprint);
/* Whether game id's record has record's tags and moves, and its notes if
 * it has any: then the record brings nothing (its GameId aside). */
gboolean tb_store_has_record (TbStore *self, gint64 id, const TbStoreRecord *record);
/* The record of game id written anew from the game it reads as (its tags
 * as the writer writes them, its fingerprint and checksum), in the
 * caller's transaction; a record that does not read is left alone. */
gboolean tb_store_rewrite_record (TbStore *self, gint64 id, GError **error);
/* The record of game id as an export writes it (tb_tgn_write_to), added
 * to out: made from the stored record, checked against its checksum,
 * without reading its moves again. */
gboolean tb_store_export_record (TbStore *self, gint64 id, GString *out, GError **error);

typedef enum
{
  TB_STORE_MERGE_ADDED,       /* the record's new moves were added (and its notes) */
  TB_STORE_MERGE_ANNOTATED,   /* no new move, but comments, NAGs, variations or an end */
  TB_STORE_MERGE_NOTHING_NEW, /* the record has nothing the stored game lacks */
  TB_STORE_MERGE_CONFLICT,    /* another game, other earlier moves, or the stored game
                               * no longer reads: error set */
  TB_STORE_MERGE_FAILED,      /* the database failed: error set */
} TbStoreMerge;

/* A record of the stored game id (the same GameId, or the same tags and
 * moves) brings what it has that the stored game lacks, in the caller's
 * transaction (tb-store-merge.c); game is the record's, and may be
 * changed. */
TbStoreMerge tb_store_merge_record (TbStore *self, gint64 id, const TbStoreRecord *record,
                                    TbGame *game, GError **error);

G_END_DECLS
