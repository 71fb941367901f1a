"""The fewest transfers that settle an evening's money, against a brute force count."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.settling import EXACT_UP_TO, Transfer, Unbalanced, settle


def _partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every way to split ``items`` into groups (Bell many)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _partitions(rest):
        for index in range(len(partition)):
            yield [*partition[:index], [first, *partition[index]], *partition[index + 1 :]]
        yield [[first], *partition]


def _fewest(amounts: list[Fraction]) -> int:
    """The fewest transfers by brute force: every split of the people into groups that
    each add up to zero costs one transfer fewer per group than people."""
    people = [index for index, amount in enumerate(amounts) if amount]
    most = max(
        len(partition)
        for partition in _partitions(people)
        if all(sum(amounts[i] for i in group) == 0 for group in partition)
    )
    return len(people) - most


def _balanced(values: list[int]) -> list[Fraction]:
    return [Fraction(value, 2) for value in values] + [Fraction(-sum(values), 2)]


def _after(amounts: dict[str, Fraction], transfers: tuple[Transfer, ...]) -> dict[str, Fraction]:
    left = dict(amounts)
    for transfer in transfers:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return left


@settings(max_examples=300)
@given(st.lists(st.integers(-12, 12), min_size=1, max_size=6))
def test_the_transfers_settle_everyone_and_are_the_fewest(values: list[int]) -> None:
    amounts = _balanced(values)
    named = {f"N{index}": amount for index, amount in enumerate(amounts)}
    transfers = settle(named)
    assert all(value == 0 for value in _after(named, transfers).values())
    assert len(transfers) == _fewest(amounts)


@given(st.lists(st.integers(-50, 50), min_size=EXACT_UP_TO, max_size=EXACT_UP_TO + 6))
def test_a_crowd_is_settled_in_at_most_one_transfer_fewer_than_people(values: list[int]) -> None:
    named = {f"N{index}": amount for index, amount in enumerate(_balanced(values))}
    transfers = settle(named)
    assert all(value == 0 for value in _after(named, transfers).values())
    assert len(transfers) <= sum(1 for amount in named.values() if amount) - 1 or not transfers


def test_pairs_that_cancel_pay_each_other() -> None:
    amounts = {"Ania": 7, "Bartek": -3, "Celina": 3, "Dima": -7}
    assert settle({name: Fraction(value) for name, value in amounts.items()}) == (
        Transfer("Dima", "Ania", Fraction(7)),
        Transfer("Bartek", "Celina", Fraction(3)),
    )


def test_amounts_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(Unbalanced, match="add up to 1"):
        settle({"Ania": Fraction(1)})
