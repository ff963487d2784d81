/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: the tablier-cli contract of NOTATION.md §5
 *
 * Runs the real binary (TABLIER_CLI) and checks stdout, stderr and the
 * exit status: 0 and plain text on stdout when all is well; on bad input
 * exit 2, nothing on stdout and one line on stderr that says what is wrong
 * and where (plus one usage line when the arguments themselves were
 * wrong); exit 1 for other failures.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tb-random.h"
#include "tb-test-util.h"
#include "tb-tgn.h"

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

static const char *
cli_path (void)
{
  const char *path = g_getenv ("TABLIER_CLI");

  if (path == NULL)
    g_error ("TABLIER_CLI is not set (meson test sets it; by hand: "
             "TABLIER_CLI=_build/src/cli/tablier-cli)");
  return path;
}

/* Runs tablier-cli with args (NULL-terminated, without the program), its
 * standard input stdin_text (NULL: none) and its standard output the file
 * stdout_path (NULL: a pipe, read into run->out). */
static void
run_cli_full (const char *const *args, const char *stdin_text, const char *stdout_path,
              CliRun *run)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  GSubprocessFlags flags = G_SUBPROCESS_FLAGS_STDERR_PIPE;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (stdin_text)
    flags |= G_SUBPROCESS_FLAGS_STDIN_PIPE;
  if (stdout_path == NULL)
    flags |= G_SUBPROCESS_FLAGS_STDOUT_PIPE;
  launcher = g_subprocess_launcher_new (flags);
  if (stdout_path)
    g_subprocess_launcher_set_stdout_file_path (launcher, stdout_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, stdin_text, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  if (run->out == NULL)
    run->out = g_strdup ("");
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

static void
run_cli_argv (const char *const *args, CliRun *run)
{
  run_cli_full (args, NULL, NULL, run);
}

#define run_cli(run, ...) run_cli_argv ((const char *const[]) { __VA_ARGS__, NULL }, (run))

/* Runs tablier-cli COMMAND RULESET [extra...] MOVES... (moves from a
 * GPtrArray of strings, or none). */
static void
run_with_moves (const char *command, const char *ruleset_id, const char *extra,
                GPtrArray *moves, guint n_moves, CliRun *run)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();

  g_ptr_array_add (args, (gpointer) command);
  g_ptr_array_add (args, (gpointer) ruleset_id);
  if (extra)
    g_ptr_array_add (args, (gpointer) extra);
  for (guint i = 0; moves && i < n_moves; i++)
    g_ptr_array_add (args, moves->pdata[i]);
  g_ptr_array_add (args, NULL);
  run_cli_argv ((const char *const *) args->pdata, run);
}

static void
assert_success (const CliRun *run)
{
  if (run->status != 0 || *run->err)
    g_error ("exit %d, stderr: %s", run->status, run->err);
}

/* One line on stderr, "tablier-cli: …" that mentions what is expected,
 * then a usage line or not; nothing on stdout; exit 2. */
static void
assert_bad_input (const CliRun *run, const char *mention, gboolean usage)
{
  g_auto (GStrv) lines = g_strsplit (run->err, "\n", -1);

  g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  g_assert_true (g_str_has_prefix (lines[0], "tablier-cli: "));
  if (mention && strstr (lines[0], mention) == NULL)
    g_error ("'%s' does not mention '%s'", lines[0], mention);
  if (usage)
    {
      g_assert_cmpuint (g_strv_length (lines), ==, 3);
      g_assert_true (g_str_has_prefix (lines[1], "usage: tablier-cli "));
    }
  else
    g_assert_cmpuint (g_strv_length (lines), ==, 2);
}

/* "key: value" of state output, or NULL. */
static char *
state_value (const char *out, const char *key)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  g_autofree char *prefix = g_strconcat (key, ": ", NULL);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
  return NULL;
}

#define assert_state(out, key, expected) \
  G_STMT_START { \
    g_autofree char *value_ = state_value ((out), (key)); \
    g_assert_cmpstr (value_, ==, (expected)); \
  } G_STMT_END

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* What legal must print for line: the in-process list, one per line. */
static char *
expected_legal (TbLine *line)
{
  g_auto (GStrv) legal = tt_legal (line);
  GString *text = g_string_new (NULL);

  for (guint i = 0; legal[i]; i++)
    g_string_append_printf (text, "%s\n", legal[i]);
  return g_string_free (text, FALSE);
}

static void
test_rulesets_lists_versus (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;

  run_cli (&run, "rulesets");
  assert_success (&run);
  g_assert_true (g_str_has_suffix (run.out, "\n"));
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_true (g_strv_contains ((const char *const *) lines, "versus-61"));
  g_assert_true (g_strv_contains ((const char *const *) lines, "versus-91"));
  /* One id per line, each one a ruleset of the core. */
  for (guint i = 0; lines[i + 1]; i++)
    g_assert_nonnull (tb_rules_lookup (lines[i]));
}

static void
test_legal_at_the_start (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) big = { 0 };
  g_autoptr (TbLine) line = tt_line ("versus-91", NULL, NULL);
  g_autofree char *expected = expected_legal (line);

  run_cli (&run, "legal", "versus-61");
  assert_success (&run);
  g_assert_cmpstr (run.out, ==,
                   "a1-a2\na1-b2\nb1-b2\nb1-c2\nc1-c2\nc1-c3\nc1-c4\nc1-c5\nc1-c6\nc1-c7\n"
                   "c1-d2\nc1-e3\nc1-f4\nc1-g5\nc1-h6\nc1-i7\nd1-d2\nd1-e2\ne1-e2\ne1-f2\n");
  run_cli (&big, "legal", "versus-91");
  assert_success (&big);
  g_assert_cmpstr (big.out, ==, expected);
}

/* Sorted in C byte order, whatever the locale: "g9-g10" < "g9-g5" on the
 * larger board, where ranks have two digits. */
static void
test_legal_is_sorted_in_byte_order (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  guint n;

  run_cli (&run, "legal", "versus-91", "c1-c2");
  assert_success (&run);
  lines = g_strsplit (run.out, "\n", -1);
  n = g_strv_length (lines) - 1;
  g_assert_cmpstr (lines[n], ==, "");
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (sorted, lines[i]);
  g_ptr_array_sort (sorted, compare_strings);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (sorted->pdata[i], ==, lines[i]);
  g_assert_true (g_strv_contains ((const char *const *) lines, "i11-i10"));
}

static void
test_legal_after_moves (void)
{
  static const char *const moves[][4] = {
    { "c1-e3", NULL },
    { "c1-e3", "g9-g7", NULL },
    { "C1-E3", " g9-g7 ", "b1-c2", NULL },  /* accepted forms */
  };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr (TbLine) line = tt_line ("versus-61", NULL, NULL);
      g_autoptr (GPtrArray) args = g_ptr_array_new ();
      g_autofree char *expected = NULL;
      g_auto (CliRun) run = { 0 };

      g_ptr_array_add (args, (gpointer) "legal");
      g_ptr_array_add (args, (gpointer) "versus-61");
      for (guint j = 0; moves[i][j]; j++)
        {
          g_autofree char *typed = g_strdup (moves[i][j]);
          g_autofree char *canonical = g_ascii_strdown (g_strstrip (typed), -1);

          g_ptr_array_add (args, (gpointer) moves[i][j]);
          tt_play (line, canonical);
        }
      g_ptr_array_add (args, NULL);
      expected = expected_legal (line);
      run_cli_argv ((const char *const *) args->pdata, &run);
      assert_success (&run);
      g_assert_cmpstr (run.out, ==, expected);
    }
}

/* The shuffle of both VERSUS: the start position a third time, over. */
#define SHUFFLE "c1-c2", "g9-g8", "c2-c1", "g8-g9", "c1-c2", "g9-g8", "c2-c1", "g8-g9"

static void
test_legal_prints_nothing_when_over (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) filled = { 0 };

  run_cli (&run, "legal", "versus-61", SHUFFLE);
  assert_success (&run);
  g_assert_cmpstr (run.out, ==, "");
  run_cli (&filled, "legal", "versus-61", "b1-c2", "h9-h8", "d1-d2", "g9-g5", "a1-a2",
           "e3-e4", "a2-b3", "e4-f5", "c2-b2", "h8-i8", "b2-c3", "i9-h9", "b3-b4", "g5-i5",
           "b4-b5", "f2-f3", "c3-d4", "f3-g4", "d4-d5", "g4-h5");
  assert_success (&filled);
  g_assert_cmpstr (filled.out, ==, "");
}

static void
test_state_of_a_game_in_progress (void)
{
  g_auto (CliRun) start = { 0 };
  g_auto (CliRun) after = { 0 };
  g_auto (CliRun) scored = { 0 };

  run_cli (&start, "state", "versus-61");
  assert_success (&start);
  assert_state (start.out, "ply", "0");
  assert_state (start.out, "to-move", "1");
  assert_state (start.out, "over", "no");
  assert_state (start.out, "result", "*");
  assert_state (start.out, "score", "0-0");
  assert_state (start.out, "termination", NULL);

  run_cli (&after, "state", "versus-91", "c1-c2");
  assert_success (&after);
  assert_state (after.out, "ply", "1");
  assert_state (after.out, "to-move", "2");
  assert_state (after.out, "over", "no");
  assert_state (after.out, "result", "*");
  assert_state (after.out, "score", "0-0");

  /* Points of the pawns now on targets, for their controllers: Dark's
   * 4-pawn stepped onto b5 (worth 4 to Dark). */
  run_cli (&scored, "state", "versus-61", "b1-b2", "e9-e8", "b2-b3", "e8-e7", "b3-b4", "e7-e6",
           "b4-b5");
  assert_success (&scored);
  assert_state (scored.out, "ply", "7");
  assert_state (scored.out, "to-move", "2");
  assert_state (scored.out, "over", "no");
  assert_state (scored.out, "score", "4-0");
}

