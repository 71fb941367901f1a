"""The schedule of hands and which hands have a trump card turned up."""

from __future__ import annotations

import pytest

from companion.games.oh_hell.schedule import (
    HANDS_BY_PLAYERS,
    NoTrumpHand,
    Schedule,
    schedule_sizes,
    turns_up_trump,
)


@pytest.mark.parametrize(("players", "hands"), [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_hands_by_players(players: int, hands: int) -> None:
    assert HANDS_BY_PLAYERS[players] == hands
    assert schedule_sizes(players, Schedule.UP) == tuple(range(1, hands + 1))


def test_down_is_up_reversed() -> None:
    assert schedule_sizes(5, Schedule.DOWN) == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


def test_up_down_and_down_up_turn_without_repeating() -> None:
    assert schedule_sizes(7, Schedule.UP_DOWN) == (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)
    assert schedule_sizes(7, Schedule.DOWN_UP) == (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)


def test_last_hand_has_no_trump_by_default() -> None:
    sizes = schedule_sizes(5, Schedule.UP)
    flags = [turns_up_trump(5, sizes, i, NoTrumpHand.LAST) for i in range(len(sizes))]
    assert flags == [True] * 9 + [False]


def test_last_hand_of_up_down_is_the_one_card_hand() -> None:
    sizes = schedule_sizes(6, Schedule.UP_DOWN)
    assert not turns_up_trump(6, sizes, len(sizes) - 1, NoTrumpHand.LAST)
    assert turns_up_trump(6, sizes, sizes.index(8), NoTrumpHand.LAST)


def test_largest_hands_have_no_trump() -> None:
    sizes = schedule_sizes(6, Schedule.DOWN_UP)
    flags = [turns_up_trump(6, sizes, i, NoTrumpHand.LARGEST) for i in range(len(sizes))]
    assert [size for size, flag in zip(sizes, flags, strict=True) if not flag] == [8, 8]


def test_none_turns_up_a_trump_in_every_hand() -> None:
    sizes = schedule_sizes(5, Schedule.UP)
    assert all(turns_up_trump(5, sizes, i, NoTrumpHand.NONE) for i in range(len(sizes)))


def test_a_hand_that_deals_the_whole_pack_has_no_trump_card() -> None:
    sizes = schedule_sizes(4, Schedule.DOWN)
    assert not turns_up_trump(4, sizes, 0, NoTrumpHand.NONE)
    assert turns_up_trump(4, sizes, 1, NoTrumpHand.NONE)
