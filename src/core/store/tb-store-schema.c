/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-schema.c: what a database file is, and bringing it up to date
 *
 * A Tablier database says so in its header (PRAGMA application_id, from
 * schema 5 on; an older one is known by its tables) and gives its
 * schema's version (PRAGMA user_version).  Each version's migration
 * brings the one before it up to date, so a database of any earlier
 * version opens.  The file is copied before (PATH.before-vN), and the
 * steps run in one transaction: an upgrade that fails leaves the file as
 * it was.  A command that only reads brings an older database up to date
 * in a copy in memory, and leaves the file alone.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tb-move-code.h"
#include "tb-store-private.h"
#include "tb-text-fold.h"

/* The first schema whose files carry TB_STORE_APPLICATION_ID. */
#define SCHEMA_WITH_APPLICATION_ID 5

/* Deleting a game deletes what belongs to it whatever the connection's
 * foreign keys (SQLite leaves them off unless asked, as other programs'
 * connections do): a record left without its game would keep its
 * fingerprint, and the game could never be imported again. */
#define CASCADE_TRIGGER_V5 \
  "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN" \
  "  DELETE FROM records WHERE game = old.id;" \
  "  DELETE FROM annotations WHERE game = old.id;" \
  "  UPDATE games SET origin_id = NULL WHERE origin_id = old.id;" \
  " END;"
/* From schema 7 on, the game's positions go too, and their counts. */
#define CASCADE_TRIGGER_V7 \
  "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN" \
  "  DELETE FROM records WHERE game = old.id;" \
  "  DELETE FROM annotations WHERE game = old.id;" \
  "  UPDATE games SET origin_id = NULL WHERE origin_id = old.id;" \
  "  " UNCOUNT_POSITIONS ("old.id", "old.result") \
  "  " DROP_EMPTY_OPENINGS ("old.id") \
  "  " DELETE_POSITIONS ("old.id") \
  " END;"
/* From schema 8 on, its tags too. */
#define CASCADE_TRIGGER_V8 \
  "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN" \
  "  DELETE FROM records WHERE game = old.id;" \
  "  DELETE FROM annotations WHERE game = old.id;" \
  "  DELETE FROM game_tags WHERE game = old.id;" \
  "  UPDATE games SET origin_id = NULL WHERE origin_id = old.id;" \
  "  " UNCOUNT_POSITIONS ("old.id", "old.result") \
  "  " DROP_EMPTY_OPENINGS ("old.id") \
  "  " DELETE_POSITIONS ("old.id") \
  " END;"

/* From schema 11 on, positions have no index by game (it took 780 bytes
 * a game, as much as the rows it indexed): the store takes a game's
 * positions off by their keys, worked out again from its line
 * (tb_store_forget_positions), and marks its row so (plies -1) before
 * deleting it; only a delete by another program, or of a game whose
 * record no longer reads, reads the whole table to find them. */
#define CASCADE_TRIGGER \
  "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN" \
  "  DELETE FROM records WHERE game = old.id;" \
  "  DELETE FROM annotations WHERE game = old.id;" \
  "  DELETE FROM game_tags WHERE game = old.id;" \
  "  UPDATE games SET origin_id = NULL WHERE origin_id = old.id;" \
  "  DELETE FROM positions_pending WHERE game = old.id;" \
  " END;" \
  "CREATE TRIGGER positions_game_deleted AFTER DELETE ON games" \
  "  WHEN old.plies <> " G_STRINGIFY (TB_STORE_POSITIONS_FORGOTTEN) " BEGIN" \
  "  " UNCOUNT_POSITIONS ("old.id", "old.result") \
  "  " DROP_EMPTY_OPENINGS ("old.id") \
  "  " DELETE_POSITIONS ("old.id") \
  " END;"

/* The positions a game deleted without the trigger left behind, and the
 * counts made anew. */
#define DELETE_ORPHAN_POSITIONS \
  "DELETE FROM positions WHERE game NOT IN (SELECT id FROM games);" \
  "DELETE FROM positions_pending WHERE game NOT IN (SELECT id FROM games);" \
  REBUILD_OPENINGS

/* What a game deleted without its records left behind. */
#define DELETE_ORPHANS \
  "DELETE FROM records WHERE game NOT IN (SELECT id FROM games);" \
  "DELETE FROM annotations WHERE game NOT IN (SELECT id FROM games);" \
  "UPDATE games SET origin_id = NULL WHERE origin_id NOT IN (SELECT id FROM games);"
/* From schema 9, a game's practice results go with it: a trigger of
 * their own, put back with the others when another program drops it. */
#define PRACTICE_TRIGGER \
  "CREATE TRIGGER practice_game_deleted AFTER DELETE ON games BEGIN" \
  "  DELETE FROM practice WHERE game = old.id;" \
  " END;"
#define DELETE_ORPHAN_PRACTICE \
  "DELETE FROM practice WHERE game NOT IN (SELECT id FROM games);"

/* From schema 10, game_counts holds how many games there are of each
 * game, result, end and month (the date's first seven characters,
 * "2026.03"), and whether they are empty (no move, no result: the
 * history leaves them out), kept by triggers: a count of a filter of
 * these columns alone sums a few thousand rows instead of reading an
 * index of every game (tb-store-query.c). */
#define GAME_KEY(row) \
  row ".ruleset, " row ".result, " row ".termination, substr (" row ".date, 1, 7), (" row \
  ".plies = 0 AND " \
  row ".result = '*')"
#define UNCOUNT_GAME(row) \
  "UPDATE game_counts SET games = games - 1" \
  "  WHERE (ruleset, result, termination, month, empty) = (" GAME_KEY (row) ");" \
  "DELETE FROM game_counts WHERE games <= 0" \
  "  AND (ruleset, result, termination, month, empty) = (" GAME_KEY (row) ");"
#define COUNT_GAME(row) \
  "INSERT INTO game_counts VALUES (" GAME_KEY (row) ", 1)" \
  "  ON CONFLICT DO UPDATE SET games = games + 1;"
#define COUNT_TRIGGERS \
  "CREATE TRIGGER game_counted AFTER INSERT ON games BEGIN " COUNT_GAME ("new") " END;" \
  "CREATE TRIGGER game_uncounted AFTER DELETE ON games BEGIN " UNCOUNT_GAME ("old") " END;" \
  "CREATE TRIGGER game_recounted AFTER UPDATE OF ruleset, result, termination, date, plies" \
  "  ON games WHEN (" GAME_KEY ("old") ") IS NOT (" GAME_KEY ("new") ") BEGIN " \
  UNCOUNT_GAME ("old") COUNT_GAME ("new") " END;"
#define DROP_COUNT_TRIGGERS \
  "DROP TRIGGER IF EXISTS game_counted;" \
  "DROP TRIGGER IF EXISTS game_uncounted;" \
  "DROP TRIGGER IF EXISTS game_recounted;"
/* The counts made anew from the games. */
#define REBUILD_GAME_COUNTS \
  "DELETE FROM game_counts;" \
  "INSERT INTO game_counts SELECT ruleset, result, termination, substr (date, 1, 7)," \
  "  (plies = 0 AND result = '*'), count(*) FROM games GROUP BY 1, 2, 3, 4, 5;"

/* The same for the tags (schema 8). */
#define DELETE_ORPHAN_TAGS \
  "DELETE FROM game_tags WHERE game NOT IN (SELECT id FROM games);"

/* The games of each tag value, kept by triggers (schema 15): a search of
 * a tag alone sums the counts of the values it names instead of reading
 * their games (an event of 100,000 games, 7 ms). */
