"""What can still be read from a damaged journal set: first by SQLite, then page by page.

SQLite reads a scratch copy of the set moved aside (main file and ``-wal``), so nothing it
does while reading (replaying or deleting a log) can touch what was kept; it reads the
tables in key order and skips ahead past a page that does not read. Where it cannot
reach (a first page that does not read, a file cut short, the log's frames past a damaged
one) every page is read on its own (``pages``): each leaf page of the main file and each
committed page image of the log, its rows taken when they have the journal's own shape.
SQLite's own recovery (the shell's ``.recover``) is not used: Debian's and Raspberry Pi
OS's shell is built without the ``sqlite_dbpage`` table it needs, and it needs page 1 too.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from companion.games.roster import BOX_WORDS
from companion.journal.pages import BadPage, Cell, page_size_of, read_leaf
from companion.journal.records import RowKind, Salvaged, Source
from companion.journal.shm import IndexReading
from companion.journal.wal import LoggedPage, committed_pages, read_wal

DEFAULT_PAGE_SIZE = 4096  # the journal's: SQLite's default
RESERVED_BYTES_OFFSET = 20
EVENT_COLUMNS = 7  # seq, game, at, source, kind, line, undoes
GAME_COLUMNS = 4  # id, header, started, finished
BOX_COLUMNS = 3  # seq, at, line
SEQUENCE_TABLE = "sqlite_sequence"
SCHEMA_COLUMNS = 5  # type, name, tbl_name, rootpage, sql
GAME_WORD = "game "


@dataclass
class FoundRows:
    """Rows found so far, by key; a game row's later version (finished) wins."""

    games: dict[int, tuple[object, ...]] = field(default_factory=dict)
    events: dict[int, tuple[object, ...]] = field(default_factory=dict)
    box: dict[int, tuple[object, ...]] = field(default_factory=dict)  # the box's own moves
    last_seq: int = 0  # the highest event number the journal is known to have given

    def add_game(self, row: tuple[object, ...]) -> None:
        key = int(str(row[0]))
        known = self.games.get(key)
        if known is None or (known[3] is None and row[3] is not None):
            self.games[key] = row

    def add_event(self, row: tuple[object, ...]) -> None:
        key = int(str(row[0]))
        self.events.setdefault(key, row)
        self.last_seq = max(self.last_seq, key)

    def add_cells(self, cells: tuple[Cell, ...]) -> None:
        for cell in cells:
            shaped = shape(cell)
            if isinstance(shaped, int):
                self.last_seq = max(self.last_seq, shaped)
            elif shaped is not None and len(shaped) == EVENT_COLUMNS:
                self.add_event(shaped)
            elif shaped is not None and len(shaped) == BOX_COLUMNS:
                self.box.setdefault(int(str(shaped[0])), shaped)
            elif shaped is not None:
                self.add_game(shaped)

    def missing_seqs(self, present: set[int]) -> list[int]:
        return [seq for seq in range(1, self.last_seq + 1) if seq not in present]


def salvage(main: Path, wal: Path | None, *, application_id: int) -> Salvaged:
    """Read what reads from the set ``main`` (and its ``wal``): through SQLite where its
    first page reads (only a database marked with the journal's ``application_id``),
    then page by page for the rest."""
    found = FoundRows()
    with tempfile.TemporaryDirectory(prefix="companion-salvage-") as scratch:
        copy = Path(scratch) / "journal.sqlite3"
        problem = _copy_set(main, wal, copy)
        said = problem or _read_with_sqlite(copy, application_id, found)
    if said == NOT_OURS:
        return Salvaged((), (), (NOT_OURS,))
    by_sqlite = len(found.events)
    read_pages(main, wal, found)
    return _salvaged(found, by_sqlite, said)


def read_pages(main: Path | None, wal: Path | None, found: FoundRows) -> None:
    """Every leaf page of the main file and every committed page image of the log, read
    on its own, into ``found``."""
    log = wal.read_bytes() if wal is not None and wal.exists() else b""
    data = main.read_bytes() if main is not None and main.exists() else b""
    named = page_size_of(data[:100])
    logged = committed_pages(log, page_size_hint=named or DEFAULT_PAGE_SIZE)
    size = named or (len(logged[0].data) if logged else DEFAULT_PAGE_SIZE)
    reserved = data[RESERVED_BYTES_OFFSET] if named else 0
    for number, start in enumerate(range(0, len(data) - size + 1, size), start=1):
        _read_page(data[start : start + size], number, reserved, found)
    if len(data) % size:  # a file cut mid-page: its last whole cells may still read
        _read_page(data[len(data) - len(data) % size :].ljust(size, b"\0"), 0, reserved, found)
    for page in logged:
        _read_page(page.data, page.page, reserved, found)


