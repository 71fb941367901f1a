"""Card values: K 4, Q 3, J 2, the ace 1 or 11 for the whole game, the rest face value."""

from __future__ import annotations

import pytest

from companion.cards import Card, parse_cards
from companion.games.ochko21.points import card_points, hand_total


@pytest.mark.parametrize(
    ("card", "points"),
    [("KS", 4), ("QH", 3), ("JD", 2), ("10C", 10), ("9S", 9), ("6H", 6), ("2D", 2)],
)
def test_card_points(card: str, points: int) -> None:
    assert card_points(Card.parse(card), ace=11) == points
    assert card_points(Card.parse(card), ace=1) == points


def test_the_ace_is_worth_the_agreed_value() -> None:
    assert card_points(Card.parse("AS"), ace=11) == 11
    assert card_points(Card.parse("AS"), ace=1) == 1


def test_hand_total() -> None:
    assert hand_total(parse_cards("KS QD 6C 10D"), ace=11) == 23
    assert hand_total(parse_cards("9H AD"), ace=11) == 20
    assert hand_total(parse_cards("9H AD"), ace=1) == 10
    assert hand_total((), ace=11) == 0
