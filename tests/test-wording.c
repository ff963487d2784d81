/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-wording.c: the words the reader sees follow po/GLOSSARY.md, and
 * the French follows French typography.  It reads po/fr.po (the English
 * msgids and the French msgstrs) and every data/rules page (the text
 * between tags and the section titles, never the markup, the positions or
 * the moves), and fails naming the file, the line and the offending text.
 *
 * French typography: U+00A0 (no-break space) before ':' and inside « »,
 * U+202F (narrow no-break space) before ';', '!' and '?' and between the
 * thousands of a number, the typographic apostrophe ’ and never ', no
 * English quotes, and cross-references in guillemets (voir « Titre »);
 * fr.po keeps no obsolete (#~) entry. */
#include "tb-rules-page.h"

#include <stdio.h>
#include <string.h>

#define NBSP "\xc2\xa0"    /* U+00A0 */
#define NNBSP "\xe2\x80\xaf" /* U+202F */

/* A piece of text the reader sees, and where it is. */
typedef struct
{
  char *file; /* as reported: "po/fr.po", "data/rules/ra.fr.xml" */
  guint line;
  char *text;
  gboolean title; /* a section title (a whole heading) */
} Segment;

static void
segment_free (gpointer data)
{
  Segment *s = data;

  g_free (s->file);
  g_free (s->text);
  g_free (s);
}

static void
add_segment (GPtrArray *out, const char *file, guint line, const char *text, gboolean title)
{
  Segment *s = g_new0 (Segment, 1);

  s->file = g_strdup (file);
  s->line = line;
  s->text = g_strdup (text);
  s->title = title;
  g_ptr_array_add (out, s);
}

/* relative: a path from the top of the sources ("po/fr.po"). */
static char *
source_path (const char *relative)
{
  /* G_TEST_SRCDIR is tests/; the files are next to it. */
  const char *tests = g_getenv ("G_TEST_SRCDIR");

  g_assert_nonnull (tests);
  return g_build_filename (tests, "..", relative, NULL);
}

/* ---- po/fr.po ---- */

static char *
unescape_po (const char *quoted, gsize len)
{
  g_autofree char *inner = g_strndup (quoted, len);

  return g_strcompress (inner);
}

/* The msgids (English) and msgstrs (French) of fr.po's entries, with the
 * line of their keyword.  Skips the header, translator-credits and the
 * entries whose msgid is a keyword list ("game;board;…;": semicolons there
 * are separators, not punctuation).  Fails on an obsolete entry. */
static void
read_po (GPtrArray *english, GPtrArray *french)
{
  g_autofree char *path = source_path ("po/fr.po");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (segment_free);
  g_autoptr (GPtrArray) strs = g_ptr_array_new_with_free_func (segment_free);
  GString *string = g_string_new (NULL);
  GPtrArray *target = NULL; /* where the string being read goes */
  guint string_line = 0;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);

  for (guint i = 0;; i++)
    {
      const char *line = lines[i] ? lines[i] : "";
      gboolean last = lines[i] == NULL;
      const char *quote = strchr (line, '"');

      if (g_str_has_prefix (line, "#~"))
        g_error ("po/fr.po:%u: an obsolete entry (#~): remove it: %s", i + 1, line);
      /* A keyword, a comment or a blank line ends the string before it. */
      if (line[0] != '"' && target)
        {
          add_segment (target, "po/fr.po", string_line, string->str, FALSE);
          target = NULL;
        }
      /* A blank line ends the entry. */
      if (line[0] == '\0' && ids->len)
        {
          const char *msgid = ((Segment *) g_ptr_array_index (ids, 0))->text;
          gboolean skip = msgid[0] == '\0' || g_str_equal (msgid, "translator-credits") ||
                          (strchr (msgid, ' ') == NULL && g_str_has_suffix (msgid, ";"));

          for (guint k = 0; !skip && k < ids->len; k++)
            {
              Segment *s = g_ptr_array_index (ids, k);

              add_segment (english, s->file, s->line, s->text, FALSE);
            }
          for (guint k = 0; !skip && k < strs->len; k++)
            {
              Segment *s = g_ptr_array_index (strs, k);

              add_segment (french, s->file, s->line, s->text, FALSE);
            }
          g_ptr_array_set_size (ids, 0);
          g_ptr_array_set_size (strs, 0);
        }
      if (last)
        break;
      if (g_str_has_prefix (line, "msgid"))
        target = ids;
      else if (g_str_has_prefix (line, "msgstr"))
        target = strs;
      if (g_str_has_prefix (line, "msg"))
        {
          g_string_truncate (string, 0);
          string_line = i + 1;
          if (!target) /* msgctxt */
            continue;
        }
      if (target && quote)
        {
          const char *end = strrchr (line, '"');

          if (end > quote)
            {
              g_autofree char *piece = unescape_po (quote + 1, end - quote - 1);

              g_string_append (string, piece);
            }
        }
    }
  g_assert_cmpuint (french->len, >, 400);
  g_assert_cmpuint (english->len, >, 400);
  g_string_free (string, TRUE);
}

