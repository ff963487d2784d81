/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-tree.c: the replay's moves with their variations, to edit
 *
 * The rows are made again from the tree after each edit or new move (one
 * walk, a TbLine pushed and popped along it for the moves' text): a
 * replay is edited by hand, a move at a time, and going back and forth
 * only moves the selection.  Row i shows rows[i]; a variation's first row
 * knows where its block of rows ends, which is what folding hides.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tb-a11y.h"
#include "tb-list-scroll.h"
#include "tb-move-describe.h"
#include "tb-move-tree.h"
#include "tb-toast.h"

typedef struct
{
  const TbGameNode *node;
  guint depth;           /* 0 on the main line, 1 in its variations, … */
  guint block_end;       /* a variation's first row: the index after its last;
                          * 0 for the others */
  GtkToggleButton *fold; /* a variation's first row: its fold button */
} Row;

struct _TbMoveTree
{
  GtkWidget parent_instance;

  GtkScrolledWindow *scroller;
  GtkListBox *list;
  GtkWidget *menu;               /* the rows' menu (a popover) */
  TbGame *game;
  GArray *rows;                  /* of Row */
  GHashTable *row_of;            /* node -> its row's index + 1 */
  GHashTable *folded;            /* the first nodes of folded variations */
  TbGameCut *deleted;            /* the last variation deleted, for Undo */
  AdwToast *deleted_toast;       /* its toast */
  guint scroll_tick;
};

G_DEFINE_FINAL_TYPE (TbMoveTree, tb_move_tree, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GLYPH,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum
{
  EDITED,
  COMMENT_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the rows ---- */

static void
on_fold_toggled (GtkToggleButton *button, TbMoveTree *self);

/* "3. h8-g7?!" (or "3… g9-g7" for the second player) as the move list
 * numbers moves, and its name for screen readers: "Variation, move 3,
 * White: h8-g7, mistake". */
static GtkWidget *
row_child_new (TbMoveTree *self, Row *row, const TbPosition *before, guint ply)
{
  TbMove move = tb_game_node_get_move (row->node);
  g_autofree char *text = tb_variant_format_move (tb_game_get_variant (self->game), before, move);
  guint seat = ply % 2 == 1 ? tb_game_get_starter (self->game)
                             : 3 - tb_game_get_starter (self->game);
  guint nag = tb_game_node_get_move_nag (row->node);
  g_autofree char *shown = g_strdup_printf (ply % 2 ? "%u. %s%s" : "%u… %s%s", (ply + 1) / 2,
                                            text, nag ? tb_nag_glyph (nag) : "");
  g_autofree char *name = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (shown);

  /* Translators: a row of the move list, for screen readers: "Move 3, White: h8-g7". */
  name = g_strdup_printf (_("Move %u, %s: %s"), (ply + 1) / 2,
                          _(tb_rules_get_seat_name (tb_game_get_rules (self->game), seat)), text);
  if (nag)
    {
      g_autofree char *plain = g_steal_pointer (&name);

      name = g_strdup_printf ("%s, %s", plain, tb_describe_nag (nag));
    }
  if (row->depth > 0)
    {
      g_autofree char *plain = g_steal_pointer (&name);

      /* Translators: a move of a variation, for screen readers: "Variation: Move 3, …". */
      name = g_strdup_printf (_("Variation: %s"), plain);
    }
  gtk_widget_set_margin_start (box, 18 * (int) row->depth);
  if (row->block_end > 0)
    {
      GtkWidget *fold = gtk_toggle_button_new ();

      gtk_widget_add_css_class (fold, "flat");
      gtk_widget_add_css_class (fold, "fold-button");
      gtk_widget_set_valign (fold, GTK_ALIGN_CENTER);
      row->fold = GTK_TOGGLE_BUTTON (fold);
      g_signal_connect (fold, "toggled", G_CALLBACK (on_fold_toggled), self);
      gtk_box_append (GTK_BOX (box), fold);
    }
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, ply % 2 ? "starter-move" : "second-move");
  if (row->depth > 0)
    gtk_widget_add_css_class (label, "variation-move");
  gtk_box_append (GTK_BOX (box), label);
  g_object_set_data_full (G_OBJECT (box), "name", g_steal_pointer (&name), g_free);
  return box;
}

/* Makes row's widget at index of the list, and keeps row there (the
 * indexes after it are the caller's to shift).  before: the position
 * before its move, the ply-th. */
static void
insert_row (TbMoveTree *self, Row *row, guint index, const TbPosition *before, guint ply)
{
  GtkWidget *child, *list_row;

  if (row->node == tb_game_get_root (self->game))
    {
      child = gtk_label_new (_("Start position"));
      gtk_label_set_xalign (GTK_LABEL (child), 0);
      gtk_widget_add_css_class (child, "dim-label");
      g_object_set_data_full (G_OBJECT (child), "name", g_strdup (_("Start position")), g_free);
    }
  else
    child = row_child_new (self, row, before, ply);
  gtk_list_box_insert (self->list, child, (int) index);
  list_row = gtk_widget_get_parent (child);
  gtk_accessible_update_property (GTK_ACCESSIBLE (list_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  g_object_get_data (G_OBJECT (child), "name"), -1);
  g_array_insert_val (self->rows, index, *row);
}

/* starts: node is a variation's first move (its block's end is set once
 * its rows are made). */
static void
append_row (TbMoveTree *self, const TbGameNode *node, guint depth, gboolean starts, TbLine *line)
{
  Row row = { .node = node, .depth = depth, .block_end = starts };

  insert_row (self, &row, self->rows->len, tb_line_get_position (line),
              tb_line_get_ply (line) + 1);
  g_hash_table_insert (self->row_of, (gpointer) node, GUINT_TO_POINTER (self->rows->len));
}

/* The rows of the line from node on, at depth, with after each main move
 * the variations that replace it, one level deeper; line stands before
 * node and is left there. */
static void
append_line (TbMoveTree *self, const TbGameNode *node, guint depth, TbLine *line)
{
  guint pushed = 0;

  for (const TbGameNode *x = node; x; x = tb_game_node_get_child (x, 0))
    {
      const TbGameNode *sibling = tb_game_node_get_next_sibling (x);

      append_row (self, x, depth, x == node && depth > 0, line);
      /* The variations replacing x (x being its parent's main move). */
      if (x == tb_game_node_get_child (tb_game_node_get_parent (x), 0))
        for (; sibling; sibling = tb_game_node_get_next_sibling (sibling))
          {
            guint start = self->rows->len;

            append_line (self, sibling, depth + 1, line);
            g_array_index (self->rows, Row, start).block_end = self->rows->len;
          }
      tb_line_push (line, tb_game_node_get_move (x));
      pushed++;
    }
  for (; pushed > 0; pushed--)
    tb_line_pop (line);
}

/* A variation's fold button: its state, icon and name. */
static void
show_fold (TbMoveTree *self, Row *row, gboolean folded)
{
  const char *name = folded ? _("Unfold the Variation") : _("Fold the Variation");

  g_signal_handlers_block_by_func (row->fold, on_fold_toggled, self);
  gtk_toggle_button_set_active (row->fold, !folded);
  g_signal_handlers_unblock_by_func (row->fold, on_fold_toggled, self);
  gtk_button_set_icon_name (GTK_BUTTON (row->fold),
                            folded ? "pan-end-symbolic" : "pan-down-symbolic");
  tb_name_button_widget (GTK_WIDGET (row->fold), name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row->fold), name);
}

/* Hides the rows of folded variations; the fold buttons say which. */
static void
apply_folds (TbMoveTree *self)
{
  guint hidden_until = 0;

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      gboolean folded = row->fold && g_hash_table_contains (self->folded, row->node);

      gtk_widget_set_visible (GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, (int) i)),
                              i >= hidden_until || i == 0);
      if (row->fold == NULL)
        continue;
      if (folded && i >= hidden_until)
        hidden_until = row->block_end;
      show_fold (self, row, folded);
    }
}