/* Retournement: the score counts the pieces not laid (44-44 at the
 * start); the example of rules/retournement.md §5. */
static void
test_state_of_retournement (void)
{
  g_auto (CliRun) start = { 0 };
  g_auto (CliRun) example = { 0 };
  g_auto (CliRun) show = { 0 };

  run_cli (&start, "state", "retournement");
  assert_success (&start);
  assert_state (start.out, "score", "44-44");
  assert_state (start.out, "to-move", "1");
  run_cli (&example, "state", "retournement", "V3:e5-f5-e6", "i1:F6", "I3:g5-g6-g7",
           "I2:f7-f8");
  assert_success (&example);
  assert_state (example.out, "ply", "4");
  assert_state (example.out, "score", "44-44");
  assert_state (example.out, "to-move", "1");
  /* show marks the locked piece on f6 in lower case. */
  run_cli (&show, "show", "retournement", "V3:e5-f5-e6", "I1:f6", "I3:g5-g6-g7", "I2:f7-f8");
  assert_success (&show);
  g_assert_nonnull (strstr (show.out, "  6  . . . . W r R . . . .\n"));
}

static void
test_state_of_a_finished_game (void)
{
  g_auto (CliRun) repeated = { 0 };
  g_auto (CliRun) filled = { 0 };
  g_auto (CliRun) lead = { 0 };

  run_cli (&repeated, "state", "versus-61", SHUFFLE);
  assert_success (&repeated);
  assert_state (repeated.out, "ply", "8");
  assert_state (repeated.out, "to-move", "-");
  assert_state (repeated.out, "over", "yes");
  assert_state (repeated.out, "result", "1/2-1/2");
  assert_state (repeated.out, "score", "0-0");
  assert_state (repeated.out, "termination", "repetition");

  run_cli (&filled, "state", "versus-61", "b1-c2", "h9-h8", "d1-d2", "g9-g5", "a1-a2", "e3-e4",
           "a2-b3", "e4-f5", "c2-b2", "h8-i8", "b2-c3", "i9-h9", "b3-b4", "g5-i5", "b4-b5",
           "f2-f3", "c3-d4", "f3-g4", "d4-d5", "g4-h5");
  assert_success (&filled);
  assert_state (filled.out, "ply", "20");
  assert_state (filled.out, "to-move", "-");
  assert_state (filled.out, "over", "yes");
  assert_state (filled.out, "result", "1/2-1/2");
  assert_state (filled.out, "score", "5-5");
  assert_state (filled.out, "termination", "targets-filled");

  run_cli (&lead, "state", "versus-61", "c1-c7", "g9-g3", "c7-f7", "g3-g4", "b1-c1", "g4-i6",
           "f7-e7", "g4-h5", "f8-g9", "i6-e6", "d8-c7", "e6-c4", "e7-a3", "c6-b5", "a3-a2",
           "e6-d5");
  assert_success (&lead);
  assert_state (lead.out, "to-move", "-");
  assert_state (lead.out, "over", "yes");
  assert_state (lead.out, "result", "0-1");
  assert_state (lead.out, "score", "0-9");
  assert_state (lead.out, "termination", "unreachable-lead");
}

static void
test_perft_counts (void)
{
  static const struct
  {
    const char *args[12];
    const char *expected;
  } cases[] = {
    { { "perft", "versus-61", "3" }, "9054\n" },
    { { "perft", "versus-91", "2" }, "547\n" },
    { { "perft", "versus-61", "1" }, "20\n" },
    { { "perft", "versus-61", "0" }, "1\n" },
    { { "perft", "versus-61", "1", SHUFFLE }, "0\n" },
    { { "perft", "versus-61", "0", SHUFFLE }, "1\n" },
    { { "perft", "retournement", "1" }, "3142\n" },
    { { "perft", "retournement", "2" }, "1023216\n" },
    { { "perft", "retournement", "1", "--option", "board-size=8" }, "1465\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (CliRun) run = { 0 };

      run_cli_argv (cases[i].args, &run);
      assert_success (&run);
      g_assert_cmpstr (run.out, ==, cases[i].expected);
    }
}

static void
test_perft_after_moves_matches_legal (void)
{
  g_auto (CliRun) perft = { 0 };
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES ("c1-e3", "g9-g7"));
  g_auto (GStrv) legal = tt_legal (line);
  g_autofree char *expected = g_strdup_printf ("%u\n", g_strv_length (legal));

  run_cli (&perft, "perft", "versus-61", "1", "c1-e3", "g9-g7");
  assert_success (&perft);
  g_assert_cmpstr (perft.out, ==, expected);
}

static void
test_show_prints_a_picture (void)
{
  g_auto (CliRun) start = { 0 };
  g_auto (CliRun) after = { 0 };

  run_cli (&start, "show", "versus-61");
  assert_success (&start);
  g_assert_cmpuint (strlen (start.out), >, 50);
  g_assert_true (g_str_has_suffix (start.out, "\n"));
  run_cli (&after, "show", "versus-91", "c1-c2");
  assert_success (&after);
  g_assert_cmpuint (strlen (after.out), >, 50);
  g_assert_cmpstr (after.out, !=, start.out);
}

static void
test_options_lists_the_variant_options (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) small = { 0 };
  g_auto (GStrv) lines = NULL;
  gboolean targets = FALSE, setup_order = FALSE;

  run_cli (&run, "options", "versus-91");
  assert_success (&run);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      targets |= g_str_has_prefix (lines[i], "targets=1-3 ");
      setup_order |= g_str_has_prefix (lines[i], "setup-order=1-4-v-5-3-2 ");
    }
  g_assert_true (targets);
  g_assert_true (setup_order);

  run_cli (&small, "options", "versus-61");
  assert_success (&small);
  g_assert_nonnull (strstr (small.out, "targets="));
  g_assert_null (strstr (small.out, "setup-order="));
}

/* --option targets=2-4 moves the targets to a5 c5 g5 i5: the VERSUS may
 * then stop on d5 (and no longer on c5 or g5). */
static void
test_option_changes_the_legal_moves (void)
{
  g_auto (CliRun) normal = { 0 };
  g_auto (CliRun) moved = { 0 };
  g_auto (CliRun) start = { 0 };
  g_auto (CliRun) state = { 0 };
  g_autoptr (TbLine) line = tt_line ("versus-61", "targets=2-4", TT_MOVES ("c1-c4", "e9-e8"));
  g_autofree char *expected = expected_legal (line);

  run_cli (&normal, "legal", "versus-61", "c1-c4", "e9-e8");
  assert_success (&normal);
  g_assert_null (strstr (normal.out, "c4-d5\n"));
  run_cli (&moved, "legal", "versus-61", "--option", "targets=2-4", "c1-c4", "e9-e8");
  assert_success (&moved);
  g_assert_nonnull (strstr (moved.out, "c4-d5\n"));
  g_assert_cmpstr (moved.out, ==, expected);

  run_cli (&start, "legal", "versus-61", "--option=targets=2-4");
  assert_success (&start);
  g_assert_null (strstr (start.out, "c1-c5\n"));
  g_assert_null (strstr (start.out, "c1-g5\n"));
  g_assert_nonnull (strstr (start.out, "c1-c4\n"));

  /* Two options, and the state names them. */
  run_cli (&state, "state", "versus-61", "-o", "targets=2-4", "-o", "repetition=no", SHUFFLE);
  assert_success (&state);
  assert_state (state.out, "over", "no");
  assert_state (state.out, "options", "targets=2-4,repetition=no");
}

typedef struct
{
  const char *name;
  const char *args[16];
  const char *mention;  /* in the error line */
  gboolean usage;       /* a usage line follows */
  const char *range;    /* also in the error line: the range of a number */
} BadCall;

