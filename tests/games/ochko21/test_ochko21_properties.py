"""Property tests on random lawful games: money is conserved, the bank never goes below
zero, replay and undo are exact, every offer is legal, and random junk is only ever
refused with the engine's own errors."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import FRENCH52, Card
from companion.games.errors import RefusedEvent
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared, parse_event
from companion.games.ochko21.engine import ACTIONS
from companion.games.session import Game
from tests.games.ochko21.ochko21_helpers import engine, legal_candidates, state_of

STEPS = 80
OPTION_SETS = (
    (),
    ("players=2",),
    ("players=4", "banker=2", "deck=32"),
    ("ace=1", "deck=52", "dark_draw=off"),
    ("players=6", "max_bank=12"),
)


def _random_game(data: st.DataObject, *, check_undo: bool) -> Game:
    words = data.draw(st.sampled_from(OPTION_SETS), label="options")
    game = Game(engine(*words))
    for _ in range(STEPS):
        candidates = legal_candidates(game, lambda cards: data.draw(st.sampled_from(cards)))
        if not candidates:
            break
        event = data.draw(st.sampled_from(candidates), label="event")
        before = state_of(game)
        assert game.can_apply(event) is None, f"offered but refused: {event}"
        game.apply(event)
        _check_money(game)
        if check_undo:
            assert game.undo() == event
            assert state_of(game) == before
            game.apply(event)
    return game


def _check_money(game: Game) -> None:
    state = state_of(game)
    assert state.ledger.total() == 0
    assert state.bank >= 0
    if state.stake:
        assert 1 <= state.stake <= state.bank


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_money_is_conserved_and_offers_are_legal(data: st.DataObject) -> None:
    _random_game(data, check_undo=False)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_undo_restores_the_exact_previous_state(data: st.DataObject) -> None:
    _random_game(data, check_undo=True)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_replaying_a_prefix_then_the_rest_equals_the_whole(data: st.DataObject) -> None:
    game = _random_game(data, check_undo=False)
    history = game.events
    cut = data.draw(st.integers(0, len(history)), label="cut")
    split = Game(game.engine)
    for event in history[:cut]:
        split.apply(event)
    for event in history[cut:]:
        split.apply(event)
    assert state_of(split) == state_of(game)
    from_text = game.engine.fold(parse_event(str(event)) for event in history)
    assert from_text == state_of(game)
    assert split.to_json() == game.to_json()


def _junk_event() -> st.SearchStrategy[Event]:
    cards = st.sampled_from(FRENCH52.distinct_cards)
    zones = st.sampled_from(("banker", "player", "stock", "trick"))
    words = st.sampled_from(("", "0", "1", "5", "10", "-3", "x", "30", "1000"))
    names = st.sampled_from((*ACTIONS, "double", "split"))
    arguments = st.lists(words, max_size=2).map(lambda ws: tuple(w for w in ws if w))
    return st.one_of(
        st.builds(CardSeen, zones, cards),
        st.builds(CardGone, zones, cards),
        st.builds(ZoneCleared, zones),
        st.builds(Action, names, arguments),
    )


def _accept_or_refuse(game: Game, event: Event) -> None:
    try:
        game.apply(event)
    except RefusedEvent:
        return
    _check_money(game)


@settings(max_examples=60, deadline=None)
@given(st.data(), st.lists(st.integers(0, 3), min_size=20, max_size=120))
def test_random_events_are_only_ever_refused_cleanly(data: st.DataObject, mix: list[int]) -> None:
    words = data.draw(st.sampled_from(OPTION_SETS), label="options")
    game = Game(engine(*words))
    for choice in mix:
        if choice == 0:
            event = data.draw(_junk_event(), label="junk")
        else:
            pick = legal_candidates(game, lambda cards: data.draw(st.sampled_from(cards)))
            if not pick:
                continue
            event = data.draw(st.sampled_from(pick), label="legal")
        _accept_or_refuse(game, event)


def test_a_card_of_another_deck_is_refused_not_crashing() -> None:
    game = Game(engine("deck=32"))
    refusal = game.can_apply(CardSeen("banker", Card.parse("2S")))
    assert isinstance(refusal, RefusedEvent)
