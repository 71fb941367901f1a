"""``Game``: undo is a pop off the states it keeps, and always gives the state a fresh
replay of the events left gives, however far back the undos reach."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.errors import RefusedEvent
from companion.games.events import Event
from companion.games.registry import game_ids, make_engine
from companion.games.session import Game, StateKeeping
from companion.tools.sheet_bench import lawful_walk

KEEPINGS = st.sampled_from(
    [StateKeeping(), StateKeeping(recent=1, every=1), StateKeeping(recent=3, every=2)]
) | st.integers(1, 6).flatmap(
    lambda every: st.integers(every, every + 6).map(lambda recent: StateKeeping(recent, every))
)
# Runs of events (positive) and of undos (negative).
STEPS = st.lists(st.integers(-25, 40).filter(bool), min_size=1, max_size=8)


def fresh(game: Game, played: list[tuple[Event, int]]) -> Game:
    """The game's events replayed from the start into a new ``Game``."""
    again = Game(make_engine(game.engine.game_id, {}))
    for event, line in played:
        again.apply(event, line)
    return again


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(game_ids()), st.integers(0, 2**32), STEPS, KEEPINGS)
def test_undos_among_events_leave_the_state_of_a_fresh_replay(
    game_id: str, seed: int, steps: list[int], keeping: StateKeeping
) -> None:
    rng = random.Random(seed)
    game = Game(make_engine(game_id, {}), keeping)
    played: list[tuple[Event, int]] = []  # the events standing, with their lines
    line = 0
    for step in steps:
        for _ in range(step):  # events the game takes, random but lawful
            event = lawful_walk(game, rng)
            if event is None:
                break
            line += 1
            game.apply(event, line)
            played.append((event, line))
        for _ in range(-step):
            if not played:
                with pytest.raises(RefusedEvent, match="nothing to undo"):
                    game.undo()
                break
            assert game.undo() == played.pop()[0]
        again = fresh(game, played)
        assert game.events == again.events
        assert game.state == again.state
        assert game.to_json() == again.to_json()
        kept = sum(state is not None for state in game._states)
        assert kept <= keeping.recent + len(played) // keeping.every + 1


def test_an_undo_of_a_kept_state_gives_back_that_very_state() -> None:
    """No copy is made on the way back: the state is the one the game was in."""
    game = Game(make_engine("oczko", {}))
    rng = random.Random(1)
    seen = []
    for _ in range(10):
        seen.append(game.state)
        event = lawful_walk(game, rng)
        assert event is not None
        game.apply(event)
    for state in reversed(seen):
        game.undo()
        assert game.state is state


def test_keeping_fewer_recent_states_than_every_is_refused() -> None:
    with pytest.raises(ValueError, match="2 recent states kept, fewer than one every 3 events"):
        StateKeeping(recent=2, every=3)
