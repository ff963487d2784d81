/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-correspondence-watch.c: correspondence games that wait too long.
 *
 * The store decides (4 days: a reminder, once per waiting move; 7 days:
 * the player to move loses), in a store job; this file tells the user
 * with a desktop notification (clicked, it brings Tablier up). */
#include "config.h"

#include "tb-correspondence-watch.h"

#include <glib/gi18n.h>

#include "tb-move-describe.h"
#include "tb-store-job.h"

#define HOUR_SECONDS (60 * 60)

static void
notify (GApplication *app, gint64 id, const char *title, const char *body)
{
  g_autoptr (GNotification) notification = g_notification_new (title);
  g_autofree char *notification_id = g_strdup_printf ("correspondence-%" G_GINT64_FORMAT, id);

  g_notification_set_body (notification, body);
  g_application_send_notification (app, notification_id, notification);
}

/* "Versus (61 hexes): Bob to move", and how long it has waited. */
static void
remind (GApplication *app, const TbReminder *reminder)
{
  guint to_move = tb_game_get_to_move (reminder->game);
  g_autofree char *title = NULL, *body = NULL;

  if (to_move == 0)
    return;
  /* Translators: a reminder of a correspondence game: "Versus (61 hexes): Bob to move". */
  title = g_strdup_printf (_("%s: %s to move"),
                           _(tb_rules_get_name (tb_game_get_rules (reminder->game))),
                           tb_seat_label (reminder->game, to_move));
  body = g_strdup_printf (ngettext ("No move for %u day. After 7 days without a move, the game "
                                    "is lost.",
                                    "No move for %u days. After 7 days without a move, the game "
                                    "is lost.", reminder->days),
                          reminder->days);
  notify (app, reminder->id, title, body);
}

static void
on_checked (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GApplication) app = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbCorrespondenceReport) report = tb_store_job_check_correspondence_finish (result,
                                                                                      &error);

  if (report == NULL)
    {
      g_warning ("correspondence games: %s", error->message);
      return;
    }
  for (guint i = 0; i < report->reminders->len; i++)
    remind (app, report->reminders->pdata[i]);
  if (report->ended)
    {
      g_autofree char *body =
        g_strdup_printf (ngettext ("%u game ended: its player to move let 7 days go by.",
                                   "%u games ended: their players to move let 7 days go by.",
                                   report->ended),
                         report->ended);

      notify (app, 0, _("Correspondence games ended"), body);
    }
}

void
tb_correspondence_watch_check (GApplication *app, TbStore *store)
{
  tb_store_job_check_correspondence (store, g_get_real_time () / G_USEC_PER_SEC, NULL, on_checked,
                                     g_object_ref (app));
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
