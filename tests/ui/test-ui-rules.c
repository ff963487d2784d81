/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-rules.c: the Rules window and the Preferences window, under a
 * display.  The rules open from the picker's Rules buttons, from F1 on the
 * game being played and from the primary menu, in the interface's
 * language; an example board plays the move it is about, explains a
 * refused move, and starts again; every game's page shows, with the rules
 * in brief and its contents on top, every board naming its cells, and its
 * sections reachable from the sidebar, wide and at 360 px.  Preferences
 * change the settings they show, and a new language offers a restart.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tb-board-view.h"
#include "tb-preferences-window.h"
#include "tb-rules-example.h"
#include "tb-rules-window.h"
#include "ui-test-util.h"

static const char *
expected_lang (void)
{
  return g_strcmp0 (g_getenv ("TABLIER_TEST_LANGUAGE"), "fr") == 0 ? "fr" : "en";
}

static gboolean
rules_window_shown (gpointer data)
{
  TbRulesWindow *window = TB_RULES_WINDOW (find_toplevel (TB_TYPE_RULES_WINDOW));

  return window && gtk_widget_get_mapped (GTK_WIDGET (window)) &&
         tb_rules_window_get_page (window) != NULL;
}

static TbRulesWindow *
wait_for_rules (void)
{
  iterate_until (rules_window_shown, NULL, 5000);
  return TB_RULES_WINDOW (find_toplevel (TB_TYPE_RULES_WINDOW));
}

/* The examples of the page shown, in order. */
static void
collect_examples (GtkWidget *widget, GPtrArray *out)
{
  if (TB_IS_RULES_EXAMPLE (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_examples (c, out);
}

/* Every board of the page (examples and figures), in order. */
static void
collect_boards (GtkWidget *widget, GPtrArray *out)
{
  if (TB_IS_BOARD_VIEW (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_boards (c, out);
}

static GtkWidget *
find_label (GtkWidget *widget, const char *css_class, const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, css_class, text);

      if (found)
        return found;
    }
  return NULL;
}

/* The sidebar's row of a section of the page shown, activated as a
 * click would; then the section's heading is at the top of the view. */
static void
go_to_section (TbRulesWindow *window, const char *id)
{
  const TbRulesPage *page = tb_rules_window_get_page (window);
  GtkListBox *sidebar = GTK_LIST_BOX (find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_BOX));
  GtkWidget *scroller = gtk_widget_get_ancestor (find_with_class (GTK_WIDGET (window), "rules-page"),
                                                 GTK_TYPE_SCROLLED_WINDOW);
  GtkListBoxRow *row = NULL;
  GtkWidget *heading = NULL;
  graphene_point_t top;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (sidebar, i)); i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "section"), id) == 0)
      break;
  g_assert_nonnull (row);
  for (guint s = 0; s < page->sections->len && heading == NULL; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];

      if (strcmp (section->id, id) == 0)
        heading = find_label (GTK_WIDGET (window), "title-2", section->title);
    }
  g_assert_nonnull (heading);
  g_signal_emit_by_name (sidebar, "row-activated", row);
  wait_until_settled (GTK_WIDGET (window));
  g_assert_true (gtk_widget_is_drawable (heading));
  g_assert_true (gtk_widget_compute_point (heading, scroller, &GRAPHENE_POINT_INIT (0, 0), &top));
  if (top.y < -1 || top.y > 60)
    g_error ("section %s: its heading is %g px from the top of the view", id, top.y);
}

/* The page opens on the rules in brief and its contents, and every board
 * on it names its cells, whatever the coordinates preference. */
static void
check_page_teaches (TbRulesWindow *window)
{
  g_autoptr (GPtrArray) boards = g_ptr_array_new ();
  const TbRulesPage *page = tb_rules_window_get_page (window);
  GtkWidget *brief = find_with_class (GTK_WIDGET (window), "rules-brief");
  GtkWidget *contents = find_with_class (GTK_WIDGET (window), "rules-contents");
  GtkWidget *figure = find_with_class (GTK_WIDGET (window), "rules-figure");
  guint n_examples = 0, n_start_figures = 0;

  g_assert_nonnull (brief);
  g_assert_nonnull (contents);
  g_assert_nonnull (figure);
  for (guint s = 0; s < page->sections->len; s++)
    {
      TbRulesSection *section = page->sections->pdata[s];

      for (guint b = 0; b < section->blocks->len; b++)
        {
          TbRulesBlock *block = section->blocks->pdata[b];

          n_examples += block->kind == TB_RULES_BLOCK_EXAMPLE;
          n_start_figures += block->kind == TB_RULES_BLOCK_FIGURE &&
                             block->figure == TB_RULES_FIGURE_START;
        }
    }
  collect_boards (GTK_WIDGET (window), boards);
  g_assert_cmpuint (boards->len, ==, n_examples + n_start_figures);
  for (guint i = 0; i < boards->len; i++)
    g_assert_true (tb_board_view_get_show_coordinates (boards->pdata[i]));
}

