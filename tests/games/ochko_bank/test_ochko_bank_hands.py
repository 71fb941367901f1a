"""Card values, soft totals, naturals, pairs and the dealer's obligation."""

from __future__ import annotations

import pytest

from companion.games.ochko_bank.hands import (
    card_value,
    dealer_must_draw,
    hand_total,
    is_natural,
    is_pair,
    lets_dealer_peek,
)
from tests.games.ochko_bank.ochko_bank_helpers import cards


@pytest.mark.parametrize(
    ("text", "value"), [("2S", 2), ("9H", 9), ("10D", 10), ("JC", 10), ("QS", 10), ("KH", 10)]
)
def test_pictures_count_ten_and_pips_their_face(text: str, value: int) -> None:
    assert card_value(cards(text)[0]) == value


def test_an_ace_counts_one_in_the_raw_value() -> None:
    assert card_value(cards("AS")[0]) == 1


@pytest.mark.parametrize(
    ("hand", "value", "soft"),
    [
        ("AS 6H", 17, True),
        ("AS 6H 10D", 17, False),
        ("AS AH", 12, True),
        ("AS AH 9C", 21, True),
        ("10S 6H 5D", 21, False),
        ("KS QH 2D", 22, False),
        ("9S 7C AD", 17, False),
    ],
)
def test_totals_count_one_ace_eleven_while_it_fits(hand: str, value: int, soft: bool) -> None:
    total = hand_total(cards(hand))
    assert (total.value, total.soft) == (value, soft)


def test_bust_is_over_21() -> None:
    assert hand_total(cards("KS QH 2D")).bust
    assert not hand_total(cards("KS QH AD")).bust


@pytest.mark.parametrize(("hand", "natural"), [("AS KH", True), ("10D AC", True), ("AS 9H", False)])
def test_a_natural_is_an_ace_and_a_ten_valued_card(hand: str, natural: bool) -> None:
    assert is_natural(cards(hand)) is natural


def test_three_cards_to_21_are_not_a_natural() -> None:
    assert not is_natural(cards("AS 5H 5D"))


def test_a_pair_is_two_cards_of_the_same_rank() -> None:
    assert is_pair(cards("QS QH"))
    assert is_pair(cards("5S 5S"))
    assert not is_pair(cards("QS KH"))
    assert not is_pair(cards("5S 5H 5D"))


@pytest.mark.parametrize(("up", "may"), [("AS", True), ("10H", True), ("KD", True), ("9C", False)])
def test_the_dealer_may_peek_only_on_an_ace_ten_or_picture(up: str, may: bool) -> None:
    assert lets_dealer_peek(cards(up)[0]) is may


@pytest.mark.parametrize(
    ("hand", "draws"),
    [("10S 6H", True), ("10S 7H", False), ("AS 6H", False), ("AS 5H", True), ("AS 5H 10C", True)],
)
def test_the_dealer_draws_to_16_and_stands_on_17_soft_17_included(hand: str, draws: bool) -> None:
    assert dealer_must_draw(cards(hand)) is draws