#define TAG_COUNT_TRIGGERS \
  "CREATE TRIGGER tag_counted AFTER INSERT ON game_tags BEGIN" \
  "  UPDATE tag_values SET games = games + 1 WHERE id = new.value;" \
  " END;" \
  "CREATE TRIGGER tag_uncounted AFTER DELETE ON game_tags BEGIN" \
  "  UPDATE tag_values SET games = games - 1 WHERE id = old.value;" \
  " END;" \
  "CREATE TRIGGER tag_recounted AFTER UPDATE OF value ON game_tags BEGIN" \
  "  UPDATE tag_values SET games = games - 1 WHERE id = old.value;" \
  "  UPDATE tag_values SET games = games + 1 WHERE id = new.value;" \
  " END;"
#define DROP_TAG_COUNT_TRIGGERS \
  "DROP TRIGGER IF EXISTS tag_counted;" \
  "DROP TRIGGER IF EXISTS tag_uncounted;" \
  "DROP TRIGGER IF EXISTS tag_recounted;"
/* The counts made anew from the links (each value's own, on the
 * links' primary key). */
#define REBUILD_TAG_COUNTS \
  "UPDATE tag_values SET games = (SELECT count(*) FROM game_tags WHERE value = tag_values.id);"

#define COMMENT_TRIGGERS \
  "CREATE TRIGGER comment_added AFTER INSERT ON annotations" \
  "  WHEN new.comment <> '' AND new.ply < " COMMENT_PLY_LIMIT " BEGIN" \
  "  INSERT INTO comment_text (rowid, comment)" \
  "    VALUES (" COMMENT_ROWID ("new.game", "new.ply") ", new.comment);" \
  " END;" \
  "CREATE TRIGGER comment_removed AFTER DELETE ON annotations BEGIN" \
  "  DELETE FROM comment_text WHERE rowid = " COMMENT_ROWID ("old.game", "old.ply") ";" \
  " END;" \
  "CREATE TRIGGER comment_changed AFTER UPDATE OF comment ON annotations BEGIN" \
  "  DELETE FROM comment_text WHERE rowid = " COMMENT_ROWID ("old.game", "old.ply") ";" \
  "  INSERT INTO comment_text (rowid, comment)" \
  "    SELECT " COMMENT_ROWID ("new.game", "new.ply") ", new.comment" \
  "    WHERE new.comment <> '' AND new.ply < " COMMENT_PLY_LIMIT ";" \
  " END;"

/* The comments' index made anew from the comments. */
#define REBUILD_COMMENT_TEXT \
  "DELETE FROM comment_text;" \
  "INSERT INTO comment_text (rowid, comment)" \
  "  SELECT " COMMENT_ROWID ("game", "ply") ", comment FROM annotations" \
  "  WHERE comment <> '' AND ply < " COMMENT_PLY_LIMIT ";"

#define DROP_TRIGGERS \
  "DROP TRIGGER IF EXISTS games_deleted;" \
  "DROP TRIGGER IF EXISTS positions_game_deleted;" \
  "DROP TRIGGER IF EXISTS comment_added;" \
  "DROP TRIGGER IF EXISTS comment_removed;" \
  "DROP TRIGGER IF EXISTS comment_changed;"

/* What a walk of a sort's index checks most, held by the index (schema
 * 16): a player, a result, the games left before their first move. */
#define WALK_CHECKS "player1_id, player2_id, result, plies"
/* What a player's index by date holds after its order (schema 18): the
 * other seat's player, then what a filter checks most with a player. */
#define SEAT_CHECKS(other) other ", ruleset, result, plies"