static void
click_example_cell (TbRulesExample *example, const char *name)
{
  TbBoardView *board = TB_BOARD_VIEW (tb_rules_example_get_board (example));
  TbGame *game = tb_rules_example_get_game (example);
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (board));
  GObject *click = NULL;
  int cell = tb_board_desc_find_cell (&tb_game_get_variant (game)->board, name);
  double x, y;

  g_assert_cmpint (cell, >=, 0);
  g_assert_true (tb_board_view_get_cell_center (board, cell, &x, &y));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY)
        click = controller;
    }
  g_assert_nonnull (click);
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  g_signal_emit_by_name (click, "released", 1, x, y);
  g_main_context_iteration (NULL, FALSE);
}

/* The cells of a plain FROM-TO token ("d5-e4", "1e9-e6" without the
 * count). */
static gboolean
token_cells (const char *token, char from[8], char to[8])
{
  const char *dash = strchr (token, '-');

  while (g_ascii_isdigit (*token))
    token++;
  if (dash == NULL || strchr (dash + 1, '-') || strchr (token, ':') || strchr (token, '=') ||
      dash - token >= 8 || strlen (dash + 1) >= 8)
    return FALSE;
  g_strlcpy (from, token, (gsize) (dash - token) + 1);
  g_strlcpy (to, dash + 1, 8);
  return TRUE;
}

/* Show Me plays the example's move and says what it did; Start Again
 * sets the position up anew; a refused move is explained. */
static void
try_examples (TbRulesWindow *window)
{
  g_autoptr (GPtrArray) examples = g_ptr_array_new ();
  guint explained = 0, tried = 0;

  collect_examples (GTK_WIDGET (window), examples);
  g_assert_cmpuint (examples->len, >=, 6);
  for (guint i = 0; i < examples->len; i++)
    {
      TbRulesExample *example = examples->pdata[i];
      TbGame *game = tb_rules_example_get_game (example);
      guint ply = tb_game_get_ply (game);
      const TbRulesBlock *block = NULL;
      const TbRulesPage *page = tb_rules_window_get_page (window);
      char from[8], to[8];

      g_assert_nonnull (game);
      g_assert_cmpstr (tb_rules_example_get_status (example), ==, "");
      tb_rules_example_show_move (example);
      g_assert_cmpuint (tb_game_get_ply (tb_rules_example_get_game (example)), ==, ply + 1);
      g_assert_cmpuint (strlen (tb_rules_example_get_status (example)), >, 5);
      tb_rules_example_restart (example);
      g_assert_cmpuint (tb_game_get_ply (tb_rules_example_get_game (example)), ==, ply);
      g_assert_cmpstr (tb_rules_example_get_status (example), ==, "");

      /* The refused move, tried with the mouse. */
      wait_for_paint (GTK_WIDGET (example));
      for (guint s = 0, n = 0; s < page->sections->len && block == NULL; s++)
        {
          TbRulesSection *section = page->sections->pdata[s];

          for (guint b = 0; b < section->blocks->len && block == NULL; b++)
            {
              TbRulesBlock *candidate = section->blocks->pdata[b];

              if (candidate->kind == TB_RULES_BLOCK_EXAMPLE && n++ == i)
                block = candidate;
            }
        }
      g_assert_nonnull (block);
      if (block->illegal_move && token_cells (block->illegal_move, from, to))
        {
          tried++;
          click_example_cell (example, from);
          /* RA's kFROM-TO: the amount chosen as on the window's buttons. */
          if (g_ascii_isdigit (block->illegal_move[0]))
            tb_move_picker_set_move_amount (tb_board_view_get_picker (TB_BOARD_VIEW (tb_rules_example_get_board (example))), (guint) (block->illegal_move[0] - '0'));
          click_example_cell (example, to);
          if (strlen (tb_rules_example_get_status (example)) > 10 &&
              tb_game_get_ply (tb_rules_example_get_game (example)) == ply)
            explained++;
          tb_rules_example_restart (example);
        }
    }
  /* Every refused move written FROM-TO is explained when tried. */
  g_test_message ("%u of %u refused moves explained", explained, tried);
  g_assert_cmpuint (explained, ==, tried);
}

