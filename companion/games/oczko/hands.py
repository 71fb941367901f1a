"""Card points, hand totals, the special hands and the banker's obligation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from companion.cards import Card, Rank
from companion.games.oczko.options import BankerStand

OCZKO = 21
BANKER_MUST_DRAW = 15
BANKER_STAND = 17
TWO_ACES_CARDS = 2
FIVE_PICTURES_CARDS = 5

POINTS: dict[Rank, int] = {
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 2,
    Rank.QUEEN: 3,
    Rank.KING: 4,
    Rank.ACE: 11,
}


class Special(Enum):
    """The three hands that win at once."""

    OCZKO = "oczko"  # 21 with any number of cards
    TWO_ACES = "two-aces"  # "perskie oczko": exactly two cards, both aces
    FIVE_PICTURES = "five-pictures"  # exactly five cards, all J/Q/K


class Obligation(Enum):
    MUST_DRAW = "must_draw"
    MAY_NOT_DRAW = "may_not_draw"
    FREE = "free"


@dataclass(frozen=True)
class HandValue:
    total: int
    cards: int
    special: Special | None

    @property
    def bust(self) -> bool:
        return self.special is None and self.total > OCZKO

    @property
    def strength(self) -> int:
        """Orders hands at the showdown: a bust below everything, a special above."""
        if self.bust:
            return -1
        if self.special is not None:
            return OCZKO + 1
        return self.total


def points(card: Card) -> int:
    """A card's value in Oczko; cards below 6 are not in the deck (checked elsewhere)."""
    return POINTS.get(card.rank, card.rank.value)


def evaluate(cards: Sequence[Card]) -> HandValue:
    total = sum(points(card) for card in cards)
    return HandValue(total, len(cards), _special(cards, total))


def _special(cards: Sequence[Card], total: int) -> Special | None:
    if len(cards) == TWO_ACES_CARDS and all(card.rank is Rank.ACE for card in cards):
        return Special.TWO_ACES
    if total == OCZKO:
        return Special.OCZKO
    if len(cards) == FIVE_PICTURES_CARDS and all(card.rank.is_picture for card in cards):
        return Special.FIVE_PICTURES
    return None


def obligation(total: int, *, must_draw_at_15: bool, stand: BankerStand) -> Obligation:
    """What the banker must do with this visible total."""
    if must_draw_at_15 and total == BANKER_MUST_DRAW:
        return Obligation.MUST_DRAW
    if stand is BankerStand.AT_LEAST_17 and total >= BANKER_STAND:
        return Obligation.MAY_NOT_DRAW
    if stand is BankerStand.EXACTLY_17 and total == BANKER_STAND:
        return Obligation.MAY_NOT_DRAW
    return Obligation.FREE
