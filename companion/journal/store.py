"""The journal's SQLite file: games and their appended event rows.

WAL with ``synchronous=FULL`` makes every commit durable before ``append`` returns, so a
caller that shows an event's effect only after ``append`` never shows what a power cut
could take back. Rows are never updated or deleted (triggers refuse it); an undo is a row
of its own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from companion.games.events import Event
from companion.journal.records import BadRow, EventRow, GameRecord, MovedAside, RowKind, Source

JOURNAL_FILE = "journal.sqlite3"
APPLICATION_ID = 0x43544A31  # "CTJ1": marks a file as ours, so a foreign database is told apart
SCHEMA_VERSION = 1
SIDE_FILES = ("-wal", "-shm")

Clock = Callable[[], datetime]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    header TEXT NOT NULL,
    started TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games(id),
    at TEXT NOT NULL,
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    line TEXT NOT NULL,
    undoes INTEGER
);
CREATE INDEX IF NOT EXISTS events_by_game ON events(game, seq);
CREATE TRIGGER IF NOT EXISTS events_never_deleted BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_never_changed BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""


class JournalError(Exception):
    """The journal cannot do what was asked; the message says why and where."""


class JournalFull(JournalError):
    """The disk (or the journal's size limit) is full: nothing was written."""


class UnknownGame(JournalError):
    pass


def utc_now() -> datetime:
    return datetime.now(UTC)


class Journal:
    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        *,
        clock: Clock,
        moved_aside: MovedAside | None = None,
    ) -> None:
        self._db = connection
        self.path = path
        self.clock = clock
        self.moved_aside = moved_aside

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, clock: Clock = utc_now, page_limit: int | None = None) -> Self:
        """Open (or create) the journal at ``path``. A damaged or foreign file there is
        renamed aside (``moved_aside`` says to where) and a new journal started.
        ``page_limit`` caps the file's size in pages."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise JournalError(
                f"cannot make the journal's folder {path.parent}: {error.strerror or error}"
            ) from None
        moved = None
        if path.exists():
            problem = _problem(path)
            if problem is not None:
                moved = _move_aside(path, problem, clock())
        try:
            connection = sqlite3.connect(path, isolation_level=None)
            _prepare(connection, page_limit)
        except sqlite3.Error as error:
            raise JournalError(f"cannot open the journal {path}: {error}") from None
        return cls(connection, path, clock=clock, moved_aside=moved)

    @classmethod
    def open_read_only(cls, path: Path) -> Self:
        """Open an existing journal to read it; a damaged one is reported, not moved."""
        if not path.is_file():
            raise JournalError(f"no journal at {path}")
        problem = _problem(path)
        if problem is not None:
            raise JournalError(f"the journal {path} cannot be read: {problem}")
        try:
            connection = sqlite3.connect(
                path.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None
            )
        except sqlite3.Error as error:
            raise JournalError(f"cannot open the journal {path}: {error}") from None
        return cls(connection, path, clock=utc_now)

    @classmethod
    def in_memory(cls, *, clock: Clock = utc_now) -> Self:
        """A journal kept in memory only: a practice game, with nothing to keep."""
        connection = sqlite3.connect(":memory:", isolation_level=None)
        _create_tables(connection)
        return cls(connection, Path(":memory:"), clock=clock)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # -- games -----------------------------------------------------------------------------

    def start_game(self, header: str) -> GameRecord:
        started = self.clock()
        with self._writing(f'the new game "{header}"'):
            cursor = self._db.execute(
                "INSERT INTO games (header, started) VALUES (?, ?)", (header, started.isoformat())
            )
        game_id = cursor.lastrowid
        assert game_id is not None
        return GameRecord(game_id, header, started, None)

    def finish_game(self, game_id: int) -> None:
        self.game(game_id)
        with self._writing(f"the end of game {game_id}"):
            self._db.execute(
                "UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL",
                (self.clock().isoformat(), game_id),
            )

    def games(self) -> list[GameRecord]:
        rows = self._read("SELECT id, header, started, finished FROM games ORDER BY id", ())
        return [_game_record(row) for row in rows]

    def game(self, game_id: int) -> GameRecord:
        rows = self._read(
            "SELECT id, header, started, finished FROM games WHERE id = ?", (game_id,)
        )
        if not rows:
            raise UnknownGame(f"the journal {self.path} has no game {game_id}")
        return _game_record(rows[0])

    def last_game(self) -> GameRecord | None:
        found = self.games()
        return found[-1] if found else None

    def last_unfinished(self) -> GameRecord | None:
        unfinished = [game for game in self.games() if not game.is_finished]
        return unfinished[-1] if unfinished else None

    # -- events ----------------------------------------------------------------------------

    def append(self, game_id: int, event: Event, *, source: Source) -> EventRow:
        """Append an event line; returns once it is committed (synced to disk)."""
        return self._insert(game_id, source, RowKind.EVENT, str(event), None)

    def append_undo(self, game_id: int, undoes: int, *, source: Source) -> EventRow:
        """Append an undo of the event row ``undoes``; nothing is ever deleted."""
        return self._insert(game_id, source, RowKind.UNDO, RowKind.UNDO.value, undoes)

    def rows(self, game_id: int) -> list[EventRow | BadRow]:
        """The game's rows in order; a row that cannot be read is a ``BadRow``."""
        self.game(game_id)
        found = self._read(
            "SELECT seq, game, at, source, kind, line, undoes FROM events "
            "WHERE game = ? ORDER BY seq",
            (game_id,),
        )
        return [_event_row(row) for row in found]

    def _insert(
        self, game_id: int, source: Source, kind: RowKind, line: str, undoes: int | None
    ) -> EventRow:
        at = self.clock()
        with self._writing(f'"{line}" (game {game_id})'):
            cursor = self._db.execute(
                "INSERT INTO events (game, at, source, kind, line, undoes) "
                "SELECT id, ?, ?, ?, ?, ? FROM games WHERE id = ?",
                (at.isoformat(), source.value, kind.value, line, undoes, game_id),
            )
        if cursor.rowcount != 1:
            raise UnknownGame(f"the journal {self.path} has no game {game_id}")
        seq = cursor.lastrowid
        assert seq is not None
        return EventRow(seq, game_id, at, source, kind, line, undoes)

    # -- SQLite ----------------------------------------------------------------------------

    def _read(self, sql: str, parameters: tuple[object, ...]) -> list[tuple[object, ...]]:
        try:
            return list(self._db.execute(sql, parameters))
        except sqlite3.Error as error:
            raise JournalError(f"cannot read the journal {self.path}: {error}") from None

    @contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            if self._db.in_transaction:
                self._db.rollback()
            if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
                raise JournalFull(
                    f"the journal {self.path} is full (no room left on the disk or under its "
                    f"size limit): {what} was not recorded; everything before it is intact"
                ) from None
            raise JournalError(
                f"the journal {self.path}: {what} was not recorded: {error}"
            ) from None


