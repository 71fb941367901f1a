"""The -shm reader agrees with the log it indexes: its frames, their pages, and how many
of them a checkpoint copied; a torn or foreign index says nothing."""

from __future__ import annotations

import struct
from datetime import timedelta
from pathlib import Path

from companion.games.events import Action
from companion.journal.records import Source
from companion.journal.shm import read_index, read_index_bytes
from companion.journal.store import JOURNAL_FILE, WAL_SUFFIX, Journal
from companion.journal.wal import FRAME_HEADER_BYTES, HEADER_BYTES, read_wal
from tests.journal.helpers import TickingClock


def _frame_pages(wal: bytes, page_size: int) -> tuple[int, ...]:
    step = FRAME_HEADER_BYTES + page_size
    starts = range(HEADER_BYTES, len(wal) - step + 1, step)
    return tuple(struct.unpack(">I", wal[at : at + 4])[0] for at in starts)


def test_the_index_names_every_committed_frame_and_its_page(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL_FILE
    with Journal.open(path, clock=TickingClock()) as journal:
        journal.checkpoint_every = timedelta(days=1)
        game = journal.start_game("game oh-hell players=4")
        for _ in range(40):
            journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
        wal = (tmp_path / (JOURNAL_FILE + WAL_SUFFIX)).read_bytes()
        index = read_index(tmp_path / (JOURNAL_FILE + "-shm"))
        reading = read_wal(tmp_path / (JOURNAL_FILE + WAL_SUFFIX))
        assert index is not None
        assert index.frames == reading.kept_frames == len(_frame_pages(wal, 4096))
        assert index.page_numbers == _frame_pages(wal, 4096)
        assert index.salts == reading.salts and index.page_size == 4096
        assert index.backfilled == 0
        journal._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        copied = read_index(tmp_path / (JOURNAL_FILE + "-shm"))
        assert copied is not None and copied.backfilled == copied.frames == index.frames


def test_a_torn_or_foreign_index_says_nothing(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL_FILE
    with Journal.open(path, clock=TickingClock()) as journal:
        journal.start_game("game oh-hell players=4")
        data = bytearray((tmp_path / (JOURNAL_FILE + "-shm")).read_bytes())
    assert read_index_bytes(bytes(data)) is not None
    torn = bytearray(data)
    torn[60] ^= 0xFF  # the second copy of the header differs from the first
    assert read_index_bytes(bytes(torn)) is None
    both = bytearray(data)
    both[12] ^= 0xFF
    both[60] ^= 0xFF  # both copies alike, their checksum wrong
    assert read_index_bytes(bytes(both)) is None
    assert read_index_bytes(b"") is None
    assert read_index_bytes(b"not an index" * 100) is None
