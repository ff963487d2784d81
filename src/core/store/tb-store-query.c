/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-query.c: the history's filters, sorting and pages, and the
 * games of a match
 *
 * One WHERE clause is built from the filter's parts that are set, with
 * every value bound as a parameter.  Rows come a page at a time.
 *
 * How a search reads the games is chosen here, not left to SQLite's
 * planner: its statistics give the games per value of an index on
 * average, not for the value asked, so a result of 1/2-1/2 (1 % of the
 * games) looks like 1-0 (45 %), and it would walk the sort's index
 * through most of the games or sort all of a date range.  Two plans
 * answer within milliseconds whatever the filter (100,000 games,
 * build-aux/bench-store):
 *  - no filter: the sort's own index, read from its start;
 *  - a filter: every row read once (NOT INDEXED: about 10 ms, the rows
 *    being small since schema 3), the page kept as it goes (SQLite's
 *    sorter with a LIMIT keeps no more rows than that).
 * A count with one part of a filter reads that part's index alone.
 */
#include "config.h"

#include "tb-store-private.h"

void
tb_store_row_free (TbStoreRow *row)
{
  if (row == NULL)
    return;
  g_free (row->date);
  g_free (row->ruleset);
  g_free (row->player1);
  g_free (row->player2);
  g_free (row->result);
  g_free (row->termination);
  g_free (row);
}

typedef struct
{
  GString *sql;
  GPtrArray *values;   /* the texts to bind, in order (?1, ?2, …) */
  guint parts;         /* of the filter: a date range is one */
} Query;

/* condition holds ?%u once or twice: the value's parameter. */
static void
add_condition (Query *q, const char *condition, const char *value)
{
  g_string_append (q->sql, " AND ");
  g_ptr_array_add (q->values, g_strdup (value));
  g_string_append_printf (q->sql, condition, q->values->len, q->values->len);
}

static gboolean
is_set (const char *part)
{
  return part && *part;
}

/* How many parts of the filter are set. */
static guint
filter_parts (const TbStoreFilter *filter)
{
  if (filter == NULL)
    return 0;
  return is_set (filter->ruleset) + is_set (filter->player) + is_set (filter->result) +
         is_set (filter->termination) + (is_set (filter->date_from) || is_set (filter->date_to)) +
         is_set (filter->text);
}

/* "FROM games[ NOT INDEXED] WHERE …" for the filter's parts that are set
 * ("WHERE 1" without any).  Every row is read once when the filter has
 * at least scan_from parts (see the top of this file). */
static void
from_where (Query *q, const TbStoreFilter *filter, guint scan_from)
{
  q->parts = filter_parts (filter);
  g_string_append (q->sql, q->parts >= scan_from ? " FROM games NOT INDEXED WHERE 1"
                                                 : " FROM games WHERE 1");
  /* Not a part: the index of the other parts serves it as well. */
  if (filter && filter->skip_empty)
    g_string_append (q->sql, " AND (plies > 0 OR result <> '*')");
  if (q->parts == 0)
    return;
  if (is_set (filter->ruleset))
    add_condition (q, "ruleset = ?%u", filter->ruleset);
  if (is_set (filter->player))
    add_condition (q, "(player1 = ?%u OR player2 = ?%u)", filter->player);
  if (is_set (filter->result))
    add_condition (q, "result = ?%u", filter->result);
  if (is_set (filter->termination))
    add_condition (q, "termination = ?%u", filter->termination);
  if (is_set (filter->date_from))
    add_condition (q, "date >= ?%u", filter->date_from);
  if (is_set (filter->date_to))
    add_condition (q, "date <= ?%u", filter->date_to);
  if (is_set (filter->text))
    {
      g_autofree char *pattern = g_strdup_printf ("%%%s%%", filter->text);
      /* The comments first: far fewer than the games. */
      add_condition (q, "id IN (SELECT game FROM annotations WHERE comment LIKE ?%u)", pattern);
    }
}

static const char *
order_by (TbStoreSort sort, gboolean descending)
{
  static const char *const ascending[] = {
    [TB_STORE_SORT_DATE] = " ORDER BY date, id",
    [TB_STORE_SORT_GAME] = " ORDER BY ruleset, date, id",
    [TB_STORE_SORT_PLAYERS] = " ORDER BY player1, player2, id",
    [TB_STORE_SORT_RESULT] = " ORDER BY result, date, id",
    [TB_STORE_SORT_TERMINATION] = " ORDER BY termination, date, id",
    [TB_STORE_SORT_LENGTH] = " ORDER BY plies, id",
  };
  static const char *const descending_[] = {
    [TB_STORE_SORT_DATE] = " ORDER BY date DESC, id DESC",
    [TB_STORE_SORT_GAME] = " ORDER BY ruleset DESC, date DESC, id DESC",
    [TB_STORE_SORT_PLAYERS] = " ORDER BY player1 DESC, player2 DESC, id DESC",
    [TB_STORE_SORT_RESULT] = " ORDER BY result DESC, date DESC, id DESC",
    [TB_STORE_SORT_TERMINATION] = " ORDER BY termination DESC, date DESC, id DESC",
    [TB_STORE_SORT_LENGTH] = " ORDER BY plies DESC, id DESC",
  };

  if ((guint) sort > TB_STORE_SORT_LENGTH)
    sort = TB_STORE_SORT_DATE;
  return descending ? descending_[sort] : ascending[sort];
}

