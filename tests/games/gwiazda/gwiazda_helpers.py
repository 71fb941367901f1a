"""Shared helpers of the Gwiazda tests: tables, scripts and random legal games."""

from __future__ import annotations

import random
from collections.abc import Iterable

from companion.cards import FRENCH52, Card
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.gwiazda.engine import Gwiazda
from companion.games.gwiazda.state import SOCIETY_CARDS, GwiazdaState, Phase
from companion.games.script import parse_events
from companion.games.session import Game

ALL_CARDS = FRENCH52.distinct_cards
MAX_AMOUNT = 20


def table(**options: object) -> Game:
    return Game(Gwiazda.from_option_words({name: str(v) for name, v in options.items()}))


def play(game: Game, text: str) -> Game:
    for event in parse_events(text):
        game.apply(event)
    return game


def state_of(game: Game) -> GwiazdaState:
    state: GwiazdaState = game.state
    return state


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def reveal(text: str) -> str:
    return "\n".join(f"card reveal {word}" for word in text.split())


def bank(text: str) -> str:
    return "\n".join(f"card bank {word}" for word in text.split())


def legal_event(state: GwiazdaState, rng: random.Random) -> Event | None:
    """A random event the rules allow now (None once a second deal is settled)."""
    choices = _legal_events(state, rng)
    return rng.choice(choices) if choices else None


def _legal_events(state: GwiazdaState, rng: random.Random) -> list[Event]:
    phase = state.phase
    amount = rng.randint(1, MAX_AMOUNT)
    if phase is Phase.POOL:
        return [Action("pool", (str(amount),))]
    found: list[Event] = [_noise(state, rng)]
    if phase is Phase.STAKES:
        seat = rng.choice(state.punters).seat
        found.append(Action("stake", (str(seat), str(rng.randint(0, MAX_AMOUNT)))))
        if state.stakes_total:
            found += _deck_a(state, rng)
    elif phase is Phase.DEAL:
        found += _deck_a(state, rng) + _comebacks(state, rng)
    elif phase is Phase.RESTAKE:
        found += _comebacks(state, rng) + _deck_b(state, rng)
        if state.stakes_total == 0 and state.deal == 1:
            found.append(Action("newdeal"))
    elif phase is Phase.OVER:
        if state.deal > 1:
            return []
        banker = rng.randrange(len(state.seats))
        found += [Action("newdeal"), Action("newdeal", (str(banker),))]
    else:
        found += _deck_b(state, rng)
    return found


def _noise(state: GwiazdaState, rng: random.Random) -> Event:
    if state.bank_cards and rng.random() < 0.5:
        return CardGone("bank", rng.choice(state.bank_cards))
    return ZoneCleared(rng.choice(("reveal", "bank")))


def _unseen(seen: Iterable[Card], rng: random.Random) -> Card:
    taken = set(seen)
    return rng.choice([card for card in ALL_CARDS if card not in taken])


def _deck_a(state: GwiazdaState, rng: random.Random) -> list[Event]:
    found: list[Event] = []
    if state.next_seat is not None:
        found.append(CardSeen("reveal", _unseen(state.deck_a, rng)))
    if len(state.bank_cards) < 3:
        found.append(CardSeen("bank", _unseen(state.deck_a, rng)))
    return found


def _comebacks(state: GwiazdaState, rng: random.Random) -> list[Event]:
    found: list[Event] = []
    for place in state.punters:
        seat = str(place.seat)
        if place.status.value == "jacked":
            found.append(Action("return", (seat, str(rng.randint(1, MAX_AMOUNT)))))
        elif place.status.value == "left" and not place.consent:
            found.append(Action("consent", (seat,)))
        elif place.status.value == "left":
            found.append(Action("return", (seat, str(place.settled_stake))))
    return found


def _deck_b(state: GwiazdaState, rng: random.Random) -> list[Event]:
    deck = state.deck_b
    if state.phase is not Phase.WON_LOST:
        # Usually avoid the banker's cards so that games often reach the won-and-lost.
        avoid = state.bank_cards if rng.random() < 0.9 else []
        return [CardSeen("reveal", _unseen([*deck.face_up, *avoid], rng))]
    waiting = [card for card in deck.face_up if card not in deck.won_lost]
    options = list(waiting)
    if deck.society_seen < SOCIETY_CARDS:
        avoid = state.bank_cards if rng.random() < 0.95 else []
        options.append(_unseen([*deck.face_up, *deck.won_lost, *avoid], rng))
    return [CardSeen("reveal", rng.choice(options))]


def random_legal_game(game: Game, rng: random.Random, limit: int) -> list[Event]:
    """Play up to ``limit`` legal events on ``game``; returns them."""
    played: list[Event] = []
    for _ in range(limit):
        event = legal_event(state_of(game), rng)
        if event is None:
            break
        game.apply(event)
        played.append(event)
    return played
