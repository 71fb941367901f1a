"""One game at a table: an engine, the events it accepted, and the state they fold to.

This is what the UI and the journal talk to: ``can_apply`` and ``offers`` say what is
possible, ``apply`` takes an event or raises the engine's refusal, ``undo`` drops the
last event and replays the rest.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.games.engine import ActionOffer, GameEngine, GameState, Violation
from companion.games.errors import OptionError, Reason, RefusedEvent
from companion.games.events import Event
from companion.games.registry import make_engine
from companion.games.script import Script, ScriptError


@dataclasses.dataclass(frozen=True)
class Pending:
    """An event with the state before it and the state it leads to."""

    event: Event
    before: GameState
    after: GameState


class Game:
    def __init__(self, engine: GameEngine[Any, Any]) -> None:
        self.engine = engine
        self._events: list[Event] = []
        self._lines: list[int | None] = []
        self._state: GameState = engine.initial_state()

    @property
    def state(self) -> Any:
        return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def can_apply(self, event: Event) -> RefusedEvent | None:
        """The refusal ``apply`` would raise, or None when the event would be accepted."""
        try:
            self.engine.next_state(self._state, event)
        except RefusedEvent as refusal:
            return refusal
        return None

    def attempt(self, event: Event) -> Pending:
        """The state ``event`` would lead to, worked out once and not yet taken (to be
        committed, or dropped); raises the engine's refusal."""
        return Pending(event, self._state, self.engine.next_state(self._state, event))

    def commit(self, pending: Pending, line: int | None = None) -> None:
        """Take the state an ``attempt`` worked out (on this game as it still stands)."""
        if pending.before is not self._state:
            raise ValueError(f'"{pending.event}" was worked out on a state since changed')
        state = pending.after
        before = len(pending.before.violations)
        if line is not None:
            state.violations[before:] = [
                dataclasses.replace(v, line=line) for v in state.violations[before:]
            ]
        self._state = state
        self._events.append(pending.event)
        self._lines.append(line)

    def apply(self, event: Event, line: int | None = None) -> None:
        self.commit(self.attempt(event), line)

    def undo(self) -> Event:
        """Drop the last event and replay the others; returns the dropped event."""
        if not self._events:
            raise RefusedEvent("nothing to undo", Reason.of("nothing-to-undo"))
        last = self._events[-1]
        events, lines = self._events[:-1], self._lines[:-1]
        self._events, self._lines = [], []
        self._state = self.engine.initial_state()
        for event, line in zip(events, lines, strict=True):
            self.apply(event, line)
        return last

    def offers(self) -> tuple[ActionOffer, ...]:
        return self.engine.offers(self._state)

    def to_json(self, refused: list[Violation] | None = None) -> dict[str, Any]:
        body = self.engine.state_json(self._state)
        violations = [v.to_json() for v in [*self._state.violations, *(refused or [])]]
        return {
            "game": self.engine.game_id,
            "options": self.engine.options_json(),
            **body,
            "violations": violations,
            "offers": [offer.to_json() for offer in self.offers()],
            "events": len(self._events),
        }


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
    try:
        engine = make_engine(script.game, script.options)
    except OptionError as error:
        raise ScriptError(script.source, script.header_line, str(error)) from None
    game = Game(engine)
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
