/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: i18n set-up and the application's run, nothing else */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <unistd.h>

#include "tb-application.h"
#include "tb-language.h"

/* The language chosen in Preferences, before any string is translated. */
static void
apply_language_preference (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema =
    source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autofree char *language = NULL;

  if (schema == NULL || !g_settings_schema_has_key (schema, "language"))
    return;
  settings = g_settings_new (APP_ID);
  language = g_settings_get_string (settings, "language");
  if (!tb_language_apply (language))
    g_message ("no locale for the language “%s” on this system: the system’s is used",
               language);
}

int
main (int argc, char **argv)
{
  g_autoptr (TbApplication) app = NULL;
  /* build-aux/dev points this at the build tree for uninstalled runs. */
  const char *localedir = g_getenv ("TABLIER_LOCALEDIR");
  int status;

  setlocale (LC_ALL, "");
  apply_language_preference ();
  /* GTK would set the locale again, undoing the language preference. */
  gtk_disable_setlocale ();
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tb_application_new (NULL, G_APPLICATION_HANDLES_OPEN);
  status = g_application_run (G_APPLICATION (app), argc, argv);
  if (status == 0 && tb_application_wants_restart (app))
    {
      /* Let go of the bus name first, so that the new process owns it. */
      g_clear_object (&app);
      execv ("/proc/self/exe", argv);
      g_printerr ("tablier: could not start again: %s\n", g_strerror (errno));
    }
  return status;
}
