"""A card nobody asked for: dealt unasked or exposed in the pack. The player it came to
may accept or refuse it, then the next player due to draw; refused by both, it is
discarded (the seed names these two players only)."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import OutOfTurn, Reason, SeatRef
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.play import add_card, advance
from companion.games.ochko_bank.state import (
    Discarded,
    HandStatus,
    OchkoBankState,
    Offered,
    hand_zone,
)
from companion.games.ochko_bank.turns import due_after, first_drawer

TWO_PLAYERS = "two players at most: the player it came to, then the next player due to draw"


def can_take(state: OchkoBankState, seat: int) -> bool:
    return any(hand.status.in_play for hand in state.seats[seat].hands)


def takers(
    state: OchkoBankState, options: OchkoBankOptions, reached: int | None
) -> tuple[int, ...]:
    """The seat the card came to, then the next seat due to draw: two seats at most.

    A card exposed in the pack (``reached`` None), or one that reached a seat with nothing
    in play, comes to the seat drawing, as the card he was about to be dealt."""
    drawer = first_drawer(state, options)
    due = [] if drawer is None else due_after(state, options, drawer)
    if reached is not None and can_take(state, reached):
        first = reached
    elif due:
        first = due[0]
    else:
        return ()
    following = [seat for seat in due if seat != first]
    return (first, *following[:1])


def offer_card(
    state: OchkoBankState, options: OchkoBankOptions, card: Card, seat: int | None, zone: str | None
) -> None:
    state.discarded = None
    seats = takers(state, options, seat)
    if not seats:
        state.flag(
            "unasked-card",
            f"{card}: nobody may take it; it goes to the discards",
            reason=Reason.of("unasked-discarded", round=state.round, card=card),
        )
        return
    state.offered = Offered(card=card, to_seat=seats[0], zone=zone, takers=seats)
    where = "exposed in the pack" if zone is None else f"dealt unasked to {zone}"
    then = f", then seat {seats[1]}" if len(seats) > 1 else ""
    state.flag(
        "unasked-card",
        f"{card} {where}: seat {seats[0]} may accept or refuse it{then}",
        seat=seats[0],
        reason=Reason.of("unasked-offered", round=state.round, card=card, seat=SeatRef(seats[0])),
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


def refuse_offered(state: OchkoBankState, seat: int) -> None:
    offered = _offered_to(state, seat, "refuse")
    offered.declined.append(seat)
    left = [taker for taker in offered.takers if taker not in offered.declined]
    if left:
        offered.to_seat = left[0]
        return
    state.offered = None  # refused by both: it goes to the discards
    state.discarded = Discarded(offered.card, tuple(offered.declined))


def check_not_discarded(state: OchkoBankState, seat: int, what: str) -> None:
    """A late decision on a card already discarded is refused with the reason."""
    discarded = state.discarded
    if state.offered is None and discarded is not None:
        refused = " and ".join(f"seat {taker}" for taker in discarded.declined)
        raise OutOfTurn(
            f"seat {seat} has no card offered to {what}: the {discarded.card} nobody asked "
            f"for went to the discards when {refused} refused it (it is offered to "
            f"{TWO_PLAYERS})",
            Reason.of("nothing-to-accept", seat=SeatRef(seat)),
        )


def _offered_to(state: OchkoBankState, seat: int, what: str) -> Offered:
    offered = state.offered
    if offered is None:
        check_not_discarded(state, seat, what)
        raise OutOfTurn(
            f"seat {seat} has no card offered to {what}",
            Reason.of("nothing-to-accept", seat=SeatRef(seat)),
        )
    if offered.to_seat == seat:
        return offered
    why = f"seat {seat} refused it"
    if seat not in offered.takers:
        who = " and then ".join(f"seat {taker}" for taker in offered.takers)
        why = f"it is offered to {who} only ({TWO_PLAYERS})"
    raise OutOfTurn(
        f"the {offered.card} is offered to seat {offered.to_seat}, not seat {seat}: {why}",
        Reason.of("offered-to", card=offered.card, seat=SeatRef(offered.to_seat)),
    )
