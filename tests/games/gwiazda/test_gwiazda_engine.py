"""The engine's dispatch: zones, actions and their arguments, the worked example."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards import Card
from companion.games.errors import UnknownAction
from companion.games.events import Action, CardGone, CardSeen, ZoneCleared
from companion.games.script import parse_script
from companion.games.session import replay_script
from tests.examples import example_path
from tests.games.gwiazda.gwiazda_helpers import play, state_of, table

ROOT = Path(__file__).resolve().parents[3]


def test_the_worked_example_gives_the_rule_files_figures() -> None:
    path = ROOT / "tests/scenarios/gwiazda/worked-example.txt"
    body = replay_script(parse_script(path.read_text("utf-8"))).to_json()
    assert [body["seats"][n]["balance"] for n in (1, 2, 3)] == [-9, 12, 10]
    assert body["bank_change"] == -13
    assert body["violations"] == []


def test_the_example_game_replays_without_refusal() -> None:
    path = example_path("gwiazda")
    body = replay_script(parse_script(path.read_text("utf-8"))).to_json()
    assert body["deal"] == 2 and body["phase"] == "over"


def test_the_zones_are_reveal_and_bank() -> None:
    game = play(table(), "pool 5\nstake 1 5")
    with pytest.raises(UnknownAction, match='no zone "trick"'):
        game.apply(CardSeen("trick", Card.parse("2C")))


def test_cards_leaving_the_mat_change_nothing() -> None:
    game = play(table(), "pool 5\nstake 1 5\ncard reveal 7C\ncard bank 2S")
    before = game.state
    for event in (CardGone("bank", Card.parse("2S")), ZoneCleared("reveal")):
        game.apply(event)
        assert game.state == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action("deal"), 'no action "deal"'),
        (Action("pool"), 'expected "pool AMOUNT"'),
        (Action("stake", ("1",)), 'expected "stake SEAT AMOUNT"'),
        (Action("stake", ("6", "5")), "there is no seat 6"),
        (Action("stake", ("1", "lots")), 'amount "lots" is not a whole number'),
        (Action("consent", ()), 'expected "consent SEAT"'),
        (Action("return", ("1",)), 'expected "return SEAT AMOUNT"'),
        (Action("newdeal", ("1", "2")), 'expected "newdeal BANKER"'),
    ],
)
def test_wrong_actions_are_refused_with_their_usage(action: Action, message: str) -> None:
    game = play(table(), "pool 5")
    with pytest.raises(UnknownAction, match=message):
        game.apply(action)
    assert state_of(game).phase.value == "stakes"
