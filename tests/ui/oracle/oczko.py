"""The oracle of Oczko: the round and the bank, the amounts a bank and a stake may take,
the duel (the punter, his stake, both hands and their totals or special hands), the last
duel's result, and each duel's outcome as it was played: its banker, both hands, the card
that settled it and why, the bank right after it, or how the bank ended and who holds it."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from companion.cards import SHORT36, Card, Rank
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.oczko.options import MaxStake, OczkoOptions
from companion.games.oczko.state import ROUNDS, DuelResult, OczkoState, Outcome, Phase
from companion.games.session import Game
from tests.ui.oracle.money import (
    Duel,
    Handover,
    Reason,
    read_balances,
    read_duel_outcome,
    read_limits,
)
from tests.ui.oracle.play import GamePlan
from tests.ui.oracle.reading import CARDS, NUMBER, SEAT, Screen

OPTIONS: tuple[dict[str, str], ...] = (
    {"version": "1"},
    {"version": "2", "players": "4"},
    {"version": "1", "players": "2", "max_stake": "initial", "banker_stand": "exactly_17"},
    {"version": "2", "players": "3", "any_win_breaks_bank": "on", "upper_limit": "3"},
    {"version": "1", "players": "5", "lower_limit": "2", "upper_limit": "20"},
)
OCZKO = 21
PICTURES = {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.ACE: 11}
BANK_TIMES = 3  # the bank may be taken once it is this many times the first bank
ZONES = ("punter", "banker", "stock")


def next_event(game: Game, rng: random.Random) -> Event | None:
    """An offered action, a card not seen since the shuffle in a zone that takes one, or
    a camera event (a card taken away, a zone cleared)."""
    state: OczkoState = game.state
    for _ in range(40):
        kind = rng.choice(("offer", "offer", "card", "card", "card", "camera"))
        fresh = [card for card in SHORT36.distinct_cards if card not in state.seen]
        event: Event
        if kind == "offer" or (kind == "card" and not fresh):
            offers = game.offers()
            if not offers:
                continue
            offer = rng.choice(offers)
            amount = offer.amount
            event = offer.action() if amount is None else offer.action(rng.choice(amount.values()))
        elif kind == "card":
            zone = rng.choice(("punter", "punter", "banker", "stock"))
            event = CardSeen(zone, rng.choice(fresh))
        elif rng.random() < 0.5:
            event = ZoneCleared(rng.choice(ZONES))
        else:
            event = CardGone(rng.choice(ZONES), rng.choice(SHORT36.distinct_cards))
        if game.can_apply(event) is None:
            return event
    return None


def points(cards: list[Card] | tuple[Card, ...]) -> int:
    return sum(PICTURES.get(card.rank, card.rank.value) for card in cards)


def special(cards: list[Card] | tuple[Card, ...]) -> str | None:
    """The hands that win at once, by the rules: two aces, 21, five pictures."""
    if len(cards) == 2 and all(card.rank is Rank.ACE for card in cards):
        return "two-aces"
    if points(cards) == OCZKO:
        return "twenty-one"
    if len(cards) == 5 and all(card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING) for card in cards):
        return "five-pictures"
    return None


NAMES = {"two-aces": "Two aces", "twenty-one": "Oczko!", "five-pictures": "5 pictures"}


def shown_total(cards: list[Card] | tuple[Card, ...]) -> str:
    """A hand's total as the screen writes it: a special hand by name."""
    name = special(cards)
    return NAMES[name] if name is not None else str(points(cards))