/* migrations[v] brings a database of version v to version v + 1. */
static const char *const migrations[TB_STORE_SCHEMA_VERSION] = {
  /* 0 -> 1: the first schema. */
  "CREATE TABLE players ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL UNIQUE COLLATE NOCASE);"
  "CREATE TABLE matches ("
  "  id TEXT PRIMARY KEY,"          /* the Match tag */
  "  ruleset TEXT NOT NULL);"
  "CREATE TABLE games ("
  "  id INTEGER PRIMARY KEY,"
  "  game_uuid TEXT NOT NULL UNIQUE,"      /* the GameId tag */
  "  fingerprint TEXT NOT NULL,"           /* tags and moves, GameId aside */
  "  ruleset TEXT NOT NULL,"
  "  date TEXT NOT NULL,"                  /* the Date tag, YYYY.MM.DD */
  "  player1 TEXT NOT NULL COLLATE NOCASE,"
  "  player2 TEXT NOT NULL COLLATE NOCASE,"
  "  player1_id INTEGER REFERENCES players (id),"
  "  player2_id INTEGER REFERENCES players (id),"
  "  result TEXT NOT NULL,"                /* 1-0, 0-1, 1/2-1/2 or * */
  "  termination TEXT NOT NULL,"           /* '' while it goes on */
  "  score TEXT,"                          /* N-M for games with points */
  "  plies INTEGER NOT NULL,"              /* moves of the main line */
  "  current_ply INTEGER NOT NULL,"        /* where play stood (undo) */
  "  match_id TEXT REFERENCES matches (id),"
  "  origin_id INTEGER REFERENCES games (id) ON DELETE SET NULL,"
  "  origin_ply INTEGER,"                  /* continued from that game, there */
  "  created INTEGER NOT NULL,"            /* seconds since 1970 */
  "  updated INTEGER NOT NULL,"
  "  header TEXT NOT NULL,"                /* the record's tag pairs */
  "  line TEXT NOT NULL,"                  /* the main line: move tokens */
  "  variations TEXT);"                    /* the whole movetext, if it branches */
  "CREATE TABLE annotations ("
  "  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply INTEGER NOT NULL,"                /* 0: the game's own comment */
  "  comment TEXT,"
  "  nags TEXT,"                           /* $n $m */
  "  PRIMARY KEY (game, ply)) WITHOUT ROWID;"
  "CREATE INDEX games_by_date ON games (date, id);"
  "CREATE INDEX games_by_ruleset ON games (ruleset, date);"
  "CREATE INDEX games_by_player1 ON games (player1, player2);"
  "CREATE INDEX games_by_player2 ON games (player2);"
  "CREATE INDEX games_by_result ON games (result, date);"
  "CREATE INDEX games_by_termination ON games (termination, date);"
  "CREATE INDEX games_by_length ON games (plies);"
  "CREATE INDEX games_by_fingerprint ON games (fingerprint);"
  "CREATE INDEX games_unfinished ON games (result, updated);"
  "CREATE INDEX games_by_origin ON games (origin_id);"
  "CREATE INDEX games_by_match ON games (match_id);",

  /* 1 -> 2: ratings and correspondence games (issue 8).  A game counts
   * for the ratings unless marked casual; a correspondence game keeps
   * when its last move was made and the ply its reminder was sent at. */
  "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;"
  "ALTER TABLE games ADD COLUMN correspondence INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN moved INTEGER;"
  "ALTER TABLE games ADD COLUMN reminded INTEGER;"
  "UPDATE games SET moved = updated;"
  "CREATE INDEX games_correspondence ON games (correspondence, result);",

  /* 2 -> 3: a game's record (its tag pairs and moves, some 2 KB) kept
   * apart from its row, which holds only what the history shows, filters
   * and sorts by: a search that reads every row then reads 15 times less
   * (100,000 games: 13 MB instead of 200).  The rows are copied into a
   * table made anew (dropping the columns would leave each row's page
   * as big, and empty), with foreign keys off (migrate()). */
  "CREATE TABLE records ("
  "  game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  fingerprint TEXT NOT NULL,"           /* tags and moves, GameId aside */
  "  header TEXT NOT NULL,"                /* the record's tag pairs */
  "  line TEXT NOT NULL,"                  /* the main line: move tokens */
  "  variations TEXT);"                    /* the whole movetext, if it branches */
  "INSERT INTO records (game, fingerprint, header, line, variations)"
  "  SELECT id, fingerprint, header, line, variations FROM games;"
  "CREATE INDEX records_by_fingerprint ON records (fingerprint);"
  "CREATE TABLE games_v3 ("
  "  id INTEGER PRIMARY KEY,"
  "  game_uuid TEXT NOT NULL UNIQUE,"      /* the GameId tag */
  "  ruleset TEXT NOT NULL,"
  "  date TEXT NOT NULL,"                  /* the Date tag, YYYY.MM.DD */
  "  player1 TEXT NOT NULL COLLATE NOCASE,"
  "  player2 TEXT NOT NULL COLLATE NOCASE,"
  "  player1_id INTEGER REFERENCES players (id),"
  "  player2_id INTEGER REFERENCES players (id),"
  "  result TEXT NOT NULL,"                /* 1-0, 0-1, 1/2-1/2 or * */
  "  termination TEXT NOT NULL,"           /* '' while it goes on */
  "  score TEXT,"                          /* N-M for games with points */
  "  plies INTEGER NOT NULL,"              /* moves of the main line */
  "  current_ply INTEGER NOT NULL,"        /* where play stood (undo) */
  "  match_id TEXT REFERENCES matches (id),"
  "  origin_id INTEGER REFERENCES games (id) ON DELETE SET NULL,"
  "  origin_ply INTEGER,"                  /* continued from that game, there */
  "  created INTEGER NOT NULL,"            /* seconds since 1970 */
  "  updated INTEGER NOT NULL,"
  "  rated INTEGER NOT NULL DEFAULT 1,"
  "  correspondence INTEGER NOT NULL DEFAULT 0,"
  "  moved INTEGER,"                       /* the last move, for correspondence */
  "  reminded INTEGER);"                   /* the ply a reminder was sent at */
  "INSERT INTO games_v3 SELECT id, game_uuid, ruleset, date, player1, player2, player1_id,"
  "  player2_id, result, termination, score, plies, current_ply, match_id, origin_id,"
  "  origin_ply, created, updated, rated, correspondence, moved, reminded FROM games;"
  "DROP TABLE games;"
  "ALTER TABLE games_v3 RENAME TO games;"
  "CREATE INDEX games_by_date ON games (date, id);"
  "CREATE INDEX games_by_ruleset ON games (ruleset, date);"
  "CREATE INDEX games_by_player1 ON games (player1, player2);"
  "CREATE INDEX games_by_player2 ON games (player2);"
  "CREATE INDEX games_by_result ON games (result, date);"
  "CREATE INDEX games_by_termination ON games (termination, date);"
  "CREATE INDEX games_by_length ON games (plies);"
  "CREATE INDEX games_unfinished ON games (result, updated);"
  "CREATE INDEX games_by_origin ON games (origin_id);"
  "CREATE INDEX games_by_match ON games (match_id);"
  "CREATE INDEX games_correspondence ON games (correspondence, result);",

  /* 3 -> 4: Versus now ends at a move limit, 500 moves each (1,000 plies)
   * unless the record's options say otherwise.  A game stored before,
   * that went on that long, keeps the rules it was played under: no limit,
   * so that it still reads, its last moves included. */
  "UPDATE records SET header = CASE"
  "    WHEN instr (header, '[X_Tablier_Options \"') > 0"
  "      THEN replace (header, '[X_Tablier_Options \"', '[X_Tablier_Options \"move-limit=0,')"
  "    ELSE header || '[X_Tablier_Options \"move-limit=0\"]' || char (10)"
  "  END"
  "  WHERE instr (header, 'move-limit=') = 0"
  "    AND game IN (SELECT id FROM games"
  "                 WHERE ruleset IN ('versus-61', 'versus-91') AND plies >= 1000);",

  /* 4 -> 5: the file says it is Tablier's (PRAGMA application_id, set
   * with the version by run_migrations), so that no command takes another
   * program's database for its own; deletes cascade by a trigger, and
   * what deletes without it left behind goes.  Each record gets the
   * checksum of what its row keeps, checked when it is read, so that a
   * damaged record is found rather than exported altered; the
   * fingerprints are made again (schema 4 changed the tags of long Versus
   * games, and not their fingerprints: rewrite_lifted_games). */
  DELETE_ORPHANS
  CASCADE_TRIGGER_V5
  "ALTER TABLE records ADD COLUMN checksum TEXT;"
  "UPDATE records SET fingerprint = tb_fingerprint (header, line);"
  "UPDATE records SET checksum = tb_checksum (game, fingerprint, header, line, variations);",

  /* 5 -> 6: search that finds things (issue 24).  A player is found by
   * any part of the name, whatever its case and accents: each player
   * keeps the folded name (tb_text_fold), searched with LIKE in the
   * players' table, which is small, and the games are reached by their
   * players' ids.  The comments get a full-text index of their trigrams
   * (FTS5), so that a word is found anywhere in them without reading
   * every comment; its row id is the comment's game and ply
   * (COMMENT_ROWID), kept up to date by triggers. */
  "ALTER TABLE players ADD COLUMN key TEXT NOT NULL DEFAULT '';"
  "UPDATE players SET key = tb_fold (name);"
  "CREATE INDEX games_by_player1_id ON games (player1_id);"
  "CREATE INDEX games_by_player2_id ON games (player2_id);"
  /* Every column a filter compares, so that a count reads no row; the
   * game first: most searches ask for one, and SQLite skips through its
   * few values when none is.  Searching by name no longer reads the
   * second player's name index. */
  "CREATE INDEX games_filter ON games"
  "  (ruleset, result, termination, date, plies, player1_id, player2_id);"
  "DROP INDEX games_by_player2;"
  "CREATE VIRTUAL TABLE comment_text USING fts5 (comment, tokenize = 'trigram');"
  REBUILD_COMMENT_TEXT
  COMMENT_TRIGGERS,

  /* 6 -> 7: the opening explorer (issue 24).  Every position of every
   * game's main line by its key (tb-position-key.h: the same for the
   * images of a position under the board's symmetries), with the move
   * played from it; the games that reached it are found by the key.  The
   * moves played from the positions of the openings (deep 0: the first
   * OPENING_PLIES plies), which many games share, are counted in
   * openings, kept by the writes (tb-store-private.h says why); deeper
   * positions, which few games reach, are counted from their rows when
   * asked about (tb-store-explorer.c).  WITHOUT ROWID, keyed by what the
   * explorer looks for; the index by game is for deletes.  The games
   * already stored are indexed after these steps (run_migrations: the
   * migration replays them in C). */
  "CREATE TABLE positions ("
  "  key INTEGER NOT NULL,"                /* the position's (tb_position_key) */
  "  deep INTEGER NOT NULL,"               /* ply >= OPENING_PLIES: not in openings */
  /* No foreign key: its cascade would delete the rows before the
   * trigger takes their counts off. */
  "  game INTEGER NOT NULL,"
  "  ply INTEGER NOT NULL,"
  "  move TEXT NOT NULL,"                  /* played from it, canonical; '' at the end */
  "  orient INTEGER NOT NULL,"             /* the symmetry onto the canonical image */
  "  PRIMARY KEY (key, deep, game, ply)) WITHOUT ROWID;"
  "CREATE INDEX positions_by_game ON positions (game);"
  "CREATE TABLE openings ("
  "  key INTEGER NOT NULL,"
  "  move TEXT NOT NULL,"                  /* '*': the games that reached it */
  "  orient INTEGER NOT NULL,"
  "  games INTEGER NOT NULL,"
  "  wins1 INTEGER NOT NULL,"
  "  draws INTEGER NOT NULL,"
  "  wins2 INTEGER NOT NULL,"
  "  PRIMARY KEY (key, move, orient)) WITHOUT ROWID;"
  /* An import's rows, in the order of the games (written at the end of
   * the table), until they are merged into positions in the order of
   * keys: written there at once, they fell on pages all over the table,
   * and each chunk of an import wrote most of its pages again. */
  "CREATE TABLE positions_pending ("
  "  game INTEGER NOT NULL,"
  "  ply INTEGER NOT NULL,"
  "  key INTEGER NOT NULL,"
  "  move TEXT NOT NULL,"
  "  orient INTEGER NOT NULL,"
  "  PRIMARY KEY (game, ply)) WITHOUT ROWID;"
  "DROP TRIGGER IF EXISTS games_deleted;"
  CASCADE_TRIGGER_V7,

  /* 7 -> 8: search by tags (issue 24): the event, the site, the round,
   * the annotator and any other tag that has no filter of its own.
   * Each distinct value once, with its folded text (tb_text_fold), which
   * a search reads through (LIKE), and the games by the values' ids
   * (tb-store-tags.c says which tags).  The games already stored are
   * tagged after these steps (run_migrations, in C). */
  "CREATE TABLE tag_values ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL,"
  "  value TEXT NOT NULL,"
  "  key TEXT NOT NULL,"                   /* the value folded */
  "  UNIQUE (name, value));"
  "CREATE TABLE game_tags ("
  "  value INTEGER NOT NULL,"              /* tag_values.id */
  "  game INTEGER NOT NULL,"               /* no foreign key: the trigger deletes */
  "  PRIMARY KEY (value, game)) WITHOUT ROWID;"
  "CREATE INDEX game_tags_by_game ON game_tags (game);"
  "DROP TRIGGER IF EXISTS games_deleted;"
  CASCADE_TRIGGER_V8
  /* The fingerprints now fold the players' names (tb_store_fingerprint),
   * so that a game imported again under another spelling of a name is
   * known.  A record that no longer matches its checksum keeps both: it
   * is damaged, and no upgrade makes it look whole. */
  "UPDATE records SET fingerprint = tb_fingerprint (header, line),"
  "  checksum = tb_checksum (game, tb_fingerprint (header, line), header, line, variations)"
  "  WHERE checksum = tb_checksum (game, fingerprint, header, line, variations);",

  /* 8 -> 9: practice from one's own mistakes (issue 25).  An exercise is
   * a move of an analysed game marked ? or ??: its row here, made at its
   * first try, keeps the tries, the times solved and whether the last
   * try was, so that the exercises failed come back first.  Keyed by the
   * game and the ply of the move; seat is the player who made it, for
   * the counts per player.  A trigger of its own deletes a game's rows
   * with the game (games_deleted is left as it is). */
  "CREATE TABLE practice ("
  "  game INTEGER NOT NULL,"
  "  ply INTEGER NOT NULL,"                /* the move to better: the position is before it */
  "  seat INTEGER NOT NULL,"
  "  tries INTEGER NOT NULL,"
  "  solved INTEGER NOT NULL,"             /* how many tries found a move good enough */
  "  last_solved INTEGER NOT NULL,"        /* 1: the last try did */
  "  last_tried INTEGER NOT NULL,"         /* seconds since 1970 */
  "  PRIMARY KEY (game, ply)) WITHOUT ROWID;"
  PRACTICE_TRIGGER,

  /* 9 -> 10: the games counted per game, result, end, month and
   * emptiness, for the history's counts (issue 24: a count within 5 ms
   * at 100,000 games, 20 ms at a million; reading games_filter through
   * took 9-11 ms and 186 ms). */
  "CREATE TABLE game_counts ("
  "  ruleset TEXT NOT NULL,"
  "  result TEXT NOT NULL,"
  "  termination TEXT NOT NULL,"
  "  month TEXT NOT NULL,"                 /* substr (date, 1, 7) */
  "  empty INTEGER NOT NULL,"              /* 1: no move and no result */
  "  games INTEGER NOT NULL,"
  "  PRIMARY KEY (ruleset, result, termination, month, empty)) WITHOUT ROWID;"
  REBUILD_GAME_COUNTS
  COUNT_TRIGGERS
  /* A game's or a result's games by length: their lengths gather (one
   * game's games end later than another's, the unfinished ones sooner),
   * and walking the index of every length found them late; sorting them
   * all took 13-99 ms at 100,000 and 1,000,000 games. */
  "CREATE INDEX games_by_ruleset_length ON games (ruleset, plies);"
  "CREATE INDEX games_by_result_length ON games (result, plies);",

  /* 10 -> 11: a compact store (issue 24).  A record's main line as codes
   * (tb-move-code.h: two bytes a Versus move instead of six), its
   * fingerprint as 16 bytes instead of 64 hexadecimal characters, its
   * checksum as a number (tb-store-private.h says why these are enough).
   * The checksum is worked out anew over the same text, with the shorter
   * fingerprint; only for a record that matches its old one: a damaged
   * record is kept exactly as it was (text), and still fails.  The table
   * is made anew, its columns without a type, so that each keeps the
   * form it is given (a TEXT column would turn a number into text). */
  "CREATE TABLE records_v10 ("
  "  game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  fingerprint NOT NULL,"                /* BLOB: 16 bytes of the SHA-256 */
  "  header TEXT NOT NULL,"                /* the record's tag pairs */
  "  line NOT NULL,"                       /* BLOB: the main line's codes */
  "  variations TEXT,"                     /* the whole movetext, if annotated */
  "  checksum);"                           /* INTEGER */
  "INSERT INTO records_v10 (game, fingerprint, header, line, variations, checksum)"
  "  SELECT game, fingerprint, header, line, variations, checksum FROM records"
  "  WHERE checksum IS NOT tb_checksum (game, fingerprint, header, line, variations);"
  "INSERT INTO records_v10 (game, fingerprint, header, line, variations, checksum)"
  "  SELECT game, tb_fingerprint_bytes (fingerprint), header,"
  "    tb_line_code ((SELECT ruleset FROM games WHERE id = records.game), line), variations,"
  "    tb_checksum_number (tb_checksum (game, substr (fingerprint, 1, 32), header, line,"
  "                                     variations))"
  "  FROM records WHERE checksum IS tb_checksum (game, fingerprint, header, line, variations)"
  "  ORDER BY game;"
  /* The trigger names records: it goes while the table is replaced. */
  "DROP TRIGGER games_deleted;"
  "DROP TABLE records;"
  "ALTER TABLE records_v10 RENAME TO records;"
  "CREATE INDEX records_by_fingerprint ON records (fingerprint);"
  /* The positions' and the openings' moves as codes too (two bytes
   * instead of six; tb_store_bind_move), in tables made anew whose move
   * column keeps the number it is given; positions without their index
   * by game (CASCADE_TRIGGER says how a game's positions are found
   * without it).  The counts are made anew from the positions. */
  "CREATE TABLE positions_v10 ("
  "  key INTEGER NOT NULL,"
  "  deep INTEGER NOT NULL,"
  "  game INTEGER NOT NULL,"
  "  ply INTEGER NOT NULL,"
  "  move NOT NULL,"                       /* its code; 0 at the end */
  "  orient INTEGER NOT NULL,"
  "  PRIMARY KEY (key, deep, game, ply)) WITHOUT ROWID;"
  "INSERT INTO positions_v10 (key, deep, game, ply, move, orient)"
  "  SELECT p.key, p.deep, p.game, p.ply, tb_move_code (g.ruleset, p.move), p.orient"
  "  FROM positions AS p JOIN games AS g ON g.id = p.game;"
  "DROP TABLE positions;"
  "ALTER TABLE positions_v10 RENAME TO positions;"
  "CREATE TABLE positions_pending_v10 ("
  "  game INTEGER NOT NULL,"
  "  ply INTEGER NOT NULL,"
  "  key INTEGER NOT NULL,"
  "  move NOT NULL,"
  "  orient INTEGER NOT NULL,"
  "  PRIMARY KEY (game, ply)) WITHOUT ROWID;"
  "INSERT INTO positions_pending_v10 (game, ply, key, move, orient)"
  "  SELECT p.game, p.ply, p.key, tb_move_code (g.ruleset, p.move), p.orient"
  "  FROM positions_pending AS p JOIN games AS g ON g.id = p.game;"
  "DROP TABLE positions_pending;"
  "ALTER TABLE positions_pending_v10 RENAME TO positions_pending;"
  "DROP TABLE openings;"
  "CREATE TABLE openings ("
  "  key INTEGER NOT NULL,"
  "  move NOT NULL,"                       /* its code; 0: the games that reached it */
  "  orient INTEGER NOT NULL,"
  "  games INTEGER NOT NULL,"
  "  wins1 INTEGER NOT NULL,"
  "  draws INTEGER NOT NULL,"
  "  wins2 INTEGER NOT NULL,"
  "  PRIMARY KEY (key, move, orient)) WITHOUT ROWID;"
  REBUILD_OPENINGS
  CASCADE_TRIGGER,

  /* 11 -> 12: indexes that every game paid for and few use (issue 24:
   * no index that no query uses).  A game's origin, match and
   * correspondence are looked up by their value, which few games have:
   * partial indexes hold those games only (a condition `x = ?` tells
   * SQLite the index holds its rows).  The first player's index holds the
   * second player too, so that the games of players found by name at
   * either seat are counted on the indexes alone (count_players_either_seat
   * in tb-store-query.c). */
  "DROP INDEX games_by_origin;"
  "CREATE INDEX games_by_origin ON games (origin_id) WHERE origin_id IS NOT NULL;"
  "DROP INDEX games_by_match;"
  "CREATE INDEX games_by_match ON games (match_id) WHERE match_id IS NOT NULL;"
  "DROP INDEX games_correspondence;"
  "CREATE INDEX games_correspondence ON games (result) WHERE correspondence = 1;"
  "DROP INDEX games_by_player1_id;"
  "CREATE INDEX games_by_player_ids ON games (player1_id, player2_id);",

  /* 12 -> 13: only the positions many games reached are counted ahead in
   * openings (tb-store-private.h: COUNTED_AHEAD); the others' counts
   * go, a position's all together, and the explorer makes them from
   * their rows (3 s for 100,000 games). */
  "DELETE FROM openings WHERE key NOT IN (SELECT key FROM positions WHERE deep = 0"
  "  GROUP BY key HAVING count (*) >= " G_STRINGIFY (OPENINGS_FROM) ");",

  /* 13 -> 14: a player's games by date, at each seat, so that the page
   * of a player's games sorted by date merges the two seats' walks and
   * reads its own games only (tb-store-query.c: READ_PLAYER_BY_INDEX),
   * instead of reading and sorting every game of the player (10-17 ms
   * for 5,330 games of a million): the players are found first, then
   * each one's games by date.  The second player's index by id alone is
   * the new one's first column. */
  "CREATE INDEX games_by_player1_date ON games (player1_id, date);"
  "CREATE INDEX games_by_player2_date ON games (player2_id, date);"
  "DROP INDEX games_by_player2_id;"
  /* The players of a name typed in double quotes, found at once. */
  "CREATE INDEX players_by_key ON players (key);",

  /* 14 -> 15: the games of each tag value counted (TAG_COUNT_TRIGGERS). */
  "ALTER TABLE tag_values ADD COLUMN games INTEGER NOT NULL DEFAULT 0;"
  TAG_COUNT_TRIGGERS
  REBUILD_TAG_COUNTS,

  /* 15 -> 16: the indexes a sort walks hold, after their order (which
   * ends with the id, written out), the columns a walk checks most: the
   * players' ids, the result and the length.  A walk then reads a game's
   * row only for the games it keeps: a player's 5,000 games of 100,000
   * sorted by date had a row read for each of the 1,000 entries walked,
   * 2.3-3.1 ms for a first page; 0.4-0.5 ms now (about 100 bytes a
   * game). */
  "DROP INDEX games_by_date;"
  "CREATE INDEX games_by_date ON games (date, id, " WALK_CHECKS ");"
  "DROP INDEX games_by_ruleset;"
  "CREATE INDEX games_by_ruleset ON games (ruleset, date, id, " WALK_CHECKS ");"
  "DROP INDEX games_by_player1;"
  "CREATE INDEX games_by_player1 ON games (player1, player2, id, " WALK_CHECKS ");"
  "DROP INDEX games_by_result;"
  "CREATE INDEX games_by_result ON games (result, date, id, player1_id, player2_id, plies);"
  "DROP INDEX games_by_termination;"
  "CREATE INDEX games_by_termination ON games (termination, date, id, " WALK_CHECKS ");"
  "DROP INDEX games_by_length;"
  "CREATE INDEX games_by_length ON games (plies, id, player1_id, player2_id, result);"
  "DROP INDEX games_by_ruleset_length;"
  "CREATE INDEX games_by_ruleset_length ON games (ruleset, plies, id, player1_id, player2_id, result);"
  "DROP INDEX games_by_result_length;"
  "CREATE INDEX games_by_result_length ON games (result, plies, id, player1_id, player2_id);",

  /* 16 -> 17: a part of a date not known is kept as zeros, not question
   * marks, so that it sorts before the known ones (tb-store-dates.c): a
   * game of unknown year came first in "latest first".  The months'
   * counts follow by their trigger. */
  "UPDATE games SET date = tb_date_stored (date) WHERE date GLOB '*[?]*';",

  /* 17 -> 18: each seat's index of a player's games holds, after the
   * date and the id (written out, so that the order stays the date's),
   * the other seat's player, the game, the result and the length: a
   * player's games with a game, a result or dates asked for too are
   * counted and sorted on the index, a row read only for the page's
   * games (tb-store-query.c: count_by_seats, READ_PLAYER_BY_INDEX).  On a
   * million games a player's 5,330 games with a game and a result took
   * 7-10 ms of CPU to count, each row read. */
  "DROP INDEX games_by_player1_date;"
  "CREATE INDEX games_by_player1_date ON games (player1_id, date, id, " SEAT_CHECKS ("player2_id") ");"
  "DROP INDEX games_by_player2_date;"
  "CREATE INDEX games_by_player2_date ON games (player2_id, date, id, " SEAT_CHECKS ("player1_id") ");",
};


