/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-counts.c: how many games a filter of the game, the result,
 * the end and the dates keeps, from game_counts (schema 10)
 *
 * game_counts holds the games of each game, result, end and month (the
 * date's first seven characters) and emptiness, kept by triggers
 * (tb-store-schema.c): a few thousand rows, where counting the games
 * themselves read an index of every game (9-11 ms at 100,000 games,
 * 186 ms at a million).  The months strictly between the dates asked
 * are summed; the games of the first and the last month, which a date
 * may cut, are counted one by one, by the dates' index.
 *
 * The same rows give the values of the game, the result or the end that
 * a filter's games have, with their counts (tb_store_count_groups): the
 * history reads a sort by one of them a value at a time
 * (tb-store-query.c).
 *
 * Why a month strictly between is wholly inside: dates compare as texts,
 * so a date whose first seven characters are greater than those of the
 * first date asked (of seven characters or more) is greater than it, and
 * the same below the last.  A date of fewer than seven characters is its
 * own month, and compares the same way.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"

/* The characters a month is made of. */
#define MONTH_LENGTH 7
/* Greater than the rest of any text of a month: the highest character. */
#define AFTER_ANY "\xf4\x8f\xbf\xbf"

typedef struct
{
  GString *sql;
  GPtrArray *values;   /* bound in order: ?1, ?2, … */
  gboolean takes_off;  /* its games are taken off the tally, not added */
} Statement;

static void
add_condition (Statement *s, const char *condition, const char *value)
{
  g_ptr_array_add (s->values, g_strdup (value));
  g_string_append_printf (s->sql, " AND %s ?%u", condition, s->values->len);
}

static gboolean
is_set (const char *part)
{
  return part && *part;
}

/* The first MONTH_LENGTH characters of a date. */
static char *
month_of (const char *date)
{
  return g_utf8_substring (date, 0, MONTH_LENGTH);
}

/* The conditions on the game, result and end, the same on both tables. */
static void
add_columns (Statement *s, const TbStoreFilter *filter)
{
  if (is_set (filter->ruleset))
    add_condition (s, "ruleset =", filter->ruleset);
  if (is_set (filter->result))
    add_condition (s, "result =", filter->result);
  if (is_set (filter->termination))
    add_condition (s, "termination =", filter->termination);
}

/* What a count adds up: the games, and with a column asked for, the
 * games of each of its values. */
typedef struct
{
  const char *column;        /* or NULL */
  guint total;
  GHashTable *by_value;      /* value -> games, with column */
} Tally;

static gboolean
run_count (TbStore *self, Statement *s, Tally *tally, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int status;

  if (tally->column)
    g_string_append_printf (s->sql, " GROUP BY %s", tally->column);
  /* Kept prepared: a few dozen statements, the conditions set. */
  if ((stmt = tb_store_statement (self, s->sql->str, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < s->values->len; i++)
    sqlite3_bind_text (stmt, (int) i + 1, g_ptr_array_index (s->values, i), -1, SQLITE_STATIC);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      /* Taken off by adding its opposite: the tally's unsigned sums come
       * right modulo 2^32, as no count is negative in the end. */
      guint games = (guint) sqlite3_column_int64 (stmt, 0) * (s->takes_off ? -1u : 1u);

      tally->total += games;
      if (tally->column)
        {
          const char *value = (const char *) sqlite3_column_text (stmt, 1);
          gpointer before = g_hash_table_lookup (tally->by_value, value);

          g_hash_table_insert (tally->by_value, g_strdup (value),
                               GUINT_TO_POINTER (GPOINTER_TO_UINT (before) + games));
        }
    }
  if (status != SQLITE_DONE)
    tb_store_set_error (self, error, "cannot count the games");
  sqlite3_reset (stmt);
  return status == SQLITE_DONE;
}

static void
statement_clear (Statement *s)
{
  if (s->sql)
    g_string_free (s->sql, TRUE);
  g_clear_pointer (&s->values, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Statement, statement_clear)

/* "SELECT what[, column] FROM table WHERE 1" */
static void
statement_init (Statement *s, const char *what, const Tally *tally, const char *table)
{
  s->sql = g_string_new ("SELECT ");
  g_string_append_printf (s->sql, "%s%s%s FROM %s WHERE 1", what, tally->column ? ", " : "",
                          tally->column ? tally->column : "", table);
  s->values = g_ptr_array_new_with_free_func (g_free);
}

/* The games of the months strictly between the dates asked. */
static gboolean
sum_months (TbStore *self, const TbStoreFilter *filter, const char *first, const char *last,
            Tally *tally, GError **error)
{
  g_auto (Statement) s = { 0 };

  statement_init (&s, "coalesce(sum(games), 0)", tally, "game_counts");
  add_columns (&s, filter);
  if (first)
    add_condition (&s, "month >", first);
  if (last)
    add_condition (&s, "month <", last);
  if (filter->skip_empty)
    g_string_append (s.sql, " AND empty = 0");
  return run_count (self, &s, tally, error);
}

/* The games of the filter dated from low to high, counted one by one. */
static gboolean
count_dated (TbStore *self, const TbStoreFilter *filter, const char *low, const char *high,
             Tally *tally, GError **error)
{
  g_auto (Statement) s = { 0 };
  g_auto (Statement) empty = { 0 };

  statement_init (&s, "count(*)", tally, "games");
  add_columns (&s, filter);
  add_condition (&s, "date >=", low);
  add_condition (&s, "date <=", high);
  if (!run_count (self, &s, tally, error))
    return FALSE;
  if (!filter->skip_empty)
    return TRUE;
  /* The empty games taken off: few, found in the index of the results by
   * length (no INDEXED BY: a file whose index another program dropped
   * still counts).  Their condition added to the count would read every
   * game's row, where the count reads the index of the dates alone (26-38
   * ms for the 17,000 games of two months of a million). */
  statement_init (&empty, "count(*)", tally, "games");
  g_string_append (empty.sql, " AND result = '*' AND plies = 0");
  add_columns (&empty, filter);
  add_condition (&empty, "date >=", low);
  add_condition (&empty, "date <=", high);
  empty.takes_off = TRUE;
  return run_count (self, &empty, tally, error);
}

/* Whether a date asked for (or none) bounds whole months: text of seven
 * characters or more (a month is counted by characters, as SQLite's
 * substr does; text that is not UTF-8 is left to the games' own count). */
static gboolean
month_bound (const char *date)
{
  return !is_set (date) ||
         (g_utf8_validate (date, -1, NULL) && g_utf8_strlen (date, -1) >= MONTH_LENGTH);
}

gboolean
tb_store_can_count_by_months (const TbStoreFilter *filter)
{
  if (filter == NULL)
    return TRUE;
  if (is_set (filter->player) || is_set (filter->text) || is_set (filter->tag) ||
      filter->has_position)
    return FALSE;
  /* A shorter date would be a month of its own (see the top). */
  return month_bound (filter->date_from) && month_bound (filter->date_to);
}

/* The filter's games counted into tally: the months between its dates
 * summed, those of the months its dates cut counted one by one. */
static gboolean
count_into (TbStore *self, const TbStoreFilter *filter, Tally *tally, GError **error)
{
  const TbStoreFilter none = { 0 };
  const char *from, *to;
  g_autofree char *first = NULL, *last = NULL, *first_end = NULL;

  filter = filter ? filter : &none;
  from = is_set (filter->date_from) ? filter->date_from : NULL;
  to = is_set (filter->date_to) ? filter->date_to : NULL;
  first = from ? month_of (from) : NULL;
  last = to ? month_of (to) : NULL;
  if (!sum_months (self, filter, first, last, tally, error))
    return FALSE;
  if (first && last && strcmp (first, last) == 0)
    return count_dated (self, filter, from, to, tally, error);
  /* Within the first month, then within the last. */
  first_end = first ? g_strconcat (first, AFTER_ANY, NULL) : NULL;
  return (!from || count_dated (self, filter, from,
                                to && strcmp (to, first_end) < 0 ? to : first_end, tally,
                                error)) &&
         (!to || count_dated (self, filter, from && strcmp (from, last) > 0 ? from : last, to,
                              tally, error));
}

guint
tb_store_count_by_months (TbStore *self, const TbStoreFilter *filter, GError **error)
{
  Tally tally = { 0 };

  g_return_val_if_fail (tb_store_can_count_by_months (filter), 0);
  return count_into (self, filter, &tally, error) ? tally.total : 0;
}

void
tb_store_count_group_free (TbStoreCountGroup *group)
{
  g_free (group->value);
  g_free (group);
}

/* The values of column ("ruleset", "result" or "termination") that the
 * filter's games have, in order (descending: from the last), each with
 * how many of the games have it; column must not be a part of the
 * filter.  The months cut by the dates are counted by value too. */
static int
compare_groups (gconstpointer a, gconstpointer b, gpointer descending)
{
  const TbStoreCountGroup *x = *(TbStoreCountGroup *const *) a;
  const TbStoreCountGroup *y = *(TbStoreCountGroup *const *) b;
  int order = strcmp (x->value, y->value);

  return GPOINTER_TO_INT (descending) ? -order : order;
}

/* Which of self->spans keeps column's counts in that order. */
static guint
span_slot (const char *column, gboolean descending)
{
  guint slot = strcmp (column, "ruleset") == 0 ? 0 : strcmp (column, "result") == 0 ? 1 : 2;

  return slot * 2 + (descending != FALSE);
}

static GPtrArray *count_groups (TbStore *self, const TbStoreFilter *filter, const char *column,
                                gboolean descending, GError **error);

GPtrArray *
tb_store_count_groups (TbStore *self, const TbStoreFilter *filter, const char *column,
                       gboolean descending, GError **error)
{
  guint slot;

  if (filter != NULL)
    return count_groups (self, filter, column, descending, error);
  if (!tb_store_unchanged_since (self, &self->spans_seen))
    tb_store_forget_spans (self);
  slot = span_slot (column, descending);
  if (self->spans[slot] == NULL)
    self->spans[slot] = count_groups (self, NULL, column, descending, error);
  return self->spans[slot] ? g_ptr_array_ref (self->spans[slot]) : NULL;
}

/* The values of column ("ruleset", "result" or "termination") that the
 * filter's games have, in the order of the texts (descending: from the
 * last), each with how many of the games have it; column must not be a
 * part of the filter.  As strcmp orders UTF-8 texts, SQLite's BINARY
 * collation does. */
static GPtrArray *
count_groups (TbStore *self, const TbStoreFilter *filter, const char *column,
              gboolean descending, GError **error)
{
  g_autoptr (GHashTable) by_value = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Tally tally = { column, 0, by_value };
  GPtrArray *groups;
  GHashTableIter iter;
  gpointer value, games;

  g_return_val_if_fail (tb_store_can_count_by_months (filter), NULL);
  if (!count_into (self, filter, &tally, error))
    return NULL;
  groups = g_ptr_array_new_with_free_func ((GDestroyNotify) tb_store_count_group_free);
  g_hash_table_iter_init (&iter, by_value);
  while (g_hash_table_iter_next (&iter, &value, &games))
    if (GPOINTER_TO_UINT (games) > 0)
      {
        TbStoreCountGroup *group = g_new0 (TbStoreCountGroup, 1);

        group->value = g_strdup (value);
        group->count = GPOINTER_TO_UINT (games);
        g_ptr_array_add (groups, group);
      }
  g_ptr_array_sort_with_data (groups, compare_groups, GINT_TO_POINTER (descending));
  return groups;
}
