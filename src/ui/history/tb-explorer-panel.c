/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-explorer-panel.c: the opening explorer beside a replayed game
 *
 * Each position the board shows is asked of the store in a job (off the
 * main thread: tb_store_job_explore); an answer for a position the board
 * has left is dropped, by a generation number and a cancel.  Nothing is
 * asked while the panel is not on screen: it asks when it comes back.
 *
 * The moves come in the orientation of the board on screen (the store
 * maps back the moves of the games that reached an image of the position)
 * and their results are told for the side to move.  A replay follows its
 * game: the row of the game's next move plays it; the other rows say what
 * others played, and cannot be played here.  Beside a game being played
 * no row plays anything (tb_explorer_panel_set_follows): the moves are
 * the player's to choose.
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-explorer-panel.h"
#include "tb-position-key.h"
#include "tb-store-job.h"

struct _TbExplorerPanel
{
  GtkWidget parent_instance;

  TbStore *store;
  TbGame *game;
  GCancellable *cancellable;    /* of the question in flight */
  guint generation;             /* of the latest question */
  gboolean busy;
  gboolean stale;               /* the board moved while off screen */
  gboolean follows;             /* the row of the game's next move plays it */
  TbStoreExplorer *shown;
  guint to_move;                /* of the position shown: 1 or 2 */
  char *next_move;              /* the game's next move there, or NULL */

  /* Template widgets */
  GtkLabel *status_label;
  GtkWidget *moves_scroller;
  GtkListBox *moves_list;
  GtkWidget *games_button;
};

G_DEFINE_FINAL_TYPE (TbExplorerPanel, tb_explorer_panel, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_SHOW_GAMES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  TbExplorerPanel *self;
  guint generation;
} Question;

static Question *
question_new (TbExplorerPanel *self, guint generation)
{
  Question *q = g_new (Question, 1);

  q->self = g_object_ref (self);
  q->generation = generation;
  return q;
}

static void
question_free (Question *q)
{
  g_object_unref (q->self);
  g_free (q);
}

/* ---- the results' bar ---- */

typedef struct
{
  guint wins, draws, losses;    /* for the side to move */
} Score;

static Score
score_of (const TbStoreExplorerMove *m, guint to_move)
{
  Score s = { to_move == 2 ? m->wins2 : m->wins1, m->draws, to_move == 2 ? m->wins1 : m->wins2 };

  return s;
}

static guint
percent (guint part, guint whole)
{
  return whole ? (part * 100 + whole / 2) / whole : 0;
}

/* "62% wins, 10% draws, 28% losses", of the finished games. */
static char *
score_text (Score s)
{
  guint finished = s.wins + s.draws + s.losses;

  if (finished == 0)
    return g_strdup (_("No finished game"));
  /* Translators: the results of the games that played a move, for the
   * side to move; French puts a no-break space before %. */
  return g_strdup_printf (_("%u%% wins, %u%% draws, %u%% losses"), percent (s.wins, finished),
                          percent (s.draws, finished), percent (s.losses, finished));
}

static void
draw_bar (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const Score *s = data;
  guint finished = s->wins + s->draws + s->losses;
  /* Green, grey and red of the GNOME palette, readable in both schemes. */
  static const double colours[3][3] = { { 0.18, 0.76, 0.49 }, { 0.60, 0.60, 0.59 },
                                         { 0.88, 0.11, 0.14 } };
  guint parts[3] = { s->wins, s->draws, s->losses };
  double x = 0;

  if (finished == 0)
    {
      cairo_set_source_rgba (cr, 0.6, 0.6, 0.6, 0.3);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
      return;
    }
  for (guint i = 0; i < 3; i++)
    {
      double w = (double) width * parts[i] / finished;

      cairo_set_source_rgb (cr, colours[i][0], colours[i][1], colours[i][2]);
      cairo_rectangle (cr, x, 0, w, height);
      cairo_fill (cr);
      x += w;
    }
}

static GtkWidget *
bar_new (Score s, const char *text)
{
  GtkWidget *bar = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                                 "content-height", 10, "hexpand", TRUE, "valign",
                                 GTK_ALIGN_CENTER, "tooltip-text", text, NULL);

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (bar), draw_bar, g_memdup2 (&s, sizeof s),
                                  g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  return bar;
}

/* ---- the moves ---- */

/* Said when every game, or some, came to a mirror image of the position
 * (the move shown is the image of the one they played). */
