"""The bank's life: putting it up, stakes, settlement, doubling, taking it, breaking it,
and the order of the duels and rounds it is played for."""

from __future__ import annotations

from companion.cards import Card
from companion.games.engine import AmountChoice
from companion.games.errors import IllegalEvent, Reason, SeatRef
from companion.games.ledger import BANK
from companion.games.oczko.hands import evaluate
from companion.games.oczko.options import MaxStake, OczkoOptions, Version
from companion.games.oczko.state import (
    BANK_MULTIPLE,
    ROUNDS,
    DuelResult,
    OczkoState,
    Outcome,
    Phase,
)
from companion.games.round_outcome import BankEnd, Handover

# After these the banker's card took no part in the duel, so he keeps it (version I).
KEEPS_BASE_CARD = (Outcome.PUNTER_BUST, Outcome.DECLARED_BUST, Outcome.THROWN_IN)


def bank_choice(options: OczkoOptions) -> AmountChoice:
    return AmountChoice(options.lower_limit, options.upper_limit)


def put_up_bank(options: OczkoOptions, state: OczkoState, amount: int) -> None:
    if amount not in bank_choice(options):
        raise IllegalEvent(
            f"seat {state.banker} cannot put up a bank of {amount}: the limits are "
            f"{options.lower_limit}..{options.upper_limit}",
            Reason.of(
                "amount-range",
                seat=SeatRef(state.banker),
                amount=amount,
                low=options.lower_limit,
                high=options.upper_limit,
            ),
        )
    state.ledger.pay(state.banker, BANK, amount, f"seat {state.banker} puts up the bank")
    state.initial_stake = amount
    state.round = 1
    _start_duel(state, _seat_after(options, state.banker))


def stake_cap(options: OczkoOptions, state: OczkoState) -> tuple[int, str]:
    """The highest stake allowed now, and why."""
    if options.max_stake is MaxStake.INITIAL and state.initial_stake < state.bank:
        return state.initial_stake, f"the banker's initial stake was {state.initial_stake}"
    return state.bank, f"the bank holds {state.bank}"


def stake_choice(options: OczkoOptions, state: OczkoState) -> AmountChoice:
    cap, _why = stake_cap(options, state)
    return AmountChoice(min(options.lower_limit, cap), cap)


def place_stake(options: OczkoOptions, state: OczkoState, amount: int) -> None:
    punter = state.current_punter()
    cap, why = stake_cap(options, state)
    low = min(options.lower_limit, cap)
    out_of_range = Reason.of("amount-range", seat=SeatRef(punter), amount=amount, low=low, high=cap)
    if amount > cap:
        raise IllegalEvent(
            f"seat {punter} cannot stake {amount}: {why} "
            f"(max_stake={options.max_stake.value}, so at most {cap})",
            out_of_range,
        )
    if amount < low:
        raise IllegalEvent(
            f"seat {punter} cannot stake {amount}: the lower limit is {low}", out_of_range
        )
    state.stake = amount
    state.last_stakes[punter] = amount
    state.phase = Phase.PUNTER


def take_bank_reason(state: OczkoState) -> str | None:
    """Why the banker may take the bank now, or None when he may not."""
    if state.phase is Phase.TAKE_BANK:
        return f"the {ROUNDS} rounds are over"
    if state.phase is Phase.STAKE and state.bank >= BANK_MULTIPLE * state.initial_stake:
        return (
            f"the bank holds {state.bank}, at least {BANK_MULTIPLE} times "
            f"the initial stake {state.initial_stake}"
        )
    return None


def take_bank(options: OczkoOptions, state: OczkoState) -> None:
    if take_bank_reason(state) is None:
        raise IllegalEvent(
            f"seat {state.banker} cannot take the bank yet: it holds {state.bank}, "
            f"less than {BANK_MULTIPLE} times the initial stake {state.initial_stake}, "
            f"and this is round {state.round} of {ROUNDS}",
            Reason.of("bank-not-yet", bank=state.bank, round=state.round, rounds=ROUNDS),
        )
    old, taken = state.banker, state.bank
    state.ledger.pay(BANK, old, taken, f"seat {old} takes the bank")
    following = _seat_after(options, old)
    state.handovers.append(Handover(old, BankEnd.TAKEN, taken, None, following))
    _hand_over(state, following)


