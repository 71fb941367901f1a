"""One game at a table: an engine, the events it accepted, and the state they fold to.

This is what the UI and the journal talk to: ``can_apply`` and ``offers`` say what is
possible, ``apply`` takes an event or raises the engine's refusal, ``undo`` drops the
last event and gives back the state before it.

The states are kept as python-chess keeps its board states: a state, once taken, is
never changed (``next_state`` works on a private copy), so the game keeps references to
the states it went through and an undo is a pop. To bound the memory of a long game,
only the last ``StateKeeping.recent`` states are kept, and every ``every``-th one further
back; an undo past the recent ones replays the few events after the nearest kept state.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.games.engine import ActionOffer, GameEngine, GameState, Violation
from companion.games.errors import Reason, RefusedEvent
from companion.games.events import Event
from companion.games.people import People
from companion.games.script import Script, ScriptError
from companion.games.spec import GameSpec


@dataclasses.dataclass(frozen=True)
class Pending:
    """An event with the state before it and the state it leads to."""

    event: Event
    before: GameState
    after: GameState


@dataclasses.dataclass(frozen=True)
class StateKeeping:
    """Which past states a game keeps: the last ``recent`` and every ``every``-th one
    (counted in events from the start). An undo within the recent ones is a pop; one
    further back replays at most ``every - 1`` events. ``recent >= every`` so that such a
    replay fills the recent states again."""

    recent: int = 32
    every: int = 32

    def __post_init__(self) -> None:
        if not 1 <= self.every <= self.recent:
            raise ValueError(
                f"{self.recent} recent states kept, fewer than one every {self.every} events"
            )


class Game:
    def __init__(
        self,
        engine: GameEngine[Any, Any],
        keeping: StateKeeping = StateKeeping(),
        *,
        people: People | None = None,
    ):
        self.engine = engine
        self.keeping = keeping
        self.people = people  # the names in the seats (None: P1..Pn); the engine never sees them
        self._events: list[Event] = []
        self._lines: list[int | None] = []
        # _states[n]: the state after the first n events, or None where it is not kept
        self._states: list[GameState | None] = [engine.initial_state()]

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @classmethod
    def of(cls, spec: GameSpec, keeping: StateKeeping = StateKeeping()) -> Game:
        """A new game as ``spec`` names it, its people in their seats."""
        return cls(spec.engine(), keeping, people=spec.people)

    @property
    def spec(self) -> GameSpec:
        return GameSpec.of_engine(self.engine, self.people)

    def can_apply(self, event: Event) -> RefusedEvent | None:
        """The refusal ``apply`` would raise, or None when the event would be accepted."""
        try:
            self.engine.next_state(self.state, event)
        except RefusedEvent as refusal:
            return refusal
        return None

    def attempt(self, event: Event) -> Pending:
        """The state ``event`` would lead to, worked out once and not yet taken (to be
        committed, or dropped); raises the engine's refusal."""
        return Pending(event, self.state, self.engine.next_state(self.state, event))

    def commit(self, pending: Pending, line: int | None = None) -> None:
        """Take the state an ``attempt`` worked out (on this game as it still stands)."""
        if pending.before is not self.state:
            raise ValueError(f'"{pending.event}" was worked out on a state since changed')
        self._events.append(pending.event)
        self._lines.append(line)
        self._push(_with_line(pending.before, pending.after, line))

    def apply(self, event: Event, line: int | None = None) -> None:
        self.commit(self.attempt(event), line)

    def undo(self) -> Event:
        """Drop the last event; the state goes back to the one before it. Returns the
        dropped event."""
        if not self._events:
            raise RefusedEvent("nothing to undo", Reason.of("nothing-to-undo"))
        last = self._events.pop()
        self._lines.pop()
        self._states.pop()
        if self._states[-1] is None:
            self._refill()
        return last

    def _push(self, state: GameState) -> None:
        self._states.append(state)
        # the state that has just left the recent ones is dropped unless it is an every-th
        old = len(self._states) - 1 - self.keeping.recent
        if old > 0 and old % self.keeping.every:
            self._states[old] = None

    def _refill(self) -> None:
        """The states since the nearest kept one, worked out again from its events."""
        top = len(self._states) - 1
        start = top - top % self.keeping.every
        state = self._states[start]
        assert state is not None, "every every-th state is kept"
        for number in range(start, top):
            after = self.engine.next_state(state, self._events[number])
            state = self._states[number + 1] = _with_line(state, after, self._lines[number])

    def offers(self) -> tuple[ActionOffer, ...]:
        return self.engine.offers(self.state)

    def to_json(self, refused: list[Violation] | None = None) -> dict[str, Any]:
        body = self.engine.state_json(self.state)
        violations = [v.to_json() for v in [*self.state.violations, *(refused or [])]]
        named: dict[str, Any] = {}
        if self.people is not None:
            named["people"] = list(self.people.names)
            body["seats"] = [_named_seat(seat, self.people) for seat in body["seats"]]
        return {
            "game": self.engine.game_id,
            "options": self.engine.options_json(),
            **named,
            **body,
            "violations": violations,
            "offers": [offer.to_json() for offer in self.offers()],
            "events": len(self._events),
        }


def _named_seat(seat: dict[str, Any], people: People) -> dict[str, Any]:
    """A seat of the state's JSON with its person's name after its number."""
    number = seat["seat"]
    return {
        "seat": number,
        "name": people.name(number),
        **{k: v for k, v in seat.items() if k != "seat"},
    }


def _with_line(before: GameState, after: GameState, line: int | None) -> GameState:
    """``after`` (a state of its own) with the violations the event flagged marked with
    its script line."""
    flagged = len(before.violations)
    if line is not None:
        after.violations[flagged:] = [
            dataclasses.replace(v, line=line) for v in after.violations[flagged:]
        ]
    return after


class RefusedLine(ScriptError):
    """A well-formed line whose event the game refused."""


@dataclasses.dataclass
class Replay:
    game: Game
    refused: list[Violation]

    def to_json(self) -> dict[str, Any]:
        return self.game.to_json(self.refused)


def replay_script(script: Script, keep_going: bool = False) -> Replay:
    """Replay a parsed script. A refused event raises a ``ScriptError`` naming its line,
    unless ``keep_going``, which records it as a ``refused`` violation and goes on."""
    game = Game.of(script.spec())
    refused: list[Violation] = []
    for line in script.lines:
        try:
            game.apply(line.event, line.number)
        except RefusedEvent as refusal:
            if not keep_going:
                raise RefusedLine(
                    script.source, line.number, f'"{line.event}" refused: {refusal}'
                ) from None
            refused.append(
                Violation(
                    "refused",
                    f'"{line.event}" refused: {refusal}',
                    line=line.number,
                    reason=refusal.reason,
                )
            )
    return Replay(game, refused)
