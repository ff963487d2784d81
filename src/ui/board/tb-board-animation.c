/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-animation.c: a move shown happening, phase by phase */
#include "config.h"

#include <math.h>

#include "tb-board-animation.h"

/* Milliseconds per phase at "normal" speed. */
#define PHASE_MS 320.0

double
tb_board_animation_phase_ms (const char *speed)
{
  if (g_strcmp0 (speed, "off") == 0)
    return 0;
  if (g_strcmp0 (speed, "slow") == 0)
    return PHASE_MS * 2.0;
  if (g_strcmp0 (speed, "fast") == 0)
    return PHASE_MS * 0.5;
  return PHASE_MS;
}

void
tb_board_animation_stop (TbBoardAnimation *self)
{
  if (self->animation)
    {
      g_signal_handlers_disconnect_by_data (self->animation, self);
      adw_animation_reset (self->animation);
      g_clear_object (&self->animation);
    }
  self->n_effects = 0;
}

gboolean
tb_board_animation_is_running (const TbBoardAnimation *self)
{
  return self->animation != NULL &&
         adw_animation_get_state (self->animation) == ADW_ANIMATION_PLAYING;
}

/* The animation's value runs from 0 to the number of phases. */
gboolean
tb_board_animation_progress (const TbBoardAnimation *self, guint *phase, double *t)
{
  if (self->n_effects == 0 || !tb_board_animation_is_running (self) ||
      self->value >= self->n_phases)
    return FALSE;
  *phase = (guint) MAX (0, floor (self->value));
  *t = CLAMP (self->value - *phase, 0.0, 1.0);
  return TRUE;
}

double
tb_board_animation_disc_turn (const TbBoardAnimation *self, guint phase, double t)
{
  for (guint i = 0; i < self->n_effects; i++)
    {
      const TbEffect *e = &self->effects[i];
      double done = e->phase < phase ? 1 : e->phase == phase ? t : 0;

      if (e->kind == TB_EFFECT_ROTATE)
        return self->turn + (e->amount == 1 ? done : -done);
    }
  return self->turn;
}

static void
on_step (double value, gpointer data)
{
  TbBoardAnimation *self = data;

  self->value = value;
  gtk_widget_queue_draw (self->widget);
}

static void
on_done (TbBoardAnimation *self)
{
  self->n_effects = 0;
  gtk_widget_queue_draw (self->widget);
}

void
tb_board_animation_start (TbBoardAnimation *self, GtkWidget *widget, const TbVariant *variant,
                          const TbPosition *before, TbMove move, double phase_ms)
{
  tb_board_animation_stop (self);
  if (phase_ms <= 0 || !gtk_widget_get_mapped (widget))
    return;
  self->widget = widget;
  self->n_pieces = tb_variant_describe_pieces (variant, before, self->pieces);
  self->turn = tb_variant_disc_turn (variant, before);
  self->n_effects = tb_variant_move_effects (variant, before, move, self->effects);
  self->n_phases = 0;
  for (guint i = 0; i < self->n_effects; i++)
    self->n_phases = MAX (self->n_phases, self->effects[i].phase + 1u);
  if (self->n_phases == 0)
    return;
  self->value = 0;
  self->animation =
    adw_timed_animation_new (widget, 0, self->n_phases, (guint) (phase_ms * self->n_phases),
                             adw_callback_animation_target_new (on_step, self, NULL));
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->animation), ADW_LINEAR);
  g_signal_connect_swapped (self->animation, "done", G_CALLBACK (on_done), self);
  adw_animation_play (self->animation);
}
