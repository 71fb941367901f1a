"""Money on the table: the seats' balances, the bank, and every movement between them.

Every movement takes from one account and gives to another, so the balances plus the
bank always add up to zero: money is conserved by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

BANK: Literal["bank"] = "bank"
Account = int | Literal["bank"]
Amount = Fraction


def money(value: Fraction | int) -> int | float:
    """An amount for JSON and screens: whole amounts as ints, half chips as floats."""
    fraction = Fraction(value)
    if fraction.denominator == 1:
        return int(fraction)
    return float(fraction)


@dataclass(frozen=True)
class Movement:
    payer: Account
    payee: Account
    amount: Fraction
    reason: str

    def to_json(self) -> dict[str, object]:
        return {
            "from": self.payer,
            "to": self.payee,
            "amount": money(self.amount),
            "reason": self.reason,
        }


@dataclass
class Ledger:
    balances: list[Fraction]
    bank: Fraction = Fraction(0)
    movements: list[Movement] = field(default_factory=list)

    @classmethod
    def for_players(cls, players: int) -> Ledger:
        return cls([Fraction(0)] * players)

    def pay(self, payer: Account, payee: Account, amount: Fraction | int, reason: str) -> None:
        value = Fraction(amount)
        if value < 0:
            raise ValueError(f"negative payment {value} ({reason})")
        if value == 0:
            return
        self._add(payer, -value)
        self._add(payee, value)
        self.movements.append(Movement(payer, payee, value, reason))

    def balance(self, account: Account) -> Fraction:
        return self.bank if account == BANK else self.balances[account]

    def total(self) -> Fraction:
        """Balances plus bank: always zero."""
        return sum(self.balances, self.bank)

    def _add(self, account: Account, value: Fraction) -> None:
        if account == BANK:
            self.bank += value
        else:
            self.balances[account] += value