/* The tables a schema has, and the version that brought each. */
static const struct
{
  const char *name;
  int since;
} tables[] = {
  { "players", 1 }, { "matches", 1 }, { "games", 1 }, { "annotations", 1 }, { "records", 3 },
  { "comment_text", 6 }, { "positions", 7 }, { "openings", 7 },
  { "positions_pending", 7 }, { "tag_values", 8 }, { "game_tags", 8 }, { "practice", 9 },
  { "game_counts", 10 },
};

/* The first table of schema version that the file lacks, or NULL. */
static const char *
missing_table (TbStore *self, int version)
{
  sqlite3_stmt *stmt;
  const char *missing = NULL;

  if (sqlite3_prepare_v2 (self->db, "SELECT count(*) FROM sqlite_schema "
                                    "WHERE type = 'table' AND name = ?1",
                          -1, &stmt, NULL) != SQLITE_OK)
    return tables[0].name;
  for (guint i = 0; i < G_N_ELEMENTS (tables) && missing == NULL; i++)
    {
      if (tables[i].since > version)
        continue;
      sqlite3_bind_text (stmt, 1, tables[i].name, -1, SQLITE_STATIC);
      if (sqlite3_step (stmt) != SQLITE_ROW || sqlite3_column_int (stmt, 0) == 0)
        missing = tables[i].name;
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);
  return missing;
}

