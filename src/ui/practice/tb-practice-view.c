/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-practice-view.c: practice from one's own mistakes
 * (tb-practice-view.h)
 *
 * The exercises come from a store job (tb_practice_load_async), the
 * failed ones first; each is shown on a game of its own set up at its
 * position, so that the board's picker offers that position's moves and
 * an accepted answer or the solution is played (animated) on it.  An
 * answer is judged on worker threads (tb_practice_judge_async, the two
 * cores), the board locked meanwhile.  The first answer to an exercise,
 * or the solution shown before any, is its result, kept by a store job;
 * a wrong answer may be followed by others, which are judged but do not
 * change it: the exercise comes back first next time.
 */
#include "config.h"

#include "tb-template.h"

#include <glib/gi18n.h>

#include "tb-practice-view.h"

struct _TbPracticeView
{
  GtkWidget parent_instance;

  TbStore *store;
  char *player;
  GPtrArray *exercises;       /* of TbPracticeExercise, in the order given */
  guint index;                /* the one shown */
  guint solved;               /* this session's results */
  guint recorded;
  TbGame *game;               /* set up at the exercise's position */
  gboolean recorded_this;     /* the exercise shown has its result */
  gboolean over;              /* solved or shown: the board is locked */
  GCancellable *cancellable;  /* the load or judgement under way */
  TbMove judged;              /* the answer being judged */
  guint64 nodes;

  /* Template widgets */
  AdwWindowTitle *title;
  GtkStack *pages;
  AdwStatusPage *none_page;
  TbBoardView *board;
  GtkLabel *count_label;
  GtkLabel *task_label;
  GtkLabel *result_label;
  GtkWidget *hint_button;
  GtkWidget *solution_button;
  GtkWidget *next_button;
};

G_DEFINE_FINAL_TYPE (TbPracticeView, tb_practice_view, GTK_TYPE_WIDGET)

enum
{
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static TbPracticeExercise *
current (TbPracticeView *self)
{
  if (self->exercises == NULL || self->index >= self->exercises->len)
    return NULL;
  return self->exercises->pdata[self->index];
}

static void
cancel (TbPracticeView *self)
{
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
}

static void
set_result (TbPracticeView *self, const char *text)
{
  gtk_label_set_text (self->result_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), text && *text);
}

/* The board takes answers while the exercise is open and none is being
 * judged. */
static void
update_controls (TbPracticeView *self)
{
  gboolean judging = self->cancellable != NULL;

  tb_board_view_set_interactive (self->board, !self->over && !judging);
  gtk_widget_set_sensitive (self->hint_button, !self->over && !judging);
  gtk_widget_set_sensitive (self->solution_button, !self->over && !judging);
  gtk_widget_set_sensitive (self->next_button, !judging);
}

static void
on_recorded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;

  if (!tb_practice_record_finish (result, &error))
    g_warning ("practice: the result was not kept: %s", error->message);
}

/* The exercise's result, once: its first answer, or the solution. */
static void
record (TbPracticeView *self, gboolean solved)
{
  if (self->recorded_this)
    return;
  self->recorded_this = TRUE;
  self->recorded++;
  self->solved += solved;
  tb_practice_record_async (self->store, current (self), solved, NULL, on_recorded, NULL);
}

/* A move's text for the labels, its hyphens non-breaking: a narrow
 * window wrapped "b4-a3" after the hyphen. */
static char *
move_text (const TbPracticeExercise *e, TbMove move, gboolean hint)
{
  g_autofree char *text = hint ? tb_practice_hint_text (e) : tb_practice_format_move (e, move);
  g_auto (GStrv) parts = g_strsplit (text, "-", -1);

  return g_strjoinv ("\u2011", parts);
}

/* "Dark to move: Élodie played b4-a3? here. Find a better move." */
static char *
task_text (TbPracticeView *self, const TbPracticeExercise *e)
{
  const char *seat = _(tb_rules_get_seat_name (tb_game_get_rules (e->game), e->seat));
  const char *name = tb_game_get_player_name (e->game, e->seat);
  g_autofree char *played = move_text (e, e->played, FALSE);

  /* Translators: an exercise of the practice: the side to move (Dark,
   * Blue…), the player's name, the move they made and its glyph (? or
   * ??). */
  return g_strdup_printf (_("%s to move: %s played %s%s here. Find a better move."), seat,
                          name ? name : self->player, played, tb_nag_glyph (e->nag));
}

