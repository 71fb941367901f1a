"""The journal's SQLite file: games and their appended event rows.

WAL with ``synchronous=FULL`` makes every commit durable before ``append`` returns, so a
caller that shows an event's effect only after ``append`` never shows what a power cut
could take back. Rows are never updated or deleted (triggers refuse it); an undo is a row
of its own.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Self

from companion.games.events import Event
from companion.journal.records import (
    BadRow,
    EventRow,
    GameRecord,
    KeptLog,
    MovedAside,
    Row,
    RowKind,
    Salvaged,
    Source,
)
from companion.journal.salvage import salvage
from companion.journal.wal import read_wal

JOURNAL_FILE = "journal.sqlite3"
APPLICATION_ID = 0x43544A31  # "CTJ1": marks a file as ours, so a foreign database is told apart
SCHEMA_VERSION = 1
WAL_SUFFIX = "-wal"
SIDE_FILES = (WAL_SUFFIX, "-shm")
# Most of an evening would otherwise sit in the -wal, which a bad frame cuts short:
# a checkpoint copies it into the main file, which the -wal's damage cannot reach.
CHECKPOINT_EVERY = timedelta(minutes=3)
# The SD card's wear: a checkpoint restarts the -wal in place rather than truncating it,
# so the next commits overwrite blocks the file already has and their syncs write no
# change of its size through the file system's own journal (the kiosk on ext4, an event
# every 6 s: 18 MB an hour, not 25); a -wal grown past the limit is cut back to it then.
WAL_SIZE_LIMIT = 4 << 20  # bytes
# The kiosk's new journals: an event's commit writes three pages (its row, the index, the
# row counter), 3 KB in 1 KB pages rather than 12 KB in SQLite's 4 KB ones (the same
# measure: 13 MB an hour, not 18). A journal keeps the page size it was made with.
KIOSK_PAGE_SIZE = 1024
# SQLite's result codes that say the file could not be reached, not that it is damaged.
_ACCESS_ERRORS = frozenset(
    {
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_NOMEM,
        sqlite3.SQLITE_AUTH,
    }
)
_PRIMARY_CODE_MASK = 0xFF
INTEGRITY_LINES_SAID = 3

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


class JournalTooNew(JournalError):
    """The journal was written by a newer release (a higher schema version): this one
    refuses it, touching nothing, rather than move it aside (after a rollback, a newer
    release's journal is the table's evening)."""


class JournalUnreachable(JournalError):
    """The journal's folder or files cannot be written or read (permissions, a read-only
    file system, another process holding it): nothing was moved or changed."""


@dataclass(frozen=True)
class _Problem:
    reason: str
    salvageable: bool  # damage to a journal of ours, not a foreign file or another version


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
        kept_log: KeptLog | None = None,
        checkpoint_every: timedelta = CHECKPOINT_EVERY,
    ) -> None:
        self._db = connection
        self.path = path
        self.clock = clock
        self.moved_aside = moved_aside
        self.kept_log = kept_log
        self.checkpoint_every = checkpoint_every
        self._oldest_unchecked: datetime | None = None  # the first row since a checkpoint

    @property
    def notices(self) -> tuple[str, ...]:
        """What the opening found and did, each a line for the log."""
        return tuple(str(found) for found in (self.kept_log, self.moved_aside) if found)

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        clock: Clock = utc_now,
        page_limit: int | None = None,
        checkpoint_every: timedelta = CHECKPOINT_EVERY,
        page_size: int | None = None,
    ) -> Self:
        """Open (or create) the journal at ``path``. A damaged or foreign set there (the
        file with its ``-wal`` and ``-shm``) is renamed aside whole (``moved_aside`` says
        to where) and a new journal started with what could be salvaged from it. A
        ``-wal`` whose committed transactions SQLite would drop is copied first
        (``kept_log``). A folder or file that cannot be written is reported
        (``JournalUnreachable``) and left as it is. ``page_limit`` caps the file's size
        in pages; ``page_size`` is a new journal's (SQLite's default when None)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise JournalError(
                f"cannot make the journal's folder {path.parent}: {error.strerror or error}"
            ) from None
        _check_reachable(path)
        moved = kept = None
        problem = _set_problem(path)
        if problem is None:
            log = read_wal(_side(path, WAL_SUFFIX))
            if log.loses_commits:
                kept = _keep_log(path, log.dropped_commits, clock())
            problem = _problem(path) if path.exists() else None
        salvaged = None
        if problem is not None:
            moved = _move_aside(path, problem.reason, clock())
            if problem.salvageable:
                salvaged = salvage(
                    moved.moved_to, _side(moved.moved_to, WAL_SUFFIX), application_id=APPLICATION_ID
                )
        try:
            connection = sqlite3.connect(path, isolation_level=None)
            if page_size is not None:  # before WAL mode writes the first page
                connection.execute(f"PRAGMA page_size = {int(page_size)}")
            _prepare(connection, page_limit)
        except sqlite3.Error as error:
            raise JournalError(f"cannot open the journal {path}: {error}") from None
        journal = cls(
            connection, path, clock=clock, kept_log=kept, checkpoint_every=checkpoint_every
        )
        if moved is not None:
            restored = None if salvaged is None else journal._restore(salvaged)
            journal.moved_aside = MovedAside(moved.original, moved.moved_to, moved.reason, restored)
        return journal

    @classmethod
    def open_read_only(cls, path: Path) -> Self:
        """Open an existing journal to read it; a damaged one is reported, not moved."""
        damaged = _set_problem(path)
        if damaged is not None:
            raise JournalError(
                f"the journal {path} cannot be read: {damaged.reason}; left as it is "
                "(companion run moves it aside and salvages what reads)"
            )
        if not path.is_file():
            raise JournalError(f"no journal at {path}")
        problem = _problem(path)
        if problem is not None:
            raise JournalError(f"the journal {path} cannot be read: {problem.reason}")
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
        self.checkpoint()

    def checkpoint(self) -> bool:
        """Copy the ``-wal`` into the main file (synced) and restart the log (the next
        commit writes from its start); False when SQLite could not finish it, in which
        case the log still holds everything."""
        self._oldest_unchecked = None
        try:
            busy = int(self._db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()[0])
        except sqlite3.Error:
            return False
        return busy == 0

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
        if self._oldest_unchecked is None:
            self._oldest_unchecked = at
        elif at - self._oldest_unchecked >= self.checkpoint_every:
            self.checkpoint()
        return EventRow(seq, game_id, at, source, kind, line, undoes)

    def _restore(self, salvaged: Salvaged) -> Salvaged:
        """Write the salvaged rows, keeping their numbers (undos name rows by number);
        a row SQLite refuses (a missing value) is counted as not salvaged."""
        with self._writing("the salvaged rows"):
            self._db.execute("BEGIN")
            games = self._insert_each(
                "INSERT OR IGNORE INTO games (id, header, started, finished) VALUES (?, ?, ?, ?)",
                salvaged.games,
            )
            events = self._insert_each(
                "INSERT OR IGNORE INTO events (seq, game, at, source, kind, line, undoes) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                salvaged.events,
            )
            self._db.execute("COMMIT")
        refused = len(salvaged.games) - len(games) + len(salvaged.events) - len(events)
        unread = salvaged.unread + ((f"{refused} rows with a missing value",) if refused else ())
        return Salvaged(tuple(games), tuple(events), unread)

    # -- SQLite ----------------------------------------------------------------------------

    def _insert_each(self, sql: str, rows: Sequence[Row]) -> list[Row]:
        """Insert row by row; the rows that went in (an ignored one did not)."""
        return [row for row in rows if self._db.execute(sql, row).rowcount == 1]

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
    connection.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}")
    if page_limit is not None:
        connection.execute(f"PRAGMA max_page_count = {int(page_limit)}")
    if connection.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        _create_tables(connection)


