"""A game's ``SheetCut`` keeps export's score sheet event by event: whatever mix of events
taken and undone, its sheet (and a money game's stakes per row) is the one made afresh
of the events standing."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.events import Event, parse_event
from companion.games.registry import make_engine
from companion.games.score_sheet import ReplayCut, ScoreSheet, cut_sheet, people_event
from companion.games.session import Game
from tests.journal.helpers import EXAMPLE_GAMES, example

# Each step: 0 undoes the last event taken, any other the next event of the game (three
# takes to an undo, so that the games get far enough to settle rows).
UNDO = 0
STEPS = st.lists(st.integers(UNDO, 3), min_size=1, max_size=150)
# every check replays the standing events whole for the expected sheet: a few per game
EXAMPLES_PER_GAME = 15


def _game(name: str) -> tuple[Game, list[Event]]:
    script = example(name)
    return Game(make_engine(script.game, script.options)), [line.event for line in script.lines]


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_the_cut_of_a_whole_game_is_its_score_sheet(name: str) -> None:
    game, events = _game(name)
    engine = game.engine
    cut = cut_sheet(engine, engine.sheet_cut(), events)
    assert cut.sheet() == engine.score_sheet(events)
    assert cut.sheet().rows, "the example settles nothing: the case is not covered"


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
@settings(max_examples=EXAMPLES_PER_GAME, deadline=None)
@given(steps=STEPS)
def test_takes_and_undos_keep_the_sheet_of_the_events_standing(name: str, steps: list[int]) -> None:
    game, events = _game(name)
    cut = game.engine.sheet_cut()
    for step in steps:
        if step != UNDO and len(game.events) < len(events):
            event = events[len(game.events)]
            game.apply(event)
            cut.take(event, game.state)
        elif step == UNDO and game.events:
            game.undo()
            cut.drop(game.state)
    assert cut.sheet() == game.engine.score_sheet(game.events)
    fresh = cut_sheet(game.engine, game.engine.sheet_cut(), game.events)
    assert cut.stakes() == fresh.stakes()
    assert len(cut.stakes()) in (0, len(cut.sheet().rows))


def test_the_default_cut_replays_the_events_standing() -> None:
    game, events = _game("oczko")
    made: list[tuple[Event, ...]] = []

    def sheet_of(standing: Sequence[Event]) -> ScoreSheet:
        made.append(tuple(standing))
        return game.engine.score_sheet(standing)

    cut = ReplayCut(sheet_of)
    for event in events[:3]:
        cut.take(event, game.state)
    cut.drop(game.state)
    assert cut.sheet() == game.engine.score_sheet(events[:2])
    assert made == [tuple(events[:2])]


def test_the_event_that_settled_a_row_counts_seats_from_one() -> None:
    gwiazda = make_engine("gwiazda", {}).seat_led_actions
    assert people_event(parse_event("stake 2 5"), gwiazda) == "stake P3 5"
    # Очко 21's stake is an amount, not a seat
    ochko21 = make_engine("ochko-21", {}).seat_led_actions
    assert people_event(parse_event("stake 5"), ochko21) == "stake 5"
    assert people_event(parse_event("card seat1b KC"), ochko21) == "card P2b KC"
    assert people_event(parse_event("card dealer AD"), ochko21) == "card dealer AD"
