/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-analysis-panel.c: Analyse, its progress and Cancel, and the summary
 * per player (tb-analysis-panel.h)
 *
 * The analysis runs off the main thread (tb_game_analyse_async, two
 * worker threads), the window drawing meanwhile; its result is applied
 * to the game on the main thread, then "analysed" lets the replay save
 * the game and show the marks.  The summary is read from the game's
 * evaluations and glyphs (tb_game_analysis_summarise): the same right
 * after an analysis and whenever an analysed game is opened again.
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-analysis-panel.h"
#include "tb-game-analysis.h"

struct _TbAnalysisPanel
{
  GtkWidget parent_instance;

  TbGame *game;
  GCancellable *cancellable;  /* the analysis running, or NULL */
  guint64 nodes;

  /* Template widgets */
  GtkWidget *analyse_button;
  GtkWidget *progress_box;
  GtkProgressBar *progress_bar;
  GtkLabel *summary_label;
};

G_DEFINE_FINAL_TYPE (TbAnalysisPanel, tb_analysis_panel, GTK_TYPE_WIDGET)

enum
{
  ANALYSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_busy (TbAnalysisPanel *self, gboolean busy)
{
  gtk_widget_set_visible (self->analyse_button, !busy);
  gtk_widget_set_visible (self->progress_box, busy);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
}

static void
cancel (TbAnalysisPanel *self)
{
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
}

/* "Dark: 2 inaccuracies, 1 mistake, 0 blunders; accuracy 91%". */
static char *
player_line (TbGame *game, guint seat, const TbPlayerSummary *p)
{
  const char *name = _(tb_rules_get_seat_name (tb_game_get_rules (game), seat));
  g_autofree char *inaccuracies = g_strdup_printf (
    ngettext ("%u inaccuracy", "%u inaccuracies", p->inaccuracies),
    p->inaccuracies);
  g_autofree char *mistakes = g_strdup_printf (
    ngettext ("%u mistake", "%u mistakes", p->mistakes), p->mistakes);
  g_autofree char *blunders = g_strdup_printf (
    ngettext ("%u blunder", "%u blunders", p->blunders), p->blunders);

  /* Translators: an analysis' summary for one player: "Dark: 2
   * inaccuracies, 1 mistake, 0 blunders; accuracy 91%". */
  return g_strdup_printf (_("%s: %s, %s, %s; accuracy %.0f%%"), name, inaccuracies, mistakes,
                          blunders, p->accuracy);
}

/* The summary of the analysis stored in the game, hidden when it has
 * none. */
static void
show_summary (TbAnalysisPanel *self)
{
  TbPlayerSummary players[2];
  g_autofree char *one = NULL, *two = NULL, *text = NULL;

  if (self->game == NULL || !tb_game_analysis_summarise (self->game, players))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->summary_label), FALSE);
      return;
    }
  one = player_line (self->game, 1, &players[0]);
  two = player_line (self->game, 2, &players[1]);
  text = g_strconcat (one, "\n", two, NULL);
  gtk_label_set_text (self->summary_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), TRUE);
}

static void
on_progress (guint done, guint total, gpointer data)
{
  TbAnalysisPanel *self = data;

  if (self->cancellable)
    gtk_progress_bar_set_fraction (self->progress_bar, (double) done / total);
}

static void
on_analysed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbAnalysisPanel) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGameAnalysis) analysis = tb_game_analyse_finish (result, &error);

  /* Cancelled (Cancel, or another game shown), even if it finished just
   * before: not this panel's analysis any more. */
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (analysis == NULL)
    g_warning ("analysis failed: %s", error->message);
  if (analysis == NULL || self->game != TB_GAME (source))
    {
      g_clear_object (&self->cancellable);
      set_busy (self, FALSE);
      return;
    }
  g_clear_object (&self->cancellable);
  set_busy (self, FALSE);
  tb_game_analysis_apply (analysis, self->game);
  show_summary (self);
  g_signal_emit (self, signals[ANALYSED], 0);
}

static void
on_analyse_clicked (TbAnalysisPanel *self)
{
  TbAiAnalyseLimits limits;

  if (self->game == NULL || self->cancellable)
    return;
  tb_game_analysis_limits (tb_game_get_rules (self->game), TB_GAME_ANALYSIS_DEFAULT_LEVEL,
                           &limits, NULL);
  if (self->nodes)
    limits.nodes = self->nodes;
  self->cancellable = g_cancellable_new ();
  set_busy (self, TRUE);
  tb_game_analyse_async (self->game, &limits, on_progress, self, self->cancellable, on_analysed,
                         g_object_ref (self));
}

static void
on_cancel_clicked (TbAnalysisPanel *self)
{
  cancel (self);
  set_busy (self, FALSE);
}

void
tb_analysis_panel_set_game (TbAnalysisPanel *self, TbGame *game)
{
  g_return_if_fail (TB_IS_ANALYSIS_PANEL (self));

  cancel (self);
  set_busy (self, FALSE);
  g_set_object (&self->game, game);
  show_summary (self);
}

void
tb_analysis_panel_set_nodes (TbAnalysisPanel *self, guint64 nodes)
{
  g_return_if_fail (TB_IS_ANALYSIS_PANEL (self));
  self->nodes = nodes;
}

gboolean
tb_analysis_panel_get_busy (TbAnalysisPanel *self)
{
  g_return_val_if_fail (TB_IS_ANALYSIS_PANEL (self), FALSE);
  return self->cancellable != NULL;
}

static void
tb_analysis_panel_dispose (GObject *object)
{
  TbAnalysisPanel *self = TB_ANALYSIS_PANEL (object);

  cancel (self);
  g_clear_object (&self->game);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_ANALYSIS_PANEL);
  G_OBJECT_CLASS (tb_analysis_panel_parent_class)->dispose (object);
}

static void
tb_analysis_panel_class_init (TbAnalysisPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_analysis_panel_dispose;
  signals[ANALYSED] = g_signal_new ("analysed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-analysis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TbAnalysisPanel, analyse_button);
  gtk_widget_class_bind_template_child (widget_class, TbAnalysisPanel, progress_box);
  gtk_widget_class_bind_template_child (widget_class, TbAnalysisPanel, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TbAnalysisPanel, summary_label);
  gtk_widget_class_bind_template_callback (widget_class, on_analyse_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
}

static void
tb_analysis_panel_init (TbAnalysisPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
