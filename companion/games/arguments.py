"""Reading an action's arguments, with refusals that name the argument."""

from __future__ import annotations

from companion.cards import Card, CardError
from companion.games.errors import Reason, SeatRef, UnknownAction
from companion.games.events import Action


def expect_args(action: Action, names: tuple[str, ...]) -> None:
    """Refuse an action with the wrong number of arguments, showing its usage."""
    if len(action.args) != len(names):
        usage = " ".join((action.name, *(name.upper() for name in names)))
        raise UnknownAction(
            f'"{action}": expected "{usage}"', Reason.of("arguments", action=action.name)
        )


def int_arg(action: Action, index: int, name: str) -> int:
    text = action.args[index]
    try:
        return int(text)
    except ValueError:
        raise UnknownAction(
            f'"{action}": {name} "{text}" is not a whole number',
            Reason.of("not-a-number", action=action.name, text=text),
        ) from None


def card_arg(action: Action, index: int, name: str) -> Card:
    text = action.args[index]
    try:
        return Card.parse(text)
    except CardError as error:
        raise UnknownAction(
            f'"{action}": {name}: {error}', Reason.of("not-a-card", action=action.name, text=text)
        ) from None


def seat_arg(action: Action, index: int, players: int) -> int:
    seat = int_arg(action, index, "seat")
    if not 0 <= seat < players:
        raise UnknownAction(
            f'"{action}": there is no seat {seat} (seats 0..{players - 1})',
            Reason.of("no-seat", seat=SeatRef(seat), last=SeatRef(players - 1)),
        )
    return seat