/* ---- data/rules pages ---- */

/* The text of a page: what lies between tags, split at tags, and the
 * title attributes (section titles); the other attributes are markup
 * (ids, positions, moves, options). */
static void
read_page (const char *name, GPtrArray *out)
{
  g_autofree char *file = g_build_filename ("data", "rules", name, NULL);
  g_autofree char *path = source_path (file);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  const char *p;
  guint line = 1;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  p = contents;
  while (*p)
    {
      if (*p == '<')
        {
          const char *end = strchr (p, '>');
          g_autofree char *tag = NULL;
          const char *title;
          guint tag_line = line;

          g_assert_nonnull (end);
          tag = g_strndup (p, end - p);
          for (const char *q = p; q < end; q++)
            line += *q == '\n';
          title = strstr (tag, " title=\"");
          if (title)
            {
              const char *value = title + strlen (" title=\"");
              const char *close = strchr (value, '"');
              g_autofree char *text = g_strndup (value, close - value);

              add_segment (out, file, tag_line, text, TRUE);
            }
          p = end + 1;
        }
      else
        {
          const char *end = strchr (p, '<');
          g_autofree char *text = NULL;

          if (!end)
            end = p + strlen (p);
          text = g_strndup (p, end - p);
          /* Report the first line with words on it. */
          {
            guint at = line;
            const char *q = p;

            while (q < end && g_ascii_isspace (*q))
              at += *q++ == '\n';
            if (q < end)
              add_segment (out, file, at, text, FALSE);
          }
          for (const char *q = p; q < end; q++)
            line += *q == '\n';
          p = end;
        }
    }
}