static const BadCall bad_calls[] = {
  { "unknown-ruleset", { "legal", "versus-99" }, "'versus-99'", FALSE },
  { "unknown-ruleset-state", { "state", "chess", "e2-e4" }, "'chess'", FALSE },
  { "unknown-ruleset-options", { "options", "chess" }, "'chess'", FALSE },
  { "options-unknown-flag", { "options", "--frob" }, "--frob", TRUE },
  { "show-missing-ruleset", { "show" }, "RULESET", TRUE },
  { "bench-unknown-flag", { "bench", "--frob" }, "--frob", TRUE },
  { "games-unknown-flag", { "games", "--frob" }, "--frob", TRUE },
  { "illegal-move", { "legal", "versus-61", "c1-e3", "g9-g7", "b1-b2" },
    "ply 3 (b1-b2)", FALSE },
  { "illegal-move-on-target", { "state", "versus-61", "c1-c4", "e9-e8", "c4-d5" },
    "ply 3 (c4-d5)", FALSE },
  { "illegal-move-first-ply", { "perft", "versus-61", "1", "a1-a3" }, "ply 1 (a1-a3)", FALSE },
  { "move-after-the-end", { "legal", "versus-61", SHUFFLE, "a1-a2" }, "ply 9 (a1-a2)", FALSE },
  { "malformed-move", { "state", "versus-61", "c1-c2", "g9g8" }, "ply 2 (g9g8)", FALSE },
  { "malformed-move-cell", { "show", "versus-61", "c1-z4" }, "ply 1 (c1-z4)", FALSE },
  { "bad-option-key", { "legal", "versus-61", "--option", "gravity=yes" }, "'gravity'", FALSE },
  { "bad-option-value", { "legal", "versus-61", "--option", "targets=9-9" }, "'9-9'", FALSE },
  { "bad-option-syntax", { "legal", "versus-61", "--option", "targets" }, "targets", FALSE },
  { "starter-2-on-versus", { "legal", "versus-61", "--starter", "2" }, "--starter 2", FALSE },
  { "starter-2-on-versus-91", { "state", "versus-91", "--starter=2" }, "--starter 2", FALSE },
  { "starter-3", { "legal", "versus-61", "--starter", "3" }, "--starter 3", TRUE, "1 or 2" },
  /* Numbers out of their range are named with it, never wrapped around
   * or clamped into another number. */
  { "starter-negative", { "legal", "ra", "--starter", "-1" }, "--starter -1", TRUE, "1 or 2" },
  { "starter-0-ai", { "ai", "oraia", "--starter", "0" }, "--starter 0", TRUE, "1 or 2" },
  { "ai-level-negative", { "ai", "versus-61", "--level", "-3" }, "--level -3", TRUE, "1 to 5" },
  { "match-jobs-negative", { "match", "ra", "--a", "random", "--b", "random", "--games", "2",
                             "--jobs", "-1" }, "--jobs -1", TRUE, "1 to 64" },
  { "match-time-negative", { "match", "ra", "--a", "ai:5", "--b", "ai:5-old", "--games", "2",
                             "--time", "-100" }, "--time -100", TRUE, "0 to 600000" },
  { "games-limit-negative", { "games", "--limit", "-5" }, "--limit -5", TRUE, "at least 1" },
  /* An empty value is no value: never a position, an option or a filter
   * that matches everything. */
  { "empty-position", { "legal", "versus-61", "--position", "" }, "--position", TRUE },
  { "blank-position", { "state", "ra", "--position", "  " }, "--position", TRUE },
  { "empty-option", { "legal", "versus-61", "--option", "" }, "--option", TRUE },
  { "export-empty-player", { "export", "--player", "" }, "--player", TRUE },
  { "games-empty-player", { "games", "--player=" }, "--player", TRUE },
  /* The options of a position mean nothing to the other commands. */
  { "games-starter", { "games", "--starter", "2" }, "--starter", TRUE },
  { "export-option", { "export", "--option", "targets=2-4" }, "--option", TRUE },
  { "export-position", { "export", "-p", "to-move=1" }, "-p", TRUE },
  { "import-starter", { "import", "--starter", "1", "a.tgn" }, "--starter", TRUE },
  { "check-option", { "check", "--option", "targets=2-4", "a.tgn" }, "--option", TRUE },
  { "ratings-position", { "ratings", "--position", "x" }, "--position", TRUE },
  { "bench-starter", { "bench", "--starter", "2" }, "--starter", TRUE },
  { "rulesets-option", { "rulesets", "--option", "targets=2-4" }, "--option", TRUE },
  /* Where the records go is checked before the games are played. */
  { "match-tgn-missing-folder", { "match", "ra", "--a", "random", "--b", "random", "--games",
                                  "2", "--tgn", "/no-such-folder/games.tgn" },
    "/no-such-folder", FALSE },
  { "match-tgn-folder", { "match", "ra", "--a", "random", "--b", "random", "--games", "2",
                          "--tgn", "/" }, "--tgn /", FALSE },
  /* Standard input is read once. */
  { "check-stdin-twice", { "check", "-", "-" }, "standard input", FALSE },
  { "import-folder", { "import", "--db", "unused.db", "/" }, "/", FALSE },
  { "missing-command", { NULL }, "COMMAND", TRUE },
  { "unknown-command", { "frobnicate", "versus-61" }, "'frobnicate'", TRUE },
  { "missing-ruleset", { "legal" }, "RULESET", TRUE },
  { "missing-ruleset-state", { "state" }, "RULESET", TRUE },
  { "missing-ruleset-options", { "options" }, "RULESET", TRUE },
  { "missing-depth", { "perft", "versus-61" }, "missing DEPTH", TRUE },
  { "perft-bad-depth", { "perft", "versus-61", "three" }, "'three'", TRUE },
  { "perft-depth-too-big", { "perft", "versus-61", "65" }, "'65'", TRUE },
  { "unknown-flag", { "legal", "versus-61", "--frob" }, "--frob", TRUE },
  { "rulesets-extra-argument", { "rulesets", "versus-61" }, "'versus-61'", TRUE },
  { "check-without-file", { "check" }, "FILE", TRUE },
  { "bench-bad-seconds", { "bench", "versus-61", "--seconds", "0" }, "--seconds", TRUE },
  { "bench-unknown-ruleset", { "bench", "chess", "--seconds", "0.01" }, "'chess'", FALSE },
  { "retournement-no-contact", { "state", "retournement", "V3:e5-f5-e6", "I1:a1" },
    "ply 2 (I1:a1)", FALSE },
  { "retournement-not-the-shape", { "legal", "retournement", "V3:e5-f5-g5" },
    "ply 1 (V3:e5-f5-g5)", FALSE },
  { "retournement-off-the-board", { "legal", "retournement", "I2:k1-l1" }, "ply 1 (I2:k1-l1)",
    FALSE },
  { "retournement-board-too-big", { "legal", "retournement", "-o", "board-size=20" }, "'20'",
    FALSE },
  { "retournement-starter-2", { "legal", "retournement", "--starter", "2" }, "--starter 2",
    FALSE },
  { "ai-level-0", { "ai", "versus-61", "--level", "0" }, "--level 0", TRUE },
  { "ai-level-6", { "ai", "ra", "--level", "6" }, "--level 6", TRUE },
  { "ai-game-over", { "ai", "versus-61", SHUFFLE }, "the game is over", FALSE },
  { "ai-missing-ruleset", { "ai" }, "RULESET", TRUE },
  { "ai-analyse-lines-0", { "ai", "ra", "--analyse", "--lines", "0" }, "--lines 0", TRUE,
    "1 to 8" },
  { "ai-analyse-lines-9", { "ai", "ra", "--analyse", "--lines=9" }, "--lines 9", TRUE, "1 to 8" },
  { "ai-analyse-nodes-negative", { "ai", "ra", "--analyse", "--nodes", "-1" }, "--nodes -1", TRUE,
    "at least 0" },
  { "ai-analyse-nodes-0-alone", { "ai", "ra", "--analyse", "--nodes", "0" }, "--seconds", TRUE },
  { "ai-analyse-seconds-0", { "ai", "ra", "--analyse", "--seconds", "0" }, "--seconds", TRUE },
  { "ai-analyse-with-level", { "ai", "ra", "--analyse", "--level", "3" }, "--level", TRUE },
  { "ai-analyse-with-seed", { "ai", "ra", "--seed", "3", "--analyse" }, "--seed", TRUE },
  { "ai-lines-without-analyse", { "ai", "ra", "--lines", "2" }, "--lines needs --analyse", TRUE },
  { "ai-analyse-illegal-move", { "ai", "ra", "--analyse", "a1-a2" }, "ply 1 (a1-a2)", FALSE },
  { "match-bad-player", { "match", "ra", "--a", "ai:9", "--b", "random", "--games", "2" },
    "'ai:9'", TRUE },
  { "match-unknown-player", { "match", "ra", "--a", "human", "--b", "random", "--games", "2" },
    "'human'", TRUE },
  { "match-bad-old-player", { "match", "ra", "--a", "ai:9-old", "--b", "random", "--games", "2" },
    "'ai:9-old'", TRUE },
  { "match-bad-no-reuse-player",
    { "match", "ra", "--a", "ai:x-no-reuse", "--b", "random", "--games", "2" }, "'ai:x-no-reuse'",
    TRUE },
  { "match-no-games", { "match", "ra", "--a", "random", "--b", "random" }, "--games", TRUE },
  { "match-missing-a", { "match", "ra", "--b", "random", "--games", "2" }, "''", TRUE },
  { "import-without-file", { "import" }, "FILE", TRUE },
  { "import-missing-file", { "import", "--db", "unused.db", "no-such-file.tgn" },
    "no-such-file.tgn", FALSE },
  { "export-bad-id", { "export", "--id", "first" }, "'first'", TRUE },
  { "export-extra-argument", { "export", "games.tgn" }, "'games.tgn'", TRUE },
  { "export-unknown-ruleset", { "export", "--game", "chess" }, "'chess'", TRUE },
  { "games-bad-result", { "games", "--result", "2-0" }, "'2-0'", TRUE },
  { "games-bad-limit", { "games", "--limit", "0" }, "--limit", TRUE },
  { "games-unknown-ruleset", { "games", "--game", "go" }, "'go'", TRUE },
  { "ratings-unknown-ruleset", { "ratings", "--game", "chess" }, "'chess'", TRUE },
  { "ratings-extra-argument", { "ratings", "everyone" }, "'everyone'", TRUE },
};

static void
test_bad_call (gconstpointer data)
{
  const BadCall *bad = data;
  g_auto (CliRun) run = { 0 };

  run_cli_argv (bad->args, &run);
  assert_bad_input (&run, bad->mention, bad->usage);
  if (bad->range)
    g_assert_nonnull (strstr (run.err, bad->range));
}

