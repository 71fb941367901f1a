"""The options of ochko-21: names and defaults of the rule file, and clear errors."""

from __future__ import annotations

import pytest

from companion.cards import FRENCH52, PIQUET32, SHORT36
from companion.games.errors import OptionError
from companion.games.ochko21.options import Ochko21Options
from companion.games.spec import GameSpec
from tests.games.ochko21.ochko21_helpers import engine


def test_defaults_are_those_of_the_rule_file() -> None:
    options = engine().options
    assert options == Ochko21Options(
        deck=36, ace=11, dark_draw=True, players=3, banker=0, max_bank=100
    )
    assert engine().deck is SHORT36


@pytest.mark.parametrize(("size", "profile"), [("32", PIQUET32), ("36", SHORT36), ("52", FRENCH52)])
def test_deck_option_chooses_the_pack(size: str, profile: object) -> None:
    assert engine(f"deck={size}").deck is profile


def test_ace_and_dark_draw_are_read() -> None:
    options = engine("ace=1", "dark_draw=off").options
    assert options.ace == 1
    assert options.dark_draw is False


@pytest.mark.parametrize(
    ("word", "needle"),
    [
        ("deck=40", 'option "deck": 40 is not a deck size'),
        ("ace=10", 'option "ace": the ace is worth 1 or 11'),
        ("players=1", 'option "players": 1 players'),
        ("players=11", 'option "players": 11 players'),
        ("banker=3", 'option "banker": there is no seat 3'),
        ("max_bank=0", 'option "max_bank"'),
        ("dark_draw=maybe", 'option "dark_draw"'),
        ("stuk=4", 'unknown option "stuk"'),
    ],
)
def test_bad_options_are_refused_with_their_name(word: str, needle: str) -> None:
    with pytest.raises(OptionError, match=needle):
        engine(word)


def test_header_names_only_the_options_that_differ() -> None:
    spec = GameSpec.of_engine(engine("deck=52", "players=4"))
    assert spec.header() == "game ochko-21 deck=52 players=4"