static void
show_exercise (TbPracticeView *self)
{
  TbPracticeExercise *e = current (self);
  g_autofree char *count = NULL, *task = NULL;

  self->recorded_this = FALSE;
  self->over = FALSE;
  g_clear_object (&self->game);
  self->game = tb_game_new_at (tb_line_get_variant (e->line), tb_line_get_position (e->line));
  tb_board_view_set_game (self->board, self->game);
  /* Translators: where the practice is: "Exercise 2 of 7". */
  count = g_strdup_printf (_("Exercise %u of %u"), self->index + 1, self->exercises->len);
  gtk_label_set_text (self->count_label, count);
  task = task_text (self, e);
  gtk_label_set_text (self->task_label, task);
  set_result (self, NULL);
  gtk_stack_set_visible_child_name (self->pages, "exercise");
  update_controls (self);
}

static void
show_none (TbPracticeView *self)
{
  g_autofree char *text = NULL;

  if (self->exercises && self->exercises->len > 0)
    {
      adw_status_page_set_title (self->none_page, _("Practice Done"));
      /* Translators: the end of a practice session: the exercises
       * solved, of those answered ("Exercises solved: 1 of 2."). */
      text = g_strdup_printf (_("Exercises solved: %u of %u."), self->solved, self->recorded);
    }
  else
    {
      adw_status_page_set_title (self->none_page, _("No Exercises"));
      /* Translators: the practice of a player who has no analysed game
       * with a mistake. */
      text = g_strdup_printf (_("No mistake of %s’s to practise: analyse some of their games "
                                "first (History, Analyse)."), self->player);
    }
  adw_status_page_set_description (self->none_page, text);
  gtk_stack_set_visible_child_name (self->pages, "none");
}

static void
on_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbPracticeView) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) exercises = tb_practice_load_finish (result, &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return;
  g_clear_object (&self->cancellable);
  if (exercises == NULL)
    {
      adw_status_page_set_title (self->none_page, _("No Exercises"));
      adw_status_page_set_description (self->none_page, error->message);
      gtk_stack_set_visible_child_name (self->pages, "none");
      return;
    }
  self->exercises = g_steal_pointer (&exercises);
  if (self->exercises->len == 0)
    show_none (self);
  else
    show_exercise (self);
}

void
tb_practice_view_start (TbPracticeView *self, TbStore *store, const char *ruleset,
                        const char *player)
{
  g_return_if_fail (TB_IS_PRACTICE_VIEW (self));
  g_return_if_fail (TB_IS_STORE (store) && player != NULL);

  cancel (self);
  g_set_object (&self->store, store);
  g_free (self->player);
  self->player = g_strdup (player);
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  self->index = self->solved = self->recorded = 0;
  adw_window_title_set_subtitle (self->title, player);
  gtk_stack_set_visible_child_name (self->pages, "loading");
  self->cancellable = g_cancellable_new ();
  tb_practice_load_async (store, ruleset, player, self->cancellable, on_loaded,
                          g_object_ref (self));
}

/* ---- answers ---- */

static void
on_judged (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (TbPracticeView) self = data;
  g_autoptr (GError) error = NULL;
  TbMove move = self->judged;
  TbPracticeExercise *e = current (self);
  g_autofree char *text = NULL, *shown = NULL;
  TbPracticeVerdict verdict;
  gboolean judged = tb_practice_judge_finish (result, &verdict, &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable || e == NULL)
    return;
  g_clear_object (&self->cancellable);
  if (!judged)
    {
      set_result (self, error->message);
      update_controls (self);
      return;
    }
  shown = move_text (e, move, FALSE);
  record (self, verdict.accepted);
  if (verdict.accepted)
    {
      self->over = TRUE;
      tb_game_play (self->game, move, NULL);
      /* Translators: a right answer: the move, what it keeps for the
       * player (expected score, 0 to 1) and the best move's. */
      text = g_strdup_printf (_("Right: %s keeps an expected score of %.2f (the best %.2f)."),
                              shown, verdict.expected, verdict.best);
    }
  else
    /* Translators: a wrong answer: the move, what it keeps, the best's. */
    text = g_strdup_printf (_("Not enough: %s keeps an expected score of %.2f, the best "
                              "%.2f. Try another move, or see the solution."),
                            shown, verdict.expected, verdict.best);
  set_result (self, text);
  update_controls (self);
}

static void
on_move_chosen (TbPracticeView *self, guint64 move)
{
  TbPracticeExercise *e = current (self);
  g_autofree char *shown = NULL, *text = NULL;

  if (e == NULL || self->over || self->cancellable)
    return;
  self->cancellable = g_cancellable_new ();
  self->judged = (TbMove) move;
  shown = move_text (e, (TbMove) move, FALSE);
  /* Translators: while an answer is judged: "Checking b4-b5…". */
  text = g_strdup_printf (_("Checking %s…"), shown);
  set_result (self, text);
  update_controls (self);
  tb_practice_judge_async (e, (TbMove) move, self->nodes, self->cancellable, on_judged,
                           g_object_ref (self));
}

