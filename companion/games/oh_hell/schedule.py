"""The schedule of hands: how many cards each hand has and whether a trump is turned up."""

from __future__ import annotations

from enum import Enum

from companion.cards import FRENCH52

# The number of hands of the "up" schedule by players; it is also the largest hand size.
HANDS_BY_PLAYERS: dict[int, int] = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}


class Schedule(Enum):
    """The order of the hand sizes: 1..max, max..1, 1..max..1 or max..1..max."""

    UP = "up"
    DOWN = "down"
    UP_DOWN = "up_down"
    DOWN_UP = "down_up"


class NoTrumpHand(Enum):
    """Which hands are played without a trump: the last one, the largest ones, or none."""

    LAST = "last"
    LARGEST = "largest"
    NONE = "none"


def schedule_sizes(players: int, schedule: Schedule) -> tuple[int, ...]:
    """The hand sizes in the order they are played (the turning hand is not repeated)."""
    largest = HANDS_BY_PLAYERS[players]
    up = tuple(range(1, largest + 1))
    down = tuple(reversed(up))
    if schedule is Schedule.UP:
        return up
    if schedule is Schedule.DOWN:
        return down
    if schedule is Schedule.UP_DOWN:
        return up + down[1:]
    return down + up[1:]


def turns_up_trump(
    players: int, sizes: tuple[int, ...], index: int, no_trump_hand: NoTrumpHand
) -> bool:
    """Whether the dealer turns up a trump card for the hand at ``index`` of ``sizes``.

    A hand that deals the whole pack leaves no card to turn up, so it has no trump either.
    """
    size = sizes[index]
    if players * size >= FRENCH52.size:
        return False
    if no_trump_hand is NoTrumpHand.LAST:
        return index != len(sizes) - 1
    if no_trump_hand is NoTrumpHand.LARGEST:
        return size != max(sizes)
    return True
