from __future__ import annotations

import io
from importlib import resources

from companion.app.script_camera import practice_table
from companion.cli import build_parser
from companion.cli.terminal import play
from companion.device.buttons import FakeButtons
from companion.device.display import PowerSettings, Screen
from companion.device.terminal import TerminalDevice
from companion.ui.presses import Button, ButtonPress, PressKind


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_subcommand_is_listed_with_its_options() -> None:
    args = build_parser().parse_args(["terminal", "oczko", "--language", "ru"])
    assert (args.game, args.language) == ("oczko", "ru")


def test_the_loop_draws_each_press_in_the_terminal_and_stops_on_shutdown() -> None:
    text = resources.files("companion.examples").joinpath("oh-hell.txt").read_text("utf-8")
    table, camera = practice_table(text, "oh-hell")
    keys = FakeButtons(
        [
            ButtonPress(Button.UP),
            ButtonPress(Button.OK),  # bid 1 1
            ButtonPress(Button.OK, PressKind.LONG),  # the menu
            ButtonPress(Button.UP),  # from the first item up to the last: shut down
            ButtonPress(Button.OK),
            ButtonPress(Button.OK),  # yes
        ]
    )
    out = io.StringIO()
    play(table, camera, keys, Screen(TerminalDevice(out), PowerSettings(), clock=Clock()))
    assert table.stopped
    assert table.game is not None and str(table.game.events[1]) == "bid 1 1"
    assert keys.pending() == 0
    frames = out.getvalue().count("\x1b[H")
    assert frames >= 5  # one picture per press that changed the screen


def test_a_press_on_a_dark_screen_only_wakes_it() -> None:
    text = resources.files("companion.examples").joinpath("oh-hell.txt").read_text("utf-8")
    table, camera = practice_table(text, "oh-hell")
    clock = Clock()
    screen = Screen(TerminalDevice(io.StringIO()), PowerSettings(dark_after=10), clock=clock)
    keys = FakeButtons()
    clock.now = 20.0
    screen.tick()
    keys.push(ButtonPress(Button.OK), ButtonPress(Button.OK))
    play(table, camera, keys, screen, should_stop=lambda: keys.pending() == 0)
    assert table.game is not None
    # two OKs, one bid: the first only woke the screen
    assert [str(e) for e in table.game.events] == ["card trump 8D", "bid 1 0"]
