/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-text-fold.h: names made comparable whatever their case and accents
 *
 * What a person types to find a player ("elodie", "ELODIE", "Élodie")
 * and the name as stored ("Élodie Martin") fold to the same text, so that
 * a search compares folded names.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* text in compatibility decomposition (a ligature becomes its letters),
 * without combining marks (accents), case-folded (ß becomes ss), with the
 * dotless i as an i and runs of white space as one space, trimmed.  Text
 * that is not UTF-8 folds to its valid part. */
char *tb_text_fold (const char *text);

/* pattern for SQL's LIKE … ESCAPE '\' that finds text anywhere: % and _
 * in text are literal. */
char *tb_text_like_anywhere (const char *text);

G_END_DECLS
