#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# own-display.sh PROGRAM [ARGS...]: runs a display test on an X server and
# a D-Bus session of its own, so that display tests can run side by side
# (on one shared display their windows overlapped and sent each other
# crossing events: a board's pointer would leave it).  Xvfb picks a free
# display number itself (-displayfd), so two of these never race for one.
set -u

dir=$(mktemp -d "${TMPDIR:-/tmp}/tablier-display.XXXXXX")
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$dir/display" 2>"$dir/log" &
xvfb=$!
cleanup () {
  kill "$xvfb" 2>/dev/null
  wait "$xvfb" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The display number is written once the server accepts connections.
tries=0
while ! grep -q '^[0-9]' "$dir/display" 2>/dev/null; do
  if ! kill -0 "$xvfb" 2>/dev/null || [ $tries -ge 200 ]; then
    echo "Bail out! no X server for the display test:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  tries=$((tries + 1))
  sleep 0.05
done
DISPLAY=":$(head -n 1 "$dir/display")"
export DISPLAY

dbus-run-session -- "$@"
