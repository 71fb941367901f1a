"""What every game must do, checked on each game's bundled example."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from companion.games.events import parse_event
from companion.games.registry import engine_class, game_ids, plugin
from companion.games.script import parse_script
from companion.games.session import replay_script
from companion.games.spec import GameSpec
from tests.examples import example_scripts

EXAMPLES = dict(example_scripts())


def test_every_game_has_a_bundled_example_of_itself() -> None:
    for game in game_ids():
        assert parse_script(plugin(game).example_text(), game).game == game


@pytest.mark.parametrize("game_id", game_ids())
def test_engine_is_registered_under_its_id(game_id: str) -> None:
    engine = engine_class(game_id)
    assert engine.game_id == game_id
    assert engine.zones, "a game names its zones"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_replays_without_refusal_and_round_trips(name: str) -> None:
    script = parse_script(EXAMPLES[name], name)
    replay = replay_script(script)
    assert replay.refused == []
    for line in script.lines:
        assert parse_event(str(line.event)) == line.event
    engine = replay.game.engine
    for every_option in (False, True):
        again = GameSpec.parse(replay.game.spec.header(every_option=every_option))
        assert again == replay.game.spec
    state = replay.to_json()
    assert state["game"] == engine.game_id
    assert isinstance(state["phase"], str)
    assert state["seats"], "seats are listed"
    for seat_number, seat in enumerate(state["seats"]):
        assert seat["seat"] == seat_number
        assert ("score" in seat) != ("balance" in seat)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_undo_of_every_event_matches_replaying_the_prefix(name: str) -> None:
    replay = replay_script(parse_script(EXAMPLES[name], name))
    game = replay.game
    engine = game.engine
    events = list(game.events)
    step = max(1, len(events) // 12)
    for cut in range(len(events), 0, -step):
        while len(game.events) > cut:
            game.undo()
        assert _without_lines(game.state) == engine.fold(events[:cut])


def _without_lines(state: Any) -> Any:
    """The state with its violations' script line numbers dropped (a fold has none)."""
    bare = copy.deepcopy(state)
    bare.violations = [dataclasses.replace(v, line=None) for v in bare.violations]
    return bare
