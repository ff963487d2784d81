/* tb-correspondence-watch.c: correspondence games that wait too long.
 *
 * The store decides (4 days: a reminder, once per waiting move; 7 days:
 * the player to move loses); this file tells the user with a desktop
 * notification (clicked, it brings Tablier up). */
#include "config.h"

#include "tb-correspondence-watch.h"

#include <glib/gi18n.h>

#include "tb-move-describe.h"

#define HOUR_SECONDS (60 * 60)

static void
notify (GApplication *app, gint64 id, const char *title, const char *body)
{
  g_autoptr (GNotification) notification = g_notification_new (title);
  g_autofree char *notification_id = g_strdup_printf ("correspondence-%" G_GINT64_FORMAT, id);

  g_notification_set_body (notification, body);
  g_application_send_notification (app, notification_id, notification);
}

static void
on_remind (TbStore *store, gint64 id, guint days, gpointer data)
{
  GApplication *app = data;
  g_autoptr (TbGame) game = tb_store_load_game (store, id, NULL);
  g_autofree char *title = NULL, *body = NULL;
  guint to_move;

  if (game == NULL || (to_move = tb_game_get_to_move (game)) == 0)
    return;
  /* Translators: a reminder of a correspondence game: "Versus (61 hexes): Bob to move". */
  title = g_strdup_printf (_("%s: %s to move"), _(tb_rules_get_name (tb_game_get_rules (game))),
                           tb_seat_label (game, to_move));
  body = g_strdup_printf (ngettext ("No move for %u day. After 7 days without a move, the game "
                                    "is lost.",
                                    "No move for %u days. After 7 days without a move, the game "
                                    "is lost.", days),
                          days);
  notify (app, id, title, body);
}

void
tb_correspondence_watch_check (GApplication *app, TbStore *store)
{
  g_autoptr (GError) error = NULL;
  guint ended = 0;

  if (!tb_store_check_correspondence (store, g_get_real_time () / G_USEC_PER_SEC, on_remind, app,
                                      &ended, &error))
    {
      g_warning ("correspondence games: %s", error->message);
      return;
    }
  if (ended)
    {
      g_autofree char *body =
        g_strdup_printf (ngettext ("%u game ended: its player to move let 7 days go by.",
                                   "%u games ended: their players to move let 7 days go by.",
                                   ended),
                         ended);

      notify (app, 0, _("Correspondence games ended"), body);
    }
}

static gboolean
on_hour (gpointer data)
{
  GApplication *app = data;
  TbStore *store = g_object_get_data (G_OBJECT (app), "tb-watched-store");

  if (store)
    tb_correspondence_watch_check (app, store);
  return G_SOURCE_CONTINUE;
}

guint
tb_correspondence_watch_start (GApplication *app, TbStore *store)
{
  g_object_set_data_full (G_OBJECT (app), "tb-watched-store", g_object_ref (store),
                          g_object_unref);
  tb_correspondence_watch_check (app, store);
  return g_timeout_add_seconds (HOUR_SECONDS, on_hour, app);
}
