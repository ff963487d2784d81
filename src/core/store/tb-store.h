/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store.h: the game database (SQLite)
 *
 * Every game of Tablier lives here: those played in the application
 * (saved after every move, each save its own short transaction, so that a
 * crash loses at most the move being made) and those imported from TGN
 * records.  A game is kept as its tag pairs, its main line as move tokens
 * (compact and in order), the comments and NAGs of its moves, and, for the
 * rare record with variations, its whole movetext; the columns the history
 * filters and sorts on are indexed.  Reading a game back goes through the
 * TGN reader, so every stored move is checked again.
 *
 * The application and tablier-cli share this module; tests open a
 * temporary file.
 *
 * A TbStore is used from one thread at a time (it holds one SQLite
 * connection and its prepared statements); another thread may write
 * games through it when given a TbStoreRecord, which reads nothing of the
 * game it was made from.
 */
#pragma once

#include <gio/gio.h>

#include "tb-elo.h"
#include "tb-game.h"

G_BEGIN_DECLS

#define TB_TYPE_STORE (tb_store_get_type ())
G_DECLARE_FINAL_TYPE (TbStore, tb_store, TB, STORE, GObject)

#define TB_STORE_ERROR (tb_store_error_quark ())
GQuark tb_store_error_quark (void);

typedef enum
{
  TB_STORE_ERROR_OPEN,       /* the file cannot be opened or created */
  TB_STORE_ERROR_CORRUPT,    /* not a database, or a damaged one */
  TB_STORE_ERROR_NEWER,      /* written by a newer Tablier: left alone */
  TB_STORE_ERROR_FAILED,     /* a statement failed (disk full, …) */
  TB_STORE_ERROR_NOT_FOUND,  /* no game with that id */
  TB_STORE_ERROR_BAD_GAME,   /* a stored game no longer reads, or is damaged */
  TB_STORE_ERROR_CONFLICT,   /* a record of a stored game that differs in its past */
  TB_STORE_ERROR_FOREIGN,    /* not Tablier's (another program's file, a folder…): left alone */
  TB_STORE_ERROR_READ_ONLY,  /* it would have to be written, and cannot be */
  TB_STORE_ERROR_MISSING,    /* no database there, and none is to be made */
  TB_STORE_ERROR_BAD_PATH,   /* a name SQLite takes for a temporary or in-memory database */
  TB_STORE_ERROR_CLOSED,     /* a job asked after tb_store_job_close */
  TB_STORE_ERROR_BUSY,       /* another writer held the file longer than a write waits
                              * (tb-store-open.c); nothing was written: try again */
} TbStoreError;

/* Whether error is the database's failure (a statement failed, or
 * another writer held it too long), not what a game or a file holds. */
gboolean tb_store_error_is_failure (const GError *error);

/* The schema this build writes (PRAGMA user_version). */
#define TB_STORE_SCHEMA_VERSION 18
/* What a Tablier database says it is (PRAGMA application_id, from schema
 * 5 on): "Tabl". */
#define TB_STORE_APPLICATION_ID 0x5461626c

typedef enum
{
  TB_STORE_OPEN_CREATE = 1 << 0,     /* a new database where there is none */
  TB_STORE_OPEN_READ_ONLY = 1 << 1,  /* nothing written: an older schema is
                                      * brought up to date in memory only */
} TbStoreOpenFlags;

/* Called, on the opening thread, before an older database is brought up
 * to date (the file is copied first: PATH.before-vN, N being the new
 * version), so that the user can be told why the opening takes time. */
typedef void (*TbStoreUpgrading) (int from_version, gpointer user_data);

/* Opens the database at path.  Only a file Tablier wrote is opened (its
 * application_id; an older Tablier's by its tables): any other file, and
 * a damaged or newer one, is an error and is left untouched.  Without
 * TB_STORE_OPEN_READ_ONLY an older schema is brought up to date, after a
 * copy of the file is kept; with TB_STORE_OPEN_CREATE a missing file (an
 * empty one too) becomes a new database, and its folder is made.
 * SQLite's own check of the whole file runs when the last program to
 * write it did not close it (a crash, a power cut) and before an upgrade,
 * not at every opening; a damaged record is found when it is read. */
TbStore *tb_store_open_full (const char *path, TbStoreOpenFlags flags, TbStoreUpgrading upgrading,
                             gpointer user_data, GError **error);
