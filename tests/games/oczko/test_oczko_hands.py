from __future__ import annotations

import pytest

from companion.cards import parse_cards
from companion.games.oczko.hands import Obligation, Special, evaluate, obligation, points
from companion.games.oczko.options import BankerStand


@pytest.mark.parametrize(
    ("card", "value"),
    [("AS", 11), ("KS", 4), ("QS", 3), ("JS", 2), ("10S", 10), ("9S", 9), ("6S", 6)],
)
def test_card_points(card: str, value: int) -> None:
    assert points(parse_cards(card)[0]) == value


def test_ace_is_always_eleven() -> None:
    assert evaluate(parse_cards("AS 9S 6H")).total == 26
    assert evaluate(parse_cards("AS 9S 6H")).bust


def test_twenty_one_is_oczko_with_any_number_of_cards() -> None:
    assert evaluate(parse_cards("AS 10S")).special is Special.OCZKO
    assert evaluate(parse_cards("7S 7H 7D")).special is Special.OCZKO


def test_two_aces_only_with_exactly_two_cards() -> None:
    two = evaluate(parse_cards("AS AH"))
    assert two.special is Special.TWO_ACES
    assert two.total == 22
    assert not two.bust
    three = evaluate(parse_cards("AS AH 6D"))
    assert three.special is None
    assert three.bust


def test_five_pictures_only_with_five_pictures() -> None:
    assert evaluate(parse_cards("JS QS KS JH QH")).special is Special.FIVE_PICTURES
    assert evaluate(parse_cards("JS QS KS JH")).special is None
    assert evaluate(parse_cards("JS QS KS JH 6H")).special is None


def test_strength_orders_bust_plain_special() -> None:
    bust = evaluate(parse_cards("10S 10H 6D"))
    plain = evaluate(parse_cards("10S 10H"))
    special = evaluate(parse_cards("JS QS KS JH QH"))
    assert bust.strength < plain.strength < special.strength
    assert special.total < plain.total  # a special beats a higher plain total


def test_obligation_version_one() -> None:
    stand = BankerStand.AT_LEAST_17
    assert obligation(15, must_draw_at_15=True, stand=stand) is Obligation.MUST_DRAW
    assert obligation(16, must_draw_at_15=True, stand=stand) is Obligation.FREE
    assert obligation(17, must_draw_at_15=True, stand=stand) is Obligation.MAY_NOT_DRAW
    assert obligation(19, must_draw_at_15=True, stand=stand) is Obligation.MAY_NOT_DRAW


def test_obligation_without_the_15_rule() -> None:
    stand = BankerStand.AT_LEAST_17
    assert obligation(15, must_draw_at_15=False, stand=stand) is Obligation.FREE


def test_obligation_exactly_17() -> None:
    stand = BankerStand.EXACTLY_17
    assert obligation(17, must_draw_at_15=True, stand=stand) is Obligation.MAY_NOT_DRAW
    assert obligation(18, must_draw_at_15=True, stand=stand) is Obligation.FREE
