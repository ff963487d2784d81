/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-board-desc.h: what a ruleset tells the board widget to draw
 *
 * Plain data in board units (y grows downward).  The widget scales it to
 * its allocation; the same description serves the play view, replays,
 * thumbnails and the live boards of the rules help.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TB_MAX_CELLS 192
#define TB_MAX_LINES 64
#define TB_MAX_PIECES 192
#define TB_CELL_NAME_LEN 8
#define TB_MAX_SHAPES 16
#define TB_MAX_SHAPE_TURNS 4
#define TB_MAX_SHAPE_CELLS 5

typedef enum
{
  TB_CELL_HEX,     /* pointy-top hexagon, size = circumradius */
  TB_CELL_SQUARE,  /* size = side */
  TB_CELL_ROUND,   /* a hole, size = radius */
} TbCellShape;

typedef enum
{
  TB_MARK_TARGET = 1 << 0,      /* Versus target cell */
  TB_MARK_HOME_SEAT1 = 1 << 1,  /* a start cell of seat 1 (drawn subtly) */
  TB_MARK_HOME_SEAT2 = 1 << 2,
  TB_MARK_RA_SEAT1 = 1 << 3,    /* the RA cell of seat 1 */
  TB_MARK_RA_SEAT2 = 1 << 4,
  TB_MARK_DISC = 1 << 5,        /* turns with the disc (Oraïa) */
  TB_MARK_CENTRE = 1 << 6,      /* the centre where pawns charge */
} TbCellMarks;

typedef struct
{
  float x;
  float y;
  guint16 marks;
  char name[TB_CELL_NAME_LEN];
} TbCellDesc;

/* The shape of the board under the cells. */
typedef enum
{
  TB_OUTLINE_NONE,
  TB_OUTLINE_ROUND,    /* Versus: a round wooden board */
  TB_OUTLINE_HEX,
  TB_OUTLINE_SQUARE,
  TB_OUTLINE_CROWN,    /* Oraïa: a green crown around a turning disc */
} TbBoardOutline;

/* A line drawn between two cells' centres. */
typedef enum
{
  TB_LINE_STRAIGHT,
  TB_LINE_ARC,         /* along the circle about the board's centre */
  TB_LINE_CURVE,       /* a gentle curve (a spiral arm) */
} TbLineKind;

typedef struct
{
  gint16 a;
  gint16 b;
  guint8 kind;         /* TbLineKind */
} TbLineDesc;

/* A piece players lay on a grid board from their hand (Retournement): its
 * cells in each orientation, a quarter turn clockwise from one to the
 * next, with (0, 0) the top-left corner of the orientation's box. */
typedef struct
{
  char code[4];        /* "V3": the piece in move tokens */
  const char *name;    /* N_("V-tromino") */
  guint8 value;
  guint8 n_turns;      /* distinct orientations: 1, 2 or 4 */
  guint8 n_cells;
  gint8 cells[TB_MAX_SHAPE_TURNS][TB_MAX_SHAPE_CELLS][2];  /* (row, column) */
} TbShapeDesc;

typedef struct
{
  TbCellShape cell_shape;
  TbBoardOutline outline;
  float cell_size;
  float hit_radius;    /* how far from its centre a click finds a cell; 0: about cell_size */
  float min_x, min_y, max_x, max_y;  /* bounds of every cell's outline */
  /* A grid board (Retournement): cell row * cols + col stands at (col, row)
   * board units; 0 otherwise. */
  guint rows, cols;
  guint n_cells;
  TbCellDesc cells[TB_MAX_CELLS];
  guint n_lines;
  TbLineDesc lines[TB_MAX_LINES];
  /* Colour hints ("#rrggbb"): each seat's colour; the board, the lines
   * between cells, and marked (target) cells. */
  const char *seat_colors[2];
  const char *board_color;
  const char *line_color;
  const char *mark_color;
  /* The pieces each player holds at the start, when players lay pieces. */
  guint n_shapes;
  TbShapeDesc shapes[TB_MAX_SHAPES];
} TbBoardDesc;

typedef enum
{
  TB_PIECE_PAWN,    /* a round pawn, maybe with portions */
  TB_PIECE_VERSUS,  /* the tetrahedron of Versus */
  TB_PIECE_STACK,   /* an RA stack */
  TB_PIECE_TILE,    /* one square of a laid piece (Retournement); its group says which */
} TbPieceKind;

typedef enum
{
  TB_PIECE_FROZEN = 1 << 0,   /* on a target: nobody may move it or act on it */
  TB_PIECE_CHARGED = 1 << 1,  /* Oraïa: turned over at the centre */
  TB_PIECE_LOCKED = 1 << 2,   /* Retournement: its colour can no longer change */
  TB_PIECE_LABEL = 1 << 3,    /* the tile of a laid piece that shows its value */
} TbPieceFlags;

typedef struct
{
  gint16 cell;
  guint8 kind;          /* TbPieceKind */
  guint8 owner;         /* the seat whose colour the piece shows: 1 or 2 */
  guint8 portions;      /* portions in seat 1's colour (Versus pawns) */
  guint8 n_portions;    /* 0 when the piece has no portions */
  guint8 value;         /* what it is worth to its owner, shown on it */
  guint8 height;        /* stack height; 1 otherwise */
  guint16 flags;        /* TbPieceFlags */
  guint8 group;         /* tiles: 1 + the index of the piece they belong to; else 0 */
  guint8 shape;         /* tiles: the index of the piece's shape in the board's shapes */
} TbPieceDesc;

int tb_board_desc_find_cell (const TbBoardDesc *board, const char *name);

/* Keyboard moves over a board, in its own directions. */
typedef enum
{
  TB_STEP_LEFT,
  TB_STEP_RIGHT,
  TB_STEP_UP,
  TB_STEP_DOWN,
  TB_STEP_STRAIGHT_UP,    /* straight up the screen (on hexagons, two rows up) */
  TB_STEP_STRAIGHT_DOWN,
} TbStep;

/* The cell one step from cell: along the row for Left and Right; on
 * hexagons Up goes up-left and Down down-right (back where Up came
 * from), and elsewhere straight.  Turned (Shift) takes the next direction
 * clockwise: on hexagons the other diagonal for Up and Down (up-right,
 * down-left), elsewhere the diagonal an eighth round.  The nearest cell
 * whose centre lies near that direction; cell itself when there is none
 * (the edge of the board).  The straight steps go up or down the screen
 * on every board (Ctrl+Up, Ctrl+Down): on hexagons, where no neighbour
 * lies straight up, to the cell two rows up in the same column. */
int tb_board_desc_step (const TbBoardDesc *board, int cell, TbStep step, gboolean turned);

G_END_DECLS
