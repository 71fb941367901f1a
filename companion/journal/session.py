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
        return cls(journal, record, Game(spec.engine()), [])

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
        """The last unfinished game resumed, or None when every game is finished."""
        record = journal.last_unfinished()
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
