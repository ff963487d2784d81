/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tgn-writer.c: writing a TbGame as a TGN record, or its main line as
 * the game store keeps it; and a record from what the store keeps */
#include "config.h"

#include <string.h>

#include "tb-eval-command.h"
#include "tb-tgn.h"
#include "tb-work.h"

#define MAX_LINE 79

/* The tags NOTATION.md §4 orders, after the derived ones are placed:
 * the players' before PlyCount, the others after it. */
static const char *const seven_tags[] = { "Event", "Site", "Date", "Round", "Player1",
                                          "Player2", NULL };
static const char *const player_tags[] = { "Player1Type", "Player2Type", "Player1Level",
                                           "Player2Level", NULL };
static const char *const later_tags[] = { "Annotator", "TimeControl", "Match", "MatchScore",
                                          "GameId", NULL };

gboolean
tb_tgn_is_derived_tag (const char *name)
{
  static const char *const derived[] = { "Result", "Termination", "Score", "PlyCount",
                                         "Game", "TgnVersion", "Starter",
                                         "X_Tablier_Options", "X_Tablier_SetUp", NULL };

  g_return_val_if_fail (name != NULL, FALSE);
  return g_strv_contains (derived, name);
}

static void
write_tag (GString *out, const char *name, const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *p = value; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      /* A tag value lives on one line. */
      g_string_append_c (out, (*p == '\n' || *p == '\r') ? ' ' : *p);
    }
  g_string_append (out, "\"]\n");
}

static void
write_game_tags (TbGame *game, const char *const *names, GString *out)
{
  for (guint i = 0; names[i]; i++)
    if (tb_game_get_tag (game, names[i]))
      write_tag (out, names[i], tb_game_get_tag (game, names[i]));
}

static gboolean
is_placed (const char *name)
{
  return g_strv_contains (seven_tags, name) || g_strv_contains (player_tags, name) ||
         g_strv_contains (later_tags, name) || tb_tgn_is_derived_tag (name);
}

/* What the game's end and rules say: Result to Termination. */
static void
write_derived_tags (TbGame *game, const TbOutcome *outcome, GString *out)
{
  TbVariant *variant = tb_game_get_variant (game);
  int scores[2];

  write_tag (out, "Result", tb_result_to_string (outcome->result));
  write_tag (out, "Game", tb_rules_get_id (variant->rules));
  write_tag (out, "TgnVersion", "1");
  /* A set-up position says who moves first itself (X_Tablier_SetUp). */
  if (tb_game_get_starter (game) == 2 && tb_game_get_setup (game) == NULL)
    write_tag (out, "Starter", "2");
  if (tb_game_get_final_score (game, scores))
    {
      g_autofree char *score = g_strdup_printf ("%d-%d", scores[0], scores[1]);

      write_tag (out, "Score", score);
    }
  if (outcome->result != TB_RESULT_NONE)
    write_tag (out, "Termination", tb_termination_to_string (outcome->termination));
}

/* The options and the set-up position, to resume exactly. */
static void
write_variant_tags (TbGame *game, GString *out)
{
  TbVariant *variant = tb_game_get_variant (game);
  g_autofree char *options = tb_variant_options_to_text (variant);

  if (*options)
    write_tag (out, "X_Tablier_Options", options);
  if (tb_game_get_setup (game))
    {
      g_autofree char *setup = tb_variant_format_position (variant, tb_game_get_setup (game));
      write_tag (out, "X_Tablier_SetUp", setup);
    }
}

/* The tag pairs, PlyCount among them when ply_count. */
static void
write_tags (TbGame *game, const TbOutcome *outcome, gboolean ply_count, GString *out)
{
  const char *const *names = tb_game_get_tag_names (game);

  for (guint i = 0; seven_tags[i]; i++)
    {
      const char *value = tb_game_get_tag (game, seven_tags[i]);

      write_tag (out, seven_tags[i], value ? value : "?");
    }
  write_derived_tags (game, outcome, out);
  write_game_tags (game, player_tags, out);
  if (ply_count)
    {
      g_autofree char *plies = g_strdup_printf ("%u", tb_game_get_main_line_length (game));

      write_tag (out, "PlyCount", plies);
    }
  write_game_tags (game, later_tags, out);
  write_variant_tags (game, out);
  for (guint i = 0; names[i]; i++)
    if (!is_placed (names[i]))
      write_tag (out, names[i], tb_game_get_tag (game, names[i]));
}

