"""One duel: the punter's cards and decisions, the banker's draws under his obligations,
and the showdown."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef
from companion.games.oczko import bank
from companion.games.oczko.hands import HandValue, Obligation, evaluate, obligation
from companion.games.oczko.options import OczkoOptions, Version
from companion.games.oczko.state import ROUNDS, OczkoState, Outcome, Phase


def banker_obligation(options: OczkoOptions, state: OczkoState) -> Obligation:
    value = evaluate(state.banker_cards)
    return obligation(
        value.total, must_draw_at_15=options.must_draw_at_15, stand=options.banker_stand
    )


def open_card_required(options: OczkoOptions, state: OczkoState) -> bool:
    """Round 4 is played with the banker's card face up; in version II every round after
    the first is played with the base card face up."""
    return state.round == ROUNDS or (options.version is Version.TWO and state.round > 1)


def punter_shows(options: OczkoOptions, state: OczkoState, card: Card) -> None:
    punter = state.punter
    if state.phase is Phase.STAKE:
        raise OutOfTurn(
            f"seat {punter} has not staked yet: the stake comes before the cards",
            Reason.of("stake-first", seat=None if punter is None else SeatRef(punter)),
        )
    if state.phase is Phase.DOUBLED:
        raise OutOfTurn(
            f"the stock ran out: seat {punter} throws in or the cards are reshuffled first",
            Reason.of("stock-out"),
        )
    if state.phase not in (Phase.PUNTER, Phase.BANKER):
        raise OutOfTurn(
            f"no duel is under way (phase: {state.phase.value})", Reason.of("no-player-now")
        )
    state.punter_cards.append(card)
    value = evaluate(state.punter_cards)
    if state.phase is Phase.BANKER:
        # He stood with his cards hidden and shows them now. A special hand won at once
        # when he made it, before the banker drew: no banker's hand can take the duel.
        if value.special is not None:
            bank.settle(options, state, Outcome.PUNTER_SPECIAL, punter_won=True)
        return
    if value.special is not None:
        _check_open_card(options, state)
        bank.settle(options, state, Outcome.PUNTER_SPECIAL, punter_won=True)
    elif value.bust:
        _check_open_card(options, state)
        bank.settle(options, state, Outcome.PUNTER_BUST, punter_won=False)


def banker_shows(options: OczkoOptions, state: OczkoState, card: Card) -> None:
    if state.phase in (Phase.BANK, Phase.TAKE_BANK):
        raise OutOfTurn(
            f"no duel is under way (phase: {state.phase.value})", Reason.of("no-player-now")
        )
    if state.phase is not Phase.BANKER:
        if state.banker_cards:
            raise OutOfTurn(
                f"the banker draws only after seat {state.punter} stands",
                Reason.of("banker-after-stand"),
            )
        state.banker_cards.append(card)  # his base card, shown face up
        return
    if state.banker_cards and banker_obligation(options, state) is Obligation.MAY_NOT_DRAW:
        total = evaluate(state.banker_cards).total
        raise IllegalEvent(
            f"the banker has {total}: he may not draw any more "
            f"(banker_stand={options.banker_stand.value})",
            Reason.of("banker-may-not-draw", total=total),
        )
    state.banker_cards.append(card)
    value = evaluate(state.banker_cards)
    if value.special is not None:
        bank.settle(options, state, Outcome.BANKER_SPECIAL, punter_won=False)
    elif value.bust:
        if evaluate(state.punter_cards).bust:  # the punter had gone bust first
            bank.settle(options, state, Outcome.PUNTER_BUST, punter_won=False)
        else:
            bank.settle(options, state, Outcome.BANKER_BUST, punter_won=True)


def stand(options: OczkoOptions, state: OczkoState) -> None:
    _expect_punter_phase(state, "standing")
    _check_open_card(options, state)
    state.phase = Phase.BANKER


def declare_bust(options: OczkoOptions, state: OczkoState) -> None:
    _expect_punter_phase(state, "going bust")
    _check_open_card(options, state)
    bank.settle(options, state, Outcome.DECLARED_BUST, punter_won=False)


def showdown_problem(options: OczkoOptions, state: OczkoState) -> str | None:
    """Why there can be no showdown now, or None when there can."""
    if state.phase is not Phase.BANKER:
        return f"the showdown comes after the punter stands (phase: {state.phase.value})"
    if not state.punter_cards:
        return f"seat {state.punter} has not shown his cards in the punter zone"
    if not state.banker_cards:
        return "the banker has not shown his cards in the banker zone"
    if banker_obligation(options, state) is Obligation.MUST_DRAW:
        total = evaluate(state.banker_cards).total
        return f"the banker has {total}: he must draw one more card"
    return None


def showdown(options: OczkoOptions, state: OczkoState) -> None:
    problem = showdown_problem(options, state)
    if problem is not None:
        if state.phase is not Phase.BANKER:
            raise OutOfTurn(problem, Reason.of("no-showdown-yet"))
        raise IllegalEvent(f"no showdown yet: {problem}", Reason.of("no-showdown-yet"))
    punter: HandValue = evaluate(state.punter_cards)
    banker: HandValue = evaluate(state.banker_cards)
    won = punter.strength > banker.strength  # equal totals go to the banker
    bank.settle(options, state, Outcome.SHOWDOWN, punter_won=won)


def stock_seen_exhausted(state: OczkoState) -> bool:
    """The camera saw the bottom card leave the stock: the stock has run out."""
    return state.bottom is not None and not state.bottom_in_stock


def double_problem(options: OczkoOptions, state: OczkoState) -> str | None:
    if options.version is Version.TWO:
        return "version II does not double the bank: the discards are shuffled instead"
    if state.phase is not Phase.PUNTER:
        return f"the bank is doubled only while a punter draws (phase: {state.phase.value})"
    if state.bottom is not None and state.bottom_in_stock:
        return f"the stock has not run out: the bottom card {state.bottom} is still there"
    return None


def double(options: OczkoOptions, state: OczkoState) -> None:
    problem = double_problem(options, state)
    if problem is not None:
        raise IllegalEvent(f"the banker cannot double the bank: {problem}", Reason.of("no-double"))
    bank.double_bank(state)


def throw_in(options: OczkoOptions, state: OczkoState) -> None:
    if state.phase is not Phase.DOUBLED:
        raise OutOfTurn(
            "a punter throws in only after the stock ran out and the bank was doubled "
            f"(phase: {state.phase.value})",
            Reason.of("no-throw-in"),
        )
    bank.throw_in(options, state)


def _expect_punter_phase(state: OczkoState, what: str) -> None:
    if state.phase is not Phase.PUNTER:
        raise OutOfTurn(
            f"{what} is not possible now (phase: {state.phase.value})", Reason.of("not-now")
        )


def _check_open_card(options: OczkoOptions, state: OczkoState) -> None:
    if open_card_required(options, state) and not state.banker_cards:
        state.flag(
            "closed-card",
            f"round {state.round}: the banker must play seat {state.punter} with his card face up",
            seat=state.banker,
            reason=Reason.of(
                "closed-card",
                round=state.round,
                seat=None if state.punter is None else SeatRef(state.punter),
            ),
        )
