"""What can still be read from a damaged journal set, read from a scratch copy.

The set moved aside (main file and ``-wal``) is copied to a temporary folder and only the
copy is opened, so nothing SQLite does while reading (replaying or deleting a log) can
touch what was kept. Tables are read in key order; where a page cannot be read the reader
skips ahead to the next key that reads and names the keys it could not read.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

from companion.journal.records import Row, Salvaged
from companion.journal.wal import read_wal


def salvage(main: Path, wal: Path | None, *, application_id: int) -> Salvaged:
    """Read what reads from the set ``main`` (and its ``wal``) through a scratch copy;
    only a database marked with the journal's ``application_id`` is read."""
    with tempfile.TemporaryDirectory(prefix="companion-salvage-") as scratch:
        copy = Path(scratch) / "journal.sqlite3"
        problem = _copy_set(main, wal, copy)
        if problem is not None:
            return Salvaged((), (), (problem,))
        try:
            connection = sqlite3.connect(copy, isolation_level=None)
        except sqlite3.Error as error:
            return Salvaged((), (), (f"the copy does not open: {error}",))
        try:
            return _read_journal(connection, application_id)
        finally:
            connection.close()


def _copy_set(main: Path, wal: Path | None, copy: Path) -> str | None:
    """Copy the set to ``copy``; an empty or missing main file is stood in for by one
    blank page of the log's page size, so that SQLite reads every page from the log
    (it deletes a log beside an empty main file instead). None when copied."""
    log = read_wal(wal) if wal is not None else None
    main_size = main.stat().st_size if main.exists() else 0
    if main_size:
        shutil.copyfile(main, copy)
    elif log is not None and log.page_size:
        copy.write_bytes(bytes(log.page_size))
    else:
        return "the main file is empty and no -wal beside it could stand in for it"
    if wal is not None and wal.exists():
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    return None


def _read_journal(db: sqlite3.Connection, application_id: int) -> Salvaged:
    try:
        found_id = db.execute("PRAGMA application_id").fetchone()[0]
    except sqlite3.DatabaseError as error:
        return Salvaged((), (), (f"its first page does not read ({error})",))
    if found_id != application_id:
        return Salvaged((), (), ("it is not a journal",))
    unread: list[str] = []
    games, gaps = _read_by_key(
        db, "SELECT id, header, started, finished FROM games NOT INDEXED", "id", "games"
    )
    unread += [f"game rows {gap}" for gap in gaps]
    events, gaps = _read_by_key(
        db,
        "SELECT seq, game, at, source, kind, line, undoes FROM events NOT INDEXED",
        "seq",
        "events",
    )
    unread += [f"event rows {gap}" for gap in gaps]
    known = {game[0] for game in games}
    orphans = [row for row in events if row[1] not in known]
    if orphans:
        unread.append(f"{len(orphans)} event rows of games whose game row did not read")
    kept = tuple(row for row in events if row[1] in known)
    return Salvaged(tuple(games), kept, tuple(unread))


def _read_by_key(
    db: sqlite3.Connection, select: str, key: str, table: str
) -> tuple[list[Row], list[str]]:
    """The table's rows in key order, and the key ranges that could not be read."""
    last = _last_key(db, table, key)
    rows: list[Row] = []
    gaps: list[str] = []
    after = 0
    while True:
        try:
            for row in db.execute(f"{select} WHERE {key} > ? ORDER BY {key}", (after,)):
                rows.append(row)
                after = int(str(row[0]))
            return rows, gaps
        except sqlite3.DatabaseError:
            found = _next_readable(db, f"{select} WHERE {key} = ?", after, last)
            if found is None:
                gaps.append(f"past {after}" if last is None else _span(after + 1, last))
                return rows, gaps
            row = found
            if int(str(row[0])) > after + 1:
                gaps.append(_span(after + 1, int(str(row[0])) - 1))
            rows.append(row)
            after = int(str(row[0]))


def _last_key(db: sqlite3.Connection, table: str, key: str) -> int | None:
    for sql in (
        f"SELECT seq FROM sqlite_sequence WHERE name = '{table}'",
        f"SELECT max({key}) FROM {table}",
    ):
        try:
            found = db.execute(sql).fetchone()
        except sqlite3.DatabaseError:
            continue
        if found is not None and found[0] is not None:
            return int(found[0])
    return None


def _next_readable(db: sqlite3.Connection, lookup: str, after: int, last: int | None) -> Row | None:
    """The first row past key ``after`` that reads (a point lookup per key), so the
    reading always moves on."""
    if last is None:
        return None
    for candidate in range(after + 1, last + 1):
        try:
            row: Row | None = db.execute(lookup, (candidate,)).fetchone()
        except sqlite3.DatabaseError:
            continue
        if row is not None:
            return row
    return None


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"
