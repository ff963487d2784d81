/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-move-describe.c: moves and game states told in words */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "tb-move-describe.h"

const char *
tb_seat_colour (TbGame *game, guint seat)
{
  return _(tb_rules_get_seat_name (tb_game_get_rules (game), seat == 2 ? 2 : 1));
}

/* The computer is stored as "Tablier level 3", the same in every
 * language (one player in the ratings): shown, it gets its name in the
 * interface's language, kept on the game so that the pointer lasts. */
static const char *
computer_name (TbGame *game, guint seat, guint level)
{
  const char *key = seat == 1 ? "tb-computer-name-1" : "tb-computer-name-2";
  const char *kept = g_object_get_data (G_OBJECT (game), key);
  /* Translators: the computer as a player, in the list of players. */
  g_autofree char *name = g_strdup_printf (_("Computer (level %u)"), level);

  if (g_strcmp0 (kept, name) == 0)
    return kept;
  g_object_set_data_full (G_OBJECT (game), key, g_strdup (name), g_free);
  return g_object_get_data (G_OBJECT (game), key);
}

const char *
tb_seat_label (TbGame *game, guint seat)
{
  const char *name = tb_game_get_player_name (game, seat);
  guint level = tb_game_get_computer_level (game, seat);
  guint named_level;

  if (name && sscanf (name, "Tablier level %u", &named_level) == 1)
    return computer_name (game, seat, named_level);
  if (level > 0 && (name == NULL || g_strcmp0 (name, "?") == 0))
    return computer_name (game, seat, level);
  if (name)
    return name;
  return tb_seat_colour (game, seat);
}

char *
tb_describe_numbered_move (TbGame *game, guint ply)
{
  g_autofree char *move = tb_game_get_move_text (game, ply);

  g_return_val_if_fail (ply >= 1, NULL);
  if (ply % 2 == 1)
    return g_strdup_printf ("%u. %s", (ply + 1) / 2, move);
  return g_strdup_printf ("%u… %s", (ply + 1) / 2, move);
}

const char *
tb_describe_nag (guint nag)
{
  switch (nag)
    {
    /* Translators: what a move's glyph in the move list means, read by
     * screen readers after the move. */
    case 1:
      return _("good move");
    case 2:
      return _("mistake");
    case 3:
      return _("very good move");
    case 4:
      return _("blunder");
    case 5:
      return _("interesting move");
    case 6:
      return _("inaccuracy");
    default:
      return NULL;
    }
}

static const TbPieceDesc *
piece_on (const TbPieceDesc *pieces, guint n, int cell)
{
  for (guint i = 0; i < n; i++)
    if (pieces[i].cell == cell)
      return &pieces[i];
  return NULL;
}

static void
describe_stack_move (TbGame *game, const TbEffect *effect, const char *from, const char *to,
                     GString *out)
{
  const char *seat = tb_seat_colour (game, effect->new_owner);

  /* Translators: "White moves 2 pawns from f7 to h7." */
  g_string_append_printf (out, ngettext ("%s moves %u pawn from %s to %s.",
                                         "%s moves %u pawns from %s to %s.", effect->amount),
                          seat, effect->amount, from, to);
}

/* A stack leaves the board: captured, or entering the enemy RA. */
static void
describe_removal (TbGame *game, guint ply, const TbEffect *effect, const char *where,
                  guint mover, GString *out)
{
  g_string_append_c (out, ' ');
  if (effect->new_owner != mover)
    /* Translators: a capture in RA: "Red loses 2 pawns on h7." */
    g_string_append_printf (out, ngettext ("%s loses %u pawn on %s.", "%s loses %u pawns on %s.",
                                           effect->amount),
                            tb_seat_colour (game, effect->new_owner), effect->amount, where);
  else
    {
      TbVariant *v = tb_game_get_variant (game);
      int scores[2] = { 0, 0 };

      tb_variant_score (v, tb_game_get_position_at (game, ply), scores);
      /* Translators: the pawns of a group entered the opponent's RA: "It enters
       * the RA: 1 point." for one pawn, "They enter the RA: 3 points." for two
       * (1, 3 or 6 points for 1, 2 or 3 pawns); the plural goes by the pawns. */
      g_string_append_printf (out, ngettext ("It enters the RA: %d point.",
                                             "They enter the RA: %d points.", effect->amount),
                              scores[mover - 1]);
    }
}

