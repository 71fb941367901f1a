"""The oracle of Очко with a permanent bank: the round, the dealer's result, his hand, each
seat's bet, hands and totals, the shoe, and each round's outcome: every seat's result over
its hands, the dealer's for the round, the two summing to zero."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from companion.cards import Card
from companion.games.events import Event
from companion.games.ochko_bank.hands import Total, hand_total
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.shoe import cards_left, reshuffle_soon
from companion.games.ochko_bank.state import HandStatus, OchkoBankState, Phase
from companion.games.session import Game
from tests.games.ochko_bank.ochko_bank_helpers import candidate_events
from tests.ui.oracle.money import read_balances, read_limits
from tests.ui.oracle.play import GamePlan
from tests.ui.oracle.reading import CARDS, NUMBER, SEAT, Screen

OPTIONS = (
    {},
    {"players": "2"},
    {"players": "5", "dealer": "2", "max_bet": "20"},
    {"players": "8", "round_payout": "none"},
    {"players": "3", "min_bet": "2", "max_bet": "5", "resplit": "on"},
)
SOFT = r"(\d+)/(\d+)"
STATUS_WORDS = {
    HandStatus.STOOD: "stands",
    HandStatus.BUST: "bust",
    HandStatus.STAND_OFF: "push",
    HandStatus.PUSH: "push",
    HandStatus.WON: "won",
    HandStatus.LOST: "lost",
    HandStatus.WITHDRAWN: "out",
}


def next_event(game: Game, rng: random.Random) -> Event | None:
    for _ in range(8):
        for event in candidate_events(game, rng):
            if game.can_apply(event) is None:
                return event
    return None


class OchkoBankWatcher:
    def __init__(self, game: Game) -> None:
        self.options: OchkoBankOptions = game.engine.options
        state: OchkoBankState = game.state
        self.round = state.round
        # every seat's money as the round began (the dealer's too)
        self.start: list[Fraction] = list(state.ledger.balances)

    def seen(self, before: Any, event: Event, game: Game) -> None:
        state: OchkoBankState = game.state
        if state.round != self.round:
            self.round = state.round
            self.start = list(before.ledger.balances)

    def read(self, screen: Screen, kind: str, game: Game) -> None:
        state: OchkoBankState = game.state
        dealer = self.options.dealer
        if kind == "outcome":
            self._outcome(screen, state)
            return
        if kind == "page 1":
            found = read_balances(screen, state.ledger.balances, dealer, rf"Banker ({NUMBER})")
            self._title_result(screen, state)
            self._shoe(screen, state)
            return
        self._title(screen, state)
        if kind.startswith("chosen") and state.phase in (Phase.BETTING, Phase.SETTLED):
            limits = (self.options.min_bet, self.options.max_bet)
            read_limits(screen, kind, limits, "Bet", "the bet")
            return
        self._dealer(screen, state)
        self._note(screen, state)
        for seat in self.options.player_seats:
            self._seat(screen, state, seat)

    def _title_result(self, screen: Screen, state: OchkoBankState) -> None:
        title = screen.rows[0] if screen.rows else ""
        shown = title.rsplit(" ", 1)[-1]
        screen.money("the dealer's result so far", shown, state.ledger.balance(self.options.dealer))

    def _title(self, screen: Screen, state: OchkoBankState) -> None:
        found = screen.must(rf"Round (\d+)  Banker ({NUMBER})", "the title")
        if found is not None:
            screen.expect("the round", int(found.group(1)), state.round)
            screen.money(
                "the dealer's result so far",
                found.group(2),
                state.ledger.balance(self.options.dealer),
            )

    def _dealer(self, screen: Screen, state: OchkoBankState) -> None:
        cards = state.dealer_hand.cards
        if not cards:
            screen.must("Dealer –", "the dealer's hand (none yet)")
            return
        found = screen.must(rf"Dealer ({CARDS})  ({SOFT}|\d+)", "the dealer's hand")
        if found is not None:
            screen.cards("the dealer's cards", found.group(1), cards)
            self._total(screen, "the dealer's total", found.group(2), hand_total(cards))

    def _total(self, screen: Screen, what: str, shown: str, total: Total) -> None:
        if "/" in shown:
            low, high = shown.split("/")
            screen.expect(f"{what} (soft)", (int(low), int(high)), (total.value - 10, total.value) if total.soft else None)
        else:
            screen.expect(what, int(shown), total.value if not total.soft else None)

    def _note(self, screen: Screen, state: OchkoBankState) -> None:
        offered = screen.take(rf"(?:10|[2-9JQKA])[♠♥♦♣] offered to {SEAT}")
        if offered is not None:
            screen.seat("the seat offered a card", offered.group(1), None if state.offered is None else state.offered.to_seat)
            return
        bets = screen.take(r"Bets (\d+)–(\d+)")
        if bets is not None:
            screen.expect("the lowest bet", int(bets.group(1)), self.options.min_bet)
            screen.expect("the highest bet", int(bets.group(2)), self.options.max_bet)
            return
        draws = screen.take(rf"{SEAT} draws")
        if draws is not None:
            from companion.games.ochko_bank.turns import first_drawer

            screen.seat("who draws", draws.group(1), first_drawer(state, self.options))
            return
        screen.skip_words()

    def _seat(self, screen: Screen, state: OchkoBankState, seat: int) -> None:
        entry = state.seats[seat]
        label = f"P{seat + 1}"
        row = screen.peek()
        if row is None or not row.startswith(label):
            return  # scrolled away: the screen shows three seats' lines
        if not entry.hands:
            if entry.bet == 0:
                screen.must(rf"{label}  sits out", f"{label} sitting out")
            else:
                found = screen.must(rf"{label}  (\d+)", f"{label}'s bet")
                if found is not None:
                    screen.expect(f"{label}'s bet", int(found.group(1)), entry.bet)
            return
        split = len(entry.hands) > 1
        for index, hand in enumerate(entry.hands):
            name = f"{label}{'abcd'[index]}" if split else label
            found = screen.must(
                rf"{name} (\d+)  ({CARDS})  ({SOFT}|\d+|21!|\d+ [a-z]+)", f"{name}'s hand"
            )
            if found is None:
                continue
            screen.expect(f"{name}'s bet", int(found.group(1)), hand.bet if split else entry.bet)
            screen.cards(f"{name}'s cards", found.group(2) or "", hand.cards)
            self._hand_total(screen, name, found.group(3), hand.cards, hand.status)

    def _hand_total(
        self, screen: Screen, name: str, shown: str, cards: list[Card], status: HandStatus
    ) -> None:
        total = hand_total(cards)
        if status is HandStatus.DRAWING:
            self._total(screen, f"{name}'s total", shown, total)
        elif status is HandStatus.NATURAL:
            screen.expect(f"{name}'s natural", shown, "21!")
        else:
            screen.expect(f"{name}'s total and status", shown, f"{total.value} {STATUS_WORDS[status]}")

    def _shoe(self, screen: Screen, state: OchkoBankState) -> None:
        soon = reshuffle_soon(state, self.options)
        found = screen.take(r"Shoe: (\d+) left(?:  Reshuffle soon)?")
        if found is None:
            screen.take("Reshuffle soon")
            found = screen.take(r"Shoe: (\d+) left") or screen.take(r"Reshuffle soon \((\d+)\)")
        if found is None:
            screen.wrong("no shoe line")
            return
        screen.expect("cards left in the shoe", int(found.group(1)), cards_left(state))
        del soon

    def _outcome(self, screen: Screen, state: OchkoBankState) -> None:
        screen.must("Round over", "the outcome's title")
        dealer = self.options.dealer
        results = {
            seat: state.ledger.balances[seat] - self.start[seat]
            for seat in self.options.player_seats
            if state.seats[seat].playing
        }
        shown: dict[int, Fraction] = {}
        while (found := screen.take(rf"{SEAT} (won|lost|even)  ({NUMBER})")) is not None:
            sign = {"won": 1, "lost": -1, "even": 0}[found.group(2)]
            shown[int(found.group(1)) - 1] = sign * abs(Fraction(found.group(3).replace("½", "") or 0)) + (Fraction(1, 2) * sign if "½" in found.group(3) else 0)
        while (found := screen.take(rf"{SEAT} {NUMBER}(?:  {SEAT} {NUMBER})*")) is not None:
            for cell in found.group(0).split("  "):
                label, amount = cell.split(" ")
                from tests.ui.oracle.reading import money

                shown[int(label[1:]) - 1] = money(amount)
        screen.expect("the seats in the outcome", sorted(shown), sorted(results))
        for seat, amount in shown.items():
            screen.expect(f"P{seat + 1}'s result this round", amount, results.get(seat))
        found = screen.take(rf"Banker {SEAT} had (\d+)")
        if found is not None:
            screen.seat("the dealer", found.group(1), dealer)
            screen.expect("the dealer's total", int(found.group(2)), hand_total(state.dealer_hand.cards).value)
        found = screen.must(rf"Banker's result ({NUMBER})", "the dealer's result")
        if found is not None:
            from tests.ui.oracle.reading import money

            round_result = state.ledger.balance(dealer) - self.start[dealer]
            screen.expect("the dealer's result this round", money(found.group(1)), round_result)
            screen.expect("the round's results summing to zero", sum(shown.values()) + money(found.group(1)), 0)


PLAN = GamePlan(OPTIONS, next_event, OchkoBankWatcher)