static void
scroll_to_top (TbRulesWindow *window)
{
  GtkWidget *page = find_with_class (GTK_WIDGET (window), "rules-page");
  GtkWidget *scroller = gtk_widget_get_ancestor (page, GTK_TYPE_SCROLLED_WINDOW);

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                            0);
  wait_until_settled (GTK_WIDGET (window));
}

/* The first example with its move played, in view, for the screenshot. */
static void
show_first_example (TbRulesWindow *window, const char *name)
{
  g_autoptr (GPtrArray) examples = g_ptr_array_new ();
  g_autofree char *shot = g_strdup_printf ("%s-example", name);
  GtkWidget *scroller;
  graphene_point_t top;

  /* From the top: the viewport's coordinates move with the scrolling. */
  scroll_to_top (window);
  collect_examples (GTK_WIDGET (window), examples);
  scroller = gtk_widget_get_ancestor (examples->pdata[0], GTK_TYPE_SCROLLED_WINDOW);
  tb_rules_example_show_move (examples->pdata[0]);
  g_assert_true (gtk_widget_compute_point (examples->pdata[0], gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)),
                                           &GRAPHENE_POINT_INIT (0, 0), &top));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                            top.y - 60);
  iterate_for (1200);
  save_screenshot (GTK_WIDGET (window), shot);
  tb_rules_example_restart (examples->pdata[0]);
}

/* The drawings that are no board (Retournement's pieces, Oraïa's
 * lines), in view, for the screenshot. */
static void
show_drawings (GtkWidget *widget, TbRulesWindow *window, const char *name)
{
  if (gtk_widget_has_css_class (widget, "rules-figure") &&
      find_descendant (widget, TB_TYPE_BOARD_VIEW) == NULL)
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
      g_autofree char *shot = g_strdup_printf ("%s-figure", name);
      graphene_point_t top;

      scroll_to_top (window);
      g_assert_true (gtk_widget_compute_point (widget, gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)),
                                               &GRAPHENE_POINT_INIT (0, 0), &top));
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                                top.y - 12);
      iterate_for (300);
      save_screenshot (GTK_WIDGET (window), shot);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    show_drawings (c, window, name);
}

/* The page at 1400 px and at 360 px: its top (the brief box and the
 * contents), its Material and Setup sections reached from the sidebar
 * (the start drawn), and with TABLIER_TEST_GALLERY set, its first
 * example played and its drawings. */
static void
shoot_page (TbRulesWindow *window, const char *name)
{
  static const struct
  {
    int width, height;
    const char *suffix;
  } sizes[] = { { 1400, 900, "1400" }, { 360, 720, "360" } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autofree char *top = g_strdup_printf ("%s-%s", name, sizes[s].suffix);
      g_autofree char *setup = g_strdup_printf ("%s-%s-setup", name, sizes[s].suffix);
      g_autofree char *material = g_strdup_printf ("%s-%s-material", name, sizes[s].suffix);

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[s].width, sizes[s].height);
      /* The sidebar folds or unfolds with an animation. */
      wait_until_settled (GTK_WIDGET (window));
      scroll_to_top (window);
      save_screenshot (GTK_WIDGET (window), top);
      go_to_section (window, "material");
      save_screenshot (GTK_WIDGET (window), material);
      go_to_section (window, "setup");
      save_screenshot (GTK_WIDGET (window), setup);
      /* The played example and each drawing, a few seconds a page: for
       * whoever looks at the pages (TABLIER_TEST_GALLERY=1), not at every
       * run (try_examples has played every example already). */
      if (g_getenv ("TABLIER_TEST_GALLERY"))
        {
          show_first_example (window, top);
          show_drawings (GTK_WIDGET (window), window, top);
        }
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 980, 760);
  wait_until_settled (GTK_WIDGET (window));
}

/* The Rules button of a game's card on the picker. */
static GtkWidget *
find_rules_button (GtkWidget *widget, const char *ruleset)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.show-rules") == 0)
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

      if (target && g_strcmp0 (g_variant_get_string (target, NULL), ruleset) == 0)
        return widget;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_rules_button (c, ruleset);

      if (found)
        return found;
    }
  return NULL;
}

