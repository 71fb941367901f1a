"""The oracle of Gwiazda: the bank, the stakes and their total, each punter's card and
stake from deck A, the cards of deck B laid so far, the deal's results and the bank's
change, and the deal's outcome: every punter's result, the card that matched (all lose)
and the bank left, the results and the bank's change summing to zero."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from companion.cards import Card
from companion.games.events import Event
from companion.games.gwiazda.state import GwiazdaState, Phase, Status
from companion.games.session import Game
from tests.games.gwiazda.gwiazda_helpers import legal_event
from tests.ui.oracle.money import Reason, read_balances, read_limits, read_table_outcome
from tests.ui.oracle.play import GamePlan
from tests.ui.oracle.reading import CARD, CARDS, NUMBER, SEAT, Screen

OPTIONS: tuple[dict[str, str], ...] = (
    {"players": "6"},
    {"players": "7", "banker": "3"},
    {"players": "12"},
    {"players": "9", "special_suit": "S", "match": "rank"},
)
POOL_HIGHEST = 100  # the highest amount the buttons offer
WON_LOST_CARDS = 22
FIRST_PAGE_PUNTERS = 8
PHASE_TITLES = {
    Phase.POOL: "The bank",
    Phase.STAKES: "Stakes",
    Phase.DEAL: "Deck A",
    Phase.RESTAKE: "Comebacks",
    Phase.COVER: "Cover",
    Phase.GUARD: "Guard",
    Phase.WON_LOST: "Won & lost",
    Phase.OVER: "Payouts",
}
SETTLED = (Status.WON, Status.LOST, Status.LEFT, Status.JACKED)


def next_event(game: Game, rng: random.Random) -> Event | None:
    for _ in range(20):
        event = legal_event(game.state, rng)
        if event is None:
            return None
        if game.can_apply(event) is None:
            return event
    return None


class GwiazdaWatcher:
    """Gwiazda's screens show the deal as it stands; the deal's start is in the state."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def seen(self, before: Any, event: Event, game: Game) -> None:
        """Gwiazda's screens follow the state of the deal; nothing to remember."""

    def read(self, screen: Screen, kind: str, game: Game) -> None:
        state: GwiazdaState = game.state
        bank = state.ledger.bank
        results = {
            place.seat: state.ledger.balances[place.seat] - state.deal_start[place.seat]
            for place in state.seats
            if place.status in SETTLED
        }
        if kind == "outcome":
            match = state.match
            reason = None if match is None else Reason("match", match.card)
            shown, left = read_table_outcome(screen, results, reason, "In the bank", bank)
            if left is not None:
                change = left - state.bank_before_deal
                total = sum(shown.values(), Fraction(0)) + change
                screen.expect("the deal's results and the bank's change summing to zero", total, 0)
            return
        punters = [place for place in state.seats if place.status is not Status.BANKER]
        overflow = state.phase in (Phase.DEAL, Phase.RESTAKE) and len(punters) > FIRST_PAGE_PUNTERS
        last_page = 2 if overflow else 1
        if kind == f"page {last_page}":
            # every seat's money: its cash and its share paid into the bank
            balances = [balance + state.pool for balance in state.ledger.balances]
            found = read_balances(screen, balances, rf"Bank ({NUMBER})")
            if found is not None:
                screen.money("the bank", found.group(1), bank)
            return
        found = screen.must(rf"(.+)  Bank ({NUMBER})", "the title")
        if found is not None:
            screen.expect("the phase", found.group(1), PHASE_TITLES[state.phase])
            screen.money("the bank", found.group(2), bank)
        if kind == "page 1":
            self._cells(screen, punters[FIRST_PAGE_PUNTERS:])
        elif state.phase is Phase.POOL:
            read_limits(screen, kind, (1, POOL_HIGHEST), "Everyone pays in", "the pay-in")
        elif state.phase is Phase.STAKES:
            self._stakes(screen, state, kind, punters)
        elif state.phase in (Phase.DEAL, Phase.RESTAKE):
            self._bank_cards(screen, state.bank_cards, blank="–")
            self._cells(screen, punters[:FIRST_PAGE_PUNTERS])
        elif state.phase is Phase.OVER:
            self._payouts(screen, state, results)
        else:
            self._deck_b(screen, state)

    def _stakes(self, screen: Screen, state: GwiazdaState, kind: str, punters: list[Any]) -> None:
        shown: list[tuple[int, str]] = []
        while (found := screen.take(rf"{SEAT} (?:\d+|·)(?:  {SEAT} (?:\d+|·))*")) is not None:
            for cell in found.group(0).split("  "):
                label, stake = cell.split(" ")
                shown.append((int(label[1:]) - 1, stake))
        screen.expect("the punters' stakes", [s for s, _ in shown], [p.seat for p in punters])
        for seat, stake in shown:
            wanted = state.seats[seat].stake
            screen.expect(f"P{seat + 1}'s stake", stake, str(wanted) if wanted else "·")
        if kind.startswith("chosen") and state.next_seat is not None:
            found = screen.must(rf"{SEAT}: (\d+)", "the stake being chosen")
            if found is not None:
                screen.seat("whose stake is chosen", found.group(1), state.next_seat)
                screen.expect("the stake chosen", int(found.group(2)), int(kind.split()[1]))
            return
        found = screen.must(r"Stakes (\d+)", "the stakes' total")
        if found is not None:
            screen.expect("the stakes' total", int(found.group(1)), state.stakes_total)

    def _bank_cards(self, screen: Screen, cards: list[Card], blank: str) -> None:
        found = screen.must(rf"Bank cards  (–|{CARDS})", "the bank cards")
        if found is not None:
            screen.cards("the bank cards", found.group(1), cards)
            if not cards:
                screen.expect("no bank card yet", found.group(1), blank)

    def _cells(self, screen: Screen, punters: list[Any]) -> None:
        """Each punter's card from deck A and his stake (– once a king or a jack settled
        it), two to a line."""
        shown: list[tuple[int, str, str]] = []
        while (found := screen.take_cells(rf"{SEAT} ({CARD})? (\d+|–)")) is not None:
            for part in found:
                shown.append((int(part.group(1)) - 1, part.group(2) or "", part.group(3)))
        screen.expect("the punters' cards", [s for s, _, _ in shown], [p.seat for p in punters])
        for seat, card, stake in shown:
            place = next(p for p in punters if p.seat == seat)
            screen.cards(f"P{seat + 1}'s card", card, [] if place.card is None else [place.card])
            wanted = str(place.stake) if place.status in (Status.IN, Status.STAKED) else "–"
            screen.expect(f"P{seat + 1}'s stake", stake, wanted)

    def _deck_b(self, screen: Screen, state: GwiazdaState) -> None:
        deck = state.deck_b
        self._bank_cards(screen, state.bank_cards, blank="")
        for name, cards in (("Cover", deck.cover), ("Guard", deck.guard)):
            found = screen.must(rf"{name}  (–|{CARDS})", f"the {name.lower()}")
            if found is not None:
                screen.cards(f"the {name.lower()}", found.group(1), cards)
        found = screen.must(rf"Won/lost  (\d+)/(\d+)(?: ({CARD}))?", "the won-and-lost cards")
        if found is not None:
            screen.expect("won-and-lost cards laid", int(found.group(1)), len(deck.won_lost))
            screen.expect("won-and-lost cards in all", int(found.group(2)), WON_LOST_CARDS)
            screen.cards("the last won-and-lost card", found.group(3) or "", deck.won_lost[-1:])
        if state.match is not None:
            found = screen.must(rf"({CARD}) matches: all lose", "the match")
            if found is not None:
                screen.cards("the card that matched", found.group(1), [state.match.card])
            return
        found = screen.must(r"Stakes (\d+)", "the stakes' total")
        if found is not None:
            screen.expect("the stakes' total", int(found.group(1)), state.stakes_total)

    def _payouts(self, screen: Screen, state: GwiazdaState, results: dict[int, Fraction]) -> None:
        shown: dict[int, str] = {}
        while (found := screen.take(rf"{SEAT} {NUMBER}(?:  {SEAT} {NUMBER})*")) is not None:
            for cell in found.group(0).split("  "):
                label, amount = cell.split(" ")
                shown[int(label[1:]) - 1] = amount
        screen.expect("the seats paid", sorted(shown), sorted(results))
        for seat, amount in shown.items():
            screen.money(f"P{seat + 1}'s result this deal", amount, results.get(seat, Fraction(0)))
        found = screen.must(rf"Bank ({NUMBER}) this deal", "the bank's change")
        if found is not None:
            change = state.ledger.bank - state.bank_before_deal
            screen.money("the bank's change this deal", found.group(1), change)
            screen.expect("the deal summing to zero", sum(results.values()) + change, 0)


PLAN = GamePlan(OPTIONS, next_event, GwiazdaWatcher)