def _prepare(connection: sqlite3.Connection, page_limit: int | None) -> None:
    mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if mode != "wal":
        raise sqlite3.OperationalError(f"WAL mode refused (journal_mode is {mode})")
    connection.execute("PRAGMA synchronous = FULL")
    if page_limit is not None:
        connection.execute(f"PRAGMA max_page_count = {int(page_limit)}")
    if connection.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        _create_tables(connection)


def _create_tables(connection: sqlite3.Connection) -> None:
    connection.executescript(
        f"BEGIN; {_SCHEMA} PRAGMA application_id = {APPLICATION_ID}; "
        f"PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;"
    )


def _problem(path: Path) -> str | None:
    """Why the file at ``path`` cannot serve as our journal, or None when it can."""
    try:
        connection = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as error:
        return f"SQLite cannot open it: {error}"
    try:
        checked = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        if checked != ["ok"]:
            return "integrity_check: " + "; ".join(str(line) for line in checked[:3])
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        tables = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as error:
        return f"not a readable SQLite database: {error}"
    finally:
        connection.close()
    if application_id == 0 and tables == 0:
        return None  # an empty database: it becomes the journal
    if application_id != APPLICATION_ID:
        return f"a foreign SQLite database (application_id {application_id:#x}), not a journal"
    if version != SCHEMA_VERSION:
        return f"journal schema version {version}, this program reads {SCHEMA_VERSION}"
    return None


def _move_aside(path: Path, reason: str, now: datetime) -> MovedAside:
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.moved-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.moved-{stamp}-{counter}")
    try:
        path.rename(target)
        for suffix in SIDE_FILES:
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
    except OSError as error:
        raise JournalError(
            f"the journal {path} could not be used ({reason}) and could not be moved aside: "
            f"{error.strerror or error}"
        ) from None
    return MovedAside(path, target, reason)


def _game_record(row: tuple[object, ...]) -> GameRecord:
    game_id, header, started, finished = row
    try:
        return GameRecord(
            int(str(game_id)),
            str(header),
            datetime.fromisoformat(str(started)),
            None if finished is None else datetime.fromisoformat(str(finished)),
        )
    except ValueError as error:
        raise JournalError(f"game {game_id} ({header}) has an unreadable time: {error}") from None


def _event_row(row: tuple[object, ...]) -> EventRow | BadRow:
    seq, game, at, source, kind, line, undoes = row
    try:
        return EventRow(
            seq=int(str(seq)),
            game=int(str(game)),
            at=datetime.fromisoformat(str(at)),
            source=Source(source),
            kind=RowKind(kind),
            line=str(line),
            undoes=None if undoes is None else int(str(undoes)),
        )
    except ValueError as error:
        return BadRow(int(str(seq)), str(line), f"unreadable row: {error}")