static char *
mirrored_text (const TbStoreExplorerMove *m)
{
  if (m->mirrored == 0)
    return NULL;
  if (m->mirrored == m->games)
    return g_strdup (_("Mirrored: from games played on the mirror image"));
  return g_strdup_printf (ngettext ("%u of them mirrored: played on the mirror image",
                                    "%u of them mirrored: played on the mirror image",
                                    m->mirrored),
                          m->mirrored);
}

static GtkWidget *
label_new (const char *text, const char *css_class, float xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  /* The panel is 300 pixels wide on a phone: long lines wrap. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
move_row_new (TbExplorerPanel *self, const TbStoreExplorerMove *m)
{
  Score s = score_of (m, self->to_move);
  g_autofree char *score = score_text (s);
  g_autofree char *games = g_strdup_printf (ngettext ("%u game", "%u games", m->games), m->games);
  g_autofree char *mirrored = mirrored_text (m);
  g_autofree char *name = NULL;
  gboolean next = g_strcmp0 (m->move, self->next_move) == 0;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *move = label_new (m->move, "monospace", 0);

  gtk_label_set_width_chars (GTK_LABEL (move), 7);
  gtk_box_append (GTK_BOX (line), move);
  gtk_box_append (GTK_BOX (line), bar_new (s, score));
  gtk_box_append (GTK_BOX (line), label_new (games, "numeric", 1));
  gtk_box_append (GTK_BOX (box), line);
  if (mirrored)
    gtk_box_append (GTK_BOX (box), label_new (mirrored, "caption", 0));
  if (next)
    gtk_box_append (GTK_BOX (box), label_new (_("Played in this game: follow it"),
                                              "caption", 0));
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* The replay follows its game: only its next move is played here. */
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), next);
  if (!next && self->follows)
    gtk_widget_set_tooltip_text (row, _("Not played in this game"));
  /* Translators: a row of the explorer read aloud: "c1-c3: 12 games,
   * 62% wins, 10% draws, 28% losses". */
  name = g_strdup_printf (_("%s: %s, %s"), m->move, games, score);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (row), "move", g_strdup (m->move), g_free);
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))))
    gtk_list_box_remove (list, child);
}

static void
show_status (TbExplorerPanel *self, guint ply)
{
  const TbStoreExplorerMove *total = &self->shown->total;
  g_autoptr (GString) text = g_string_new (NULL);

  if (total->games == 0)
    g_string_append (text, _("No stored game reached this position."));
  else
    g_string_append_printf (text, ngettext ("%u stored game reached this position.",
                                            "%u stored games reached this position.",
                                            total->games),
                            total->games);
  if (total->mirrored)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, ngettext ("%u of them reached a mirror image of it.",
                                              "%u of them reached a mirror image of it.",
                                              total->mirrored),
                              total->mirrored);
    }
  if (ply >= TB_STORE_EXPLORER_PLIES)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, _("The explorer knows the first %u plies of each game."),
                              TB_STORE_EXPLORER_PLIES);
    }
  gtk_label_set_text (self->status_label, text->str);
}

static void
show_answer (TbExplorerPanel *self)
{
  clear_list (self->moves_list);
  for (guint i = 0; i < self->shown->moves->len; i++)
    gtk_list_box_append (self->moves_list, move_row_new (self, self->shown->moves->pdata[i]));
  gtk_widget_set_visible (self->moves_scroller, self->shown->moves->len > 0);
  gtk_widget_set_visible (self->games_button, self->shown->total.games > 0);
  show_status (self, tb_game_get_ply (self->game));
}

static void
on_explored (GObject *source, GAsyncResult *result, gpointer data)
{
  Question *q = data;
  TbExplorerPanel *self = q->self;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStoreExplorer) answer = tb_store_job_explore_finish (result, &error);

  /* The board moved on (a later question is on its way), or the game
   * went. */
  if (q->generation != self->generation || self->game == NULL)
    {
      question_free (q);
      return;
    }
  self->busy = FALSE;
  if (answer == NULL)
    gtk_label_set_text (self->status_label, error->message);
  else
    {
      g_clear_pointer (&self->shown, tb_store_explorer_free);
      self->shown = g_steal_pointer (&answer);
      show_answer (self);
    }
  question_free (q);
}

/* The game's next move as the explorer writes it: in a position that is
 * its own mirror image, a move and its image are one line, written as
 * one of them (tb-position-key.h). */
static char *
next_move_text (TbGame *game)
{
  const TbPositionKeys *keys = tb_position_keys_get (tb_game_get_variant (game));
  const TbPosition *pos = tb_game_get_position (game);
  g_autofree char *canonical = NULL;
  TbPositionKey key;

  tb_position_key (keys, pos, &key);
  canonical = tb_position_key_move (keys, pos, &key,
                                    tb_game_get_move (game, tb_game_get_ply (game) + 1));
  return tb_position_key_move_back (keys, &key, canonical);
}

