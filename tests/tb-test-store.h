/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-test-store.h: what the tests of the game store share: a database in
 * a temporary folder, and SQL straight to SQLite around the store. */
#pragma once

#include "tb-store.h"
#include "tb-test-util.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

void fixture_set_up (Fixture *f, gconstpointer data);
void fixture_tear_down (Fixture *f, gconstpointer data);
TbStore *open_store (Fixture *f);
/* A one-value query straight to SQLite, bypassing the store. */
char *raw_query (const char *path, const char *sql);
void raw_exec (const char *path, const char *sql);
/* Runs the main context until every job asked of store so far has run. */
void tt_wait_for_store_jobs (TbStore *store);
/* Makes the database at path from tests/store-fixtures/NAME (an SQL dump
 * of a database an earlier Tablier wrote). */
void load_fixture (const char *path, const char *name);
/* The database at path, of the current schema, turned into one that
 * schema version (3 to 9) wrote. */
void make_older (const char *path, int version);
/* Runs func (data) in a child process, as nobody when the tests run as
 * root (root may write a read-only file), and returns its exit status
 * (128 + the signal when it was killed).  The fixture's folder must be
 * open to others (0755). */
int run_unprivileged (int (*func) (gpointer data), gpointer data);
