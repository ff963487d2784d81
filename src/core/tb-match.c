/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-match.c: the games of a match, their totals and who starts */
#include "config.h"

#include "tb-match.h"

struct _TbMatch
{
  GObject parent_instance;

  TbVariant *variant;
  char *id;
  GPtrArray *games;     /* of TbGame, in the order played */
  int totals[2];
  guint winner;
};

G_DEFINE_FINAL_TYPE (TbMatch, tb_match, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CURRENT_GAME,
  PROP_N_GAMES,
  PROP_TOTAL1,
  PROP_TOTAL2,
  PROP_WINNER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What a finished game brings its winner: the points of the end of its
 * main line, the record (RA: 1, 3 or 6 for an entry, 3 for annihilation);
 * stepping back through a finished game takes nothing away. */
static void
game_points (TbGame *game, int points[2])
{
  TbOutcome outcome;

  points[0] = points[1] = 0;
  tb_game_get_final_outcome (game, &outcome);
  if (outcome.result == TB_RESULT_NONE || outcome.result == TB_RESULT_DRAW)
    return;
  tb_game_get_final_score (game, points);
}

static guint
winner_of (TbMatch *self, const int totals[2])
{
  int threshold = tb_match_get_threshold (self), lead = tb_match_get_lead (self);

  for (guint seat = 1; seat <= 2; seat++)
    if (totals[seat - 1] >= threshold && totals[seat - 1] - totals[2 - seat] >= lead)
      return seat;
  return 0;
}

/* Recounts everything from the games (a game may be undone and replayed)
 * and writes each finished game's running total into its MatchScore tag. */
static void
recount (TbMatch *self)
{
  int totals[2] = { 0, 0 };
  int old[2] = { self->totals[0], self->totals[1] };
  guint old_winner = self->winner;

  for (guint i = 0; i < self->games->len; i++)
    {
      TbGame *game = self->games->pdata[i];
      TbOutcome outcome;
      int points[2];

      tb_game_get_final_outcome (game, &outcome);
      game_points (game, points);
      totals[0] += points[0];
      totals[1] += points[1];
      if (outcome.result != TB_RESULT_NONE)
        {
          g_autofree char *score = g_strdup_printf ("%d-%d", totals[0], totals[1]);
          tb_game_set_tag (game, "MatchScore", score);
        }
      else
        tb_game_remove_tag (game, "MatchScore");
    }
  self->totals[0] = totals[0];
  self->totals[1] = totals[1];
  self->winner = winner_of (self, totals);
  if (old[0] != totals[0])
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOTAL1]);
  if (old[1] != totals[1])
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOTAL2]);
  if (old_winner != self->winner)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNER]);
}

/* Any change may change a game's record (a move played after an undo
 * replaces its main line): count again. */
static void
on_position_changed (TbGame *game, TbMatch *self)
{
  recount (self);
}

static void
add_game (TbMatch *self, TbGame *game)
{
  g_autofree char *round = g_strdup_printf ("%u", self->games->len + 1);

  tb_game_set_tag (game, "Match", self->id);
  tb_game_set_tag (game, "Round", round);
  g_ptr_array_add (self->games, g_object_ref (game));
  g_signal_connect_object (game, "position-changed", G_CALLBACK (on_position_changed), self, 0);
  recount (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_GAMES]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_GAME]);
}

static void
tb_match_finalize (GObject *object)
{
  TbMatch *self = TB_MATCH (object);

  g_ptr_array_unref (self->games);
  tb_variant_unref (self->variant);
  g_free (self->id);
  G_OBJECT_CLASS (tb_match_parent_class)->finalize (object);
}

