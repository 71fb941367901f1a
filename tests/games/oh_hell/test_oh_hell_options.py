"""Options of the Oh Hell table: names and defaults of the rule file, and their checks."""

from __future__ import annotations

import pytest

from companion.games.errors import OptionError
from companion.games.oh_hell.options import OhHellOptions
from companion.games.oh_hell.schedule import NoTrumpHand, Schedule
from companion.games.options import parse_options
from companion.games.spec import GameSpec


def test_defaults_are_those_of_the_rule_file() -> None:
    options = parse_options(OhHellOptions, {}, "oh-hell")
    assert options.players == 4
    assert options.dealer == 0
    assert options.hand == 1
    assert options.starting_scores() == (0, 0, 0, 0)
    assert options.schedule is Schedule.UP
    assert options.no_trump_hand is NoTrumpHand.LAST
    for switch in ("hook", "simultaneous_bids", "la_podrida", "miss_scores_tricks"):
        assert getattr(options, switch) is False
    assert options.zero_bid_bonus is False


def test_all_options_are_read() -> None:
    words = {
        "players": "5",
        "dealer": "4",
        "hand": "3",
        "scores": "12,0,31,10,-2",
        "schedule": "down_up",
        "no_trump_hand": "largest",
        "hook": "on",
        "la_podrida": "on",
        "miss_scores_tricks": "on",
        "zero_bid_bonus": "on",
    }
    options = parse_options(OhHellOptions, words, "oh-hell")
    assert options.starting_scores() == (12, 0, 31, 10, -2)
    assert options.schedule is Schedule.DOWN_UP
    assert options.no_trump_hand is NoTrumpHand.LARGEST
    assert options.hook and options.la_podrida
    assert GameSpec("oh-hell", options).header() == "game oh-hell " + " ".join(
        f"{key}={value}" for key, value in words.items()
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ({"players": "2"}, 'option "players": 2 players: Oh Hell is for 3 to 7'),
        ({"players": "8"}, 'option "players": 8 players'),
        ({"dealer": "4"}, 'option "dealer": there is no seat 4 with 4 players'),
        ({"dealer": "-1"}, 'option "dealer": there is no seat -1'),
        ({"hand": "14"}, 'option "hand": there is no hand 14: 4 players play 13 hands'),
        ({"hand": "0"}, 'option "hand": there is no hand 0'),
        ({"players": "7", "hand": "8"}, "there is no hand 8: 7 players play 7 hands"),
        ({"scores": "1,2,3"}, 'option "scores": 3 scores given for 4 players'),
        ({"scores": "1,two,3,4"}, 'option "scores": "two" is not a whole number'),
        ({"schedule": "sideways"}, 'option "schedule": "sideways" is not one of up, down'),
        ({"no_trump_hand": "first"}, 'option "no_trump_hand": "first" is not one of'),
        ({"hook": "maybe"}, 'option "hook": "maybe" is not on or off'),
        ({"hook": "on", "simultaneous_bids": "on"}, 'option "hook": .* no last bidder'),
    ],
)
def test_bad_options_are_refused_naming_the_option(words: dict[str, str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options(OhHellOptions, words, "oh-hell")


def test_up_down_schedule_allows_more_hands() -> None:
    options = parse_options(OhHellOptions, {"schedule": "up_down", "hand": "25"}, "oh-hell")
    assert options.hand == 25
