/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-piece-cache.c: pieces painted once per look and size, then copied */
#include "config.h"

#include <math.h>

#include "tb-piece-cache.h"
#include "tb-piece-paint.h"

struct _TbPieceCache
{
  GHashTable *sprites;   /* look (a packed key) -> cairo_surface_t */
  double size;           /* the cell size the sprites were painted at */
  double scale;          /* and the device scale */
};

TbPieceCache *
tb_piece_cache_new (void)
{
  TbPieceCache *cache = g_new0 (TbPieceCache, 1);

  cache->sprites = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                          (GDestroyNotify) cairo_surface_destroy);
  return cache;
}

void
tb_piece_cache_free (TbPieceCache *cache)
{
  if (cache == NULL)
    return;
  g_hash_table_destroy (cache->sprites);
  g_free (cache);
}

guint
tb_piece_cache_get_size (TbPieceCache *cache)
{
  return g_hash_table_size (cache->sprites);
}

/* Everything a piece's look depends on, but not where it stands. */
static gint64
look_key (const TbPieceDesc *piece)
{
  return (gint64) piece->kind | (gint64) piece->owner << 8 | (gint64) piece->portions << 16 |
         (gint64) piece->n_portions << 24 | (gint64) piece->value << 32 |
         (gint64) piece->height << 40 | (gint64) piece->flags << 48;
}

/* Half the side of a sprite: the piece's radius with its shadow and, for
 * a stack, the stones rising above it. */
static double
half_extent (const TbPieceDesc *piece, double size)
{
  return ceil (size * (1.5 + 0.3 * piece->height));
}

static cairo_surface_t *
paint_sprite (const TbBoardDesc *board, PangoLayout *layout, const TbPieceDesc *piece,
              double size, double scale)
{
  double half = half_extent (piece, size);
  int side = (int) ceil (2 * half * scale);
  cairo_surface_t *sprite = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, side, side);
  cairo_t *cr;

  cairo_surface_set_device_scale (sprite, scale, scale);
  cr = cairo_create (sprite);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
  tb_piece_paint (board, layout, cr, piece, half, half, size, 1.0);
  cairo_destroy (cr);
  return sprite;
}

void
tb_piece_cache_paint (TbPieceCache *cache, const TbBoardDesc *board, PangoLayout *layout,
                      cairo_t *cr, const TbPieceDesc *piece, double cx, double cy, double size)
{
  double scale_x = 1, scale_y = 1;
  gint64 key = look_key (piece);
  cairo_surface_t *sprite;
  double half, x, y;

  cairo_surface_get_device_scale (cairo_get_target (cr), &scale_x, &scale_y);
  if (size != cache->size || scale_x != cache->scale)
    {
      g_hash_table_remove_all (cache->sprites);
      cache->size = size;
      cache->scale = scale_x;
    }
  sprite = g_hash_table_lookup (cache->sprites, &key);
  if (sprite == NULL)
    {
      sprite = paint_sprite (board, layout, piece, size, scale_x);
      g_hash_table_insert (cache->sprites, g_memdup2 (&key, sizeof key), sprite);
    }
  /* Whole pixels (the board's node starts on one): the copy stays sharp,
   * and fast, with no filtering; the piece moves by under half a pixel. */
  half = half_extent (piece, size);
  x = round (cx - half);
  y = round (cy - half);
  cairo_save (cr);
  cairo_set_source_surface (cr, sprite, x, y);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
}
