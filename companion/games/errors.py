"""Typed errors of the game engines. Every refusal says why, and a refused event leaves
the state exactly as it was."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error a game raises for bad input."""


class OptionError(GameError):
    """An unknown option, or an option with a bad value."""


class RefusedEvent(GameError):
    """The game refuses an event; ``str(error)`` is the reason, fit for a screen."""


class UnknownAction(RefusedEvent):
    """The game has no action of that name, or not with those arguments."""


class OutOfTurn(RefusedEvent):
    """The event is legal in the game but not now: wrong phase, wrong seat."""


class IllegalEvent(RefusedEvent):
    """The rules forbid it: a bid above the hand size, a stake above the bank..."""


class MisreadCard(RefusedEvent):
    """A card that cannot be on this table: not in the deck, or already seen."""
