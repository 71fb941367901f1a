from __future__ import annotations

import pytest

from companion.games.errors import OptionError
from companion.games.oczko.engine import Oczko
from companion.games.oczko.options import BankerStand, MaxStake, OczkoOptions, Version


def test_defaults_follow_the_rule_file() -> None:
    options = Oczko.from_option_words({}).options
    assert options == OczkoOptions()
    assert options.version is Version.ONE
    assert options.max_stake is MaxStake.BANK
    assert options.banker_stand is BankerStand.AT_LEAST_17
    assert options.any_win_breaks_bank is False
    assert (options.players, options.banker) == (3, 0)
    assert (options.lower_limit, options.upper_limit) == (1, 10)


def test_options_are_read_by_name() -> None:
    options = Oczko.from_option_words(
        {
            "version": "2",
            "max_stake": "initial",
            "banker_stand": "exactly_17",
            "any_win_breaks_bank": "on",
            "players": "5",
            "banker": "4",
            "lower_limit": "2",
            "upper_limit": "20",
        }
    ).options
    assert options == OczkoOptions(
        Version.TWO, MaxStake.INITIAL, BankerStand.EXACTLY_17, True, 5, 4, 2, 20
    )
    assert not options.has_bottom_card
    assert not options.must_draw_at_15


@pytest.mark.parametrize(
    ("words", "needle"),
    [
        ({"players": "1"}, 'option "players"'),
        ({"banker": "3"}, 'option "banker": there is no seat 3'),
        ({"lower_limit": "0"}, 'option "lower_limit"'),
        ({"lower_limit": "5", "upper_limit": "4"}, 'option "upper_limit"'),
        ({"version": "3"}, 'option "version"'),
        ({"max_stake": "all"}, 'option "max_stake"'),
        ({"banker_stand": "16"}, 'option "banker_stand"'),
        ({"stakes": "1"}, 'unknown option "stakes"'),
    ],
)
def test_bad_options_are_refused_by_name(words: dict[str, str], needle: str) -> None:
    with pytest.raises(OptionError) as caught:
        Oczko.from_option_words(words)
    assert needle in str(caught.value)
