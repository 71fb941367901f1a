"""Opening a damaged, cut or unreachable journal: what is kept, moved aside and said."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from companion.games.events import Action
from companion.journal.lock import LOCK_FILE
from companion.journal.records import EventRow, Repair, Source
from companion.journal.session import JournaledGame
from companion.journal.shm import read_index
from companion.journal.store import (
    JOURNAL_FILE,
    WAL_SUFFIX,
    Journal,
    JournalError,
    JournalTooNew,
    JournalUnreachable,
)
from companion.journal.wal import read_wal
from tests.journal.helpers import TickingClock

HEADER = "game oh-hell players=4"
BID = Action("bid", ("1", "1"))
PAGE = 4096
SCRIBBLE = b"\xa5" * 64


def _open(folder: Path) -> Journal:
    return Journal.open(folder / JOURNAL_FILE, clock=TickingClock())


def _write_games(journal: Journal, *, finished: int, rows: int) -> list[EventRow]:
    """``finished`` finished games and one unfinished, each of ``rows`` rows."""
    written = []
    for number in range(finished + 1):
        game = journal.start_game(HEADER)
        written += [journal.append(game.id, BID, source=Source.BUTTON) for _ in range(rows)]
        if number < finished:
            journal.finish_game(game.id)
    return written


def _copy_open_set(live: Path, copy: Path) -> None:
    """What a kill leaves: the main file and its -wal as they are on disk mid-session."""
    copy.mkdir(exist_ok=True)
    for suffix in ("", WAL_SUFFIX):
        if (live / (JOURNAL_FILE + suffix)).exists():
            shutil.copyfile(live / (JOURNAL_FILE + suffix), copy / (JOURNAL_FILE + suffix))


def _all_rows(journal: Journal) -> list[EventRow]:
    return [
        row
        for game in journal.games()
        for row in journal.rows(game.id)
        if isinstance(row, EventRow)
    ]


# -- item 6: an empty main file beside a live -wal ---------------------------------------------


def test_an_empty_main_file_beside_a_live_wal_is_moved_aside_whole_and_salvaged(
    tmp_path: Path,
) -> None:
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        written = _write_games(journal, finished=0, rows=40)
        _copy_open_set(live, copy)
    (copy / JOURNAL_FILE).write_bytes(b"")  # truncated to 0 bytes
    wal_bytes = (copy / (JOURNAL_FILE + WAL_SUFFIX)).read_bytes()
    assert len(wal_bytes) > 40 * PAGE
    with _open(copy) as journal:
        moved = journal.moved_aside
        assert moved is not None
        assert moved.reason == f"the main file is empty beside a -wal of {len(wal_bytes)} bytes"
        assert moved.moved_to.read_bytes() == b""
        assert (moved.moved_to.parent / (moved.moved_to.name + WAL_SUFFIX)).read_bytes() == (
            wal_bytes
        )
        assert "salvaged into the new journal: 1 game (1 unfinished) and 40 event rows" in str(
            moved
        )
        assert "not salvaged" not in str(moved)
        assert _all_rows(journal) == written
        resumed = JournaledGame.resume_last(journal)
        assert resumed is not None and resumed[0].record.id == 1


def test_a_wal_without_its_main_file_is_kept_too(tmp_path: Path) -> None:
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        written = _write_games(journal, finished=0, rows=5)
        _copy_open_set(live, copy)
    (copy / JOURNAL_FILE).unlink()
    with _open(copy) as journal:
        assert journal.moved_aside is not None
        assert "the main file is missing beside a -wal" in journal.moved_aside.reason
        assert _all_rows(journal) == written


def test_reading_for_export_never_deletes_the_wal(tmp_path: Path) -> None:
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        _write_games(journal, finished=0, rows=5)
        _copy_open_set(live, copy)
    (copy / JOURNAL_FILE).write_bytes(b"")
    wal = copy / (JOURNAL_FILE + WAL_SUFFIX)
    before = wal.read_bytes()
    with pytest.raises(JournalError, match="the main file is empty beside a -wal") as raised:
        Journal.open_read_only(copy / JOURNAL_FILE)
    assert "left as it is" in str(raised.value)
    assert wal.read_bytes() == before
    assert sorted(p.name for p in copy.iterdir()) == [JOURNAL_FILE, JOURNAL_FILE + WAL_SUFFIX]


# -- item 7: damage to the index alone ---------------------------------------------------------


def _root_page(path: Path, name: str) -> int:
    db = sqlite3.connect(path)
    try:
        page: int = db.execute(
            "SELECT rootpage FROM sqlite_schema WHERE name = ?", (name,)
        ).fetchone()[0]
        return page
    finally:
        db.close()


def _scribble(path: Path, page: int, at: int = 100) -> None:
    data = bytearray(path.read_bytes())
    start = (page - 1) * PAGE + at
    data[start : start + len(SCRIBBLE)] = SCRIBBLE
    path.write_bytes(bytes(data))


def test_damage_to_the_index_alone_salvages_every_row(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        written = _write_games(journal, finished=2, rows=30)
    path = tmp_path / JOURNAL_FILE
    _scribble(path, _root_page(path, "events_by_game"))
    damaged = path.read_bytes()
    with _open(tmp_path) as journal:
        moved = journal.moved_aside
        assert moved is not None
        assert "integrity_check" in moved.reason
        assert moved.moved_to.read_bytes() == damaged
        assert "salvaged into the new journal: 3 games (1 unfinished) and 90 event rows" in str(
            moved
        )
        assert "not salvaged" not in str(moved)
        assert _all_rows(journal) == written
        assert [game.is_finished for game in journal.games()] == [True, True, False]
        resumed = JournaledGame.resume_last(journal)
        assert resumed is not None and resumed[0].record.id == 3
        assert journal._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        more = journal.append(3, BID, source=Source.BUTTON)
        assert more.seq == written[-1].seq + 1  # numbering carries on after the salvaged rows


def test_a_damaged_table_page_salvages_the_rows_around_it_and_names_the_rest(
    tmp_path: Path,
) -> None:
    with _open(tmp_path) as journal:
        written = _write_games(journal, finished=0, rows=400)
    path = tmp_path / JOURNAL_FILE
    db = sqlite3.connect(path)
    # a leaf page of the events table in the middle of its rows
    leaf = db.execute(
        "SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY pageno"
    ).fetchall()
    db.close()
    middle = leaf[len(leaf) // 2][0]
    data = bytearray(path.read_bytes())
    data[(middle - 1) * PAGE : middle * PAGE] = b"\xa5" * PAGE
    path.write_bytes(bytes(data))
    with _open(tmp_path) as journal:
        moved = journal.moved_aside
        assert moved is not None and moved.salvaged is not None
        kept = _all_rows(journal)
        assert 0 < len(kept) < len(written)
        assert all(row in written for row in kept)
        lost = sorted(set(row.seq for row in written) - {row.seq for row in kept})
        assert f"not salvaged: event rows {lost[0]}-{lost[-1]}" in str(moved)
        assert lost == list(range(lost[0], lost[-1] + 1))


def test_a_foreign_database_is_moved_aside_without_salvage(tmp_path: Path) -> None:
    other = sqlite3.connect(tmp_path / JOURNAL_FILE)
    other.execute("PRAGMA application_id = 7")
    other.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, header, started, finished)")
    other.execute("INSERT INTO games VALUES (1, 'game oczko', 'noon', NULL)")
    other.commit()
    other.close()
    with _open(tmp_path) as journal:
        assert journal.moved_aside is not None
        assert journal.moved_aside.salvaged is None
        assert journal.games() == []


# -- item 8: checkpoints, and a bad -wal --------------------------------------------------------


def test_the_end_of_a_game_checkpoints_into_the_main_file(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        journal.checkpoint_every = timedelta(days=1)
        game = journal.start_game(HEADER)
        for _ in range(50):
            journal.append(game.id, BID, source=Source.BUTTON)
        wal = tmp_path / (JOURNAL_FILE + WAL_SUFFIX)
        assert wal.stat().st_size > 50 * PAGE
        assert (tmp_path / JOURNAL_FILE).stat().st_size <= PAGE
        journal.finish_game(game.id)
        assert (tmp_path / JOURNAL_FILE).stat().st_size > PAGE
        size = wal.stat().st_size
        # the log restarts in place: the next commit is its first frames, in the same file
        journal.append(game.id, BID, source=Source.BUTTON)
        assert read_wal(wal).kept_frames <= 3  # its row's, the index's and the counter's pages
        assert wal.stat().st_size == size


def test_a_long_game_checkpoints_every_few_minutes(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:  # the clock moves a second a read: a row a second
        journal.checkpoint_every = timedelta(seconds=30)
        game = journal.start_game(HEADER)
        wal = tmp_path / (JOURNAL_FILE + WAL_SUFFIX)
        frames = []
        for _ in range(100):
            journal.append(game.id, BID, source=Source.BUTTON)
            frames.append(read_wal(wal).kept_frames)
    restarted = [number for number in range(1, 100) if frames[number] < frames[number - 1]]
    # 30 s after the first row since the last checkpoint; the commit after it is the
    # first of the restarted log
    assert restarted == [31, 62, 93]


def test_a_damaged_wal_is_kept_and_its_commits_past_the_damage_put_back(
    tmp_path: Path,
) -> None:
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        checkpointed = _write_games(journal, finished=1, rows=20)  # game 1 ends: a checkpoint
        later = [journal.append(2, BID, source=Source.BUTTON) for _ in range(30)]
        _copy_open_set(live, copy)
    wal = copy / (JOURNAL_FILE + WAL_SUFFIX)
    data = bytearray(wal.read_bytes())
    middle = len(data) // 2
    data[middle : middle + len(SCRIBBLE)] = SCRIBBLE
    wal.write_bytes(bytes(data))
    with _open(copy) as journal:
        kept = journal.kept_log
        assert kept is not None and journal.moved_aside is None and kept.kept_at is not None
        assert kept.kept_at.read_bytes() == bytes(data)
        assert kept.dropped_commits > 0
        # the frames past the damage still hold the pages of every row after it
        assert _all_rows(journal) == checkpointed + later
        assert kept.restored > 0 and kept.lost == 0
        (notice,) = journal.notices
        assert f"holds {kept.dropped_commits} committed transactions past a damaged" in notice
        assert f"{kept.restored} event rows read past the damage put back" in notice
        assert str(kept.kept_at) in notice
        assert journal.repair == Repair(kept.restored, 0)


def test_an_unfinished_last_transaction_is_no_damage(tmp_path: Path) -> None:
    """A -wal cut inside its last transaction's frames (a kill mid-write) loses nothing
    that was committed: no copy is made."""
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        written = _write_games(journal, finished=0, rows=10)
        _copy_open_set(live, copy)
    wal = copy / (JOURNAL_FILE + WAL_SUFFIX)
    data = wal.read_bytes()
    wal.write_bytes(data + data[32 : 32 + 24 + PAGE // 2])  # a half frame, no commit
    with _open(copy) as journal:
        assert journal.notices == ()
        assert _all_rows(journal) == written


# -- item 9: a folder that cannot be written ----------------------------------------------------

_OPEN = """
import sys
from pathlib import Path
from companion.journal.store import Journal, JournalUnreachable
try:
    Journal.open(Path(sys.argv[1]))
