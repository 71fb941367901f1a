"""Random games built from the engine's own offers and legal card events."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import FRENCH52, SHORT36, Card
from companion.games.errors import RefusedEvent
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.oczko.engine import Oczko
from companion.games.oczko.state import ROUNDS, Phase
from companion.games.session import Game

STEPS = 80
OPTION_SETS = st.fixed_dictionaries(
    {
        "version": st.sampled_from(["1", "2"]),
        "players": st.sampled_from(["2", "3", "4"]),
        "max_stake": st.sampled_from(["bank", "initial"]),
        "banker_stand": st.sampled_from(["at_least_17", "exactly_17"]),
        "any_win_breaks_bank": st.sampled_from(["on", "off"]),
        "upper_limit": st.sampled_from(["3", "10"]),
    }
)
ZONES = ("punter", "banker", "stock")


def _candidate(data: st.DataObject, game: Game) -> Event:
    offers = game.offers()
    state = game.state
    fresh = [card for card in SHORT36.distinct_cards if card not in state.seen]
    kind = data.draw(st.sampled_from(["offer", "offer", "card", "card", "card", "camera"]))
    if kind == "offer" or (kind == "card" and not fresh):
        offer = data.draw(st.sampled_from(offers))
        if offer.amount is None:
            return offer.action()
        return offer.action(data.draw(st.sampled_from(offer.amount.values())))
    if kind == "card":
        zone = data.draw(st.sampled_from(("punter", "punter", "banker", "stock")))
        return CardSeen(zone, data.draw(st.sampled_from(fresh)))
    zone = data.draw(st.sampled_from(ZONES))
    if data.draw(st.booleans()):
        return ZoneCleared(zone)
    return CardGone(zone, data.draw(st.sampled_from(SHORT36.distinct_cards)))


def _check_invariants(game: Game, event: Event) -> None:
    state = game.state
    assert state.ledger.total() == 0, f"money not conserved after {event}"
    assert state.bank >= 0, event
    assert 1 <= state.round <= ROUNDS, event
    assert state.punter != state.banker, event
    assert not set(state.punter_cards) & set(state.banker_cards), event
    if state.phase is Phase.BANK:
        assert state.bank == 0, event


def _random_game(data: st.DataObject) -> Game:
    options: dict[str, Any] = data.draw(OPTION_SETS)
    game = Game(Oczko.from_option_words(options))
    for _ in range(STEPS):
        event = _candidate(data, game)
        if game.can_apply(event) is None:
            game.apply(event)
            _check_invariants(game, event)
    return game


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_money_is_conserved_and_offers_are_accepted(data: st.DataObject) -> None:
    game = _random_game(data)
    for offer in game.offers():
        value = None if offer.amount is None else offer.amount.values()[0]
        assert game.can_apply(offer.action(value)) is None, offer
    state = game.state
    assert state.ledger.total() == 0
    assert state.bank >= 0
    assert len(game.events) > 0


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_replaying_a_prefix_then_the_rest_equals_the_whole(data: st.DataObject) -> None:
    game = _random_game(data)
    events = game.events
    cut = data.draw(st.integers(0, len(events)))
    engine = game.engine
    state = engine.fold(events[:cut])
    for event in events[cut:]:
        state = engine.next_state(state, event)
    assert state == engine.fold(events)
    assert state == game.state


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_undo_restores_the_exact_previous_state(data: st.DataObject) -> None:
    game = _random_game(data)
    if not game.events:
        return
    last = game.events[-1]
    before_json = game.to_json()
    game.undo()
    previous = game.state
    game.apply(last)
    assert game.to_json() == before_json
    game.undo()
    assert game.state == previous


FUZZ_WORDS = st.sampled_from(
    [
        "bank",
        "stake",
        "stand",
        "bust",
        "showdown",
        "double",
        "throw-in",
        "take-bank",
        "reshuffle",
        "fold",
        "hit",
    ]
)
FUZZ_ARGS = st.lists(st.sampled_from(["0", "1", "5", "14", "-3", "x", "99999"]), max_size=2)


def _fuzz_event(data: st.DataObject) -> Event:
    kind = data.draw(st.sampled_from(["action", "card", "gone", "clear"]))
    zone = data.draw(st.sampled_from([*ZONES, "trick"]))
    if kind == "action":
        return Action(data.draw(FUZZ_WORDS), tuple(data.draw(FUZZ_ARGS)))
    if kind == "clear":
        return ZoneCleared(zone)
    card: Card = data.draw(st.sampled_from(FRENCH52.distinct_cards))
    return CardSeen(zone, card) if kind == "card" else CardGone(zone, card)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_events_are_only_ever_refused(data: st.DataObject) -> None:
    game = Game(Oczko.from_option_words(data.draw(OPTION_SETS)))
    for _ in range(STEPS):
        event = _fuzz_event(data)
        before = game.state
        try:
            game.apply(event)
        except RefusedEvent:
            assert game.state is before
        assert game.state.ledger.total() == 0