static void
on_fold_toggled (GtkToggleButton *button, TbMoveTree *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);

      if (row->fold != button)
        continue;
      if (gtk_toggle_button_get_active (button))
        g_hash_table_remove (self->folded, row->node);
      else
        g_hash_table_add (self->folded, (gpointer) row->node);
    }
  apply_folds (self);
}

/* Only the variations still shown stay folded: a node cut and freed must
 * not fold another made later at its address. */
static void
forget_lost_folds (TbMoveTree *self)
{
  GHashTableIter iter;
  gpointer node;

  g_hash_table_iter_init (&iter, self->folded);
  while (g_hash_table_iter_next (&iter, &node, NULL))
    if (!g_hash_table_contains (self->row_of, node))
      g_hash_table_iter_remove (&iter);
}

static void
rebuild (TbMoveTree *self)
{
  GtkListBoxRow *first;

  while ((first = gtk_list_box_get_row_at_index (self->list, 0)))
    gtk_list_box_remove (self->list, GTK_WIDGET (first));
  g_array_set_size (self->rows, 0);
  g_hash_table_remove_all (self->row_of);
  if (self->game == NULL)
    return;
  {
    g_autoptr (TbLine) line = tb_game_new_line (self->game);
    const TbGameNode *root = tb_game_get_root (self->game);

    append_row (self, root, 0, FALSE, line);
    if (tb_game_node_get_child (root, 0))
      append_line (self, tb_game_node_get_child (root, 0), 0, line);
  }
  forget_lost_folds (self);
  apply_folds (self);
}

