from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.games.engine import AmountChoice
from companion.ui.menus.amounts import FAST_AFTER_REPEATS, FAST_STRIDE, start_value, step_value


def test_the_start_is_the_remembered_amount_or_the_lowest() -> None:
    choice = AmountChoice(0, 5)
    assert start_value(choice, None) == 0
    assert start_value(choice, 3) == 3
    assert start_value(choice, 9) == 5
    assert start_value(AmountChoice(2, 5), None) == 2


def test_the_start_moves_off_an_excluded_value_to_the_nearest() -> None:
    assert start_value(AmountChoice(0, 5, (2,)), 2) == 1
    assert start_value(AmountChoice(0, 5, (0,)), 0) == 1
    assert start_value(AmountChoice(0, 0, (0,)), 0) is None


def test_steps_skip_the_excluded_value_a_press_goes_round_and_a_hold_stops() -> None:
    hook = AmountChoice(0, 3, (1,))
    assert step_value(hook, 0, 1) == 2
    assert step_value(hook, 2, -1) == 0
    assert step_value(hook, 3, 1) == 0  # a press at the top goes round to the bottom
    assert step_value(hook, 0, -1) == 3
    assert step_value(hook, 3, 1, held=True) == 3  # held, it stops there
    assert step_value(hook, 0, -1, held=True) == 0
    assert step_value(AmountChoice(0, 3, (3,)), 2, 1) == 0
    assert step_value(AmountChoice(0, 3, (3,)), 2, 1, held=True) == 2


def test_a_long_hold_steps_faster_through_a_wide_range() -> None:
    stakes = AmountChoice(1, 100)
    assert step_value(stakes, 10, 1, repeats=FAST_AFTER_REPEATS - 1) == 11
    assert step_value(stakes, 10, 1, repeats=FAST_AFTER_REPEATS) == 10 + FAST_STRIDE
    assert step_value(AmountChoice(0, 13), 3, 1, repeats=50) == 4  # a bid stays exact


@given(
    st.integers(0, 30),
    st.integers(0, 30),
    st.lists(st.integers(0, 60), max_size=4),
    st.lists(st.sampled_from([1, -1]), max_size=40),
    st.integers(0, 20),
)
def test_stepping_only_ever_shows_allowed_values(
    low: int, span: int, excluded: list[int], steps: list[int], repeats: int
) -> None:
    choice = AmountChoice(low, low + span, tuple(excluded))
    value = start_value(choice, None)
    if value is None:
        assert choice.values() == ()
        return
    for step in steps:
        value = step_value(choice, value, step, repeats=repeats)
        assert value in choice
