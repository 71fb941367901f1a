"""Deck profiles: which cards a physical pack holds and how many copies of each."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.cards.card import Card, CardError, Rank, Suit


class IndexScript(Enum):
    """The letters printed in a deck's corner index for the picture cards and the ace."""

    ENGLISH = "english"  # J Q K A
    POLISH = "polish"  # W D K A
    RUSSIAN = "russian"  # В Д К Т


INDEX_LETTERS: dict[IndexScript, dict[Rank, str]] = {
    IndexScript.ENGLISH: {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"},
    IndexScript.POLISH: {Rank.JACK: "W", Rank.QUEEN: "D", Rank.KING: "K", Rank.ACE: "A"},
    IndexScript.RUSSIAN: {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"},
}


def index_label(rank: Rank, script: IndexScript) -> str:
    """The rank as printed in the corner of a deck of the given script (``10`` stays ``10``)."""
    return INDEX_LETTERS[script].get(rank, rank.letter)


@dataclass(frozen=True)
class DeckProfile:
    name: str
    lowest: Rank
    copies: int
    description: str

    @property
    def ranks(self) -> tuple[Rank, ...]:
        return tuple(r for r in Rank if r.value >= self.lowest.value)

    @property
    def distinct_cards(self) -> tuple[Card, ...]:
        return tuple(Card(rank, suit) for suit in Suit for rank in self.ranks)

    @property
    def size(self) -> int:
        return len(self.distinct_cards) * self.copies

    def holds(self, card: Card) -> bool:
        return card.rank.value >= self.lowest.value

    def check(self, card: Card) -> None:
        """Raise a ``CardError`` naming the deck when the card is not in it."""
        if not self.holds(card):
            raise CardError(
                f"{card} is not in the {self.name} deck ({self.description}): "
                "a misread or a foreign card"
            )


FRENCH52 = DeckProfile("french52", Rank.TWO, 1, "52 cards, 2..A")
PIQUET32 = DeckProfile("piquet32", Rank.SEVEN, 1, "32 cards, 7..A")
SHORT36 = DeckProfile("short36", Rank.SIX, 1, "36 cards, 6..A")
DOUBLE104 = DeckProfile("double104", Rank.TWO, 2, "two 52-card decks, 104 cards")

DECK_PROFILES: dict[str, DeckProfile] = {
    deck.name: deck for deck in (FRENCH52, PIQUET32, SHORT36, DOUBLE104)
}


def deck_profile(name: str) -> DeckProfile:
    try:
        return DECK_PROFILES[name]
    except KeyError:
        known = ", ".join(DECK_PROFILES)
        raise CardError(f'"{name}" is not a deck profile: use one of {known}') from None