except JournalUnreachable as error:
    print(error)
    sys.exit(3)
"""
# root writes anywhere: its capabilities are dropped so that the folder's mode applies
_WITHOUT_CAPABILITIES = ["setpriv", "--inh-caps=-all", "--bounding-set=-all"]


def test_an_unwritable_state_folder_is_named_and_nothing_is_touched(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    with _open(folder) as journal:
        written = _write_games(journal, finished=1, rows=5)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    folder.chmod(0o555)
    try:
        if os.geteuid() == 0:
            result = subprocess.run(
                [*_WITHOUT_CAPABILITIES, sys.executable, "-c", _OPEN, str(folder / JOURNAL_FILE)],
                capture_output=True,
                text=True,
                check=False,
            )
            assert result.returncode == 3, result.stderr
            said = result.stdout
        else:
            with pytest.raises(JournalUnreachable) as raised:
                Journal.open(folder / JOURNAL_FILE)
            said = str(raised.value)
    finally:
        folder.chmod(0o755)
    assert f"folder {folder}: dr-xr-xr-x, owner uid {os.geteuid()}" in said
    assert "may not write" in said and "the journal was left untouched" in said
    assert "damaged" not in said and "moved" not in said
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    with _open(folder) as journal:
        assert journal.notices == ()
        assert _all_rows(journal) == written


# -- a journal of a newer release (a rollback after an update) ----------------------------------


def test_a_journal_of_a_newer_schema_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        _write_games(journal, finished=1, rows=5)
    path = tmp_path / JOURNAL_FILE
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 2")  # as a release reading schema 2 would leave it
    db.close()
    before = path.read_bytes()
    for opening in (Journal.open, Journal.open_read_only):
        with pytest.raises(JournalTooNew) as refused:
            opening(path)
        said = str(refused.value)
        assert "written by a newer release" in said and "schema 2" in said
        assert "this release reads schema 1" in said and "left as it is" in said
    assert path.read_bytes() == before
    # nothing moved aside: SQLite's reading opens at most its own empty side files, and
    # the writer's open its lock
    side = {JOURNAL_FILE + suffix for suffix in ("-wal", "-shm")}
    assert {file.name for file in tmp_path.iterdir()} <= {JOURNAL_FILE, LOCK_FILE, *side}
    assert not (tmp_path / (JOURNAL_FILE + WAL_SUFFIX)).stat().st_size


# -- issue 49: a first start killed, a folder in the way, a log shorter than its index ---------


def _hot_first_start(folder: Path) -> None:
    """A hot -journal over a file that was empty: what a kill mid-creation leaves."""
    folder.mkdir()
    path = folder / JOURNAL_FILE
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA cache_size = 1")  # the file is written before the commit
    db.execute("BEGIN")
    db.execute("CREATE TABLE scratch (x)")
    db.executemany("INSERT INTO scratch VALUES (?)", [(b"\0" * 512,)] * 50)
    live = {
        name: (folder / name).read_bytes() for name in (JOURNAL_FILE, JOURNAL_FILE + "-journal")
    }
    db.close()
    for name, data in live.items():
        (folder / name).write_bytes(data)
    assert path.stat().st_size > 0


def test_a_hot_journal_of_a_first_start_is_rolled_back_by_sqlite_not_refused(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "state"
    _hot_first_start(folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with pytest.raises(JournalError, match=r"hot journal\.sqlite3-journal") as refused:
        Journal.open_read_only(folder / JOURNAL_FILE)  # a reader leaves it to the writer
    assert "companion run lets SQLite roll it back" in str(refused.value)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    with _open(folder) as journal:
        assert journal.rolled_back and journal.notices == () and journal.repair is None
        game = journal.start_game(HEADER)
        journal.append(game.id, BID, source=Source.BUTTON)
    assert not (folder / (JOURNAL_FILE + "-journal")).exists()


def test_a_folder_at_the_journals_path_is_moved_aside_whole(tmp_path: Path) -> None:
    (tmp_path / JOURNAL_FILE).mkdir()
    (tmp_path / JOURNAL_FILE / "notes.txt").write_text("mine", "utf-8")
    with pytest.raises(JournalError, match="a folder, not the journal's file"):
        Journal.open_read_only(tmp_path / JOURNAL_FILE)
    with _open(tmp_path) as journal:
        moved = journal.moved_aside
        assert moved is not None and moved.reason.startswith("a folder stands where")
        assert (moved.moved_to / "notes.txt").read_text("utf-8") == "mine"
        assert journal.repair == Repair(0, 0, started_anew=True)
        journal.start_game(HEADER)


def _killed_with_log(tmp_path: Path, rows: int) -> tuple[Path, list[EventRow]]:
    live, copy = tmp_path / "live", tmp_path / "copy"
    journal = _open(live)
    journal.checkpoint_every = timedelta(days=1)
    written = _write_games(journal, finished=1, rows=rows)
    copy.mkdir()
    for suffix in ("", WAL_SUFFIX, "-shm"):
        shutil.copyfile(live / (JOURNAL_FILE + suffix), copy / (JOURNAL_FILE + suffix))
    journal.close()
    return copy, written


def test_a_log_cut_short_is_named_from_its_index_kept_and_counted(tmp_path: Path) -> None:
    copy, written = _killed_with_log(tmp_path, rows=20)
    wal = copy / (JOURNAL_FILE + WAL_SUFFIX)
    frame = 24 + PAGE
    # the frames its index names (a checkpoint restarts the log in place: older frames
    # may lie past them)
    index = read_index(copy / (JOURNAL_FILE + "-shm"))
    assert index is not None
    frames = index.frames
    cut = wal.read_bytes()[: 32 + (frames - 5) * frame + frame // 2]  # mid-frame, 5 before
    wal.write_bytes(cut)
    shm = (copy / (JOURNAL_FILE + "-shm")).read_bytes()
    with pytest.raises(JournalError, match=f"records {frames} committed frames") as refused:
        Journal.open_read_only(copy / JOURNAL_FILE)  # the reader leaves the evidence be
    assert "left as it is" in str(refused.value)
    assert (copy / (JOURNAL_FILE + "-shm")).read_bytes() == shm
    with _open(copy) as journal:
        kept = journal.kept_log
        assert kept is not None and kept.frames_lost == 6 and kept.index_frames == frames
        assert kept.kept_at is not None and kept.kept_at.read_bytes() == cut
        assert kept.index_kept_at is not None and kept.index_kept_at.read_bytes() == shm
        rows = _all_rows(journal)
        assert rows == written[: len(rows)]
        assert kept.lost == len(written) - len(rows) > 0
        assert journal.repair == Repair(0, kept.lost)


def test_a_log_deleted_after_a_kill_is_counted_from_its_index(tmp_path: Path) -> None:
    copy, _ = _killed_with_log(tmp_path, rows=15)
    (copy / (JOURNAL_FILE + WAL_SUFFIX)).unlink()
    with _open(copy) as journal:
        kept = journal.kept_log
        assert kept is not None and kept.kept_at is None
        assert len(_all_rows(journal)) == 15  # the first game, checkpointed at its end
        assert kept.lost == 15  # the second game's rows were in the log alone
        assert "15 event rows lost" in journal.notices[0]


def test_an_index_after_a_checkpoint_names_nothing_lost(tmp_path: Path) -> None:
    """A kill right after a checkpoint: every frame its index names is in the main file
    (the log restarts from its start at the next commit)."""
    copy, written = _killed_with_log(tmp_path, rows=10)  # game 1's end checkpointed
    assert (copy / (JOURNAL_FILE + WAL_SUFFIX)).stat().st_size > 0
    live = tmp_path / "after"
    with _open(copy) as journal:
        journal.checkpoint()
        live.mkdir()
        for suffix in ("", WAL_SUFFIX, "-shm"):
            shutil.copyfile(copy / (JOURNAL_FILE + suffix), live / (JOURNAL_FILE + suffix))
    index = read_index(live / (JOURNAL_FILE + "-shm"))
    assert index is not None and index.frames == index.backfilled > 0
    with _open(live) as journal:
        assert journal.notices == () and journal.repair is None
        assert _all_rows(journal) == written


# -- a commit cut between its log and its index ---------------------------------------------


def _reader(folder: Path) -> sqlite3.Connection:
    """A reader like the phone sheet's, holding the log's index open."""
    uri = (folder / JOURNAL_FILE).resolve().as_uri() + "?mode=ro"
    reader = sqlite3.connect(uri, uri=True, isolation_level=None)
    reader.execute("SELECT count(*) FROM events").fetchone()
    return reader


def _lines(folder: Path) -> list[str]:
    """The rows as a first connection reads them (SQLite rebuilds the index from the log)."""
    with Journal.open_read_only(folder / JOURNAL_FILE) as journal:
        return [row.line for row in _all_rows(journal)]


def test_a_commit_killed_before_its_index_stays_out_after_every_reader_is_gone(
    tmp_path: Path,
) -> None:
    """A writer killed inside a commit's sync has put the commit in the log but not in the
    index that a running reader (the phone sheet) keeps: every reader sees the game without
    it, and the next writer resumes without it. It must stay out: once every connection
    has closed, SQLite rebuilds the index from the log, and a commit still there would
    come back (an undo the table never saw taking back a move, hours later)."""
    folder = tmp_path / "state"
    index_file = folder / (JOURNAL_FILE + "-shm")
    with _open(folder) as journal:
        journal.checkpoint_every = timedelta(days=1)
        game = journal.start_game(HEADER)
        first = journal.append(game.id, BID, source=Source.BUTTON)
        reader = _reader(folder)
        before_the_cut = index_file.read_bytes()
        journal.append_undo(game.id, first.seq, source=Source.BUTTON)
    with index_file.open("r+b") as index:  # the index as the kill left it
        index.write(before_the_cut)
    assert [row[0] for row in reader.execute("SELECT kind FROM events")] == ["event"]
    with _open(folder) as journal:
        assert [row.line for row in _all_rows(journal)] == [str(BID)]
        assert journal.notices == ()
    reader.close()
    assert _lines(folder) == [str(BID)]


def test_a_log_beyond_a_stale_index_after_a_power_cut_is_all_kept(tmp_path: Path) -> None:
    """With no reader running, the index on disk may be older than the log (the kernel
    writes it back only now and then): every commit in the log was told kept, and stays."""
    live, copy = tmp_path / "live", tmp_path / "copy"
    with _open(live) as journal:
        journal.checkpoint_every = timedelta(days=1)
        written = _write_games(journal, finished=0, rows=3)
        stale_index = (live / (JOURNAL_FILE + "-shm")).read_bytes()
        written += [journal.append(written[0].game, BID, source=Source.BUTTON)]
        _copy_open_set(live, copy)
    (copy / (JOURNAL_FILE + "-shm")).write_bytes(stale_index)
    with _open(copy) as journal:
        assert _all_rows(journal) == written
    assert len(_lines(copy)) == len(written)
