"""The journal's SQLite file: games and their appended event rows.

WAL with ``synchronous=FULL`` makes every commit durable before ``append`` returns, so a
caller that shows an event's effect only after ``append`` never shows what a power cut
could take back. Rows are never updated or deleted (triggers refuse it); an undo is a row
of its own.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Literal, Self

from companion.games.events import Event
from companion.journal.box import BOX_SCHEMA, PUT_BOX, box_row
from companion.journal.errors import (
    JournalError,
    JournalFull,
    JournalInUse,
    JournalTooNew,
    JournalUnreachable,
    UnknownGame,
)
from companion.journal.lock import FolderInUse, WriterLock
from companion.journal.opening import (
    SHM_SUFFIX,
    SIDE_FILES,
    WAL_SUFFIX,
    LogCheck,
    Problem,
    check_log,
    check_reachable,
    hot_rollback_journal,
    index_outruns_log,
    keep_log,
    make_folder,
    move_aside,
    not_a_file,
    roll_back,
    set_problem,
    side,
    sync,
    unusable,
)
from companion.journal.records import (
    BadRow,
    BoxRow,
    EventRow,
    GameRecord,
    KeptLog,
    MovedAside,
    Repair,
    Row,
    RowKind,
    Salvaged,
    Source,
)
from companion.journal.salvage import FoundRows, read_log, salvage

__all__ = [
    "APPLICATION_ID",
    "JOURNAL_FILE",
    "SIDE_FILES",
    "WAL_SUFFIX",
    "Journal",
    "JournalError",
    "JournalFull",
    "JournalInUse",
    "JournalTooNew",
    "JournalUnreachable",
    "UnknownGame",
]

JOURNAL_FILE = "journal.sqlite3"
APPLICATION_ID = 0x43544A31  # "CTJ1": marks a file as ours, so a foreign database is told apart
SCHEMA_VERSION = 1
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

Clock = Callable[[], datetime]

# A game's row, and whether an abandon row of its own says it was left unfinished.
_GAMES = (
    "SELECT id, header, started, finished, EXISTS (SELECT 1 FROM events "
    f"WHERE events.game = games.id AND kind = '{RowKind.ABANDON.value}') FROM games"
)

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
        lock: WriterLock | None = None,
    ) -> None:
        self._db = connection
        self.path = path
        self.clock = clock
        self.moved_aside = moved_aside
        self.kept_log = kept_log
        self.checkpoint_every = checkpoint_every
        self.lock = lock  # the state folder's writer lock (None: a reader, or in memory)
        self.rolled_back = False  # SQLite rolled back an interrupted first start's -journal
        self._oldest_unchecked: datetime | None = None  # the first row since a checkpoint

    @property
    def notices(self) -> tuple[str, ...]:
        """What the opening found damaged and did, each a line for the log."""
        return tuple(str(found) for found in (self.kept_log, self.moved_aside) if found)

    @property
    def repair(self) -> Repair | None:
        """What the opening repaired, for the table's words; None: nothing."""
        return Repair.of(self.moved_aside, self.kept_log)

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
        """Open (or create) the journal at ``path`` as the state folder's one writer (a
        second writer is refused at once: ``JournalInUse``, naming the holder, nothing
        written). A damaged or foreign set there (the file with its side files) is
        renamed aside whole (``moved_aside`` says to where) and a new journal started
        with what could be salvaged from it. A ``-wal`` whose committed transactions
        SQLite would drop, or that holds fewer frames than its ``-shm`` names, is copied
        first and what reads past its damage put back (``kept_log``). A hot ``-journal``
        is SQLite's to roll back. A folder or file that cannot be written is reported
        (``JournalUnreachable``) and left as it is. ``page_limit`` caps the file's size
        in pages; ``page_size`` is a new journal's (SQLite's default when None)."""
        make_folder(path.parent)
        check_reachable(path)
        try:
            lock = WriterLock.take(path.parent)
        except FolderInUse as busy:
            raise JournalInUse(
                f"the journal {path} is already being written by {busy.holder}; one writer "
                "per state folder: stop that one first (systemctl stop companion, if it is "
                "the service) or use another state folder; nothing was written"
            ) from None
        except OSError as error:
            raise JournalUnreachable(
                f"cannot lock the state folder {path.parent}: {error.strerror or error}"
            ) from None
        try:
            return cls._open_locked(path, lock, clock, page_limit, checkpoint_every, page_size)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def _open_locked(
        cls,
        path: Path,
        lock: WriterLock,
        clock: Clock,
        page_limit: int | None,
        checkpoint_every: timedelta,
        page_size: int | None,
    ) -> Self:
        check: LogCheck | None = None
        kept: tuple[Path | None, Path | None] | None = None
        rolled_back = False
        problem = not_a_file(path) or set_problem(path)
        if problem is None:
            check = check_log(path)  # before any connection: SQLite rebuilds the -shm
            if check.damaged:
                kept = keep_log(path, check, clock())
            rolled_back = roll_back(path)
            problem = _unusable(path) if path.exists() else None
        moved: Path | None = None
        salvaged = None
        if problem is not None:
            moved = move_aside(path, problem.reason, clock())
            if problem.salvageable:
                salvaged = salvage(moved, side(moved, WAL_SUFFIX), application_id=APPLICATION_ID)
        try:
            connection = sqlite3.connect(path, isolation_level=None)
            if page_size is not None:  # before WAL mode writes the first page
                connection.execute(f"PRAGMA page_size = {int(page_size)}")
            _prepare(connection, page_limit)
        except sqlite3.Error as error:
            raise JournalError(f"cannot open the journal {path}: {error}") from None
        journal = cls(connection, path, clock=clock, checkpoint_every=checkpoint_every, lock=lock)
        journal.rolled_back = rolled_back
        if moved is not None:
            restored = None if salvaged is None else journal._restore(salvaged)
            reason = "" if problem is None else problem.reason
            journal.moved_aside = MovedAside(path, moved, reason, restored)
        if check is not None and kept is not None:
            journal.kept_log = journal._restore_log(check, *kept, salvaged=moved is not None)
        if check is not None and check.unindexed_frames:
            journal.settle_log()
        return journal

    @classmethod
    def open_read_only(cls, path: Path) -> Self:
        """Open an existing journal to read it; a damaged one is reported, not moved, and
        nothing a writer repairs (a hot -journal, a log shorter than its -shm) is
        touched: the writer's next start does it, and says so."""
        damaged = set_problem(path)
        if damaged is not None:
            raise JournalError(
                f"the journal {path} cannot be read: {damaged.reason}; left as it is "
                "(companion run moves it aside and salvages what reads)"
            )
        if path.is_dir():
            raise JournalError(
                f"{path} is a folder, not the journal's file; left as it is (companion run "
                "moves it aside and starts a new journal)"
            )
        if not path.is_file():
            raise JournalError(f"no journal at {path}")
        if hot_rollback_journal(path):
            raise JournalError(
                f"the journal {path} has a write interrupted at its very first start (a hot "
                f"{side(path, '-journal').name}); companion run lets SQLite roll it back when "
                "it starts; left as it is"
            )
        outrun = index_outruns_log(path)
        if outrun is not None:
            raise JournalError(
                f"the journal {path} cannot be read: {outrun}; left as it is (companion run "
                "keeps a copy and says what was lost)"
            )
        problem = _unusable(path)
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
        if self.lock is not None:
            self.lock.release()

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

    def abandon_game(self, game_id: int, *, source: Source) -> EventRow:
        """Mark the game abandoned (a row of its own, so nothing is ever changed) and end
        it; the game is then finished for every reader, and said to be abandoned."""
        row = self._insert(game_id, source, RowKind.ABANDON, RowKind.ABANDON.value, None)
        self.finish_game(game_id)
        return row

    def checkpoint(self) -> bool:
        """Copy the ``-wal`` into the main file (synced) and restart the log (the next
        commit writes from its start); False when SQLite could not finish it, in which
        case the log still holds everything."""
        return self._checkpoint("RESTART")

    def settle_log(self) -> bool:
        """Copy the ``-wal`` into the main file and empty it: a commit that a killed writer
        put in the log but never in its index (the kill fell inside the commit's sync) is
        then gone for good. Left there, it stays out while a reader (the phone sheet)
        keeps the index open, and comes back when SQLite rebuilds the index from the log
        after every connection has closed: a move taken back, or made, hours after the
        table saw the game without it. False when a reader held on past the busy
        timeout."""
        return self._checkpoint("TRUNCATE")

    def _checkpoint(self, mode: Literal["RESTART", "TRUNCATE"]) -> bool:
        """SQLite's checkpoint in ``mode``; done, the emptied index is synced too."""
        self._oldest_unchecked = None
        try:
            busy = int(self._db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()[0])
        except sqlite3.Error:
            return False
        if busy == 0:
            _sync_index(self.path)
        return busy == 0

    def games(self) -> list[GameRecord]:
        rows = self._read(f"{_GAMES} ORDER BY id", ())
        return [_game_record(row) for row in rows]

    def game(self, game_id: int) -> GameRecord:
        rows = self._read(f"{_GAMES} WHERE id = ?", (game_id,))
        if not rows:
            raise UnknownGame(f"the journal {self.path} has no game {game_id}")
        return _game_record(rows[0])

    def last_game(self) -> GameRecord | None:
        found = self.games()
        return found[-1] if found else None

    def last_unfinished(self) -> GameRecord | None:
        unfinished = [game for game in self.games() if not game.is_finished]
        return unfinished[-1] if unfinished else None

    def last_rows_at(self) -> dict[int, tuple[int, datetime]]:
        """Per game with a row, its last row's number and when it was written."""
        rows = self._read(
            "SELECT game, seq, at FROM events WHERE seq IN "
            "(SELECT max(seq) FROM events GROUP BY game)",
            (),
        )
        found: dict[int, tuple[int, datetime]] = {}
        for game, seq, at in rows:
            with contextlib.suppress(ValueError):
                found[int(str(game))] = (int(str(seq)), datetime.fromisoformat(str(at)))
        return found

    # -- the box's own moves (the roster, a new evening) -------------------------------------

    def append_box(self, line: str) -> BoxRow:
        """Append a move of the box; returns once it is committed (synced to disk)."""
        at = self.clock()
        with self._writing(f'"{line}"'):
            cursor = self._db.execute(
                "INSERT INTO box_events (at, line) VALUES (?, ?)", (at.isoformat(), line)
            )
        seq = cursor.lastrowid
        assert seq is not None
        return BoxRow(seq, at, line)

    def box_rows(self) -> list[BoxRow | BadRow]:
        """The box's moves in order (none in a journal older than them); a row that
        cannot be read is a ``BadRow``."""
        try:
            found = list(self._db.execute("SELECT seq, at, line FROM box_events ORDER BY seq"))
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return []  # a journal written before the box kept its moves, read as is
            raise JournalError(f"cannot read the journal {self.path}: {error}") from None
        except sqlite3.Error as error:
            raise JournalError(f"cannot read the journal {self.path}: {error}") from None
        return [box_row(row) for row in found]

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

    def last_rows(self) -> dict[int, int]:
        """Each game's newest row (its seq), for the games that have one: the order in
        which games were played, which the rows' times cannot give (a Pi's clock may go
        back at boot)."""
        found = self._read("SELECT game, MAX(seq) FROM events GROUP BY game", ())
        return {int(str(game)): int(str(seq)) for game, seq in found}

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
            box = self._insert_each(PUT_BOX, salvaged.box)
            self._db.execute("COMMIT")
        refused = len(salvaged.games) - len(games) + len(salvaged.events) - len(events)
        refused += len(salvaged.box) - len(box)
        unread = salvaged.unread + ((f"{refused} rows with a missing value",) if refused else ())
        lost = salvaged.lost + len(salvaged.events) - len(events)
        return Salvaged(
            tuple(games), tuple(events), unread, lost, salvaged.from_pages, box=tuple(box)
        )

    def _restore_log(
        self, check: LogCheck, wal_copy: Path | None, shm_copy: Path | None, *, salvaged: bool
    ) -> KeptLog:
        """Put back the rows of the damaged log's committed frames that SQLite left out
        (kept in ``wal_copy``) and count the event rows known lost: numbers above what
        the main file holds that are missing, up to the last one the log or its -shm
        tells of. ``salvaged``: the whole set was moved aside and salvaged instead."""
        index = check.index
        kept = KeptLog(
            side(self.path, WAL_SUFFIX),
            wal_copy,
            check.reading.dropped_commits,
            shm_copy,
            index.frames if index is not None else 0,
            check.index_frames_lost,
            header_read=check.reading.header_valid or check.reading.size == 0,
        )
        if salvaged:
            return kept
        rows = read_log(self.path, wal_copy, index if check.index_frames_lost else None)
        restored = self._put_back(rows.found)
        present = {int(str(row[0])) for row in self._read("SELECT seq FROM events", ())}
        lost: int | None = None
        if rows.beyond is not None:
            last_known = max(rows.found.last_seq, max(present, default=0)) + rows.beyond
            lost = sum(seq not in present for seq in range(rows.floor + 1, last_known + 1))
        return dataclasses.replace(kept, restored=restored, lost=lost)

    def _put_back(self, found: FoundRows) -> int:
        """Write rows read from a log that the journal lacks, keeping their numbers; a
        game's end read there is kept too. How many event rows went in."""
        if not found.games and not found.events and not found.box:
            return 0
        with self._writing("the rows read past the log's damage"):
            self._db.execute("BEGIN")
            for game in found.games.values():
                self._db.execute(
                    "INSERT OR IGNORE INTO games (id, header, started, finished) "
                    "VALUES (?, ?, ?, ?)",
                    game,
                )
                if game[3] is not None:
                    self._db.execute(
                        "UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL",
                        (game[3], game[0]),
                    )
            known = {int(row[0]) for row in self._db.execute("SELECT id FROM games")}
            events = self._insert_each(
                "INSERT OR IGNORE INTO events (seq, game, at, source, kind, line, undoes) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [row for _, row in sorted(found.events.items()) if int(str(row[1])) in known],
            )
            self._insert_each(PUT_BOX, [row for _, row in sorted(found.box.items())])
            self._db.execute("COMMIT")
        return len(events)

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
    else:
        connection.executescript(f"BEGIN; {BOX_SCHEMA} COMMIT;")


def _sync_index(path: Path) -> None:
    """Write the emptied -shm to disk: the kernel writes it back only now and then, and
    an older copy on disk after a power cut would name frames the emptied log no longer
    holds (a false alarm of lost rows at the next start)."""
    with contextlib.suppress(OSError):  # no -shm, or no room: it is only a hint
        sync(side(path, SHM_SUFFIX))


def _create_tables(connection: sqlite3.Connection) -> None:
    connection.executescript(
        f"BEGIN; {_SCHEMA} {BOX_SCHEMA} PRAGMA application_id = {APPLICATION_ID}; "
        f"PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;"
    )


def _unusable(path: Path) -> Problem | None:
    return unusable(path, application_id=APPLICATION_ID, schema_version=SCHEMA_VERSION)


def _game_record(row: tuple[object, ...]) -> GameRecord:
    game_id, header, started, finished, abandoned = row
    try:
        return GameRecord(
            int(str(game_id)),
            str(header),
            datetime.fromisoformat(str(started)),
            None if finished is None else datetime.fromisoformat(str(finished)),
            abandoned=bool(abandoned),
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