/* tb_store_open_full (path, TB_STORE_OPEN_CREATE, NULL, NULL, error). */
TbStore *tb_store_open (const char *path, GError **error);

/* As tb_store_open_full with TB_STORE_OPEN_CREATE, but a damaged file, or
 * one that is not a Tablier database (another program's, a folder in its
 * place), is moved aside (games.db.broken-YYYY-MM-DD, then -2, -3…: never
 * overwritten) and a fresh database opened in its place; *moved_to (when
 * not NULL) gets the new name of the file moved, or NULL when nothing was
 * moved.  A file from a newer Tablier, or one that cannot be written, is
 * not moved: that is an error. */
TbStore *tb_store_open_recovering (const char *path, char **moved_to, TbStoreUpgrading upgrading,
                                   gpointer user_data, GError **error);

/* Whether the store was opened with TB_STORE_OPEN_READ_ONLY. */
gboolean tb_store_is_read_only (TbStore *self);

/* Where the application keeps its games: $TABLIER_DATA_DIR/games.db, or
 * $XDG_DATA_HOME/tablier/games.db. */
char *tb_store_default_path (void);

const char *tb_store_get_path (TbStore *self);

/* ---- games ---- */

/* Everything the store writes for a game: its tags, moves, annotations
 * and the values of its row. */
typedef struct _TbStoreRecord TbStoreRecord;   /* opaque, immutable once made */

/* Everything the store writes for game standing at current_ply (-1:
 * where it stands), read now: the game may change, or be played on
 * another thread, while the record is written.  A game without a GameId
 * is given one when the record is added (tb_store_add_game sets it on the
 * game; a record leaves the game alone). */
TbStoreRecord *tb_store_record_new (TbGame *game, int current_ply);
void tb_store_record_free (TbStoreRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbStoreRecord, tb_store_record_free)

/* As tb_store_add_game and tb_store_save_game_at, for a record: they read
 * nothing of its game. */
gint64 tb_store_add_record (TbStore *self, const TbStoreRecord *record, GError **error);
gboolean tb_store_save_record (TbStore *self, gint64 id, const TbStoreRecord *record,
                               GError **error);


/* Stores a new game and returns its id (> 0), or 0 and error.  A game
 * without a GameId tag is given one. */
gint64 tb_store_add_game (TbStore *self, TbGame *game, GError **error);
/* Writes game over the stored game id, in one transaction: its tags,
 * moves, annotations and the ply it stands at. */
gboolean tb_store_save_game (TbStore *self, gint64 id, TbGame *game, GError **error);
/* The same, but the game is kept as standing at current_ply (-1: where
 * it stands), so that a replay's annotations keep a game's place. */
gboolean tb_store_save_game_at (TbStore *self, gint64 id, TbGame *game, int current_ply,
                                GError **error);
/* A game continued from another, after origin_ply of its moves. */
gboolean tb_store_set_origin (TbStore *self, gint64 id, gint64 origin_id, guint origin_ply,
                              GError **error);
/* The game id came from, or 0. */
gint64 tb_store_get_origin (TbStore *self, gint64 id, guint *origin_ply);
/* The stored game, at the ply it was left at. */
TbGame *tb_store_load_game (TbStore *self, gint64 id, GError **error);
gboolean tb_store_delete_game (TbStore *self, gint64 id, GError **error);
/* The id of the game with this GameId, or 0. */
gint64 tb_store_find_game_id (TbStore *self, const char *game_uuid);
/* The unfinished game played or changed last, or 0. */
gint64 tb_store_last_unfinished (TbStore *self);
guint tb_store_count_all (TbStore *self);

/* ---- the history: filters, sorting, pages ---- */

typedef struct
{
  const char *ruleset;       /* a ruleset id, or NULL for all */
  const char *player;        /* any part of a name, any case and accents; in
                              * double quotes, the whole name; or NULL */
  const char *result;        /* "1-0", "0-1", "1/2-1/2", "*", or NULL */
  const char *termination;   /* a termination word, or NULL */
  const char *date_from;     /* "YYYY.MM.DD", inclusive, or NULL; a part not
                              * known is zeros ("2026.00.00"), before every
                              * known one (tb_store_date_search makes them) */
  const char *date_to;
  const char *text;          /* words in the comments, or NULL */
  const char *tag;           /* any part of a tag's value (Event, Site, Round…,
                              * any case and accents), or NULL */
  const char *tag_name;      /* with tag: only this tag's value (its name in any
                              * case); NULL: any tag's */
  gint64 position;           /* with has_position: the games whose main line
                              * reached a position of this key (tb_position_key:
                              * its images under the board's symmetries too) in
                              * its first TB_STORE_EXPLORER_PLIES plies */
  gboolean has_position;
  guint player_seat;         /* the player at seat 1 or 2; 0: at either */
  gboolean skip_empty;       /* leave out the games left before their first move
                              * (unfinished: a resignation at once is kept) */
} TbStoreFilter;

