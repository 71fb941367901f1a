from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.registry import game_ids
from companion.games.spec import GameSpec
from companion.ui.menus.game_options import (
    FieldKind,
    default_options,
    is_valid,
    option_fields,
    options_type,
    step_option,
)


@pytest.mark.parametrize("game", game_ids())
def test_the_form_has_every_option_of_the_game_at_its_default(game: str) -> None:
    kind = options_type(game)
    fields = option_fields(kind)
    assert {field.name for field in fields} == {f.name for f in dataclasses.fields(kind)}
    assert fields[0].name == "players"
    assert GameSpec(game, default_options(game)).header() == f"game {game}"


def test_field_kinds_come_from_the_types() -> None:
    kinds = {field.name: field.kind for field in option_fields(options_type("oh-hell"))}
    assert kinds["players"] is FieldKind.NUMBER
    assert kinds["hook"] is FieldKind.SWITCH
    assert kinds["schedule"] is FieldKind.CHOICE
    assert kinds["scores"] is FieldKind.PER_SEAT


def test_players_stop_at_the_games_limits() -> None:
    options = default_options("oh-hell")
    players = option_fields(type(options))[0]
    for _ in range(10):
        options = step_option(options, players, 1)
    assert options.players == 7
    for _ in range(10):
        options = step_option(options, players, -1)
    assert options.players == 3


def test_a_clashing_field_falls_back_to_its_default() -> None:
    options = dataclasses.replace(default_options("oh-hell"), dealer=3, hook=True)
    fields = {field.name: field for field in option_fields(type(options))}
    fewer = step_option(options, fields["players"], -1)
    assert (fewer.players, fewer.dealer, fewer.hook) == (3, 0, True)
    at_once = step_option(options, fields["simultaneous_bids"], 1)
    assert at_once.simultaneous_bids and not at_once.hook


def test_enums_cycle_through_their_members() -> None:
    options = default_options("gwiazda")
    suit = next(f for f in option_fields(type(options)) if f.name == "special_suit")
    seen = set()
    for _ in range(4):
        options = step_option(options, suit, 1)
        seen.add(options.special_suit)
    assert len(seen) == 4


@given(
    st.sampled_from(game_ids()),
    st.lists(st.tuples(st.integers(0, 30), st.sampled_from([1, -1])), max_size=30),
)
def test_any_steps_give_options_the_engine_accepts(game: str, steps: list[tuple[int, int]]) -> None:
    options = default_options(game)
    fields = option_fields(type(options))
    for index, direction in steps:
        options = step_option(options, fields[index % len(fields)], direction)
        assert is_valid(options)
    spec = GameSpec.parse(GameSpec(game, options).header())
    assert spec.options == options  # its header reads back to the same options
    spec.engine()  # and starts a real game