/* ---- the move shown ---- */

static gboolean
scroll_to_selected (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  TbMoveTree *self = TB_MOVE_TREE (widget);

  if (!tb_list_scroll_to_selected (self->list, self->scroller))
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

/* A move inside a folded variation is shown: its variations unfold. */
static void
unfold_to (TbMoveTree *self, const TbGameNode *node)
{
  gboolean changed = FALSE;

  for (; node; node = tb_game_node_get_parent (node))
    changed |= g_hash_table_remove (self->folded, node);
  if (changed)
    apply_folds (self);
}

static void
update_actions (TbMoveTree *self)
{
  const TbGameNode *node = self->game ? tb_game_get_current_node (self->game) : NULL;
  gboolean is_move = node && tb_game_node_get_parent (node);
  gboolean in_variation = node && tb_game_node_get_variation_start (node);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move.promote", in_variation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move.delete", in_variation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move.glyph", is_move);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move.glyph-key", is_move);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move.comment", node != NULL);
}

/* The index of node's row, or -1. */
static int
row_index (TbMoveTree *self, const TbGameNode *node)
{
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (self->row_of, node)) - 1;
}

/* Where the row of node, a move just played (its parent's last
 * continuation, with none of its own), goes, as append_line would put it;
 * -1 when its parent has no row. */
static int
new_row_place (TbMoveTree *self, const TbGameNode *node, guint *depth)
{
  const TbGameNode *parent = tb_game_node_get_parent (node);
  const TbGameNode *first = tb_game_node_get_child (parent, 0), *before = first;
  int parent_row = row_index (self, parent);

  if (parent_row < 0)
    return -1;
  if (node != first)
    {
      /* A new variation: after the main move's row, or after the block
       * of the variation before it. */
      while (tb_game_node_get_next_sibling (before) != node)
        before = tb_game_node_get_next_sibling (before);
      *depth = g_array_index (self->rows, Row, row_index (self, first)).depth + 1;
      return before == first ? row_index (self, first) + 1
                             : (int) g_array_index (self->rows, Row, row_index (self, before))
                                 .block_end;
    }
  /* The line goes on: after its last move, and after the variations that
   * replace that move. */
  *depth = g_array_index (self->rows, Row, parent_row).depth;
  if (tb_game_node_get_parent (parent) &&
      tb_game_node_get_child (tb_game_node_get_parent (parent), 0) == parent &&
      tb_game_node_get_next_sibling (parent))
    {
      const TbGameNode *last = parent;

      while (tb_game_node_get_next_sibling (last))
        last = tb_game_node_get_next_sibling (last);
      return (int) g_array_index (self->rows, Row, row_index (self, last)).block_end;
    }
  return parent_row + 1;
}

/* Whether the variation starting at start holds node. */
static gboolean
holds (const TbGameNode *start, const TbGameNode *node)
{
  for (; node; node = tb_game_node_get_parent (node))
    if (node == start)
      return TRUE;
  return FALSE;
}

/* A move just played (the current one) gets its row alone, the rows
 * after it shifted, instead of all made again; FALSE when it is not a new
 * leaf the rows can take that way. */