static void
describe_effect (TbGame *game, const TbEffect *effect, const TbPieceDesc *piece,
                 const TbBoardDesc *board, GString *out)
{
  const char *from = board->cells[effect->from].name;
  const char *to = effect->to >= 0 ? board->cells[effect->to].name : "";
  const char *seat = tb_seat_colour (game, effect->new_owner);

  switch (effect->kind)
    {
    case TB_EFFECT_MOVE:
      if (piece && piece->kind == TB_PIECE_STACK)
        describe_stack_move (game, effect, from, to, out);
      else if (piece && piece->kind == TB_PIECE_VERSUS)
        /* Translators: a player moves; "Dark moves the VERSUS from c1 to e3." */
        g_string_append_printf (out, _("%s moves the VERSUS from %s to %s."), seat, from, to);
      else
        /* Translators: "Dark moves a pawn from a1 to a2." */
        g_string_append_printf (out, _("%s moves a pawn from %s to %s."), seat, from, to);
      break;
    case TB_EFFECT_PULL:
      {
        guint value = piece ? (effect->new_owner == 1 ? piece->portions
                                                      : piece->n_portions - piece->portions)
                            : 0;

        g_string_append_c (out, ' ');
        /* Translators: "The pawn on e9 is pulled to e8 and is now Dark's, worth 3." */
        g_string_append_printf (out, _("The pawn on %s is pulled to %s and is now %s’s, worth %u."),
                                from, to, seat, value);
      }
      break;
    case TB_EFFECT_SPARED:
      g_string_append_c (out, ' ');
      /* Translators: the limit on repeated attractions of the same pawn. */
      g_string_append_printf (out, _("The pawn on %s is not attracted a third time in a row."),
                              from);
      break;
    case TB_EFFECT_FLIP:
    case TB_EFFECT_REMOVE:
      break;  /* told by tb_describe_move, which knows the mover and the ply */
    default:
      g_assert_not_reached ();
    }
}

/* Oraïa: a step or a chain of jumps, the pawn charged at the centre, the
 * disc turned, the pawn home.  FALSE for other games. */
static gboolean
describe_jumps (TbGame *game, const TbPosition *before, const TbEffect *effects, guint n,
                const TbBoardDesc *board, GString *out)
{
  guint hops = 0, seat = tb_position_to_move (before);
  int from = -1, to = -1;
  const char *name = tb_seat_colour (game, seat);

  if (!tb_rules_has_disc (tb_game_get_rules (game)))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (effects[i].kind == TB_EFFECT_MOVE)
      {
        if (hops++ == 0)
          from = effects[i].from;
        to = effects[i].to;
      }
  if (hops == 0)
    return FALSE;
  if (hops == 1)
    /* Translators: "Blue moves a pawn from O2 to I2." */
    g_string_append_printf (out, _("%s moves a pawn from %s to %s."), name,
                            board->cells[from].name, board->cells[to].name);
  else
    /* Translators: a chain of jumps: "Red jumps from O6 to C in 3 hops." */
    g_string_append_printf (out, ngettext ("%s jumps from %s to %s in %u hop.",
                                           "%s jumps from %s to %s in %u hops.", hops),
                            name, board->cells[from].name, board->cells[to].name, hops);
  for (guint i = 0; i < n; i++)
    if (effects[i].kind == TB_EFFECT_FLIP)
      g_string_append_printf (out, " %s", _("The pawn turns over on the centre: it is charged."));
    else if (effects[i].kind == TB_EFFECT_ROTATE)
      g_string_append_printf (out, " %s", effects[i].amount == 1
                                             ? _("The disc turns an eighth clockwise.")
                                             : _("The disc turns an eighth anticlockwise."));
  if (board->cells[to].marks & (TB_MARK_HOME_SEAT1 | TB_MARK_HOME_SEAT2))
    g_string_append_printf (out, " %s", _("The pawn is home."));
  return TRUE;
}

/* Retournement: the piece laid, then the pieces it turns over ("V3 (e4),
 * I1 (f6)": the piece and its value square).  FALSE for other games. */
