"""The options: names and defaults of the rule file, the setup options and their checks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.games.errors import OptionError
from companion.games.ochko_bank.engine import OchkoBank
from companion.games.ochko_bank.options import OchkoBankOptions, RoundPayout
from companion.games.ochko_bank.settle import natural_payout
from tests.games.ochko_bank.ochko_bank_helpers import table


def test_defaults_follow_the_rule_file() -> None:
    options = OchkoBankOptions()
    assert options.player_first_card_up is False
    assert options.round_payout is RoundPayout.NONE
    assert options.resplit is False
    assert options.split_natural is False
    assert (options.players, options.dealer, options.min_bet, options.max_bet) == (3, 0, 1, 10)


@pytest.mark.parametrize(
    ("words", "named"),
    [
        ({"players": "1"}, "players"),
        ({"players": "9"}, "players"),
        ({"dealer": "3"}, "dealer"),
        ({"min_bet": "0"}, "min_bet"),
        ({"min_bet": "5", "max_bet": "4"}, "max_bet"),
        ({"round_payout": "half"}, "round_payout"),
        ({"resplit": "maybe"}, "resplit"),
        ({"reshuffle_warning": "104"}, "reshuffle_warning"),
        ({"deck": "52"}, "deck"),
    ],
)
def test_bad_options_are_refused_by_name(words: dict[str, str], named: str) -> None:
    with pytest.raises(OptionError, match=named):
        OchkoBank.from_option_words(words)


def test_the_betting_seats_start_at_the_dealers_left() -> None:
    assert OchkoBankOptions(players=5, dealer=3).player_seats == (4, 0, 1, 2)


@pytest.mark.parametrize(
    ("rounding", "bet", "paid"),
    [
        (RoundPayout.NONE, 3, Fraction(9, 2)),
        (RoundPayout.DOWN, 3, Fraction(4)),
        (RoundPayout.UP, 3, Fraction(5)),
        (RoundPayout.DOWN, 4, Fraction(6)),
    ],
)
def test_round_payout_rounds_a_half_chip(rounding: RoundPayout, bet: int, paid: Fraction) -> None:
    assert natural_payout(bet, rounding) == paid


def test_the_header_names_only_changed_options() -> None:
    game = table(players=4, resplit="on")
    assert game.spec.header() == "game ochko-bank players=4 resplit=on"
