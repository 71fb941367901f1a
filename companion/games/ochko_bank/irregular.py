"""A card nobody asked for: dealt unasked or exposed in the pack. The player it came to
may accept or refuse it, then each next player due to draw; refused by all, it is
discarded."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import OutOfTurn
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.play import add_card, advance
from companion.games.ochko_bank.state import HandStatus, OchkoBankState, Offered, hand_zone
from companion.games.ochko_bank.turns import due_after, first_drawer


def can_take(state: OchkoBankState, seat: int) -> bool:
    return any(hand.status.in_play for hand in state.seats[seat].hands)


def takers(state: OchkoBankState, options: OchkoBankOptions, offered: Offered) -> list[int]:
    queue: list[int] = []
    if offered.zone is not None and can_take(state, offered.to_seat):
        queue.append(offered.to_seat)
    drawer = first_drawer(state, options)
    if drawer is not None:
        queue.extend(due_after(state, options, drawer))
    seen: list[int] = []
    for seat in queue:
        if seat not in seen and seat not in offered.declined:
            seen.append(seat)
    return seen


def offer_card(
    state: OchkoBankState, options: OchkoBankOptions, card: Card, seat: int, zone: str | None
) -> None:
    offered = Offered(card=card, to_seat=seat, zone=zone)
    queue = takers(state, options, offered)
    if not queue:
        state.flag("unasked-card", f"{card}: nobody may take it; it goes to the discards")
        return
    offered.to_seat = queue[0]
    state.offered = offered
    where = "exposed in the pack" if zone is None else f"dealt unasked to {zone}"
    state.flag(
        "unasked-card",
        f"{card} {where}: seat {offered.to_seat} may accept or refuse it",
        seat=offered.to_seat,
    )


def accept_offered(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> None:
    offered = _offered_to(state, seat, "accept")
    entry = state.seats[seat]
    drawing = [h for h in entry.hands if h.status is HandStatus.DRAWING]
    hand = (drawing or [h for h in entry.hands if h.status.in_play])[0]
    zone = hand_zone(seat, entry.hands.index(hand))
    if offered.zone != zone:
        state.expected.append((zone, offered.card))
    state.offered = None
    entry.face_up_pending = False  # taking a card, he plays on with the card dealt face up
    add_card(state, options, seat, hand, offered.card)
    advance(state, options)


def refuse_offered(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> None:
    offered = _offered_to(state, seat, "refuse")
    offered.declined.append(seat)
    queue = takers(state, options, offered)
    if queue:
        offered.to_seat = queue[0]
        return
    state.offered = None  # refused by everyone: it goes to the discards


def _offered_to(state: OchkoBankState, seat: int, what: str) -> Offered:
    offered = state.offered
    if offered is None:
        raise OutOfTurn(f"seat {seat} has no card offered to {what}")
    if offered.to_seat != seat:
        raise OutOfTurn(f"the {offered.card} is offered to seat {offered.to_seat}, not seat {seat}")
    return offered
