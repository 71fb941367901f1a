"""Who pays whom at the end of an evening at the banking games: the fewest transfers
that settle everyone's money.

Each transfer settles at least one person, so ``n`` people with money to settle need at
most ``n - 1``; a group of people whose amounts add up to zero settles on its own, so the
fewest transfers are ``n`` less the most such groups the table splits into. That number
is found over the subsets of the people (``2**n`` sums; an evening has a dozen people at
most); past ``EXACT_UP_TO`` people the largest debt is paid to the largest claim, one
after another, which settles everyone in at most ``n - 1`` transfers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

EXACT_UP_TO = 14


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: Fraction


class Unbalanced(ValueError):
    """Amounts that do not add up to zero: nobody could settle them among themselves."""


def settle(amounts: Mapping[str, Fraction]) -> tuple[Transfer, ...]:
    """The fewest transfers after which everyone's amount is 0 (> 0: is owed money);
    ``Unbalanced`` unless the amounts add up to zero. People are taken in the order
    given, so the same amounts always give the same transfers."""
    total = sum(amounts.values(), Fraction(0))
    if total != 0:
        raise Unbalanced(f"the amounts add up to {total}, not 0")
    people = [(name, Fraction(amount)) for name, amount in amounts.items() if amount != 0]
    if len(people) > EXACT_UP_TO:
        return tuple(_pay_largest_first(people))
    transfers: list[Transfer] = []
    for group in _zero_groups([amount for _, amount in people]):
        transfers += _pay_largest_first([people[index] for index in group])
    return tuple(transfers)


def _zero_groups(amounts: Sequence[Fraction]) -> list[list[int]]:
    """The amounts split into the most groups that each add up to zero (by index)."""
    count = len(amounts)
    full = (1 << count) - 1
    sums = [Fraction(0)] * (1 << count)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
    # best[mask]: the most zero groups the people of ``mask`` split into, when its sum is
    # zero, reached by taking people out one by one (a group closes each time the rest
    # adds up to zero again)
    best = [0] * (1 << count)
    came_from = [0] * (1 << count)
    for mask in range(1, full + 1):
        for index in range(count):
            bit = 1 << index
            if mask & bit and best[mask ^ bit] >= best[mask]:
                best[mask], came_from[mask] = best[mask ^ bit], mask ^ bit
        if sums[mask] == 0:
            best[mask] += 1
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        before = came_from[mask]
        current.append((mask ^ before).bit_length() - 1)
        if sums[before] == 0:
            groups.append(sorted(current))
            current = []
        mask = before
    return sorted(groups)


def _pay_largest_first(people: Sequence[tuple[str, Fraction]]) -> list[Transfer]:
    """Settle a group adding up to zero: the largest debt paid to the largest claim until
    one of them is settled, and again; at most ``len(people) - 1`` transfers."""
    owed = {name: amount for name, amount in people}
    order = {name: place for place, (name, _) in enumerate(people)}
    transfers: list[Transfer] = []
    while True:
        debtors = [name for name in owed if owed[name] < 0]
        creditors = [name for name in owed if owed[name] > 0]
        if not debtors or not creditors:
            return transfers
        payer = min(debtors, key=lambda name: (owed[name], order[name]))
        payee = max(creditors, key=lambda name: (owed[name], -order[name]))
        amount = min(-owed[payer], owed[payee])
        transfers.append(Transfer(payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount
