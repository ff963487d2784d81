/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tgn-reader.c: reading TGN records into TbGame objects, validating
 * every move and the result */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tb-tgn-lexer.h"
#include "tb-tgn.h"
#include "tb-work.h"

G_DEFINE_QUARK (tb-tgn-error-quark, tb_tgn_error)

typedef struct
{
  char *name;
  char *value;
  guint line;
  guint column;   /* of the value */
} ParsedTag;

static void
parsed_tag_free (gpointer data)
{
  ParsedTag *tag = data;

  g_free (tag->name);
  g_free (tag->value);
  g_free (tag);
}

/* The tag pairs of a game in their order, and by name once there are
 * more than a few: a record may hold 100,000 of them, each looked up as it
 * is read. */
#define TAGS_INDEXED 16

typedef struct
{
  GPtrArray *list;       /* of ParsedTag */
  GHashTable *by_name;   /* name -> ParsedTag; the tags own the names */
} ParsedTags;

static void
parsed_tags_init (ParsedTags *tags)
{
  tags->list = g_ptr_array_new_with_free_func (parsed_tag_free);
  tags->by_name = NULL;
}

static void
parsed_tags_add (ParsedTags *tags, ParsedTag *tag)
{
  g_ptr_array_add (tags->list, tag);
  if (tags->by_name == NULL && tags->list->len > TAGS_INDEXED)
    {
      tags->by_name = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i + 1 < tags->list->len; i++)
        g_hash_table_insert (tags->by_name, ((ParsedTag *) tags->list->pdata[i])->name,
                             tags->list->pdata[i]);
    }
  if (tags->by_name)
    g_hash_table_insert (tags->by_name, tag->name, tag);
}

static void
parsed_tags_clear (ParsedTags *tags)
{
  g_clear_pointer (&tags->by_name, g_hash_table_unref);
  g_clear_pointer (&tags->list, g_ptr_array_unref);
}

struct _TbTgnReader
{
  const char *text;      /* the caller's */
  gsize length;
  TgnLexer lexer;
  TgnToken token;        /* the lookahead */
  /* Where the last error happened, to go on with the next game. */
  gboolean in_movetext;
  gboolean in_tag;
  guint depth;           /* of the variations open */
  gboolean at_game_end;  /* past the game's result token */
  guint error_line;
  guint error_column;
  guint game_line;       /* where the last game read began */
  /* The tag pairs of the game being read, kept after its error: skipping
   * the rest of it tells its tag pairs from the next game's by its Game
   * tag (starts_next_game). */
  ParsedTags tags;
  TbVariant *variant;    /* the last game's, and its ruleset and options */
  char *variant_key;
};

static const ParsedTag *
find_tag (ParsedTags *tags, const char *name)
{
  if (tags->by_name)
    {
      tb_work_add (1);
      return g_hash_table_lookup (tags->by_name, name);
    }
  for (guint i = 0; i < tags->list->len; i++)
    {
      const ParsedTag *tag = tags->list->pdata[i];

      tb_work_add (1);
      if (strcmp (tag->name, name) == 0)
        return tag;
    }
  return NULL;
}

static void
next_token (TbTgnReader *reader)
{
  tgn_lexer_next (&reader->lexer, &reader->token);
}

TbTgnReader *
tb_tgn_reader_new (const char *text, gssize length)
{
  TbTgnReader *reader = g_new0 (TbTgnReader, 1);

  if (length < 0)
    length = (gssize) strlen (text);
  /* A byte-order mark, as some editors write one, is not part of the text. */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  reader->text = text;
  reader->length = (gsize) length;
  tgn_lexer_init (&reader->lexer, reader->text, reader->length);
  reader->token.text = g_string_new (NULL);
  next_token (reader);
  return reader;
}

void
tb_tgn_reader_free (TbTgnReader *reader)
{
  if (reader == NULL)
    return;
  g_string_free (reader->token.text, TRUE);
  parsed_tags_clear (&reader->tags);
  g_clear_pointer (&reader->variant, tb_variant_unref);
  g_free (reader->variant_key);
  g_free (reader);
}

gsize
tb_tgn_reader_get_offset (TbTgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return MIN (reader->lexer.pos, reader->length);
}

guint
tb_tgn_reader_get_error_line (TbTgnReader *reader)
{
  return reader->error_line;
}

guint
tb_tgn_reader_get_error_column (TbTgnReader *reader)
{
  return reader->error_column;
}

/* An error quotes a few dozen characters of the record, not the
 * megabytes a hostile token or tag value may hold; and a message is one
 * line of a few hundred characters at most. */
#define QUOTE_MAX 40
#define MESSAGE_MAX 300

/* text, or its first QUOTE_MAX characters and an ellipsis. */
static char *
quote (const char *text)
{
  const char *p = text;

  for (guint n = 0; *p && n < QUOTE_MAX; n++)
    p = g_utf8_find_next_char (p, NULL);
  if (*p == '\0')
    return g_strdup (text);
  return g_strdup_printf ("%.*s…", (int) (p - text), text);
}