static gboolean
insert_new_move (TbMoveTree *self, const TbGameNode *node)
{
  const TbGameNode *parent = tb_game_node_get_parent (node);
  Row row = { .node = node };
  guint ply = tb_game_get_ply (self->game);
  int index;

  if (parent == NULL || tb_game_node_get_child (node, 0) || tb_game_node_get_next_sibling (node))
    return FALSE;
  index = new_row_place (self, node, &row.depth);
  if (index < 0)
    return FALSE;
  /* The blocks after it move down; those holding it grow. */
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *r = &g_array_index (self->rows, Row, i);

      if (r->block_end > (guint) index || (r->block_end == (guint) index && holds (r->node, node)))
        r->block_end++;
    }
  if (node != tb_game_node_get_child (parent, 0))
    row.block_end = (guint) index + 1;
  insert_row (self, &row, (guint) index, tb_game_get_position_at (self->game, ply - 1), ply);
  for (guint i = (guint) index; i < self->rows->len; i++)
    g_hash_table_insert (self->row_of, (gpointer) g_array_index (self->rows, Row, i).node,
                         GUINT_TO_POINTER (i + 1));
  if (row.block_end)
    show_fold (self, &g_array_index (self->rows, Row, index), FALSE);
  return TRUE;
}

static void
select_current (TbMoveTree *self)
{
  const TbGameNode *node = tb_game_get_current_node (self->game);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (self->row_of, node));

  /* A move just played: a new row. */
  if (index == 0)
    {
      if (!insert_new_move (self, node))
        rebuild (self);
      index = GPOINTER_TO_UINT (g_hash_table_lookup (self->row_of, node));
    }
  unfold_to (self, node);
  gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, (int) index - 1));
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_selected,
                                                      NULL, NULL);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GLYPH]);
}

static void
on_position_changed (TbMoveTree *self)
{
  select_current (self);
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, TbMoveTree *self)
{
  guint index = (guint) gtk_list_box_row_get_index (row);

  if (self->game && index < self->rows->len)
    tb_game_go_to_node (self->game, g_array_index (self->rows, Row, index).node);
}

GtkWidget *
tb_move_tree_get_row (TbMoveTree *self, const TbGameNode *node)
{
  guint index;

  g_return_val_if_fail (TB_IS_MOVE_TREE (self), NULL);
  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->row_of, node));
  return index ? GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, (int) index - 1)) : NULL;
}

gboolean
tb_move_tree_shows_current (TbMoveTree *self)
{
  GtkWidget *row;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double top;

  g_return_val_if_fail (TB_IS_MOVE_TREE (self), FALSE);

  row = self->game ? tb_move_tree_get_row (self, tb_game_get_current_node (self->game)) : NULL;
  if (row == NULL || !gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)) ||
      !gtk_widget_compute_bounds (row, GTK_WIDGET (self->list), &bounds))
    return FALSE;
  adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  top = gtk_adjustment_get_value (adjustment);
  return bounds.size.height > 0 && bounds.origin.y >= top - 0.5 &&
         bounds.origin.y + bounds.size.height <=
           top + gtk_adjustment_get_page_size (adjustment) + 0.5;
}

/* ---- editing ---- */

static void
edited (TbMoveTree *self)
{
  rebuild (self);
  select_current (self);
  g_signal_emit (self, signals[EDITED], 0);
}

/* The row of the move shown made again (its glyph changed), alone. */
static void
remake_current_row (TbMoveTree *self)
{
  const TbGameNode *node = tb_game_get_current_node (self->game);
  guint ply = tb_game_get_ply (self->game);
  int index = row_index (self, node);
  Row *row = &g_array_index (self->rows, Row, index);
  GtkListBoxRow *list_row = gtk_list_box_get_row_at_index (self->list, index);
  GtkWidget *child = row_child_new (self, row, tb_game_get_position_at (self->game, ply - 1), ply);

  gtk_list_box_row_set_child (list_row, child);
  gtk_accessible_update_property (GTK_ACCESSIBLE (list_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  g_object_get_data (G_OBJECT (child), "name"), -1);
  if (row->fold)
    show_fold (self, row, g_hash_table_contains (self->folded, node));
}

static void
set_glyph (TbMoveTree *self, guint nag)
{
  const TbGameNode *node = tb_game_get_current_node (self->game);

  if (tb_game_node_get_parent (node) == NULL || tb_game_node_get_move_nag (node) == nag)
    return;
  tb_game_set_node_move_nag (self->game, node, nag);
  remake_current_row (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GLYPH]);
  g_signal_emit (self, signals[EDITED], 0);
}

