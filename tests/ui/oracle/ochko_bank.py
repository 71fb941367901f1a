"""The oracle of Очко with a permanent bank: the round, the dealer's total so far, his
hand, the bets, each hand's cards and total, the hands at the dealer's turn, the shoe,
and each round's outcome: every seat's result over its hands, why the dealer's hand ended
the round, and his result for the round, the two summing to zero."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from companion.cards import Card, Rank
from companion.games.events import Event
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.state import HandStatus, OchkoBankState, Phase
from companion.games.session import Game
from tests.games.ochko_bank.ochko_bank_helpers import candidate_events
from tests.ui.oracle.money import Reason, read_balances, read_limits, read_table_outcome
from tests.ui.oracle.play import GamePlan
from tests.ui.oracle.reading import CARD, CARDS, NUMBER, SEAT, Screen

OPTIONS: tuple[dict[str, str], ...] = (
    {},
    {"players": "2"},
    {"players": "5", "dealer": "2", "max_bet": "20"},
    {"players": "8", "round_payout": "none"},
    {"players": "3", "min_bet": "2", "max_bet": "5", "resplit": "on"},
)
SOFT = r"(\d+)/(\d+)"
TWENTY_ONE = 21
ACE_EXTRA = 10
DEALER_STANDS = 17
PACK = 104  # two packs in the shoe
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


def total_of(cards: list[Card] | tuple[Card, ...]) -> tuple[int, bool]:
    """The rules' count: pictures 10, an ace 1, or 11 while that stays at 21 or under."""
    hard = sum(1 if c.rank is Rank.ACE else min(c.rank.value, 10) for c in cards)
    if any(c.rank is Rank.ACE for c in cards) and hard + ACE_EXTRA <= TWENTY_ONE:
        return hard + ACE_EXTRA, True
    return hard, False


def total_text(cards: list[Card] | tuple[Card, ...]) -> str:
    value, soft = total_of(cards)
    return f"{value - ACE_EXTRA}/{value}" if soft else str(value)


