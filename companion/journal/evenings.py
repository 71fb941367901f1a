"""The journal's evenings: each game summed up (cached while its rows stay the same), the
marks of a new evening from the box's moves, and the roster.

A summary is folded from the game's standing events (an undo row takes back the event it
names); where the game refuses one of them (rules changed since it was played) it is
folded again from the rows a resume would keep. A finished game never changes, so its
summary is kept; an unfinished one is folded again when a row is added to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from companion.games.errors import OptionError
from companion.games.evening import EVENING_GAP, Evening, group_evenings
from companion.games.events import Event, EventSyntaxError, parse_event
from companion.games.record import PersonRecord, people_of, person_record
from companion.games.roster import (
    EVENING_WORD,
    NewEvening,
    RosterError,
    RosterFold,
    fold_roster,
    parse_box_move,
)
from companion.games.spec import GameSpec
from companion.games.summary import Ending, FoldRefused, GameSummary, summarize
from companion.journal.records import BoxRow, EventRow, GameRecord, RowKind
from companion.journal.replay import replay
from companion.journal.store import Journal

# How far back the box looks for the games of the evening it shows: a sitting is hours.
RECENT = timedelta(days=2)
# The key of a game's rows as summed up: its last row and whether it has finished.
_Key = tuple[int, datetime | None]


@dataclass(frozen=True)
class Unsummed:
    """A game left out of the evenings, and why (its header names no game we play)."""

    number: int
    reason: str


class EveningBook:
    """Summaries of the journal's games, kept between readings."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[_Key, GameSummary]] = {}
        self.unsummed: dict[int, Unsummed] = {}

    def summaries(
        self, journal: Journal, records: Sequence[GameRecord] | None = None
    ) -> tuple[GameSummary, ...]:
        """Every game of the journal summed up (or those of ``records``)."""
        last_rows = journal.last_rows_at()
        found: list[GameSummary] = []
        for record in journal.games() if records is None else records:
            last = last_rows.get(record.id)
            key: _Key = (0 if last is None else last[0], record.finished)
            kept = self._kept.get(record.id)
            if kept is not None and kept[0] == key:
                found.append(kept[1])
                continue
            summary = self._summary(journal, record, None if last is None else last[1])
            if summary is not None:
                self._kept[record.id] = (key, summary)
                found.append(summary)
        return tuple(found)

    def _summary(
        self, journal: Journal, record: GameRecord, last_move: datetime | None
    ) -> GameSummary | None:
        try:
            spec = GameSpec.parse(record.header)
        except OptionError as error:
            self.unsummed[record.id] = Unsummed(record.id, str(error))
            return None
        ending = _ending(record)
        moved = last_move or record.started
        events, times = standing_events(journal, record.id)
        spans = activity(record.started, times)
        summed = partial(
            summarize,
            record.id,
            spec,
            started=record.started,
            last_move=moved,
            ending=ending,
            spans=spans,
        )
        try:
            return summed(events)
        except FoldRefused:
            events = [parse_event(row.line) for row in replay(journal, record.id).live]
            return summed(events, careful=True)

    def evenings(self, journal: Journal) -> tuple[Evening, ...]:
        return group_evenings(self.summaries(journal), new_evening_marks(journal))

    def latest(self, journal: Journal, *, within: timedelta = RECENT) -> Evening | None:
        """The evening of the latest game, from the games started ``within`` of it (the
        box's own page: a long journal is not read whole at a press)."""
        last = journal.last_game()
        if last is None:
            return None
        recent = [record for record in journal.games() if last.started - record.started < within]
        evenings = group_evenings(self.summaries(journal, recent), new_evening_marks(journal))
        return evenings[-1] if evenings else None

    def records(self, journal: Journal) -> tuple[PersonRecord, ...]:
        evenings = self.evenings(journal)
        return tuple(person_record(person, evenings) for person in people_of(evenings))


def _ending(record: GameRecord) -> Ending:
    if getattr(record, "abandoned", False):
        return Ending.ABANDONED
    return Ending.FINISHED if record.is_finished else Ending.UNFINISHED


def standing_events(journal: Journal, game_id: int) -> tuple[list[Event], list[datetime]]:
    """The game's events that stand (each event row; an undo row takes back the last;
    rows that do not read are left out, as a resume leaves them), and when each of its
    rows was written."""
    live: list[tuple[int, Event]] = []
    times: list[datetime] = []
    for row in journal.rows(game_id):
        if not isinstance(row, EventRow):
            continue
        times.append(row.at)
        if row.kind is RowKind.UNDO:
            if live and live[-1][0] == row.undoes:
                live.pop()
            continue
        if row.kind is not RowKind.EVENT:
            continue
        try:
            live.append((row.seq, parse_event(row.line)))
        except EventSyntaxError:
            continue
    return [event for _, event in live], times


def activity(
    started: datetime, times: list[datetime], gap: timedelta = EVENING_GAP
) -> tuple[tuple[datetime, datetime], ...]:
    """When a game was played: from its start over its rows' times, a new span after a
    pause of ``gap`` or more."""
    spans: list[list[datetime]] = [[started, started]]
    for moment in sorted(times):
        if moment - spans[-1][1] >= gap:
            spans.append([moment, moment])
        else:
            spans[-1][1] = max(spans[-1][1], moment)
    return tuple((start, end) for start, end in spans)


def box_lines(journal: Journal) -> list[BoxRow]:
    return [row for row in journal.box_rows() if isinstance(row, BoxRow)]


def new_evening_marks(journal: Journal) -> tuple[datetime, ...]:
    """When the table pressed "new evening"."""
    marks: list[datetime] = []
    for row in box_lines(journal):
        if not row.line.startswith(EVENING_WORD):
            continue
        try:
            if isinstance(parse_box_move(row.line), NewEvening):
                marks.append(row.at)
        except RosterError:
            continue
    return tuple(marks)


def roster(journal: Journal) -> RosterFold:
    """The names on the box as its moves leave them."""
    return fold_roster(row.line for row in box_lines(journal))
