"""What the cards are worth: K = 4, Q = 3, J = 2, the ace 1 or 11 for the whole game,
the other cards their face value. The goal is 21."""

from __future__ import annotations

from collections.abc import Iterable

from companion.cards import Card, Rank

OCHKO = 21

PICTURE_POINTS: dict[Rank, int] = {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4}


def card_points(card: Card, ace: int) -> int:
    if card.rank is Rank.ACE:
        return ace
    picture = PICTURE_POINTS.get(card.rank)
    if picture is not None:
        return picture
    face: int = card.rank.value
    return face


def hand_total(cards: Iterable[Card], ace: int) -> int:
    return sum(card_points(card, ace) for card in cards)
