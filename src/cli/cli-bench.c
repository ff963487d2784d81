/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-bench.c: tablier-cli bench, random play from the start on one core */
#include "config.h"

#include <stdio.h>

#include "cli-commands.h"
#include "tb-perft.h"

int
cli_bench (int argc, char **argv)
{
  double seconds = 2.0;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "CPU time per ruleset (default 2)", "S" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the random player (default 1)", "N" },
    { NULL }
  };
  int status = CLI_EXIT_OK;
  g_autoptr (GPtrArray) variants = g_ptr_array_new_with_free_func ((GDestroyNotify) tb_variant_unref);

  if (!cli_parse_args (&cli_commands[CLI_BENCH], &argc, &argv, entries, NULL, &status))
    return status;
  if (!(seconds > 0 && seconds <= 3600))
    return cli_bad_usage (&cli_commands[CLI_BENCH], "--seconds must be above 0 and at most 3600");

  if (argc < 2)
    {
      guint n;
      const TbRules *const *rules = tb_rules_list (&n);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (variants, tb_variant_new_default (rules[i]));
    }
  for (int i = 1; i < argc; i++)
    {
      const TbRules *rules = tb_rules_lookup (argv[i]);

      if (rules == NULL)
        return cli_bad_input ("unknown ruleset '%s' (tablier-cli rulesets lists them)", argv[i]);
      g_ptr_array_add (variants, tb_variant_new_default (rules));
    }

  for (guint i = 0; i < variants->len; i++)
    {
      TbVariant *variant = variants->pdata[i];
      TbBenchResult result;

      tb_bench_random_play (variant, seconds, (guint64) seed, &result);
      /* Per CPU-second (user + sys); the wall time beside it shows how
       * much the machine's other work slowed the run down. */
      printf ("%s plies/cpu-s=%.0f playouts/cpu-s=%.0f plies/wall-s=%.0f cpu-s=%.2f wall-s=%.2f"
              " movegen-cpu-ns=%.0f movegen-mid-cpu-ns=%.0f\n",
              tb_rules_get_id (variant->rules), result.plies_per_second, result.playouts_per_second,
              result.plies_per_wall_second, result.cpu_seconds, result.wall_seconds,
              result.movegen_ns, result.movegen_mid_ns);
      /* Seen as it comes; no use going on when it cannot be written (the
       * failure is said on the way out, tablier-cli.c). */
      if (fflush (stdout) != 0)
        break;
    }
  return CLI_EXIT_OK;
}
