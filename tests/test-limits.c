/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-limits.c: hostile records (issues 10 and 22)
 *
 * Each input either reads or is refused with a message that says where,
 * and the reader never recurses or holds more than the input: a 10 MB
 * comment, a million moves, variations nested 10,000 deep, a file of
 * 100,000 games, binary garbage, invalid UTF-8, NUL bytes, a megabyte-long
 * token, a 10 MB tag value.  An import of the bad ones keeps what was
 * stored before.
 *
 * Reading and writing cost time in proportion to the record, whatever it
 * holds: for each kind of hostile record, one eight times longer costs
 * about eight times as many steps (tb-work.h counts them, no clock); with
 * -m slow, a megabyte of each is read and written back within seconds. */
#include "config.h"

#include <string.h>

#include "tb-store.h"
#include "tb-test-store.h"
#include "tb-tgn.h"
#include "tb-work.h"

#define TAGS(game) \
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n" \
  "[Player1 \"?\"]\n[Player2 \"?\"]\n[Result \"*\"]\n[Game \"" game "\"]\n" \
  "[TgnVersion \"1\"]\n"

/* Every game of text, or the first error's message (the caller frees). */
static GPtrArray *
read_all (const char *text, gsize length, char **message)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = tb_tgn_read_all (text, (gssize) length, &error);

  *message = error ? g_strdup (error->message) : NULL;
  return games;
}

static void
assert_refused (const char *text, gsize length, const char *what)
{
  g_autofree char *message = NULL;
  g_autoptr (GPtrArray) games = read_all (text, length, &message);

  g_assert_null (games);
  g_assert_nonnull (message);
  if (strstr (message, what) == NULL)
    g_error ("\"%s\" does not say \"%s\"", message, what);
  /* Where first: LINE:COL. */
  g_assert_true (g_ascii_isdigit (message[0]));
}

static void
test_huge_comment (void)
{
  g_autoptr (GString) text = g_string_new (TAGS ("versus-61") "\n1. c1-e3 {");
  g_autofree char *message = NULL;
  g_autoptr (GPtrArray) games = NULL;
  const TbGameNode *node;

  for (guint i = 0; i < 10 * 1024 * 1024 / 8; i++)
    g_string_append (text, "comment ");
  g_string_append (text, "} *\n");
  games = read_all (text->str, text->len, &message);
  g_assert_null (message);
  node = tb_game_node_get_child (tb_game_get_root (games->pdata[0]), 0);
  g_assert_cmpuint (strlen (tb_game_node_get_comment (node)), >=, 10 * 1024 * 1024 - 8);
}

/* Moves that go back and forth: the third repetition ends the game, and
 * the next of the million moves is refused there. */
static void
test_million_moves (void)
{
  static const char *const cycle[] = { "c1-c2", "g9-g8", "c2-c1", "g8-g9" };
  g_autoptr (GString) text = g_string_new (TAGS ("versus-61") "\n");

  for (guint i = 0; i < 1000000; i++)
    {
      if (i % 2 == 0)
        g_string_append_printf (text, "%u. ", i / 2 + 1);
      g_string_append (text, cycle[i % 4]);
      g_string_append_c (text, i % 16 == 15 ? '\n' : ' ');
    }
  g_string_append (text, "*\n");
  assert_refused (text->str, text->len, "over");
}

static void
test_deep_variations (void)
{
  g_autoptr (GString) text = g_string_new (TAGS ("versus-61") "\n1. c1-e3 ");

  for (guint i = 0; i < 10000; i++)
    g_string_append (text, "( c1-c2 ");
  for (guint i = 0; i < 10000; i++)
    g_string_append (text, ") ");
  g_string_append (text, "*\n");
  assert_refused (text->str, text->len, "nested deeper than 64");
}

/* A game whose variations nest 100,000 deep (built move by move, as no
 * record may give it) is written without recursion: every level is in
 * the record, its lines under 80 characters. */
