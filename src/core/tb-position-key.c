/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-position-key.c: position keys, and the board symmetries they see
 * through
 *
 * A symmetry is a turn or a reflection of the board's drawing (about the
 * middle of its cells) that the rules respect; it is kept only when it
 *  - maps every cell onto a cell with the same marks (targets, RA cells,
 *    homes, the centre, the disc),
 *  - maps every line drawn between cells onto a line of the same kind
 *    (Oraïa's pinwheel arms turn one way: no reflection keeps them),
 *  - and maps the start position onto itself, each side's pieces onto
 *    that side's: a symmetry that swaps the armies would swap the seats
 *    and their results.
 * So the Versus boards have none (each start row reads 1 4 V 3 2 from its
 * owner's left), RA the mirror about its middle row, Oraïa the turns by a
 * quarter and the four reflections through crown places (an eighth turn
 * swaps the colours), Retournement the eight of its square.  The rules
 * themselves only look at cells, lines and marks, which tests check: the
 * legal moves of a position's image are the images of its moves.
 *
 * Symmetries act on texts: cell names in position and move texts are
 * mapped, the disc's turn r and a move's turn =R, =L are mirrored by a
 * reflection, and a laid piece's cells (Retournement) are sorted again.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tb-line.h"
#include "tb-position-key.h"

/* The disc turns by eighths (oraia.md §1). */
#define DISC_STEPS 8

typedef struct
{
  char name[24];
  gboolean reflects;
  guint8 to[TB_MAX_CELLS];     /* cell -> its image */
} Symmetry;

struct _TbPositionKeys
{
  TbVariant *variant;
  char *prefix;                /* "ruleset\noptions\n": keys differ by variant */
  gboolean cell_sets;          /* laid pieces name their cells in any order */
  gboolean disc;
  GHashTable *cells;           /* name -> index + 1 */
  guint n_symmetries;
  Symmetry *symmetries;        /* [0] the identity */
  Symmetry *inverses;
  guint64 prefix_hash;
  /* Item text -> the hashes of its images (guint64[n_symmetries]): the
   * same few items (a piece on a cell) make every position, and mapping
   * them as texts was most of an import's time. */
  GMutex lock;
  GHashTable *item_images;
};

/* Items whose images are remembered, at most: a few MB. */
#define MAX_ITEMS_KEPT 65536

/* ---- mapping texts ---- */

static int
find_cell (const TbPositionKeys *keys, const char *name, gsize length)
{
  char buf[TB_CELL_NAME_LEN];

  if (length == 0 || length >= sizeof buf)
    return -1;
  memcpy (buf, name, length);
  buf[length] = '\0';
  return GPOINTER_TO_INT (g_hash_table_lookup (keys->cells, buf)) - 1;
}

static const char *
cell_name (const TbPositionKeys *keys, int cell)
{
  return keys->variant->board.cells[cell].name;
}

/* A word of a text: a cell (maybe after a stack's height, as in RA's
 * 3c5-e5), a turn's side, or anything else, kept. */
static void
map_word (const TbPositionKeys *keys, const Symmetry *sym, const char *word, gsize length,
          char before, char after, GString *out)
{
  gsize digits = 0;
  int cell;

  if (after == ':')  /* a shape's code, a seat's letters: no cell */
    {
      g_string_append_len (out, word, (gssize) length);
      return;
    }
  if (before == '=' && sym->reflects && length == 1 && (word[0] == 'R' || word[0] == 'L'))
    {
      g_string_append_c (out, word[0] == 'R' ? 'L' : 'R');
      return;
    }
  while (digits < length && g_ascii_isdigit (word[digits]))
    digits++;
  cell = find_cell (keys, word + digits, length - digits);
  g_string_append_len (out, word, (gssize) (cell < 0 ? length : digits));
  if (cell >= 0)
    g_string_append (out, cell_name (keys, sym->to[cell]));
}

static int
compare_ints (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* "V3:e5-f5-e6": the piece's cells, mapped, in the order of the board,
 * as the ruleset writes them. */
static gboolean
map_cell_set (const TbPositionKeys *keys, const Symmetry *sym, const char *text, GString *out)
{
  const char *colon = strrchr (text, ':');
  g_auto (GStrv) names = NULL;
  int cells[TB_MAX_CELLS];
  guint n = 0;

  if (colon == NULL)
    return FALSE;
  names = g_strsplit (colon + 1, "-", -1);
  for (; names[n]; n++)
    if (n == TB_MAX_CELLS || (cells[n] = find_cell (keys, names[n], strlen (names[n]))) < 0)
      return FALSE;
  for (guint i = 0; i < n; i++)
    cells[i] = sym->to[cells[i]];
  qsort (cells, n, sizeof (int), compare_ints);
  g_string_append_len (out, text, colon + 1 - text);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i ? "-" : "", cell_name (keys, cells[i]));
  return TRUE;
}

/* One item of a position text, or a move text. */
static void
map_item (const TbPositionKeys *keys, const Symmetry *sym, const char *text, GString *out)
{
  const char *p = text;

  if (keys->cell_sets && map_cell_set (keys, sym, text, out))
    return;
  if (keys->disc && sym->reflects && g_str_has_prefix (text, "r="))
    {
      g_string_append_printf (out, "r=%d", (DISC_STEPS - atoi (text + 2) % DISC_STEPS) % DISC_STEPS);
      return;
    }
  while (*p)
    {
      const char *start = p;

      if (!g_ascii_isalnum (*p))
        {
          g_string_append_c (out, *p++);
          continue;
        }
      while (g_ascii_isalnum (*p))
        p++;
      map_word (keys, sym, start, (gsize) (p - start), start > text ? start[-1] : '\0', *p, out);
    }
}

char *
tb_position_keys_map_text (const TbPositionKeys *keys, guint i, const char *text)
{
  g_auto (GStrv) items = g_strsplit (text, " ", -1);
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (i < keys->n_symmetries, NULL);
  for (guint k = 0; items[k]; k++)
    {
      if (k)
        g_string_append_c (out, ' ');
      map_item (keys, &keys->symmetries[i], items[k], out);
    }
  return g_string_free (out, FALSE);
}

/* ---- keys ---- */

/* splitmix64, written out here: the keys are on disk and must not follow
 * any change to the engine's own hashing. */
static guint64
mix (guint64 z)
{
  z += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static guint64
hash_bytes (guint64 h, const char *bytes, gsize length)
{
  for (gsize i = 0; i < length; i += 8)
    {
      guint64 chunk = 0;

      memcpy (&chunk, bytes + i, MIN (8, length - i));
      h = mix (h ^ GUINT64_FROM_LE (chunk));
    }
  return mix (h ^ length);
}

/* The hash of an item's image under sym. */
static guint64
item_image_hash (const TbPositionKeys *keys, const Symmetry *sym, const char *item)
{
  GString *image;
  guint64 h;

  if (sym == &keys->symmetries[0])
    return hash_bytes (0, item, strlen (item));
  image = g_string_sized_new (32);
  map_item (keys, sym, item, image);
  h = hash_bytes (0, image->str, image->len);
  g_string_free (image, TRUE);
  return h;
}

/* A position's key from the sum of its items' hashes: a sum, as a
 * symmetry changes the order of the items (that of the cells), not the
 * position. */
static gint64
combine (const TbPositionKeys *keys, guint64 sum, guint n)
{
  return (gint64) mix (mix (keys->prefix_hash ^ sum) ^ n);
}

/* The key of the items' images under sym, worked out afresh. */
static gint64
key_under (const TbPositionKeys *keys, const Symmetry *sym, char **items, guint n)
{
  guint64 sum = 0;

  for (guint i = 0; i < n; i++)
    sum += item_image_hash (keys, sym, items[i]);
  return combine (keys, sum, n);
}

/* The key of each image, ks[i] that of symmetry i's, from the items'
 * remembered images. */
static void
image_keys (TbPositionKeys *keys, char **items, guint n, gint64 *ks)
{
  g_autofree guint64 *sums = g_new0 (guint64, keys->n_symmetries);

  g_mutex_lock (&keys->lock);
  for (guint i = 0; i < n; i++)
    {
      guint64 *hashes = g_hash_table_lookup (keys->item_images, items[i]);

      if (hashes == NULL)
        {
          if (g_hash_table_size (keys->item_images) >= MAX_ITEMS_KEPT)
            g_hash_table_remove_all (keys->item_images);
          hashes = g_new (guint64, keys->n_symmetries);
          for (guint s = 0; s < keys->n_symmetries; s++)
            hashes[s] = item_image_hash (keys, &keys->symmetries[s], items[i]);
          g_hash_table_insert (keys->item_images, g_strdup (items[i]), hashes);
        }
      for (guint s = 0; s < keys->n_symmetries; s++)
        sums[s] += hashes[s];
    }
  g_mutex_unlock (&keys->lock);
  for (guint s = 0; s < keys->n_symmetries; s++)
    ks[s] = combine (keys, sums[s], n);
}

/* The key of each image, ks[i] that of symmetry i's; out the smallest,
 * the lowest symmetry that gives it. */
static void
key_of_items (const TbPositionKeys *keys, char **items, guint n, gint64 *ks, TbPositionKey *out)
{
  /* Only the cache of images changes: keys are shared, and locked. */
  image_keys ((TbPositionKeys *) keys, items, n, ks);
  out->orient = 0;
  for (guint i = 1; i < keys->n_symmetries; i++)
    if (ks[i] < ks[out->orient])
      out->orient = i;
  out->literal = ks[0];
  out->key = ks[out->orient];
}

/* The items of a position text, split where they stand (as g_strsplit
 * splits: the keys on disk were made so). */
static char **
split_items (char *text, guint *n)
{
  GPtrArray *items = g_ptr_array_sized_new (64);

  g_ptr_array_add (items, text);
  for (char *p = text; *p; p++)
    if (*p == ' ')
      {
        *p = '\0';
        g_ptr_array_add (items, p + 1);
      }
  *n = items->len;
  g_ptr_array_add (items, NULL);
  return (char **) g_ptr_array_free (items, FALSE);
}

/* The key of pos, and the text of move played from it in the canonical
 * orientation (move_text NULL: no move): one text of the position for
 * both, as an import works out both for every ply.  Of the symmetries
 * that map pos onto its canonical image (more than one only for a
 * position that is its own image), the one that gives the smallest move
 * text, so that moves the same under them are one. */
static void
key_and_move (const TbPositionKeys *keys, const TbPosition *pos, TbMove move,
              TbPositionKey *out, char **move_text)
{
  g_autofree char *text = tb_variant_format_position (keys->variant, pos);
  g_autofree gint64 *ks = g_new (gint64, keys->n_symmetries);
  g_autofree char **items = NULL;
  g_autofree char *played = NULL;
  guint n;

  items = split_items (text, &n);
  key_of_items (keys, items, n, ks, out);
  if (move_text == NULL)
    return;
  played = tb_variant_format_move (keys->variant, pos, move);
  if (keys->n_symmetries == 1)  /* written as it is */
    {
      *move_text = g_steal_pointer (&played);
      return;
    }
  *move_text = tb_position_keys_map_text (keys, out->orient, played);
  for (guint i = out->orient + 1; i < keys->n_symmetries; i++)
    if (ks[i] == out->key)
      {
        char *other = tb_position_keys_map_text (keys, i, played);

        if (strcmp (other, *move_text) < 0)
          {
            g_free (*move_text);
            *move_text = other;
          }
        else
          g_free (other);
      }
}

void
tb_position_key (const TbPositionKeys *keys, const TbPosition *pos, TbPositionKey *out)
{
  key_and_move (keys, pos, TB_MOVE_NONE, out, NULL);
}

char *
tb_position_key_move (const TbPositionKeys *keys, const TbPosition *pos, const TbPositionKey *key,
                      TbMove move)
{
  TbPositionKey again;
  char *text = NULL;

  key_and_move (keys, pos, move, &again, &text);
  g_warn_if_fail (again.key == key->key);
  return text;
}

char *
tb_position_key_move_back (const TbPositionKeys *keys, const TbPositionKey *key, const char *move)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (key->orient < keys->n_symmetries, NULL);
  map_item (keys, &keys->inverses[key->orient], move, out);
  return g_string_free (out, FALSE);
}

guint
tb_position_keys_n_symmetries (const TbPositionKeys *keys)
{
  return keys->n_symmetries;
}

const char *
tb_position_keys_symmetry_name (const TbPositionKeys *keys, guint i)
{
  g_return_val_if_fail (i < keys->n_symmetries, NULL);
  return keys->symmetries[i].name;
}

/* ---- finding the symmetries ---- */

/* The cell nearest (x, y), if one is there. */
static int
cell_at (const TbBoardDesc *board, double x, double y)
{
  double tolerance = board->cell_size * 0.25;

  for (guint i = 0; i < board->n_cells; i++)
    if (fabs (board->cells[i].x - x) < tolerance && fabs (board->cells[i].y - y) < tolerance)
      return (int) i;
  return -1;
}

/* The cells mapped by the turn (or the reflection through the axis at
 * angle / 2) by angle degrees about the board's middle; FALSE when some
 * cell falls off the cells or onto one marked otherwise. */
static gboolean
map_cells (const TbBoardDesc *board, int degrees, gboolean reflects, Symmetry *sym)
{
  double cx = (board->min_x + board->max_x) / 2, cy = (board->min_y + board->max_y) / 2;
  double c = cos (degrees * G_PI / 180), s = sin (degrees * G_PI / 180);

  for (guint i = 0; i < board->n_cells; i++)
    {
      double x = board->cells[i].x - cx, y = board->cells[i].y - cy;
      /* Reflection through the axis at degrees / 2: (x, y) -> (c x + s y, s x - c y). */
      double mx = reflects ? c * x + s * y : c * x - s * y;
      double my = reflects ? s * x - c * y : s * x + c * y;
      int image = cell_at (board, mx + cx, my + cy);

      if (image < 0 || board->cells[image].marks != board->cells[i].marks)
        return FALSE;
      sym->to[i] = (guint8) image;
    }
  sym->reflects = reflects;
  g_snprintf (sym->name, sizeof sym->name, "%s %d", reflects ? "reflection" : "rotation", degrees);
  return TRUE;
}

static gboolean
keeps_lines (const TbBoardDesc *board, const Symmetry *sym)
{
  for (guint i = 0; i < board->n_lines; i++)
    {
      const TbLineDesc *line = &board->lines[i];
      int a = sym->to[line->a], b = sym->to[line->b];
      gboolean found = FALSE;

      for (guint j = 0; j < board->n_lines && !found; j++)
        found = board->lines[j].kind == line->kind &&
                ((board->lines[j].a == a && board->lines[j].b == b) ||
                 (board->lines[j].a == b && board->lines[j].b == a));
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static gboolean
same_symmetry (const TbPositionKeys *keys, const Symmetry *a, const Symmetry *b)
{
  return a->reflects == b->reflects &&
         memcmp (a->to, b->to, keys->variant->board.n_cells * sizeof a->to[0]) == 0;
}

/* Whether the start, seen through sym, is the start. */
static gboolean
keeps_start (const TbPositionKeys *keys, guint i)
{
  g_autoptr (TbLine) line = tb_line_new (keys->variant, 1);
  g_autofree char *text = tb_variant_format_position (keys->variant, tb_line_get_position (line));
  g_auto (GStrv) items = g_strsplit (text, " ", -1);
  guint n = g_strv_length (items);

  return key_under (keys, &keys->symmetries[0], items, n) ==
         key_under (keys, &keys->symmetries[i], items, n);
}

static void
find_symmetries (TbPositionKeys *keys)
{
  const TbBoardDesc *board = &keys->variant->board;
  /* Every turn and reflection of the square, hexagonal and octagonal
   * drawings is a multiple of 15 degrees. */
  GArray *found = g_array_new (FALSE, TRUE, sizeof (Symmetry));

  for (int reflects = 0; reflects < 2; reflects++)
    for (int degrees = 0; degrees < 360; degrees += 15)
      {
        Symmetry sym = { 0 };
        gboolean known = FALSE;

        if (!map_cells (board, degrees, reflects, &sym) || !keeps_lines (board, &sym))
          continue;
        for (guint i = 0; i < found->len && !known; i++)
          known = same_symmetry (keys, &g_array_index (found, Symmetry, i), &sym);
        if (known)
          continue;
        g_array_append_val (found, sym);
        keys->symmetries = (Symmetry *) found->data;
        keys->n_symmetries = found->len;
        if (found->len > 1 && !keeps_start (keys, found->len - 1))
          g_array_set_size (found, found->len - 1);
      }
  if (found->len == 0)  /* a board without a drawing: the identity alone */
    {
      Symmetry sym = { .name = "identity" };

      for (guint i = 0; i < TB_MAX_CELLS; i++)
        sym.to[i] = (guint8) i;
      g_array_append_val (found, sym);
    }
  g_strlcpy (g_array_index (found, Symmetry, 0).name, "identity", sizeof (((Symmetry *) 0)->name));
  keys->n_symmetries = found->len;
  keys->symmetries = (Symmetry *) g_array_free (found, FALSE);
}

static void
find_inverses (TbPositionKeys *keys)
{
  keys->inverses = g_new0 (Symmetry, keys->n_symmetries);
  for (guint i = 0; i < keys->n_symmetries; i++)
    {
      keys->inverses[i] = keys->symmetries[i];
      for (guint c = 0; c < keys->variant->board.n_cells; c++)
        keys->inverses[i].to[keys->symmetries[i].to[c]] = (guint8) c;
    }
}

static TbPositionKeys *
keys_new (TbVariant *variant, const char *prefix)
{
  TbPositionKeys *keys = g_new0 (TbPositionKeys, 1);

  keys->variant = tb_variant_ref (variant);
  keys->prefix = g_strdup (prefix);
  keys->prefix_hash = hash_bytes (0, prefix, strlen (prefix));
  g_mutex_init (&keys->lock);
  keys->item_images = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  keys->cell_sets = tb_rules_has_hands (variant->rules);
  keys->disc = tb_rules_has_disc (variant->rules);
  keys->cells = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < variant->board.n_cells; i++)
    g_hash_table_insert (keys->cells, variant->board.cells[i].name, GINT_TO_POINTER (i + 1));
  find_symmetries (keys);
  find_inverses (keys);
  return keys;
}

const TbPositionKeys *
tb_position_keys_get (TbVariant *variant)
{
  static GMutex lock;
  static GHashTable *known;  /* prefix -> keys, for the program's life */
  g_autofree char *options = tb_variant_options_to_text (variant);
  g_autofree char *prefix = g_strdup_printf ("%s\n%s\n", tb_rules_get_id (variant->rules),
                                             options ? options : "");
  TbPositionKeys *keys;

  g_mutex_lock (&lock);
  if (known == NULL)
    known = g_hash_table_new (g_str_hash, g_str_equal);
  keys = g_hash_table_lookup (known, prefix);
  if (keys == NULL)
    {
      keys = keys_new (variant, prefix);
      g_hash_table_insert (known, keys->prefix, keys);
    }
  g_mutex_unlock (&lock);
  return keys;
}

/* ---- a game's positions ---- */

static void
add_entry (GArray *entries, const TbPositionKeys *keys, const TbPosition *pos, guint ply,
           TbMove move)
{
  TbPositionEntry entry = { .ply = ply };
  TbPositionKey key;

  if (move != TB_MOVE_NONE)
    key_and_move (keys, pos, move, &key, &entry.move);
  else
    {
      key_and_move (keys, pos, move, &key, NULL);
      entry.move = g_strdup ("");
    }
  entry.key = key.key;
  entry.literal = key.literal;
  entry.orient = key.orient;
  g_array_append_val (entries, entry);
}

static void
entry_clear (TbPositionEntry *entry)
{
  g_free (entry->move);
}

struct _TbMainLine
{
  TbVariant *variant;
  guint starter;
  TbPosition *setup;    /* or NULL: the start */
  GArray *moves;        /* of TbMove */
};

TbMainLine *
tb_main_line_new (TbGame *game)
{
  TbMainLine *line = g_new0 (TbMainLine, 1);
  const TbGameNode *node = tb_game_get_root (game);

  line->variant = tb_variant_ref (tb_game_get_variant (game));
  line->starter = tb_game_get_starter (game);
  if (tb_game_get_setup (game))
    line->setup = tb_position_dup (line->variant, tb_game_get_setup (game));
  line->moves = g_array_new (FALSE, FALSE, sizeof (TbMove));
  while (tb_game_node_get_n_children (node) > 0)
    {
      TbMove move;

      node = tb_game_node_get_child (node, 0);
      move = tb_game_node_get_move (node);
      g_array_append_val (line->moves, move);
    }
  return line;
}

void
tb_main_line_free (TbMainLine *line)
{
  if (line == NULL)
    return;
  g_array_unref (line->moves);
  if (line->setup)
    tb_position_free (line->setup);
  tb_variant_unref (line->variant);
  g_free (line);
}

GArray *
tb_main_line_entries (const TbMainLine *main_line, guint max_plies)
{
  const TbPositionKeys *keys = tb_position_keys_get (main_line->variant);
  g_autoptr (TbLine) line = tb_line_new (main_line->variant, main_line->starter);
  GArray *entries = g_array_sized_new (FALSE, FALSE, sizeof (TbPositionEntry),
                                       MIN (max_plies, main_line->moves->len + 1));

  g_array_set_clear_func (entries, (GDestroyNotify) entry_clear);
  if (main_line->setup)
    tb_line_reset_to (line, main_line->setup);
  for (guint ply = 0; ply < max_plies; ply++)
    {
      gboolean last = ply == main_line->moves->len;
      TbMove move = last ? TB_MOVE_NONE : g_array_index (main_line->moves, TbMove, ply);

      add_entry (entries, keys, tb_line_get_position (line), ply, move);
      if (last)
        return entries;
      tb_line_push (line, move);
    }
  return entries;
}

GArray *
tb_position_entries (TbGame *game, guint max_plies)
{
  g_autoptr (TbMainLine) line = tb_main_line_new (game);

  return tb_main_line_entries (line, max_plies);
}