def rows_in_log(wal: Path) -> FoundRows:
    """The rows of every committed page image of a ``-wal``, also past a damaged frame."""
    found = FoundRows()
    read_pages(None, wal, found)
    return found


def sequence_page(page_one: bytes) -> int | None:
    """The root page of ``sqlite_sequence`` named in a schema page (page 1)."""
    try:
        cells = read_leaf(page_one, first=True).cells
    except BadPage:
        return None
    for cell in cells:
        values = cell.values
        if len(values) == SCHEMA_COLUMNS and values[1] == SEQUENCE_TABLE:
            root = values[3]
            return root if isinstance(root, int) else None
    return None


def latest_page(main: Path, logged: tuple[LoggedPage, ...], number: int) -> bytes:
    """Page ``number`` as the log's latest image of it, else as the main file holds it."""
    for page in reversed(logged):
        if page.page == number:
            return page.data
    data = main.read_bytes() if main.exists() else b""
    size = page_size_of(data[:100]) or DEFAULT_PAGE_SIZE
    return data[(number - 1) * size : number * size]


@dataclass(frozen=True)
class LogRows:
    """What a damaged or cut log still holds, and what it says was there."""

    found: FoundRows  # the rows of its committed page images, also past the damage
    floor: int  # the events' number the main file alone holds: rows up to it are safe
    beyond: int | None  # event rows the -shm names past the log's last frame that reads


def read_log(main: Path, wal: Path | None, index: IndexReading | None) -> LogRows:
    """The rows a log's committed frames hold (``wal``: its copy) and, with its ``index``
    (the -shm as found), how many event rows were committed in frames it no longer
    holds: each event's transaction writes the ``sqlite_sequence`` page once, and the
    index names the page of every frame."""
    found = FoundRows()
    log = wal.read_bytes() if wal is not None and wal.exists() else b""
    head = main.read_bytes()[:100] if main.exists() else b""
    logged = committed_pages(log, page_size_hint=page_size_of(head) or DEFAULT_PAGE_SIZE)
    for page in logged:
        _read_page(page.data, page.page, 0, found)
    floor = _sequence_in(main, ()) or 0
    if index is None:
        return LogRows(found, floor, 0)
    last_read = max((page.frame for page in logged), default=0)
    first = max(last_read, index.backfilled) + 1
    if first > index.frames:
        return LogRows(found, floor, 0)
    counter = sequence_page(latest_page(main, logged, 1))
    if counter is None:
        return LogRows(found, floor, None)
    beyond = sum(page == counter for page in index.pages_of(first, index.frames))
    return LogRows(found, floor, beyond)


def _sequence_in(main: Path, logged: tuple[LoggedPage, ...]) -> int | None:
    """The events' number in ``sqlite_sequence`` as the main file (and ``logged``) hold it."""
    counter = sequence_page(latest_page(main, logged, 1))
    if counter is None:
        return None
    found = FoundRows()
    _read_page(latest_page(main, logged, counter), counter, 0, found)
    return found.last_seq


def shape(cell: Cell) -> tuple[object, ...] | int | None:
    """A cell as a row of the journal's events, games or box moves table, or the events'
    number in ``sqlite_sequence`` (an int), or None: it has none of those shapes. Extra
    trailing columns (a later, additive schema) are left out."""
    values = cell.values
    if len(values) == 2 and values[0] == "events" and isinstance(values[1], int):
        return values[1]
    if cell.rowid <= 0 or not values or values[0] is not None:
        return None
    if len(values) >= EVENT_COLUMNS:
        _, game, at, source, kind, line, undoes = values[:EVENT_COLUMNS]
        if (
            isinstance(game, int)
            and game > 0
            and _is_time(at)
            and source in {member.value for member in Source}
            and kind in {member.value for member in RowKind}
            and isinstance(line, str)
            and (undoes is None or isinstance(undoes, int))
        ):
            return (cell.rowid, game, at, source, kind, line, undoes)
    if len(values) >= GAME_COLUMNS:
        _, header, started, finished = values[:GAME_COLUMNS]
        if (
            isinstance(header, str)
            and header.startswith(GAME_WORD)
            and _is_time(started)
            and (finished is None or _is_time(finished))
        ):
            return (cell.rowid, header, started, finished)
    if len(values) >= BOX_COLUMNS:
        _, at, line = values[:BOX_COLUMNS]
        if _is_time(at) and isinstance(line, str) and line.split(" ", 1)[0] in BOX_WORDS:
            return (cell.rowid, at, line)
    return None