static gboolean
describe_placement (TbGame *game, const TbPosition *before, const TbEffect *effects, guint n,
                    const TbPieceDesc *pieces, guint n_pieces, const TbBoardDesc *board,
                    GString *out)
{
  g_autoptr (GString) cells = g_string_new (NULL);
  g_autoptr (GString) turned = g_string_new (NULL);
  guint n_turned = 0;

  if (n == 0 || effects[0].kind != TB_EFFECT_PLACE)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (effects[i].kind == TB_EFFECT_PLACE)
      g_string_append_printf (cells, "%s%s", cells->len ? " " : "", board->cells[effects[i].to].name);
    else if (effects[i].kind == TB_EFFECT_FLIP)
      {
        const TbPieceDesc *piece = piece_on (pieces, n_pieces, effects[i].from);

        g_string_append_printf (turned, "%s%s (%s)", turned->len ? ", " : "",
                                piece ? board->shapes[piece->shape].code : "?",
                                board->cells[effects[i].from].name);
        n_turned++;
      }
  /* Translators: "White lays the V3 on e4 e5 f5." */
  g_string_append_printf (out, _("%s lays the %s on %s."),
                          tb_seat_colour (game, tb_position_to_move (before)),
                          board->shapes[effects[0].amount].code, cells->str);
  if (n_turned > 0)
    {
      g_string_append_c (out, ' ');
      /* Translators: the pieces a placement turns over, as a list of pieces and
       * cells: "It turns 2 pieces over: V3 (e4), I1 (f6)." */
      g_string_append_printf (out, ngettext ("It turns %u piece over: %s.",
                                             "It turns %u pieces over: %s.", n_turned),
                              n_turned, turned->str);
    }
  return TRUE;
}

char *
tb_describe_move (TbGame *game, guint ply)
{
  TbVariant *v = tb_game_get_variant (game);
  const TbPosition *before = tb_game_get_position_at (game, ply - 1);
  TbMove move = tb_game_get_move (game, ply);
  TbPieceDesc pieces[TB_MAX_PIECES];
  TbEffect effects[TB_MAX_EFFECTS];
  guint n_pieces, n_effects;
  GString *out = g_string_new (NULL);

  if (move == TB_MOVE_PASS)
    {
      /* Translators: a forced pass. */
      g_string_printf (out, _("%s cannot move and passes."),
                       tb_seat_colour (game, tb_position_to_move (before)));
      return g_string_free (out, FALSE);
    }
  n_pieces = tb_variant_describe_pieces (v, before, pieces);
  n_effects = tb_variant_move_effects (v, before, move, effects);
  if (describe_jumps (game, before, effects, n_effects, &v->board, out) ||
      describe_placement (game, before, effects, n_effects, pieces, n_pieces, &v->board, out))
    return g_string_free (out, FALSE);
  for (guint i = 0; i < n_effects; i++)
    if (effects[i].kind == TB_EFFECT_REMOVE)
      describe_removal (game, ply, &effects[i], v->board.cells[effects[i].from].name,
                        tb_position_to_move (before), out);
    else
      describe_effect (game, &effects[i], piece_on (pieces, n_pieces, effects[i].from),
                       &v->board, out);
  return g_string_free (out, FALSE);
}

const char *
tb_describe_termination (TbTermination termination)
{
  switch (termination)
    {
    case TB_TERMINATION_TARGETS_FILLED:
      return _("Every target holds a pawn.");
    case TB_TERMINATION_UNREACHABLE_LEAD:
      return _("The player behind can no longer catch up.");
    case TB_TERMINATION_NO_MOVES:
      return _("The player to move cannot move any piece.");
    case TB_TERMINATION_REPETITION:
      return _("The same position occurred for the third time.");
    case TB_TERMINATION_RA_ENTRY:
      return _("A group entered the enemy RA.");
    case TB_TERMINATION_ANNIHILATION:
      return _("A player has no pawn left.");
    case TB_TERMINATION_VOID:
    case TB_TERMINATION_BLOCKED:
      return _("Neither player can move.");
    case TB_TERMINATION_ALL_ARRIVED:
      return _("All four pawns are home.");
    case TB_TERMINATION_ALL_PLACED:
      return _("Both players have laid all their pieces.");
    case TB_TERMINATION_RESIGNED:
      return _("A player resigned.");
    case TB_TERMINATION_DRAW_AGREED:
      return _("The players agreed a draw.");
    case TB_TERMINATION_INACTIVITY:
      return _("The player to move did not play for seven days.");
    case TB_TERMINATION_MOVE_LIMIT:
      return _("Both players have made as many moves as the move limit allows.");
    default:
      return "";
    }
}

