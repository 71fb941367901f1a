"""What the writer's opening finds in the state folder, before SQLite is let near it.

SQLite repairs some things itself on a writable open (it rolls a hot ``-journal`` back)
and silently throws others away (a ``-wal`` beside an empty main file, the frames past a
damaged one, the frames its ``-shm`` names that the log no longer holds). The first are
left to it; the second are read here first, copied aside and named, so nothing goes
without a word. One thing it may bring back: a commit that a killed writer put in the log
but not in the index a running reader keeps. The writer empties that out
(``LogCheck.unindexed_frames``), so a game never changes once the table has seen it.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.journal.errors import JournalError, JournalTooNew, JournalUnreachable
from companion.journal.shm import IndexReading, read_index
from companion.journal.wal import FRAME_HEADER_BYTES, HEADER_BYTES, WalReading, read_wal

WAL_SUFFIX = "-wal"
SHM_SUFFIX = "-shm"
ROLLBACK_SUFFIX = "-journal"  # SQLite's rollback journal: only the very first start has one
SIDE_FILES = (WAL_SUFFIX, SHM_SUFFIX, ROLLBACK_SUFFIX)
SALT_OFFSET = 16
RECHECK_S = 0.05
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


@dataclass(frozen=True)
class Problem:
    reason: str
    salvageable: bool  # damage to a journal of ours, not a foreign file or another version


@dataclass(frozen=True)
class LogCheck:
    """The ``-wal`` and ``-shm`` as found, read before any connection opened them."""

    reading: WalReading
    index: IndexReading | None
    index_frames_lost: int  # committed frames the -shm names that the log cannot give

    @property
    def damaged(self) -> bool:
        return self.reading.loses_commits or self.index_frames_lost > 0

    @property
    def unindexed_frames(self) -> int:
        """Frames of whole commits in the log past the last one its index names: a writer
        killed inside a commit's sync wrote them and never told the index. No reader has
        seen them, and no writer was told they were kept."""
        index = self.index
        if index is None or index.salts != self.reading.salts:
            return 0
        return max(0, self.reading.kept_frames - index.frames)


def side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def make_folder(folder: Path) -> None:
    """Make the state folder; a file in its place is named as such."""
    if folder.exists() and not folder.is_dir():
        raise JournalError(
            f"the state folder {folder} is a file, not a folder: move it away or set "
            "[state] directory to a folder"
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JournalError(
            f"cannot make the journal's folder {folder}: {error.strerror or error}"
        ) from None


def check_reachable(path: Path) -> None:
    """Refuse, touching nothing, a folder or journal file this process cannot write: its
    permissions are the cause, not damage to the journal."""
    folder = path.parent
    files = [path, *(side(path, suffix) for suffix in SIDE_FILES)]
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


def not_a_file(path: Path) -> Problem | None:
    """A folder (or anything else but a file) where the journal's file should be."""
    if path.is_file() or not (path.exists() or path.is_symlink()):
        return None
    kind = "a folder" if path.is_dir() else "not a regular file"
    return Problem(f"{kind} stands where the journal's file should be", False)


def set_problem(path: Path) -> Problem | None:
    """A set that SQLite must not be let near: an empty or missing main file beside a
    -wal (SQLite would delete the log, and every game in it)."""
    wal = side(path, WAL_SUFFIX)
    log_size = wal.stat().st_size if wal.exists() else 0
    if not log_size or (path.exists() and path.stat().st_size):
        return None
    state = "empty" if path.exists() else "missing"
    return Problem(f"the main file is {state} beside a -wal of {log_size} bytes", True)


def check_log(path: Path) -> LogCheck:
    """Read the log and its index as they are: what SQLite would drop past damage, and
    what the index says the log held beyond what it now holds (cut short or lost)."""
    reading = read_wal(side(path, WAL_SUFFIX))
    index = read_index(side(path, SHM_SUFFIX))
    lost = 0
    if index is not None and _same_log(reading, index):
        readable = reading.kept_frames if reading.salts == index.salts else 0
        lost = max(0, index.frames - max(readable, index.backfilled))
    return LogCheck(reading, index, lost)


def _same_log(reading: WalReading, index: IndexReading) -> bool:
    """The index describes this log: the same salts, or no readable log header left to
    say otherwise (a log deleted, emptied or with its header destroyed)."""
    return reading.salts == index.salts or not reading.header_valid or reading.size == 0


def index_outruns_log(path: Path) -> str | None:
    """For a reader: the ``-shm`` names committed frames the ``-wal`` is too short to
    hold (told from the sizes alone, without reading the frames). Looked at twice: a
    writer's checkpoint can empty the log between the two reads of one look."""
    first = _outrun(path)
    if first is None:
        return None
    time.sleep(RECHECK_S)
    return _outrun(path)