def double_bank(state: OczkoState) -> None:
    state.ledger.pay(
        state.banker, BANK, state.bank, f"seat {state.banker} doubles the bank: the stock ran out"
    )
    state.phase = Phase.DOUBLED


def settle(options: OczkoOptions, state: OczkoState, outcome: Outcome, *, punter_won: bool) -> None:
    """Pay the duel's result, record it, and move on to the next duel or the next bank."""
    punter, stake, banker = state.current_punter(), state.current_stake(), state.banker
    if punter_won:
        paid = state.bank if options.any_win_breaks_bank else stake
        state.ledger.pay(BANK, punter, paid, f"seat {punter} wins the duel ({outcome.value})")
    else:
        paid = stake
        state.ledger.pay(punter, BANK, paid, f"seat {punter} loses the duel ({outcome.value})")
    broke = punter_won and state.bank == 0
    winner = punter if punter_won else banker
    state.results.append(
        DuelResult(
            state.round,
            banker,
            punter,
            stake,
            outcome,
            winner,
            paid,
            broke_bank=broke,
            punter_total=_shown_total(state.punter_cards),
            banker_total=_shown_total(state.banker_cards),
            punter_cards=tuple(state.punter_cards),
            banker_cards=tuple(state.banker_cards),
            bank_after=state.bank,
            bank_number=len(state.handovers),
        )
    )
    if broke:
        state.handovers.append(Handover(banker, BankEnd.BROKEN, 0, punter, punter))
        _hand_over(state, punter)
        return
    _next_duel(options, state, outcome)


def throw_in(options: OczkoOptions, state: OczkoState) -> None:
    """The punter throws his cards in after the doubling: no result, his stake stays his."""
    punter, stake = state.current_punter(), state.current_stake()
    state.results.append(
        DuelResult(
            state.round,
            state.banker,
            punter,
            stake,
            Outcome.THROWN_IN,
            None,
            0,
            broke_bank=False,
            punter_cards=tuple(state.punter_cards),
            banker_cards=tuple(state.banker_cards),
            bank_after=state.bank,
            bank_number=len(state.handovers),
        )
    )
    _next_duel(options, state, Outcome.THROWN_IN)


def _next_duel(options: OczkoOptions, state: OczkoState, outcome: Outcome) -> None:
    punter = state.current_punter()
    took_no_part = outcome in KEEPS_BASE_CARD and state.phase in (Phase.PUNTER, Phase.DOUBLED)
    keeps = options.version is Version.TWO or took_no_part
    state.banker_cards = state.banker_cards[:1] if keeps else []
    state.punter_cards = []
    following = _seat_after(options, punter)
    if following == state.banker:
        following = _seat_after(options, following)
        if options.version is Version.TWO:
            state.banker_cards = []  # a new base card for the new round
        if state.round == ROUNDS:
            state.phase, state.punter, state.stake = Phase.TAKE_BANK, None, None
            return
        state.round += 1
    _start_duel(state, following)


def _start_duel(state: OczkoState, punter: int) -> None:
    state.phase, state.punter, state.stake = Phase.STAKE, punter, None
    state.punter_cards = []


def _hand_over(state: OczkoState, new_banker: int) -> None:
    """The bank changes hands: the new banker gathers and shuffles the whole pack and
    deals afresh, turning up a new bottom card, so every card may be seen again."""
    state.banker = new_banker
    state.phase, state.punter, state.stake = Phase.BANK, None, None
    state.round, state.initial_stake = 1, 0
    state.punter_cards, state.banker_cards = [], []
    state.seen = set()
    state.bottom, state.bottom_in_stock, state.bottom_taken = None, False, False


def _shown_total(cards: list[Card]) -> int | None:
    return evaluate(cards).total if cards else None


def _seat_after(options: OczkoOptions, seat: int) -> int:
    return (seat + 1) % options.players