/* Appends the word of bytes from start to end, shortened when longer than
 * QUOTE_MAX characters (no word of a message is, but a quote): its first
 * characters, an ellipsis, and the punctuation that closes it. */
static void
append_word (GString *out, const char *start, const char *end)
{
  const char *cut = start;
  guint n = 0;

  for (; cut != NULL && cut < end && n < QUOTE_MAX; n++)
    cut = g_utf8_find_next_char (cut, end);
  if (cut == NULL || cut >= end)
    {
      g_string_append_len (out, start, end - start);
      return;
    }
  g_string_append_len (out, start, cut - start);
  g_string_append (out, "…");
  if (g_ascii_ispunct (end[-1]))
    g_string_append_c (out, end[-1]);
}

/* message with its long words shortened, cut after MESSAGE_MAX bytes. */
static char *
tidy_message (const char *message)
{
  GString *out = g_string_new (NULL);
  const char *p = message;

  while (*p && out->len < MESSAGE_MAX)
    {
      const char *end = p;

      while (*end && *end != ' ')
        end++;
      append_word (out, p, end);
      p = end;
      while (*p == ' ' && out->len < MESSAGE_MAX)
        g_string_append_c (out, *p++);
    }
  if (*p)
    g_string_append (out, "…");
  return g_string_free (out, FALSE);
}

static gboolean
set_error_at (TbTgnReader *reader, GError **error, guint line, guint column, TbTgnError code,
              const char *format, ...) G_GNUC_PRINTF (6, 7);

static gboolean
set_error_at (TbTgnReader *reader, GError **error, guint line, guint column, TbTgnError code,
              const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  reader->error_line = line;
  reader->error_column = column;
  if (error)
    {
      g_autofree char *tidy = tidy_message (message);

      g_set_error (error, TB_TGN_ERROR, code, "%u:%u: %s", line, column, tidy);
    }
  return FALSE;
}

#define FAIL_AT_TOKEN(reader, error, code, ...) \
  set_error_at ((reader), (error), (reader)->token.line, (reader)->token.column, (code), \
                __VA_ARGS__)

/* The lexer's error, of the token that is one: a byte that is not UTF-8,
 * a string or a comment that does not end… */
static gboolean
fail_at_bad_token (TbTgnReader *reader, GError **error)
{
  return FAIL_AT_TOKEN (reader, error,
                        reader->token.bad_encoding ? TB_TGN_ERROR_ENCODING : TB_TGN_ERROR_SYNTAX,
                        "%s", reader->token.text->str);
}

static gboolean
valid_tag_name (const char *name)
{
  if (!g_ascii_isalpha (*name))
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

/* The value after the tag name the token is, kept with it.  The name is
 * kept even when the value is bad (the value is NULL then), for skipping
 * the rest of the game (TbTgnReader.tags). */
static gboolean
read_tag_value (TbTgnReader *reader, ParsedTags *tags, GError **error)
{
  ParsedTag *tag = g_new0 (ParsedTag, 1);

  tag->name = g_strdup (reader->token.text->str);
  parsed_tags_add (tags, tag);
  next_token (reader);
  if (reader->token.kind == TGN_TOKEN_ERROR)
    return fail_at_bad_token (reader, error);
  if (reader->token.kind != TGN_TOKEN_STRING)
    return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_BAD_TAG,
                          _("a tag pair is [Name \"value\"]: expected a quoted value"));
  tag->value = g_strdup (reader->token.text->str);
  tag->line = reader->token.line;
  tag->column = reader->token.column;
  return TRUE;
}

static gboolean
read_tag (TbTgnReader *reader, ParsedTags *tags, GError **error)
{
  reader->in_tag = TRUE;
  next_token (reader);
  if (reader->token.kind == TGN_TOKEN_ERROR)
    return fail_at_bad_token (reader, error);
  if (reader->token.kind != TGN_TOKEN_SYMBOL || !valid_tag_name (reader->token.text->str))
    return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_BAD_TAG,
                          _("a tag pair is [Name \"value\"]: expected a tag name after '['"));
  if (find_tag (tags, reader->token.text->str))
    {
      g_autofree char *name = quote (reader->token.text->str);

      return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_BAD_TAG, _("tag %s is given twice"), name);
    }
  if (!read_tag_value (reader, tags, error))
    return FALSE;
  next_token (reader);
  if (reader->token.kind == TGN_TOKEN_ERROR)
    return fail_at_bad_token (reader, error);
  if (reader->token.kind != TGN_TOKEN_TAG_CLOSE)
    return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_BAD_TAG,
                          _("a tag pair is [Name \"value\"]: expected ']'"));
  reader->in_tag = FALSE;
  next_token (reader);
  return TRUE;
}

static gboolean
fail_at_tag (TbTgnReader *reader, GError **error, const ParsedTag *tag, TbTgnError code,
             const char *message)
{
  return set_error_at (reader, error, tag->line, tag->column, code, "%s %s", tag->name, message);
}

