/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-code.c: move tokens as small integers (tb-move-code.h)
 *
 * Each ruleset's canonical tokens (versus FROM-TO, ra kFROM-TO, oraia a
 * chain of cells and =R or =L, retournement PIECE:CELLS, pass) are read
 * by a small grammar into numbers: a cell is its column and row on the
 * square that holds the board, so a code depends on the names of the
 * cells and nothing else.  Every code is checked by reading it back: a
 * token whose code would not give the same bytes (a spelling the
 * grammar reads but does not write) has no code.
 *
 * Code 1 is pass; the others are 2 and above.  Sizes: a Versus move
 * fits in two bytes of the line (121 cells of Versus 91, squared, is
 * under 2^14), an RA move in three, most Oraïa moves in two.
 */
#include "config.h"

#include <string.h>

#include "tb-move-code.h"

typedef enum
{
  GRAMMAR_STEP,        /* FROM-TO */
  GRAMMAR_COUNT_STEP,  /* kFROM-TO */
  GRAMMAR_CHAIN,       /* CELL-CELL[-CELL…][=R|=L], the cells of Oraïa */
  GRAMMAR_PLACEMENT,   /* PIECE:CELL[-CELL…] */
} Grammar;

typedef struct
{
  const char *id;
  Grammar grammar;
  guint side;          /* columns a.. and rows 1..side */
} Ruleset;

/* Their numbers are the index + 1 and never change: they are in files. */
static const Ruleset rulesets[] = {
  { "versus-61", GRAMMAR_STEP, 9 },
  { "versus-91", GRAMMAR_STEP, 11 },
  { "ra", GRAMMAR_COUNT_STEP, 13 },
  { "oraia", GRAMMAR_CHAIN, 0 },
  { "retournement", GRAMMAR_PLACEMENT, 11 },
};

/* In the order of the notation: a piece's code is its index. */
static const char *const pieces[] = {
  "I1", "I2", "I3", "V3", "I4", "O4", "T4", "I5", "T5", "U5", "V5", "W5", "X5",
};

#define PASS 1
#define FIRST_MOVE 2
#define ORAIA_CELLS 25   /* I0..I7, O0..O7, P0..P7, C */
#define COUNT_LIMIT 9    /* ra's k: 1..3 in play, any digit read */
/* A chain's number stays far from overflowing 64 bits. */
#define SEQUENCE_LIMIT (G_GUINT64_CONSTANT (1) << 56)

static const Ruleset *
ruleset_of (guint8 number)
{
  return number >= 1 && number <= G_N_ELEMENTS (rulesets) ? &rulesets[number - 1] : NULL;
}

guint8
tb_move_code_ruleset (const char *ruleset_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (rulesets); i++)
    if (g_strcmp0 (rulesets[i].id, ruleset_id) == 0)
      return (guint8) (i + 1);
  return 0;
}

/* ---- reading a token ---- */

typedef struct
{
  const char *at;
  const char *end;
} Text;

static gboolean
take_char (Text *text, char c)
{
  if (text->at < text->end && *text->at == c)
    {
      text->at++;
      return TRUE;
    }
  return FALSE;
}

/* A number 1..limit (0..limit when zero is TRUE). */
static gboolean
take_number (Text *text, guint limit, gboolean zero, guint *value)
{
  guint n = 0;
  const char *start = text->at;

  while (text->at < text->end && g_ascii_isdigit (*text->at) && n <= limit)
    n = n * 10 + (guint) (*text->at++ - '0');
  *value = n;
  return text->at > start && n <= limit && (zero || n >= 1);
}

/* A cell of a board of side columns a.. and rows 1..side: 0..side²-1. */
static gboolean
take_square_cell (Text *text, guint side, guint *cell)
{
  guint row;
  guint column;

  if (text->at >= text->end || *text->at < 'a' || (guint) (*text->at - 'a') >= side)
    return FALSE;
  column = (guint) (*text->at++ - 'a');
  if (!take_number (text, side, FALSE, &row))
    return FALSE;
  *cell = column * side + row - 1;
  return TRUE;
}

static gboolean
take_oraia_cell (Text *text, guint *cell)
{
  static const char rings[] = "IOP";
  const char *ring;
  guint index;

  if (take_char (text, 'C'))
    {
      *cell = ORAIA_CELLS - 1;
      return TRUE;
    }
  if (text->at >= text->end || (ring = strchr (rings, *text->at)) == NULL || *ring == '\0')
    return FALSE;
  text->at++;
  if (!take_number (text, 7, TRUE, &index))
    return FALSE;
  *cell = (guint) (ring - rings) * 8 + index;
  return TRUE;
}

static gboolean
take_cell (Text *text, const Ruleset *ruleset, guint *cell)
{
  return ruleset->grammar == GRAMMAR_CHAIN ? take_oraia_cell (text, cell)
                                           : take_square_cell (text, ruleset->side, cell);
}

