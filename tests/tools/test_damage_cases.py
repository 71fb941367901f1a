"""The damage cases' report: each case opened as ``run`` opens it, and what it said."""

from __future__ import annotations

import pytest

from companion.tools.damage_cases import CASES, main


def test_every_case_reports_what_was_said_and_kept(capsys: pytest.CaptureFixture[str]) -> None:
    assert main() == 0
    out = capsys.readouterr().out
    sections = out.split("## ")[1:]
    assert [section.splitlines()[0] for section in sections] == [title for title, _ in CASES]
    said = {section.splitlines()[0]: section for section in sections}
    assert "moved aside with its -wal and -shm" in said["6 empty main file beside a live -wal"]
    assert "and 360 event rows" in said["7 index page damaged"]
    assert "not salvaged: event rows" in said["7 events table page damaged"]
    assert "the log is kept at" in said["8 -wal damaged after a checkpoint"]
    unwritable = said["9 state folder not writable"]
    assert "the journal was left untouched" in unwritable
    assert "journal now holds: 3 games (1 unfinished), 360 rows" in unwritable