/* Statements built here vary with the filter: prepared for one use. */
static sqlite3_stmt *
prepare (TbStore *self, Query *q, GError **error)
{
  sqlite3_stmt *stmt;

  if (sqlite3_prepare_v2 (self->db, q->sql->str, -1, &stmt, NULL) != SQLITE_OK)
    {
      tb_store_set_error (self, error, "cannot search the games");
      return NULL;
    }
  for (guint i = 0; i < q->values->len; i++)
    sqlite3_bind_text (stmt, (int) i + 1, g_ptr_array_index (q->values, i), -1, SQLITE_STATIC);
  return stmt;
}

static void
query_init (Query *q, const char *select)
{
  q->sql = g_string_new (select);
  q->values = g_ptr_array_new_with_free_func (g_free);
}

static void
query_clear (Query *q)
{
  if (q->sql)
    g_string_free (q->sql, TRUE);
  g_clear_pointer (&q->values, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Query, query_clear)

guint
tb_store_count (TbStore *self, const TbStoreFilter *filter, GError **error)
{
  g_auto (Query) q = { 0 };
  sqlite3_stmt *stmt;
  guint count = 0;

  g_return_val_if_fail (TB_IS_STORE (self), 0);

  query_init (&q, "SELECT count(*)");
  from_where (&q, filter, 2);
  stmt = prepare (self, &q, error);
  if (stmt == NULL)
    return 0;
  if (sqlite3_step (stmt) == SQLITE_ROW)
    count = (guint) sqlite3_column_int64 (stmt, 0);
  else
    tb_store_set_error (self, error, "cannot count the games");
  sqlite3_finalize (stmt);
  return count;
}

static char *
column_text (sqlite3_stmt *stmt, int column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);

  return g_strdup (text ? (const char *) text : "");
}

GPtrArray *
tb_store_query (TbStore *self, const TbStoreFilter *filter, TbStoreSort sort,
                gboolean descending, guint offset, guint limit, GError **error)
{
  g_auto (Query) q = { 0 };
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) tb_store_row_free);
  sqlite3_stmt *stmt;
  int status;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  query_init (&q, "SELECT id, date, ruleset, player1, player2, result, termination, plies");
  from_where (&q, filter, 1);
  g_string_append (q.sql, order_by (sort, descending));
  g_string_append_printf (q.sql, " LIMIT %u OFFSET %u", limit, offset);
  stmt = prepare (self, &q, error);
  if (stmt == NULL)
    return NULL;
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      TbStoreRow *row = g_new0 (TbStoreRow, 1);

      row->id = sqlite3_column_int64 (stmt, 0);
      row->date = column_text (stmt, 1);
      row->ruleset = column_text (stmt, 2);
      row->player1 = column_text (stmt, 3);
      row->player2 = column_text (stmt, 4);
      row->result = column_text (stmt, 5);
      row->termination = column_text (stmt, 6);
      row->plies = (guint) sqlite3_column_int (stmt, 7);
      g_ptr_array_add (rows, row);
    }
  if (status != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot search the games");
      sqlite3_finalize (stmt);
      return NULL;
    }
  sqlite3_finalize (stmt);
  return g_steal_pointer (&rows);
}

GArray *
tb_store_query_ids (TbStore *self, const TbStoreFilter *filter, GError **error)
{
  g_auto (Query) q = { 0 };
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int status;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  query_init (&q, "SELECT id");
  /* From the table itself, never an index: these are the games an export
   * writes, and a damaged index would hide some and give others twice
   * (SQLite's check of the whole file does not run at every opening). */
  from_where (&q, filter, 0);
  g_string_append (q.sql, order_by (TB_STORE_SORT_DATE, FALSE));
  stmt = prepare (self, &q, error);
  if (stmt == NULL)
    return NULL;
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot search the games");
      return NULL;
    }
  return g_steal_pointer (&ids);
}

/* ---- the games of a match ---- */

GArray *
tb_store_match_game_ids (TbStore *self, const char *match_id, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int step;

  g_return_val_if_fail (TB_IS_STORE (self), NULL);

  stmt = tb_store_statement (self, "SELECT id FROM games WHERE match_id = ?1 "
                                   "ORDER BY created, id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, match_id, -1, SQLITE_TRANSIENT);
  while ((step = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (step != SQLITE_DONE)
    {
      tb_store_set_error (self, error, "cannot read the match");
      return NULL;
    }
  return g_steal_pointer (&ids);
}
