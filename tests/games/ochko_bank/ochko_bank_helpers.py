"""Shared helpers of the ochko-bank tests: tables, scripts and random legal games."""

from __future__ import annotations

import random

from companion.cards import FRENCH52, Card
from companion.games.engine import ActionOffer
from companion.games.events import CardSeen, Event
from companion.games.ochko_bank.engine import OchkoBank
from companion.games.ochko_bank.state import OchkoBankState, Phase, hand_zone
from companion.games.script import parse_events
from companion.games.session import Game

ALL_CARDS = FRENCH52.distinct_cards
# Irregularities and reshuffles are offered often; a random game takes them rarely.
RARE_OFFERS = ("marker", "reshuffle", "withdraw", "face-up", "keep")
RARE_SKIP = 0.85
ATTEMPTS = 8


def table(**options: object) -> Game:
    return Game(OchkoBank.from_option_words({name: str(v) for name, v in options.items()}))


def play(game: Game, text: str) -> Game:
    for event in parse_events(text):
        game.apply(event)
    return game


def state_of(game: Game) -> OchkoBankState:
    state: OchkoBankState = game.state
    return state


def balances(game: Game) -> list[float | int]:
    return [seat["balance"] for seat in game.to_json()["seats"]]


def seat_json(game: Game, seat: int) -> dict[str, object]:
    found: dict[str, object] = game.to_json()["seats"][seat]
    return found


def hand_status(game: Game, seat: int, hand: int = 0) -> str:
    status: str = game.to_json()["seats"][seat]["hands"]["abcd"[hand]]["status"]
    return status


def card_zones(game: Game) -> list[str]:
    """The zones a card could sensibly land in now."""
    state = state_of(game)
    zones = ["dealer"]
    for seat, entry in enumerate(state.seats):
        if entry.playing:
            zones.extend(hand_zone(seat, index) for index in range(len(entry.hands)))
    if state.expected:
        zones.extend(zone for zone, _ in state.expected)
    return zones


def candidate_events(game: Game, rng: random.Random) -> list[Event]:
    """Offered actions (with a random amount) and cards in the zones that matter."""
    found: list[Event] = []
    state = state_of(game)
    for offer in game.offers():
        forced = offer.name == "reshuffle" and state.shoe.marker_reached
        if offer.name in RARE_OFFERS and not forced and rng.random() < RARE_SKIP:
            continue
        found.append(_offer_event(offer, rng))
    for zone, card in state.expected:
        found.append(CardSeen(zone, card))
    if state.phase is not Phase.SETTLED or rng.random() > RARE_SKIP:
        for zone in card_zones(game):
            found.append(CardSeen(zone, rng.choice(ALL_CARDS)))
    rng.shuffle(found)
    return found


def _offer_event(offer: ActionOffer, rng: random.Random) -> Event:
    if offer.amount is None:
        return offer.action()
    values = offer.amount.values()
    return offer.action(rng.choice([v for v in values if v] or list(values)))


def random_legal_game(game: Game, seed: int, steps: int) -> list[Event]:
    """Apply up to ``steps`` events the engine accepts; return them."""
    rng = random.Random(seed)
    applied: list[Event] = []
    for _ in range(steps):
        event = _first_accepted(game, rng)
        if event is None:
            break
        game.apply(event)
        applied.append(event)
    return applied


def _first_accepted(game: Game, rng: random.Random) -> Event | None:
    for _ in range(ATTEMPTS):
        for event in candidate_events(game, rng):
            if game.can_apply(event) is None:
                return event
    return None


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]
