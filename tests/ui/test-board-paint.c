/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-paint.c: the board's painter, without a display
 *
 * Pieces copied from the cache look as painted: every piece of each
 * game's start position, painted directly and copied from the cache onto
 * two surfaces, gives the same pixels, and each look is painted once
 * however many pieces share it.  High contrast: the legal destinations
 * are opaque and edged in black.
 */
#include "config.h"

#include <pango/pangocairo.h>
#include <math.h>
#include <stdlib.h>

#include "tb-board-paint.h"
#include "tb-piece-cache.h"
#include "tb-line.h"
#include "tb-piece-paint.h"
#include "tb-rules.h"

#define SIDE 900
#define CELL 24.0

static cairo_surface_t *
paint_pieces (const TbVariant *v, const TbPieceDesc *pieces, guint n, TbPieceCache *cache)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIDE, SIDE);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);

  cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
  for (guint i = 0; i < n; i++)
    {
      /* A grid of whole-pixel centres, one piece per place. */
      double x = 60 + (i % 12) * 70, y = 60 + (i / 12) * 90;

      if (cache)
        tb_piece_cache_paint (cache, &v->board, layout, cr, &pieces[i], x, y, CELL);
      else
        tb_piece_paint (&v->board, layout, cr, &pieces[i], x, y, CELL, 1.0);
    }
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static int
largest_difference (cairo_surface_t *a, cairo_surface_t *b)
{
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a), worst = 0;

  for (int y = 0; y < SIDE; y++)
    for (int x = 0; x < SIDE * 4; x++)
      worst = MAX (worst, abs (pa[y * stride + x] - pb[y * stride + x]));
  return worst;
}

static void
test_cached_pieces_look_as_painted (gconstpointer data)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (data));
  g_autoptr (TbPieceCache) cache = tb_piece_cache_new ();
  g_autoptr (TbLine) line = tb_line_new (v, 1);
  const TbPosition *start = tb_line_get_position (line);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n;
  cairo_surface_t *direct, *copied;
  g_autoptr (GHashTable) looks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  n = tb_variant_describe_pieces (v, start, pieces);
  g_assert_cmpuint (n, >, 0);
  direct = paint_pieces (v, pieces, n, NULL);
  copied = paint_pieces (v, pieces, n, cache);
  /* Blending a sprite rounds differently from painting in place (a few
   * levels of 255); a piece clipped or one pixel off differs by far more
   * on its edges. */
  g_assert_cmpint (largest_difference (direct, copied), <=, 8);

  for (guint i = 0; i < n; i++)
    {
      TbPieceDesc look = pieces[i];

      look.cell = 0;
      g_hash_table_add (looks, g_base64_encode ((const guchar *) &look, sizeof look));
    }
  g_assert_cmpuint (tb_piece_cache_get_size (cache), ==, g_hash_table_size (looks));

  cairo_surface_destroy (direct);
  cairo_surface_destroy (copied);
}

/* The colour at (x, y) of an ARGB32 surface, premultiplied: a, r, g, b. */
static void
pixel_at (cairo_surface_t *surface, int x, int y, guint8 argb[4])
{
  const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface) +
                                          y * cairo_image_surface_get_stride (surface));
  guint32 value = row[x];

  argb[0] = value >> 24;
  argb[1] = (value >> 16) & 0xff;
  argb[2] = (value >> 8) & 0xff;
  argb[3] = value & 0xff;
}

/* A destination painted alone on a transparent surface: its centre and
 * the middle of its edge. */
