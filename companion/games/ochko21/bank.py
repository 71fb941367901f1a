"""The bank's life: the banker announces it, the players take turns against it, the стук
is announced at three times the initial stake, and the bank ends broken, flown or taken,
passing to the seat on the banker's left."""

from __future__ import annotations

from companion.games.errors import IllegalEvent, Reason, SeatRef
from companion.games.ledger import BANK
from companion.games.ochko21.options import MIN_AMOUNT, Ochko21Options
from companion.games.ochko21.state import BankEnd, BankRecord, Ochko21State, Phase

STUK_TIMES = 3


def announce_bank(options: Ochko21Options, state: Ochko21State, amount: int) -> None:
    banker = state.banker
    if not MIN_AMOUNT <= amount <= options.max_bank:
        raise IllegalEvent(
            f"seat {banker} cannot bank {amount}: a bank is 1 to {options.max_bank} "
            f"at this table (max_bank={options.max_bank})",
            Reason.of(
                "amount-range", seat=SeatRef(banker), amount=amount, low=1, high=options.max_bank
            ),
        )
    state.ledger.pay(banker, BANK, amount, f"seat {banker} banks {amount}")
    state.initial_stake = amount
    state.stuk_bank = None
    state.stuk_round = False
    state.stuk_turns_left = 0
    state.round = 1
    state.turn = state.left_of(banker)
    state.phase = Phase.STAKE


def stuk_at(state: Ochko21State) -> int | None:
    return None if state.initial_stake is None else STUK_TIMES * state.initial_stake


def announce_stuk(state: Ochko21State) -> None:
    state.stuk_round = True
    state.stuk_bank = state.bank
    state.stuk_turns_left = state.players - 1
    state.phase = Phase.STAKE


def take_bank(state: Ochko21State) -> None:
    left = state.bank
    state.ledger.pay(BANK, state.banker, left, f"seat {state.banker} takes the bank after стук")
    end_bank(state, BankEnd.TAKEN, left)


def after_game(state: Ochko21State) -> None:
    """Move on once the current player's game is settled."""
    state.stake = 0
    state.dark = False
    if state.bank == 0:
        end_bank(state, BankEnd.FLOWN if state.stuk_round else BankEnd.BROKEN, 0)
        return
    if state.stuk_round:
        state.stuk_turns_left -= 1
        if state.stuk_turns_left == 0:
            state.turn = None
            state.phase = Phase.TAKE_BANK
            return
    _next_player(state)
    threshold = stuk_at(state)
    reached = threshold is not None and state.bank >= threshold
    state.phase = Phase.STUK if reached and not state.stuk_round else Phase.STAKE


def end_bank(state: Ochko21State, end: BankEnd, taken: int) -> None:
    assert state.initial_stake is not None  # a bank ends only after it was announced
    record = BankRecord(state.banker, state.initial_stake, end, taken, state.round, state.stuk_bank)
    state.banks.append(record)
    state.banker = state.left_of(state.banker)
    state.initial_stake = None
    state.stuk_bank = None
    state.stuk_round = False
    state.stuk_turns_left = 0
    state.round = 0
    state.turn = None
    state.phase = Phase.ANNOUNCE


def _next_player(state: Ochko21State) -> None:
    assert state.turn is not None  # a game was just played, so somebody had the turn
    following = state.left_of(state.turn)
    if following == state.banker:
        following = state.left_of(following)
        state.round += 1
    state.turn = following
