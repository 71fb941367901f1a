"""``python -m companion.tools.crash_test`` prints the figures and exits 0 when nothing was lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.journal.lock import WriterLock
from companion.tools.crash_test import main


def test_crash_test_prints_zero_lost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--trials", "3", "--game", "oczko", "--state-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "trials (SIGKILL at a random moment): 3" in out
    assert "shown events lost: 0" in out
    assert (tmp_path / "journal.sqlite3").exists()


def test_crash_test_refuses_no_trials(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["--trials", "0"])
    assert raised.value.code == 2
    assert "--trials" in capsys.readouterr().err


def test_crash_test_on_a_folder_another_process_writes_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    held = WriterLock.take(tmp_path)
    try:
        code = main(["--trials", "1", "--state-dir", str(tmp_path)])
    finally:
        held.release()
    assert code == 1
    assert f"pid {os.getpid()}" in capsys.readouterr().err


def test_first_start_kills_print_their_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "--first-start",
            "--trials",
            "2",
            "--child",
            "journal",
            "--state-dir",
            str(tmp_path),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "first starts killed (SIGKILL over" in out and "restarts refused: 0" in out
