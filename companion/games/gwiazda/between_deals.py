"""Before and between deals: forming the bank, writing the stakes down, a new deal."""

from __future__ import annotations

from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef
from companion.games.gwiazda.state import DeckB, GwiazdaState, Phase, Seat, Status


def pay_pool(state: GwiazdaState, amount: int) -> None:
    if state.phase is not Phase.POOL:
        raise OutOfTurn(
            f"the bank is already formed (each player paid {state.pool})",
            Reason.of("bank-formed", pool=state.pool),
        )
    if amount < 1:
        raise IllegalEvent(
            f"each player must pay at least 1 into the bank, not {amount}",
            Reason.of("pool-at-least", low=1),
        )
    for seat in state.seats:
        state.punter_pays(seat.seat, amount, "pool")
    state.pool = amount
    state.phase = Phase.STAKES
    state.open_deal()


def write_stake(state: GwiazdaState, seat: int, amount: int) -> None:
    if state.phase is Phase.POOL:
        raise OutOfTurn(
            "the bank is not formed yet: every player pays in first (pool N)",
            Reason.of("pool-first"),
        )
    if state.phase is Phase.OVER:
        raise OutOfTurn(
            "the deal is settled: start the next one with newdeal, then stake",
            Reason.of("deal-settled"),
        )
    if state.phase in (Phase.DEAL, Phase.RESTAKE):
        raise OutOfTurn(
            f"stakes are written before the deal (phase: {state.phase.value}); "
            "a punter who lost or left comes back with return SEAT N",
            Reason.of("stakes-before-deal"),
        )
    if state.phase is not Phase.STAKES:
        raise OutOfTurn(
            f"stakes are written before the deal and deck B is being laid out "
            f"(phase: {state.phase.value}): the next deal takes new stakes",
            Reason.of("stakes-before-deal"),
        )
    if seat == state.banker:
        raise IllegalEvent(
            f"seat {seat} is the banker: the banker stakes nothing",
            Reason.of("banker-stakes-nothing", seat=SeatRef(seat)),
        )
    if amount < 0:
        raise IllegalEvent(
            f"seat {seat} cannot stake {amount}: a stake is 0 (none) or more",
            Reason.of("stake-at-least", seat=SeatRef(seat), low=0),
        )
    place = state.seats[seat]
    place.stake = amount
    place.status = Status.STAKED if amount else Status.IDLE


def can_start_new_deal(state: GwiazdaState) -> bool:
    if state.phase is Phase.OVER:
        return True
    return state.phase is Phase.RESTAKE and state.stakes_total == 0


def new_deal(state: GwiazdaState, banker: int | None) -> None:
    if not can_start_new_deal(state):
        raise OutOfTurn(
            f"a new deal starts once this one is settled (phase: {state.phase.value})",
            Reason.of("deal-not-settled"),
        )
    chosen = state.banker if banker is None else banker
    state.seats = [
        Seat(n, Status.BANKER if n == chosen else Status.IDLE) for n in range(len(state.seats))
    ]
    state.banker = chosen
    state.phase = Phase.STAKES
    state.deal += 1
    state.opening_stakes = 0
    state.deck_b_stakes = None
    state.order = []
    state.dealt = 0
    state.deck_a = {}
    state.bank_cards = []
    state.deck_b = DeckB()
    state.match = None
    state.open_deal()
