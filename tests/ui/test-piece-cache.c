/* test-piece-cache.c: pieces copied from the cache look as painted
 *
 * Every piece of each game's start position, painted directly and copied
 * from the cache onto two surfaces: the pixels agree, and each look is
 * painted once however many pieces share it.  Needs no display.
 */
#include "config.h"

#include <pango/pangocairo.h>
#include <stdlib.h>

#include "tb-piece-cache.h"
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
  TbPosition *start = g_malloc0 (v->position_size);
  TbPieceDesc pieces[TB_MAX_PIECES];
  guint n;
  cairo_surface_t *direct, *copied;
  g_autoptr (GHashTable) looks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  v->rules->start (v, 1, start);
  n = v->rules->describe_pieces (v, start, pieces);
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
  g_free (start);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/piece-cache/versus-61", "versus-61", test_cached_pieces_look_as_painted);
  g_test_add_data_func ("/piece-cache/ra", "ra", test_cached_pieces_look_as_painted);
  g_test_add_data_func ("/piece-cache/oraia", "oraia", test_cached_pieces_look_as_painted);
  return g_test_run ();
}
