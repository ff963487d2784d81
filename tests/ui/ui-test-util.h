/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.h: what the display tests share */
#pragma once

#include <adwaita.h>

#include "tb-application.h"
#include "tb-test-util.h"
#include "tb-window.h"

G_BEGIN_DECLS

extern TbApplication *test_app;

typedef struct
{
  TbApplication *app;
  TbContext *context;
  TbWindow *window;
} Fixture;

/* How a test wants its window: colour scheme and size. */
typedef struct
{
  gboolean dark;
  int width;
  int height;
  gboolean picker;     /* stay on the start screen instead of a Versus game */
} WindowSetup;

extern const WindowSetup wide_light, wide_dark, narrow_dark, narrow_light, large_light, large_dark;
extern const WindowSetup picker_light, picker_dark, picker_narrow, picker_large_dark;

/* Sets up the language, the display and the application; FALSE (after
 * printing a TAP skip) when there is no display or no French locale. */
gboolean ui_test_init (int *argc, char ***argv);
int ui_test_run (void);

void fixture_set_up (Fixture *f, gconstpointer data);
/* A test on the usual window (Versus 61, wide and light) or on another. */
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
#define ADD_SETUP(path, setup, func) \
  g_test_add (path, Fixture, &setup, fixture_set_up, func, fixture_tear_down)
void fixture_tear_down (Fixture *f, gconstpointer data);

/* The parts of the window a test looks at. */
TbSession *test_session (TbWindow *window);
TbGame *test_game (TbWindow *window);
TbMatch *test_match (TbWindow *window);
GtkWidget *test_play_page (TbWindow *window);
TbBoardView *test_board_view (TbWindow *window);
TbMovePicker *test_picker (TbWindow *window);
/* The controls under the board (bars.* actions). */
GtkWidget *test_bars (TbWindow *window);
GtkWidget *test_history_page (TbWindow *window);
/* What the status line under the players says now. */
const char *test_status_text (TbWindow *window);
/* Waits until every store job asked for so far has run (and the
 * session's saves are written), the database first opened. */
void wait_for_store (TbWindow *window);
/* Waits until the context's database (tb_context_new_for_user) is open. */
void wait_for_opened (TbContext *context);

void iterate_until (gboolean (*done) (gpointer), gpointer data, guint timeout_ms);
void iterate_for (guint ms);
gboolean not_animating (gpointer data);
void wait_for_paint (GtkWidget *widget);
/* Waits until nothing under root has moved or changed size for a few
 * frames: an animation, a scroll or a resize is over. */
void wait_until_settled (GtkWidget *root);
/* Saves a PNG of widget under the build directory's screenshots/. */
void save_screenshot (GtkWidget *widget, const char *name);
/* "PREFIX-narrow-dark" (360 px), "-wide-" (1000) or "-large-" (1400): a screenshot's name for a setup
 * (prefix NULL: "narrow-dark"). */
char *shot_name (const WindowSetup *setup, const char *prefix);
GtkWindow *find_toplevel (GType type);
/* The first widget of widget's tree (itself included, depth first) that
 * matches (widget, data), or NULL. */
GtkWidget *find_widget (GtkWidget *widget, gboolean (*matches) (GtkWidget *, gconstpointer),
                        gconstpointer data);
/* The first widget of type in widget's tree (itself included), or NULL. */
GtkWidget *find_descendant (GtkWidget *widget, GType type);
/* The vertical adjustment of the scrolled window of a column view under
 * widget (a history list). */
GtkAdjustment *find_list_adjustment (GtkWidget *widget);
/* The first widget of that name (GtkWidget:name), or NULL. */
GtkWidget *find_named (GtkWidget *widget, const char *name);
/* The first widget under widget with a CSS class, or NULL. */
GtkWidget *find_with_class (GtkWidget *widget, const char *css_class);
void wait_for_pages_settled (TbWindow *window);
GObject *find_controller (GtkWidget *widget, GType type);

/* Clicks at the centre of a cell with the board's own click gesture. */
void click_cell (Fixture *f, const char *name);
/* A click at the centre of a cell of another board than the play page's
 * (the practice's, the replay's). */
void click_cell_of (TbBoardView *view, const char *name);
/* A press and release of button (1 or 3) at (x, y) on the board. */
void click_at (Fixture *f, double x, double y, guint button);
/* The pointer moves to (x, y) over the board. */
void move_pointer (Fixture *f, double x, double y);
/* Where a cell's centre is on the board widget. */
gboolean cell_center (Fixture *f, const char *name, double *x, double *y);
void press_key (Fixture *f, guint keyval);
/* A key pressed over the board with modifiers (Shift: GDK_SHIFT_MASK). */
void press_key_with (Fixture *f, guint keyval, GdkModifierType state);
void scroll_board (Fixture *f, double dy);

/* A new game through the New Game dialog, or a set-up position. */
TbGame *start_from_dialog (Fixture *f, const char *ruleset, guint starter);
TbGame *show_position (Fixture *f, const char *ruleset, const char *text);
/* A game of ruleset of up to plies random moves (fewer if it ends), the
 * same for a seed. */
TbGame *random_game (const char *ruleset, guint plies, guint seed);
/* A window of its own, of setup's size, with in-memory settings, on the
 * database at path (a connection of its own, for the store jobs), showing
 * game (stored there as id, read through store) in the replay.  Its
 * settings: tb_context_get_settings (tb_window_get_context (window)). */
TbWindow *replay_window (Fixture *f, const WindowSetup *setup, const char *path, TbStore *store,
                         gint64 id, TbGame *game);

/* Activates what widget's own shortcuts (its class's bindings) do for a
 * key, as a key press no focused child took would; FALSE when none does.
 * *action_name gets the action's name when it is a named one. */
gboolean activate_key_binding (GtkWidget *widget, guint keyval, GdkModifierType modifiers,
                               const char **action_name);

/* Answers the message dialog open now, as its button would, and waits
 * until it is gone (the end of a game may open another). */
void answer_dialog (const char *response_id);

G_END_DECLS