static void
ask (TbExplorerPanel *self)
{
  guint ply;

  if (self->game == NULL || self->store == NULL)
    return;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  self->stale = FALSE;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->generation++;
  self->busy = TRUE;
  ply = tb_game_get_ply (self->game);
  self->to_move = tb_position_to_move (tb_game_get_position (self->game));
  g_free (self->next_move);
  self->next_move = self->follows && ply < tb_game_get_n_plies (self->game) ?
                      next_move_text (self->game) : NULL;
  tb_store_job_explore (self->store, tb_game_get_variant (self->game),
                        tb_game_get_position (self->game), self->cancellable, on_explored,
                        question_new (self, self->generation));
}

static void
on_move_activated (TbExplorerPanel *self, GtkListBoxRow *row)
{
  const char *move = g_object_get_data (G_OBJECT (row), "move");
  guint ply = tb_game_get_ply (self->game);

  /* Only the game's next move is activatable; checked again all the
   * same, as the game may have moved since the row was made. */
  if (g_strcmp0 (move, self->next_move) == 0 && ply < tb_game_get_n_plies (self->game))
    tb_game_go_to_ply (self->game, ply + 1);
}

/* ---- the games ---- */

/* The games that reached the position, listed in the history: there
 * they are sorted, filtered further and opened at the ply they reached
 * it (tb-history-view.c). */
static void
on_games_clicked (TbExplorerPanel *self)
{
  TbPositionKey key;

  if (self->game == NULL)
    return;
  tb_position_key (tb_position_keys_get (tb_game_get_variant (self->game)),
                   tb_game_get_position (self->game), &key);
  g_signal_emit (self, signals[SIGNAL_SHOW_GAMES], 0, key.key);
}

/* ---- the panel ---- */

void
tb_explorer_panel_set_game (TbExplorerPanel *self, TbStore *store, TbGame *game)
{
  g_return_if_fail (TB_IS_EXPLORER_PANEL (self));

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  /* An answer on its way was about the game before. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->generation++;
  self->busy = FALSE;
  g_set_object (&self->store, store);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect_swapped (game, "position-changed", G_CALLBACK (ask), self);
  ask (self);
}

void
tb_explorer_panel_set_follows (TbExplorerPanel *self, gboolean follows)
{
  g_return_if_fail (TB_IS_EXPLORER_PANEL (self));

  self->follows = follows;
  ask (self);
}

gboolean
tb_explorer_panel_get_busy (TbExplorerPanel *self)
{
  g_return_val_if_fail (TB_IS_EXPLORER_PANEL (self), FALSE);
  return self->busy || self->stale;
}

const TbStoreExplorer *
tb_explorer_panel_get_shown (TbExplorerPanel *self)
{
  g_return_val_if_fail (TB_IS_EXPLORER_PANEL (self), NULL);
  return self->shown;
}

static void
tb_explorer_panel_map (GtkWidget *widget)
{
  TbExplorerPanel *self = TB_EXPLORER_PANEL (widget);

  GTK_WIDGET_CLASS (tb_explorer_panel_parent_class)->map (widget);
  if (self->stale)
    ask (self);
}

static void
tb_explorer_panel_dispose (GObject *object)
{
  TbExplorerPanel *self = TB_EXPLORER_PANEL (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->game);
  g_clear_object (&self->store);
  g_clear_pointer (&self->shown, tb_store_explorer_free);
  g_clear_pointer (&self->next_move, g_free);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_EXPLORER_PANEL);
  G_OBJECT_CLASS (tb_explorer_panel_parent_class)->dispose (object);
}

static void
tb_explorer_panel_class_init (TbExplorerPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_explorer_panel_dispose;
  widget_class->map = tb_explorer_panel_map;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "explorer");

  signals[SIGNAL_SHOW_GAMES] =
    g_signal_new ("show-games", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-explorer-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TbExplorerPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, TbExplorerPanel, moves_scroller);
  gtk_widget_class_bind_template_child (widget_class, TbExplorerPanel, moves_list);
  gtk_widget_class_bind_template_child (widget_class, TbExplorerPanel, games_button);
  gtk_widget_class_bind_template_callback (widget_class, on_move_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_games_clicked);
}

static void
tb_explorer_panel_init (TbExplorerPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->follows = TRUE;
}
