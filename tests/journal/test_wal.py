"""The -wal reader agrees with SQLite on which frames it replays, and says when a damaged
log would lose committed transactions."""

from __future__ import annotations

import shutil
import sqlite3
import struct
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.events import Action
from companion.journal.records import Source
from companion.journal.store import JOURNAL_FILE, WAL_SUFFIX, Journal
from companion.journal.wal import (
    FRAME_HEADER_BYTES,
    HEADER_BYTES,
    _frame_sums,
    _step_power,
    checksum,
    read_wal,
    read_wal_bytes,
)
from tests.journal.helpers import TickingClock

ROWS = 12


def _live_set(folder: Path) -> tuple[bytes, bytes]:
    """A journal's main file and -wal as a kill leaves them (never checkpointed)."""
    with Journal.open(folder / JOURNAL_FILE, clock=TickingClock()) as journal:
        journal.checkpoint_every = timedelta(days=1)
        game = journal.start_game("game oh-hell players=4")
        for _ in range(ROWS):
            journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
        main = (folder / JOURNAL_FILE).read_bytes()
        wal = (folder / (JOURNAL_FILE + WAL_SUFFIX)).read_bytes()
    return main, wal


def _sqlite_replays(folder: Path, main: bytes, wal: bytes) -> int:
    """How many frames SQLite takes from the log (its checkpoint's "log" count)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    (folder / JOURNAL_FILE).write_bytes(main)
    (folder / (JOURNAL_FILE + WAL_SUFFIX)).write_bytes(wal)
    db = sqlite3.connect(folder / JOURNAL_FILE)
    try:
        return int(db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1])
    finally:
        db.close()


def test_an_intact_log_keeps_every_frame(tmp_path: Path) -> None:
    main, wal = _live_set(tmp_path / "live")
    reading = read_wal_bytes(wal)
    assert reading.header_valid and reading.page_size == 4096
    assert reading.kept_frames == _sqlite_replays(tmp_path / "copy", main, wal) > ROWS
    assert not reading.loses_commits


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(where=st.floats(0, 1, exclude_max=True), scribble=st.binary(min_size=1, max_size=64))
def test_a_scribbled_log_is_read_as_sqlite_reads_it(
    tmp_path: Path, where: float, scribble: bytes
) -> None:
    main, wal = _saved(tmp_path)
    offset = HEADER_BYTES + int(where * (len(wal) - HEADER_BYTES - len(scribble)))
    damaged = bytearray(wal)
    damaged[offset : offset + len(scribble)] = scribble
    reading = read_wal_bytes(bytes(damaged))
    assert reading.kept_frames == _sqlite_replays(tmp_path / "copy", main, bytes(damaged))
    # a committed transaction dropped, its commit frame's header intact: said
    dropped_commit_seen = any(
        frame > reading.kept_frames and not _overlaps(at, offset, len(scribble))
        for frame, at in _commit_frames(wal)
    )
    assert reading.loses_commits == dropped_commit_seen


def _saved(folder: Path) -> tuple[bytes, bytes]:
    """The live set, made once per test (hypothesis runs the examples in one folder)."""
    saved_main, saved_wal = folder / "saved-main", folder / "saved-wal"
    if not saved_main.exists():
        main, wal = _live_set(folder / "set")
        saved_main.write_bytes(main)
        saved_wal.write_bytes(wal)
    return saved_main.read_bytes(), saved_wal.read_bytes()


def _commit_frames(wal: bytes) -> list[tuple[int, int]]:
    """(frame number counted from 1, offset of its header) of each commit frame."""
    page_size = struct.unpack(">I", wal[8:12])[0]
    size = FRAME_HEADER_BYTES + page_size
    found = []
    for number, at in enumerate(range(HEADER_BYTES, len(wal) - size + 1, size), start=1):
        if struct.unpack(">I", wal[at + 4 : at + 8])[0]:
            found.append((number, at))
    return found


def _overlaps(header_at: int, offset: int, length: int) -> bool:
    """Does the scribble touch the frame header's page, commit size and salts?"""
    return offset < header_at + 16 and header_at < offset + length


def test_a_damaged_header_loses_the_whole_log(tmp_path: Path) -> None:
    main, wal = _live_set(tmp_path / "live")
    damaged = b"\x00" * 8 + wal[8:]
    reading = read_wal_bytes(damaged)
    assert not reading.header_valid and reading.loses_commits
    assert _sqlite_replays(tmp_path / "copy", main, damaged) == 0


def test_a_missing_or_empty_log_loses_nothing(tmp_path: Path) -> None:
    assert not read_wal(tmp_path / "none").loses_commits
    assert read_wal_bytes(b"").header_valid


@settings(max_examples=30, deadline=None)
@given(
    frames=st.integers(1, 4),
    seed=st.binary(min_size=8, max_size=8),
    big_endian=st.booleans(),
    start=st.tuples(st.integers(0, 0xFFFFFFFF), st.integers(0, 0xFFFFFFFF)),
)
def test_the_folded_frame_sums_equal_the_running_checksum(
    frames: int, seed: bytes, big_endian: bool, start: tuple[int, int]
) -> None:
    """Both byte orders: the per-frame shares folded with A^m give the word-by-word sums."""
    page_size = 512
    frame_bytes = FRAME_HEADER_BYTES + page_size
    body = (seed * (frames * frame_bytes // 8 + 1))[: frames * frame_bytes]
    body = bytes((byte * (index + 7)) & 0xFF for index, byte in enumerate(body))
    data = bytes(HEADER_BYTES) + body
    sums = _frame_sums(data, frames, page_size, big_endian=big_endian)
    step = _step_power(1 + page_size // 8)
    folded = running = start
    for number in range(frames):
        at = HEADER_BYTES + number * frame_bytes
        running = checksum(data[at : at + 8], running, big_endian=big_endian)
        running = checksum(
            data[at + FRAME_HEADER_BYTES : at + frame_bytes], running, big_endian=big_endian
        )
        folded = (
            (step[0][0] * folded[0] + step[0][1] * folded[1] + int(sums[number, 0])) & 0xFFFFFFFF,
            (step[1][0] * folded[0] + step[1][1] * folded[1] + int(sums[number, 1])) & 0xFFFFFFFF,
        )
        assert folded == running
