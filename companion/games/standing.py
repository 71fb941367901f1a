"""Where a game's seats stand, as an evening adds games up: the points each seat has
scored in it, or the money each would take home if play stopped now; the rows of its
score sheet settled so far, who holds the bank, and (Oh Hell) each hand's bids, tricks
and points.

Each game says it of its own typed state (its engine's ``standing`` and ``hand_scores``
hooks), cheaply enough to be asked after every event of a long evening.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction


class Counted(Enum):
    """What a game's amounts are."""

    POINTS = "points"  # Oh Hell: the points scored in the game's hands
    MONEY = "money"  # the banking games: what each takes home, the bank to its owner


@dataclass(frozen=True)
class Standing:
    """``amounts``: per seat, the points scored in this game, or the money the seat
    would take home now (a bank on the table returned to whoever owns it), adding up to
    0 over the seats; ``settled``: a key that changes exactly when a row of the game's
    score sheet is settled (a hand, a duel, a round, a deal; a bank's end); ``banker``:
    who holds the bank now (None: a game without one); ``winners``: the seats the rules
    name winners once the game is over, else none."""

    counted: Counted
    amounts: tuple[Fraction, ...]
    settled: tuple[int, ...]
    banker: int | None = None
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class HandScore:
    """One Oh Hell hand: per seat its bid, the tricks it took and the points it scored."""

    size: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
