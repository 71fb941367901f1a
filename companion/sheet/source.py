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
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from companion.games.evening import Evening
from companion.games.record import PersonRecord
from companion.games.score_sheet import ScoreSheet, SheetCut
from companion.journal.evenings import EveningBook
from companion.journal.records import BadRow, EventRow, GameRecord
from companion.journal.replay import Replayed, begin
from companion.journal.session import game_at_the_table
from companion.journal.store import Journal, JournalError, UnknownGame
from companion.sheet.model import GameSheet, game_sheet
from companion.values.language import Language

# Games kept folded: the one being played and a few that phones opened lately.
KEPT_FOLDS = 4


class NoGame(LookupError):
    """The game asked for is not in the journal (or the journal holds no game yet). Its
    words go to the phones, so they name no file of the box."""


class NoEvening(NoGame):
    """No evening of that number (its first game's) in the journal."""


class NoPerson(NoGame):
    """Nobody of that name played a game of the journal."""


@dataclass(frozen=True)
class Version:
    """Which journal file (its inode: a journal moved aside and started anew is another
    file) and how many commits by others this reader has seen on it."""

    inode: int
    data_version: int


@dataclass
class Fold:
    """A game folded from its rows, kept between versions: rows appended since are folded
    on top, and export's sheet follows them through the engine's ``SheetCut`` (a long
    game is not replayed whole for each event); the sheet is shared by every language."""

    replayed: Replayed
    cut: SheetCut
    exported: ScoreSheet

    @classmethod
    def whole(cls, journal: Journal, game_id: int) -> Fold:
        """The game folded from its first row, its sheet cut along."""
        replayed = begin(journal, game_id)
        cut = replayed.game.engine.sheet_cut()
        replayed.follower = cut
        replayed.feed(journal.rows(game_id))
        return cls(replayed, cut, cut.sheet())

    def extended(self, rows: Sequence[EventRow | BadRow]) -> None:
        """Fold the rows appended since (as a whole replay would fold them)."""
        folded = self.replayed.last_seq
        self.replayed.feed(rows)
        if self.replayed.last_seq != folded:
            self.exported = self.cut.sheet()


class JournalReader:
    """Reads one journal file read-only. Not thread-safe: the server uses it from one
    worker thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._journal: Journal | None = None
        self._watch: sqlite3.Connection | None = None
        self._inode: int | None = None
        self.problem: str | None = None  # why the journal cannot be read now, if so
        self._folds: OrderedDict[int, Fold] = OrderedDict()  # the games read last
        self._book = EveningBook()  # every game summed up, for the evenings and records

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
        if self._watch is not None:
            self._watch.close()
        self._journal, self._watch, self._inode = None, None, None
        self._folds.clear()
        self._book = EveningBook()  # another journal file may come: nothing carries over

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
        record = None if journal is None else game_at_the_table(journal)
        return None if record is None else record.id

    def _fold(self, game_id: int | None) -> Fold:
        """Game ``game_id`` (None: the latest) as its rows leave it now."""
        journal = self._opened()
        if journal is None:
            if self.path.exists():  # there, but it cannot be read now
                raise JournalError(self.problem or f"cannot read the journal {self.path}")
            raise NoGame("there is no journal yet: no game has been played")
        if game_id is None:
            record = game_at_the_table(journal)
            if record is None:
                raise NoGame("the journal holds no game yet")
            game_id = record.id
        try:
            fold = self._folds.pop(game_id, None)
            if fold is None:
                fold = Fold.whole(journal, game_id)
            else:
                fold.extended(journal.rows(game_id))
                fold.replayed.record = journal.game(game_id)
        except UnknownGame:
            raise NoGame(f"game {game_id} is not in the journal") from None
        self._folds[game_id] = fold
        while len(self._folds) > KEPT_FOLDS:
            self._folds.popitem(last=False)
        return fold

    def sheet(self, game_id: int | None, language: Language) -> GameSheet:
        """The sheet of game ``game_id`` (None: the latest game)."""
        fold = self._fold(game_id)
        replayed = fold.replayed
        return game_sheet(
            replayed.record,
            replayed.game,
            language,
            fold.exported,
            fold.cut.stakes(),
            settled_by=fold.cut.settling_events(),
            latest=replayed.record.id == self.latest_id(),
            last_move=self.last_move(replayed.record.id),
        )

    def last_move(self, game_id: int | None) -> datetime | None:
        """When the game's last row (an event or an undo) was written; None for a game
        without one (or None asked)."""
        journal = self._opened()
        if journal is None or game_id is None:
            return None
        written = [row.at for row in journal.rows(game_id) if isinstance(row, EventRow)]
        return written[-1] if written else None

    def csv_text(self, game_id: int | None) -> str:
        """The game's score sheet exactly as ``companion export --format csv`` writes it:
        export's ``score_sheet`` of the same standing events."""
        fold = self._fold(game_id)
        return fold.exported.named(fold.replayed.game.people).csv_text()

    # -- the evenings and the people -----------------------------------------------------

    def evenings(self) -> tuple[Evening, ...]:
        """The journal's evenings, first to last (none before a journal exists)."""
        journal = self._opened()
        if journal is None:
            if self.path.exists():
                raise JournalError(self.problem or f"cannot read the journal {self.path}")
            return ()
        return self._book.evenings(journal)

    def evening(self, number: int | None) -> tuple[Evening | None, int | None, int | None]:
        """Evening ``number`` (None: the latest; None when there is none yet), with the
        numbers of the evenings before and after it."""
        evenings = self.evenings()
        if not evenings:
            if number is not None:
                raise NoEvening(f"evening {number} is not in the journal")
            return None, None, None
        numbers = [evening.number for evening in evenings]
        if number is None:
            place = len(evenings) - 1
        elif number in numbers:
            place = numbers.index(number)
        else:
            raise NoEvening(f"evening {number} is not in the journal")
        earlier = numbers[place - 1] if place else None
        later = numbers[place + 1] if place + 1 < len(numbers) else None
        return evenings[place], earlier, later

    def records(self) -> tuple[PersonRecord, ...]:
        """Every named person's record across the journal's evenings, by name."""
        journal = self._opened()
        if journal is None:
            return ()
        return self._book.records(journal)

    def record(self, name: str) -> PersonRecord:
        wanted = name.casefold()
        for record in self.records():
            if record.person.name.casefold() == wanted:
                return record
        raise NoPerson("nobody of that name has played here")
