"""The events that drive every game: what the camera sees (the camera events, values
shared with the tracker) and what the buttons say.

Each event is a frozen value whose ``__str__`` is its line in the event script and which
``parse_event`` reads back, so a journal, a bug report and a replay all use the same text.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from companion.cards import Card, CardError
from companion.values.camera_events import CameraEvent, CardGone, CardSeen, ZoneCleared

_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
# A seat's own zone (seat0, seat2b): the seat counted from 0, a split hand's letter after it.
_SEAT_ZONE = re.compile(r"seat(\d+)([a-d]?)")


def leading_seat(action: Action, seat_led: AbstractSet[str]) -> int | None:
    """The seat an action names first, where the game's action starts with a seat
    (``GameEngine.seat_led_actions``); None where its first number is an amount."""
    if action.name in seat_led and action.args and action.args[0].isdigit():
        return int(action.args[0])
    return None


def seat_zone(zone: str) -> tuple[int, str] | None:
    """The seat (from 0) and hand letter ("" for its first hand) of a seat's own zone;
    None for the other zones (trick, dealer, ...)."""
    found = _SEAT_ZONE.fullmatch(zone)
    return None if found is None else (int(found.group(1)), found.group(2))


class EventSyntaxError(ValueError):
    """A line that is not an event at all (the game may still refuse a well-formed one)."""


@dataclass(frozen=True)
class Action:
    """A button action: a name and its arguments, e.g. ``bid 1 2`` or ``stake 5``.

    Arguments stay text here; each game reads them with ``int_arg`` and friends so that a
    wrong argument is refused with the game's own explanation.
    """

    name: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.name, *self.args))


Event = CameraEvent | Action

__all__ = [
    "CAMERA_VERBS",
    "Action",
    "CameraEvent",
    "CardGone",
    "CardSeen",
    "Event",
    "EventSyntaxError",
    "ZoneCleared",
    "leading_seat",
    "parse_event",
    "seat_zone",
]

CAMERA_VERBS = ("card", "gone", "clear")


def parse_event(text: str) -> Event:
    """Parse one event line (without its comment)."""
    words = text.split()
    if not words:
        raise EventSyntaxError("empty event")
    verb, rest = words[0], words[1:]
    if verb in ("card", "gone"):
        if len(rest) != 2:
            raise EventSyntaxError(f'"{verb}" takes a zone and a card, like "{verb} trick QS"')
        zone = _zone(rest[0])
        try:
            card = Card.parse(rest[1])
        except CardError as error:
            raise EventSyntaxError(str(error)) from None
        return CardSeen(zone, card) if verb == "card" else CardGone(zone, card)
    if verb == "clear":
        if len(rest) != 1:
            raise EventSyntaxError('"clear" takes one zone, like "clear trick"')
        return ZoneCleared(_zone(rest[0]))
    if verb == "game":
        raise EventSyntaxError('"game" may only be the first line of a script')
    if not _NAME.match(verb):
        raise EventSyntaxError(f'"{verb}" is not an event: expected card, gone, clear or an action')
    return Action(verb, tuple(rest))


def _zone(text: str) -> str:
    if not _NAME.match(text):
        raise EventSyntaxError(f'"{text}" is not a zone name')
    return text