static void
paint_destination (gboolean high_contrast, guint8 centre[4], guint8 edge[4])
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("versus-61"));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 1200);
  cairo_t *cr = cairo_create (surface);
  gboolean destinations[TB_MAX_CELLS] = { FALSE };
  int cell = tb_board_desc_find_cell (&v->board, "e5");
  TbBoardGeometry geometry = { 0 };
  TbBoardPaint paint = { 0 };
  double cx, cy, radius;

  tb_board_geometry_fit (&geometry, &v->board, 1200, 1200, FALSE);
  destinations[cell] = TRUE;
  paint.variant = v;
  paint.geometry = &geometry;
  paint.destinations = destinations;
  paint.selected = paint.focus = paint.hover = paint.last_from = paint.last_to = -1;
  paint.hint_from = paint.hint_to = -1;
  paint.high_contrast = high_contrast;
  paint.layout = pango_cairo_create_layout (cr);
  tb_board_paint_dynamic (&paint, cr);
  cairo_surface_flush (surface);

  tb_board_geometry_cell_center (&geometry, &v->board, cell, &cx, &cy);
  radius = v->board.cell_size * geometry.scale * 0.24;
  pixel_at (surface, (int) cx, (int) cy, centre);
  pixel_at (surface, (int) floor (cx + radius), (int) cy, edge);
  g_object_unref (paint.layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_high_contrast_destinations (void)
{
  guint8 centre[4], edge[4];

  /* Usually: a see-through blue dot, edged in white. */
  paint_destination (FALSE, centre, edge);
  g_assert_cmpuint (centre[0], <, 255);
  g_assert_cmpuint (centre[3], >, centre[1]);
  g_assert_cmpuint (edge[1], >, 150);
  /* High contrast: opaque, edged in black. */
  paint_destination (TRUE, centre, edge);
  g_assert_cmpuint (centre[0], ==, 255);
  g_assert_cmpuint (centre[3], >, centre[1]);
  g_assert_cmpuint (edge[0], >, 200);
  g_assert_cmpuint (MAX (edge[1], MAX (edge[2], edge[3])), <, 40);
}

/* Relative luminance of a premultiplied opaque pixel (a, r, g, b). */
static double
luminance (const guint8 argb[4])
{
  double c[3];

  for (guint i = 0; i < 3; i++)
    {
      double v = argb[i + 1] / 255.0;

      c[i] = v <= 0.03928 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
    }
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

static double
contrast (const guint8 a[4], const guint8 b[4])
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

typedef enum
{
  MARK_NONE,
  MARK_LAST_MOVE,
  MARK_SELECTED,
  MARK_DESTINATION,
} Mark;

typedef struct
{
  const char *ruleset;
  Mark mark;
  gboolean dark, high_contrast;
} MarkCase;

/* The whole board painted in the look of mark_case, with its mark (if
 * any) on cell. */
static cairo_surface_t *
paint_board_marked (const TbVariant *v, const MarkCase *mark_case, Mark mark, int cell,
                    TbBoardGeometry *geometry)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 800);
  cairo_t *cr = cairo_create (surface);
  gboolean destinations[TB_MAX_CELLS] = { FALSE };
  TbBoardPaint paint = { 0 };

  tb_board_geometry_fit (geometry, &v->board, 800, 800, FALSE);
  paint.variant = v;
  paint.geometry = geometry;
  paint.destinations = destinations;
  paint.selected = paint.focus = paint.hover = paint.last_from = paint.last_to = -1;
  paint.hint_from = paint.hint_to = -1;
  paint.dark = mark_case->dark;
  paint.high_contrast = mark_case->high_contrast;
  if (mark == MARK_LAST_MOVE)
    paint.last_to = cell;
  else if (mark == MARK_SELECTED)
    paint.selected = cell;
  else if (mark == MARK_DESTINATION)
    destinations[cell] = TRUE;
  paint.layout = pango_cairo_create_layout (cr);
  /* The window behind the board, in its style. */
  if (mark_case->dark)
    cairo_set_source_rgb (cr, 0.14, 0.14, 0.14);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  tb_board_paint (&paint, cr);
  cairo_surface_flush (surface);
  g_object_unref (paint.layout);
  cairo_destroy (cr);
  return surface;
}

/* Issue 26: the last move, the selection and the destinations read at a
 * glance on every board (RA's yellow included), light, dark and in high
 * contrast: somewhere on the marked cell (out to its edge, round holes out
 * to their pawn's ring) a pixel stands out of the board there by 3:1. */
