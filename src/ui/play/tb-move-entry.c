/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-entry.c: typing a move as its token
 *
 * An entry under the game's buttons: what is typed is read as a move of
 * the game's position (NOTATION.md tokens), and the legal tokens that
 * begin with it are offered in a popup (GtkEntryCompletion, the GTK 4.8
 * facility for it).  Enter emits "move-entered" for a legal move; anything
 * else emits "rejected" with the reason, in words, and marks the entry.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-move-entry.h"

struct _TbMoveEntry
{
  GtkWidget parent_instance;

  GtkEntry *entry;
  GtkEntryCompletion *completion;
  GtkListStore *tokens;     /* the legal moves of the position, as tokens */
  TbGame *game;
};

G_DEFINE_FINAL_TYPE (TbMoveEntry, tb_move_entry, GTK_TYPE_WIDGET)

enum
{
  MOVE_ENTERED,
  REJECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
fill_tokens (TbMoveEntry *self)
{
  guint n = 0;
  const TbMove *moves = self->game ? tb_game_get_legal_moves (self->game, &n) : NULL;

  gtk_list_store_clear (self->tokens);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *token = tb_game_format_move (self->game, moves[i]);

      gtk_list_store_insert_with_values (self->tokens, NULL, -1, 0, token, -1);
    }
}

static void
on_position_changed (TbMoveEntry *self)
{
  fill_tokens (self);
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
}

static char *
rejection (TbMoveEntry *self, const char *text, const GError *error)
{
  guint n = 0;
  const TbMove *moves = tb_game_get_legal_moves (self->game, &n);
  g_autofree char *example = n ? tb_game_format_move (self->game, moves[0]) : NULL;

  if (g_error_matches (error, TB_RULES_ERROR, TB_RULES_ERROR_ILLEGAL_MOVE))
    /* Translators: a typed move that breaks a rule, then the rule (the
     * second %s, from the rules engine). */
    return g_strdup_printf (_("%s cannot be played here: %s."), text, error->message);
  if (g_error_matches (error, TB_RULES_ERROR, TB_RULES_ERROR_GAME_OVER) || example == NULL)
    return g_strdup (_("The game is over: no move can be played."));
  /* Translators: something typed that is no move of this game, and a
   * legal move as an example of how moves are written. */
  return g_strdup_printf (_("“%s” is not a move of this game. Moves are written like %s."), text,
                          example);
}

void
tb_move_entry_activate (TbMoveEntry *self)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  TbMove move;

  g_return_if_fail (TB_IS_MOVE_ENTRY (self));

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
  /* Nothing typed: Enter does what it does elsewhere in the window
   * (Confirm, when a move waits to be confirmed). */
  if (*text == '\0')
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "default.activate", NULL);
      return;
    }
  if (self->game == NULL || !gtk_editable_get_editable (GTK_EDITABLE (self->entry)))
    return;
  if (!tb_game_parse_move (self->game, text, &move, &error))
    {
      g_autofree char *why = rejection (self, text, error);

      gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
      gtk_widget_error_bell (GTK_WIDGET (self));
      g_signal_emit (self, signals[REJECTED], 0, why);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  g_signal_emit (self, signals[MOVE_ENTERED], 0, (guint64) move);
}

static void
on_changed (TbMoveEntry *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
}

void
tb_move_entry_set_game (TbMoveEntry *self, TbGame *game)
{
  g_return_if_fail (TB_IS_MOVE_ENTRY (self));

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect_swapped (game, "position-changed", G_CALLBACK (on_position_changed), self);
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  on_position_changed (self);
}

char **
tb_move_entry_get_completions (TbMoveEntry *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  GtkTreeModel *model = GTK_TREE_MODEL (self->tokens);
  GtkTreeIter iter;

  g_return_val_if_fail (TB_IS_MOVE_ENTRY (self), NULL);

  for (gboolean valid = gtk_tree_model_get_iter_first (model, &iter); valid;
       valid = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *token = NULL;

      gtk_tree_model_get (model, &iter, 0, &token, -1);
      if (*typed && g_ascii_strncasecmp (token, typed, strlen (typed)) == 0)
        g_strv_builder_add (builder, token);
    }
  return g_strv_builder_end (builder);
}

/* Not made insensitive: the entry may have the focus (a move was just
 * typed against the computer), and an insensitive widget cannot keep it;
 * it stays where it is, read-only, until the person's next turn. */
void
tb_move_entry_set_can_play (TbMoveEntry *self, gboolean can_play)
{
  g_return_if_fail (TB_IS_MOVE_ENTRY (self));

  gtk_editable_set_editable (GTK_EDITABLE (self->entry), can_play);
  if (can_play)
    gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "dim-label");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->entry), "dim-label");
}

GtkEditable *
tb_move_entry_get_editable (TbMoveEntry *self)
{
  g_return_val_if_fail (TB_IS_MOVE_ENTRY (self), NULL);
  return GTK_EDITABLE (self->entry);
}

static gboolean
tb_move_entry_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (TB_MOVE_ENTRY (widget)->entry));
}

static void
tb_move_entry_dispose (GObject *object)
{
  TbMoveEntry *self = TB_MOVE_ENTRY (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->entry)
    gtk_widget_unparent (GTK_WIDGET (self->entry));
  self->entry = NULL;
  g_clear_object (&self->completion);
  g_clear_object (&self->tokens);
  G_OBJECT_CLASS (tb_move_entry_parent_class)->dispose (object);
}

static void
tb_move_entry_class_init (TbMoveEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_move_entry_dispose;
  widget_class->grab_focus = tb_move_entry_grab_focus;

  /* A legal move was typed; the owner plays it. */
  signals[MOVE_ENTERED] =
    g_signal_new ("move-entered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);
  /* What was typed cannot be played, and why, in a sentence. */
  signals[REJECTED] =
    g_signal_new ("rejected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "move-entry");
}

static void
tb_move_entry_init (TbMoveEntry *self)
{
  self->tokens = gtk_list_store_new (1, G_TYPE_STRING);
  self->completion = gtk_entry_completion_new ();
  gtk_entry_completion_set_model (self->completion, GTK_TREE_MODEL (self->tokens));
  gtk_entry_completion_set_text_column (self->completion, 0);
  gtk_entry_completion_set_minimum_key_length (self->completion, 1);
  gtk_entry_completion_set_inline_selection (self->completion, TRUE);

  self->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_completion (self->entry, self->completion);
  gtk_entry_set_placeholder_text (self->entry, _("Type a move…"));
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Move to play, as written in the move list"), -1);
  gtk_widget_set_parent (GTK_WIDGET (self->entry), GTK_WIDGET (self));
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (tb_move_entry_activate), self);
  g_signal_connect_swapped (self->entry, "changed", G_CALLBACK (on_changed), self);
}

GtkWidget *
tb_move_entry_new (void)
{
  return g_object_new (TB_TYPE_MOVE_ENTRY, NULL);
}