/* Cells separated by '-' (at least min of them), as a number in
 * bijective base `cells` (each cell a digit 1..cells): any count of
 * cells has its own numbers. */
static gboolean
take_sequence (Text *text, const Ruleset *ruleset, guint cells, guint min, guint64 *sequence)
{
  guint count = 0;
  guint cell;

  *sequence = 0;
  do
    {
      if (!take_cell (text, ruleset, &cell) || *sequence >= SEQUENCE_LIMIT / cells)
        return FALSE;
      *sequence = *sequence * cells + cell + 1;
      count++;
    }
  while (take_char (text, '-'));
  return count >= min;
}

static gboolean
take_piece (Text *text, guint *piece)
{
  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    if ((gsize) (text->end - text->at) >= 2 && memcmp (text->at, pieces[i], 2) == 0)
      {
        text->at += 2;
        *piece = i;
        return TRUE;
      }
  return FALSE;
}

/* The token's number within its grammar (before FIRST_MOVE is added). */
static gboolean
read_move (const Ruleset *ruleset, Text *text, guint64 *payload)
{
  guint side2 = ruleset->side * ruleset->side;
  guint from, to, count, piece;
  guint64 sequence;

  switch (ruleset->grammar)
    {
    case GRAMMAR_STEP:
      if (!take_square_cell (text, ruleset->side, &from) || !take_char (text, '-') ||
          !take_square_cell (text, ruleset->side, &to))
        return FALSE;
      *payload = (guint64) from * side2 + to;
      return TRUE;
    case GRAMMAR_COUNT_STEP:
      if (!take_number (text, COUNT_LIMIT, FALSE, &count) ||
          !take_square_cell (text, ruleset->side, &from) || !take_char (text, '-') ||
          !take_square_cell (text, ruleset->side, &to))
        return FALSE;
      *payload = ((guint64) (count - 1) * side2 + from) * side2 + to;
      return TRUE;
    case GRAMMAR_CHAIN:
      {
        guint turn = 0;

        if (!take_sequence (text, ruleset, ORAIA_CELLS, 2, &sequence))
          return FALSE;
        if (take_char (text, '='))
          {
            if (take_char (text, 'R'))
              turn = 1;
            else if (take_char (text, 'L'))
              turn = 2;
            else
              return FALSE;
          }
        *payload = sequence * 3 + turn;
        return TRUE;
      }
    case GRAMMAR_PLACEMENT:
      if (!take_piece (text, &piece) || !take_char (text, ':') ||
          !take_sequence (text, ruleset, side2, 1, &sequence))
        return FALSE;
      *payload = sequence * G_N_ELEMENTS (pieces) + piece;
      return TRUE;
    }
  return FALSE;
}

/* ---- writing a token ---- */

/* n (under 100) in decimal: printf would be a tenth of an import. */
static void
write_small_number (guint n, GString *out)
{
  if (n >= 10)
    g_string_append_c (out, (char) ('0' + n / 10));
  g_string_append_c (out, (char) ('0' + n % 10));
}

static void
write_square_cell (guint side, guint cell, GString *out)
{
  g_string_append_c (out, (char) ('a' + cell / side));
  write_small_number (cell % side + 1, out);
}

static void
write_cell (const Ruleset *ruleset, guint cell, GString *out)
{
  if (ruleset->grammar != GRAMMAR_CHAIN)
    write_square_cell (ruleset->side, cell, out);
  else if (cell == ORAIA_CELLS - 1)
    g_string_append_c (out, 'C');
  else
    {
      g_string_append_c (out, "IOP"[cell / 8]);
      write_small_number (cell % 8, out);
    }
}

/* The cells of a bijective base-`cells` number, '-' between them. */
static gboolean
write_sequence (const Ruleset *ruleset, guint cells, guint64 sequence, GString *out)
{
  guint digits[64];
  guint n = 0;

  if (sequence == 0)
    return FALSE;
  while (sequence > 0)
    {
      guint64 digit = (sequence - 1) % cells;

      digits[n++] = (guint) digit;
      sequence = (sequence - 1) / cells;
    }
  while (n-- > 0)
    {
      write_cell (ruleset, digits[n], out);
      if (n > 0)
        g_string_append_c (out, '-');
    }
  return TRUE;
}

