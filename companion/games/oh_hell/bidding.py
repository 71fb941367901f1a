"""Bids: in turn from the dealer's left (the dealer last), or all at once."""

from __future__ import annotations

from companion.games.arguments import expect_args, int_arg, seat_arg
from companion.games.engine import ActionOffer, AmountChoice
from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef
from companion.games.events import Action
from companion.games.oh_hell.hands import Table
from companion.games.oh_hell.state import OhHellState, Phase


def due_bidder(table: Table, state: OhHellState) -> int | None:
    """The seat whose bid comes next in turn, or None (all at once, or not bidding)."""
    if state.phase is not Phase.BIDDING or table.options.simultaneous_bids:
        return None
    return (state.dealer + 1 + len(state.bids_in())) % table.players


def hook_value(table: Table, state: OhHellState, seat: int) -> int | None:
    """The bid the hook forbids ``seat`` now: the last bidder's bid that would make the
    total equal the number of tricks."""
    if not table.options.hook or seat != state.dealer:
        return None
    if len(state.bids_in()) != table.players - 1:
        return None
    value = table.hand_size(state) - sum(state.bids_in())
    return value if value >= 0 else None


def apply_bid(table: Table, state: OhHellState, action: Action) -> None:
    """``bid SEAT TRICKS``."""
    expect_args(action, ("seat", "tricks"))
    seat = seat_arg(action, 0, table.players)
    tricks = int_arg(action, 1, "tricks")
    _check_bidding(state, f"seat {seat} bidding")
    if state.bids[seat] is not None:
        raise OutOfTurn(
            f"seat {seat} has already bid {state.bids[seat]} in this hand",
            Reason.of("bid-already", seat=SeatRef(seat), bid=state.bids[seat]),
        )
    due = due_bidder(table, state)
    if due is not None and seat != due:
        raise OutOfTurn(
            f"seat {seat} cannot bid now: it is seat {due}'s turn to bid",
            Reason.of("bid-turn", seat=SeatRef(seat), due=SeatRef(due)),
        )
    _check_amount(table, state, seat, tricks)
    forbidden = hook_value(table, state, seat)
    if tricks == forbidden:
        size = table.hand_size(state)
        raise IllegalEvent(
            f"seat {seat} cannot bid {tricks}: with the hook the bids may not add up to "
            f"{size}, the number of tricks in the hand",
            Reason.of("bid-hook", seat=SeatRef(seat), bid=tricks, size=size),
        )
    state.bids[seat] = tricks
    _close_bidding(table, state)


def apply_bids(table: Table, state: OhHellState, action: Action) -> None:
    """``bids B0 B1 ...``: every seat's bid at once, in seat order (simultaneous bids)."""
    if not table.options.simultaneous_bids:
        raise IllegalEvent(
            '"bids" records everyone\'s bid at once, which needs simultaneous_bids=on: '
            'bid in turn with "bid SEAT TRICKS"',
            Reason.of("bids-in-turn"),
        )
    expect_args(action, tuple(f"b{seat}" for seat in range(table.players)))
    _check_bidding(state, "bidding")
    entered = [seat for seat, bid in enumerate(state.bids) if bid is not None]
    if entered:
        raise OutOfTurn(
            f"seat {entered[0]} has already bid in this hand: enter the others with "
            '"bid SEAT TRICKS"',
            Reason.of("bid-already", seat=SeatRef(entered[0]), bid=state.bids[entered[0]]),
        )
    values = [int_arg(action, seat, f"seat {seat}'s bid") for seat in range(table.players)]
    for seat, tricks in enumerate(values):
        _check_amount(table, state, seat, tricks)
    state.bids = list[int | None](values)
    _close_bidding(table, state)


def bid_offers(table: Table, state: OhHellState) -> tuple[ActionOffer, ...]:
    if state.phase is not Phase.BIDDING:
        return ()
    due = due_bidder(table, state)
    if due is not None:
        seats = [due]
    else:
        seats = [seat for seat, bid in enumerate(state.bids) if bid is None]
    offers = []
    for seat in seats:
        forbidden = hook_value(table, state, seat)
        excluded = () if forbidden is None else (forbidden,)
        offers.append(
            ActionOffer(
                "bid",
                f"seat {seat} bids",
                (str(seat),),
                AmountChoice(0, table.hand_size(state), excluded),
            )
        )
    return tuple(offers)


def _check_bidding(state: OhHellState, what: str) -> None:
    if state.phase is Phase.TRUMP:
        raise OutOfTurn(
            f"{what} is not possible yet: the trump card is not turned up",
            Reason.of("trump-first"),
        )
    if state.phase is Phase.OVER:
        raise OutOfTurn(f"{what} is not possible: the game is over", Reason.of("game-over"))
    if state.phase is not Phase.BIDDING:
        raise OutOfTurn(
            f"{what} is not possible now: the bids are in (phase: {state.phase.value})",
            Reason.of("bids-in"),
        )


def _check_amount(table: Table, state: OhHellState, seat: int, tricks: int) -> None:
    size = table.hand_size(state)
    if tricks < 0:
        raise IllegalEvent(
            f"seat {seat} cannot bid {tricks}: a bid is 0 tricks or more",
            Reason.of("bid-range", seat=SeatRef(seat), bid=tricks, size=size),
        )
    if tricks > size:
        cards = "card" if size == 1 else "cards"
        raise IllegalEvent(
            f"seat {seat} cannot bid {tricks}: the hand has {size} {cards}",
            Reason.of("bid-range", seat=SeatRef(seat), bid=tricks, size=size),
        )


def _close_bidding(table: Table, state: OhHellState) -> None:
    if all(bid is not None for bid in state.bids):
        state.phase = Phase.PLAY
        state.leader = table.left_of(state.dealer)