static GPtrArray *
read_pages (const char *lang)
{
  g_autofree char *dir = source_path ("data/rules");
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autofree char *suffix = g_strdup_printf (".%s.xml", lang);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *out = g_ptr_array_new_with_free_func (segment_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (names, g_strdup (name));
  g_assert_cmpuint (names->len, ==, 5);
  for (guint i = 0; i < names->len; i++)
    read_page (g_ptr_array_index (names, i), out);
  return out;
}

/* ---- the checks ---- */

typedef struct
{
  const char *pattern; /* a PCRE, matched in a segment */
  const char *why;
} Rule;

/* Breaches of French typography. */
static const Rule typography[] = {
  { "'", "a straight apostrophe: write ’" },
  { "[\"“”]", "English quotation marks: write « »" },
  { "[ \\x{202F}]:", "a colon takes U+00A0 (no-break space) before it" },
  { "[^\\s\\x{00A0}\\x{202F}]:(\\s|$)", "a colon takes U+00A0 (no-break space) before it" },
  { "[ \\x{00A0}][;!?]", "; ! and ? take U+202F (narrow no-break space) before them" },
  { "(?<!&[a-z]{2}|&[a-z]{3}|&[a-z]{4})[^\\s\\x{00A0}\\x{202F}…][;!?](\\s|$)",
    "; ! and ? take U+202F (narrow no-break space) before them" },
  { "«(?!\\x{00A0})", "« takes U+00A0 (no-break space) after it" },
  { "(?<!\\x{00A0})»", "» takes U+00A0 (no-break space) before it" },
  { "\\b\\d{1,3}[ \\x{00A0},.]\\d{3}\\b", "thousands are separated by U+202F (narrow no-break space)" },
  { "\\b\\d{5,}\\b", "thousands are separated by U+202F (narrow no-break space)" },
};

/* Cross-references of the rules pages: voir « Titre ». */
static const Rule cross_references[] = {
  { "\\b[Vv]oir\\s+(?!«)(?=\\p{Lu}|les |la |le |l’|plus (bas|haut))",
    "a cross-reference names its section in guillemets: voir « Titre »" },
};

/* Forbidden variants of po/GLOSSARY.md. */
static const Rule glossary_fr[] = {
  { "\\b[Rr]encontres?\\b", "a match is « match », not « rencontre »" },
  { "^(Une )?[Pp]ersonne$|[Pp]ersonne ou l’ordinateur", "a seat's player is « Humain », not « Personne »" },
  { "^Vide$|[Pp]artie vide", "a void game is « Annulée », « Vide » means empty" },
  { "\\b_?Conseil\\b", "a hint is « Indice », not « Conseil »" },
  { "\\bÉgalité\\b|\\b[Ll]’égalité\\b", "a draw is « partie nulle », not « égalité »" },
  { "^Montrer les|^Montrer le coup", "a setting shows with « Afficher »" },
  { "\\b([Pp]remière|[Ss]econde) place\\b|chaque place\\b", "a seat is « premier joueur », « camp », not « place »" },
  { "\\bRA atteint\\b|\\bcase RA\\b", "the RA is « zone RA »: « Zone RA atteinte », « zone RA adverse »" },
  { "\\bgroupe (ami|ennemi|adverse)\\b|\\bce groupe appartient", "a stack is « pile »; « groupe » is the pawns that move" },
  { "fait le plein|plein de couleur|retourné sur l’anneau", "an Oraïa pawn is « chargé »" },
  { "^bloquée$", "a piece that can no longer turn is « cernée »" },
  { "nulle et se rejoue|partie est nulle :|donc nulle, sans point", "a void game is annulled and replayed, never a draw" },
  { "(?<!application )Tablier en fait\\b", "« Tablier » reads as the application's name there" },
  { "option “|option « [a-z]+-[a-z-]+ »", "an option's key is no word for readers" },
  { "^(Blanc|Rouge|Bleu|Foncé|Clair|Marron) joue\\b", "a caption opens on « À X de jouer »" },
};
static const Rule titles_fr[] = {
  { "^Préparation$", "the setup section is « Mise en place » on every page" },
  { "^Points reconstitués$|^Règles reconstituées et", "the section is « Règles reconstituées » on every page" },
  { "^Ajouts$", "the section is « Ajouts de Tablier » on every page" },
  { "^Exemples? commentés?[\\s\\x{00A0}]*:", "the section is « Exemples commentés » on every page" },
};
static const Rule glossary_en[] = {
  { "\\b[Pp]erson\\b", "a seat's player is \"Human\"" },
  { "\\b(his|himself)\\b", "a player is \"they\" (their, them)" },
  { "\\b[69]1-cell\\b", "the boards are \"61 hexes\", \"91 hexes\" (the 61-hex board)" },
  { "capturing on the way", "a capture ends the move" },
  { "\\b[Vv]oids?\\b", "a void game is annulled (and replayed)" },
  { "\\blocked\\b", "a piece that can no longer turn is \"surrounded\"" },
  { "\\bstarting positions\\b|\\bcrown positions?\\b", "Oraïa's crown has \"start places\"" },
  { "from closer|given new moves|lead can no longer be caught up|checked for no moves|Games Selected",
    "the English of the interface was rewritten (po/GLOSSARY.md)" },
  { "^(Dark|Light|Blue|Red|White|Brown) to play\\b", "a caption opens on \"X to move\"" },
  { "^VERSUS by\\b", "the game is Versus; the VERSUS is its piece" },
};
static const Rule glossary_en_retournement[] = {
  { "\\bplac(e|es|ed|ing) (a |the |your |one |any |pieces\\b|anything\\b)", "pieces are laid: \"lay\"" },
  { "\\bplac(ed|ing)\\b", "pieces are laid: \"lay\"" },
};
static const Rule titles_en[] = {
  { "^Reconstructed points$|^Reconstructed rules and", "the section is \"Reconstructed rules\" on every page" },
  { "^Additions( by Tablier)?$", "the section is \"Tablier's additions\" on every page" },
  { "^Worked examples?:", "the section is \"Worked examples\" on every page" },
};

/* Counts the breaches of rules in the segments (those of file_part only,
 * if given; titles only or no titles) and prints each. */
static guint
check (GPtrArray *segments, const Rule *rules, guint n_rules, const char *file_part,
       gboolean titles_only)
{
  guint breaches = 0;

  for (guint r = 0; r < n_rules; r++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GRegex) regex = g_regex_new (rules[r].pattern, G_REGEX_OPTIMIZE | G_REGEX_MULTILINE, 0, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < segments->len; i++)
        {
          Segment *s = g_ptr_array_index (segments, i);
          g_autoptr (GMatchInfo) match = NULL;

          if (file_part && !strstr (s->file, file_part))
            continue;
          if (titles_only && !s->title)
            continue;
          g_regex_match (regex, s->text, 0, &match);
          while (g_match_info_matches (match))
            {
              int start, end;
              const char *from, *to;
              g_autofree char *excerpt = NULL;
              guint line = s->line;

              g_match_info_fetch_pos (match, 0, &start, &end);
              /* The line of the breach within the segment, and some words around it. */
              for (int k = 0; k < start; k++)
                line += s->text[k] == '\n';
              from = s->text + start;
              for (int k = 0; k < 24 && from > s->text && from[-1] != '\n'; k++)
                from = g_utf8_prev_char (from);
              to = s->text + end;
              for (int k = 0; k < 24 && *to && *to != '\n'; k++)
                to = g_utf8_next_char (to);
              excerpt = g_strndup (from, to - from);
              fprintf (stderr, "%s:%u: %s: “%s”\n", s->file, line, rules[r].why, excerpt);
              breaches++;
              g_match_info_next (match, NULL);
            }
        }
    }
  return breaches;
}