/* Movetext words, wrapped so that no line exceeds MAX_LINE characters
 * (a word longer than that has a line of its own). */
typedef struct
{
  GString *out;
  gsize column;             /* characters on the line being written */
  TbLine *line;
  TbVariant *variant;
  GString *token;           /* the move being written */
  gboolean open_variation;  /* the next word starts with "(" */
} Writer;

/* The token of node's move, played from pos: the one spelling of a move,
 * in movetext and in the main line the game store keeps alike. */
static void
append_token (TbVariant *variant, const TbPosition *pos, const TbGameNode *node, GString *out)
{
  tb_variant_append_move (variant, pos, tb_game_node_get_move (node), out);
}

/* Bytes added to out: the copy alone when out has room (an export adds
 * two or three short pieces a move; g_string_append_len's own checks
 * were a tenth of it). */
static inline void
append_bytes (GString *out, const char *bytes, gsize length)
{
  if (G_LIKELY (out->len + length < out->allocated_len))
    {
      memcpy (out->str + out->len, bytes, length);
      out->len += length;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, bytes, (gssize) length);
}

static void
new_line (Writer *w)
{
  append_bytes (w->out, "\n", 1);
  w->column = 0;
}

/* Text without a line break, of bytes bytes and chars characters, added
 * to the line. */
static void
put_sized_text (Writer *w, const char *text, gsize bytes, gsize chars)
{
  append_bytes (w->out, text, bytes);
  w->column += chars;
  tb_work_add (bytes);
}

static void
put_text (Writer *w, const char *text)
{
  gsize length = strlen (text);

  put_sized_text (w, text, length, (gsize) g_utf8_strlen (text, (gssize) length));
}

/* Whether a word fits on the line after a space. */
static gboolean
fits (Writer *w, gsize word_length)
{
  return w->column + 1 + word_length <= MAX_LINE;
}

/* A word, after a space, or on a new line when it does not fit.  No line
 * starts with '[' or '%', which tools that read records a line at a time
 * take for a tag pair or an escape: a word of a comment that would goes
 * after a space there, which reads back as the space it stands for. */
static void
put_sized_word (Writer *w, const char *word, gsize bytes)
{
  gsize chars = bytes;
  gsize length;

  /* Its characters: its bytes but those that continue one (10xxxxxx),
   * in one pass (g_utf8_strlen and strlen were a tenth of an export). */
  for (gsize i = 0; i < bytes; i++)
    chars -= ((guchar) word[i] & 0xc0) == 0x80;
  length = chars + (w->open_variation ? 1 : 0);

  if (w->column > 0 && !fits (w, length))
    new_line (w);
  else if (w->column > 0)
    put_sized_text (w, " ", 1, 1);
  if (w->open_variation)
    put_sized_text (w, "(", 1, 1);
  else if (w->column == 0 && (word[0] == '[' || word[0] == '%'))
    put_sized_text (w, " ", 1, 1);
  w->open_variation = FALSE;
  put_sized_text (w, word, bytes, chars);
}

static void
put_word (Writer *w, const char *word)
{
  put_sized_word (w, word, strlen (word));
}

/* n followed by a dot ("12."), as a word: g_snprintf was a tenth of an
 * export. */
static void
put_move_number (Writer *w, guint n)
{
  char number[16];
  char *p = number + sizeof number;

  *--p = '.';
  do
    *--p = (char) ('0' + n % 10);
  while ((n /= 10) > 0);
  put_sized_word (w, p, (gsize) (number + sizeof number - p));
}

