"""Cards as small frozen values: ``Card.parse("QS")``, ``str(card) == "QS"``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class CardError(ValueError):
    """A text that is not a card, or a card that a deck does not hold."""


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        suit = _SUIT_BY_TEXT.get(text.strip().upper())
        if suit is None:
            raise CardError(f'"{text}" is not a suit: use S H D C or ♠ ♥ ♦ ♣')
        return suit


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT: dict[str, Suit] = {s.value: s for s in Suit}
_SUIT_BY_TEXT.update({sym: s for s, sym in _SUIT_SYMBOLS.items()})
_SUIT_BY_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(Enum):
    """Ranks in ascending order; ``value`` is the rank's height (2..14, ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def is_picture(self) -> bool:
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @classmethod
    def parse(cls, text: str) -> Rank:
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise CardError(
                f'"{text}" is not a rank: use 2..10 (or T), J Q K A, '
                "Polish W D K A or Russian В Д К Т"
            )
        return rank


_RANK_LETTERS = {r: str(r.value) for r in Rank if r.value <= 10}
_RANK_LETTERS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})

# Letters printed on the decks the games use. Polish: W(alet) D(ama) K(ról) A(s);
# Russian: В(алет) Д(ама) К(ороль) Т(уз). "K" is shared by all three alphabets' kings.
_RANK_BY_TEXT: dict[str, Rank] = {letter: r for r, letter in _RANK_LETTERS.items()}
_RANK_BY_TEXT.update(
    {
        "T": Rank.TEN,
        "W": Rank.JACK,
        "D": Rank.QUEEN,
        "В": Rank.JACK,
        "Д": Rank.QUEEN,
        "К": Rank.KING,
        "Т": Rank.ACE,
    }
)


@dataclass(frozen=True)
class Card:
    """A playing card: a rank and a suit."""

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QS``, ``10H``, ``TH``, ``q♠``, ``10♥``, or a Polish/Russian rank letter.

        The suit is the last character; everything before it is the rank.
        """
        stripped = text.strip()
        if len(stripped) < 2:
            raise CardError(f'"{text}" is not a card: expected a rank and a suit, like QS or 10H')
        try:
            rank = Rank.parse(stripped[:-1])
            suit = Suit.parse(stripped[-1])
        except CardError as error:
            raise CardError(f'"{text}" is not a card: {error}') from None
        return cls(rank, suit)

    def __str__(self) -> str:
        return f"{self.rank.letter}{self.suit.letter}"

    @property
    def sort_key(self) -> tuple[int, str]:
        return (self.rank.value, self.suit.value)

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, for screens: ``Q♠``."""
        return f"{self.rank.letter}{self.suit.symbol}"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards."""
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())
