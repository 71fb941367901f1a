"""``companion terminal``: play a bundled example from the keyboard, the OLED drawn in
the terminal. The camera's events come from the example between your button actions.
``--config`` gives the screens' settings, ``--state-dir`` a journal kept on disk."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.config import add_config_argument
from companion.games.registry import game_ids, plugin
from companion.values.language import Language

if TYPE_CHECKING:
    from companion.app.script_camera import ScriptCamera
    from companion.app.table import Table
    from companion.device.buttons import ButtonSource
    from companion.device.display import Screen

ROWS_BELOW = 2  # the keys' legend and the cursor's line
KEYS_HELP = (
    "keys: arrows or u/d = UP/DOWN, Enter/o = OK, Backspace/Esc/b = BACK; "
    "long press: Alt+Enter, Alt+Backspace, O or B; Ctrl-C quits"
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "terminal",
        help="play an example game from the keyboard with the screen drawn in the terminal",
        description=KEYS_HELP,
    )
    parser.add_argument(
        "game", nargs="?", default="oh-hell", choices=game_ids(), help="the example game to play"
    )
    parser.add_argument(
        "--language",
        choices=[language.value for language in Language],
        default=None,
        help="the language of the screens (default: the config's [ui] language, else en)",
    )
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=None,
        help="keep the journal (and the menu's settings) in this folder: its unfinished "
        "game is resumed, games are kept as `companion run` keeps them (default: in memory)",
    )
    add_config_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.app.assembly import ui_settings
    from companion.app.config import ConfigError, load_config
    from companion.app.saved_settings import SETTINGS_FILE, SavedSettings
    from companion.app.script_camera import practice_table
    from companion.device.display import Screen
    from companion.device.terminal import (
        KEYS_LEGEND,
        TerminalDevice,
        TerminalKeys,
        fitting_scale,
        restored_on_signals,
        terminal_size,
        too_small,
    )
    from companion.journal.store import JOURNAL_FILE, Journal, JournalError

    try:
        settings = ui_settings(load_config(args.config).config)
    except ConfigError as error:
        print(f"companion terminal: {error}", file=sys.stderr)
        return 2
    saved = None
    if args.state_dir is not None:
        saved = SavedSettings(args.state_dir / SETTINGS_FILE, log=lambda line: None)
        settings = saved.load(settings)
    if args.language is not None:
        settings = dataclasses.replace(settings, language=Language(args.language))
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print(
            "companion terminal: the keys are read from a terminal and the screen drawn in "
            "one (stdin or stdout is not one)"
        )
        return 2
    columns, rows = terminal_size(sys.stdout)
    scale = fitting_scale(columns, rows, rows_below=ROWS_BELOW)
    if scale is None:
        print(f"companion terminal: {too_small(columns, rows, rows_below=ROWS_BELOW)}")
        return 2
    text = plugin(args.game).example_text()
    try:
        journal = (
            Journal.in_memory()
            if args.state_dir is None
            else Journal.open(args.state_dir / JOURNAL_FILE)
        )
    except JournalError as error:
        print(f"companion terminal: {error}", file=sys.stderr)
        return 1
    table, camera = practice_table(
        text,
        f"examples/{args.game}.txt",
        settings,
        journal=journal,
        on_settings=None if saved is None else saved.save,
    )
    keys = TerminalKeys()
    device = TerminalDevice(sys.stdout, scale=scale, legend=KEYS_LEGEND, hide_cursor=True)
    screen = Screen(device, settings)
    try:
        with restored_on_signals():
            play(table, camera, keys, screen, should_stop=lambda: keys.ended)
    except KeyboardInterrupt:
        pass
    finally:
        keys.close()
        device.close()
        journal.close()
    print()
    return 0


def play(
    table: Table,
    camera: ScriptCamera,
    keys: ButtonSource,
    screen: Screen,
    *,
    idle_wait: float = 1.0,
    should_stop: Callable[[], bool] = lambda: False,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """The loop: draw, wait for a press (a press on a dark screen only wakes it), act,
    and let the script's camera bring the table up to its next button action. Ends on
    shutdown or when ``should_stop`` says so."""
    screen.show(table.picture())
    while not table.stopped and not should_stop():
        press = keys.next_press(timeout=idle_wait)
        screen.tick()
        if press is None:
            continue
        if screen.touch():
            continue
        table.press(press)
        camera.feed(table)
        screen.show(table.picture())
