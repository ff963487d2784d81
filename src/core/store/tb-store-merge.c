/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-store-merge.c: a record of a game already stored
 *
 * A record of a stored game (the same GameId, or the same tags and moves
 * under another GameId) brings what it has that the stored game lacks:
 * the moves played since (a correspondence game goes on so), comments,
 * NAGs, variations and the end of the game.  Nothing stored is lost: the
 * game kept is the longer of the two, and the other's moves and notes are
 * grafted on it; a comment that differs from the stored one is kept beside
 * it.  A record whose earlier moves differ is refused.
 */
#include "config.h"

#include <string.h>

#include "tb-store-private.h"
#include "tb-tgn.h"

/* ---- one game's tree grafted on another's ---- */

typedef struct
{
  TbGame *base;    /* the game kept, grafted on */
  guint added;     /* moves, comments, NAGs and ends added */
} Graft;

/* The comment kept of two: one holding the other is the longer one;
 * two others are both kept. */
static void
graft_comment (Graft *g, const TbGameNode *mine, const TbGameNode *theirs)
{
  const char *kept = tb_game_node_get_comment (mine);
  const char *brought = tb_game_node_get_comment (theirs);
  g_autofree char *both = NULL;

  if (brought == NULL || *brought == '\0' || (kept && strstr (kept, brought)))
    return;
  if (kept == NULL || *kept == '\0' || strstr (brought, kept))
    both = g_strdup (brought);
  else
    both = g_strconcat (kept, " ", brought, NULL);
  tb_game_set_node_comment (g->base, mine, both);
  g->added++;
}

static void
graft_nags (Graft *g, const TbGameNode *mine, const TbGameNode *theirs)
{
  guint n_kept, n_brought;
  const guint8 *brought = tb_game_node_get_nags (theirs, &n_brought);

  for (guint i = 0; i < n_brought; i++)
    {
      const guint8 *kept = tb_game_node_get_nags (mine, &n_kept);

      if (kept == NULL || memchr (kept, brought[i], n_kept) == NULL)
        {
          tb_game_add_node_nag (g->base, mine, brought[i]);
          g->added++;
        }
    }
}

/* The evaluation the other game brings where the game kept has none. */
static void
graft_eval (Graft *g, const TbGameNode *mine, const TbGameNode *theirs)
{
  if (tb_game_node_get_eval (mine) == TB_EVAL_NONE
      && tb_game_node_get_eval (theirs) != TB_EVAL_NONE)
    {
      tb_game_set_node_eval (g->base, mine, tb_game_node_get_eval (theirs));
      g->added++;
    }
}

/* The end the other game has there (a resignation, an agreed draw), when
 * the game kept goes no further. */
static void
graft_finish (Graft *g, const TbGameNode *mine, const TbGameNode *theirs)
{
  TbOutcome outcome;

  if (!tb_game_node_get_finish (theirs, &outcome) || tb_game_node_get_finish (mine, NULL) ||
      tb_game_node_get_n_children (mine) > 0)
    return;
  tb_game_go_to_node (g->base, mine);
  if (tb_game_is_over (g->base))
    return;
  tb_game_finish (g->base, outcome.result, outcome.termination);
  g->added++;
}

/* mine's child playing theirs's move, added (after the others: a
 * variation, or the main line where mine has none) when missing; NULL
 * when it cannot be played there. */
static const TbGameNode *
matching_child (Graft *g, const TbGameNode *mine, const TbGameNode *theirs)
{
  TbMove move = tb_game_node_get_move (theirs);

  for (guint i = 0; i < tb_game_node_get_n_children (mine); i++)
    if (tb_game_node_get_move (tb_game_node_get_child (mine, i)) == move)
      return tb_game_node_get_child (mine, i);
  tb_game_go_to_node (g->base, mine);
  if (!tb_game_play_full (g->base, move, TB_PLAY_ADD_VARIATION, NULL))
    return NULL;
  g->added++;
  return tb_game_get_current_node (g->base);
}

/* theirs and what follows it, on mine: down the first line in a loop,
 * into the variations by recursion (as deep as they nest, which the TGN
 * reader bounds). */
static void
graft_line (Graft *g, const TbGameNode *mine, const TbGameNode *theirs)
{
  while (mine)
    {
      const TbGameNode *next_mine = NULL, *next_theirs = NULL;

      graft_comment (g, mine, theirs);
      graft_nags (g, mine, theirs);
      graft_eval (g, mine, theirs);
      graft_finish (g, mine, theirs);
      for (guint i = 0; i < tb_game_node_get_n_children (theirs); i++)
        {
          const TbGameNode *child = tb_game_node_get_child (theirs, i);
          const TbGameNode *match = matching_child (g, mine, child);

          if (match && next_mine == NULL)
            {
              next_mine = match;
              next_theirs = child;
            }
          else if (match)
            graft_line (g, match, child);
        }
      mine = next_mine;
      theirs = next_theirs;
    }
}

/* The tags of other that base has not (a record sent back may carry
 * fewer than the stored game). */
