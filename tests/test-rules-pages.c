/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-pages.c: the rules help pages (data/rules) say what the
 * engine does and teach it.  Every game has a page in English and in
 * French with the same brief box, sections, figures and examples; every
 * page opens with the rules in brief, draws its start position in its
 * Setup section, and marks a reconstructed point where it states it;
 * every example is a legal position where the move the reader is invited
 * to play is legal and the move said to be refused is refused, with a
 * reason; every reconstructed point and addition among the ruleset's
 * options is explained. */
#include "tb-rules-page.h"

#include <string.h>

static const char *const langs[] = { "en", "fr" };

static TbRulesPage *
load (const char *ruleset, const char *lang)
{
  g_autofree char *name = g_strdup_printf ("%s.%s.xml", ruleset, lang);
  g_autofree char *path = g_build_filename (tb_rules_page_dir (), name, NULL);
  g_autoptr (GError) error = NULL;
  TbRulesPage *page = tb_rules_page_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (page->ruleset, ==, ruleset);
  g_assert_cmpstr (page->lang, ==, lang);
  return page;
}

static void
check_move (TbGame *game, const char *where, const char *token, gboolean legal)
{
  g_autoptr (GError) error = NULL;
  TbMove move;
  gboolean parsed = tb_game_parse_move (game, token, &move, &error);

  if (parsed != legal)
    g_error ("%s: %s should be %s (%s)", where, token, legal ? "legal" : "refused",
             error ? error->message : "it is legal");
  if (!legal)
    /* The reason the page promises the reader. */
    g_assert_cmpuint (strlen (error->message), >, 10);
}

static void
check_example (const TbRulesPage *page, const TbRulesBlock *example)
{
  g_autofree char *where = g_strdup_printf ("%s.%s.xml:%u: example %s", page->ruleset, page->lang,
                                            example->line, example->id);
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) game = tb_rules_example_new_game (page, example, &error);

  if (game == NULL)
    g_error ("%s: %s", where, error->message);
  if (tb_game_is_over (game))
    g_error ("%s: the game is over: nothing to try", where);
  g_assert_cmpuint (strlen (example->text), >, 20);
  check_move (game, where, example->try_move, TRUE);
  if (example->illegal_move)
    check_move (game, where, example->illegal_move, FALSE);
}

/* A figure draws what it says: the start position sets up, the pieces
 * and the lines are those of the ruleset. */
static void
check_figure (const TbRulesPage *page, const TbRulesBlock *figure)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGame) game = tb_rules_example_new_game (page, figure, &error);
  const TbBoardDesc *board;

  if (game == NULL)
    g_error ("%s.%s.xml:%u: figure %s: %s", page->ruleset, page->lang, figure->line, figure->id,
             error->message);
  board = &tb_game_get_variant (game)->board;
  g_assert_cmpuint (tb_game_get_ply (game), ==, 0);
  g_assert_cmpuint (strlen (figure->text), >, 20);
  if (figure->figure == TB_RULES_FIGURE_SHAPES)
    g_assert_cmpuint (board->n_shapes, >, 0);
  if (figure->figure == TB_RULES_FIGURE_LINES)
    g_assert_cmpuint (board->n_lines, >, 0);
}

/* The figure of that kind in the section, or NULL. */
static const TbRulesBlock *
find_figure (const TbRulesPage *page, const char *section_id, TbRulesFigureKind kind)
{
  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];

      for (guint b = 0; b < section->blocks->len && strcmp (section->id, section_id) == 0; b++)
        {
          TbRulesBlock *block = section->blocks->pdata[b];

          if (block->kind == TB_RULES_BLOCK_FIGURE && block->figure == kind)
            return block;
        }
    }
  return NULL;
}

/* How many paragraphs and items of the section say "reconstructed" where
 * they state the point. */
static guint
count_marks (const TbRulesPage *page, const char *section_id)
{
  guint n = 0;

  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];

      for (guint b = 0; b < section->blocks->len && strcmp (section->id, section_id) == 0; b++)
        n += ((TbRulesBlock *) section->blocks->pdata[b])->reconstructed;
    }
  return n;
}