typedef enum
{
  TB_STORE_SORT_DATE,
  TB_STORE_SORT_GAME,
  TB_STORE_SORT_PLAYERS,
  TB_STORE_SORT_RESULT,
  TB_STORE_SORT_TERMINATION,
  TB_STORE_SORT_LENGTH,
} TbStoreSort;

typedef struct
{
  gint64 id;
  char *date;          /* the Date tag, "YYYY.MM.DD" (parts may be ??) */
  char *ruleset;
  char *player1;
  char *player2;
  char *result;
  char *termination;   /* "" while the game goes on */
  guint plies;
} TbStoreRow;

void tb_store_row_free (TbStoreRow *row);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbStoreRow, tb_store_row_free)

/* A copy of filter into copy, whose strings copy owns (an empty string
 * copied as NULL: not set); tb_store_filter_clear frees them.  Every part
 * of a filter is copied here, so that whoever keeps a filter for later
 * (the history's model, a store job) keeps all of it. */
void tb_store_filter_copy_into (TbStoreFilter *copy, const TbStoreFilter *filter);
void tb_store_filter_clear (TbStoreFilter *filter);

/* A tag search as typed: "NAME=TEXT" looks in the tag NAME only (*name
 * set), "TEXT" in every tag.  FALSE when no text is left to look for. */
gboolean tb_store_parse_tag_search (const char *typed, char **name, char **text);

/* Which date of a search is no date (tb_store_date_search). */
typedef enum
{
  TB_STORE_DATE_FROM = 1 << 0,
  TB_STORE_DATE_TO = 1 << 1,
} TbStoreDateWrong;

/* The dates a search by dates finds games between (tb-store-dates.c),
 * into *date_from and *date_to (a filter's; NULL: no bound).  from and
 * to are as typed (NULL or blank: none): a year, a month or a day
 * ("2026", "2026-03", "2026.3.14"; the parts apart by '-', '.' or '/').
 * A year or a month takes in all of it, with the games whose day or
 * month in it is not known ("2026.??.??"); a search from or until a
 * date alone ends at the last or the first day that can be known, a
 * game whose year is not ("????.??.??") being after and before no
 * date.  Returns which of the two is
 * no date, or names a month or a day that does not exist
 * (TbStoreDateWrong; 0: none), that one left out of the bounds. */
guint tb_store_date_search (const char *from, const char *to, char **date_from, char **date_to);

/* For completion as a search is typed (tb-store-suggest.c): at most
 * limit (and 100) players' names, or values of the tag name (NULL: of any tag),
 * that hold typed in any case and accents, the likeliest first.  An array
 * of strings; NULL and error when the database cannot be read. */
GPtrArray *tb_store_suggest_players (TbStore *self, const char *typed, guint limit,
                                     GError **error);
GPtrArray *tb_store_suggest_tag_values (TbStore *self, const char *name, const char *typed,
                                        guint limit, GError **error);

guint tb_store_count (TbStore *self, const TbStoreFilter *filter, GError **error);
/* At most limit rows from offset, in order; an array of TbStoreRow. */
GPtrArray *tb_store_query (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                           gboolean descending, guint offset, guint limit, GError **error);
/* The same, when the filter's count is known (-1: not known), which
 * chooses how the games are read. */
GPtrArray *tb_store_query_counted (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                                   gboolean descending, guint offset, guint limit, gint64 count,
                                   GError **error);
/* The same from the row after `after` (a row of this filter and sort,
 * the last of a page read before; NULL: from the first), offset rows
 * further: the games are found by the sort's key, not counted through
 * from the first (keyset paging), so that a page far down the list costs
 * what the first does. */
GPtrArray *tb_store_query_after (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                                 gboolean descending, const TbStoreRow *after, guint offset,
                                 guint limit, gint64 count, GError **error);
