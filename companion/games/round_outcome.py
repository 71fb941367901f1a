"""How a round of a money game ended, as its view carries it for the outcome screen:
each player's win or loss, the banker's final total, the bank afterwards with what that
number is (the size of the bank, or the banker's own result), the card that settled it
and why, and the bank changing hands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.cards import Card


class BankMeaning(Enum):
    """What a game's bank number is."""

    SIZE = "size"  # the money lying in the bank
    BANKER_RESULT = "banker-result"  # what the banker won (< 0: lost) in the round


class Settled(Enum):
    """Why a duel (or the dealer's hand against the table) ended."""

    TWENTY_ONE = "twenty-one"  # the player's card made 21
    OVER = "over"  # the player's card took him over 21
    TWO_ACES = "two-aces"
    FIVE_PICTURES = "five-pictures"
    DECLARED_BUST = "declared-bust"  # the player said he was over, cards unseen
    HIDDEN_BUST = "hidden-bust"  # stood on a bust he did not declare: pays double
    DARK_BUST = "dark-bust"  # over 21 with a card drawn in the dark
    HIGHER = "higher"  # the showdown: the player's total beat the banker's
    NOT_HIGHER = "not-higher"  # the showdown: the banker's total equal or higher
    BANKER_OVER = "banker-over"  # the banker's card took him over 21
    BANKER_TWENTY_ONE = "banker-twenty-one"
    BANKER_TWO_ACES = "banker-two-aces"
    BANKER_FIVE_PICTURES = "banker-five-pictures"
    THROWN_IN = "thrown-in"  # the stock ran out and the player threw in
    DEALER_STANDS = "dealer-stands"  # the permanent bank: the dealer stood on his total
    DEALER_OVER = "dealer-over"
    DEALER_NATURAL = "dealer-natural"
    NO_HAND_STANDS = "no-hand-stands"  # every hand was settled before the dealer drew
    MATCH = "match"  # Gwiazda: a deck-B card matched a bank card: every punter loses
    LAID_OUT = "laid-out"  # Gwiazda: all won-and-lost cards laid out


@dataclass(frozen=True)
class Settlement:
    """The hands a duel ended with and what decided it: ``card`` is the card that did (the
    last one dealt), ``seat`` the player (None: the dealer against the whole table)."""

    settled: Settled
    card: Card | None = None
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    total: int | None = None  # None where the player's hand was not shown
    banker_cards: tuple[Card, ...] = ()
    banker_total: int | None = None


class BankEnd(Enum):
    TAKEN = "taken"  # the banker took what was in the bank
    BROKEN = "broken"  # a player's win emptied it
    FLOWN = "flown"  # the стук round emptied it


@dataclass(frozen=True)
class Handover:
    """The bank changed hands: who held it, how it ended (what he took, who broke it) and
    who holds it now."""

    banker: int
    end: BankEnd
    taken: int
    broken_by: int | None
    next_banker: int


@dataclass(frozen=True)
class SeatOutcome:
    """A player's result of the round: ``amount`` > 0 won, < 0 lost, 0 even."""

    seat: int
    amount: int | float


@dataclass(frozen=True)
class RoundOutcome:
    """``bank``: the bank right after the round (its size), or the banker's result of the
    round (``BANKER_RESULT``, with ``total`` his result over all rounds so far)."""

    seats: tuple[SeatOutcome, ...]
    banker: int
    banker_total: int | None  # None where the banker holds no hand of points
    bank: int | float
    meaning: BankMeaning
    settlement: Settlement | None = None
    handover: Handover | None = None
    total: int | float | None = None
