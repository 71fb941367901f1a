"""``companion terminal``: play a bundled example from the keyboard, the OLED drawn in
the terminal. The camera's events come from the example between your button actions."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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
        default=Language.EN.value,
        help="the language of the screens",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
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
    from companion.ui.settings import UiSettings

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
    settings = UiSettings(language=Language(args.language))
    table, camera = practice_table(text, f"examples/{args.game}.txt", settings)
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
