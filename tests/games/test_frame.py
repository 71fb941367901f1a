"""The engine frame on a toy game: options, refusals, violations, undo and replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Suit
from companion.games.engine import ActionOffer, AmountChoice, NoScoreSheet, NoView
from companion.games.errors import (
    IllegalEvent,
    MisreadCard,
    OptionError,
    OutOfTurn,
    RefusedEvent,
    UnknownAction,
)
from companion.games.events import Action, EventSyntaxError, parse_event
from companion.games.options import option_words, parse_options, split_option_words
from companion.games.registry import make_engine
from companion.games.script import parse_events
from companion.games.session import Game
from tests.games.toy_engine import Mode, ToyGame, ToyOptions


def toy(**words: str) -> Game:
    return Game(ToyGame.from_option_words(dict(words)))


def test_options_have_typed_defaults() -> None:
    options = parse_options(ToyOptions, {}, "toy")
    assert options == ToyOptions()


def test_options_are_read_by_type() -> None:
    options = parse_options(
        ToyOptions,
        {"players": "3", "mode": "slow", "strict": "on", "start": "1,2,3"},
        "toy",
    )
    assert options == ToyOptions(players=3, mode=Mode.SLOW, strict=True, start=(1, 2, 3))
    assert option_words(options) == {
        "players": "3",
        "mode": "slow",
        "strict": "on",
        "start": "1,2,3",
    }
    assert option_words(options, every_option=True) == {
        "players": "3",
        "limit": "5",
        "mode": "slow",
        "strict": "on",
        "start": "1,2,3",
    }


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ({"colour": "red"}, 'unknown option "colour" for toy'),
        ({"players": "four"}, 'option "players": "four" is not a whole number'),
        ({"players": "9"}, 'option "players": 9 is not 2..4'),
        ({"mode": "medium"}, 'option "mode": "medium" is not one of fast, slow'),
        ({"strict": "maybe"}, 'option "strict": "maybe" is not on or off'),
        ({"start": "1,2,3"}, 'option "start": give 2 values'),
    ],
)
def test_bad_options_name_the_option(words: dict[str, str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options(ToyOptions, words, "toy")


def test_enum_options_with_their_own_parser_use_it() -> None:
    @dataclass(frozen=True)
    class SuitOptions:
        trump: Suit = Suit.HEARTS

    assert parse_options(SuitOptions, {"trump": "♠"}, "toy").trump is Suit.SPADES
    assert parse_options(SuitOptions, {"trump": "c"}, "toy").trump is Suit.CLUBS
    with pytest.raises(OptionError, match='option "trump": "X" is not a suit'):
        parse_options(SuitOptions, {"trump": "X"}, "toy")


def test_option_words_must_be_name_value_pairs() -> None:
    assert split_option_words(["a=1", "b=x"]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError, match="not an option"):
        split_option_words(["players"])
    with pytest.raises(OptionError, match="given twice"):
        split_option_words(["a=1", "a=2"])


def test_refused_event_leaves_the_state_unchanged_even_if_the_engine_changed_it() -> None:
    game = toy()
    game.apply(parse_event("add 0 3"))
    before = game.to_json()
    with pytest.raises(OutOfTurn, match="seat 1 is to play, not seat 0"):
        game.apply(parse_event("add 0 2"))
    with pytest.raises(IllegalEvent, match=r"9 is not 1\.\.5"):
        game.apply(parse_event("add 1 9"))
    assert game.to_json() == before
    assert len(game.events) == 1


def test_can_apply_reports_the_refusal_without_applying() -> None:
    game = toy()
    assert game.can_apply(parse_event("add 0 1")) is None
    refusal = game.can_apply(parse_event("add 1 1"))
    assert isinstance(refusal, OutOfTurn)
    assert game.events == ()


@pytest.mark.parametrize(
    ("line", "error", "message"),
    [
        ("jump 1", UnknownAction, 'toy has no action "jump"'),
        ("add 1", UnknownAction, 'expected "add SEAT POINTS"'),
        ("add x 1", UnknownAction, 'seat "x" is not a whole number'),
        ("add 7 1", UnknownAction, "there is no seat 7"),
        ("card floor QS", UnknownAction, 'no zone "floor"'),
        ("card table 2H", MisreadCard, "2H is not in the short36 deck"),
    ],
)
def test_refusals_are_typed_and_say_why(line: str, error: type[RefusedEvent], message: str) -> None:
    game = toy()
    with pytest.raises(error, match=message):
        game.apply(parse_event(line))


def test_violations_are_flagged_with_their_line() -> None:
    game = toy()
    game.apply(parse_event("card table QS"), line=4)
    game.apply(parse_event("card table QS"), line=5)
    [violation] = game.state.violations
    assert violation.kind == "duplicate-card"
    assert violation.line == 5
    assert game.to_json()["violations"] == [
        {"kind": "duplicate-card", "message": "QS seen twice", "line": 5}
    ]


def test_undo_replays_all_but_the_last_event() -> None:
    game = toy()
    game.apply(parse_event("add 0 2"))
    snapshot = game.to_json()
    game.apply(parse_event("add 1 4"))
    assert game.undo() == Action("add", ("1", "4"))
    assert game.to_json() == snapshot
    game.undo()
    with pytest.raises(RefusedEvent, match="nothing to undo"):
        game.undo()


def test_offers_build_legal_actions() -> None:
    game = toy(limit="3")
    [offer] = game.offers()
    assert offer.amount is not None
    assert offer.amount.values() == (1, 2, 3)
    game.apply(offer.action(3))
    assert game.state.points == [3, 0]
    assert game.to_json()["offers"][0] == {
        "action": "add",
        "label": "seat 1 adds",
        "args": ["1"],
        "amount": {"low": 1, "high": 3},
    }


def test_amount_choice_excludes_values() -> None:
    choice = AmountChoice(0, 3, excluded=(2,))
    assert choice.values() == (0, 1, 3)
    assert 2 not in choice and 3 in choice and 4 not in choice
    offer = ActionOffer("bid", "bid", args=("1",), amount=choice)
    assert str(offer.action(1)) == "bid 1 1"
    with pytest.raises(ValueError, match="needs amount"):
        offer.action()


events = st.lists(
    st.one_of(
        st.builds(lambda s, n: f"add {s} {n}", st.integers(0, 2), st.integers(0, 6)),
        st.sampled_from(["card table QS", "card table 6H", "card table 2C", "clear table"]),
    ),
    max_size=25,
)


def _replay_accepting(lines: list[str]) -> tuple[Game, list[str]]:
    game = toy()
    accepted = []
    for line in lines:
        try:
            game.apply(parse_event(line))
        except RefusedEvent:
            continue
        accepted.append(line)
    return game, accepted


@settings(max_examples=60, deadline=None)
@given(events)
def test_state_is_the_fold_of_the_accepted_events(lines: list[str]) -> None:
    game, accepted = _replay_accepting(lines)
    again, _ = _replay_accepting(accepted)
    assert again.state == game.state
    assert game.engine.fold(parse_event(line) for line in accepted) == game.state


@settings(max_examples=60, deadline=None)
@given(events)
def test_undo_restores_each_previous_state(lines: list[str]) -> None:
    game = toy()
    history: list[Any] = [game.to_json()]
    for line in lines:
        try:
            game.apply(parse_event(line))
        except RefusedEvent:
            continue
        history.append(game.to_json())
    while len(history) > 1:
        history.pop()
        game.undo()
        assert game.to_json() == history[-1]


def test_parse_events_reads_a_script_body() -> None:
    text = "# a note\ncard table QS   # seen\n\nadd 0 2\n"
    assert parse_events(text) == [parse_event("card table QS"), Action("add", ("0", "2"))]
    with pytest.raises(EventSyntaxError, match="not an event"):
        parse_events("add 0 2\n%%%\n")


def test_a_game_without_hooks_refuses_a_view_and_a_sheet_and_offers_its_zones() -> None:
    engine = ToyGame.from_option_words({})
    with pytest.raises(NoView, match="no screen view for the game 'toy'"):
        engine.view(engine.initial_state())
    with pytest.raises(NoScoreSheet, match="the game 'toy' keeps no score sheet"):
        engine.score_sheet([])
    assert engine.table_zones() == ("table",)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_bank_table_offers_the_hands_of_its_seats_only(players: int) -> None:
    zones = make_engine("ochko-bank", {"players": str(players)}).table_zones()
    assert zones[:2] == ("dealer", "marker")
    assert {int(zone[4]) for zone in zones[2:]} == set(range(players))
    assert set(zones) <= set(make_engine("ochko-bank", {}).zones)
