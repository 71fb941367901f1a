"""A game summed up for the evening and the people's records: who sat where, the points
or money each ended with, who won, each hand's bids (Oh Hell) and each round's banker
with what the round did to him (the banking games).

The events are folded on one private state, in place (an evening of games is folded in a
few milliseconds, not replayed state by state as the screens need): the game's
``standing`` is asked after each event. An event the game refuses there (a journal of a
game whose rules have since changed) raises ``FoldRefused``: the caller folds again with
``careful``, each event on a copy and a refused one left out, as a resume does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from fractions import Fraction
from typing import Any

from companion.games.engine import GameEngine
from companion.games.errors import RefusedEvent
from companion.games.events import Event
from companion.games.people import People
from companion.games.spec import GameSpec
from companion.games.standing import Counted, HandScore, Standing


class FoldRefused(Exception):
    """An event the in-place fold could not take: fold again carefully."""


class Ending(Enum):
    """How a game stands in the journal."""

    FINISHED = "finished"
    UNFINISHED = "unfinished"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class BankerRound:
    """A row of a banking game's sheet settled while ``banker`` held the bank, and what it
    did to his takings (> 0: he won)."""

    banker: int
    result: Fraction


@dataclass(frozen=True)
class GameSummary:
    """``number``: the game's number in the journal; ``amounts``: per seat, the points it
    scored or the money it would take home (see ``Standing``); ``winners``: the seats
    that won a game that is over (Oh Hell: the rules' winners; a banking game finished:
    the seats up the most, if anyone is up)."""

    number: int
    game: str
    people: People | None
    started: datetime
    last_move: datetime
    ending: Ending
    counted: Counted
    amounts: tuple[Fraction, ...]
    winners: tuple[int, ...]
    hands: tuple[HandScore, ...] = ()
    banker_rounds: tuple[BankerRound, ...] = ()
    events: int = 0
    # when the game was being played: from its start over its rows, a new span after a
    # pause of an evening's gap (a game kept and resumed another day has two)
    spans: tuple[tuple[datetime, datetime], ...] = ()

    @property
    def active(self) -> tuple[tuple[datetime, datetime], ...]:
        return self.spans or ((self.started, self.last_move),)

    @property
    def seats(self) -> int:
        return len(self.amounts)

    def who(self, seat: int) -> str | None:
        """The person in ``seat``, or None where the game names nobody."""
        return None if self.people is None else self.people.name(seat)


@dataclass(frozen=True)
class Folded:
    """The state the events leave, and the banker of each sheet row settled on the way."""

    state: Any
    last: Standing
    banker_rounds: tuple[BankerRound, ...]
    events: int


class _Follower:
    """Takes the game's standing after each event and notes each settled row's banker."""

    def __init__(self, first: Standing) -> None:
        self.last = first
        self.row_start = first.amounts
        self.rounds: list[BankerRound] = []

    def take(self, now: Standing) -> None:
        before = self.last
        if now.settled != before.settled:
            if before.banker is not None:
                banker = before.banker
                gained = now.amounts[banker] - self.row_start[banker]
                self.rounds.append(BankerRound(banker, gained))
            self.row_start = now.amounts
        self.last = now


def fold(engine: GameEngine[Any, Any], events: Sequence[Event], *, careful: bool = False) -> Folded:
    """The game played with ``events``: in place (``FoldRefused`` at an event refused), or
    ``careful``ly, each on a copy, the refused ones left out."""
    if careful:
        return _fold_carefully(engine, events)
    state = engine.initial_state()
    follower = _Follower(engine.standing(state))
    try:
        for event in events:
            engine.check_zone(event)
            engine.apply_to(state, event)
            follower.take(engine.standing(state))
    except RefusedEvent as refusal:
        raise FoldRefused(str(refusal)) from None
    return Folded(state, follower.last, tuple(follower.rounds), len(events))


def _fold_carefully(engine: GameEngine[Any, Any], events: Sequence[Event]) -> Folded:
    state = engine.initial_state()
    follower = _Follower(engine.standing(state))
    taken = 0
    for event in events:
        try:
            state = engine.next_state(state, event)
        except RefusedEvent:
            continue
        taken += 1
        follower.take(engine.standing(state))
    return Folded(state, follower.last, tuple(follower.rounds), taken)


def summarize(
    number: int,
    spec: GameSpec,
    events: Sequence[Event],
    *,
    started: datetime,
    last_move: datetime,
    ending: Ending,
    spans: tuple[tuple[datetime, datetime], ...] = (),
    careful: bool = False,
) -> GameSummary:
    """Game ``number`` of the journal, ``spec`` played with its standing ``events``
    (``FoldRefused`` unless ``careful`` where the game refuses one)."""
    engine = spec.engine()
    folded = fold(engine, events, careful=careful)
    last = folded.last
    winners = last.winners
    if last.counted is Counted.MONEY:
        winners = _up_most(last.amounts) if ending is Ending.FINISHED else ()
    return GameSummary(
        number=number,
        game=spec.game,
        people=spec.people,
        started=started,
        last_move=last_move,
        ending=ending,
        counted=last.counted,
        amounts=last.amounts,
        winners=winners,
        hands=engine.hand_scores(folded.state),
        banker_rounds=folded.banker_rounds,
        events=folded.events,
        spans=spans,
    )


def _up_most(amounts: tuple[Fraction, ...]) -> tuple[int, ...]:
    best = max(amounts, default=Fraction(0))
    if best <= 0:
        return ()
    return tuple(seat for seat, amount in enumerate(amounts) if amount == best)