/* check: every game of TGN files */
static char *
write_file (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

#define RECORD_TAGS \
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n" \
  "[Player1 \"?\"]\n[Player2 \"?\"]\n[Result \"*\"]\n[Game \"versus-61\"]\n" \
  "[TgnVersion \"1\"]\n\n"

/* A Versus game of one move from a set-up position: the pawn worth 4
 * could fill the last target and win, 7-6; b4-a3 lets Light's pawn in. */
static char *
throwaway_record (void)
{
  g_autoptr (TbLine) line = tt_line_at ("versus-61", NULL,
                                        "to-move=1 V1@e1 V2@e9 P4/1@b4 P1/2@a5 P3/1@d5 "
                                        "P2/2@f5 P2/2@h5");
  g_autoptr (TbGame) game = tb_game_new_at (tb_line_get_variant (line),
                                            tb_line_get_position (line));

  g_assert_true (tb_game_play_text (game, "b4-a3", NULL));
  return tb_tgn_write (game);
}

/* analyse writes the record annotated: each position's [%eval], the
 * throwaway's glyph, the winning move as a variation; the same on every
 * run; a stored game by --db and --id the same as its file. */
static void
test_analyse_writes_the_annotated_record (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-analyse-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *record = throwaway_record ();
  g_autofree char *file = write_file (dir, "throwaway.tgn", record);
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) again = { 0 };
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) stored = { 0 };
  g_autoptr (GPtrArray) games = NULL;
  TbGame *game;

  g_assert_no_error (error);
  run_cli (&run, "analyse", file, "--level", "1");
  assert_success (&run);
  g_test_message ("%s", run.out);
  g_assert_true (strstr (run.out, "1. b4-a3 $2 ") || strstr (run.out, "1. b4-a3 $4 "));
  g_assert_nonnull (strstr (run.out, "(1. b4-b5 {[%eval 1.000]} {b4-b5"));
  games = tb_tgn_read_all (run.out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  game = games->pdata[0];
  g_assert_cmpuint (tb_game_get_main_line_length (game), ==, 1);
  for (guint ply = 0; ply <= 1; ply++)
    g_assert_cmpfloat (tb_game_get_eval (game, ply), >=, 0.0);
  /* The throwaway lets Light win; the winning move is the variation. */
  g_assert_cmpfloat (tb_game_get_eval (game, 1), <, 0.1);
  g_assert_cmpuint (tb_game_node_get_n_children (tb_game_get_root (game)), ==, 2);
  g_assert_cmpstr (tb_game_node_get_comment (tb_game_node_get_child (tb_game_get_root (game), 1)),
                   ==, "b4-b5 wins for Dark. Score after this line: 7-6.");

  run_cli (&again, "analyse", file, "--level", "1");
  g_assert_cmpstr (again.out, ==, run.out);

  run_cli (&import, "import", "--db", db, file);
  assert_success (&import);
  run_cli (&stored, "analyse", "--db", db, "--id", "1", "--level", "1");
  assert_success (&stored);
  /* The same movetext (the store gave the game a GameId). */
  g_assert_nonnull (strstr (stored.out, "[GameId "));
  g_assert_cmpstr (strstr (stored.out, "\n\n"), ==, strstr (run.out, "\n\n"));
  tt_remove_dir (dir);
}

/* practice lists the exercise of Élodie's throwaway once the game is
 * analysed and stored: the game, ply 1, seat 1, the move played with
 * its glyph, the winning move, no try yet, the position; none for Bob,
 * none before the analysis; bad arguments are one line, exit 2. */
static void
test_practice_lists_the_exercises (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-practice-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *plain_db = g_build_filename (dir, "plain.db", NULL);
  g_autofree char *record = throwaway_record ();
  g_autofree char *named = NULL, *file = NULL, *analysed_file = NULL;
  g_auto (CliRun) analysed = { 0 };
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) plain_import = { 0 };
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) bob = { 0 };
  g_auto (CliRun) plain = { 0 };
  g_auto (CliRun) missing = { 0 };
  g_auto (CliRun) unknown = { 0 };
  g_auto (GStrv) fields = NULL;

  g_assert_no_error (error);
  {
    GString *text = g_string_new (record);

    g_assert_cmpuint (g_string_replace (text, "[Player1 \"?\"]", "[Player1 \"Élodie\"]", 1),
                      ==, 1);
    named = g_string_free (text, FALSE);
  }
  file = write_file (dir, "throwaway.tgn", named);
  run_cli (&analysed, "analyse", file, "--level", "1");
  assert_success (&analysed);
  analysed_file = write_file (dir, "analysed.tgn", analysed.out);
  run_cli (&import, "import", "--db", db, analysed_file);
  assert_success (&import);
  run_cli (&plain_import, "import", "--db", plain_db, file);
  assert_success (&plain_import);

  run_cli (&run, "practice", "--db", db, "--player", "elodie");
  assert_success (&run);
  /* One exercise: one line. */
  g_assert_true (g_str_has_suffix (run.out, "\n"));
  g_assert_true (strchr (run.out, '\n') == run.out + strlen (run.out) - 1);
  fields = g_strsplit (g_strchomp (run.out), "\t", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 9);
  g_assert_cmpstr (fields[0], ==, "1");
  g_assert_cmpstr (fields[1], ==, "1");
  g_assert_cmpstr (fields[2], ==, "1");
  g_assert_true (g_str_equal (fields[3], "b4-a3?") || g_str_equal (fields[3], "b4-a3??"));
  g_assert_cmpstr (fields[4], ==, "b4-b5");
  g_assert_cmpstr (fields[5], ==, "0");
  g_assert_cmpstr (fields[6], ==, "0");
  g_assert_cmpstr (fields[7], ==, "-");
  g_assert_nonnull (strstr (fields[8], "P4/1@b4"));

  run_cli (&bob, "practice", "--db", db, "--player", "Bob");
  assert_success (&bob);
  g_assert_cmpstr (bob.out, ==, "");
  run_cli (&plain, "practice", "--db", plain_db, "--player", "Élodie");
  assert_success (&plain);
  g_assert_cmpstr (plain.out, ==, "");
  run_cli (&missing, "practice", "--db", db);
  assert_bad_input (&missing, "missing --player NAME", TRUE);
  run_cli (&unknown, "practice", "--db", db, "--player", "x", "--game", "chess");
  assert_bad_input (&unknown, "unknown ruleset 'chess'", TRUE);
  tt_remove_dir (dir);
}

/* Bad arguments and bad records: one line, exit 2. */
static void
test_analyse_refuses_bad_input (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-analyse-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *good = write_file (dir, "good.tgn", RECORD_TAGS "1. c1-e3 *\n");
  g_autofree char *bad = write_file (dir, "bad.tgn", RECORD_TAGS "1. c1-e3 g9-g7 2. b1-b2 *\n");
  g_autofree char *empty = write_file (dir, "empty.tgn", "");
  g_autofree char *bad_mention = g_strdup_printf ("%s:11:19: illegal move 'b1-b2'", bad);
  g_auto (CliRun) import = { 0 };
  static const struct
  {
    const char *args[8];
    const char *mention;
    gboolean usage;
  } cases[] = {
    { { "analyse", NULL }, "missing FILE.tgn or --id N", TRUE },
    { { "analyse", "GOOD", "--level", "0", NULL }, "--level must be from 1 to 5", TRUE },
    { { "analyse", "GOOD", "--level", "6", NULL }, "--level must be from 1 to 5", TRUE },
    { { "analyse", "GOOD", "--seconds", "0", NULL }, "--seconds must be above 0", TRUE },
    { { "analyse", "GOOD", "--level", "2", "--seconds", "1", NULL }, "not both", TRUE },
    { { "analyse", "GOOD", "GOOD", NULL }, "unexpected argument", TRUE },
    { { "analyse", "GOOD", "--db", "DB", "--id", "1", NULL }, "not both", TRUE },
    { { "analyse", "--db", "DB", NULL }, "--db needs --id", TRUE },
    { { "analyse", "--db", "DB", "--id", "x", NULL }, "--id 'x' is not a game number", TRUE },
    { { "analyse", "--db", "DB", "--id", "9", NULL }, "no game 9", FALSE },
    { { "analyse", "BAD", NULL }, "BAD_MENTION", FALSE },
    { { "analyse", "EMPTY", NULL }, "no game in the file", FALSE },
    { { "analyse", "/nonexistent/x.tgn", NULL }, "/nonexistent/x.tgn", FALSE },
  };

  g_assert_no_error (error);
  run_cli (&import, "import", "--db", db, good);
  assert_success (&import);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (CliRun) run = { 0 };
      const char *args[8] = { NULL };
      const char *mention = cases[i].mention;

      for (guint j = 0; cases[i].args[j]; j++)
        {
          const char *arg = cases[i].args[j];

          args[j] = g_str_equal (arg, "GOOD") ? good : g_str_equal (arg, "BAD") ? bad
                    : g_str_equal (arg, "EMPTY") ? empty : g_str_equal (arg, "DB") ? db : arg;
        }
      if (g_str_equal (mention, "BAD_MENTION"))
        mention = bad_mention;
      run_cli_argv (args, &run);
      assert_bad_input (&run, mention, cases[i].usage);
    }
  tt_remove_dir (dir);
}

