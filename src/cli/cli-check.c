/* cli-check.c: tablier-cli check FILE.tgn... */
#include "config.h"

#include "cli-commands.h"

int
cli_check (int argc, char **argv)
{
  return cli_bad_input ("check: not built yet");
}
