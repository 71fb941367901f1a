"""The state as JSON for ``companion simulate --json`` and the screens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.cards import Card
from companion.games.ledger import money
from companion.games.oczko import bank, duel
from companion.games.oczko.hands import evaluate
from companion.games.oczko.options import OczkoOptions
from companion.games.oczko.state import ROUNDS, OczkoState, Phase

DUEL_PHASES = (Phase.PUNTER, Phase.BANKER, Phase.DOUBLED)


def state_json(options: OczkoOptions, state: OczkoState) -> dict[str, Any]:
    take_reason = bank.take_bank_reason(state)
    in_duel = state.phase in DUEL_PHASES
    return {
        "phase": state.phase.value,
        "banker": state.banker,
        "bank": state.bank,
        "initial_stake": state.initial_stake,
        "round": state.round,
        "rounds": ROUNDS,
        "may_take_bank": take_reason is not None,
        "take_bank_reason": take_reason,
        "punter": state.punter,
        "stake": state.stake,
        "punter_cards": _cards(state.punter_cards),
        "punter_total": _total(state.punter_cards),
        "punter_special": _special(state.punter_cards),
        "banker_cards": _cards(state.banker_cards),
        "banker_total": _total(state.banker_cards),
        "banker_special": _special(state.banker_cards),
        "banker_obligation": (duel.banker_obligation(options, state).value if in_duel else None),
        "open_card_required": duel.open_card_required(options, state),
        "bottom_card": None if state.bottom is None else str(state.bottom),
        "stock_exhausted": duel.stock_seen_exhausted(state),
        "seen_since_reshuffle": len(state.seen),
        "seats": [_seat(state, seat) for seat in range(options.players)],
        "results": [result.to_json() for result in state.results],
        "movements": [movement.to_json() for movement in state.ledger.movements],
    }


def _seat(state: OczkoState, seat: int) -> dict[str, Any]:
    role = "banker" if seat == state.banker else "punter"
    return {
        "seat": seat,
        "balance": money(state.ledger.balance(seat)),
        "role": role,
        "stake": state.stake if seat == state.punter else None,
        "last_stake": state.last_stakes.get(seat),
        "to_play": seat == state.punter,
    }


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _total(cards: Sequence[Card]) -> int | None:
    return evaluate(cards).total if cards else None


def _special(cards: Sequence[Card]) -> str | None:
    special = evaluate(cards).special
    return None if special is None else special.value
