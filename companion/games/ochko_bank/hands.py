"""Card values and hand totals: J/Q/K count 10, an ace 1 or 11 (a soft hand)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards import Card, Rank

TWENTY_ONE = 21
DEALER_STANDS_AT = 17
TEN_VALUE = 10
ACE_LOW = 1
ACE_EXTRA = 10  # an ace counted 11 instead of 1
NATURAL_CARDS = 2


def card_value(card: Card) -> int:
    """The card's count with an ace as 1: 2..10 face value, pictures 10."""
    if card.rank is Rank.ACE:
        return ACE_LOW
    return min(int(card.rank.value), TEN_VALUE)


def is_ten_valued(card: Card) -> bool:
    return card.rank is not Rank.ACE and card_value(card) == TEN_VALUE


def lets_dealer_peek(card: Card) -> bool:
    """Only an ace, a ten or a picture as the up card lets the dealer look at his hole card."""
    return card.rank is Rank.ACE or is_ten_valued(card)


@dataclass(frozen=True)
class Total:
    """A hand's best count; ``soft`` while an ace is counted 11."""

    value: int
    soft: bool

    @property
    def bust(self) -> bool:
        return self.value > TWENTY_ONE

    def __str__(self) -> str:
        return f"soft {self.value}" if self.soft else str(self.value)


def hand_total(cards: Sequence[Card]) -> Total:
    hard = sum(card_value(card) for card in cards)
    has_ace = any(card.rank is Rank.ACE for card in cards)
    if has_ace and hard + ACE_EXTRA <= TWENTY_ONE:
        return Total(hard + ACE_EXTRA, soft=True)
    return Total(hard, soft=False)


def is_natural(cards: Sequence[Card]) -> bool:
    """An ace and a ten-valued card as the first two cards."""
    if len(cards) != NATURAL_CARDS:
        return False
    first, second = cards
    return (first.rank is Rank.ACE and is_ten_valued(second)) or (
        second.rank is Rank.ACE and is_ten_valued(first)
    )


def is_pair(cards: Sequence[Card]) -> bool:
    """Two cards of the same rank: two queens are a pair, a queen and a king are not."""
    return len(cards) == NATURAL_CARDS and cards[0].rank is cards[1].rank


def dealer_must_draw(cards: Sequence[Card]) -> bool:
    """16 or less draws; 17 or more stands, soft 17 included."""
    return hand_total(cards).value < DEALER_STANDS_AT