def _create_tables(connection: sqlite3.Connection) -> None:
    connection.executescript(
        f"BEGIN; {_SCHEMA} PRAGMA application_id = {APPLICATION_ID}; "
        f"PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;"
    )


def _side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _check_reachable(path: Path) -> None:
    """Refuse, touching nothing, a folder or journal file this process cannot write: its
    permissions are the cause, not damage to the journal."""
    folder = path.parent
    files = [path, *(_side(path, suffix) for suffix in SIDE_FILES)]
    blocked = [folder] if not os.access(folder, os.W_OK | os.X_OK) else []
    blocked += [file for file in files if file.exists() and not os.access(file, os.R_OK | os.W_OK)]
    if not blocked:
        return
    user = os.geteuid()
    described = ", ".join(_permissions(target) for target in blocked)
    read_only = os.statvfs(folder).f_flag & os.ST_RDONLY
    cause = "the file system is mounted read-only" if read_only else f"uid {user} may not write"
    raise JournalUnreachable(
        f"the journal cannot be written: {cause} ({described}); fix the state folder's "
        "permissions; the journal was left untouched"
    )


def _permissions(target: Path) -> str:
    info = target.stat()
    kind = "folder" if target.is_dir() else "file"
    return f"{kind} {target}: {stat.filemode(info.st_mode)}, owner uid {info.st_uid}"


