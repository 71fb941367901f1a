"""The classes the index reader tells apart: 13 ranks or "not an index", and 4 suits."""

from __future__ import annotations

from companion.cards import Card, Rank, Suit

NOT_AN_INDEX = 0
RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
RANK_CLASSES = 1 + len(RANKS)  # class 0 is "not an index"
SUIT_CLASSES = len(SUITS)


def rank_class(rank: Rank) -> int:
    return 1 + RANKS.index(rank)


def suit_class(suit: Suit) -> int:
    return SUITS.index(suit)


def card_from_classes(rank_index: int, suit_index: int) -> Card | None:
    """The card for a (rank class, suit class) pair, or None for "not an index"."""
    if rank_index == NOT_AN_INDEX:
        return None
    return Card(RANKS[rank_index - 1], SUITS[suit_index])


def rank_class_names() -> tuple[str, ...]:
    return ("none", *(rank.letter for rank in RANKS))