/* The tag's value refused by another part of Tablier, whose message is a
 * sentence of its own: "Name: message", not a run-on "Name message". */
static gboolean
fail_at_tag_value (TbTgnReader *reader, GError **error, const ParsedTag *tag,
                   const GError *refusal)
{
  return set_error_at (reader, error, tag->line, tag->column, TB_TGN_ERROR_BAD_TAG, "%s: %s",
                       tag->name, refusal->message);
}

/* A game from the set-up position of the X_Tablier_SetUp tag. */
static TbGame *
game_at_setup (TbTgnReader *reader, TbVariant *variant, const ParsedTag *setup_tag,
               GError **error)
{
  g_autoptr (GError) local = NULL;
  TbPosition *start = tb_variant_parse_position (variant, setup_tag->value, &local);
  TbGame *game;

  if (start == NULL)
    {
      fail_at_tag_value (reader, error, setup_tag, local);
      return NULL;
    }
  game = tb_game_new_at (variant, start);
  tb_position_free (start);
  return game;
}

/* The variant of a ruleset and options: the last one again when the next
 * game has the same (a file's games mostly do; making a variant builds
 * its board tables). */
static TbVariant *
reader_variant (TbTgnReader *reader, const char *ruleset, const char *options, GError **error)
{
  g_autofree char *key = g_strconcat (ruleset, "\n", options ? options : "", NULL);
  TbVariant *variant;

  if (reader->variant && g_strcmp0 (key, reader->variant_key) == 0)
    return tb_variant_ref (reader->variant);
  variant = tb_variant_new_from_text (ruleset, options, error);
  if (variant == NULL)
    return NULL;
  g_clear_pointer (&reader->variant, tb_variant_unref);
  g_free (reader->variant_key);
  reader->variant = tb_variant_ref (variant);
  reader->variant_key = g_steal_pointer (&key);
  return variant;
}

/* The ruleset, options and starter named by the tags. */
static TbGame *
game_from_tags (TbTgnReader *reader, ParsedTags *tags, guint line, guint column, GError **error)
{
  const ParsedTag *game_tag = find_tag (tags, "Game");
  const ParsedTag *version = find_tag (tags, "TgnVersion");
  const ParsedTag *options = find_tag (tags, "X_Tablier_Options");
  const ParsedTag *starter_tag = find_tag (tags, "Starter");
  const ParsedTag *setup_tag = find_tag (tags, "X_Tablier_SetUp");
  g_autoptr (TbVariant) variant = NULL;
  g_autoptr (GError) local = NULL;
  guint starter = 1;

  if (game_tag == NULL)
    {
      set_error_at (reader, error, line, column, TB_TGN_ERROR_MISSING_TAG,
                    _("the game has no Game tag (such as [Game \"versus-61\"])"));
      return NULL;
    }
  if (version && strcmp (version->value, "1") != 0)
    {
      fail_at_tag (reader, error, version, TB_TGN_ERROR_UNSUPPORTED_VERSION,
                   _("is not 1: this record needs a newer Tablier"));
      return NULL;
    }
  if (tb_rules_lookup (game_tag->value) == NULL)
    {
      g_autofree char *name = quote (game_tag->value);
      g_autofree char *message = g_strdup_printf (_("'%s' is not a game Tablier knows"), name);
      fail_at_tag (reader, error, game_tag, TB_TGN_ERROR_UNKNOWN_GAME, message);
      return NULL;
    }
  variant = reader_variant (reader, game_tag->value, options ? options->value : NULL, &local);
  if (variant == NULL)
    {
      fail_at_tag_value (reader, error, options, local);
      return NULL;
    }
  /* A set-up position says who moves first; its record has no Starter. */
  if (setup_tag && starter_tag)
    {
      fail_at_tag (reader, error, starter_tag, TB_TGN_ERROR_BAD_TAG,
                   _("is not given with X_Tablier_SetUp, which says who moves first"));
      return NULL;
    }
  if (setup_tag)
    return game_at_setup (reader, variant, setup_tag, error);
  if (starter_tag)
    {
      gboolean one_or_two = strcmp (starter_tag->value, "1") == 0 ||
                            strcmp (starter_tag->value, "2") == 0;

      if (one_or_two)
        starter = (guint) (starter_tag->value[0] - '0');
      if (!one_or_two)
        {
          fail_at_tag (reader, error, starter_tag, TB_TGN_ERROR_BAD_TAG, _("must be 1 or 2"));
          return NULL;
        }
      if (!tb_variant_check_starter (variant, starter, &local))
        {
          fail_at_tag_value (reader, error, starter_tag, local);
          return NULL;
        }
    }
  return tb_game_new (variant, starter);
}