static gboolean
has_point (const TbRulesPage *page, const char *section_id, const char *option)
{
  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];

      for (guint b = 0; b < section->blocks->len && strcmp (section->id, section_id) == 0; b++)
        {
          TbRulesBlock *block = section->blocks->pdata[b];

          if (block->kind == TB_RULES_BLOCK_POINT && g_strcmp0 (block->option, option) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

static void
test_page (gconstpointer data)
{
  const TbRules *rules = data;
  guint n_options;
  const TbOptionSpec *options = tb_rules_get_options (rules, &n_options);

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autoptr (TbRulesPage) page = load (tb_rules_get_id (rules), langs[l]);
      guint n_examples = 0;

      g_assert_nonnull (page->title);
      g_assert_nonnull (page->subtitle);
      g_assert_nonnull (page->credits);
      g_assert_cmpuint (page->sections->len, ==, g_strv_length ((GStrv) tb_rules_page_section_ids));
      for (guint s = 0; s < page->sections->len; s++)
        {
          TbRulesSection *section = page->sections->pdata[s];

          g_assert_cmpstr (section->id, ==, tb_rules_page_section_ids[s]);
          g_assert_cmpuint (strlen (section->title), >, 0);
          g_assert_cmpuint (section->blocks->len, >, 0);
          for (guint b = 0; b < section->blocks->len; b++)
            {
              TbRulesBlock *block = section->blocks->pdata[b];

              g_assert_cmpuint (strlen (block->text), >, 0);
              if (block->kind == TB_RULES_BLOCK_EXAMPLE)
                {
                  check_example (page, block);
                  n_examples++;
                }
              if (block->kind == TB_RULES_BLOCK_FIGURE)
                check_figure (page, block);
              /* The mark links to the explanation: only where it is
               * stated, not in the explanation itself. */
              if (block->reconstructed)
                g_assert_cmpstr (section->id, !=, "reconstructed");
            }
        }
      /* The whole game at a glance, in 6 to 8 lines, before the details. */
      g_assert_cmpuint (page->brief->len, >=, 6);
      g_assert_cmpuint (page->brief->len, <=, 8);
      for (guint i = 0; i < page->brief->len; i++)
        g_assert_cmpuint (strlen (page->brief->pdata[i]), >, 20);
      /* The start position drawn where it is described. */
      if (find_figure (page, "setup", TB_RULES_FIGURE_START) == NULL)
        g_error ("%s.%s.xml: no figure of the start in Setup", tb_rules_get_id (rules), langs[l]);
      /* Every game's board or start is a reconstruction: said where the
       * page describes them. */
      g_assert_cmpuint (count_marks (page, "material") + count_marks (page, "setup"), >, 0);
      /* Every rule is shown on a board: at least one example for the
       * moves, the game's own mechanism and the end. */
      g_assert_cmpuint (n_examples, >=, 6);
      for (guint o = 0; o < n_options; o++)
        {
          const TbOptionSpec *option = &options[o];

          if (option->origin == TB_OPTION_RECONSTRUCTED &&
              !has_point (page, "reconstructed", option->key))
            g_error ("%s.%s.xml: reconstructed option %s not explained",
                     tb_rules_get_id (rules), langs[l], option->key);
          if (option->origin == TB_OPTION_ADDITION && !has_point (page, "additions", option->key))
            g_error ("%s.%s.xml: addition %s not explained", tb_rules_get_id (rules), langs[l],
                     option->key);
        }
    }
}

/* The French page is the English one translated: same sections, same
 * blocks in the same order, same examples. */
static void
test_same_structure (gconstpointer data)
{
  const TbRules *rules = data;
  g_autoptr (TbRulesPage) en = load (tb_rules_get_id (rules), "en");
  g_autoptr (TbRulesPage) fr = load (tb_rules_get_id (rules), "fr");

  g_assert_cmpuint (en->sections->len, ==, fr->sections->len);
  for (guint s = 0; s < en->sections->len; s++)
    {
      TbRulesSection *a = en->sections->pdata[s], *b = fr->sections->pdata[s];

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpstr (a->title, !=, b->title);
      if (a->blocks->len != b->blocks->len)
        g_error ("%s: section %s has %u blocks in English, %u in French",
                 tb_rules_get_id (rules), a->id, a->blocks->len, b->blocks->len);
      for (guint i = 0; i < a->blocks->len; i++)
        {
          TbRulesBlock *x = a->blocks->pdata[i], *y = b->blocks->pdata[i];

          g_assert_cmpint (x->kind, ==, y->kind);
          g_assert_cmpstr (x->option, ==, y->option);
          g_assert_cmpstr (x->id, ==, y->id);
          g_assert_cmpstr (x->position, ==, y->position);
          g_assert_cmpstr (x->options, ==, y->options);
          g_assert_cmpuint (x->starter, ==, y->starter);
          g_assert_cmpstr (x->moves, ==, y->moves);
          g_assert_cmpstr (x->try_move, ==, y->try_move);
          g_assert_cmpstr (x->illegal_move, ==, y->illegal_move);
          g_assert_cmpint (x->figure, ==, y->figure);
          if (x->reconstructed != y->reconstructed)
            g_error ("%s: section %s, block %u is marked reconstructed in one language only",
                     tb_rules_get_id (rules), a->id, i);
        }
    }
  g_assert_cmpuint (en->brief->len, ==, fr->brief->len);
}

/* The pictures the words need: Retournement's pieces with their values
 * next to the list of them, Oraïa's lines next to their description;
 * Versus-61 quotes the seed's word for a tie in English too, and the
 * French Oraïa page says what R and L stand for. */
static void
test_pictures_and_words (void)
{
  g_autoptr (TbRulesPage) retournement = load ("retournement", "en");
  g_autoptr (TbRulesPage) oraia = load ("oraia", "en");
  g_autoptr (TbRulesPage) oraia_fr = load ("oraia", "fr");
  g_autoptr (TbRulesPage) versus = load ("versus-61", "en");
  gboolean tie = FALSE, rl = FALSE;

  g_assert_nonnull (find_figure (retournement, "material", TB_RULES_FIGURE_SHAPES));
  g_assert_nonnull (find_figure (oraia, "material", TB_RULES_FIGURE_LINES));
  for (guint s = 0; s < versus->sections->len; s++)
    {
      TbRulesSection *section = versus->sections->pdata[s];

      for (guint b = 0; b < section->blocks->len; b++)
        tie |= strstr (((TbRulesBlock *) section->blocks->pdata[b])->text, "force égalité") != NULL;
    }
  for (guint s = 0; s < oraia_fr->sections->len; s++)
    {
      TbRulesSection *section = oraia_fr->sections->pdata[s];

      for (guint b = 0; b < section->blocks->len; b++)
        rl |= strstr (((TbRulesBlock *) section->blocks->pdata[b])->text,
                      "R\u00a0: sens horaire, L\u00a0: sens antihoraire") != NULL;
    }
  g_assert_true (tie);
  g_assert_true (rl);
}

/* Oraïa's FIG. 3, the end of a game Blue wins, rebuilt: the move the
 * reader plays ends the game at once, Blue the winner. */
static void
test_oraia_end (void)
{
  g_autoptr (TbRulesPage) page = load ("oraia", "en");
  const TbRulesBlock *end = NULL;

  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];

      for (guint b = 0; b < section->blocks->len; b++)
        {
          TbRulesBlock *block = section->blocks->pdata[b];

          if (g_strcmp0 (block->id, "blue-wins") == 0 && strcmp (section->id, "examples") == 0)
            end = block;
        }
    }
  g_assert_nonnull (end);
  {
    g_autoptr (TbGame) game = tb_rules_example_new_game (page, end, NULL);

    g_assert_true (tb_game_play_text (game, end->try_move, NULL));
    g_assert_true (tb_game_is_over (game));
    g_assert_cmpint (tb_game_get_result (game), ==, TB_RESULT_SEAT1_WINS);
  }
}