static void
test_rules_from_picker (Fixture *f, gconstpointer data)
{
  GtkWidget *button = find_rules_button (GTK_WIDGET (f->window), "versus-61");
  TbRulesWindow *window;
  const TbRulesPage *page;

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_visible (button));
  g_signal_emit_by_name (button, "clicked");
  window = wait_for_rules ();
  page = tb_rules_window_get_page (window);
  g_assert_cmpstr (page->ruleset, ==, "versus-61");
  g_assert_cmpstr (page->lang, ==, expected_lang ());
  try_examples (window);
  scroll_to_top (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  save_screenshot (GTK_WIDGET (window), "rules-versus-61-wide");
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  /* The sidebar folds away with an animation. */
  wait_until_settled (GTK_WIDGET (window));
  save_screenshot (GTK_WIDGET (window), "rules-versus-61-narrow");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F1 on a game: that game's rules. */
static void
test_f1_on_game (Fixture *f, gconstpointer data)
{
  const char *action = NULL;
  TbRulesWindow *window;

  start_from_dialog (f, "ra", 1);
  g_assert_true (activate_key_binding (GTK_WIDGET (f->window), GDK_KEY_F1, 0, &action));
  g_assert_cmpstr (action, ==, "win.show-rules");
  window = wait_for_rules ();
  g_assert_cmpstr (tb_rules_window_get_page (window)->ruleset, ==, "ra");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every game's page shows and its examples work, in light and dark. */
static void
test_every_game (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data;
  guint n;
  const TbRules *const *all = tb_rules_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("rules-%s-%s", tb_rules_get_id (all[i]),
                                               setup->dark ? "dark" : "light");
      TbRulesWindow *window;

      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-rules", "s",
                                  tb_rules_get_id (all[i]));
      window = wait_for_rules ();
      g_assert_cmpstr (tb_rules_window_get_page (window)->ruleset, ==, tb_rules_get_id (all[i]));
      check_page_teaches (window);
      try_examples (window);
      shoot_page (window, name);
    }
  gtk_window_destroy (GTK_WINDOW (find_toplevel (TB_TYPE_RULES_WINDOW)));
}

static gboolean
dialog_shown (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* The preferences change the settings; a new language offers a restart. */
static void
test_preferences (Fixture *f, gconstpointer data)
{
  const WindowSetup *setup = data ? data : &wide_light;
  GSettings *settings = tb_context_get_settings (f->context);
  TbPreferencesWindow *window;
  AdwComboRow *language, *style;
  AdwMessageDialog *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "preferences", NULL);
  iterate_for (100);
  window = TB_PREFERENCES_WINDOW (find_toplevel (TB_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull (window);
  save_screenshot (GTK_WIDGET (window), setup->dark ? "preferences-dark" : "preferences");
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (window), "playing");
  save_screenshot (GTK_WIDGET (window), setup->dark ? "preferences-playing-dark"
                                                    : "preferences-playing");

  /* The rows show the settings and change them. */
  language = ADW_COMBO_ROW (find_descendant (GTK_WIDGET (window), ADW_TYPE_COMBO_ROW));
  style = ADW_COMBO_ROW (gtk_widget_get_next_sibling (GTK_WIDGET (language)));
  g_assert_true (ADW_IS_COMBO_ROW (style));
  g_settings_set_string (settings, "color-scheme", "dark");
  g_assert_cmpuint (adw_combo_row_get_selected (style), ==, 2);
  adw_combo_row_set_selected (style, 1);
  g_assert_cmpstr (g_settings_get_string (settings, "color-scheme"), ==, "light");
  g_settings_reset (settings, "color-scheme");

  g_assert_cmpuint (adw_combo_row_get_selected (language), ==, 0);
  adw_combo_row_set_selected (language, 2);
  g_assert_cmpstr (g_settings_get_string (settings, "language"), ==, "fr");
  iterate_until (dialog_shown, NULL, 3000);
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  save_screenshot (GTK_WIDGET (dialog), "preferences-restart");
  adw_message_dialog_response (dialog, "later");
  g_assert_false (tb_application_wants_restart (f->app));
  g_settings_reset (settings, "language");
  iterate_for (100);
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  if (dialog)
    gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  ADD_SETUP ("/ui/rules/from-picker", picker_light, test_rules_from_picker);
  ADD ("/ui/rules/f1-on-game", test_f1_on_game);
  ADD_SETUP ("/ui/rules/every-game/light", picker_light, test_every_game);
  ADD_SETUP ("/ui/rules/every-game/dark", picker_dark, test_every_game);
  ADD_SETUP ("/ui/rules/preferences/light", wide_light, test_preferences);
  ADD_SETUP ("/ui/rules/preferences/dark", wide_dark, test_preferences);

  return ui_test_run ();
}
