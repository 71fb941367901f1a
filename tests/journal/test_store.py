"""The SQLite store: durable settings, append-only rows, damaged files moved aside, full disk."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.games.events import Action, parse_event
from companion.journal.records import BadRow, EventRow, RowKind, Source
from companion.journal.store import (
    JOURNAL_FILE,
    Journal,
    JournalError,
    JournalFull,
    UnknownGame,
)
from tests.journal.helpers import TickingClock


def _open(tmp_path: Path, **kwargs: object) -> Journal:
    return Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock(), **kwargs)  # type: ignore[arg-type]


def test_the_journal_is_wal_with_full_sync(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        db = journal._db
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_appended_rows_carry_time_source_and_game(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        first = journal.start_game("game oh-hell players=4")
        second = journal.start_game("game oczko players=3")
        row = journal.append(first.id, parse_event("card trump 8D"), source=Source.CAMERA)
        journal.append(second.id, Action("bank", ("10",)), source=Source.BUTTON)
        journal.append(first.id, Action("bid", ("1", "1")), source=Source.BUTTON)
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        rows = journal.rows(first.id)
        assert [r.line for r in rows if isinstance(r, EventRow)] == ["card trump 8D", "bid 1 1"]
        assert [r.source for r in rows if isinstance(r, EventRow)] == [
            Source.CAMERA,
            Source.BUTTON,
        ]
        assert rows[0] == row
        assert row.at > first.started
        assert [game.header for game in journal.games()] == [
            "game oh-hell players=4",
            "game oczko players=3",
        ]


def test_rows_are_never_updated_or_deleted(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        game = journal.start_game("game oh-hell players=4")
        journal.append(game.id, parse_event("card trump 8D"), source=Source.CAMERA)
        for sql in ("DELETE FROM events", "UPDATE events SET line = 'bid 0 0'"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                journal._db.execute(sql)
        assert len(journal.rows(game.id)) == 1


def test_undo_is_a_row_of_its_own(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        game = journal.start_game("game oh-hell players=4")
        row = journal.append(game.id, parse_event("card trump 8D"), source=Source.CAMERA)
        undo = journal.append_undo(game.id, row.seq, source=Source.BUTTON)
        rows = journal.rows(game.id)
    assert rows == [row, undo]
    assert undo.kind is RowKind.UNDO and undo.undoes == row.seq


def test_unknown_game_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        with pytest.raises(UnknownGame, match="no game 7"):
            journal.append(7, parse_event("card trump 8D"), source=Source.CAMERA)
        with pytest.raises(UnknownGame, match="no game 7"):
            journal.rows(7)
        assert journal._db.execute("SELECT count(*) FROM events").fetchone()[0] == 0


def test_last_unfinished_game_skips_finished_ones(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        assert journal.last_unfinished() is None
        first = journal.start_game("game oh-hell players=4")
        second = journal.start_game("game oczko players=3")
        journal.finish_game(second.id)
        unfinished = journal.last_unfinished()
        assert unfinished is not None and unfinished.id == first.id
        assert journal.game(second.id).is_finished
        last = journal.last_game()
        assert last is not None and last.id == second.id


def test_a_damaged_database_is_moved_aside_and_named(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        game = journal.start_game("game oh-hell players=4")
        for _ in range(300):
            journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
    path = tmp_path / JOURNAL_FILE
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 2 + 512] = b"\xa5" * 512  # scribble over a b-tree page
    path.write_bytes(bytes(data))
    original = bytes(data)
    with _open(tmp_path) as journal:
        moved = journal.moved_aside
        assert moved is not None
        assert moved.moved_to.read_bytes() == original
        assert moved.moved_to.name.startswith(JOURNAL_FILE + ".moved-20261126T")
        assert "integrity_check" in moved.reason or "malformed" in moved.reason
        assert str(moved.moved_to) in str(moved)
        # the scribble hit the events table's root: SQLite reads none of its rows, the
        # page reader every leaf below it
        assert [g.header for g in journal.games()] == ["game oh-hell players=4"]
        assert [row.seq for row in journal.rows(game.id)] == list(range(1, 301))
        assert "1 game (1 unfinished) and 300 event rows (300 of them read page by page)" in str(
            moved
        )
        assert "not salvaged" not in str(moved)
        journal.start_game("game oczko players=3")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"these are my holiday notes\n" * 200, "SQLite"),
        (None, "foreign SQLite database"),
    ],
)
def test_a_foreign_file_is_moved_aside(tmp_path: Path, content: bytes | None, reason: str) -> None:
    path = tmp_path / JOURNAL_FILE
    if content is None:
        other = sqlite3.connect(path)
        other.execute("CREATE TABLE photos (name TEXT)")
        other.commit()
        other.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    with _open(tmp_path) as journal:
        assert journal.moved_aside is not None
        assert reason in journal.moved_aside.reason
        assert journal.moved_aside.moved_to.read_bytes() == before
        journal.start_game("game oh-hell players=4")


def test_an_empty_file_becomes_the_journal(tmp_path: Path) -> None:
    (tmp_path / JOURNAL_FILE).write_bytes(b"")
    with _open(tmp_path) as journal:
        assert journal.moved_aside is None
        journal.start_game("game oh-hell players=4")


def test_two_moves_in_the_same_second_keep_both_files(tmp_path: Path) -> None:
    class FrozenClock:
        def __call__(self) -> object:
            return TickingClock().now

    path = tmp_path / JOURNAL_FILE
    targets = []
    for text in (b"first foreign file" * 100, b"second foreign file" * 100):
        path.write_bytes(text)
        with Journal.open(path, clock=FrozenClock()) as journal:  # type: ignore[arg-type]
            assert journal.moved_aside is not None
            targets.append(journal.moved_aside.moved_to)
    assert targets[0] != targets[1]
    assert all(target.exists() for target in targets)


def test_a_full_disk_is_a_clear_error_and_the_journal_stays_intact(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    with _open(tmp_path, page_limit=pages + 2) as journal:
        game = journal.start_game("game oh-hell players=4")
        written = []
        with pytest.raises(JournalFull) as raised:
            for number in range(10_000):
                event = Action("note", (f"{number:06d}" + "x" * 200,))
                written.append(journal.append(game.id, event, source=Source.BUTTON))
        assert "is full" in str(raised.value) and str(tmp_path / JOURNAL_FILE) in str(raised.value)
        assert "was not recorded" in str(raised.value)
        assert 0 < len(written) < 10_000
        assert journal.rows(game.id) == written
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        assert journal.moved_aside is None
        assert journal.rows(game.id) == written
        assert journal._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_an_unreadable_row_is_a_bad_row_not_a_crash(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        game = journal.start_game("game oh-hell players=4")
        journal._db.execute(
            "INSERT INTO events (game, at, source, kind, line) VALUES (?, 'noon', 'camera', "
            "'event', 'card trump 8D')",
            (game.id,),
        )
        (row,) = journal.rows(game.id)
    assert isinstance(row, BadRow)
    assert "unreadable row" in str(row) and "card trump 8D" in str(row)


def test_read_only_opening_reports_damage_without_moving(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL_FILE
    with pytest.raises(JournalError, match="no journal at"):
        Journal.open_read_only(path)
    path.write_bytes(b"not a database at all" * 100)
    with pytest.raises(JournalError, match="cannot be read"):
        Journal.open_read_only(path)
    assert path.read_bytes() == b"not a database at all" * 100


def test_a_folder_that_cannot_be_made_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    with pytest.raises(JournalError, match=r"cannot make the journal's folder .*taken"):
        Journal.open(tmp_path / "taken" / "state" / JOURNAL_FILE)


def test_a_game_row_with_an_unreadable_time_is_named(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        journal._db.execute("INSERT INTO games (header, started) VALUES ('game oczko', 'noon')")
        with pytest.raises(JournalError, match=r"game 1 \(game oczko\) has an unreadable time"):
            journal.games()


def test_a_journal_left_open_is_read_whole_from_its_wal(tmp_path: Path) -> None:
    """What a power cut leaves: the main file and its WAL, never checkpointed, no -shm."""
    live, copy = tmp_path / "live", tmp_path / "copy"
    copy.mkdir()
    with _open(live) as journal:
        game = journal.start_game("game oh-hell players=4")
        written = [
            journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
            for _ in range(10)
        ]
        for name in (JOURNAL_FILE, JOURNAL_FILE + "-wal"):
            (copy / name).write_bytes((live / name).read_bytes())
    with Journal.open(copy / JOURNAL_FILE) as journal:
        assert journal.moved_aside is None
        assert journal.rows(game.id) == written


def test_a_journal_in_memory_keeps_games_and_rows_and_no_file() -> None:
    with Journal.in_memory() as journal:
        record = journal.start_game("game oh-hell players=4")
        journal.append(record.id, parse_event("card trump 8D"), source=Source.CAMERA)
        assert [r.line for r in journal.rows(record.id) if isinstance(r, EventRow)] == [
            "card trump 8D"
        ]
        assert journal.last_unfinished() == record
