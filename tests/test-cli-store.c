/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-store.c: tablier-cli and the game database it is given (--db)
 *
 * Runs the real binary (TABLIER_CLI) on databases of the test's own: a
 * damaged one gives one line on stderr and never a crash.
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "tb-test-store.h"

typedef struct
{
  char *out;
  char *err;
  int status;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* Runs tablier-cli with args (NULL-terminated, without the program) in
 * folder cwd (NULL: the test's). */
static void
run_cli_argv (const char *cwd, const char *const *args, CliRun *run)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("TABLIER_CLI");

  if (cli == NULL)
    g_error ("TABLIER_CLI is not set (meson test sets it)");
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (cwd)
    g_subprocess_launcher_set_cwd (launcher, cwd);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

#define run_cli(run, ...) run_cli_argv (NULL, (const char *const[]) { __VA_ARGS__, NULL }, (run))

/* Exit status, nothing on stdout, one line "tablier-cli: …" on stderr that
 * mentions what is expected. */
static void
assert_one_line_error (const CliRun *run, int status, const char *mention)
{
  g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, status);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "tablier-cli: "));
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
  if (mention && strstr (run->err, mention) == NULL)
    g_error ("'%s' does not mention '%s'", run->err, mention);
}

#define RECORD \
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"-\"]\n" \
  "[Player1 \"Alice\"]\n[Player2 \"Bob\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n\n1. c1-e3 {pulls e9 to e8} 1... g9-g7 *\n"

/* A database of the fixture's with one game, imported by the CLI. */
static char *
database_with_a_game (Fixture *f)
{
  g_autofree char *file = g_build_filename (f->dir, "one.tgn", NULL);
  g_auto (CliRun) run = { 0 };

  g_assert_true (g_file_set_contents (file, RECORD, -1, NULL));
  run_cli (&run, "import", "--db", f->path, file);
  g_assert_cmpint (run.status, ==, 0);
  return g_steal_pointer (&file);
}

/* Item 1 of issue 22: a schema version below 0 crashed every command
 * (the error left unset).  Each command now says the file is damaged. */
static void
test_negative_schema_version (Fixture *f, gconstpointer data)
{
  g_autofree char *file = database_with_a_game (f);
  const char *const commands[][5] = {
    { "games", "--db", f->path, NULL },
    { "export", "--db", f->path, NULL },
    { "ratings", "--db", f->path, NULL },
    { "import", "--db", f->path, file, NULL },
  };

  raw_exec (f->path, "PRAGMA user_version = -1");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (CliRun) run = { 0 };

      run_cli_argv (NULL, commands[i], &run);
      assert_one_line_error (&run, 1, "damaged");
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/cli-store/negative-schema-version", test_negative_schema_version);
  return g_test_run ();
}
