/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-page.c: reading a rules help page (data/rules/README.md).
 *
 * The pages are small XML files read with GMarkup; anything the format
 * does not know is an error naming the file, line and column, so that a
 * page with a typo is caught by the tests rather than shown half. */
#include "config.h"

#include "tb-rules-page.h"

#include <locale.h>
#include <string.h>

const char *const tb_rules_page_section_ids[] = {
  "aim", "material", "setup", "moves", "mechanism", "end", "examples",
  "reconstructed", "additions", NULL,
};

typedef struct
{
  TbRulesPage *page;
  TbRulesSection *section;  /* the one being read */
  TbRulesBlock *block;      /* the one being read */
  GString *text;            /* of the element being read */
  char **target;            /* where that text goes when the element ends */
} Reader;

const char *
tb_rules_page_dir (void)
{
  const char *dir = g_getenv ("TABLIER_RULES_DIR");

  return dir && *dir ? dir : RULESDIR;
}

static void
block_free (TbRulesBlock *block)
{
  g_free (block->text);
  g_free (block->option);
  g_free (block->id);
  g_free (block->position);
  g_free (block->options);
  g_free (block->moves);
  g_free (block->try_move);
  g_free (block->illegal_move);
  g_free (block);
}

static void
section_free (TbRulesSection *section)
{
  g_free (section->id);
  g_free (section->title);
  g_ptr_array_unref (section->blocks);
  g_free (section);
}

void
tb_rules_page_free (TbRulesPage *page)
{
  if (page == NULL)
    return;
  g_free (page->ruleset);
  g_free (page->lang);
  g_free (page->title);
  g_free (page->subtitle);
  g_free (page->credits);
  g_ptr_array_unref (page->brief);
  g_ptr_array_unref (page->sections);
  g_free (page);
}

/* "LINE:COLUMN: message", as the other readers of Tablier say it. */
static void G_GNUC_PRINTF (3, 4)
set_error (GMarkupParseContext *context, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;
  int line, column;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_markup_parse_context_get_position (context, &line, &column);
  g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "%d:%d: %s", line, column,
               message);
}

/* Starts collecting the text of an element into *target. */
static void
collect_text (Reader *reader, char **target)
{
  g_string_truncate (reader->text, 0);
  reader->target = target;
}

