"""``companion crash-test`` prints the figures and exits 0 when nothing was lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


def test_crash_test_prints_zero_lost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["crash-test", "--trials", "3", "--game", "oczko", "--state-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "trials (SIGKILL at a random moment): 3" in out
    assert "shown events lost: 0" in out
    assert (tmp_path / "journal.sqlite3").exists()


def test_crash_test_refuses_no_trials(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["crash-test", "--trials", "0"])
    assert raised.value.code == 2
    assert "--trials" in capsys.readouterr().err
