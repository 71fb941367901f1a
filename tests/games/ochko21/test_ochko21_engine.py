"""The engine's wiring: registration, unknown actions, argument counts, phases."""

from __future__ import annotations

import pytest

from companion.games.errors import OutOfTurn, UnknownAction
from companion.games.ochko21.engine import Ochko21
from companion.games.ochko21.state import Phase
from companion.games.registry import make_engine
from companion.games.script import parse_events as events
from tests.games.ochko21.ochko21_helpers import play, state_of


def test_registered_as_ochko_21() -> None:
    engine = make_engine("ochko-21", {"players": "4"})
    assert isinstance(engine, Ochko21)
    assert engine.zones == ("banker", "player", "stock")


def test_the_first_state_waits_for_the_first_bankers_bank() -> None:
    state = state_of(play("", "players=4", "banker=3"))
    assert state.phase is Phase.ANNOUNCE
    assert state.banker == 3
    assert state.bank == 0
    assert state.players == 4


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("double", 'ochko-21 has no action "double"'),
        ("bank", 'expected "bank AMOUNT"'),
        ("bank 5 6", 'expected "bank AMOUNT"'),
        ("bank five", '"five" is not a whole number'),
    ],
)
def test_malformed_actions_are_unknown(text: str, needle: str) -> None:
    refusal = play("").can_apply(events(text)[0])
    assert isinstance(refusal, UnknownAction)
    assert needle in str(refusal)


def test_an_action_out_of_its_phase_says_what_the_table_waits_for() -> None:
    refusal = play("bank 10\ncard banker 10S").can_apply(events("showdown")[0])
    assert isinstance(refusal, OutOfTurn)
    assert "seat 1 names his stake" in str(refusal)


def test_a_refused_event_leaves_the_state_unchanged() -> None:
    game = play("bank 10\ncard banker 10S")
    before = state_of(game)
    with pytest.raises(OutOfTurn):
        game.apply(events("stand")[0])
    assert state_of(game) == before
    assert len(game.events) == 2
