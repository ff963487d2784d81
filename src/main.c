/* main.c: i18n set-up and the application's run, nothing else */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "tb-application.h"

int
main (int argc, char **argv)
{
  g_autoptr (TbApplication) app = NULL;
  /* build-aux/dev points this at the build tree for uninstalled runs. */
  const char *localedir = g_getenv ("TABLIER_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tb_application_new (NULL, G_APPLICATION_HANDLES_OPEN);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
