# SPDX-License-Identifier: GPL-3.0-or-later
# bench-store-collection.awk: gives games played at random the look of a
# real collection, for build-aux/bench-store: a date in the ten years to
# 2026, two of 400 players, and in one game of 20 a comment after the
# first move.  The same input always gives the same output.
BEGIN {
  split("Alice Bruno Camille Denis Élodie Fanny Gaël Hugo Inès Jules " \
        "Karim Léa Marc Nina Olivier Pauline Quentin Rose Sami Théo", first, " ")
  split("Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau " \
        "Simon Laurent Lefebvre Michel Garcia David Bertrand Roux Vincent Fournier", last, " ")
  split("a sharp attraction|the VERSUS is trapped|a blunder that loses a target|" \
        "a quiet opening move|the decisive sacrifice|an endgame study", notes, "|")
  game = 0
  srand(7)
}
/^\[Event / { game++; commented = (game % 20 == 0); noted = 0 }
/^\[Date / {
  printf "[Date \"%04d.%02d.%02d\"]\n", 2016 + int(rand() * 11), 1 + int(rand() * 12), 1 + int(rand() * 28)
  next
}
/^\[Player[12] / {
  n = int(rand() * 400)
  printf "%s \"%s %s\"]\n", $1, first[1 + n % 20], last[1 + int(n / 20)]
  next
}
commented && !noted && /^1\. [^ ]+ / {
  sub(/^1\. [^ ]+ /, "& {" notes[1 + game % 6] "} ")
  noted = 1
}
{ print }
