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
from dataclasses import dataclass, replace
from pathlib import Path

from companion.games.errors import RefusedEvent
from companion.games.events import EventSyntaxError, parse_event
from companion.games.score_sheet import ScoreSheet, SheetCut, cut_sheet
from companion.journal.records import BadRow, EventRow, GameRecord, RowKind
from companion.journal.replay import Replayed, replay
from companion.journal.store import Journal, JournalError, UnknownGame
from companion.sheet.model import GameSheet, game_sheet
from companion.ui.texts import Language

# Games kept folded: the one being played and a few that phones opened lately.
KEPT_FOLDS = 4
WHOLE_REPLAY_TRIES = 3


class NoGame(LookupError):
    """The game asked for is not in the journal (or the journal holds no game yet)."""


@dataclass(frozen=True)
class Version:
    """Which journal file (its inode: a journal moved aside and started anew is another
    file) and how many commits by others this reader has seen on it."""

    inode: int
    data_version: int


@dataclass
class Fold:
    """A game folded from its rows, kept between versions: rows appended since are applied
    on top, and export's sheet follows them through the engine's ``SheetCut`` (a long
    game is not replayed whole for each event); the sheet is shared by every language."""

    replayed: Replayed
    last_seq: int
    cut: SheetCut
    exported: ScoreSheet

    @classmethod
    def whole(cls, journal: Journal, game_id: int) -> Fold:
        """The game replayed from its first row. The kiosk may commit meanwhile, so the
        rows are read again after the replay, and it is done again if they grew: the
        fold must know exactly which rows it holds."""
        for _ in range(WHOLE_REPLAY_TRIES):
            before = _last_seq(journal.rows(game_id))
            replayed = replay(journal, game_id)
            if _last_seq(journal.rows(game_id)) == before:
                engine = replayed.game.engine
                cut = cut_sheet(engine, engine.sheet_cut(), replayed.game.events)
                return cls(replayed, before, cut, cut.sheet())
        raise JournalError(
            f"game {game_id} of {journal.path} changed during each of {WHOLE_REPLAY_TRIES} replays"
        )

    def extended(self, rows: Sequence[EventRow | BadRow]) -> bool:
        """Apply the rows after ``last_seq`` when they are events the game takes or undos
        of the last event standing; False (and the fold unusable) for anything else: a bad
        row, a refusal, which a whole replay then deals with as ``replay`` does."""
        new = [row for row in rows if row.seq > self.last_seq]
        if not new:
            return True
        game = self.replayed.game
        live = list(self.replayed.live)
        for row in new:
            if not isinstance(row, EventRow):
                return False
            if row.kind is RowKind.ABANDON:
                continue  # ends the game, changes nothing in it
            if row.kind is RowKind.UNDO:
                # what replay does with an undo of the last event standing; any other
                # undo is a bad row, left to a whole replay to name
                if not live or row.undoes != live[-1].seq:
                    return False
                game.undo()
                live.pop()
                self.cut.drop(game.state)
            else:
                try:
                    event = parse_event(row.line)
                    game.apply(event, row.seq)
                except (EventSyntaxError, RefusedEvent):
                    return False
                live.append(row)
                self.cut.take(event, game.state)
        self.replayed = replace(self.replayed, live=tuple(live))
        self.last_seq = new[-1].seq
        self.exported = self.cut.sheet()
        return True


def _last_seq(rows: Sequence[EventRow | BadRow]) -> int:
    return max((row.seq for row in rows), default=0)


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

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
        if self._watch is not None:
            self._watch.close()
        self._journal, self._watch, self._inode = None, None, None
        self._folds.clear()

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

    def _fold(self, game_id: int | None) -> Fold:
        """Game ``game_id`` (None: the latest) as its rows leave it now."""
        journal = self._opened()
        if journal is None:
            raise NoGame(self.problem or f"no journal at {self.path}")
        if game_id is None:
            record = journal.last_game()
            if record is None:
                raise NoGame(f"the journal {self.path} holds no game yet")
            game_id = record.id
        try:
            rows = journal.rows(game_id)
            fold = self._folds.pop(game_id, None)
            if fold is None or not fold.extended(rows):
                fold = Fold.whole(journal, game_id)
            fold.replayed = replace(fold.replayed, record=journal.game(game_id))
        except UnknownGame as error:
            raise NoGame(str(error)) from None
        self._folds[game_id] = fold
        while len(self._folds) > KEPT_FOLDS:
            self._folds.popitem(last=False)
        return fold

    def sheet(self, game_id: int | None, language: Language) -> GameSheet:
        """The sheet of game ``game_id`` (None: the latest game)."""
        fold = self._fold(game_id)
        replayed = fold.replayed
        return game_sheet(
            replayed.record, replayed.game, language, fold.exported, fold.cut.stakes()
        )

    def csv_text(self, game_id: int | None) -> str:
        """The game's score sheet exactly as ``companion export --format csv`` writes it:
        export's ``score_sheet`` of the same standing events."""
        return self._fold(game_id).exported.csv_text()