typedef struct
{
  TbGame *game;
  /* The comments of each node as read, set once the moves are read:
   * setting each one as it came made the node's comment over again, and
   * 20,000 comments on one move took minutes. */
  GHashTable *comments;   /* node -> GString */
  GPtrArray *return_to;   /* per open variation: the node to go back to */
  const TbGameNode *level_start;  /* where the current line began */
  GPtrArray *level_starts;
  TbResult result_token;
  guint result_line, result_column;
  guint first_mover;     /* the seat of the first move: move numbers count its rounds */
} MovetextState;

static const char *const suffixes[] = { "", "!", "?", "!!", "??", "!?", "?!" };

/* Where the move of symbol begins, past its move number ("12.", "12...",
 * glued to the move or alone) or a continuation's dots alone ("...", as
 * in "1. ... g9-g7"): symbol itself when it has none.  *digits_end is
 * where the number's digits end (symbol when there are none). */
static char *
skip_move_number (char *symbol, const char **digits_end)
{
  char *p = symbol;

  while (g_ascii_isdigit (*p))
    p++;
  *digits_end = p;
  if (*p != '.')
    {
      *digits_end = symbol;
      return symbol;  /* "12" alone is no number: a move that does not read */
    }
  while (*p == '.')
    p++;
  return p;
}

/* Move numbers are checked, leniently as to their form, strictly as to
 * their value.  A demanding user imports files typed or edited by hand:
 * a number that does not match the moves before it is the trace of a move
 * lost or doubled in the record, and the moves after it, replayed for the
 * other seat, could still be legal in a game where both seats may make
 * them (Retournement's "I1:f6"): a wrong game read silently.  So "7."
 * where move 1 is due is an error at the number.  The form is free, as in
 * the PGN files of other programs: dots or not, "N." or "N..." before
 * either player's move, the number glued to the move or apart, and a
 * "..." of its own ("1. ... g9-g7").  A round is the first mover's move and the
 * other's (Tablier writes "1. e9-e8 e1-e2" when seat 2 moves first); when
 * seat 2 moves first, a round counted from seat 1's moves, as PGN counts
 * from White's ("1... e9-e8 2. e1-e2"), is taken too. */
static gboolean
check_move_number (TbTgnReader *reader, MovetextState *state, const char *digits, gsize n,
                   GError **error)
{
  guint ply = tb_game_get_ply (state->game);
  guint expected = (ply + 2) / 2;
  guint64 number = 0;
  g_autofree char *given = NULL, *shown = NULL;

  /* More digits than any game has moves: wrong, and no overflow. */
  for (gsize i = 0; i < n && i < 10; i++)
    number = number * 10 + (guint64) (digits[i] - '0');
  if (n <= 10 && (number == expected ||
                  (state->first_mover == 2 && number == (ply + 3) / 2)))
    return TRUE;
  given = g_strndup (digits, n);
  shown = quote (given);
  return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_BAD_MOVE,
                        _("move number %s where %u was expected"), shown, expected);
}

/* Splits "c1-c4!" into the move and its NAG, in place. */
static char *
strip_suffix (char *symbol, guint8 *nag)
{
  gsize len = strlen (symbol);

  *nag = 0;
  if (len == 0 || (symbol[len - 1] != '!' && symbol[len - 1] != '?'))
    return symbol;
  for (guint i = G_N_ELEMENTS (suffixes) - 1; i > 0; i--)
    {
      gsize n = strlen (suffixes[i]);

      if (len > n && strcmp (symbol + len - n, suffixes[i]) == 0)
        {
          symbol[len - n] = '\0';
          *nag = (guint8) i;
          break;
        }
    }
  return symbol;
}

static gboolean
play_symbol (TbTgnReader *reader, MovetextState *state, GError **error)
{
  TbGame *game = state->game;
  GString *token = reader->token.text;
  /* A copy: the token's text is the reader's, which may look at it again
   * after an error.  On the stack for the usual tokens. */
  char buffer[64];
  g_autofree char *long_symbol = NULL;
  char *symbol = token->len < sizeof buffer ? memcpy (buffer, token->str, token->len + 1)
                                            : (long_symbol = g_strdup (token->str));
  g_autoptr (GError) local = NULL;
  const char *digits_end;
  char *move;
  TbMove parsed;
  guint8 nag;

  move = skip_move_number (symbol, &digits_end);
  if (digits_end > symbol &&
      !check_move_number (reader, state, symbol, (gsize) (digits_end - symbol), error))
    return FALSE;
  move = strip_suffix (move, &nag);
  if (*move == '\0')
    return TRUE;  /* a move number, or a continuation's dots, alone */
  /* A move read after '(' is a variation: it goes after the moves already
   * there, so the main line stays the one written first, and apart from
   * them even when it starts with the same move. */
  if (!tb_game_parse_move (game, move, &parsed, &local) ||
      !tb_game_play_full (game, parsed, TB_PLAY_NEW_VARIATION, &local))
    {
      g_autofree char *token = quote (move);

      if (g_error_matches (local, TB_RULES_ERROR, TB_RULES_ERROR_BAD_MOVE_TEXT))
        return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_BAD_MOVE, "%s", local->message);
      return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_ILLEGAL_MOVE,
                            /* Translators: the move as written, the seat (1 or 2),
                             * the half-move's number from the start, why. */
                            _("illegal move '%s' for seat %u at ply %u: %s"), token,
                            tb_position_to_move (tb_game_get_position (game)),
                            tb_game_get_ply (game) + 1, local->message);
    }
  if (nag)
    tb_game_add_node_nag (game, tb_game_get_current_node (game), nag);
  return TRUE;
}