typedef struct
{
  int application_id;
  int version;
  int objects;         /* tables, indexes, triggers… */
} Header;

/* The first read of the file: a file that is not a database, or whose
 * first page is damaged, fails here. */
static gboolean
read_header (TbStore *self, Header *header, GError **error)
{
  sqlite3_stmt *stmt;
  gboolean read = FALSE;

  if (sqlite3_prepare_v2 (self->db, "SELECT (SELECT application_id FROM pragma_application_id), "
                                    "(SELECT user_version FROM pragma_user_version), "
                                    "(SELECT count(*) FROM sqlite_schema)",
                          -1, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "not a database Tablier can read");
      return FALSE;
    }
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      header->application_id = sqlite3_column_int (stmt, 0);
      header->version = sqlite3_column_int (stmt, 1);
      header->objects = sqlite3_column_int (stmt, 2);
      read = TRUE;
    }
  else
    tb_store_set_error (self, error, "not a database Tablier can read");
  sqlite3_finalize (stmt);
  return read;
}

static gboolean
foreign (TbStore *self, const char *what, GError **error)
{
  g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FOREIGN,
               "%s: not a Tablier game database (%s); it is left as it is", self->path, what);
  return FALSE;
}

static gboolean
damaged (TbStore *self, const char *what, GError **error)
{
  g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CORRUPT, "%s: the database is damaged (%s)",
               self->path, what);
  return FALSE;
}