/* ")" goes right after the last word when the line has room. */
static void
put_close_variation (Writer *w)
{
  if (w->column + 1 > MAX_LINE)
    new_line (w);
  put_text (w, ")");
}

/* Comments keep their paragraphs (tb-game.c): in a record, where lines
 * are wrapped and a line break alone reads as a space, paragraphs are a
 * blank line apart.  In braces: "{…words…\n\n…words…}". */
static void
put_brace_comment (Writer *w, char **paragraphs)
{
  for (guint i = 0; paragraphs[i]; i++)
    {
      g_auto (GStrv) words = g_strsplit_set (paragraphs[i], " ", -1);

      if (i > 0)
        {
          new_line (w);
          new_line (w);
        }
      for (guint j = 0; words[j]; j++)
        {
          gboolean first = i == 0 && j == 0;
          gboolean last = paragraphs[i + 1] == NULL && words[j + 1] == NULL;
          g_autofree char *word = g_strconcat (first ? "{" : "", words[j], last ? "}" : "",
                                               NULL);

          put_word (w, word);
        }
    }
}

/* A comment that holds '}' cannot be in braces: it goes as rest-of-line
 * comments.  A paragraph that fits on a line is one "; …" as a word of
 * the movetext; a longer one starts a line and is wrapped, each line
 * starting with "; "; a line ";" alone comes between paragraphs.  The
 * last one ends its line. */
static void
put_line_comment (Writer *w, char **paragraphs)
{
  for (guint i = 0; paragraphs[i]; i++)
    {
      g_autofree char *whole = g_strconcat ("; ", paragraphs[i], NULL);
      g_auto (GStrv) words = NULL;

      if (i > 0)
        {
          put_text (w, ";");
          new_line (w);
        }
      if ((gsize) g_utf8_strlen (whole, -1) <= MAX_LINE)
        {
          put_word (w, whole);
          new_line (w);
          continue;
        }
      if (w->column > 0)
        new_line (w);
      words = g_strsplit_set (paragraphs[i], " ", -1);
      for (guint j = 0; words[j]; j++)
        {
          if (w->column > 0 && !fits (w, (gsize) g_utf8_strlen (words[j], -1)))
            new_line (w);
          put_text (w, w->column == 0 ? "; " : " ");
          put_text (w, words[j]);
        }
      new_line (w);
    }
}

/* The comment's paragraphs ("\n\n" apart) and a paragraph's words (" "
 * apart) are split by hand and with g_strsplit_set, not g_strsplit: its
 * strstr() measures the rest of the text at each piece under the address
 * sanitizer, which made a 1 MB comment take quadratic time there. */
static char **
split_paragraphs (const char *comment)
{
  GPtrArray *paragraphs = g_ptr_array_new ();
  const char *start = comment;

  for (const char *p = comment; *p; p++)
    if (p[0] == '\n' && p[1] == '\n')
      {
        g_ptr_array_add (paragraphs, g_strndup (start, (gsize) (p - start)));
        start = p + 2;
        p++;
      }
  g_ptr_array_add (paragraphs, g_strdup (start));
  g_ptr_array_add (paragraphs, NULL);
  return (char **) g_ptr_array_free (paragraphs, FALSE);
}

static void
put_comment (Writer *w, const char *comment)
{
  g_auto (GStrv) paragraphs = NULL;

  if (comment == NULL)
    return;
  paragraphs = split_paragraphs (comment);
  if (strchr (comment, '}'))
    put_line_comment (w, paragraphs);
  else
    put_brace_comment (w, paragraphs);
}

