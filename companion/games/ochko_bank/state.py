"""The state of an ``ochko-bank`` table: the round's phase, hands, dealer, shoe and money."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.cards import Card
from companion.games.engine import GameState
from companion.games.ledger import Ledger

MAX_HANDS = 4
HAND_LETTERS = "abcd"


class Phase(Enum):
    BETTING = "betting"
    DEAL = "deal"
    NATURALS = "naturals"  # the up card is an ace or ten-valued: the dealer may peek
    PLAY = "play"
    DEALER = "dealer"
    SETTLED = "settled"


class HandStatus(Enum):
    DRAWING = "drawing"
    STOOD = "stood"
    BUST = "bust"
    NATURAL = "natural"  # paid 3:2 at once
    STAND_OFF = "stand-off"  # a natural against the dealer's natural
    WON = "won"
    LOST = "lost"
    PUSH = "push"
    WITHDRAWN = "withdrawn"

    @property
    def in_play(self) -> bool:
        """Not settled yet: its cards are still on the table."""
        return self in (HandStatus.DRAWING, HandStatus.STOOD)


@dataclass
class Hand:
    bet: int
    cards: list[Card] = field(default_factory=list)
    status: HandStatus = HandStatus.DRAWING
    from_split: bool = False
    short_dealt: bool = False  # dealt one card; takes the missing one at his turn


@dataclass
class SeatRound:
    """A betting seat's part in the current round; ``bet`` 0 sits the round out."""

    bet: int = 0
    hands: list[Hand] = field(default_factory=list)
    face_up_pending: bool = False

    @property
    def playing(self) -> bool:
        return self.bet > 0 and bool(self.hands)

    @property
    def withdrawn(self) -> bool:
        return self.playing and self.hands[0].status is HandStatus.WITHDRAWN

    @property
    def in_round(self) -> bool:
        return self.playing and not self.withdrawn

    def live_hands(self) -> list[int]:
        return [i for i, hand in enumerate(self.hands) if hand.status is HandStatus.DRAWING]


@dataclass
class DealerHand:
    cards: list[Card] = field(default_factory=list)
    natural_announced: bool = False
    peeked: bool = False
    hole_shown_early: bool = False


@dataclass
class Offered:
    """A card nobody asked for (dealt unasked, or exposed in the pack) awaiting a decision.

    ``takers`` are the one or two seats that may take it, in the order they decide."""

    card: Card
    to_seat: int
    zone: str | None  # where the card lies now; None for a card exposed in the pack
    takers: tuple[int, ...] = ()
    declined: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Discarded:
    """The last card nobody asked for that every seat offered it refused."""

    card: Card
    declined: tuple[int, ...]


@dataclass
class Shoe:
    """The cards seen since the last shuffle (a two-deck pack holds each card twice)."""

    seen: list[Card] = field(default_factory=list)
    marker_reached: bool = False
    shuffles: int = 0


@dataclass(kw_only=True)
class OchkoBankState(GameState):
    ledger: Ledger
    seats: list[SeatRound]
    phase: Phase = Phase.BETTING
    round: int = 1
    dealer_hand: DealerHand = field(default_factory=DealerHand)
    shoe: Shoe = field(default_factory=Shoe)
    offered: Offered | None = None
    discarded: Discarded | None = None  # for the reason given to a late accept/refuse
    # Camera sightings that are cards moving between zones (a split, an accepted card).
    expected: list[tuple[str, Card]] = field(default_factory=list)


def hand_zone(seat: int, hand: int) -> str:
    suffix = "" if hand == 0 else HAND_LETTERS[hand]
    return f"seat{seat}{suffix}"


def hand_label(hand: int) -> str:
    return HAND_LETTERS[hand]