class OczkoWatcher:
    def __init__(self, game: Game) -> None:
        self.options: OczkoOptions = game.engine.options
        self.duel: Duel | None = None
        self.duel_bank = 0  # how many banks had ended when the last duel was played
        self.banks_ended = 0

    def seen(self, before: Any, event: Event, game: Game) -> None:
        after: OczkoState = game.state
        if len(after.results) > len(before.results):
            self.duel = _duel(after.results[-1], before, after, event)
            self.duel_bank = self.banks_ended
        if after.banker != before.banker or (
            isinstance(event, Action) and event.name == "take-bank"
        ):
            self.banks_ended += 1
            if self.duel is not None:
                self.duel = replace(self.duel, handover=_handover(self.duel, before, after, event))

    def read(self, screen: Screen, kind: str, game: Game) -> None:
        state: OczkoState = game.state
        if kind == "outcome":
            read_duel_outcome(screen, self.duel)
            return
        if kind == "page 1":
            title = read_balances(screen, state.ledger.balances, rf"Bank ({NUMBER})")
            if title is not None:
                screen.money("the bank", title.group(1), state.bank)
            return
        title = screen.must(rf"Round (\d+)/(\d+)  Bank ({NUMBER})", "the title")
        if title is not None:
            screen.expect("the round", int(title.group(1)), state.round)
            screen.expect("the rounds of a bank", int(title.group(2)), ROUNDS)
            screen.money("the bank", title.group(3), state.bank)
        phase = state.phase
        options = self.options
        if phase is Phase.BANK:
            limits = (options.lower_limit, options.upper_limit)
            named = read_limits(screen, kind, limits, rf"{SEAT} puts up the bank", "the bank")
            if named is not None:
                screen.seat("who puts up the bank", named.group(1), state.banker)
            self._last(screen, state)
        elif phase is Phase.STAKE:
            cap = state.bank
            if options.max_stake is MaxStake.INITIAL and state.initial_stake < state.bank:
                cap = state.initial_stake
            limits = (min(options.lower_limit, cap), cap)
            named = read_limits(screen, kind, limits, rf"{SEAT} stakes", "the stake")
            if named is not None:
                screen.seat("who stakes", named.group(1), state.punter)
            self._last(screen, state)
            if screen.take("Banker may take the bank") is not None:
                screen.expect(
                    "the bank may be taken", state.bank >= BANK_TIMES * state.initial_stake, True
                )
        elif phase is Phase.TAKE_BANK:
            found = screen.must(r"(\d+) rounds played", "the rounds played")
            if found is not None:
                screen.expect("the rounds played", int(found.group(1)), ROUNDS)
            found = screen.must(rf"{SEAT} takes the bank  ({NUMBER})", "the bank to take")
            if found is not None:
                screen.seat("who takes the bank", found.group(1), state.banker)
                screen.money("the bank to take", found.group(2), state.bank)
            self._last(screen, state)
        else:
            self._duel_page(screen, state)

    def _last(self, screen: Screen, state: OczkoState) -> None:
        """The last duel's result; under a bank just put up, whose bank it is."""
        this_bank = bool(state.results) and self.duel_bank == self.banks_ended
        if state.phase is not Phase.BANK and not this_bank:
            found = screen.must(rf"Banker {SEAT}", "whose bank it is")
            if found is not None:
                screen.seat("whose bank it is", found.group(1), state.banker)
            return
        if not state.results:
            return
        result = state.results[-1]
        if result.outcome is Outcome.THROWN_IN or result.winner is None:
            screen.must("Duel thrown in", "the last duel")
        elif result.broke_bank:
            found = screen.must(rf"{SEAT} broke the bank", "the last duel")
            if found is not None:
                screen.seat("who broke the bank", found.group(1), result.winner)
        else:
            found = screen.must(rf"{SEAT} won (\d+)", "the last duel")
            if found is not None:
                screen.seat("the last duel's winner", found.group(1), result.winner)
                screen.expect("what the last duel paid", int(found.group(2)), result.paid)

    def _duel_page(self, screen: Screen, state: OczkoState) -> None:
        found = screen.must(rf"{SEAT}  stake (\d+)", "the punter and his stake")
        if found is not None:
            screen.seat("the punter", found.group(1), state.punter)
            screen.expect("the stake", int(found.group(2)), state.stake)
        if not state.punter_cards and state.phase is not Phase.PUNTER:
            screen.must("Stands", "the punter stands")
        else:
            self._hand(screen, state.punter_cards, "the punter's")
        found = screen.must(rf"Banker  {SEAT}", "the banker")
        if found is not None:
            screen.seat("the banker", found.group(1), state.banker)
        self._hand(screen, state.banker_cards, "the banker's")
        draws = screen.take(rf"{SEAT} draws")
        if draws is not None:
            screen.seat("who draws", draws.group(1), state.punter)

    def _hand(self, screen: Screen, cards: list[Card], whose: str) -> None:
        if not cards:
            screen.must("–", f"{whose} hand (none)")
            return
        found = screen.must(rf"({CARDS})  (.+)", f"{whose} hand")
        if found is not None:
            screen.cards(f"{whose} cards", found.group(1), cards)
            screen.expect(f"{whose} total", found.group(2), shown_total(cards))