static void
test_typography_po (void)
{
  g_autoptr (GPtrArray) english = g_ptr_array_new_with_free_func (segment_free);
  g_autoptr (GPtrArray) french = g_ptr_array_new_with_free_func (segment_free);

  read_po (english, french);
  g_assert_cmpuint (check (french, typography, G_N_ELEMENTS (typography), NULL, FALSE), ==, 0);
}

static void
test_typography_rules (void)
{
  g_autoptr (GPtrArray) french = read_pages ("fr");
  guint breaches = check (french, typography, G_N_ELEMENTS (typography), NULL, FALSE);

  breaches += check (french, cross_references, G_N_ELEMENTS (cross_references), NULL, FALSE);
  g_assert_cmpuint (breaches, ==, 0);
}

static void
test_glossary_po (void)
{
  g_autoptr (GPtrArray) english = g_ptr_array_new_with_free_func (segment_free);
  g_autoptr (GPtrArray) french = g_ptr_array_new_with_free_func (segment_free);
  guint breaches;

  read_po (english, french);
  breaches = check (french, glossary_fr, G_N_ELEMENTS (glossary_fr), NULL, FALSE);
  breaches += check (english, glossary_en, G_N_ELEMENTS (glossary_en), NULL, FALSE);
  /* « tablier » is the Versus rules' word; the interface says « plateau ». */
  {
    static const Rule board[] = { { "\\btablier\\b", "the interface says « plateau »" } };

    breaches += check (french, board, G_N_ELEMENTS (board), NULL, FALSE);
  }
  g_assert_cmpuint (breaches, ==, 0);
}

