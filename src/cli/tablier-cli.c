/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tablier-cli: the Tablier engine without a display (NOTATION.md §5) */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli-commands.h"

#define GAME_ARGS "[--starter N] [--option KEY=VALUE]... [--position TEXT]"

const CliCommand cli_commands[CLI_N_COMMANDS] = {
  [CLI_RULESETS] = { "rulesets", "", "Lists the ruleset ids, one per line.", cli_rulesets },
  [CLI_OPTIONS] = { "options", "RULESET",
                    "Lists the variant options of a ruleset with their defaults.", cli_options },
  [CLI_LEGAL] = { "legal", "RULESET " GAME_ARGS " [MOVE...]",
                  "Replays the moves, then lists every legal move, sorted.", cli_legal },
  [CLI_STATE] = { "state", "RULESET " GAME_ARGS " [MOVE...]",
                  "Replays the moves, then describes the position as key: value lines.",
                  cli_state },
  [CLI_PERFT] = { "perft", "RULESET DEPTH " GAME_ARGS " [MOVE...]",
                  "Counts the move sequences of exactly DEPTH plies.", cli_perft },
  [CLI_SHOW] = { "show", "RULESET " GAME_ARGS " [MOVE...]",
                 "Draws the position as text.", cli_show },
  [CLI_CHECK] = { "check", "FILE.tgn...",
                  "Validates every game of TGN files.", cli_check },
  [CLI_BENCH] = { "bench", "[RULESET...] [--seconds S] [--seed N]",
                  "Random play from the start on one core: plies and playouts per "
                  "CPU-second, plies per wall-second, the CPU and wall seconds, and "
                  "movegen-cpu-ns.", cli_bench },
  [CLI_AI] = { "ai", "RULESET [--level N] [--seed S] | --analyse [--lines N] [--nodes N] "
               "[--seconds S] " GAME_ARGS " [MOVE...]",
               "Replays the moves, then prints the computer's move: the token, then "
               "time-ms, depth or iterations, score and nodes.  With --analyse: the "
               "position's expected score for seat 1 (0 to 1), score, depth, nodes and "
               "time-ms, then a line per best move, separated by tabs: rank, move, expected "
               "score for seat 1 after it, and its variation.", cli_ai },
  [CLI_MATCH] = { "match", "RULESET --a SPEC --b SPEC --games N [--seed S] [--tgn FILE] "
                  "[--jobs N] [--opening-plies N] [--max-plies N] [--option KEY=VALUE]...",
                  "Plays N games between A and B (SPEC: random, ai:LEVEL, or ab:NODES and "
                  "mcts:ITERATIONS for the bare searches), who swap seats "
                  "every game, each pair opening with the same random plies; prints the wins, "
                  "draws and losses of A, its score and the Elo difference with a 95 % "
                  "interval.", cli_match },
  [CLI_IMPORT] = { "import", "FILE.tgn... [--db PATH]",
                   "Adds the games of TGN files to the database; games already there are "
                   "skipped; prints the counts, then each bad game as FILE:LINE:COL: message.",
                   cli_import },
  [CLI_EXPORT] = { "export", "[--db PATH] [--id N]... | [FILTERS] [--sort KEY] [--ascending | "
                   "--descending] [--limit N] [--offset N]",
                   "Writes stored games as TGN on standard output: those given by --id, or "
                   "those of the filters (--game, --player, --seat, --result, --termination, "
                   "--from, --to, --text), the oldest first unless sorted otherwise.",
                   cli_export },
  [CLI_GAMES] = { "games", "[--db PATH] [FILTERS] [--sort KEY] [--ascending | --descending] "
                  "[--limit N] [--offset N]",
                  "Lists stored games, the latest first (100 unless --limit says): id, date, "
                  "game, players and result, separated by tabs.  The filters are export's.",
                  cli_games },
  [CLI_RATINGS] = { "ratings", "[--db PATH] [--game RULESET]",
                    "Lists the players' Elo ratings, best first, one line per player and "
                    "game: name, game, games played, wins, draws, losses and rating, separated "
                    "by tabs.", cli_ratings },
  [CLI_TWINS] = { "twins", "[--db PATH]",
                  "Lists the games stored more than once under different tags (the same "
                  "ruleset, players at the same seats in any case and accents, and moves), "
                  "one group a line: their ids separated by spaces.  Nothing is deleted.",
                  cli_twins },
  [CLI_ANALYSE] = { "analyse", "FILE.tgn | --db PATH --id N [--level N | --seconds S]",
                    "Analyses each game of the file, or the stored game N, and writes its "
                    "record annotated on standard output: each position's evaluation (seat 1's "
                    "expected score, as a [%eval] comment), the inaccuracies (?!), mistakes (?) "
                    "and blunders (?\?), and the better line of each mistake and blunder as a "
                    "variation.  --level: strength 1 to 5 (default 3), the same result on any "
                    "machine; --seconds: instead, the time given to each position.",
                    cli_analyse_game },
  [CLI_EXPLORE] = { "explore", "RULESET [--starter N] [--option KEY=VALUE]... [--position TEXT] "
                    "[MOVE...] [--db PATH]",
                    "Lists the moves played from the position across the stored games (and "
                    "from its images under the board's symmetries), the most played first, "
                    "one a line: move, games, seat-1 wins, draws and seat-2 wins, separated by "
                    "tabs; then the same for every game that reached the position, as "
                    "'total'. The first " G_STRINGIFY (TB_STORE_EXPLORER_PLIES) " plies of each game are indexed; a deeper "
                    "position is found only in the games that reached it sooner.",
                    cli_explore },
  [CLI_PRACTICE] = { "practice", "--player NAME [--game RULESET] [--db PATH]",
                     "Lists the exercises made of the player's mistakes (?) and blunders (?\?) "
                     "in the analysed games, those failed last first, then those never tried, "
                     "then those solved, one a line: game, ply of the move, seat to move, the "
                     "move played with its glyph, the analysis' better move, tries, solved, "
                     "the last result (solved, failed or -) and the position, separated by "
                     "tabs.",
                     cli_practice },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "usage: tablier-cli COMMAND [ARGS...]\n\ncommands:\n");
  for (int i = 0; i < CLI_N_COMMANDS; i++)
    fprintf (out, "  %-9s %s\n", cli_commands[i].name, cli_commands[i].args);
  fprintf (out, "\n'tablier-cli COMMAND --help' describes a command.  A FILE.tgn given as '-'\n"
                "is standard input.\n"
                "\nexit status: 0 when all went well; 2 for bad input: a wrong argument, a\n"
                "file that cannot be opened, a malformed record, an illegal move; 1 for any\n"
                "other failure, such as a file or standard output that could not be read or\n"
                "written.  Errors are one line on stderr.\n");
}

