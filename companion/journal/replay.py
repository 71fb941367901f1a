"""A game's journal rows folded back into a ``Game``: what a resume, an export and the
phone sheet see.

The fold does what the running app did: each event row is applied (an undo row takes
back the last applied one), so the replayed state is exactly the state the table saw.
A row that cannot be used is skipped and named, never fatal. The fold is incremental:
rows appended later are folded on top of it (``Replayed.feed``), and a ``Follower`` is
told each change as it is made (the sheet's score sheet follows the game that way).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from companion.games.errors import OptionError, RefusedEvent
from companion.games.events import Event, EventSyntaxError, parse_event
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.journal.records import BadRow, EventRow, GameRecord, RowKind
from companion.journal.store import Journal, JournalError


class UnreadableGame(JournalError):
    """A game whose header line names no game this program can play."""


class Follower(Protocol):
    """Told of each change a fold makes to its game, in order."""

    def take(self, event: Event, state: Any) -> None:
        """``event`` was applied; ``state`` is the game's state now."""

    def drop(self, state: Any) -> None:
        """The last event taken was undone; ``state`` is the game's state now."""


class Replayed:
    """A game folded from its rows: ``live`` are the rows whose events make up the state,
    in order; ``bad`` the rows skipped, each with why."""

    def __init__(self, record: GameRecord, game: Game) -> None:
        self.record = record
        self.game = game
        self.follower: Follower | None = None  # told of each change from then on
        self.last_seq = 0  # the last row folded (or skipped)
        self.rows = 0  # the rows folded or skipped: the game's rows so far
        self._live: list[EventRow] = []
        self._bad: list[BadRow] = []

    @property
    def live(self) -> tuple[EventRow, ...]:
        return tuple(self._live)

    @property
    def bad(self) -> tuple[BadRow, ...]:
        return tuple(self._bad)

    def feed(self, rows: Iterable[EventRow | BadRow]) -> None:
        """Fold the rows after ``last_seq`` (the game's rows in order; those folded
        already may be given again and are passed over)."""
        for row in rows:
            if row.seq <= self.last_seq:
                continue
            self.last_seq = row.seq
            self.rows += 1
            if isinstance(row, BadRow):
                self._bad.append(row)
                continue
            if row.kind is RowKind.ABANDON:
                continue  # it ends the game (the record says so) and changes nothing in it
            problem = self._undo(row) if row.kind is RowKind.UNDO else self._apply(row)
            if problem is not None:
                self._bad.append(BadRow(row.seq, row.line, problem))

    def _apply(self, row: EventRow) -> str | None:
        try:
            event = parse_event(row.line)
            self.game.apply(event, row.seq)
        except EventSyntaxError as error:
            return f"not an event: {error}"
        except RefusedEvent as refusal:
            return f"refused by the game: {refusal}"
        self._live.append(row)
        if self.follower is not None:
            self.follower.take(event, self.game.state)
        return None

    def _undo(self, row: EventRow) -> str | None:
        problem = _undo_problem(row, self._live)
        if problem is None:
            self.game.undo()
            self._live.pop()
            if self.follower is not None:
                self.follower.drop(self.game.state)
        return problem


def new_game(header: str, *, source: str = "header") -> Game:
    """A fresh ``Game`` from a stored ``game ID options`` line; ``UnreadableGame`` if it
    is not one."""
    try:
        return Game.of(GameSpec.parse(header))
    except OptionError as error:
        raise UnreadableGame(f"{source}: {error}") from None


def begin(journal: Journal, game_id: int) -> Replayed:
    """Game ``game_id`` before any of its rows is folded."""
    record = journal.game(game_id)
    return Replayed(record, new_game(record.header, source=f"{journal.path}, game {game_id}"))


def replay(journal: Journal, game_id: int) -> Replayed:
    """Game ``game_id`` as its rows leave it now."""
    replayed = begin(journal, game_id)
    replayed.feed(journal.rows(game_id))
    return replayed


def _undo_problem(row: EventRow, live: list[EventRow]) -> str | None:
    if not live:
        return "an undo with no event left to take back"
    if row.undoes != live[-1].seq:
        return f"an undo of row {row.undoes}, but the last event standing is row {live[-1].seq}"
    return None