static gboolean
write_move (const Ruleset *ruleset, guint64 payload, GString *out)
{
  guint side2 = ruleset->side * ruleset->side;

  switch (ruleset->grammar)
    {
    case GRAMMAR_STEP:
      if (payload >= (guint64) side2 * side2)
        return FALSE;
      write_square_cell (ruleset->side, (guint) (payload / side2), out);
      g_string_append_c (out, '-');
      write_square_cell (ruleset->side, (guint) (payload % side2), out);
      return TRUE;
    case GRAMMAR_COUNT_STEP:
      if (payload >= (guint64) COUNT_LIMIT * side2 * side2)
        return FALSE;
      write_small_number ((guint) (payload / side2 / side2) + 1, out);
      write_square_cell (ruleset->side, (guint) (payload / side2 % side2), out);
      g_string_append_c (out, '-');
      write_square_cell (ruleset->side, (guint) (payload % side2), out);
      return TRUE;
    case GRAMMAR_CHAIN:
      if (payload / 3 <= ORAIA_CELLS || !write_sequence (ruleset, ORAIA_CELLS, payload / 3, out))
        return FALSE;
      g_string_append (out, (const char *[]) { "", "=R", "=L" }[payload % 3]);
      return TRUE;
    case GRAMMAR_PLACEMENT:
      g_string_append (out, pieces[payload % G_N_ELEMENTS (pieces)]);
      g_string_append_c (out, ':');
      return write_sequence (ruleset, side2, payload / G_N_ELEMENTS (pieces), out);
    }
  return FALSE;
}

gboolean
tb_move_code_decode (guint8 number, guint64 code, GString *out)
{
  const Ruleset *ruleset = ruleset_of (number);
  gsize before = out->len;

  if (ruleset == NULL || code == 0)
    return FALSE;
  if (code == PASS)
    {
      g_string_append (out, "pass");
      return TRUE;
    }
  if (write_move (ruleset, code - FIRST_MOVE, out))
    return TRUE;
  g_string_truncate (out, before);
  return FALSE;
}

/* The code of token, checked by writing it back into scratch. */
static guint64
encode_token (guint8 number, const char *token, gsize length, GString *scratch)
{
  const Ruleset *ruleset = ruleset_of (number);
  Text text = { token, token + length };
  guint64 payload;
  guint64 code;

  if (ruleset == NULL)
    return 0;
  if (length == 4 && memcmp (token, "pass", 4) == 0)
    return PASS;
  if (!read_move (ruleset, &text, &payload) || text.at != text.end)
    return 0;
  code = payload + FIRST_MOVE;
  /* Only a code that gives these very bytes back (a leading zero, say,
   * would not). */
  g_string_truncate (scratch, 0);
  if (!tb_move_code_decode (number, code, scratch) || scratch->len != length ||
      memcmp (scratch->str, token, length) != 0)
    return 0;
  return code;
}

guint64
tb_move_code_encode (guint8 number, const char *token, gsize length)
{
  g_autoptr (GString) scratch = g_string_sized_new (32);

  return encode_token (number, token, length, scratch);
}

/* ---- lines ---- */

static void
append_varint (GByteArray *out, guint64 value)
{
  do
    {
      guint8 byte = value & 0x7f;

      value >>= 7;
      if (value)
        byte |= 0x80;
      g_byte_array_append (out, &byte, 1);
    }
  while (value);
}

static gboolean
read_varint (const guint8 **at, const guint8 *end, guint64 *value)
{
  *value = 0;
  for (guint shift = 0; *at < end && shift < 64; shift += 7)
    {
      guint8 byte = *(*at)++;

      *value |= (guint64) (byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return TRUE;
    }
  return FALSE;
}

gboolean
tb_move_code_encode_line (const char *ruleset_id, const char *line, gsize length,
                          GByteArray *out)
{
  guint8 number = tb_move_code_ruleset (ruleset_id);
  const char *token = line;
  const char *end = line + length;

  g_autoptr (GString) scratch = NULL;

  if (number == 0)
    return FALSE;
  scratch = g_string_sized_new (64);
  g_byte_array_append (out, &number, 1);
  while (token < end || (token == end && token > line && end[-1] == ' '))
    {
      const char *space = memchr (token, ' ', (gsize) (end - token));
      gsize size = (gsize) ((space ? space : end) - token);
      guint64 code = encode_token (number, token, size, scratch);

      append_varint (out, code);
      if (code == 0)
        {
          append_varint (out, size);
          g_byte_array_append (out, (const guint8 *) token, (guint) size);
        }
      token += size + 1;
    }
  return TRUE;
}

gboolean
tb_move_code_decode_line (const guint8 *data, gsize length, GString *out)
{
  const guint8 *at = data + 1;
  const guint8 *end = data + length;
  gsize before = out->len;
  gboolean read = length > 0 && ruleset_of (data[0]) != NULL;

  for (gboolean first = TRUE; read && at < end; first = FALSE)
    {
      guint64 code;
      guint64 size;

      if (!first)
        g_string_append_c (out, ' ');
      if (!read_varint (&at, end, &code))
        read = FALSE;
      else if (code != 0)
        read = tb_move_code_decode (data[0], code, out);
      else if ((read = read_varint (&at, end, &size) && size <= (guint64) (end - at)))
        {
          g_string_append_len (out, (const char *) at, (gssize) size);
          at += size;
        }
    }
  if (!read)
    g_string_truncate (out, before);
  return read;
}