static void
test_write_deep_variations (void)
{
  static const char *const cycle[] = { "c1-c2", "g9-g8", "c2-c1", "g8-g9" };
  g_autoptr (TbVariant) variant = tb_variant_new_from_text ("versus-61",
                                                            "repetition=no,move-limit=0", NULL);
  g_autoptr (TbGame) game = tb_game_new (variant, 1);
  g_autofree char *record = NULL;
  guint opened = 0, longest = 0;

  tb_game_set_quiet (game, TRUE);
  for (guint i = 0; i < 100000; i++)
    {
      TbMove move;

      g_assert_true (tb_game_parse_move (game, cycle[i % 4], &move, NULL));
      /* The move, then the same again as its variation, which goes on. */
      g_assert_true (tb_game_play_full (game, move, TB_PLAY_NEW_VARIATION, NULL));
      tb_game_go_to_ply (game, i);
      g_assert_true (tb_game_play_full (game, move, TB_PLAY_NEW_VARIATION, NULL));
    }
  record = tb_tgn_write (game);
  for (const char *p = record, *line = record; *p; p++)
    {
      opened += *p == '(';
      if (*p == '\n')
        {
          longest = MAX (longest, (guint) (p - line));
          line = p + 1;
        }
    }
  g_assert_cmpuint (opened, ==, 100000);
  g_assert_cmpuint (longest, <, 80);
}

/* 100,000 games in one file: all read, one at a time. */
static void
test_hundred_thousand_games (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (TbTgnReader) reader = NULL;
  guint n = 0;

  for (guint i = 0; i < 100000; i++)
    g_string_append (text, TAGS ("ra") "\n*\n\n");
  reader = tb_tgn_reader_new (text->str, (gssize) text->len);
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      g_assert_no_error (error);
      if (game == NULL)
        break;
      n++;
    }
  g_assert_cmpuint (n, ==, 100000);
}

/* A megabyte of random bytes: no game, errors that say where, one a line,
 * and among them bytes that are not UTF-8. */
static void
test_binary_garbage (void)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (TbTgnReader) reader = NULL;
  GRand *rng = g_rand_new_with_seed (10);
  guint errors = 0, encoding = 0;

  for (guint i = 0; i < 1024 * 1024; i++)
    {
      guint8 b = (guint8) g_rand_int_range (rng, 0, 256);

      g_byte_array_append (bytes, &b, 1);
    }
  g_rand_free (rng);
  reader = tb_tgn_reader_new ((const char *) bytes->data, (gssize) bytes->len);
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      g_assert_null (game);
      if (error == NULL)
        break;
      errors++;
      encoding += g_error_matches (error, TB_TGN_ERROR, TB_TGN_ERROR_ENCODING);
      g_assert_true (g_ascii_isdigit (error->message[0]));
      g_assert_null (strchr (error->message, '\n'));
    }
  g_assert_cmpuint (errors, >, 0);
  g_assert_cmpuint (encoding, >, 0);
}

static void
test_invalid_utf8_and_nul (void)
{
  static const char latin1[] = TAGS ("versus-61") "\n1. c1-e3 {caf\xe9} *\n";
  static const char nul[] = TAGS ("versus-61") "\n1. c1-e3 \0 *\n";

  assert_refused (latin1, sizeof latin1 - 1, "UTF-8");
  assert_refused (nul, sizeof nul - 1, "NUL");
}

static void
test_long_token_and_tag (void)
{
  g_autoptr (GString) token = g_string_new (TAGS ("versus-61") "\n1. ");
  g_autoptr (GString) tag = g_string_new ("[Event \"");
  g_autofree char *message = NULL;
  g_autoptr (GPtrArray) games = NULL;

  for (guint i = 0; i < 1024 * 1024; i++)
    g_string_append_c (token, 'c');
  g_string_append (token, " *\n");
  assert_refused (token->str, token->len, "c");

  for (guint i = 0; i < 10 * 1024 * 1024; i++)
    g_string_append_c (tag, 'e');
  g_string_append (tag, "\"]\n[Game \"ra\"]\n[TgnVersion \"1\"]\n\n*\n");
  games = read_all (tag->str, tag->len, &message);
  g_assert_null (message);
  g_assert_cmpuint (strlen (tb_game_get_tag (games->pdata[0], "Event")), ==, 10 * 1024 * 1024);
}

