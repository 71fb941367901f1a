from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards import SHORT36
from companion.games.errors import UnknownAction
from companion.games.oczko.engine import Oczko
from companion.games.registry import make_engine
from companion.games.script import parse_script
from companion.games.session import Game
from companion.games.spec import GameSpec
from tests.games.oczko.oczko_helpers import play, refused, table

ROOT = Path(__file__).resolve().parents[3]
WORKED = ROOT / "tests" / "scenarios" / "oczko" / "worked-example.txt"


def _offer_names(game: Game) -> list[str]:
    return [offer.name for offer in game.offers()]


def test_registered_under_its_game_id() -> None:
    engine = make_engine("oczko", {"version": "2"})
    assert isinstance(engine, Oczko)
    assert engine.deck == SHORT36
    assert engine.zones == ("punter", "banker", "stock")
    assert GameSpec.of_engine(engine).header() == "game oczko version=2"


def test_worked_example_conserves_money_at_every_step() -> None:
    script = parse_script(WORKED.read_text("utf-8"))
    game = Game(make_engine(script.game, script.options))
    for line in script.lines:
        game.apply(line.event, line.number)
        state = game.to_json()
        assert sum(seat["balance"] for seat in state["seats"]) + state["bank"] == 0
    state = game.to_json()
    assert state["banker"] == 2
    assert [seat["balance"] for seat in state["seats"]] == [-10, -4, 14]


def test_offers_follow_the_phases() -> None:
    game = table()
    assert _offer_names(game) == ["bank", "reshuffle"]
    play(game, "bank 10")
    assert _offer_names(game) == ["stake", "reshuffle"]
    play(game, "stake 2")
    assert _offer_names(game) == ["stand", "bust", "reshuffle"]
    play(game, "stand")
    assert _offer_names(game) == ["reshuffle"]
    play(game, "card punter 10S", "card punter 8S", "card banker 10H", "card banker 9H")
    assert _offer_names(game) == ["showdown", "reshuffle"]


def test_offered_amounts_are_the_legal_ones() -> None:
    game = play(table(lower_limit="2", upper_limit="6"))
    bank_offer = game.offers()[0]
    assert bank_offer.amount is not None
    assert bank_offer.amount.values() == (2, 3, 4, 5, 6)
    play(game, "bank 4")
    stake_offer = game.offers()[0]
    assert stake_offer.amount is not None
    assert stake_offer.amount.values() == (2, 3, 4)
    assert stake_offer.args == ()


def test_json_has_the_tracked_facts() -> None:
    game = play(table(), "bank 10", "card stock 9D", "stake 3", "card banker KS")
    state = game.to_json()
    assert state["phase"] == "punter"
    assert (state["banker"], state["bank"], state["initial_stake"]) == (0, 10, 10)
    assert (state["round"], state["punter"], state["stake"]) == (1, 1, 3)
    assert state["banker_cards"] == ["KS"]
    assert state["banker_total"] == 4
    assert state["banker_obligation"] == "free"
    assert state["bottom_card"] == "9D"
    assert state["may_take_bank"] is False
    assert [seat["role"] for seat in state["seats"]] == ["banker", "punter", "punter"]
    assert [seat["stake"] for seat in state["seats"]] == [None, 3, None]
    assert state["movements"] == [
        {"from": 0, "to": "bank", "amount": 10, "reason": "seat 0 puts up the bank"}
    ]


def test_special_hand_is_named_in_the_json() -> None:
    game = play(table(), "bank 10", "stake 3", "card punter AS")
    assert game.to_json()["punter_special"] is None
    play(game, "stand", "card banker 9S", "card punter AH")
    result = game.to_json()["results"][0]
    assert (result["outcome"], result["punter_total"]) == ("punter-special", 22)


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("fold", 'no action "fold"'),
        ("bank", 'expected "bank AMOUNT"'),
        ("bank ten", '"ten" is not a whole number'),
        ("stand now", 'expected "stand"'),
    ],
)
def test_malformed_actions_are_refused(line: str, needle: str) -> None:
    assert needle in refused(table(), line, UnknownAction)