/* import, games and export on a database of their own */
static void
test_database_commands (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-db-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *file = NULL, *exported = NULL, *expected = NULL;
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) again = { 0 };
  g_auto (CliRun) games = { 0 };
  g_auto (CliRun) export = { 0 };
  g_auto (CliRun) filtered = { 0 };
  g_auto (CliRun) check = { 0 };
  g_auto (CliRun) missing = { 0 };
  g_auto (GStrv) lines = NULL;

  g_assert_no_error (error);
  file = write_file (dir, "three.tgn",
                     RECORD_TAGS "1. c1-e3 {pulls e9 to e8} 1... g9-g7 *\n\n"
                     RECORD_TAGS "1. c1-e3 g9-g7 2. b1-b2 *\n\n"
                     RECORD_TAGS "1. c1-c2 (1. c1-c3) g9-g8 *\n");

  /* Two good games in, the bad one named by file, line and column. */
  run_cli (&import, "import", "--db", db, file);
  g_assert_cmpint (import.status, ==, 2);
  expected = g_strdup_printf ("imported 2, skipped 0 duplicates, 1 errors\n"
                              "%s:23:19: illegal move 'b1-b2' for seat 1 at ply 3: "
                              "pieces only move to an empty cell\n", file);
  g_assert_cmpstr (import.out, ==, expected);
  /* Again: nothing new. */
  run_cli (&again, "import", "--db", db, file);
  g_assert_true (g_str_has_prefix (again.out, "imported 0, skipped 2 duplicates, 1 errors\n"));

  run_cli (&games, "games", "--db", db, "--game", "versus-61");
  assert_success (&games);
  lines = g_strsplit (games.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_cmpstr (lines[0], ==, "2\t????.??.??\tversus-61\t?\t?\t*");

  /* Export, and the records read back as they were. */
  run_cli (&export, "export", "--db", db, "--id", "1");
  assert_success (&export);
  g_assert_nonnull (strstr (export.out, "{pulls e9 to e8}"));
  exported = write_file (dir, "exported.tgn", export.out);
  run_cli (&check, "check", exported);
  assert_success (&check);
  run_cli (&filtered, "export", "--db", db, "--game", "oraia");
  assert_success (&filtered);
  g_assert_cmpstr (filtered.out, ==, "");

  /* A game that is not there. */
  run_cli (&missing, "export", "--db", db, "--id", "9");
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_nonnull (strstr (missing.err, "no game 9"));
  tt_remove_dir (dir);
}

#define RATED_RECORD(date, one, two, result, termination) \
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"" date "\"]\n[Round \"-\"]\n" \
  "[Player1 \"" one "\"]\n[Player2 \"" two "\"]\n[Result \"" result "\"]\n" \
  "[Game \"versus-61\"]\n[TgnVersion \"1\"]\n[Termination \"" termination "\"]\n\n" \
  "1. c1-e3 g9-g7 " result "\n\n"

/* ratings: each player's Elo from the imported games, best first (the
 * values worked out by hand in test-elo). */
static void
test_ratings_command (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-db-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *file = NULL;
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) ratings = { 0 };
  g_auto (CliRun) none = { 0 };

  g_assert_no_error (error);
  file = write_file (dir, "rated.tgn",
                     RATED_RECORD ("2026.03.01", "Carol", "Alice", "1/2-1/2", "draw-agreed")
                     RATED_RECORD ("2026.01.01", "Alice", "Bob", "1-0", "resigned"));
  run_cli (&import, "import", "--db", db, file);
  assert_success (&import);
  run_cli (&ratings, "ratings", "--db", db);
  assert_success (&ratings);
  g_assert_cmpstr (ratings.out, ==,
                   "Alice\tversus-61\t2\t1\t1\t0\t1515\n"
                   "Carol\tversus-61\t1\t0\t1\t0\t1501\n"
                   "Bob\tversus-61\t1\t0\t0\t1\t1484\n");
  run_cli (&none, "ratings", "--db", db, "--game", "ra");
  assert_success (&none);
  g_assert_cmpstr (none.out, ==, "");
  tt_remove_dir (dir);
}

static void
test_check_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-XXXXXX", &error);
  g_autofree char *good = NULL, *one = NULL, *bad = NULL, *missing = NULL;
  g_autofree char *expected = NULL;
  g_auto (CliRun) good_run = { 0 };
  g_auto (CliRun) one_run = { 0 };
  g_auto (CliRun) bad_run = { 0 };
  g_auto (CliRun) missing_run = { 0 };

  g_assert_no_error (error);
  good = write_file (dir, "good.tgn",
                     RECORD_TAGS "1. c1-e3 {pulls e9 to e8} 1... g9-g7 *\n\n"
                     RECORD_TAGS "1. c1-c2 (1. c1-c3) g9-g8 *\n\n"
                     RECORD_TAGS "*\n");
  one = write_file (dir, "one.tgn", RECORD_TAGS "1. a1-a2 *\n");
  bad = write_file (dir, "bad.tgn",
                    RECORD_TAGS "1. c1-e3 g9-g7 *\n\n"
                    RECORD_TAGS "1. c1-e3 g9-g7 2. b1-b2 *\n");
  missing = g_build_filename (dir, "missing.tgn", NULL);

  run_cli (&good_run, "check", good);
  assert_success (&good_run);
  expected = g_strdup_printf ("%s: 3 games ok\n", good);
  g_assert_cmpstr (good_run.out, ==, expected);
  g_clear_pointer (&expected, g_free);

  run_cli (&one_run, "check", one);
  assert_success (&one_run);
  expected = g_strdup_printf ("%s: 1 game ok\n", one);
  g_assert_cmpstr (one_run.out, ==, expected);
  g_clear_pointer (&expected, g_free);

  /* The bad game's line and column, then what is wrong: the report of
   * check is its output. */
  run_cli (&bad_run, "check", bad);
  g_assert_cmpint (bad_run.status, ==, 2);
  expected = g_strdup_printf ("%s:23:19: illegal move 'b1-b2' for seat 1 at ply 3: "
                              "pieces only move to an empty cell\n", bad);
  g_assert_cmpstr (bad_run.out, ==, expected);
  g_clear_pointer (&expected, g_free);

  run_cli (&missing_run, "check", missing);
  g_assert_cmpint (missing_run.status, ==, 2);
  g_assert_cmpstr (missing_run.out, ==, "");
  g_assert_true (g_str_has_prefix (missing_run.err, "tablier-cli: "));
  g_assert_nonnull (strstr (missing_run.err, "missing.tgn"));
  g_assert_cmpuint (strchr (missing_run.err, '\n') - missing_run.err + 1, ==,
                    strlen (missing_run.err));

  g_unlink (good);
  g_unlink (one);
  g_unlink (bad);
  g_rmdir (dir);
}

/* A file of n games, each its own (its Round differs). */
static char *
many_records (guint n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                            "[Round \"%u\"]\n[Player1 \"?\"]\n[Player2 \"?\"]\n"
                            "[Result \"*\"]\n[Game \"versus-61\"]\n[TgnVersion \"1\"]\n\n"
                            "1. c1-e3 g9-g7 *\n\n", i + 1);
  return g_string_free (text, FALSE);
}

/* Whether process pid has path open or mapped (Linux's /proc), or has
 * ended (an ended process has no memory left to map). */
static gboolean
holds_or_ended (const char *pid, const char *path)
{
  g_autofree char *maps_path = g_strdup_printf ("/proc/%s/maps", pid);
  g_autofree char *fd_dir = g_strdup_printf ("/proc/%s/fd", pid);
  g_autofree char *maps = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (!g_file_get_contents (maps_path, &maps, NULL, NULL) || *maps == '\0' ||
      strstr (maps, path))
    return TRUE;
  dir = g_dir_open (fd_dir, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *link = g_build_filename (fd_dir, name, NULL);
      g_autofree char *target = g_file_read_link (link, NULL);

      if (g_strcmp0 (target, path) == 0)
        return TRUE;
    }
  return dir == NULL;
}

/* A record file cut short while check or import reads it (replaced by a
 * download, emptied by an editor) is read as it was or as it is, never a
 * crash: a mapped file raises SIGBUS past its new end. */