/* A version that cannot be the file's: before schema 5 there was no
 * application id, after it there is always one. */
static gboolean
version_fits (const Header *header)
{
  if (header->application_id == 0)
    return header->version >= 1 && header->version < SCHEMA_WITH_APPLICATION_ID;
  return header->version >= SCHEMA_WITH_APPLICATION_ID;
}

gboolean
tb_store_identify (TbStore *self, TbStoreFileKind *kind, int *version, GError **error)
{
  Header h;
  const char *missing;
  g_autofree char *what = NULL;

  if (!read_header (self, &h, error))
    return FALSE;
  *version = h.version;
  if (h.application_id != 0 && h.application_id != TB_STORE_APPLICATION_ID)
    return foreign (self, "another program's file", error);
  if (h.application_id == 0 && h.version == 0 && h.objects == 0)
    {
      *kind = TB_STORE_FILE_EMPTY;
      return TRUE;
    }
  if (h.application_id == 0 && h.version >= 0 && missing_table (self, 1))
    return foreign (self, "another program's tables", error);
  if (h.version > TB_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NEWER,
                   "%s: written by a newer Tablier (database version %d; this one knows up to "
                   "%d); it is left as it is", self->path, h.version, TB_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (!version_fits (&h))
    what = g_strdup_printf ("its schema version is %d", h.version);
  else if ((missing = missing_table (self, h.version)))
    what = g_strdup_printf ("its table %s is missing", missing);
  if (what)
    return damaged (self, what, error);
  *kind = h.version < TB_STORE_SCHEMA_VERSION ? TB_STORE_FILE_OLDER : TB_STORE_FILE_CURRENT;
  return TRUE;
}

/* ---- bringing it up to date ---- */

/* A step that fails on the tables themselves (one missing, a column of
 * another type) says the file is not what its version claims. */
static void
set_migration_error (TbStore *self, int version, GError **error)
{
  int primary = sqlite3_errcode (self->db) & 0xff;

  if (primary == SQLITE_ERROR || primary == SQLITE_CONSTRAINT || primary == SQLITE_MISMATCH)
    {
      g_autofree char *what = g_strdup_printf ("its tables are not those of schema %d: %s",
                                               version, sqlite3_errmsg (self->db));
      damaged (self, what, error);
    }
  else
    tb_store_set_error (self, error, "cannot bring the database up to date");
}

/* A stored game's positions indexed (schema 7); a game that no longer
 * reads is said so when opened, and its positions are not known. */
static gboolean
index_game (TbStore *self, gint64 id, GError **error)
{
  g_autoptr (GError) unread = NULL;
  g_autoptr (TbGame) game = tb_store_load_game (self, id, &unread);

  if (game == NULL)
    return !tb_store_error_is_failure (unread) ||
           (g_propagate_error (error, g_steal_pointer (&unread)), FALSE);
  return tb_store_index_game_positions (self, id, game, error);
}

/* Every stored game's positions, into a table that has none (schema 7),
 * and the openings counted from them. */
static gboolean
index_all_games (TbStore *self, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = tb_store_statement (self, "SELECT id FROM games ORDER BY id", error);
  int step;

  if (stmt == NULL)
    return FALSE;
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot index the games' positions");
      return FALSE;
    }
  for (guint i = 0; i < ids->len; i++)
    if (!index_game (self, g_array_index (ids, gint64, i), error))
      return FALSE;
  return tb_store_exec (self, REBUILD_OPENINGS, error);
}

/* The Versus games schema 4 gave no move limit: their tags as the TGN
 * writer writes them (the option was put first, where the writer puts it
 * last), so that their fingerprints are those of their records once
 * exported, and a record of one is known as a game already stored. */
static gboolean
rewrite_lifted_games (TbStore *self, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int step;

  if (sqlite3_prepare_v2 (self->db, "SELECT game FROM records WHERE "
                                    "instr (header, '[X_Tablier_Options \"move-limit=0') > 0",
                          -1, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "cannot bring the database up to date");
      return FALSE;
    }
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  sqlite3_finalize (stmt);
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot bring the database up to date");
      return FALSE;
    }
  for (guint i = 0; i < ids->len; i++)
    if (!tb_store_rewrite_record (self, g_array_index (ids, gint64, i), error))
      return FALSE;
  return TRUE;
}

/* The write lock for an upgrade.  Another Tablier may be bringing the
 * same file up to date, which takes a minute or more for a large
 * collection: waited for, five minutes at most, where other writes wait
 * two seconds (tb-store.c's busy handler, once for each try). */
#define UPGRADE_LOCK_TRIES 150

static gboolean
begin_upgrade (TbStore *self, GError **error)
{
  for (guint i = 0; i < UPGRADE_LOCK_TRIES; i++)
    {
      if (sqlite3_exec (self->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK)
        return TRUE;
      if ((sqlite3_errcode (self->db) & 0xff) != SQLITE_BUSY)
        break;
    }
  if ((sqlite3_errcode (self->db) & 0xff) == SQLITE_BUSY)
    g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED,
                 "%s: another program has been writing it for five minutes (another Tablier "
                 "bringing it up to date?); it is left as it is", self->path);
  else
    tb_store_set_error (self, error, "cannot bring the database up to date");
  return FALSE;
}

