"""The oracle of Очко with стук: the bank, the стук, stakes, both hands and their totals,
the last game, how a bank ended, and each game's outcome as it was played (its banker,
both hands, the card that settled it and why, the bank right after it or the bank's end)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from companion.cards import Card
from companion.games.events import Action, Event
from companion.games.ochko21.points import hand_total
from companion.games.ochko21.state import BANKER_ZONE, PLAYER_ZONE, Ochko21State, Outcome, Phase
from companion.games.round_outcome import BankEnd
from companion.games.session import Game
from tests.games.ochko21.ochko21_helpers import legal_candidates
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
    {},
    {"players": "2"},
    {"players": "4", "banker": "2", "deck": "32"},
    {"ace": "1", "deck": "52", "dark_draw": "off"},
    {"players": "6", "max_bank": "12"},
)
TWENTY_ONE = 21
STUK_TIMES = 3
LOSSES = {
    Outcome.LOST: "lost",
    Outcome.BUST: "bust,",
    Outcome.DARK_BUST: "dark bust,",
    Outcome.HIDDEN_BUST: "hid a bust,",
}


def next_event(game: Game, rng: random.Random) -> Event | None:
    candidates = legal_candidates(game, rng.choice)
    return rng.choice(candidates) if candidates else None


class Ochko21Watcher:
    def __init__(self, game: Game) -> None:
        self.ace: int = game.engine.options.ace
        self.max_bank: int = game.engine.options.max_bank
        self.duel: Duel | None = None
        self.duel_bank = 0  # how many banks had ended when the last game was played

    def seen(self, before: Any, event: Event, game: Game) -> None:
        after: Ochko21State = game.state
        played = sum(record.games for record in after.seats)
        if after.last_game is not None and played != sum(r.games for r in before.seats):
            self.duel = self._settled(before, after)
            self.duel_bank = len(before.banks)
        if len(after.banks) > len(before.banks) and self.duel is not None:
            self.duel = _with_handover(self.duel, before, after, event)

    def _settled(self, before: Ochko21State, after: Ochko21State) -> Duel:
        assert after.last_game is not None
        seat, result = after.last_game
        cards = tuple(after.table[PLAYER_ZONE])
        banker_cards = tuple(after.table[BANKER_ZONE])
        total = hand_total(cards, self.ace)
        banker = hand_total(banker_cards, self.ace)
        return Duel(
            seat=seat,
            amount=Fraction(result.amount),
            cards=cards,
            total=str(total),
            banker=before.banker,
            banker_cards=banker_cards,
            banker_total=str(banker) if banker_cards else "",
            reason=_reason(result.outcome, cards, total, banker_cards, banker),
            bank=Fraction(after.bank),
        )

    def read(self, screen: Screen, kind: str, game: Game) -> None:
        state: Ochko21State = game.state
        if kind == "outcome":
            read_duel_outcome(screen, self.duel)
        elif kind == "page 1":
            title = read_balances(screen, state.ledger.balances, rf"Bank ({NUMBER})")
            if title is not None:
                screen.money("the bank", title.group(1), state.bank)
        else:
            self._table(screen, kind, state)

    def _table(self, screen: Screen, kind: str, state: Ochko21State) -> None:
        title = screen.must(
            rf"(?:Round (\d+)|New bank|Knock! (\d+) to go)  Bank ({NUMBER})", "the title"
        )
        if title is not None:
            if title.group(1) is not None:
                screen.expect("the round", int(title.group(1)), state.round)
            if title.group(2) is not None:
                screen.expect("the стук turns left", int(title.group(2)), state.stuk_turns_left)
            screen.money("the bank", title.group(3), state.bank)
        phase = state.phase
        if phase is Phase.ANNOUNCE:
            named = read_limits(
                screen, kind, (1, self.max_bank), rf"{SEAT} names the bank", "the bank"
            )
            if named is not None:
                screen.seat("who names the bank", named.group(1), state.banker)
            self._last_game(screen, state)
            self._bank_end(screen, state)
        elif phase is Phase.STAKE:
            named = read_limits(screen, kind, (1, state.bank), rf"{SEAT} stakes", "the stake")
            if named is not None:
                screen.seat("who stakes", named.group(1), state.turn)
            self._last_game(screen, state)
            found = screen.take(r"Knock \(стук\) at (\d+)")
            if found is not None and state.initial_stake is not None:
                screen.expect(
                    "the стук's bank", int(found.group(1)), STUK_TIMES * state.initial_stake
                )
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

    def _last_game(self, screen: Screen, state: Ochko21State) -> None:
        """The last game against this bank; under a new bank, its banker instead."""
        this_bank = state.last_game is not None and self.duel_bank == len(state.banks)
        if state.phase is not Phase.ANNOUNCE and not this_bank:
            found = screen.must(rf"Banker {SEAT}", "whose bank it is")
            if found is not None:
                screen.seat("whose bank it is", found.group(1), state.banker)
            return
        if state.last_game is None:
            return
        seat, result = state.last_game
        if result.outcome in LOSSES:
            found = screen.must(rf"{SEAT} {LOSSES[result.outcome]} -?(\d+)", "the last game")
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
        found = screen.take(rf"{SEAT} draws")
        if found is not None:
            screen.seat("who draws", found.group(1), state.turn)
        over = screen.take(rf"{SEAT} has (\d+): bust")
        if over is not None:
            screen.seat("who is over 21", over.group(1), state.turn)
            total = hand_total(state.table[PLAYER_ZONE], self.ace)
            screen.expect("the bust total", int(over.group(2)), total)
            screen.expect("over 21", total > TWENTY_ONE, True)

    def _hand(self, screen: Screen, cards: list[Card], whose: str) -> None:
        if not cards:
            screen.must("–", f"{whose} hand (none)")
            return
        found = screen.must(rf"({CARDS})  (\d+)", f"{whose} hand")
        if found is not None:
            screen.cards(f"{whose} cards", found.group(1), cards)
            screen.expect(f"{whose} total", int(found.group(2)), hand_total(cards, self.ace))


def _reason(
    outcome: Outcome,
    cards: tuple[Card, ...],
    total: int,
    banker_cards: tuple[Card, ...],
    banker: int,
) -> Reason:
    last = cards[-1] if cards else None
    if outcome is Outcome.OCHKO:
        return Reason("twenty-one", last)
    if outcome is Outcome.BUST:
        return Reason("over", last, total)
    if outcome is Outcome.HIDDEN_BUST:
        return Reason("hidden-bust", total=total)
    if outcome is Outcome.DARK_BUST:
        return Reason("dark-bust", total=total)
    if outcome is Outcome.WON and banker > TWENTY_ONE:
        return Reason("banker-over", banker_cards[-1], banker=banker)
    if outcome is Outcome.WON:
        return Reason("higher", total=total, banker=banker)
    return Reason("tie" if total == banker else "not-higher", total=total, banker=banker)


def _with_handover(duel: Duel, before: Ochko21State, after: Ochko21State, event: Event) -> Duel:
    """The bank ended: broken by the game just played, emptied by it in the стук round,
    or taken by its banker (what was in it)."""
    banker = before.banker
    values: tuple[int, ...]
    if isinstance(event, Action) and event.name == "take-bank":
        pattern, values = rf"{SEAT} took the bank: (\d+)", (banker + 1, before.bank)
    elif before.stuk_round:
        pattern, values = "The bank is empty", ()
    else:
        pattern, values = rf"{SEAT} broke the bank", (duel.seat + 1,)
    return replace(duel, handover=Handover(pattern, values, after.banker))


PLAN = GamePlan(OPTIONS, next_event, Ochko21Watcher)
