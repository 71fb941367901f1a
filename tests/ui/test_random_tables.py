"""Any lawful table draws: random games of every game at every size the rules allow, and
after each event every page of the screen fits in all three languages."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.engine import ActionOffer
from companion.games.errors import RefusedEvent
from companion.games.events import CardSeen, Event, ZoneCleared
from companion.games.registry import make_engine
from companion.games.session import Game
from companion.ui.screens import compose_game, page_count
from companion.ui.views import game_view
from companion.values.language import Language
from tests.ui.test_fit import problems

PLAYERS = {"oh-hell": (3, 7), "oczko": (2, 10), "ochko-21": (2, 10), "ochko-bank": (2, 8)}
PLAYERS["gwiazda"] = (6, 12)
STEPS = 40


def _offer_event(offer: ActionOffer, rng: random.Random) -> Event:
    if offer.amount is None:
        return offer.action()
    return offer.action(rng.choice(offer.amount.values()))


def _candidates(game: Game, rng: random.Random) -> list[Event]:
    """The offered actions and a random card put down in (or a clearing of) each zone."""
    found: list[Event] = [_offer_event(offer, rng) for offer in game.offers()]
    cards = game.engine.deck.distinct_cards
    for zone in game.engine.zones:
        found.append(CardSeen(zone, rng.choice(cards)))
        found.append(ZoneCleared(zone))
    rng.shuffle(found)
    return found


def _step(game: Game, rng: random.Random) -> bool:
    for event in _candidates(game, rng):
        try:
            game.apply(event)
        except RefusedEvent:
            continue
        return True
    return False


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(sorted(PLAYERS)), st.integers(0, 2**32 - 1), st.data())
def test_every_screen_of_a_random_lawful_game_fits(
    game_id: str, seed: int, data: st.DataObject
) -> None:
    low, high = PLAYERS[game_id]
    players = data.draw(st.integers(low, high), label="players")
    game = Game(make_engine(game_id, {"players": str(players)}))
    rng = random.Random(seed)
    language = data.draw(st.sampled_from(list(Language)), label="language")
    for _ in range(STEPS):
        view = game_view(game)
        for page in range(page_count(view)):
            sheet = compose_game(view, language, page=page)
            assert problems(sheet) == [], (game.events, page)
        if not _step(game, rng):
            break
