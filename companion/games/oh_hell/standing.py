"""Oh Hell's standing for the evening: the points each seat scored in the game's hands,
and each hand's bids, tricks and points."""

from __future__ import annotations

from fractions import Fraction

from companion.games.oh_hell.state import OhHellState
from companion.games.standing import Counted, HandScore, Standing


def standing(state: OhHellState, players: int) -> Standing:
    """The points scored in this game (a game begun with scores carried over counts only
    what its own hands added) and, once it is over, its winners."""
    points = [Fraction(0)] * players
    for record in state.sheet:
        for seat, scored in enumerate(record.points):
            points[seat] += scored
    winners = () if state.outcome is None else state.outcome.winners
    return Standing(Counted.POINTS, tuple(points), (len(state.sheet),), winners=winners)


def hand_scores(state: OhHellState) -> tuple[HandScore, ...]:
    return tuple(
        HandScore(record.size, record.bids, record.tricks, record.points) for record in state.sheet
    )