/* The ids of the games the filter matches, at most limit from offset in
 * the sort's order, read from the games' table itself (not an index that
 * may be damaged). */
GArray *tb_store_query_ids (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                            gboolean descending, guint offset, guint limit, GError **error);
/* Games stored more than once under different tags: the same ruleset,
 * the same players at the same seats (any case and accents) and the same
 * moves.  An array of groups, each a GArray of two ids or more, in
 * order; games without a move are left out. */
GPtrArray *tb_store_twins (TbStore *self, GError **error);
/* The ids of the games of a match (their Match tag), in the order they
 * were stored. */
GArray *tb_store_match_game_ids (TbStore *self, const char *match_id, GError **error);

/* ---- TGN import and export ---- */

typedef struct
{
  guint imported;
  guint skipped;       /* already stored (same GameId, or same tags and moves), with
                        * nothing the stored game lacks */
  guint errors;
  guint updated;       /* stored games given new moves (correspondence), their notes kept */
  guint annotated;     /* stored games given the comments, NAGs or variations of a copy */
} TbImportCounts;

/* Called now and then with the bytes read so far, out of total. */
typedef void (*TbImportProgress) (gsize done, gsize total, gpointer user_data);

/* Imports every game of a TGN text, committed in chunks of a tenth of a
 * second at most (other writers wait no longer than one).  A bad game is
 * counted and described in errors ("NAME:LINE:COL: message", NAME being
 * source_name) and the others still imported.  FALSE only when the
 * database itself fails (the chunk being written is lost; what was
 * committed before stays, and counts says what) or cancellable is
 * cancelled (every game read before the cancel is kept, and counted). */
gboolean tb_store_import_text (TbStore *self, const char *text, gsize length,
                               const char *source_name, TbImportCounts *counts,
                               GPtrArray *errors, TbImportProgress progress,
                               gpointer progress_data, GCancellable *cancellable,
                               GError **error);
/* The games ids as one TGN text, games separated by blank lines.  A game
 * that cannot be read (damaged: its record no longer matches its
 * checksum, or no longer reads; or not there) is left out and the others
 * are written: FALSE then, and error (TB_STORE_ERROR_NOT_FOUND when every
 * game left out is missing, TB_STORE_ERROR_BAD_GAME otherwise), with one
 * GError per game left out added to problems (when not NULL), in order.
 * An id listed twice (two rows of a damaged table say they are that
 * game) is written once, and named again as damaged. */
gboolean tb_store_export (TbStore *self, const gint64 *ids, guint n_ids, GString *out,
                          GPtrArray *problems, GError **error);
/* Where an export's text goes, a piece at a time: FALSE and error when
 * it cannot be written (a full disk), which ends the export. */
typedef gboolean (*TbStoreWriteFunc) (const char *text, gsize length, gpointer data,
                                      GError **error);
/* The same, the text handed to write in pieces of about 64 KB as the
 * games are read, so that an export of any size takes little memory.
 * FALSE and error when write failed (its error: the text is cut short),
 * or, the export whole, when games were left out (as tb_store_export). */
gboolean tb_store_export_to (TbStore *self, const gint64 *ids, guint n_ids,
                             TbStoreWriteFunc write, gpointer data, GPtrArray *problems,
                             GError **error);

/* ---- ratings (tb-store-ratings.c) ---- */

/* The Elo ratings of ruleset's players, from its finished rated games in
 * date order (tb-elo.h). */
TbEloTable *tb_store_ratings (TbStore *self, const char *ruleset, GError **error);
/* The rulesets with finished rated games, sorted. */
GStrv tb_store_rated_rulesets (TbStore *self, GError **error);

/* ---- correspondence (tb-store-correspondence.c) ----
 *
 * A record of a stored correspondence game (same GameId) brings its new
 * moves when imported (tb_store_import_text). */

/* Called for a correspondence game whose player to move has not moved for
 * days (at least 4): once per waiting move. */
typedef void (*TbStoreReminder) (TbStore *store, gint64 id, guint days, gpointer user_data);
/* Looks at every unfinished correspondence game at time now (seconds since
 * 1970): after 4 days without a move, remind is called (once for that
 * move); after 7 the game ends, lost by the player to move ("inactivity").
 * *ended (when not NULL) gets how many ended. */
gboolean tb_store_check_correspondence (TbStore *self, gint64 now, TbStoreReminder remind,
                                        gpointer user_data, guint *ended, GError **error);