def _set_problem(path: Path) -> _Problem | None:
    """A set that SQLite must not be let near: an empty or missing main file beside a
    -wal (SQLite would delete the log, and every game in it)."""
    wal = _side(path, WAL_SUFFIX)
    log_size = wal.stat().st_size if wal.exists() else 0
    if not log_size or (path.exists() and path.stat().st_size):
        return None
    state = "empty" if path.exists() else "missing"
    return _Problem(f"the main file is {state} beside a -wal of {log_size} bytes", True)


def _problem(path: Path) -> _Problem | None:
    """Why the file at ``path`` cannot serve as our journal, or None when it can. An
    error reaching it (not damage) raises ``JournalUnreachable``."""
    try:
        connection = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as error:
        return _damage_or_raise(path, error, "SQLite cannot open it")
    try:
        checked = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        if checked != ["ok"]:
            return _Problem(_integrity_summary(checked), True)
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        tables = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as error:
        return _damage_or_raise(path, error, "not a readable SQLite database")
    finally:
        connection.close()
    if application_id == 0 and tables == 0:
        return None  # an empty database: it becomes the journal
    if application_id != APPLICATION_ID:
        return _Problem(
            f"a foreign SQLite database (application_id {application_id:#x}), not a journal",
            False,
        )
    if version > SCHEMA_VERSION:
        raise JournalTooNew(
            f"the journal {path} was written by a newer release of the companion (journal "
            f"schema {version}; this release reads schema {SCHEMA_VERSION}): it was left "
            "as it is; install that release again, or a newer one"
        )
    if version != SCHEMA_VERSION:
        return _Problem(
            f"journal schema version {version}, this program reads {SCHEMA_VERSION}", False
        )
    return None


def _integrity_summary(checked: list[object]) -> str:
    """integrity_check's first findings (it may list hundreds, several to a row)."""
    lines = [line for row in checked for line in str(row).splitlines() if line.strip()]
    shown = "; ".join(lines[:INTEGRITY_LINES_SAID])
    more = len(lines) - INTEGRITY_LINES_SAID
    return f"integrity_check: {shown}" + (f"; and {more} more" if more > 0 else "")


def _damage_or_raise(path: Path, error: sqlite3.Error, said: str) -> _Problem:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None and code & _PRIMARY_CODE_MASK in _ACCESS_ERRORS:
        raise JournalUnreachable(
            f"cannot read the journal {path}: {error}; it was left as it is"
        ) from None
    return _Problem(f"{said}: {error}", True)


def _keep_log(path: Path, dropped_commits: int, now: datetime) -> KeptLog:
    """Copy the -wal aside (synced) before SQLite opens it and drops what is past its
    damage."""
    wal = _side(path, WAL_SUFFIX)
    target = _free_name(wal, "kept", now)
    try:
        shutil.copyfile(wal, target)
        _sync(target)
        _sync(path.parent)
    except OSError as error:
        raise JournalError(
            f"the journal's log {wal} is damaged and could not be copied aside: "
            f"{error.strerror or error}; it was left as it is"
        ) from None
    return KeptLog(wal, target, dropped_commits)


def _free_name(path: Path, word: str, now: datetime) -> Path:
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.{word}-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.{word}-{stamp}-{counter}")
    return target


def _move_aside(path: Path, reason: str, now: datetime) -> MovedAside:
    """Rename the set aside, the side files first: a main file moved without its -wal
    would leave a -wal beside no main file, which SQLite deletes."""
    target = _free_name(path, "moved", now)
    try:
        for suffix in SIDE_FILES:
            side = _side(path, suffix)
            if side.exists():
                side.rename(_side(target, suffix))
        if path.exists():
            path.rename(target)
        _sync(path.parent)
    except OSError as error:
        raise JournalError(
            f"the journal {path} could not be used ({reason}) and could not be moved aside: "
            f"{error.strerror or error}"
        ) from None
    return MovedAside(path, target, reason)


def _sync(target: Path) -> None:
    """fsync a file or a folder (a folder's sync makes its renames durable)."""
    descriptor = os.open(target, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


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
