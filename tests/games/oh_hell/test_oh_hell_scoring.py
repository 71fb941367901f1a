"""Points of a hand with the scoring options, and the winners."""

from __future__ import annotations

import pytest

from companion.games.oh_hell.options import OhHellOptions
from companion.games.oh_hell.scoring import hand_points, winners

PLAIN = OhHellOptions()


@pytest.mark.parametrize(
    ("bid", "tricks", "points"), [(4, 4, 14), (0, 0, 10), (3, 4, 0), (2, 1, 0), (1, 0, 0)]
)
def test_exact_bid_scores_ten_plus_tricks(bid: int, tricks: int, points: int) -> None:
    assert hand_points(bid, tricks, 7, PLAIN) == points


def test_miss_scores_tricks() -> None:
    options = OhHellOptions(miss_scores_tricks=True)
    assert hand_points(3, 4, 7, options) == 4
    assert hand_points(3, 0, 7, options) == 0
    assert hand_points(3, 3, 7, options) == 13


def test_zero_bid_bonus() -> None:
    options = OhHellOptions(zero_bid_bonus=True)
    assert hand_points(0, 0, 7, options) == 12
    assert hand_points(0, 0, 3, options) == 8
    assert hand_points(0, 1, 7, options) == 0
    assert hand_points(2, 2, 7, options) == 12


def test_the_most_points_win_and_ties_share() -> None:
    assert winners([10, 31, 12]) == (1,)
    assert winners([31, 0, 31, 5]) == (0, 2)