const char *
tb_termination_short_name (TbTermination termination)
{
  switch (termination)
    {
    case TB_TERMINATION_TARGETS_FILLED:
      return _("Targets filled");
    case TB_TERMINATION_UNREACHABLE_LEAD:
      return _("Lead out of reach");
    case TB_TERMINATION_NO_MOVES:
      return _("No move");
    case TB_TERMINATION_REPETITION:
      return _("Repetition");
    case TB_TERMINATION_RA_ENTRY:
      return _("RA entered");
    case TB_TERMINATION_ANNIHILATION:
      return _("No pawn left");
    case TB_TERMINATION_VOID:
      return _("Annulled");
    case TB_TERMINATION_ALL_PLACED:
      return _("All pieces laid");
    case TB_TERMINATION_BLOCKED:
      return _("Blocked");
    case TB_TERMINATION_ALL_ARRIVED:
      return _("All home");
    case TB_TERMINATION_RESIGNED:
      return _("Resigned");
    case TB_TERMINATION_DRAW_AGREED:
      return _("Draw agreed");
    case TB_TERMINATION_INACTIVITY:
      return _("Inactivity");
    case TB_TERMINATION_MOVE_LIMIT:
      return _("Move limit");
    default:
      return "";
    }
}

char *
tb_describe_state (TbGame *game)
{
  TbResult result = tb_game_get_result (game);
  int scores[2];
  gboolean scored = tb_game_get_score (game, scores);
  g_autofree char *outcome = NULL;

  if (result == TB_RESULT_NONE)
    /* Translators: whose turn it is: "Dark to move". */
    return g_strdup_printf (_("%s to move"), tb_seat_colour (game, tb_game_get_to_move (game)));

  if (result == TB_RESULT_DRAW && tb_game_get_termination (game) == TB_TERMINATION_ALL_ARRIVED)
    /* Oraïa's equal tempo (ex aequo). */
    return g_strdup (_("Draw: both players brought their last pawn home in the same round."));
  if (result == TB_RESULT_DRAW && tb_rules_plays_matches (tb_game_get_rules (game)))
    outcome = g_strdup (_("The game is annulled and is played again by the same player."));
  else if (result == TB_RESULT_DRAW)
    outcome = scored ? g_strdup_printf (_("Draw, %d–%d."), scores[0], scores[1])
                     : g_strdup (_("Draw."));
  else
    {
      guint winner = result == TB_RESULT_SEAT1_WINS ? 1 : 2;

      if (scored)
        /* Translators: "Dark wins 7–5." */
        outcome = g_strdup_printf (_("%s wins %d–%d."), tb_seat_colour (game, winner),
                                   scores[winner - 1], scores[2 - winner]);
      else
        outcome = g_strdup_printf (_("%s wins."), tb_seat_colour (game, winner));
    }
  if (tb_game_get_termination (game) == TB_TERMINATION_RESIGNED && result != TB_RESULT_DRAW)
    {
      guint loser = result == TB_RESULT_SEAT1_WINS ? 2 : 1;

      /* Translators: "Red wins. White resigned." */
      return g_strdup_printf (_("%s wins. %s resigned."), tb_seat_colour (game, 3 - loser),
                              tb_seat_colour (game, loser));
    }
  if (tb_game_get_termination (game) == TB_TERMINATION_BLOCKED &&
      tb_rules_has_hands (tb_game_get_rules (game)))
    return g_strdup_printf ("%s %s", outcome,
                            _("Neither player has a piece left that fits on the board."));
  return g_strdup_printf ("%s %s", outcome, tb_describe_termination (tb_game_get_termination (game)));
}

char *
tb_describe_match (TbMatch *match)
{
  TbGame *game = tb_match_get_current_game (match);
  guint winner = tb_match_get_winner (match);
  int totals[2];

  tb_match_get_totals (match, totals);
  if (winner)
    /* Translators: "White wins the match 7–3." */
    return g_strdup_printf (_("%s wins the match %d–%d."), tb_seat_colour (game, winner),
                            totals[winner - 1], totals[2 - winner]);
  /* Translators: the match score, then what wins it:
   * "Match: White 4, Red 1 · first to 7 with a lead of 2". */
  return g_strdup_printf (_("Match: %s %d, %s %d · first to %d with a lead of %d"),
                          tb_seat_colour (game, 1), totals[0], tb_seat_colour (game, 2), totals[1],
                          tb_match_get_threshold (match), tb_match_get_lead (match));
}
