/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tgn-lexer.c: splitting a TGN record into tokens, with positions */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "tb-tgn-lexer.h"
#include "tb-work.h"

_Thread_local guint64 tb_work_steps;

/* The bytes a symbol is made of: all but space, controls and the
 * punctuation of the format (a table: every byte of a record asks). */
static gboolean symbol_bytes[256];

static void
init_symbol_bytes (void)
{
  static gsize done = 0;

  if (!g_once_init_enter (&done))
    return;
  for (int c = '!'; c < 256; c++)
    symbol_bytes[c] = !strchr ("[]{}();\"$", c);
  g_once_init_leave (&done, 1);
}

static inline gboolean
is_symbol_char (int c)
{
  return c >= 0 && symbol_bytes[c];
}

void
tgn_lexer_init (TgnLexer *lexer, const char *text, gsize length)
{
  lexer->text = text;
  lexer->length = length;
  lexer->pos = 0;
  lexer->line = 1;
  lexer->column = 1;
  lexer->at_line_start = TRUE;
  init_symbol_bytes ();
}

static inline int
peek (const TgnLexer *lexer)
{
  return lexer->pos < lexer->length ? (guchar) lexer->text[lexer->pos] : -1;
}

/* Moves past one byte; columns count characters, so UTF-8 continuation
 * bytes do not advance them. */
static inline void
advance (TgnLexer *lexer)
{
  guchar c = (guchar) lexer->text[lexer->pos++];

  if (c == '\n')
    {
      lexer->line++;
      lexer->column = 1;
      lexer->at_line_start = TRUE;
    }
  else if ((c & 0xc0) != 0x80)
    lexer->column++;
}

