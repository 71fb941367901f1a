"""``companion demo``: a synthetic session through the real tracker, journal, engine and
screens, drawn in the terminal, with the score sheet at the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from companion.cli import main


def test_the_demo_plays_a_session_to_the_same_game_and_prints_the_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png = tmp_path / "screens"
    code = main(["demo", "--fast", "--game", "oczko", "--events", "8", "--png", str(png)])
    out = capsys.readouterr().out
    assert code == 0
    assert "the game equals the session's script: yes" in out
    assert "events: 8 recorded, 8 in the session's script" in out
    assert "Score sheet:" in out
    assert "duel,settled by,P1,P2,P3,bank" in out
    assert "▀" in out or "▄" in out  # the display was drawn in the terminal
    pictures = sorted(png.glob("screen-*.png"))
    assert len(pictures) >= 8
    with Image.open(pictures[-1]) as last:
        assert last.size == (128, 64)


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
    from companion.tools.demo import DEFAULT_SEED

    assert build_parser().parse_args(["demo"]).seed == DEFAULT_SEED


def test_the_demo_keeps_its_journal_with_state_dir_for_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    assert (
        main(["demo", "--fast", "--game", "oczko", "--events", "8", "--state-dir", str(state)]) == 0
    )
    out = capsys.readouterr().out
    assert f"journal: {state / 'journal.sqlite3'}" in out
    printed_sheet = out.split("Score sheet:\n", 1)[1]
    assert main(["export", "--state-dir", str(state), "--format", "csv"]) == 0
    assert capsys.readouterr().out == printed_sheet


def test_without_state_dir_the_demo_says_where_its_journal_went(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--fast", "--game", "oczko", "--events", "2"]) == 0
    assert "journal: kept in a temporary folder, now removed (--state-dir DIR keeps it)" in (
        capsys.readouterr().out
    )


def test_the_demo_refuses_a_state_dir_it_cannot_make(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["demo", "--fast", "--state-dir", str(blocker / "sub")]) == 2
    assert "--state-dir" in capsys.readouterr().err