void
tb_move_tree_press_glyph_key (TbMoveTree *self, char key)
{
  g_return_if_fail (TB_IS_MOVE_TREE (self));

  if (self->game)
    set_glyph (self, tb_nag_after_key (tb_game_node_get_move_nag (
                                         tb_game_get_current_node (self->game)),
                                       key));
}

static void
promote_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbMoveTree *self = TB_MOVE_TREE (widget);
  guint old_index;

  if (tb_game_promote_variation (self->game, tb_game_get_current_node (self->game), &old_index))
    edited (self);
}

static void
forget_deleted (TbMoveTree *self)
{
  g_clear_pointer (&self->deleted, tb_game_cut_free);
  if (self->deleted_toast)
    {
      AdwToast *toast = g_steal_pointer (&self->deleted_toast);

      g_signal_handlers_disconnect_by_data (toast, self);
      adw_toast_dismiss (toast);
      g_object_unref (toast);
    }
}

static void
on_undo_delete (AdwToast *toast, TbMoveTree *self)
{
  TbGameCut *cut = g_steal_pointer (&self->deleted);

  g_clear_object (&self->deleted_toast);
  if (cut == NULL || self->game == NULL)
    return;
  tb_game_restore_cut (self->game, cut);
  edited (self);
}

static void
delete_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  TbMoveTree *self = TB_MOVE_TREE (widget);
  const TbGameNode *start = tb_game_node_get_variation_start (
    tb_game_get_current_node (self->game));
  AdwToast *toast;

  if (start == NULL)
    return;
  /* Only the last deletion can be undone: the one before is let go. */
  forget_deleted (self);
  self->deleted = tb_game_cut (self->game, start);
  g_hash_table_remove (self->folded, start);
  edited (self);
  toast = adw_toast_new (_("Variation deleted"));
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect (toast, "button-clicked", G_CALLBACK (on_undo_delete), self);
  self->deleted_toast = g_object_ref (toast);
  tb_toast_show (GTK_WIDGET (self), toast);
}

static void
glyph_key_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_move_tree_press_glyph_key (TB_MOVE_TREE (widget), *g_variant_get_string (parameter, NULL));
}

static void
comment_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_signal_emit (widget, signals[COMMENT_REQUESTED], 0);
}

/* ---- the menu ---- */

static void
open_menu_at_row (TbMoveTree *self, GtkWidget *row)
{
  graphene_rect_t bounds;

  if (row == NULL || !gtk_widget_compute_bounds (row, GTK_WIDGET (self), &bounds))
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu),
                               &(GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                                 (int) bounds.size.width,
                                                 (int) bounds.size.height });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

void
tb_move_tree_open_menu (TbMoveTree *self)
{
  g_return_if_fail (TB_IS_MOVE_TREE (self));

  if (self->game)
    open_menu_at_row (self, tb_move_tree_get_row (self, tb_game_get_current_node (self->game)));
}

static void
menu_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  tb_move_tree_open_menu (TB_MOVE_TREE (widget));
}

/* A right click or a long press on a row: its move, and its menu. */
static void
menu_at (TbMoveTree *self, double y)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list, (int) y);

  if (row == NULL || self->game == NULL)
    return;
  on_row_activated (self->list, row, self);
  open_menu_at_row (self, GTK_WIDGET (row));
}

static void
on_secondary_pressed (GtkGestureClick *click, int n_press, double x, double y, TbMoveTree *self)
{
  menu_at (self, y);
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_long_pressed (GtkGestureLongPress *press, double x, double y, TbMoveTree *self)
{
  menu_at (self, y);
}

static GMenuModel *
menu_model_new (void)
{
  static const struct
  {
    const char *label;
    int nag;
  } glyphs[] = {
    { N_("Good Move (!)"), 1 },        { N_("Mistake (?)"), 2 },
    { N_("Very Good Move (!!)"), 3 },  { N_("Blunder (?\?)"), 4 },
    { N_("Interesting Move (!?)"), 5 }, { N_("Inaccuracy (?!)"), 6 },
    { N_("No Annotation"), 0 },
  };
  GMenu *menu = g_menu_new ();
  g_autoptr (GMenu) edit = g_menu_new ();
  g_autoptr (GMenu) marks = g_menu_new ();
  g_autoptr (GMenu) comment = g_menu_new ();

  g_menu_append (edit, _("_Promote Variation"), "move.promote");
  g_menu_append (edit, _("_Delete Variation"), "move.delete");
  for (guint i = 0; i < G_N_ELEMENTS (glyphs); i++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_(glyphs[i].label), NULL);

      g_menu_item_set_action_and_target_value (item, "move.glyph",
                                               g_variant_new_int32 (glyphs[i].nag));
      g_menu_append_item (marks, item);
    }
  g_menu_append (comment, _("_Comment…"), "move.comment");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (marks));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (comment));
  return G_MENU_MODEL (menu);
}

