/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tgn-lexer.h: the tokens of a TGN record (PGN's lexical rules) */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  TGN_TOKEN_EOF,
  TGN_TOKEN_TAG_OPEN,     /* [ */
  TGN_TOKEN_TAG_CLOSE,    /* ] */
  TGN_TOKEN_STRING,       /* "…", unescaped in text */
  TGN_TOKEN_SYMBOL,       /* a tag name, move, move number or result */
  TGN_TOKEN_NAG,          /* $n: number in nag */
  TGN_TOKEN_COMMENT,      /* {…} or ; … (line_comment set) */
  TGN_TOKEN_OPEN_VARIATION,
  TGN_TOKEN_CLOSE_VARIATION,
  TGN_TOKEN_ERROR,        /* text holds the message, line and column where it is */
} TgnTokenKind;

typedef struct
{
  TgnTokenKind kind;
  GString *text;
  guint nag;
  gboolean line_comment;
  gboolean bad_encoding;  /* an error: a byte that is not UTF-8, or NUL */
  gboolean starts_line;   /* first token on its line */
  /* A blank line before it, or whole lines swallowed by a comment left
   * open: where a game's tag pairs have ended. */
  gboolean after_break;
  guint line;             /* 1-based */
  guint column;           /* 1-based, in characters */
} TgnToken;

typedef struct
{
  const char *text;
  gsize length;
  gsize pos;
  guint line;
  guint column;
  gboolean at_line_start;
  gboolean break_seen;    /* since the last token (TgnToken.after_break) */
} TgnLexer;

void tgn_lexer_init (TgnLexer *lexer, const char *text, gsize length);
/* Fills token with the next token; token->text must be a GString. */
void tgn_lexer_next (TgnLexer *lexer, TgnToken *token);

G_END_DECLS