static void
test_input_cut_short_while_read (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-cut-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.tgn", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *text = many_records (10000);
  const char *const commands[][6] = {
    { cli_path (), "check", path, NULL },
    { cli_path (), "import", "--db", db, path, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autoptr (GSubprocess) process = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *out = NULL, *err = NULL;
      gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
      int status;

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      process = g_subprocess_newv (commands[i], G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                  G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
      g_assert_no_error (error);
      /* Cut while the command holds the file, or once it is done. */
      while (!holds_or_ended (g_subprocess_get_identifier (process), path))
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_usleep (100);
        }
      g_assert_cmpint (truncate (path, 1000), ==, 0);
      g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
      g_assert_no_error (error);
      g_test_message ("%s: %s%s", commands[i][1], out, err);
      g_assert_true (g_subprocess_get_if_exited (process));
      /* All the games, or those before the cut and the one it cut. */
      status = g_subprocess_get_exit_status (process);
      g_assert_true (status == 0 || status == 2);
      g_assert_cmpstr (err, ==, "");
    }
  tt_remove_dir (dir);
}

/* "-" is standard input, and so are /dev/stdin and pipes. */
static void
test_input_from_standard_input (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-stdin-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  const char *text = RECORD_TAGS "1. c1-e3 g9-g7 *\n\n" RECORD_TAGS "1. c1-c2 *\n";
  const char *bad = RECORD_TAGS "1. c1-e3 g9-g7 2. b1-b2 *\n";
  g_auto (CliRun) check = { 0 };
  g_auto (CliRun) dev = { 0 };
  g_auto (CliRun) wrong = { 0 };
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) games = { 0 };
  g_auto (GStrv) lines = NULL;

  run_cli_full ((const char *const[]) { "check", "-", NULL }, text, NULL, &check);
  assert_success (&check);
  g_assert_cmpstr (check.out, ==, "-: 2 games ok\n");
  run_cli_full ((const char *const[]) { "check", "/dev/stdin", NULL }, text, NULL, &dev);
  assert_success (&dev);
  g_assert_cmpstr (dev.out, ==, "/dev/stdin: 2 games ok\n");
  run_cli_full ((const char *const[]) { "check", "-", NULL }, bad, NULL, &wrong);
  g_assert_cmpint (wrong.status, ==, 2);
  g_assert_true (g_str_has_prefix (wrong.out, "-:11:19: illegal move 'b1-b2'"));

  run_cli_full ((const char *const[]) { "import", "--db", db, "-", NULL }, text, NULL, &import);
  assert_success (&import);
  g_assert_cmpstr (import.out, ==, "imported 2, skipped 0 duplicates, 0 errors\n");
  run_cli (&games, "games", "--db", db);
  assert_success (&games);
  lines = g_strsplit (games.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  tt_remove_dir (dir);
}

/* A NUL byte is an encoding error of the game it is in, wherever in the
 * game it is (a comment, a tag value), and the games after it are read:
 * check reports each bad game, import imports the good ones. */
static void
test_nul_byte_costs_its_game (void)
{
  static const char text[] =
    RECORD_TAGS "1. c1-e3 *\n\n"                          /* line 1 */
    RECORD_TAGS "1. c1-e3 {a\0b} *\n\n"                  /* 13 */
    "[Annotator \"a\0b\"]\n" RECORD_TAGS "1. c1-e3 *\n\n"  /* 25 */
    RECORD_TAGS "1. c1-e3 g9-g7 2. b1-b2 *\n\n"           /* 38 */
    RECORD_TAGS "1. c1-c2 *\n";                           /* 50 */
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-nul-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "nul.tgn", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *expected = NULL;
  g_auto (CliRun) check = { 0 };
  g_auto (CliRun) import = { 0 };
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text, sizeof text - 1, &error);
  g_assert_no_error (error);
  run_cli (&check, "check", path);
  g_assert_cmpint (check.status, ==, 2);
  expected = g_strdup_printf ("%s:23:12: NUL byte: a record is text\n"
                              "%s:25:14: NUL byte: a record is text\n"
                              "%s:48:19: illegal move 'b1-b2' for seat 1 at ply 3: "
                              "pieces only move to an empty cell\n", path, path, path);
  g_assert_cmpstr (check.out, ==, expected);

  run_cli (&import, "import", "--db", db, path);
  g_test_message ("%s%s", import.out, import.err);
  g_assert_true (g_str_has_prefix (import.out, "imported 2, skipped 0 duplicates, 3 errors"));
  tt_remove_dir (dir);
}

/* Devices are refused (/dev/zero, in test_unreadable_files, would be read
 * to the size limit), but /dev/null is an empty file, as scripts use it. */
static void
test_dev_null_is_empty (void)
{
  g_auto (CliRun) check = { 0 };

  run_cli (&check, "check", "/dev/null");
  assert_success (&check);
  g_assert_cmpstr (check.out, ==, "/dev/null: 0 games ok\n");
}

/* One error line on stderr that names what, nothing on stdout, and the
 * exit status. */
static void
assert_one_error (const CliRun *run, int status, const char *mention)
{
  g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, status);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "tablier-cli: "));
  g_assert_nonnull (strstr (run->err, mention));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
}

/* One meaning for each exit status (NOTATION.md §5): a file that cannot
 * be opened (missing, a folder, too large to read) is bad input, 2,
 * under check as under import; a read that fails is another failure, 1
 * (/proc/self/mem opens and fails with an I/O error). */
static void
test_unreadable_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-unreadable-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.tgn", NULL);
  g_autofree char *huge = write_file (dir, "huge.tgn", "");
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  const struct
  {
    const char *path;
    const char *mention;
    int status;
  } cases[] = {
    { missing, "missing.tgn", 2 },
    { dir, dir, 2 },
    { huge, "huge.tgn", 2 },
    { "/proc/self/mem", "/proc/self/mem", 1 },
    /* Refused before a byte is read: it never ends, NULs or not. */
    { "/dev/zero", "a device", 2 },
  };

  /* Sparse: larger than a record file may be, without the disk space. */
  g_assert_cmpint (truncate (huge, (off_t) 3 << 30), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (CliRun) check = { 0 };
      g_auto (CliRun) import = { 0 };

      run_cli (&check, "check", cases[i].path);
      assert_one_error (&check, cases[i].status, cases[i].mention);
      run_cli (&import, "import", "--db", db, cases[i].path);
      assert_one_error (&import, cases[i].status, cases[i].mention);
    }
  tt_remove_dir (dir);
}

/* import a.tgn missing.tgn b.tgn: every file is looked at before any is
 * imported, so a mistyped name imports nothing; a file that fails later
 * (a read error) leaves those before it imported and counted, and is
 * named with what it stopped. */
static void
test_import_of_many_files_stops_cleanly (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-many-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *a = write_file (dir, "a.tgn", RECORD_TAGS "1. c1-e3 *\n");
  g_autofree char *b = write_file (dir, "b.tgn", RECORD_TAGS "1. c1-c2 *\n");
  g_autofree char *missing = g_build_filename (dir, "missing.tgn", NULL);
  g_auto (CliRun) typo = { 0 };
  g_auto (CliRun) failed = { 0 };
  g_auto (CliRun) games = { 0 };
  g_auto (GStrv) lines = NULL;

  run_cli (&typo, "import", "--db", db, a, missing, b);
  assert_one_error (&typo, 2, "missing.tgn");
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));

  run_cli (&failed, "import", "--db", db, a, "/proc/self/mem", b);
  g_test_message ("stderr: %s", failed.err);
  g_assert_cmpint (failed.status, ==, 1);
  g_assert_cmpstr (failed.out, ==, "imported 1, skipped 0 duplicates, 0 errors\n");
  g_assert_true (g_str_has_prefix (failed.err, "tablier-cli: /proc/self/mem: "));
  g_assert_nonnull (strstr (failed.err, "not imported, nor the 1 file after it"));
  g_assert_true (strchr (failed.err, '\n') == failed.err + strlen (failed.err) - 1);
  run_cli (&games, "games", "--db", db);
  assert_success (&games);
  lines = g_strsplit (games.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  tt_remove_dir (dir);
}

/* A full disk under standard output (a backup, a listing) is said on
 * stderr in one line, with exit 1, whatever the command. */
static void
test_output_that_cannot_be_written (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-full-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *file = write_file (dir, "rated.tgn",
                                      RATED_RECORD ("2026.01.01", "Alice", "Bob", "1-0",
                                                    "resigned"));
  g_autofree char *text = many_records (200);
  g_autofree char *many = write_file (dir, "many.tgn", text);
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) backup = { 0 };
  const char *const commands[][12] = {
    { "--help" },
    { "rulesets" },
    { "options", "versus-91" },
    { "legal", "versus-61" },
    { "legal", "--help" },
    { "state", "ra", "--starter", "2" },
    { "perft", "oraia", "1" },
    { "show", "retournement" },
    { "ai", "versus-61", "--level", "1" },
    { "bench", "versus-61", "--seconds", "0.01" },
    { "match", "oraia", "--a", "random", "--b", "random", "--games", "2" },
    { "check", file },
    { "import", "--db", db, file },
    { "export", "--db", db },
    { "games", "--db", db },
    { "ratings", "--db", db },
  };

  /* Enough games that export and games write more than a buffer. */
  run_cli (&import, "import", "--db", db, file, many);
  assert_success (&import);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (CliRun) run = { 0 };

      g_test_message ("%s %s", commands[i][0], commands[i][1] ? commands[i][1] : "");
      run_cli_full (commands[i], NULL, "/dev/full", &run);
      assert_one_error (&run, 1, "writing to standard output failed");
    }
  /* A backup that failed says why. */
  run_cli_full ((const char *const[]) { "export", "--db", db, NULL }, NULL, "/dev/full", &backup);
  assert_one_error (&backup, 1, g_strerror (ENOSPC));
  tt_remove_dir (dir);
}

/* Names are data, never terminal commands nor columns: the control
 * characters of a stored name (a tab, an escape) come out escaped in
 * games and ratings, and so do those that check quotes from a record. */
