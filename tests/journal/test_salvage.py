"""Salvage reads a damaged set through a scratch copy and never changes the set itself."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from companion.games.events import Action
from companion.journal.records import Source
from companion.journal.salvage import salvage
from companion.journal.store import APPLICATION_ID, JOURNAL_FILE, WAL_SUFFIX, Journal
from tests.journal.helpers import TickingClock


def _set(tmp_path: Path) -> tuple[Path, Path]:
    live, kept = tmp_path / "live", tmp_path / "kept"
    kept.mkdir()
    with Journal.open(live / JOURNAL_FILE, clock=TickingClock()) as journal:
        journal.checkpoint_every = timedelta(days=1)
        game = journal.start_game("game oh-hell players=4")
        for _ in range(7):
            journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
        for suffix in ("", WAL_SUFFIX):
            shutil.copyfile(live / (JOURNAL_FILE + suffix), kept / (JOURNAL_FILE + suffix))
    return kept / JOURNAL_FILE, kept / (JOURNAL_FILE + WAL_SUFFIX)


def test_the_set_is_read_through_a_copy_and_left_as_it_was(tmp_path: Path) -> None:
    main, wal = _set(tmp_path)
    main.write_bytes(b"")  # SQLite would delete the log beside an empty main file
    before = {path.name: path.read_bytes() for path in main.parent.iterdir()}
    found = salvage(main, wal, application_id=APPLICATION_ID)
    assert len(found.games) == 1 and len(found.events) == 7 and not found.unread
    assert {path.name: path.read_bytes() for path in main.parent.iterdir()} == before


def test_a_foreign_mark_or_no_log_salvages_nothing_and_says_why(tmp_path: Path) -> None:
    main, wal = _set(tmp_path)
    assert str(salvage(main, wal, application_id=1)) == (
        "nothing could be salvaged; not salvaged: it is not a journal"
    )
    main.write_bytes(b"")
    wal.unlink()
    assert "the main file is empty and no -wal" in str(
        salvage(main, None, application_id=APPLICATION_ID)
    )
