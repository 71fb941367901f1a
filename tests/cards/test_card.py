from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card, CardError, Rank, Suit, parse_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("q♠", Rank.QUEEN, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("A♦", Rank.ACE, Suit.DIAMONDS),
        (" 9d ", Rank.NINE, Suit.DIAMONDS),
    ],
)
def test_parse_accepts_the_written_forms(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("WS", Rank.JACK),
        ("DS", Rank.QUEEN),
        ("KS", Rank.KING),
        ("ВS", Rank.JACK),
        ("ДS", Rank.QUEEN),
        ("КS", Rank.KING),
        ("ТS", Rank.ACE),
    ],
)
def test_polish_and_russian_letters_map_to_international_ranks(text: str, rank: Rank) -> None:
    assert Card.parse(text).rank is rank


@pytest.mark.parametrize("text", ["1X", "", "Q", "11S", "QX", "ZZ", "10", "1H"])
def test_parse_refuses_anything_else_with_the_text_in_the_message(text: str) -> None:
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert f'"{text}" is not a card' in str(error.value)


def test_format_uses_international_letters_and_suit_symbols() -> None:
    card = Card.parse("10♥")
    assert str(card) == "10H"
    assert card.pretty == "10♥"
    assert str(Card.parse("ТS")) == "AS"


@given(st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
def test_format_then_parse_is_the_identity(rank: Rank, suit: Suit) -> None:
    card = Card(rank, suit)
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty) == card


def test_cards_are_frozen_values() -> None:
    card = Card.parse("QS")
    assert card == Card(Rank.QUEEN, Suit.SPADES)
    assert len({card, Card.parse("q♠")}) == 1
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


def test_parse_cards_reads_a_list() -> None:
    assert [str(c) for c in parse_cards("7S 3H, JS")] == ["7S", "3H", "JS"]


def test_ranks_order_ace_high_and_pictures() -> None:
    assert Rank.ACE.value > Rank.KING.value > Rank.TWO.value
    assert [r.letter for r in Rank if r.is_picture] == ["J", "Q", "K"]
    assert Suit.HEARTS.is_red and not Suit.CLUBS.is_red
