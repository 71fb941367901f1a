"""``companion simulate`` on bad scripts: a clear message naming the line, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main


def _simulate(tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    script = tmp_path / "game.txt"
    script.write_text(text, "utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "companion", "simulate", str(script), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.returncode, result.stdout, result.stderr


def test_garbage_line_is_exit_2_with_line_number_and_reason(tmp_path: Path) -> None:
    code, _, err = _simulate(tmp_path, "game oh-hell players=4\n# a comment\n\n%%% garbage\n")
    assert code == 2
    assert "line 4" in err
    assert '"%%% garbage"' in err
    assert "Traceback" not in err


def test_bad_card_in_a_camera_event_is_exit_2(tmp_path: Path) -> None:
    code, _, err = _simulate(tmp_path, "game oh-hell\ncard trump 1X\n")
    assert code == 2
    assert "line 2" in err and '"1X" is not a card' in err


def test_unknown_game_names_the_header_line(tmp_path: Path) -> None:
    code, _, err = _simulate(tmp_path, "\n# notes\ngame poker players=4\n")
    assert code == 2
    assert "line 3" in err and 'unknown game "poker"' in err


def test_missing_header_is_refused(tmp_path: Path) -> None:
    code, _, err = _simulate(tmp_path, "bid 1 2\n")
    assert code == 2
    assert "the first line must be" in err


def test_empty_script_is_refused(tmp_path: Path) -> None:
    code, _, err = _simulate(tmp_path, "# nothing here\n")
    assert code == 2
    assert 'no "game" line' in err


def test_missing_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", str(tmp_path / "nope.txt")])
    err = capsys.readouterr().err
    assert code == 2
    assert "nope.txt" in err and "No such file" in err


def test_game_line_twice_is_refused(tmp_path: Path) -> None:
    code, _, err = _simulate(tmp_path, "game oh-hell\ngame oczko\n")
    assert code == 2
    assert "line 2" in err and "first line" in err


@pytest.mark.parametrize("data", [b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "game oczko".encode("utf-16")])
def test_a_binary_file_is_not_a_text_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes
) -> None:
    path = tmp_path / "photo.png"
    path.write_bytes(data)
    assert main(["simulate", str(path)]) == 2
    error = capsys.readouterr().err
    assert f"companion simulate: {path} is not a text event script" in error
