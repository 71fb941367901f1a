from __future__ import annotations

import io
import os
import signal
import termios
from pathlib import Path

from companion.app.script_camera import practice_table
from companion.cli import build_parser
from companion.cli.terminal import play
from companion.device.buttons import FakeButtons
from companion.device.display import Screen
from companion.device.terminal import HIDE_CURSOR, KEYS_LEGEND, SHOW_CURSOR, TerminalDevice
from companion.games.registry import plugin
from companion.journal.store import JOURNAL_FILE, Journal
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from tests.cli.pty_session import ESCAPE, MOVE, read_to_exit, read_until, start_in_terminal


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_subcommand_is_listed_with_its_options() -> None:
    args = build_parser().parse_args(["terminal", "oczko", "--language", "ru"])
    assert (args.game, args.language) == ("oczko", "ru")
    args = build_parser().parse_args(
        ["terminal", "--config", "c.toml", "--state-dir", "/tmp/table"]
    )
    assert (args.config, args.state_dir) == (Path("c.toml"), Path("/tmp/table"))


def test_with_a_state_folder_the_game_is_kept_and_resumed(tmp_path: Path) -> None:
    text = plugin("oh-hell").example_text()
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        table, camera = practice_table(text, "oh-hell", journal=journal)
        table.press(ButtonPress(Button.UP))
        table.press(ButtonPress(Button.OK))  # bid 1 1, the script's
        camera.feed(table)
        played = [str(event) for event in table.game.events] if table.game else []
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        again, camera = practice_table(text, "oh-hell", journal=journal)
        assert again.game is not None and [str(e) for e in again.game.events] == played
        assert camera.following  # still the script's own game: its camera goes on
        assert len(journal.games()) == 1


def test_a_bad_config_is_named_before_the_terminal_is_touched(tmp_path: Path) -> None:
    config = tmp_path / "bad.toml"
    config.write_text("[ui]\nlanguage = 'de'\n", "utf-8")
    process, leader, follower = start_in_terminal(["terminal", "--config", str(config)], 80, 24)
    try:
        shown = read_to_exit(leader, process, 60)
        assert process.wait(20) == 2
    finally:
        os.close(leader)
        os.close(follower)
    assert b"language" in shown and b"de" in shown


def test_the_loop_draws_each_press_in_the_terminal_and_stops_on_shutdown() -> None:
    text = plugin("oh-hell").example_text()
    table, camera = practice_table(text, "oh-hell")
    keys = FakeButtons(
        [
            ButtonPress(Button.UP),
            ButtonPress(Button.OK),  # bid 1 1
            ButtonPress(Button.OK, PressKind.LONG),  # the menu
            ButtonPress(Button.UP),  # from the first item up round to the last: shut down
            ButtonPress(Button.OK),  # asked: the answer starts on no
            ButtonPress(Button.DOWN),  # yes
            ButtonPress(Button.OK),
        ]
    )
    out = io.StringIO()
    play(table, camera, keys, Screen(TerminalDevice(out), clock=Clock()))
    assert table.stopped
    assert table.game is not None and str(table.game.events[1]) == "bid 1 1"
    assert keys.pending() == 0
    frames = out.getvalue().count("\x1b[H")
    assert frames >= 5  # one picture per press that changed the screen


def test_a_press_on_a_dark_screen_only_wakes_it() -> None:
    text = plugin("oh-hell").example_text()
    table, camera = practice_table(text, "oh-hell")
    clock = Clock()
    screen = Screen(TerminalDevice(io.StringIO()), UiSettings(dark_after=10), clock=clock)
    keys = FakeButtons()
    clock.now = 20.0
    screen.tick()
    keys.push(ButtonPress(Button.OK), ButtonPress(Button.OK))
    play(table, camera, keys, screen, should_stop=lambda: keys.pending() == 0)
    assert table.game is not None
    # two OKs, one bid: the first only woke the screen
    assert [str(e) for e in table.game.events] == ["card trump 8D", "bid 1 0"]


def test_in_an_80x24_terminal_the_screen_fits_with_the_keys_under_it() -> None:
    process, leader, follower = start_in_terminal(["terminal", "oczko"], 80, 24)
    try:
        shown = read_until(leader, KEYS_LEGEND.encode(), 60)
        process.send_signal(signal.SIGINT)
        shown += read_to_exit(leader, process, 60)
        assert process.wait(20) == 0
        assert termios.tcgetattr(follower)[3] & termios.ICANON
    finally:
        os.close(leader)
        os.close(follower)
    text = shown.decode("utf-8", "replace")
    assert KEYS_LEGEND in text and chr(0x2800) in text
    assert max(int(row) for row, _ in MOVE.findall(text)) <= 24
    assert all(len(line.rstrip("\r")) <= 80 for line in ESCAPE.sub("\n", text).split("\n"))
    assert text.rfind(SHOW_CURSOR) > text.rfind(HIDE_CURSOR) >= 0


def test_a_terminal_too_small_is_told_the_size_the_screen_needs() -> None:
    process, leader, follower = start_in_terminal(["terminal", "oczko"], 60, 20)
    try:
        shown = read_until(leader, b"this one is", 60)
        assert process.wait(20) == 2
    finally:
        os.close(leader)
        os.close(follower)
    assert b"at least 66x20" in shown and b"this one is 60x20" in shown