static void
string_free (gpointer string)
{
  g_string_free (string, TRUE);
}

static void
add_comment (MovetextState *state, const char *text)
{
  const TbGameNode *node = tb_game_get_current_node (state->game);
  GString *comment;

  if (state->comments == NULL)
    state->comments = g_hash_table_new_full (NULL, NULL, NULL, string_free);
  comment = g_hash_table_lookup (state->comments, node);
  tb_work_add (1);
  if (comment == NULL)
    {
      g_hash_table_insert (state->comments, (gpointer) node, g_string_new (text));
      return;
    }
  /* One comment after another is on a line of its own (as the lines of
   * "; …" comments are): a blank line between them is a paragraph's end. */
  g_string_append_c (comment, '\n');
  g_string_append (comment, text);
}

static void
set_comments (MovetextState *state)
{
  GHashTableIter iter;
  gpointer node, comment;

  g_hash_table_iter_init (&iter, state->comments);
  while (g_hash_table_iter_next (&iter, &node, &comment))
    tb_game_set_node_comment (state->game, node, ((GString *) comment)->str);
}

static gboolean
open_variation (TbTgnReader *reader, MovetextState *state, GError **error)
{
  const TbGameNode *current = tb_game_get_current_node (state->game);

  if (current == state->level_start)
    return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_SYNTAX,
                          _("a variation '(' must follow the move it replaces"));
  if (state->return_to->len >= TB_TGN_MAX_NESTING)
    return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_TOO_DEEP,
                          _("variations nested deeper than %d"), TB_TGN_MAX_NESTING);
  g_ptr_array_add (state->return_to, (gpointer) current);
  g_ptr_array_add (state->level_starts, (gpointer) state->level_start);
  tb_game_go_to_node (state->game, tb_game_node_get_parent (current));
  state->level_start = tb_game_get_current_node (state->game);
  return TRUE;
}

static gboolean
close_variation (TbTgnReader *reader, MovetextState *state, GError **error)
{
  if (state->return_to->len == 0)
    return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_SYNTAX, _("')' without a '(' before it"));
  tb_game_go_to_node (state->game, g_ptr_array_steal_index (state->return_to,
                                                            state->return_to->len - 1));
  state->level_start = g_ptr_array_steal_index (state->level_starts,
                                                state->level_starts->len - 1);
  return TRUE;
}

/* The game ends where the token is (the next game's '[' or the end of
 * the text), before its result token. */
static gboolean
fail_without_result (TbTgnReader *reader, GError **error)
{
  return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_SYNTAX,
                        _("the game of line %u ends without a result token (*, 1-0, 0-1 "
                          "or 1/2-1/2)"), reader->game_line);
}

/* One movetext token; sets *done at the result token. */
static gboolean
movetext_token (TbTgnReader *reader, MovetextState *state, gboolean *done, GError **error)
{
  TgnToken *token = &reader->token;

  switch (token->kind)
    {
    case TGN_TOKEN_EOF:
    case TGN_TOKEN_TAG_OPEN:
      return fail_without_result (reader, error);
    case TGN_TOKEN_ERROR:
      return fail_at_bad_token (reader, error);
    case TGN_TOKEN_TAG_CLOSE:
    case TGN_TOKEN_STRING:
      return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_SYNTAX,
                            "%s", token->kind == TGN_TOKEN_STRING
                                    ? _("unexpected string in the moves")
                                    : _("unexpected ']' in the moves"));
    case TGN_TOKEN_COMMENT:
      add_comment (state, token->text->str);
      return TRUE;
    case TGN_TOKEN_NAG:
      tb_game_add_node_nag (state->game, tb_game_get_current_node (state->game),
                            (guint8) token->nag);
      return TRUE;
    case TGN_TOKEN_OPEN_VARIATION:
      return open_variation (reader, state, error);
    case TGN_TOKEN_CLOSE_VARIATION:
      return close_variation (reader, state, error);
    case TGN_TOKEN_SYMBOL:
      if (!tb_result_from_string (token->text->str, &state->result_token))
        return play_symbol (reader, state, error);
      if (state->return_to->len > 0)
        return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_SYNTAX,
                              _("the result token comes inside a variation: a ')' is missing"));
      state->result_line = token->line;
      state->result_column = token->column;
      *done = TRUE;
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
read_movetext (TbTgnReader *reader, MovetextState *state, GError **error)
{
  gboolean done = FALSE;

  reader->in_movetext = TRUE;
  state->return_to = g_ptr_array_new ();
  state->level_starts = g_ptr_array_new ();
  state->level_start = tb_game_get_root (state->game);
  state->first_mover = tb_position_to_move (tb_game_get_position (state->game));
  while (movetext_token (reader, state, &done, error) && !done)
    next_token (reader);
  if (done && state->comments)
    set_comments (state);
  reader->depth = state->return_to->len;
  g_clear_pointer (&state->comments, g_hash_table_unref);
  g_ptr_array_unref (state->return_to);
  g_ptr_array_unref (state->level_starts);
  return done;
}

