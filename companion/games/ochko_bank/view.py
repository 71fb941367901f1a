"""The table as JSON: seats with balances and hands, the dealer, the shoe."""

from __future__ import annotations

from typing import Any

from companion.cards import Card
from companion.games.ledger import money
from companion.games.ochko_bank.hands import hand_total, is_natural
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.shoe import cards_left, reshuffle_soon
from companion.games.ochko_bank.state import Hand, OchkoBankState, Phase, hand_label, hand_zone
from companion.games.ochko_bank.turns import dealer_obligation, first_drawer

SPLIT_MARK = " | "


def table_json(state: OchkoBankState, options: OchkoBankOptions) -> dict[str, Any]:
    dealer_seat = options.dealer
    drawer = first_drawer(state, options) if state.phase is Phase.PLAY else None
    offered = state.offered
    return {
        "phase": state.phase.value,
        "round": state.round,
        "banker": dealer_seat,
        "bank": money(state.ledger.balance(dealer_seat)),
        "seats": [_seat_json(state, options, seat) for seat in range(options.players)],
        "turn": drawer,
        "dealer_cards": " ".join(_cards(state.dealer_hand.cards)) or None,
        "dealer_total": str(hand_total(state.dealer_hand.cards))
        if state.dealer_hand.cards
        else None,
        "obligation": dealer_obligation(state),
        "dealer": _dealer_json(state),
        "offered": None
        if offered is None
        else {
            "card": str(offered.card),
            "seat": offered.to_seat,
            "takers": list(offered.takers),
            "declined": offered.declined,
        },
        "shoe": {
            "seen": len(state.shoe.seen),
            "left": cards_left(state),
            "marker_reached": state.shoe.marker_reached,
            "shuffles": state.shoe.shuffles,
        },
        "reshuffle_soon": reshuffle_soon(state, options),
        "total": money(state.ledger.total()),
        "movements": [movement.to_json() for movement in state.ledger.movements],
    }


def _seat_json(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> dict[str, Any]:
    balance = money(state.ledger.balance(seat))
    if seat == options.dealer:
        return {"seat": seat, "balance": balance, "role": "dealer"}
    hands = state.seats[seat].hands
    return {
        "seat": seat,
        "balance": balance,
        "role": "player",
        "bet": state.seats[seat].bet,
        "cards": SPLIT_MARK.join(" ".join(_cards(hand.cards)) for hand in hands) or None,
        "total": SPLIT_MARK.join(str(hand_total(hand.cards)) for hand in hands) or None,
        "status": SPLIT_MARK.join(hand.status.value for hand in hands) or None,
        "hands": {hand_label(i): _hand_json(seat, i, hand) for i, hand in enumerate(hands)},
    }


def _hand_json(seat: int, index: int, hand: Hand) -> dict[str, Any]:
    total = hand_total(hand.cards)
    return {
        "zone": hand_zone(seat, index),
        "cards": _cards(hand.cards),
        "total": total.value,
        "soft": total.soft,
        "bet": hand.bet,
        "status": hand.status.value,
    }


def _dealer_json(state: OchkoBankState) -> dict[str, Any]:
    cards = state.dealer_hand.cards
    total = hand_total(cards)
    return {
        "cards": _cards(cards),
        "up": str(cards[0]) if cards else None,
        "total": total.value,
        "soft": total.soft,
        "natural": state.dealer_hand.natural_announced,
        "two_card_21": is_natural(cards),
        "obligation": dealer_obligation(state),
    }


def _cards(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]
