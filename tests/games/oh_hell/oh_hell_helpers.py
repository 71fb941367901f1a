"""Shared helpers of the Oh Hell tests: tables, scripts and random legal games."""

from __future__ import annotations

import random
from typing import Any

from companion.cards import FRENCH52, Card, Suit
from companion.games.events import Action, CardSeen, Event, ZoneCleared
from companion.games.oh_hell.engine import OhHell
from companion.games.oh_hell.state import OhHellState, Phase
from companion.games.script import parse_events
from companion.games.session import Game


def oh_hell_engine(game: Game) -> OhHell:
    """The game's engine, known to be Oh Hell's."""
    engine = game.engine
    assert isinstance(engine, OhHell)
    return engine


WORKED_EXAMPLE = """
card trump 9H
bid 1 1
bid 2 0
bid 3 1
bid 0 2
card trick KS
card trick 2S
card trick 4H
card trick AS
clear trick
card trick QC
card trick AC
card trick 3C
card trick 10C
clear trick
card trick 5D
card trick 7D
card trick JD
card trick 2D
clear trick
"""


def table(**options: object) -> Game:
    words = {name: _word(value) for name, value in options.items()}
    return Game(OhHell.from_option_words(words))


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def play(game: Game, text: str) -> Game:
    for event in parse_events(text):
        game.apply(event)
    return game


def state_of(game: Game) -> OhHellState:
    state: OhHellState = game.state
    return state


def as_json(game: Game) -> dict[str, Any]:
    return game.to_json()


class Dealer:
    """Deals real hands from a shuffled pack and picks legal events for a game, using the
    engine's own offers for the bids. ``wild`` is the chance of a card that breaks the
    follow-suit rule (which the engine accepts and may flag)."""

    def __init__(self, game: Game, rng: random.Random, *, wild: float = 0.0) -> None:
        self.game = game
        self.rng = rng
        self.wild = wild
        self.hands: list[list[Card]] = []
        self.trump_card: Card | None = None
        self.dealt_for: int | None = None

    def _deal(self, state: OhHellState) -> None:
        players = len(state.scores)
        size = oh_hell_engine(self.game).table.hand_size(state)
        pack = list(FRENCH52.distinct_cards)
        self.rng.shuffle(pack)
        self.hands = [pack[seat * size : (seat + 1) * size] for seat in range(players)]
        rest = pack[players * size :]
        self.trump_card = rest[0] if rest else None
        self.dealt_for = state.hand_index

    def next_event(self) -> Event | None:
        state = state_of(self.game)
        if state.phase is Phase.OVER:
            return ZoneCleared("trick") if state.trick_zone else None
        if self.dealt_for != state.hand_index:
            self._deal(state)
        if state.trick_zone and state.trick_complete:
            return ZoneCleared("trick")
        if state.phase is Phase.TRUMP:
            assert self.trump_card is not None
            return CardSeen("trump", self.trump_card)
        if state.phase is Phase.BIDDING:
            offer = self.rng.choice(self.game.offers())
            assert offer.amount is not None
            return offer.action(self.rng.choice(offer.amount.values()))
        return self._card(state)

    def _card(self, state: OhHellState) -> Event:
        seat = (state.leader + len(state.trick_zone)) % len(state.scores)
        hand = self.hands[seat]
        choices = hand
        if state.trick_zone and self.rng.random() >= self.wild:
            led = state.trick_zone[0].card.suit
            choices = _legal(hand, led, state.trump, la_podrida=self.game.engine.options.la_podrida)
        card = self.rng.choice(choices)
        hand.remove(card)
        return CardSeen("trick", card)

    def run(self, limit: int) -> list[Event]:
        applied: list[Event] = []
        while len(applied) < limit:
            event = self.next_event()
            if event is None:
                break
            self.game.apply(event)
            applied.append(event)
        return applied


def _legal(hand: list[Card], led: Suit, trump: Card | None, *, la_podrida: bool) -> list[Card]:
    following = [card for card in hand if card.suit is led]
    if following:
        return following
    if la_podrida and trump is not None:
        trumps = [card for card in hand if card.suit is trump.suit]
        if trumps:
            return trumps
    return hand


def bid(seat: int, tricks: int) -> Action:
    return Action("bid", (str(seat), str(tricks)))