static void
go_to_main_line_end (TbGame *game)
{
  const TbGameNode *node = tb_game_get_root (game);

  while (tb_game_node_get_n_children (node) > 0)
    node = tb_game_node_get_child (node, 0);
  tb_game_go_to_node (game, node);
}

/* A finished game that the rules do not end: the Termination tag must say
 * how it ended, consistently with the result. */
static gboolean
check_agreed_end (TbTgnReader *reader, TbGame *game, TbResult result,
                  const ParsedTag *result_tag, const ParsedTag *termination_tag, GError **error)
{
  TbTermination termination = TB_TERMINATION_NONE;
  guint to_move = tb_game_get_to_move (game);

  if (result == TB_RESULT_NONE)
    {
      if (termination_tag)
        return fail_at_tag (reader, error, termination_tag, TB_TGN_ERROR_RESULT_MISMATCH,
                            _("is given but the result is * (unfinished)"));
      return TRUE;
    }
  if (termination_tag)
    tb_termination_from_string (termination_tag->value, &termination);
  if ((termination == TB_TERMINATION_RESIGNED && result != TB_RESULT_DRAW) ||
      (termination == TB_TERMINATION_DRAW_AGREED && result == TB_RESULT_DRAW) ||
      (termination == TB_TERMINATION_INACTIVITY &&
       result == (to_move == 1 ? TB_RESULT_SEAT2_WINS : TB_RESULT_SEAT1_WINS)))
    {
      tb_game_finish (game, result, termination);
      return TRUE;
    }
  if (termination_tag && termination != TB_TERMINATION_NONE)
    return fail_at_tag (reader, error, termination_tag, TB_TGN_ERROR_RESULT_MISMATCH,
                        _("does not agree with the Result"));
  return fail_at_tag (reader, error, result_tag, TB_TGN_ERROR_RESULT_MISMATCH,
                      _("says the game is finished, but it is not over after the last move "
                      "(and no Termination says it was resigned, agreed or abandoned)"));
}

static gboolean
check_score (TbTgnReader *reader, TbGame *game, ParsedTags *tags, GError **error)
{
  const ParsedTag *score_tag = find_tag (tags, "Score");
  g_autofree char *expected = NULL;
  int scores[2];

  if (score_tag == NULL || !tb_game_get_score (game, scores))
    return TRUE;
  expected = g_strdup_printf ("%d-%d", scores[0], scores[1]);
  if (strcmp (expected, score_tag->value) == 0)
    return TRUE;
  {
    g_autofree char *value = quote (score_tag->value);
    g_autofree char *message = g_strdup_printf (_("says %s but the final position scores %s"),
                                                value, expected);
    return fail_at_tag (reader, error, score_tag, TB_TGN_ERROR_RESULT_MISMATCH, message);
  }
}

/* PlyCount, when given, is the number of plies of the main line: the
 * game stands at its end. */
static gboolean
check_ply_count (TbTgnReader *reader, TbGame *game, ParsedTags *tags, GError **error)
{
  const ParsedTag *tag = find_tag (tags, "PlyCount");
  g_autofree char *message = NULL, *value = NULL;
  guint64 plies;

  if (tag == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (tag->value, 10, 0, G_MAXUINT, &plies, NULL))
    return fail_at_tag (reader, error, tag, TB_TGN_ERROR_BAD_TAG,
                        _("must be a number of plies (the moves of both players)"));
  if (plies == tb_game_get_ply (game))
    return TRUE;
  value = quote (tag->value);
  message = g_strdup_printf (_("says %s but the main line has %u plies"), value,
                             tb_game_get_ply (game));
  return fail_at_tag (reader, error, tag, TB_TGN_ERROR_RESULT_MISMATCH, message);
}

/* The words a Termination tag may hold are listed in the message: the
 * reader of a record has no other place to learn them. */
static gboolean
fail_at_termination_word (TbTgnReader *reader, const ParsedTag *tag, GError **error)
{
  g_autoptr (GString) words = g_string_new (NULL);
  g_autofree char *value = quote (tag->value);

  for (guint i = TB_TERMINATION_NONE + 1; i < TB_N_TERMINATIONS; i++)
    g_string_append_printf (words, "%s%s", i > TB_TERMINATION_NONE + 1 ? ", " : "",
                            tb_termination_to_string ((TbTermination) i));
  return set_error_at (reader, error, tag->line, tag->column, TB_TGN_ERROR_BAD_TAG,
                       _("'%s' is not a Termination word (%s)"), value, words->str);
}

