/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-play-dialogs.c: the questions and news of a game, as dialogs */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-move-describe.h"
#include "tb-play-dialogs.h"

static AdwMessageDialog *
dialog_new (GtkWidget *parent, const char *heading, const char *body)
{
  GtkRoot *root = gtk_widget_get_root (parent);

  return ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                          : NULL,
                                                     heading, body));
}

/* The dialog answers about the game it was asked about: a game that
 * changed meanwhile (a new one) is left alone. */
static void
keep_game (AdwMessageDialog *dialog, TbSession *session)
{
  g_object_set_data_full (G_OBJECT (dialog), "session", g_object_ref (session), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "game", g_object_ref (tb_session_get_game (session)),
                          g_object_unref);
}

static TbSession *
session_if_same_game (AdwMessageDialog *dialog)
{
  TbSession *session = g_object_get_data (G_OBJECT (dialog), "session");

  if (tb_session_get_game (session) != g_object_get_data (G_OBJECT (dialog), "game"))
    return NULL;
  return session;
}

/* A question about the session's game, answered no (also by closing
 * it) or yes: done then calls back with the session, while it still plays
 * the game asked about. */
static void
ask (GtkWidget *parent, TbSession *session, const char *heading, const char *body,
     const char *const answers[4], AdwResponseAppearance appearance, GCallback done)
{
  AdwMessageDialog *dialog = dialog_new (parent, heading, body);

  adw_message_dialog_add_responses (dialog, answers[0], answers[1], answers[2], answers[3],
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, answers[2], appearance);
  adw_message_dialog_set_close_response (dialog, answers[0]);
  /* Enter never resigns by mistake. */
  if (appearance == ADW_RESPONSE_DESTRUCTIVE)
    adw_message_dialog_set_default_response (dialog, answers[0]);
  keep_game (dialog, session);
  g_object_set_data (G_OBJECT (dialog), "seat",
                     GUINT_TO_POINTER (tb_session_get_offering_seat (session)));
  g_signal_connect (dialog, "response", done, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_resign_response (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  TbSession *session = session_if_same_game (dialog);

  if (session && g_strcmp0 (response, "resign") == 0)
    tb_session_resign (session, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "seat")));
}

void
tb_play_dialogs_ask_resign (GtkWidget *parent, TbSession *session)
{
  TbGame *game = tb_session_get_game (session);
  guint seat = tb_session_get_offering_seat (session);
  const char *const answers[4] = { "cancel", _("_Keep Playing"), "resign", _("_Resign") };
  g_autofree char *heading = NULL, *body = NULL;

  if (seat == 0)
    return;
  /* Translators: the question before resigning: "Resign, White?". */
  heading = g_strdup_printf (_("Resign, %s?"), tb_seat_label (game, seat));
  /* Translators: what resigning means: "Red wins the game." */
  body = g_strdup_printf (_("%s wins the game."), tb_seat_label (game, 3 - seat));
  ask (parent, session, heading, body, answers, ADW_RESPONSE_DESTRUCTIVE,
       G_CALLBACK (on_resign_response));
}

static void
on_draw_response (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  TbSession *session = session_if_same_game (dialog);

  if (session && g_strcmp0 (response, "accept") == 0)
    tb_session_agree_draw (session);
}

void
tb_play_dialogs_ask_draw (GtkWidget *parent, TbSession *session)
{
  TbGame *game = tb_session_get_game (session);
  guint seat = tb_session_get_offering_seat (session);
  const char *const answers[4] = { "decline", _("_Decline"), "accept", _("_Accept") };
  g_autofree char *heading = NULL, *body = NULL;

  if (seat == 0)
    return;
  /* Translators: a draw offered at one screen: "White offers a draw". */
  heading = g_strdup_printf (_("%s offers a draw"), tb_seat_label (game, seat));
  /* Translators: the question to the other player: "Red, do you accept?". */
  body = g_strdup_printf (_("%s, do you accept?"), tb_seat_label (game, 3 - seat));
  ask (parent, session, heading, body, answers, ADW_RESPONSE_SUGGESTED,
       G_CALLBACK (on_draw_response));
}

static void
on_next_game (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  TbSession *session = session_if_same_game (dialog);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (session && tb_session_can_start_next_game (session))
    tb_session_start_next_game (session);
  else if (parent)
    gtk_widget_activate_action (GTK_WIDGET (parent), "app.new-game", NULL);
}

/* The game just finished, analysed in the history once it is stored. */
static void
on_analyse (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (session_if_same_game (dialog) && parent)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.analyse-played-game", NULL);
}

void
tb_play_dialogs_announce_end (GtkWidget *parent, TbSession *session)
{
  TbMatch *match = tb_session_get_match (session);
  gboolean next = tb_session_can_start_next_game (session);
  g_autofree char *state = tb_describe_state (tb_session_get_game (session));
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (match)
    {
      g_autofree char *totals = tb_describe_match (match);

      body = g_strdup_printf ("%s\n\n%s", state, totals);
    }
  dialog = dialog_new (parent, match && !next ? _("Match Over") : _("Game Over"),
                       body ? body : state);
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  /* Only a game the database keeps can be analysed and shown again. */
  if (tb_session_get_id (session) > 0 || tb_session_get_saving (session))
    adw_message_dialog_add_response (dialog, "analyse", _("_Analyse"));
  if (next)
    adw_message_dialog_add_response (dialog, "next-game", _("N_ext Game"));
  else
    adw_message_dialog_add_response (dialog, "next-game",
                                     match ? _("_New Match…") : _("_New Game…"));
  adw_message_dialog_set_response_appearance (dialog, "next-game", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "next-game");
  adw_message_dialog_set_close_response (dialog, "close");
  keep_game (dialog, session);
  g_signal_connect (dialog, "response::next-game", G_CALLBACK (on_next_game), NULL);
  g_signal_connect (dialog, "response::analyse", G_CALLBACK (on_analyse), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}
