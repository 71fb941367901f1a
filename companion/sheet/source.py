"""The journal as the sheet reads it: read-only SQLite, and a version that moves on every
commit by anyone else.

Both connections are opened with ``mode=ro``: SQLite refuses any write on them, whatever
the server asks. In WAL mode a reader also needs the ``-shm`` side file; while the kiosk
runs it exists, and otherwise SQLite makes it if the folder may be written (the unit gives
the sheet the state folder for that). A journal that is not there yet, or cannot be read
now, is reported and tried again at the next poll rather than stopping the server.
``PRAGMA data_version`` on the watching connection changes whenever another connection
commits, and costs no file read, so the server can poll it ten times a second.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from companion.journal.export import score_sheet
from companion.journal.records import GameRecord
from companion.journal.replay import Replayed, replay
from companion.journal.store import Journal, JournalError, UnknownGame
from companion.sheet.model import GameSheet, game_sheet
from companion.ui.texts import Language


class NoGame(LookupError):
    """The game asked for is not in the journal (or the journal holds no game yet)."""


@dataclass(frozen=True)
class Version:
    """Which journal file (its inode: a journal moved aside and started anew is another
    file) and how many commits by others this reader has seen on it."""

    inode: int
    data_version: int


class JournalReader:
    """Reads one journal file read-only. Not thread-safe: the server uses it from one
    worker thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._journal: Journal | None = None
        self._watch: sqlite3.Connection | None = None
        self._inode: int | None = None
        self.problem: str | None = None  # why the journal cannot be read now, if so

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
        if self._watch is not None:
            self._watch.close()
        self._journal, self._watch, self._inode = None, None, None

    def version(self) -> Version | None:
        """The journal's version now; None while there is none to read (``problem`` says
        why)."""
        try:
            inode = self.path.stat().st_ino
        except OSError:
            self.close()
            self.problem = f"no journal at {self.path} yet"
            return None
        if inode != self._inode:
            self.close()
            if not self._open(inode):
                return None
        assert self._watch is not None
        try:
            data_version = int(self._watch.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error as error:
            self.close()
            self.problem = f"cannot read the journal {self.path}: {error}"
            return None
        self.problem = None
        return Version(inode, data_version)

    def _open(self, inode: int) -> bool:
        uri = self.path.resolve().as_uri() + "?mode=ro"
        try:
            journal = Journal.open_read_only(self.path)
        except JournalError as error:
            self.problem = str(error)
            return False
        try:
            watch = sqlite3.connect(uri, uri=True, isolation_level=None)
            watch.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error as error:
            journal.close()
            self.problem = f"cannot read the journal {self.path}: {error}"
            return False
        self._journal, self._watch, self._inode = journal, watch, inode
        return True

    def _opened(self) -> Journal | None:
        if self._journal is None:
            self.version()
        return self._journal

    def games(self) -> list[GameRecord]:
        journal = self._opened()
        return [] if journal is None else journal.games()

    def latest_id(self) -> int | None:
        journal = self._opened()
        record = None if journal is None else journal.last_game()
        return None if record is None else record.id

    def _replayed(self, game_id: int | None) -> Replayed:
        journal = self._opened()
        if journal is None:
            raise NoGame(self.problem or f"no journal at {self.path}")
        if game_id is None:
            record = journal.last_game()
            if record is None:
                raise NoGame(f"the journal {self.path} holds no game yet")
            game_id = record.id
        try:
            return replay(journal, game_id)
        except UnknownGame as error:
            raise NoGame(str(error)) from None

    def sheet(self, game_id: int | None, language: Language) -> GameSheet:
        """The sheet of game ``game_id`` (None: the latest game)."""
        replayed = self._replayed(game_id)
        return game_sheet(replayed.record, replayed.game, language)

    def csv_text(self, game_id: int | None) -> str:
        """The game's score sheet exactly as ``companion export --format csv`` writes it."""
        replayed = self._replayed(game_id)
        return score_sheet(replayed.record.header, replayed.game.events).csv_text()
