/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-batch-analysis.c: stored games analysed one after another
 * (tb-batch-analysis.h)
 *
 * Each game goes through three steps, none on the main thread: a store
 * job reads it, tb_game_analyse_async analyses it on two worker threads
 * (the machine's two cores), and a store job saves it with its
 * evaluations, glyphs and better lines (tb_game_analysis_apply), as the
 * replay's Analyse does.  One game at a time: the two cores already
 * work on its positions.  Cancel stops at whatever step runs; a game
 * whose analysis was not saved stays as it was stored.
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-batch-analysis.h"
#include "tb-game-analysis.h"
#include "tb-store-job.h"

struct _TbBatchAnalysis
{
  GtkWidget parent_instance;

  TbStore *store;
  GArray *waiting;            /* ids still to analyse, the next first */
  gint64 id;                  /* the game in hand, or 0 */
  guint done, total;          /* games saved, and asked for, in this run */
  guint64 nodes;
  GCancellable *cancellable;  /* the run's, NULL when idle */

  /* Template widgets */
  GtkLabel *status_label;
  GtkProgressBar *progress_bar;
};

G_DEFINE_FINAL_TYPE (TbBatchAnalysis, tb_batch_analysis, GTK_TYPE_WIDGET)

enum
{
  GAME_ANALYSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void next_game (TbBatchAnalysis *self);

/* An answer for the run under way, not one cancelled before. */
static gboolean
still_running (TbBatchAnalysis *self, GAsyncResult *result)
{
  return self->cancellable != NULL &&
         g_task_get_cancellable (G_TASK (result)) == self->cancellable;
}

static void
show_progress (TbBatchAnalysis *self, double fraction_of_game)
{
  /* Translators: the history's analysis of several games: "Analysing
   * game 2 of 5". */
  g_autofree char *text = g_strdup_printf (_("Analysing game %u of %u"),
                                           MIN (self->done + 1, self->total), self->total);

  gtk_label_set_text (self->status_label, text);
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 (self->done + fraction_of_game) / MAX (self->total, 1));
}

static void
stop (TbBatchAnalysis *self)
{
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_array_set_size (self->waiting, 0);
  self->id = 0;
  self->done = self->total = 0;
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/* A step failed: said on the status line, and the next game taken. */
static void
skip_game (TbBatchAnalysis *self, const GError *error)
{
  g_warning ("analysis of game %" G_GINT64_FORMAT " failed: %s", self->id, error->message);
  self->done++;
  next_game (self);
}

static void
on_saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbBatchAnalysis) self = data;
  g_autoptr (GError) error = NULL;
  gint64 id = tb_store_job_save_game_finish (result, &error);

  if (!still_running (self, result))
    return;
  if (id == 0)
    {
      skip_game (self, error);
      return;
    }
  self->done++;
  g_signal_emit (self, signals[GAME_ANALYSED], 0, id);
  next_game (self);
}

static void
on_analysed (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbBatchAnalysis) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbGameAnalysis) analysis = tb_game_analyse_finish (result, &error);
  TbGame *game = TB_GAME (source);

  if (!still_running (self, result))
    return;
  if (analysis == NULL)
    {
      skip_game (self, error);
      return;
    }
  tb_game_analysis_apply (analysis, game);
  tb_store_job_save_game (self->store, self->id, game, -1, self->cancellable, on_saved,
                          g_object_ref (self));
}

static void
on_progress (guint done, guint total, gpointer data)
{
  TbBatchAnalysis *self = data;

  if (self->cancellable)
    show_progress (self, (double) done / total);
}

