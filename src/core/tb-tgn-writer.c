/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-tgn-writer.c: writing a TbGame as a TGN record, or its main line as
 * the game store keeps it */
#include "config.h"

#include <string.h>

#include "tb-tgn.h"

#define MAX_LINE 79

/* The tags NOTATION.md §4 orders, after the derived ones are placed. */
static const char *const seven_tags[] = { "Event", "Site", "Date", "Round", "Player1",
                                          "Player2", NULL };
static const char *const optional_tags[] = { "Player1Type", "Player2Type", "Player1Level",
                                             "Player2Level", "Annotator", "TimeControl",
                                             "Match", "MatchScore", "GameId", NULL };

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
write_tags (TbGame *game, const TbOutcome *outcome, GString *out)
{
  TbVariant *variant = tb_game_get_variant (game);
  const char *const *names = tb_game_get_tag_names (game);
  g_autofree char *options = tb_variant_options_to_text (variant);
  int scores[2];

  for (guint i = 0; seven_tags[i]; i++)
    {
      const char *value = tb_game_get_tag (game, seven_tags[i]);

      write_tag (out, seven_tags[i], value ? value : "?");
    }
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
  for (guint i = 0; optional_tags[i]; i++)
    if (tb_game_get_tag (game, optional_tags[i]))
      write_tag (out, optional_tags[i], tb_game_get_tag (game, optional_tags[i]));
  if (*options)
    write_tag (out, "X_Tablier_Options", options);
  if (tb_game_get_setup (game))
    {
      g_autofree char *setup = tb_variant_format_position (variant, tb_game_get_setup (game));
      write_tag (out, "X_Tablier_SetUp", setup);
    }
  for (guint i = 0; names[i]; i++)
    if (!g_strv_contains (seven_tags, names[i]) && !g_strv_contains (optional_tags, names[i]))
      write_tag (out, names[i], tb_game_get_tag (game, names[i]));
}

/* Movetext words, wrapped so that no line exceeds MAX_LINE characters. */
typedef struct
{
  GString *out;
  gsize line_start;
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

static void
put_word (Writer *w, const char *word)
{
  gsize line_len = g_utf8_strlen (w->out->str + w->line_start, -1);
  gsize word_len = g_utf8_strlen (word, -1) + (w->open_variation ? 1 : 0);

  if (line_len > 0 && line_len + 1 + word_len > MAX_LINE)
    {
      g_string_append_c (w->out, '\n');
      w->line_start = w->out->len;
    }
  else if (line_len > 0)
    g_string_append_c (w->out, ' ');
  if (w->open_variation)
    g_string_append_c (w->out, '(');
  w->open_variation = FALSE;
  g_string_append (w->out, word);
}

/* ")" goes right after the last word when the line has room. */
static void
put_close_variation (Writer *w)
{
  if (g_utf8_strlen (w->out->str + w->line_start, -1) + 1 > MAX_LINE)
    {
      g_string_append_c (w->out, '\n');
      w->line_start = w->out->len;
    }
  g_string_append_c (w->out, ')');
}

static void
put_comment (Writer *w, const char *comment)
{
  g_auto (GStrv) words = NULL;
  guint n;

  if (comment == NULL)
    return;
  if (strchr (comment, '}'))
    {
      /* A brace comment cannot hold '}': a rest-of-line comment can. */
      g_autofree char *text = g_strconcat ("; ", comment, NULL);

      put_word (w, text);
      g_string_append_c (w->out, '\n');
      w->line_start = w->out->len;
      return;
    }
  words = g_strsplit (comment, " ", -1);
  n = g_strv_length (words);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *word = g_strconcat (i == 0 ? "{" : "", words[i],
                                           i == n - 1 ? "}" : "", NULL);
      put_word (w, word);
    }
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

/* The continuation of node: its main line with the variations of every
 * move.  Recursion is only into variations, which readers nest at most
 * TB_TGN_MAX_NESTING deep. */
static void
put_line (Writer *w, const TbGameNode *node, gboolean need_number)
{
  guint start_ply = tb_line_get_ply (w->line);

  while (tb_game_node_get_n_children (node) > 0)
    {
      const TbGameNode *main = tb_game_node_get_child (node, 0);

      put_move (w, main, need_number);
      need_number = FALSE;
      put_annotations (w, main, &need_number);
      for (guint i = 1; i < tb_game_node_get_n_children (node); i++)
        {
          const TbGameNode *variation = tb_game_node_get_child (node, i);
          gboolean inner_number = FALSE;

          w->open_variation = TRUE;
          put_move (w, variation, TRUE);
          put_annotations (w, variation, &inner_number);
          tb_line_push (w->line, tb_game_node_get_move (variation));
          put_line (w, variation, inner_number);
          tb_line_pop (w->line);
          put_close_variation (w);
          need_number = TRUE;
        }
      tb_line_push (w->line, tb_game_node_get_move (main));
      node = main;
    }
  while (tb_line_get_ply (w->line) > start_ply)
    tb_line_pop (w->line);
}

/* What follows the tag pairs: the moves with their numbers, comments,
 * NAGs and variations, and the result. */
static void
write_movetext (TbGame *game, const TbOutcome *outcome, GString *out)
{
  g_autoptr (TbLine) line = tb_game_new_line (game);
  g_autoptr (GString) token = g_string_sized_new (24);
  const TbGameNode *root = tb_game_get_root (game);
  Writer w = { out, out->len, line, tb_game_get_variant (game), token, FALSE };
  gboolean need_number = FALSE;

  put_annotations (&w, root, &need_number);
  put_line (&w, root, TRUE);
  put_word (&w, tb_result_to_string (outcome->result));
  g_string_append_c (out, '\n');
}

void
tb_tgn_write_to (TbGame *game, GString *out)
{
  TbOutcome outcome;

  g_return_if_fail (TB_IS_GAME (game));

  tb_game_get_final_outcome (game, &outcome);
  write_tags (game, &outcome, out);
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
  write_tags (game, &outcome, out);
}

char *
tb_tgn_write (TbGame *game)
{
  GString *out = g_string_new (NULL);

  tb_tgn_write_to (game, out);
  return g_string_free (out, FALSE);
}
