"""``companion demo``: a synthetic session through the real tracker, journal, engine and
screens, drawn in the terminal, with the score sheet at the end."""

from __future__ import annotations

import os
import signal
import termios
from pathlib import Path

import pytest
from PIL import Image

from companion.cli import main
from companion.device.terminal import HIDE_CURSOR, KEYS_LEGEND, SHOW_CURSOR
from tests.cli.pty_session import ESCAPE, MOVE, read_to_exit, read_until, start_in_terminal


def test_the_demo_plays_a_session_to_the_same_game_and_prints_the_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png = tmp_path / "screens"
    code = main(["demo", "--fast", "--game", "oczko", "--events", "8", "--png", str(png)])
    out = capsys.readouterr().out
    assert code == 0
    assert "Oczko for 3 players" in out
    assert "Recorded: all 8 moves as played, in order; none missed, added or misread." in out
    assert "Played: 8 moves: 5 cards laid, 0 taken away, 3 button presses." in out
    assert "Score sheet:" in out
    assert "duel,settled by,P1,P2,P3,bank" in out
    # stdout is no terminal here: the log lines as plain text, no escape codes
    assert "\x1b" not in out and "new game 1: game oczko" in out
    pictures = sorted(png.glob("screen-*.png"))
    assert len(pictures) >= 8
    with Image.open(pictures[-1]) as last:
        assert last.size == (128, 64)
    # screens.txt: each picture's name and the lines drawn on it, in the order shown
    blocks = (png / "screens.txt").read_text("utf-8").split("\n\n")
    assert [block.splitlines()[0] for block in blocks] == [path.name for path in pictures]
    assert blocks[-1].splitlines()[1:] == [
        "Round 1/4  Bank 10",
        "P2  stake 4",
        "10♥ 9♥  19",
        "Banker  P1",
        "7♠ 10♠  17",
        "Banker may not draw",
    ]


def test_demo_is_the_default_command() -> None:
    from companion.cli import build_parser

    parser = build_parser()
    assert parser.parse_args([]).command is None
    assert parser.parse_args(["demo"]).run.__module__ == "companion.cli.demo"


def test_the_demo_refuses_a_png_folder_it_cannot_make(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["demo", "--fast", "--png", str(blocker / "sub")]) == 2
    assert "--png" in capsys.readouterr().err


def test_the_command_line_plays_the_demos_own_session_by_default() -> None:
    from companion.cli import build_parser
    from companion.demo.play import DEFAULT_SEED

    assert build_parser().parse_args(["demo"]).seed == DEFAULT_SEED


def test_the_demo_keeps_its_journal_with_state_dir_for_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    assert (
        main(["demo", "--fast", "--game", "oczko", "--events", "8", "--state-dir", str(state)]) == 0
    )
    out = capsys.readouterr().out
    assert f"Kept: {state / 'journal.sqlite3'}" in out.replace("\n  ", " ")
    printed_sheet = out.split("Score sheet:\n", 1)[1]
    assert main(["export", "--state-dir", str(state), "--format", "csv"]) == 0
    assert capsys.readouterr().out == printed_sheet


def test_without_state_dir_the_demo_says_where_its_journal_went(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--fast", "--game", "oczko", "--events", "2"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "the journal was in a temporary folder, now removed (--state-dir DIR keeps it)" in out


def test_the_demo_refuses_a_state_dir_it_cannot_make(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["demo", "--fast", "--state-dir", str(blocker / "sub")]) == 2
    assert "--state-dir" in capsys.readouterr().err


def test_the_demo_fits_an_80x24_terminal_with_the_screens_lines_and_the_keys_under_them() -> None:
    """In 80x24 braille dots cannot be read: the screen is drawn as the lines it shows."""
    process, leader, follower = start_in_terminal(
        ["demo", "--fast", "--game", "oczko", "--events", "6"], 80, 24
    )
    try:
        shown = read_until(leader, b"Score sheet:", 300).decode("utf-8", "replace")
        assert process.wait(60) == 0
    finally:
        os.close(leader)
        os.close(follower)
    drawing = shown.split("Score sheet:")[0]
    assert KEYS_LEGEND in drawing
    assert chr(0x2800) not in drawing  # no braille cells
    assert "Round 1/4  Bank 10" in drawing  # the screen's title line, as text
    assert "P2  stake 4" in drawing
    rows = [int(row) for row, _ in MOVE.findall(drawing)]
    assert rows and max(rows) <= 24
    for line in ESCAPE.sub("\n", drawing).split("\n"):
        assert len(line.rstrip("\r")) <= 80, line


def test_the_demo_gives_the_cursor_and_the_line_mode_back_after_ctrl_c() -> None:
    process, leader, follower = start_in_terminal(["demo", "--fast"], 80, 24)
    try:
        shown = read_until(leader, KEYS_LEGEND.encode(), 120)
        assert KEYS_LEGEND.encode() in shown
        assert not termios.tcgetattr(follower)[3] & termios.ICANON  # keys read one by one
        process.send_signal(signal.SIGINT)
        shown += read_to_exit(leader, process, 60)
        assert process.wait(30) == 130
        assert termios.tcgetattr(follower)[3] & termios.ICANON  # the line mode is back
    finally:
        os.close(leader)
        os.close(follower)
    assert shown.rfind(SHOW_CURSOR.encode()) > shown.rfind(HIDE_CURSOR.encode()) >= 0
    assert b"Traceback" not in shown