static void
test_control_characters_are_escaped (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-cli-names-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *file = write_file (dir, "names.tgn",
                                      RATED_RECORD ("2026.01.01", "A\tB\033[2J", "C\\\\D", "1-0",
                                                    "resigned"));
  g_autofree char *hostile = write_file (dir, "hostile.tgn",
                                         "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                                         "[Round \"-\"]\n[Player1 \"?\"]\n[Player2 \"?\"]\n"
                                         "[Result \"*\"]\n[Game \"versus\033]0;owned\007\"]\n"
                                         "[TgnVersion \"1\"]\n\n*\n");
  g_auto (CliRun) import = { 0 };
  g_auto (CliRun) games = { 0 };
  g_auto (CliRun) ratings = { 0 };
  g_auto (CliRun) check = { 0 };

  run_cli (&import, "import", "--db", db, file);
  assert_success (&import);
  run_cli (&games, "games", "--db", db);
  assert_success (&games);
  g_assert_cmpstr (games.out, ==, "1\t2026.01.01\tversus-61\tA\\tB\\x1b[2J\tC\\\\D\t1-0\n");
  run_cli (&ratings, "ratings", "--db", db);
  assert_success (&ratings);
  g_assert_true (g_str_has_prefix (ratings.out, "A\\tB\\x1b[2J\tversus-61\t1\t1\t0\t0\t"));
  run_cli (&check, "check", hostile);
  g_assert_cmpint (check.status, ==, 2);
  g_test_message ("%s", check.out);
  g_assert_null (strchr (check.out, '\033'));
  g_assert_null (strchr (check.out, '\007'));
  g_assert_nonnull (strstr (check.out, "versus\\x1b]0;owned\\x07"));
  tt_remove_dir (dir);
}

/* A random game played in-process to its end replays through the CLI:
 * the same end, and the same legal moves along the way. */
static void
test_full_random_game_replays (gconstpointer data)
{
  const char *ruleset_id = data;
  g_autoptr (TbVariant) variant = tb_variant_new_from_text (ruleset_id, NULL, NULL);
  g_autoptr (TbLine) line = NULL;
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  g_autofree TbMove *legal = g_new (TbMove, variant->max_moves);
  g_auto (CliRun) state = { 0 };
  TbOutcome outcome;
  TbRandom rng;
  guint n;
  int scores[2];
  g_autofree char *score = NULL;

  /* The first seed whose game ends within 1500 plies. */
  for (guint64 seed = 1;; seed++)
    {
      g_clear_pointer (&line, tb_line_free);
      line = tb_line_new (variant, 1);
      tb_random_init (&rng, seed);
      while ((n = tb_line_moves (line, legal, &outcome)) > 0 && tb_line_get_ply (line) < 1500)
        tb_line_push (line, legal[tb_random_below (&rng, n)]);
      if (n == 0)
        break;
    }
  {
    g_autoptr (TbLine) replay = tb_line_new (variant, 1);

    for (guint ply = 1; ply <= tb_line_get_ply (line); ply++)
      {
        TbMove move = tb_line_get_move_at (line, ply);

        g_ptr_array_add (moves, tb_variant_format_move (variant, tb_line_get_position (replay),
                                                        move));
        tb_line_push (replay, move);
      }
  }
  g_test_message ("%s: %u plies, %s %s", ruleset_id, moves->len,
                  tb_result_to_string (outcome.result),
                  tb_termination_to_string (outcome.termination));

  run_with_moves ("state", ruleset_id, NULL, moves, moves->len, &state);
  assert_success (&state);
  {
    g_autofree char *ply = g_strdup_printf ("%u", moves->len);

    assert_state (state.out, "ply", ply);
  }
  assert_state (state.out, "over", "yes");
  assert_state (state.out, "to-move", "-");
  assert_state (state.out, "result", tb_result_to_string (outcome.result));
  assert_state (state.out, "termination", tb_termination_to_string (outcome.termination));
  if (tb_variant_score (variant, tb_line_get_position (line), scores))
    score = g_strdup_printf ("%d-%d", scores[0], scores[1]);
  /* Games that keep no points print no score line. */
  assert_state (state.out, "score", score);

  /* legal and state at a few plies on the way. */
  for (guint k = 0; k <= 4; k++)
    {
      guint ply = moves->len * k / 5 + (k == 4 ? moves->len / 5 - 1 : 0);
      g_autoptr (TbLine) partial = tb_line_new (variant, 1);
      g_autofree char *expected = NULL;
      g_autofree char *to_move = NULL;
      g_auto (CliRun) run = { 0 };
      g_auto (CliRun) partial_state = { 0 };

      for (guint i = 1; i <= ply; i++)
        tb_line_push (partial, tb_line_get_move_at (line, i));
      expected = expected_legal (partial);
      run_with_moves ("legal", ruleset_id, NULL, moves, ply, &run);
      assert_success (&run);
      g_assert_cmpstr (run.out, ==, expected);
      run_with_moves ("state", ruleset_id, NULL, moves, ply, &partial_state);
      assert_success (&partial_state);
      to_move = g_strdup_printf ("%u", tb_position_to_move (tb_line_get_position (partial)));
      assert_state (partial_state.out, "over", "no");
      assert_state (partial_state.out, "to-move", to_move);
      assert_state (partial_state.out, "result", "*");
    }

  /* The last legal list is empty; the one before the last move holds it. */
  {
    g_auto (CliRun) end = { 0 };
    g_auto (CliRun) before = { 0 };
    g_autofree char *last = g_strconcat (moves->pdata[moves->len - 1], "\n", NULL);

    run_with_moves ("legal", ruleset_id, NULL, moves, moves->len, &end);
    assert_success (&end);
    g_assert_cmpstr (end.out, ==, "");
    run_with_moves ("legal", ruleset_id, NULL, moves, moves->len - 1, &before);
    assert_success (&before);
    g_assert_true (g_str_has_prefix (before.out, last) || strstr (before.out, last));
  }
}

/* ai: the move on the first line, then its figures; the same seed gives
 * the same move. */
static void
test_ai_prints_the_move_and_its_figures (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) again = { 0 };
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES ("c1-c3"));
  g_auto (GStrv) lines = NULL;

  run_cli (&run, "ai", "versus-61", "--level", "2", "--seed", "9", "c1-c3");
  assert_success (&run);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 6);
  g_assert_true (tt_is_legal (line, lines[0]));
  g_assert_true (g_regex_match_simple ("\\Atime-ms: [0-9]+\\z", lines[1], 0, 0));
  g_assert_cmpstr (lines[2], ==, "depth: 2");
  g_assert_true (g_regex_match_simple ("\\Ascore: -?[0-9]+\\z", lines[3], 0, 0));
  g_assert_true (g_regex_match_simple ("\\Anodes: [0-9]+\\z", lines[4], 0, 0));
  run_cli (&again, "ai", "versus-61", "--level", "2", "--seed", "9", "c1-c3");
  g_assert_true (g_str_has_prefix (again.out, lines[0]));
}

/* A won position: every level plays the win (RA: two pawns in for 3). */
static void
test_ai_plays_the_win_at_every_level (void)
{
  for (int level = 1; level <= 5; level++)
    {
      g_auto (CliRun) run = { 0 };
      g_autofree char *text = g_strdup_printf ("%d", level);

      run_cli (&run, "ai", "ra", "--level", text, "--position",
               "to-move=1 1:2@h7 1:3@c5 2:3@k9 2:1@a1");
      assert_success (&run);
      g_assert_true (g_str_has_prefix (run.out, "2h7-j7\n"));
    }
}

/* ai --analyse: the position's figures, then one line per best move,
 * tab-separated: rank, a legal move, seat 1's expected score and a
 * variation that starts with the move; the same twice for the same
 * nodes. */
static void
test_ai_analyse_prints_the_best_moves (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) again = { 0 };
  g_autoptr (TbLine) line = tt_line ("versus-61", NULL, TT_MOVES ("c1-c3"));
  g_auto (GStrv) lines = NULL;
  g_autoptr (GHashTable) moves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GRegex) time = g_regex_new ("^time-ms: [0-9]+\n", G_REGEX_MULTILINE, 0, NULL);
  g_autofree char *timeless = NULL, *timeless_again = NULL;
  const char *keys[] = { "expected: (0|1)\\.[0-9]{3}", "score: -?[0-9]+", "depth: [0-9]+",
                         "nodes: [0-9]+", "time-ms: [0-9]+" };

  run_cli (&run, "ai", "versus-61", "--analyse", "--lines", "3", "--nodes", "20000", "c1-c3");
  assert_success (&run);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (keys) + 3 + 1);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *pattern = g_strdup_printf ("\\A%s\\z", keys[i]);

      g_assert_true (g_regex_match_simple (pattern, lines[i], 0, 0));
    }
  for (guint i = 0; i < 3; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[G_N_ELEMENTS (keys) + i], "\t", -1);
      g_autofree char *rank = g_strdup_printf ("%u", i + 1);
      g_autofree char *starts = NULL;

      g_assert_cmpuint (g_strv_length (fields), ==, 4);
      g_assert_cmpstr (fields[0], ==, rank);
      g_assert_true (tt_is_legal (line, fields[1]));
      g_assert_true (g_hash_table_add (moves, g_strdup (fields[1])));
      g_assert_true (g_regex_match_simple ("\\A(0|1)\\.[0-9]{3}\\z", fields[2], 0, 0));
      starts = g_strconcat (fields[1], " ", NULL);
      g_assert_true (g_str_has_prefix (fields[3], starts) || g_str_equal (fields[3], fields[1]));
    }
  run_cli (&again, "ai", "versus-61", "--analyse", "--lines", "3", "--nodes", "20000", "c1-c3");
  /* All but the time. */
  timeless = g_regex_replace_literal (time, run.out, -1, 0, "", 0, NULL);
  timeless_again = g_regex_replace_literal (time, again.out, -1, 0, "", 0, NULL);
  g_assert_cmpstr (timeless, ==, timeless_again);
}

/* A won position is worth 1.000 to seat 1 (RA: two pawns in for 3); a
 * finished game its result (Versus's shuffle is drawn by repetition),
 * with no moves. */