static void
test_glossary_rules (void)
{
  g_autoptr (GPtrArray) english = read_pages ("en");
  g_autoptr (GPtrArray) french = read_pages ("fr");
  static const Rule board[] = { { "\\btablier\\b", "« tablier » only in the Versus pages, as their rules say" } };
  guint breaches = 0;

  breaches += check (french, glossary_fr, G_N_ELEMENTS (glossary_fr), NULL, FALSE);
  breaches += check (french, titles_fr, G_N_ELEMENTS (titles_fr), NULL, TRUE);
  breaches += check (french, board, G_N_ELEMENTS (board), "ra.fr", FALSE);
  breaches += check (french, board, G_N_ELEMENTS (board), "oraia.fr", FALSE);
  breaches += check (french, board, G_N_ELEMENTS (board), "retournement.fr", FALSE);
  {
    static const Rule ra[] = { { "\\bnulle\\b", "a void RA game is annulled and replayed, never a draw" } };

    breaches += check (french, ra, G_N_ELEMENTS (ra), "ra.fr", FALSE);
  }
  breaches += check (english, glossary_en, G_N_ELEMENTS (glossary_en), NULL, FALSE);
  breaches += check (english, glossary_en_retournement, G_N_ELEMENTS (glossary_en_retournement),
                     "retournement.en", FALSE);
  breaches += check (english, titles_en, G_N_ELEMENTS (titles_en), NULL, TRUE);
  g_assert_cmpuint (breaches, ==, 0);
}

/* Where the C text at p, a string literal, ends (past its closing '"'). */
static const char *
skip_string (const char *p, GString *literal)
{
  for (p++; *p && *p != '"'; p++)
    {
      if (*p == '\\' && p[1])
        p++;
      g_string_append_c (literal, *p);
    }
  return *p ? p + 1 : p;
}

/* Where the comment or the character constant at p ends, or p. */
static const char *
skip_not_string (const char *p)
{
  const char *end;

  if (g_str_has_prefix (p, "/*"))
    return (end = strstr (p + 2, "*/")) ? end + 2 : p + strlen (p);
  if (g_str_has_prefix (p, "//"))
    return p + strcspn (p, "\n");
  if (*p != '\'')
    return p;
  for (end = p + 1; *end && *end != '\''; end++)
    if (*end == '\\' && end[1])
      end++;
  return *end ? end + 1 : end;
}

/* Counts the string literals of the C file at path that name the
 * developers' private notes (comments may: they are for developers). */
static guint
check_source_strings (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GString) literal = g_string_new (NULL);
  guint breaches = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  for (const char *p = text; *p;)
    {
      const char *next = skip_not_string (p);

      if (next != p)
        p = next;
      else if (*p != '"')
        p++;
      else
        {
          g_string_truncate (literal, 0);
          p = skip_string (p, literal);
          if (strstr (literal->str, "NOTATION") == NULL)
            continue;
          g_printerr ("%s: \"%s\" names the developers' notes\n", path, literal->str);
          breaches++;
        }
    }
  return breaches;
}

static guint
check_sources_under (const char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint breaches = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        breaches += check_sources_under (path);
      else if (g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h"))
        breaches += check_source_strings (path);
    }
  return breaches;
}

/* A message of Tablier never sends the user to NOTATION.md, a file of
 * the developers' that users do not have (docs/ is theirs). */
static void
test_messages_name_no_private_notes (void)
{
  g_autofree char *src = source_path ("src");

  g_assert_cmpuint (check_sources_under (src), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/typography/fr-po", test_typography_po);
  g_test_add_func ("/typography/rules-pages", test_typography_rules);
  g_test_add_func ("/glossary/po", test_glossary_po);
  g_test_add_func ("/glossary/rules-pages", test_glossary_rules);
  g_test_add_func ("/messages/name-no-private-notes", test_messages_name_no_private_notes);
  return g_test_run ();
}
