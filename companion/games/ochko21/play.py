"""One player's game against the bank: his stake, his cards, and how it is settled."""

from __future__ import annotations

from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef
from companion.games.ledger import BANK
from companion.games.ochko21 import bank
from companion.games.ochko21.options import MIN_AMOUNT, Ochko21Options
from companion.games.ochko21.points import OCHKO, card_points, hand_total
from companion.games.ochko21.state import (
    BANKER_ZONE,
    PLAYER_ZONE,
    Ochko21State,
    Outcome,
    Phase,
    Result,
)

DOUBLE = 2


def player_total(options: Ochko21Options, state: Ochko21State) -> int:
    return hand_total(state.table[PLAYER_ZONE], options.ace)


def banker_total(options: Ochko21Options, state: Ochko21State) -> int:
    return hand_total(state.table[BANKER_ZONE], options.ace)


def bust_before_dark(options: Ochko21Options, state: Ochko21State) -> bool:
    """Whether the player was already over 21 before his dark card, whichever card it was:
    his shown cards without the highest of them are still over 21."""
    cards = state.table[PLAYER_ZONE]
    if not state.dark or not cards:
        return False
    highest = max(card_points(card, options.ace) for card in cards)
    return hand_total(cards, options.ace) - highest > OCHKO


def hides_bust(options: Ochko21Options, state: Ochko21State) -> bool:
    """Whether the player stood on a bust he did not declare (he pays double)."""
    if player_total(options, state) <= OCHKO:
        return False
    return not state.dark or bust_before_dark(options, state)


def stake_problem(state: Ochko21State) -> str | None:
    """Why the current player cannot name his stake yet (the cards on the mat), or None."""
    if state.stale:
        played = " ".join(sorted(str(card) for card in state.stale))
        return f"the played cards ({played}) must be put away first"
    if not state.table[BANKER_ZONE]:
        return "the banker's face-up card is not on the mat yet"
    return None


def place_stake(state: Ochko21State, amount: int) -> None:
    seat = _current(state)
    problem = stake_problem(state)
    if problem is not None:
        raise OutOfTurn(f"seat {seat} cannot name a stake yet: {problem}", Reason.of("not-now"))
    out_of_range = Reason.of(
        "amount-range", seat=SeatRef(seat), amount=amount, low=MIN_AMOUNT, high=state.bank
    )
    if amount < MIN_AMOUNT:
        raise IllegalEvent(
            f"seat {seat} cannot go for {amount}: a stake is at least 1", out_of_range
        )
    if amount > state.bank:
        raise IllegalEvent(
            f"seat {seat} cannot go for {amount}: the bank holds {state.bank}, "
            "and a stake is never more than the bank",
            out_of_range,
        )
    state.stake = amount
    state.dark = False
    state.phase = Phase.PLAYER


def stand(options: Ochko21Options, state: Ochko21State, *, dark: bool) -> None:
    seat = _current(state)
    total = player_total(options, state)
    what = "draw in the dark" if dark else "stand"
    if dark and not options.dark_draw:
        raise IllegalEvent(
            "the dark draw is not played at this table (dark_draw=off)", Reason.of("dark-off")
        )
    if total > OCHKO:
        raise IllegalEvent(
            f"seat {seat} cannot {what}: he shows {total}, over 21: he is bust",
            Reason.of("shows-bust", seat=SeatRef(seat), total=total),
        )
    if total == OCHKO:
        raise IllegalEvent(
            f"seat {seat} cannot {what}: he shows 21 and takes his winnings at once",
            Reason.of("shows-21", seat=SeatRef(seat)),
        )
    if dark:
        state.dark = True
        state.seats[seat].dark_draws += 1
    state.phase = Phase.BANKER


def claim_ochko(options: Ochko21Options, state: Ochko21State) -> None:
    seat = _current(state)
    total = player_total(options, state)
    if total != OCHKO:
        raise IllegalEvent(
            f"seat {seat} cannot claim 21: his shown cards total {total}",
            Reason.of("shows-total", seat=SeatRef(seat), total=total),
        )
    _settle(state, Outcome.OCHKO, state.stake, total, None)