class OchkoBankWatcher:
    def __init__(self, game: Game) -> None:
        self.options: OchkoBankOptions = game.engine.options
        state: OchkoBankState = game.state
        self.round = state.round
        self.start: list[Fraction] = list(state.ledger.balances)  # as the round began

    def seen(self, before: Any, event: Event, game: Game) -> None:
        state: OchkoBankState = game.state
        if state.round != self.round:
            self.round = state.round
            self.start = list(before.ledger.balances)

    def read(self, screen: Screen, kind: str, game: Game) -> None:
        state: OchkoBankState = game.state
        dealer = self.options.dealer
        total = state.ledger.balance(dealer)
        if kind == "outcome":
            self._outcome(screen, state)
            return
        if kind == "page 1":
            title = read_balances(screen, state.ledger.balances, rf"Total ({NUMBER})")
            if title is not None:
                screen.money("the dealer's total so far", title.group(1), total)
            self._shoe(screen, state)
            return
        title = screen.must(rf"Round (\d+)  Total ({NUMBER})", "the title")
        if title is not None:
            screen.expect("the round", int(title.group(1)), state.round)
            screen.money("the dealer's total so far", title.group(2), total)
        if kind.startswith("chosen") and state.phase in (Phase.BETTING, Phase.SETTLED):
            limits = (self.options.min_bet, self.options.max_bet)
            read_limits(screen, kind, limits, "Bet", "the bet")
            screen.take(r"0: sits this round out")
            return
        self._dealer(screen, state)
        self._note(screen, state)
        if state.phase is Phase.BETTING:
            self._bets(screen, state)
        elif state.phase is Phase.DEALER:
            self._standing(screen, state)
        else:
            self._rows(screen, state)

    def _dealer(self, screen: Screen, state: OchkoBankState) -> None:
        cards = state.dealer_hand.cards
        found = screen.must(rf"Dealer (–|{CARDS})(?:  (\S+))?", "the dealer's hand")
        if found is not None:
            screen.cards("the dealer's cards", found.group(1), cards)
            screen.expect(
                "the dealer's total", found.group(2) or "", total_text(cards) if cards else ""
            )

    def _note(self, screen: Screen, state: OchkoBankState) -> None:
        offered = screen.take(rf"({CARD}) offered to {SEAT}")
        if offered is not None:
            shown = state.offered
            screen.cards(
                "the card offered", offered.group(1), [] if shown is None else [shown.card]
            )
            screen.seat(
                "the seat offered a card",
                offered.group(2),
                None if shown is None else shown.to_seat,
            )
            return
        bets = screen.take(r"Bets (\d+)–(\d+)")
        if bets is not None:
            screen.expect("the lowest bet", int(bets.group(1)), self.options.min_bet)
            screen.expect("the highest bet", int(bets.group(2)), self.options.max_bet)
            return
        draws = screen.take(rf"{SEAT} draws")
        if draws is not None:
            screen.seat("who draws", draws.group(1), self._drawer(state))
            return
        screen.take(r"[^\d]*")  # a phase or the dealer's duty, in words

    def _drawer(self, state: OchkoBankState) -> int | None:
        for seat in self.options.player_seats:
            if any(hand.status is HandStatus.DRAWING for hand in state.seats[seat].hands):
                return seat
        return None

    def _bets(self, screen: Screen, state: OchkoBankState) -> None:
        shown: list[tuple[int, str]] = []
        while (found := screen.take(rf"{SEAT} (?:\d+|–)(?:  {SEAT} (?:\d+|–))*")) is not None:
            for cell in found.group(0).split("  "):
                label, bet = cell.split(" ")
                shown.append((int(label[1:]) - 1, bet))
        seats = list(self.options.player_seats)
        screen.expect("the seats' bets", [seat for seat, _ in shown], seats)
        for seat, bet in shown:
            wanted = state.seats[seat].bet
            screen.expect(f"P{seat + 1}'s bet", bet, str(wanted) if wanted else "–")

    def _standing(self, screen: Screen, state: OchkoBankState) -> None:
        """Every hand standing against the dealer, with its total."""
        wanted: list[str] = []
        for seat in self.options.player_seats:
            hands = state.seats[seat].hands
            for index, hand in enumerate(hands):
                if hand.status is HandStatus.STOOD:
                    label = f"P{seat + 1}" + ("abcd"[index] if len(hands) > 1 else "")
                    wanted.append(f"{label} {total_of(hand.cards)[0]}")
        shown: list[str] = []
        while (found := screen.take(rf"{SEAT}[a-d]? \d+(?:  {SEAT}[a-d]? \d+)*")) is not None:
            shown.extend(found.group(0).split("  "))
        screen.expect("the hands standing against the dealer, in turn", shown, wanted)

    def _rows(self, screen: Screen, state: OchkoBankState) -> None:
        """Three lines of seats (the seat drawing in view): each line is a seat and its
        cards and total, or its bet in words, or that it sits out."""
        shown: set[int] = set()
        while (row := screen.peek()) is not None and row.startswith("P"):
            found = screen.take(rf"{SEAT}([a-d]?)  (.*)")
            if found is None:
                break
            seat, letter, rest = int(found.group(1)) - 1, found.group(2), found.group(3)
            shown.add(seat)
            if seat not in self.options.player_seats:
                screen.wrong(f"a line for P{seat + 1}, who is not a player")
                continue
            entry = state.seats[seat]
            index = "abcd".index(letter) if letter else 0
            hand = entry.hands[index] if index < len(entry.hands) else None
            if letter and len(entry.hands) < 2:
                screen.wrong(f"P{seat + 1}{letter}: a split hand the seat does not have")
                continue
            if hand is None or not hand.cards:
                bet = entry.bet if hand is None else hand.bet
                screen.expect(f"P{seat + 1}'s bet", rest, f"bet {bet}" if bet else "sits out")
                continue
            parts = rest.split("  ")
            screen.cards(f"P{seat + 1}{letter}'s cards", parts[0], hand.cards)
            screen.expect(
                f"P{seat + 1}{letter}'s total",
                parts[1] if len(parts) > 1 else "",
                _status(hand.status, hand.cards),
            )
        drawer = self._drawer(state)
        if state.phase is Phase.PLAY and drawer is not None:
            screen.expect("the seat drawing is in view", drawer in shown, True)

    def _shoe(self, screen: Screen, state: OchkoBankState) -> None:
        left = max(PACK - len(state.shoe.seen), 0)
        found = screen.take(r"Shoe: (\d+) left(?:  Reshuffle soon)?") or screen.take(
            r"Reshuffle soon \((\d+)\)"
        )
        if found is None:
            screen.take("Reshuffle soon")
            found = screen.must(r"Shoe: (\d+) left", "the shoe")
        if found is not None:
            screen.expect("cards left in the shoe", int(found.group(1)), left)

    def _outcome(self, screen: Screen, state: OchkoBankState) -> None:
        dealer = self.options.dealer
        results = {
            seat: state.ledger.balances[seat] - self.start[seat]
            for seat in self.options.player_seats
            if state.seats[seat].playing
        }
        round_result = state.ledger.balance(dealer) - self.start[dealer]
        shown, banker = read_table_outcome(
            screen,
            results,
            self._reason(state, results),
            "Banker's result",
            round_result,
            right=rf"Total ({NUMBER})",
            right_value=state.ledger.balance(dealer),
        )
        if banker is not None:
            total = sum(shown.values(), Fraction(0)) + banker
            screen.expect("the round's results summing to zero with the banker's", total, 0)

    def _reason(self, state: OchkoBankState, results: dict[int, Fraction]) -> Reason:
        cards = state.dealer_hand.cards
        total = total_of(cards)[0]
        if (
            state.dealer_hand.natural_announced
            and len(cards) >= 2
            and total_of(cards[:2])[0] == TWENTY_ONE
        ):
            return Reason("dealer-natural", cards[1])
        played = [hand for seat in results for hand in state.seats[seat].hands]
        showdown = (HandStatus.WON, HandStatus.LOST, HandStatus.PUSH)
        if not cards or not any(hand.status in showdown for hand in played):
            return Reason("no-hand-stands")
        if total > TWENTY_ONE:
            return Reason("dealer-over", cards[-1], banker=total)
        return Reason("dealer-stands", cards[-1], banker=total)


def _status(status: HandStatus, cards: list[Card]) -> str:
    if status is HandStatus.DRAWING:
        return total_text(cards)
    if status is HandStatus.NATURAL:
        return "21!"
    return f"{total_of(cards)[0]} {STATUS_WORDS[status]}"


PLAN = GamePlan(OPTIONS, next_event, OchkoBankWatcher)