/* A byte-order mark before the first tag is skipped. */
static void
test_byte_order_mark (void)
{
  static const char text[] = "\xEF\xBB\xBF" TAGS ("ra") "\n*\n";
  g_autofree char *message = NULL;
  g_autoptr (GPtrArray) games = read_all (text, sizeof text - 1, &message);

  g_assert_null (message);
  g_assert_cmpuint (games->len, ==, 1);
}

/* Hostile files imported into a database: refused or imported, and the
 * games stored before are all still there. */
static void
test_import_keeps_what_was_there (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  static const char good[] = TAGS ("versus-61") "\n1. c1-e3 g9-g7 *\n";
  static const char garbage[] = "\xff\xfe\x00\x01garbage";
  g_autoptr (GString) deep = g_string_new (TAGS ("versus-61") "\n1. c1-e3 ");
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;

  g_assert_true (tb_store_import_text (store, good, strlen (good), "good.tgn", &counts, NULL,
                                       NULL, NULL, NULL, &error));
  for (guint i = 0; i < 10000; i++)
    g_string_append (deep, "( c1-c2 ");
  g_assert_true (tb_store_import_text (store, deep->str, deep->len, "deep.tgn", &counts, errors,
                                       NULL, NULL, NULL, &error));
  g_assert_cmpuint (counts.errors, ==, 1);
  g_assert_true (tb_store_import_text (store, garbage, sizeof garbage - 1, "garbage.tgn", &counts,
                                       errors, NULL, NULL, NULL, &error));
  g_assert_cmpuint (counts.errors, ==, 1);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (errors->pdata[0], "deep.tgn:"));
  g_assert_true (g_str_has_prefix (errors->pdata[1], "garbage.tgn:1:"));
  g_assert_cmpuint (tb_store_count_all (store), ==, 1);
}

/* A bad byte, a comment or a variation left open cost the game they are
 * in: the others are imported, and every game lost is counted, at its
 * line. */