/* The file's version as the upgrade's transaction finds it: another
 * Tablier that held the lock first may have brought it up to date, or
 * made the new database's tables, while this one waited. */
static gboolean
version_now (TbStore *self, int *version, GError **error)
{
  sqlite3_stmt *stmt;
  gboolean read = FALSE;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA user_version", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    {
      *version = sqlite3_column_int (stmt, 0);
      read = TRUE;
    }
  sqlite3_finalize (stmt);
  if (!read)
    tb_store_set_error (self, error, "cannot bring the database up to date");
  else if (*version > TB_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_NEWER,
                   "%s: written by a newer Tablier meanwhile (database version %d; this one "
                   "knows up to %d); it is left as it is", self->path, *version,
                   TB_STORE_SCHEMA_VERSION);
      read = FALSE;
    }
  return read;
}

/* Every step from version, and the new version and application id,
 * within the upgrade's transaction. */
static gboolean
run_migrations (TbStore *self, int version, GError **error)
{
  g_autofree char *stamp = g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d",
                                            TB_STORE_APPLICATION_ID, TB_STORE_SCHEMA_VERSION);
  int from = version;

  for (; version < TB_STORE_SCHEMA_VERSION; version++)
    if (sqlite3_exec (self->db, migrations[version], NULL, NULL, NULL) != SQLITE_OK)
      {
        set_migration_error (self, from, error);
        return FALSE;
      }
  return (from >= 5 || rewrite_lifted_games (self, error)) &&
         (from >= 7 || index_all_games (self, error)) &&
         (from >= 8 || tb_store_tag_all_games (self, error)) && tb_store_exec (self, stamp, error);
}

/* The upgrade, in one transaction that holds the write lock from the
 * version's second reading to the end: the version first read may be
 * stale (above).  *from: the version it was brought from. */
static gboolean
upgrade_in_transaction (TbStore *self, int *from, GError **error)
{
  if (!begin_upgrade (self, error))
    return FALSE;
  if (!version_now (self, from, error) ||
      (*from < TB_STORE_SCHEMA_VERSION && !run_migrations (self, *from, error)))
    {
      tb_store_rollback (self);
      return FALSE;
    }
  return tb_store_commit (self, error);
}

/* The space a migration freed, given back to the file system when it is
 * a quarter of the file or more (schema 3 moved every game's record to a
 * table of its own: 100,000 games left 190 MB unused). */
static void
compact_after_migration (TbStore *self)
{
  sqlite3_stmt *stmt;
  gint64 free_pages = 0, pages = 0;

  if (sqlite3_prepare_v2 (self->db, "SELECT freelist_count, page_count "
                                    "FROM pragma_freelist_count, pragma_page_count",
                          -1, &stmt, NULL) != SQLITE_OK)
    return;
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      free_pages = sqlite3_column_int64 (stmt, 0);
      pages = sqlite3_column_int64 (stmt, 1);
    }
  sqlite3_finalize (stmt);
  /* A failure (a full disk: VACUUM needs a copy's room) loses nothing.
   * The copy gives back its free pages from then on, as a new file does
   * (tb_store_give_back_free_pages). */
  if (pages > 0 && free_pages * 4 >= pages)
    sqlite3_exec (self->db, "PRAGMA auto_vacuum = INCREMENTAL; VACUUM", NULL, NULL, NULL);
}

gboolean
tb_store_upgrade (TbStore *self, int version, gboolean in_file, GError **error)
{
  g_autofree char *copy = NULL;
  gboolean ok;
  int from = 0;

  /* The copy is taken before the write lock (SQLite copies a database
   * only when its connection is not writing to it). */
  if (in_file && version > 0 && (copy = tb_store_keep_copy (self, error)) == NULL)
    return FALSE;
  /* A table made anew is dropped and replaced: with foreign keys on, the
   * drop would delete every row that refers to it.  They are turned off
   * outside a transaction, as SQLite asks. */
  ok = tb_store_exec (self, "PRAGMA foreign_keys = OFF", error) &&
       upgrade_in_transaction (self, &from, error);
  if (!tb_store_exec (self, "PRAGMA foreign_keys = ON", ok ? error : NULL))
    ok = FALSE;
  /* Another Tablier upgraded it while this one waited, and kept its own
   * copy: this one's is not needed. */
  if (ok && copy && from >= TB_STORE_SCHEMA_VERSION)
    g_remove (copy);
  else if (ok && in_file && from > 0)
    compact_after_migration (self);
  return ok;
}

gboolean
tb_store_ensure_cascade (TbStore *self, GError **error)
{
  sqlite3_stmt *stmt;
  gboolean present = FALSE;

  if (sqlite3_prepare_v2 (self->db, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' "
                                    "AND name IN ('games_deleted', 'comment_added', "
                                    "'comment_removed', 'comment_changed', "
                                    "'practice_game_deleted', 'positions_game_deleted', "
                                    "'game_counted', 'game_uncounted', 'game_recounted', "
                                    "'tag_counted', 'tag_uncounted', 'tag_recounted')",
                          -1, &stmt, NULL) == SQLITE_OK)
    {
      present = sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_int (stmt, 0) == 12;
      sqlite3_finalize (stmt);
    }
  if (present)
    return tb_store_settle_pending_positions (self, error);
  /* Dropped by another program: put back, and what went by without them
   * is set right (rows left behind, comments the index missed). */
  if (!tb_store_begin (self, error))
    return FALSE;
  if (!tb_store_exec (self, DROP_TRIGGERS "DROP TRIGGER IF EXISTS practice_game_deleted;"
                            DROP_COUNT_TRIGGERS DROP_TAG_COUNT_TRIGGERS DELETE_ORPHANS
                            DELETE_ORPHAN_POSITIONS DELETE_ORPHAN_TAGS DELETE_ORPHAN_PRACTICE
                            CASCADE_TRIGGER PRACTICE_TRIGGER COMMENT_TRIGGERS COUNT_TRIGGERS
                            TAG_COUNT_TRIGGERS REBUILD_COMMENT_TEXT REBUILD_GAME_COUNTS
                            REBUILD_TAG_COUNTS, error))
    {
      tb_store_rollback (self);
      return FALSE;
    }
  return tb_store_commit (self, error) && tb_store_settle_pending_positions (self, error);
}

/* What the insert triggers (game_counted, tag_counted, comment_added)
 * do, for every game from a given id on at once: an import adds its games
 * with the triggers off (tb-store-import.c), as a statement that fires a
 * trigger that writes keeps a copy of every page it changes, in case it
 * fails half-way (SQLite's statement journal: 20 pages a game, the
 * import's largest write). */
static const char *const count_added[] = {
  "INSERT INTO game_counts SELECT " GAME_KEY ("games") ", count(*) FROM games"
  "  WHERE id >= ?1 GROUP BY 1, 2, 3, 4, 5"
  "  ON CONFLICT DO UPDATE SET games = games + excluded.games",
  "UPDATE tag_values SET games = tag_values.games + added.games"
  "  FROM (SELECT value, count(*) AS games FROM game_tags WHERE game >= ?1 GROUP BY value)"
  "    AS added"
  "  WHERE tag_values.id = added.value",
  "INSERT INTO comment_text (rowid, comment)"
  "  SELECT " COMMENT_ROWID ("game", "ply") ", comment FROM annotations"
  "  WHERE game >= ?1 AND comment <> '' AND ply < " COMMENT_PLY_LIMIT,
};

