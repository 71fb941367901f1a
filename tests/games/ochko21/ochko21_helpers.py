"""Shared helpers of the ochko-21 tests: games built from script text, and the legal
events a random (but lawful) table could produce next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.cards import Card
from companion.games.engine import ActionOffer
from companion.games.events import CardSeen, Event, ZoneCleared
from companion.games.ochko21.engine import Ochko21
from companion.games.ochko21.state import (
    BANKER_ZONE,
    PLAYER_ZONE,
    STOCK_ZONE,
    Ochko21State,
    Phase,
)
from companion.games.options import split_option_words
from companion.games.script import parse_events as events
from companion.games.session import Game

Chooser = Callable[[list[Card]], Card]

WORKED_EXAMPLE = """
bank 10
card banker 10S
stake 5
stand
card banker 7C
card player 9H
card player AD
showdown
clear player
clear banker
card banker 8S
stake 5
card player KS
card player QD
card player 6C
card player 10D
bust
"""


def engine(*words: str) -> Ochko21:
    return Ochko21.from_option_words(split_option_words(words))


def play(text: str, *words: str) -> Game:
    game = Game(engine(*words))
    for event in events(text):
        game.apply(event)
    return game


def state_of(game: Game) -> Ochko21State:
    state: Ochko21State = game.state
    return state


def as_json(game: Game) -> dict[str, Any]:
    return game.to_json()


def offer_events(offer: ActionOffer) -> list[Event]:
    if offer.amount is None:
        return [offer.action()]
    low, high = offer.amount.low, offer.amount.high
    return [offer.action(value) for value in sorted({low, (low + high) // 2, high})]


def legal_candidates(game: Game, choose: Chooser) -> list[Event]:
    """Events a lawful table may produce now: the offered actions and the cards a dealer
    would put down or take away."""
    state = state_of(game)
    found: list[Event] = []
    for offer in game.offers():
        found.extend(offer_events(offer))
    unused = [c for c in game.engine.deck.distinct_cards if state.zone_of(c) is None]
    if state.stale & set(state.table[PLAYER_ZONE]):
        found.append(ZoneCleared(PLAYER_ZONE))
    if state.stale & set(state.table[BANKER_ZONE]):
        found.append(ZoneCleared(BANKER_ZONE))
    if not unused:
        return found
    playing = state.phase in (Phase.PLAYER, Phase.BANKER)
    if playing:
        found.append(CardSeen(PLAYER_ZONE, choose(unused)))
    if state.phase is Phase.BANKER or not state.table[BANKER_ZONE]:
        found.append(CardSeen(BANKER_ZONE, choose(unused)))
    if not state.table[STOCK_ZONE]:
        found.append(CardSeen(STOCK_ZONE, choose(unused)))
    return found
