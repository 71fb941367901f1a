"""What the screen and ``simulate --json`` show of an Oczko table: ``OczkoView``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.cards import Card
from companion.games.engine import AmountChoice
from companion.games.ledger import Movement, money
from companion.games.oczko import bank, duel
from companion.games.oczko.hands import Obligation, Special, evaluate
from companion.games.oczko.options import OczkoOptions
from companion.games.oczko.state import ROUNDS, DuelResult, OczkoState, Outcome, Phase
from companion.games.round_outcome import (
    BankMeaning,
    RoundOutcome,
    SeatOutcome,
    Settled,
    Settlement,
)
from companion.games.view_fields import SCREEN_ONLY, fields_json

DUEL_PHASES = (Phase.PUNTER, Phase.BANKER, Phase.DOUBLED)


@dataclass(frozen=True)
class OczkoSeat:
    seat: int
    balance: int | float
    role: str  # "banker" or "punter"
    stake: int | None
    last_stake: int | None
    to_play: bool


@dataclass(frozen=True)
class OczkoView:
    game_id: ClassVar[str] = "oczko"  # the game whose screen draws it

    phase: Phase
    banker: int
    bank: int
    initial_stake: int
    round: int
    rounds: int
    may_take_bank: bool
    take_bank_reason: str | None
    punter: int | None
    stake: int | None
    punter_cards: tuple[Card, ...]
    punter_total: int | None
    punter_special: Special | None
    banker_cards: tuple[Card, ...]
    banker_total: int | None
    banker_special: Special | None
    banker_obligation: Obligation | None
    open_card_required: bool
    bottom_card: Card | None
    stock_exhausted: bool
    seen_since_reshuffle: int
    seats: tuple[OczkoSeat, ...]
    results: tuple[DuelResult, ...]
    movements: tuple[Movement, ...]
    # The amounts the bank (phase bank) or the punter's stake (phase stake) may take now.
    limits: AmountChoice | None = field(default=None, metadata=SCREEN_ONLY)
    outcome: RoundOutcome | None = field(default=None, metadata=SCREEN_ONLY)
    # whether the last duel was played against the bank on the table now
    last_duel_this_bank: bool = field(default=False, metadata=SCREEN_ONLY)

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)


def build_view(options: OczkoOptions, state: OczkoState) -> OczkoView:
    take_reason = bank.take_bank_reason(state)
    in_duel = state.phase in DUEL_PHASES
    return OczkoView(
        phase=state.phase,
        banker=state.banker,
        bank=state.bank,
        initial_stake=state.initial_stake,
        round=state.round,
        rounds=ROUNDS,
        may_take_bank=take_reason is not None,
        take_bank_reason=take_reason,
        punter=state.punter,
        stake=state.stake,
        punter_cards=tuple(state.punter_cards),
        punter_total=_total(state.punter_cards),
        punter_special=_special(state.punter_cards),
        banker_cards=tuple(state.banker_cards),
        banker_total=_total(state.banker_cards),
        banker_special=_special(state.banker_cards),
        banker_obligation=duel.banker_obligation(options, state) if in_duel else None,
        open_card_required=duel.open_card_required(options, state),
        bottom_card=state.bottom,
        stock_exhausted=duel.stock_seen_exhausted(state),
        seen_since_reshuffle=len(state.seen),
        seats=tuple(_seat(state, seat) for seat in range(options.players)),
        results=tuple(state.results),
        movements=tuple(state.ledger.movements),
        limits=_limits(options, state),
        outcome=None if in_duel else _outcome(state),
        last_duel_this_bank=bool(state.results)
        and state.results[-1].bank_number == len(state.handovers),
    )


def state_json(options: OczkoOptions, state: OczkoState) -> dict[str, Any]:
    return build_view(options, state).to_json()


def _outcome(state: OczkoState) -> RoundOutcome | None:
    """The duel just settled, as it ended: the punter's win or loss, both hands, the card
    that decided and why, the bank right after it; and the bank's end if it ended since.
    It lasts until the next duel's first event (its stake or a card of its own) or the
    next bank's putting up."""
    if not state.results or state.phase in DUEL_PHASES or state.punter_cards:
        return None
    last = state.results[-1]
    kept = len(state.banker_cards)
    if tuple(state.banker_cards) != last.banker_cards[:kept]:
        return None  # a new base card for the next duel
    ended = len(state.handovers) > last.bank_number
    if ended and state.phase is not Phase.BANK:
        return None  # the next banker has put up his bank
    return RoundOutcome(
        seats=(SeatOutcome(last.punter, _punter_amount(last)),),
        banker=last.banker,
        banker_total=last.banker_total,
        bank=last.bank_after,
        meaning=BankMeaning.SIZE,
        settlement=_settlement(last),
        handover=state.handovers[last.bank_number] if ended else None,
    )


