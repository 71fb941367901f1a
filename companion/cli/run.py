"""``companion run``: the kiosk. Camera -> mat and tracker -> journal -> engine ->
screens -> display, and buttons -> menus -> journal, in one process until SIGTERM."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from companion.cli.config import add_config_argument

EXIT_OK, EXIT_FAILED, EXIT_BAD_CONFIG = 0, 1, 2
# "Shut down" chosen in the menu: the service's unit lists it in SuccessExitStatus= (no
# restart, no failure) and its ExecStopPost= powers the Pi off on it. Outside 0-2 (ours
# above), 64-78 (sysexits.h) and 126-255 (shells, signals, systemd's own 200-243).
EXIT_POWER_OFF = 10
# How long the goodbye screen stays before the process ends (and luma darkens the panel).
GOODBYE_S = 1.5
# systemd sets it for every process of a service; its absence means a terminal.
SERVICE_MARK = "INVOCATION_ID"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "run",
        help="run the companion at the table (the systemd service's command)",
        description="Read the table with the camera, keep every event in the journal, show "
        "the game on the display and take the buttons, until SIGTERM. Resumes the last "
        "unfinished game. Without a camera (source none, or it fails) cards are entered "
        "from the menus: a long OK on the game's screen. Shut down in the menu ends it "
        f"with exit status {EXIT_POWER_OFF}, on which the systemd unit powers the machine off.",
    )
    add_config_argument(parser)
    parser.add_argument(
        "--scripted",
        type=Path,
        default=None,
        metavar="SCRIPT",
        help="for tests: play this event script for ever with fake buttons and no camera "
        "(the crash test's session)",
    )
    parser.add_argument(
        "--scripted-gap",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="for tests: with --scripted, wait this long between two steps (a table's pace; "
        "the SD card's writes an hour are measured so)",
    )
    parser.add_argument(
        "--report-shown",
        action="store_true",
        help="for tests: print 'ready' after the first screen and 'shown GAME SEQ' once "
        "each journal row's effect is on the screen",
    )
    parser.set_defaults(run=run)


def log(line: str) -> None:
    print(f"companion run: {line}", file=sys.stderr, flush=True)


def out(line: str) -> None:
    print(line, flush=True)


def run(args: argparse.Namespace) -> int:
    from companion.app.assembly import Listener, SideFeed, assemble
    from companion.app.config import ConfigError, load_config
    from companion.journal.store import JournalError

    try:
        loaded = load_config(args.config)
    except ConfigError as error:
        print(f"companion run: {error}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    for note in loaded.notes:
        log(note)
    config = loaded.config
    if args.scripted is not None and not args.scripted.is_file():
        print(f"companion run: --scripted {args.scripted}: no such file", file=sys.stderr)
        return EXIT_BAD_CONFIG
    feed: SideFeed | None = None
    listener: Listener | None = None
    if args.scripted is not None or args.report_shown:
        from companion.app.scripted import ScriptedSession, shown_reporter

        feed = (
            None
            if args.scripted is None
            else ScriptedSession(args.scripted, gap_s=args.scripted_gap)
        )
        listener = shown_reporter(out) if args.report_shown else None
    try:
        assembled = assemble(config, log=log, feed=feed, listener=listener)
    except JournalError as error:
        print(f"companion run: {error}", file=sys.stderr)
        return EXIT_FAILED
    stop = assembled.runner.stop
    previous = signal.signal(signal.SIGTERM, lambda number, frame: stop.set())
    try:
        assembled.runner.run()
        if assembled.runner.kiosk.table.shutdown_asked:
            time.sleep(GOODBYE_S)  # the goodbye screen, up a moment before the panel goes dark
    except KeyboardInterrupt:
        pass
    except JournalError as error:
        log(str(error))
        return EXIT_FAILED
    finally:
        signal.signal(signal.SIGTERM, previous)
        assembled.close()
    if assembled.runner.kiosk.table.shutdown_asked:
        log(power_off_line(under_systemd=SERVICE_MARK in os.environ))
        return EXIT_POWER_OFF
    return EXIT_OK


def power_off_line(*, under_systemd: bool) -> str:
    """What ``run`` says as it exits for a Shutdown from the menu."""
    said = f"shut down from the menu: exit status {EXIT_POWER_OFF}"
    if under_systemd:
        return f"{said}, on which the service powers the machine off"
    return f"{said}; not a systemd service, so the machine stays on"