static void
test_mark_stands_out (gconstpointer data)
{
  const MarkCase *mark_case = data;
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup (mark_case->ruleset));
  TbBoardGeometry geometry = { 0 };
  int cell = (int) v->board.n_cells / 2;
  cairo_surface_t *plain = paint_board_marked (v, mark_case, MARK_NONE, cell, &geometry);
  cairo_surface_t *marked = paint_board_marked (v, mark_case, mark_case->mark, cell, &geometry);
  double size = v->board.cell_size * geometry.scale, cx, cy, best = 1;

  tb_board_geometry_cell_center (&geometry, &v->board, cell, &cx, &cy);
  for (double dy = -1.3 * size; dy <= 1.3 * size; dy += 1)
    for (double dx = -0.5 * size; dx <= 0.5 * size; dx += 0.5 * size)
      {
        guint8 before[4], after[4];

        pixel_at (plain, (int) (cx + dx), (int) (cy + dy), before);
        pixel_at (marked, (int) (cx + dx), (int) (cy + dy), after);
        best = MAX (best, contrast (before, after));
      }
  g_test_message ("%s: best contrast %.2f", mark_case->ruleset, best);
  g_assert_cmpfloat (best, >=, 3.0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);
}

/* Oraïa: a destination fills much of its dark hole, edged in white. */
static void
test_oraia_destination_fills_the_hole (void)
{
  g_autoptr (TbVariant) v = tb_variant_new_default (tb_rules_lookup ("oraia"));
  TbBoardGeometry geometry = { 0 };
  int cell = tb_board_desc_find_cell (&v->board, "C");
  cairo_surface_t *surface;
  guint8 inside[4], edge[4];
  double size, cx, cy;

  surface = paint_board_marked (v, &(MarkCase) { "oraia", MARK_DESTINATION, FALSE, FALSE },
                                MARK_DESTINATION, cell, &geometry);
  size = v->board.cell_size * geometry.scale;
  tb_board_geometry_cell_center (&geometry, &v->board, cell, &cx, &cy);
  /* Blue four tenths of the hole out; white at the dot's edge. */
  pixel_at (surface, (int) (cx + 0.36 * size), (int) cy, inside);
  pixel_at (surface, (int) (cx + 0.44 * size), (int) cy, edge);
  g_assert_cmpuint (inside[3], >, inside[1] + 100);
  g_assert_cmpuint (MIN (edge[1], MIN (edge[2], edge[3])), >, 200);
  cairo_surface_destroy (surface);
}

/* Every board, every mark, every look. */
static void
add_mark_tests (void)
{
  static const char *const rulesets[] = { "versus-61", "ra", "oraia", "retournement" };
  static const char *const mark_names[] = { NULL, "last-move", "selected", "destination" };
  static const struct
  {
    const char *name;
    gboolean dark, high_contrast;
  } looks[] = { { "light", FALSE, FALSE }, { "dark", TRUE, FALSE },
                { "high-contrast", FALSE, TRUE }, { "high-contrast-dark", TRUE, TRUE } };

  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    for (Mark m = MARK_LAST_MOVE; m <= MARK_DESTINATION; m++)
      for (guint l = 0; l < G_N_ELEMENTS (looks); l++)
        {
          MarkCase *mark_case = g_new (MarkCase, 1);   /* lives as long as the tests */
          g_autofree char *path = g_strdup_printf ("/board-paint/%s/%s/%s", mark_names[m],
                                                   rulesets[r], looks[l].name);

          /* Retournement's cells are not selected: its pieces come from trays. */
          if (m == MARK_SELECTED && g_str_equal (rulesets[r], "retournement"))
            {
              g_free (mark_case);
              continue;
            }
          *mark_case = (MarkCase) { rulesets[r], m, looks[l].dark, looks[l].high_contrast };
          g_test_add_data_func (path, mark_case, test_mark_stands_out);
        }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/board-paint/piece-cache/versus-61", "versus-61", test_cached_pieces_look_as_painted);
  g_test_add_data_func ("/board-paint/piece-cache/ra", "ra", test_cached_pieces_look_as_painted);
  g_test_add_data_func ("/board-paint/piece-cache/oraia", "oraia", test_cached_pieces_look_as_painted);
  g_test_add_func ("/board-paint/high-contrast-destinations", test_high_contrast_destinations);
  add_mark_tests ();
  g_test_add_func ("/board-paint/oraia-destination-fills-the-hole",
                   test_oraia_destination_fills_the_hole);
  return g_test_run ();
}