gboolean
tb_store_count_added_games (TbStore *self, gint64 first, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (count_added); i++)
    {
      sqlite3_stmt *stmt = tb_store_statement (self, count_added[i], error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, first);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          tb_store_set_error (self, error, "cannot count the games added");
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- functions of the migrations ---- */

static const char *
text_argument (sqlite3_value *value)
{
  const char *text = (const char *) sqlite3_value_text (value);

  return text ? text : "";
}

static void
sql_fingerprint (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  const char *line = text_argument (argv[1]);

  sqlite3_result_text (context, tb_store_fingerprint (text_argument (argv[0]), line, strlen (line)),
                       -1, g_free);
}

static void
sql_checksum (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  char *sum = tb_store_checksum (sqlite3_value_int64 (argv[0]), text_argument (argv[1]),
                                 text_argument (argv[2]), text_argument (argv[3]),
                                 (const char *) sqlite3_value_text (argv[4]));

  sqlite3_result_text (context, sum, -1, g_free);
}

/* tb_fingerprint_bytes (hexadecimal): the first bytes a record of
 * schema 11 keeps, as a BLOB; anything else as it is. */
static void
sql_fingerprint_bytes (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  const char *hex = (const char *) sqlite3_value_text (argv[0]);
  guint8 bytes[TB_STORE_FINGERPRINT_BYTES];

  for (guint i = 0; hex && i < 2 * TB_STORE_FINGERPRINT_BYTES; i++)
    if (!g_ascii_isxdigit (hex[i]))
      hex = NULL;
  if (hex == NULL)
    {
      sqlite3_result_value (context, argv[0]);
      return;
    }
  for (guint i = 0; i < TB_STORE_FINGERPRINT_BYTES; i++)
    bytes[i] = (guint8) (g_ascii_xdigit_value (hex[2 * i]) << 4 |
                         g_ascii_xdigit_value (hex[2 * i + 1]));
  sqlite3_result_blob (context, bytes, sizeof bytes, SQLITE_TRANSIENT);
}

/* tb_line_code (ruleset, line): the line's codes (tb-move-code.h), or the
 * line as it is for a ruleset without codes. */
static void
sql_line_code (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  const char *line = text_argument (argv[1]);
  GByteArray *bytes = g_byte_array_new ();

  if (sqlite3_value_type (argv[1]) == SQLITE_TEXT &&
      tb_move_code_encode_line ((const char *) sqlite3_value_text (argv[0]), line, strlen (line),
                                bytes))
    sqlite3_result_blob (context, bytes->data, (int) bytes->len, SQLITE_TRANSIENT);
  else
    sqlite3_result_value (context, argv[1]);
  g_byte_array_unref (bytes);
}

/* tb_move_code (ruleset, move): a move of positions as schema 11 keeps
 * it (tb_store_bind_move). */
static void
sql_move_code (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  const char *move = text_argument (argv[1]);
  guint64 code;

  if (*move == '\0' || strcmp (move, "*") == 0)
    sqlite3_result_int (context, 0);
  else if ((code = tb_move_code_encode (tb_move_code_ruleset (text_argument (argv[0])), move,
                                        strlen (move))) != 0)
    sqlite3_result_int64 (context, (gint64) code);
  else
    sqlite3_result_value (context, argv[1]);
}

static void
sql_checksum_number (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  sqlite3_result_int64 (context, tb_store_checksum_number (text_argument (argv[0])));
}

static void
sql_fold (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  sqlite3_result_text (context, tb_text_fold (text_argument (argv[0])), -1, g_free);
}

static void
sql_date_stored (sqlite3_context *context, int argc, sqlite3_value **argv)
{
  sqlite3_result_text (context, tb_store_date_stored (text_argument (argv[0])), -1, g_free);
}

void
tb_store_add_functions (sqlite3 *db)
{
  /* Not for the schema's own use (triggers, views): only this program
   * has them. */
  int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY;

  sqlite3_create_function (db, "tb_fingerprint", 2, flags, NULL, sql_fingerprint, NULL, NULL);
  sqlite3_create_function (db, "tb_checksum", 5, flags, NULL, sql_checksum, NULL, NULL);
  sqlite3_create_function (db, "tb_fold", 1, flags, NULL, sql_fold, NULL, NULL);
  sqlite3_create_function (db, "tb_date_stored", 1, flags, NULL, sql_date_stored, NULL, NULL);
  sqlite3_create_function (db, "tb_fingerprint_bytes", 1, flags, NULL, sql_fingerprint_bytes,
                           NULL, NULL);
  sqlite3_create_function (db, "tb_line_code", 2, flags, NULL, sql_line_code, NULL, NULL);
  sqlite3_create_function (db, "tb_move_code", 2, flags, NULL, sql_move_code, NULL, NULL);
  sqlite3_create_function (db, "tb_checksum_number", 1, flags, NULL, sql_checksum_number, NULL,
                           NULL);
}

/* ---- copies ---- */

/* Copies the database (the pages in its WAL too) into target, a
 * connection of its own. */
static gboolean
copy_into (TbStore *self, sqlite3 *target, const char *doing, GError **error)
{
  sqlite3_backup *backup = sqlite3_backup_init (target, "main", self->db, "main");
  int status;

  if (backup == NULL)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED, "%s: %s: %s", self->path, doing,
                   sqlite3_errmsg (target));
      return FALSE;
    }
  status = sqlite3_backup_step (backup, -1);
  sqlite3_backup_finish (backup);
  if (status != SQLITE_DONE)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED, "%s: %s: %s", self->path, doing,
                   sqlite3_errstr (status));
      return FALSE;
    }
  return TRUE;
}

/* PATH.before-vN, or -2, -3…: a name no file has yet. */
static char *
copy_name (TbStore *self)
{
  for (guint n = 1;; n++)
    {
      char *name = n == 1 ? g_strdup_printf ("%s.before-v%d", self->file, TB_STORE_SCHEMA_VERSION)
                          : g_strdup_printf ("%s.before-v%d-%u", self->file,
                                             TB_STORE_SCHEMA_VERSION, n);

      if (!g_file_test (name, G_FILE_TEST_EXISTS))
        return name;
      g_free (name);
    }
}

char *
tb_store_keep_copy (TbStore *self, GError **error)
{
  g_autofree char *name = copy_name (self);
  sqlite3 *copy = NULL;
  gboolean kept;

  if (sqlite3_open_v2 (name, &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED,
                   "%s: cannot keep a copy before the upgrade: %s", self->path,
                   copy ? sqlite3_errmsg (copy) : "out of memory");
      sqlite3_close (copy);
      g_remove (name);
      return NULL;
    }
  kept = copy_into (self, copy, "cannot keep a copy before the upgrade", error);
  if (sqlite3_close (copy) != SQLITE_OK && kept)
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED,
                   "%s: cannot keep a copy before the upgrade: %s", self->path,
                   sqlite3_errmsg (copy));
      kept = FALSE;
    }
  if (!kept)
    {
      g_remove (name);
      return NULL;
    }
  g_debug ("%s: kept as %s before the upgrade", self->path, name);
  return g_steal_pointer (&name);
}

gboolean
tb_store_copy_to_memory (TbStore *self, GError **error)
{
  sqlite3 *memory = NULL;

  if (sqlite3_open_v2 (":memory:", &memory, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK ||
      !copy_into (self, memory, "cannot read it into memory", error))
    {
      if (error && *error == NULL)
        g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_FAILED,
                     "%s: cannot read it into memory", self->path);
      sqlite3_close (memory);
      return FALSE;
    }
  sqlite3_close_v2 (self->db);
  self->db = memory;
  sqlite3_extended_result_codes (self->db, 1);
  tb_store_add_functions (self->db);
  return TRUE;
}
