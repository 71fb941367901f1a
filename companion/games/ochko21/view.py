"""The state as JSON for ``companion simulate --json`` and the screens."""

from __future__ import annotations

from typing import Any

from companion.cards import Card
from companion.games.ledger import money
from companion.games.ochko21.bank import stuk_at
from companion.games.ochko21.options import Ochko21Options
from companion.games.ochko21.play import banker_total, player_total
from companion.games.ochko21.state import (
    BANKER_ZONE,
    PLAYER_ZONE,
    STOCK_ZONE,
    BankRecord,
    Ochko21State,
    Result,
    SeatRecord,
)


def state_json(options: Ochko21Options, state: Ochko21State) -> dict[str, Any]:
    playing = state.stake > 0
    stock = state.table[STOCK_ZONE]
    return {
        "phase": state.phase.value,
        "seats": [_seat_json(state, seat, record) for seat, record in enumerate(state.seats)],
        "bank": state.bank,
        "banker": state.banker,
        "initial_stake": state.initial_stake,
        "stuk_at": stuk_at(state),
        "stuk": state.stuk_round,
        "stuk_bank": state.stuk_bank,
        "stuk_turns_left": state.stuk_turns_left if state.stuk_round else None,
        "round": state.round or None,
        "turn": state.turn,
        "stake": state.stake if playing else None,
        "dark": state.dark,
        "banker_cards": _cards(state.table[BANKER_ZONE]),
        "banker_total": banker_total(options, state) if state.table[BANKER_ZONE] else None,
        "player_cards": _cards(state.table[PLAYER_ZONE]),
        "player_total": player_total(options, state) if state.table[PLAYER_ZONE] else None,
        "stock_card": str(stock[0]) if stock else None,
        "put_away": sorted(str(card) for card in state.stale),
        "last_game": None if state.last_game is None else _game_json(*state.last_game),
        "banks": [_bank_json(record) for record in state.banks],
        "movements": [movement.to_json() for movement in state.ledger.movements],
    }


def _seat_json(state: Ochko21State, seat: int, record: SeatRecord) -> dict[str, Any]:
    role = "banker" if seat == state.banker else "player"
    last = record.last
    return {
        "seat": seat,
        "balance": money(state.ledger.balances[seat]),
        "role": role,
        "stake": state.stake if seat == state.turn and state.stake > 0 else None,
        "games": record.games,
        "wins": record.wins,
        "dark_draws": record.dark_draws,
        "double_penalties": record.double_penalties,
        "last_stake": None if last is None else last.stake,
        "last_result": None if last is None else last.outcome.value,
        "last_amount": None if last is None else last.amount,
    }


def _game_json(seat: int, result: Result) -> dict[str, Any]:
    return {
        "seat": seat,
        "stake": result.stake,
        "outcome": result.outcome.value,
        "amount": result.amount,
        "total": result.player_total,
        "banker_total": result.banker_total,
    }


def _bank_json(record: BankRecord) -> dict[str, Any]:
    return {
        "banker": record.banker,
        "initial": record.initial,
        "end": record.end.value,
        "taken": record.taken,
        "rounds": record.rounds,
        "stuk_bank": record.stuk_bank,
    }


def _cards(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]
