"""Trick winners and what a card proves about a seat's earlier plays."""

from __future__ import annotations

from companion.cards import Card, Suit
from companion.games.oh_hell.state import Play
from companion.games.oh_hell.tricks import REVOKE, TRUMP_REVOKE, revokes, trick_winner


def trick(*cards: str, leader: int = 0, players: int = 4) -> list[Play]:
    led = Card.parse(cards[0]).suit
    return [Play((leader + i) % players, Card.parse(text), 0, led) for i, text in enumerate(cards)]


def test_highest_of_the_suit_led_wins_without_trumps() -> None:
    assert trick_winner(trick("QC", "AC", "3C", "10C", leader=3), Suit.HEARTS) == 0


def test_a_card_of_another_suit_never_wins_unless_trump() -> None:
    assert trick_winner(trick("5D", "AS", "KS", "2D"), Suit.HEARTS) == 0


def test_the_lowest_trump_beats_the_suit_led() -> None:
    assert trick_winner(trick("KS", "2S", "4H", "AS", leader=1), Suit.HEARTS) == 3


def test_the_highest_trump_wins() -> None:
    assert trick_winner(trick("KS", "9H", "4H", "AS"), Suit.HEARTS) == 1


def test_trump_led_is_won_by_the_highest_trump() -> None:
    assert trick_winner(trick("3H", "AS", "QH", "5H"), Suit.HEARTS) == 2


def test_no_trump_hand() -> None:
    assert trick_winner(trick("3H", "AS", "QH", "5H"), None) == 2
    assert trick_winner(trick("3D", "AS", "QH", "5H"), None) == 0


def test_playing_a_suit_after_not_following_it_is_a_revoke() -> None:
    earlier = [Play(2, Card.parse("4C"), 0, Suit.SPADES)]
    found = revokes(earlier, Play(2, Card.parse("9S"), 1, Suit.SPADES), None, la_podrida=False)
    assert [(f.kind, f.seat, f.suit) for f in found] == [(REVOKE, 2, Suit.SPADES)]
    assert "trick 1" in found[0].message


def test_other_seats_and_followed_tricks_prove_nothing() -> None:
    earlier = [Play(1, Card.parse("4C"), 0, Suit.SPADES), Play(2, Card.parse("3S"), 0, Suit.SPADES)]
    assert not revokes(earlier, Play(2, Card.parse("9S"), 1, Suit.SPADES), None, la_podrida=False)


def test_la_podrida_trump_after_neither_following_nor_trumping() -> None:
    earlier = [Play(2, Card.parse("4C"), 0, Suit.SPADES)]
    later = Play(2, Card.parse("9H"), 1, Suit.DIAMONDS)
    assert not revokes(earlier, later, Suit.HEARTS, la_podrida=False)
    found = revokes(earlier, later, Suit.HEARTS, la_podrida=True)
    assert [(f.kind, f.seat, f.suit) for f in found] == [(TRUMP_REVOKE, 2, Suit.HEARTS)]


def test_la_podrida_accepts_a_trump_after_having_trumped() -> None:
    earlier = [Play(2, Card.parse("4H"), 0, Suit.SPADES)]
    later = Play(2, Card.parse("9H"), 1, Suit.DIAMONDS)
    assert not revokes(earlier, later, Suit.HEARTS, la_podrida=True)
