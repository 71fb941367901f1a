"""Gwiazda's options: names and defaults of the rule file, and the table's setup."""

from __future__ import annotations

import pytest

from companion.cards import Suit
from companion.games.errors import OptionError
from companion.games.gwiazda.engine import Gwiazda
from companion.games.gwiazda.options import GwiazdaOptions, Match
from companion.games.spec import GameSpec


def test_defaults_are_those_of_the_rule_file() -> None:
    options = Gwiazda.from_option_words({}).options
    assert options == GwiazdaOptions(players=6, banker=0, special_suit=Suit.HEARTS)
    assert options.match is Match.CARD


def test_options_are_read_from_words() -> None:
    options = Gwiazda.from_option_words(
        {"players": "12", "banker": "11", "special_suit": "S", "match": "rank"}
    ).options
    assert options == GwiazdaOptions(12, 11, Suit.SPADES, Match.RANK)


@pytest.mark.parametrize("players", ["5", "13", "0"])
def test_the_game_is_for_six_to_twelve_players(players: str) -> None:
    with pytest.raises(OptionError, match='option "players": Gwiazda is for 6 to 12'):
        Gwiazda.from_option_words({"players": players})


def test_the_banker_must_sit_at_the_table() -> None:
    with pytest.raises(OptionError, match=r'"banker": there is no seat 6 \(seats 0..5\)'):
        Gwiazda.from_option_words({"banker": "6"})


@pytest.mark.parametrize(
    ("name", "value"), [("special_suit", "hearts"), ("match", "figure"), ("pool", "5")]
)
def test_bad_options_are_refused_by_name(name: str, value: str) -> None:
    with pytest.raises(OptionError, match=name):
        Gwiazda.from_option_words({name: value})


def test_the_header_names_the_options_that_differ() -> None:
    engine = Gwiazda.from_option_words({"players": "8", "match": "rank"})
    assert GameSpec.of_engine(engine).header() == "game gwiazda players=8 match=rank"