static inline gboolean
is_space (int c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* Skips the space before a token, and PGN's escape lines: a line whose
 * first character is '%' holds data for other programs and is ignored
 * whole (its newline is space).  Only in the first column: elsewhere '%'
 * is part of a symbol, and inside a comment it is the comment's.  Notes
 * a blank line on the way (where a game's tag pairs end). */
static void
skip_space (TgnLexer *lexer)
{
  gboolean line_empty = lexer->at_line_start;

  for (;;)
    {
      int c = peek (lexer);

      if (c == '%' && (lexer->pos == 0 || lexer->text[lexer->pos - 1] == '\n'))
        {
          while ((c = peek (lexer)) >= 0 && c != '\n')
            advance (lexer);
          line_empty = FALSE;
        }
      else if (c == '\n')
        {
          lexer->break_seen |= line_empty;
          line_empty = TRUE;
          advance (lexer);
        }
      else if (is_space (c))
        advance (lexer);
      else
        return;
    }
}

static void
fail (TgnToken *token, const char *message)
{
  token->kind = TGN_TOKEN_ERROR;
  g_string_assign (token->text, message);
}

static void
read_string (TgnLexer *lexer, TgnToken *token)
{
  int c;

  advance (lexer);
  while ((c = peek (lexer)) != '"')
    {
      if (c < 0 || c == '\n')
        {
          fail (token, _("unterminated string (a tag value ends with \" on the same line)"));
          return;
        }
      if (c == '\\')
        {
          advance (lexer);
          c = peek (lexer);
          if (c != '"' && c != '\\')
            {
              fail (token, _("in a string, \\ may only come before \" or \\"));
              return;
            }
        }
      g_string_append_c (token->text, (char) c);
      advance (lexer);
    }
  advance (lexer);
  token->kind = TGN_TOKEN_STRING;
}

/* Whether the text at pos is the start of a tag pair: '[', a name, space
 * and '"'. */
static gboolean
starts_tag_pair (const TgnLexer *lexer, gsize pos)
{
  const char *start = lexer->text + pos, *end = lexer->text + lexer->length;
  const char *p = start;

  if (p < end && *p == '[')
    p++;
  if (p == start || p == end || !g_ascii_isalpha (*p))
    return FALSE;
  while (p < end && (g_ascii_isalnum (*p) || *p == '_'))
    p++;
  if (p == end || (*p != ' ' && *p != '\t'))
    return FALSE;
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  tb_work_add ((guint64) (p - start));
  return p < end && *p == '"';
}

/* A comment that does not end stops at a line that starts with a tag
 * pair, where the next game most likely begins, rather than swallow every
 * game after it: its own game is lost, not the file.  (The writer never
 * starts a line with '['; a comment that quotes a tag pair at the start
 * of a line, as no record Tablier writes does, is refused.) */
static void
read_brace_comment (TgnLexer *lexer, TgnToken *token)
{
  guint newlines = 0;
  int c;

  advance (lexer);
  while ((c = peek (lexer)) != '}')
    {
      if (c < 0)
        {
          fail (token, _("unterminated comment: '{' has no matching '}'"));
          return;
        }
      g_string_append_c (token->text, (char) c);
      advance (lexer);
      newlines += c == '\n';
      if (c == '\n' && starts_tag_pair (lexer, lexer->pos))
        {
          /* Whole lines swallowed were no tag pairs: the tag pairs of
           * the comment's game, if it was among them, have ended. */
          lexer->break_seen = newlines > 1;
          token->kind = TGN_TOKEN_ERROR;
          g_string_printf (token->text, _("unterminated comment: '{' has no matching '}' before "
                           "the tag pair of line %u"), lexer->line);
          return;
        }
    }
  advance (lexer);
  token->kind = TGN_TOKEN_COMMENT;
}

static void
read_line_comment (TgnLexer *lexer, TgnToken *token)
{
  int c;

  advance (lexer);
  while ((c = peek (lexer)) >= 0 && c != '\n')
    {
      g_string_append_c (token->text, (char) c);
      advance (lexer);
    }
  token->kind = TGN_TOKEN_COMMENT;
  token->line_comment = TRUE;
}

static void
read_nag (TgnLexer *lexer, TgnToken *token)
{
  guint value = 0, digits = 0;

  advance (lexer);
  while (g_ascii_isdigit (peek (lexer)) && digits < 4)
    {
      value = value * 10 + (guint) (peek (lexer) - '0');
      digits++;
      advance (lexer);
    }
  if (digits == 0 || value > 255 || g_ascii_isdigit (peek (lexer)))
    {
      fail (token, _("a NAG is $ followed by a number from 0 to 255"));
      return;
    }
  token->kind = TGN_TOKEN_NAG;
  token->nag = value;
}

static void
read_symbol (TgnLexer *lexer, TgnToken *token)
{
  while (is_symbol_char (peek (lexer)))
    {
      g_string_append_c (token->text, (char) peek (lexer));
      advance (lexer);
    }
  token->kind = TGN_TOKEN_SYMBOL;
}

/* A byte that starts no token: an error. */
static void
read_stray (TgnLexer *lexer, TgnToken *token, int c)
{
  advance (lexer);
  if (c == '}')
    fail (token, "'}' without a '{' before it");
  else if (c == 0)
    {
      fail (token, _("NUL byte: a record is text"));
      token->bad_encoding = TRUE;
    }
  else
    fail (token, _("unexpected control character"));
}

/* The token at the lexer's position, the space before it skipped. */
static void
read_token (TgnLexer *lexer, TgnToken *token)
{
  int c;

  g_string_truncate (token->text, 0);
  token->line = lexer->line;
  token->column = lexer->column;
  token->starts_line = lexer->at_line_start;
  token->after_break = lexer->break_seen;
  lexer->break_seen = FALSE;
  token->line_comment = FALSE;
  token->bad_encoding = FALSE;
  lexer->at_line_start = FALSE;

  c = peek (lexer);
  if (c < 0)
    token->kind = TGN_TOKEN_EOF;
  else if (c == '[' || c == ']' || c == '(' || c == ')')
    {
      token->kind = c == '[' ? TGN_TOKEN_TAG_OPEN : c == ']' ? TGN_TOKEN_TAG_CLOSE
                  : c == '(' ? TGN_TOKEN_OPEN_VARIATION : TGN_TOKEN_CLOSE_VARIATION;
      advance (lexer);
    }
  else if (c == '"')
    read_string (lexer, token);
  else if (c == '{')
    read_brace_comment (lexer, token);
  else if (c == ';')
    read_line_comment (lexer, token);
  else if (c == '$')
    read_nag (lexer, token);
  else if (is_symbol_char (c))
    read_symbol (lexer, token);
  else
    read_stray (lexer, token, c);
}

/* A token that is not UTF-8 text (or holds a NUL byte) is an error where
 * its first bad byte is: it costs the game it is in, not the file. */
static void
check_encoding (const TgnLexer *lexer, TgnToken *token, gsize start)
{
  const char *end;
  guchar byte;

  if (g_utf8_validate_len (lexer->text + start, lexer->pos - start, &end))
    return;
  for (const char *p = lexer->text + start; p < end; p++)
    {
      if (*p == '\n')
        {
          token->line++;
          token->column = 1;
        }
      else if ((*p & 0xc0) != 0x80)
        token->column++;
    }
  byte = (guchar) *end;
  token->kind = TGN_TOKEN_ERROR;
  token->bad_encoding = TRUE;
  if (byte == 0)
    g_string_assign (token->text, _("NUL byte: a record is text"));
  else
    g_string_printf (token->text, _("byte 0x%02x is not valid UTF-8 (records are UTF-8 text)"), byte);
}

void
tgn_lexer_next (TgnLexer *lexer, TgnToken *token)
{
  gsize before = lexer->pos, start;

  skip_space (lexer);
  start = lexer->pos;
  read_token (lexer, token);
  if (token->kind == TGN_TOKEN_STRING || token->kind == TGN_TOKEN_COMMENT ||
      token->kind == TGN_TOKEN_SYMBOL)
    check_encoding (lexer, token, start);
  tb_work_add (lexer->pos - before);
}