def _duel(result: DuelResult, before: OczkoState, after: OczkoState, event: Event) -> Duel:
    """The duel just settled: the hands on the table before the event, with the card it
    put down (the one that settled it, where a card did)."""
    cards = tuple(before.punter_cards)
    banker_cards = tuple(before.banker_cards)
    if isinstance(event, CardSeen) and event.zone == "punter":
        cards += (event.card,)
    elif isinstance(event, CardSeen) and event.zone == "banker":
        banker_cards += (event.card,)
    amount = (
        0
        if result.winner is None
        else (result.paid if result.winner == result.punter else -result.paid)
    )
    reason = _reason(result, cards, banker_cards)
    return Duel(
        seat=result.punter,
        amount=Fraction(amount),
        cards=cards,
        total=_outcome_total(cards, reason.name, ""),
        banker=before.banker,
        banker_cards=banker_cards,
        banker_total=_outcome_total(banker_cards, reason.name, "banker-"),
        reason=reason,
        bank=Fraction(after.bank) if not result.broke_bank else Fraction(0),
    )


def _outcome_total(cards: tuple[Card, ...], reason: str, whose: str) -> str:
    """A hand's total on the outcome: its points, or the special hand's name that settled
    the duel (two aces count 22, which is no bust)."""
    if reason in (f"{whose}two-aces", f"{whose}five-pictures"):
        return NAMES[reason.removeprefix(whose)]
    return str(points(cards)) if cards else ""


def _reason(result: DuelResult, cards: tuple[Card, ...], banker_cards: tuple[Card, ...]) -> Reason:
    outcome = result.outcome
    last = cards[-1] if cards else None
    banker_last = banker_cards[-1] if banker_cards else None
    total, banker = points(cards), points(banker_cards)
    if outcome is Outcome.PUNTER_SPECIAL:
        return Reason(special(cards) or "?", last)
    if outcome is Outcome.BANKER_SPECIAL:
        return Reason(f"banker-{special(banker_cards)}", banker_last)
    if outcome is Outcome.PUNTER_BUST or (outcome is Outcome.DECLARED_BUST and total > OCZKO):
        return Reason("over", last, total)
    if outcome is Outcome.DECLARED_BUST:
        return Reason("declared-bust", seat=result.punter)
    if outcome is Outcome.BANKER_BUST:
        return Reason("banker-over", banker_last, banker=banker)
    if outcome is Outcome.THROWN_IN:
        return Reason("thrown-in")
    if result.winner == result.punter:
        return Reason("higher", total=total, banker=banker)
    return Reason("tie" if total == banker else "not-higher", total=total, banker=banker)


def _handover(duel: Duel, before: OczkoState, after: OczkoState, event: Event) -> Handover:
    if isinstance(event, Action) and event.name == "take-bank":
        return Handover(
            rf"{SEAT} took the bank: (\d+)", (before.banker + 1, before.bank), after.banker
        )
    return Handover(rf"{SEAT} broke the bank", (duel.seat + 1,), after.banker)


PLAN = GamePlan(OPTIONS, next_event, OczkoWatcher)
