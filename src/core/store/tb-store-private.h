/* tb-store-private.h: what the files of the game store share */
#pragma once

#include <sqlite3.h>

#include "tb-store.h"

G_BEGIN_DECLS

struct _TbStore
{
  GObject parent_instance;

  char *path;
  sqlite3 *db;
  GHashTable *statements;   /* SQL text -> sqlite3_stmt, prepared once */
  GHashTable *player_ids;   /* name in ASCII lower case (as NOCASE compares)
                             * -> id, of the players met; emptied when a
                             * transaction is rolled back */
};

/* A prepared statement for sql (kept for the store's life), reset and
 * with its bindings cleared; NULL and error when it cannot be prepared. */
sqlite3_stmt *tb_store_statement (TbStore *self, const char *sql, GError **error);
/* Sets error from the connection's last failure, with what was being done. */
void tb_store_set_error (TbStore *self, GError **error, const char *doing);
/* Runs sql (no results), or sets error. */
gboolean tb_store_exec (TbStore *self, const char *sql, GError **error);

/* Begin, commit or roll back a transaction. */
gboolean tb_store_begin (TbStore *self, GError **error);
gboolean tb_store_commit (TbStore *self, GError **error);
void tb_store_rollback (TbStore *self);

/* Adds game inside a transaction the caller holds (tb-store-games.c).
 * With duplicate non-NULL, a game already stored (same GameId, or same
 * tags and moves) is not added: 0, no error, and *duplicate TRUE. */
gint64 tb_store_insert_game (TbStore *self, TbGame *game, gboolean *duplicate, GError **error);
/* Writes game over the stored game id, in the transaction the caller
 * holds. */
gboolean tb_store_update_game (TbStore *self, gint64 id, TbGame *game, GError **error);

typedef enum
{
  TB_STORE_MERGE_ADDED,       /* the record's new moves were added */
  TB_STORE_MERGE_NOTHING_NEW, /* the record has no move the stored game lacks */
  TB_STORE_MERGE_CONFLICT,    /* another game, or other earlier moves: error set */
  TB_STORE_MERGE_FAILED,      /* the database failed: error set */
} TbStoreMerge;

/* A record (game, its main line as tokens) of the stored game id, in the
 * caller's transaction (tb-store-players.c). */
TbStoreMerge tb_store_merge_game (TbStore *self, gint64 id, TbGame *game, const char *line,
                                  GError **error);

/* The fingerprint of a game without its GameId: its tags and moves. */
char *tb_store_fingerprint (TbGame *game);
gint64 tb_store_find_fingerprint (TbStore *self, const char *fingerprint);

G_END_DECLS
