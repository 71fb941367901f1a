"""What the screen and ``simulate --json`` show of an ``ochko-21`` table: ``Ochko21View``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.cards import Card
from companion.games.engine import AmountChoice
from companion.games.ledger import Movement, money
from companion.games.ochko21.bank import stuk_at
from companion.games.ochko21.options import MIN_AMOUNT, Ochko21Options
from companion.games.ochko21.play import banker_total, player_total
from companion.games.ochko21.points import OCHKO, hand_total
from companion.games.ochko21.state import (
    BANKER_ZONE,
    PLAYER_ZONE,
    STOCK_ZONE,
    BankRecord,
    Ochko21State,
    Outcome,
    Phase,
    Result,
    SeatRecord,
)
from companion.games.round_outcome import (
    BankEnd,
    BankMeaning,
    Handover,
    RoundOutcome,
    SeatOutcome,
    Settled,
    Settlement,
)
from companion.games.view_fields import SCREEN_ONLY, fields_json


@dataclass(frozen=True)
class Ochko21Seat:
    seat: int
    balance: int | float
    role: str  # "banker" or "player"
    stake: int | None
    games: int
    wins: int
    dark_draws: int
    double_penalties: int
    last_stake: int | None
    last_result: Outcome | None
    last_amount: int | None


@dataclass(frozen=True)
class LastGame:
    seat: int
    stake: int
    outcome: Outcome
    amount: int
    total: int
    banker_total: int | None


@dataclass(frozen=True)
class Ochko21View:
    game_id: ClassVar[str] = "ochko-21"  # the game whose screen draws it

    phase: Phase
    seats: tuple[Ochko21Seat, ...]
    bank: int
    banker: int
    initial_stake: int | None
    stuk_at: int | None
    stuk: bool
    stuk_bank: int | None
    stuk_turns_left: int | None
    round: int | None
    turn: int | None
    stake: int | None
    dark: bool
    banker_cards: tuple[Card, ...]
    banker_total: int | None
    player_cards: tuple[Card, ...]
    player_total: int | None
    stock_card: Card | None
    put_away: tuple[str, ...]
    last_game: LastGame | None
    banks: tuple[BankRecord, ...]
    movements: tuple[Movement, ...]
    # The amounts the bank (announce) or the stake (stake) may take now; the ace's value.
    limits: AmountChoice | None = field(default=None, metadata=SCREEN_ONLY)
    outcome: RoundOutcome | None = field(default=None, metadata=SCREEN_ONLY)
    ace: int = field(default=11, metadata=SCREEN_ONLY)
    # whether the last game was played against the bank on the table now
    last_game_this_bank: bool = field(default=False, metadata=SCREEN_ONLY)

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)


def build_view(options: Ochko21Options, state: Ochko21State) -> Ochko21View:
    playing = state.stake > 0
    stock = state.table[STOCK_ZONE]
    return Ochko21View(
        phase=state.phase,
        seats=tuple(_seat(state, seat, record) for seat, record in enumerate(state.seats)),
        bank=state.bank,
        banker=state.banker,
        initial_stake=state.initial_stake,
        stuk_at=stuk_at(state),
        stuk=state.stuk_round,
        stuk_bank=state.stuk_bank,
        stuk_turns_left=state.stuk_turns_left if state.stuk_round else None,
        round=state.round or None,
        turn=state.turn,
        stake=state.stake if playing else None,
        dark=state.dark,
        banker_cards=tuple(state.table[BANKER_ZONE]),
        banker_total=banker_total(options, state) if state.table[BANKER_ZONE] else None,
        player_cards=tuple(state.table[PLAYER_ZONE]),
        player_total=player_total(options, state) if state.table[PLAYER_ZONE] else None,
        stock_card=stock[0] if stock else None,
        put_away=tuple(sorted(str(card) for card in state.stale)),
        last_game=None if state.last_game is None else _last_game(*state.last_game),
        banks=tuple(state.banks),
        movements=tuple(state.ledger.movements),
        limits=_limits(options, state),
        outcome=_outcome(state, options.ace),
        ace=options.ace,
        last_game_this_bank=state.last_game is not None
        and state.last_game[1].bank_number == len(state.banks),
    )


def state_json(options: Ochko21Options, state: Ochko21State) -> dict[str, Any]:
    return build_view(options, state).to_json()


def _outcome(state: Ochko21State, ace: int) -> RoundOutcome | None:
    """The game just played against the bank (one player's), as it was settled: its
    banker, the bank right after it, the card and the reason; and the bank's end if it
    ended since. It lasts until the next game's first card (one not of the last game) or
    stake, or the next bank's naming."""
    if state.last_game is None or state.phase in (Phase.PLAYER, Phase.BANKER):
        return None
    on_table = [*state.table[BANKER_ZONE], *state.table[PLAYER_ZONE]]
    if any(card not in state.stale for card in on_table):
        return None
    seat, result = state.last_game
    ended = len(state.banks) > result.bank_number
    if ended and state.phase is not Phase.ANNOUNCE:
        return None  # the next banker has named his bank
    handover = None
    if ended:
        record = state.banks[result.bank_number]
        handover = Handover(
            banker=record.banker,
            end=record.end,
            taken=record.taken,
            broken_by=seat if record.end is BankEnd.BROKEN else None,
            next_banker=state.banker,
        )
    return RoundOutcome(
        seats=(SeatOutcome(seat, result.amount),),
        banker=result.banker,
        banker_total=result.banker_total,
        bank=result.bank_after,
        meaning=BankMeaning.SIZE,
        settlement=_settlement(seat, result, ace),
        handover=handover,
    )


def _settlement(seat: int, result: Result, ace: int) -> Settlement:
    mine, theirs = result.player_cards, result.banker_cards
    last = mine[-1] if mine else None
    settled = {
        Outcome.OCHKO: Settled.TWENTY_ONE,
        Outcome.BUST: Settled.OVER,
        Outcome.HIDDEN_BUST: Settled.HIDDEN_BUST,
        Outcome.DARK_BUST: Settled.DARK_BUST,
        Outcome.LOST: Settled.NOT_HIGHER,
        Outcome.WON: Settled.HIGHER,
    }[result.outcome]
    if result.outcome is Outcome.WON and (result.banker_total or 0) > OCHKO:
        settled, last = Settled.BANKER_OVER, theirs[-1] if theirs else None
    elif settled in (Settled.HIGHER, Settled.NOT_HIGHER):
        last = None  # the totals decided, not one card
    return Settlement(
        settled,
        card=last,
        seat=seat,
        cards=mine,
        total=result.player_total,
        banker_cards=theirs,
        banker_total=hand_total(theirs, ace) if theirs else None,
    )


def _limits(options: Ochko21Options, state: Ochko21State) -> AmountChoice | None:
    if state.phase is Phase.ANNOUNCE:
        return AmountChoice(MIN_AMOUNT, options.max_bank)
    if state.phase is Phase.STAKE:
        return AmountChoice(MIN_AMOUNT, state.bank)
    return None


def _seat(state: Ochko21State, seat: int, record: SeatRecord) -> Ochko21Seat:
    last = record.last
    return Ochko21Seat(
        seat=seat,
        balance=money(state.ledger.balances[seat]),
        role="banker" if seat == state.banker else "player",
        stake=state.stake if seat == state.turn and state.stake > 0 else None,
        games=record.games,
        wins=record.wins,
        dark_draws=record.dark_draws,
        double_penalties=record.double_penalties,
        last_stake=None if last is None else last.stake,
        last_result=None if last is None else last.outcome,
        last_amount=None if last is None else last.amount,
    )


def _last_game(seat: int, result: Result) -> LastGame:
    return LastGame(
        seat=seat,
        stake=result.stake,
        outcome=result.outcome,
        amount=result.amount,
        total=result.player_total,
        banker_total=result.banker_total,
    )
