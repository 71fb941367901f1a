"""The oracle of Очко with стук: the bank, the стук, stakes, both hands and their totals,
the last game, how a bank ended, and each game's outcome against the bank as it was
played (its banker, the bank right after it)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.cards import Card
from companion.games.events import Event
from companion.games.ochko21.points import hand_total
from companion.games.ochko21.state import (
    BANKER_ZONE,
    PLAYER_ZONE,
    BankEnd,
    Ochko21State,
    Outcome,
    Phase,
)
from companion.games.session import Game
from tests.games.ochko21.ochko21_helpers import legal_candidates
from tests.ui.oracle.money import read_balances, read_limits
from tests.ui.oracle.play import GamePlan
from tests.ui.oracle.reading import CARDS, NUMBER, SEAT, Screen

OPTIONS = (
    {},
    {"players": "2"},
    {"players": "4", "banker": "2", "deck": "32"},
    {"ace": "1", "deck": "52", "dark_draw": "off"},
    {"players": "6", "max_bank": "12"},
)
LOSSES = {
    Outcome.LOST: "lost",
    Outcome.BUST: "bust,",
    Outcome.DARK_BUST: "dark bust,",
    Outcome.HIDDEN_BUST: "hid a bust,",
}


def next_event(game: Game, rng: random.Random) -> Event | None:
    candidates = legal_candidates(game, rng.choice)
    return rng.choice(candidates) if candidates else None


@dataclass(frozen=True)
class Settled:
    """A game against the bank as it was settled: whose, by whom banked, the hands, and
    the bank right after it."""

    seat: int
    amount: int
    outcome: Outcome
    banker: int
    player_cards: tuple[Card, ...]
    banker_cards: tuple[Card, ...]
    banker_total: int | None
    bank: int


class Ochko21Watcher:
    def __init__(self, game: Game) -> None:
        self.ace: int = game.engine.options.ace
        self.max_bank: int = game.engine.options.max_bank
        self.settled: Settled | None = None

    def seen(self, before: Any, event: Event, game: Game) -> None:
        after: Ochko21State = game.state
        played = sum(record.games for record in after.seats)
        if after.last_game is None or played == sum(record.games for record in before.seats):
            return
        seat, result = after.last_game
        banker_cards = tuple(after.table[BANKER_ZONE])
        self.settled = Settled(
            seat,
            result.amount,
            result.outcome,
            before.banker,
            tuple(after.table[PLAYER_ZONE]),
            banker_cards,
            hand_total(banker_cards, self.ace) if result.banker_total is not None else None,
            after.bank,
        )

    def read(self, screen: Screen, kind: str, game: Game) -> None:
        state: Ochko21State = game.state
        if kind == "outcome":
            self._outcome(screen)
        elif kind == "page 1":
            read_balances(screen, state.ledger.balances, state.banker, rf"Bank ({NUMBER})")
            self._bank_title(screen, state)
        else:
            self._table(screen, kind, game, state)

    def _bank_title(self, screen: Screen, state: Ochko21State) -> None:
        title = screen.rows[0] if screen.rows else ""
        screen.money("the bank in the title", title.rsplit(" ", 1)[-1], state.bank)

    def _table(self, screen: Screen, kind: str, game: Game, state: Ochko21State) -> None:
        title = screen.must(rf"(?:Round (\d+)|New bank|Knock! (\d+) to go)  Bank ({NUMBER})", "the title")
        if title is not None:
            if title.group(1) is not None:
                screen.expect("the round", int(title.group(1)), state.round)
            if title.group(2) is not None:
                screen.expect("the стук turns left", int(title.group(2)), state.stuk_turns_left)
            screen.money("the bank", title.group(3), state.bank)
        phase = state.phase
        if phase is Phase.ANNOUNCE:
            named = read_limits(screen, kind, (1, self.max_bank), rf"{SEAT} names the bank", "the bank")
            if named is not None:
                screen.seat("who names the bank", named.group(1), state.banker)
            self._last_game(screen, state)
            self._bank_end(screen, state)
        elif phase is Phase.STAKE:
            named = read_limits(screen, kind, (1, state.bank), rf"{SEAT} stakes", "the stake")
            if named is not None:
                screen.seat("who stakes", named.group(1), state.turn)
            self._last_game(screen, state)
            self._stuk_at(screen, state)
        elif phase is Phase.STUK:
            found = screen.must(rf"{SEAT} knocks \(стук\)", "the стук due")
            if found is not None:
                screen.seat("who knocks", found.group(1), state.banker)
            self._last_game(screen, state)
        elif phase is Phase.TAKE_BANK:
            found = screen.must(rf"{SEAT} takes the bank  ({NUMBER})", "the bank taken")
            if found is not None:
                screen.seat("who takes the bank", found.group(1), state.banker)
                screen.money("the bank taken", found.group(2), state.bank)
            self._last_game(screen, state)
        else:
            self._game(screen, state)

    def _stuk_at(self, screen: Screen, state: Ochko21State) -> None:
        found = screen.take(r"Knock \(стук\) at (\d+)")
        if found is not None:
            assert state.initial_stake is not None
            screen.expect("the стук's bank", int(found.group(1)), 3 * state.initial_stake)

    def _last_game(self, screen: Screen, state: Ochko21State) -> None:
        if state.last_game is None:
            return
        seat, result = state.last_game
        if result.outcome in LOSSES:
            word = LOSSES[result.outcome]
            found = screen.must(rf"{SEAT} {word} -?(\d+)", "the last game")
            amount = -result.amount
        else:
            found = screen.must(rf"{SEAT} won (\d+)", "the last game")
            amount = result.amount
        if found is not None:
            screen.seat("the last game's player", found.group(1), seat)
            screen.expect("the last game's amount", int(found.group(2)), amount)

    def _bank_end(self, screen: Screen, state: Ochko21State) -> None:
        if not state.banks:
            return
        record = state.banks[-1]
        if record.end is BankEnd.BROKEN and state.last_game is not None:
            found = screen.must(rf"{SEAT} broke the bank", "who broke the bank")
            if found is not None:
                screen.seat("who broke the bank", found.group(1), state.last_game[0])
        elif record.end is BankEnd.TAKEN:
            found = screen.must(rf"{SEAT} took (\d+)", "the bank taken")
            if found is not None:
                screen.seat("who took the bank", found.group(1), record.banker)
                screen.expect("what he took", int(found.group(2)), record.taken)

    def _game(self, screen: Screen, state: Ochko21State) -> None:
        found = screen.must(rf"{SEAT}  stake (\d+)(?: \(dark\))?", "the player and his stake")
        if found is not None:
            screen.seat("the player", found.group(1), state.turn)
            screen.expect("the stake", int(found.group(2)), state.stake)
        self._hand(screen, state.table[PLAYER_ZONE], "the player's")
        found = screen.must(rf"Banker  {SEAT}", "the banker")
        if found is not None:
            screen.seat("the banker", found.group(1), state.banker)
        self._hand(screen, state.table[BANKER_ZONE], "the banker's")
        found = screen.take(rf"{SEAT} (?:draws|is over 21)")
        if found is not None:
            screen.seat("who draws", found.group(1), state.turn)

    def _hand(self, screen: Screen, cards: list[Card], whose: str) -> None:
        if not cards:
            screen.must("–", f"{whose} hand (none)")
            return
        found = screen.must(rf"({CARDS})  (\d+)", f"{whose} hand")
        if found is not None:
            screen.cards(f"{whose} cards", found.group(1), cards)
            screen.expect(f"{whose} total", int(found.group(2)), hand_total(cards, self.ace))

    def _outcome(self, screen: Screen) -> None:
        settled = self.settled
        screen.must("Round over", "the outcome's title")
        if settled is None:
            screen.wrong("an outcome with no game settled")
            return
        found = screen.must(rf"{SEAT} (won|lost|even)  ({NUMBER})", "the game's result")
        if found is not None:
            screen.seat("the outcome's player", found.group(1), settled.seat)
            sign = {"won": 1, "lost": -1, "even": 0}[found.group(2)]
            screen.money("the outcome's amount", str(sign * abs(int(found.group(3)))), settled.amount)
        found = screen.take(rf"Banker {SEAT} had (\d+)")
        if found is not None:
            screen.seat("the outcome's banker", found.group(1), settled.banker)
            screen.expect("the banker's total", int(found.group(2)), settled.banker_total)
        found = screen.must(rf"In the bank ({NUMBER})", "the bank after the game")
        if found is not None:
            screen.money("the bank after the game", found.group(1), settled.bank)


PLAN = GamePlan(OPTIONS, next_event, Ochko21Watcher)