def _outrun(path: Path) -> str | None:
    index = read_index(side(path, SHM_SUFFIX))
    if index is None or index.frames <= index.backfilled:
        return None
    wal = side(path, WAL_SUFFIX)
    try:
        head = wal.read_bytes()[:HEADER_BYTES] if wal.exists() else b""
        size = wal.stat().st_size if wal.exists() else 0
    except OSError:
        return None
    if len(head) == HEADER_BYTES:
        words = (SALT_OFFSET, SALT_OFFSET + 4)
        salts = tuple(int.from_bytes(head[at : at + 4], "big") for at in words)
        if salts != index.salts:
            return None
    needed = HEADER_BYTES + index.frames * (FRAME_HEADER_BYTES + index.page_size)
    if size >= needed:
        return None
    whole = max(0, (size - HEADER_BYTES) // (FRAME_HEADER_BYTES + index.page_size))
    return f"its -shm records {index.frames} committed frames of the log, its -wal holds {whole}"


def hot_rollback_journal(path: Path) -> bool:
    """An interrupted first start's rollback journal, which only a writer may roll back."""
    journal = side(path, ROLLBACK_SUFFIX)
    return journal.exists() and journal.stat().st_size > 0


def roll_back(path: Path) -> bool:
    """Let SQLite roll back a hot ``-journal`` (an interrupted first start): a writable
    open that reads the schema does it (beside an empty file it only deletes it). True
    when one was rolled back."""
    if not hot_rollback_journal(path):
        return False
    written = path.exists() and path.stat().st_size > 0
    try:
        db = sqlite3.connect(path, isolation_level=None)
        try:
            db.execute("PRAGMA schema_version").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return False  # not SQLite's to repair: the checks after say what it is
    return written and not hot_rollback_journal(path)


def keep_log(path: Path, check: LogCheck, now: datetime) -> tuple[Path | None, Path | None]:
    """Copy the -wal (and the -shm, when it names frames the log lost) aside, synced,
    before SQLite opens them and drops or forgets what they say."""
    copies: list[Path | None] = []
    for suffix, wanted in (
        (WAL_SUFFIX, check.reading.size > 0),
        (SHM_SUFFIX, check.index_frames_lost > 0),
    ):
        original = side(path, suffix)
        if not wanted or not original.exists():
            copies.append(None)
            continue
        target = free_name(original, "kept", now)
        try:
            shutil.copyfile(original, target)
            sync(target)
        except OSError as error:
            raise JournalError(
                f"the journal's log {original} is damaged and could not be copied aside: "
                f"{error.strerror or error}; it was left as it is"
            ) from None
        copies.append(target)
    sync(path.parent)
    return copies[0], copies[1]


def free_name(path: Path, word: str, now: datetime) -> Path:
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.{word}-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.{word}-{stamp}-{counter}")
    return target


def move_aside(path: Path, reason: str, now: datetime) -> Path:
    """Rename the set aside, the side files first: a main file moved without its -wal
    would leave a -wal beside no main file, which SQLite deletes. Where it went."""
    target = free_name(path, "moved", now)
    try:
        for suffix in SIDE_FILES:
            moved = side(path, suffix)
            if moved.exists():
                moved.rename(side(target, suffix))
        if path.exists() or path.is_symlink():
            path.rename(target)
        sync(path.parent)
    except OSError as error:
        raise JournalError(
            f"the journal {path} could not be used ({reason}) and could not be moved aside: "
            f"{error.strerror or error}"
        ) from None
    return target


def sync(target: Path) -> None:
    """fsync a file or a folder (a folder's sync makes its renames durable)."""
    descriptor = os.open(target, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def unusable(path: Path, *, application_id: int, schema_version: int) -> Problem | None:
    """Why the file at ``path`` cannot serve as our journal (a journal marked with
    ``application_id``, at ``schema_version``), or None when it can. An error reaching
    it (not damage) raises ``JournalUnreachable``; a journal of a newer schema (a newer
    release's, after a rollback) raises ``JournalTooNew``, touching nothing."""
    try:
        connection = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as error:
        return _damage_or_raise(path, error, "SQLite cannot open it")
    try:
        checked = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        if checked != ["ok"]:
            return Problem(_integrity_summary(checked), True)
        found_id = connection.execute("PRAGMA application_id").fetchone()[0]
        tables = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as error:
        return _damage_or_raise(path, error, "not a readable SQLite database")
    finally:
        connection.close()
    if found_id == 0 and tables == 0:
        return None  # an empty database: it becomes the journal
    if found_id != application_id:
        return Problem(
            f"a foreign SQLite database (application_id {found_id:#x}), not a journal", False
        )
    if version > schema_version:
        raise JournalTooNew(
            f"the journal {path} was written by a newer release of the companion (journal "
            f"schema {version}; this release reads schema {schema_version}): it was left "
            "as it is; install that release again, or a newer one"
        )
    if version != schema_version:
        return Problem(
            f"journal schema version {version}, this program reads {schema_version}", False
        )
    return None


def _integrity_summary(checked: list[object]) -> str:
    """integrity_check's first findings (it may list hundreds, several to a row)."""
    lines = [line for row in checked for line in str(row).splitlines() if line.strip()]
    shown = "; ".join(lines[:INTEGRITY_LINES_SAID])
    more = len(lines) - INTEGRITY_LINES_SAID
    return f"integrity_check: {shown}" + (f"; and {more} more" if more > 0 else "")


def _damage_or_raise(path: Path, error: sqlite3.Error, said: str) -> Problem:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None and code & _PRIMARY_CODE_MASK in _ACCESS_ERRORS:
        raise JournalUnreachable(
            f"cannot read the journal {path}: {error}; it was left as it is"
        ) from None
    return Problem(f"{said}: {error}", True)