static void
put_annotations (Writer *w, const TbGameNode *node, gboolean *need_number)
{
  guint n_nags;
  const guint8 *nags = tb_game_node_get_nags (node, &n_nags);

  for (guint i = 0; i < n_nags; i++)
    {
      char word[8];

      g_snprintf (word, sizeof word, "$%u", nags[i]);
      put_word (w, word);
    }
  if (tb_game_node_get_eval (node) != TB_EVAL_NONE)
    {
      /* A comment of its own, before the person's, and one word, never
       * wrapped: "{[%eval 0.620]}". */
      g_autofree char *command = tb_eval_command_format (tb_game_node_get_eval (node));
      g_autofree char *word = g_strconcat ("{", command, "}", NULL);

      put_word (w, word);
      *need_number = TRUE;
    }
  if (tb_game_node_get_comment (node))
    {
      put_comment (w, tb_game_node_get_comment (node));
      *need_number = TRUE;
    }
}

/* Writes the move of node (played from the line's position), preceded by
 * its number when it is the first player's or when need_number. */
static void
put_move (Writer *w, const TbGameNode *node, gboolean need_number)
{
  guint ply = tb_line_get_ply (w->line) + 1;

  if (ply % 2 == 1 || need_number)
    {
      g_autofree char *number = g_strdup_printf ("%u.%s", (ply + 1) / 2,
                                                 ply % 2 == 1 ? "" : "..");
      put_word (w, number);
    }
  g_string_truncate (w->token, 0);
  append_token (w->variant, tb_line_get_position (w->line), node, w->token);
  put_word (w, w->token->str);
}

/* A move written, and the variations of it that follow it. */
typedef struct
{
  const TbGameNode *main;
  const TbGameNode *next;   /* the next variation to write, NULL once all are */
  guint ply;                /* of the line before main */
} Level;

/* What comes after the move of the top level: its next variation, opened
 * and its first move written, or, once they all are, the rest of the
 * line.  Returns the node the line goes on from. */
static const TbGameNode *
next_line (Writer *w, GArray *levels, gboolean *need_number)
{
  Level *level = &g_array_index (levels, Level, levels->len - 1);
  const TbGameNode *variation = level->next;
  const TbGameNode *main = level->main;

  if (variation == NULL)
    {
      g_array_set_size (levels, levels->len - 1);
      tb_line_push (w->line, tb_game_node_get_move (main));
      return main;
    }
  level->next = tb_game_node_get_next_sibling (variation);
  w->open_variation = TRUE;
  put_move (w, variation, TRUE);
  *need_number = FALSE;
  put_annotations (w, variation, need_number);
  tb_line_push (w->line, tb_game_node_get_move (variation));
  return variation;
}

/* The moves after root, each followed by its variations in parentheses.
 * A stack of the moves whose variations are being written rather than
 * recursion: a game's variations may nest however deep. */
static void
put_moves (Writer *w, const TbGameNode *root)
{
  g_autoptr (GArray) levels = g_array_new (FALSE, FALSE, sizeof (Level));
  const TbGameNode *node = root;
  gboolean need_number = TRUE;

  for (;;)
    {
      const TbGameNode *main = tb_game_node_get_child (node, 0);

      if (main)
        {
          Level level = { main, tb_game_node_get_next_sibling (main),
                          tb_line_get_ply (w->line) };

          put_move (w, main, need_number);
          need_number = FALSE;
          put_annotations (w, main, &need_number);
          g_array_append_val (levels, level);
        }
      else if (levels->len == 0)
        return;
      else
        {
          /* A variation ends: back to the move it replaces. */
          guint ply = g_array_index (levels, Level, levels->len - 1).ply;

          while (tb_line_get_ply (w->line) > ply)
            tb_line_pop (w->line);
          put_close_variation (w);
          need_number = TRUE;
        }
      node = next_line (w, levels, &need_number);
    }
}

/* What follows the tag pairs: the moves with their numbers, comments,
 * NAGs and variations, and the result. */
static void
write_movetext (TbGame *game, const TbOutcome *outcome, GString *out)
{
  g_autoptr (TbLine) line = tb_game_new_line (game);
  g_autoptr (GString) token = g_string_sized_new (24);
  const TbGameNode *root = tb_game_get_root (game);
  Writer w = { out, 0, line, tb_game_get_variant (game), token, FALSE };
  gboolean need_number = FALSE;

  put_annotations (&w, root, &need_number);
  put_moves (&w, root);
  put_word (&w, tb_result_to_string (outcome->result));
  new_line (&w);
}