/* When the last move of game id was made (seconds since 1970); saving a
 * game with another number of moves sets it to the time of the save. */
gboolean tb_store_set_moved (TbStore *self, gint64 id, gint64 when, GError **error);

/* ---- the opening explorer (tb-store-explorer.c) ---- */

/* The positions the explorer knows: those of the first
 * TB_STORE_EXPLORER_PLIES plies of each game's main line (ply 0, the
 * start, to TB_STORE_EXPLORER_PLIES - 1), with the move played from each.
 * Deeper positions are not indexed: a row a ply of every game cost 33
 * bytes a ply on disk (9 KB for a random game of 270 plies, 50 times what
 * the openings cost) and made an import of 10,000 games 50 times slower,
 * for positions that nearly always belong to one game only. */
#define TB_STORE_EXPLORER_PLIES 40

/* A move played from a position, in the orientation of the position
 * asked about, with the games that played it and their results. */
typedef struct
{
  char *move;       /* "*" in the total */
  guint games;
  guint wins1;      /* seat 1 won */
  guint draws;
  guint wins2;      /* seat 2 won */
  guint mirrored;   /* of games, those that reached an image of the position
                     * (a symmetry of the board), not the position itself */
} TbStoreExplorerMove;

typedef struct
{
  GPtrArray *moves;            /* of TbStoreExplorerMove, most played first */
  TbStoreExplorerMove total;   /* the games that reached the position */
} TbStoreExplorer;

void tb_store_explorer_free (TbStoreExplorer *explorer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TbStoreExplorer, tb_store_explorer_free)

/* The moves played from pos (of variant) across the stored games' main
 * lines (their first TB_STORE_EXPLORER_PLIES plies), and its images under the board's symmetries; a game counts once
 * for a move however often it played it there.  NULL and error when the
 * database fails. */
TbStoreExplorer *tb_store_explore (TbStore *self, TbVariant *variant, const TbPosition *pos,
                                   GError **error);

/* A game that reached a position, and the ply it reached it at (its
 * first). */
typedef struct
{
  gint64 id;
  guint ply;
  gboolean mirrored;   /* it reached an image of it */
} TbStoreExplorerGame;

/* The first ply at which game id reached a position of key (the
 * explorer's, tb_position_key), or -1 when it did not (in the plies the
 * explorer knows); -2 and error when the database cannot be read. */
int tb_store_position_ply (TbStore *self, gint64 id, gint64 key, GError **error);

/* The games (of GArray TbStoreExplorerGame) that reached pos, by id, the
 * first limit of those after after_id: the next page starts after the
 * last id. */
GArray *tb_store_explore_games (TbStore *self, TbVariant *variant, const TbPosition *pos,
                                gint64 after_id, guint limit, GError **error);

/* ---- practice from one's own mistakes (tb-store-practice.c) ---- */

/* The results of one exercise: a move of a stored game (the ply of the
 * move) its player is asked to better. */
typedef struct
{
  gint64 game;
  guint ply;
  guint seat;          /* who made the move */
  guint tries;
  guint solved;        /* tries that found a good enough move */
  gboolean last_solved;
  gint64 last_tried;   /* seconds since 1970; 0: never tried */
} TbStorePracticeResult;

/* The ids of the analysed games (those with evaluations) of ruleset
 * (NULL: every game) where player (the whole name, any case and accents)
 * played, in the order stored. */
GArray *tb_store_practice_games (TbStore *self, const char *ruleset, const char *player,
                                 GError **error);
/* The results stored for the exercises of game id (an array of
 * TbStorePracticeResult, by ply; those never tried have none). */
GArray *tb_store_practice_results (TbStore *self, gint64 id, GError **error);
/* One more try at the exercise of game id at ply (the move of seat),
 * solved or not, at when. */
gboolean tb_store_practice_record (TbStore *self, gint64 id, guint ply, guint seat,
                                   gboolean solved, gint64 when, GError **error);

typedef struct
{
  guint analysed_games;     /* the player's games with an analysis */
  guint solved;             /* exercises whose last try was solved */
} TbStorePracticeCounts;

/* For each player of ruleset's games, by the player's name folded
 * (tb_text_fold), a TbStorePracticeCounts: the players without an
 * analysed game or a solved exercise are not in it. */
GHashTable *tb_store_practice_counts (TbStore *self, const char *ruleset, GError **error);

G_END_DECLS