PUNTER_SPECIALS = {
    Special.OCZKO: Settled.TWENTY_ONE,
    Special.TWO_ACES: Settled.TWO_ACES,
    Special.FIVE_PICTURES: Settled.FIVE_PICTURES,
}
BANKER_SPECIALS = {
    Special.OCZKO: Settled.BANKER_TWENTY_ONE,
    Special.TWO_ACES: Settled.BANKER_TWO_ACES,
    Special.FIVE_PICTURES: Settled.BANKER_FIVE_PICTURES,
}


def _settlement(result: DuelResult) -> Settlement:
    punter, banker = result.punter_cards, result.banker_cards
    punter_last = punter[-1] if punter else None
    banker_last = banker[-1] if banker else None
    outcome = result.outcome
    special = evaluate(punter).special if punter else None
    banker_special = evaluate(banker).special if banker else None
    if outcome is Outcome.PUNTER_SPECIAL and special is not None:
        settled, card = PUNTER_SPECIALS[special], punter_last
    elif outcome is Outcome.BANKER_SPECIAL and banker_special is not None:
        settled, card = BANKER_SPECIALS[banker_special], banker_last
    elif outcome is Outcome.PUNTER_BUST or (
        outcome is Outcome.DECLARED_BUST and punter and evaluate(punter).bust
    ):
        settled, card = Settled.OVER, punter_last
    elif outcome is Outcome.DECLARED_BUST:
        settled, card = Settled.DECLARED_BUST, None
    elif outcome is Outcome.BANKER_BUST:
        settled, card = Settled.BANKER_OVER, banker_last
    elif outcome is Outcome.THROWN_IN:
        settled, card = Settled.THROWN_IN, None
    else:
        won = result.winner == result.punter
        settled, card = (Settled.HIGHER if won else Settled.NOT_HIGHER), None
    return Settlement(
        settled,
        card=card,
        seat=result.punter,
        cards=punter,
        total=evaluate(punter).total if punter else None,
        banker_cards=banker,
        banker_total=evaluate(banker).total if banker else None,
    )


def _punter_amount(result: DuelResult) -> int:
    if result.winner is None:
        return 0
    return result.paid if result.winner == result.punter else -result.paid


def _limits(options: OczkoOptions, state: OczkoState) -> AmountChoice | None:
    if state.phase is Phase.BANK:
        return bank.bank_choice(options)
    if state.phase is Phase.STAKE:
        return bank.stake_choice(options, state)
    return None


def _seat(state: OczkoState, seat: int) -> OczkoSeat:
    return OczkoSeat(
        seat=seat,
        balance=money(state.ledger.balance(seat)),
        role="banker" if seat == state.banker else "punter",
        stake=state.stake if seat == state.punter else None,
        last_stake=state.last_stakes.get(seat),
        to_play=seat == state.punter,
    )


def _total(cards: Sequence[Card]) -> int | None:
    return evaluate(cards).total if cards else None


def _special(cards: Sequence[Card]) -> Special | None:
    return evaluate(cards).special if cards else None
