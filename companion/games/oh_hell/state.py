"""The state of an Oh Hell table: where the hand stands, the tricks, the score sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.cards import Card, Suit
from companion.games.engine import GameState


class Phase(Enum):
    TRUMP = "trump"  # waiting for the dealer to turn up the trump card
    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Play:
    """A card played in this hand: by whom, in which trick, and the suit led in it."""

    seat: int
    card: Card
    trick: int
    led: Suit

    @property
    def followed(self) -> bool:
        return self.card.suit is self.led


@dataclass(frozen=True)
class HandRecord:
    """One row of the score sheet."""

    number: int
    size: int
    dealer: int
    trump: Card | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "hand": self.number,
            "size": self.size,
            "dealer": self.dealer,
            "trump": None if self.trump is None else str(self.trump),
            "bids": list(self.bids),
            "tricks": list(self.tricks),
            "points": list(self.points),
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"winners": list(self.winners), "reason": self.reason}


@dataclass(kw_only=True)
class OhHellState(GameState):
    phase: Phase
    hand_index: int  # position of the current hand in the schedule, from 0
    dealer: int
    scores: list[int]
    trump: Card | None = None
    bids: list[int | None]
    tricks: list[int]
    leader: int
    # Every card played in this hand, in order (the trick being played included).
    plays: list[Play] = field(default_factory=list)
    # What lies in the trick zone: the current trick, or a finished one not yet cleared.
    trick_zone: list[Play] = field(default_factory=list)
    trick_winner: int | None = None
    trump_zone: list[Card] = field(default_factory=list)
    # Revokes already flagged this hand, as (kind, seat, suit letter), so each is told once.
    flagged: set[tuple[str, int, str]] = field(default_factory=set)
    sheet: list[HandRecord] = field(default_factory=list)
    outcome: Outcome | None = None

    @property
    def tricks_done(self) -> int:
        return sum(self.tricks)

    @property
    def trick_complete(self) -> bool:
        return self.trick_winner is not None

    def bids_in(self) -> list[int]:
        return [bid for bid in self.bids if bid is not None]