static gboolean
check_result (TbTgnReader *reader, TbGame *game, ParsedTags *tags, MovetextState *state,
              GError **error)
{
  const ParsedTag *result_tag = find_tag (tags, "Result");
  const ParsedTag *termination_tag = find_tag (tags, "Termination");
  ParsedTag token_as_tag = { "Result", NULL, state->result_line, state->result_column };
  TbResult result = state->result_token;
  TbTermination termination;

  if (result_tag && !tb_result_from_string (result_tag->value, &result))
    return fail_at_tag (reader, error, result_tag, TB_TGN_ERROR_BAD_TAG,
                        _("must be *, 1-0, 0-1 or 1/2-1/2"));
  if (result != state->result_token)
    return set_error_at (reader, error, state->result_line, state->result_column,
                         TB_TGN_ERROR_RESULT_MISMATCH,
                         _("the result token %s disagrees with the Result tag %s"),
                         tb_result_to_string (state->result_token), result_tag->value);
  if (termination_tag && !tb_termination_from_string (termination_tag->value, &termination))
    return fail_at_termination_word (reader, termination_tag, error);

  go_to_main_line_end (game);
  if (!check_ply_count (reader, game, tags, error) || !check_score (reader, game, tags, error))
    return FALSE;
  if (!tb_game_is_over (game))
    return check_agreed_end (reader, game, result, result_tag ? result_tag : &token_as_tag,
                             termination_tag, error);
  if (result != tb_game_get_result (game))
    {
      g_autofree char *message =
        g_strdup_printf ("says %s but the final position is %s (%s)", tb_result_to_string (result),
                         tb_result_to_string (tb_game_get_result (game)),
                         tb_termination_to_string (tb_game_get_termination (game)));
      return fail_at_tag (reader, error, result_tag ? result_tag : &token_as_tag,
                          TB_TGN_ERROR_RESULT_MISMATCH, message);
    }
  if (termination_tag && termination != tb_game_get_termination (game))
    {
      g_autofree char *value = quote (termination_tag->value);
      g_autofree char *message =
        g_strdup_printf ("says %s but the game ended by %s", value,
                         tb_termination_to_string (tb_game_get_termination (game)));
      return fail_at_tag (reader, error, termination_tag, TB_TGN_ERROR_RESULT_MISMATCH,
                          message);
    }
  return TRUE;
}

/* Whether the '[' the reader is at opens a Game tag. */
static gboolean
at_game_tag (TbTgnReader *reader)
{
  const char *name = reader->text + reader->lexer.pos;
  gsize left = reader->length - reader->lexer.pos;

  return left >= 5 && memcmp (name, "Game", 4) == 0 && (name[4] == ' ' || name[4] == '\t');
}

/* Whether the '[' the reader is at, among a game's tag pairs (read or
 * skipped), starts the next game's: it comes after a blank line, which
 * ends a game's tag pairs (or after lines a comment left open swallowed),
 * or it starts a line with a Game tag and the game has one already.
 * (Another tag given again is the game's own mistake, as likely as not.) */
static gboolean
starts_next_game (TbTgnReader *reader)
{
  if (reader->token.after_break)
    return TRUE;
  return reader->token.starts_line && at_game_tag (reader) &&
         find_tag (&reader->tags, "Game") != NULL;
}

/* Notes the Game tag of a bad game that skipping goes past, so that the
 * next game's is known for the next one's (starts_next_game). */
static void
note_skipped_tag (TbTgnReader *reader)
{
  ParsedTag *tag;

  if (!at_game_tag (reader) || find_tag (&reader->tags, "Game"))
    return;
  tag = g_new0 (ParsedTag, 1);
  tag->name = g_strdup ("Game");
  parsed_tags_add (&reader->tags, tag);
}

static gboolean
check_game_start (TbTgnReader *reader, GError **error)
{
  if (reader->token.kind == TGN_TOKEN_ERROR)
    return fail_at_bad_token (reader, error);
  if (reader->token.kind != TGN_TOKEN_TAG_OPEN)
    return FAIL_AT_TOKEN (reader, error, TB_TGN_ERROR_SYNTAX,
                          _("a game starts with tag pairs such as [Game \"versus-61\"]"));
  return TRUE;
}

/* Derived tags are checked, not stored. */
static void
set_game_tags (TbGame *game, ParsedTags *tags)
{
  for (guint i = 0; i < tags->list->len; i++)
    {
      ParsedTag *tag = tags->list->pdata[i];

      if (!tb_tgn_is_derived_tag (tag->name))
        tb_game_set_tag (game, tag->name, tag->value);
    }
}

