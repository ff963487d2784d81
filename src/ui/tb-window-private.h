/* tb-window-private.h: the play window's parts, shared by the files that
 * make it up (tb-window.c, tb-window-review.c) */
#pragma once

#include <adwaita.h>

#include "tb-board-view.h"
#include "tb-computer-player.h"
#include "tb-context.h"
#include "tb-game-picker.h"
#include "tb-history-view.h"
#include "tb-match.h"
#include "tb-move-entry.h"
#include "tb-replay-view.h"
#include "tb-seat-row.h"
#include "tb-window.h"

G_BEGIN_DECLS

struct _TbWindow
{
  AdwApplicationWindow parent_instance;

  TbContext *context;
  TbGame *game;
  TbMatch *match;           /* when the game is one of a match (RA) */
  TbComputerPlayer *computer;  /* plays the seats the computer holds */
  GCancellable *hint_cancellable;
  gboolean end_announced;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkStack *pages;
  TbGamePicker *picker;
  AdwFlap *flap;
  AdwToastOverlay *toast_overlay;
  TbBoardView *board_view;
  GtkListBox *seats_box;
  GtkLabel *status_label;
  GtkLabel *match_label;
  GtkRevealer *amount_revealer;
  GtkRevealer *pass_revealer;
  GtkRevealer *turn_revealer;
  GtkRevealer *piece_revealer;
  GtkLabel *piece_label;
  GtkLabel *pass_label;
  GtkToggleButton *amount_buttons[3];
  GtkListBox *moves_list;
  GtkScrolledWindow *moves_scroller;
  GtkRevealer *look_revealer;
  GtkLabel *look_label;
  GtkRevealer *confirm_revealer;
  GtkLabel *confirm_label;
  GtkWidget *confirm_button;
  TbMoveEntry *move_entry;
  GtkWidget *header_undo;
  GtkWidget *header_redo;
  GtkActionBar *narrow_bar;
  guint fold_idle;

  TbSeatRow *seat_rows[2];

  gint64 game_id;            /* the game's row in the store; 0 when not kept */
  TbHistoryView *history_view;
  TbReplayView *replay_view;
  TbGame *deleted_game;      /* for the Undo of its toast */
  GCancellable *import_cancellable;   /* an import runs */
  AdwMessageDialog *import_dialog;
  GtkProgressBar *import_bar;
  gboolean save_failed;      /* said once, not at every move */
  struct _TbRulesWindow *rules_window;  /* while it is open */
  struct _TbPlayersWindow *players_window;
  AdwToast *record_toast;    /* "Send the record to …", while shown */
};

/* tb-window-review.c: looking back at earlier moves, and moves proposed
 * for confirmation.  Installs its template parts, callbacks and actions. */
void tb_window_review_class_init (GtkWidgetClass *widget_class);
/* Plays a move chosen on the board, or proposes it when moves are
 * confirmed. */
void tb_window_review_move_chosen (TbWindow *self, TbMove move);
/* The game's position changed: any look back ends. */
void tb_window_review_position_changed (TbWindow *self);
/* The move list's row for ply was activated. */
void tb_window_review_row_activated (TbWindow *self, guint ply);
gboolean tb_window_is_looking_back (TbWindow *self);

void tb_window_update_controls (TbWindow *self);
/* Plays on a stored game (id) where it stands. */
void tb_window_resume_game (TbWindow *self, TbGame *game, gint64 id);
/* The game's actions, enabled on the play page only. */
void tb_window_update_actions (TbWindow *self);
/* Leaving the play page: the computer stops thinking. */
void tb_window_leave_play (TbWindow *self);

/* tb-window-history.c: the History and replay pages, import, export. */
void tb_window_history_class_init (GtkWidgetClass *widget_class);
void tb_window_history_init (TbWindow *self);
void tb_window_history_set_store (TbWindow *self, TbStore *store);
void tb_window_history_dispose (TbWindow *self);
void tb_window_show_toast (TbWindow *self, const char *text);
/* Asks where to save the games ids (taken) as one TGN file, name offered. */
void tb_window_choose_export_file (TbWindow *self, GArray *ids, const char *name);

/* tb-window-correspondence.c: games played by exchanging records. */
void tb_window_correspondence_class_init (GtkWidgetClass *widget_class);
gboolean tb_window_is_correspondence (TbWindow *self);
/* A move was played: the record to send is offered. */
void tb_window_correspondence_move_played (TbWindow *self);
/* The offer to send the record goes (the other player's move came). */
void tb_window_correspondence_withdraw_offer (TbWindow *self);

/* tb-window-help.c: the rules of the game at hand (win.show-rules, F1). */
void tb_window_help_class_init (GtkWidgetClass *widget_class);

G_END_DECLS