static void
graft_tags (Graft *g, TbGame *other)
{
  const char *const *names = tb_game_get_tag_names (other);

  for (guint i = 0; names && names[i]; i++)
    if (tb_game_get_tag (g->base, names[i]) == NULL)
      {
        tb_game_set_tag (g->base, names[i], tb_game_get_tag (other, names[i]));
        g->added++;
      }
}

/* Everything of other that base lacks, added to base; how much. */
static guint
graft (TbGame *base, TbGame *other)
{
  Graft g = { base, 0 };
  guint ply = tb_game_get_ply (base);

  tb_game_set_quiet (base, TRUE);
  graft_line (&g, tb_game_get_root (base), tb_game_get_root (other));
  graft_tags (&g, other);
  /* Where it stood, on its main line. */
  tb_game_go_to_ply (base, 0);
  while (tb_game_get_ply (base) < ply && tb_game_redo (base))
    ;
  tb_game_set_quiet (base, FALSE);
  return g.added;
}

/* ---- a record of a stored game ---- */

static gboolean
same_name (const char *a, const char *b)
{
  g_autofree char *x = g_utf8_casefold (a, -1);
  g_autofree char *y = g_utf8_casefold (b, -1);

  return strcmp (x, y) == 0;
}

/* The first ply (1-based) where two lines of tokens differ, or 0 when one
 * is the beginning of the other. */
static guint
first_difference (GStrv a, GStrv b, const char **mine, const char **theirs)
{
  for (guint i = 0; a[i] && b[i]; i++)
    if (strcmp (a[i], b[i]) != 0)
      {
        *mine = a[i];
        *theirs = b[i];
        return i + 1;
      }
  return 0;
}

/* A player's name as a record's row has it. */
static const char *
player (TbGame *game, const char *tag)
{
  const char *name = tb_game_get_tag (game, tag);

  return name && *name ? name : "?";
}

/* The same game, its moves the beginning of the other's (either way). */
static gboolean
check_same_game (const TbStoreRecord *record, TbGame *stored, GError **error)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_auto (GStrv) kept = NULL, brought = NULL;
  const char *mine = NULL, *theirs = NULL;
  guint differs;

  if (strcmp (tb_rules_get_id (tb_game_get_rules (stored)), record->ruleset) != 0 ||
      !same_name (player (stored, "Player1"), record->player1) ||
      !same_name (player (stored, "Player2"), record->player2))
    {
      g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CONFLICT,
                   "GameId %s is already another game here (%s, %s against %s)",
                   record->game_uuid, tb_rules_get_id (tb_game_get_rules (stored)),
                   player (stored, "Player1"), player (stored, "Player2"));
      return FALSE;
    }
  tb_tgn_write_main_line (stored, line);
  kept = g_strsplit (line->str, " ", -1);
  brought = g_strsplit (record->line->str, " ", -1);
  differs = first_difference (kept, brought, &mine, &theirs);
  if (differs == 0)
    return TRUE;
  g_set_error (error, TB_STORE_ERROR, TB_STORE_ERROR_CONFLICT,
               "GameId %s: move %u is %s here but %s in this record; the moves already played "
               "cannot change", record->game_uuid, differs, mine, theirs);
  return FALSE;
}

/* Merged, the game is written over the stored one. */
static TbStoreMerge
write_merged (TbStore *self, gint64 id, TbGame *merged, int current_ply, TbStoreMerge how,
              GError **error)
{
  g_autoptr (TbStoreRecord) record = tb_store_record_new (merged, current_ply);

  return tb_store_update_record (self, id, record, error) ? how : TB_STORE_MERGE_FAILED;
}

TbStoreMerge
tb_store_merge_record (TbStore *self, gint64 id, const TbStoreRecord *record, TbGame *game,
                       GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (TbGame) stored = tb_store_load_game (self, id, &local);
  guint stored_ply, brought_ply;

  if (stored == NULL)
    {
      gboolean damaged = g_error_matches (local, TB_STORE_ERROR, TB_STORE_ERROR_BAD_GAME) ||
                         g_error_matches (local, TB_STORE_ERROR, TB_STORE_ERROR_NOT_FOUND);

      g_propagate_error (error, g_steal_pointer (&local));
      return damaged ? TB_STORE_MERGE_CONFLICT : TB_STORE_MERGE_FAILED;
    }
  if (!check_same_game (record, stored, error))
    return TB_STORE_MERGE_CONFLICT;
  stored_ply = tb_game_get_main_line_length (stored);
  brought_ply = record->plies;
  /* New moves: the record's game is kept (its tags, its end), with every
   * note of the stored one. */
  if (brought_ply > stored_ply)
    {
      graft (game, stored);
      return write_merged (self, id, game, (int) record->current_ply, TB_STORE_MERGE_ADDED, error);
    }
  if (graft (stored, game) == 0)
    return TB_STORE_MERGE_NOTHING_NEW;
  return write_merged (self, id, stored, (int) tb_game_get_ply (stored), TB_STORE_MERGE_ANNOTATED,
                       error);
}