static void
test_import_counts_every_game_lost (Fixture *f, gconstpointer data)
{
  g_autoptr (TbStore) store = open_store (f);
  static const char text[] =
    TAGS ("versus-61") "\n1. c1-e3 *\n\n"          /* lines 1-11 */
    TAGS ("versus-61") "\n1. c1-e3 {caf\xe9} *\n\n"  /* 13-23 */
    TAGS ("versus-61") "\n1. c1-e3 {open\n\n"       /* 25-36 */
    TAGS ("versus-61") "\n1. d1-e2 *\n\n"          /* 37-47 */
    TAGS ("versus-61") "\n1. c1-e3 (1. c1-c2\n\n"  /* 49-60 */
    TAGS ("versus-61") "\n1. c1-c2 *\n";            /* 61-71 */
  /* The unclosed variation is found at the next game's first tag. */
  static const char *const where[] = { "t.tgn:23:14: ", "t.tgn:35:10: ", "t.tgn:61:1: " };
  g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  TbImportCounts counts;

  g_assert_true (tb_store_import_text (store, text, strlen (text), "t.tgn", &counts, errors,
                                       NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.imported, ==, 3);
  g_assert_cmpuint (counts.errors, ==, 3);
  g_assert_cmpuint (errors->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    if (!g_str_has_prefix (errors->pdata[i], where[i]))
      g_error ("\"%s\" is not at %s", (const char *) errors->pdata[i], where[i]);
  g_assert_cmpuint (tb_store_count_all (store), ==, 3);
}

/* Hostile records of about size bytes, each of one kind.  The tag pairs
 * of a Versus game whose moves may go back and forth for ever. */
#define ENDLESS_TAGS(game) TAGS (game) "[X_Tablier_Options \"repetition=no,move-limit=0\"]\n"

typedef void (*FillFunc) (GString *text, gsize size);

/* Appends unit until one more would take text and tail past size. */
static void
repeat_up_to (GString *text, gsize size, const char *unit, const char *tail)
{
  gsize unit_len = strlen (unit), tail_len = strlen (tail);

  while (text->len + unit_len + tail_len <= size)
    g_string_append (text, unit);
  g_string_append (text, tail);
}

/* Both VERSUS step out and back: legal for ever without repetition. */
static void
append_shuffle (GString *text, guint plies, const char *separator)
{
  static const char *const cycle[] = { "c1-c2", "g9-g8", "c2-c1", "g8-g9" };

  for (guint i = 0; i < plies; i++)
    {
      if (i % 2 == 0)
        g_string_append_printf (text, "%u. ", i / 2 + 1);
      g_string_append (text, cycle[i % 4]);
      g_string_append (text, separator);
    }
}

/* Many comments on one move. */
static void
fill_comments (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 ");
  repeat_up_to (text, size, "{c} ", "*\n");
}

/* One comment of many paragraphs. */
static void
fill_paragraphs (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 {");
  repeat_up_to (text, size, "a\n\n", "} *\n");
}

/* Many tags in one game. */
static void
fill_tags (GString *text, gsize size)
{
  g_string_append (text, "[Game \"ra\"]\n");
  for (guint i = 0; text->len + 24 < size; i++)
    g_string_append_printf (text, "[T%u \"v\"]\n", i);
  g_string_append (text, "\n*\n");
}

/* Many NAGs on one move. */
static void
fill_nags (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 ");
  repeat_up_to (text, size, "$1 ", "*\n");
}

/* Many variations of one move, all the same. */
static void
fill_siblings (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 ");
  repeat_up_to (text, size, "(1. c1-c2 g9-g8) ", "*\n");
}

/* Many variations at the end of a long line: each goes back there. */
static void
fill_late_variations (GString *text, gsize size)
{
  g_string_append (text, ENDLESS_TAGS ("versus-61") "\n");
  append_shuffle (text, MIN (size / 64, 2000), " ");
  repeat_up_to (text, size, "(g8-g9) ", "*\n");
}

/* Variations nested as deep as they may be, again and again. */
static void
fill_nested (GString *text, gsize size)
{
  g_autoptr (GString) nest = g_string_new (NULL);

  for (guint i = 0; i < TB_TGN_MAX_NESTING; i++)
    g_string_append_printf (nest, "(1. %s ", i % 2 ? "a1-a2" : "a1-b2");
  for (guint i = 0; i < TB_TGN_MAX_NESTING; i++)
    g_string_append_c (nest, ')');
  g_string_append_c (nest, ' ');
  g_string_append (text, TAGS ("versus-61") "\n1. a1-a2 ");
  repeat_up_to (text, size, nest->str, "*\n");
}

/* One token as long as the record. */
static void
fill_long_token (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. ");
  repeat_up_to (text, size, "c", " *\n");
}

/* One comment word as long as the record. */
static void
fill_long_word (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 {");
  repeat_up_to (text, size, "x", "} *\n");
}

/* A game's moves on one line. */
static void
fill_long_line (GString *text, gsize size)
{
  g_string_append (text, ENDLESS_TAGS ("versus-61") "\n");
  append_shuffle (text, (guint) (size - text->len) / 8, " ");
  g_string_append (text, "*\n");
}

/* Many small games. */
static void
fill_games (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"ra\"]\n*\n\n", "");
}

/* Many games, each with an error. */
static void
fill_bad_games (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"ra\"]\n[Result \"1-0\"]\n*\n\n", "");
}

/* Many games, each with a comment that does not end. */
static void
fill_unclosed (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"ra\"]\n{\n", "*\n");
}

/* Many games, each with a byte that is not UTF-8. */
static void
fill_bad_bytes (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"ra\"]\n{caf\xe9} *\n\n", "");
}

/* Escape lines among the tags and the moves, each ignored. */
static void
fill_escape_lines (GString *text, gsize size)
{
  g_string_append (text, "[Game \"versus-61\"]\n");
  repeat_up_to (text, size / 2, "%x\n", "\n1. c1-c2\n");
  repeat_up_to (text, size, "%\n", "*\n");
}