static TbGame *
read_game (TbTgnReader *reader, GError **error)
{
  ParsedTags *tags = &reader->tags;
  g_autoptr (TbGame) game = NULL;
  MovetextState state = { 0 };
  guint line = reader->token.line, column = reader->token.column;

  parsed_tags_clear (tags);
  parsed_tags_init (tags);
  reader->in_movetext = FALSE;
  reader->in_tag = FALSE;
  reader->depth = 0;
  reader->at_game_end = FALSE;
  if (!check_game_start (reader, error))
    return NULL;
  while (reader->token.kind == TGN_TOKEN_TAG_OPEN)
    {
      /* Tag pairs alone, and the next game's: this one has no moves.
       * Skipping stops at once at this '[', as at one in the moves. */
      if (tags->list->len > 0 && starts_next_game (reader))
        {
          reader->in_movetext = TRUE;
          fail_without_result (reader, error);
          return NULL;
        }
      if (!read_tag (reader, tags, error))
        return NULL;
    }

  game = game_from_tags (reader, tags, line, column, error);
  /* Nobody watches a game being read: it need not say each change. */
  if (game)
    tb_game_set_quiet (game, TRUE);
  if (game == NULL)
    return NULL;
  set_game_tags (game, tags);
  state.game = game;
  if (!read_movetext (reader, &state, error))
    return NULL;
  next_token (reader);
  reader->at_game_end = TRUE;
  if (!check_result (reader, game, tags, &state, error))
    return NULL;
  return g_steal_pointer (&game);
}

/* Where skipping what is left of a bad game has come to. */
typedef struct
{
  gboolean in_movetext;
  gboolean in_tag;       /* between '[' and ']': a tag name is not a move */
  guint depth;           /* of the variations open */
} Skipping;

/* Whether the token, met while skipping what is left of a bad game, is
 * where the next game starts: a '[' that starts a line once the moves
 * have begun (or that the moves met), or what follows a result token out
 * of the variations. */
static gboolean
skip_token (Skipping *skip, const TgnToken *token, gboolean first)
{
  TbResult result;

  /* A tag pair is one line: one left open (a string cut at the line's
   * end, a ']' missing) ends with it, and what starts the next line is
   * a tag pair again or the moves, not more of the tag. */
  if (token->starts_line)
    skip->in_tag = FALSE;
  switch (token->kind)
    {
    case TGN_TOKEN_TAG_OPEN:
      if (skip->in_movetext && (token->starts_line || first))
        return TRUE;
      skip->in_tag = TRUE;
      return FALSE;
    case TGN_TOKEN_TAG_CLOSE:
      skip->in_tag = FALSE;
      return FALSE;
    case TGN_TOKEN_STRING:
      return FALSE;
    case TGN_TOKEN_OPEN_VARIATION:
      skip->depth += !skip->in_tag;
      break;
    case TGN_TOKEN_CLOSE_VARIATION:
      skip->depth -= skip->depth > 0;
      break;
    default:
      break;
    }
  skip->in_movetext |= !skip->in_tag;
  return token->kind == TGN_TOKEN_SYMBOL && skip->in_movetext && skip->depth == 0 &&
         tb_result_from_string (token->text->str, &result);
}

/* After a bad game, skip to the start of the next one: past its result
 * token, to a '[' that starts a line once the moves have begun (the
 * lexer stops a comment that does not end at such a line), or, among the
 * tag pairs still, to the next game's tag pairs (starts_next_game). */
static void
skip_bad_game (TbTgnReader *reader)
{
  Skipping skip = { reader->in_movetext, reader->in_tag, reader->depth };

  if (reader->at_game_end)
    return;
  for (gboolean first = TRUE; reader->token.kind != TGN_TOKEN_EOF; first = FALSE)
    {
      gboolean result = reader->token.kind == TGN_TOKEN_SYMBOL;

      if (reader->token.kind == TGN_TOKEN_TAG_OPEN && !skip.in_movetext)
        {
          if (starts_next_game (reader))
            return;
          note_skipped_tag (reader);
        }
      if (skip_token (&skip, &reader->token, first))
        {
          if (result)
            next_token (reader);
          return;
        }
      next_token (reader);
    }
}

TbGame *
tb_tgn_reader_next (TbTgnReader *reader, GError **error)
{
  TbGame *game;

  g_return_val_if_fail (reader != NULL, NULL);

  if (reader->token.kind == TGN_TOKEN_EOF)
    return NULL;
  reader->game_line = reader->token.line;
  game = read_game (reader, error);
  if (game == NULL)
    skip_bad_game (reader);
  else
    tb_game_set_quiet (game, FALSE);
  return game;
}

guint
tb_tgn_reader_get_game_line (TbTgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->game_line;
}

GPtrArray *
tb_tgn_read_all (const char *text, gssize length, GError **error)
{
  g_autoptr (TbTgnReader) reader = tb_tgn_reader_new (text, length);
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  GError *local = NULL;
  TbGame *game;

  while ((game = tb_tgn_reader_next (reader, &local)) != NULL || local == NULL)
    {
      if (game == NULL)
        return g_steal_pointer (&games);
      g_ptr_array_add (games, game);
    }
  g_propagate_error (error, local);
  return NULL;
}