void
tb_tgn_write_to (TbGame *game, GString *out)
{
  TbOutcome outcome;

  g_return_if_fail (TB_IS_GAME (game));

  tb_game_get_final_outcome (game, &outcome);
  write_tags (game, &outcome, TRUE, out);
  g_string_append_c (out, '\n');
  write_movetext (game, &outcome, out);
}

void
tb_tgn_write_movetext (TbGame *game, GString *out)
{
  TbOutcome outcome;

  g_return_if_fail (TB_IS_GAME (game));

  tb_game_get_final_outcome (game, &outcome);
  write_movetext (game, &outcome, out);
}

void
tb_tgn_write_main_line (TbGame *game, GString *out)
{
  TbVariant *variant;
  gboolean at_end;
  g_autoptr (TbLine) line = NULL;
  const TbGameNode *node;

  g_return_if_fail (TB_IS_GAME (game));

  variant = tb_game_get_variant (game);
  /* The game's own positions when it stands at the main line's end (a
   * record just read, a game just played): no replay.  The store writes
   * every game it keeps so, an import thousands of them. */
  at_end = tb_game_is_at_main_line_end (game);
  if (!at_end)
    line = tb_game_new_line (game);
  node = tb_game_get_root (game);
  for (guint ply = 0; tb_game_node_get_n_children (node) > 0; ply++)
    {
      node = tb_game_node_get_child (node, 0);
      if (ply > 0)
        g_string_append_c (out, ' ');
      if (at_end)
        append_token (variant, tb_game_get_position_at (game, ply), node, out);
      else
        {
          append_token (variant, tb_line_get_position (line), node, out);
          tb_line_push (line, tb_game_node_get_move (node));
        }
    }
}

void
tb_tgn_write_tags (TbGame *game, GString *out)
{
  TbOutcome outcome;

  g_return_if_fail (TB_IS_GAME (game));

  tb_game_get_final_outcome (game, &outcome);
  write_tags (game, &outcome, FALSE, out);
}

char *
tb_tgn_write (TbGame *game)
{
  GString *out = g_string_new (NULL);

  tb_tgn_write_to (game, out);
  return g_string_free (out, FALSE);
}

/* ---- a record from what the game store keeps ---- */

/* Where a tag pair of a stored header goes in a record (write_tags'
 * order): the groups in this order, PlyCount made anew before LATER. */
typedef enum
{
  GROUP_FIRST,    /* the seven tags and the derived ones, as stored */
  GROUP_PLAYERS,  /* player_tags, in that order */
  GROUP_LATER,    /* later_tags, in that order */
  GROUP_VARIANT,  /* the variant's options and set-up, in that order */
  GROUP_OTHERS,   /* any other line, as stored */
  GROUP_DROPPED,  /* PlyCount, written anew */
  N_GROUPS
} HeaderGroup;

typedef struct
{
  const char *line;
  gsize length;
  guint group;
  guint rank;     /* within the group: its place in the group's list, or
                   * 0 where the group keeps the stored order */
} HeaderLine;

typedef struct
{
  const char *name;
  HeaderGroup group;
  guint rank;
} PlacedTag;

/* Every tag a stored header places, looked up once per line (comparing
 * each line with every list was a tenth of an export). */
