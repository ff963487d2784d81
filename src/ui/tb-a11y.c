/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-a11y.c: names for screen readers where GTK 4.8 gives none */
#include "config.h"

#include "tb-a11y.h"

/* "_Put Back" as a person reads it: "Put Back" ("__" is a '_'). */
char *
tb_a11y_strip_mnemonic (const char *label)
{
  GString *clean = g_string_new (NULL);

  for (const char *p = label; *p; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (clean, *p);
    }
  return g_string_free (clean, FALSE);
}

void
tb_a11y_mark_named (GtkWidget *button)
{
  g_object_set_data (G_OBJECT (button), "tb-a11y-named", GINT_TO_POINTER (TRUE));
}

/* GTK 4.8 names a button after its label as written, mnemonic and all
 * ("_Put Back"), and shows the label inside it too, so that a screen
 * reader says both ("_Put Back Put Back"). */
static void
tidy_button (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);

  if (label == NULL)
    return;
  if (!g_object_get_data (G_OBJECT (button), "tb-a11y-named"))
    {
      g_autofree char *clean = gtk_button_get_use_underline (button)
                                 ? tb_a11y_strip_mnemonic (label)
                                 : g_strdup (label);

      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      clean, -1);
    }
  /* GTK 4.8 also has the button labelled by its label, whose words it
   * then adds to the name ("Play RA Play"). */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  /* The label inside is not marked hidden: GTK 4.8 still counts a hidden
   * child among its parent's and hands a screen reader asking for it an
   * object without a path, which crashed the application. */
}

void
tb_a11y_tidy_buttons (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_BUTTON (root))
    tidy_button (GTK_BUTTON (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    tb_a11y_tidy_buttons (child);
}

void
tb_name_button_widget (GtkWidget *widget, const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      {
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        name, -1);
        /* Its name once: not again from what labels it ("More Filters
         * More Filters"). */
        gtk_accessible_reset_relation (GTK_ACCESSIBLE (child),
                                       GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      }
}
