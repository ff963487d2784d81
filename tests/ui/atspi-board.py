#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""atspi-board.py APP: the accessible tree of the running application.

Run under a display: starts a D-Bus session bus of its own (whose
services' chatter stays off the TAP output), the accessibility bus, then
Tablier, and reads it as a screen reader does
(AT-SPI through pyatspi).  From the start screen it presses Play on the
Versus card and Start in the New Game dialog, then checks that every cell
of the board is an object named after its cell and what is on it, that the
status line is a status bar, and that asking for a hint is announced
there.  Every button has one clean name (no mnemonic underscore, its
label not read a second time), the seats' colour swatches and the move
list's rows are named; then, back on the start screen, a Retournement game
shows its two trays as named groups.  Prints TAP.
"""
import os
import re
import subprocess
import sys
import time

pyatspi = None  # imported once the session bus runs

TIMEOUT = 20.0
checks = []


def check(ok, what):
    checks.append((bool(ok), what))
    print(("ok %d - %s" if ok else "not ok %d - %s") % (len(checks), what), flush=True)
    return ok


def wait_for(find, what):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            found = find()
        except Exception:  # the tree changes under our feet while it settles
            found = None
        if found:
            return found
        time.sleep(0.2)
    sys.exit(print("Bail out! no %s after %.0f s" % (what, TIMEOUT)) or 1)


def descendants(node, depth=0):
    if node is None or depth > 60:
        return
    yield node
    for i in range(node.childCount):
        yield from descendants(node.getChildAtIndex(i), depth + 1)


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name in ("tablier", "Tablier", "io.github.tablier.Tablier"):
            return app
    return None


def find(app, role, name=None, pattern=None):
    for node in descendants(app):
        if node.getRole() != role:
            continue
        if name is not None and node.name != name:
            continue
        if pattern is not None and not re.search(pattern, node.name or ""):
            continue
        return node
    return None


def click(node):
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "activate", "press"):
            return action.doAction(i)
    return action.doAction(0)


def text_of(node):
    """What a screen reader reads of a label: GTK 4.8 puts it in the name."""
    try:
        text = node.queryText().getText(0, -1)
    except NotImplementedError:
        text = ""
    return text or node.name or ""


def check_clean_names(app, frame):
    buttons = [n for n in descendants(frame)
               if n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)]
    leaked = [b.name for b in buttons if "_" in (b.name or "")]
    check(not leaked, "no button name shows a mnemonic (%s)" % leaked)
    swatches = [n.name for n in descendants(frame) if n.getRole() == pyatspi.ROLE_IMAGE]
    doubled = [b.name for b in buttons
               if b.name and re.match(r"^(.+) \1$|^(\w+) .* \2$", b.name)]
    check(not doubled, "no button says its name twice (%s)" % doubled)
    check("Dark" in swatches and "Light" in swatches,
          "the seats' colour swatches are named after their colours (%s)" % swatches)
    rows = [n.name for n in descendants(frame) if n.getRole() == pyatspi.ROLE_LIST_ITEM]
    check("Start position" in rows, "the move list's rows are named (%s)" % rows[:3])
    unnamed_rows = [r for r in rows if not r]
    check(not unnamed_rows, "every list row has a name (%d unnamed)" % len(unnamed_rows))


def check_retournement_trays(app):
    games = wait_for(lambda: find(app, pyatspi.ROLE_PUSH_BUTTON, name="Games"), "Games button")
    click(games)
    play = wait_for(lambda: find(app, pyatspi.ROLE_PUSH_BUTTON, name="Play Retournement"),
                    "Play button of Retournement")
    click(play)
    # The dialog of this game (its title names it), not the one closed before.
    dialog = wait_for(lambda: next((n for n in descendants(app)
                                    if n.getRole() in (pyatspi.ROLE_FRAME, pyatspi.ROLE_DIALOG)
                                    and n.name == "New Game"
                                    and find(n, pyatspi.ROLE_LABEL, name="Retournement")), None),
                      "New Game dialog of Retournement")
    start = wait_for(lambda: find(dialog, pyatspi.ROLE_PUSH_BUTTON, name="Start"),
                     "Start button of the New Game dialog")
    click(start)
    # The board's own objects: walking the whole tree again and again while
    # the dialog closes and the board is rebuilt made GTK 4.8 hand out an
    # object without a path, and the application crashed.
    board = wait_for(lambda: find(app, pyatspi.ROLE_TABLE, name="Board"), "Retournement board")
    time.sleep(1.0)
    trays = wait_for(lambda: [n.name for n in descendants(board)
                              if n.getRole() == pyatspi.ROLE_PANEL
                              and (n.name or "").startswith("Tray of ")] or None, "trays")
    check(len(trays) == 2, "a Retournement board has its two trays (%s)" % trays)
    check(any(re.match(r"^Tray of White: 13 pieces, I1, ", t) for t in trays),
          "White's tray says what it holds (%s)" % trays)


def start_session_bus():
    """A private session bus; its address is the first line it prints."""
    daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = daemon.stdout.readline().strip()
    return daemon


def main():
    app_path = sys.argv[1]
    bus = start_session_bus()
    # pyatspi finds the accessibility bus through the session bus: import late.
    global pyatspi
    import pyatspi
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    env = dict(os.environ, GSETTINGS_BACKEND="memory", LANGUAGE="en", LC_ALL="C.UTF-8")
    env.pop("NO_AT_BRIDGE", None)
    app_process = subprocess.Popen([app_path], env=env)
    try:
        # Under a just-started Xvfb the first connection is sometimes
        # refused ("cannot open display"): launch again, twice at most.
        for _ in range(2):
            time.sleep(1.0)
            if app_process.poll() is None:
                break
            print("# the application exited (%d); launching it again" % app_process.returncode,
                  flush=True)
            app_process = subprocess.Popen([app_path], env=env)
        app = wait_for(find_app, "Tablier on the accessibility bus")
        play = wait_for(lambda: find(app, pyatspi.ROLE_PUSH_BUTTON, pattern=r"^Play Versus \(61"),
                        "Play button of Versus 61")
        check(play, "the start screen has a Play button per game, named after its game")
        check(play.name == "Play Versus (61 hexes)",
              "the Play button's name says it once: %r" % play.name)
        click(play)
        start = wait_for(lambda: find(app, pyatspi.ROLE_PUSH_BUTTON, pattern=r"\bStart$"),
                         "Start button of the New Game dialog")
        click(start)
        board = wait_for(lambda: find(app, pyatspi.ROLE_TABLE, name="Board"), "board")
        # Let the new game's cells come before they are read: GTK 4.8 may
        # hand a screen reader that asks while they are being made an
        # object without a path, and the application dies of it.
        time.sleep(1.0)
        cells = wait_for(lambda: [n for n in descendants(board)
                                  if n.getRole() == pyatspi.ROLE_TABLE_CELL] or None, "cells")
        names = [c.name for c in cells]
        check(len(cells) == 61, "the board has 61 cell objects (%d)" % len(cells))
        check(all(re.match(r"^[a-i][1-9], ", n) for n in names),
              "every cell is named after its cell first")
        check("c1, Dark’s VERSUS" in names, "c1 holds Dark's VERSUS")
        check(any(re.match(r"^b1, Dark’s pawn, worth \d$", n) for n in names),
              "b1 holds a pawn of Dark with its worth")
        check("d5, target, empty" in names, "d5 is an empty target")
        frame = find(app, pyatspi.ROLE_FRAME, name="Tablier")
        unnamed = [n.name for n in descendants(frame) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                   and n.name.startswith("Gtk")]
        check(not unnamed, "every button of the window has a name (unnamed: %s)" % unnamed)
        status = find(app, pyatspi.ROLE_STATUS_BAR)
        check(status is not None, "the status line is a status bar")
        hint = find(app, pyatspi.ROLE_PUSH_BUTTON, pattern=r"\bHint$")
        check(hint is not None, "a Hint button")
        if status is not None and hint is not None:
            click(hint)
            said = wait_for(lambda: (lambda t: t if t.startswith("Hint: ") else None)(text_of(status)),
                            "hint announced")
            check(re.match(r"^Hint: [a-i][1-9]-[a-i][1-9]$", said),
                  "the hint is announced in the status bar: %r" % said)
        check_clean_names(app, frame)
        check_retournement_trays(app)
    finally:
        app_process.terminate()
        app_process.wait(10)
        launcher.terminate()
        bus.terminate()
    print("1..%d" % len(checks))
    return 0 if all(ok for ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
