"""One writer per state folder: the second is refused naming the first, a killed holder
blocks nothing, and readers neither take the lock nor are stopped by it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.events import Action
from companion.journal.lock import LOCK_FILE, FolderInUse, WriterLock
from companion.journal.records import Source
from companion.journal.store import JOURNAL_FILE, Journal, JournalInUse

BID = Action("bid", ("1", "1"))
_HOLD = """
import sys, time
from pathlib import Path
from companion.journal.lock import WriterLock
WriterLock.take(Path(sys.argv[1]))
print("held", flush=True)
time.sleep(60)
"""


def test_a_second_writer_is_refused_naming_the_first_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE) as first:
        game = first.start_game("game oh-hell players=4")
        first.append(game.id, BID, source=Source.BUTTON)
        before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
        with pytest.raises(JournalInUse) as refused:
            Journal.open(tmp_path / JOURNAL_FILE)
        said = str(refused.value)
        assert f"pid {os.getpid()}" in said and "since " in said
        assert "one writer per state folder" in said and "nothing was written" in said
        assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
    with Journal.open(tmp_path / JOURNAL_FILE) as again:  # closed: the lock is free
        assert len(again.rows(game.id)) == 1


def test_readers_take_no_lock_and_no_lock_stops_them(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE) as writer:
        game = writer.start_game("game oh-hell players=4")
        with Journal.open_read_only(tmp_path / JOURNAL_FILE) as reader:
            assert reader.lock is None
            writer.append(game.id, BID, source=Source.BUTTON)  # a reader never blocks a write
            assert len(reader.rows(game.id)) == 1
    with Journal.open_read_only(tmp_path / JOURNAL_FILE) as reader:
        with Journal.open(tmp_path / JOURNAL_FILE) as writer:  # nor a start
            writer.append(game.id, BID, source=Source.BUTTON)
        assert len(reader.rows(game.id)) == 2


def test_a_killed_holder_never_blocks_the_next_start(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(FolderInUse) as refused:
            WriterLock.take(tmp_path)
        assert refused.value.holder.pid == holder.pid
        assert refused.value.holder.command.startswith(sys.executable)
    finally:
        holder.kill()
        holder.wait()
    assert (tmp_path / LOCK_FILE).read_text("utf-8")  # it never got to clear its lines
    lock = WriterLock.take(tmp_path)
    assert lock.held
    lock.release()
    assert (tmp_path / LOCK_FILE).read_text("utf-8") == ""


def test_a_holder_that_has_not_said_who_it_is_is_named_by_the_kernel(tmp_path: Path) -> None:
    lock = WriterLock.take(tmp_path)
    try:
        (tmp_path / LOCK_FILE).write_text("", "utf-8")  # as between its lock and its lines
        with pytest.raises(FolderInUse) as refused:
            WriterLock.take(tmp_path)
        assert refused.value.holder.pid == os.getpid()
    finally:
        lock.release()