static gboolean
start_example (GMarkupParseContext *context, Reader *reader, const char **names,
               const char **values, GError **error)
{
  TbRulesBlock *block = g_new0 (TbRulesBlock, 1);
  const char *id, *position, *options, *starter, *moves, *try_move, *illegal;
  int line;

  block->kind = TB_RULES_BLOCK_EXAMPLE;
  g_ptr_array_add (reader->section->blocks, block);
  if (!g_markup_collect_attributes ("example", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "id", &id,
                                    G_MARKUP_COLLECT_STRING, "try", &try_move,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "position", &position,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "options", &options,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "starter", &starter,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "moves", &moves,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "illegal", &illegal,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;
  block->id = g_strdup (id);
  block->try_move = g_strdup (try_move);
  block->position = g_strdup (position);
  block->options = g_strdup (options);
  block->moves = g_strdup (moves);
  block->illegal_move = g_strdup (illegal);
  if (starter && !g_ascii_string_to_unsigned (starter, 10, 1, 2, NULL, NULL))
    {
      set_error (context, error, "starter \"%s\" is neither 1 nor 2", starter);
      return FALSE;
    }
  block->starter = starter ? (guint) (starter[0] - '0') : 0;
  g_markup_parse_context_get_position (context, &line, NULL);
  block->line = (guint) line;
  reader->block = block;
  return TRUE;
}

/* <figure kind="start" id="start" options="..." starter="2">: a drawing
 * with a caption, nothing to play on. */
static gboolean
start_figure (GMarkupParseContext *context, Reader *reader, const char **names,
              const char **values, GError **error)
{
  static const char *const kinds[] = { "start", "shapes", "lines" };
  TbRulesBlock *block = g_new0 (TbRulesBlock, 1);
  const char *id, *kind, *options, *starter;
  int line;

  block->kind = TB_RULES_BLOCK_FIGURE;
  g_ptr_array_add (reader->section->blocks, block);
  if (!g_markup_collect_attributes ("figure", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "id", &id,
                                    G_MARKUP_COLLECT_STRING, "kind", &kind,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "options", &options,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "starter", &starter,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;
  block->id = g_strdup (id);
  block->options = g_strdup (options);
  if (!g_strv_contains (kinds, kind))
    {
      set_error (context, error, "figure \"%s\": unknown kind \"%s\"", id, kind);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (kinds[i], kind) == 0)
      block->figure = (TbRulesFigureKind) i;
  if (starter && !g_ascii_string_to_unsigned (starter, 10, 1, 2, NULL, NULL))
    {
      set_error (context, error, "starter \"%s\" is neither 1 nor 2", starter);
      return FALSE;
    }
  block->starter = starter ? (guint) (starter[0] - '0') : 0;
  g_markup_parse_context_get_position (context, &line, NULL);
  block->line = (guint) line;
  reader->block = block;
  return TRUE;
}

/* p, item and point: a block of text in the current section. */
static gboolean
start_text_block (GMarkupParseContext *context, Reader *reader, const char *element,
                  const char **names, const char **values, GError **error)
{
  TbRulesBlock *block = g_new0 (TbRulesBlock, 1);

  g_ptr_array_add (reader->section->blocks, block);
  if (strcmp (element, "point") == 0)
    {
      const char *option;

      block->kind = TB_RULES_BLOCK_POINT;
      if (!g_markup_collect_attributes (element, names, values, error,
                                        G_MARKUP_COLLECT_STRING, "option", &option,
                                        G_MARKUP_COLLECT_INVALID))
        return FALSE;
      block->option = g_strdup (option);
    }
  else
    {
      const char *mark;

      block->kind = strcmp (element, "p") == 0 ? TB_RULES_BLOCK_PARAGRAPH : TB_RULES_BLOCK_ITEM;
      if (!g_markup_collect_attributes (element, names, values, error,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "mark", &mark,
                                        G_MARKUP_COLLECT_INVALID))
        return FALSE;
      if (mark && strcmp (mark, "reconstructed") != 0)
        {
          set_error (context, error, "unknown mark \"%s\"", mark);
          return FALSE;
        }
      block->reconstructed = mark != NULL;
    }
  collect_text (reader, &block->text);
  return TRUE;
}

static gboolean
start_section (Reader *reader, const char **names, const char **values, GError **error)
{
  TbRulesSection *section = g_new0 (TbRulesSection, 1);
  const char *id, *title;

  section->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  g_ptr_array_add (reader->page->sections, section);
  if (!g_markup_collect_attributes ("section", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "id", &id,
                                    G_MARKUP_COLLECT_STRING, "title", &title,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;
  section->id = g_strdup (id);
  section->title = g_strdup (title);
  reader->section = section;
  return TRUE;
}

static void
on_start (GMarkupParseContext *context, const char *element, const char **names,
          const char **values, gpointer data, GError **error)
{
  Reader *reader = data;
  const char *parent = g_markup_parse_context_get_element_stack (context)->next
                         ? g_markup_parse_context_get_element_stack (context)->next->data
                         : NULL;
  TbRulesPage *page = reader->page;

  if (parent == NULL && strcmp (element, "rules") == 0)
    {
      const char *ruleset, *lang;

      if (g_markup_collect_attributes (element, names, values, error,
                                       G_MARKUP_COLLECT_STRING, "ruleset", &ruleset,
                                       G_MARKUP_COLLECT_STRING, "lang", &lang,
                                       G_MARKUP_COLLECT_INVALID))
        {
          page->ruleset = g_strdup (ruleset);
          page->lang = g_strdup (lang);
        }
    }
  else if (g_strcmp0 (parent, "rules") == 0 && strcmp (element, "title") == 0)
    collect_text (reader, &page->title);
  else if (g_strcmp0 (parent, "rules") == 0 && strcmp (element, "subtitle") == 0)
    collect_text (reader, &page->subtitle);
  else if (g_strcmp0 (parent, "rules") == 0 && strcmp (element, "credits") == 0)
    collect_text (reader, &page->credits);
  else if (g_strcmp0 (parent, "rules") == 0 && strcmp (element, "brief") == 0)
    ;
  else if (g_strcmp0 (parent, "brief") == 0 && strcmp (element, "line") == 0)
    {
      g_ptr_array_add (page->brief, NULL);
      collect_text (reader, (char **) &page->brief->pdata[page->brief->len - 1]);
    }
  else if (g_strcmp0 (parent, "rules") == 0 && strcmp (element, "section") == 0)
    start_section (reader, names, values, error);
  else if (g_strcmp0 (parent, "section") == 0 && strcmp (element, "example") == 0)
    start_example (context, reader, names, values, error);
  else if (g_strcmp0 (parent, "section") == 0 && strcmp (element, "figure") == 0)
    start_figure (context, reader, names, values, error);
  else if (g_strcmp0 (parent, "section") == 0 &&
           (strcmp (element, "p") == 0 || strcmp (element, "item") == 0 ||
            strcmp (element, "point") == 0))
    start_text_block (context, reader, element, names, values, error);
  else if ((g_strcmp0 (parent, "example") == 0 || g_strcmp0 (parent, "figure") == 0) &&
           strcmp (element, "caption") == 0)
    collect_text (reader, &reader->block->text);
  else
    set_error (context, error, "unexpected element <%s>", element);
}

static void
on_end (GMarkupParseContext *context, const char *element, gpointer data, GError **error)
{
  Reader *reader = data;

  if (reader->target)
    {
      /* Line breaks and indentation of the file are not the text's. */
      g_auto (GStrv) words = g_strsplit_set (reader->text->str, " \t\n\r", -1);
      g_autoptr (GString) text = g_string_new (NULL);

      for (guint i = 0; words[i]; i++)
        if (*words[i])
          {
            if (text->len)
              g_string_append_c (text, ' ');
            g_string_append (text, words[i]);
          }
      g_free (*reader->target);
      *reader->target = g_string_free (g_steal_pointer (&text), FALSE);
      reader->target = NULL;
    }
  if ((strcmp (element, "example") == 0 || strcmp (element, "figure") == 0) &&
      reader->block->text == NULL)
    set_error (context, error, "%s \"%s\" has no <caption>", element, reader->block->id);
}

static void
on_text (GMarkupParseContext *context, const char *text, gsize length, gpointer data,
         GError **error)
{
  Reader *reader = data;

  if (reader->target)
    g_string_append_len (reader->text, text, (gssize) length);
  else
    for (gsize i = 0; i < length; i++)
      if (!g_ascii_isspace (text[i]))
        {
          set_error (context, error, "text outside an element: \"%.20s\"", text + i);
          return;
        }
}

static gboolean
check_page (TbRulesPage *page, GError **error)
{
  const char *missing = page->ruleset == NULL ? "<rules>"
                        : page->title == NULL  ? "<title>"
                        : page->credits == NULL ? "<credits>"
                                                : NULL;

  if (missing)
    {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "no %s", missing);
      return FALSE;
    }
  if (tb_rules_lookup (page->ruleset) == NULL)
    {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                   "unknown ruleset \"%s\"", page->ruleset);
      return FALSE;
    }
  return TRUE;
}

TbRulesPage *
tb_rules_page_parse (const char *text, gssize length, const char *file_name, GError **error)
{
  static const GMarkupParser parser = { on_start, on_end, on_text, NULL, NULL };
  g_autoptr (TbRulesPage) page = g_new0 (TbRulesPage, 1);
  g_autoptr (GString) buffer = g_string_new (NULL);
  Reader reader = { page, NULL, NULL, buffer, NULL };
  GMarkupParseContext *context;
  gboolean ok;

  page->sections = g_ptr_array_new_with_free_func ((GDestroyNotify) section_free);
  page->brief = g_ptr_array_new_with_free_func (g_free);
  context = g_markup_parse_context_new (&parser, 0, &reader, NULL);
  ok = g_markup_parse_context_parse (context, text, length, error) &&
       g_markup_parse_context_end_parse (context, error);
  g_markup_parse_context_free (context);
  if (!ok || !check_page (page, error))
    {
      g_prefix_error (error, "%s: ", file_name);
      return NULL;
    }
  return g_steal_pointer (&page);
}

TbRulesPage *
tb_rules_page_load_file (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  return tb_rules_page_parse (text, (gssize) length, path, error);
}

TbRulesPage *
tb_rules_page_load (const char *ruleset, const char *lang, GError **error)
{
  g_autofree char *name = g_strdup_printf ("%s.%s.xml", ruleset, lang);
  g_autofree char *path = g_build_filename (tb_rules_page_dir (), name, NULL);

  if (strcmp (lang, "en") != 0 && !g_file_test (path, G_FILE_TEST_EXISTS))
    return tb_rules_page_load (ruleset, "en", error);
  return tb_rules_page_load_file (path, error);
}

TbGame *
tb_rules_example_new_game (const TbRulesPage *page, const TbRulesBlock *example, GError **error)
{
  g_autoptr (TbVariant) variant = tb_variant_new_from_text (page->ruleset, example->options,
                                                            error);
  g_autoptr (TbGame) game = NULL;
  g_auto (GStrv) moves = NULL;

  if (variant == NULL)
    return NULL;
  if (example->position)
    {
      TbPosition *start = tb_variant_parse_position (variant, example->position, error);

      if (start == NULL)
        return NULL;
      game = tb_game_new_at (variant, start);
      tb_position_free (start);
    }
  else
    {
      guint starter = example->starter ? example->starter : 1;

      if (!tb_variant_check_starter (variant, starter, error))
        return NULL;
      game = tb_game_new (variant, starter);
    }
  moves = g_strsplit_set (example->moves ? example->moves : "", " \t\n", -1);
  for (guint i = 0; moves[i]; i++)
    if (*moves[i] && !tb_game_play_text (game, moves[i], error))
      {
        g_prefix_error (error, "%s: ", moves[i]);
        return NULL;
      }
  return g_steal_pointer (&game);
}

/* The first of the languages gettext would use that has pages: the ones
 * in $LANGUAGE (which gettext ignores under the C locale), then the
 * messages locale itself. */
const char *
tb_rules_page_user_lang (void)
{
  const char *messages = setlocale (LC_MESSAGES, NULL);
  gboolean c_locale = messages == NULL || strcmp (messages, "C") == 0 ||
                      strcmp (messages, "POSIX") == 0;
  g_auto (GStrv) wanted = g_strsplit (c_locale ? "" : g_getenv ("LANGUAGE") ?: "", ":", -1);

  for (guint i = 0; wanted[i]; i++)
    {
      if (g_str_has_prefix (wanted[i], "fr"))
        return "fr";
      if (g_str_has_prefix (wanted[i], "en"))
        return "en";
    }
  return messages && g_str_has_prefix (messages, "fr") ? "fr" : "en";
}