static void
on_hint_clicked (TbPracticeView *self)
{
  TbPracticeExercise *e = current (self);
  g_autofree char *hint = NULL, *text = NULL;

  if (e == NULL)
    return;
  hint = move_text (e, TB_MOVE_NONE, TRUE);
  /* Translators: the practice's hint: where the better move starts,
   * "b4-…". */
  text = g_strdup_printf (_("Hint: the better move starts %s"), hint);
  set_result (self, text);
}

static void
on_solution_clicked (TbPracticeView *self)
{
  TbPracticeExercise *e = current (self);
  g_autofree char *better = NULL, *played = NULL, *text = NULL;

  if (e == NULL || self->over)
    return;
  record (self, FALSE);
  self->over = TRUE;
  better = move_text (e, e->better, FALSE);
  played = move_text (e, e->played, FALSE);
  tb_game_play (self->game, e->better, NULL);
  /* Translators: the solution shown: the better move and its expected
   * score, then the move played and its. */
  text = g_strdup_printf (_("The solution: %s, an expected score of %.2f; %s kept %.2f."),
                          better, e->better_expected, played, e->played_expected);
  set_result (self, text);
  update_controls (self);
}

static void
on_next_clicked (TbPracticeView *self)
{
  if (self->exercises == NULL)
    return;
  cancel (self);
  self->index++;
  if (self->index < self->exercises->len)
    show_exercise (self);
  else
    show_none (self);
}

static void
close_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbPracticeView *self = TB_PRACTICE_VIEW (widget);

  cancel (self);
  g_signal_emit (self, signals[CLOSED], 0);
}

void
tb_practice_view_bind_settings (TbPracticeView *self, GSettings *settings)
{
  static const char *const board_keys[] = { "show-legal-moves", "show-coordinates",
                                            "animation-speed" };

  g_return_if_fail (TB_IS_PRACTICE_VIEW (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  for (guint i = 0; i < G_N_ELEMENTS (board_keys); i++)
    g_settings_bind (settings, board_keys[i], self->board, board_keys[i], G_SETTINGS_BIND_GET);
}

/* ---- for tests ---- */

void
tb_practice_view_set_nodes (TbPracticeView *self, guint64 nodes)
{
  g_return_if_fail (TB_IS_PRACTICE_VIEW (self));
  self->nodes = nodes;
}

TbBoardView *
tb_practice_view_get_board (TbPracticeView *self)
{
  g_return_val_if_fail (TB_IS_PRACTICE_VIEW (self), NULL);
  return self->board;
}

const TbPracticeExercise *
tb_practice_view_get_exercise (TbPracticeView *self)
{
  g_return_val_if_fail (TB_IS_PRACTICE_VIEW (self), NULL);
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "exercise") == 0
           ? current (self) : NULL;
}

gboolean
tb_practice_view_get_busy (TbPracticeView *self)
{
  g_return_val_if_fail (TB_IS_PRACTICE_VIEW (self), FALSE);
  return self->cancellable != NULL;
}

const char *
tb_practice_view_get_result_text (TbPracticeView *self)
{
  g_return_val_if_fail (TB_IS_PRACTICE_VIEW (self), NULL);
  return gtk_label_get_text (self->result_label);
}

static void
tb_practice_view_dispose (GObject *object)
{
  TbPracticeView *self = TB_PRACTICE_VIEW (object);

  cancel (self);
  g_clear_object (&self->game);
  g_clear_object (&self->store);
  g_clear_pointer (&self->exercises, g_ptr_array_unref);
  g_clear_pointer (&self->player, g_free);
  tb_widget_dispose_template (GTK_WIDGET (self), TB_TYPE_PRACTICE_VIEW);
  G_OBJECT_CLASS (tb_practice_view_parent_class)->dispose (object);
}

static void
tb_practice_view_class_init (TbPracticeViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_practice_view_dispose;
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  g_type_ensure (TB_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablier/Tablier/tb-practice-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, title);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, pages);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, none_page);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, board);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, count_label);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, task_label);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, result_label);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, hint_button);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, solution_button);
  gtk_widget_class_bind_template_child (widget_class, TbPracticeView, next_button);
  gtk_widget_class_bind_template_callback (widget_class, on_hint_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_solution_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_next_clicked);
  gtk_widget_class_install_action (widget_class, "practice.close", NULL, close_action);
}

static void
tb_practice_view_init (TbPracticeView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (tb_board_view_get_picker (self->board), "move-chosen",
                           G_CALLBACK (on_move_chosen), self, G_CONNECT_SWAPPED);
}