static void
on_read (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbBatchAnalysis) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (TbStoredGame) stored = tb_store_job_load_game_finish (result, &error);
  TbAiAnalyseLimits limits;

  if (!still_running (self, result))
    return;
  if (stored == NULL)
    {
      skip_game (self, error);
      return;
    }
  tb_game_analysis_limits (tb_game_get_rules (stored->game), TB_GAME_ANALYSIS_DEFAULT_LEVEL,
                           &limits, NULL);
  if (self->nodes)
    limits.nodes = self->nodes;
  /* The progress callback holds no reference: the run's cancellable,
   * cleared on dispose, stops it first. */
  tb_game_analyse_async (stored->game, &limits, on_progress, self, self->cancellable,
                         on_analysed, g_object_ref (self));
}

static void
next_game (TbBatchAnalysis *self)
{
  if (self->waiting->len == 0)
    {
      stop (self);
      return;
    }
  self->id = g_array_index (self->waiting, gint64, 0);
  g_array_remove_index (self->waiting, 0);
  show_progress (self, 0);
  tb_store_job_load_game (self->store, self->id, self->cancellable, on_read,
                          g_object_ref (self));
}

static gboolean
is_listed (TbBatchAnalysis *self, gint64 id)
{
  if (id == self->id)
    return TRUE;
  for (guint i = 0; i < self->waiting->len; i++)
    if (g_array_index (self->waiting, gint64, i) == id)
      return TRUE;
  return FALSE;
}

void
tb_batch_analysis_add (TbBatchAnalysis *self, TbStore *store, const gint64 *ids, guint n_ids)
{
  gboolean idle;

  g_return_if_fail (TB_IS_BATCH_ANALYSIS (self));
  g_return_if_fail (TB_IS_STORE (store));

  /* Another database (the user opened one): the run on the old one ends. */
  if (self->store != store)
    stop (self);
  g_set_object (&self->store, store);
  idle = self->cancellable == NULL;
  for (guint i = 0; i < n_ids; i++)
    if (ids[i] > 0 && !is_listed (self, ids[i]))
      {
        g_array_append_val (self->waiting, ids[i]);
        self->total++;
      }
  if (!idle || self->waiting->len == 0)
    return;
  self->cancellable = g_cancellable_new ();
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  next_game (self);
}

void
tb_batch_analysis_set_nodes (TbBatchAnalysis *self, guint64 nodes)
{
  g_return_if_fail (TB_IS_BATCH_ANALYSIS (self));
  self->nodes = nodes;
}

gboolean
tb_batch_analysis_get_busy (TbBatchAnalysis *self)
{
  g_return_val_if_fail (TB_IS_BATCH_ANALYSIS (self), FALSE);
  return self->cancellable != NULL;
}

void
tb_batch_analysis_cancel (TbBatchAnalysis *self)
{
  g_return_if_fail (TB_IS_BATCH_ANALYSIS (self));
  stop (self);
}

static void
tb_batch_analysis_dispose (GObject *object)
{
  TbBatchAnalysis *self = TB_BATCH_ANALYSIS (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->store);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_BATCH_ANALYSIS);
  G_OBJECT_CLASS (tb_batch_analysis_parent_class)->dispose (object);
}

static void
tb_batch_analysis_finalize (GObject *object)
{
  g_array_unref (TB_BATCH_ANALYSIS (object)->waiting);
  G_OBJECT_CLASS (tb_batch_analysis_parent_class)->finalize (object);
}

static void
tb_batch_analysis_class_init (TbBatchAnalysisClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_batch_analysis_dispose;
  G_OBJECT_CLASS (klass)->finalize = tb_batch_analysis_finalize;
  signals[GAME_ANALYSED] = g_signal_new ("game-analysed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_INT64);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-batch-analysis.ui");
  gtk_widget_class_bind_template_child (widget_class, TbBatchAnalysis, status_label);
  gtk_widget_class_bind_template_child (widget_class, TbBatchAnalysis, progress_bar);
  gtk_widget_class_bind_template_callback (widget_class, tb_batch_analysis_cancel);
}

static void
tb_batch_analysis_init (TbBatchAnalysis *self)
{
  self->waiting = g_array_new (FALSE, FALSE, sizeof (gint64));
  gtk_widget_init_template (GTK_WIDGET (self));
}
