"""What the screen and ``--json`` show of a Gwiazda table (``GwiazdaView``), and the
buttons' offers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.cards import Card
from companion.games.engine import ActionOffer, AmountChoice
from companion.games.gwiazda.between_deals import can_start_new_deal
from companion.games.gwiazda.state import GwiazdaState, MatchFound, Phase, Seat, Status
from companion.games.ledger import Movement, money
from companion.games.round_outcome import (
    BankMeaning,
    RoundOutcome,
    SeatOutcome,
    Settled,
    Settlement,
)
from companion.games.view_fields import SCREEN_ONLY, fields_json

MAX_BUTTON_AMOUNT = 100  # the largest amount the buttons step through
FINAL = (Status.WON, Status.LOST, Status.LEFT, Status.JACKED)


@dataclass(frozen=True)
class GwiazdaSeat:
    seat: int
    balance: int | float  # cash and the share paid into the bank
    deal: int | float  # won (or lost, < 0) in this deal
    paid_in: int
    cash: int | float
    status: Status
    card: Card | None
    stake: int
    added: int  # the part of the stake the bank added (ace, queen)
    returned: bool
    consent: bool


@dataclass(frozen=True)
class Payout:
    seat: int
    card: Card | None
    outcome: Status
    stake: int
    amount: int | float


@dataclass(frozen=True)
class GwiazdaView:
    game_id: ClassVar[str] = "gwiazda"  # the game whose screen draws it

    phase: Phase
    deal: int
    banker: int
    bank: int | float
    pool: int
    pool_total: int
    bank_before_deal: int | float
    bank_change: int | float
    opening_stakes_total: int
    stakes_total: int
    deck_b_stakes_total: int | None
    next: int | None
    bank_cards: tuple[Card, ...]
    cover: tuple[Card, ...]
    guard: tuple[Card, ...]
    won_lost: tuple[Card, ...]
    society_seen: int
    match: MatchFound | None
    seats: tuple[GwiazdaSeat, ...]
    payouts: tuple[Payout, ...]
    movements: tuple[Movement, ...]
    outcome: RoundOutcome | None = field(default=None, metadata=SCREEN_ONLY)

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)


def build_view(state: GwiazdaState) -> GwiazdaView:
    deck = state.deck_b
    payouts = tuple(_payout(state, place) for place in state.seats if place.status in FINAL)
    return GwiazdaView(
        phase=state.phase,
        deal=state.deal,
        banker=state.banker,
        bank=money(state.ledger.bank),
        pool=state.pool,
        pool_total=state.pool * len(state.seats),
        bank_before_deal=money(state.bank_before_deal),
        bank_change=money(state.ledger.bank - state.bank_before_deal),
        opening_stakes_total=state.opening_stakes,
        stakes_total=state.stakes_total,
        deck_b_stakes_total=state.deck_b_stakes,
        next=state.next_seat,
        bank_cards=tuple(state.bank_cards),
        cover=tuple(deck.cover),
        guard=tuple(deck.guard),
        won_lost=tuple(deck.won_lost),
        society_seen=deck.society_seen,
        match=state.match,
        seats=tuple(_seat(state, place) for place in state.seats),
        payouts=payouts,
        movements=tuple(state.ledger.movements),
        outcome=_outcome(state, payouts),
    )


def state_json(state: GwiazdaState) -> dict[str, Any]:
    return build_view(state).to_json()


def _outcome(state: GwiazdaState, payouts: tuple[Payout, ...]) -> RoundOutcome | None:
    """The deal's end: every punter's result and the bank left (the banker holds no
    hand of points in Gwiazda)."""
    if state.phase is not Phase.OVER:
        return None
    match = state.match
    settlement = (
        Settlement(Settled.LAID_OUT)
        if match is None
        else Settlement(Settled.MATCH, card=match.card)
    )
    return RoundOutcome(
        seats=tuple(SeatOutcome(payout.seat, payout.amount) for payout in payouts),
        banker=state.banker,
        banker_total=None,
        bank=money(state.ledger.bank),
        meaning=BankMeaning.SIZE,
        settlement=settlement,
    )


def _seat(state: GwiazdaState, place: Seat) -> GwiazdaSeat:
    cash = state.ledger.balances[place.seat]
    return GwiazdaSeat(
        seat=place.seat,
        balance=money(cash + state.pool),
        deal=money(cash - state.deal_start[place.seat]),
        paid_in=state.pool,
        cash=money(cash),
        status=place.status,
        card=place.card,
        stake=place.stake,
        added=place.added,
        returned=place.returned,
        consent=place.consent,
    )


def _payout(state: GwiazdaState, place: Seat) -> Payout:
    settled = place.status in (Status.WON, Status.LOST)
    return Payout(
        seat=place.seat,
        card=place.card,
        outcome=place.status,
        stake=place.stake if settled else place.settled_stake,
        amount=money(state.ledger.balances[place.seat] - state.deal_start[place.seat]),
    )


def offers(state: GwiazdaState) -> tuple[ActionOffer, ...]:
    found: list[ActionOffer] = []
    if state.phase is Phase.POOL:
        found.append(
            ActionOffer("pool", "everyone pays in", amount=AmountChoice(1, MAX_BUTTON_AMOUNT))
        )
    if state.phase is Phase.STAKES:
        for place in state.punters:
            found.append(
                ActionOffer(
                    "stake",
                    f"seat {place.seat} stakes",
                    (str(place.seat),),
                    AmountChoice(0, MAX_BUTTON_AMOUNT),
                )
            )
    if state.phase in (Phase.DEAL, Phase.RESTAKE):
        for place in state.punters:
            found.extend(_comebacks(place))
    if can_start_new_deal(state):
        found.append(ActionOffer("newdeal", "new deal"))
    return tuple(found)


def _comebacks(place: Seat) -> list[ActionOffer]:
    seat = str(place.seat)
    if place.status is Status.JACKED:
        amount = AmountChoice(1, MAX_BUTTON_AMOUNT)
        return [ActionOffer("return", f"seat {seat} comes back", (seat,), amount)]
    if place.status is not Status.LEFT:
        return []
    if not place.consent:
        return [ActionOffer("consent", f"banker lets seat {seat} back", (seat,))]
    same = AmountChoice(place.settled_stake, place.settled_stake)
    return [ActionOffer("return", f"seat {seat} comes back", (seat,), same)]
