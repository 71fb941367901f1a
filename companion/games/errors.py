"""Typed errors of the game engines. Every refusal says why, and a refused event leaves
the state exactly as it was."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatRef:
    """A seat named in a reason: the script's index, counted from 0 (P1 is seat 0); the
    texts a person reads count from 1."""

    index: int


@dataclass(frozen=True)
class Reason:
    """What went wrong, in the table's words: a catalogue key of the ui's texts
    (``reason.KEY``) and its values (seats as ``SeatRef``, cards, suits, numbers), which
    the screens and the command line fill in in the reader's language."""

    key: str
    values: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **values: object) -> Reason:
        return cls(key, tuple(sorted(values.items())))

    def value_map(self) -> dict[str, object]:
        return dict(self.values)


class GameError(Exception):
    """Base of every error a game raises for bad input."""


class OptionError(GameError):
    """An unknown option, or an option with a bad value."""


class RefusedEvent(GameError):
    """The game refuses an event. ``str(error)`` is the engine's full English account (for
    logs and bug reports); ``reason``, when the engine gives one, is the short reason a
    person at the table reads, translated by the ui."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class UnknownAction(RefusedEvent):
    """The game has no action of that name, or not with those arguments."""


class OutOfTurn(RefusedEvent):
    """The event is legal in the game but not now: wrong phase, wrong seat."""


class IllegalEvent(RefusedEvent):
    """The rules forbid it: a bid above the hand size, a stake above the bank..."""


class MisreadCard(RefusedEvent):
    """A card that cannot be on this table: not in the deck, or already seen."""