def _is_time(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _read_page(page: bytes, number: int, reserved: int, found: FoundRows) -> None:
    try:
        leaf = read_leaf(page, first=number == 1, reserved=reserved)
    except BadPage:
        return
    found.add_cells(leaf.cells)


NOT_OURS = "it is not a journal"


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


def _read_with_sqlite(copy: Path, application_id: int, found: FoundRows) -> str | None:
    """SQLite's reading of the copy into ``found``; what stopped it, or None."""
    try:
        db = sqlite3.connect(copy, isolation_level=None)
    except sqlite3.Error as error:
        return f"SQLite cannot open it ({error})"
    try:
        try:
            found_id = db.execute("PRAGMA application_id").fetchone()[0]
        except sqlite3.DatabaseError as error:
            return f"its first page does not read ({error})"
        if found_id != application_id:
            return NOT_OURS
        for row in _read_by_key(db, "SELECT id, header, started, finished FROM games", "id"):
            found.add_game(row)
        events = "SELECT seq, game, at, source, kind, line, undoes FROM events"
        for row in _read_by_key(db, events, "seq"):
            found.add_event(row)
        if _has_table(db, "box_events"):
            for row in _read_by_key(db, "SELECT seq, at, line FROM box_events", "seq"):
                found.box.setdefault(int(str(row[0])), row)
        last = _last_seq(db)
        found.last_seq = max(found.last_seq, last or 0)
        return None
    finally:
        db.close()


def _read_by_key(db: sqlite3.Connection, select: str, key: str) -> list[tuple[object, ...]]:
    """The table's rows in key order, skipping past keys that do not read."""
    table = f"{select} NOT INDEXED"
    last = _max_key(db, select.rsplit(" ", 1)[-1], key)
    rows: list[tuple[object, ...]] = []
    after = 0
    while True:
        try:
            for row in db.execute(f"{table} WHERE {key} > ? ORDER BY {key}", (after,)):
                rows.append(row)
                after = int(str(row[0]))
            return rows
        except sqlite3.DatabaseError:
            row = _next_readable(db, f"{table} WHERE {key} = ?", after, last)
            if row is None:
                return rows
            rows.append(row)
            after = int(str(row[0]))


def _has_table(db: sqlite3.Connection, name: str) -> bool:
    try:
        found = db.execute("SELECT 1 FROM sqlite_schema WHERE name = ?", (name,)).fetchone()
    except sqlite3.DatabaseError:
        return True  # the schema does not read: try the table, key by key
    return found is not None


def _last_seq(db: sqlite3.Connection) -> int | None:
    try:
        found = db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'events'").fetchone()
    except sqlite3.DatabaseError:
        return None
    return None if found is None or found[0] is None else int(found[0])


def _max_key(db: sqlite3.Connection, table: str, key: str) -> int | None:
    last = _last_seq(db) if table == "events" else None
    if last is not None:
        return last
    try:
        found = db.execute(f"SELECT max({key}) FROM {table}").fetchone()
    except sqlite3.DatabaseError:
        return None
    return None if found is None or found[0] is None else int(found[0])


def _next_readable(
    db: sqlite3.Connection, lookup: str, after: int, last: int | None
) -> tuple[object, ...] | None:
    """The first row past key ``after`` that reads (a point lookup per key), so the
    reading always moves on."""
    if last is None:
        return None
    for candidate in range(after + 1, last + 1):
        try:
            row: tuple[object, ...] | None = db.execute(lookup, (candidate,)).fetchone()
        except sqlite3.DatabaseError:
            continue
        if row is not None:
            return row
    return None


def _salvaged(found: FoundRows, by_sqlite: int, said: str | None) -> Salvaged:
    games = tuple(found.games[key] for key in sorted(found.games))
    known = set(found.games)
    kept = tuple(found.events[key] for key in sorted(found.events) if found.events[key][1] in known)
    orphans = len(found.events) - len(kept)
    missing = found.missing_seqs(set(found.events))
    unread: list[str] = []
    if said is not None and not found.games:
        unread.append(said)
    unread += [f"event rows {span}" for span in spans(missing)]
    if found.games:
        missing_games = [key for key in range(1, max(found.games) + 1) if key not in known]
        unread += [f"game rows {span}" for span in spans(missing_games)]
    if orphans:
        unread.append(f"{orphans} event rows of games whose game row did not read")
    from_pages = max(0, len(kept) - by_sqlite)
    box = tuple(found.box[key] for key in sorted(found.box))
    return Salvaged(
        games, kept, tuple(unread), lost=len(missing) + orphans, from_pages=from_pages, box=box
    )


def spans(numbers: list[int]) -> list[str]:
    """Sorted numbers as runs: [1, 2, 3, 7] -> ["1-3", "7"]."""
    runs: list[str] = []
    start = previous = None
    for number in numbers:
        if previous is not None and number == previous + 1:
            previous = number
            continue
        if start is not None:
            runs.append(_span(start, previous))
        start = previous = number
    if start is not None:
        runs.append(_span(start, previous))
    return runs


def _span(first: int, last: int | None) -> str:
    return str(first) if last is None or first == last else f"{first}-{last}"