static const PlacedTag placed_tags[] = {
  { "Event", GROUP_FIRST, 0 }, { "Site", GROUP_FIRST, 0 }, { "Date", GROUP_FIRST, 0 },
  { "Round", GROUP_FIRST, 0 }, { "Player1", GROUP_FIRST, 0 }, { "Player2", GROUP_FIRST, 0 },
  { "Result", GROUP_FIRST, 0 }, { "Game", GROUP_FIRST, 0 }, { "TgnVersion", GROUP_FIRST, 0 },
  { "Starter", GROUP_FIRST, 0 }, { "Score", GROUP_FIRST, 0 },
  { "Termination", GROUP_FIRST, 0 },
  { "Player1Type", GROUP_PLAYERS, 0 }, { "Player2Type", GROUP_PLAYERS, 1 },
  { "Player1Level", GROUP_PLAYERS, 2 }, { "Player2Level", GROUP_PLAYERS, 3 },
  { "Annotator", GROUP_LATER, 0 }, { "TimeControl", GROUP_LATER, 1 },
  { "Match", GROUP_LATER, 2 }, { "MatchScore", GROUP_LATER, 3 }, { "GameId", GROUP_LATER, 4 },
  { "X_Tablier_Options", GROUP_VARIANT, 0 }, { "X_Tablier_SetUp", GROUP_VARIANT, 1 },
  { "PlyCount", GROUP_DROPPED, 0 },
};

static void
place_line (HeaderLine *line)
{
  const char *space = memchr (line->line, ' ', line->length);
  gsize name_length = space ? (gsize) (space - line->line) - 1 : 0;

  line->group = GROUP_OTHERS;
  line->rank = 0;
  if (line->line[0] != '[' || space == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (placed_tags); i++)
    if (strlen (placed_tags[i].name) == name_length &&
        memcmp (placed_tags[i].name, line->line + 1, name_length) == 0)
      {
        line->group = placed_tags[i].group;
        line->rank = placed_tags[i].rank;
        return;
      }
}

static GArray *
split_header (const char *header)
{
  GArray *lines = g_array_sized_new (FALSE, FALSE, sizeof (HeaderLine), 16);

  for (const char *p = header; *p;)
    {
      const char *end = strchr (p, '\n');
      HeaderLine line = { p, end ? (gsize) (end - p) + 1 : strlen (p), 0, 0 };

      place_line (&line);
      g_array_append_val (lines, line);
      p += line.length;
    }
  return lines;
}

/* The header's tag pairs in write_tags' order, PlyCount in its place.  A
 * stored header is in that order but for the GameId the store may have
 * added at its end. */
static void
put_header (const char *header, guint plies, GString *out)
{
  g_autoptr (GArray) lines = split_header (header);

  for (guint group = 0; group < GROUP_DROPPED; group++)
    {
      guint last_rank = 0;

      if (group == GROUP_LATER)
        g_string_append_printf (out, "[PlyCount \"%u\"]\n", plies);
      /* Each rank's lines in their stored order, the ranks in order. */
      for (guint rank = 0; rank <= last_rank; rank++)
        for (guint i = 0; i < lines->len; i++)
          {
            const HeaderLine *line = &g_array_index (lines, HeaderLine, i);

            if (line->group != group)
              continue;
            last_rank = MAX (last_rank, line->rank);
            if (line->rank == rank)
              g_string_append_len (out, line->line, (gssize) line->length);
          }
    }
}

void
tb_tgn_write_stored (const char *header, const char *line, const char *movetext,
                     const char *result, GString *out)
{
  Writer w = { out, 0, NULL, NULL, NULL, FALSE };
  guint plies = *line ? 1 : 0, ply = 0;

  g_return_if_fail (header != NULL && line != NULL && result != NULL && out != NULL);

  for (const char *p = line; *p; p++)
    plies += *p == ' ';
  put_header (header, plies, out);
  g_string_append_c (out, '\n');
  if (movetext)
    {
      g_string_append (out, movetext);
      return;
    }
  /* As put_moves writes a main line without annotations: tokens one
   * space apart, the first player's numbered. */
  for (const char *p = line; *p; ply++)
    {
      const char *space = strchr (p, ' ');
      const char *end = space ? space : p + strlen (p);

      if (ply % 2 == 0)
        put_move_number (&w, ply / 2 + 1);
      put_sized_word (&w, p, (gsize) (end - p));
      p = *end ? end + 1 : end;
    }
  put_word (&w, result);
  new_line (&w);
}