/* One escape line as long as the record. */
static void
fill_long_escape_line (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n%");
  repeat_up_to (text, size, "%", "\n*\n");
}

/* Continuation dots on their own, again and again. */
static void
fill_ellipses (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 ");
  repeat_up_to (text, size, "... ", "*\n");
}

/* The same right move number, again and again. */
static void
fill_move_numbers (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 ");
  repeat_up_to (text, size, "1. 1... ", "*\n");
}

/* One move number as long as the record. */
static void
fill_long_move_number (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n");
  repeat_up_to (text, size, "9", ". c1-c2 *\n");
}

/* Many games, each with a wrong move number. */
static void
fill_wrong_move_numbers (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"versus-61\"]\n2. c1-c2 *\n\n", "");
}

/* Many games, each with a tag value left open and no blank line. */
static void
fill_open_tag_strings (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"ra\"]\n[Annotator \"x\n", "*\n");
}

/* Many games, each with a comment left open among its tag pairs. */
static void
fill_open_tag_comments (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"ra\"]\n[Annotator {x\n*\n\n", "");
}

/* Many games of tag pairs alone, each ended by the next one's. */
static void
fill_games_without_moves (GString *text, gsize size)
{
  repeat_up_to (text, size, "[Game \"ra\"]\n[Event \"x\"]\n\n", "*\n");
}

/* Opening parentheses only. */
static void
fill_parentheses (GString *text, gsize size)
{
  g_string_append (text, TAGS ("versus-61") "\n1. c1-c2 ");
  repeat_up_to (text, size, "(", " *\n");
}

/* A bit of everything, in no order. */
static void
fill_mixed (GString *text, gsize size)
{
  static const char *const pieces[] = {
    "{c} ", "$3 ", "(1. c1-c3) ", "c1-c2 ", ";x\n", "1. ", "[", "]", "\"s\" ", ") ", "( ",
    "* ", "\n[Event \"x\"]\n", "é ", "1-0 ", "{\n[Game \"ra\"]\n", "\xff ", "[Game \"ra\"] ",
    "\n%x ", "%", "... ", "2. ", "1... ", "\n[Annotator \"x\n", "\n\n",
  };
  GRand *rng = g_rand_new_with_seed (22);

  g_string_append (text, TAGS ("versus-61") "\n");
  while (text->len < size)
    g_string_append (text, pieces[g_rand_int_range (rng, 0, G_N_ELEMENTS (pieces))]);
  g_rand_free (rng);
}

typedef struct
{
  const char *name;
  FillFunc fill;
} Hostile;

static const Hostile hostile[] = {
  { "comments", fill_comments },
  { "paragraphs", fill_paragraphs },
  { "tags", fill_tags },
  { "nags", fill_nags },
  { "siblings", fill_siblings },
  { "late-variations", fill_late_variations },
  { "nested", fill_nested },
  { "long-token", fill_long_token },
  { "long-word", fill_long_word },
  { "long-line", fill_long_line },
  { "games", fill_games },
  { "bad-games", fill_bad_games },
  { "unclosed", fill_unclosed },
  { "bad-bytes", fill_bad_bytes },
  { "parentheses", fill_parentheses },
  { "escape-lines", fill_escape_lines },
  { "long-escape-line", fill_long_escape_line },
  { "ellipses", fill_ellipses },
  { "move-numbers", fill_move_numbers },
  { "long-move-number", fill_long_move_number },
  { "wrong-move-numbers", fill_wrong_move_numbers },
  { "open-tag-strings", fill_open_tag_strings },
  { "open-tag-comments", fill_open_tag_comments },
  { "games-without-moves", fill_games_without_moves },
  { "mixed", fill_mixed },
};

typedef struct
{
  guint games;
  guint errors;
  guint64 steps;
} Reading;

/* Reads every game of text and writes each one read back, counting the
 * steps. */