/* ---- the widget ---- */

void
tb_move_tree_refresh (TbMoveTree *self)
{
  g_return_if_fail (TB_IS_MOVE_TREE (self));

  rebuild (self);
  if (self->game)
    select_current (self);
}

void
tb_move_tree_set_game (TbMoveTree *self, TbGame *game)
{
  g_return_if_fail (TB_IS_MOVE_TREE (self));
  g_return_if_fail (game == NULL || TB_IS_GAME (game));

  forget_deleted (self);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_hash_table_remove_all (self->folded);
  if (game)
    g_signal_connect_swapped (game, "position-changed", G_CALLBACK (on_position_changed), self);
  tb_move_tree_refresh (self);
  update_actions (self);
}

static void
tb_move_tree_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbMoveTree *self = TB_MOVE_TREE (object);

  switch (prop_id)
    {
    case PROP_GLYPH:
      g_value_set_int (value, self->game ? (int) tb_game_node_get_move_nag (
                                             tb_game_get_current_node (self->game))
                                         : 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_move_tree_set_property (GObject *object, guint prop_id, const GValue *value,
                           GParamSpec *pspec)
{
  TbMoveTree *self = TB_MOVE_TREE (object);

  switch (prop_id)
    {
    case PROP_GLYPH:
      if (self->game)
        set_glyph (self, (guint) g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_move_tree_dispose (GObject *object)
{
  TbMoveTree *self = TB_MOVE_TREE (object);

  tb_move_tree_set_game (self, NULL);
  if (self->scroll_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  if (self->scroller)
    gtk_widget_unparent (GTK_WIDGET (self->scroller));
  self->scroller = NULL;
  G_OBJECT_CLASS (tb_move_tree_parent_class)->dispose (object);
}

static void
tb_move_tree_finalize (GObject *object)
{
  TbMoveTree *self = TB_MOVE_TREE (object);

  g_array_unref (self->rows);
  g_hash_table_unref (self->row_of);
  g_hash_table_unref (self->folded);
  G_OBJECT_CLASS (tb_move_tree_parent_class)->finalize (object);
}

static void
tb_move_tree_class_init (TbMoveTreeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tb_move_tree_dispose;
  object_class->finalize = tb_move_tree_finalize;
  object_class->get_property = tb_move_tree_get_property;
  object_class->set_property = tb_move_tree_set_property;
  /* The glyph of the move shown (0: none), for the menu's radio items. */
  props[PROP_GLYPH] = g_param_spec_int ("glyph", NULL, NULL, 0, 6, 0,
                                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                          G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[COMMENT_REQUESTED] = g_signal_new ("comment-requested", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movetree");

  gtk_widget_class_install_action (widget_class, "move.promote", NULL, promote_action);
  gtk_widget_class_install_action (widget_class, "move.delete", NULL, delete_action);
  gtk_widget_class_install_property_action (widget_class, "move.glyph", "glyph");
  gtk_widget_class_install_action (widget_class, "move.glyph-key", "s", glyph_key_action);
  gtk_widget_class_install_action (widget_class, "move.comment", NULL, comment_action);
  gtk_widget_class_install_action (widget_class, "move.menu", NULL, menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_exclam, 0, "move.glyph-key", "s",
                                       "!");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, 0, "move.glyph-key",
                                       "s", "?");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "move.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "move.menu",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "move.delete", NULL);
}

static void
tb_move_tree_init (TbMoveTree *self)
{
  g_autoptr (GMenuModel) model = menu_model_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *press = gtk_gesture_long_press_new ();

  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  self->row_of = g_hash_table_new (NULL, NULL);
  self->folded = g_hash_table_new (NULL, NULL);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "move-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Moves"), -1);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (press), TRUE);
  g_signal_connect (press, "pressed", G_CALLBACK (on_long_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (press));

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->list));
  gtk_widget_set_parent (GTK_WIDGET (self->scroller), GTK_WIDGET (self));
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  self->menu = gtk_popover_menu_new_from_model (model);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
  update_actions (self);
}
