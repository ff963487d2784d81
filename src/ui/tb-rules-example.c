/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rules-example.c: a worked example of the rules help, on a live board.
 *
 * The reader plays on a real game of the ruleset: the same engine as in
 * play checks every move, describes what it did, and (through the board's
 * announcements) says why a move is refused.  "Show Me" plays the move
 * the caption talks about; "Start Again" sets the position up anew. */
#include "config.h"

#include "tb-rules-example.h"

#include <glib/gi18n.h>

#include "tb-board-view.h"
#include "tb-move-describe.h"

struct _TbRulesExample
{
  GtkWidget parent_instance;

  const TbRulesPage *page;
  const TbRulesBlock *example;
  TbGame *game;
  TbBoardView *board;
  GtkLabel *status;
  GtkWidget *show_button;
};

G_DEFINE_FINAL_TYPE (TbRulesExample, tb_rules_example, GTK_TYPE_WIDGET)

static void
set_status (TbRulesExample *self, const char *text)
{
  gtk_label_set_text (self->status, text);
  gtk_widget_set_visible (GTK_WIDGET (self->status), text && *text);
}

/* What the last move did, and the end when it ended the game. */
static void
describe_last_move (TbRulesExample *self)
{
  g_autofree char *move = tb_describe_move (self->game, tb_game_get_ply (self->game));

  if (tb_game_is_over (self->game))
    {
      g_autofree char *state = tb_describe_state (self->game);
      g_autofree char *both = g_strdup_printf ("%s %s", move, state);

      set_status (self, both);
    }
  else
    set_status (self, move);
}

static void
play (TbRulesExample *self, TbMove move)
{
  g_autoptr (GError) error = NULL;

  if (!tb_game_play (self->game, move, &error))
    {
      set_status (self, error->message);
      return;
    }
  describe_last_move (self);
  /* The caption's move is for its position only. */
  gtk_widget_set_sensitive (self->show_button, FALSE);
}

static void
on_move_chosen (TbMovePicker *picker, guint64 move, TbRulesExample *self)
{
  play (self, (TbMove) move);
}

static void
on_announce (TbMovePicker *picker, const char *text, TbRulesExample *self)
{
  set_status (self, text);
}

/* A refused move rings the bell and says why (the rules, in a few
 * words), so that people learn by trying. */
static void
on_refused (TbMovePicker *picker, const char *why, TbRulesExample *self)
{
  gtk_widget_error_bell (GTK_WIDGET (self->board));
  if (why)
    set_status (self, why);
}

void
tb_rules_example_restart (TbRulesExample *self)
{
  g_autoptr (GError) error = NULL;
  TbGame *game;

  g_return_if_fail (TB_IS_RULES_EXAMPLE (self));

  game = tb_rules_example_new_game (self->page, self->example, &error);
  if (game == NULL)
    {
      /* The tests make sure this never shows; if a page is wrong anyway,
       * it says which example. */
      g_autofree char *text = g_strdup_printf ("%s: %s", self->example->id, error->message);

      set_status (self, text);
      gtk_widget_set_sensitive (self->show_button, FALSE);
      return;
    }
  g_clear_object (&self->game);
  self->game = game;
  tb_board_view_set_game (self->board, game);
  gtk_widget_set_sensitive (self->show_button, TRUE);
  set_status (self, NULL);
}

void
tb_rules_example_show_move (TbRulesExample *self)
{
  TbMove move;

  g_return_if_fail (TB_IS_RULES_EXAMPLE (self));

  if (self->game && tb_game_parse_move (self->game, self->example->try_move, &move, NULL))
    play (self, move);
}

static void
on_show_clicked (TbRulesExample *self)
{
  tb_rules_example_show_move (self);
}

static void
on_restart_clicked (TbRulesExample *self)
{
  tb_rules_example_restart (self);
}

static GtkWidget *
buttons_new (TbRulesExample *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *restart = gtk_button_new_with_mnemonic (_("Start _Again"));

  self->show_button = gtk_button_new_with_mnemonic (_("_Show Me"));
  gtk_widget_set_tooltip_text (self->show_button, _("Play the move the example is about"));
  gtk_widget_set_tooltip_text (restart, _("Set the example’s position up again"));
  g_signal_connect_swapped (self->show_button, "clicked", G_CALLBACK (on_show_clicked), self);
  g_signal_connect_swapped (restart, "clicked", G_CALLBACK (on_restart_clicked), self);
  gtk_widget_set_halign (box, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (box), restart);
  gtk_box_append (GTK_BOX (box), self->show_button);
  return box;
}

static GtkWidget *
label_new (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

GtkWidget *
tb_rules_example_new (const TbRulesPage *page, const TbRulesBlock *example)
{
  TbRulesExample *self = g_object_new (TB_TYPE_RULES_EXAMPLE, NULL);
  GtkWidget *caption = label_new (example->text, NULL);

  self->page = page;
  self->example = example;
  gtk_widget_set_parent (caption, GTK_WIDGET (self));
  self->board = TB_BOARD_VIEW (tb_board_view_new ());
  gtk_widget_set_size_request (GTK_WIDGET (self->board), 240, 300);
  /* The captions name cells: the rules always show the names, whatever
   * the coordinates preference of the play and replay boards. */
  tb_board_view_set_show_coordinates (self->board, TRUE);
  tb_board_view_set_interactive (self->board, TRUE);
  tb_board_view_set_show_legal_moves (self->board, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  example->text, -1);
  g_signal_connect (tb_board_view_get_picker (self->board), "move-chosen",
                    G_CALLBACK (on_move_chosen), self);
  g_signal_connect (tb_board_view_get_picker (self->board), "announce", G_CALLBACK (on_announce),
                    self);
  g_signal_connect (tb_board_view_get_picker (self->board), "refused", G_CALLBACK (on_refused),
                    self);
  gtk_widget_set_parent (GTK_WIDGET (self->board), GTK_WIDGET (self));
  self->status = GTK_LABEL (label_new (NULL, "example-status"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("What happened"), -1);
  gtk_widget_set_parent (GTK_WIDGET (self->status), GTK_WIDGET (self));
  gtk_widget_set_parent (buttons_new (self), GTK_WIDGET (self));
  tb_rules_example_restart (self);
  return GTK_WIDGET (self);
}

TbGame *
tb_rules_example_get_game (TbRulesExample *self)
{
  g_return_val_if_fail (TB_IS_RULES_EXAMPLE (self), NULL);
  return self->game;
}

GtkWidget *
tb_rules_example_get_board (TbRulesExample *self)
{
  g_return_val_if_fail (TB_IS_RULES_EXAMPLE (self), NULL);
  return GTK_WIDGET (self->board);
}

const char *
tb_rules_example_get_status (TbRulesExample *self)
{
  g_return_val_if_fail (TB_IS_RULES_EXAMPLE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->status)) ? gtk_label_get_text (self->status)
                                                            : "";
}

static void
tb_rules_example_dispose (GObject *object)
{
  TbRulesExample *self = TB_RULES_EXAMPLE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (tb_rules_example_parent_class)->dispose (object);
}

static void
tb_rules_example_class_init (TbRulesExampleClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tb_rules_example_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "rules-example");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tb_rules_example_init (TbRulesExample *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self), "card");
}
