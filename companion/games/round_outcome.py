"""How a round of a money game ended, as its view carries it for the outcome screen:
each player's win or loss, the banker's final total, and the bank afterwards with what
that number is (the size of the bank, or the banker's own result)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class BankMeaning(Enum):
    """What a game's bank number is."""

    SIZE = "size"  # the money lying in the bank
    BANKER_RESULT = "banker-result"  # what the banker has won (< 0: lost) so far


@dataclass(frozen=True)
class SeatOutcome:
    """A player's result of the round: ``amount`` > 0 won, < 0 lost, 0 even."""

    seat: int
    amount: int | float


@dataclass(frozen=True)
class RoundOutcome:
    seats: tuple[SeatOutcome, ...]
    banker: int
    banker_total: int | None  # None where the banker holds no hand of points
    bank: int | float
    meaning: BankMeaning