/* After an error: one usage line, as for the commands' own errors
 * (NOTATION.md §5: an error is one line). */
static void
print_usage_line (void)
{
  fprintf (stderr, "usage: tablier-cli COMMAND [ARGS...] "
                   "('tablier-cli --help' lists the commands)\n");
}

static int
run (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "tablier-cli: missing COMMAND\n");
      print_usage_line ();
      return CLI_EXIT_BAD_INPUT;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_usage (stdout);
      return CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("tablier-cli %s\n", PACKAGE_VERSION);
      return CLI_EXIT_OK;
    }
  for (int i = 0; i < CLI_N_COMMANDS; i++)
    if (strcmp (argv[1], cli_commands[i].name) == 0)
      return cli_commands[i].run (argc - 1, argv + 1);

  cli_bad_input ("unknown command '%s'", argv[1]);
  print_usage_line ();
  return CLI_EXIT_BAD_INPUT;
}

/* Output is what a command is for: a write to standard output that
 * failed (a full disk under a backup, a closed pipe) is a failure, said
 * once, never an exit status 0 over a truncated export. */
static int
finish_output (int status)
{
  int failed = fflush (stdout) != 0 ? errno : 0;

  if (failed == 0 && !ferror (stdout))
    return status;
  if (failed)
    return cli_failure ("writing to standard output failed: %s", g_strerror (failed));
  return cli_failure ("writing to standard output failed: part of the output was lost");
}

int
main (int argc, char **argv)
{
  /* Output is a contract: C locale numbers and messages. */
  setlocale (LC_ALL, "C.UTF-8");

  return finish_output (run (argc, argv));
}