static void
tb_match_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TbMatch *self = TB_MATCH (object);

  switch (prop_id)
    {
    case PROP_CURRENT_GAME:
      g_value_set_object (value, tb_match_get_current_game (self));
      break;
    case PROP_N_GAMES:
      g_value_set_uint (value, self->games->len);
      break;
    case PROP_TOTAL1:
      g_value_set_int (value, self->totals[0]);
      break;
    case PROP_TOTAL2:
      g_value_set_int (value, self->totals[1]);
      break;
    case PROP_WINNER:
      g_value_set_uint (value, self->winner);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tb_match_class_init (TbMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tb_match_finalize;
  object_class->get_property = tb_match_get_property;

  properties[PROP_CURRENT_GAME] =
    g_param_spec_object ("current-game", NULL, NULL, TB_TYPE_GAME, ro);
  properties[PROP_N_GAMES] = g_param_spec_uint ("n-games", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_TOTAL1] = g_param_spec_int ("total1", NULL, NULL, 0, G_MAXINT, 0, ro);
  properties[PROP_TOTAL2] = g_param_spec_int ("total2", NULL, NULL, 0, G_MAXINT, 0, ro);
  properties[PROP_WINNER] = g_param_spec_uint ("winner", NULL, NULL, 0, 2, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tb_match_init (TbMatch *self)
{
  self->games = g_ptr_array_new_with_free_func (g_object_unref);
  self->id = g_uuid_string_random ();
}

TbMatch *
tb_match_new_with_game (TbGame *first_game)
{
  TbMatch *self;

  g_return_val_if_fail (TB_IS_GAME (first_game), NULL);

  self = g_object_new (TB_TYPE_MATCH, NULL);
  self->variant = tb_variant_ref (tb_game_get_variant (first_game));
  add_game (self, first_game);
  return self;
}

TbMatch *
tb_match_new_resumed (GPtrArray *games)
{
  TbMatch *self;
  TbGame *first;
  const char *id;

  g_return_val_if_fail (games != NULL && games->len > 0, NULL);

  first = games->pdata[0];
  id = tb_game_get_tag (first, "Match");
  g_return_val_if_fail (id != NULL, NULL);
  self = g_object_new (TB_TYPE_MATCH, NULL);
  self->variant = tb_variant_ref (tb_game_get_variant (first));
  g_free (self->id);
  self->id = g_strdup (id);
  for (guint i = 0; i < games->len; i++)
    {
      /* self->id, not id: adding the first game sets its tag anew. */
      g_return_val_if_fail (g_strcmp0 (tb_game_get_tag (games->pdata[i], "Match"), self->id) == 0,
                            self);
      add_game (self, games->pdata[i]);
    }
  return self;
}

TbMatch *
tb_match_new (TbVariant *variant, guint first_starter)
{
  g_autoptr (TbGame) game = tb_game_new (variant, first_starter);

  return tb_match_new_with_game (game);
}

TbVariant *
tb_match_get_variant (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), NULL);
  return self->variant;
}

const char *
tb_match_get_id (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), NULL);
  return self->id;
}

int
tb_match_get_threshold (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), 0);
  return tb_variant_get_option (self->variant, "match-threshold");
}

int
tb_match_get_lead (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), 0);
  return tb_variant_get_option (self->variant, "match-lead");
}

guint
tb_match_get_n_games (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), 0);
  return self->games->len;
}

TbGame *
tb_match_get_game (TbMatch *self, guint index)
{
  g_return_val_if_fail (TB_IS_MATCH (self), NULL);
  g_return_val_if_fail (index < self->games->len, NULL);
  return self->games->pdata[index];
}

TbGame *
tb_match_get_current_game (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), NULL);
  return self->games->pdata[self->games->len - 1];
}

void
tb_match_get_totals (TbMatch *self, int totals[2])
{
  g_return_if_fail (TB_IS_MATCH (self));
  totals[0] = self->totals[0];
  totals[1] = self->totals[1];
}

gboolean
tb_match_is_over (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), FALSE);
  return self->winner != 0;
}

guint
tb_match_get_winner (TbMatch *self)
{
  g_return_val_if_fail (TB_IS_MATCH (self), 0);
  return self->winner;
}

guint
tb_match_get_next_starter (TbMatch *self)
{
  TbGame *game;
  TbOutcome outcome;

  g_return_val_if_fail (TB_IS_MATCH (self), 1);

  game = tb_match_get_current_game (self);
  tb_game_get_final_outcome (game, &outcome);
  /* The loser starts the next game; a void game is replayed by the same
   * starter (ra.md §4, rules/README.md). */
  switch (outcome.result)
    {
    case TB_RESULT_SEAT1_WINS:
      return 2;
    case TB_RESULT_SEAT2_WINS:
      return 1;
    default:
      return tb_game_get_starter (game);
    }
}

gboolean
tb_match_can_start_next_game (TbMatch *self)
{
  TbOutcome outcome;

  g_return_val_if_fail (TB_IS_MATCH (self), FALSE);

  tb_game_get_final_outcome (tb_match_get_current_game (self), &outcome);
  return outcome.result != TB_RESULT_NONE && !tb_match_is_over (self);
}

TbGame *
tb_match_start_next_game (TbMatch *self)
{
  TbGame *previous, *game;
  const char *const *names;

  g_return_val_if_fail (TB_IS_MATCH (self), NULL);
  g_return_val_if_fail (tb_match_can_start_next_game (self), NULL);

  previous = tb_match_get_current_game (self);
  game = tb_game_new (self->variant, tb_match_get_next_starter (self));
  /* The same players, event and seats. */
  names = tb_game_get_tag_names (previous);
  for (guint i = 0; names[i]; i++)
    if (g_str_has_prefix (names[i], "Player") || g_str_equal (names[i], "Event") ||
        g_str_equal (names[i], "Site") || g_str_equal (names[i], "Date"))
      tb_game_set_tag (game, names[i], tb_game_get_tag (previous, names[i]));
  add_game (self, game);
  g_object_unref (game);
  return game;
}
