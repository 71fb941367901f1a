"""A game played through the journal: each event is committed before it is applied.

``record_event`` works out the event's new state once (an illegal event is refused
without writing it), appends its row (returning only after the commit) and only then
takes that state, so whatever the caller shows next is already on disk.
"""

from __future__ import annotations

from companion.games.errors import Reason, RefusedEvent
from companion.games.events import Event
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.journal.records import BadRow, EventRow, GameRecord, Source
from companion.journal.replay import replay
from companion.journal.store import Journal


class JournaledGame:
    def __init__(
        self,
        journal: Journal,
        record: GameRecord,
        game: Game,
        live: list[EventRow],
        *,
        rows: int = 0,
    ) -> None:
        """``rows``: how many rows the journal holds for the game (undos and rows that
        had to be skipped too)."""
        self.journal = journal
        self.record = record
        self.game = game
        self._live = live
        self.rows = rows

    @classmethod
    def start(cls, journal: Journal, spec: GameSpec) -> JournaledGame:
        """A new game in the journal, its header written with every option, defaults
        too, so that a later change of a default never changes how it replays."""
        record = journal.start_game(spec.header(every_option=True))
        return cls(journal, record, Game.of(spec), [])

    @classmethod
    def resume(cls, journal: Journal, game_id: int) -> tuple[JournaledGame, tuple[BadRow, ...]]:
        """The game as its rows leave it, and the rows that had to be skipped."""
        replayed = replay(journal, game_id)
        resumed = cls(
            journal, replayed.record, replayed.game, list(replayed.live), rows=replayed.rows
        )
        return resumed, replayed.bad

    @classmethod
    def resume_last(cls, journal: Journal) -> tuple[JournaledGame, tuple[BadRow, ...]] | None:
        """The unfinished game played last (its newest row, or its start) resumed, or
        None when every game is finished. Games kept for later wait in the journal."""
        record = last_played(journal)
        return None if record is None else cls.resume(journal, record.id)

    @property
    def live(self) -> tuple[EventRow, ...]:
        return tuple(self._live)

    def record_event(self, event: Event, *, source: Source) -> EventRow:
        pending = self.game.attempt(event)  # a refusal raises here, before any write
        row = self.journal.append(self.record.id, event, source=source)
        self.game.commit(pending, row.seq)
        self._live.append(row)
        self.rows += 1
        return row

    def undo(self, *, source: Source) -> EventRow:
        if not self._live:
            raise RefusedEvent("nothing to undo", Reason.of("nothing-to-undo"))
        row = self.journal.append_undo(self.record.id, self._live[-1].seq, source=source)
        self.game.undo()
        self._live.pop()
        self.rows += 1
        return row

    def finish(self) -> None:
        self.journal.finish_game(self.record.id)

    def abandon(self, *, source: Source) -> EventRow:
        """End the game unfinished, marked abandoned in the journal."""
        return self.journal.abandon_game(self.record.id, source=source)


def last_played(journal: Journal) -> GameRecord | None:
    """The unfinished game with the newest row, or begun after it (with no row yet), by
    the rows' order, not their times: a game with no row comes after every row of the
    games begun before it (a game played again after it was begun writes a newer one)."""
    last = journal.last_rows()

    def played_at(record: GameRecord) -> tuple[float, int]:
        if record.id in last:
            return (last[record.id], record.id)
        before = [seq for game, seq in last.items() if game < record.id]
        return (max(before, default=0) + 0.5, record.id)

    unfinished = [record for record in journal.games() if not record.is_finished]
    return max(unfinished, key=played_at, default=None)


def game_at_the_table(journal: Journal) -> GameRecord | None:
    """The game a reader follows: the unfinished one played last (a kept game resumed
    comes before a later one kept for later), else the latest game."""
    return last_played(journal) or journal.last_game()


def kept_games(journal: Journal, playing: int | None) -> list[GameRecord]:
    """The unfinished games other than ``playing``, the one played last first."""
    unfinished = [
        record for record in journal.games() if not record.is_finished and record.id != playing
    ]
    return sorted(unfinished, key=lambda record: record.id, reverse=True)
