"""Points for a hand, and the winners of the game."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.oh_hell.options import OhHellOptions

MADE_BONUS = 10
ZERO_BID_BONUS = 5


def hand_points(bid: int, tricks: int, hand_size: int, options: OhHellOptions) -> int:
    """10 + tricks for an exact bid (5 + the hand size for a zero with ``zero_bid_bonus``);
    a miss scores 0, or 1 per trick won with ``miss_scores_tricks``."""
    if tricks == bid:
        if bid == 0 and options.zero_bid_bonus:
            return ZERO_BID_BONUS + hand_size
        return MADE_BONUS + tricks
    return tricks if options.miss_scores_tricks else 0


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points (a tie shares the win)."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