def declare_bust(options: Ochko21Options, state: Ochko21State) -> None:
    seat = _current(state)
    total = player_total(options, state)
    if total <= OCHKO:
        raise IllegalEvent(
            f"seat {seat} cannot declare a bust: his shown cards total {total} "
            "(a bust must be shown: over 21)",
            Reason.of("shows-total", seat=SeatRef(seat), total=total),
        )
    _settle(state, Outcome.BUST, -state.stake, total, None)


def hidden_bust(options: Ochko21Options, state: Ochko21State) -> None:
    seat = _current(state)
    total = player_total(options, state)
    if total > OCHKO and not hides_bust(options, state):
        raise IllegalEvent(
            f"seat {seat} drew a card in the dark: a dark bust is never charged double "
            "(settle it with showdown)",
            Reason.of("dark-bust", seat=SeatRef(seat)),
        )
    if total <= OCHKO:
        raise IllegalEvent(
            f"seat {seat} did not hide a bust: his shown cards total {total}, not over 21",
            Reason.of("shows-total", seat=SeatRef(seat), total=total),
        )
    penalty = DOUBLE * state.stake
    state.seats[seat].double_penalties += 1
    state.flag(
        "hidden-bust",
        f"seat {seat} hid a bust ({total}) and pays double: {penalty}",
        seat=seat,
        reason=Reason.of(
            "hidden-bust", round=state.round, seat=SeatRef(seat), total=total, penalty=penalty
        ),
    )
    _settle(state, Outcome.HIDDEN_BUST, -penalty, total, None)


def showdown(options: Ochko21Options, state: Ochko21State) -> None:
    seat = _current(state)
    mine = player_total(options, state)
    theirs = banker_total(options, state)
    if not state.table[PLAYER_ZONE]:
        raise OutOfTurn(
            f"showdown: seat {seat}'s cards are not shown yet",
            Reason.of("cards-not-shown", seat=SeatRef(seat)),
        )
    if not state.table[BANKER_ZONE]:
        raise OutOfTurn(
            "showdown: the banker's cards are not on the mat", Reason.of("banker-cards-not-shown")
        )
    if mine > OCHKO:
        if hides_bust(options, state):
            before = "was over 21 before his dark card" if state.dark else "did not say so"
            raise IllegalEvent(
                f"showdown: seat {seat} shows {mine}, over 21, and {before}: "
                "the banker records hidden-bust (he pays double)",
                Reason.of("hidden-bust-due", seat=SeatRef(seat), total=mine),
            )
        _settle(state, Outcome.DARK_BUST, -state.stake, mine, theirs)
    elif theirs > OCHKO or mine > theirs:
        _settle(state, Outcome.WON, state.stake, mine, theirs)
    else:
        _settle(state, Outcome.LOST, -state.stake, mine, theirs)


def _current(state: Ochko21State) -> int:
    assert state.turn is not None  # the phase checks come first: a game has a player
    return state.turn


def _settle(
    state: Ochko21State, outcome: Outcome, amount: int, mine: int, theirs: int | None
) -> None:
    seat = _current(state)
    reason = f"seat {seat} {outcome.value} (stake {state.stake})"
    if amount > 0:
        state.ledger.pay(BANK, seat, amount, reason)
    else:
        state.ledger.pay(seat, BANK, -amount, reason)
    record = state.seats[seat]
    record.games += 1
    if amount > 0:
        record.wins += 1
    record.last = Result(
        state.stake,
        outcome,
        amount,
        mine,
        theirs,
        player_cards=tuple(state.table[PLAYER_ZONE]),
        banker_cards=tuple(state.table[BANKER_ZONE]),
        banker=state.banker,
        bank_after=state.bank,
        bank_number=len(state.banks),
    )
    state.last_game = (seat, record.last)
    state.stale.update(state.table[BANKER_ZONE])
    state.stale.update(state.table[PLAYER_ZONE])
    bank.after_game(state)
