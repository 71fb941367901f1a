"""The box's own moves in the journal (the roster, a new evening): appended and synced like
the events, never changed, read by readers of older journals too, and salvaged with the
rest when the journal is damaged."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from companion.games.events import Action
from companion.games.roster import Roster, fold_roster
from companion.journal.records import BoxRow, Source
from companion.journal.store import JOURNAL_FILE, WAL_SUFFIX, Journal
from tests.journal.helpers import TickingClock

PAGE = 4096
MOVES = ["person add Ania", "person add Bartek", "evening new", "person add Дима"]
BID = Action("bid", ("1", "1"))


def _open(folder: Path) -> Journal:
    return Journal.open(folder / JOURNAL_FILE, clock=TickingClock())


def _lines(journal: Journal) -> list[str]:
    return [row.line for row in journal.box_rows() if isinstance(row, BoxRow)]


def _write(journal: Journal, games: int = 2) -> None:
    """Roster moves between games of many rows (so that they share pages with neither)."""
    for number in range(games):
        journal.append_box(MOVES[number % len(MOVES)])
        game = journal.start_game("game oh-hell players=4")
        for _ in range(40):
            journal.append(game.id, BID, source=Source.BUTTON)
        journal.finish_game(game.id)
    for line in MOVES[games:]:
        journal.append_box(line)


def test_moves_are_kept_in_order_and_never_changed(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        rows = [journal.append_box(line) for line in MOVES]
        assert journal.box_rows() == rows
        assert [row.seq for row in rows] == [1, 2, 3, 4]
        for sql in ("DELETE FROM box_events", "UPDATE box_events SET line = 'x'"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                journal._db.execute(sql)
    with Journal.open_read_only(tmp_path / JOURNAL_FILE) as reader:
        assert fold_roster(_lines(reader)).roster == Roster(("Ania", "Bartek", "Дима"))


def test_a_journal_older_than_the_roster_reads_as_before_and_gains_it(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        game = journal.start_game("game oczko")
        journal.append(game.id, Action("bank", ("10",)), source=Source.BUTTON)
        journal.checkpoint()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    db.executescript(
        "DROP TRIGGER box_events_never_deleted; DROP TRIGGER box_events_never_changed; "
        "DROP TABLE box_events;"
    )
    db.close()
    with Journal.open_read_only(tmp_path / JOURNAL_FILE) as reader:
        assert reader.box_rows() == [] and len(reader.rows(1)) == 1
    with _open(tmp_path) as journal:
        assert journal.moved_aside is None and journal.kept_log is None
        journal.append_box("person add Ola")
        assert _lines(journal) == ["person add Ola"]


def test_a_damaged_main_file_gives_back_the_roster_with_the_games(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        _write(journal)
    path = tmp_path / JOURNAL_FILE
    db = sqlite3.connect(path)
    index = db.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'events_by_game'")
    page = index.fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * PAGE + 100 : (page - 1) * PAGE + 164] = b"\xa5" * 64
    path.write_bytes(bytes(data))
    with _open(tmp_path) as journal:
        assert journal.moved_aside is not None and journal.moved_aside.salvaged is not None
        assert _lines(journal) == MOVES
        assert journal.append_box("person add Ola").seq == len(MOVES) + 1


def test_the_roster_is_read_page_by_page_when_sqlite_cannot(tmp_path: Path) -> None:
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        journal.append_box("person add Ania")
        journal.checkpoint()
        for line in MOVES[1:]:
            journal.append_box(line)
        copy.mkdir()
        for suffix in ("", WAL_SUFFIX):
            shutil.copyfile(live / (JOURNAL_FILE + suffix), copy / (JOURNAL_FILE + suffix))
    data = bytearray((copy / JOURNAL_FILE).read_bytes())
    data[:100] = b"\xa5" * 100  # the header: SQLite cannot read the file at all
    (copy / JOURNAL_FILE).write_bytes(bytes(data))
    with _open(copy) as journal:
        assert journal.moved_aside is not None
        assert _lines(journal) == MOVES


def test_a_damaged_log_puts_back_the_moves_past_the_damage(tmp_path: Path) -> None:
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        game = journal.start_game("game oh-hell players=4")
        for _ in range(30):
            journal.append(game.id, BID, source=Source.BUTTON)
        for line in MOVES:
            journal.append_box(line)
        copy.mkdir()
        for suffix in ("", WAL_SUFFIX):
            shutil.copyfile(live / (JOURNAL_FILE + suffix), copy / (JOURNAL_FILE + suffix))
    wal = copy / (JOURNAL_FILE + WAL_SUFFIX)
    data = bytearray(wal.read_bytes())
    middle = len(data) // 3
    data[middle : middle + 64] = b"\xa5" * 64
    wal.write_bytes(bytes(data))
    with _open(copy) as journal:
        assert journal.kept_log is not None
        assert _lines(journal) == MOVES