static Reading
read_and_write (const GString *text)
{
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (text->str, (gssize) text->len);
  Reading reading = { 0 };
  guint64 start = tb_work_steps;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbGame) game = tb_tgn_reader_next (reader, &error);

      if (game)
        {
          g_autofree char *record = tb_tgn_write (game);

          reading.games++;
        }
      else if (error)
        reading.errors++;
      else
        break;
    }
  reading.steps = tb_work_steps - start;
  return reading;
}

#define SMALL_RECORD (16 * 1024)

/* Eight times the bytes, about eight times the steps: never the
 * sixty-four times of work that grows with the square of the record. */
static void
test_linear (gconstpointer data)
{
  const Hostile *kind = data;
  g_autoptr (GString) small = g_string_new (NULL);
  g_autoptr (GString) large = g_string_new (NULL);
  Reading a, b;

  kind->fill (small, SMALL_RECORD);
  kind->fill (large, 8 * SMALL_RECORD);
  a = read_and_write (small);
  b = read_and_write (large);
  g_test_message ("%s: %u games, %u errors, %" G_GUINT64_FORMAT " steps for %zu bytes; "
                  "%u games, %u errors, %" G_GUINT64_FORMAT " steps for %zu bytes",
                  kind->name, a.games, a.errors, a.steps, small->len, b.games, b.errors,
                  b.steps, large->len);
  g_assert_cmpuint (a.games + a.errors, >, 0);
  g_assert_cmpuint (b.games + b.errors, >=, a.games + a.errors);
  g_assert_cmpuint (a.steps, >, 0);
  /* The count follows the record (it sees the work at all)... */
  g_assert_cmpuint (b.steps, >=, 4 * a.steps);
  /* ...and grows no faster. */
  g_assert_cmpuint (b.steps, <=, 10 * a.steps);
}

/* A megabyte of each kind, read and written back in well under a second
 * on a usual machine: seconds here, for slow and loaded ones. */
static void
test_megabyte (gconstpointer data)
{
  const Hostile *kind = data;
  g_autoptr (GString) text = g_string_new (NULL);
  Reading reading;
  double seconds;

  kind->fill (text, 1024 * 1024);
  g_test_timer_start ();
  reading = read_and_write (text);
  seconds = g_test_timer_elapsed ();
  g_test_message ("%s: %zu bytes, %u games, %u errors, %.3f s", kind->name, text->len,
                  reading.games, reading.errors, seconds);
  g_assert_cmpuint (reading.games + reading.errors, >, 0);
  g_assert_cmpfloat (seconds, <, 5.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/limits/ten-megabyte-comment", test_huge_comment);
  g_test_add_func ("/limits/a-million-moves", test_million_moves);
  g_test_add_func ("/limits/variations-ten-thousand-deep", test_deep_variations);
  g_test_add_func ("/limits/a-hundred-thousand-games", test_hundred_thousand_games);
  g_test_add_func ("/limits/write-variations-nested-100000-deep", test_write_deep_variations);
  g_test_add_func ("/limits/binary-garbage", test_binary_garbage);
  g_test_add_func ("/limits/invalid-utf8-and-nul", test_invalid_utf8_and_nul);
  g_test_add_func ("/limits/long-token-and-tag", test_long_token_and_tag);
  g_test_add_func ("/limits/byte-order-mark", test_byte_order_mark);
  g_test_add ("/limits/import-keeps-what-was-there", Fixture, NULL, fixture_set_up,
              test_import_keeps_what_was_there, fixture_tear_down);
  g_test_add ("/limits/import-counts-every-game-lost", Fixture, NULL, fixture_set_up,
              test_import_counts_every_game_lost, fixture_tear_down);
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *linear = g_strdup_printf ("/limits/linear/%s", hostile[i].name);
      g_autofree char *megabyte = g_strdup_printf ("/limits/megabyte/%s", hostile[i].name);

      g_test_add_data_func (linear, &hostile[i], test_linear);
      /* Only with -m slow: timed, and a few seconds each. */
      if (g_test_slow ())
        g_test_add_data_func (megabyte, &hostile[i], test_megabyte);
    }
  return g_test_run ();
}
