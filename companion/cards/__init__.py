"""Cards, suits, ranks and the deck profiles of the games."""

from companion.cards.card import Card, CardError, Rank, Suit, parse_cards
from companion.cards.decks import (
    DECK_PROFILES,
    DOUBLE104,
    FRENCH52,
    PIQUET32,
    SHORT36,
    DeckProfile,
    IndexScript,
    deck_profile,
    index_label,
)

__all__ = [
    "DECK_PROFILES",
    "DOUBLE104",
    "FRENCH52",
    "PIQUET32",
    "SHORT36",
    "Card",
    "CardError",
    "DeckProfile",
    "IndexScript",
    "Rank",
    "Suit",
    "deck_profile",
    "index_label",
    "parse_cards",
]
