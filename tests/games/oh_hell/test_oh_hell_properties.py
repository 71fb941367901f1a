"""Property tests on random games dealt from a shuffled pack and played by the rules."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import FRENCH52
from companion.games.errors import RefusedEvent
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.oh_hell.engine import OhHell
from companion.games.oh_hell.schedule import Schedule, schedule_sizes
from companion.games.session import Game
from tests.games.oh_hell.oh_hell_helpers import Dealer, oh_hell_engine, state_of

EVENT_LIMIT = 160


@st.composite
def tables(draw: st.DrawFn) -> Game:
    players = draw(st.integers(3, 7))
    schedule = draw(st.sampled_from([s.value for s in Schedule]))
    count = len(schedule_sizes(players, Schedule(schedule)))
    words = {
        "players": str(players),
        "dealer": str(draw(st.integers(0, players - 1))),
        "hand": str(draw(st.integers(max(1, count - 4), count))),
        "schedule": schedule,
        "no_trump_hand": draw(st.sampled_from(["last", "largest", "none"])),
        "la_podrida": draw(st.sampled_from(["on", "off"])),
        "miss_scores_tricks": draw(st.sampled_from(["on", "off"])),
        "zero_bid_bonus": draw(st.sampled_from(["on", "off"])),
    }
    bids = draw(st.sampled_from(["plain", "hook", "simultaneous_bids"]))
    if bids != "plain":
        words[bids] = "on"
    return Game(OhHell.from_option_words(words))


def random_game(game: Game, seed: int, *, wild: float = 0.0) -> list[Event]:
    return Dealer(game, random.Random(seed), wild=wild).run(EVENT_LIMIT)


@settings(max_examples=40, deadline=None)
@given(tables(), st.integers(0, 2**32))
def test_tricks_add_up_and_a_legal_game_flags_nothing(game: Game, seed: int) -> None:
    dealer = Dealer(game, random.Random(seed))
    table = oh_hell_engine(game).table
    start = game.engine.options.starting_scores()
    for _ in range(EVENT_LIMIT):
        event = dealer.next_event()
        if event is None:
            break
        game.apply(event)
        state = state_of(game)
        assert state.tricks_done <= table.hand_size(state)
        for row in state.sheet:
            assert sum(row.tricks) == row.size
            assert row.size == table.sizes[row.number - 1]
        for before, after in zip(state.sheet, state.sheet[1:], strict=False):
            assert after.number == before.number + 1
            assert after.dealer == (before.dealer + 1) % table.players
        totals = [sum(row.points[seat] for row in state.sheet) for seat in range(len(start))]
        assert state.scores == [a + b for a, b in zip(start, totals, strict=True)]
        if table.options.hook:
            for row in state.sheet:
                assert sum(row.bids) != row.size
    assert state_of(game).violations == []


@settings(max_examples=30, deadline=None)
@given(tables(), st.integers(0, 2**32), st.floats(0, 1), st.floats(0, 0.3))
def test_replaying_a_prefix_then_the_rest_equals_the_whole(
    game: Game, seed: int, cut: float, wild: float
) -> None:
    history = random_game(game, seed, wild=wild)
    split = int(len(history) * cut)
    engine = game.engine
    middle = engine.fold(history[:split])
    for event in history[split:]:
        middle = engine.next_state(middle, event)
    assert middle == game.state
    assert middle == engine.fold(history)


@settings(max_examples=30, deadline=None)
@given(tables(), st.integers(0, 2**32), st.floats(0, 0.3))
def test_undo_restores_the_exact_previous_state(game: Game, seed: int, wild: float) -> None:
    dealer = Dealer(game, random.Random(seed), wild=wild)
    for _ in range(EVENT_LIMIT // 2):
        event = dealer.next_event()
        if event is None:
            break
        before = copy.deepcopy(game.state)
        game.apply(event)
        if random.Random(seed + len(game.events)).random() < 0.2:
            assert game.undo() == event
            assert game.state == before
            game.apply(event)


CARDS = FRENCH52.distinct_cards


@st.composite
def any_event(draw: st.DrawFn) -> Event:
    kind = draw(st.sampled_from(["card", "gone", "clear", "bid", "bids", "other"]))
    zone = draw(st.sampled_from(["trick", "trump", "hand"]))
    card = draw(st.sampled_from(CARDS))
    numbers = st.integers(-2, 16).map(str) | st.sampled_from(["x", ""])
    if kind == "card":
        return CardSeen(zone, card)
    if kind == "gone":
        return CardGone(zone, card)
    if kind == "clear":
        return ZoneCleared(zone)
    if kind in ("bid", "bids"):
        return Action(kind, tuple(draw(st.lists(numbers, max_size=8))))
    return Action(draw(st.sampled_from(["stake", "pass", "undo"])), ())


@settings(max_examples=60, deadline=None)
@given(
    tables(), st.integers(0, 2**32), st.integers(0, EVENT_LIMIT), st.lists(any_event(), max_size=40)
)
def test_random_events_are_accepted_or_refused_cleanly(
    game: Game, seed: int, prefix: int, noise: list[Event]
) -> None:
    Dealer(game, random.Random(seed)).run(prefix)
    for event in noise:
        before = copy.deepcopy(game.state)
        try:
            game.apply(event)
        except RefusedEvent as refusal:
            assert str(refusal)
            assert game.state == before
