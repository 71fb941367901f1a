"""What the screen and ``--json`` show of a Gwiazda table, and the buttons' offers."""

from __future__ import annotations

from typing import Any

from companion.games.engine import ActionOffer, AmountChoice
from companion.games.gwiazda.state import GwiazdaState, Phase, Seat, Status
from companion.games.gwiazda.table import can_start_new_deal
from companion.games.ledger import money

MAX_BUTTON_AMOUNT = 100  # the largest amount the buttons step through
FINAL = (Status.WON, Status.LOST, Status.LEFT, Status.JACKED)


def state_json(state: GwiazdaState) -> dict[str, Any]:
    deck = state.deck_b
    pool_total = state.pool * len(state.seats)
    return {
        "phase": state.phase.value,
        "deal": state.deal,
        "banker": state.banker,
        "bank": money(state.ledger.bank),
        "pool": state.pool,
        "pool_total": pool_total,
        "bank_before_deal": money(state.bank_before_deal),
        "bank_change": money(state.ledger.bank - state.bank_before_deal),
        "opening_stakes_total": state.opening_stakes,
        "stakes_total": state.stakes_total,
        "deck_b_stakes_total": state.deck_b_stakes,
        "next": state.next_seat,
        "bank_cards": [str(card) for card in state.bank_cards],
        "cover": [str(card) for card in deck.cover],
        "guard": [str(card) for card in deck.guard],
        "won_lost": [str(card) for card in deck.won_lost],
        "society_seen": deck.society_seen,
        "match": None
        if state.match is None
        else {
            "card": str(state.match.card),
            "bank_card": str(state.match.bank_card),
            "stage": state.match.stage.value,
        },
        "seats": [_seat_json(state, place) for place in state.seats],
        "payouts": [_payout(state, place) for place in state.seats if place.status in FINAL],
        "movements": [m.to_json() for m in state.ledger.movements],
    }


def _seat_json(state: GwiazdaState, place: Seat) -> dict[str, Any]:
    cash = state.ledger.balances[place.seat]
    return {
        "seat": place.seat,
        "balance": money(cash + state.pool),
        "deal": money(cash - state.deal_start[place.seat]),
        "paid_in": state.pool,
        "cash": money(cash),
        "status": place.status.value,
        "card": None if place.card is None else str(place.card),
        "stake": place.stake,
        "added": place.added,
        "returned": place.returned,
        "consent": place.consent,
    }


def _payout(state: GwiazdaState, place: Seat) -> dict[str, Any]:
    return {
        "seat": place.seat,
        "card": None if place.card is None else str(place.card),
        "outcome": place.status.value,
        "stake": place.stake if place.status in (Status.WON, Status.LOST) else place.settled_stake,
        "amount": money(state.ledger.balances[place.seat] - state.deal_start[place.seat]),
    }


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