static void
test_ai_analyse_sees_the_ends (void)
{
  g_auto (CliRun) won = { 0 };
  g_auto (CliRun) over = { 0 };

  run_cli (&won, "ai", "ra", "--analyse", "--lines", "1", "--position",
           "to-move=1 1:2@h7 1:3@c5 2:3@k9 2:1@a1");
  assert_success (&won);
  g_assert_true (g_str_has_prefix (won.out, "expected: 1.000\n"));
  g_assert_nonnull (strstr (won.out, "\n1\t2h7-j7\t1.000\t2h7-j7\n"));
  run_cli (&over, "ai", "versus-61", "--analyse", SHUFFLE);
  assert_success (&over);
  g_assert_true (g_str_has_prefix (over.out, "expected: 0.500\n"));
  g_assert_null (strstr (over.out, "\t"));
}

/* match: the summary lines, and every game written as a record that
 * reads back whole. */
static void
test_match_prints_the_summary_and_records (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-match-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.tgn", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) again = { 0 };
  guint wins, draws, losses;

  run_cli (&run, "match", "oraia", "--a", "ai:1", "--b", "random", "--games", "4", "--jobs", "2",
           "--seed", "5", "--tgn", path);
  assert_success (&run);
  g_test_message ("%s", run.out);
  g_assert_cmpint (sscanf (run.out, "A: %u wins, %u draws, %u losses\n", &wins, &draws, &losses),
                   ==, 3);
  g_assert_cmpuint (wins + draws + losses, ==, 4);
  g_assert_true (g_regex_match_simple ("^score: [0-9.]+%$", run.out, G_REGEX_MULTILINE, 0));
  g_assert_true (g_regex_match_simple ("^elo: [-+][0-9]+ \\(95% interval [-+][0-9]+ to [-+][0-9]+\\)$",
                                       run.out, G_REGEX_MULTILINE, 0));
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  games = tb_tgn_read_all (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 4);
  for (guint i = 0; i < games->len; i++)
    {
      TbGame *game = games->pdata[i];

      g_assert_true (tb_game_is_over (game));
      g_assert_cmpstr (tb_game_get_tag (game, i % 2 ? "Player2" : "Player1"), ==, "A (ai:1)");
      g_assert_cmpuint (tb_game_get_computer_level (game, i % 2 ? 2 : 1), ==, 1);
    }
  /* The threads change nothing: the same seed, the same games. */
  run_cli (&again, "match", "oraia", "--a", "ai:1", "--b", "random", "--games", "4",
           "--seed", "5");
  g_assert_true (g_str_has_prefix (again.out, "A: "));
  {
    g_autofree char *first = g_strndup (run.out, strcspn (run.out, "\n"));

    g_assert_true (g_str_has_prefix (again.out, first));
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* match --time: level 5 against level 5 as it played before its searches
 * learnt quiescence (ai:5-old), each thinking --time per move instead of
 * its 4.8 s. */
static void
test_match_plays_level_5_against_its_old_search (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tablier-match-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.tgn", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (CliRun) run = { 0 };
  const char *times;
  double mean;

  run_cli (&run, "match", "ra", "--a", "ai:5", "--b", "ai:5-old", "--games", "2", "--time", "30",
           "--tgn", path);
  assert_success (&run);
  g_test_message ("%s", run.out);
  /* Far below level 5's own 4.8 s: the option reached both players. */
  for (guint who = 0; who < 2; who++)
    {
      times = strstr (run.out, who == 0 ? "a-move-ms: mean " : "b-move-ms: mean ");
      g_assert_nonnull (times);
      mean = g_ascii_strtod (times + strlen ("a-move-ms: mean "), NULL);
      g_assert_cmpfloat (mean, <, 1000);
    }
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  games = tb_tgn_read_all (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (tb_game_get_tag (games->pdata[0], "Player1"), ==, "A (ai:5)");
  g_assert_cmpstr (tb_game_get_tag (games->pdata[0], "Player2"), ==, "B (ai:5-old)");
  g_assert_cmpuint (tb_game_get_computer_level (games->pdata[0], 2), ==, 5);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_bench_prints_one_line (void)
{
  g_auto (CliRun) run = { 0 };

  run_cli (&run, "bench", "versus-61", "--seconds", "0.2");
  assert_success (&run);
  g_test_message ("%s", run.out);
  g_assert_true (g_regex_match_simple ("\\Aversus-61 plies/cpu-s=[0-9]+ playouts/cpu-s=[0-9]+ "
                                       "plies/wall-s=[0-9]+ cpu-s=[0-9]+\\.[0-9]{2} "
                                       "wall-s=[0-9]+\\.[0-9]{2} movegen-cpu-ns=[0-9]+ "
                                       "movegen-mid-cpu-ns=[0-9]+\\n\\z", run.out, 0, 0));
}

static void
test_help_and_version (void)
{
  g_auto (CliRun) help = { 0 };
  g_auto (CliRun) version = { 0 };

  run_cli (&help, "--help");
  assert_success (&help);
  g_assert_nonnull (strstr (help.out, "legal"));
  g_assert_nonnull (strstr (help.out, "perft"));
  /* What each exit status means. */
  g_assert_nonnull (strstr (help.out, "exit status"));
  run_cli (&version, "--version");
  assert_success (&version);
  g_assert_true (g_str_has_prefix (version.out, "tablier-cli "));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/rulesets/lists-versus", test_rulesets_lists_versus);
  g_test_add_func ("/cli/legal/at-the-start", test_legal_at_the_start);
  g_test_add_func ("/cli/legal/sorted-in-byte-order", test_legal_is_sorted_in_byte_order);
  g_test_add_func ("/cli/legal/after-moves", test_legal_after_moves);
  g_test_add_func ("/cli/legal/nothing-when-over", test_legal_prints_nothing_when_over);
  g_test_add_func ("/cli/state/game-in-progress", test_state_of_a_game_in_progress);
  g_test_add_func ("/cli/state/finished-game", test_state_of_a_finished_game);
  g_test_add_func ("/cli/state/retournement", test_state_of_retournement);
  g_test_add_func ("/cli/perft/counts", test_perft_counts);
  g_test_add_func ("/cli/perft/after-moves-matches-legal", test_perft_after_moves_matches_legal);
  g_test_add_func ("/cli/show/prints-a-picture", test_show_prints_a_picture);
  g_test_add_func ("/cli/options/lists-the-variant-options",
                   test_options_lists_the_variant_options);
  g_test_add_func ("/cli/options/change-the-legal-moves", test_option_changes_the_legal_moves);
  g_test_add_func ("/cli/check/files", test_check_files);
  g_test_add_func ("/cli/analyse/annotated-record", test_analyse_writes_the_annotated_record);
  g_test_add_func ("/cli/analyse/bad-input", test_analyse_refuses_bad_input);
  g_test_add_func ("/cli/practice/lists-the-exercises", test_practice_lists_the_exercises);
  g_test_add_func ("/cli/database-commands", test_database_commands);
  g_test_add_func ("/cli/input/cut-short-while-read", test_input_cut_short_while_read);
  g_test_add_func ("/cli/input/standard-input", test_input_from_standard_input);
  g_test_add_func ("/cli/input/unreadable-files", test_unreadable_files);
  g_test_add_func ("/cli/input/nul-byte-costs-its-game", test_nul_byte_costs_its_game);
  g_test_add_func ("/cli/input/dev-null-is-empty", test_dev_null_is_empty);
  g_test_add_func ("/cli/import/many-files-stop-cleanly", test_import_of_many_files_stops_cleanly);
  g_test_add_func ("/cli/output/cannot-be-written", test_output_that_cannot_be_written);
  g_test_add_func ("/cli/output/control-characters-escaped", test_control_characters_are_escaped);
  g_test_add_func ("/cli/ratings", test_ratings_command);
  g_test_add_data_func ("/cli/replay/full-random-game-versus-61", "versus-61",
                        test_full_random_game_replays);
  g_test_add_data_func ("/cli/replay/full-random-game-versus-91", "versus-91",
                        test_full_random_game_replays);
  g_test_add_data_func ("/cli/replay/full-random-game-ra", "ra", test_full_random_game_replays);
  g_test_add_data_func ("/cli/replay/full-random-game-oraia", "oraia",
                        test_full_random_game_replays);
  g_test_add_data_func ("/cli/replay/full-random-game-retournement", "retournement",
                        test_full_random_game_replays);
  g_test_add_func ("/cli/bench/prints-one-line", test_bench_prints_one_line);
  g_test_add_func ("/cli/ai/prints-the-move-and-its-figures", test_ai_prints_the_move_and_its_figures);
  g_test_add_func ("/cli/ai/plays-the-win-at-every-level", test_ai_plays_the_win_at_every_level);
  g_test_add_func ("/cli/ai/analyse-prints-the-best-moves", test_ai_analyse_prints_the_best_moves);
  g_test_add_func ("/cli/ai/analyse-sees-the-ends", test_ai_analyse_sees_the_ends);
  g_test_add_func ("/cli/match/prints-the-summary-and-records",
                   test_match_prints_the_summary_and_records);
  g_test_add_func ("/cli/match/plays-level-5-against-its-old-search",
                   test_match_plays_level_5_against_its_old_search);
  g_test_add_func ("/cli/help-and-version", test_help_and_version);
  for (guint i = 0; i < G_N_ELEMENTS (bad_calls); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/error/%s", bad_calls[i].name);

      g_test_add_data_func (path, &bad_calls[i], test_bad_call);
    }

  return g_test_run ();
}