/* A broken page is refused with the file, line and column. */
static void
test_bad_pages (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "<rules ruleset=\"versus-61\" lang=\"en\"><title>x</title><credits>c</credits>"
      "<section id=\"aim\" title=\"A\"><b>bold</b></section></rules>",
      "1:105: unexpected element <b>" },
    { "<rules ruleset=\"chess\" lang=\"en\"><title>x</title><credits>c</credits></rules>",
      "bad.xml: unknown ruleset \"chess\"" },
    { "<rules ruleset=\"ra\" lang=\"en\"><title>x</title><credits>c</credits>"
      "<section id=\"moves\" title=\"M\"><example id=\"e\" try=\"1a1-a2\"/></section></rules>",
      "1:127: example \"e\" has no <caption>" },
    { "<rules ruleset=\"ra\" lang=\"en\"><title>x</title>", "bad.xml: " },
    { "<rules ruleset=\"ra\" lang=\"en\"><title>x</title></rules>", "no <credits>" },
    { "<rules ruleset=\"ra\" lang=\"en\"><title>x</title><credits>c</credits>"
      "<section id=\"setup\" title=\"S\"><figure id=\"f\" kind=\"map\"/></section></rules>",
      "figure \"f\": unknown kind \"map\"" },
    { "<rules ruleset=\"ra\" lang=\"en\"><title>x</title><credits>c</credits>"
      "<section id=\"setup\" title=\"S\"><figure id=\"f\" kind=\"start\"/></section></rules>",
      "figure \"f\" has no <caption>" },
    { "<rules ruleset=\"ra\" lang=\"en\"><title>x</title><credits>c</credits>"
      "<section id=\"setup\" title=\"S\"><p mark=\"guess\">p</p></section></rules>",
      "unknown mark \"guess\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TbRulesPage) page = tb_rules_page_parse (cases[i].text, -1, "bad.xml", &error);

      g_assert_null (page);
      g_assert_nonnull (error);
      /* Where first: the file, then the line and column when known. */
      g_assert_true (g_str_has_prefix (error->message, "bad.xml: "));
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: \"%s\" does not say \"%s\"", i, error->message, cases[i].message);
    }
}

/* A language without pages falls back to English. */
static void
test_fallback (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TbRulesPage) page = tb_rules_page_load ("ra", "de", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (page->lang, ==, "en");
}

int
main (int argc, char **argv)
{
  guint n_rules;
  const TbRules *const *all = tb_rules_list (&n_rules);

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < n_rules; i++)
    {
      g_autofree char *page_path = g_strdup_printf ("/rules-pages/%s/page",
                                                    tb_rules_get_id (all[i]));
      g_autofree char *same_path = g_strdup_printf ("/rules-pages/%s/same-in-both-languages",
                                                    tb_rules_get_id (all[i]));

      g_test_add_data_func (page_path, all[i], test_page);
      g_test_add_data_func (same_path, all[i], test_same_structure);
    }
  g_test_add_func ("/rules-pages/pictures-and-words", test_pictures_and_words);
  g_test_add_func ("/rules-pages/oraia-end", test_oraia_end);
  g_test_add_func ("/rules-pages/bad-pages", test_bad_pages);
  g_test_add_func ("/rules-pages/fallback", test_fallback);
  return g_test_run ();
}
